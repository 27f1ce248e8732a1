/// What evaluating an animation needs, worked out once when the animation is made (and
/// again whenever its `kind` changes), so the per-frame path reads no boxed `Animation.Kind`
/// payload, copies no `AnimatableValue` and decomposes no constant transform.
///
/// Routes:
/// - `basic`, `spring`: the key path takes a scalar kind — a number (including `position.x`,
///   `bounds.size.width`, `transform.rotation.z`, …), a point, a size, a rect or a color —
///   and every endpoint is of that kind; the endpoints are kept as `Quad`s.
/// - `keyframe`: values of such a scalar kind, no path, mode linear, discrete or cubic; the
///   values are kept as `Quad`s in a shared `KeyframePlan`.
/// - `transform`: a basic animation of a whole transform with `from` and `to` set, not
///   cumulative; both ends are decomposed once, in a shared `TransformPlan`.
/// - `general`: everything else, evaluated from `Animation.kind`.
///
/// A plan is a plain value (no references, no addresses): whoever evaluates it keeps it where
/// it likes — in the animation (the client), or in a table of its own (the server's
/// `AnimationTable`) — and passes a keyframe plan's values and a transform plan's ends beside
/// it (`PlannedData`).
///
/// Invariant: evaluating through the plan gives bit for bit what the general path gives
/// (`Presentation.applyInterpolation` and the keyframe branch of `Presentation.apply`): the
/// same arithmetic in the same order. Tests compare the two on every route.
package struct EvaluationPlan: Sendable {
    package enum Route: UInt8, Sendable { case general, basic, spring, keyframe, transform }
    package enum Kind: UInt8, Sendable {
        case number, point, size, rect, color
        /// How many doubles a value of the kind takes (`PropertyField.width`).
        @inline(__always) var width: Int {
            switch self {
            case .number: return 1
            case .point, .size: return 2
            case .rect, .color: return 4
            }
        }
    }

    package var route: Route = .general
    package var kind: Kind = .number
    package var keyPath = LayerKeyPath(.opacity)
    /// Which endpoints are set: bit 0 from, bit 1 to, bit 2 by.
    var endpoints: UInt8 = 0
    /// The Boolean flags below, one bit each (so that the flags and `slot` fit in the plan's
    /// first word).
    private var flags: UInt8 = 0
    package var isAdditive: Bool { get { flag(1) } set { setFlag(1, newValue) } }
    package var isCumulative: Bool { get { flag(2) } set { setFlag(2, newValue) } }
    /// What the plan writes does not depend on the layer's current value: a whole property
    /// (`keyPath.component == .whole`), not additive, and for basic and spring plans both
    /// `from` and `to` set. Evaluation then need not reset that property to the model first.
    package var overwrites: Bool { get { flag(4) } set { setFlag(4, newValue) } }
    /// What `Presentation.evaluateDirect` evaluates on a steady frame: a plan whose value does
    /// not depend on the layer's, stored at its slot or set as a component of the model's
    /// transform, or a whole-transform plan (see `isDirect(_:)`).
    package var isDirect: Bool { get { flag(8) } set { setFlag(8, newValue) } }
    @inline(__always) private func flag(_ bit: UInt8) -> Bool { flags & bit != 0 }
    @inline(__always) private mutating func setFlag(_ bit: UInt8, _ on: Bool) { flags = on ? flags | bit : flags & ~bit }
    /// The slot of the key path's field in a `LayerProperties`' inline doubles when the
    /// property map keeps it there (see `directSlot`); `noSlot` otherwise. Evaluation then
    /// loads and stores the value's doubles at that index instead of going through the key
    /// path's property and component.
    package var slot = EvaluationPlan.noSlot
    package static var noSlot: UInt8 { .max }
    /// A keyframe plan's calculation mode (linear for other routes). In the plan's first
    /// word, after `slot`: a row (`PlannedAnimation`) keeps no field of its own for it.
    package var keyframeMode: KeyframeAnimation.CalculationMode = .linear
    /// The ends, with `by` folded in when it came with one end (`from + by`, `to − by`,
    /// worked out once: the same sums evaluation made every frame). Alone, `by` is kept in
    /// `to` (see `endpoints`).
    package var from = Quad.zero, to = Quad.zero
    /// Both ends are known without the layer's value: two of from, to and by were given.
    package var hasBothEnds: Bool { endpoints.nonzeroBitCount >= 2 }
    // The plan keeps no curve (a spring's closed-form constants, a timing function): its
    // evaluation is handed one (`PlannedData.curve`), so that a caller keeping many rows
    // keeps each distinct curve once (the server's `AnimationTable`). 72 bytes.

    init() {}

    /// The plan of `kind`, with the keyframe or transform data it refers to (kept apart so
    /// that the plan itself is trivially copyable) and, for a spring plan, the curve holding
    /// its closed form's constants (`PlanCurve()`, none, for the others).
    static func make(_ kind: Animation.Kind) -> (EvaluationPlan, PlanData?, PlanCurve) {
        var plan = EvaluationPlan()
        var spring = PlanCurve()
        let data = plan.configure(kind, spring: &spring)
        if plan.route != .general && !plan.isAdditive && plan.keyPath.component == .whole {
            plan.overwrites = plan.route == .keyframe || plan.route == .transform || plan.hasBothEnds
        }
        if plan.route == .basic || plan.route == .spring || plan.route == .keyframe {
            plan.slot = directSlot(plan.kind, plan.keyPath)
        }
        plan.isDirect = isDirect(plan)
        return (plan, data, plan.route == .spring ? spring : PlanCurve())
    }

    /// Whether `Presentation.evaluateDirect` takes `plan` (see `isDirect`): not additive, its
    /// value independent of the layer's (a keyframe plan, or a basic or spring plan with both
    /// ends), written to a direct slot, to a field of the sparse box or as a number component
    /// of `transform` (set on the model's transform); or a transform plan of the whole
    /// `transform`.
    static func isDirect(_ plan: EvaluationPlan) -> Bool {
        guard !plan.isAdditive else { return false }
        switch plan.route {
        case .transform:
            return plan.keyPath.property == .transform
        case .basic, .spring, .keyframe:
            guard plan.route == .keyframe || plan.hasBothEnds else { return false }
            return plan.slot != noSlot || plan.isTransformComponent || plan.isSparseField
        case .general:
            return false
        }
    }

    /// A field of the sparse box (`PropertyField.Place.sparse`: zPosition, the border's color
    /// and width, or a stored component of one) of the plan's kind: the direct route stores
    /// it through the map (`LayerProperties.setQuad`), in the presentation's own box.
    var isSparseField: Bool {
        guard let f = keyPath.field else { return false }
        return f.place == .sparse && f.column == .doubles && f.width == kind.width
    }

    /// A number component of `transform` that the direct write covers on a simple transform
    /// (`LayerProperties.setTransformComponent(_:at:)`: scale, rotation about z, translation).
    var isTransformComponent: Bool {
        kind == .number && keyPath.property == .transform && SimpleTransformParts.covers(keyPath.component)
    }

    /// The slot of `kp`'s field when the property map keeps it inline as doubles of `kind`
    /// (`LayerKeyPath.field`: a whole property or a stored component of one — `position.x`,
    /// `bounds.size.width`, …), else `noSlot`. Covers position, anchorPoint, bounds,
    /// opacity, cornerRadius, backgroundColor and their stored components; zPosition and the
    /// border (kept in the sparse box) take the map's store (`write`), and a transform's
    /// components are derived, not stored.
    static func directSlot(_ kind: Kind, _ kp: LayerKeyPath) -> UInt8 {
        guard let f = kp.field, f.place == .inline, f.column == .doubles, f.width == kind.width else { return noSlot }
        return f.slot
    }

    private mutating func configure(_ kind: Animation.Kind, spring: inout PlanCurve) -> PlanData? {
        switch kind {
        case let .basic(b):
            if let t = TransformPlan(b) {
                keyPath = b.keyPath; isAdditive = b.isAdditive; route = .transform
                return .transforms(t)
            }
            guard setScalar(keyPath: b.keyPath, additive: b.isAdditive, cumulative: b.isCumulative),
                  setEndpoints(from: b.from, to: b.to, by: b.by) else { self = EvaluationPlan(); return nil }
            route = .basic
            return nil
        case let .spring(s):
            // A retargeted spring (per-component velocity) takes the general path.
            guard s.componentVelocity == nil, setScalar(keyPath: s.keyPath, additive: s.isAdditive, cumulative: s.isCumulative),
                  setEndpoints(from: s.from, to: s.to, by: s.by) else { self = EvaluationPlan(); return nil }
            spring.spring = s.solution
            route = .spring
            return nil
        case let .keyframe(k):
            guard k.path == nil, k.calculationMode == .linear || k.calculationMode == .discrete || k.calculationMode == .cubic,
                  !k.values.isEmpty,
                  setScalar(keyPath: k.keyPath, additive: k.isAdditive, cumulative: k.isCumulative) else {
                self = EvaluationPlan(); return nil
            }
            var quads = [Quad]()
            quads.reserveCapacity(k.values.count)
            for v in k.values {
                guard let q = Quad(v, self.kind) else { self = EvaluationPlan(); return nil }
                quads.append(q)
            }
            route = .keyframe
            keyframeMode = k.calculationMode
            return .keyframes(KeyframePlan(values: quads, keyTimes: k.keyTimes, timingFunctions: k.timingFunctions,
                                           mode: k.calculationMode))
        default:
            return nil
        }
    }

    private mutating func setScalar(keyPath kp: LayerKeyPath, additive: Bool, cumulative: Bool) -> Bool {
        switch kp.valueKind {
        case .number: kind = .number
        case .point: kind = .point
        case .size: kind = .size
        case .rect: kind = .rect
        case .color: kind = .color
        default: return false
        }
        keyPath = kp; isAdditive = additive; isCumulative = cumulative
        return true
    }

    private mutating func setEndpoints(from f: AnimatableValue?, to t: AnimatableValue?, by b: AnimatableValue?) -> Bool {
        func take(_ v: AnimatableValue?, _ bit: UInt8, _ slot: inout Quad, _ kind: Kind, _ mask: inout UInt8) -> Bool {
            guard let v else { return true }
            guard let q = Quad(v, kind) else { return false }
            slot = q; mask |= bit
            return true
        }
        var mask: UInt8 = 0
        var by = Quad.zero
        guard take(f, 1, &from, kind, &mask), take(t, 2, &to, kind, &mask), take(b, 4, &by, kind, &mask) else { return false }
        endpoints = mask
        switch mask {
        case 0b101: to = from.adding(by)          // from, by
        case 0b110: from = to.subtracting(by)     // by, to
        case 0b100: to = by                       // by alone: added to the current value
        default: break                            // from, to given (by ignored), or no by
        }
        return true
    }

    // The evaluation functions are static over a pointer to the plan: evaluation reads the
    // plan where it lies in the animation array instead of copying it for every call.

    /// The from / to / by table, cumulative repeats and additive composition on quads, as
    /// `Presentation.applyInterpolation` computes them (see `BasicAnimation.endpoints`).
    @inline(__always)
    static func value(_ plan: UnsafePointer<EvaluationPlan>, current: Quad, progress t: Double, cycle: Int) -> Quad {
        let additive = plan.pointee.isAdditive
        let u = additive ? Quad.zero : current
        let a: Quad, b: Quad
        switch plan.pointee.endpoints {
        case 0b011, 0b111, 0b101, 0b110: a = plan.pointee.from; b = plan.pointee.to  // both ends (by folded in)
        case 0b001: a = plan.pointee.from; b = u                                     // from
        case 0b010: a = u; b = plan.pointee.to                                       // to
        case 0b100: a = u; b = u.adding(plan.pointee.to)                             // by (kept in `to`)
        default: a = u; b = u                                                        // none
        }
        var v = Quad.lerp(a, b, t)
        if plan.pointee.isCumulative && cycle > 0 { v = v.adding(b.subtracting(a).repeated(cycle)) }
        return additive ? current.adding(v) : v
    }

    /// The current value at the plan's key path, or `nil` when the layer's state puts it
    /// outside the direct path (a transform component of a transform that is not simple).
    /// `p` is `inout` only to be read in place (nothing is written).
    @inline(__always)
    static func read(_ kind: Kind, _ kp: LayerKeyPath, _ p: inout LayerProperties) -> Quad? {
        if let f = kp.field {
            guard f.column == .doubles, f.width == kind.width else { return nil }
            return p.quad(f, width: kind.width)
        }
        guard kind == .number, let v = p.transformComponent(at: kp) else { return nil }
        return Quad(v, 0, 0, 0)
    }

    /// Stores at the plan's key path. False, having changed nothing, when the direct path
    /// does not cover the key path (or, for a transform component, the current transform).
    @inline(__always)
    static func write(_ kind: Kind, _ kp: LayerKeyPath, _ q: Quad, _ p: inout LayerProperties) -> Bool {
        if let f = kp.field {
            guard f.column == .doubles, f.width == kind.width else { return false }
            p.setQuad(q, width: kind.width, f)
            return true
        }
        return kind == .number && p.setTransformComponent(q.a, at: kp)
    }

    /// A basic or spring interpolation into `p` at `progress`; false, having changed
    /// nothing, when the general path must run. (Static over a pointer: evaluation reads the
    /// plan where it lies instead of copying it.)
    @inline(__always)
    static func apply(_ plan: UnsafePointer<EvaluationPlan>, progress: Double, cycle: Int, to p: inout LayerProperties) -> Bool {
        let kind = plan.pointee.kind, kp = plan.pointee.keyPath
        var current = Quad.zero
        // The layer's value is needed unless both ends are given and the result replaces it.
        let readsCurrent = plan.pointee.isAdditive || !plan.pointee.hasBothEnds
        let slot = plan.pointee.slot
        if slot != noSlot {
            let s = Int(slot), width = kind.width
            if readsCurrent { current = p.words.quad(width: width, at: s) }
            p.words.setQuad(value(plan, current: current, progress: progress, cycle: cycle), width: width, at: s)
            return true
        }
        if readsCurrent {
            guard let c = read(kind, kp, &p) else { return false }
            current = c
        }
        return write(kind, kp, value(plan, current: current, progress: progress, cycle: cycle), &p)
    }

    /// A keyframe value into `p` at `progress` (after the animation's timing function), as
    /// the keyframe branch of `Presentation.apply` computes it.
    @inline(__always)
    static func applyKeyframes(_ plan: UnsafePointer<EvaluationPlan>, _ k: KeyframeValues, progress: Double, cycle: Int,
                               to p: inout LayerProperties) -> Bool {
        var v = k.value(at: progress)
        if plan.pointee.isCumulative && cycle > 0 {
            v = v.adding(k.values[k.values.count - 1].subtracting(k.values[0]).repeated(cycle))
        }
        let kind = plan.pointee.kind, kp = plan.pointee.keyPath
        let slot = plan.pointee.slot
        if slot != noSlot {
            let s = Int(slot), width = kind.width
            p.words.setQuad(plan.pointee.isAdditive ? p.words.quad(width: width, at: s).adding(v) : v, width: width, at: s)
            return true
        }
        if plan.pointee.isAdditive {
            guard let current = read(kind, kp, &p) else { return false }
            v = current.adding(v)
        }
        return write(kind, kp, v, &p)
    }
}

/// The out-of-line data a plan reads, as the animation keeps it (see `EvaluationPlan.make`).
package enum PlanData: Sendable {
    case keyframes(KeyframePlan)
    case transforms(TransformPlan)
}

/// The values of a keyframe animation of a scalar kind, as quads (see `EvaluationPlan`), as
/// the animation keeps them. Evaluation reads them through a `KeyframeValues` view.
package final class KeyframePlan: Sendable {
    package let values: [Quad]
    package let keyTimes: [Double]?
    package let timingFunctions: [TimingFunction]?
    package let mode: KeyframeAnimation.CalculationMode

    init(values: [Quad], keyTimes: [Double]?, timingFunctions: [TimingFunction]?, mode: KeyframeAnimation.CalculationMode) {
        self.values = values; self.keyTimes = keyTimes; self.timingFunctions = timingFunctions; self.mode = mode
    }

    /// Calls `body` with a view of these values (valid during the call).
    @inline(__always)
    func withValues<R>(_ body: (KeyframeValues) -> R) -> R {
        values.withUnsafeBufferPointer { v in
            func withOptional<T, S>(_ a: [T]?, _ f: (UnsafeBufferPointer<T>?) -> S) -> S {
                guard let a else { return f(nil) }
                return a.withUnsafeBufferPointer { f($0) }
            }
            return withOptional(keyTimes) { kt in
                withOptional(timingFunctions) { tf in
                    body(KeyframeValues(values: v, keyTimes: kt, timingFunctions: tf, mode: mode))
                }
            }
        }
    }
}

/// A keyframe plan's values, key times and timing functions where they lie (the animation's
/// arrays, or a server's arenas): a plain view, valid while that storage is.
@usableFromInline
package struct KeyframeValues {
    @usableFromInline package var values: UnsafeBufferPointer<Quad>
    /// nil: none given (not the same as none stored: see `KeyframeAnimation.locate`).
    @usableFromInline package var keyTimes: UnsafeBufferPointer<Double>?
    @usableFromInline package var timingFunctions: UnsafeBufferPointer<TimingFunction>?
    @usableFromInline package var mode: KeyframeAnimation.CalculationMode

    @inlinable @inline(__always)
    package init(values: UnsafeBufferPointer<Quad>, keyTimes: UnsafeBufferPointer<Double>?,
                 timingFunctions: UnsafeBufferPointer<TimingFunction>?, mode: KeyframeAnimation.CalculationMode) {
        self.values = values; self.keyTimes = keyTimes; self.timingFunctions = timingFunctions; self.mode = mode
    }

    /// `KeyframeAnimation.value(at:)` on quads (modes linear, discrete and cubic).
    @inline(__always)
    func value(at p: Double) -> Quad {
        let n = values.count
        if n == 1 { return values[0] }
        switch mode {
        case .discrete:
            return values[KeyframeAnimation.discreteIndex(p, count: n, keyTimeStorage: keyTimes)]
        case .cubic:
            let (i, t) = KeyframeAnimation.segment(p, count: n, keyTimeStorage: keyTimes, timingFunctionStorage: timingFunctions)
            let w = KeyframeAnimation.catmullRomWeights(t)
            return Quad.weightedSum(values[max(i - 1, 0)], values[i], values[i + 1], values[min(i + 2, n - 1)],
                                    w.0, w.1, w.2, w.3)
        default:
            let (i, f) = KeyframeAnimation.segment(p, count: n, keyTimeStorage: keyTimes, timingFunctionStorage: timingFunctions)
            return Quad.lerp(values[i], values[i + 1], f)
        }
    }
}

/// Both ends of a whole-transform basic animation, decomposed once, with the rotation's
/// arc (see `EvaluationPlan`): a plain value, kept by the animation in a `TransformPlan` and
/// by the server in an arena of its own.
@usableFromInline
package struct TransformEnds: Sendable {
    /// `from == to`: the value is constant.
    package let isConstant: Bool
    /// Whether both ends have a decomposition (else the value switches at ½).
    package let isDecomposable: Bool
    package let decomposedFrom: DecomposedTransform, decomposedTo: DecomposedTransform
    /// The arc between the ends' rotations.
    let rotation: SlerpPath
    package let from: Transform3D, to: Transform3D

    init?(_ b: BasicAnimation) {
        guard b.keyPath.component == .whole, b.keyPath.property == .transform || b.keyPath.property == .sublayerTransform,
              !b.isCumulative, case let .transform(f)? = b.from, case let .transform(t)? = b.to else { return nil }
        from = f; to = t
        isConstant = f == t
        let df = f.decomposed(), dt = t.decomposed()
        isDecomposable = df != nil && dt != nil
        decomposedFrom = df ?? .identity; decomposedTo = dt ?? .identity
        rotation = SlerpPath(decomposedFrom.quaternion, decomposedTo.quaternion)
    }

    /// `Transform3D.interpolate(from, to, t)`, with the constant work already done.
    @inline(__always)
    func value(at t: Double) -> Transform3D {
        if isConstant { return from }
        guard isDecomposable else { return t < 0.5 ? from : to }
        return Transform3D(DecomposedTransform.interpolate(decomposedFrom, decomposedTo, t, rotation: rotation))
    }
}

/// A transform plan's ends as the animation keeps them.
package final class TransformPlan: Sendable {
    package let ends: TransformEnds
    init?(_ b: BasicAnimation) {
        guard let ends = TransformEnds(b) else { return nil }
        self.ends = ends
    }
}

/// Up to four components of a scalar value: a number uses `a`; a point or size `a, b`; a
/// rect `a, b` (origin) and `c, d` (size); a color red, green, blue, alpha. Unused
/// components stay 0 and never reach a layer.
@usableFromInline
package struct Quad: Sendable {
    package var a, b, c, d: Double
    static var zero: Quad { Quad(0, 0, 0, 0) }

    @inline(__always) init(_ a: Double, _ b: Double, _ c: Double, _ d: Double) { self.a = a; self.b = b; self.c = c; self.d = d }
    @inline(__always) init(_ r: Rect) { self.init(r.origin.x, r.origin.y, r.size.width, r.size.height) }

    /// The components of `v` when it holds `kind`.
    init?(_ v: AnimatableValue, _ kind: EvaluationPlan.Kind) {
        switch (v, kind) {
        case let (.number(x), .number): self.init(x, 0, 0, 0)
        case let (.point(p), .point): self.init(p.x, p.y, 0, 0)
        case let (.size(s), .size): self.init(s.width, s.height, 0, 0)
        case let (.rect(r), .rect): self.init(r)
        case let (.color(c), .color): self.init(c.red, c.green, c.blue, c.alpha)
        default: return nil
        }
    }

    // The arithmetic of `AnimatableValue.interpolate`, `adding`, `subtracting` and
    // `scaled(by:)`, component by component.
    @inline(__always) static func lerp(_ x: Quad, _ y: Quad, _ t: Double) -> Quad {
        Quad(RenderCore.lerp(x.a, y.a, t), RenderCore.lerp(x.b, y.b, t), RenderCore.lerp(x.c, y.c, t), RenderCore.lerp(x.d, y.d, t))
    }
    @inline(__always) func adding(_ o: Quad) -> Quad { Quad(a + o.a, b + o.b, c + o.c, d + o.d) }
    @inline(__always) func subtracting(_ o: Quad) -> Quad { Quad(a - o.a, b - o.b, c - o.c, d - o.d) }
    @inline(__always) func repeated(_ count: Int) -> Quad { let k = Double(count); return Quad(a * k, b * k, c * k, d * k) }
    /// `AnimatableValue.weightedSum`, component by component.
    @inline(__always) static func weightedSum(_ x: Quad, _ y: Quad, _ z: Quad, _ w: Quad,
                                              _ w0: Double, _ w1: Double, _ w2: Double, _ w3: Double) -> Quad {
        func s(_ x: Double, _ y: Double, _ z: Double, _ w: Double) -> Double { w0 * x + w1 * y + w2 * z + w3 * w }
        return Quad(s(x.a, y.a, z.a, w.a), s(x.b, y.b, z.b, w.b), s(x.c, y.c, z.c, w.c), s(x.d, y.d, z.d, w.d))
    }
}

/// A plan's curve, in 40 bytes: a spring plan's closed-form constants, or (other routes) the
/// animation's timing function, or neither (linear). A plain value, which evaluation is
/// handed beside a row (`PlannedData.curve`): the client hands its animation's own, the
/// server one of the distinct curves it keeps (most rows share a few named functions).
///
/// Equality and hashing are by bits (so that a caller sharing equal curves gives back
/// exactly the values it was given: −0.0 and 0.0 are two curves, a NaN equals itself).
@usableFromInline
package struct PlanCurve: Sendable, Hashable {
    /// 0 none; 1 a timing function, its control points (c1x, c1y, c2x, c2y) in `a…d`;
    /// 2 + `SpringSolution.Regime` a spring's constants (p, q, r, s) in `a…d`.
    private var tag: UInt8 = 0
    private var a = 0.0, b = 0.0, c = 0.0, d = 0.0

    package init() {}

    /// The curve holding `f` (none for nil).
    package init(_ f: TimingFunction?) { timingFunction = f }

    /// Holds a spring's constants.
    package var isSpring: Bool { tag >= 2 }

    /// The spring's constants; for a curve that holds none, the solution of mass 1,
    /// stiffness 1, damping 2 (critically damped from rest: p −1, r 1).
    var spring: SpringSolution {
        @inline(__always) get {
            guard tag >= 2, let regime = SpringSolution.Regime(rawValue: tag - 2) else {
                return SpringSolution(regime: .critical, p: -1, q: 0, r: 1, s: 0)
            }
            return SpringSolution(regime: regime, p: a, q: b, r: c, s: d)
        }
        set {
            tag = 2 + newValue.regime.rawValue
            a = newValue.p; b = newValue.q; c = newValue.r; d = newValue.s
        }
    }

    /// The timing function it holds, nil for none (or for a spring's constants).
    package var timingFunction: TimingFunction? {
        @inline(__always) get { tag == 1 ? TimingFunction(clamped: a, b, c, d) : nil }
        set {
            if let f = newValue {
                tag = 1; a = f.c1x; b = f.c1y; c = f.c2x; d = f.c2y
            } else {
                tag = 0; a = 0; b = 0; c = 0; d = 0
            }
        }
    }

    @usableFromInline
    package static func == (x: PlanCurve, y: PlanCurve) -> Bool {
        x.tag == y.tag && x.a.bitPattern == y.a.bitPattern && x.b.bitPattern == y.b.bitPattern
            && x.c.bitPattern == y.c.bitPattern && x.d.bitPattern == y.d.bitPattern
    }
    @usableFromInline
    package func hash(into h: inout Hasher) {
        h.combine(tag); h.combine(a.bitPattern); h.combine(b.bitPattern); h.combine(c.bitPattern); h.combine(d.bitPattern)
    }
}
