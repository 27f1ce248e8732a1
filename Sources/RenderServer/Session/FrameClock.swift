import CLibUV
import CSystem
import Glibc

/// The display's vsync grid: deadline `k` is `origin + round(k × period)` nanoseconds of
/// CLOCK_MONOTONIC. Deadlines are computed from the index, never by adding periods, so
/// they do not drift.
public struct VsyncGrid: Hashable, Sendable {
    /// Deadline 0, CLOCK_MONOTONIC nanoseconds.
    public var originNanoseconds: Int64
    /// One refresh period in nanoseconds (fractional: 60 Hz is 16 666 666.67 ns).
    public var periodNanoseconds: Double

    public init(originNanoseconds: Int64, periodNanoseconds: Double) {
        precondition(periodNanoseconds > 0, "a vsync period must be positive")
        self.originNanoseconds = originNanoseconds; self.periodNanoseconds = periodNanoseconds
    }

    /// Deadline `k` in CLOCK_MONOTONIC nanoseconds.
    public func deadline(_ k: UInt64) -> Int64 {
        originNanoseconds + Int64((Double(k) * periodNanoseconds).rounded())
    }

    /// What a wake-up at `now` for the armed deadline `armed` serves.
    public struct CatchUp: Hashable, Sendable {
        /// The vsync the frame is produced for: the latest deadline ≤ now (never before
        /// `armed`). The frame is evaluated at its deadline.
        public var target: UInt64
        /// Vsyncs that passed without a frame: `target − armed`.
        public var missed: UInt64
        /// The next deadline to arm: the first one after now (`target + 1`).
        public var next: UInt64
    }

    /// The missed-vsync arithmetic of a late wake-up: a loop that woke late does not catch
    /// up frame by frame. It serves the latest vsync that has passed, counts the ones it
    /// skipped, and arms the first one still in the future.
    ///
    ///     armed = 5, now just after deadline(5)  → target 5, missed 0, next 6
    ///     armed = 5, now just after deadline(8)  → target 8, missed 3, next 9
    ///     armed = 5, now before deadline(5)      → target 5, missed 0, next 6 (early wake)
    public func catchUp(armed: UInt64, now: Int64) -> CatchUp {
        var target = armed
        if now > deadline(armed) {
            // Estimate from the grid, then correct for rounding at the edges.
            let estimate = UInt64(max(0, (Double(now - originNanoseconds) / periodNanoseconds).rounded(.down)))
            target = max(armed, estimate)
            while target > armed && deadline(target) > now { target -= 1 }
            while deadline(target + 1) <= now { target += 1 }
        }
        return CatchUp(target: target, missed: target - armed, next: target + 1)
    }

    /// The vsync a paused clock arms when something needs a frame at `now`: the latest vsync
    /// when it passed at most `latch` nanoseconds ago and is after `lastServed` (no frame was
    /// produced for it), else the first vsync after now.
    ///
    ///     latch 1 ms, now 0.4 ms after deadline(7), lastServed 5  → 7 (its frame now)
    ///     latch 1 ms, now 0.4 ms after deadline(7), lastServed 7  → 8
    ///     latch 1 ms, now 3 ms after deadline(7)                  → 8
    public func resumption(now: Int64, latch: Int64, lastServed: UInt64?) -> UInt64 {
        let c = catchUp(armed: 0, now: now)
        let latest = c.next - 1
        if latch > 0, now >= deadline(latest), now - deadline(latest) <= latch,
           lastServed.map({ $0 < latest }) ?? true {
            return latest
        }
        return c.next
    }
}

/// The manual clock: time moves only when told to (`ClockStep`), and each step yields the
/// frames whose target times it passes. Frame `k` is at `origin + k × period` seconds.
/// A value type: tests drive it directly.
struct ManualClock: Equatable {
    /// Media time of frame index 0, seconds.
    let origin: Double
    /// Seconds per frame.
    let period: Double
    /// The clock's current time, seconds.
    private(set) var now: Double
    /// The index of the last frame produced (frame times are never produced twice).
    private(set) var lastIndex: UInt64 = 0

    /// Slack for comparing accumulated step times against frame times, seconds: a step
    /// of exactly one period always yields one frame even after rounding.
    static let tolerance = 1e-9

    init(origin: Double, period: Double) {
        self.origin = origin; self.period = period; self.now = origin
    }

    func time(ofIndex k: UInt64) -> Double { origin + Double(k) * period }

    /// Advances by `seconds` (≥ 0) and returns the target times of the frames in
    /// (now, now + seconds], in order.
    mutating func step(by seconds: Double) -> [Double] {
        let end = now + seconds
        var times: [Double] = []
        while time(ofIndex: lastIndex + 1) <= end + ManualClock.tolerance {
            lastIndex += 1
            times.append(time(ofIndex: lastIndex))
        }
        now = end
        return times
    }
}

/// The real clock: a timerfd armed with ABSOLUTE CLOCK_MONOTONIC deadlines (libuv's own
/// timers have millisecond resolution, too coarse for 8.33 ms frames), polled by the loop.
///
/// Thread affinity: the loop thread.
final class RealFrameClock {
    let grid: VsyncGrid
    private let loop: Loop
    private let fd: Int32
    private let poll: UnsafeMutablePointer<uv_poll_t>
    private var armed: UInt64 = 1
    private var stopped = false
    /// Called on the loop thread for each frame: target media time (s), wake time (ns),
    /// vsyncs missed before it.
    var onFrame: ((_ target: Double, _ wakeNanoseconds: Int64, _ missed: UInt64) -> Void)?

    init(loop: Loop, refreshRate: Double) throws {
        self.loop = loop
        let now = csys_monotonic_ns()
        grid = VsyncGrid(originNanoseconds: now, periodNanoseconds: 1e9 / refreshRate)
        let fd = csys_timerfd_create()
        guard fd >= 0 else { throw ServerError.system(call: "timerfd_create", errno: -fd, context: "frame clock") }
        self.fd = fd
        poll = uvAllocate(uv_poll_t.self)
        let rc = uv_poll_init(loop.raw, poll, fd)
        guard rc == 0 else {
            poll.deallocate(); Glibc.close(fd)
            throw ServerError.libuv(call: "uv_poll_init(timerfd)", code: rc)
        }
        check = uvAllocate(uv_check_t.self)
        uv_check_init(loop.raw, check)
        poll.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        check.pointee.data = Unmanaged.passUnretained(self).toOpaque()
    }

    /// Arms the first deadline and starts polling.
    func start() throws {
        loop.preconditionInLoop()
        // The first deadline after now: time spent between set-up and the loop's start
        // is not a missed frame.
        armed = grid.catchUp(armed: 0, now: csys_monotonic_ns()).next
        try arm(armed)
        let rc = uv_poll_start(poll, Int32(UV_READABLE.rawValue)) { handle, status, _ in
            let clock = Unmanaged<RealFrameClock>.fromOpaque(handle!.pointee.data).takeUnretainedValue()
            clock.tick(status: status)
        }
        guard rc == 0 else { throw ServerError.libuv(call: "uv_poll_start(timerfd)", code: rc) }
    }

    private func arm(_ k: UInt64) throws {
        let rc = csys_timerfd_set_absolute(fd, grid.deadline(k))
        guard rc == 0 else { throw ServerError.system(call: "timerfd_settime", errno: -rc, context: "frame clock") }
    }

    /// The timerfd fired: the frame is due. It is produced in this loop turn's check phase,
    /// after every read this turn's poll reported — a commit that arrived before the loop
    /// woke for the vsync is in the frame whatever order epoll listed the two in (the frame
    /// takes commits up to the moment it samples them).
    private func tick(status: Int32) {
        loop.preconditionInLoop()
        guard !stopped else { return }
        _ = csys_timerfd_read(fd)
        let now = csys_monotonic_ns()
        if now < grid.deadline(armed) { return } // spurious wake-up
        let c = grid.catchUp(armed: armed, now: now)
        armed = c.next
        due = (c.target, now, c.missed)
        lastServed = c.target // due now: a resume before it is produced must not serve it again
        uv_check_start(check) { handle in
            let clock = Unmanaged<RealFrameClock>.fromOpaque(handle!.pointee.data).takeUnretainedValue()
            clock.produceDueFrame()
        }
    }

    /// The vsync whose frame is due (target index, wake time ns, vsyncs missed before it).
    private var due: (target: UInt64, wake: Int64, missed: UInt64)?
    /// Runs the due frame after the loop turn's reads.
    private let check: UnsafeMutablePointer<uv_check_t>
    /// The latest vsync a frame was produced (or is due) for.
    private(set) var lastServed: UInt64?

    private func produceDueFrame() {
        loop.preconditionInLoop()
        uv_check_stop(check)
        guard !stopped, let d = due else { return }
        due = nil
        onFrame?(Double(grid.deadline(d.target)) / 1e9, d.wake, d.missed)
        // The frame's owner may have stopped or paused the clock (nothing needs the next).
        guard !stopped, !isPaused else { return }
        // Arming a deadline that has already passed fires at once; the next tick counts it.
        try? arm(armed)
    }

    /// Whether the clock is paused (nothing needs frames: no wake-ups at all).
    private(set) var isPaused = false

    /// Stops waking for frames until `resume`. The grid keeps its time.
    func pause() {
        loop.preconditionInLoop()
        guard !stopped, !isPaused else { return }
        isPaused = true
        _ = csys_timerfd_disarm(fd)
    }

    /// Wakes for frames again. The vsyncs that passed while paused are not missed frames
    /// (nothing needed them), and the next frame is normally the first vsync after now; but
    /// when the latest vsync passed at most `latch` nanoseconds ago and no frame was produced
    /// for it, that vsync's frame is produced at once (the timer armed in the past fires in
    /// this loop turn): a paused clock takes a commit as late after its vsync as a running one
    /// would have woken and sampled it (`VsyncGrid.resumption`).
    func resume(latch: Int64) {
        loop.preconditionInLoop()
        guard !stopped, isPaused else { return }
        isPaused = false
        armed = grid.resumption(now: csys_monotonic_ns(), latch: latch, lastServed: lastServed)
        try? arm(armed)
    }

    /// Stops polling and closes the timer. Idempotent.
    func stop() {
        loop.preconditionInLoop()
        guard !stopped else { return }
        stopped = true
        uv_poll_stop(poll)
        uvCloseAndFree(poll)
        uv_check_stop(check)
        uvCloseAndFree(check)
        Glibc.close(fd)
    }
}
