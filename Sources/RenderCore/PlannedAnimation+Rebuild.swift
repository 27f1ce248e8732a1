/// A row instead of the animation: for a caller that keeps animations as `PlannedAnimation`
/// rows (the server's `AnimationTable`) and would otherwise keep each `Animation` a second
/// time — for what is not the frame's (tree dumps, retargeting) — beside its row.
///
/// An animation the row *stands for* (`Animation.rowStandsForIt`) is kept as its row, its
/// out-of-line data (`PlannedData`) and at most one `Quad` the row folded away
/// (`Animation.rowRemainder`); `PlannedAnimation.animation(data:remainder:)` gives it back,
/// equal (`==`) to the one added, and its plan is the row's. Two conditions:
///
/// - its plan evaluates it at every frame, whatever the layer's state, never handing it back
///   to the general route (`Presentation.evaluate(planned:…)`'s `general` is not called for
///   it): a basic, spring or keyframe plan stored at a direct slot (`EvaluationPlan.slot`),
///   or a whole-transform plan. (A transform component's plan declines on a transform that
///   is not simple, and the caller then needs the animation itself.)
/// - what the row drops fits in one `Quad`: a basic animation's `by` given with another end
///   (the row keeps the ends with `by` folded in), a spring's mass, stiffness, damping and
///   initial velocity (the row keeps the closed form's constants) — a spring with a `by` beside
///   another end would need both, and is not stood for; a keyframe animation turned by no
///   rotation mode; a whole-transform animation without `by`.
///
/// Everything else (groups, transitions, paths, retargeted springs, transform components…)
/// the caller keeps as the `Animation` itself.
extension Animation {
    /// Whether the row (with `rowRemainder` and its data) stands for the animation: see above.
    package var rowStandsForIt: Bool {
        let route = plan.route
        switch kind {
        case let .basic(b):
            if route == .transform { return b.by == nil }
            return route == .basic && plan.slot != EvaluationPlan.noSlot
        case let .spring(s):
            return route == .spring && plan.slot != EvaluationPlan.noSlot
                && (s.by == nil || plan.endpoints == 0b100) && s.componentVelocity == nil
        case let .keyframe(k):
            return route == .keyframe && plan.slot != EvaluationPlan.noSlot && k.rotationMode == .none && k.path == nil
        case .group, .transition:
            return false
        }
    }

    /// What the row drops of the animation (see above): a basic animation's `by` given with
    /// another end, a spring's parameters (mass, stiffness, damping, initial velocity); nil
    /// for none.
    package var rowRemainder: Quad? {
        switch kind {
        case let .basic(b):
            guard plan.route == .basic, plan.endpoints & 0b100 != 0, plan.endpoints != 0b100, let by = b.by else { return nil }
            return Quad(by, plan.kind)
        case let .spring(s):
            return Quad(s.mass, s.stiffness, s.damping, s.initialVelocity)
        case .keyframe, .group, .transition:
            return nil
        }
    }
}

extension PlannedAnimation {
    /// The animation this row stands for (`Animation.rowStandsForIt`), from the row, its data
    /// (`PlannedData`: its curve, a keyframe plan's values, key times and timing functions, a transform
    /// plan's ends) and its `remainder` (`Animation.rowRemainder`). Equal to the animation the
    /// row was made from; nil for a row of the general route.
    package func animation(data: PlannedData, remainder: Quad?) -> Animation? {
        let p = plan
        func value(_ q: Quad) -> AnimatableValue {
            switch p.kind {
            case .number: return .number(q.a)
            case .point: return .point(Point(x: q.a, y: q.b))
            case .size: return .size(Size(width: q.a, height: q.b))
            case .rect: return .rect(Rect(x: q.a, y: q.b, width: q.c, height: q.d))
            case .color: return .color(Color(red: q.a, green: q.b, blue: q.c, alpha: q.d))
            }
        }
        /// from, to, by as given (see `EvaluationPlan.setEndpoints`: `by` alone is kept in
        /// `to`; given with another end it is folded in, and `byQuad` is the original).
        func ends(by byQuad: Quad?) -> (AnimatableValue?, AnimatableValue?, AnimatableValue?) {
            switch p.endpoints {
            case 0b100: return (nil, nil, value(p.to))
            case 0b101: return (value(p.from), nil, byQuad.map(value))
            case 0b110: return (nil, value(p.to), byQuad.map(value))
            default:
                let bits = p.endpoints
                return (bits & 1 != 0 ? value(p.from) : nil, bits & 2 != 0 ? value(p.to) : nil,
                        bits & 4 != 0 ? byQuad.map(value) : nil)
            }
        }
        let kind: Animation.Kind
        switch p.route {
        case .general:
            return nil
        case .basic:
            let (f, t, b) = ends(by: remainder)
            kind = .basic(BasicAnimation(keyPath: p.keyPath, from: f, to: t, by: b,
                                         isAdditive: p.isAdditive, isCumulative: p.isCumulative))
        case .spring:
            guard let r = remainder else { return nil }
            let (f, t, b) = ends(by: nil)
            kind = .spring(SpringAnimation(keyPath: p.keyPath, from: f, to: t, by: b, mass: r.a, stiffness: r.b,
                                           damping: r.c, initialVelocity: r.d,
                                           isAdditive: p.isAdditive, isCumulative: p.isCumulative))
        case .keyframe:
            guard let k = data.keyframes else { return nil }
            kind = .keyframe(KeyframeAnimation(keyPath: p.keyPath, values: k.values.map(value),
                                               keyTimes: k.keyTimes.map(Array.init),
                                               timingFunctions: k.timingFunctions.map(Array.init),
                                               calculationMode: keyframeMode,
                                               isAdditive: p.isAdditive, isCumulative: p.isCumulative))
        case .transform:
            guard let ends = data.transform.first else { return nil }
            kind = .basic(BasicAnimation(keyPath: p.keyPath, from: .transform(ends.from), to: .transform(ends.to),
                                         isAdditive: p.isAdditive))
        }
        let function = p.route == .spring ? data.springTimingFunction?.pointee : data.timingFunction
        return Animation(kind, timing: timing, timingFunction: function, isRemovedOnCompletion: isRemovedOnCompletion)
    }
}
