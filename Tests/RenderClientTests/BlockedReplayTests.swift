import Dispatch
import Foundation
import RenderCore
import RenderProtocol
import Synchronization
import Testing
@testable import RenderClient

/// A daemon restart while the app's queue is blocked: the connection replays what the lost
/// daemon held from its own thread, so the new session has the app's layers and running
/// animations before the queue runs again; once it does, the context catches up (events in
/// order, `resynced`, delegates and completion blocks exactly once). Against a scripted
/// peer that drops the client and accepts it again; the test waits on conditions (the
/// peer's semaphores), never for time to pass.
@Suite struct BlockedReplayTests {
    /// A peer on the real clock that welcomes session n, acknowledges commits, drops the
    /// client on ping 99, and signals `replayed` on the first commit of a later session.
    final class Peer: Sendable {
        let peer: ScriptedPeer
        let replayed = DispatchSemaphore(value: 0)
        private let sessions = Mutex<UInt32>(0)
        init() throws {
            let holder = Locked<Weak<ScriptedPeer>?>(nil)
            let sessions = Mutex<UInt32>(0)
            let replayed = self.replayed
            peer = try ScriptedPeer(acceptsMany: true) { m in
                switch m {
                case .hello:
                    let id = sessions.withLock { s -> UInt32 in s += 1; return s }
                    var w = ScriptedPeer.welcome
                    w.sessionID = id
                    w.manualClock = false
                    w.mediaTime = MediaTime.now()
                    return [.welcome(w)]
                case let .commit(c):
                    if sessions.withLock({ $0 }) > 1 && !c.commands.isEmpty { replayed.signal() }
                    return [.commitApplied(CommitApplied(sequence: c.sequence, frame: 1, mediaTime: c.mediaTime))]
                case .ping(99):
                    holder.withLock { $0?.value }?.dropClient()
                    return []
                case let .ping(t):
                    return [.pong(t)]
                default:
                    return []
                }
            }
            holder.withLock { $0 = Weak(peer) }
        }

        /// The commits received, in order.
        var commits: [Commit] {
            peer.received.withLock { $0.compactMap { if case let .commit(c) = $0 { return c }; return nil } }
        }
    }

    /// Records on the callback queue; read by the test thread.
    final class Log: AnimationDelegate, @unchecked Sendable {
        private let lock = NSCondition()
        private var _entries: [String] = []
        var entries: [String] { lock.lock(); defer { lock.unlock() }; return _entries }
        func note(_ s: String) { lock.lock(); _entries.append(s); lock.broadcast(); lock.unlock() }
        /// Waits (30 s at most) until `count` entries were noted.
        func wait(for count: Int) -> Bool {
            let deadline = Date().addingTimeInterval(30)
            lock.lock(); defer { lock.unlock() }
            while _entries.count < count { if !lock.wait(until: deadline) { return _entries.count >= count } }
            return true
        }
        func animationDidStart(_ anim: Animation) { note("start \(anim.keyPath.map { "\($0)" } ?? "?")") }
        func animationDidStop(_ anim: Animation, finished: Bool) {
            note("stop \(anim.keyPath.map { "\($0)" } ?? "?") \(finished)")
        }
    }

    @Test func theReplayReachesTheNewDaemonWhileTheQueueIsBlocked() throws {
        let p = try Peer()
        defer { p.peer.stopAccepting() }
        let queue = DispatchQueue(label: "BlockedReplayTests.main")
        let connection = try Connection(socketPath: p.peer.path, clientName: "blocked", callbackQueue: queue,
                                        reconnect: ReconnectPolicy(initialDelay: 0.01))
        defer { connection.close() }
        let context = Context(connection: connection)
        let log = Log()
        let now = MediaTime.now()
        let (root, dot) = queue.sync { () -> (Layer, Layer) in
            context.onReconnect = { e in
                switch e {
                case .disconnected: log.note("disconnected")
                case .reconnected: log.note("reconnected")
                case .resynced: log.note("resynced")
                default: break
                }
            }
            Transaction.begin()
            Transaction.disableActions = true
            Transaction.completionBlock = { log.note("completion") }
            let root = Layer(), dot = Layer()
            context.rootLayer = root
            root.addSublayer(dot)
            dot.position = Point(x: 10, y: 20)
            // Runs for a long time; and one that ended before it was even committed.
            var slide = Animation.basic("position.x", from: .number(0), to: .number(100), duration: 1000)
            slide.timing.beginTime = now
            dot.add(slide, forKey: "slide", delegate: log)
            var gone = Animation.basic("opacity", from: .number(0), to: .number(1), duration: 1)
            gone.timing.beginTime = now - 10
            dot.add(gone, forKey: "gone", delegate: log)
            Transaction.commit()
            return (root, dot)
        }
        let sent = queue.sync { context.lastSentSequence }
        try connection.waitUntilApplied(sent, timeout: 30)
        queue.sync {}

        // The app's queue blocks; the daemon dies and comes back meanwhile.
        let blocked = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        queue.async { blocked.signal(); release.wait() }
        blocked.wait()
        #expect(throws: ConnectionError.closed(path: p.peer.path)) { try connection.core.pingToken99(timeout: 30) }
        #expect(p.replayed.wait(timeout: .now() + 30) == .success, "the replay arrived while the queue was blocked")
        #expect(log.entries.isEmpty, "nothing ran on the blocked queue")
        let replay = try #require(p.commits.last)
        #expect(replay.sequence == sent + 1, "numbered above the lost session's commits")
        #expect(replay.commands.contains(.createLayer(root.id, .layer)) && replay.commands.contains(.setRoot(root.id)))
        #expect(replay.commands.contains(.insertSublayer(parent: root.id, child: dot.id, index: 0)))
        #expect(replay.commands.contains(.setProperty(dot.id, "position", .point(Point(x: 10, y: 20)))))
        let added = replay.addedAnimations
        #expect(added.map(\.key) == ["slide"], "the ended one is left out")
        #expect(added.first?.animation.timing.beginTime == now, "its original absolute begin time")

        // The queue runs again: the steps in order, the ended animation reported once after
        // `resynced`, its transaction's completion waits for the running one.
        release.signal()
        // The acknowledgement's event reaches the queue after the I/O thread read it: wait for
        // what it leads to.
        #expect(log.wait(for: 5))
        queue.sync {}
        #expect(log.entries == ["disconnected", "reconnected", "resynced", "start opacity", "stop opacity true"])
        let slideID = try #require(added.first?.id)
        queue.sync {
            context.deliver(.animationStopped(AnimationStopped(animationID: slideID, layer: dot.id, finished: true,
                                                               mediaTime: now + 1000)))
        }
        queue.sync {}
        #expect(log.entries.suffix(2) == ["stop position.x true", "completion"])
        #expect(log.entries.filter { $0.hasPrefix("stop") }.count == 2, "each delegate told once")
    }

    @Test func commitsMadeWhileDownFollowTheReplayAsMarkersAndAChangedSocketEndsTheWait() throws {
        let p = try Peer()
        defer { p.peer.stopAccepting() }
        let queue = DispatchQueue(label: "BlockedReplayTests.markers")
        // A first wait of ten minutes: only the socket file's change can end it early.
        let connection = try Connection(socketPath: p.peer.path, clientName: "markers", callbackQueue: queue,
                                        reconnect: ReconnectPolicy(initialDelay: 600, maximumDelay: 600))
        defer { connection.close() }
        let context = Context(connection: connection)
        let down = DispatchSemaphore(value: 0), resynced = DispatchSemaphore(value: 0)
        let layer = queue.sync { () -> Layer in
            context.onReconnect = { e in
                if case .disconnected = e { down.signal() }
                if case .resynced = e { resynced.signal() }
            }
            let l = Layer()
            context.rootLayer = l
            return l
        }
        queue.sync {}
        let first = queue.sync { context.lastSentSequence }
        try connection.waitUntilApplied(first, timeout: 30)
        #expect(throws: ConnectionError.closed(path: p.peer.path)) { try connection.core.pingToken99(timeout: 30) }
        #expect(down.wait(timeout: .now() + 30) == .success)
        // Down (the context heard it): this commit goes into the image and a marker.
        queue.sync { Transaction.perform(disableActions: true) { layer.opacity = 0.5 } }
        let marker = queue.sync { context.lastSentSequence }
        #expect(marker == first + Context.replayReserve + 1, "numbered above the replay's reserve")
        queue.sync { #expect(context.queuedCommitCount == 1) }
        // The daemon "binds its socket again": the wait ends at once.
        #expect(chmod(p.peer.path, 0o777) == 0)
        #expect(resynced.wait(timeout: .now() + 30) == .success)
        try connection.waitUntilApplied(marker, timeout: 30)
        let later = Array(p.commits.drop { $0.sequence <= first })
        #expect(later.map(\.sequence) == [first + 1, marker], "the replay, then the marker")
        #expect(later.first?.commands == [.createLayer(layer.id, .layer), .setProperty(layer.id, "opacity", .number(0.5)),
                                          .setRoot(layer.id)])
        #expect(later.last?.commands.isEmpty == true)
    }
}
