import Foundation
import Testing
@testable import Dynamics
import RenderClient

@Suite("Dynamics springs")
struct SpringTests {
    @Test func bouncinessAndSpeedConvertAsPopConverts() {
        // Worked from POP's formulas (POPAnimationExtras.mm) independently of this code.
        let d = SpringConversion.dynamics(bounciness: 4, speed: 12)
        #expect(abs(d.tension - 342.10058823529414) < 1e-9)
        #expect(abs(d.friction - 30.486979648244255) < 1e-9)
        #expect(d.mass == 1)
        let bouncy = SpringConversion.dynamics(bounciness: 20, speed: 20)
        #expect(abs(bouncy.tension - 512.0276470588235) < 1e-9 && abs(bouncy.friction - 13.356488421183524) < 1e-9)
        let stiff = SpringConversion.dynamics(bounciness: 0, speed: 12)
        #expect(abs(stiff.friction - 36.92588091728196) < 1e-9, "bounciness 0 is just short of critical damping")
        // The inverse conversion gives the parameters back.
        for (b, s) in [(4.0, 12.0), (10, 5), (20, 20), (1, 1)] {
            let k = SpringConversion.dynamics(bounciness: b, speed: s)
            let back = SpringConversion.bouncinessAndSpeed(tension: k.tension, friction: k.friction)
            #expect(abs(back.bounciness - b) < 1e-6 && abs(back.speed - s) < 1e-6, "(\(b), \(s)) → \(back)")
        }
    }

    @Test func defaultsArePopDefaultsAndSettersConvert() throws {
        let s = try DynamicSpringAnimation(keyPath: "position.x", toValue: .number(1))
        #expect(s.springBounciness == 4 && s.springSpeed == 12)
        #expect(abs(s.dynamicsTension - 342.10058823529414) < 1e-9 && s.dynamicsMass == 1)
        s.springBounciness = 20
        s.springSpeed = 20
        #expect(abs(s.dynamicsTension - 512.0276470588235) < 1e-9 && abs(s.dynamicsFriction - 13.356488421183524) < 1e-9)
        s.dynamicsFriction = 100
        #expect(s.dampingRatio > 1, "the physical form set last wins")
    }

    /// The closed form against POP's own integrator (RK4, 1 ms steps) at step boundaries.
    @Test(arguments: [(342.1, 30.49, 1.0), (100.0, 20.0, 1.0), (100.0, 40.0, 1.0), (300.0, 10.0, 2.0)])
    func closedFormMatchesRK4(k: Double, c: Double, m: Double) {
        let motion = SpringMotion(stiffness: k, damping: c, mass: m)
        var x = 100.0, v = -250.0
        let x0 = SIMD4(x, 0, 0, 0), v0 = SIMD4(v, 0, 0, 0)
        let h = 0.001
        func a(_ x: Double, _ v: Double) -> Double { -(k * x + c * v) / m }
        for step in 1...1500 {
            let k1x = v, k1v = a(x, v)
            let k2x = v + k1v * h / 2, k2v = a(x + k1x * h / 2, v + k1v * h / 2)
            let k3x = v + k2v * h / 2, k3v = a(x + k2x * h / 2, v + k2v * h / 2)
            let k4x = v + k3v * h, k4v = a(x + k3x * h, v + k3v * h)
            x += (k1x + 2 * k2x + 2 * k3x + k4x) * h / 6
            v += (k1v + 2 * k2v + 2 * k3v + k4v) * h / 6
            if step % 50 == 0 {
                let s = motion.state(after: Double(step) * h, displacement: x0, velocity: v0)
                #expect(abs(s.displacement[0] - x) < 1e-6 && abs(s.velocity[0] - v) < 1e-4,
                        "k \(k) c \(c) m \(m) at \(step) ms: \(s.displacement[0]) vs \(x), \(s.velocity[0]) vs \(v)")
            }
        }
    }

    @Test func basisStartsAtTheInitialState() {
        for (k, c) in [(100.0, 5.0), (100.0, 20.0), (100.0, 60.0)] {
            let m = SpringMotion(stiffness: k, damping: c, mass: 1)
            let b = m.basis(0)
            #expect(b.a == 1 && b.b == 0 && b.da == 0 && b.db == 1, "\(m.regime)")
        }
    }

    /// A spring on the display link: every frame is one commit setting the model value
    /// (no server animation), the values follow POP's solver, and it is done on the same
    /// frame POP's rules end it; then the layer holds toValue and the link pauses.
    @Test func springRunsFrameByFrameAndEndsWhenPopWould() throws {
        let rig = Rig()
        let layer = rig.layer(position: Point(x: 0, y: 50))
        let spring = try DynamicSpringAnimation(keyPath: "position.x", toValue: .number(100))
        let done = Completions()
        spring.completionBlock = done.block()
        let before = rig.commits.count
        try rig.run { try rig.animator.add(spring, to: layer, forKey: "x") }
        #expect(rig.commits.count == before, "adding sends nothing")
        var times: [Double] = []
        var values: [Double] = []
        while rig.run({ done.calls.isEmpty }) && times.count < 600 {
            times.append(rig.frame())
            values.append(rig.run { layer.position.x })
        }
        let commits = Array(rig.commits[before...])
        #expect(commits.count == times.count - 1, "one commit per frame that changed the value (the first applies the model value)")
        for (c, v) in zip(commits, values.dropFirst()) {
            #expect(c.animationAdds == 0)
            #expect(c.sets.count == 1 && c.sets[0].keyPath == .position && c.sets[0].value == .point(Point(x: v, y: 50)))
        }
        #expect(values.first == 0, "the first frame applies the start value")
        #expect(values.last == 100, "done: toValue exactly")
        #expect(done.calls == [true])
        // POP's equation and done rules at the true time: same values, same last frame.
        let reference = PopSpringReference(tension: spring.dynamicsTension, friction: spring.dynamicsFriction,
                                           mass: spring.dynamicsMass, threshold: 1, asShipped: false)
        let pop = reference.run(from: 0, to: 100, velocity: 0, times: times)
        for i in 0..<(times.count - 1) {
            #expect(abs(pop[i].value - values[i]) < 1e-4, "frame \(i): POP \(pop[i].value), closed form \(values[i])")
        }
        let popDone = pop.firstIndex(where: \.done)
        #expect(popDone == times.count - 1, "done at frame \(times.count - 1); POP's rules: \(popDone.map(String.init) ?? "never")")
        // POP as shipped runs behind the clock (see PopSpringReference) and so ends a little later.
        var shipped = reference
        shipped.asShipped = true
        let lateTimes = times + (1...30).map { times.last! + Double($0) * Rig.period }
        let shippedDone = shipped.run(from: 0, to: 100, velocity: 0, times: lateTimes).firstIndex(where: \.done)
        #expect(shippedDone != nil && shippedDone! >= times.count - 1 && shippedDone! <= times.count + 3,
                "POP as shipped: done at frame \(shippedDone.map(String.init) ?? "never")")
        // Settling: the default spring (ζ ≈ 0.82, ω₀ ≈ 18.5 rad/s) is done about 0.3 s after the start.
        let settle = times.last! - times.first!
        #expect(settle > 0.2 && settle < 0.5, "settle \(settle) s")
        #expect(rig.animator.displayLink.isPaused, "nothing left to animate: the link pauses")
        #expect(!rig.source.isRunning)
        #expect(rig.animator.animationCount == 0)
    }

    /// Retargeting a running spring: value and velocity are continuous across the switch.
    @Test func retargetKeepsValueAndVelocityContinuous() throws {
        let rig = Rig()
        let layer = rig.layer(position: Point(x: 0, y: 0))
        let spring = try DynamicSpringAnimation(keyPath: "position", toValue: .point(Point(x: 200, y: 100)))
        spring.velocity = .point(Point(x: 0, y: -300))
        try rig.run { try rig.animator.add(spring, to: layer, forKey: "move") }
        var last = 0.0
        for _ in 0..<9 { last = rig.frame() }
        let (before, vBefore, justBefore, vJustBefore) = rig.run {
            (spring.value(at: last)!.point!, spring.velocity(at: last)!.point!,
             spring.value(at: last - 1e-7)!.point!, spring.velocity(at: last - 1e-7)!.point!)
        }
        #expect(rig.run { spring.currentValue?.point } == before)
        #expect(rig.run { layer.position } == before)
        rig.run { spring.toValue = .point(Point(x: -50, y: 300)) }
        let (after, vAfter, justAfter, vJustAfter) = rig.run {
            (spring.value(at: last)!.point!, spring.velocity(at: last)!.point!,
             spring.value(at: last + 1e-7)!.point!, spring.velocity(at: last + 1e-7)!.point!)
        }
        #expect(abs(after.x - before.x) < 1e-9 && abs(after.y - before.y) < 1e-9, "value at the switch: \(before) → \(after)")
        #expect(abs(vAfter.x - vBefore.x) < 1e-9 && abs(vAfter.y - vBefore.y) < 1e-9, "velocity at the switch: \(vBefore) → \(vAfter)")
        // Just before and just after (0.1 µs apart either side): no jump in either.
        #expect(abs(justAfter.x - justBefore.x) < 1e-3 && abs(justAfter.y - justBefore.y) < 1e-3)
        #expect(abs(vJustAfter.x - vJustBefore.x) < 0.5 && abs(vJustAfter.y - vJustBefore.y) < 0.5,
                "velocity \(vJustBefore) → \(vJustAfter)")
        // The velocity really is the derivative of the new motion.
        let h = 1e-5
        let fd = rig.run { (spring.value(at: last + h)!.point!.x - spring.value(at: last - h)!.point!.x) / (2 * h) }
        #expect(abs(fd - vAfter.x) < 1e-2)
        // And it then goes to the new target.
        let done = Completions()
        spring.completionBlock = done.block()
        rig.frames(until: { !done.calls.isEmpty })
        #expect(rig.run { layer.position } == Point(x: -50, y: 300))
        #expect(done.calls == [true])
    }

    /// A velocity set before adding is the spring's initial velocity (a fling handed over).
    @Test func initialVelocityStartsTheMotion() throws {
        let rig = Rig()
        let layer = rig.layer(position: Point(x: 100, y: 100))
        let spring = try DynamicSpringAnimation(keyPath: "position", toValue: .point(Point(x: 100, y: 100)))
        spring.velocity = .point(Point(x: 800, y: 0))
        try rig.run { try rig.animator.add(spring, to: layer) }
        let t0 = rig.frame()
        #expect(rig.run { spring.velocity(at: t0)?.point } == Point(x: 800, y: 0))
        rig.frame()
        let motion = SpringMotion(stiffness: spring.dynamicsTension, damping: spring.dynamicsFriction, mass: spring.dynamicsMass)
        let expected = motion.state(after: Rig.period, displacement: .zero, velocity: SIMD4(800, 0, 0, 0))
        #expect(abs(rig.run { layer.position.x } - (100 + expected.displacement[0])) < 1e-9)
        #expect(rig.run { layer.position.x } > 100, "thrown to the right, from rest position")
    }

    /// POP's animationDidReachToValue: once, at the first frame at or past the target (a
    /// bouncy spring's first overshoot), armed again by a retarget.
    @Test func reachingTheTargetIsReportedOnce() throws {
        let rig = Rig()
        let layer = rig.layer()
        let spring = try DynamicSpringAnimation(keyPath: "position.x", toValue: .number(100))
        spring.springBounciness = 20
        var reached: [Double] = []
        spring.animationDidReachToValue = { a in reached.append(x(a.currentValue)) }
        try rig.run { try rig.animator.add(spring, to: layer) }
        var values: [Double] = []
        for _ in 0..<20 { rig.frame(); values.append(rig.run { layer.position.x }) }
        #expect(reached.count == 1)
        let first = try #require(values.firstIndex { $0 >= 100 })
        #expect(reached.first == values[first], "the first frame past the target")
        #expect(values.dropFirst(first).contains { $0 < 100 }, "bouncy: it comes back, and is not reported again")
        rig.run { spring.toValue = .number(0) }
        rig.frames(until: { reached.count == 2 }, limit: 100)
        #expect(reached.count == 2 && reached[1] <= 0)
    }

    @Test func readableVelocityIsTheDerivative() throws {
        let rig = Rig()
        let layer = rig.layer()
        let spring = try DynamicSpringAnimation(keyPath: "opacity", toValue: .number(0))
        try rig.run { try rig.animator.add(spring, to: layer) }
        for _ in 0..<5 { rig.frame() }
        let t = rig.run { spring.lastFrameTime! }
        let h = 1e-6
        let fd = rig.run { (spring.value(at: t + h)!.number! - spring.value(at: t - h)!.number!) / (2 * h) }
        #expect(abs(rig.run { spring.velocity.number! } - fd) < 1e-5)
        #expect(rig.run { spring.velocity.number! } < 0, "towards 0 from 1")
        #expect(spring.threshold == 0.01, "opacity: POP's kPOPThresholdOpacity")
    }
}
