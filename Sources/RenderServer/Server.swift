import CLibUV
import CSystem
import Foundation
import Logging
import RenderCore
import RenderProtocol

/// The render server: a Unix-socket listener, one session per client, a frame clock and
/// the animation engine, all on one libuv loop thread.
///
///     loop thread
///      ├ Listener (uv_pipe) → Session per client → validated commits queue per session
///      ├ frame clock tick (timerfd, absolute deadlines; or manual steps)
///      │    1. apply: each session's queued commits, whole and in order → commitApplied
///      │    2. evaluate: animations at the frame's TARGET time → presentation
///      │    3. composite: the FrameOutput
///      │    4. events: commitApplied, animationStarted/Stopped, per session
///      └ control: stats, tree dumps, clock steps (any session may ask)
///
/// `init` binds the socket (clients may connect at once; they are served when the loop
/// runs). `run()` runs the loop on the calling thread until `stop()`, a termination
/// signal (when configured) or standard input's EOF (when configured); `start()` runs it
/// on a new thread. On stopping, every client gets a goodbye and the socket is unlinked.
///
/// Thread affinity: everything but `start`, `stop` and `run` runs on the loop thread.
public final class Server {
    public let configuration: Configuration
    /// The path the server listens on.
    public let socketPath: String

    let loop: Loop
    var logger: Logger
    var listener: Listener?
    var realClock: RealFrameClock?
    private var manualClock: ManualClock?
    private let output: FrameOutput

    /// Open sessions, in connection order.
    private(set) var sessions: [Session] = []
    /// Sessions closed but still flushing their last messages (held weakly: the socket
    /// handle keeps each alive until it is closed).
    var drainingSessions: [WeakSession] = []
    private var nextSessionID: UInt32 = 1
    var engine = AnimationEngine()
    var stats = FrameStats()
    /// The number of the latest frame (0 before the first).
    private(set) var frameNumber: UInt64 = 0
    /// The latest frame's target time (before the first frame: the clock's start).
    private(set) var lastFrameTime: Double

    // Running and stopping (see Server+Lifecycle.swift).
    let async: UnsafeMutablePointer<uv_async_t>
    var auxiliaryPolls: [UnsafeMutablePointer<uv_poll_t>] = []
    var terminationPipe: (read: Int32, write: Int32)?
    var shuttingDown = false
    var graceTimer: UnsafeMutablePointer<uv_timer_t>?
    var pollContexts: [PollContext] = []
    let state = NSCondition()
    enum RunState { case idle, running, finished }
    var runState = RunState.idle          // guarded by `state`
    var stopRequested = false              // guarded by `state`
    var asyncOpen = true                   // guarded by `state`

    public init(configuration: Configuration) throws {
        try configuration.validate()
        self.configuration = configuration
        socketPath = configuration.resolvedSocketPath
        logger = configuration.logger
        output = configuration.output ?? HeadlessOutput()
        loop = try Loop()
        async = uvAllocate(uv_async_t.self)
        switch configuration.clock {
        case .real:
            lastFrameTime = Double(csys_monotonic_ns()) / 1e9
        case let .manual(start):
            let origin = start ?? Double(csys_monotonic_ns()) / 1e9
            manualClock = ManualClock(origin: origin, period: 1 / configuration.refreshRate)
            lastFrameTime = origin
        }
        var rc = uv_async_init(loop.raw, async) { handle in
            let server = Unmanaged<Server>.fromOpaque(handle!.pointee.data).takeUnretainedValue()
            server.asyncWoke()
        }
        guard rc == 0 else { async.deallocate(); throw ServerError.libuv(call: "uv_async_init", code: rc) }
        async.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        do {
            if case .real = configuration.clock {
                realClock = try RealFrameClock(loop: loop, refreshRate: configuration.refreshRate)
            }
            let listener = try Listener(loop: loop, path: socketPath)
            self.listener = listener
            listener.onConnection = { [unowned self] pipe in self.accept(pipe) }
        } catch {
            // Undo what was set up, so a failed start leaves nothing behind.
            realClock?.stop()
            uvCloseAndFree(async)
            rc = loop.close()
            throw error
        }
        realClock?.onFrame = { [unowned self] target, wake, missed in
            self.produceFrame(target: target, wakeNanoseconds: wake, missed: missed)
        }
    }

    deinit {
        // A server that bound its socket but never ran still owns the socket file. (One
        // whose init failed has no listener: the file, if any, is another daemon's.)
        state.lock()
        let idle = runState == .idle
        state.unlock()
        if idle && listener != nil { unlink(socketPath) }
    }

    /// Unblocks every signal for the calling thread. A daemon calls it first: a child
    /// spawned from a thread that blocks SIGTERM (libdispatch workers, Swift Testing)
    /// inherits that mask and would never see SIGTERM (see NOTES-platform.md).
    public static func clearInheritedSignalMask() { csys_clear_signal_mask() }

    // MARK: Sessions

    private func accept(_ pipe: UnsafeMutablePointer<uv_pipe_t>) {
        loop.preconditionInLoop()
        guard !shuttingDown else { uvCloseAndFree(pipe); return }
        let session = Session(id: nextSessionID, loop: loop, pipe: pipe, delegate: self, limits: configuration.limits,
                              maxQueuedBytes: configuration.maxQueuedBytes,
                              maxQueuedMessages: configuration.maxQueuedMessages, logger: logger)
        nextSessionID &+= 1
        if nextSessionID == 0 { nextSessionID = 1 }
        sessions.append(session)
        session.start()
    }

    /// The media time now: the manual clock's time, else CLOCK_MONOTONIC in seconds.
    var currentMediaTime: Double {
        manualClock?.now ?? Double(csys_monotonic_ns()) / 1e9
    }

    // MARK: Frames

    /// Produces one frame for target present time `target` (media time, seconds).
    func produceFrame(target: Double, wakeNanoseconds: Int64, missed: UInt64) {
        loop.preconditionInLoop()
        frameNumber += 1
        stats.frameStarted(wakeNanoseconds: wakeNanoseconds, missed: missed)
        let current = sessions
        let t0 = csys_monotonic_ns()
        for s in current where s.isOpen { s.applyQueued(frame: frameNumber, mediaTime: target) }
        let t1 = csys_monotonic_ns()
        for s in current where s.isOpen { engine.evaluate(s.store, at: target, events: &s.frameEvents) }
        let t2 = csys_monotonic_ns()
        output.present(FrameSnapshot(frame: frameNumber, mediaTime: target, width: configuration.displayWidth,
                                     height: configuration.displayHeight,
                                     trees: current.filter(\.isEstablished).map { PresentedTree(sessionID: $0.id, store: $0.store) }))
        let t3 = csys_monotonic_ns()
        for s in current { s.flushEvents() }
        let t4 = csys_monotonic_ns()
        stats.record(.apply, nanoseconds: t1 - t0)
        stats.record(.evaluate, nanoseconds: t2 - t1)
        stats.record(.composite, nanoseconds: t3 - t2)
        stats.record(.events, nanoseconds: t4 - t3)
        lastFrameTime = target
    }

    /// Advances the manual clock by `seconds`, producing every frame it passes. Returns
    /// nil when the clock is real.
    func stepManualClock(by seconds: Double) -> Int? {
        guard var clock = manualClock else { return nil }
        let times = clock.step(by: seconds)
        manualClock = clock
        for t in times { produceFrame(target: t, wakeNanoseconds: Int64((t * 1e9).rounded()), missed: 0) }
        return times.count
    }
}

extension Server: SessionDelegate {
    func welcome(for session: Session, version: UInt16) -> Welcome {
        Welcome(version: version, sessionID: session.id, displayWidth: UInt32(configuration.displayWidth),
                displayHeight: UInt32(configuration.displayHeight), refreshRate: configuration.refreshRate,
                mediaTime: currentMediaTime, manualClock: configuration.clock.isManual, limits: configuration.limits)
    }

    func session(_ session: Session, control message: Message) {
        handleControl(message, from: session)
    }

    func sessionDidClose(_ session: Session, reason: String) {
        loop.preconditionInLoop()
        sessions.removeAll { $0 === session }
        drainingSessions.removeAll { $0.session == nil }
        drainingSessions.append(WeakSession(session: session))
    }
}

/// A session held without keeping it alive.
struct WeakSession {
    weak var session: Session?
}

/// The context of a polled descriptor (termination pipe, standard input).
final class PollContext {
    weak var server: Server?
    let fd: Int32
    let body: (Server, Int32) -> Void
    init(server: Server, fd: Int32, body: @escaping (Server, Int32) -> Void) {
        self.server = server; self.fd = fd; self.body = body
    }
}
