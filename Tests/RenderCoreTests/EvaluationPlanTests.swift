// The plan (`EvaluationPlan`, the fast route through Presentation.evaluate) against the
// general path it shortcuts: random stacks of animations on random layers, evaluated both
// ways at many times, must agree — bit for bit, except transform components of 2D
// transforms, which agree to rounding.
import Testing
@testable import RenderCore

/// Evaluates through the general path only.
private func presentGeneral(_ model: LayerProperties, _ animations: [Animation], at t: Double) -> LayerProperties {
    let attached = animations.enumerated().map { AttachedAnimation(key: "a\($0.offset)", animation: $0.element) }
    var p = model
    var life = [AnimationLifecycle]()
    Presentation.evaluateAnimations(attached, layerTime: t, into: &p, lifecycle: &life, usePlans: false)
    return p
}

private struct RandomAnimations {
    var g: SeededGenerator

    mutating func pick<T>(_ xs: [T]) -> T { xs[Int.random(in: 0..<xs.count, using: &g)] }
    mutating func chance(_ p: Double) -> Bool { g.double(0, 1) < p }

    static let scalarPaths: [LayerKeyPath] = [
        "opacity", "position", "position.x", "position.y", "anchorPoint", "anchorPoint.y", "bounds", "bounds.size.width",
        "bounds.origin.x", "bounds.origin", "bounds.size", "backgroundColor", "borderColor", "shadowOffset", "shadowOffset.height",
        "cornerRadius", "zPosition", "contentsRect", "strokeEnd", "transform.rotation.z", "transform.rotation",
        "transform.scale", "transform.scale.x", "transform.translation.x", "transform.translation.z",
        "sublayerTransform.rotation.z", "transform.rotation.x", "transform.translation",
    ]

    mutating func value(_ kind: AnimatableValue.Kind) -> AnimatableValue {
        switch kind {
        case .number: return .number(g.double(-3, 3))
        case .point: return .point(Point(g.double(-100, 100), g.double(-100, 100)))
        case .size: return .size(Size(g.double(-50, 50), g.double(-50, 50)))
        case .rect: return .rect(Rect(x: g.double(-9, 9), y: g.double(-9, 9), width: g.double(0, 90), height: g.double(0, 90)))
        case .color: return .color(Color(red: g.double(0, 1), green: g.double(0, 1), blue: g.double(0, 1), alpha: g.double(0, 1)))
        case .transform: return .transform(randomComposite(&g, perspective: chance(0.2)))
        default: return .bool(chance(0.5))
        }
    }

    /// Mostly of the key path's kind; now and then another kind (the general path then
    /// switches discretely, and the plan must stand aside).
    mutating func endpoint(_ kp: LayerKeyPath) -> AnimatableValue? {
        guard chance(0.7) else { return nil }
        return chance(0.05) ? value(pick([.number, .point, .color])) : value(kp.valueKind)
    }

    mutating func timing() -> MediaTiming {
        var t = MediaTiming(beginTime: g.double(-1, 1), duration: g.double(0.2, 2))
        if chance(0.3) { t.repeatCount = pick([2, 2.5, .infinity]) }
        t.autoreverses = chance(0.3)
        t.fillMode = pick(MediaTiming.FillMode.allCases)
        if chance(0.2) { t.speed = pick([0.5, 2]) }
        if chance(0.2) { t.timeOffset = g.double(0, 1) }
        return t
    }

    mutating func animation() -> Animation {
        let kp = pick(RandomAnimations.scalarPaths)
        let tf: TimingFunction? = chance(0.5) ? pick([.easeIn, .easeOut, .easeInEaseOut, .default, TimingFunction(0.5, -0.5, 0.5, 1.5)]) : nil
        switch Int.random(in: 0..<5, using: &g) {
        case 0, 1:
            let b = BasicAnimation(keyPath: kp, from: endpoint(kp), to: endpoint(kp), by: endpoint(kp),
                                   isAdditive: chance(0.3), isCumulative: chance(0.3))
            return Animation(.basic(b), timing: timing(), timingFunction: tf)
        case 2:
            let s = SpringAnimation(keyPath: kp, from: endpoint(kp), to: endpoint(kp), by: endpoint(kp), mass: g.double(0.5, 2),
                                    stiffness: g.double(50, 300), damping: g.double(2, 40), initialVelocity: g.double(-3, 3),
                                    isAdditive: chance(0.3), isCumulative: chance(0.2))
            return Animation(.spring(s), timing: timing())
        case 3:
            let n = Int.random(in: 1...5, using: &g)
            let values = (0..<n).map { _ in chance(0.03) ? value(.number) : value(kp.valueKind) }
            var keyTimes: [Double]?
            if chance(0.5) {
                var kt = (0..<(n + (chance(0.3) ? 1 : 0))).map { _ in g.double(0, 1) }.sorted()
                if !kt.isEmpty { kt[0] = 0 }
                keyTimes = kt
            }
            let k = KeyframeAnimation(keyPath: kp, values: values, keyTimes: keyTimes,
                                      timingFunctions: chance(0.4) ? (0..<max(1, n - 1)).map { _ in pick([.easeIn, .easeOut, .linear]) } : nil,
                                      calculationMode: pick(KeyframeAnimation.CalculationMode.allCases),
                                      isAdditive: chance(0.3), isCumulative: chance(0.3))
            return Animation(.keyframe(k), timing: timing(), timingFunction: tf)
        default:
            // Whole transforms.
            let key: LayerKeyPath = chance(0.8) ? .transform : LayerKeyPath(.sublayerTransform)
            let f: AnimatableValue? = chance(0.9) ? value(.transform) : nil
            let t: AnimatableValue? = chance(0.9) ? (chance(0.1) ? f : value(.transform)) : nil
            var flat = Transform3D.identity; flat.m44 = 0
            let b = BasicAnimation(keyPath: key, from: chance(0.05) ? .transform(flat) : f, to: t,
                                   by: chance(0.2) ? value(.transform) : nil, isAdditive: chance(0.3), isCumulative: chance(0.2))
            return Animation(.basic(b), timing: timing(), timingFunction: tf)
        }
    }

    /// A basic or spring animation with both ends, not additive, of a stored property: what
    /// `EvaluationPlan.isDirect` takes.
    mutating func directAnimation() -> Animation {
        let kp = pick(["opacity", "position", "anchorPoint", "bounds", "backgroundColor", "borderColor", "zPosition",
                       "cornerRadius", "borderWidth", "transform", "position.y", "bounds.size.width", "transform.rotation.z",
                       "transform.scale", "transform.translation.x"] as [LayerKeyPath])
        if chance(0.25) && kp != .transform {
            let n = Int.random(in: 1...4, using: &g)
            let k = KeyframeAnimation(keyPath: kp, values: (0..<n).map { _ in value(kp.valueKind) },
                                      calculationMode: pick([.linear, .discrete, .cubic]), isCumulative: chance(0.3))
            return Animation(.keyframe(k), timing: timing(), timingFunction: chance(0.5) ? .easeInEaseOut : nil)
        }
        if kp == .transform {
            let tf: TimingFunction? = chance(0.5) ? pick([.easeIn, .easeInEaseOut]) : nil
            let to: AnimatableValue = chance(0.1) ? .transform(.identity) : value(.transform)
            let b = BasicAnimation(keyPath: kp, from: chance(0.1) ? .transform(.identity) : value(.transform), to: to)
            return Animation(.basic(b), timing: timing(), timingFunction: tf)
        }
        if chance(0.5) {
            let tf: TimingFunction? = chance(0.5) ? pick([.easeIn, .easeInEaseOut, TimingFunction(0.5, -0.5, 0.5, 1.5)]) : nil
            // Two or three of from, to, by: each pair gives both ends.
            var from: AnimatableValue? = value(kp.valueKind), to: AnimatableValue? = value(kp.valueKind)
            var by: AnimatableValue? = chance(0.4) ? value(kp.valueKind) : nil
            if by != nil && chance(0.6) { if chance(0.5) { from = nil } else { to = nil } }
            let b = BasicAnimation(keyPath: kp, from: from, to: to, by: by, isCumulative: chance(0.3))
            return Animation(.basic(b), timing: timing(), timingFunction: tf)
        }
        let s = SpringAnimation(keyPath: kp, from: value(kp.valueKind), to: value(kp.valueKind), mass: g.double(0.5, 2),
                                stiffness: g.double(50, 300), damping: g.double(2, 40), initialVelocity: g.double(-3, 3),
                                isCumulative: chance(0.2))
        return Animation(.spring(s), timing: timing())
    }

    mutating func model() -> LayerProperties {
        var m = LayerProperties()
        m.opacity = g.double(0, 1); m.position = Point(g.double(-50, 50), g.double(-50, 50))
        m.bounds = Rect(x: 0, y: 0, width: g.double(1, 99), height: g.double(1, 99))
        m.backgroundColor = Color(red: g.double(0, 1), green: 0.5, blue: 0.25, alpha: 1)
        switch Int.random(in: 0..<4, using: &g) {
        case 0: m.transform = .identity
        case 1: m.transform = matmul(matmul(.scale(x: g.double(0.5, 2), y: g.double(0.5, 2)), rotationZ(g.double(-3, 3))),
                                     .translation(x: g.double(-9, 9), y: g.double(-9, 9)))
        case 2: m.transform = matmul(skew(xy: g.double(-1, 1)), rotationZ(g.double(-3, 3)))
        default: m.transform = randomComposite(&g, perspective: chance(0.5))
        }
        if chance(0.3) { m.sublayerTransform = rotationZ(g.double(-1, 1)) }
        return m
    }
}

@Suite("Evaluation plans")
struct EvaluationPlanTests {
    @Test("the plan agrees with the general path", arguments: 0..<8)
    func agreesWithTheGeneralPath(seed: Int) {
        var r = RandomAnimations(g: SeededGenerator(seed: UInt64(1000 + seed)))
        var planned = 0
        for _ in 0..<150 {
            let model = r.model()
            let animations = (0..<Int.random(in: 1...4, using: &r.g)).map { _ in r.animation() }
            planned += animations.filter { $0.plan.route != .general }.count
            let componentPaths = animations.contains { $0.keyPath.map { $0.valueKind == .number && ($0.property == .transform || $0.property == .sublayerTransform) } ?? false }
            for i in 0..<25 {
                let t = -1.5 + Double(i) * 0.2
                let fast = present(model, animations, at: t)
                let general = presentGeneral(model, animations, at: t)
                if componentPaths {
                    var a = fast, b = general
                    #expect(near(a.transform, b.transform, 1e-9 * max(1, b.transform.rows.map(abs).max()!)), "\(animations) at \(t)")
                    #expect(near(a.sublayerTransform, b.sublayerTransform, 1e-9), "\(animations) at \(t)")
                    a.transform = .identity; b.transform = .identity; a.sublayerTransform = .identity; b.sublayerTransform = .identity
                    #expect(a == b, "\(animations) at \(t)")
                } else {
                    #expect(fast == general, "\(animations) at \(t)")
                }
            }
        }
        #expect(planned > 150)   // most random animations do take a plan
    }

    /// `Presentation.evaluateDirect` (the server's steady frame of a layer with one direct
    /// animation) against a full evaluation: where it answers, the same bits and the same
    /// lifecycle; where it declines (not direct, or its timing does not apply it, or the
    /// model's transform is not simple for a component), at most the transform reset to the
    /// model's, which the full evaluation starts from too. Like the server, it starts from the
    /// previous frame's presentation (equal to the model outside the animated property).
    @Test("the direct route agrees with evaluate", arguments: 0..<4)
    func directRouteAgreesWithEvaluate(seed: Int) {
        var r = RandomAnimations(g: SeededGenerator(seed: UInt64(2000 + seed)))
        var answered = 0, declined = 0
        for _ in 0..<300 {
            let model = r.model()
            let animation = r.chance(0.6) ? r.directAnimation() : r.animation()
            let attached = [AttachedAnimation(key: "a", animation: animation)]
            let stale = r.model()   // what a presentation held before a full reset
            func full(at t: Double) -> (LayerProperties, AnimationLifecycle) {
                var p = model
                var life = [AnimationLifecycle]()
                Presentation.evaluate(model: model, animations: attached, layerTime: t, into: &p, lifecycle: &life)
                return (p, life[0])
            }
            for i in 1..<25 {
                let t = -1.5 + Double(i) * 0.2
                let (expected, life) = full(at: t)
                let previous = full(at: t - 0.2).0
                var direct = previous
                let answer = evaluateDirect(animation, model: model, at: t, into: &direct, reset: false)
                // After a reset (a first frame): from anything, the same as the full evaluation.
                var first = stale
                let firstAnswer = evaluateDirect(animation, model: model, at: t, into: &first, reset: true)
                #expect((firstAnswer == nil) == (answer == nil), "\(animation) at \(t)")
                if firstAnswer != nil { #expect(first == expected, "reset: \(animation) at \(t)") }
                else {
                    // Declining, it wrote nothing, unless it found the model's transform not
                    // simple only once it had reset (the full evaluation then overwrites it).
                    #expect(first == stale || SimpleTransformParts(model.transform) == nil,
                            "declined, yet wrote: \(animation) at \(t)")
                }
                if let answer {
                    answered += 1
                    #expect(animation.plan.isDirect)
                    #expect(direct == expected, "\(animation) at \(t)")
                    #expect(answer == life, "\(animation) at \(t)")
                } else {
                    declined += 1
                    var untouched = previous
                    if direct.transform == model.transform { untouched.transform = model.transform }
                    #expect(direct == untouched, "declined, yet wrote: \(animation) at \(t)")
                    #expect(!animation.plan.isDirect || !animation.applies(in: animation.timing.state(at: t))
                            || SimpleTransformParts(model.transform) == nil, "\(animation) at \(t)")
                }
            }
        }
        #expect(answered > 500 && declined > 500)
    }

    @Test func directPlans() {
        #expect(Animation.basic(.opacity, from: .number(0), to: .number(1)).plan.isDirect)
        #expect(Animation.basic("position.x", from: .number(0), to: .number(1)).plan.isDirect)
        #expect(Animation.basic("transform.rotation.z", from: .number(0), to: .number(1)).plan.isDirect)
        #expect(Animation.keyframe("transform.scale", values: [.number(1), .number(2)]).plan.isDirect)
        #expect(Animation.keyframe(.opacity, values: [.number(0), .number(1)]).plan.isDirect)
        #expect(Animation.basic(.position, from: .point(.zero), to: .point(Point(1, 2))).plan.isDirect)
        #expect(Animation.basic(.backgroundColor, from: .color(.red), to: .color(.clear)).plan.isDirect)
        #expect(Animation.basic(.bounds, from: .rect(.zero), to: .rect(Rect(x: 0, y: 0, width: 9, height: 9))).plan.isDirect)
        #expect(Animation.spring(SpringAnimation(keyPath: .position, from: .point(.zero), to: .point(Point(1, 1)))).plan.isDirect)
        #expect(Animation.basic(.transform, from: .transform(.identity), to: .transform(rotationZ(1))).plan.isDirect)
        // Two of from, to and by give both ends (by is folded into them when the plan is made).
        #expect(Animation(.basic(BasicAnimation(keyPath: .opacity, from: .number(0), by: .number(1)))).plan.isDirect)
        #expect(Animation(.basic(BasicAnimation(keyPath: .opacity, to: .number(0), by: .number(1)))).plan.isDirect)
        #expect(!Animation(.basic(BasicAnimation(keyPath: .opacity, by: .number(1)))).plan.isDirect)
        #expect(!Animation.basic("sublayerTransform", from: .transform(.identity), to: .transform(rotationZ(1))).plan.isDirect)
        // Reads the current value, lives out of line, or is not a basic or spring plan: not direct.
        #expect(!Animation.basic(.opacity, to: .number(1)).plan.isDirect)
        #expect(!Animation(.basic(BasicAnimation(keyPath: .opacity, from: .number(0), to: .number(1), isAdditive: true))).plan.isDirect)
        #expect(!Animation.basic("shadowOpacity", from: .number(0), to: .number(1)).plan.isDirect)
        #expect(!Animation.basic("transform.rotation.z", to: .number(1)).plan.isDirect)
        #expect(!Animation(.keyframe(KeyframeAnimation(keyPath: .opacity, values: [.number(0), .number(1)], isAdditive: true)))
            .plan.isDirect)
        #expect(!Animation.keyframe(.position, values: [.point(.zero)], mode: .paced).plan.isDirect)
        // The slot is the property map's: the field's index in the inline doubles.
        let opacity = Animation.basic(.opacity, from: .number(0), to: .number(1)).plan.slot
        #expect(opacity == PropertyKey.opacity.field.slot)
        let height = Animation.basic("bounds.size.height", from: .number(0), to: .number(1)).plan.slot
        #expect(height == PropertyKey.bounds.field.slot + 3)
        #expect(Animation.basic("shadowOpacity", from: .number(0), to: .number(1)).plan.slot == EvaluationPlan.noSlot)
    }

    @Test func routes() {
        #expect(Animation.basic(.opacity, from: .number(0), to: .number(1)).plan.route == .basic)
        #expect(Animation.basic("position.x", to: .number(1)).plan.route == .basic)
        #expect(Animation.basic(.opacity, from: .point(.zero), to: .number(1)).plan.route == .general)
        #expect(Animation.basic(.transform, from: .transform(.identity), to: .transform(rotationZ(1))).plan.route == .transform)
        #expect(Animation.basic(.transform, to: .transform(rotationZ(1))).plan.route == .general)
        #expect(Animation.spring(SpringAnimation(keyPath: .position, to: .point(.zero))).plan.route == .spring)
        #expect(Animation.keyframe("transform.rotation.z", values: [.number(0), .number(1)]).plan.route == .keyframe)
        #expect(Animation.keyframe(.position, values: [.point(.zero)], mode: .paced).plan.route == .general)
        #expect(Animation.group([]).plan.route == .general)
        // Changing the kind re-plans.
        var a = Animation.basic(.opacity, from: .number(0), to: .number(1))
        a.kind = .group(AnimationGroup(animations: []))
        #expect(a.plan.route == .general)
        a.kind = .basic(BasicAnimation(keyPath: .backgroundColor, to: .color(.red)))
        #expect(a.plan.route == .basic && a.plan.kind == .color)
        // The plan is not part of equality.
        #expect(a == Animation(.basic(BasicAnimation(keyPath: .backgroundColor, to: .color(.red)))))
    }

    @Test func simpleTransformPartsMatchTheDecomposition() throws {
        var g = SeededGenerator(seed: 77)
        for _ in 0..<300 {
            let m = matmul(matmul(matmul(.scale(x: g.double(0.1, 3), y: g.double(0.1, 3), z: g.double(0.1, 3)), skew(xy: g.double(-1, 1))),
                                  rotationZ(g.double(-3.1, 3.1))), .translation(x: g.double(-9, 9), y: g.double(-9, 9), z: g.double(-9, 9)))
            let parts = try #require(SimpleTransformParts(m))
            let d = try #require(m.decomposed())
            #expect(near(parts.scaleX, d.scale.x, 1e-12) && near(parts.scaleY, d.scale.y, 1e-12) && near(parts.scaleZ, d.scale.z, 1e-12))
            #expect(near(parts.skewXY, d.skew.xy, 1e-12))
            #expect(near(parts.angle, d.eulerAngles.z, 1e-12))
            #expect(near(parts.matrix, m, 1e-12))
        }
        // Mirrored, 3D or projective transforms are not simple.
        #expect(SimpleTransformParts(.scale(x: -1, y: 1)) == nil)
        #expect(SimpleTransformParts(.rotation(angle: 0.1, x: 1, y: 0, z: 0)) == nil)
        #expect(SimpleTransformParts(.perspective(distance: 100)) == nil)
    }
}

/// `Presentation.evaluateDirect` on `animation` as a planned row over its own data (what the
/// server does over its table's rows and arenas).
func evaluateDirect(_ animation: Animation, model: LayerProperties, at t: Double, into p: inout LayerProperties,
                    reset: Bool) -> AnimationLifecycle? {
    var m = model
    return Presentation.withPlanned(animation) { row, data in
        var copy = row.pointee
        return Presentation.evaluateDirect(&copy, data: data, model: &m, layerTime: t, into: &p, reset: reset)
    }
}
