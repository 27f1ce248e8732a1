/// Evaluation on plain values, for a caller that keeps animations in memory of its own (the
/// server's animation table): an animation reduced to a `PlannedAnimation` row, its keyframe
/// values and transform ends in arenas addressed by index (`PlanInputs`). RenderCore knows
/// nothing of where the caller keeps them: it reads what it is handed, nothing more, and
/// gives bit for bit what `Presentation.evaluate(model:animations:…)` gives.
///
///     row i        plan (route, key path, slot: the property map's index, ends) · timing
///                  · timing function · lifecycle
///                  · out-of-line: values [start, count) · key times · timing functions
///                                 · transform index
///     inputs       quads[·] · doubles[·] · timing functions[·] · transform ends[·]
///
/// Only routes other than `general` evaluate here; a general animation (groups,
/// transitions, paths, retargeted springs…) is handed back to the caller, which keeps the
/// `Animation` itself and evaluates it with `Presentation.apply(_:state:to:)`.

/// Where a row's out-of-line data lies in the caller's arenas (indices; counts −1 for "none
/// given", which differs from "none stored" for key times and timing functions).
package struct PlanSpans: Sendable {
    package var values: Int32 = 0, valueCount: Int32 = 0
    package var keyTimes: Int32 = 0, keyTimeCount: Int32 = -1
    package var timingFunctions: Int32 = 0, timingFunctionCount: Int32 = -1
    /// Index of the transform plan's ends, −1 for none.
    package var transform: Int32 = -1
    package init() {}
}

/// An animation as evaluation reads it: a plain value (no references), so it can live in a
/// table the caller allocates. `lifecycle` is written by evaluation.
package struct PlannedAnimation: Sendable {
    package var plan: EvaluationPlan
    package var timing: MediaTiming
    package var timingFunction: TimingFunction?
    package var isRemovedOnCompletion: Bool
    /// The properties it may write (`Animation.writtenProperties`).
    package var written: PropertySet
    /// A keyframe plan's calculation mode.
    package var keyframeMode: KeyframeAnimation.CalculationMode = .linear
    /// The animation's lifecycle at the latest evaluation.
    package var lifecycle: AnimationLifecycle = .pending
    /// Whether its plan reads data out of line (a keyframe or transform route).
    package var readsOutOfLine: Bool { spans.valueCount > 0 || spans.transform >= 0 }
    package var spans = PlanSpans()

    /// `animation` with its out-of-line data at `spans` (the caller copied it there).
    package init(_ animation: borrowing Animation, spans: PlanSpans) {
        plan = animation.plan; timing = animation.timing; timingFunction = animation.timingFunction
        isRemovedOnCompletion = animation.isRemovedOnCompletion
        written = animation.writtenProperties
        if case let .keyframes(k)? = animation.planData { keyframeMode = k.mode }
        self.spans = spans
    }

    @inline(__always)
    func applies(in state: MediaTiming.State) -> Bool {
        state.isApplied && (state.phase != .after || !isRemovedOnCompletion)
    }
}

/// The caller's arenas, as base addresses (nil where empty). Valid while the caller neither
/// grows nor frees them: for the duration of one evaluation.
package struct PlanInputs {
    package var quads: UnsafePointer<Quad>?
    package var doubles: UnsafePointer<Double>?
    package var timingFunctions: UnsafePointer<TimingFunction>?
    package var transforms: UnsafePointer<TransformEnds>?
    package init(quads: UnsafePointer<Quad>?, doubles: UnsafePointer<Double>?,
                 timingFunctions: UnsafePointer<TimingFunction>?, transforms: UnsafePointer<TransformEnds>?) {
        self.quads = quads; self.doubles = doubles; self.timingFunctions = timingFunctions; self.transforms = transforms
    }

    /// The keyframe values `spans` names.
    @inline(__always)
    func keyframes(_ spans: PlanSpans, mode: KeyframeAnimation.CalculationMode) -> KeyframeValues {
        func view<T>(_ base: UnsafePointer<T>?, _ start: Int32, _ count: Int32) -> UnsafeBufferPointer<T>? {
            guard count >= 0 else { return nil }
            guard count > 0, let base else { return UnsafeBufferPointer(start: nil, count: 0) }
            return UnsafeBufferPointer(start: base + Int(start), count: Int(count))
        }
        return KeyframeValues(values: view(quads, spans.values, spans.valueCount)!,
                              keyTimes: view(doubles, spans.keyTimes, spans.keyTimeCount),
                              timingFunctions: view(timingFunctions, spans.timingFunctions, spans.timingFunctionCount),
                              mode: mode)
    }
}

extension Presentation {
    /// Evaluates one planned animation whose timing applies it, into `p`; false, having
    /// changed nothing, when its route is `general` or its plan declines for the layer's
    /// current state (the caller then takes the general path).
    @inline(__always)
    static func applyPlanned(_ row: UnsafePointer<PlannedAnimation>, state: MediaTiming.State, inputs: PlanInputs,
                             to p: inout LayerProperties) -> Bool {
        withUnsafePointer(to: row.pointee.plan) { plan in
            switch plan.pointee.route {
            case .general:
                return false
            case .basic:
                let progress = row.pointee.timingFunction?.evaluate(state.progress) ?? state.progress
                return EvaluationPlan.apply(plan, progress: progress, cycle: state.cycle, to: &p)
            case .spring:
                let x = plan.pointee.spring.displacement(at: state.localTime)
                return EvaluationPlan.apply(plan, progress: 1 - x, cycle: state.cycle, to: &p)
            case .keyframe:
                guard row.pointee.spans.valueCount > 0 else { return false }
                let mode = row.pointee.keyframeMode
                let progress = row.pointee.timingFunction?.evaluate(state.progress) ?? state.progress
                return EvaluationPlan.applyKeyframes(plan, inputs.keyframes(row.pointee.spans, mode: mode),
                                                     progress: progress, cycle: state.cycle, to: &p)
            case .transform:
                guard row.pointee.spans.transform >= 0, let transforms = inputs.transforms else { return false }
                let progress = row.pointee.timingFunction?.evaluate(state.progress) ?? state.progress
                let v = transforms[Int(row.pointee.spans.transform)].value(at: progress)
                applyTransform(v, plan, to: &p)
                return true
            }
        }
    }

    /// A transform plan's value into `transform` or `sublayerTransform`.
    @inline(__always)
    static func applyTransform(_ v: Transform3D, _ plan: UnsafePointer<EvaluationPlan>, to p: inout LayerProperties) {
        let additive = plan.pointee.isAdditive
        if plan.pointee.keyPath.property == .transform {
            p.transform = additive ? v.concatenating(p.transform) : v
        } else {
            p.sublayerTransform = additive ? v.concatenating(p.sublayerTransform) : v
        }
    }

    /// Evaluates a layer's planned animations, in order, over `*model` at `layerTime`,
    /// writing each one's lifecycle into its row.
    ///
    /// `resetting` nil resets the whole presentation to the model first (a layer's first
    /// frame, or its first since its model or animations changed); otherwise only those
    /// properties are reset, and of those only what no animation overwrites — the server's
    /// steady frame, whose presentation equals the model outside what the animations write.
    /// `general(i, state, &p)` evaluates row `i` when its route is general or its plan
    /// declines (the caller keeps the `Animation`), returning a transition in progress if any.
    @discardableResult
    package static func evaluate(planned rows: UnsafeMutableBufferPointer<PlannedAnimation>, inputs: PlanInputs,
                                 modelAt model: UnsafePointer<LayerProperties>, layerTime: Double,
                                 into presentation: UnsafeMutablePointer<LayerProperties>, resetting: PropertySet?,
                                 general: (Int, MediaTiming.State, inout LayerProperties) -> TransitionProgress?)
        -> TransitionProgress? {
        var pending: PropertySet
        if let resetting {
            pending = resetting
        } else {
            presentation.pointee.assign(from: model)
            pending = PropertySet()
        }
        guard let base = rows.baseAddress else {
            presentation.pointee.assign(pending, from: model)
            return nil
        }
        var transition: TransitionProgress?
        for i in 0..<rows.count {
            let row = base + i
            let state = row.pointee.timing.state(at: layerTime)
            // Stored only when it changed: a store dirties the line the row lies in.
            let lifecycle = lifecycle(of: state.phase)
            if row.pointee.lifecycle != lifecycle { row.pointee.lifecycle = lifecycle }
            guard row.pointee.applies(in: state) else { continue }
            if row.pointee.plan.route != .general {
                let written = PropertySet(row.pointee.plan.keyPath.property)
                resetBefore(writing: written, overwrites: row.pointee.plan.overwrites, pending: &pending,
                            model: model, presentation: &presentation.pointee)
                if applyPlanned(UnsafePointer(row), state: state, inputs: inputs, to: &presentation.pointee) {
                    pending.subtract(written)
                    continue
                }
            }
            if !pending.isEmpty {
                let written = row.pointee.written.intersection(pending)
                presentation.pointee.assign(written, from: model)
                pending.subtract(written)
            }
            if let t = general(i, state, &presentation.pointee) { transition = t }
        }
        presentation.pointee.assign(pending, from: model)
        return transition
    }

    /// Resets to the model, just before an animation writes `written`, what of it is still
    /// pending reset — unless the animation overwrites it whole (its value does not depend
    /// on what was there).
    @inline(__always)
    static func resetBefore(writing written: PropertySet, overwrites: Bool, pending: inout PropertySet,
                            model: UnsafePointer<LayerProperties>?, presentation: inout LayerProperties) {
        guard !pending.isDisjoint(with: written) && !overwrites else { return }
        presentation.assign(written, from: model!)
        pending.subtract(written)
    }

    /// The steady frame of a layer whose only animation has a direct plan
    /// (`EvaluationPlan.isDirect`: not additive, its value independent of the layer's — a
    /// keyframe animation, or a basic or spring animation from a given value to a given value
    /// — of a property stored inline or a number component of `transform`, or a whole-
    /// `transform` animation with both ends), when its timing applies it: the value is
    /// stored in `*presentation` and the lifecycle returned (and written into the row).
    /// Otherwise nil: the caller evaluates the layer in full (`evaluate(planned:…)`), which
    /// overwrites anything this wrote.
    ///
    /// The same arithmetic in the same order as the full evaluation, so the same bits.
    /// "Steady" is the server's invariant between full resets: the presentation equals the
    /// model except where the animation writes (a component of a stored property takes the
    /// rest of it as the previous frame left it, which is the model's; a transform
    /// component is set on the model's transform, read at `model`). With `reset` the
    /// presentation is first set to the model, as the full evaluation would, once the direct
    /// route is known to answer.
    package static func evaluateDirect(_ row: UnsafeMutablePointer<PlannedAnimation>, inputs: PlanInputs,
                                       modelAt model: UnsafePointer<LayerProperties>, layerTime: Double,
                                       into presentation: UnsafeMutablePointer<LayerProperties>,
                                       reset: Bool) -> AnimationLifecycle? {
        guard row.pointee.plan.isDirect else { return nil }
        let state = row.pointee.timing.state(at: layerTime)
        guard row.pointee.applies(in: state) else { return nil }
        var v: Quad
        switch row.pointee.plan.route {
        case .spring, .basic:
            let progress = row.pointee.plan.route == .spring
                ? 1 - row.pointee.plan.spring.displacement(at: state.localTime)
                : row.pointee.timingFunction?.evaluate(state.progress) ?? state.progress
            let a = row.pointee.plan.from, b = row.pointee.plan.to
            v = Quad.lerp(a, b, progress)
            if row.pointee.plan.isCumulative && state.cycle > 0 { v = v.adding(b.subtracting(a).repeated(state.cycle)) }
            if reset { presentation.pointee.assign(from: model) }
        case .keyframe:
            guard row.pointee.spans.valueCount > 0 else { return nil }
            let mode = row.pointee.keyframeMode
            let eased = row.pointee.timingFunction?.evaluate(state.progress) ?? state.progress
            let k = inputs.keyframes(row.pointee.spans, mode: mode)
            v = k.value(at: eased)
            if row.pointee.plan.isCumulative && state.cycle > 0 {
                v = v.adding(k.values[k.values.count - 1].subtracting(k.values[0]).repeated(state.cycle))
            }
            if reset { presentation.pointee.assign(from: model) }
        case .transform:
            guard row.pointee.spans.transform >= 0, let transforms = inputs.transforms else { return nil }
            if reset { presentation.pointee.assign(from: model) }
            let eased = row.pointee.timingFunction?.evaluate(state.progress) ?? state.progress
            presentation.pointee.transform = transforms[Int(row.pointee.spans.transform)].value(at: eased)
            return store(lifecycle(of: state.phase), in: row)
        case .general:
            return nil
        }
        let slot = row.pointee.plan.slot
        if slot != EvaluationPlan.noSlot {
            // The field's slot in the presentation's inline doubles (the property map's).
            presentation.pointee.words.setQuad(v, width: row.pointee.plan.kind.width, at: Int(slot))
        } else {
            // A number component of `transform` (`EvaluationPlan.isDirect`): set on the
            // model's, as `LayerProperties.setTransformComponent(_:at:)` sets it (a transform
            // that is not simple declines, having changed nothing, and the full evaluation
            // takes it).
            guard var parts = SimpleTransformParts(model.pointee.transform) else { return nil }
            parts.setComponent(row.pointee.plan.keyPath.component, v.a)
            presentation.pointee.transform = parts.matrix
        }
        return store(lifecycle(of: state.phase), in: row)
    }

    @inline(__always)
    private static func store(_ life: AnimationLifecycle, in row: UnsafeMutablePointer<PlannedAnimation>) -> AnimationLifecycle {
        if row.pointee.lifecycle != life { row.pointee.lifecycle = life }
        return life
    }

    @inline(__always)
    static func lifecycle(of phase: MediaTiming.Phase) -> AnimationLifecycle {
        switch phase {
        case .before: return .pending
        case .active: return .active
        case .after: return .finished
        }
    }
}
