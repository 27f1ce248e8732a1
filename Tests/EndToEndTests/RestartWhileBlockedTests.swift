import Foundation
import Glibc
import RenderClient
import Testing

/// The real daemon killed with SIGKILL while the app's main queue is blocked, and started
/// again on the same socket 0–1.5 s later: the app's layers are back, and moving on their
/// curves, on the new daemon before the block ends — the connection replays what the lost
/// daemon held from its own thread. The test waits on conditions (the connection's
/// acknowledgement of the replay, read on its I/O thread); the only sleeps are the
/// scenario's own timings (when the kill and the restart happen).
@Suite("End to end, restart while the main queue is blocked", .serialized)
struct RestartWhileBlockedTests {
    /// The block: 15 s at most; released as soon as the test has checked the new daemon. The
    /// scenario's sleeps take 2 s of it; the rest is for a debug daemon on a loaded host to
    /// start, take the replay and answer two tree dumps, so that only a failure outlasts it.
    static let blockSeconds = 15.0

    /// Attempt 1 right after the loss (a daemon already back is reached at once), attempt 2
    /// 30 s later: no attempt of the backoff's own falls in the few seconds a restart takes,
    /// so a replay applied well before attempt 2 is the socket watch's doing, however long
    /// the daemon took to start. (The standard policy's attempts, 10 ms doubling to 1 s,
    /// come every second by then and could explain any arrival.)
    static let policy = ReconnectPolicy(initialDelay: 0.01, multiplier: 3000, maximumDelay: 30)

    @Test(arguments: [0.0, 1.5])
    func theLayersAreBackAndMovingBeforeTheBlockEnds(restartDelay: Double) throws {
        let first = try Daemon(clock: "real")
        defer { first.stop() }
        let queue = DispatchQueue(label: "e2e.blocked-restart.main")
        let connection = try Connection(socketPath: first.socketPath, clientName: "blocked-restart", callbackQueue: queue,
                                        reconnect: Self.policy)
        let context = Context(connection: connection)
        let steps = Locked<[String]>([])
        let resynced = DispatchSemaphore(value: 0)
        let count = 20
        let (root, layers) = queue.sync { () -> (Layer, [Layer]) in
            context.onReconnect = { e in
                steps.set(steps.get() + ["\(e)".components(separatedBy: ":").first ?? ""])
                if case .resynced = e { resynced.signal() }
            }
            Transaction.begin()
            Transaction.disableActions = true
            let root = Layer()
            root.bounds = Rect(x: 0, y: 0, width: 1280, height: 720)
            context.rootLayer = root
            let layers = (0..<count).map { i -> Layer in
                let l = Layer()
                l.bounds = Rect(x: 0, y: 0, width: 8, height: 8)
                l.position = Point(x: 0, y: Double(i * 20))
                root.addSublayer(l)
                l.add(.basic("position.x", from: .number(0), to: .number(1200), duration: 30, timingFunction: .linear),
                      forKey: "slide")
                return l
            }
            Transaction.commit()
            return (root, layers)
        }
        let sent = queue.sync { context.lastSentSequence }
        try connection.waitUntilApplied(sent, timeout: 30)
        let begin = try #require(queue.sync { layers[0].animation(forKey: "slide") }).timing.beginTime

        // The main queue blocks (for at most 15 s; the test releases it once it has checked).
        let blocked = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let blockEnded = Locked<Double>(0)
        queue.async {
            blocked.signal()
            _ = release.wait(timeout: .now() + Self.blockSeconds)
            blockEnded.set(MediaTime.now())
        }
        blocked.wait()
        let blockStart = MediaTime.now()
        Thread.sleep(forTimeInterval: 0.5) // sleep-ok: the kill comes half a second into the block (the scenario)
        // The session is lost no earlier than this, so the backoff's attempt 2 starts no
        // earlier than `secondAttempt`.
        let killed = MediaTime.now()
        let secondAttempt = killed + Self.policy.delay(beforeAttempt: 1) + Self.policy.delay(beforeAttempt: 2)
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        if restartDelay > 0 {
            Thread.sleep(forTimeInterval: restartDelay) // sleep-ok: the daemon stays away this long (the scenario)
        }
        let second = try Daemon(clock: "real", socketPath: first.socketPath)
        defer { second.stop() }
        let listening = MediaTime.now()

        // The replay's acknowledgement (numbered right above the lost commits) is read on
        // the connection's I/O thread, while the main queue still sleeps.
        // Waited for until a second before the backoff's attempt 2 could start: without the
        // socket watch, nothing reconnects before it.
        let replayApplied = try connection.waitUntilApplied(sent + 1, timeout: max(1, secondAttempt - 1 - MediaTime.now()))
        let back = MediaTime.now()
        #expect(replayApplied.sequence == sent + 1)
        // A daemon binding its socket ends the backoff's wait (about 20 ms after listening
        // here): the replay is applied more than a second before the policy's attempt 2 would
        // start, however long the daemon took to start on a busy host.
        #expect(back < secondAttempt - 1,
                "replay applied \(back - killed) s after the kill; the backoff's attempt 2 comes \(secondAttempt - killed) s after it")
        #expect(blockEnded.get() == 0, "the main queue is still blocked")
        #expect(steps.get().isEmpty, "the context has heard nothing yet")

        // On the new daemon: every layer, moving on its curve (two times, a quarter second apart).
        let control = try ControlClient(socketPath: second.socketPath, clientName: "blocked-restart-control")
        defer { control.close() }
        let session = connection.welcome.sessionID
        var xs: [Double] = []
        for dt in [0.05, 0.3] {
            let t = MediaTime.now() + dt
            let dump = try TreeDump(control.treeReply(presentation: true, at: t, session: session))
            #expect(dump.layer(root.id, session: session)?.sublayers == layers.map(\.id))
            let x = try #require(dump.numbers("position", of: layers[0].id, session: session))[0]
            #expect(abs(x - 1200 * (t - begin) / 30) < 1e-6, "on its curve at \(t)")
            for l in layers { #expect(dump.animationKeys(of: l.id, session: session) == ["slide"]) }
            xs.append(x)
        }
        #expect(xs[1] > xs[0], "moving")
        let checked = MediaTime.now()
        #expect(blockEnded.get() == 0 && checked < blockStart + Self.blockSeconds,
                "back and moving before the block ends (checked \(checked - blockStart) s into it)")
        print("restart while blocked (delay \(restartDelay) s): listening → replay applied "
            + "\(String(format: "%.1f", (back - listening) * 1000)) ms, kill → replay applied "
            + "\(String(format: "%.2f", back - killed)) s (the backoff's attempt 2: \(String(format: "%.2f", secondAttempt - killed)) s); "
            + "checked \(String(format: "%.2f", checked - blockStart)) s into the block")

        // Main is free again: the context catches up, once.
        release.signal()
        #expect(resynced.wait(timeout: .now() + 30) == .success)
        queue.sync {}
        #expect(steps.get().first == "disconnected" && steps.get().last == "resynced")
        // Reported: attempt 1 is the backoff's own; a later one before 30 s is the watch's.
        print("restart while blocked (delay \(restartDelay) s): reconnected on attempt "
            + "\(steps.get().filter { $0.hasPrefix("reconnecting") }.count)")
        queue.sync { #expect(context.outstandingAnimationCount == count) }
        connection.close()
    }

    /// `rendersrv-demo blocked-main` with its daemon killed 1.5 s into an 8 s block and
    /// restarted half a second later: it survives, says the daemon restarted, and reports
    /// the frames of both daemons, the new one drawing the app's layers moving before the
    /// block ends (6 s for a debug daemon to start and draw them on a loaded host).
    @Test func theBlockedMainDemoSurvivesARestartDuringItsBlock() throws {
        let blockSeconds = 8.0
        let first = try Daemon(clock: "real")
        defer { first.stop() }
        let demo = Process()
        demo.executableURL = try Daemon.binary("rendersrv-demo")
        demo.arguments = ["blocked-main", "--socket", first.socketPath, "--block", "\(blockSeconds)", "--layers", "20",
                         "--json"]
        let out = Pipe(), err = Pipe()
        demo.standardOutput = out; demo.standardError = err; demo.standardInput = FileHandle.nullDevice
        try demo.run()
        defer { if demo.isRunning { kill(demo.processIdentifier, SIGKILL) } }
        // The demo says when its main thread starts blocking (event-driven: blocking reads).
        var said = ""
        while !said.contains("blocking the main thread") {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        try #require(said.contains("blocking the main thread"), "the demo never blocked: \(said)")
        Thread.sleep(forTimeInterval: 1.5) // sleep-ok: the kill comes 1.5 s into the block (the scenario)
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        Thread.sleep(forTimeInterval: 0.5) // sleep-ok: the daemon stays away half a second (the scenario)
        let second = try Daemon(clock: "real", socketPath: first.socketPath)
        defer { second.stop() }
        let errRest = DispatchSemaphore(value: 0)
        final class Box: @unchecked Sendable { var data = Data() } // written before the semaphore signals
        let errBox = Box()
        DispatchQueue.global().async { errBox.data = err.fileHandleForReading.readDataToEndOfFile(); errRest.signal() }
        let json = out.fileHandleForReading.readDataToEndOfFile()
        errRest.wait()
        demo.waitUntilExit()
        let stderrText = said + String(decoding: errBox.data, as: UTF8.self)
        #expect(demo.terminationStatus == 0, "\(String(decoding: json, as: UTF8.self))\n\(stderrText)")
        let o = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any], "\(stderrText)")
        #expect(o["daemonRestarted"] as? Bool == true)
        let frames = try #require(o["framesByDaemon"] as? [Int])
        #expect(frames.count == 2 && frames.allSatisfy { $0 > 0 }, "frames of both daemons: \(frames)")
        let moving = try #require(o["newDaemonFirstMovingFrameSeconds"] as? Double, "the new daemon drew the layers moving")
        #expect(moving < blockSeconds, "before the block ended: \(moving) s into it")
        #expect((o["newDaemonMovingFrames"] as? Int ?? 0) > 1)
        #expect(o["replayedLayers"] as? Int == 21 && o["replayedAnimations"] as? Int == 40)
        #expect(o["completionCount"] as? Int == 1 && o["finished"] as? Bool == true)
        #expect(o["ok"] as? Bool == true, "\(o["failures"] ?? "")")
    }
}
