import Foundation
import Logging
import RenderCore
import RenderProtocol
import Synchronization
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// The loop thread belongs to the frame: each way one client could make it do work of a
/// size the client chooses is refused by a limit, and every other client goes on. All on
/// the embedded driver: bytes in, bytes out, a manual clock.
@Suite struct IsolationTests {
    static func server(_ limits: Limits = .default, logger: Logger? = nil) -> EmbeddedServer {
        var log = logger ?? Logger(label: "isolation-test")
        if logger == nil { log.logLevel = .critical }
        return EmbeddedServer(configuration: Configuration(clock: .manual(start: 1000), limits: limits, logger: log))
    }

    /// A connected, established client.
    static func client(_ s: EmbeddedServer, name: String = "c",
                       maxVersion: UInt16 = ProtocolVersion.current) throws -> UInt32 {
        let id = s.connect(pid: 100)
        s.send(.hello(Hello(maxVersion: maxVersion, clientName: name, pid: 100)), from: id)
        let m = try s.readMessages(of: id)
        guard case .welcome? = m.first else { Issue.record("no welcome: \(m)"); return id }
        return id
    }

    /// The fatal error the session ended with.
    static func fatalError(_ s: EmbeddedServer, _ id: UInt32) throws -> ErrorMessage? {
        let messages = try s.readMessages(of: id)
        #expect(s.isClosed(id))
        guard case let .error(e)? = messages.last else { Issue.record("no error in \(messages)"); return nil }
        #expect(e.fatal)
        return e
    }

    /// Another client still round-trips a ping and a commit.
    static func expectServed(_ s: EmbeddedServer, _ id: UInt32, sequence: UInt64) throws {
        s.send(.ping(9), from: id)
        s.send(.commit(Commit(sequence: sequence, mediaTime: 0, commands: [])), from: id)
        let m = try s.readMessages(of: id)
        #expect(m.first == .pong(9))
        #expect(m.contains { if case let .commitApplied(a) = $0 { return a.sequence == sequence }; return false })
        #expect(!s.isClosed(id))
    }

    @Test func welcomeAnnouncesEveryLimit() throws {
        var limits = Limits.default
        limits.maxTreeDepth = 17
        limits.maxNameBytes = 33
        let s = Self.server(limits)
        let id = s.connect()
        s.send(.hello(Hello(clientName: "x", pid: 1)), from: id)
        guard case let .welcome(w)? = try s.readMessages(of: id).first else { Issue.record("no welcome"); return }
        #expect(w.limits == limits)
        #expect(w.version == ProtocolVersion.current)
    }

    @Test func aMillionCommandsAreRefusedFromTheCountBeforeDecoding() throws {
        let s = Self.server()
        let good = try Self.client(s, name: "good")
        let bad = try Self.client(s, name: "bad")
        // A commit header announcing 1,000,000 commands, followed by 5 MB of minimal
        // commands (destroyLayer 1): refused at the count, before one is decoded.
        var payload: [UInt8] = []
        payload += withUnsafeBytes(of: UInt64(1).littleEndian, Array.init)
        payload += withUnsafeBytes(of: Double(0).bitPattern.littleEndian, Array.init)
        payload += withUnsafeBytes(of: UInt32(1_000_000).littleEndian, Array.init)
        for _ in 0..<1_000_000 { payload += [2, 1, 0, 0, 0] }
        var frame = withUnsafeBytes(of: UInt32(payload.count).littleEndian, Array.init)
        frame += [0x10, 0x00, 0, 0]
        s.write(frame + payload, from: bad)
        let e = try #require(try Self.fatalError(s, bad))
        #expect(e.code == .limitExceeded)
        #expect(e.sequence == 1)
        #expect(e.message.contains("command count 1000000 exceeds the limit maxCommandsPerCommit = 200000"), "\(e.message)")
        #expect(e.message.contains("client \"bad\""))
        try Self.expectServed(s, good, sequence: 1)
    }

    @Test func overLimitNamesAreRefusedAndNeverLoggedRaw() throws {
        let recorder = LogRecorder()
        let s = Self.server(logger: Logger(label: "t") { _ in recorder })
        // A forged log line in the name, within the name limit: escaped in every log line.
        let forger = s.connect()
        s.send(.hello(Hello(clientName: "x\n[critical] rendersrvd: forged\u{0}\u{1B}[2J", pid: 7)), from: forger)
        #expect(!s.isClosed(forger))
        s.disconnect(forger)
        for line in recorder.lines { #expect(!line.contains("\n"), "\(line)") }
        #expect(recorder.lines.contains { $0.contains(#"x\n[critical] rendersrvd: forged\u{0}\u{1b}[2J"#) })
        // 1 MiB of name: refused from its length, before it is read.
        let big = s.connect()
        s.send(.hello(Hello(clientName: String(repeating: "n", count: 1 << 20), pid: 8)), from: big)
        let e = try #require(try Self.fatalError(s, big))
        #expect(e.code == .limitExceeded)
        #expect(e.message.contains("clientName 1048576 exceeds the limit maxNameBytes = 256"), "\(e.message)")
        #expect(recorder.lines.allSatisfy { $0.utf8.count < 2_000 })
    }

    @Test func aClientThatNeverSaysHelloIsClosedAtTheHandshakeTimeout() throws {
        let s = Self.server()
        let good = try Self.client(s, name: "good")
        let silent = s.connect()
        s.advanceTime(seconds: 4.9)
        #expect(!s.isClosed(silent))
        s.advanceTime(seconds: 0.2)
        let e = try #require(try Self.fatalError(s, silent))
        #expect(e.code == .handshakeRequired)
        #expect(e.message.contains("handshakeTimeoutMilliseconds"))
        // An established client that sends nothing is not timed out.
        s.advanceTime(seconds: 60)
        try Self.expectServed(s, good, sequence: 1)
    }

    @Test func aFrameThatStopsArrivingIsClosedAtTheFrameTimeout() throws {
        let s = Self.server()
        let c = try Self.client(s)
        let frame = WireCodec.encode(.ping(1))
        s.write(Array(frame.prefix(10)), from: c)
        s.advanceTime(seconds: 9.9)
        #expect(!s.isClosed(c))
        s.advanceTime(seconds: 0.2)
        let e = try #require(try Self.fatalError(s, c))
        #expect(e.message.contains("frameTimeoutMilliseconds"))
    }

    @Test func partialFramesShareOneDaemonBudget() throws {
        var limits = Limits.default
        limits.maxFrameBytes = 1 << 20
        limits.maxDaemonPendingBytes = 3 << 20
        let s = Self.server(limits)
        let good = try Self.client(s, name: "good")
        // Each client announces a 1 MiB frame and sends its header only: the budget is
        // reserved from the header, before any body byte is held.
        var holders: [UInt32] = []
        for i in 0..<4 {
            let id = try Self.client(s, name: "holder\(i)")
            var header = withUnsafeBytes(of: UInt32((1 << 20) - 8).littleEndian, Array.init)
            header += [0x40, 0x00, 0, 0]
            s.write(header, from: id)
            holders.append(id)
        }
        #expect(s.inboundReservedBytes == 3 << 20)
        for id in holders.prefix(3) { #expect(!s.isClosed(id)) }
        let e = try #require(try Self.fatalError(s, holders[3]))
        #expect(e.code == .limitExceeded)
        #expect(e.message.contains("maxDaemonPendingBytes = 3145728"), "\(e.message)")
        // Leaving returns the reservation.
        s.disconnect(holders[0])
        #expect(s.inboundReservedBytes == 2 << 20)
        try Self.expectServed(s, good, sequence: 1)
    }

    /// For a session of version 4 (an event a message) and of version 5 (a frame's events in
    /// runs, 12 bytes an animation).
    @Test(arguments: [4, ProtocolVersion.current])
    func aPromptReaderIsNeverDroppedHoweverManyEventsAFrameMakes(version: UInt16) throws {
        var limits = Limits.default
        limits.maxSessionPendingBytes = 64 << 10
        let s = Self.server(limits)
        let c = try Self.client(s, maxVersion: version)
        // 40,000 animations starting on one frame: about 1.1 MB of events (17× the cap), or
        // 480 KB in runs (7×).
        var commands: [Command] = []
        for i in 1...10_000 {
            let id = LayerID(i)
            commands.append(.createLayer(id, .layer))
            for k in 0..<4 {
                var a = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1)
                a.timing.beginTime = 1000
                commands.append(.addAnimation(id, key: "k\(k)", animationID: UInt64(i * 4 + k), animation: a))
            }
        }
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: commands)), from: c)
        _ = s.readBytes(of: c)
        s.step(seconds: 1.0 / 60)
        #expect(!s.isClosed(c))
        #expect(s.unreadBytes(of: c) > (version >= 5 ? 7 : 16) * Int(limits.maxSessionPendingBytes))
        let events = try s.readMessages(of: c)
        #expect(events.filter { if case .animationStarted = $0 { return true }; return false }.count == 40_000)
        // Written, the burst's megabyte is not kept: the buffer is back to its idle size.
        #expect(s.outboundCapacity(of: c) == MessageBuffer.idleCapacity)
        s.step(seconds: 1.0 / 60)
        #expect(!s.isClosed(c))
        // The 40,000 animationStopped of the frame that finishes them, likewise.
        var stopped = 0
        for _ in 0..<70 {
            s.step(seconds: 1.0 / 60)
            stopped += try s.readMessages(of: c).filter { if case .animationStopped = $0 { return true }; return false }.count
        }
        #expect(stopped == 40_000)
        #expect(s.outboundCapacity(of: c) == MessageBuffer.idleCapacity)
        #expect(!s.isClosed(c))
    }

    /// Issue 18's black-box case: a client floods itself with events (300 short animations
    /// started every frame, about 600 events a frame) and reads 4 KB a frame. Every frame is
    /// produced; its bytes wait in the transport, not in the session's buffer (which stays at
    /// its idle size: what a frame copies is that frame's events, not the backlog); it is
    /// dropped once they pass `maxSessionPendingBytes`, with the reason; another client is
    /// served every frame, before and after.
    @Test func aSlowReaderCostsTheFramesNothingAndIsDroppedAtTheCap() throws {
        var limits = Limits.default
        limits.maxSessionPendingBytes = 256 << 10
        let s = Self.server(limits)
        let slow = try Self.client(s, name: "slow")
        let other = try Self.client(s, name: "other")
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: (1...300).map { .createLayer(LayerID($0), .layer) })), from: slow)
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: [.createLayer(1, .layer)])), from: other)
        _ = s.readBytes(of: slow)
        _ = try s.readMessages(of: other)
        var next: UInt64 = 1, droppedAt: Int?
        let firstFrame = s.frameNumber
        for frame in 1...120 {
            let now = 1000 + Double(frame) / 60
            if !s.isClosed(slow) {
                var a = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 0.05)
                a.timing.beginTime = now
                let commands: [Command] = (1...300).map { i in
                    defer { next += 1 }
                    return .addAnimation(LayerID(i), key: "k\(next % 4)", animationID: next, animation: a)
                }
                s.send(.commit(Commit(sequence: UInt64(frame + 1), mediaTime: now, commands: commands)), from: slow)
            }
            var b = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 0.01)
            b.timing.beginTime = now
            s.send(.commit(Commit(sequence: UInt64(frame + 1), mediaTime: now,
                                  commands: [.addAnimation(1, key: "o", animationID: UInt64(frame), animation: b)])), from: other)
            s.step(seconds: 1.0 / 60)
            #expect(s.frameNumber == firstFrame + UInt64(frame), "frame \(frame) was not produced")
            #expect(s.outboundCapacity(of: slow) == MessageBuffer.idleCapacity || s.isClosed(slow))
            _ = s.readBytes(of: slow, atMost: 4096)
            if droppedAt == nil && s.isClosed(slow) { droppedAt = frame }
            let heard = try s.readMessages(of: other)
            #expect(heard.contains { if case let .commitApplied(c) = $0 { return c.sequence == UInt64(frame + 1) }; return false })
            #expect(heard.contains { if case let .animationStarted(e) = $0 { return e.animationID == UInt64(frame) }; return false },
                    "frame \(frame): the other client heard \(heard)")
        }
        let at = try #require(droppedAt, "the slow reader was never dropped")
        // About 600 events (~36 KB) a frame against 4 KB read: the cap is passed within a second.
        #expect(at > 3 && at < 60, "dropped at frame \(at)")
        #expect(s.closeReason(of: slow)?.contains("maxSessionPendingBytes = 262144") == true, "\(s.closeReason(of: slow) ?? "")")
        try Self.expectServed(s, other, sequence: 1000)
    }

    @Test func aClientThatStopsReadingIsDroppedAtTheByteCapOthersUnaffected() throws {
        var limits = Limits.default
        limits.maxSessionPendingBytes = 4096
        let s = Self.server(limits)
        let good = try Self.client(s, name: "good")
        let slow = try Self.client(s, name: "slow")
        for i in 0..<1_000 { s.send(.statsRequest(requestID: UInt32(i)), from: slow) }
        #expect(s.isClosed(slow))
        #expect(s.closeReason(of: slow)?.contains("maxSessionPendingBytes = 4096") == true)
        try Self.expectServed(s, good, sequence: 1)
    }

    @Test func idleFramesDoNoWork() throws {
        let s = Self.server()
        let c = try Self.client(s)
        s.step(seconds: 10.0 / 60)
        #expect(s.frameNumber == 10)
        #expect(s.idleFrames == 9) // the first frame after the connection had a change to show
        s.send(.commit(Commit(sequence: 1, mediaTime: 0, commands: [.createLayer(1, .layer)])), from: c)
        s.step(seconds: 2.0 / 60)
        #expect(s.idleFrames == 10)
    }
}

/// Collects formatted log lines (one string per log call, as a stream handler writes it).
/// Sendable as a `LogHandler` must be: whatever thread logs, its state is behind a mutex.
final class LogRecorder: LogHandler, Sendable {
    private struct State {
        var lines: [String] = []
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
    }
    private let state = Mutex(State())
    /// Every line logged so far, oldest first.
    var lines: [String] { state.withLock { $0.lines } }
    var metadata: Logger.Metadata {
        get { state.withLock { $0.metadata } }
        set { state.withLock { $0.metadata = newValue } }
    }
    var logLevel: Logger.Level {
        get { state.withLock { $0.logLevel } }
        set { state.withLock { $0.logLevel = newValue } }
    }
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { state.withLock { $0.metadata[key] } }
        set { state.withLock { $0.metadata[key] = newValue } }
    }
    func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String,
             file: String, function: String, line: UInt) {
        state.withLock { s in
            let all = s.metadata.merging(metadata ?? [:]) { $1 }
            let meta = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            s.lines.append("\(level) \(message) \(meta)")
        }
    }
}

extension IsolationTests {
    @Test func animationsOverAllLayersAreCapped() throws {
        var limits = Limits.default
        limits.maxAnimations = 10
        let s = Self.server(limits)
        let c = try Self.client(s)
        let a = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1)
        var commands: [Command] = (1...6).map { .createLayer(LayerID($0), .layer) }
        for i in 1...5 { commands += [.addAnimation(LayerID(i), key: "a", animationID: UInt64(i), animation: a),
                                      .addAnimation(LayerID(i), key: "b", animationID: UInt64(10 + i), animation: a)] }
        // Removing one and replacing another under its key keep the count at 9 + 1.
        commands += [.removeAnimation(1, key: "a"), .addAnimation(2, key: "a", animationID: 30, animation: a),
                     .addAnimation(6, key: "a", animationID: 31, animation: a)]
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: commands)), from: c)
        #expect(!s.isClosed(c))
        #expect(s.animationCount(of: c) == 10)
        s.send(.commit(Commit(sequence: 2, mediaTime: 1000, commands: [
            .addAnimation(6, key: "b", animationID: 32, animation: a)])), from: c)
        let e = try #require(try Self.fatalError(s, c))
        #expect(e.code == .limitExceeded)
        #expect(e.message.contains("over the limit maxAnimations = 10"), "\(e.message)")
    }
}

extension IsolationTests {
    @Test func treeDumpsAreBoundedAndSubtreesAnswerSamplers() throws {
        var configuration = Configuration(clock: .manual(start: 1000))
        configuration.logger.logLevel = .critical
        configuration.maxTreeReplyLayers = 50
        let s = EmbeddedServer(configuration: configuration)
        let big = try Self.client(s, name: "big")
        let asker = try Self.client(s, name: "asker")
        // 100 layers: a chain 1 → 2 → 3 and 97 leaves under 1.
        var commands: [Command] = (1...100).map { .createLayer(LayerID($0), .layer) }
        commands += [.insertSublayer(parent: 1, child: 2, index: 0), .insertSublayer(parent: 2, child: 3, index: 0)]
        commands += (4...100).map { .insertSublayer(parent: 1, child: LayerID($0), index: 0) }
        s.send(.commit(Commit(sequence: 1, mediaTime: 0, commands: commands)), from: big)
        _ = s.readBytes(of: big)
        // The whole tree is over the cap: a clear, non-fatal error before any JSON is built.
        s.send(.treeRequest(TreeRequest(requestID: 1, presentation: true)), from: asker)
        guard case let .error(e)? = try s.readMessages(of: asker).first else { Issue.record("no error"); return }
        #expect(!e.fatal)
        #expect(e.message.contains("100 layers, over this rendersrvd's limit of 50"), "\(e.message)")
        // A subtree of one session is within it.
        s.send(.treeRequest(TreeRequest(requestID: 2, presentation: true, sessionID: big, layer: 2)), from: asker)
        guard case let .treeReply(r)? = try s.readMessages(of: asker).first else { Issue.record("no reply"); return }
        #expect(r.json.contains("\"id\":2") && r.json.contains("\"id\":3") && !r.json.contains("\"id\":4,"))
        #expect(!s.isClosed(asker))
    }
}

extension IsolationTests {
    @Test func aChainOf20000NestedLayersIsRefusedAtTheDepthLimit() throws {
        let s = Self.server()
        let good = try Self.client(s, name: "good")
        let bad = try Self.client(s, name: "deep")
        var commands: [Command] = (1...20_000).map { .createLayer(LayerID($0), .layer) }
        commands += (1..<20_000).map { .insertSublayer(parent: LayerID($0), child: LayerID($0 + 1), index: 0) }
        s.send(.commit(Commit(sequence: 1, mediaTime: 0, commands: commands)), from: bad)
        let e = try #require(try Self.fatalError(s, bad))
        #expect(e.code == .limitExceeded)
        #expect(e.message.contains("maxTreeDepth = 256"), "\(e.message)")
        // Applied not at all.
        #expect(s.layerCount(of: bad) == 0)
        try Self.expectServed(s, good, sequence: 1)
    }
}

extension IsolationTests {
    @Test func aLegalCommitOf25000LayersAppliesWholeAndLeavesNothingBehind() throws {
        let s = Self.server()
        let good = try Self.client(s, name: "good")
        let big = try Self.client(s, name: "big")
        var commands: [Command] = [.createLayer(1, .layer), .setRoot(1)]
        for i in 2...25_001 {
            let id = LayerID(i)
            commands += [.createLayer(id, .layer), .insertSublayer(parent: 1, child: id, index: UInt32.max),
                         .setProperty(id, .position, .point(Point(x: Double(i % 1280), y: Double(i % 720))))]
        }
        s.send(.commit(Commit(sequence: 1, mediaTime: 0, commands: commands)), from: big)
        // Acknowledged at once, all of it in the tree before any frame.
        #expect(try s.readMessages(of: big) == [.commitApplied(CommitApplied(sequence: 1, frame: 1, mediaTime: 1000))])
        #expect(s.layerCount(of: big) == 25_001)
        try Self.expectServed(s, good, sequence: 1)
        // Leaving drops every layer; the other client goes on.
        s.disconnect(big)
        #expect(s.layerCount(of: big) == 0)
        #expect(s.sessionCount == 1)
        s.step(seconds: 1.0 / 60)
        try Self.expectServed(s, good, sequence: 2)
    }
}

/// Records what each frame presented, per session.
final class RecordingOutput: FrameOutput {
    var frozen: [[UInt32: Bool]] = []
    func present(_ frame: FrameSnapshot) {
        frozen.append(Dictionary(frame.trees.map { ($0.sessionID, $0.isFrozen) }, uniquingKeysWith: { a, _ in a }))
    }
}

extension IsolationTests {
    static func slicedServer(output: FrameOutput = HeadlessOutput()) -> EmbeddedServer {
        var configuration = Configuration(clock: .manual(start: 1000))
        configuration.logger.logLevel = .critical
        configuration.commitSliceCommands = 1_000
        let s = EmbeddedServer(configuration: configuration, output: output)
        s.finishesLargeCommits = false
        return s
    }

    static func layers(_ count: Int) -> [Command] {
        var commands: [Command] = [.createLayer(1, .layer), .setRoot(1)]
        for i in 2...count {
            commands += [.createLayer(LayerID(i), .layer), .insertSublayer(parent: 1, child: LayerID(i), index: UInt32.max)]
        }
        return commands
    }

    @Test func aLargeCommitIsTakenASliceAtATimeWithFramesAndOtherClientsBetween() throws {
        let output = RecordingOutput()
        let s = Self.slicedServer(output: output)
        let other = try Self.client(s, name: "other")
        let big = try Self.client(s, name: "big")
        let commands = Self.layers(2_500) // 5,000 commands: 5 slices to validate, 5 to apply
        s.send(.commit(Commit(sequence: 1, mediaTime: 0, commands: commands)), from: big)
        s.send(.ping(42), from: big) // waits behind the commit
        #expect(try s.readMessages(of: big).isEmpty)
        var turns = 0
        var frozenFrames = 0
        while s.runLoopTurn() {
            turns += 1
            // Between slices the other client is served and frames go on.
            try Self.expectServed(s, other, sequence: UInt64(turns))
            s.step(seconds: 1.0 / 60)
            if output.frozen.last?[big] == true { frozenFrames += 1 }
            if s.isApplyingLargeCommit(big) { #expect(s.layerCount(of: big) < 2_500) }
        }
        #expect(turns == 10)
        // From the end of validation to the last apply slice, frames were told not to show
        // the client's tree (it is half applied).
        #expect(frozenFrames == 5)
        #expect(output.frozen.last?[big] == false)
        let m = try s.readMessages(of: big)
        #expect(m == [.commitApplied(CommitApplied(sequence: 1, frame: s.frameNumber, mediaTime: m.first.flatMap {
            if case let .commitApplied(a) = $0 { return a.mediaTime }; return nil } ?? 0)), .pong(42)])
        #expect(s.layerCount(of: big) == 2_500)
    }

    /// Releasing a large commit's decoded commands is the release queue's work, not the
    /// loop's (200,000 of them took 9–10 ms).
    @Test func aLargeCommitsCommandsAreFreedOffTheLoop() throws {
        let s = Self.slicedServer()
        var handedOff: [Any] = []
        s.core.releaser = { box in if let held = box.held { handedOff.append(held) } }
        let big = try Self.client(s, name: "big")
        let commands = Self.layers(2_500)
        s.send(.commit(Commit(sequence: 1, mediaTime: 0, commands: commands)), from: big)
        while s.runLoopTurn() {}
        #expect(s.layerCount(of: big) == 2_500)
        let released = handedOff.compactMap { $0 as? [Command] }
        #expect(released.map(\.count) == [commands.count])
    }

    @Test func aLargeCommitWithABadCommandLateInItIsAppliedNotAtAll() throws {
        let s = Self.slicedServer()
        let big = try Self.client(s, name: "big")
        var commands = Self.layers(2_500)
        commands.append(.setProperty(9_999, .opacity, .number(1))) // no such layer, at the very end
        s.send(.commit(Commit(sequence: 1, mediaTime: 0, commands: commands)), from: big)
        while s.runLoopTurn() {}
        let e = try #require(try Self.fatalError(s, big))
        #expect(e.code == .unknownLayer)
        #expect(e.message.contains("command 5000 of commit 1"), "\(e.message)")
        #expect(s.layerCount(of: big) == 0)
    }
}

extension IsolationTests {
    @Test func aLargeCommitFrameIsDecodedASliceAtATimeToo() throws {
        let s = Self.slicedServer()
        let other = try Self.client(s, name: "other")
        let big = try Self.client(s, name: "big")
        let commands = Self.layers(5_000) // 10,000 commands, a frame of about 150 KB
        let frame = WireCodec.encode(.commit(Commit(sequence: 1, mediaTime: 0, commands: commands)))
        #expect(frame.count > 64 << 10)
        s.write(frame, from: big)
        // Nothing of it is decoded, validated or applied yet; the other client is served.
        #expect(s.layerCount(of: big) == 0)
        try Self.expectServed(s, other, sequence: 1)
        var turns = 0
        while s.runLoopTurn() { turns += 1 }
        #expect(turns == 20) // 10 decode-and-validate slices of 1,000 commands, then 10 apply slices
        #expect(s.layerCount(of: big) == 5_000)
        guard case .commitApplied? = try s.readMessages(of: big).first else { Issue.record("no commitApplied"); return }
    }
}

extension IsolationTests {
    /// While a large commit applies, the compositor keeps showing the client's last picture;
    /// the frame after it shows all of it. (The square animates, so without the freeze its
    /// subtree would be rebuilt from the half-applied tree every frame.)
    @Test func theCompositorNeverShowsHalfALargeCommit() throws {
        let scene = try DrawnScene()
        scene.server.finishesLargeCommits = false
        var spin = Animation.basic(LayerKeyPath(.zPosition), from: .number(0), to: .number(1), duration: 10)
        spin.timing.beginTime = DrawnScene.start
        try scene.commit(S.scene([S.create(2)] + S.frame(2, 10, 10, 40, 40)
            + [S.set(2, .backgroundColor, S.color(1, 0, 0)), S.add(2, to: 1),
               .addAnimation(2, key: "z", animationID: 1, animation: spin)]))
        #expect(near(scene.step().rgba(30, 30), (255, 0, 0, 255)))
        // One commit: a blue square inside the red one first, then thousands of hidden layers.
        var commands: [Command] = [S.create(3)] + S.frame(3, 20, 20, 20, 20) + [S.set(3, .backgroundColor, S.color(0, 0, 1)),
                                                                           S.add(3, to: 2)]
        for i in 0..<3_000 {
            let id = LayerID(100 + i)
            commands += [S.create(id), S.set(id, .isHidden, .bool(true)), S.add(id, to: 1)]
        }
        scene.server.send(.commit(Commit(sequence: 2, mediaTime: 0, commands: commands)), from: scene.client)
        var frozenFrames = 0
        while scene.server.runLoopTurn() {
            let frozen = scene.server.isApplyingLargeCommit(scene.client)
            let frame = scene.step()
            if frozen {
                frozenFrames += 1
                // The first apply slice put the blue square in the store: not on screen yet.
                #expect(near(frame.rgba(30, 30), (255, 0, 0, 255)))
            }
        }
        #expect(frozenFrames >= 2)
        #expect(near(scene.step().rgba(30, 30), (0, 0, 255, 255)))
    }
}

extension IsolationTests {
    @Test func aStreamedCommitCountsAgainstTheDaemonBudgetUntilDecoded() throws {
        let s = Self.slicedServer()
        let big = try Self.client(s, name: "big")
        let frame = WireCodec.encode(.commit(Commit(sequence: 1, mediaTime: 0, commands: Self.layers(5_000))))
        s.write(frame, from: big)
        #expect(s.inboundReservedBytes == frame.count - WireCodec.headerSize)
        while s.runLoopTurn() {}
        #expect(s.inboundReservedBytes == 0)
        #expect(s.layerCount(of: big) == 5_000)
    }
}

extension IsolationTests {
    @Test func twoLargeCommitsInOneWriteBothComplete() throws {
        let s = Self.slicedServer()
        let big = try Self.client(s, name: "big")
        var bytes = WireCodec.encode(.commit(Commit(sequence: 1, mediaTime: 0, commands: Self.layers(2_500))))
        var second: [Command] = []
        for i in 1...2_500 { second.append(.setProperty(LayerID(i), .opacity, .number(0.5))) }
        bytes += WireCodec.encode(.commit(Commit(sequence: 2, mediaTime: 0, commands: second)))
        s.write(bytes, from: big)
        var turns = 0
        while s.runLoopTurn() && turns < 100 { turns += 1 }
        let acks = try s.readMessages(of: big).compactMap { m -> UInt64? in
            if case let .commitApplied(a) = m { return a.sequence }; return nil
        }
        #expect(acks == [1, 2])
        #expect(!s.isClosed(big))
    }
}

extension IsolationTests {
    @Test func aLargeCommitCorruptHalfWayIsRefusedWholeWithItsSequence() throws {
        let s = Self.slicedServer()
        let big = try Self.client(s, name: "big")
        let commands = Self.layers(5_000)
        var frame = WireCodec.encode(.commit(Commit(sequence: 7, mediaTime: 0, commands: commands)))
        // The tag of command 5,000 (the end of the first 5,000 commands' encoding): not a command.
        let offset = WireCodec.encode(.commit(Commit(sequence: 7, mediaTime: 0, commands: Array(commands[..<5_000])))).count
        frame[offset] = 0xEE
        s.write(frame, from: big)
        while s.runLoopTurn() {}
        let e = try #require(try Self.fatalError(s, big))
        #expect(e.sequence == 7)
        #expect(e.code == .malformed)
        #expect(e.message.contains("commit 7, command 5000"), "\(e.message)")
        #expect(s.layerCount(of: big) == 0)
        #expect(s.inboundReservedBytes == 0)
    }
}

extension IsolationTests {
    @Test func theTreeOfAClientHalfWayThroughALargeCommitIsNotDumped() throws {
        let s = Self.slicedServer()
        let big = try Self.client(s, name: "big")
        let asker = try Self.client(s, name: "asker")
        s.send(.commit(Commit(sequence: 1, mediaTime: 0, commands: Self.layers(2_500))), from: big)
        while !s.isApplyingLargeCommit(big) { #expect(s.runLoopTurn()) }
        s.send(.treeRequest(TreeRequest(requestID: 1, presentation: false, sessionID: big)), from: asker)
        guard case let .error(e)? = try s.readMessages(of: asker).first else { Issue.record("no error"); return }
        #expect(!e.fatal)
        #expect(e.message.contains("is applying a large commit; ask again after its commitApplied"))
        // Every session's dump leaves it out rather than show half of it.
        s.send(.treeRequest(TreeRequest(requestID: 2, presentation: false)), from: asker)
        guard case let .treeReply(r)? = try s.readMessages(of: asker).first else { Issue.record("no reply"); return }
        let report = try JSONDecoder().decode(TreeReport.self, from: Data(r.json.utf8))
        #expect(report.sessions.map(\.session) == [asker])
    }
}

extension IsolationTests {
    /// A slice is bounded by work, not only by commands: 200 moves among 8,000 siblings are
    /// far fewer commands than a slice holds, but each scans and shifts the sibling list, so
    /// the commit is validated and applied over several turns (frames showing the client's
    /// previous tree meanwhile), and ends exactly as one whole application would.
    @Test func aCommitOfFewCommandsOnAWideTreeIsSlicedByItsWork() throws {
        let output = RecordingOutput()
        let s = Self.slicedServer(output: output)
        let other = try Self.client(s, name: "other")
        let wide = try Self.client(s, name: "wide")
        s.send(.commit(Commit(sequence: 1, mediaTime: 0, commands: Self.layers(8_001))), from: wide)
        while s.runLoopTurn() {}
        _ = try s.readMessages(of: wide)
        #expect(s.sublayers(of: 1, client: wide)?.count == 8_000)
        // Each moves a sublayer to the front: one command, thousands of entries of work.
        let moves: [Command] = (0..<200).map { .insertSublayer(parent: 1, child: LayerID(8_001 - $0), index: 0) }
        #expect(moves.count < 1_000)
        s.send(.commit(Commit(sequence: 2, mediaTime: 0, commands: moves)), from: wide)
        #expect(try s.readMessages(of: wide).isEmpty) // not all of it fit this turn
        var turns = 0, frozenFrames = 0
        while s.runLoopTurn() {
            turns += 1
            try Self.expectServed(s, other, sequence: UInt64(turns))
            s.step(seconds: 1.0 / 60)
            if output.frozen.last?[wide] == true { frozenFrames += 1 }
        }
        // About 9 units a move to validate (scan 8,000 entries), 17 to apply (scan, shift
        // out, shift in): validated over two turns (the first on arrival), applied over four.
        #expect(turns >= 4, "\(turns) turns")
        #expect(frozenFrames >= 2, "\(frozenFrames) frozen frames")
        guard case .commitApplied(let a)? = try s.readMessages(of: wide).first else {
            Issue.record("no commitApplied"); return
        }
        #expect(a.sequence == 2)
        let order = try #require(s.sublayers(of: 1, client: wide))
        #expect(order.count == 8_000)
        #expect(Array(order.prefix(3)) == [7_802, 7_803, 7_804])
        #expect(order[199] == 8_001)
        #expect(order.last == 7_801)
        #expect(Array(order[200..<203]) == [2, 3, 4])
    }
}

extension IsolationTests {
    /// A legal commit large enough to be streamed and sliced keeps every animation it adds.
    @Test func aLargeCommitKeepsEveryAnimationItAdds() throws {
        let s = Self.slicedServer()
        let big = try Self.client(s, name: "big")
        var commands: [Command] = [.createLayer(1, .layer), .setRoot(1)]
        let n = 30_000
        for i in 2...n + 1 {
            let id = LayerID(i)
            commands += [.createLayer(id, .layer), .insertSublayer(parent: 1, child: id, index: UInt32.max),
                         .addAnimation(id, key: "fall", animationID: UInt64(i),
                                       animation: .basic(LayerKeyPath(.opacity), from: .number(0), to: .number(1),
                                                         duration: 10))]
        }
        s.write(WireCodec.encode(.commit(Commit(sequence: 1, mediaTime: 0, commands: commands))), from: big)
        while s.runLoopTurn() {}
        #expect(s.layerCount(of: big) == n + 1)
        #expect(s.animationCount(of: big) == n)
    }
}

extension IsolationTests {
    /// The shape of a client's replay after a daemon restart (`Context.replay`): every layer
    /// created, then their properties, then the tree, then every animation — one commit,
    /// taken in slices with frames in between, as the real daemon takes it.
    @Test func aReplayShapedCommitKeepsEveryAnimationWithFramesBetweenSlices() throws {
        var configuration = Configuration(clock: .manual(start: 1000))
        configuration.logger.logLevel = .critical
        let s = EmbeddedServer(configuration: configuration)
        s.finishesLargeCommits = false
        let big = try Self.client(s, name: "replay")
        let n = 30_000
        let ids = (2...n + 1).map { LayerID($0) }
        var commands: [Command] = [.createLayer(1, .layer)] + ids.map { .createLayer($0, .layer) }
        commands.append(.setProperty(1, .bounds, .rect(Rect(x: 0, y: 0, width: 1280, height: 720))))
        for id in ids {
            commands += [.setProperty(id, .bounds, .rect(Rect(x: 0, y: 0, width: 8, height: 8))),
                         .setProperty(id, .position, .point(Point(x: 0, y: Double(id % 720)))),
                         .setProperty(id, .backgroundColor, .color(Color(red: 0.2, green: 0.5, blue: 1, alpha: 1)))]
        }
        commands += ids.enumerated().map { i, id in .insertSublayer(parent: 1, child: id, index: UInt32(i)) }
        commands.append(.setRoot(1))
        for id in ids {
            var slide = Animation.basic(LayerKeyPath(.position, .x), from: .number(0), to: .number(1200), duration: 30,
                                        timingFunction: .linear)
            slide.timing.beginTime = 990
            commands.append(.addAnimation(id, key: "slide", animationID: UInt64(id), animation: slide))
        }
        s.write(WireCodec.encode(.commit(Commit(sequence: 1, mediaTime: 1000, commands: commands))), from: big)
        while s.runLoopTurn() { s.step(seconds: 1.0 / 60) }
        s.step(seconds: 1.0 / 60)
        #expect(s.layerCount(of: big) == n + 1)
        #expect(s.animationCount(of: big) == n)
    }
}

extension IsolationTests {
    /// What `rendersrv-demo restart --layers 30000` sends: 5,000-layer commits back to back,
    /// so each large commit finds the next one already buffered; commands in the client's
    /// order (creates, tree, properties, animations). Every animation is kept (the demo's
    /// "lost" animations had finished: see `RestartDemoTests`).
    @Test func largeCommitsSentBackToBackKeepEveryAnimation() throws {
        var configuration = Configuration(clock: .manual(start: 1000))
        configuration.logger.logLevel = .critical
        let s = EmbeddedServer(configuration: configuration)
        s.finishesLargeCommits = false
        let big = try Self.client(s, name: "back-to-back")
        var bytes = WireCodec.encode(.commit(Commit(sequence: 1, mediaTime: 1000, commands: [
            .createLayer(1, .layer), .setProperty(1, .bounds, .rect(Rect(x: 0, y: 0, width: 1280, height: 720))),
            .setRoot(1)])))
        let perCommit = 5_000, commits = 6
        for c in 0..<commits {
            let ids = (0..<perCommit).map { LayerID(2 + c * perCommit + $0) }
            var commands: [Command] = ids.map { .createLayer($0, .layer) }
            commands += ids.map { .insertSublayer(parent: 1, child: $0, index: UInt32.max) }
            for id in ids {
                commands += [.setProperty(id, .bounds, .rect(Rect(x: 0, y: 0, width: 8, height: 8))),
                             .setProperty(id, .position, .point(Point(x: 0, y: Double(id % 720)))),
                             .setProperty(id, .backgroundColor, .color(Color(red: 0.2, green: 0.5, blue: 1, alpha: 1)))]
            }
            for id in ids {
                var slide = Animation.basic(LayerKeyPath(.position, .x), from: .number(0), to: .number(1200), duration: 30,
                                            timingFunction: .linear)
                slide.timing.beginTime = 1000
                commands.append(.addAnimation(id, key: "slide", animationID: UInt64(id), animation: slide))
            }
            bytes += WireCodec.encode(.commit(Commit(sequence: UInt64(2 + c), mediaTime: 1000, commands: commands)))
        }
        s.write(bytes, from: big)
        while s.runLoopTurn() { s.step(seconds: 1.0 / 60) }
        s.step(seconds: 1.0 / 60)
        let applied = try s.readMessages(of: big).compactMap { m -> UInt64? in
            if case let .commitApplied(a) = m { return a.sequence }; return nil
        }
        #expect(applied.last == UInt64(1 + commits))
        #expect(s.layerCount(of: big) == 1 + perCommit * commits)
        #expect(s.animationCount(of: big) == perCommit * commits)
    }
}

