import CLibUV
import CSystem
import Foundation
import Glibc

/// Running and stopping: the loop's thread, graceful shutdown (goodbye to every client,
/// socket unlinked), termination signals and standard input's end-of-file.
///
/// `run`, `start` and `stop` may be called from any thread; the rest runs on the loop
/// thread.
extension Server {
    /// Moves the server from idle to running; a server runs once. Any thread.
    private func claimRun() throws {
        state.lock()
        guard runState == .idle else {
            state.unlock()
            throw ServerError.invalidConfiguration("the server has already run; create a new Server")
        }
        runState = .running
        state.unlock()
    }

    /// Runs the loop on the calling thread until the server stops.
    public func run() throws {
        try claimRun()
        try runLoop()
    }

    /// Runs the loop on a new thread and returns at once.
    public func start() throws {
        try claimRun()
        let thread = Thread { [self] in
            do { try self.runLoop() } catch { self.logger.critical("rendersrvd loop failed: \(error)") }
        }
        thread.name = "rendersrvd loop"
        thread.start()
    }

    /// Stops the server: goodbye to every client, socket unlinked, loop ended. From any
    /// thread; off the loop thread it waits until the loop has ended. Idempotent.
    public func stop() {
        state.lock()
        switch runState {
        case .finished:
            state.unlock()
        case .idle:
            // Never ran: run the loop here just long enough to shut down.
            runState = .running
            stopRequested = true
            state.unlock()
            try? runLoop()
        case .running:
            stopRequested = true
            mailbox.wake()
            if loop.inLoop { state.unlock(); return }
            while runState != .finished { state.wait() }
            state.unlock()
        }
    }

    func runLoop() throws {
        defer {
            state.lock()
            runState = .finished
            state.broadcast()
            state.unlock()
        }
        loop.adopt()
        let niceToRestore = applyLoopNice()
        defer { if let niceToRestore { restoreLoopNice(niceToRestore) } }
        do {
            try setUpLoopThread()
        } catch {
            beginShutdown(reason: "start-up failed: \(error)")
            loop.run()
            finishLoop()
            throw error
        }
        state.lock()
        let stopNow = stopRequested
        state.unlock()
        if stopNow {
            beginShutdown(reason: "stopped")
        } else {
            notifyServiceManager { try $0.ready(status: "serving on \(self.socketPath)") }
        }
        loop.spinNanoseconds = Int64((configuration.spinAfterReads * 1e9).rounded())
        loop.run()
        finishLoop()
        logger.info("rendersrvd stopped")
    }

    /// Gives the loop thread `Configuration.loopNice`; returns the nice value to put back when
    /// the loop ends (nil: nothing changed). A refusal (no privilege to raise a priority) is
    /// logged, and the loop runs at the thread's priority.
    func applyLoopNice() -> Int32? {
        guard let wanted = configuration.loopNice else { return nil }
        var before: Int32 = 0
        let read = csys_get_thread_nice(&before)
        guard read == 0 else {
            logger.notice("the loop thread's priority is left as it is: its nice value cannot be read (\(String(cString: strerror(-read))))")
            return nil
        }
        let rc = csys_set_thread_nice(Int32(wanted))
        guard rc == 0 else {
            logger.notice("""
                the loop thread runs at nice \(before), not \(wanted): \(String(cString: strerror(-rc))); raising a \
                thread's priority needs root, CAP_SYS_NICE or RLIMIT_NICE of at least \(20 - wanted) (`ulimit -e`). A \
                client on the loop thread's CPU may then preempt the loop as it reads (SERVER.md, "A message's cost on \
                the loop thread"); --loop-nice \(before) keeps the thread's priority without this notice
                """)
            return nil
        }
        loopNice = wanted
        logger.info("the loop thread runs at nice \(wanted)")
        return before
    }

    /// Puts the thread's nice value back after the loop (`applyLoopNice`). Lowering a nice
    /// value needs the privilege raising one does: without it the thread keeps the loop's.
    func restoreLoopNice(_ nice: Int32) {
        let rc = csys_set_thread_nice(nice)
        guard rc == 0 else {
            return logger.notice("the thread that ran the loop stays at nice \(loopNice ?? 0): putting back \(nice) failed (\(String(cString: strerror(-rc))))")
        }
        loopNice = nil
    }

    /// After the loop ran out of active handles: closes what is left and the loop.
    func finishLoop() {
        closeGraceTimer()
        let rc = loop.close()
        if rc != 0 { logger.error("libuv loop did not close cleanly (\(uvErrorText(rc))): a handle was left open") }
    }

    func setUpLoopThread() throws {
        loop.preconditionInLoop()
        try realClock?.start()
        // On the manual clock the window does not pace frames, but it still has events (its
        // size, its end) and its connection to serve; on the real clock PacedFrameClock starts it.
        if realClock == nil, let window = core.output.windowDisplay {
            try window.start(loop: loop, events: WindowDisplayEvents(
                frameDue: { _, _, _ in },
                resized: { [unowned self] w, h, rate in self.windowResized(w, h, rate) },
                ended: { [unowned self] reason in self.windowEnded(reason) },
                redraw: { [unowned self] in self.flushTransport() }))
        }
        if let input = core.output.inputSource { startInput(input) }
        startTimeoutTimer()
        if configuration.handlesTerminationSignals { try installTerminationPipe() }
        if configuration.exitsOnStandardInputEOF { watchStandardInput() }
    }

    /// The output's window input: each event goes to the core's input path, stamped with the
    /// core's media time (the manual clock's time when the clock is manual). A source that
    /// cannot start is logged; the output still shows frames.
    func startInput(_ source: InputSource) {
        loop.preconditionInLoop()
        do {
            try source.start(loop: loop, mediaTime: { [unowned self] in self.core.currentMediaTime }) { [unowned self] event in
                self.core.receiveInput(event)
                self.flushTransport()
            }
        } catch {
            logger.error("\(error); frames are still shown, but the window's input is not read")
        }
    }

    func mailboxWoke() {
        state.lock()
        let stop = stopRequested
        state.unlock()
        let items = mailbox.take()
        if !items.isEmpty {
            for item in items {
                switch item {
                case let .job(job): job()
                case let .frameReady(ready): core.frameReady(ready)
                }
            }
            flushTransport()
        }
        if stop { beginShutdown(reason: "stopped") }
    }

    /// Says goodbye to every client, closes the listener (unlinking the socket) and every
    /// handle; the loop then ends. Sessions that cannot flush within a second are cut.
    func beginShutdown(reason: String) {
        loop.preconditionInLoop()
        guard !shuttingDown else { return }
        shuttingDown = true
        logger.info("rendersrvd shutting down (\(reason))")
        notifyServiceManager { try $0.stopping(status: "shutting down (\(reason))") }
        listener?.close()
        listener = nil
        realClock?.stop()
        core.output.windowDisplay?.stop()
        core.output.inputSource?.stop()
        stopTimeoutTimer()
        if let idle = jobIdle { jobIdle = nil; uv_idle_stop(idle); uvCloseAndFree(idle) }
        core.shutDown(reason: "rendersrvd is shutting down (\(reason))")
        flushTransport()
        for p in auxiliaryPolls { uv_poll_stop(p); uvCloseAndFree(p) }
        auxiliaryPolls = []
        if let pipe = terminationPipe { close(pipe.read); close(pipe.write); terminationPipe = nil }
        mailbox.close()
        uv_poll_stop(wakePoll)
        uvCloseAndFree(wakePoll)
        // A grace timer: sessions still flushing after a second are cut.
        graceTimer = startTimer(after: 1000, repeat: 0) { server in
            for c in Array(server.connections.values) { c.cut() }
            server.closeTimer(&server.graceTimer)
        }
    }

    /// Tells the service manager (`Configuration.serviceNotifier`), if any; a failure is
    /// logged, never fatal.
    func notifyServiceManager(_ body: (ServiceNotifier) throws -> Void) {
        guard let notifier = configuration.serviceNotifier else { return }
        do { try body(notifier) } catch {
            logger.warning("could not notify the service manager: \(error)")
        }
    }

    /// Every 100 ms while a timeout runs: handshake and partial-frame timeouts. The timer
    /// stops itself at a tick where no session has one running (`ServerCore.hasRunningTimeouts`)
    /// and starts again when a session gets one (`resumeTimeoutChecks`): an armed libuv timer,
    /// even unreferenced, gives every `epoll_wait` a deadline, which the kernel arms and
    /// cancels on each sleep — about 0.5 µs of every ping's loop turn on a one-CPU round trip
    /// of 9 µs (SERVER.md, "A message's cost on the loop thread").
    func startTimeoutTimer() {
        timeoutTimer = startTimer(after: 100, repeat: 100) { server in
            server.core.tick(now: Server.monotonicSeconds())
            server.flushTransport()
            if !server.core.hasRunningTimeouts, let timer = server.timeoutTimer { uv_timer_stop(timer) }
        }
    }

    /// Whether the timeout checks run now (loop thread).
    var timeoutChecksRun: Bool { timeoutTimer.map { uv_is_active(uvHandle($0)) != 0 } ?? false }

    /// Starts the timeout checks again, if stopped (a session connected, or holds part of
    /// a frame). The first check comes 100 ms later, as with a timer that never stopped: the
    /// timeouts themselves count from the session's own times.
    func resumeTimeoutChecks() {
        guard let timer = timeoutTimer, uv_is_active(uvHandle(timer)) == 0 else { return }
        uv_timer_again(timer)
    }

    func stopTimeoutTimer() { closeTimer(&timeoutTimer) }

    /// A libuv timer calling `body` on the loop thread (milliseconds); it does not keep
    /// the loop alive by itself. Its context box is released when it is closed.
    func startTimer(after timeout: UInt64, repeat interval: UInt64,
                    _ body: @escaping (Server) -> Void) -> UnsafeMutablePointer<uv_timer_t> {
        let timer = uvAllocate(uv_timer_t.self)
        uv_timer_init(loop.raw, timer)
        timer.pointee.data = Unmanaged.passRetained(TimerContext(server: self, body: body)).toOpaque()
        uv_timer_start(timer, { t in
            let context = Unmanaged<TimerContext>.fromOpaque(t!.pointee.data).takeUnretainedValue()
            context.body(context.server)
        }, timeout, interval)
        uv_unref(uvHandle(timer))
        return timer
    }

    /// Stops and closes a timer from `startTimer`, and forgets it.
    func closeTimer(_ slot: inout UnsafeMutablePointer<uv_timer_t>?) {
        guard let timer = slot else { return }
        slot = nil
        uv_timer_stop(timer)
        Unmanaged<TimerContext>.fromOpaque(timer.pointee.data).release()
        uvCloseAndFree(timer)
    }

    func closeGraceTimer() { closeTimer(&graceTimer) }

    func installTerminationPipe() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw ServerError.system(call: "pipe", errno: errno, context: "signal handling") }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        terminationPipe = (fds[0], fds[1])
        let rc = csys_install_termination_pipe(fds[1])
        guard rc == 0 else { throw ServerError.system(call: "sigaction", errno: -rc, context: "signal handling") }
        try watch(fd: fds[0], what: "the termination pipe") { server, fd in
            var byte: UInt8 = 0
            while read(fd, &byte, 1) > 0 {}
            server.beginShutdown(reason: "SIGINT, SIGTERM or SIGHUP")
        }
    }

    func watchStandardInput() {
        do {
            try watch(fd: 0, what: "standard input") { server, fd in
                var buffer = [UInt8](repeating: 0, count: 4096)
                let n = read(fd, &buffer, buffer.count)
                if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) {
                    server.beginShutdown(reason: "standard input reached end-of-file")
                }
            }
        } catch {
            // Not pollable: a regular file or /dev/null, whose end is reached by reading
            // (never blocking). Reaching it means exiting, as for a pipe.
            var buffer = [UInt8](repeating: 0, count: 4096)
            while read(0, &buffer, buffer.count) > 0 {}
            beginShutdown(reason: "standard input (not a pipe) reached end-of-file")
        }
    }

    /// Polls `fd` for readability, calling `body` on the loop thread each time.
    func watch(fd: Int32, what: String, _ body: @escaping (Server, Int32) -> Void) throws {
        let poll = uvAllocate(uv_poll_t.self)
        var rc = uv_poll_init(loop.raw, poll, fd)
        guard rc == 0 else { poll.deallocate(); throw ServerError.libuv(call: "uv_poll_init(\(what))", code: rc) }
        let box = PollContext(server: self, fd: fd, body: body)
        pollContexts.append(box)
        poll.pointee.data = Unmanaged.passUnretained(box).toOpaque()
        rc = uv_poll_start(poll, Int32(UV_READABLE.rawValue)) { handle, _, _ in
            let box = Unmanaged<PollContext>.fromOpaque(handle!.pointee.data).takeUnretainedValue()
            box.body(box.server, box.fd)
        }
        guard rc == 0 else { uvCloseAndFree(poll); throw ServerError.libuv(call: "uv_poll_start(\(what))", code: rc) }
        auxiliaryPolls.append(poll)
    }
}
