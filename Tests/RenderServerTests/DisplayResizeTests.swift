import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// The display changes size while the daemon runs (PROTOCOL.md §5.4), on the embedded
/// server with the manual clock: who is told and in what order, what later welcomes, stats
/// and the control request say, and what the next frame draws and hit-tests.
@Suite struct DisplayResizeTests {
    /// An established client that negotiated protocol version `version`; its welcome.
    static func client(_ s: EmbeddedServer, name: String, version: UInt16) throws -> (UInt32, Welcome) {
        let id = s.connect(pid: 100)
        s.send(.hello(Hello(minVersion: 2, maxVersion: version, clientName: name, pid: 100)), from: id)
        guard case let .welcome(w)? = try s.readMessages(of: id).first else {
            Issue.record("no welcome for \(name)")
            return (id, Welcome(version: 0, sessionID: 0, displayWidth: 0, displayHeight: 0, refreshRate: 0, mediaTime: 0,
                                manualClock: true, limits: .default))
        }
        return (id, w)
    }

    @Test func aResizeReachesVersion4SessionsInOrderAndNoOlderOnes() throws {
        let s = IsolationTests.server()
        let (v2, w2) = try Self.client(s, name: "v2", version: 2)
        let (v3, w3) = try Self.client(s, name: "v3", version: 3)
        let (v4, w4) = try Self.client(s, name: "v4", version: 4)
        #expect(w2.version == 2 && w3.version == 3 && w4.version == 4)
        #expect(ProtocolVersion.current >= 4)
        // A commit acknowledged before the change and not read yet: the change comes after it.
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: [.createLayer(1, .layer), .setRoot(1)])), from: v4)
        s.resizeDisplay(width: 800, height: 600, refreshRate: 120)
        let got = try s.readMessages(of: v4)
        #expect(got.count == 2)
        guard case .commitApplied? = got.first else { Issue.record("expected commitApplied first: \(got)"); return }
        #expect(got.last == .displayChanged(DisplayChanged(width: 800, height: 600, refreshRate: 120)))
        #expect(try s.readMessages(of: v2).isEmpty)
        #expect(try s.readMessages(of: v3).isEmpty)
        // The same display again changes nothing and tells nobody; the rate alone is a change.
        s.resizeDisplay(width: 800, height: 600)
        #expect(try s.readMessages(of: v4).isEmpty)
        s.resizeDisplay(width: 800, height: 600, refreshRate: 60)
        #expect(try s.readMessages(of: v4) == [.displayChanged(DisplayChanged(width: 800, height: 600, refreshRate: 60))])
        #expect(try s.readMessages(of: v2).isEmpty && !s.isClosed(v2) && !s.isClosed(v3))
    }

    @Test func laterWelcomesAndStatsCarryTheNewDisplay() throws {
        let s = IsolationTests.server()
        let (_, before) = try Self.client(s, name: "early", version: 4)
        #expect(before.displayWidth == 1280 && before.displayHeight == 720 && before.refreshRate == 60)
        s.resizeDisplay(width: 1024, height: 768, refreshRate: 75)
        let (late, after) = try Self.client(s, name: "late", version: 4)
        #expect(after.displayWidth == 1024 && after.displayHeight == 768 && after.refreshRate == 75)
        let (_, old) = try Self.client(s, name: "old", version: 3)
        #expect(old.displayWidth == 1024 && old.displayHeight == 768) // a v3 welcome says the size now too
        s.send(.statsRequest(requestID: 5), from: late)
        guard case let .statsReply(r)? = try s.readMessages(of: late).first else { Issue.record("no stats"); return }
        let stats = try JSONDecoder().decode(StatsReport.self, from: Data(r.json.utf8))
        #expect(stats.displayWidth == 1024 && stats.displayHeight == 768 && stats.refreshRate == 75)
    }

    @Test func theControlRequestResizesOrSaysWhatIsWrong() throws {
        let s = IsolationTests.server()
        let (ops, _) = try Self.client(s, name: "ops", version: 4)
        let (app, _) = try Self.client(s, name: "app", version: 4)
        s.step(seconds: 1.0 / 60)
        let frame = s.frameNumber
        s.send(.resizeDisplay(ResizeDisplay(requestID: 3, width: 640, height: 480)), from: ops)
        #expect(try s.readMessages(of: ops) == [
            .displayChanged(DisplayChanged(width: 640, height: 480, refreshRate: 60)),
            .displayResized(DisplayResized(requestID: 3, frame: frame + 1, width: 640, height: 480)),
        ])
        #expect(try s.readMessages(of: app) == [.displayChanged(DisplayChanged(width: 640, height: 480, refreshRate: 60))])
        #expect(s.display.width == 640 && s.display.height == 480)

        for (id, w, h) in [(4 as UInt32, 0 as UInt32, 480 as UInt32), (5, 640, 16_385), (6, UInt32.max, 1)] {
            s.send(.resizeDisplay(ResizeDisplay(requestID: id, width: w, height: h)), from: ops)
            let m = try s.readMessages(of: ops)
            guard case let .error(e)? = m.first, m.count == 1 else { Issue.record("no single error for \(w)x\(h): \(m)"); continue }
            #expect(e.code == .invalidValue && !e.fatal)
            #expect(e.message.contains("resize request \(id)") && e.message.contains("\(w)x\(h)")
                    && e.message.contains("1…16384"), "\(e.message)")
            #expect(!s.isClosed(ops))
        }
        #expect(s.display.width == 640 && s.display.height == 480)
        #expect(try s.readMessages(of: app).isEmpty)
    }

    /// A red root covering the 160×120 display, with a blue sublayer outside it (no
    /// clipping): shown only once the display is larger.
    static func scene(_ scene: DrawnScene) throws {
        try scene.commit(S.scene(
            [S.create(2)] + S.frame(2, 200, 150, 30, 20) + [S.set(2, .backgroundColor, S.color(0, 0, 1)), S.add(2, to: 1)],
            width: 160, height: 120, background: S.color(1, 0, 0)))
    }

    @Test func theNextFrameIsDrawnAtTheNewSizeAndShowsTheLayers() throws {
        let scene = try DrawnScene(width: 160, height: 120)
        try Self.scene(scene)
        let before = scene.step()
        #expect(before.width == 160 && before.height == 120 && before.pixels.count == 160 * 120 * 4)
        #expect(near(before.rgba(100, 60), (255, 0, 0, 255)))

        scene.resize(width: 320, height: 240)
        let after = scene.step()
        #expect(after.width == 320 && after.height == 240 && after.pixels.count == 320 * 240 * 4)
        #expect(near(after.rgba(100, 60), (255, 0, 0, 255)))       // the root, as before
        #expect(near(after.rgba(215, 160), (0, 0, 255, 255)))      // the square, beyond the old display
        #expect(near(after.rgba(180, 60), (0, 0, 0, 255)))         // past the root: the background
        #expect(near(after.rgba(300, 220), (0, 0, 0, 255)))

        // Smaller again: cut at the new edges, still drawn whole.
        scene.resize(width: 100, height: 50)
        let small = scene.step()
        #expect(small.width == 100 && small.height == 50)
        #expect(near(small.rgba(99, 49), (255, 0, 0, 255)))
        // The snapshot a control client gets has the size too.
        let ops = scene.server.connect(pid: 1)
        scene.server.send(.hello(Hello(clientName: "ops", pid: 1)), from: ops)
        _ = try scene.server.readMessages(of: ops)
        scene.server.send(.snapshotRequest(SnapshotRequest(requestID: 1)), from: ops)
        guard case let .snapshotReply(shot)? = try scene.server.readMessages(of: ops).first else {
            Issue.record("no snapshot"); return
        }
        #expect(shot.width == 100 && shot.height == 50 && shot.pixels.count == 100 * 50 * 4)
    }

    @Test func hitTestingAfterAResizeFindsALayerInTheNewArea() throws {
        let scene = try DrawnScene(width: 160, height: 120, poolTwins: false)
        try Self.scene(scene)
        _ = scene.step()
        let s = scene.server
        let ops = s.connect(pid: 1)
        s.send(.hello(Hello(clientName: "ops", pid: 1)), from: ops)
        _ = try s.readMessages(of: ops)
        func press(at x: Double, _ y: Double, id: UInt32) throws -> InputDelivery? {
            try InputRoutingTests.inject(s, [InputRoutingTests.press(x, y), InputRoutingTests.release(x, y)],
                                         from: ops, id: id).first
        }
        #expect(try press(at: 100, 60, id: 1) == InputDelivery(sessionID: scene.client, layer: 1))
        scene.resize(width: 320, height: 240)
        _ = scene.step()
        #expect(try press(at: 215, 160, id: 2) == InputDelivery(sessionID: scene.client, layer: 2))
        #expect(try press(at: 100, 60, id: 3) == InputDelivery(sessionID: scene.client, layer: 1))
        // (Hit-testing is geometric over what the list holds: a point off a smaller display
        // may still find a layer there; the window cannot send one.)
    }

    /// What a window output does: `Server.resizeDisplay` on the daemon's loop thread. Its
    /// clients hear it over their sockets at once; a size out of range throws and changes nothing.
    @Test func theDaemonResizesOnItsLoopThread() throws {
        let s = try TestServer()
        let c = try s.connect(name: "app")
        final class Outcome: @unchecked Sendable { var errors: [String] = [] } // written on the loop, read after the semaphore
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        s.server.runOnLoop { [server = s.server] in
            for (w, h, rate) in [(0, 600, nil), (800, 16_385, nil), (800, 600, -1.0) as (Int, Int, Double?)] {
                do { try server.resizeDisplay(width: w, height: h, refreshRate: rate) } catch {
                    outcome.errors.append("\(error)")
                }
            }
            do { try server.resizeDisplay(width: 800, height: 600, refreshRate: 144) } catch {
                outcome.errors.append("unexpected: \(error)")
            }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(outcome.errors.count == 3, "\(outcome.errors)")
        #expect(outcome.errors.prefix(2).allSatisfy { $0.contains("1…16384 points each") }, "\(outcome.errors)")
        #expect(outcome.errors.last?.contains("-1.0 Hz") == true, "\(outcome.errors)")
        let (change, before) = try c.receive(until: { if case let .displayChanged(d) = $0 { return d }; return nil })
        #expect(change == DisplayChanged(width: 800, height: 600, refreshRate: 144))
        #expect(!before.contains { if case .displayChanged = $0 { return true }; return false }) // told once
        let later = try s.connect(name: "later")
        #expect(later.welcome?.displayWidth == 800 && later.welcome?.displayHeight == 600 && later.welcome?.refreshRate == 144)
        let stats = try later.stats()
        #expect(stats["displayWidth"] as? Int == 800 && stats["displayHeight"] as? Int == 600)
    }
}
