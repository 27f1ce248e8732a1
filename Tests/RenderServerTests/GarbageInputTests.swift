import Foundation
import Logging
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// The short, deterministic run of the fuzz target (`rendersrv-fuzz`, Scripts/fuzz) that
/// the normal suite keeps: random and mutated frames through `FuzzHarness` — the stream
/// decoder, whole-frame decoding, and an embedded session (handshake, streamed and sliced
/// commits, the commit validator, the store, a frame, the timeouts). Any input that breaks
/// an invariant fails here with its bytes; the decoders alone are covered the same way by
/// RenderProtocolTests' RobustnessTests.
@Suite struct GarbageInputTests {
    /// Valid commits that touch every validator rule: structure, values, animations, limits.
    static let commits: [[UInt8]] = {
        let fade = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 0.5)
        var keyframes = KeyframeAnimation(keyPath: .position)
        keyframes.values = [.point(Point(x: 0, y: 0)), .point(Point(x: 10, y: 5)), .point(Point(x: 3, y: 9))]
        let moves = Animation(.keyframe(keyframes), timing: MediaTiming(duration: 1))
        let batches: [[Command]] = [
            [.createLayer(1, .layer), .createLayer(2, .shape), .createLayer(3, .text),
             .insertSublayer(parent: 1, child: 2, index: 0), .insertSublayer(parent: 2, child: 3, index: 0), .setRoot(1)],
            [.setProperty(1, .opacity, .number(0.5)), .setProperty(2, .bounds, .rect(Rect(x: 0, y: 0, width: 40, height: 30))),
             .setProperty(1, .backgroundColor, .color(Color(red: 1, green: 0, blue: 0, alpha: 1)))],
            [.addAnimation(1, key: "fade", animationID: 1, animation: fade),
             .addAnimation(2, key: "move", animationID: 2, animation: moves),
             .setTiming(2, LayerTiming(beginTime: 0, speed: 2, timeOffset: 0.25))],
            [.removeAnimation(1, key: "fade"), .removeFromSuperlayer(3), .destroyLayer(2), .removeAllAnimations(1)],
        ]
        return batches.enumerated().map { i, commands in
            WireCodec.encode(.commit(Commit(sequence: UInt64(i + 1), mediaTime: 1000, commands: commands)))
        }
    }()

    /// Frames of every message type the harness decodes: the commits, control requests and
    /// a server-to-client message (which the server refuses).
    static let frames: [[UInt8]] = commits + [
        WireCodec.encode(.ping(7)), WireCodec.encode(.statsRequest(requestID: 1)),
        WireCodec.encode(.clientsRequest(requestID: 2)), WireCodec.encode(.kickRequest(KickRequest(requestID: 3, sessionID: 1))),
        WireCodec.encode(.treeRequest(TreeRequest(requestID: 4, presentation: true))),
        WireCodec.encode(.commitApplied(CommitApplied(sequence: 1, frame: 1, mediaTime: 0))),
    ]

    static func run(_ harness: FuzzHarness, _ input: [UInt8]) -> FuzzHarness.Outcome? {
        do { return try harness.run(input) } catch {
            Issue.record("\(error) — input (\(input.count) bytes): \(input.map { String($0, radix: 16) }.joined(separator: " "))")
            return nil
        }
    }

    @Test func validSessionsApplyAndInvalidOnesEndCleanly() {
        let harness = FuzzHarness()
        let session = Self.commits.reduce([], +)
        let applied = Self.run(harness, session)
        #expect(applied?.layersApplied == 2, "the four commits leave layers 1 and 3")
        #expect(applied?.serverCloseReason == nil)
        // The first commit twice: a sequence out of order ends the session, nothing leaks.
        let repeated = Self.run(harness, Self.commits[0] + Self.commits[0])
        #expect(repeated?.serverCloseReason?.contains("sequenceOutOfOrder") == true, "\(String(describing: repeated))")
    }

    @Test func randomBytesAfterAValidHello() {
        let harness = FuzzHarness()
        var rng = SeededRandom(seed: 0x5EED_F022)
        for _ in 0..<3_000 {
            let n = Int.random(in: 0...96, using: &rng)
            // Every input runs a session (first byte ≡ 0 mod 16): the server's paths for bad frames.
            var bytes = [UInt8(16 * Int.random(in: 0...15, using: &rng))]
            bytes += (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
            _ = Self.run(harness, bytes)
        }
    }

    /// Valid frames with bytes overwritten, flipped, inserted or removed, in runs of one to
    /// four frames; half keep each frame's length consistent so the payload is parsed.
    @Test func mutatedFramesReachTheValidator() {
        let harness = FuzzHarness()
        var rng = SeededRandom(seed: 0xF022_0002)
        var applied = 0, refusedByValidator = 0, malformed = 0
        for _ in 0..<4_000 {
            var input: [UInt8] = []
            for _ in 0 ..< Int.random(in: 1...4, using: &rng) {
                var frame = Self.frames.randomElement(using: &rng)!
                for _ in 0 ..< Int.random(in: 0...3, using: &rng) {
                    let k = Int.random(in: 8 ..< frame.count, using: &rng)
                    switch Int.random(in: 0...3, using: &rng) {
                    case 0: frame[k] = UInt8.random(in: 0...255, using: &rng)
                    case 1: frame[k] ^= 1 << UInt8.random(in: 0...7, using: &rng)
                    case 2: frame.insert(UInt8.random(in: 0...255, using: &rng), at: k)
                    default: if frame.count > 9 { frame.remove(at: k) }
                    }
                }
                if Bool.random(using: &rng) {
                    withUnsafeBytes(of: UInt32(frame.count - 8).littleEndian) { for j in 0..<4 { frame[j] = $0[j] } }
                }
                input += frame
            }
            guard let o = Self.run(harness, input) else { continue }
            if o.layersApplied > 0 { applied += 1 }
            if let reason = o.serverCloseReason {
                if reason.hasPrefix("malformed") { malformed += 1 }
                if ["unknownLayer", "duplicateLayer", "invalidValue", "invalidCommand", "cycle", "limitExceeded",
                    "sequenceOutOfOrder"].contains(where: reason.hasPrefix) { refusedByValidator += 1 }
            }
        }
        // The run reaches both sides of the validator and the decoder's failures.
        #expect(applied > 50, "\(applied) inputs applied a commit")
        #expect(refusedByValidator > 100, "\(refusedByValidator) inputs were refused by the validator")
        #expect(malformed > 100, "\(malformed) inputs failed to decode")
    }

    /// Regression (found by rendersrv-fuzz): a streamed commit of 0 commands with bytes
    /// after its count was taken as complete, and the daemon's inbound budget it reserved
    /// was never returned — repeated, it would starve every client's large frames. Now it
    /// is malformed, and the budget comes back.
    @Test func anEmptyStreamedCommitWithTrailingBytesIsMalformedAndReturnsItsBudget() throws {
        let vector = VectorFile.invalid("commit-empty-trailing-bytes")
        let harness = FuzzHarness()
        let o = Self.run(harness, Self.commits[0] + vector + vector)
        #expect(o?.serverCloseReason?.hasPrefix("malformed") == true, "\(String(describing: o))")
        #expect(o?.serverCloseReason?.contains("300 trailing bytes") == true, "\(String(describing: o))")
    }

    /// An empty commit streamed (a tiny streaming threshold) is applied and acknowledged like
    /// any commit, and its budget comes back.
    @Test func anEmptyStreamedCommitIsAppliedAndReturnsItsBudget() throws {
        var configuration = Configuration(clock: .manual(start: 1000), logger: Logger(label: "garbage-test", factory: { _ in SwiftLogNoOpLogHandler() }))
        configuration.commitStreamBytes = 8
        let s = EmbeddedServer(configuration: configuration)
        let c = try IsolationTests.client(s)
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: [])), from: c)
        s.send(.commit(Commit(sequence: 2, mediaTime: 1000, commands: [.createLayer(1, .layer)])), from: c)
        let acks = try s.readMessages(of: c).compactMap { m -> UInt64? in
            if case let .commitApplied(a) = m { return a.sequence }
            return nil
        }
        #expect(acks == [1, 2])
        #expect(!s.isClosed(c) && s.layerCount(of: c) == 1)
        #expect(s.inboundReservedBytes == 0)
    }
}

/// Reading `Protocol/vectors/` from the server's tests.
enum VectorFile {
    /// The bytes of `Protocol/vectors/invalid/NAME.hex` (comments dropped).
    static func invalid(_ name: String) -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Protocol/vectors/invalid/\(name).hex")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var bytes: [UInt8] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            for token in line.split(separator: " ") { if let b = UInt8(token, radix: 16) { bytes.append(b) } }
        }
        return bytes
    }
}
