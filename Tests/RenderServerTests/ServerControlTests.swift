import Foundation
import Glibc
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// Control requests, the real clock, and the listener's start-up and shutdown.
@Suite struct ServerControlTests {
    @Test func presentationDumpMatchesPresentationEvaluate() throws {
        let s = try TestServer()
        let c = try s.connect()
        // A parent running at double speed with an offset; the child has its own timing.
        let parentTiming = LayerTiming(beginTime: 2, speed: 2, timeOffset: 0.5)
        let childTiming = LayerTiming(beginTime: 1000, speed: 0.5, timeOffset: 0)
        var model = LayerProperties()
        model.position = Point(x: 5, y: 6)
        model.bounds = Rect(x: 0, y: 0, width: 40, height: 30)
        var move = Animation.basic(.position, from: .point(Point(x: 0, y: 0)), to: .point(Point(x: 100, y: 50)),
                                   duration: 3, timingFunction: .easeInEaseOut)
        move.timing.beginTime = 999
        var spin = Animation.basic(LayerKeyPath("transform.rotation.z"), by: .number(1.25), duration: 2)
        spin.timing.beginTime = 999.5
        spin.timing.fillMode = .both
        var bounds = BasicAnimation(keyPath: .bounds, by: .rect(Rect(x: 0, y: 0, width: 10, height: 10)))
        bounds.isAdditive = true
        var grow = Animation(.basic(bounds), timing: MediaTiming(beginTime: 998, duration: 4, repeatCount: 2,
                                                                  autoreverses: true))
        grow.isRemovedOnCompletion = false
        try c.commit([.createLayer(1, .layer), .createLayer(2, .layer), .insertSublayer(parent: 1, child: 2, index: 0),
                      .setTiming(1, parentTiming), .setTiming(2, childTiming),
                      .setProperty(2, .position, .point(model.position)), .setProperty(2, .bounds, .rect(model.bounds)),
                      .addAnimation(2, key: "move", animationID: 1, animation: move),
                      .addAnimation(2, key: "spin", animationID: 2, animation: spin),
                      .addAnimation(2, key: "grow", animationID: 3, animation: grow)])
        _ = try c.step(1.0 / 60)
        let attached = [AttachedAnimation(key: "move", animation: move), AttachedAnimation(key: "spin", animation: spin),
                        AttachedAnimation(key: "grow", animation: grow)]
        for t in [1000.25, 1000.6180339887, 1001.5, 1003.75] {
            let (reply, tree) = try c.tree(presentation: true, at: t)
            #expect(reply.mediaTime == t)
            let layer = ((tree["sessions"] as! [[String: Any]])[0]["layers"] as! [[String: Any]])[1]
            let p = layer["properties"] as! [String: Any]
            let expected = Presentation.presentation(model: model, animations: attached, at: t,
                                                     timings: [parentTiming, childTiming])
            let position = p["position"] as! [Double]
            #expect(abs(position[0] - expected.position.x) <= 1e-9 && abs(position[1] - expected.position.y) <= 1e-9)
            let b = p["bounds"] as! [Double]
            #expect(b == [expected.bounds.origin.x, expected.bounds.origin.y, expected.bounds.width, expected.bounds.height])
            let m = p["transform"] as! [Double]
            let e = expected.transform
            let want = [e.m11, e.m12, e.m13, e.m14, e.m21, e.m22, e.m23, e.m24, e.m31, e.m32, e.m33, e.m34,
                        e.m41, e.m42, e.m43, e.m44]
            for i in 0..<16 { #expect(abs(m[i] - want[i]) <= 1e-9) }
        }
    }

    @Test func presentationDumpsHaveNoSideEffects() throws {
        let s = try TestServer()
        let c = try s.connect()
        var a = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 0.1)
        a.timing.beginTime = TestServer.start + 0.5
        try c.commit([.createLayer(1, .layer), .addAnimation(1, key: "fade", animationID: 9, animation: a)])
        _ = try c.step(1.0 / 60)
        // Look at the middle and past the end: the lifecycle shown, no event, nothing removed.
        let (_, mid) = try c.tree(presentation: true, at: TestServer.start + 0.55)
        let midLayer = ((mid["sessions"] as! [[String: Any]])[0]["layers"] as! [[String: Any]])[0]
        #expect((midLayer["animations"] as! [[String: Any]])[0]["state"] as? String == "active")
        #expect(abs(((midLayer["properties"] as! [String: Any])["opacity"] as! Double) - 0.5) < 1e-9)
        let (_, late) = try c.tree(presentation: true, at: TestServer.start + 5)
        let lateLayer = ((late["sessions"] as! [[String: Any]])[0]["layers"] as! [[String: Any]])[0]
        // Removed on completion and not yet retired by a frame: "completed" (§10), not "finished".
        #expect((lateLayer["animations"] as! [[String: Any]])[0]["state"] as? String == "completed")
        // The model dump shows the state at the latest frame.
        let (_, model) = try c.tree(presentation: false)
        let modelLayer = ((model["sessions"] as! [[String: Any]])[0]["layers"] as! [[String: Any]])[0]
        #expect((modelLayer["animations"] as! [[String: Any]])[0]["state"] as? String == "pending")
        // The frames still report the whole life.
        let (_, events) = try c.step(1.0)
        #expect(events.count == 2)
    }

    @Test func treeDumpsSelectASessionOrAll() throws {
        let s = try TestServer()
        let a = try s.connect(name: "a \"quoted\"")
        let b = try s.connect(name: "b")
        try a.commit([.createLayer(1, .text), .setProperty(1, LayerKeyPath(.string), .string("héllo\n")), .setRoot(1)])
        try b.commit([.createLayer(1, .shape), .createLayer(2, .layer)])
        try b.sync() // b's commit is queued before a steps the clock
        _ = try a.step(1.0 / 60)
        let (_, all) = try b.tree(presentation: false)
        let sessions = all["sessions"] as! [[String: Any]]
        try #require(sessions.count == 2)
        try #require((sessions[1]["layers"] as! [Any]).count == 2)
        #expect(sessions[0]["client"] as? String == "a \"quoted\"")
        #expect(sessions[0]["root"] as? Int == 1)
        let text = (sessions[0]["layers"] as! [[String: Any]])[0]
        #expect(text["kind"] as? String == "text")
        #expect((text["properties"] as! [String: Any])["string"] as? String == "héllo\n")
        let shape = (sessions[1]["layers"] as! [[String: Any]])[0]
        #expect(shape["kind"] as? String == "shape")
        #expect((shape["properties"] as! [String: Any])["path"] as? Int == 0)
        let (_, one) = try b.tree(presentation: false, session: b.welcome!.sessionID)
        #expect((one["sessions"] as! [[String: Any]]).map { $0["client"] as! String } == ["b"])
        // An unknown session is a non-fatal error.
        try b.send(.treeRequest(TreeRequest(requestID: 99, presentation: false, sessionID: 12345)))
        guard case let .error(e) = try b.receive() else { Issue.record("expected an error"); return }
        #expect(e.code == .invalidCommand && !e.fatal)
        try b.sync()
    }

    @Test func statsReportTheDocumentedKeys() throws {
        let s = try TestServer()
        let c = try s.connect()
        _ = try c.step(0.25)
        let stats = try c.stats()
        for key in ["frames", "missedFrames", "clients", "layers", "animations", "frameInterval", "phases", "fps",
                    "manualClock", "mediaTime"] {
            #expect(stats[key] != nil, "missing \(key)")
        }
        let interval = stats["frameInterval"] as! [String: Double]
        #expect(Set(interval.keys) == ["p50", "p90", "p99", "max", "mean"])
        // Manual frames are a period apart in media time.
        #expect(abs(interval["p50"]! - 1000.0 / 60) < 0.02)
        let phases = stats["phases"] as! [String: [String: Double]]
        #expect(Set(phases.keys) == ["validate", "apply", "evaluate", "present"])
        #expect(stats["mediaTime"] as? Double == TestServer.start + 0.25)
        #expect(stats["clients"] as? Int == 1)
    }

    /// A server whose output does not draw (the test server's, `--output none`) refuses
    /// snapshots without ending the session; drawing outputs are tested in CompositorTests.
    @Test func snapshotsAreRefusedWithoutADrawingOutput() throws {
        let s = try TestServer()
        let c = try s.connect()
        try c.send(.snapshotRequest(SnapshotRequest(requestID: 3)))
        guard case let .error(e) = try c.receive() else { Issue.record("expected an error"); return }
        #expect(e.code == .unsupported && !e.fatal)
        #expect(e.message.contains("--output none"))
        try c.sync()
    }

    @Test func theRealClockAcknowledgesCommitsAndRefusesSteps() throws {
        let s = try TestServer(clock: .real)
        let c = try s.connect()
        #expect(c.welcome?.manualClock == false)
        try c.send(.clockStep(ClockStep(requestID: 1, seconds: 1)))
        guard case let .error(e) = try c.receive() else { Issue.record("expected an error"); return }
        #expect(e.code == .unsupported && !e.fatal)
        let sequence = try c.commit([.createLayer(1, .layer)])
        let (applied, _) = try c.receive(until: { if case let .commitApplied(a) = $0 { return a }; return nil })
        #expect(applied.sequence == sequence)
        #expect(applied.frame >= 1)
        // The frame's target time is a vsync at or after the commit's arrival, give or take
        // the one period a wake-up may lag behind its deadline.
        #expect(applied.mediaTime >= c.welcome!.mediaTime - 1.0 / 60)
    }

    @Test func badClockStepsAreRefused() throws {
        let s = try TestServer()
        let c = try s.connect()
        for seconds in [-1, Double.nan, 1e9] {
            try c.send(.clockStep(ClockStep(requestID: 1, seconds: seconds)))
            guard case let .error(e) = try c.receive() else { Issue.record("expected an error"); return }
            #expect(e.code == .invalidValue && !e.fatal)
        }
    }

    @Test func stoppingSaysGoodbyeAndRemovesTheSocket() throws {
        let s = try TestServer()
        let c = try s.connect()
        s.server.stop()
        let messages = try c.receiveUntilClosed()
        guard case .goodbye? = messages.last else { Issue.record("expected goodbye, got \(messages)"); return }
        #expect(access(s.path, F_OK) != 0)
        s.server.stop() // idempotent
    }

    @Test func aStaleSocketIsReused() throws {
        let dir = TestServer.makeDirectory()
        defer { rmdir(dir) }
        let path = dir + "/socket"
        // Bound, never listening, closed: what a crashed daemon leaves.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(withUnixAddress(path) { bind(fd, $0, $1) } == 0)
        close(fd)
        #expect(Listener.probe(path) == .stale)
        var configuration = Configuration(socketPath: path, clock: .manual(start: 0))
        configuration.logger.logLevel = .critical
        let server = try Server(configuration: configuration)
        try server.start()
        let c = try TestClient(path: path)
        try c.hello()
        server.stop()
    }

    @Test func aLiveSocketIsRefused() throws {
        let s = try TestServer()
        #expect(Listener.probe(s.path) == .live(pid: getpid()))
        var configuration = Configuration(socketPath: s.path, clock: .manual(start: 0))
        configuration.logger.logLevel = .critical
        do {
            _ = try Server(configuration: configuration)
            Issue.record("a second server started on a live socket")
        } catch let error as ServerError {
            guard case let .alreadyServing(path, pid) = error else { Issue.record("wrong error \(error)"); return }
            #expect(path == s.path && pid == getpid())
            #expect("\(error)".contains("stop it or pass --socket"))
        }
        // The first server is undisturbed.
        let c = try s.connect()
        try c.sync()
    }

    @Test func aMissingDirectoryIsCreatedPrivate() throws {
        let dir = TestServer.makeDirectory()
        let path = dir + "/a/b/socket"
        var configuration = Configuration(socketPath: path, clock: .manual(start: 0))
        configuration.logger.logLevel = .critical
        let server = try Server(configuration: configuration)
        var st = stat()
        #expect(stat(dir + "/a/b", &st) == 0)
        #expect(st.st_mode & 0o777 == 0o700)
        server.stop()
        rmdir(dir + "/a/b"); rmdir(dir + "/a"); rmdir(dir)
    }
}
