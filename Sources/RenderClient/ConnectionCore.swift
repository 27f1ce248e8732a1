import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import RenderCore
import RenderProtocol

/// The state a `Connection` shares with its I/O thread. The thread holds it (not the
/// `Connection`), so releasing the connection closes it: `close` shuts the socket down,
/// the blocked read returns end of stream, and the thread closes the descriptor and exits.
///
/// Sendable by its own discipline: `handlers` and `state` are behind their locks, writes and
/// the descriptor's closing behind `writeLock`, the rest immutable.
final class ConnectionCore: @unchecked Sendable {
    struct Handlers {
        var event: ((Message) -> Void)?
        var error: ((ErrorMessage) -> Void)?
        var disconnect: ((ConnectionError) -> Void)?
    }

    struct State {
        var nextPingToken: UInt64 = 1
        /// Outstanding pings: token → media time the pong was read (nil until then).
        var pings: [UInt64: Double?] = [:]
        var applied: CommitApplied?
        var end: ConnectionError?
        var closedByClient = false
        var goodbye: String?
        var fatal: ErrorMessage?
        /// The latest media time the server reported (welcome, frame acknowledgements,
        /// animation events): its clock as last heard.
        var serverMediaTime: Double = 0
    }

    let channel: SocketChannel
    let queue: DispatchQueue
    let frameLimit: Int
    let handlers = Locked(Handlers())
    let state = Locked(State())
    /// Signalled (with `stateCondition`'s lock) when pongs, acknowledgements or the end arrive.
    private let stateCondition = NSCondition()
    /// Serializes writes; `fdClosed` under it keeps a reused descriptor from being written.
    private let writeLock = NSLock()
    private var fdClosed = false

    init(channel: SocketChannel, queue: DispatchQueue, frameLimit: Int) {
        self.channel = channel; self.queue = queue; self.frameLimit = frameLimit
    }

    // MARK: Writing (any thread)

    /// `descriptors` go with the frame's first byte; the caller still owns them.
    func write(_ frame: [UInt8], descriptors: [Int32] = []) throws(ConnectionError) {
        writeLock.lock(); defer { writeLock.unlock() }
        if let end = state.withLock({ $0.end }) { throw end }
        guard !fdClosed else { throw .closedByClient }
        try channel.write(frame, descriptors: descriptors)
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
    }

    // MARK: Waiting (any thread)

    func ping(timeout: Double) throws(ConnectionError) -> Double {
        let token = state.withLock { s -> UInt64 in
            let t = s.nextPingToken
            s.nextPingToken += 1
            s.pings[t] = .some(nil)
            return t
        }
        defer { _ = state.withLock { $0.pings.removeValue(forKey: token) } }
        let start = MediaTime.now()
        try write(WireCodec.encode(.ping(token)))
        let received = try wait(timeout: timeout, operation: "ping") { s in s.pings[token] ?? nil }
        return received - start
    }

    func waitUntilApplied(_ sequence: UInt64, timeout: Double) throws(ConnectionError) -> CommitApplied {
        try wait(timeout: timeout, operation: "waiting for commit \(sequence) to be applied") { s in
            if let a = s.applied, a.sequence >= sequence { return a }
            return nil
        }
    }

    /// Waits until `ready` gives a value, the session ends (throws why) or time runs out.
    private func wait<T>(timeout: Double, operation: String, _ ready: (State) -> T?) throws(ConnectionError) -> T {
        let deadline = Date(timeIntervalSinceNow: timeout)
        stateCondition.lock(); defer { stateCondition.unlock() }
        while true {
            let (value, end) = state.withLock { s in (ready(s), s.end) }
            if let value { return value }
            if let end { throw end }
            if !stateCondition.wait(until: deadline) {
                if let value = state.withLock({ ready($0) }) { return value }
                throw .timedOut(operation: operation, path: channel.path, seconds: timeout)
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

    func readLoop() {
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
                    return .closed(path: channel.path)
                }
                break loop
            }
        }
        if case .closed = end, state.withLock({ $0.closedByClient }) { end = .closedByClient }
        writeLock.lock()
        fdClosed = true
        channel.close()
        writeLock.unlock()
        let reason = end
        signal { $0.end = reason }
        queue.async { [self] in handlers.withLock { $0.disconnect }?(reason) }
    }

    private func handle(_ m: Message, into events: inout [Message]) {
        switch m {
        case let .pong(token):
            let now = MediaTime.now()
            signal { s in if s.pings[token] != nil { s.pings[token] = .some(now) } }
        case let .ping(token):
            try? write(WireCodec.encode(.pong(token)))
        case let .commitApplied(a):
            signal { s in
                if (s.applied?.sequence ?? 0) <= a.sequence { s.applied = a }
                s.serverMediaTime = max(s.serverMediaTime, a.mediaTime)
            }
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
