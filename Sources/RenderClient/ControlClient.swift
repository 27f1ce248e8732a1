import Foundation
import RenderCore
import RenderProtocol

/// A small synchronous client for the daemon's control messages, on its own connection:
/// each call sends one request and blocks until its reply (or `timeout` seconds). Used by
/// `rendersrvctl`, the demo and the tests. Any thread; calls are serialized.
///
/// Events that arrive meanwhile are ignored; an `error` from the server fails the call
/// (`.server`), as does the end of the session.
///
/// Reconnection: like `Connection`, with a `ReconnectPolicy` (the default, `.standard`) a
/// session the daemon lost without a goodbye (it crashed, was killed) is replaced by a new
/// one on the same socket path, with the same backoff (cut short when the daemon binds its
/// socket again): the call that found it lost waits for the new session and is asked again
/// there — except `step` and `kick`, which act on the daemon's state and throw the loss
/// (the next call goes to the new daemon). `welcome` is then the new session's, and
/// `reconnections` counts the replacements. The answers come from the new daemon: its
/// frame log starts with its own first frame, its session ids are its own.
public final class ControlClient {
    /// The daemon's socket this client talks to.
    public let socketPath: String
    /// The current session's welcome (a new one after a reconnection).
    public var welcome: Welcome { lock.lock(); defer { lock.unlock() }; return _welcome }
    /// How many times a lost session was replaced.
    public var reconnections: Int { lock.lock(); defer { lock.unlock() }; return _reconnections }
    /// How a lost session is replaced (`nil`: it is not; the call throws the loss).
    public let reconnectPolicy: ReconnectPolicy?
    /// Seconds each call waits for its reply.
    public var timeout: Double
    private let clientName: String
    private var channel: SocketChannel
    private var _welcome: Welcome
    private var _reconnections = 0
    private let lock = NSLock()
    private var nextRequestID: UInt32 = 1
    private var closed = false

    /// Connects and handshakes; the socket path resolves as `Connection`'s does.
    public init(socketPath: String? = nil, clientName: String = "rendersrvctl", timeout: Double = 5,
                reconnect: ReconnectPolicy? = .standard) throws {
        let path = SocketPath.resolve(explicit: socketPath, environment: SocketPath.processEnvironment)
        let channel = try SocketChannel.connect(path: path)
        do { _welcome = try channel.handshake(clientName: clientName, timeout: timeout) } catch {
            channel.close()
            throw error
        }
        self.channel = channel
        self.socketPath = path
        self.timeout = timeout
        self.clientName = clientName
        self.reconnectPolicy = reconnect
    }

    deinit { close() }

    /// Server statistics as one JSON object (schema in `Protocol/PROTOCOL.md`).
    public func stats() throws -> String {
        try request(operation: "stats", { .statsRequest(requestID: $0) }) { m, id in
            if case let .statsReply(r) = m, r.requestID == id { return r.json }
            return nil
        }
    }

    /// A layer tree as JSON: the model tree, or the presentation tree evaluated at media
    /// time `at` (`nil`: the latest frame's time). `session` 0 is this connection's own
    /// (empty) session; pass another client's session id to dump its tree.
    public func tree(presentation: Bool = false, at: Double? = nil, session: UInt32 = 0, layer: LayerID = 0) throws -> String {
        try treeReply(presentation: presentation, at: at, session: session, layer: layer).json
    }

    /// As `tree`, with the media time the server evaluated at.
    /// `layer` (with a session) dumps only that layer's subtree: what a sampler should ask for.
    public func treeReply(presentation: Bool = false, at: Double? = nil, session: UInt32 = 0,
                          layer: LayerID = 0) throws -> TreeReply {
        try request(operation: "tree", {
            .treeRequest(TreeRequest(requestID: $0, presentation: presentation, mediaTime: at ?? .nan, sessionID: session,
                                     layer: layer))
        }) { m, id in
            if case let .treeReply(r) = m, r.requestID == id { return r }
            return nil
        }
    }

    /// Advances the daemon's manual clock by `seconds` (≥ 0), producing every frame whose
    /// target time falls in the interval. The server refuses it on a real clock.
    public func step(seconds: Double) throws -> ClockStepped {
        try request(operation: "clock step", retry: false, { .clockStep(ClockStep(requestID: $0, seconds: seconds)) }) { m, id in
            if case let .clockStepped(r) = m, r.requestID == id { return r }
            return nil
        }
    }

    /// The latest composited frame (the server refuses with `unsupported` when it runs
    /// with `--output none`).
    public func snapshot() throws -> SnapshotReply {
        try request(operation: "snapshot", { .snapshotRequest(SnapshotRequest(requestID: $0)) }) { m, id in
            if case let .snapshotReply(r) = m, r.requestID == id { return r }
            return nil
        }
    }

    /// The daemon's records of the frames after `since` (0: the oldest it keeps), at most
    /// `maxRecords` (0: the server's cap, `FrameLogReport.maxRecordsPerReply`), as JSON
    /// (`FrameLogReport`). Asking never changes a frame.
    public func frameLog(since: UInt64 = 0, maxRecords: UInt32 = 0) throws -> String {
        try request(operation: "frame log", {
            .frameLogRequest(FrameLogRequest(requestID: $0, sinceFrame: since, maxRecords: maxRecords))
        }) { m, id in
            if case let .frameLogReply(r) = m, r.requestID == id { return r.json }
            return nil
        }
    }

    /// The daemon's open sessions as one JSON object (`ClientsReport`).
    public func clients() throws -> String {
        try request(operation: "clients", { .clientsRequest(requestID: $0) }) { m, id in
            if case let .clientsReply(r) = m, r.requestID == id { return r.json }
            return nil
        }
    }

    /// Every record the daemon keeps after `since`, decoded, asking in pages until the
    /// latest frame (a frame produced meanwhile may be included).
    public func frameRecords(since: UInt64 = 0) throws -> [FrameLogReport.Record] {
        var out: [FrameLogReport.Record] = []
        var after = since
        while true {
            let report = try JSONDecoder().decode(FrameLogReport.self, from: Data(try frameLog(since: after).utf8))
            out += report.records
            guard report.hasMore, let last = report.records.last else { return out }
            after = last.frame
        }
    }

    /// Ends session `session` (an operator's kick): it gets a fatal error saying so, with
    /// `reason` when not empty. The server refuses (`.server`, not fatal) an unknown
    /// session or this connection's own.
    public func kick(session: UInt32, reason: String = "") throws -> KickReply {
        try request(operation: "kick", retry: false, { .kickRequest(KickRequest(requestID: $0, sessionID: session, reason: reason)) }) { m, id in
            if case let .kickReply(r) = m, r.requestID == id { return r }
            return nil
        }
    }

    /// Plays `events` in the daemon as if they came from its window (PROTOCOL.md §10,
    /// `injectInput`): each `delay` seconds of the daemon's clock after the one before,
    /// at the frames that reach it. Returns once the last was played, with where each went.
    /// On a manual clock the events wait for steps: with `stepManualClock` (the default) this
    /// steps the clock by their delays (rounded up to whole frames) right after the request,
    /// so the gesture plays out; pass false to step it yourself.
    public func injectInput(_ events: [InjectedEvent], stepManualClock: Bool = true) throws -> InputInjected {
        let total = events.reduce(0) { $0 + $1.delay }
        let step = stepManualClock && welcome.manualClock && total > 0
        let rate = welcome.refreshRate
        let seconds = ((total * rate).rounded(.up) + 1) / rate
        return try request(operation: "input injection", retry: false, {
            .injectInput(InjectInput(requestID: $0, events: events))
        }, then: step ? { .clockStep(ClockStep(requestID: $0, seconds: seconds)) } : nil) { m, id in
            if case let .inputInjected(r) = m, r.requestID == id { return r }
            return nil
        }
    }

    /// Resizes the daemon's display to `width`×`height` points, as a window's compositor
    /// would (PROTOCOL.md §10, `resizeDisplay`): clients are told (`displayChanged`), later
    /// welcomes and snapshots have the new size. Returns once the daemon applied it, with
    /// the first frame at that size (on a manual clock, step to draw it). The server refuses
    /// (`.server`, not fatal) a side outside 1…16,384 points.
    public func resizeDisplay(width: UInt32, height: UInt32) throws -> DisplayResized {
        try request(operation: "resize", { .resizeDisplay(ResizeDisplay(requestID: $0, width: width, height: height)) }) { m, id in
            if case let .displayResized(r) = m, r.requestID == id { return r }
            return nil
        }
    }

    /// Round trip of a ping, in seconds.
    public func ping() throws -> Double {
        var start = 0.0
        return try request(operation: "ping", { id in start = MediaTime.now(); return .ping(UInt64(id)) }) { m, id in
            if case let .pong(token) = m, token == UInt64(id) { return MediaTime.now() - start }
            return nil
        }
    }

    /// Says goodbye and closes the connection.
    public func close() {
        lock.lock(); defer { lock.unlock() }
        guard !closed else { return }
        closed = true
        try? channel.write(WireCodec.encode(.goodbye(Goodbye(reason: "control client closed"))))
        channel.close()
    }

    /// What the server sent before closing the session — its fatal error or goodbye — read
    /// from what is left in the socket after a write found it closed; nil if it said nothing.
    private func closingWords() -> ConnectionError? {
        while true {
            // A closed socket gives its buffered bytes, then end of stream at once.
            guard let m = try? channel.receive(deadline: MediaTime.now() + 1, operation: "reading the server's last words")
            else { return nil }
            switch m {
            case let .error(e) where e.fatal: return .server(e)
            case let .goodbye(g): return .goodbye(reason: g.reason)
            default: continue
            }
        }
    }

    /// Sends the request `make(id)` and reads until `match(message, id)` gives the reply.
    /// A session lost on the way is replaced (see the type's notes) and, with `retry`, the
    /// request asked again on the new one.
    private func request<T>(operation: String, retry: Bool = true, _ make: (UInt32) -> Message,
                            then follow: ((UInt32) -> Message)? = nil,
                            _ match: (Message, UInt32) -> T?) throws -> T {
        lock.lock(); defer { lock.unlock() }
        guard !closed else { throw ConnectionError.closedByClient }
        do {
            return try attempt(operation: operation, make, then: follow, match)
        } catch let lost as ConnectionError {
            guard let policy = reconnectPolicy, policy.retries(after: lost) else { throw lost }
            switch Reconnector.connect(path: socketPath, clientName: clientName, policy: policy,
                                       watch: SocketWatch(path: socketPath), stop: { false },
                                       report: { _ in }) {
            case let .success((fresh, welcome)):
                channel.close()
                channel = fresh
                _welcome = welcome
                _reconnections += 1
            case let .failure(e):
                throw e
            }
            guard retry else { throw lost }
            return try attempt(operation: operation, make, then: follow, match)
        }
    }

    /// One request on the current channel (under `lock`).
    private func attempt<T>(operation: String, _ make: (UInt32) -> Message, then follow: ((UInt32) -> Message)? = nil,
                            _ match: (Message, UInt32) -> T?) throws -> T {
        let id = nextRequestID
        nextRequestID &+= 1
        if nextRequestID == 0 { nextRequestID = 1 }
        do {
            try channel.write(WireCodec.encode(make(id)))
            if let follow {
                // A second request right behind the first (its reply is skipped below).
                let next = nextRequestID
                nextRequestID &+= 1
                if nextRequestID == 0 { nextRequestID = 1 }
                try channel.write(WireCodec.encode(follow(next)))
            }
        } catch {
            // The server ended the session before this request (a kick, a shutdown): report
            // what it said, not the bare close.
            if case .closed = error, let words = closingWords() { throw words }
            throw error
        }
        let deadline = MediaTime.now() + timeout
        while true {
            let m = try channel.receive(deadline: deadline, operation: operation)
            if let reply = match(m, id) { return reply }
            switch m {
            case let .error(e): throw ConnectionError.server(e)
            case let .goodbye(g): throw ConnectionError.goodbye(reason: g.reason)
            case let .ping(token): try channel.write(WireCodec.encode(.pong(token)))
            default: continue
            }
        }
    }
}
