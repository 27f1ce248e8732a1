// Retargeting a running spring (SpringAnimation+Retarget.swift): the new spring starts from
// the old one's value and velocity, per component, so the presentation value and its
// derivative (taken numerically on either side of the switch) are continuous.
import Testing
@testable import RenderCore

@Suite("Spring retarget")
struct SpringRetargetTests {
    /// Presentation of `keyPath` over `model` with `attached` at layer time `t`.
    static func value(_ attached: [AttachedAnimation], _ keyPath: LayerKeyPath, at t: Double,
                      model: LayerProperties = LayerProperties()) -> [Double] {
        Presentation.presentation(model: model, animations: attached, at: t).value(at: keyPath).components!
    }

    /// Retargets `attached`'s animation under "k" at `t` and checks value and velocity
    /// continuity on every component (one-sided differences with step h on each side).
    static func expectContinuous(_ attached: [AttachedAnimation], _ keyPath: LayerKeyPath, to target: AnimatableValue,
                                 at t: Double, model: LayerProperties = LayerProperties()) -> Animation {
        let physics = SpringAnimation(keyPath: keyPath, mass: 1, stiffness: 300, damping: 20)
        let (animation, index) = SpringRetargeting.retarget(model: model, attached: attached, key: "k", keyPath: keyPath,
                                                            to: target, physics: physics, layerTime: t)
        #expect(index == attached.firstIndex { $0.key == "k" })
        var after = attached
        after[index!] = AttachedAnimation(key: "k", animation: animation)
        let h = 1e-6
        let before0 = value(attached, keyPath, at: t - h, model: model), at0 = value(attached, keyPath, at: t, model: model)
        let at1 = value(after, keyPath, at: t, model: model), after1 = value(after, keyPath, at: t + h, model: model)
        for i in at0.indices {
            #expect(abs(at0[i] - at1[i]) <= 1e-9, "component \(i): value \(at0[i]) before, \(at1[i]) after")
            let left = (at0[i] - before0[i]) / h, right = (after1[i] - at1[i]) / h
            // One-sided differences each err by about |acceleration|·h/2 (< 1e-1 here).
            #expect(abs(left - right) <= 0.1, "component \(i): velocity \(left) before, \(right) after")
        }
        return animation
    }

    static func spring(_ keyPath: LayerKeyPath, from: AnimatableValue, to: AnimatableValue) -> AttachedAnimation {
        var a = Animation.spring(SpringAnimation(keyPath: keyPath, from: from, to: to, stiffness: 100, damping: 10))
        a.timing.beginTime = 10
        return AttachedAnimation(key: "k", animation: a)
    }

    @Test func aPointSpringRetargetsWithValueAndVelocityContinuous() {
        let kp = LayerKeyPath(.position)
        let old = Self.spring(kp, from: .point(Point(x: 0, y: 0)), to: .point(Point(x: 100, y: 50)))
        let new = Self.expectContinuous([old], kp, to: .point(Point(x: -40, y: 200)), at: 10.12)
        // The old spring moved both components; the new one carries both velocities.
        guard case let .spring(s) = new.kind else { Issue.record("not a spring"); return }
        #expect(s.componentVelocity?.count == 2)
        #expect(s.componentVelocity!.allSatisfy { $0 > 100 })
        #expect(new.timing.beginTime == 10.12)
        // It comes to rest at the new target.
        let end = Self.value([AttachedAnimation(key: "k", animation: new)], kp, at: 10.12 + new.timing.duration - 1e-9)
        #expect(abs(end[0] + 40) < 0.5 && abs(end[1] - 200) < 0.5, "\(end)")
    }

    @Test func colorsAndRectsRetargetPerComponent() {
        let color = LayerKeyPath(.backgroundColor)
        _ = Self.expectContinuous([Self.spring(color, from: .color(Color(red: 0, green: 0, blue: 1, alpha: 0)),
                                               to: .color(Color(red: 1, green: 0.5, blue: 0, alpha: 1)))],
                                  color, to: .color(Color(red: 0.2, green: 1, blue: 1, alpha: 0.5)), at: 10.05)
        let bounds = LayerKeyPath(.bounds)
        _ = Self.expectContinuous([Self.spring(bounds, from: .rect(Rect(x: 0, y: 0, width: 10, height: 10)),
                                               to: .rect(Rect(x: 20, y: 0, width: 300, height: 40)))],
                                  bounds, to: .rect(Rect(x: 0, y: 0, width: 10, height: 400)), at: 10.3)
        // A transform component key path is a number.
        let scale = LayerKeyPath(.transform, .scale)
        _ = Self.expectContinuous([Self.spring(scale, from: .number(1), to: .number(2))], scale, to: .number(0.5), at: 10.2)
    }

    @Test func aRetargetBeneathAndAboveOtherAnimationsKeepsItsPlace() {
        let x = LayerKeyPath(.position, .x)
        var offset = Animation.basic(x, from: .number(0), to: .number(30), duration: 1)
        offset.timing.beginTime = 10
        if case var .basic(b) = offset.kind { b.isAdditive = true; offset.kind = .basic(b) }
        let list = [Self.spring(x, from: .number(0), to: .number(100)), AttachedAnimation(key: "offset", animation: offset)]
        _ = Self.expectContinuous(list, x, to: .number(-50), at: 10.4)
    }

    /// Repeat cycles: a cumulative spring in its second cycle, and an autoreversing one in
    /// its backward half (its local time runs backwards: the velocity flips).
    @Test func repeatingAndAutoreversingSpringsRetargetContinuously() {
        let x = LayerKeyPath(.position, .x)
        var cumulative = Self.spring(x, from: .number(0), to: .number(100))
        if case var .spring(s) = cumulative.animation.kind { s.isCumulative = true; cumulative.animation.kind = .spring(s) }
        cumulative.animation.timing.repeatCount = 3
        let d = cumulative.animation.timing.duration
        _ = Self.expectContinuous([cumulative], x, to: .number(0), at: 10 + d + 0.1)
        var reversing = Self.spring(x, from: .number(0), to: .number(100))
        reversing.animation.timing.autoreverses = true
        _ = Self.expectContinuous([reversing], x, to: .number(300), at: 10 + d + 1.2)
    }

    @Test func anAdditiveSpringRetargetsFromTheValueItLeaves() {
        let x = LayerKeyPath(.position, .x)
        var model = LayerProperties()
        model.position = Point(x: 500, y: 0)
        var add = Self.spring(x, from: .number(0), to: .number(100))
        if case var .spring(s) = add.animation.kind { s.isAdditive = true; add.animation.kind = .spring(s) }
        let new = Self.expectContinuous([add], x, to: .number(700), at: 10.1, model: model)
        guard case let .spring(s) = new.kind else { return }
        #expect(!s.isAdditive)
    }

    @Test func withoutARunningSpringItStartsAtRestFromThePresentation() {
        let x = LayerKeyPath(.position, .x)
        var model = LayerProperties()
        model.position = Point(x: 25, y: 0)
        let physics = SpringAnimation(keyPath: x)
        let (animation, index) = SpringRetargeting.retarget(model: model, attached: [], key: "k", keyPath: x,
                                                            to: .number(125), physics: physics, layerTime: 3)
        #expect(index == nil)
        guard case let .spring(s) = animation.kind else { Issue.record("not a spring"); return }
        #expect(s.from == .number(25) && s.to == .number(125) && s.componentVelocity == nil)
        #expect(animation.timing.beginTime == 3 && animation.timing.duration == s.settlingDuration)
        // A basic animation under the key is not a spring: the same, from its value now.
        var fade = Animation.basic(x, from: .number(0), to: .number(10), duration: 1)
        fade.timing.beginTime = 2.5
        let r = SpringRetargeting.retarget(model: model, attached: [AttachedAnimation(key: "k", animation: fade)],
                                           key: "k", keyPath: x, to: .number(125), physics: physics, layerTime: 3)
        #expect(r.index == nil)
        if case let .spring(t) = r.animation.kind { #expect(t.from == .number(5)) }
    }

    /// The general path (per-component velocity) and the plan path (scalar velocity) agree
    /// on a spring they can both express: velocity along the line from `from` to `to`.
    @Test func componentVelocityMatchesTheScalarFormWhenAligned() {
        let kp = LayerKeyPath(.position)
        var scalar = SpringAnimation(keyPath: kp, from: .point(Point(x: 0, y: 0)), to: .point(Point(x: 100, y: 50)),
                                     stiffness: 170, damping: 12, initialVelocity: 2)
        var vector = scalar
        vector.initialVelocity = 0
        vector.componentVelocity = [200, 100] // 2 distances per second towards the target
        scalar.componentVelocity = nil
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            let a = scalar.motion(at: t, underlying: .point(Point(x: 0, y: 0)))!
            let b = vector.motion(at: t, underlying: .point(Point(x: 0, y: 0)))!
            #expect(near(a.value.point!, b.value.point!, 1e-9) && near(a.velocity.point!, b.velocity.point!, 1e-7), "t \(t)")
        }
        #expect(near(vector.retargetedSettlingDuration, scalar.settlingDuration, 1e-9))
    }
}
