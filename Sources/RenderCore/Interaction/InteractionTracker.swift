// The interaction tracker: a scroll view's motion as a value the daemon owns (Windows
// Composition's InteractionTracker, behaving like UIScrollView). Pointer input drives a pan;
// release hands over to inertia, bounce, paging or snapping, all closed forms in time, so a
// list keeps moving at full frame rate while the app's main thread is blocked.
//
//            pointerDown ─────────────┐ (catches motion)
//                                     ▼
//     ┌──────┐  pan begins     ┌─────────────┐  release   ┌─────────┐  comes to rest
//     │ idle │────────────────▶│ interacting │───────────▶│ inertia │─────────────┐
//     └──────┘                 └─────────────┘            └─────────┘             │
//        ▲  ▲  animatePosition ┌───────────┐  ends                                │
//        │  └──────────────────│ animating │◀──── (the app's requests, not while   │
//        │                     └───────────┘       interacting)                    │
//        └─────────────────────────────────────────────────────────────────────────┘
//
// This file: state, configuration, evaluation, advance and the app's requests. Pointer and
// wheel input are in InteractionTracker+Input.swift, release planning in
// InteractionTracker+Release.swift.

/// What an ``InteractionTracker`` is doing (InteractionTracker's states).
public enum TrackerState: UInt8, Hashable, Sendable, CustomStringConvertible {
    /// At rest; the app's requests apply.
    case idle = 0
    /// The user holds the content: a pan, or a press that caught a moving content.
    case interacting = 1
    /// Moving by itself after a release or `addVelocity`: deceleration, bounce, paging, snap.
    case inertia = 2
    /// Running an animation the app asked for (`animatePosition`).
    case animating = 3

    /// "idle", "interacting", "inertia" or "animating".
    public var description: String {
        switch self {
        case .idle: return "idle"
        case .interacting: return "interacting"
        case .inertia: return "inertia"
        case .animating: return "animating"
        }
    }
}

/// A change of an ``InteractionTracker``'s state, at the time it happened (seconds, the
/// clock the inputs are given in): the input's time, or the time the motion came to rest.
public struct TrackerTransition: Hashable, Sendable, CustomStringConvertible {
    /// The state before.
    public var from: TrackerState
    /// The state after.
    public var to: TrackerState
    /// When it changed, seconds.
    public var time: Double
    /// A change from `from` to `to` at `time`.
    public init(from: TrackerState, to: TrackerState, time: Double) { self.from = from; self.to = to; self.time = time }
    /// "inertia → idle at 2.5".
    public var description: String { "\(from) → \(to) at \(time)" }
}

/// A scroll view's content offset under the user's hand and after it, as a value: the
/// model the daemon advances every frame (Windows Composition's `InteractionTracker`,
/// behaving like `UIScrollView`).
///
/// - **Position** is the content offset, in points (`contentOffset`: the tracked layer's
///   `bounds.origin`); the range it rests in is ``minimumPosition``…``maximumPosition``
///   (see ``TrackerConfiguration``).
/// - **Pointer positions** are in a space fixed to the tracked layer's frame, one that does
///   not move as the content scrolls: the superlayer's coordinates, or the tracked layer's
///   with its `bounds.origin` left out. Only their differences are used (translation and
///   velocity), and a space that scrolled with the content would cancel them out.
/// - **Inputs** (pointer, wheel, the app's requests) change the motion at their time. Between
///   inputs, ``position(at:)`` and ``velocity(at:)`` are pure functions of time: closed forms
///   (exponential deceleration, a critically damped spring, an eased curve), continuous in
///   position, never stepping, the same answer for the same time.
/// - **Time** is seconds on any monotonic clock, the same for every call. An input or
///   `advance` at a time earlier than the latest one given is taken as happening at the
///   latest one (clocks do not run backwards here); `position(at:)` before the current
///   motion began answers the position it began from.
/// - **The app's requests** (`setPosition`, `animatePosition`, `addVelocity`, `stopMotion`)
///   are ignored while the user interacts and return false, InteractionTracker's rule.
/// - **State changes** are reported by ``advance(to:)``, each with its time, in order:
///   those the inputs caused and those that happened as time passed (inertia or an
///   animation coming to rest).
///
/// ## After a release
///
/// A release (``pointerUp(time:)``, ``pointerCancel(time:)``), an ``addVelocity(_:time:)``
/// or a reconfiguration during inertia lets the content run by itself, each axis on its own
/// (UIScrollView decelerates each axis separately), by the first rule that applies:
///
/// 1. **Paging** (`isPagingEnabled`): the target is the page — viewport-sized steps from
///    the minimum offset, the last one clamped to the maximum — nearest to the projected
///    resting position (position + ``TrackerPhysics/projection(velocity:rate:)``), but at
///    most one page from the page the press began on: one page per flick, as UIScrollView.
///    The spring carries the release velocity there.
/// 2. **Past an edge** (released in the rubber band): the spring pulls back to the edge
///    (with snap points, to the snap point nearest it) with the release velocity. When that
///    velocity points into the content fast enough to cross the edge, the spring runs to
///    the crossing and the motion continues from the edge by rule 3 or 4 with the velocity
///    there (a flick back into the content).
/// 3. **Snap points** on the axis: the deceleration's natural resting position (clamped to
///    the range) is replaced by the nearest snap point (also clamped), as
///    InteractionTracker's resting-value inertia modifiers. When it lies ahead in the
///    direction of motion, the content decelerates exponentially at a rate solved so that
///    it stops exactly there, if that rate is within a factor 4 of the configured one
///    (else it would crawl or brake visibly); otherwise the spring takes it there with the
///    release velocity.
/// 4. **Deceleration**: v(t) = v₀·e^(kt), k = 1000·ln(decelerationRate), until the glide
///    left falls below ``TrackerPhysics/decayRestDistance``. If it would end past an edge,
///    it runs to the edge (where the velocity is v₀ + k·(edge − x₀)); then, with `bounces`,
///    the spring takes over from the edge with that velocity — position and velocity
///    continuous — and brings it back to rest exactly on the edge; without, it stops there.
///
/// No I/O, no threads, no clock of its own: the owner feeds it inputs and frame times.
/// Memory is bounded: a fixed ring of pointer samples, at most three closed-form pieces per
/// axis, and at most ``pendingTransitionLimit`` unreported transitions.
public struct InteractionTracker: Sendable {
    /// The configuration as given (see ``TrackerConfiguration/problems()``).
    private var given: TrackerConfiguration
    /// The configuration in use: `given.sanitized()`.
    var config: TrackerConfiguration
    /// The viewport in use: non-finite or negative dimensions taken as 0.
    var size: Size
    /// What the tracker is doing, as of the latest input or `advance`: a motion that has
    /// come to rest since is still `inertia` or `animating` until the next call.
    public private(set) var state: TrackerState = .idle
    var motionX: AxisMotion, motionY: AxisMotion
    var press: Press?
    var samples = PointerVelocityEstimator()
    private var pending = [TrackerTransition]()
    /// The latest time given to an input or `advance`, seconds (−∞ before any).
    var clock = -Double.infinity

    /// The most unreported transitions kept: older ones are dropped when `advance` is not
    /// called for a long time (it is called every frame; eight is several inputs' worth).
    public static let pendingTransitionLimit = 8

    /// A press of the pointer on the tracked layer and, once it moved far enough, its pan.
    struct Press: Sendable {
        /// Where the pointer went down (in the pointer space: see the type's discussion).
        var pressPoint: Point
        /// Where the pointer was when the pan began: translation is measured from here.
        var origin: Point
        /// The content offset the pan began at, before the rubber band (see `unbanded`).
        var startRaw: Point
        /// The content offset when the pointer went down: paging counts pages from here.
        var pressPosition: Point
        var isPanning: Bool
        /// The press stopped inertia or an animation (so it interacts before any pan).
        var caughtMotion: Bool
    }

    /// A tracker at rest at `position` (clamped to the content range; the minimum offset,
    /// the content's top-left including its inset, by default).
    public init(configuration: TrackerConfiguration = .default, viewport: Size, position: Point? = nil) {
        given = configuration
        config = configuration.sanitized()
        size = Self.sanitized(viewport)
        motionX = AxisMotion(holding: 0, at: clock); motionY = motionX
        let start = position.map(clampedToRange) ?? minimumPosition
        hold(start, at: clock)
    }

    // MARK: Configuration

    /// How the tracker scrolls. Setting it keeps the motion sensible: at rest, the position
    /// is clamped to the new range; inertia is planned again from where it is, with its
    /// velocity, against the new range and snap points; an animation whose target left the
    /// range springs to the nearest offset in it instead; an interaction continues against
    /// the new range, or is cancelled (as by `pointerCancel`) when the user may no longer
    /// scroll. The change happens at the latest time given to an input or `advance`.
    /// Setting a configuration that sanitizes to the one in use changes nothing (the owner
    /// may set it on every commit).
    public var configuration: TrackerConfiguration {
        get { given }
        set {
            given = newValue
            let sanitized = newValue.sanitized()
            guard sanitized != config else { return }
            config = sanitized
            reconcile()
        }
    }

    /// The tracked layer's bounds size, in points: the viewport the content scrolls in.
    /// Setting it keeps the motion sensible as `configuration` does; setting the size in use
    /// changes nothing.
    public var viewport: Size {
        get { size }
        set {
            let sanitized = Self.sanitized(newValue)
            guard sanitized != size else { return }
            size = sanitized
            reconcile()
        }
    }

    static func sanitized(_ s: Size) -> Size {
        Size(width: s.width.isFinite && s.width > 0 ? s.width : 0, height: s.height.isFinite && s.height > 0 ? s.height : 0)
    }

    /// The smallest content offset the content rests at: (−inset.left, −inset.top).
    public var minimumPosition: Point {
        Point(x: 0 - config.contentInset.left, y: 0 - config.contentInset.top)    // 0 − 0 is +0, not −0
    }

    /// The largest content offset the content rests at, per axis
    /// max(minimum, contentSize + inset.right/bottom − viewport).
    public var maximumPosition: Point {
        let lo = minimumPosition, c = config
        return Point(x: max(lo.x, c.contentSize.width + c.contentInset.right - size.width),
                     y: max(lo.y, c.contentSize.height + c.contentInset.bottom - size.height))
    }

    /// The axes the user can scroll along now: in `axes`, with the content larger than the
    /// viewport on them or `alwaysBounce…` set (with `bounces`), and `isEnabled`.
    public var scrollableAxes: TrackerAxes {
        guard config.isEnabled else { return [] }
        let lo = minimumPosition, hi = maximumPosition
        var out = TrackerAxes()
        if config.axes.contains(.horizontal) && (hi.x > lo.x || (config.bounces && config.alwaysBounceHorizontal)) {
            out.insert(.horizontal)
        }
        if config.axes.contains(.vertical) && (hi.y > lo.y || (config.bounces && config.alwaysBounceVertical)) {
            out.insert(.vertical)
        }
        return out
    }

    func clampedToRange(_ p: Point) -> Point {
        let lo = minimumPosition, hi = maximumPosition
        return Point(x: p.x.isFinite ? min(max(p.x, lo.x), hi.x) : lo.x, y: p.y.isFinite ? min(max(p.y, lo.y), hi.y) : lo.y)
    }

    // MARK: Evaluation

    /// The content offset at `time`, points. During an interaction, where the pointer put
    /// it; in motion, the closed form at `time`; at rest, where it rests.
    public func position(at time: Double) -> Point {
        Point(x: motionX.position(at: time), y: motionY.position(at: time))
    }

    /// The velocity of the content offset at `time`, points per second: 0 at rest and during
    /// an interaction (the position follows the pointer's events, not time; the release
    /// velocity is estimated from them when the pointer lifts).
    public func velocity(at time: Double) -> Point {
        Point(x: motionX.velocity(at: time), y: motionY.velocity(at: time))
    }

    /// Where the current inertia or animation comes to rest; nil when idle or interacting.
    public var restingPosition: Point? {
        state == .inertia || state == .animating ? Point(x: motionX.rest, y: motionY.rest) : nil
    }

    /// When the current inertia or animation comes to rest, seconds; nil when idle or
    /// interacting.
    public var restingTime: Double? {
        state == .inertia || state == .animating ? max(motionX.endTime, motionY.endTime) : nil
    }

    /// Whether the pointer is down on the tracked layer.
    public var isPressed: Bool { press != nil }

    /// Whether the press became a pan (the content follows the pointer).
    public var isPanning: Bool { press?.isPanning ?? false }

    /// Moves the clock to `time` and returns the state changes since the last call, in
    /// order, each with its time: those the inputs caused, and inertia or an animation that
    /// came to rest at or before `time` (reported with the time it came to rest, once).
    /// Call it once per frame, before reading `position(at:)` for the frame.
    public mutating func advance(to time: Double) -> [TrackerTransition] {
        tick(time)
        guard !pending.isEmpty else { return [] }
        let out = pending
        pending.removeAll(keepingCapacity: true)
        return out
    }

    // MARK: The app's requests

    /// Moves to `position` at once (clamped to the content range; a non-finite component
    /// keeps the current one), stopping any motion. Ignored while the user interacts;
    /// returns whether it applied.
    public mutating func setPosition(_ position: Point, time: Double) -> Bool {
        let t = tick(time)
        guard state != .interacting else { return false }
        let now = self.position(at: t)
        let p = clampedToRange(Point(x: position.x.isFinite ? position.x : now.x, y: position.y.isFinite ? position.y : now.y))
        hold(p, at: t)
        setState(.idle, at: t)
        return true
    }

    /// Animates to `position` (clamped to the content range) from where the content is.
    /// With `duration` nil, the tracker's critically damped spring carrying the current
    /// velocity (the feel of `setContentOffset(_:animated: true)`, and a retarget keeps
    /// position and velocity continuous); with a duration in seconds, an ease-in-ease-out
    /// curve of that length (a duration ≤ 0 or non-finite moves at once, as `setPosition`).
    /// Ignored while the user interacts; returns whether it applied.
    public mutating func animatePosition(to position: Point, duration: Double?, time: Double) -> Bool {
        let t = tick(time)
        guard state != .interacting else { return false }
        let now = self.position(at: t), v = velocity(at: t)
        let target = clampedToRange(Point(x: position.x.isFinite ? position.x : now.x, y: position.y.isFinite ? position.y : now.y))
        if let duration, !(duration > 0 && duration.isFinite) {
            hold(target, at: t)
            setState(.idle, at: t)
            return true
        }
        motionX = Self.animation(from: now.x, velocity: v.x, to: target.x, duration: duration, at: t)
        motionY = Self.animation(from: now.y, velocity: v.y, to: target.y, duration: duration, at: t)
        setState(motionX.isMoving || motionY.isMoving ? .animating : .idle, at: t)
        return true
    }

    static func animation(from x: Double, velocity v: Double, to target: Double, duration: Double?, at t: Double) -> AxisMotion {
        var m = AxisMotion(holding: x, at: t)
        if let duration {
            if x != target { m.append(.eased(from: x, to: target, duration: duration), duration: duration, rest: target) }
        } else if x != target || v != 0 {
            m.appendSpring(from: x, velocity: v, to: target)
        }
        return m
    }

    /// Adds `velocity` (points per second) to the current motion's velocity and lets it run
    /// as inertia from where the content is: deceleration, bounce at the edges, paging and
    /// snap points as after a release (InteractionTracker's
    /// `TryUpdatePositionWithAdditionalVelocity`). Ignored while the user interacts; returns
    /// whether it applied.
    public mutating func addVelocity(_ velocity: Point, time: Double) -> Bool {
        let t = tick(time)
        guard state != .interacting else { return false }
        let now = position(at: t), v = self.velocity(at: t)
        let add = Point(x: velocity.x.isFinite ? velocity.x : 0, y: velocity.y.isFinite ? velocity.y : 0)
        release(from: now, velocity: v + add, at: t, pagesFrom: now)
        return true
    }

    /// Stops inertia or an animation where the content is (clamped to the content range:
    /// a bounce stopped past an edge stops at the edge). Ignored while the user interacts;
    /// returns whether it applied (true at rest, where there is nothing to stop).
    public mutating func stopMotion(time: Double) -> Bool {
        let t = tick(time)
        guard state != .interacting else { return false }
        if state != .idle {
            hold(clampedToRange(position(at: t)), at: t)
            setState(.idle, at: t)
        }
        return true
    }

    // MARK: Bookkeeping

    /// Takes `time` as now (never earlier than the latest time given; a NaN is the latest
    /// time) and ends a motion that came to rest by then, at the time it did.
    @discardableResult
    mutating func tick(_ time: Double) -> Double {
        if time > clock && time.isFinite { clock = time }
        let t = clock
        if state == .inertia || state == .animating {
            let end = max(motionX.endTime, motionY.endTime)
            if end <= t {
                hold(Point(x: motionX.rest, y: motionY.rest), at: end)
                setState(.idle, at: end)
            }
        }
        return t
    }

    /// Holds the content still at `p` from `t` on.
    mutating func hold(_ p: Point, at t: Double) {
        motionX = AxisMotion(holding: p.x, at: t)
        motionY = AxisMotion(holding: p.y, at: t)
    }

    mutating func setState(_ new: TrackerState, at t: Double) {
        guard new != state else { return }
        if pending.count == Self.pendingTransitionLimit { pending.removeFirst() }
        pending.append(TrackerTransition(from: state, to: new, time: t))
        state = new
    }

    /// After the configuration or viewport changed: see `configuration`.
    private mutating func reconcile() {
        let t = clock
        switch state {
        case .idle:
            hold(clampedToRange(position(at: t)), at: t)
        case .interacting:
            if scrollableAxes.isEmpty { pointerCancel(time: t) }
        case .inertia:
            release(from: position(at: t), velocity: velocity(at: t), at: t, pagesFrom: position(at: t))
        case .animating:
            let target = Point(x: motionX.rest, y: motionY.rest), clamped = clampedToRange(target)
            if clamped != target {
                let now = position(at: t), v = velocity(at: t)
                motionX = Self.animation(from: now.x, velocity: v.x, to: clamped.x, duration: nil, at: t)
                motionY = Self.animation(from: now.y, velocity: v.y, to: clamped.y, duration: nil, at: t)
                if !motionX.isMoving && !motionY.isMoving { setState(.idle, at: t) }
            }
        }
    }
}

extension InteractionTracker: CustomStringConvertible {
    /// The state, the position at the latest time given, the range, and where a motion
    /// comes to rest: for logs and test failures.
    public var description: String {
        let t = clock.isFinite ? clock : 0
        var s = "InteractionTracker(\(state) at \(position(at: t)), range \(minimumPosition)…\(maximumPosition)"
        if let r = restingPosition, let end = restingTime { s += ", rests at \(r) at \(end)" }
        return s + ")"
    }
}
