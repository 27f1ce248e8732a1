import Dispatch
import Foundation
import Synchronization
import Testing
@testable import RenderClient

/// `Connection` replacing a lost session, against a scripted peer that comes back after it
/// drops the client (no daemon): the events, the new welcome, the replay of what the lost
/// session held, pings to the lost session, waits across sessions.
@Suite struct ReconnectionTests {
    /// A peer that welcomes each connection with the next session id (media time 100 × id),
    /// acknowledges commits, answers pings — and drops the client when it receives ping 99.
    static func peer() throws -> ScriptedPeer {
        let sessions = Locked<UInt32>(0)
        // The peer itself, for its own thread's `respond` (set once it exists; weak, since
        // the peer keeps `respond`).
        let holder = Locked<Weak<ScriptedPeer>?>(nil)
        let peer = try ScriptedPeer(acceptsMany: true) { m in
            switch m {
            case .hello:
                let id = sessions.withLock { s -> UInt32 in s += 1; return s }
                var w = ScriptedPeer.welcome
                w.sessionID = id
                w.mediaTime = 100 * Double(id)
                return [.welcome(w)]
            case let .commit(c):
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
        return peer
    }

    /// The reconnection events: recorded on the callback queue, read by the test's thread.
    final class Steps: Sendable {
        private let events = Mutex<[ReconnectEvent]>([])
        let reconnected = DispatchSemaphore(value: 0)
        func record(_ e: ReconnectEvent) {
            events.withLock { $0.append(e) }
            if case .reconnected = e { reconnected.signal() }
        }
        var all: [ReconnectEvent] { events.withLock { $0 } }
    }

    @Test func aLostSessionIsReplacedAndWhatItHeldIsReplayedFirst() throws {
        let peer = try Self.peer()
        defer { peer.stopAccepting() }
        let queue = DispatchQueue(label: "ReconnectionTests.replay")
        let connection = try Connection(socketPath: peer.path, clientName: "replay", callbackQueue: queue,
                                        reconnect: ReconnectPolicy(initialDelay: 0.01))
        defer { connection.close() }
        let steps = Steps()
        connection.onReconnect = { steps.record($0) }
        try connection.send(Commit(sequence: 1, mediaTime: 100, commands: [.createLayer(1, .layer), .setRoot(1)]))
        try connection.waitUntilApplied(1, timeout: 30)
        #expect(connection.welcome.sessionID == 1)

        // The peer drops the client while a ping is outstanding: the ping fails at once.
        #expect(throws: ConnectionError.closed(path: peer.path)) {
            try connection.core.pingToken99(timeout: 30)
        }
        #expect(steps.reconnected.wait(timeout: .now() + 30) == .success)
        queue.sync {}
        #expect(steps.all.count == 3)
        #expect(steps.all.first == .disconnected(.closed(path: peer.path)))
        #expect(steps.all.dropFirst().first == .reconnecting(attempt: 1, delay: 0.01, lastError: nil))
        #expect(connection.welcome.sessionID == 2 && connection.serverMediaTime == 200)
        #expect(connection.isConnected && !connection.isEnded)

        // The replay reached the new session before `reconnected` was reported, numbered
        // above the lost commit; later commits go above the reserve.
        #expect(connection.reservedSequenceTop == 1 + Context.replayReserve)
        #expect(try connection.waitUntilApplied(2, timeout: 30).sequence == 2, "the replay is acknowledged")
        // A commit numbered inside the replay's reserve is refused here, clearly (the daemon
        // would end the session).
        #expect(throws: ConnectionError.sequenceTooLow(sequence: 3, floor: 1025)) {
            try connection.send(Commit(sequence: 3, mediaTime: 200, commands: [.createLayer(2, .layer)]))
        }
        try connection.send(Commit(sequence: 1026, mediaTime: 200, commands: [.createLayer(2, .layer)]))
        try connection.waitUntilApplied(1026, timeout: 30)
        let commits = peer.received.withLock { $0.compactMap { m -> Commit? in
            if case let .commit(c) = m { return c }; return nil
        } }
        #expect(commits.map(\.sequence) == [1, 2, 1026])
        #expect(commits[1].commands == [.createLayer(1, .layer), .setRoot(1)])
    }

    @Test func closingWhileReconnectingEndsTheConnection() throws {
        let peer = try Self.peer()
        let queue = DispatchQueue(label: "ReconnectionTests.close")
        // A long first wait: the close must cut it short.
        let connection = try Connection(socketPath: peer.path, clientName: "close", callbackQueue: queue,
                                        reconnect: ReconnectPolicy(initialDelay: 600, maximumDelay: 600))
        let ended = DispatchSemaphore(value: 0)
        let reason = Locked<ConnectionError?>(nil)
        let disconnected = DispatchSemaphore(value: 0)
        connection.onReconnect = { e in if case .disconnected = e { disconnected.signal() } }
        connection.onDisconnect = { e in reason.withLock { $0 = e }; ended.signal() }
        peer.stopAccepting()
        #expect(throws: ConnectionError.closed(path: peer.path)) { try connection.core.pingToken99(timeout: 30) }
        #expect(disconnected.wait(timeout: .now() + 30) == .success)
        connection.close()
        #expect(ended.wait(timeout: .now() + 30) == .success)
        #expect(reason.withLock { $0 } == .closedByClient)
        #expect(connection.isEnded)
    }
    /// `ControlClient` replaces a lost session like `Connection`: a read-only request is
    /// asked again on the new session; one that acts on the daemon (`kick`) throws the loss.
    @Test func aControlClientReconnectsAndAsksAgain() throws {
        let sessions = Locked<UInt32>(0)
        let holder = Locked<Weak<ScriptedPeer>?>(nil)
        // Drops the client on the first stats request of session 1 and on every kick.
        let peer = try ScriptedPeer(acceptsMany: true) { m in
            let session = sessions.withLock { $0 }
            switch m {
            case .hello:
                let id = sessions.withLock { s -> UInt32 in s += 1; return s }
                var w = ScriptedPeer.welcome
                w.sessionID = id
                return [.welcome(w)]
            case let .statsRequest(id) where session > 1:
                return [.statsReply(StatsReply(requestID: id, json: "{\"session\":\(session)}"))]
            case .statsRequest, .kickRequest:
                holder.withLock { $0?.value }?.dropClient()
                return []
            default:
                return []
            }
        }
        holder.withLock { $0 = Weak(peer) }
        defer { peer.stopAccepting() }
        let control = try ControlClient(socketPath: peer.path, clientName: "control",
                                        reconnect: ReconnectPolicy(initialDelay: 0.01))
        #expect(control.welcome.sessionID == 1)
        #expect(try control.stats() == "{\"session\":2}", "asked again on the new session")
        #expect(control.welcome.sessionID == 2 && control.reconnections == 1)
        #expect(throws: ConnectionError.closed(path: peer.path)) { try control.kick(session: 5) }
        #expect(control.reconnections == 2, "the next call goes to the new session")
        #expect(try control.stats() == "{\"session\":3}")
        control.close() // the peer serves one client at a time

        // Without a policy the loss is the call's error.
        let plain = try ControlClient(socketPath: peer.path, clientName: "plain", reconnect: nil)
        defer { plain.close() }
        #expect(throws: ConnectionError.closed(path: peer.path)) { try plain.kick(session: 5) }
    }
}


extension ConnectionCore {
    /// A ping with the token the test peer answers by dropping the connection.
    func pingToken99(timeout: Double) throws(ConnectionError) {
        state.withLock { $0.nextPingToken = 99 }
        _ = try ping(timeout: timeout)
    }
}
