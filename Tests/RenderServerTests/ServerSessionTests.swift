import Glibc
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer

/// Sessions against an in-process server: handshake, validation, isolation.
@Suite struct ServerSessionTests {
    @Test func welcomeDescribesTheServer() throws {
        let s = try TestServer()
        let a = try s.connect(name: "a")
        let b = try s.connect(name: "b")
        let w = try #require(a.welcome)
        #expect(w.version == ProtocolVersion.current)
        #expect(w.manualClock)
        #expect(w.mediaTime == TestServer.start)
        #expect(w.displayWidth == 1280 && w.displayHeight == 720)
        #expect(w.refreshRate == 60)
        #expect(w.limits == .default)
        #expect(b.welcome!.sessionID != w.sessionID)
    }

    @Test func aMessageBeforeHelloIsFatal() throws {
        let s = try TestServer()
        let c = try TestClient(path: s.path)
        try c.send(.ping(1))
        let messages = try c.receiveUntilClosed()
        guard case let .error(e)? = messages.first else { Issue.record("expected an error, got \(messages)"); return }
        #expect(e.code == .handshakeRequired && e.fatal)
    }

    @Test func noCommonVersionIsFatal() throws {
        let s = try TestServer()
        let c = try TestClient(path: s.path)
        try c.send(.hello(Hello(minVersion: 90, maxVersion: 99, clientName: "future", pid: 1)))
        let messages = try c.receiveUntilClosed()
        guard case let .error(e)? = messages.first else { Issue.record("expected an error, got \(messages)"); return }
        #expect(e.code == .versionUnsupported && e.fatal)
    }

    @Test func pingIsAnswered() throws {
        let s = try TestServer()
        let c = try s.connect()
        try c.send(.ping(99))
        #expect(try c.receive() == .pong(99))
    }

    /// Commits that fail validation, and the error code each must produce.
    static let invalidCommits: [(String, [Command], ErrorCode, String)] = [
        ("unknown layer", [.setProperty(42, .opacity, .number(1))], .unknownLayer, "layer 42 of client \"bad\" (pid 4242)"),
        ("duplicate create", [.createLayer(1, .layer), .createLayer(1, .layer)], .duplicateLayer, "created twice"),
        ("key path not on the kind", [.createLayer(1, .layer), .setProperty(1, LayerKeyPath(.fillColor), .color(.red))],
         .invalidCommand, "does not exist on a layer layer"),
        ("value of the wrong kind", [.createLayer(1, .layer), .setProperty(1, .opacity, .point(.zero))],
         .invalidValue, "takes a number value, got a point"),
        ("a cycle", [.createLayer(1, .layer), .createLayer(2, .layer),
                     .insertSublayer(parent: 1, child: 2, index: 0), .insertSublayer(parent: 2, child: 1, index: 0)],
         .cycle, "makes a cycle"),
        ("a layer inside itself", [.createLayer(1, .layer), .insertSublayer(parent: 1, child: 1, index: 0)], .cycle, "cycle"),
        ("too many keyframes", [.createLayer(1, .layer),
                                .addAnimation(1, key: "k", animationID: 1, animation: .keyframe(.opacity,
                                    values: (0..<11).map { .number(Double($0)) }, duration: 1))],
         .limitExceeded, "keyframe value count 11 exceeds the limit maxKeyframes = 10"),
        ("too many layers", (1...6).map { .createLayer(LayerID($0), .layer) }, .limitExceeded, "limit of 5 layers"),
        ("an animation value of the wrong kind", [.createLayer(1, .layer),
            .addAnimation(1, key: "k", animationID: 1, animation: .basic(.position, to: .number(3), duration: 1))],
         .invalidValue, "to is a number"),
        ("a use after destroy", [.createLayer(1, .layer), .destroyLayer(1), .setProperty(1, .opacity, .number(0))],
         .unknownLayer, "no such layer"),
    ]

    @Test(arguments: 0..<invalidCommits.count)
    func anInvalidCommitClosesOnlyItsSession(_ index: Int) throws {
        let (_, commands, code, text) = Self.invalidCommits[index]
        var limits = Limits.default
        limits.maxKeyframes = 10
        limits.maxLayers = 5
        let s = try TestServer(limits: limits)
        let good = try s.connect(name: "good")
        try good.commit([.createLayer(7, .layer), .setRoot(7)])
        try good.sync()
        let bad = try s.connect(name: "bad")
        let sequence = try bad.commit(commands)
        let messages = try bad.receiveUntilClosed()
        guard case let .error(e)? = messages.last else { Issue.record("expected an error, got \(messages)"); return }
        #expect(e.code == code)
        #expect(e.fatal)
        #expect(e.sequence == sequence)
        #expect(e.message.contains(text), "\(e.message)")
        // The other session goes on: its commit is applied and acknowledged.
        try good.commit([.setProperty(7, .opacity, .number(0.5))])
        let (stepped, events) = try good.step(1.0 / 60)
        #expect(events == [.commitApplied(CommitApplied(sequence: 2, frame: stepped.frame, mediaTime: TestServer.start))])
    }

    @Test func aSequenceThatDoesNotIncreaseIsFatal() throws {
        let s = try TestServer()
        let c = try s.connect()
        try c.send(.commit(Commit(sequence: 5, mediaTime: 0, commands: [])))
        try c.send(.commit(Commit(sequence: 5, mediaTime: 0, commands: [])))
        let messages = try c.receiveUntilClosed()
        guard case let .error(e)? = messages.last else { Issue.record("expected an error, got \(messages)"); return }
        #expect(e.code == .sequenceOutOfOrder)
    }

    @Test func validationSeesCommitsStillQueued() throws {
        let s = try TestServer()
        let c = try s.connect()
        // Commit 1 creates 1 and 2 (queued, not applied); commit 2 builds on them.
        try c.commit([.createLayer(1, .layer), .createLayer(2, .shape)])
        try c.commit([.insertSublayer(parent: 1, child: 2, index: 0), .setProperty(2, LayerKeyPath(.fillColor), .color(.red))])
        try c.sync()
        // …and commit 3, still queued behind them, may not make a cycle through them.
        try c.commit([.insertSublayer(parent: 2, child: 1, index: 0)])
        let messages = try c.receiveUntilClosed()
        guard case let .error(e)? = messages.last else { Issue.record("expected an error, got \(messages)"); return }
        #expect(e.code == .cycle)
    }

    @Test func garbageFromOneClientDoesNotDisturbAnother() throws {
        let s = try TestServer()
        let good = try s.connect(name: "good")
        let bad = try s.connect(name: "bad")
        // A frame header announcing an unknown message type, then noise.
        try bad.sendRaw([4, 0, 0, 0, 0xEE, 0xEE, 0, 0, 1, 2, 3, 4] + [UInt8](repeating: 0xAB, count: 100))
        let messages = try bad.receiveUntilClosed()
        guard case let .error(e)? = messages.last else { Issue.record("expected an error, got \(messages)"); return }
        #expect(e.fatal)
        #expect(e.code == .unknownMessageType)
        // A truncated, malformed payload on a third session.
        let worse = try s.connect(name: "worse")
        try worse.sendRaw([2, 0, 0, 0, 0x10, 0x00, 0, 0, 0xFF, 0xFF])
        let m2 = try worse.receiveUntilClosed()
        guard case let .error(e2)? = m2.last else { Issue.record("expected an error, got \(m2)"); return }
        #expect(e2.code == .malformed)
        try good.send(.ping(5))
        #expect(try good.receive() == .pong(5))
        try good.commit([.createLayer(1, .layer)])
        let (_, events) = try good.step(1.0 / 60)
        #expect(events.count == 1)
    }

    @Test func aReaderThatFallsBehindIsDisconnected() throws {
        let s = try TestServer(maxPendingBytes: 4096)
        let other = try s.connect(name: "other")
        let slow = try s.connect(name: "slow")
        // Ask for far more than the socket buffer and the queue hold, reading nothing.
        var burst: [UInt8] = []
        for i in 0..<20_000 { burst += WireCodec.encode(.statsRequest(requestID: UInt32(i))) }
        try? slow.sendRaw(burst) // may fail once the server has cut the connection
        try other.sync() // the server is still serving others
        // The slow client gets what was already sent, then the end of the connection.
        let got = try slow.receiveUntilClosed()
        #expect(got.count < 20_000)
        try other.send(.ping(1))
        #expect(try other.receive() == .pong(1))
    }

    @Test func goodbyeClosesTheSession() throws {
        let s = try TestServer()
        let c = try s.connect()
        try c.send(.goodbye(Goodbye(reason: "done")))
        #expect(try c.receiveUntilClosed().isEmpty)
    }
}
