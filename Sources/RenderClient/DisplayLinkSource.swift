import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a `DisplayLink`'s vsyncs come from (`DisplayLinkProviding` in Advance/Wave terms):
/// something that, once started, reports each vsync's media time on the display's frame
/// grid. Tests inject `ManualDisplayLinkSource` and fire vsyncs by hand; apps use
/// `TimerDisplayLinkSource` (a thread sleeping to absolute `CLOCK_MONOTONIC` deadlines).
///
/// Contract: after `start(period:vsync:)` the source calls `vsync(t)` once per vsync, with
/// `t` strictly increasing media times (seconds) on the grid, from any thread, until `stop()`.
/// A vsync already on its way when `stop()` is called may still arrive (the display link
/// ignores it). `start` after `stop` starts again; `start` while started replaces the
/// callback and period.
///
/// Sendable: a display link calls `stop()` and `now()` from whatever thread pauses or
/// invalidates it, and the source calls back from its own thread.
public protocol DisplayLinkProviding: AnyObject, Sendable {
    /// Starts reporting vsyncs every `period` seconds (> 0).
    func start(period: Double, vsync: @escaping @Sendable (Double) -> Void)
    /// Stops reporting. Any thread.
    func stop()
    /// The media time now as this source sees it, seconds (for reports and the first tick).
    func now() -> Double
}

/// A vsync source driven by hand, for deterministic tests and manual-clock daemons.
///
/// The grid is `origin + k · period` (k = 1, 2, …); `step()` fires the next vsync of the grid,
/// `fire(at:)` fires an arbitrary (later) media time. Firing while stopped only advances the
/// time (a paused display link sees no vsyncs, as a real one would not). Any thread; the
/// display link then delivers the tick on its queue (run that queue to see it).
public final class ManualDisplayLinkSource: DisplayLinkProviding {
    private struct State {
        var time: Double
        var period: Double = 1.0 / 60
        var vsync: (@Sendable (Double) -> Void)?
    }
    private let state: Locked<State>
    /// Where the grid starts, media time (s).
    public let origin: Double

    /// A source whose clock reads `origin` until the first vsync.
    public init(origin: Double = 0) {
        self.origin = origin
        state = Locked(State(time: origin))
    }

    /// Remembers `vsync` and `period`; nothing fires until `step()` or `fire(at:)`.
    public func start(period: Double, vsync: @escaping @Sendable (Double) -> Void) {
        state.withLock { $0.period = period; $0.vsync = vsync }
    }

    /// Forgets the callback: later steps only advance the time.
    public func stop() { state.withLock { $0.vsync = nil } }

    /// The time of the last vsync fired (the origin before the first), media seconds.
    public func now() -> Double { state.withLock { $0.time } }

    /// The period given by the display link (1/60 s before it starts).
    public var period: Double { state.withLock { $0.period } }

    /// Whether a display link is listening (started and not paused).
    public var isRunning: Bool { state.withLock { $0.vsync != nil } }

    /// Fires the next vsync of the grid after the current time and returns its time.
    @discardableResult
    public func step() -> Double {
        let (t, cb) = state.withLock { s -> (Double, (@Sendable (Double) -> Void)?) in
            // The next grid point strictly after `time` (a tolerance keeps float error from
            // skipping or repeating a frame).
            let k = ((s.time - origin) / s.period + 1e-9).rounded(.down) + 1
            s.time = origin + k * s.period
            return (s.time, s.vsync)
        }
        cb?(t)
        return t
    }

    /// Fires `count` vsyncs of the grid, one after another.
    public func step(count: Int) {
        for _ in 0..<max(0, count) { step() }
    }

    /// Fires a vsync at media time `t` (ignored unless later than the current time).
    public func fire(at t: Double) {
        let cb = state.withLock { s -> (@Sendable (Double) -> Void)? in
            guard t > s.time else { return nil }
            s.time = t
            return s.vsync
        }
        cb?(t)
    }
}

/// Vsyncs from the real clock: a thread that sleeps to absolute `CLOCK_MONOTONIC` deadlines
/// on the grid `k · period` (k an integer: every display link of the machine at the same
/// rate shares the grid), and reports each one. A deadline missed by more than a period
/// (the machine was suspended, the thread starved) is skipped, not reported late in a burst.
public final class TimerDisplayLinkSource: DisplayLinkProviding {
    private struct State {
        var generation: UInt64 = 0
        var running = false
    }
    private let state = Locked(State())

    /// A source on the real clock; its thread starts with `start(period:vsync:)`.
    public init() {}

    /// `MediaTime.now()`: `CLOCK_MONOTONIC`, seconds.
    public func now() -> Double { MediaTime.now() }

    /// Starts a thread that sleeps to each deadline `k · period` and calls `vsync` with it,
    /// skipping deadlines it missed by more than a period. `period` must be positive and finite.
    public func start(period: Double, vsync: @escaping @Sendable (Double) -> Void) {
        precondition(period > 0 && period.isFinite, "display link period \(period) s: use a positive, finite period")
        let generation = state.withLock { s -> UInt64 in
            s.generation &+= 1; s.running = true
            return s.generation
        }
        let state = self.state
        let thread = Thread {
            var k = (MediaTime.now() / period).rounded(.down) + 1
            while true {
                let deadline = k * period
                var ts = timespec(tv_sec: Int(deadline), tv_nsec: Int((deadline - deadline.rounded(.down)) * 1e9))
                while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
                let live = state.withLock { $0.running && $0.generation == generation }
                guard live else { return }
                vsync(deadline)
                // Next deadline: the next grid point after now (skips missed ones).
                k = max(k + 1, (MediaTime.now() / period).rounded(.down) + 1)
            }
        }
        thread.name = "rendersrv-display-link"
        thread.start()
    }

    /// Stops the thread at its next wake-up; a vsync already being reported may still arrive.
    public func stop() {
        state.withLock { $0.running = false; $0.generation &+= 1 }
    }
}
