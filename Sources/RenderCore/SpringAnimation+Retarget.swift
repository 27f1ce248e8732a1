/// Retargeting a running spring: a new spring towards a new target that starts from the old
/// one's value and velocity at the moment of the switch, so both stay continuous (Core
/// Animation can only stack additive animations; this replaces the spring instead).
///
/// A spring's value is linear in its initial conditions. With X₀ the unit displacement that
/// starts at rest (X₀(0) = 1, X₀′(0) = 0) and Y the response to a unit initial velocity
/// (Y(0) = 0, Y′(0) = 1 s/s), a spring from `from` to `to` starting with velocity V (key-path
/// units per second, one number per component) is
///
///     value(t) = to + (from − to)·X₀(t) + V·Y(t)
///     velocity(t) = (from − to)·X₀′(t) + V·Y′(t)
///
/// where Y = X₀ − X₁ (X₁: the displacement with `initialVelocity` 1, i.e. X₁′(0) = −1).
/// Components are those of the value kind: number; point x, y; size width, height; rect x,
/// y, width, height; color r, g, b, a. A transform component key path (`transform.scale`,
/// `transform.translation`, …) takes a number or size, so it retargets per component too;
/// a whole `transform` does not (its interpolation is not linear).
extension SpringAnimation {
    /// The value kinds a retarget supports.
    public static func canRetarget(_ kind: AnimatableValue.Kind) -> Bool {
        switch kind {
        case .number, .point, .size, .rect, .color: return true
        default: return false
        }
    }

    /// The spring's own value and velocity (key-path units, and per second of the spring's
    /// local time) at local time `t`, with endpoints resolved against `underlying` (the
    /// value beneath it; ignored for additive springs, whose underlying is zero), in repeat
    /// cycle `cycle` (a cumulative spring adds `cycle × (to − from)`). nil for a value kind
    /// `canRetarget` refuses.
    public func motion(at t: Double, underlying: AnimatableValue,
                       cycle: Int = 0) -> (value: AnimatableValue, velocity: AnimatableValue)? {
        guard SpringAnimation.canRetarget(underlying.kind) else { return nil }
        let base = isAdditive ? (AnimatableValue.zero(of: underlying.kind) ?? underlying) : underlying
        let (from, to) = basic.endpoints(underlying: base)
        guard let f = from.components, let g = to.components else { return nil }
        let n = f.count
        var value = [Double](repeating: 0, count: n), velocity = value
        if let v = componentVelocity, v.count == n {
            let (x0, dx0, y, dy) = unitResponses(at: t)
            for i in 0..<n {
                value[i] = g[i] + (f[i] - g[i]) * x0 + v[i] * y
                velocity[i] = (f[i] - g[i]) * dx0 + v[i] * dy
            }
        } else {
            let x = displacement(at: t), dx = self.velocity(at: t)
            for i in 0..<n {
                value[i] = g[i] + (f[i] - g[i]) * x
                velocity[i] = (f[i] - g[i]) * dx
            }
        }
        if isCumulative && cycle > 0 {
            for i in 0..<n { value[i] += (g[i] - f[i]) * Double(cycle) }
        }
        return (AnimatableValue(kind: underlying.kind, components: value)!,
                AnimatableValue(kind: underlying.kind, components: velocity)!)
    }

    /// A spring from `value` moving at `velocity` (key-path units per second) towards `to`,
    /// with this spring's key path, physics and additivity, beginning at `beginTime` (the
    /// layer's local time of the switch) and lasting its settling duration. Not cumulative.
    public func retargeted(from value: AnimatableValue, velocity: AnimatableValue, to target: AnimatableValue,
                           beginTime: Double) -> Animation {
        var s = SpringAnimation(keyPath: keyPath, from: value, to: target, mass: mass, stiffness: stiffness,
                                damping: damping, initialVelocity: 0, isAdditive: isAdditive, isCumulative: false)
        let v = velocity.components ?? []
        s.componentVelocity = v.allSatisfy { $0 == 0 } ? nil : v
        var a = Animation.spring(s)
        a.timing.beginTime = beginTime
        a.timing.duration = s.retargetedSettlingDuration
        a.timing.fillMode = .removed
        return a
    }

    /// The settling duration of a retargeted spring: the time after which every component
    /// stays within `restThreshold` of its distance (or, for a component that starts at its
    /// target, of a unit distance): the longest over the components of the equivalent
    /// scalar spring (velocity normalized by the component's distance).
    public var retargetedSettlingDuration: Double {
        guard let v = componentVelocity,
              let f = from?.components, let g = to?.components, f.count == v.count, g.count == v.count else {
            return settlingDuration
        }
        var longest = 0.0
        for i in 0..<v.count {
            let distance = g[i] - f[i]
            var scalar = self
            scalar.componentVelocity = nil
            if abs(distance) > 1e-12 {
                scalar.initialVelocity = v[i] / distance
                longest = max(longest, scalar.settlingDuration)
            } else if v[i] != 0 {
                // Starts at the target and moves: its excursion is |v|·Y(t); bound it by the
                // unit spring with that velocity.
                scalar.initialVelocity = abs(v[i])
                longest = max(longest, scalar.settlingDuration)
            }
        }
        return longest
    }

    /// X₀, X₀′, Y, Y′ at `t` (see the type's comment).
    func unitResponses(at t: Double) -> (x0: Double, dx0: Double, y: Double, dy: Double) {
        let rest = SpringSolution(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: 0)
        let unit = SpringSolution(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: 1)
        let x0 = rest.displacement(at: t), dx0 = rest.velocity(at: t)
        return (x0, dx0, x0 - unit.displacement(at: t), dx0 - unit.velocity(at: t))
    }

    /// The general path's evaluation of a retargeted spring at local time `t`.
    func applyRetargeted(at t: Double, to p: inout LayerProperties) {
        let current = p.value(at: keyPath)
        guard let own = motion(at: t, underlying: current)?.value else { return }
        try? p.setValue(isAdditive ? current.adding(own) : own, at: keyPath)
    }
}

extension AnimatableValue {
    /// The numeric components of a vector value (number, point, size, rect, color); nil
    /// for other kinds.
    public var components: [Double]? {
        switch self {
        case let .number(v): return [v]
        case let .point(p): return [p.x, p.y]
        case let .size(s): return [s.width, s.height]
        case let .rect(r): return [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case let .color(c): return [c.red, c.green, c.blue, c.alpha]
        default: return nil
        }
    }

    /// A vector value of `kind` from its components (as `components` lists them); nil for a
    /// kind without components or the wrong count.
    public init?(kind: Kind, components c: [Double]) {
        switch (kind, c.count) {
        case (.number, 1): self = .number(c[0])
        case (.point, 2): self = .point(Point(x: c[0], y: c[1]))
        case (.size, 2): self = .size(Size(width: c[0], height: c[1]))
        case (.rect, 4): self = .rect(Rect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case (.color, 4): self = .color(Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        default: return nil
        }
    }
}

/// The retarget of `retargetSpring`, as a pure function both the daemon and the client's
/// mirror run (so they agree for the same inputs).
public enum SpringRetargeting {
    /// What replaces the animation under `key` when a layer with `model` and `attached`
    /// animations retargets at layer time `t` towards `target` on `keyPath`:
    ///
    /// - when the animation under `key` is a spring on `keyPath` that applies at `t`, a
    ///   spring that goes in its place (`index`), from the value the key path has just after
    ///   it (its own value, plus what lies beneath when it is additive) with its velocity
    ///   (per component, per second of layer time; animations beneath it count as still);
    /// - otherwise a spring at rest from the key path's presentation value at `t` (every
    ///   animation applied), added at the end (`index` nil) as `addAnimation` adds.
    ///
    /// The new spring is never additive or cumulative, begins at `t`, has `physics`' mass,
    /// stiffness and damping, and lasts its settling duration.
    public static func retarget(model: LayerProperties, attached: [AttachedAnimation], key: String,
                                keyPath: LayerKeyPath, to target: AnimatableValue, physics: SpringAnimation,
                                layerTime t: Double) -> (animation: Animation, index: Int?) {
        if let i = attached.firstIndex(where: { $0.key == key }),
           let (value, velocity) = runningMotion(attached, at: i, keyPath: keyPath, model: model, layerTime: t) {
            return (spring(physics: physics, keyPath: keyPath, from: value, velocity: velocity, to: target, beginTime: t), i)
        }
        var presentation = model
        var lifecycle: [AnimationLifecycle] = []
        Presentation.evaluate(model: model, animations: attached, layerTime: t, into: &presentation, lifecycle: &lifecycle)
        let from = presentation.value(at: keyPath)
        let rest = AnimatableValue.zero(of: from.kind) ?? from
        return (spring(physics: physics, keyPath: keyPath, from: from, velocity: rest, to: target, beginTime: t), nil)
    }

    /// The spring a retarget puts in place once its start is known: `physics`' mass,
    /// stiffness and damping on `keyPath`, not additive or cumulative, from `from` moving at
    /// `velocity` (the kind of `from`, key-path units per second of layer time) towards
    /// `target`, beginning at layer time `beginTime`, lasting its settling duration. The
    /// daemon builds it from the start it computes; a client builds it from the start the
    /// daemon reports (`springRetargeted`), so both evaluate the same animation.
    public static func spring(physics: SpringAnimation, keyPath: LayerKeyPath, from: AnimatableValue,
                              velocity: AnimatableValue, to target: AnimatableValue, beginTime: Double) -> Animation {
        var spring = physics
        spring.keyPath = keyPath; spring.isAdditive = false; spring.isCumulative = false
        return spring.retargeted(from: from, velocity: velocity, to: target, beginTime: beginTime)
    }

    /// The value of `keyPath` just after the spring at index `i` and the spring's velocity,
    /// at layer time `t`; nil unless it is a spring on `keyPath` that applies at `t`.
    static func runningMotion(_ attached: [AttachedAnimation], at i: Int, keyPath: LayerKeyPath,
                              model: LayerProperties, layerTime t: Double) -> (AnimatableValue, AnimatableValue)? {
        guard case let .spring(spring) = attached[i].animation.kind, spring.keyPath == keyPath else { return nil }
        let timing = attached[i].animation.timing
        let state = timing.state(at: t)
        guard attached[i].animation.applies(in: state) else { return nil }
        var beneath = model
        var lifecycle: [AnimationLifecycle] = []
        Presentation.evaluate(model: model, animations: Array(attached[..<i]), layerTime: t, into: &beneath,
                              lifecycle: &lifecycle)
        let under = beneath.value(at: keyPath)
        guard let motion = spring.motion(at: state.localTime, underlying: under, cycle: state.cycle) else { return nil }
        let value = spring.isAdditive ? under.adding(motion.value) : motion.value
        let rate = state.phase == .active ? localRate(timing, at: t) : 0
        let v = (motion.velocity.components ?? []).map { $0 * rate }
        return (value, AnimatableValue(kind: motion.velocity.kind, components: v) ?? motion.velocity)
    }

    /// d(local time within the cycle)/d(layer time) at `t`: the speed, negated in the
    /// backward half of an autoreversing cycle.
    static func localRate(_ timing: MediaTiming, at t: Double) -> Double {
        let h = 1e-6
        let before = timing.state(at: t - h), after = timing.state(at: t + h)
        guard before.cycle == after.cycle, before.phase == .active, after.phase == .active else { return timing.speed }
        return after.localTime < before.localTime ? -timing.speed : timing.speed
    }
}
