import Glibc
import RenderCore
import RenderServer
import RenderProtocol

/// The whole server core on bytes and a hand-driven clock: no socket, no libuv, no
/// thread. A test (or a tool) connects clients, writes the bytes a client would send,
/// reads what the server sent, steps frames and advances the time that timeouts count —
/// every rule of the daemon, deterministically.
///
///     let server = EmbeddedServer()
///     let a = server.connect()
///     server.send(.hello(Hello(clientName: "a", pid: 1)), from: a)
///     let welcome = try server.readMessages(of: a)
///     server.step(seconds: 1.0 / 60)        // frames on the manual clock
///     server.advanceTime(seconds: 6)         // handshake and frame timeouts
///
/// What a client has not read (`readBytes`) counts as unread by the server's
/// back-pressure rule, as bytes in a socket buffer would.
///
/// Thread affinity: the creating thread.
public final class EmbeddedServer {
    /// One connection's client end.
    struct Client {
        let session: ClientSession
        /// Bytes the server sent that the client has not read.
        var inbox: [UInt8] = []
        var closed = false
    }

    let core: ServerCore
    private var clients: [UInt32: Client] = [:]
    /// Monotonic seconds, as the timeouts see them.
    public private(set) var now: Double = 0
    /// Large commits are taken a slice per loop turn. When true (the default) every call
    /// runs the turns until none is left; when false, `runLoopTurn()` takes one slice each,
    /// so a test can interleave frames with a large commit.
    public var finishesLargeCommits = true

    /// When true, what the core hands to the daemon's release queue (a large commit's
    /// commands, a departed client's store) is kept until `dropReleasedValues()`, as the
    /// daemon frees it off the loop thread; when false (the default) it is freed at once.
    public var defersReleases = false {
        didSet {
            core.releaser = defersReleases ? { [unowned self] box in self.released.append(box) } : nil
        }
    }
    private var released: [ReleaseBox] = []

    /// When true, control jobs (tree dumps, frame-log replies) wait, as they would for the
    /// daemon's control worker, until `runControlJobs` runs them; when false (the default)
    /// each runs at once, in line.
    public var defersControlJobs = false {
        didSet {
            core.offloader = defersControlJobs ? { [unowned self] job, deliver in
                self.heldControlJobs.append((job, deliver))
            } : nil
        }
    }
    private var heldControlJobs: [(job: @Sendable () -> Message, deliver: LoopBound<(Message) -> Void>)] = []

    /// Runs up to `count` control jobs that `defersControlJobs` held, in the order the core
    /// hands them to its worker (one at a time, sessions in turn); returns how many ran.
    @discardableResult
    public func runControlJobs(_ count: Int = .max) -> Int {
        var ran = 0
        while ran < count, !heldControlJobs.isEmpty {
            let (job, deliver) = heldControlJobs.removeFirst()
            deliver.value(job())
            ran += 1
        }
        pump()
        return ran
    }

    /// Control jobs queued or running over all sessions, and the bytes they hold.
    public var controlJobs: (jobs: Int, bytes: Int) { (core.controlWork.totalJobs, core.controlWork.totalBytes) }
    /// Frees what `defersReleases` kept.
    public func dropReleasedValues() { released.removeAll() }

    /// `configuration.clock` should be manual (a real clock would read CLOCK_MONOTONIC
    /// for media time; frames still come only from `step`).
    public init(configuration: Configuration = Configuration(clock: .manual(start: 1000)),
                output: FrameOutput = HeadlessOutput()) {
        core = ServerCore(configuration: configuration, output: output, mediaTime: { 0 })
    }

    // MARK: Clients

    /// Connects a client whose socket would report `pid` and `uid` (nil: unknown); returns
    /// its session id.
    public func connect(pid: Int32? = nil, uid: UInt32? = nil) -> UInt32 {
        let session = core.connect(pid: pid, uid: uid, now: now)
        clients[session.id] = Client(session: session)
        return session.id
    }

    /// Delivers bytes as if the client had written them (in one read), with `descriptors`
    /// as if passed with them (`SCM_RIGHTS`): the server owns those from now on and closes
    /// each (at once when the connection is closed), as the daemon does with received ones —
    /// pass duplicates of descriptors the test keeps.
    public func write(_ bytes: [UInt8], descriptors: [Int32] = [], from id: UInt32) {
        guard let c = clients[id], !c.closed else {
            for fd in descriptors { _ = close(fd) }
            return
        }
        bytes.withUnsafeBytes { core.receive($0, descriptors: descriptors, from: c.session, now: now) }
        pump()
    }

    public func send(_ message: Message, from id: UInt32) {
        write(WireCodec.encode(message), from: id)
    }

    /// Sends `message` with its bitmaps offered to `share` (shared-memory contents) and
    /// `descriptors` passed with the frame.
    public func send(_ message: Message, sharingBitmaps share: SharedBitmapSharer?, descriptors: [Int32], from id: UInt32) {
        write(WireCodec.encode(message, sharingBitmaps: share), descriptors: descriptors, from: id)
    }

    /// Descriptors the client passed that the server still holds (waiting for the commit
    /// that names them).
    public func heldDescriptorCount(of id: UInt32) -> Int { clients[id]?.session.intake.queue.count ?? 0 }

    /// The client closes its end.
    public func disconnect(_ id: UInt32) {
        guard let c = clients[id], !c.closed else { return }
        core.connectionEnded(c.session, reason: "the client closed the connection")
        pump()
    }

    /// Everything the server sent to the client and it has not read yet; reading it.
    public func readBytes(of id: UInt32) -> [UInt8] {
        guard var c = clients[id] else { return [] }
        defer { c.inbox = []; clients[id] = c; c.session.transportBacklog = 0 }
        return c.inbox
    }

    /// The first `count` bytes (or fewer) the server sent and the client has not read yet,
    /// reading them: a client that reads slowly.
    public func readBytes(of id: UInt32, atMost count: Int) -> [UInt8] {
        guard var c = clients[id] else { return [] }
        let n = min(count, c.inbox.count)
        defer { c.inbox.removeFirst(n); c.session.transportBacklog = c.inbox.count; clients[id] = c }
        return Array(c.inbox[..<n])
    }

    /// `readBytes`, decoded (with the limits a client adopts from welcome: none), as a
    /// client handles them: version 5's runs of animation events (`animationsStarted`,
    /// `animationsFinished`) as the events they stand for (`Message.events`), which is how
    /// `RenderClient`'s connection reads them. `readWireMessages` keeps them as sent.
    public func readMessages(of id: UInt32) throws(ProtocolError) -> [Message] {
        try readWireMessages(of: id).flatMap(\.events)
    }

    /// `readBytes`, decoded, each frame one message as sent.
    public func readWireMessages(of id: UInt32) throws(ProtocolError) -> [Message] {
        var decoder = FrameDecoder(maxFrameBytes: Int.max)
        decoder.append(contentsOf: readBytes(of: id))
        var out: [Message] = []
        while let m = try decoder.next() { out.append(m) }
        return out
    }

    /// Bytes the session's outbound buffer holds allocated (what it keeps between writes).
    public func outboundCapacity(of id: UInt32) -> Int { clients[id]?.session.outboundCapacity ?? 0 }

    /// Bytes waiting for the client to read.
    public func unreadBytes(of id: UInt32) -> Int { clients[id]?.inbox.count ?? 0 }

    /// Whether the server closed (or the client ended) the connection.
    public func isClosed(_ id: UInt32) -> Bool { clients[id]?.closed ?? true }

    /// Drops the record of a closed connection (after its bytes were read): a driver that
    /// connects without end (the fuzz harness) keeps no record per connection.
    public func forget(_ id: UInt32) {
        guard clients[id]?.closed != false else { return }
        clients[id] = nil
    }

    /// Why the session ended, as logged.
    public func closeReason(of id: UInt32) -> String? { clients[id]?.session.closeRequest?.reason }

    // MARK: Time

    /// Advances the manual clock, producing every frame it passes.
    public func step(seconds: Double) {
        _ = core.stepManualClock(by: seconds)
        pump()
    }

    /// The display is now `width`×`height` points (at `refreshRate` frames per second; nil:
    /// the same): what a window's compositor does to the daemon (`Server.resizeDisplay`).
    /// Sessions of version 4 or later are sent `displayChanged`; the next step's frame has
    /// the new size. The values must be a display's (each side 1…16,384, a rate in (0, 1000]).
    public func resizeDisplay(width: Int, height: Int, refreshRate: Double? = nil) {
        core.resizeDisplay(width: width, height: height, refreshRate: refreshRate)
        pump()
    }

    /// The display's size in points and refresh rate now.
    public var display: (width: Int, height: Int, refreshRate: Double) {
        (core.displayWidth, core.displayHeight, core.refreshRate)
    }

    /// An output that draws later (`FrameCompletion.drawnLater`) reports a drawn frame: what
    /// the daemon does on its loop thread when its compositor thread says so (presentation
    /// feedback waiting for those pixels goes out).
    public func frameReady(_ ready: FrameReady) {
        core.frameReady(ready)
        pump()
    }

    /// Advances the time timeouts count (monotonic), then checks them.
    public func advanceTime(seconds: Double) {
        now += seconds
        core.tick(now: now)
        pump()
    }

    // MARK: Inspection

    /// Open sessions, with their layer and animation counts.
    public var sessionCount: Int { core.sessions.count }
    public func layerCount(of id: UInt32) -> Int { clients[id]?.session.store.layerCount ?? 0 }
    public func animationCount(of id: UInt32) -> Int { clients[id]?.session.store.animationCount ?? 0 }
    /// Bytes of partial frames reserved from the daemon's inbound budget.
    public var inboundReservedBytes: Int { core.inboundReserved }
    /// A layer's sublayers in a client's tree (nil for an unknown client or layer).
    public func sublayers(of layer: LayerID, client id: UInt32) -> [LayerID]? {
        clients[id]?.session.store.sublayers(of: layer)
    }
    public var frameNumber: UInt64 { core.frameNumber }
    /// The latest frame's evaluation and presentation times in milliseconds (its frame-log
    /// entry), nil before the first frame.
    public var latestFrameMilliseconds: (evaluate: Double, present: Double)? {
        let log = core.frameLog
        guard let e = log.entries(after: log.latestFrame &- 1, limit: 1).entries.first else { return nil }
        return (Double(e.evaluateNanoseconds) / 1e6, Double(e.presentNanoseconds) / 1e6)
    }
    public var idleFrames: UInt64 { core.stats.idleFrames }

    /// One loop turn's slice of every large commit in progress; false when none is.
    @discardableResult
    public func runLoopTurn() -> Bool {
        guard core.hasJobs else { return false }
        core.stepJobs(now: now)
        drain()
        return true
    }

    /// Whether a client is in the middle of applying a large commit (frames skip it).
    public func isApplyingLargeCommit(_ id: UInt32) -> Bool { clients[id]?.session.isFrozen ?? false }

    /// Moves what the core queued to the clients' inboxes, and (unless told not to) runs
    /// large commits to their end.
    private func pump() {
        drain()
        if finishesLargeCommits { while runLoopTurn() {} }
    }

    private func drain() {
        core.visitDirtySessions { session in
            guard var c = clients[session.id], !c.closed else { return }
            if session.closeRequest?.flush != false { c.inbox += session.takeOutbound() }
            session.transportBacklog = c.inbox.count
            if session.closeRequest != nil { c.closed = true }
            clients[session.id] = c
        }
    }
}
