import Logging
import RenderCore
import RenderServer
import RenderProtocol

/// Everything that parses a client's bytes, driven by one untrusted input: the libFuzzer
/// target (`rendersrv-fuzz`) and the seeded garbage-input tests call `run` with each input.
///
///     input ─┬▶ FrameDecoder (frames, split where the input says) ─▶ each message:
///            │     encode → decode → encode must be a fixed point
///            ├▶ WireCodec.decode(frame:) of the whole input
///            └▶ an EmbeddedServer session after a valid hello: framing and limits from
///               headers, the handshake state machine, streamed and sliced commits, the
///               CommitValidator and the LayerStore, a frame, every timeout, the end
///
/// After each input the session is over and the daemon-wide state must be back where it
/// started: no open session, no inbound budget reserved. A broken invariant is returned
/// as a `Violation` (the fuzz target traps on it, so libFuzzer records the input).
///
/// The server is small on purpose (a commit is streamed above 256 bytes and sliced every 4
/// commands; 64 layers, depth 8), so short inputs reach the large-commit and limit paths.
/// It is kept between inputs (a new one per input would cost more than the input); each
/// input gets a new session, so one input's layers never meet another's.
///
/// Thread affinity: the creating thread.
public final class FuzzHarness {
    /// What one input did, for tests that check the interesting paths are reached.
    public struct Outcome: Equatable {
        /// Messages the stream decoder produced from the raw input, and how many were commits.
        public var messagesDecoded = 0
        public var commitsDecoded = 0
        /// Layers the session held after its bytes were taken (commits the validator let
        /// through and the store applied).
        public var layersApplied = 0
        /// Why the server ended the session before the harness disconnected it, if it did
        /// (a decoding, validation or limit error, or a timeout).
        public var serverCloseReason: String?
    }

    /// An invariant the input broke.
    public struct Violation: Error, CustomStringConvertible {
        public var description: String
    }

    private let server: EmbeddedServer
    private let hello: [UInt8]

    public init() {
        var configuration = Configuration(clock: .manual(start: 1000),
                                          limits: Limits(maxFrameBytes: 1 << 16, maxLayers: 64,
                                                         maxAnimationsPerLayer: 4, maxAnimations: 32, maxKeyframes: 64,
                                                         maxBitmapBytes: 4096, maxCommandsPerCommit: 256,
                                                         maxTreeDepth: 8, maxNameBytes: 32),
                                          logger: Logger(label: "rendersrv-fuzz", factory: { _ in SwiftLogNoOpLogHandler() }))
        configuration.commitStreamBytes = 256
        configuration.commitSliceCommands = 4
        server = EmbeddedServer(configuration: configuration)
        server.finishesLargeCommits = false
        hello = WireCodec.encode(.hello(Hello(clientName: "fuzz", pid: 1)))
    }

    /// Feeds `input` to the decoders and to a new session; checks the invariants.
    ///
    /// The session (about a millisecond with sanitizers, a hundred times the decoders) runs
    /// for every input from which the stream decoder takes a commit — only those reach the
    /// validator — and for one in 16 of the others (by its first byte): those take the
    /// handshake state machine, the control requests and the server's own paths for bad
    /// frames (the budget reserved for a partial frame, its timeout, the fatal error).
    /// Running every input without a commit would spend most of the time building stats
    /// reports (histogram percentiles), which the unit tests cover.
    public func run(_ input: [UInt8]) throws(Violation) -> Outcome {
        var outcome = Outcome()
        try decodeStream(input, outcome: &outcome)
        _ = try? WireCodec.decode(frame: input)
        guard outcome.commitsDecoded > 0 || input.first.map({ $0 % 16 == 0 }) ?? true else { return outcome }

        let id = server.connect(pid: 1, uid: 1000)
        server.write(hello, from: id)
        // Two reads, split where the input's first byte says: frames cut across reads.
        let split = input.isEmpty ? 0 : Int(input[0]) % (input.count + 1)
        server.write(Array(input[..<split]), from: id)
        server.write(Array(input[split...]), from: id)
        // Large commits a slice per turn, a frame in between (bounded: 256 commands at 4 a slice).
        var turns = 0
        while server.runLoopTurn() {
            turns += 1
            if turns % 8 == 0 { server.step(seconds: 1.0 / 60) }
            guard turns < 10_000 else { throw Violation(description: "a large commit never finished (\(turns) turns)") }
        }
        server.step(seconds: 1.0 / 60)
        outcome.layersApplied = server.layerCount(of: id)
        outcome.serverCloseReason = server.closeReason(of: id)
        // A partial frame left behind must time out; then the client leaves.
        server.advanceTime(seconds: 11)
        server.disconnect(id)
        _ = server.readBytes(of: id)
        server.forget(id)

        guard server.sessionCount == 0 else {
            throw Violation(description: "\(server.sessionCount) session(s) still open after the client left")
        }
        guard server.inboundReservedBytes == 0 else {
            throw Violation(description: "\(server.inboundReservedBytes) bytes of the daemon's inbound budget are "
                + "still reserved after the session ended")
        }
        return outcome
    }

    /// The stream decoder over the raw input; every message it yields must re-encode to
    /// bytes that decode and re-encode to themselves.
    private func decodeStream(_ input: [UInt8], outcome: inout Outcome) throws(Violation) {
        var decoder = FrameDecoder(maxFrameBytes: 1 << 16)
        decoder.append(contentsOf: input)
        while true {
            let message: Message?
            do { message = try decoder.next() } catch { return }
            guard let message else { return }
            outcome.messagesDecoded += 1
            if case .commit = message { outcome.commitsDecoded += 1 }
            let once = WireCodec.encode(message)
            let again: Message
            do { again = try WireCodec.decode(frame: once) } catch {
                throw Violation(description: "\(message.type) decoded from the input, re-encoded, does not decode: \(error)")
            }
            guard WireCodec.encode(again) == once else {
                throw Violation(description: "\(message.type): encode → decode → encode is not a fixed point")
            }
        }
    }
}
