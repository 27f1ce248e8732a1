import RenderClient

/// A spring towards `toValue` (`POPSpringAnimation`), computed in closed form.
///
/// Parameters, as in POP: `springBounciness` (default 4) and `springSpeed` (default 12),
/// converted to `dynamicsTension`, `dynamicsFriction` and `dynamicsMass` as POP converts them
/// (`SpringConversion`); or those three set directly. Whichever was set last applies.
///
/// Retargeting: setting `toValue` (or `velocity`, or the dynamics) while it runs continues
/// from the value and velocity of the last frame towards the new target: position and
/// velocity are continuous across the switch.
///
/// Done, as POP decides it: after a frame where either the solver state has converged —
/// every component of the distance to the target below threshold/2, |velocity|² < 25·threshold
/// and |acceleration|² < 625·threshold² — or this frame's value is within threshold/5 of the
/// target and of the last frame's. The layer then gets `toValue` exactly.
///
/// A deliberate difference from POP: POP steps its spring with RK4 in 1 ms steps and, each
/// frame, keeps the interpolated state while carrying the remainder of the frame's time, so
/// its springs lose part of a step per frame — about half a millisecond per frame, ≈ 3 %
/// slow at 60 Hz and more at higher frame rates: its motion depends on the frame rate.
/// Here the spring is the closed form evaluated at each frame's target time, so the same
/// spring takes the same time at any frame rate (see `Tests/DynamicsTests/PopReference.swift`,
/// which models POP as shipped).
public final class DynamicSpringAnimation: DynamicPropertyAnimation {
    /// Where the spring comes to rest. Setting it while the spring runs retargets it.
    public var toValue: AnimatableValue? {
        didSet {
            guard let v = toValue else { return }
            checkKind(v, "toValue")
            retarget()
        }
    }

    /// 0…20 by convention (POP's default 4): higher bounces more. Setting it recomputes the dynamics.
    public var springBounciness: Double = 4 { didSet { applyBouncinessAndSpeed() } }
    /// 0…20 by convention (POP's default 12): higher settles faster. Setting it recomputes the dynamics.
    public var springSpeed: Double = 12 { didSet { applyBouncinessAndSpeed() } }
    /// Stiffness, N/m (> 0).
    public var dynamicsTension: Double { didSet { dynamicsChanged() } }
    /// Damping, N·s/m (≥ 0).
    public var dynamicsFriction: Double { didSet { dynamicsChanged() } }
    /// Mass, kg (> 0).
    public var dynamicsMass: Double { didSet { dynamicsChanged() } }

    private var motion: SpringMotion
    private var target: ValueVector?
    /// The state the closed form starts from: media time, displacement from the target, velocity.
    private var originTime = 0.0
    private var originDisplacement = SIMD4<Double>.zero
    private var originVelocity = SIMD4<Double>.zero
    /// This frame's value and the last frame's (POP's `previousVec`, `previous2Vec`, which
    /// `updateAnimatable` shifts after each advance).
    private var previous: ValueVector?
    private var previous2: ValueVector?
    private var settingBouncy = false
    /// Where a restarted spring starts (its last value).
    private var restartFrom: ValueVector?
    /// Where this run (or the last retarget) started, for `animationDidReachToValue`.
    private var reachOrigin: ValueVector?

    /// A spring of `keyPath` with POP's default parameters (bounciness 4, speed 12).
    public init(keyPath: LayerKeyPath, toValue: AnimatableValue? = nil) throws(DynamicsError) {
        let d = SpringConversion.dynamics(bounciness: 4, speed: 12)
        dynamicsTension = d.tension; dynamicsFriction = d.friction; dynamicsMass = d.mass
        motion = SpringMotion(stiffness: d.tension, damping: d.friction, mass: d.mass)
        try super.init(keyPath: keyPath)
        self.toValue = toValue
    }

    /// The string form: `try DynamicSpringAnimation(keyPath: "position.x")`.
    public convenience init(keyPath: String, toValue: AnimatableValue? = nil) throws {
        try self.init(keyPath: try LayerKeyPath(keyPath), toValue: toValue)
    }

    override var kindName: String { "spring" }

    /// The damping ratio ζ of the current dynamics (< 1 bounces).
    public var dampingRatio: Double { motion.dampingRatio }

    private func applyBouncinessAndSpeed() {
        let d = SpringConversion.dynamics(bounciness: springBounciness, speed: springSpeed)
        settingBouncy = true
        dynamicsTension = d.tension; dynamicsFriction = d.friction; dynamicsMass = d.mass
        settingBouncy = false
        dynamicsChanged()
    }

    private func dynamicsChanged() {
        guard !settingBouncy else { return }
        precondition(dynamicsTension > 0 && dynamicsMass > 0 && dynamicsFriction >= 0
                     && dynamicsTension.isFinite && dynamicsMass.isFinite && dynamicsFriction.isFinite,
                     "spring of \"\(keyPath)\": tension \(dynamicsTension), friction \(dynamicsFriction), mass \(dynamicsMass) — "
                        + "use tension > 0, friction ≥ 0, mass > 0")
        rebaseAtLastFrame()
        motion = SpringMotion(stiffness: dynamicsTension, damping: dynamicsFriction, mass: dynamicsMass)
    }

    /// Continues from the last frame's value and velocity (no-op before the start).
    private func rebaseAtLastFrame() {
        guard isStarted, !isFinished, let c = current, let t = target, let last = lastFrameTime else { return }
        originTime = last
        originDisplacement = c.v - t.v
        originVelocity = currentVelocity.v
    }

    private func retarget() {
        guard let newTarget = toValue.flatMap(ValueVector.init) else { return }
        if isFinished {
            // A finished spring kept by `removedOnCompletion == false` starts again from where it is.
            let from = current
            resetRun()
            restartFrom = from
            target = newTarget
            animator?.wake()
            return
        }
        rebaseAtLastFrame()
        target = newTarget
        if isStarted, let c = current {
            originDisplacement = c.v - newTarget.v
            reachOrigin = c
            didReachToValue = false
        }
    }

    override func velocityChanged() {
        guard isStarted, !isFinished, let c = current, let t = target, let last = lastFrameTime else { return }
        originTime = last
        originDisplacement = c.v - t.v
        originVelocity = currentVelocity.v
    }

    override func validate(on layer: Layer) throws(DynamicsError) {
        try super.validate(on: layer)
        guard let to = toValue else { throw .missingToValue(animation: kindName, keyPath: keyPath.description) }
        target = try vector(to, "toValue")
    }

    override func start(at t: Double, on layer: Layer) {
        let from = restartFrom ?? startValue(on: layer)
        restartFrom = nil
        if target == nil { target = toValue.flatMap(ValueVector.init) }
        current = from
        reachOrigin = from
        previous = nil; previous2 = nil
        originTime = t
        originDisplacement = from.v - (target?.v ?? from.v)
        originVelocity = currentVelocity.v
    }

    override func evaluate(at t: Double) -> (value: ValueVector, velocity: ValueVector)? {
        guard isStarted, let target else { return nil }
        if isFinished { return (target, target.with(.zero)) }
        let (x, v) = motion.state(after: t - originTime, displacement: originDisplacement, velocity: originVelocity)
        return (target.with(target.v + x), target.with(v))
    }

    override func apply(at t: Double, on layer: Layer, delta: Double) -> Bool {
        guard let target else { return true }
        let (x, v) = motion.state(after: t - originTime, displacement: originDisplacement, velocity: originVelocity)
        let value = target.with(target.v + x)
        // As POPAnimator's updateAnimatable: previous is this frame's value, previous2 the last one's.
        previous2 = previous
        previous = value
        current = value
        currentVelocity = target.with(v)
        let done = solverConverged(displacement: x, velocity: v) || framesConverged(target)
        if done {
            current = target
            currentVelocity = target.with(.zero)
        }
        write(current!, to: layer)
        if let o = reachOrigin { noteReach(current!, target: target, origin: o) }
        return done
    }

    /// POP's `SpringSolver::hasConverged` on the closed-form state.
    private func solverConverged(displacement x: SIMD4<Double>, velocity v: SIMD4<Double>) -> Bool {
        let n = valueCountFor
        for i in 0..<n where !(abs(x[i]) < threshold / 2) { return false }
        let a = motion.acceleration(displacement: x, velocity: v)
        return (v * v).sum() < 25 * threshold && (a * a).sum() < 625 * threshold * threshold
    }

    /// POP's `_POPSpringAnimationState::hasConverged`: this frame's value near the target and
    /// near the last frame's (a spring handed a velocity at its target is not done at once).
    private func framesConverged(_ target: ValueVector) -> Bool {
        guard let p = previous, let p2 = previous2 else { return false }
        let limit = threshold / 5
        return target.with(target.v - p.v).allBelow(limit) && p.with(p2.v - p.v).allBelow(limit)
    }

    private var valueCountFor: Int { ValueVector.componentCount(valueKind) ?? 1 }

    override func shiftClock(by shift: Double) { originTime += shift }

    /// Keeps `velocity`: set before adding it is the initial velocity (a finished spring's is 0).
    override func resetRun() {
        super.resetRun()
        previous = nil; previous2 = nil; current = nil
    }
}
