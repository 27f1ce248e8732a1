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
/// the I/O thread reports `disconnected`, waits and retries (`reconnecting`; a change of
/// the socket's folder — the daemon binding its socket again — cuts a wait short), handshakes
/// on a new channel, writes the replay of `mirror` (what the lost session held, then the
/// commits made meanwhile as markers) before any other commit, installs it and reports
/// `reconnected` followed by the replay's outcome; then it reads again. None of this waits
/// for the callback queue: a daemon restarted while the app's main thread is blocked shows
/// the app's last committed state as soon as it accepts the connection. Between the loss
/// and the replay, commits go into the mirror (`SessionMirror.absorb`).
///
/// Sendable by its own discipline: `handlers`, `state` and `mirror` are behind their locks,
/// writes, the channel's replacement and the descriptor's closing behind `writeLock` (taken
/// before `mirror`'s lock on the write path; the I/O thread takes `mirror`'s alone for the
/// daemon's events), the rest immutable. The I/O thread reads `channel` without the lock:
/// only it replaces it.
final class ConnectionCore: @unchecked Sendable {
    struct Handlers {
        var event: ((Message) -> Void)?
        var error: ((ErrorMessage) -> Void)?
        var disconnect: ((ConnectionError) -> Void)?
        var reconnect: ((ReconnectEvent) -> Void)?
        /// After `reconnect(.reconnected)`, in the same work item: what the replay sent.
        var replayed: ((ReplayOutcome) -> Void)?
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
    let sharedContentsThreshold: Int
    let handlers = Locked(Handlers())
    /// What the session holds, and the numbering across sessions (see `SessionMirror`).
    let mirror = Locked(SessionMirror())
    let state: Locked<State>
    /// Signalled (with `stateCondition`'s lock) when pongs, acknowledgements, the end or a
    /// `close` arrive (the reconnection wait listens to it too).
    private let stateCondition = NSCondition()
    /// Serializes writes; `fdClosed` under it keeps a reused descriptor from being written.
    private let writeLock = NSLock()
    private var fdClosed = false

    init(channel: SocketChannel, welcome: Welcome, clientName: String, queue: DispatchQueue, policy: ReconnectPolicy?,
         sharedContentsThreshold: Int) {
        self.channel = channel; self.path = channel.path; self.clientName = clientName
        self.queue = queue; self.policy = policy; self.sharedContentsThreshold = sharedContentsThreshold
        self.state = Locked(State(serverMediaTime: welcome.mediaTime, welcome: welcome))
        mirror.withLock { $0.limits = welcome.limits }
    }

    /// The current session's frame limit (the daemon's `maxFrameBytes`).
    var frameLimit: Int { Int(state.withLock { $0.welcome.limits.maxFrameBytes }) }

    // MARK: Writing (any thread)

    /// Writes a message that is not a commit (pings, pongs, control requests, goodbye).
    func write(_ frame: [UInt8]) throws(ConnectionError) {
        writeLock.lock(); defer { writeLock.unlock() }
        try checkWritable()
        try channel.write(frame)
    }

    /// As `write(_:)` with the frame of `message`: a ping or a pong is encoded on the stack
    /// (`WireCodec.withEncodedFrame`), not into an array.
    func write(_ message: Message) throws(ConnectionError) {
        writeLock.lock(); defer { writeLock.unlock() }
        try checkWritable()
        try channel.write(message)
    }

    /// Throws why the connection takes no more writes, if it does not. Under `writeLock`.
    private func checkWritable() throws(ConnectionError) {
        let refusal = state.withLock { s -> ConnectionError? in s.end ?? s.sessionLost }
        if let refusal { throw refusal }
        guard !fdClosed else { throw .closedByClient }
    }

    /// Sends a commit numbered here: `build` gets the next sequence number (above any
    /// reserved for a replay) and makes the commit. Returns that number. See `send(_:)`.
    func sendNumbered(_ build: (UInt64) -> Commit) throws(ConnectionError) -> UInt64 {
        writeLock.lock(); defer { writeLock.unlock() }
        let commit = build(mirror.withLock { $0.nextSequence() })
        try sendLocked(commit)
        return commit.sequence
    }

    /// Sends a commit numbered by the caller (above every number used so far, and above
    /// `reservedSequenceTop` after a loss, or the daemon refuses it).
    func send(_ commit: Commit) throws(ConnectionError) {
        writeLock.lock(); defer { writeLock.unlock() }
        let floor = mirror.withLock { $0.nextSequence() - 1 }
        guard commit.sequence > floor else { throw .sequenceTooLow(sequence: commit.sequence, floor: floor) }
        try sendLocked(commit)
    }

    /// The highest sequence number reserved for a replay (commits go above it).
    var reservedSequenceTop: UInt64 { mirror.withLock { $0.reservedTop } }

    /// Under `writeLock`. Up: the commit goes into the image and onto the socket (contents
    /// of at least `sharedContentsThreshold` bytes by shared memory). Down (the session was
    /// lost and its replacement has not had its replay): into the image and the markers, to
    /// reach the next daemon with the replay. A write that fails because the daemon went
    /// away, when the policy reconnects, is not an error: the commit is in the image.
    private func sendLocked(_ commit: Commit) throws(ConnectionError) {
        let (end, welcome) = state.withLock { s in (s.end, s.welcome) }
        if let end { throw end }
        if state.withLock({ $0.closedByClient }) { throw .closedByClient }
        if mirror.withLock({ $0.isDown }) {
            let refused = mirror.withLock { m -> ConnectionError? in
                do throws(ConnectionError) { try m.absorb(commit) } catch { return error }
                return nil
            }
            if let refused { throw refused }
            return
        }
        let packer = SharedContentsPacker(threshold: sharedContentsThreshold, limits: welcome.limits)
        defer { packer.closeAll() }
        let frame = WireCodec.encode(.commit(commit), sharingBitmaps: packer.share)
        let limit = Int(welcome.limits.maxFrameBytes)
        guard frame.count <= limit else {
            mirror.withLock { $0.skipped(commit.sequence) }
            throw .commitTooLarge(sequence: commit.sequence, bytes: frame.count, limit: limit)
        }
        mirror.withLock { $0.sent(commit) }
        do throws(ConnectionError) {
            guard !fdClosed else { throw .closed(path: path) }
            try channel.write(frame, descriptors: packer.descriptors)
        } catch {
            if let policy, policy.retries(after: error), !state.withLock({ $0.closedByClient || $0.end != nil }) {
                // The daemon went away under this write; the I/O thread reports the loss.
                mirror.withLock { $0.sessionLost() }
                return
            }
            throw error
        }
    }

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
        try write(.ping(token))
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
            // Commits from now on go into the mirror, numbered above the replay's reserve.
            writeLock.lock()
            mirror.withLock { $0.sessionLost() }
            signal { s in
                s.sessionLost = end
                s.epoch += 1
                s.goodbye = nil
            }
            writeLock.unlock()
            // Watching before anyone hears of the loss: a daemon that comes back meanwhile is seen.
            let watch = SocketWatch(path: path)
            report(.disconnected(end))
            switch reconnect(policy: policy, watch: watch) {
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

    /// Tries to open a new session with backoff (on the I/O thread; see `Reconnector`). On
    /// success the replay is written on the new channel, the channel installed, the state
    /// reset for it, and `reconnected` reported with the replay's outcome.
    private func reconnect(policy: ReconnectPolicy, watch: SocketWatch) -> ReconnectOutcome {
        let attempt = Reconnector.connect(path: path, clientName: clientName, policy: policy, watch: watch,
                                          stop: { state.withLock { $0.closedByClient } },
                                          report: { report($0) })
        let fresh: SocketChannel
        let welcome: Welcome
        switch attempt {
        case let .success((c, w)): (fresh, welcome) = (c, w)
        case let .failure(e): return .failed(e)
        }
        writeLock.lock()
        let closed = state.withLock { $0.closedByClient }
        if closed {
            writeLock.unlock()
            try? fresh.write(WireCodec.encode(.goodbye(Goodbye(reason: "client closed the connection"))))
            fresh.close()
            return .failed(.closedByClient)
        }
        // The replay goes first, written while commits wait on the lock.
        let replay: SessionMirror.Plan?
        do throws(ConnectionError) { replay = try writeReplay(on: fresh, welcome: welcome) } catch {
            writeLock.unlock()
            fresh.close()
            return .failed(error)
        }
        channel = fresh
        fdClosed = false
        mirror.withLock { $0.limits = welcome.limits }
        signal { s in
            s.sessionLost = nil
            s.welcome = welcome
            s.serverMediaTime = welcome.mediaTime
            s.goodbye = nil
        }
        writeLock.unlock()
        let outcome = replay.map { ReplayOutcome($0, welcome: welcome) }
        queue.async { [self] in
            let h = handlers.withLock { $0 }
            h.reconnect?(.reconnected(welcome))
            if let outcome { h.replayed?(outcome) }
        }
        return .connected
    }

    /// Under `writeLock`: writes the mirror's replay and markers on a new session. Returns
    /// the plan when it was written whole; nil when the new session failed under it (the
    /// mirror stays down: the read of that session ends, and the next one replays again).
    /// Throws when the replay cannot fit the new daemon's limits (the connection ends).
    private func writeReplay(on fresh: SocketChannel, welcome: Welcome) throws(ConnectionError) -> SessionMirror.Plan? {
        let now = welcome.manualClock ? welcome.mediaTime : MediaTime.now()
        guard mirror.withLock({ $0.isDown && !$0.skipReplayIfUnused() }) else { return nil }
        let planned = mirror.withLock { m -> Result<SessionMirror.Plan, ConnectionError> in
            do throws(ConnectionError) { return .success(try m.planReplay(limits: welcome.limits, now: now)) } catch {
                return .failure(error)
            }
        }
        let plan = try planned.get()
        do throws(ConnectionError) {
            for part in plan.parts { try fresh.write(part.frame) }
            for m in plan.markers {
                try fresh.write(WireCodec.encode(.commit(Commit(sequence: m.sequence, mediaTime: m.mediaTime, commands: [],
                                                                requestsPresentation: m.requestsPresentation))))
            }
        } catch {
            return nil
        }
        mirror.withLock { $0.replaySent(plan) }
        return plan
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
            try? write(.pong(token))
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
            mirror.withLock { $0.image.noteRetargeted(e) }
            events.append(m)
        case let .animationStarted(e):
            state.withLock { $0.serverMediaTime = max($0.serverMediaTime, e.mediaTime) }
            events.append(m)
        case let .animationStopped(e):
            state.withLock { $0.serverMediaTime = max($0.serverMediaTime, e.mediaTime) }
            mirror.withLock { $0.image.noteStopped(e) }
            events.append(m)
        case let .animationsStarted(r):
            // Version 5's runs: delivered as the events they stand for (one lock for the run).
            state.withLock { $0.serverMediaTime = max($0.serverMediaTime, r.mediaTime) }
            events.append(contentsOf: m.events)
        case let .animationsFinished(r):
            state.withLock { $0.serverMediaTime = max($0.serverMediaTime, r.mediaTime) }
            let stops = m.events
            mirror.withLock { mirror in
                for case let .animationStopped(e) in stops { mirror.image.noteStopped(e) }
            }
            events.append(contentsOf: stops)
        case let .trackerUpdate(u):
            if u.reason == .moved || u.state == .idle { mirror.withLock { $0.image.noteTracker(u) } }
            events.append(m)
        case let .displayChanged(d):
            // The welcome's display stays current (`Connection.welcome`); the context hears it in turn.
            state.withLock { s in
                s.welcome.displayWidth = d.width
                s.welcome.displayHeight = d.height
                s.welcome.refreshRate = d.refreshRate
            }
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
