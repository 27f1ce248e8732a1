/// An animation of a layer: timing shared by every kind, plus what the kind animates
/// (`CAAnimation` and its subclasses, as values).
///
/// Animations are immutable once added to a layer; the client resolves `beginTime == 0` to
/// the commit time and `duration == 0` to the transaction's duration (or 0.25 s) before
/// sending, so both sides evaluate exactly the same value (`resolved(beginTime:duration:)`).
public struct Animation: Hashable, Sendable, CustomStringConvertible {
    public var timing: MediaTiming
    /// Warps progress within each cycle; `nil` is linear. Springs ignore it.
    public var timingFunction: TimingFunction?
    /// Removed from the layer when it completes (Core Animation's default).
    public var isRemovedOnCompletion: Bool
    public var kind: Kind { didSet { (plan, planData, springCurve) = EvaluationPlan.make(kind) } }
    /// How evaluation runs this animation, derived from `kind` (see `EvaluationPlan`).
    var plan: EvaluationPlan
    /// The keyframe or transform data `plan` refers to, if any: what a caller keeping
    /// `PlannedAnimation` rows copies into its arenas.
    package internal(set) var planData: PlanData?
    /// A spring plan's closed-form constants (none for other plans), derived from `kind`.
    private var springCurve: PlanCurve

    /// The curve its plan is evaluated with (`PlannedData.curve`): a spring plan's constants,
    /// otherwise the timing function (none for linear).
    package var curve: PlanCurve { plan.route == .spring ? springCurve : PlanCurve(timingFunction) }

    public indirect enum Kind: Hashable, Sendable {
        case basic(BasicAnimation)
        case keyframe(KeyframeAnimation)
        case spring(SpringAnimation)
        case group(AnimationGroup)
        case transition(Transition)
    }

    /// Whether the animation affects the presentation at a time where its timing is in
    /// `state`: its fill mode applies it there (`MediaTiming.State.isApplied`), and, at and
    /// past its end, it is kept (`isRemovedOnCompletion` false). An animation removed on
    /// completion stops applying at its end even before a frame has removed it: as in Core
    /// Animation, a forwards fill shows only on an animation that is kept.
    @inline(__always)
    public func applies(in state: MediaTiming.State) -> Bool {
        state.isApplied && (state.phase != .after || !isRemovedOnCompletion)
    }

    public init(_ kind: Kind, timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction? = nil,
                isRemovedOnCompletion: Bool = true) {
        self.kind = kind; self.timing = timing; self.timingFunction = timingFunction
        self.isRemovedOnCompletion = isRemovedOnCompletion
        (self.plan, self.planData, self.springCurve) = EvaluationPlan.make(kind)
    }

    // Equality and hashing are those of the public parts (the plan is derived from `kind`).
    public static func == (a: Animation, b: Animation) -> Bool {
        a.timing == b.timing && a.timingFunction == b.timingFunction && a.isRemovedOnCompletion == b.isRemovedOnCompletion
            && a.kind == b.kind
    }
    public func hash(into h: inout Hasher) {
        h.combine(timing); h.combine(timingFunction); h.combine(isRemovedOnCompletion); h.combine(kind)
    }

    /// A basic animation (`CABasicAnimation`).
    public static func basic(_ keyPath: LayerKeyPath, from: AnimatableValue? = nil, to: AnimatableValue? = nil,
                             by: AnimatableValue? = nil, duration: Double = 0,
                             timingFunction: TimingFunction? = nil) -> Animation {
        Animation(.basic(BasicAnimation(keyPath: keyPath, from: from, to: to, by: by)),
                  timing: MediaTiming(duration: duration), timingFunction: timingFunction)
    }

    /// A keyframe animation over `values` (`CAKeyframeAnimation`).
    public static func keyframe(_ keyPath: LayerKeyPath, values: [AnimatableValue], keyTimes: [Double]? = nil,
                                mode: KeyframeAnimation.CalculationMode = .linear, duration: Double = 0) -> Animation {
        Animation(.keyframe(KeyframeAnimation(keyPath: keyPath, values: values, keyTimes: keyTimes, calculationMode: mode)),
                  timing: MediaTiming(duration: duration))
    }

    /// A spring (`CASpringAnimation`) whose duration is its settling duration.
    public static func spring(_ spring: SpringAnimation) -> Animation {
        Animation(.spring(spring), timing: MediaTiming(duration: spring.settlingDuration))
    }

    /// A group of animations timed relative to the group (`CAAnimationGroup`).
    public static func group(_ animations: [Animation], duration: Double = 0) -> Animation {
        Animation(.group(AnimationGroup(animations: animations)), timing: MediaTiming(duration: duration))
    }

    /// The key path the animation drives, if it drives one.
    public var keyPath: LayerKeyPath? {
        switch kind {
        case let .basic(b): return b.keyPath
        case let .keyframe(k): return k.keyPath
        case let .spring(s): return s.keyPath
        case .group, .transition: return nil
        }
    }

    /// With `beginTime == 0` replaced by `beginTime` and a zero duration by `duration`;
    /// a group's children without a duration take the group's.
    public func resolved(beginTime: Double, duration: Double) -> Animation {
        var a = self
        if a.timing.beginTime == 0 { a.timing.beginTime = beginTime }
        a.resolveDurations(default: duration)
        return a
    }

    mutating func resolveDurations(default d: Double) {
        if timing.duration == 0 {
            if case let .spring(s) = kind { timing.duration = s.settlingDuration } else { timing.duration = d }
        }
        if case var .group(g) = kind {
            for i in g.animations.indices { g.animations[i].resolveDurations(default: timing.duration) }
            kind = .group(g)
        }
    }

    public var description: String {
        switch kind {
        case let .basic(b): return "basic(\(b.keyPath), \(timing))"
        case let .keyframe(k): return "keyframe(\(k.keyPath), \(k.values.count) values, \(k.calculationMode), \(timing))"
        case let .spring(s): return "spring(\(s.keyPath), mass \(s.mass), stiffness \(s.stiffness), damping \(s.damping), \(timing))"
        case let .group(g): return "group(\(g.animations.count) animations, \(timing))"
        case let .transition(t): return "transition(\(t.type), \(timing))"
        }
    }
}

/// `CABasicAnimation`: from / to / by.
///
/// | set            | interpolates                                          |
/// |----------------|-------------------------------------------------------|
/// | from, to       | from → to                                             |
/// | from, by       | from → from + by                                      |
/// | by, to         | to − by → to                                          |
/// | from           | from → the underlying value                           |
/// | to             | the underlying value → to                             |
/// | by             | the underlying value → underlying + by                |
/// | none           | the previous presentation value → the current value   |
///
/// The *underlying value* is what the presentation holds before this animation applies:
/// the model value with every earlier animation applied (for an additive animation, the
/// additive identity). The "none" case needs the presentation value from before the
/// change; whoever adds the animation supplies it with `resolvingPrevious(_:)`, which sets
/// `from` — the case ComponentKit's change animations rely on.
public struct BasicAnimation: Hashable, Sendable {
    public var keyPath: LayerKeyPath
    public var from: AnimatableValue?
    public var to: AnimatableValue?
    public var by: AnimatableValue?
    public var isAdditive: Bool
    public var isCumulative: Bool

    public init(keyPath: LayerKeyPath, from: AnimatableValue? = nil, to: AnimatableValue? = nil,
                by: AnimatableValue? = nil, isAdditive: Bool = false, isCumulative: Bool = false) {
        self.keyPath = keyPath; self.from = from; self.to = to; self.by = by
        self.isAdditive = isAdditive; self.isCumulative = isCumulative
    }

    /// Fills `from` with the previous presentation value when no endpoint is set.
    public func resolvingPrevious(_ previous: AnimatableValue) -> BasicAnimation {
        guard from == nil, to == nil, by == nil else { return self }
        var b = self; b.from = previous; return b
    }

    /// The two ends of the interpolation given the underlying value.
    @inlinable
    public func endpoints(underlying u: AnimatableValue) -> (from: AnimatableValue, to: AnimatableValue) {
        switch (from, to, by) {
        case let (f?, t?, _): return (f, t)
        case let (f?, nil, b?): return (f, f.adding(b))
        case let (nil, t?, b?): return (t.subtracting(b), t)
        case let (f?, nil, nil): return (f, u)
        case let (nil, t?, nil): return (u, t)
        case let (nil, nil, b?): return (u, u.adding(b))
        case (nil, nil, nil): return (u, u)
        }
    }
}

/// `CASpringAnimation`: a damped harmonic oscillator from `from` to `to`, solved in closed
/// form. Time is the animation's local time in seconds — the timing function and the
/// duration do not stretch it; the duration only bounds how long it is active.
public struct SpringAnimation: Hashable, Sendable {
    public var keyPath: LayerKeyPath
    public var from: AnimatableValue?
    public var to: AnimatableValue?
    public var by: AnimatableValue?
    public var isAdditive: Bool
    public var isCumulative: Bool
    /// Kilograms, > 0.
    public var mass: Double
    /// Newtons per metre, > 0.
    public var stiffness: Double
    /// Newton-seconds per metre, ≥ 0.
    public var damping: Double
    /// Towards the target, in units of the whole distance per second
    /// (1 = covering the distance in one second at the start).
    public var initialVelocity: Double
    /// A per-component initial velocity in the key path's units per second (components in
    /// `AnimatableValue.components` order), replacing `initialVelocity` when set: what a
    /// retargeted spring starts with (see `SpringAnimation+Retarget.swift`). An array, not a
    /// value, so the spring (and every `Animation`) stays as small as before. The daemon makes
    /// one when it applies a retarget and reports it to the client in `springRetargeted`
    /// (with the start value and begin time), from which the client's mirror makes the same
    /// one; a client replaying it to a new daemon sends it as animation kind 6 (with `from`
    /// and `to` of one kind, no `by`, neither additive nor cumulative: PROTOCOL.md §8).
    public var componentVelocity: [Double]? = nil

    public init(keyPath: LayerKeyPath, from: AnimatableValue? = nil, to: AnimatableValue? = nil, by: AnimatableValue? = nil,
                mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
                isAdditive: Bool = false, isCumulative: Bool = false) {
        self.keyPath = keyPath; self.from = from; self.to = to; self.by = by
        self.mass = mass; self.stiffness = stiffness; self.damping = damping; self.initialVelocity = initialVelocity
        self.isAdditive = isAdditive; self.isCumulative = isCumulative
    }

    /// SwiftUI's parameters: `dampingRatio` (1 = critically damped) and `response`, the
    /// period of the undamped oscillation in seconds.
    public init(keyPath: LayerKeyPath, from: AnimatableValue? = nil, to: AnimatableValue? = nil,
                dampingRatio: Double, response: Double, initialVelocity: Double = 0, mass: Double = 1) {
        let omega = 2 * Double.pi / max(response, 1e-6)
        self.init(keyPath: keyPath, from: from, to: to, mass: mass, stiffness: omega * omega * mass,
                  damping: 2 * dampingRatio * omega * mass, initialVelocity: initialVelocity)
    }

    /// iOS 17's parameters: `perceptualDuration` (the response) and `bounce`
    /// (0 = no bounce, up to 1; negative values overdamp).
    public init(keyPath: LayerKeyPath, from: AnimatableValue? = nil, to: AnimatableValue? = nil,
                perceptualDuration: Double, bounce: Double, initialVelocity: Double = 0) {
        let ratio = bounce >= 0 ? 1 - min(bounce, 1) : 1 / (1 + max(bounce, -0.999))
        self.init(keyPath: keyPath, from: from, to: to, dampingRatio: ratio, response: perceptualDuration,
                  initialVelocity: initialVelocity)
    }

    var basic: BasicAnimation {
        BasicAnimation(keyPath: keyPath, from: from, to: to, by: by, isAdditive: isAdditive, isCumulative: isCumulative)
    }

    /// The damping ratio ζ = c / (2√(k·m)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// The undamped angular frequency ω₀ = √(k/m), radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// Damping ratios this close to 1 use the critically damped form: the over- and
    /// under-damped forms lose precision to cancellation as ζ approaches 1.
    static let criticalTolerance = 1e-9

    /// Normalized displacement from the target at time `t` ≥ 0: 1 at the start, 0 at rest.
    /// The closed form of m·x″ + c·x′ + k·x = 0 with x(0) = 1, x′(0) = −initialVelocity.
    public func displacement(at t: Double) -> Double { solution.displacement(at: t) }

    /// d(displacement)/dt at `t`, in units of the whole distance per second (the closed
    /// form's derivative; −initialVelocity at 0).
    public func velocity(at t: Double) -> Double { solution.velocity(at: t) }

    /// The closed form's constants.
    var solution: SpringSolution {
        SpringSolution(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// The threshold below which the spring is at rest: a thousandth of the distance.
    public static let restThreshold = 0.001

    /// The time after which the displacement stays within `restThreshold`: where the
    /// oscillation's envelope (under-damped) or the bound |c₁|e^{r₁t} + |c₂|e^{r₂t}
    /// (critically and over-damped) falls below it.
    public var settlingDuration: Double {
        let w0 = naturalFrequency
        guard w0 > 0, w0.isFinite else { return 0 }
        if dampingRatio <= 0 { return .infinity }
        return solution.settlingTime(within: SpringAnimation.restThreshold, naturalFrequency: w0)
    }
}

/// `CAAnimationGroup`: children are timed in the group's local time (a child's
/// `beginTime` is relative to the group's start) and clipped to the group's active time.
public struct AnimationGroup: Hashable, Sendable {
    public var animations: [Animation]
    public init(animations: [Animation]) { self.animations = animations }
}

/// `CATransition`: animates the change of a layer's rendered content between two states.
/// Evaluation reports its progress; the compositor draws it.
public struct Transition: Hashable, Sendable {
    public enum Kind: UInt8, Sendable, CaseIterable { case fade = 0, moveIn = 1, push = 2, reveal = 3 }
    public enum Subtype: UInt8, Sendable, CaseIterable { case fromRight = 0, fromLeft = 1, fromTop = 2, fromBottom = 3 }
    public var type: Kind
    public var subtype: Subtype
    public var startProgress: Double
    public var endProgress: Double
    public init(type: Kind = .fade, subtype: Subtype = .fromLeft, startProgress: Double = 0, endProgress: Double = 1) {
        self.type = type; self.subtype = subtype; self.startProgress = startProgress; self.endProgress = endProgress
    }
}
