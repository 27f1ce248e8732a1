// CASpringAnimation: the closed form in each damping regime (checked against formulas
// written out here and against a numerical integration of m·x″ + c·x′ + k·x = 0),
// initial velocity, the settling duration and the parameter initializers.
import Testing
@testable import RenderCore
#if canImport(Glibc)
import Glibc
#endif

private func spring(mass: Double = 1, stiffness: Double, damping: Double, velocity: Double = 0) -> SpringAnimation {
    SpringAnimation(keyPath: .init(.position, .x), from: .number(0), to: .number(100), mass: mass, stiffness: stiffness,
                    damping: damping, initialVelocity: velocity)
}

/// Integrates m·x″ + c·x′ + k·x = 0 from x(0) = 1, x′(0) = v0 with classic RK4 (step h).
private func integrate(mass m: Double, stiffness k: Double, damping c: Double, v0: Double, until t: Double,
                       step h: Double = 1e-4) -> Double {
    var x = 1.0, v = v0, time = 0.0
    func acc(_ x: Double, _ v: Double) -> Double { (-k * x - c * v) / m }
    while time < t - 1e-12 {
        let dt = min(h, t - time)
        let k1x = v, k1v = acc(x, v)
        let k2x = v + 0.5 * dt * k1v, k2v = acc(x + 0.5 * dt * k1x, v + 0.5 * dt * k1v)
        let k3x = v + 0.5 * dt * k2v, k3v = acc(x + 0.5 * dt * k2x, v + 0.5 * dt * k2v)
        let k4x = v + dt * k3v, k4v = acc(x + dt * k3x, v + dt * k3v)
        x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        time += dt
    }
    return x
}

@Suite("Spring animation")
struct SpringAnimationTests {
    @Test func underDampedClosedForm() {
        // m 1, k 100, c 10: ω₀ = 10, ζ = ½, ω_d = 10·√¾.
        // x(t) = e^{−5t} (cos ω_d t + 5/ω_d · sin ω_d t)
        let s = spring(stiffness: 100, damping: 10)
        #expect(near(s.dampingRatio, 0.5) && near(s.naturalFrequency, 10))
        let wd = 10 * 0.75.squareRoot()
        for i in 0...200 {
            let t = Double(i) / 100
            let x = exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t))
            #expect(near(s.displacement(at: t), x, 1e-12), "t = \(t)")
        }
        // It overshoots: the first minimum, at t = π/ω_d, lies below 0 by e^{−5π/ω_d}.
        #expect(near(s.displacement(at: .pi / wd), -exp(-5 * .pi / wd), 1e-12))
    }

    @Test func criticallyDampedClosedForm() {
        // m 1, k 100, c 20: ζ = 1, x(t) = e^{−10t} (1 + 10t); with initial velocity v toward
        // the target, x′(0) = −v: x(t) = e^{−10t} (1 + (10 − v) t).
        let s = spring(stiffness: 100, damping: 20)
        #expect(s.dampingRatio == 1)
        let fast = spring(stiffness: 100, damping: 20, velocity: 4)
        for i in 0...200 {
            let t = Double(i) / 100
            #expect(near(s.displacement(at: t), exp(-10 * t) * (1 + 10 * t), 1e-12))
            #expect(near(fast.displacement(at: t), exp(-10 * t) * (1 + 6 * t), 1e-12))
        }
    }

    @Test func overDampedClosedForm() {
        // m 1, k 100, c 50: roots r = −25 ± √525; A + B = 1, A·r₁ + B·r₂ = x′(0) = 0.
        let s = spring(stiffness: 100, damping: 50)
        let r1 = -25 + 525.0.squareRoot(), r2 = -25 - 525.0.squareRoot()
        let b = -r1 / (r2 - r1), a = 1 - b
        for i in 0...200 {
            let t = Double(i) / 50
            #expect(near(s.displacement(at: t), a * exp(r1 * t) + b * exp(r2 * t), 1e-12))
        }
        // Over-damped springs never cross the target.
        for i in 0...400 { #expect(s.displacement(at: Double(i) / 100) > 0) }
    }

    @Test("matches a numerical integration of the ODE",
          arguments: [(1.0, 100.0, 10.0, 0.0), (1, 100, 20, 0), (1, 100, 50, 0), (2, 300, 5, 3), (0.5, 80, 12.6, -2),
                      (1, 170, 26, 10), (3, 50, 40, 1)])
    func matchesIntegration(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
        let s = spring(mass: mass, stiffness: stiffness, damping: damping, velocity: velocity)
        for t in [0.05, 0.1, 0.3, 0.7, 1.2, 2.0] {
            let reference = integrate(mass: mass, stiffness: stiffness, damping: damping, v0: -velocity, until: t)
            #expect(near(s.displacement(at: t), reference, 1e-9), "t = \(t)")
        }
    }

    @Test func initialVelocityIsTheStartingSlope() {
        for (k, c) in [(100.0, 10.0), (100, 20), (100, 50)] {
            let s = spring(stiffness: k, damping: c, velocity: 3)
            #expect(s.displacement(at: 0) == 1)
            // Toward the target: the displacement falls at 3 distances per second.
            #expect(near(s.velocity(at: 0), -3, 1e-5), "k \(k) c \(c): \(s.velocity(at: 0))")
            // The velocity is the derivative of the displacement everywhere.
            for t in [0.1, 0.4, 0.9] {
                let h = 1e-5
                let numeric = (s.displacement(at: t + h) - s.displacement(at: t - h)) / (2 * h)
                #expect(near(s.velocity(at: t), numeric, 1e-5))
            }
        }
        // Away from the target first: it moves backwards before turning.
        let away = spring(stiffness: 100, damping: 20, velocity: -5)
        #expect(away.displacement(at: 0.05) > 1)
    }

    @Test("settles within settlingDuration and not much earlier",
          arguments: [(1.0, 100.0, 10.0, 0.0), (1, 100, 20, 0), (1, 100, 50, 0), (1, 200, 4, 0), (1, 100, 10, 5),
                      (2, 300, 30, -3), (1, 100, 20, 8)])
    func settles(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
        let s = spring(mass: mass, stiffness: stiffness, damping: damping, velocity: velocity)
        let T = s.settlingDuration
        #expect(T > 0 && T.isFinite)
        // From T on, |x| ≤ 0.001, sampled every 0.1 ms for the next 5 s.
        var worst = 0.0
        var t = T
        while t < T + 5 { worst = max(worst, abs(s.displacement(at: t))); t += 1e-4 }
        #expect(worst <= SpringAnimation.restThreshold * (1 + 1e-9), "after \(T): \(worst)")
        // Not much earlier: within the last 10 % (or the last period, under-damped) before T it
        // is still outside the threshold somewhere.
        let zeta = s.dampingRatio, w0 = s.naturalFrequency
        let window = zeta < 1 ? 2 * .pi / (w0 * (1 - zeta * zeta).squareRoot()) : 0.1 * T
        var before = 0.0
        t = max(0, T - window)
        while t < T { before = max(before, abs(s.displacement(at: t))); t += 1e-5 }
        #expect(before > 0.9 * SpringAnimation.restThreshold, "before \(T): \(before)")
    }

    @Test func undampedSpringNeverSettles() {
        #expect(spring(stiffness: 100, damping: 0).settlingDuration == .infinity)
    }

    @Test func dampingRatioAndResponseInitializer() {
        // ω = 2π / response; k = ω²·m; c = 2ζ·ω·m.
        let s = SpringAnimation(keyPath: .opacity, dampingRatio: 0.5, response: 0.5)
        let w = 4 * Double.pi
        #expect(near(s.stiffness, w * w, 1e-9) && near(s.damping, w, 1e-12) && s.mass == 1)
        #expect(near(s.dampingRatio, 0.5, 1e-12))
        #expect(near(s.naturalFrequency, w, 1e-12))
        let heavy = SpringAnimation(keyPath: .opacity, dampingRatio: 1, response: 1, mass: 2)
        #expect(near(heavy.stiffness, 8 * .pi * .pi, 1e-9) && near(heavy.damping, 8 * .pi, 1e-12))
        #expect(near(heavy.dampingRatio, 1, 1e-12))
    }

    @Test func perceptualDurationAndBounceInitializer() {
        let w = 2 * Double.pi / 0.4
        let bouncy = SpringAnimation(keyPath: .opacity, perceptualDuration: 0.4, bounce: 0.3)
        #expect(near(bouncy.stiffness, w * w, 1e-9) && near(bouncy.damping, 2 * 0.7 * w, 1e-12))
        let smooth = SpringAnimation(keyPath: .opacity, perceptualDuration: 0.4, bounce: 0)
        #expect(near(smooth.dampingRatio, 1, 1e-12))
        // Negative bounce over-damps: ζ = 1 / (1 + bounce).
        let flat = SpringAnimation(keyPath: .opacity, perceptualDuration: 0.4, bounce: -0.5)
        #expect(near(flat.damping, 2 * 2 * w, 1e-12))
    }

    @Test func presentationRunsThePhysicalTime() {
        let s = spring(stiffness: 100, damping: 10)
        let wd = 10 * 0.75.squareRoot()
        func x(_ t: Double) -> Double { exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t)) }
        let a = Animation.spring(s)
        #expect(a.timing.duration == s.settlingDuration)
        // Position = from + (to − from)(1 − x(t)); a timing function is ignored.
        var withCurve = a; withCurve.timingFunction = .easeIn
        for t in [0.1, 0.3, 0.5, 1.0] {
            #expect(near(present(LayerProperties(), [a], at: t).position.x, 100 * (1 - x(t)), 1e-9))
            #expect(near(present(LayerProperties(), [withCurve], at: t).position.x, 100 * (1 - x(t)), 1e-9))
        }
        // Speed 2 runs the spring twice as fast.
        var fast = a; fast.timing.speed = 2
        #expect(near(present(LayerProperties(), [fast], at: 0.15).position.x, 100 * (1 - x(0.3)), 1e-9))
        // Underlying value: `to` alone starts from the model.
        var model = LayerProperties(); model.position = Point(40, 0)
        let toOnly = Animation.spring(SpringAnimation(keyPath: .init(.position, .x), to: .number(100), stiffness: 100, damping: 10))
        #expect(near(present(model, [toOnly], at: 0.3).position.x, 40 + 60 * (1 - x(0.3)), 1e-9))
    }

    @Test func springOnAPointAndAdditive() {
        var model = LayerProperties(); model.position = Point(10, 10)
        let s = SpringAnimation(keyPath: .position, from: .point(Point(-50, 0)), to: .point(.zero), stiffness: 100, damping: 20,
                                isAdditive: true)
        let t = 0.2
        let x = exp(-10 * t) * (1 + 10 * t)
        let p = present(model, [Animation.spring(s)], at: t).position
        #expect(near(p, Point(10 - 50 * x, 10), 1e-9))
    }
}
