import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import RenderCore
import RenderProtocol

/// A client session with `rendersrvd`: connects to its Unix socket, handshakes, sends
/// commits, and delivers the server's events.
///
///     init ─ connect ─ hello ─▶ ◀─ welcome          (synchronous, on the caller's thread)
///     send(commit) ─ encode ─ write ─▶                (the committing thread; see below)
///     I/O thread: blocking read ─ FrameDecoder ─┬─ pong, commitApplied → wake waiters
///                                               └─ events → callbackQueue.async { onEvent }
///
/// Write path: a commit is written by the thread that commits (the callback queue),
/// under a mutex, with a blocking `send`. Measured against handing frames to the I/O thread
/// (a locked queue plus an eventfd wake-up and `poll`): the direct write returned to the
/// committing thread faster and had the lower commit → applied latency, since it saves a
/// thread hop per commit (numbers in the client helper's report and README). A full socket
/// buffer blocks the committing thread until the daemon reads, which it does promptly.
///
/// Reconnection: with a `ReconnectPolicy` (the default, `.standard`), a session lost without
/// the client asking (the daemon crashed or was killed) is replaced by a new one on the same
/// socket path, with backoff: `onReconnect` hears `disconnected`, `reconnecting` per attempt,
/// then `reconnected` (the new session's welcome) or `gaveUp`, after which `onDisconnect`
/// follows. The connection keeps the image of what the daemon holds — the sum of the commits
/// it sent (`SessionImage`), updated on the sending thread and by the daemon's animation
/// events on the I/O thread — and the I/O thread replays it to the new daemon before
/// anything else, without waiting for the callback queue: a daemon restarted while the
/// app's main thread is blocked shows the app's last committed state, its animations where
/// their curves say, as soon as the connection is back. Commits sent while the session is
/// down go into the image and follow the replay in order (Protocol/PROTOCOL.md §4.1);
/// other writes throw the loss, and `waitUntilApplied` keeps waiting.
///
/// Callbacks (`onEvent`, `onError`, `onDisconnect`, `onReconnect`) run on `callbackQueue`;
/// set them before the first commit. `ping`, `waitUntilApplied` and `close` may be called from any thread,
/// including while the callback queue is blocked: their replies are handled on the I/O
/// thread. (It is `Sendable`: its mutable state lives in `ConnectionCore`, behind its locks.)
public final class Connection: @unchecked Sendable {
    /// Where the daemon was reached.
    public let socketPath: String
    /// The name the daemon knows this client by (in `rendersrvctl clients`, logs and tree
    /// dumps); the process's name by default.
    public let clientName: String
    /// The server's answer to the current session's handshake: session id, display, clock,
    /// limits (a new session's after a reconnection). Its display size and refresh rate are
    /// kept current: each `displayChanged` (protocol version 4) updates them as it is read,
    /// before the event reaches the callback queue. Any thread.
    public var welcome: Welcome { core.state.withLock { $0.welcome } }
    /// The display's refresh rate now (`welcome.refreshRate`, without copying the welcome).
    var refreshRate: Double { core.state.withLock { $0.welcome.refreshRate } }
    /// How a lost session is replaced (`nil`: it is not).
    public let reconnectPolicy: ReconnectPolicy?
    /// Where events are delivered (and, for a `Context`, where its layers live).
    public let callbackQueue: DispatchQueue
    let core: ConnectionCore

    /// Connects and handshakes (synchronously, at most `timeout` seconds), then starts the
    /// I/O thread.
    ///
    /// - Parameters:
    ///   - socketPath: resolved as the daemon does: this path, else `RENDERSRV_SOCKET`,
    ///     else `$XDG_RUNTIME_DIR/rendersrvd/socket`, else `/tmp/rendersrvd-$UID/socket`.
    ///   - clientName: shown in the daemon's logs and stats; by default the process's name
    ///     (`Connection.defaultClientName`).
    ///   - callbackQueue: where events are delivered and, for a `Context`, where its layers
    ///     live (the main queue by default).
    ///   - timeout: the most seconds connecting and the handshake may take.
    ///   - reconnect: how to replace a session the daemon lost; `nil` ends the connection
    ///     with the session.
    ///   - sharedContentsThreshold: contents of at least this many bytes go by shared memory
    ///     (`sharedContentsThreshold`).
    /// - Throws: `ConnectionError` — `.noDaemon` when nothing listens there,
    ///   `.versionUnsupported`, `.handshakeFailed`, `.timedOut`, …
    public init(socketPath: String? = nil, clientName: String = Connection.defaultClientName, callbackQueue: DispatchQueue = .main,
                timeout: Double = 5, reconnect: ReconnectPolicy? = .standard,
                sharedContentsThreshold: Int = Connection.defaultSharedContentsThreshold) throws {
        let path = SocketPath.resolve(explicit: socketPath, environment: SocketPath.processEnvironment)
        let channel = try SocketChannel.connect(path: path)
        let welcome: Welcome
        do { welcome = try channel.handshake(clientName: clientName, timeout: timeout) } catch {
            channel.close()
            throw error
        }
        self.socketPath = path
        self.clientName = clientName
        self.reconnectPolicy = reconnect
        self.callbackQueue = callbackQueue
        self.core = ConnectionCore(channel: channel, welcome: welcome, clientName: clientName, queue: callbackQueue,
                                   policy: reconnect, sharedContentsThreshold: sharedContentsThreshold)
        let core = self.core
        let thread = Thread { core.run() }
        thread.name = "rendersrv-client-io"
        thread.start()
    }

    deinit { core.close(reason: "client released its connection") }

    /// The name a connection gives the daemon when none is given: the process's name
    /// (`ProcessInfo.processName`, the executable's file name), or "client" if it is empty.
    public static var defaultClientName: String {
        let n = ProcessInfo.processInfo.processName
        return n.isEmpty ? "client" : n
    }

    /// Every server event but errors, goodbye and replies: `commitApplied`,
    /// `animationStarted`, `animationStopped`. On the callback queue.
    public var onEvent: ((Message) -> Void)? {
        get { core.handlers.withLock { $0.event } }
        set { core.handlers.withLock { $0.event = newValue } }
    }

    /// Every error the server sends, fatal or not. On the callback queue.
    public var onError: ((ErrorMessage) -> Void)? {
        get { core.handlers.withLock { $0.error } }
        set { core.handlers.withLock { $0.error = newValue } }
    }

    /// Once, when the connection ends: `.goodbye(reason)`, `.server(fatal error)`,
    /// `.closed` (end of stream, without a reconnect policy), `.closedByClient`, `.malformed`,
    /// `.reconnectFailed` (the policy gave up). On the callback queue, after every event
    /// received before it.
    public var onDisconnect: ((ConnectionError) -> Void)? {
        get { core.handlers.withLock { $0.disconnect } }
        set { core.handlers.withLock { $0.disconnect = newValue } }
    }

    /// The replacement of a lost session, step by step (see `ReconnectEvent`). On the
    /// callback queue, in order with the other events.
    public var onReconnect: ((ReconnectEvent) -> Void)? {
        get { core.handlers.withLock { $0.reconnect } }
        set { core.handlers.withLock { $0.reconnect = newValue } }
    }

    /// The server's media time as last heard (its welcome, frame acknowledgements and
    /// animation events), seconds. With a manual clock this is the server's "now" as far as
    /// this connection knows. Any thread.
    public var serverMediaTime: Double { core.state.withLock { $0.serverMediaTime } }

    /// Whether a session is up (false while a lost one is being replaced).
    public var isConnected: Bool { core.state.withLock { $0.end == nil && $0.sessionLost == nil } }

    /// Whether the connection is over for good (closed, failed, or reconnection gave up).
    public var isEnded: Bool { core.state.withLock { $0.end != nil } }

    /// Sends a commit, from the calling thread (blocking until the kernel took it).
    /// Throws `.commitTooLarge` (nothing sent) or the reason the connection ended.
    ///
    /// Contents bitmaps of at least `sharedContentsThreshold` bytes go by shared memory
    /// (a sealed memfd each, passed with the frame; Protocol/PROTOCOL.md §7.4), up to the
    /// server's `maxDescriptorsPerCommit` and `maxSharedBytesPerCommit`; the others inline.
    ///
    /// While a lost session is being replaced the commit is kept for the new daemon (it
    /// follows the replay; see the type's notes). Its `sequence` must be above every number
    /// used before and, after a loss, above `reservedSequenceTop` (the replay's numbers):
    /// else it is not sent (`.sequenceTooLow`, where the daemon would end the session). A
    /// `Context` made with the connection numbers its commits itself.
    public func send(_ commit: Commit) throws(ConnectionError) {
        try core.send(commit)
    }

    /// The highest sequence number reserved for a replay after a loss: commits sent after
    /// it must be numbered above it. 0 before any loss.
    public var reservedSequenceTop: UInt64 { core.reservedSequenceTop }

    /// Contents bitmaps of this many bytes or more travel in shared memory, smaller ones
    /// inline in the commit (`Int.max`: always inline). 64 KiB (128 × 128 pixels) by
    /// default — a choice, not a measurement: a memfd costs five system calls to make, fill
    /// and seal plus the descriptor passing, against one more copy of the pixels through the
    /// socket, and keeps large bitmaps from filling the frame limit. (A replay sends contents
    /// inline: its commits are sized against the frame limit.)
    public var sharedContentsThreshold: Int { core.sharedContentsThreshold }
    /// 64 KiB: the default `sharedContentsThreshold`, in bytes.
    public static let defaultSharedContentsThreshold = 64 << 10

    /// Sends the commit `build` makes with the next sequence number (a `Context`'s commits),
    /// atomically with respect to a replay's numbering. Returns the number.
    func sendNumbered(_ build: (UInt64) -> Commit) throws(ConnectionError) -> UInt64 {
        try core.sendNumbered(build)
    }

    /// How many commits made while the session is down are kept for the new daemon.
    var maxQueuedCommits: Int {
        get { core.mirror.withLock { $0.maxMarkers } }
        set { core.mirror.withLock { $0.maxMarkers = newValue } }
    }

    /// Sends any message (advanced use: control requests are `ControlClient`'s).
    /// A commit goes the way `send(_:)` sends it (into the session's image).
    public func send(message: Message) throws(ConnectionError) {
        if case let .commit(c) = message { return try send(c) }
        try core.write(message)
    }

    /// Round trip of a `ping` to the server, in seconds (from the write to the I/O
    /// thread's read of the `pong`). Any thread.
    public func ping(timeout: Double = 5) throws(ConnectionError) -> Double {
        try core.ping(timeout: timeout)
    }

    /// Blocks until the server acknowledged commit `sequence` (or a later one) and returns
    /// that acknowledgement. Any thread but the callback queue's commit path. Keeps waiting
    /// across a reconnection (a context's replay is numbered above the commits it restores).
    @discardableResult
    public func waitUntilApplied(_ sequence: UInt64, timeout: Double = 5) throws(ConnectionError) -> CommitApplied {
        try core.waitUntilApplied(sequence, timeout: timeout)
    }

    /// Says goodbye and closes; `onDisconnect` gets `.closedByClient`. Any thread.
    public func close(reason: String = "client closed the connection") {
        core.close(reason: reason)
    }
}

/// A value created on a queue and used there only, carried by that queue's work items (the
/// compiler cannot see the confinement, so the code that wraps a value states it). For code
/// built on the client library that hops back onto its own callback queue.
public struct QueueBound<Value>: @unchecked Sendable {
    /// The confined value: read it only on the queue it was created on.
    public let value: Value
    /// Wraps `value`, which must be used only on the queue the work item runs on.
    public init(_ value: Value) { self.value = value }
}

/// A value behind a mutex (so it may be shared between threads).
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ v: Value) { value = v }
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock(); defer { lock.unlock() }
        return try body(&value)
    }
}
