import Foundation
import Glibc
import RenderClient
import Testing

/// The real daemon killed with SIGKILL mid-animation and started again on the same socket:
/// the client reconnects, replays its model and animations, sends what it committed in
/// between, and the new daemon's presentation is what the old one's would have been.
/// Deterministic: the test waits on the context's events (semaphores with generous
/// timeouts), never for time to pass.
@Suite("End to end, daemon restart", .serialized)
struct ResyncEndToEndTests {
    /// What the context reports on its callback queue, for the test thread.
    final class Recorder: @unchecked Sendable {
        /// Guards the fields below; broadcast when a commit is acknowledged.
        private let lock = NSCondition()
        private var _steps: [ReconnectEvent] = []
        private var _applied: [UInt64] = []
        private var _log: [String] = []
        let disconnected = DispatchSemaphore(value: 0)
        let resynced = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        var steps: [ReconnectEvent] { lock.lock(); defer { lock.unlock() }; return _steps }
        var applied: [UInt64] { lock.lock(); defer { lock.unlock() }; return _applied }
        /// Resync and completion events in the order they happened.
        var log: [String] { lock.lock(); defer { lock.unlock() }; return _log }

        func attach(_ context: Context) {
            context.onReconnect = { [self] e in
                lock.lock(); _steps.append(e)
                if case .resynced = e { _log.append("resynced") }
                lock.unlock()
                switch e {
                case .disconnected: disconnected.signal()
                case .resynced: resynced.signal()
                default: break
                }
            }
            context.onCommitApplied = { [self] a in
                lock.lock(); _applied.append(a.sequence); lock.broadcast(); lock.unlock()
            }
            context.onDisconnect = { [self] _ in ended.signal() }
        }

        func note(_ s: String) { lock.lock(); _log.append(s); lock.unlock() }

        /// Waits (30 s at most) until `onCommitApplied` reported `sequence`: the connection
        /// knows a commit is acknowledged before its event reaches the callback queue.
        func waitApplied(_ sequence: UInt64) -> Bool {
            let deadline = Date().addingTimeInterval(30)
            lock.lock(); defer { lock.unlock() }
            while !_applied.contains(sequence) {
                if !lock.wait(until: deadline) { return _applied.contains(sequence) }
            }
            return true
        }
    }

    @Test func aKilledDaemonIsReplacedAndMotionContinuesWhereItWouldHaveBeen() throws {
        let first = try Daemon(clock: "real")
        defer { first.stop() }
        let queue = DispatchQueue(label: "e2e.resync.main")
        let connection = try Connection(socketPath: first.socketPath, clientName: "resync", callbackQueue: queue)
        let context = Context(connection: connection)
        let recorder = Recorder()
        let held = DelegateRecorder(), inFlight = DelegateRecorder()
        let (root, card, hold, pulse) = queue.sync { () -> (Layer, Layer, Layer, Layer) in
            recorder.attach(context)
            Transaction.begin()
            Transaction.disableActions = true
            let root = Layer(), card = Layer(), hold = Layer(), pulse = Layer()
            root.bounds = Rect(x: 0, y: 0, width: 640, height: 480)
            context.rootLayer = root
            for l in [card, hold, pulse] { root.addSublayer(l); l.bounds = Rect(x: 0, y: 0, width: 40, height: 40) }
            card.position = Point(x: 0, y: 100)
            card.cornerRadius = 6
            card.opacity = 0.5
            // Twenty seconds of linear motion, begun at the commit.
            card.add(.basic("position.x", from: .number(0), to: .number(600), duration: 20, timingFunction: .linear),
                     forKey: "slide")
            // Ends almost at once and holds its end.
            var fade = Animation.basic("opacity", from: .number(0), to: .number(0.8), duration: 0.05)
            fade.timing.fillMode = .forwards
            fade.isRemovedOnCompletion = false
            hold.add(fade, forKey: "hold", delegate: held)
            Transaction.commit()
            // In flight at the kill: its delegate and completion block outlive the daemon.
            Transaction.begin()
            Transaction.completionBlock = { recorder.note("pulse completed") }
            pulse.add(.basic("transform.scale", from: .number(0.5), to: .number(1), duration: 2), forKey: "pulse",
                      delegate: inFlight)
            Transaction.commit()
            return (root, card, hold, pulse)
        }
        try connection.waitUntilApplied(queue.sync { context.lastSentSequence }, timeout: 30)
        #expect(held.stopped.wait(timeout: .now() + 30) == .success, "the held animation ends on the first daemon")
        let begin = try #require(queue.sync { card.animation(forKey: "slide") }).timing.beginTime

        // kill -9: no goodbye, the socket file stays behind.
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        #expect(recorder.disconnected.wait(timeout: .now() + 30) == .success)

        // Commits while the daemon is down: queued, in order.
        let badge = queue.sync { () -> Layer in
            Transaction.perform(disableActions: true) { card.opacity = 0.25 }
            var made: Layer?
            Transaction.perform(disableActions: true) {
                let b = Layer()
                root.addSublayer(b)
                b.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
                made = b
            }
            let b = made!
            b.add(.basic("opacity", from: .number(0), to: .number(1), duration: 30, timingFunction: .linear), forKey: "in")
            return b
        }
        queue.sync {} // the implicit transaction of the add
        let queued = queue.sync { () -> (count: Int, last: UInt64) in (context.queuedCommitCount, context.lastSentSequence) }
        #expect(queued.count == 3)

        let second = try Daemon(clock: "real", socketPath: first.socketPath)
        defer { second.stop() }
        #expect(recorder.resynced.wait(timeout: .now() + 30) == .success, "steps: \(recorder.steps)")
        try connection.waitUntilApplied(queued.last, timeout: 30)
        // The acknowledgements' events reach the callback queue after the I/O thread saw them.
        #expect(recorder.waitApplied(queued.last), "applied: \(recorder.applied)")
        #expect(connection.isConnected)
        let session = connection.welcome.sessionID

        // The queued commits were acknowledged by the new daemon after the replay, in order.
        let applied = recorder.applied
        let replaySeqs = try #require(recorder.steps.compactMap { e -> ResyncReport? in
            if case let .resynced(r) = e { return r }; return nil
        }.first)
        #expect(replaySeqs.queuedCommits == 3 && replaySeqs.layers == 5)
        let afterReplay = Array(applied.drop(while: { $0 < replaySeqs.replaySequences.upperBound }))
        #expect(afterReplay.count == 4, "the replay's acknowledgement, then the three queued commits': \(applied)")
        #expect(zip(afterReplay.dropLast(), afterReplay.dropFirst()).allSatisfy { $0 < $1 })
        #expect(afterReplay.last == queued.last)

        // The new daemon's presentation at a time T equals the curve's value at T.
        let control = try ControlClient(socketPath: second.socketPath, clientName: "resync-control")
        defer { control.close() }
        let t = MediaTime.now() + 0.5
        let dump = try TreeDump(control.treeReply(presentation: true, at: t, session: session))
        let expectedX = 600 * (t - begin) / 20
        let x = try #require(dump.numbers("position", of: card.id, session: session))
        #expect(abs(x[0] - expectedX) < 1e-6, "server x \(x[0]), curve \(expectedX)")
        #expect(abs(x[1] - 100) < 1e-9)
        let clientX = queue.sync { card.presentation(at: t).position.x }
        #expect(abs(clientX - expectedX) < 1e-6)
        #expect(try #require(dump.numbers("opacity", of: card.id, session: session))[0] == 0.25,
                "the commit made while down")
        #expect(try #require(dump.numbers("cornerRadius", of: card.id, session: session))[0] == 6)
        #expect(abs(try #require(dump.numbers("opacity", of: hold.id, session: session))[0] - 0.8) < 1e-9,
                "the finished animation held by fillMode forwards is replayed")
        let badgeBegin = try #require(queue.sync { badge.animation(forKey: "in") }).timing.beginTime
        let badgeOpacity = try #require(dump.numbers("opacity", of: badge.id, session: session))[0]
        #expect(abs(badgeOpacity - (t - badgeBegin) / 30) < 1e-6, "the animation added while down")
        #expect(dump.layer(root.id, session: session)?.sublayers == [card.id, hold.id, pulse.id, badge.id])

        // The animation in flight at the kill completes after the resync, with its block.
        #expect(inFlight.stopped.wait(timeout: .now() + 30) == .success)
        queue.sync {}
        #expect(inFlight.stops == [true] && inFlight.started == 1)
        #expect(recorder.log == ["resynced", "pulse completed"])
        #expect(held.stops == [true], "the held animation is not reported twice")
    }

    @Test func aDaemonStoppedOnPurposeIsSurvivedWhenThePolicySaysSo() throws {
        let first = try Daemon(clock: "real")
        defer { first.stop() }
        let queue = DispatchQueue(label: "e2e.resync.goodbye")
        let connection = try Connection(socketPath: first.socketPath, clientName: "goodbye", callbackQueue: queue,
                                        reconnect: ReconnectPolicy(afterGoodbye: true))
        let context = Context(connection: connection)
        let recorder = Recorder()
        let layer = queue.sync { () -> Layer in
            recorder.attach(context)
            let l = Layer()
            context.rootLayer = l
            l.add(.basic("opacity", from: .number(0), to: .number(1), duration: 60, timingFunction: .linear), forKey: "fade")
            return l
        }
        queue.sync {}
        try connection.waitUntilApplied(queue.sync { context.lastSentSequence }, timeout: 30)
        let begin = try #require(queue.sync { layer.animation(forKey: "fade") }).timing.beginTime
        kill(first.process.processIdentifier, SIGTERM)
        first.process.waitUntilExit()
        #expect(recorder.disconnected.wait(timeout: .now() + 30) == .success)
        guard case let .disconnected(.goodbye(reason))? = recorder.steps.first else {
            Issue.record("expected a goodbye first, got \(recorder.steps)")
            return
        }
        #expect(reason.contains("shutting down"))
        let second = try Daemon(clock: "real", socketPath: first.socketPath)
        defer { second.stop() }
        #expect(recorder.resynced.wait(timeout: .now() + 30) == .success, "steps: \(recorder.steps)")
        let control = try ControlClient(socketPath: second.socketPath, clientName: "goodbye-control")
        defer { control.close() }
        let t = MediaTime.now() + 0.25
        let session = connection.welcome.sessionID
        let dump = try TreeDump(control.treeReply(presentation: true, at: t, session: session))
        let opacity = try #require(dump.numbers("opacity", of: layer.id, session: session))[0]
        #expect(abs(opacity - (t - begin) / 60) < 1e-6)
        #expect(dump.animationKeys(of: layer.id, session: session) == ["fade"])
    }

    @Test func reconnectionGivesUpWhenNoDaemonComesBack() throws {
        let daemon = try Daemon(clock: "real")
        defer { daemon.stop() }
        let queue = DispatchQueue(label: "e2e.resync.giveup")
        let policy = ReconnectPolicy(initialDelay: 0.01, maximumDelay: 0.04, maximumAttempts: 3)
        let connection = try Connection(socketPath: daemon.socketPath, clientName: "giveup", callbackQueue: queue,
                                        reconnect: policy)
        let context = Context(connection: connection)
        let recorder = Recorder()
        let final = Locked<ConnectionError?>(nil)
        queue.sync {
            recorder.attach(context)
            context.onDisconnect = { e in final.set(e); recorder.ended.signal() }
            context.rootLayer = Layer()
        }
        queue.sync {}
        try connection.waitUntilApplied(1, timeout: 30)
        kill(daemon.process.processIdentifier, SIGKILL)
        daemon.process.waitUntilExit()
        #expect(recorder.ended.wait(timeout: .now() + 30) == .success)
        let steps = recorder.steps
        #expect(steps.first == .disconnected(.closed(path: daemon.socketPath)))
        let attempts = steps.compactMap { e -> Int? in if case let .reconnecting(n, _, _) = e { return n }; return nil }
        #expect(attempts == [1, 2, 3])
        guard case let .gaveUp(.reconnectFailed(path, n, _, last))? = steps.last else {
            Issue.record("expected gaveUp(reconnectFailed), got \(steps)")
            return
        }
        #expect(path == daemon.socketPath && n == 3)
        if case .noDaemon = last {} else { Issue.record("the last attempt failed with \(last), not noDaemon") }
        #expect(final.get() == steps.last.flatMap { if case let .gaveUp(e) = $0 { return e }; return nil })
        #expect(!connection.isConnected && connection.isEnded)
        queue.sync { #expect(context.isDisconnected) }
    }
}
