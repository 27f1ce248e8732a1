import CSystem
import Foundation
import Glibc
import Logging
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// Shared-memory contents (value tag 12) on the embedded driver: bytes plus descriptors in,
/// as a socket read with SCM_RIGHTS would hand them over. Every descriptor passed is counted
/// in /proc/self/fd before and after: the server closes each exactly once, whether its
/// commit was applied or refused.
@Suite struct SharedContentsTests {
    /// Memfds named uniquely for one test, so that /proc/self/fd can count them while other
    /// tests run in parallel.
    struct Memfds {
        let name = "shm-test-\(UInt64.random(in: 0...UInt64.max))"
        static let seals = Int32(CSYS_SEAL_WRITE | CSYS_SEAL_SHRINK | CSYS_SEAL_GROW)

        /// A memfd holding `bytes`, sealed with `seals` (0: unsealed).
        func make(_ bytes: [UInt8], seals: Int32 = Memfds.seals) -> Int32 {
            let fd = csys_memfd(name, 1)
            precondition(fd >= 0, "memfd_create failed: \(-fd)")
            let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            precondition(n == bytes.count)
            if seals != 0 { precondition(csys_add_seals(fd, seals) == 0) }
            return fd
        }

        /// Descriptors of this process open on these memfds.
        var openCount: Int {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            return entries.filter { e in
                var buffer = [CChar](repeating: 0, count: 512)
                let n = readlink("/proc/self/fd/\(e)", &buffer, 511)
                return n > 0 && String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self).contains(name)
            }.count
        }
    }

    static func server(_ limits: Limits = .default, commitStreamBytes: Int? = nil) -> EmbeddedServer {
        var log = Logger(label: "shared-contents-test")
        log.logLevel = .critical
        var configuration = Configuration(clock: .manual(start: 1000), limits: limits, logger: log)
        if let commitStreamBytes { configuration.commitStreamBytes = commitStreamBytes }
        return EmbeddedServer(configuration: configuration)
    }

    /// A bitmap whose every pixel differs (premultiplied: alpha 255).
    static func bitmap(_ w: Int, _ h: Int, seed: UInt8 = 0) -> Bitmap {
        var px = [UInt8]()
        px.reserveCapacity(w * h * 4)
        for y in 0..<h { for x in 0..<w { px += [UInt8(truncatingIfNeeded: x &+ Int(seed)), UInt8(truncatingIfNeeded: y), UInt8(truncatingIfNeeded: x ^ y), 255] } }
        return try! Bitmap(width: w, height: h, pixels: px)
    }

    /// The encoded commit with each bitmap written as the next of `references`.
    static func frame(_ commit: Commit, _ references: [SharedBitmapReference]) -> [UInt8] {
        var next = references[...]
        return WireCodec.encode(.commit(commit), sharingBitmaps: { _ in next.popFirst() })
    }

    static func session(_ s: EmbeddedServer, _ id: UInt32) -> ClientSession? { s.core.sessions.first { $0.id == id } }

    static func contents(_ s: EmbeddedServer, _ id: UInt32, layer: LayerID) -> Bitmap? {
        session(s, id)?.store.presentation(of: layer)?.contents
    }

    static func applied(_ messages: [Message], _ sequence: UInt64) -> Bool {
        messages.contains { if case let .commitApplied(a) = $0 { return a.sequence == sequence }; return false }
    }

    // MARK: Taken

    @Test func aPackedBitmapBecomesTheLayersContents() throws {
        let fds = Memfds()
        let s = Self.server()
        let c = try IsolationTests.client(s)
        let b = Self.bitmap(64, 32)
        let commit = Commit(sequence: 1, mediaTime: 0, commands: [.createLayer(1, .layer), .setRoot(1),
                                                                  .setProperty(1, LayerKeyPath(.contents), .contents(b))])
        s.write(Self.frame(commit, [SharedBitmapReference(descriptor: 0, packing: b)]), descriptors: [fds.make(b.pixels)], from: c)
        #expect(Self.applied(try s.readMessages(of: c), 1))
        s.step(seconds: 1.0 / 60)
        #expect(Self.contents(s, c, layer: 1) == b)
        #expect(fds.openCount == 0, "the server closed the descriptor once the commit took it")
        #expect(s.heldDescriptorCount(of: c) == 0)
    }

    @Test func paddedRowsAtAnOffsetArePacked() throws {
        let fds = Memfds()
        let s = Self.server()
        let c = try IsolationTests.client(s)
        let b = Self.bitmap(30, 20), stride = 30 * 4 + 24, offset = 4096
        var file = [UInt8](repeating: 0xEE, count: offset + stride * 20)
        for y in 0..<20 { file.replaceSubrange(offset + y * stride ..< offset + y * stride + 120, with: b.pixels[y * 120 ..< y * 120 + 120]) }
        let r = SharedBitmapReference(descriptor: 0, width: 30, height: 20, stride: UInt32(stride), offset: UInt64(offset))
        let commit = Commit(sequence: 1, mediaTime: 0, commands: [.createLayer(1, .layer), .setProperty(1, LayerKeyPath(.contents), .contents(b))])
        s.write(Self.frame(commit, [r]), descriptors: [fds.make(file)], from: c)
        #expect(Self.applied(try s.readMessages(of: c), 1))
        s.step(seconds: 1.0 / 60)
        #expect(Self.contents(s, c, layer: 1) == b)
        #expect(fds.openCount == 0)
    }

    /// Two commits in one read, each with its own descriptors (the second commit's named
    /// in the other order): each takes its own, in arrival order.
    @Test func consecutiveCommitsTakeTheirOwnDescriptors() throws {
        let fds = Memfds()
        let s = Self.server()
        let c = try IsolationTests.client(s)
        let a = Self.bitmap(8, 8, seed: 1), b = Self.bitmap(9, 7, seed: 2), d = Self.bitmap(5, 5, seed: 3)
        let first = Self.frame(Commit(sequence: 1, mediaTime: 0, commands: [
            .createLayer(1, .layer), .setProperty(1, LayerKeyPath(.contents), .contents(a))]), [SharedBitmapReference(descriptor: 0, packing: a)])
        let second = Self.frame(Commit(sequence: 2, mediaTime: 0, commands: [
            .createLayer(2, .layer), .setProperty(2, LayerKeyPath(.contents), .contents(b)),
            .createLayer(3, .layer), .setProperty(3, LayerKeyPath(.contents), .contents(d))]),
            [SharedBitmapReference(descriptor: 1, packing: b), SharedBitmapReference(descriptor: 0, packing: d)])
        s.write(first + second, descriptors: [fds.make(a.pixels), fds.make(d.pixels), fds.make(b.pixels)], from: c)
        let m = try s.readMessages(of: c)
        #expect(Self.applied(m, 2), "\(m)")
        s.step(seconds: 1.0 / 60)
        #expect(Self.contents(s, c, layer: 1) == a)
        #expect(Self.contents(s, c, layer: 2) == b)
        #expect(Self.contents(s, c, layer: 3) == d)
        #expect(fds.openCount == 0)
    }

    /// A commit large enough to be taken a slice per loop turn resolves its shared bitmaps
    /// as its commands are decoded, and its descriptors are closed at its end.
    @Test func aStreamedCommitTakesItsDescriptors() throws {
        let fds = Memfds()
        let s = Self.server(commitStreamBytes: 512)
        let c = try IsolationTests.client(s)
        let b = Self.bitmap(16, 16)
        var commands: [Command] = (1...300).map { .createLayer(LayerID($0), .layer) }
        commands.append(.setProperty(300, LayerKeyPath(.contents), .contents(b)))
        s.write(Self.frame(Commit(sequence: 1, mediaTime: 0, commands: commands), [SharedBitmapReference(descriptor: 0, packing: b)]),
                descriptors: [fds.make(b.pixels)], from: c)
        #expect(Self.applied(try s.readMessages(of: c), 1))
        s.step(seconds: 1.0 / 60)
        #expect(Self.contents(s, c, layer: 300) == b)
        #expect(fds.openCount == 0)
    }

    /// A frame split over two reads, its descriptors with the first: taken when it is whole.
    @Test func descriptorsWaitForTheRestOfTheirFrame() throws {
        let fds = Memfds()
        let s = Self.server()
        let c = try IsolationTests.client(s)
        let b = Self.bitmap(10, 10)
        let bytes = Self.frame(Commit(sequence: 1, mediaTime: 0, commands: [.createLayer(1, .layer),
                                                                            .setProperty(1, LayerKeyPath(.contents), .contents(b))]),
                               [SharedBitmapReference(descriptor: 0, packing: b)])
        s.write(Array(bytes[..<20]), descriptors: [fds.make(b.pixels)], from: c)
        #expect(s.heldDescriptorCount(of: c) == 1)
        #expect(fds.openCount == 1)
        s.write(Array(bytes[20...]), from: c)
        #expect(Self.applied(try s.readMessages(of: c), 1))
        #expect(fds.openCount == 0)
    }

    // MARK: Refused

    /// What a client sends, and what the server must answer.
    struct Refusal: CustomStringConvertible, Sendable {
        var description: String
        var limits: Limits = .default
        var code: ErrorCode
        var says: String
        /// Builds the bytes and descriptors to send.
        var make: @Sendable (Memfds) -> ([UInt8], [Int32])
    }

    static func setContents(_ b: Bitmap, _ refs: [SharedBitmapReference], sequence: UInt64 = 1) -> [UInt8] {
        frame(Commit(sequence: sequence, mediaTime: 0, commands: [.createLayer(1, .layer), .setProperty(1, LayerKeyPath(.contents), .contents(b))]), refs)
    }

    static let refusals: [Refusal] = [
        Refusal(description: "an unsealed memfd", code: .invalidValue, says: "not sealed against writing and shrinking") { f in
            let b = bitmap(8, 8)
            return (setContents(b, [SharedBitmapReference(descriptor: 0, packing: b)]), [f.make(b.pixels, seals: 0)])
        },
        Refusal(description: "a memfd sealed against shrinking only", code: .invalidValue, says: "seals 0x2") { f in
            let b = bitmap(8, 8)
            return (setContents(b, [SharedBitmapReference(descriptor: 0, packing: b)]), [f.make(b.pixels, seals: Int32(CSYS_SEAL_SHRINK))])
        },
        Refusal(description: "a pipe instead of a memfd", code: .invalidValue, says: "is not a memfd (it is a pipe)") { f in
            let b = bitmap(8, 8)
            var p: [Int32] = [0, 0]
            _ = pipe(&p)
            close(p[1])
            return (setContents(b, [SharedBitmapReference(descriptor: 0, packing: b)]), [p[0], f.make([1])])
        },
        Refusal(description: "a short file", code: .invalidValue, says: "holds 100 bytes, fewer than offset 0 + length 256") { f in
            let b = bitmap(8, 8)
            return (setContents(b, [SharedBitmapReference(descriptor: 0, packing: b)]), [f.make([UInt8](repeating: 7, count: 100))])
        },
        Refusal(description: "a length past the end at an offset", code: .invalidValue, says: "fewer than offset 64 + length 256") { f in
            let b = bitmap(8, 8)
            return (setContents(b, [SharedBitmapReference(descriptor: 0, width: 8, height: 8, stride: 32, offset: 64)]),
                    [f.make(b.pixels)])
        },
        Refusal(description: "a missing descriptor", code: .invalidValue, says: "descriptor 1 is missing: 1 descriptor came") { f in
            let b = bitmap(8, 8)
            return (setContents(b, [SharedBitmapReference(descriptor: 1, packing: b)]), [f.make(b.pixels)])
        },
        Refusal(description: "no descriptor at all", code: .invalidValue, says: "descriptor 0 is missing: 0 descriptors came") { _ in
            let b = bitmap(8, 8)
            return (setContents(b, [SharedBitmapReference(descriptor: 0, packing: b)]), [])
        },
        Refusal(description: "a bitmap over maxBitmapBytes", limits: Limits(maxBitmapBytes: 1024), code: .limitExceeded,
                says: "exceeds the limit maxBitmapBytes = 1024") { f in
            let b = bitmap(32, 32)
            return (setContents(b, [SharedBitmapReference(descriptor: 0, packing: b)]), [f.make(b.pixels)])
        },
        Refusal(description: "a descriptor index over maxDescriptorsPerCommit", limits: Limits(maxDescriptorsPerCommit: 2),
                code: .limitExceeded, says: "descriptors named by one commit 3 exceeds the limit maxDescriptorsPerCommit = 2") { f in
            let b = bitmap(4, 4)
            return (setContents(b, [SharedBitmapReference(descriptor: 2, packing: b)]), [f.make(b.pixels), f.make(b.pixels), f.make(b.pixels)])
        },
        Refusal(description: "more shared bytes than maxSharedBytesPerCommit", limits: Limits(maxSharedBytesPerCommit: 4000),
                code: .limitExceeded, says: "shared-memory bytes taken by one commit 4096 exceeds the limit maxSharedBytesPerCommit = 4000") { f in
            let b = bitmap(32, 32)
            return (setContents(b, [SharedBitmapReference(descriptor: 0, packing: b)]), [f.make(b.pixels)])
        },
        Refusal(description: "descriptors sent with a ping", code: .invalidValue, says: "1 descriptor arrived that no commit names") { f in
            (WireCodec.encode(.ping(1)), [f.make([1, 2, 3])])
        },
        Refusal(description: "more descriptors than two commits may bring", limits: Limits(maxDescriptorsPerCommit: 2),
                code: .limitExceeded, says: "5 descriptors are waiting for the commits that name them, over the 4") { f in
            (Array(WireCodec.encode(.ping(1)).prefix(3)), (0..<5).map { _ in f.make([1]) })
        },
        Refusal(description: "a bad format byte", code: .malformed, says: "shared bitmap format 2 is unknown") { f in
            let b = bitmap(4, 4)
            var bytes = setContents(b, [SharedBitmapReference(descriptor: 0, packing: b)])
            // Tag 12, descriptor 0, width 4, height 4, stride 16, then the format byte.
            let body: [UInt8] = [12, 0, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 16, 0, 0, 0, 1]
            let at = (0...(bytes.count - body.count)).first { Array(bytes[$0 ..< $0 + body.count]) == body }!
            bytes[at + body.count - 1] = 2
            return (bytes, [f.make(b.pixels)])
        },
        Refusal(description: "a stride shorter than a row", code: .malformed, says: "stride 12 is not a multiple of 4 of at least width × 4 = 16") { f in
            let b = bitmap(4, 4)
            return (setContents(b, [SharedBitmapReference(descriptor: 0, width: 4, height: 4, stride: 12)]), [f.make(b.pixels)])
        },
    ]

    /// Each bad descriptor or reference is a fatal error for that client alone, saying what
    /// and what to do; every descriptor it passed is closed; another client goes on.
    @Test(arguments: 0..<refusals.count)
    func refusedWithAClearError(_ i: Int) throws {
        let r = Self.refusals[i]
        let fds = Memfds()
        let s = Self.server(r.limits)
        let other = try IsolationTests.client(s, name: "other")
        let c = try IsolationTests.client(s, name: "sender")
        let before = fds.openCount
        #expect(before == 0)
        let (bytes, descriptors) = r.make(fds)
        s.write(bytes, descriptors: descriptors, from: c)
        let e = try #require(try IsolationTests.fatalError(s, c), "\(r)")
        #expect(e.code == r.code, "\(r): \(e.message)")
        #expect(e.message.contains(r.says), "\(r): \(e.message)")
        #expect(e.message.contains("client \"sender\""), "\(r): \(e.message)")
        #expect(Self.session(s, c) == nil)
        #expect(fds.openCount == 0, "\(r): every descriptor passed is closed")
        try IsolationTests.expectServed(s, other, sequence: 1)
    }

    /// Descriptors sent to a connection that has ended are closed at once.
    @Test func descriptorsForAnEndedSessionAreClosed() throws {
        let fds = Memfds()
        let s = Self.server()
        let c = try IsolationTests.client(s)
        s.disconnect(c)
        s.write([0], descriptors: [fds.make([1]), fds.make([2])], from: c)
        #expect(fds.openCount == 0)
    }

    /// A refused commit's descriptors, and those queued behind it for the next commit, are
    /// all closed when the session fails.
    @Test func aRefusedCommitClosesEveryQueuedDescriptor() throws {
        let fds = Memfds()
        let s = Self.server()
        let c = try IsolationTests.client(s)
        let b = Self.bitmap(4, 4)
        // Layer 9 does not exist: the commit is refused by validation after decoding.
        let bad = Self.frame(Commit(sequence: 1, mediaTime: 0, commands: [.setProperty(9, LayerKeyPath(.contents), .contents(b))]),
                             [SharedBitmapReference(descriptor: 0, packing: b)])
        let next = Self.setContents(b, [SharedBitmapReference(descriptor: 0, packing: b)], sequence: 2)
        s.write(bad + next.prefix(10), descriptors: [fds.make(b.pixels), fds.make(b.pixels)], from: c)
        let e = try #require(try IsolationTests.fatalError(s, c))
        #expect(e.code == .unknownLayer)
        #expect(fds.openCount == 0)
    }
}
