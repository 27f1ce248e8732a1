/// An animation attached to a layer under a key, with its begin time already resolved
/// (in the layer's local time space).
public struct AttachedAnimation: Hashable, Sendable {
    /// First, so that what evaluation reads (the animation's timing and plan) starts the value
    /// and the key, which it never reads, ends it.
    public var animation: Animation
    public var key: String
    public init(key: String, animation: Animation) { self.key = key; self.animation = animation }
}

/// Where an animation is in its life at a given time.
public enum AnimationLifecycle: UInt8, Hashable, Sendable {
    /// Before its begin time.
    case pending = 0
    /// Within its active duration.
    case active = 1
    /// Past its active duration: it has completed.
    case finished = 2
}

/// A transition in progress on a layer: the compositor blends the layer's previous
/// rendering into its current one by `progress` (0…1).
public struct TransitionProgress: Hashable, Sendable {
    public var transition: Transition
    public var progress: Double
}

/// The single code path that turns a model layer plus its animations into the
/// presentation layer at a time. The client's `presentation()` and the server's frames
/// both call it, so they agree to the last bit for the same inputs.
///
///     presentation = model
///     for each animation, in the order added:
///         state = its timing at the layer's local time
///         if it applies now (its fill mode applies it, and it is not past the end
///         of an animation removed on completion: `Animation.applies(in:)`):
///             value = the animation's value (endpoints resolved against the
///                     presentation so far — the "underlying" value)
///             presentation[keyPath] = isAdditive ? presentation[keyPath] + value : value
///
/// Two routes give the same values: most animations run from the plan made when they were
/// created (`EvaluationPlan`: typed values read and written in place, constant transforms
/// decomposed once), the rest through `AnimatableValue` (`apply`). Evaluation does not
/// allocate, except to interpolate paths; `rendersrv-bench` measures it.
public enum Presentation {
    /// The layer's local time at media time `t`, its ancestors' timings outermost first
    /// (the layer's own timing last): the timings folded into one `WorldTiming`, the same
    /// fold the server caches per layer, so both sides agree to the last bit.
    @inlinable
    public static func localTime<S: Sequence>(at t: Double, timings: S) -> Double where S.Element == LayerTiming {
        var world = WorldTiming.identity
        for timing in timings { world = world.then(timing) }
        return world.localTime(t)
    }

    /// Evaluates `animations` over `model` at `layerTime` (the layer's local time).
    ///
    /// - Parameters:
    ///   - presentation: receives the presentation properties.
    ///   - lifecycle: receives each animation's lifecycle, by index; resized only when its
    ///     count differs from `animations.count`.
    /// - Returns: the transition in progress, if any.
    @discardableResult
    public static func evaluate(model: LayerProperties, animations: [AttachedAnimation], layerTime: Double,
                                into presentation: inout LayerProperties,
                                lifecycle: inout [AnimationLifecycle]) -> TransitionProgress? {
        presentation.assign(from: model)
        return evaluateAnimations(animations, layerTime: layerTime, into: &presentation, lifecycle: &lifecycle)
    }

    /// `evaluate` for a presentation that already equals `model` outside `resetting`: only
    /// the properties in `resetting` are reset to the model before the animations apply.
    /// With `resetting` ⊇ the union of the animations' `writtenProperties`, the result is
    /// exactly `evaluate`'s — at the cost of the animated properties instead of the whole
    /// layer. The server keeps that precondition: a full `evaluate` whenever the model or
    /// the animation list changed.
    @discardableResult
    public static func evaluate(model: LayerProperties, animations: [AttachedAnimation], layerTime: Double,
                                into presentation: inout LayerProperties, lifecycle: inout [AnimationLifecycle],
                                resetting: PropertySet) -> TransitionProgress? {
        withUnsafePointer(to: model) { presentation.assign(resetting, from: $0) }
        return evaluateAnimations(animations, layerTime: layerTime, into: &presentation, lifecycle: &lifecycle)
    }

    /// `evaluate` after `presentation = model`: applies the animations in order.
    /// `usePlans: false` evaluates every animation through the general path (tests compare
    /// the two).
    @discardableResult
    static func evaluateAnimations(_ animations: [AttachedAnimation], layerTime: Double,
                                   into presentation: inout LayerProperties,
                                   lifecycle: inout [AnimationLifecycle], usePlans: Bool = true) -> TransitionProgress? {
        if lifecycle.count != animations.count {
            lifecycle = [AnimationLifecycle](repeating: .pending, count: animations.count)
        }
        var none = PropertySet()
        return animations.withUnsafeBufferPointer { buffer in
            lifecycle.withUnsafeMutableBufferPointer { life in
                applyAnimations(buffer, layerTime: layerTime, into: &presentation, resetting: &none, model: nil,
                                lifecycle: life, usePlans: usePlans)
            }
        }
    }

    /// The loop of `evaluateAnimations`: each animation's lifecycle into `life[i]`, and its
    /// value into `presentation` when its timing applies it.
    ///
    /// `resetting` holds the properties still to be reset to `*model` (read only for those;
    /// `model` may be nil when `resetting` is empty):
    /// each is reset just before the first applied animation that reads it, and dropped
    /// unreset when that animation's plan overwrites it (`EvaluationPlan.overwrites`: its
    /// value does not depend on what was there). What is left when the loop ends, no
    /// animation wrote this frame: the caller resets it. The result is `evaluate`'s exactly;
    /// a layer whose animations all overwrite their properties does not read its model.
    @inline(__always)
    static func applyAnimations(_ buffer: UnsafeBufferPointer<AttachedAnimation>, layerTime: Double,
                                into presentation: inout LayerProperties, resetting: inout PropertySet,
                                model: UnsafePointer<LayerProperties>?,
                                lifecycle life: UnsafeMutableBufferPointer<AnimationLifecycle>,
                                usePlans: Bool) -> TransitionProgress? {
        guard let base = buffer.baseAddress else { return nil }
        var transition: TransitionProgress?
        for i in 0..<buffer.count {
            let attached = base + i
            let state = attached.pointee.animation.timing.state(at: layerTime)
            let lifecycle = lifecycle(of: state.phase)
            if life[i] != lifecycle { life[i] = lifecycle }
            guard attached.pointee.animation.applies(in: state) else { continue }
            // Animations with a plan run from it alone (see `EvaluationPlan`); the rest,
            // and any the plan declines for the layer's current state, take the general
            // path.
            if usePlans && attached.pointee.animation.plan.route != .general {
                let written = PropertySet(attached.pointee.animation.plan.keyPath.property)
                resetBefore(writing: written, overwrites: attached.pointee.animation.plan.overwrites, pending: &resetting,
                            model: model, presentation: &presentation)
                let applied = withPlanned(attached.pointee.animation) { row, data in
                    applyPlanned(row, state: state, data: data, to: &presentation)
                }
                if applied {
                    resetting.subtract(written)
                    continue
                }
            }
            if !resetting.isEmpty {
                let written = attached.pointee.animation.writtenProperties.intersection(resetting)
                presentation.assign(written, from: model!)
                resetting.subtract(written)
            }
            if let tr = apply(attached, state: state, to: &presentation) { transition = tr }
        }
        return transition
    }

    /// Calls `body` with `a` as a planned row and views of its own curve and arrays as the
    /// row's data (the client's evaluation; the server keeps rows, curves and arenas of its
    /// own and hands the same step views of those).
    @inline(__always)
    static func withPlanned<R>(_ a: borrowing Animation, _ body: (UnsafePointer<PlannedAnimation>, PlannedData) -> R) -> R {
        let row = PlannedAnimation(a)
        return withUnsafePointer(to: a.curve) { curve in
            switch a.planData {
            case let .keyframes(k)?:
                return k.withValues { kv in
                    withUnsafePointer(to: row) { body($0, PlannedData(curve: curve, keyframes: kv)) }
                }
            case let .transforms(t)?:
                return withUnsafePointer(to: t.ends) { ends in
                    withUnsafePointer(to: row) {
                        body($0, PlannedData(curve: curve, transform: UnsafeBufferPointer(start: ends, count: 1)))
                    }
                }
            case nil:
                // A spring's timing function, which its curve does not hold (for the rebuild).
                if row.plan.route == .spring, let f = a.timingFunction {
                    return withUnsafePointer(to: f) { f in
                        withUnsafePointer(to: row) { body($0, PlannedData(curve: curve, springTimingFunction: f)) }
                    }
                }
                return withUnsafePointer(to: row) { body($0, PlannedData(curve: curve)) }
            }
        }
    }

    /// Convenience: evaluates at media time `t` under ancestor timings and returns the
    /// presentation alone.
    public static func presentation(model: LayerProperties, animations: [AttachedAnimation], at t: Double,
                                    timings: [LayerTiming] = []) -> LayerProperties {
        var p = model
        var life = [AnimationLifecycle]()
        evaluate(model: model, animations: animations, layerTime: localTime(at: t, timings: timings),
                 into: &p, lifecycle: &life)
        return p
    }

    @inline(__always)
    static func apply(_ attached: UnsafePointer<AttachedAnimation>, state: MediaTiming.State,
                      to p: inout LayerProperties) -> TransitionProgress? {
        apply(attached.pointee.animation, state: state, to: &p)
    }

    /// The general path: applies one animation whose timing state is applied, through
    /// `AnimatableValue`, for every kind and key path.
    package static func apply(_ a: borrowing Animation, state: MediaTiming.State, to p: inout LayerProperties) -> TransitionProgress? {
        switch a.kind {
        case let .basic(b):
            let eased = a.timingFunction?.evaluate(state.progress) ?? state.progress
            applyInterpolation(b, progress: eased, cycle: state.cycle, to: &p)
        case let .spring(s):
            if s.componentVelocity != nil { s.applyRetargeted(at: state.localTime, to: &p); return nil }
            // Physical time: the spring runs on the local time within the cycle.
            let x = s.displacement(at: state.localTime)
            applyInterpolation(s.basic, progress: 1 - x, cycle: state.cycle, to: &p)
        case let .keyframe(k):
            let eased = a.timingFunction?.evaluate(state.progress) ?? state.progress
            guard var v = k.value(at: eased) else { return nil }
            let kp = k.keyPath
            let current = p.value(at: kp)
            if k.isCumulative && state.cycle > 0, let first = k.firstValue, let last = k.lastValue {
                v = v.adding(last.subtracting(first).scaled(by: state.cycle))
            }
            try? p.setValue(k.isAdditive ? current.adding(v) : v, at: kp)
            if let angle = k.pathAngle(at: eased) {
                p.transform = Transform3D.rotation(angle: angle, x: 0, y: 0, z: 1).concatenating(p.transform)
            }
        case let .group(g):
            // Children run in the group's local time (after the group's timing function).
            let eased = a.timingFunction?.evaluate(state.progress) ?? state.progress
            let groupTime = eased * a.timing.duration
            var transition: TransitionProgress?
            for child in g.animations {
                let cs = child.timing.state(at: groupTime)
                if cs.isApplied, let t = apply(child, state: cs, to: &p) { transition = t }
            }
            return transition
        case let .transition(t):
            let eased = a.timingFunction?.evaluate(state.progress) ?? state.progress
            return TransitionProgress(transition: t, progress: lerp(t.startProgress, t.endProgress, eased))
        }
        return nil
    }

    /// A basic (or spring) interpolation through `AnimatableValue`.
    @inline(never)
    static func applyInterpolation(_ b: borrowing BasicAnimation, progress: Double, cycle: Int, to p: inout LayerProperties) {
        let kp = b.keyPath
        let current = p.value(at: kp)
        let underlying = b.isAdditive ? (AnimatableValue.zero(of: current.kind) ?? current) : current
        let (from, to) = b.endpoints(underlying: underlying)
        var v = AnimatableValue.interpolate(from, to, progress)
        if b.isCumulative && cycle > 0 {
            v = v.adding(to.subtracting(from).scaled(by: cycle))
        }
        try? p.setValue(b.isAdditive ? current.adding(v) : v, at: kp)
    }
}
