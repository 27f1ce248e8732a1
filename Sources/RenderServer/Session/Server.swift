import CLibUV
import CSystem
import Foundation
import Logging
import RenderCore
import RenderProtocol

/// The render server as a daemon: a `ServerCore` driven by one libuv loop thread — a
/// Unix-socket listener, one `SocketConnection` per client, a timerfd frame clock (or
/// manual steps), a timeout timer and the termination signals.
///
///     loop thread
///      ├ Listener (uv_pipe) → SocketConnection → bytes → ServerCore → ClientSession
///      │    commits are validated and applied on arrival, acknowledged at once
///      ├ frame clock tick (timerfd, absolute deadlines; or manual steps)
///      │    evaluate animations at the frame's TARGET time → FrameOutput → events
///      ├ after every read and frame: each dirty session's bytes are written (one write
///      │    per session), closes performed
///      └ control: stats, tree dumps, clock steps (any session may ask)
///
/// `init` binds the socket (clients may connect at once; they are served when the loop
/// runs). `run()` runs the loop on the calling thread until `stop()`, a termination
/// signal (when configured) or standard input's EOF (when configured); `start()` runs it
/// on a new thread. On stopping, every client gets a goodbye and the socket is unlinked.
///
/// Thread affinity: everything but `start`, `stop` and `run` runs on the loop thread.
///
/// Sendable by its own discipline: what other threads touch (`runState`, `stopRequested`)
/// is guarded by `state`, what they post to the loop goes through `mailbox`; everything else
/// is the loop thread's (checked with `loop.preconditionInLoop()`).
///
/// Nothing holds a weak reference to a server (timers, polls and closures hold it
/// `unowned`: they run only inside `run`; the compositor's frame-ready handler holds the
/// `mailbox`): a weakly referenced object keeps its counts in a side table, and each retain
/// and release of it — the socket connections' reads retain it — takes the slow path.
public final class Server: @unchecked Sendable {
    public let configuration: Configuration
    /// The path the server listens on.
    public let socketPath: String

    let loop: Loop
    var logger: Logger
    var listener: Listener?
    /// The real clock (the timerfd, or the output's window pacing frames); nil with the manual clock.
    var realClock: FrameTicker?
    /// Everything but the sockets and the loop.
    let core: ServerCore
    /// Open connections by session id (closing ones stay until their handle closes).
    var connections: [UInt32: SocketConnection] = [:]
    /// Checks handshake and frame timeouts (every 100 ms, while a session has one running).
    var timeoutTimer: UnsafeMutablePointer<uv_timer_t>?
    /// Runs large-commit slices while any is in progress.
    var jobIdle: UnsafeMutablePointer<uv_idle_t>?

    // Running and stopping (see Server+Lifecycle.swift).
    /// Polls the mailbox's eventfd: what other threads post wakes the loop through it.
    let wakePoll: UnsafeMutablePointer<uv_poll_t>
    var auxiliaryPolls: [UnsafeMutablePointer<uv_poll_t>] = []
    var terminationPipe: (read: Int32, write: Int32)?
    var shuttingDown = false
    var graceTimer: UnsafeMutablePointer<uv_timer_t>?
    var pollContexts: [PollContext] = []
    let state = NSCondition()
    enum RunState { case idle, running, finished }
    var runState = RunState.idle          // guarded by `state`
    var stopRequested = false              // guarded by `state`
    /// Work finished off the loop thread (control replies, drawn frames), to run on it.
    let mailbox: LoopMailbox
    /// The loop thread's nice value while `run` has it changed (`Configuration.loopNice`);
    /// nil when the server did not change it or has put it back. Loop thread.
    var loopNice: Int?
    /// Builds control replies (tree dumps) off the loop thread.
    let controlQueue = DispatchQueue(label: "rendersrvd control")

    public init(configuration: Configuration) throws {
        try configuration.validate()
        // A client that leaves while we write to it must not end the process.
        csys_ignore_sigpipe()
        self.configuration = configuration
        socketPath = configuration.resolvedSocketPath
        logger = configuration.logger
        core = ServerCore(configuration: configuration, output: configuration.output ?? HeadlessOutput(),
                          mediaTime: Server.monotonicSeconds)
        loop = try Loop()
        mailbox = try LoopMailbox()
        wakePoll = uvAllocate(uv_poll_t.self)
        var rc = uv_poll_init(loop.raw, wakePoll, mailbox.descriptor)
        guard rc == 0 else { wakePoll.deallocate(); throw ServerError.libuv(call: "uv_poll_init(mailbox)", code: rc) }
        wakePoll.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        rc = uv_poll_start(wakePoll, Int32(UV_READABLE.rawValue)) { handle, _, _ in
            let server = Unmanaged<Server>.fromOpaque(handle!.pointee.data).takeUnretainedValue()
            server.mailboxWoke()
        }
        guard rc == 0 else { uvCloseAndFree(wakePoll); throw ServerError.libuv(call: "uv_poll_start(mailbox)", code: rc) }
        do {
            if case .real = configuration.clock {
                if let window = core.output.windowDisplay {
                    realClock = try PacedFrameClock(window: window, loop: loop, refreshRate: configuration.refreshRate,
                                                    resized: { [unowned self] w, h, rate in self.windowResized(w, h, rate) },
                                                    ended: { [unowned self] reason in self.windowEnded(reason) },
                                                    redraw: { [unowned self] in self.flushTransport() })
                } else {
                    realClock = try RealFrameClock(loop: loop, refreshRate: configuration.refreshRate)
                }
            }
            let listener = try configuration.activatedSocket.map { try Listener(loop: loop, activated: $0) }
                ?? Listener(loop: loop, path: socketPath)
            self.listener = listener
            listener.onConnection = { [unowned self] pipe in self.accept(pipe) }
        } catch {
            // Undo what was set up, so a failed start leaves nothing behind.
            realClock?.stop()
            uvCloseAndFree(wakePoll)
            rc = loop.close()
            throw error
        }
        core.offloader = { [unowned self] job, deliver in
            self.controlQueue.async {
                let result = job()
                self.runOnLoop { deliver.value(result) }
            }
        }
        let releaseQueue = DispatchQueue(label: "rendersrvd release", qos: .utility)
        let trimmer = HeapTrimmer()
        core.releaser = { box in
            releaseQueue.async {
                withExtendedLifetime(box) {}
                if let delay = trimmer.released(now: Server.monotonicSeconds()) {
                    releaseQueue.asyncAfter(deadline: .now() + delay) {
                        trimmer.deferredTrim(now: Server.monotonicSeconds())
                    }
                }
            }
        }
        if core.output.completion == .drawnLater, let reporting = core.output.frameReadyReporting {
            // Pixels are ready on the compositor thread; presentation feedback goes out on the loop.
            reporting.setFrameReadyHandler { [mailbox] ready in mailbox.post(.frameReady(ready)) }
        }
        realClock?.onFrame = { [unowned self] target, wake, missed in
            self.core.produceFrame(target: target, wakeNanoseconds: wake, missed: missed)
            self.flushTransport()
        }
    }

    deinit {
        // The compositor may still report frames: they go nowhere now.
        mailbox.close()
        // A server that bound its socket but never ran still owns the socket file. (One
        // whose init failed has no listener: the file, if any, is another daemon's.)
        state.lock()
        let idle = runState == .idle
        state.unlock()
        if idle, let listener, listener.ownsPath { unlink(socketPath) }
    }

    /// Unblocks every signal for the calling thread. A daemon calls it first: a child
    /// spawned from a thread that blocks SIGTERM (libdispatch workers, Swift Testing)
    /// inherits that mask and would never see SIGTERM (see NOTES-platform.md).
    public static func clearInheritedSignalMask() { csys_clear_signal_mask() }

    /// CLOCK_MONOTONIC in seconds: media time, and the clock of timeouts.
    static func monotonicSeconds() -> Double { Double(csys_monotonic_ns()) / 1e9 }

    // MARK: Connections

    private func accept(_ pipe: UnsafeMutablePointer<uv_pipe_t>) {
        loop.preconditionInLoop()
        guard !shuttingDown else { uvCloseAndFree(pipe); return }
        let credentials = SocketConnection.peerCredentials(of: pipe)
        let session = core.connect(pid: credentials?.pid, uid: credentials?.uid, now: Server.monotonicSeconds())
        let connection = SocketConnection(session: session, loop: loop, pipe: pipe, server: self)
        connections[session.id] = connection
        resumeTimeoutChecks() // its handshake timeout runs
        connection.start()
        flushTransport()
    }

    /// Writes every session's queued bytes and performs the closes the core asked for; keeps
    /// the large-commit turns going; starts or pauses the frame clock. `reader`: the
    /// connection whose read led here, flushed whether or not its session is on the dirty
    /// list (its read did not put it there: `ServerCore.receive(flushedByCaller:)`); a read
    /// usually leaves no other session to flush.
    ///
    /// `performedBefore`: the core's `performedActionCount` before that read. When no action
    /// was performed since (a read of pings), nothing `needsFrame` reads has changed and the
    /// clock is left as it is: a paused clock stays right, and a running one is paused after
    /// its next frame, which flushes too. (`needsFrame` walks every session: the check cost a
    /// ping about 150 instructions, and more with each session.)
    func flushTransport(reader: SocketConnection? = nil, performedBefore: UInt64? = nil) {
        loop.preconditionInLoop()
        reader?.flush()
        core.visitDirtySessions { session in
            if session !== reader?.session { connections[session.id]?.flush() }
        }
        if core.hasJobs { startJobTurns() }
        if performedBefore == core.performedActionCount { return }
        // Idle costs nothing: the frame clock sleeps while nothing animates or changed.
        if let clock = realClock {
            if core.needsFrame {
                if clock.isPaused {
                    clock.resume(latch: Int64((configuration.frameLatch * 1e9).rounded()))
                    core.stats.clockResumed()
                }
            } else if !clock.isPaused {
                clock.pause()
            }
        }
    }

    func connectionClosed(_ connection: SocketConnection) {
        connections[connection.session.id] = nil
    }

    /// Queues `body` to run on the loop thread (from any thread); dropped once the loop is
    /// shutting down.
    func runOnLoop(_ body: @escaping @Sendable () -> Void) {
        mailbox.post(.job(body))
    }

    /// Runs one slice of every large commit per loop turn (an idle handle: the loop polls
    /// without blocking while one is in progress, so frames and other clients come between
    /// slices), until none is left.
    func startJobTurns() {
        guard jobIdle == nil else { return }
        let idle = uvAllocate(uv_idle_t.self)
        uv_idle_init(loop.raw, idle)
        idle.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        jobIdle = idle
        uv_idle_start(idle) { handle in
            let server = Unmanaged<Server>.fromOpaque(handle!.pointee.data).takeUnretainedValue()
            server.core.stepJobs(now: Server.monotonicSeconds())
            server.flushTransport()
            if !server.core.hasJobs, let idle = server.jobIdle {
                server.jobIdle = nil
                uv_idle_stop(idle)
                uvCloseAndFree(idle)
            }
        }
    }

    /// The output's window changed size. Loop thread.
    func windowResized(_ width: Int, _ height: Int, _ refreshRate: Double?) {
        loop.preconditionInLoop()
        do {
            try resizeDisplay(width: width, height: height, refreshRate: refreshRate)
            logger.info("the display follows the window: \(width)x\(height) points at \(String(format: "%.2f", core.refreshRate)) Hz")
        } catch {
            let kept = "\(core.displayWidth)x\(core.displayHeight)"
            logger.error("the window was resized to \(width)x\(height) points, but \(error); the display keeps \(kept) (frames show its top-left part)")
        }
    }

    /// The output's window is gone: the daemon stops, or goes on headless with
    /// `keepsRunningWithoutWindow`. Loop thread.
    func windowEnded(_ reason: String) {
        loop.preconditionInLoop()
        if configuration.keepsRunningWithoutWindow {
            logger.notice("\(reason); rendersrvd keeps running, drawing frames in memory (--keep-running)")
        } else {
            logger.notice("\(reason); rendersrvd stops (pass --keep-running to go on without the window)")
            beginShutdown(reason: reason)
        }
    }

    /// The number of the latest frame.
    var frameNumber: UInt64 { core.frameNumber }

    // MARK: The display

    /// The display is now `width`×`height` points at `refreshRate` frames per second (nil:
    /// the rate stays) — what a window output calls when its compositor configures the
    /// window anew or moves it to another monitor. Clients of protocol version 4 or later
    /// are sent `displayChanged` (written before this returns), later welcomes carry the
    /// new values, and the next frame is drawn at the new size. Nothing happens when
    /// nothing changes. The control request `resizeDisplay` (`rendersrvctl resize`) goes
    /// the same way. The frame clock keeps its period (see `ServerCore.resizeDisplay`).
    ///
    /// Throws `ServerError.invalidConfiguration` for a side outside 1…16,384 points or a
    /// rate outside (0, 1000] Hz (nothing changes then).
    ///
    /// Thread affinity: the loop thread.
    public func resizeDisplay(width: Int, height: Int, refreshRate: Double? = nil) throws {
        loop.preconditionInLoop()
        if let problem = ServerCore.displayProblem(width: width, height: height, refreshRate: refreshRate) {
            throw ServerError.invalidConfiguration("cannot resize the display: " + problem)
        }
        core.resizeDisplay(width: width, height: height, refreshRate: refreshRate)
        flushTransport()
    }

    /// The display's size in points and refresh rate now (`resizeDisplay` changes them).
    /// Loop thread.
    public var display: (width: Int, height: Int, refreshRate: Double) {
        loop.preconditionInLoop()
        return (core.displayWidth, core.displayHeight, core.refreshRate)
    }
}

/// The context of a libuv timer (the timer does not keep the server alive).
final class TimerContext {
    /// Unowned, not weak (see `Server`): a timer fires only while the server's loop runs.
    unowned let server: Server
    let body: (Server) -> Void
    init(server: Server, body: @escaping (Server) -> Void) { self.server = server; self.body = body }
}

/// The context of a polled descriptor (termination pipe, standard input).
final class PollContext {
    /// Unowned, not weak (see `Server`): a poll fires only while the server's loop runs.
    unowned let server: Server
    let fd: Int32
    let body: (Server, Int32) -> Void
    init(server: Server, fd: Int32, body: @escaping (Server, Int32) -> Void) {
        self.server = server; self.fd = fd; self.body = body
    }
}

/// Gives the heap's free pages back to the system after releases, at most once every
/// `interval` seconds (on the release queue, never the loop thread). Memory freed on the
/// release queue that the loop thread allocated stays in glibc's arenas as free but resident
/// pages, fragmented among live ones: a 5-minute soak of clients joining and leaving grew the
/// daemon's RSS 3.2 % after warm-up (43.9 → 45.4 MB, steadily), flat with one arena
/// (`MALLOC_ARENA_MAX=1`: 43.1–44.7 MB, no trend).
///
/// A release that comes sooner after the last trim asks for one trim at the end of the
/// interval (one at a time), so the last releases of a burst are given back too: each large
/// commit's decoded commands and validation state are released once it is applied, a burst
/// of commits within a second, and the pages of all but the first stayed resident until some
/// later release — about 440 B per layer after 50,000 plain layers were committed at once
/// (`rendersrv-stress composite --scenes memory`, `--output none`: 892 B per layer before).
///
/// Thread affinity: the release queue (serial).
final class HeapTrimmer: @unchecked Sendable {
    let interval: Double
    private let trim: () -> Void
    private var last = -Double.infinity
    /// A trim is scheduled (`released` returned a delay, `deferredTrim` has not run yet).
    private var deferred = false
    init(interval: Double = 5, trim: @escaping () -> Void = { _ = csys_malloc_trim() }) {
        self.interval = interval; self.trim = trim
    }

    /// After a release, at monotonic second `now`: trims when the last trim is `interval` old,
    /// else returns the seconds after which the caller runs `deferredTrim` (nil when one is
    /// scheduled already).
    func released(now: Double) -> Double? {
        if now - last >= interval {
            last = now
            trim()
            return nil
        }
        guard !deferred else { return nil }
        deferred = true
        return max(0, last + interval - now)
    }

    /// The trim `released` scheduled.
    func deferredTrim(now: Double) {
        deferred = false
        last = now
        trim()
    }
}
