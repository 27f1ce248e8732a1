/// Evaluation on plain values, for a caller that keeps animations in memory of its own (the
/// server's animation table): an animation reduced to a `PlannedAnimation` row, and beside
/// it, for a keyframe or whole-transform plan, its out-of-line data as views the caller
/// hands over for the call (`PlannedData`). RenderCore knows nothing of where the caller
/// keeps either — which arena, which index, which column: it reads the values it is handed
/// and writes the presentation it is handed (`inout`), nothing more, and gives bit for bit
/// what `Presentation.evaluate(model:animations:…)` gives.
///
///     row          plan (route, key path, slot: the property map's index, ends, keyframe
///                  mode) · timing · lifecycle (written back) · the caller's curve index
///     data         the curve: timing function or spring constants   (a pointer to one)
///                  keyframe values · key times · timing functions   (views, or none)
///                  · transform ends                                  (a view of one, or none)
///     in           the layer's time, its model (read in place)
///     out          its presentation (`inout`), the row's lifecycle
///
/// The client evaluates its own animations through the same per-row step (`applyPlanned`,
/// over a row and views of the animation's own arrays: `withPlanned`), so both sides agree.
///
/// Only routes other than `general` evaluate here; a general animation (groups,
/// transitions, paths, retargeted springs…) is handed back to the caller, which keeps the
/// `Animation` itself and evaluates it with `Presentation.apply(_:state:to:)`.

/// An animation as evaluation reads it: a plain value (no references, no addresses), so it
/// can live in a table the caller allocates. `lifecycle` is written by evaluation.
///
/// The row keeps no curve (its timing function, a spring's constants): evaluation is handed
/// it (`PlannedData.curve`), so that a caller keeping many rows keeps each distinct curve
/// once and names it in `curve`, an index of its own that RenderCore never reads. Nor the
/// properties it writes: `PropertySet(plan.keyPath.property)` for every route but the
/// general one, whose caller keeps the animation (`Animation.writtenProperties`). Field
/// order: `timing`'s last fields are a byte each, the row's two bytes follow, then the
/// index: 128 bytes (a server row per animation; 176 with the curve inline).
package struct PlannedAnimation: Sendable {
    package var plan: EvaluationPlan
    package var timing: MediaTiming
    package var isRemovedOnCompletion: Bool
    /// The animation's lifecycle at the latest evaluation.
    package var lifecycle: AnimationLifecycle = .pending
    /// The caller's name for the row's curve (an index into curves it keeps); 0 for a row
    /// made here. RenderCore does not read it: the curve reaches evaluation as
    /// `PlannedData.curve`.
    package var curve: UInt32 = 0

    /// A keyframe plan's calculation mode (`EvaluationPlan.keyframeMode`).
    package var keyframeMode: KeyframeAnimation.CalculationMode {
        @inline(__always) get { plan.keyframeMode }
    }

    /// `animation`'s row (its curve, `Animation.curve`, and its out-of-line data,
    /// `Animation.planData`, stay with the caller).
    package init(_ animation: borrowing Animation) {
        plan = animation.plan; timing = animation.timing
        isRemovedOnCompletion = animation.isRemovedOnCompletion
    }

    @inline(__always)
    func applies(in state: MediaTiming.State) -> Bool {
        state.isApplied && (state.phase != .after || !isRemovedOnCompletion)
    }
}

/// A planned row's out-of-line data, as its caller hands it for one evaluation: views of
/// storage the caller owns (the animation's own curve and arrays in the client, the
/// server's arenas), valid for the duration of the call. A basic or spring row reads its
/// curve alone; a general row nothing.
@usableFromInline
package struct PlannedData {
    /// The row's curve (`Animation.curve`): its timing function (none: linear), or a spring
    /// plan's constants; nil reads as none (a spring row then declines).
    @usableFromInline package var curve: UnsafePointer<PlanCurve>?
    /// A keyframe plan's values, key times and timing functions (the row's `keyframeMode`);
    /// nil for none.
    @usableFromInline package var keyframes: KeyframeValues?
    /// A whole-transform plan's ends: one element, or none.
    @usableFromInline package var transform: UnsafeBufferPointer<TransformEnds>
    /// A spring row's timing function (its curve holds the spring's constants), for
    /// rebuilding its animation only; nil for none.
    @usableFromInline package var springTimingFunction: UnsafePointer<TimingFunction>?

    /// Inlinable: the walk makes one per layer, and a call across the module would cost it
    /// a store-forwarding stall as it reads the result back.
    @inlinable @inline(__always)
    package init(curve: UnsafePointer<PlanCurve>? = nil, keyframes: KeyframeValues? = nil,
                 transform: UnsafeBufferPointer<TransformEnds> = UnsafeBufferPointer(start: nil, count: 0),
                 springTimingFunction: UnsafePointer<TimingFunction>? = nil) {
        self.curve = curve; self.keyframes = keyframes; self.transform = transform
        self.springTimingFunction = springTimingFunction
    }

    /// The timing function of a non-spring row (nil: linear).
    @inline(__always)
    var timingFunction: TimingFunction? { curve?.pointee.timingFunction }

    /// `progress` through the row's timing function.
    @inline(__always)
    func eased(_ progress: Double) -> Double { timingFunction?.evaluate(progress) ?? progress }
}

/// Where a row's timing puts it at a layer time, and its progress there through its curve:
/// all that a direct evaluation takes from the row's timing and curve
/// (`Presentation.evaluateDirect(_:data:timed:…)`). A pure function of the row's timing, its
/// curve, whether it is a spring and the layer time, so a caller evaluating many rows that
/// share those may work it out once and hand a copy to each.
package struct TimedProgress: Sendable {
    package var state: MediaTiming.State
    /// The progress the plan interpolates at: the state's progress through the timing
    /// function, or for a spring 1 − its displacement at the state's local time.
    package var progress: Double

    @inline(__always)
    package init(state: MediaTiming.State, progress: Double) { self.state = state; self.progress = progress }
}

extension Presentation {
    /// `row`'s state at `layerTime` and its progress there (see `TimedProgress`); nil for a
    /// spring row handed no curve (its plan then declines). Reads the row's timing and route,
    /// and `data.curve`, nothing else.
    @inline(__always)
    package static func timedProgress(of row: UnsafePointer<PlannedAnimation>, data: PlannedData,
                                      layerTime: Double) -> TimedProgress? {
        let state = row.pointee.timing.state(at: layerTime)
        // A pattern, not `==`: inlined into another module, `==` of a package enum is a call.
        if case .spring = row.pointee.plan.route {
            guard let curve = data.curve else { return nil }
            return TimedProgress(state: state, progress: 1 - curve.pointee.spring.displacement(at: state.localTime))
        }
        return TimedProgress(state: state, progress: data.eased(state.progress))
    }
}

extension Presentation {
    /// Evaluates one planned animation whose timing applies it, into `p`; false, having
    /// changed nothing, when its route is `general` or its plan declines for the layer's
    /// current state (the caller then takes the general path). The step both sides share:
    /// the server's rows (`evaluate(planned:…)`) and the client's animations (`withPlanned`).
    @inline(__always)
    static func applyPlanned(_ row: UnsafePointer<PlannedAnimation>, state: MediaTiming.State, data: PlannedData,
                             to p: inout LayerProperties) -> Bool {
        withUnsafePointer(to: row.pointee.plan) { plan in
            switch plan.pointee.route {
            case .general:
                return false
            case .basic:
                let progress = data.eased(state.progress)
                return EvaluationPlan.apply(plan, progress: progress, cycle: state.cycle, to: &p)
            case .spring:
                guard let curve = data.curve else { return false }
                let x = curve.pointee.spring.displacement(at: state.localTime)
                return EvaluationPlan.apply(plan, progress: 1 - x, cycle: state.cycle, to: &p)
            case .keyframe:
                guard let k = data.keyframes, k.values.count > 0 else { return false }
                let progress = data.eased(state.progress)
                return EvaluationPlan.applyKeyframes(plan, k, progress: progress, cycle: state.cycle, to: &p)
            case .transform:
                guard let ends = data.transform.baseAddress, data.transform.count > 0 else { return false }
                let progress = data.eased(state.progress)
                applyTransform(ends.pointee.value(at: progress), plan, to: &p)
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

    /// Evaluates a layer's planned animations, in order, over `model` at `layerTime`, into
    /// `presentation`, writing each one's lifecycle into its row; `data(i)` hands over row
    /// `i`'s out-of-line data (asked only of a keyframe or transform row that applies).
    ///
    /// `model` is read, never written: `inout` only so that it is read in place (a borrowed
    /// `LayerProperties` may be copied whole, box and all). It must not be `presentation`.
    ///
    /// `resetting` nil resets the whole presentation to the model first (a layer's first
    /// frame, or its first since its model or animations changed); otherwise only those
    /// properties are reset, and of those only what no animation overwrites — the server's
    /// steady frame, whose presentation equals the model outside what the animations write.
    /// `data(i, outOfLine)` is asked of every row that applies and is not general: its curve,
    /// and when `outOfLine` (a keyframe or transform plan) its values or ends. `general(i, state,
    /// &p)` evaluates row `i` when its route is general or its plan declines (the caller
    /// keeps the `Animation`), returning a transition in progress if any; `written(i)` is
    /// what that animation may write (`Animation.writtenProperties`), asked just before.
    @discardableResult
    package static func evaluate(planned rows: UnsafeMutableBufferPointer<PlannedAnimation>,
                                 data: (Int, Bool) -> PlannedData, model: inout LayerProperties, layerTime: Double,
                                 into presentation: inout LayerProperties, resetting: PropertySet?,
                                 written: (Int) -> PropertySet,
                                 general: (Int, MediaTiming.State, inout LayerProperties) -> TransitionProgress?)
        -> TransitionProgress? {
        withUnsafePointer(to: &model) { model in
            var pending: PropertySet
            if let resetting {
                pending = resetting
            } else {
                presentation.assign(from: model)
                pending = PropertySet()
            }
            guard let base = rows.baseAddress else {
                presentation.assign(pending, from: model)
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
                let route = row.pointee.plan.route
                if route != .general {
                    let writes = PropertySet(row.pointee.plan.keyPath.property)
                    resetBefore(writing: writes, overwrites: row.pointee.plan.overwrites, pending: &pending,
                                model: model, presentation: &presentation)
                    let rowData = data(i, route == .keyframe || route == .transform)
                    if applyPlanned(UnsafePointer(row), state: state, data: rowData, to: &presentation) {
                        pending.subtract(writes)
                        continue
                    }
                }
                if !pending.isEmpty {
                    let reset = written(i).intersection(pending)
                    presentation.assign(reset, from: model)
                    pending.subtract(reset)
                }
                if let t = general(i, state, &presentation) { transition = t }
            }
            presentation.assign(pending, from: model)
            return transition
        }
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
    /// — of a double property stored inline or in the sparse box, or a number component of
    /// `transform`, or a whole-
    /// `transform` animation with both ends), when its timing applies it: the value is
    /// stored in `presentation` and the lifecycle returned (and written into `row`).
    /// Otherwise nil: the caller evaluates the layer in full (`evaluate(planned:…)`), which
    /// overwrites anything this wrote. `data` is the row's out-of-line data (`PlannedData`).
    /// `model` is read, never written (`inout`: read in place, see `evaluate(planned:…)`).
    ///
    /// The same arithmetic in the same order as the full evaluation, so the same bits.
    /// "Steady" is the server's invariant between full resets: the presentation equals the
    /// model except where the animation writes (a component of a stored property takes the
    /// rest of it as the previous frame left it, which is the model's; a transform
    /// component is set on the model's transform). With `reset` the presentation is first
    /// set to the model, as the full evaluation would, once the direct route is known to
    /// answer.
    package static func evaluateDirect(_ row: inout PlannedAnimation, data: PlannedData,
                                       model: inout LayerProperties, layerTime: Double,
                                       into presentation: inout LayerProperties, reset: Bool) -> AnimationLifecycle? {
        guard row.plan.isDirect,
              let timed = withUnsafePointer(to: &row, { timedProgress(of: $0, data: data, layerTime: layerTime) })
        else { return nil }
        return evaluateDirect(&row, data: data, timed: timed, model: &model, into: &presentation, reset: reset)
    }

    /// `evaluateDirect(_:data:model:layerTime:into:reset:)` with the row's timing worked out
    /// already: `timedProgress(of:data:layerTime:)` of this row, or of a row with the same
    /// timing, curve and layer time (the server's walk works it out once a frame for all of
    /// them). The same bits either way.
    @inline(__always)
    package static func evaluateDirect(_ row: inout PlannedAnimation, data: PlannedData, timed: TimedProgress,
                                       model: inout LayerProperties,
                                       into presentation: inout LayerProperties, reset: Bool) -> AnimationLifecycle? {
        guard row.plan.isDirect else { return nil }
        let state = timed.state
        guard row.applies(in: state) else { return nil }
        var v: Quad
        switch row.plan.route {
        case .spring, .basic:
            let progress = timed.progress
            let a = row.plan.from, b = row.plan.to
            v = Quad.lerp(a, b, progress)
            if row.plan.isCumulative && state.cycle > 0 { v = v.adding(b.subtracting(a).repeated(state.cycle)) }
            if reset { resetAll(&presentation, to: &model) }
        case .keyframe:
            guard let k = data.keyframes, k.values.count > 0 else { return nil }
            v = k.value(at: timed.progress)
            if row.plan.isCumulative && state.cycle > 0 {
                v = v.adding(k.values[k.values.count - 1].subtracting(k.values[0]).repeated(state.cycle))
            }
            if reset { resetAll(&presentation, to: &model) }
        case .transform:
            guard let ends = data.transform.baseAddress, data.transform.count > 0 else { return nil }
            if reset { resetAll(&presentation, to: &model) }
            presentation.transform = ends.pointee.value(at: timed.progress)
            return store(lifecycle(of: state.phase), in: &row)
        case .general:
            return nil
        }
        let slot = row.plan.slot
        if slot != EvaluationPlan.noSlot {
            // The field's slot in the presentation's inline doubles (the property map's).
            presentation.words.setQuad(v, width: row.plan.kind.width, at: Int(slot))
        } else if !row.plan.isTransformComponent {
            // A field of the sparse box (`EvaluationPlan.isSparseField`), stored through the
            // map into the presentation's own box (copied from the model's on its first write).
            guard let f = row.plan.keyPath.field else { return nil }
            presentation.setQuad(v, width: row.plan.kind.width, f)
        } else {
            // A number component of `transform` (`EvaluationPlan.isDirect`): set on the
            // model's, as `LayerProperties.setTransformComponent(_:at:)` sets it (a transform
            // that is not simple declines, having changed nothing, and the full evaluation
            // takes it).
            guard var parts = SimpleTransformParts(model.transform) else { return nil }
            parts.setComponent(row.plan.keyPath.component, v.a)
            presentation.transform = parts.matrix
        }
        return store(lifecycle(of: state.phase), in: &row)
    }

    /// `presentation := model`, the model read in place.
    @inline(__always)
    private static func resetAll(_ presentation: inout LayerProperties, to model: inout LayerProperties) {
        withUnsafePointer(to: &model) { presentation.assign(from: $0) }
    }

    @inline(__always)
    private static func store(_ life: AnimationLifecycle, in row: inout PlannedAnimation) -> AnimationLifecycle {
        if row.lifecycle != life { row.lifecycle = life }
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
