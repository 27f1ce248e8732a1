import Dispatch
import RenderCore
import RenderProtocol

/// Calls a handler on a queue once per display refresh (`CADisplayLink`), for motion
/// computed in the app process (Dynamics).
///
///     source (vsync thread, or a test) ─ vsync(t) ─▶ DisplayLink ─ queue.async ─▶ handler(Tick)
///
/// Each vsync at media time `t` becomes a `Tick` with `timestamp == t` and
/// `targetTimestamp == t + period`: the time the frame that a commit made now will be
/// shown, where animations should be evaluated (the daemon evaluates its frames at their
/// target time too). At most one tick is queued at a time: while the queue is busy (the
/// main thread blocked), vsyncs are coalesced and counted as skipped; when the queue frees
/// up, one tick arrives carrying the latest vsync. So an app's blocked main thread stops
/// its ticks, by design — the contrast with animations the daemon runs.
///
/// Thread affinity: the handler runs on `queue`. `isPaused`, `invalidate()` and the
/// counters may be used from any thread.
///
/// Sendable by its discipline: what other threads touch is behind `state`'s lock.
public final class DisplayLink: @unchecked Sendable {
    /// One display refresh, as delivered to the handler.
    public struct Tick: Hashable, Sendable, CustomStringConvertible {
        /// The vsync that fired, media time (s): `CADisplayLink.timestamp`.
        public var timestamp: Double
        /// The next vsync, media time (s): when a commit made in this tick is shown.
        public var targetTimestamp: Double
        /// The period between vsyncs, s.
        public var duration: Double
        /// 1 for the first tick this link delivered, then 2, 3, …
        public var index: UInt64
        /// Vsyncs that passed since the previous tick without a tick of their own (the
        /// queue was busy, so they were coalesced into this one).
        public var skippedVsyncs: UInt64

        /// A tick with those times (media seconds), as a display link delivers it: for tests and
        /// custom sources.
        public init(timestamp: Double, targetTimestamp: Double, duration: Double, index: UInt64, skippedVsyncs: UInt64) {
            self.timestamp = timestamp; self.targetTimestamp = targetTimestamp; self.duration = duration
            self.index = index; self.skippedVsyncs = skippedVsyncs
        }

        /// The tick's index and times, and the vsyncs it skipped, for logs.
        public var description: String {
            "tick \(index) at \(timestamp) s → \(targetTimestamp) s" + (skippedVsyncs > 0 ? " (\(skippedVsyncs) vsyncs skipped)" : "")
        }
    }

    /// Where ticks are delivered.
    public let queue: DispatchQueue
    /// Refreshes per second (the display's rate). A link made for a connection follows the
    /// daemon's rate when it changes; any other keeps the rate it was made with. Any thread.
    public var framesPerSecond: Double { state.withLock { $0.framesPerSecond } }
    /// Where vsyncs come from.
    public let source: DisplayLinkProviding
    /// Seconds between vsyncs: `1 / framesPerSecond`.
    public var period: Double { 1 / framesPerSecond }

    /// The rate to follow (a connection's display), read at each vsync; nil: fixed.
    private let currentRate: (@Sendable () -> Double)?

    private struct State {
        var framesPerSecond: Double
        var handler: ((Tick) -> Void)?
        var paused: Bool
        var invalid = false
        var pending = false
        var latestVsync = 0.0
        var delivered: UInt64 = 0
        var vsyncs: UInt64 = 0
        var skipped: UInt64 = 0
        var skippedSinceTick: UInt64 = 0
        var lastTick: Tick?
    }
    private let state: Locked<State>

    /// A display link delivering on `queue` at `framesPerSecond`.
    ///
    /// - Parameters:
    ///   - queue: where `handler` runs (the main queue by default).
    ///   - framesPerSecond: the vsync rate, 60 by default.
    ///   - source: the vsyncs; by default the real clock (`TimerDisplayLinkSource`). Tests pass
    ///     a `ManualDisplayLinkSource` and step it.
    ///   - paused: start paused (no vsyncs are requested until `isPaused = false`).
    ///   - handler: runs on `queue` once per tick.
    public convenience init(queue: DispatchQueue = .main, framesPerSecond: Double = 60, source: DisplayLinkProviding? = nil,
                            paused: Bool = false, handler: @escaping (Tick) -> Void) {
        self.init(queue: queue, framesPerSecond: framesPerSecond, source: source, following: nil, paused: paused,
                  handler: handler)
    }

    private init(queue: DispatchQueue, framesPerSecond: Double, source: DisplayLinkProviding?,
                 following currentRate: (@Sendable () -> Double)?, paused: Bool, handler: @escaping (Tick) -> Void) {
        precondition(DisplayLink.isUsable(framesPerSecond),
                     "display link at \(framesPerSecond) frames per second: use a rate in 0 < fps ≤ 1000")
        self.queue = queue
        self.source = source ?? TimerDisplayLinkSource()
        self.currentRate = currentRate
        self.state = Locked(State(framesPerSecond: framesPerSecond, handler: handler, paused: paused))
        if !paused { startSource() }
    }

    private static func isUsable(_ rate: Double) -> Bool { rate > 0 && rate.isFinite && rate <= 1000 }

    /// A display link for `connection`'s display: ticks on its callback queue at the
    /// daemon's refresh rate (`welcome.refreshRate`), and at the new rate from the first
    /// vsync after it changes (a `displayChanged`, a reconnection's welcome: the source
    /// restarts on the new grid; `framesPerSecond` and the ticks' `duration` follow). The default source is the real clock
    /// for a daemon on the real clock, and for a manual-clock daemon a
    /// `ManualDisplayLinkSource` whose grid starts at the daemon's time in the welcome — step
    /// it together with the daemon (`displayLink.source as? ManualDisplayLinkSource`).
    public convenience init(connection: Connection, source: DisplayLinkProviding? = nil, paused: Bool = false,
                            handler: @escaping (Tick) -> Void) {
        let w = connection.welcome
        let fps = DisplayLink.isUsable(w.refreshRate) ? w.refreshRate : 60
        let s = source ?? (w.manualClock ? ManualDisplayLinkSource(origin: w.mediaTime) : TimerDisplayLinkSource())
        self.init(queue: connection.callbackQueue, framesPerSecond: fps, source: s,
                  following: { [weak connection] in connection?.refreshRate ?? 0 }, paused: paused, handler: handler)
    }

    deinit { source.stop() }

    /// Whether ticks are suspended. While paused the source is stopped (no wake-ups);
    /// a tick already queued is dropped. Any thread.
    public var isPaused: Bool {
        get { state.withLock { $0.paused } }
        set {
            let change = state.withLock { s -> Bool in
                guard !s.invalid, s.paused != newValue else { return false }
                s.paused = newValue
                return true
            }
            guard change else { return }
            if newValue { source.stop() } else { startSource() }
        }
    }

    /// Whether `invalidate()` was called.
    public var isInvalidated: Bool { state.withLock { $0.invalid } }

    /// Stops the link for good and releases the handler. Any thread.
    public func invalidate() {
        let handler = state.withLock { s -> ((Tick) -> Void)? in
            let h = s.handler
            s.invalid = true; s.handler = nil
            return h
        }
        source.stop()
        _ = handler // released here, outside the lock
    }

    /// Ticks delivered to the handler so far. Any thread.
    public var ticksDelivered: UInt64 { state.withLock { $0.delivered } }
    /// Vsyncs received while running (delivered or coalesced). Any thread.
    public var vsyncsReceived: UInt64 { state.withLock { $0.vsyncs } }
    /// Vsyncs coalesced into a later tick because the queue was busy. Any thread.
    public var vsyncsSkipped: UInt64 { state.withLock { $0.skipped } }
    /// The last tick delivered, if any. Any thread.
    public var lastTick: Tick? { state.withLock { $0.lastTick } }

    private func startSource() {
        source.start(period: period) { [weak self] t in self?.vsync(at: t) }
    }

    /// A vsync at media time `t`, from the source's thread.
    private func vsync(at t: Double) {
        if let currentRate, adopt(currentRate()) {
            // On the new rate's grid from the next vsync (this one is delivered).
            source.stop()
            startSource()
        }
        let schedule = state.withLock { s -> Bool in
            guard !s.paused, !s.invalid, t > s.latestVsync else { return false }
            s.vsyncs += 1
            s.latestVsync = t
            if s.pending {
                s.skipped += 1; s.skippedSinceTick += 1
                return false
            }
            s.pending = true
            return true
        }
        if schedule { queue.async { [self] in deliver() } }
    }

    /// Takes `rate` as the link's rate if it is usable and new; returns whether it did.
    private func adopt(_ rate: Double) -> Bool {
        guard DisplayLink.isUsable(rate) else { return false }
        return state.withLock { s in
            guard s.framesPerSecond != rate, !s.paused, !s.invalid else { return false }
            s.framesPerSecond = rate
            return true
        }
    }

    /// On `queue`: the tick of the latest vsync.
    private func deliver() {
        let p = period
        let next = state.withLock { s -> (Tick, (Tick) -> Void)? in
            s.pending = false
            guard !s.paused, !s.invalid, let h = s.handler else { return nil }
            s.delivered += 1
            let tick = Tick(timestamp: s.latestVsync, targetTimestamp: s.latestVsync + p, duration: p,
                            index: s.delivered, skippedVsyncs: s.skippedSinceTick)
            s.skippedSinceTick = 0
            s.lastTick = tick
            return (tick, h)
        }
        if let (tick, handler) = next { handler(tick) }
    }
}
