import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import RenderCore
import RenderProtocol

/// The state a `Connection` shares with its I/O thread, across sessions. The thread holds
/// it (not the `Connection`), so releasing the connection closes it: `close` shuts the
/// socket down (or wakes a reconnection wait), the blocked read returns end of stream, and
/// the thread closes the descriptor and exits.
///
/// With a `ReconnectPolicy`, a session that ends without the client asking is replaced:
/// the I/O thread reports `disconnected`, waits and retries (`reconnecting`), handshakes
/// on a new channel and installs it (`reconnected`), then reads again. Between the loss and
/// the new session writes fail with the loss; after it, commits stay refused while
/// `gateCommits` is set until the owner (a `Context`, which must replay its model first)
/// calls `openGate()`.
///
/// Sendable by its own discipline: `handlers` and `state` are behind their locks, writes,
/// the channel's replacement and the descriptor's closing behind `writeLock`, the rest
/// immutable. The I/O thread reads `channel` without the lock: only it replaces it.
final class ConnectionCore: @unchecked Sendable {
    struct Handlers {
        var event: ((Message) -> Void)?
        var error: ((ErrorMessage) -> Void)?
        var disconnect: ((ConnectionError) -> Void)?
        var reconnect: ((ReconnectEvent) -> Void)?
    }

    struct State {
        var nextPingToken: UInt64 = 1
        /// Outstanding pings: token → (session epoch, media time the pong was read).
        var pings: [UInt64: (epoch: Int, received: Double?)] = [:]
        var applied: CommitApplied?
        /// The connection is over (closed, failed for good, or reconnection gave up).
        var end: ConnectionError?
        /// The current session was lost and a new one is being sought.
        var sessionLost: ConnectionError?
        /// Counts sessions (0 for the first).
        var epoch = 0
        /// After a reconnection, commits are refused until the owner opens the gate.
        var gateClosed = false
        var closedByClient = false
        var goodbye: String?
        var fatal: ErrorMessage?
        /// The latest media time the server reported (welcome, commit acknowledgements,
        /// presentation feedback, animation events): its clock as last heard. Reset by each
        /// new session's welcome.
        var serverMediaTime: Double = 0
        var welcome: Welcome
    }

    private(set) var channel: SocketChannel
    let path: String
    let clientName: String
    let queue: DispatchQueue
    let policy: ReconnectPolicy?
    /// Whether commits wait for `openGate()` after a reconnection (set by a `Context`).
    let gateCommits = Locked(false)
    let handlers = Locked(Handlers())
    let state: Locked<State>
    /// Signalled (with `stateCondition`'s lock) when pongs, acknowledgements, the end or a
    /// `close` arrive (the reconnection wait listens to it too).
    private let stateCondition = NSCondition()
    /// Serializes writes; `fdClosed` under it keeps a reused descriptor from being written.
    private let writeLock = NSLock()
    private var fdClosed = false

    init(channel: SocketChannel, welcome: Welcome, clientName: String, queue: DispatchQueue, policy: ReconnectPolicy?) {
        self.channel = channel; self.path = channel.path; self.clientName = clientName
        self.queue = queue; self.policy = policy
        self.state = Locked(State(serverMediaTime: welcome.mediaTime, welcome: welcome))
    }

    /// The current session's frame limit (the daemon's `maxFrameBytes`).
    var frameLimit: Int { Int(state.withLock { $0.welcome.limits.maxFrameBytes }) }

    // MARK: Writing (any thread)

    /// `descriptors` go with the frame's first byte; the caller still owns them. A commit
    /// waits behind the gate a reconnection closes (see `openGate`).
    func write(_ frame: [UInt8], isCommit: Bool = false, descriptors: [Int32] = []) throws(ConnectionError) {
        writeLock.lock(); defer { writeLock.unlock() }
        let refusal = state.withLock { s -> ConnectionError? in
            if let end = s.end { return end }
            if let lost = s.sessionLost { return lost }
            if isCommit && s.gateClosed { return .closed(path: path) }
            return nil
        }
        if let refusal { throw refusal }
        guard !fdClosed else { throw .closedByClient }
        try channel.write(frame, descriptors: descriptors)
    }

    /// Lets commits through on the new session (the owner's replay goes first).
    func openGate() { state.withLock { $0.gateClosed = false } }

    func close(reason: String) {
        let first = state.withLock { s -> Bool in
            guard !s.closedByClient else { return false }
            s.closedByClient = true
            return true
        }
        guard first else { return }
        try? write(WireCodec.encode(.goodbye(Goodbye(reason: reason))))
        writeLock.lock()
        if !fdClosed { channel.shutdownBoth() }
        writeLock.unlock()
        // Wakes a reconnection wait.
        signal { _ in }
    }

    // MARK: Waiting (any thread)

    func ping(timeout: Double) throws(ConnectionError) -> Double {
        let token = state.withLock { s -> UInt64 in
            let t = s.nextPingToken
            s.nextPingToken += 1
            s.pings[t] = (s.epoch, nil)
            return t
        }
        defer { _ = state.withLock { $0.pings.removeValue(forKey: token) } }
        let start = MediaTime.now()
        try write(WireCodec.encode(.ping(token)))
        let received = try wait(timeout: timeout, operation: "ping") { s throws(ConnectionError) -> Double? in
            guard let p = s.pings[token] else { return nil }
            // The session the ping went to was lost: its pong will never come.
            if p.epoch != s.epoch || s.sessionLost != nil { throw s.sessionLost ?? .closed(path: path) }
            return p.received
        }
        return received - start
    }

    func waitUntilApplied(_ sequence: UInt64, timeout: Double) throws(ConnectionError) -> CommitApplied {
        try wait(timeout: timeout, operation: "waiting for commit \(sequence) to be applied") { s in
            if let a = s.applied, a.sequence >= sequence { return a }
            return nil
        }
    }

    /// Waits until `ready` gives a value (or throws), the connection ends (throws why) or
    /// time runs out. A lost session that is being replaced does not end the wait.
    private func wait<T>(timeout: Double, operation: String,
                         _ ready: (State) throws(ConnectionError) -> T?) throws(ConnectionError) -> T {
        let deadline = Date(timeIntervalSinceNow: timeout)
        stateCondition.lock(); defer { stateCondition.unlock() }
        while true {
            let s = state.withLock { $0 }
            if let value = try ready(s) { return value }
            if let end = s.end { throw end }
            if !stateCondition.wait(until: deadline) {
                if let value = try ready(state.withLock { $0 }) { return value }
                throw .timedOut(operation: operation, path: path, seconds: timeout)
            }
        }
    }

    private func signal(_ change: (inout State) -> Void) {
        stateCondition.lock()
        state.withLock(change)
        stateCondition.broadcast()
        stateCondition.unlock()
    }

    // MARK: The I/O thread

    /// The I/O thread's body: reads the session until it ends; then, when the policy retries
    /// that end, reconnects and reads the new session, and so on; finally reports the end.
    func run() {
        var end = readSession()
        while let policy, shouldRetry(end, policy: policy) {
            signal { s in
                s.sessionLost = end
                s.epoch += 1
                s.goodbye = nil
            }
            report(.disconnected(end))
            switch reconnect(policy: policy) {
            case .connected:
                end = readSession()
            case let .failed(finalError):
                end = finalError
                report(.gaveUp(finalError))
                finish(finalError)
                return
            }
        }
        finish(end)
    }

    private func shouldRetry(_ end: ConnectionError, policy: ReconnectPolicy) -> Bool {
        state.withLock { s in !s.closedByClient && s.fatal == nil && s.end == nil } && policy.retries(after: end)
    }

    /// The connection is over: wake every waiter and tell `onDisconnect`.
    private func finish(_ end: ConnectionError) {
        signal { $0.end = end; $0.sessionLost = nil }
        queue.async { [self] in handlers.withLock { $0.disconnect }?(end) }
    }

    private func report(_ event: ReconnectEvent) {
        queue.async { [self] in handlers.withLock { $0.reconnect }?(event) }
    }

    private enum ReconnectOutcome { case connected, failed(ConnectionError) }

    /// Tries to open a new session with backoff (on the I/O thread). On success the new
    /// channel is installed, the state reset for it and `reconnected` reported.
    private func reconnect(policy: ReconnectPolicy) -> ReconnectOutcome {
        let started = MediaTime.now()
        var lastError: ConnectionError?
        var attempt = 0
        while true {
            attempt += 1
            let elapsed = MediaTime.now() - started
            if attempt > policy.maximumAttempts || elapsed >= policy.maximumDuration {
                let last = lastError ?? .closed(path: path)
                return .failed(.reconnectFailed(path: path, attempts: attempt - 1, seconds: elapsed, lastError: last))
            }
            let delay = policy.delay(beforeAttempt: attempt)
            report(.reconnecting(attempt: attempt, delay: delay, lastError: lastError))
            // Wait, waking early only for `close()`.
            let deadline = Date(timeIntervalSinceNow: delay)
            stateCondition.lock()
            while !state.withLock({ $0.closedByClient }) && stateCondition.wait(until: deadline) {}
            stateCondition.unlock()
            if state.withLock({ $0.closedByClient }) {
                return .failed(.closedByClient)
            }
            let fresh: SocketChannel
            let welcome: Welcome
            do throws(ConnectionError) {
                fresh = try SocketChannel.connect(path: path)
                do { welcome = try fresh.handshake(clientName: clientName, timeout: policy.handshakeTimeout) } catch {
                    fresh.close()
                    throw error
                }
            } catch {
                lastError = error
                switch error {
                case .noDaemon, .closed, .timedOut, .system, .handshakeFailed: continue
                default:
                    // A daemon that refuses this client's protocol will not change its mind.
                    let elapsed = MediaTime.now() - started
                    return .failed(.reconnectFailed(path: path, attempts: attempt, seconds: elapsed, lastError: error))
                }
            }
            writeLock.lock()
            let closed = state.withLock { $0.closedByClient }
            if closed {
                writeLock.unlock()
                try? fresh.write(WireCodec.encode(.goodbye(Goodbye(reason: "client closed the connection"))))
                fresh.close()
                return .failed(.closedByClient)
            }
            channel = fresh
            fdClosed = false
            let gate = gateCommits.withLock { $0 }
            signal { s in
                s.sessionLost = nil
                s.welcome = welcome
                s.serverMediaTime = welcome.mediaTime
                s.goodbye = nil
                s.gateClosed = gate
            }
            writeLock.unlock()
            report(.reconnected(welcome))
            return .connected
        }
    }

    /// Reads the current session until it ends; returns why. Closes its descriptor.
    private func readSession() -> ConnectionError {
        var end: ConnectionError
        loop: while true {
            let more: Bool
            do { more = try channel.fill(timeout: nil) } catch {
                end = error
                break loop
            }
            var events: [Message] = []
            do {
                while let m = try channel.nextBuffered() { handle(m, into: &events) }
            } catch {
                deliver(events)
                end = error
                break loop
            }
            deliver(events)
            if !more {
                end = state.withLock { s -> ConnectionError in
                    if s.closedByClient { return .closedByClient }
                    if let g = s.goodbye { return .goodbye(reason: g) }
                    if let f = s.fatal { return .server(f) }
                    return .closed(path: path)
                }
                break loop
            }
        }
        if case .closed = end, state.withLock({ $0.closedByClient }) { end = .closedByClient }
        writeLock.lock()
        fdClosed = true
        channel.close()
        writeLock.unlock()
        return end
    }

    private func handle(_ m: Message, into events: inout [Message]) {
        switch m {
        case let .pong(token):
            let now = MediaTime.now()
            signal { s in if s.pings[token] != nil { s.pings[token]!.received = now } }
        case let .ping(token):
            try? write(WireCodec.encode(.pong(token)))
        case let .commitApplied(a):
            signal { s in
                if (s.applied?.sequence ?? 0) <= a.sequence { s.applied = a }
                s.serverMediaTime = max(s.serverMediaTime, a.mediaTime)
            }
            events.append(m)
        case let .commitPresented(p):
            state.withLock { $0.serverMediaTime = max($0.serverMediaTime, p.mediaTime) }
            events.append(m)
        case let .springRetargeted(e):
            state.withLock { $0.serverMediaTime = max($0.serverMediaTime, e.mediaTime) }
            events.append(m)
        case let .animationStarted(e):
            state.withLock { $0.serverMediaTime = max($0.serverMediaTime, e.mediaTime) }
            events.append(m)
        case let .animationStopped(e):
            state.withLock { $0.serverMediaTime = max($0.serverMediaTime, e.mediaTime) }
            events.append(m)
        case let .goodbye(g):
            // The session is over whether or not the server closes promptly: stop writing,
            // and let the read loop end once the buffered messages are handled.
            state.withLock { $0.goodbye = g.reason }
            writeLock.lock()
            if !fdClosed { channel.shutdownBoth() }
            writeLock.unlock()
        case let .error(e):
            if e.fatal { state.withLock { $0.fatal = e } }
            events.append(m)
        default:
            events.append(m)
        }
    }

    /// Hands a batch of events to the callback queue in one work item.
    private func deliver(_ events: [Message]) {
        guard !events.isEmpty else { return }
        queue.async { [self] in
            let h = handlers.withLock { $0 }
            for m in events {
                if case let .error(e) = m { h.error?(e) } else { h.event?(m) }
            }
        }
    }
}
