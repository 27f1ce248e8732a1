import Foundation
import RenderCore
@testable import RenderProtocol
import Testing

/// Shared-memory contents (value tag 12): the golden vector in `Protocol/vectors/shared/`,
/// decoded through a resolver that stands in for the descriptors and re-encoded through a
/// sharer, and the checks the decoder makes before it asks the resolver. Set
/// `RENDERSRV_WRITE_VECTORS=1` to (re)write the vector from the encoder.
@Suite struct SharedContentsVectorTests {
    static var directory: URL { VectorFiles.directory.appendingPathComponent("shared") }

    /// In-memory "files" by descriptor index, read the way the server reads memfds.
    final class FakeDescriptors: SharedBitmapResolver {
        let files: [[UInt8]]
        var asked: [SharedBitmapReference] = []
        init(_ files: [[UInt8]]) { self.files = files }
        func bitmap(for r: SharedBitmapReference) throws(SharedBitmapError) -> Bitmap {
            asked.append(r)
            guard Int(r.descriptor) < files.count else { throw SharedBitmapError(.invalidValue, "descriptor \(r.descriptor) is missing") }
            let f = files[Int(r.descriptor)], row = Int(r.width) * 4
            guard UInt64(f.count) >= r.offset + r.length else { throw SharedBitmapError(.invalidValue, "short file") }
            var px: [UInt8] = []
            for y in 0..<Int(r.height) { px += f[Int(r.offset) + y * Int(r.stride) ..< Int(r.offset) + y * Int(r.stride) + row] }
            do { return try Bitmap(width: Int(r.width), height: Int(r.height), pixels: px) } catch {
                throw SharedBitmapError(.malformed, "\(error)")
            }
        }
    }

    static let a = try! Bitmap(width: 2, height: 2, pixels: [0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 128, 128, 128, 128])
    static let b = try! Bitmap(width: 3, height: 1, pixels: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    static let message = Message.commit(Commit(sequence: 4, mediaTime: 0, commands: [
        .createLayer(1, .layer), .setProperty(1, LayerKeyPath(.contents), .contents(a)),
        .createLayer(2, .layer), .setProperty(2, LayerKeyPath(.contents), .contents(b)),
    ]))
    /// Descriptor 0 holds `a` packed; descriptor 1 holds `b` at offset 4096 in rows of 16 bytes.
    static let references = [SharedBitmapReference(descriptor: 0, packing: a),
                             SharedBitmapReference(descriptor: 1, width: 3, height: 1, stride: 16, offset: 4096)]
    static let files: [[UInt8]] = [a.pixels, [UInt8](repeating: 0, count: 4096) + b.pixels + [0, 0, 0, 0]]

    static func encode() -> [UInt8] {
        var next = references[...]
        return WireCodec.encode(message, sharingBitmaps: { _ in next.popFirst() })
    }

    init() throws {
        guard ProcessInfo.processInfo.environment["RENDERSRV_WRITE_VECTORS"] == "1" else { return }
        try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
        let bytes = Self.encode()
        guard case let .commit(c) = Self.message else { return }
        var refs = Self.references[...]
        let runs: [(String, [UInt8])] = c.commands.enumerated().map { i, command in
            var w = ByteWriter()
            w.shareBitmap = { _ in refs.popFirst() }
            w.write(command)
            return ("command \(i): \(command)", w.bytes)
        }
        let text = VectorFiles.format(comments: [
            "commit-set-shared-contents.hex — commit (0x0010), \(bytes.count) bytes: an 8-byte header, then the payload.",
            "commit 4: two layers whose contents are in shared memory (value tag 12), sent with two memfds:",
            "descriptor 0 holds a 2×2 bitmap packed (stride 8) at offset 0; descriptor 1 holds a 3×1 bitmap",
            "in rows of 16 bytes at offset 4096. Decodes to contents bitmaps once the descriptors are read.",
        ], bytes: bytes, commands: runs)
        try text.write(to: Self.directory.appendingPathComponent("commit-set-shared-contents.hex"), atomically: true, encoding: .utf8)
    }

    @Test func theVectorDecodesThroughItsDescriptorsAndReencodes() throws {
        let file = try VectorFiles.read(Self.directory.appendingPathComponent("commit-set-shared-contents.hex"))
        #expect(!file.comments.isEmpty)
        let resolver = FakeDescriptors(Self.files)
        let decoded = try WireCodec.decode(frame: file.bytes, sharedBitmaps: resolver)
        #expect(decoded == Self.message)
        #expect(resolver.asked == Self.references)
        #expect(Self.encode() == file.bytes)
        // The body of the second reference, byte by byte (PROTOCOL.md §7.4).
        let body: [UInt8] = [12, 1, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 16, 0, 0, 0, 1,
                             0, 0x10, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0]
        #expect((0...(file.bytes.count - body.count)).contains { Array(file.bytes[$0 ..< $0 + body.count]) == body })
    }

    @Test func theStreamDecoderPassesTheResolverOn() throws {
        let bytes = Self.encode()
        var decoder = FrameDecoder()
        decoder.append(contentsOf: bytes)
        let resolver = FakeDescriptors(Self.files)
        guard case let .message(m)? = try decoder.next(streamingCommitsLargerThan: .max, sharedBitmaps: resolver) else {
            Issue.record("no message"); return
        }
        #expect(m == Self.message)

        var streaming = FrameDecoder()
        streaming.append(contentsOf: bytes)
        guard case var .commit(stream)? = try streaming.next(streamingCommitsLargerThan: 0) else { Issue.record("not streamed"); return }
        var commands: [Command] = []
        while !stream.isComplete { try stream.next(upTo: 1, appendingTo: &commands, sharedBitmaps: resolver) }
        #expect(Message.commit(Commit(sequence: 4, mediaTime: 0, commands: commands)) == Self.message)
    }

    @Test func withoutDescriptorsTheValueIsRefused() throws {
        #expect {
            try WireCodec.decode(frame: Self.encode())
        } throws: { e in
            let e = e as! ProtocolError
            return e.code == .invalidValue && e.message.contains("need the descriptors sent with the frame")
        }
    }

    /// A sharer that declines writes the bitmap inline (tag 10), as `encode(_:)` does.
    @Test func aDecliningSharerWritesInline() {
        #expect(WireCodec.encode(Self.message, sharingBitmaps: { _ in nil }) == WireCodec.encode(Self.message))
    }

    /// Fields checked before the resolver is asked, and the error each gives.
    @Test(arguments: [
        (SharedBitmapReference(descriptor: 0, width: 0, height: 1, stride: 0), "malformed", "dimensions 0×1 are out of range"),
        (SharedBitmapReference(descriptor: 0, width: 40000, height: 1, stride: 160000), "malformed", "dimensions 40000×1"),
        (SharedBitmapReference(descriptor: 0, width: 4, height: 4, stride: 12), "malformed", "stride 12 is not a multiple of 4 of at least"),
        (SharedBitmapReference(descriptor: 0, width: 4, height: 4, stride: 18), "malformed", "stride 18 is not a multiple of 4"),
        (SharedBitmapReference(descriptor: 0, width: 4, height: 4, stride: 16, length: 60), "malformed", "length 60 is not stride × height = 64"),
        (SharedBitmapReference(descriptor: 0, width: 4, height: 4, stride: 16, offset: UInt64(Int64.max)), "malformed", "overflows"),
        (SharedBitmapReference(descriptor: 0, width: 64, height: 64, stride: 256), "limitExceeded", "exceeds the limit maxBitmapBytes = 4096"),
        (SharedBitmapReference(descriptor: 5, width: 4, height: 4, stride: 16), "invalidValue", "descriptor 5 is missing"),
    ])
    func fieldsAreChecked(_ r: SharedBitmapReference, _ code: String, _ says: String) throws {
        let m = Message.commit(Commit(sequence: 9, mediaTime: 0, commands: [.setProperty(1, LayerKeyPath(.contents), .contents(Self.b))]))
        let bytes = WireCodec.encode(m, sharingBitmaps: { _ in r })
        var decoder = FrameDecoder(limits: Limits(maxBitmapBytes: 4096))
        decoder.append(contentsOf: bytes)
        do {
            _ = try decoder.next(streamingCommitsLargerThan: .max, sharedBitmaps: FakeDescriptors([[UInt8](repeating: 0, count: 64)]))
            Issue.record("\(r) decoded")
        } catch {
            #expect("\(error.code)" == code, "\(error)")
            #expect(error.message.contains(says), "\(error.message)")
            #expect(error.message.contains("commit 9, command 0"), "\(error.message)")
            #expect(error.sequence == 9)
        }
    }

    @Test func anUnknownFormatIsMalformed() throws {
        var bytes = WireCodec.encode(Self.message, sharingBitmaps: { _ in Self.references[0] })
        let body: [UInt8] = [12, 0, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 8, 0, 0, 0, 1]
        let at = try #require((0...(bytes.count - body.count)).first { Array(bytes[$0 ..< $0 + body.count]) == body })
        bytes[at + body.count - 1] = 7
        #expect {
            try WireCodec.decode(frame: bytes, sharedBitmaps: FakeDescriptors(Self.files))
        } throws: { e in
            let e = e as! ProtocolError
            return e.code == .malformed && e.message.contains("shared bitmap format 7 is unknown")
        }
    }
}
