import Foundation
import Testing
@testable import RenderViews
import RenderClient

@Suite struct SpringTimingTests {
    static let cases: [(ratio: Double, duration: Double, velocity: Double)] = [
        (1, 0.5, 0), (0.5, 0.5, 0), (0.3, 1.2, 0), (0.8, 0.35, 2), (0.1, 2, -1), (1, 1, 5), (0.65, 0.6, 0.5),
    ]

    @Test(arguments: cases)
    func theSpringSettlesInTheGivenDuration(_ c: (ratio: Double, duration: Double, velocity: Double)) {
        let t = SpringTiming(dampingRatio: c.ratio, duration: c.duration, initialVelocity: c.velocity)
        let s = t.animation(.opacity, from: .number(0), to: .number(1))
        #expect(abs(s.settlingDuration - c.duration) < 1e-9 * c.duration, "settles at \(s.settlingDuration)")
        #expect(abs(s.dampingRatio - c.ratio) < 1e-12, "keeps the damping ratio")
        #expect(s.mass == 1)
        #expect(abs(s.velocity(at: 0) + c.velocity) < 1e-12, "Apple's units: the whole distance per second")
        // Independently of RenderCore: the envelope at D is a thousandth of the distance.
        let w0 = t.stiffness.squareRoot(), z = c.ratio, v = c.velocity
        let envelope: Double
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            let b = (z * w0 - v) / wd
            envelope = (1 + b * b).squareRoot() * exp(-z * w0 * c.duration)
        } else {
            envelope = (1 + abs(w0 - v) * c.duration) * exp(-w0 * c.duration)
        }
        #expect(abs(envelope - 0.001) < 1e-9)
        // And the motion itself is within it from D on (no jump when the animation ends).
        for i in 0...200 {
            let time = c.duration * (1 + Double(i) / 100)
            #expect(abs(s.displacement(at: time)) <= 0.001 + 1e-12)
        }
    }

    @Test func criticalDampingMatchesTheClosedForm() {
        // ζ = 1, v = 0: (1 + ω₀D)·e^(−ω₀D) = 0.001 ⇒ ω₀D = 9.2334 (root of (1 + x)e^(−x) = 0.001).
        var x = 9.0
        for _ in 0..<50 { x -= ((1 + x) * exp(-x) - 0.001) / (-x * exp(-x)) }
        for d in [0.25, 0.5, 1.0, 3.0] {
            let t = SpringTiming(dampingRatio: 1, duration: d)
            #expect(abs(t.stiffness.squareRoot() * d - x) < 1e-9)
            #expect(abs(t.damping - 2 * x / d) < 1e-8)
        }
    }

    @Test func lessDampingOscillatesMore() {
        let bouncy = SpringTiming(dampingRatio: 0.3, duration: 1).animation(.opacity, from: .number(0))
        let stiff = SpringTiming(dampingRatio: 0.9, duration: 1).animation(.opacity, from: .number(0))
        let overshoot = { (s: SpringAnimation) in (0..<1000).map { -s.displacement(at: Double($0) / 1000) }.max()! }
        #expect(overshoot(bouncy) > 0.3)
        #expect(overshoot(stiff) < 0.01)
    }

    @Test func theSpringBlockPutsASpringOnTheWire() throws {
        let h = Harness()
        let v = h.committed { View(frame: Rect(x: 0, y: 0, width: 100, height: 100)) }
        let n = h.commits.count
        h.run {
            View.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 1,
                         animations: { v.center = Point(x: 250, y: 50) })
        }
        h.settle()
        let a = try #require(h.commits(since: n).flatMap(\.addedAnimations).first).animation
        guard case let .spring(s) = a.kind else { Issue.record("not a spring: \(a)"); return }
        #expect(a.timing.duration == 0.8 && a.timing.fillMode == .both)
        #expect(s.from == .point(Point(x: 50, y: 50)) && s.to == nil)
        #expect(abs(s.dampingRatio - 0.5) < 1e-12 && s.initialVelocity == 1)
        #expect(abs(s.settlingDuration - 0.8) < 1e-9)
        h.run {
            let p = v.layer.presentation(at: 1000.8).position
            #expect(abs(p.x - 250) <= 0.2 + 1e-9, "settled within a thousandth of the 200-point distance")
            let early = v.layer.presentation(at: 1000.01).position.x
            #expect(early > 50 + 200 * 0.01 * 0.9, "initial velocity 1 covers ~1% of the distance in 10 ms")
        }
    }
}

@Suite struct KeyframeBlockTests {
    @Test func keyframesBecomeOneKeyframeAnimationPerProperty() throws {
        let h = Harness()
        let v = h.committed { View(frame: Rect(x: 0, y: 0, width: 100, height: 100)) }
        let n = h.commits.count
        var done: [Bool] = []
        h.run {
            View.animateKeyframes(withDuration: 2, delay: 0, options: ViewKeyframeAnimationOptions(curve: .curveLinear),
                                  animations: {
                View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { v.center = Point(x: 150, y: 50) }
                View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { v.center = Point(x: 150, y: 150) }
                View.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.75) { v.alpha = 0 }
            }, completion: { done.append($0) })
        }
        h.settle()
        let added = h.commits(since: n).flatMap(\.addedAnimations)
        #expect(added.count == 2)
        let pos = try #require(added.first { $0.key == "position" }).animation
        guard case let .keyframe(k) = pos.kind else { Issue.record("not keyframes"); return }
        #expect(k.values == [.point(Point(x: 50, y: 50)), .point(Point(x: 150, y: 50)), .point(Point(x: 150, y: 50)),
                             .point(Point(x: 150, y: 150)), .point(Point(x: 150, y: 150))])
        #expect(k.keyTimes == [0, 0.25, 0.5, 0.75, 1])
        #expect(pos.timing.duration == 2 && pos.timing.fillMode == .both && pos.timingFunction == .linear)
        let alpha = try #require(added.first { $0.key == "opacity" }).animation
        guard case let .keyframe(ka) = alpha.kind else { Issue.record("not keyframes"); return }
        #expect(ka.values == [.number(1), .number(1), .number(0)] && ka.keyTimes == [0, 0.25, 1])
        h.run {
            #expect(close(v.layer.presentation(at: 1000.25).position, Point(x: 100, y: 50)))
            #expect(close(v.layer.presentation(at: 1000.75).position, Point(x: 150, y: 50)), "held between keyframes")
            #expect(close(v.layer.presentation(at: 1001.25).position, Point(x: 150, y: 100)))
            #expect(close(v.layer.presentation(at: 1001.25).opacity, 0.5))
            #expect(v.center == Point(x: 150, y: 150) && v.alpha == 0, "the model holds the final values")
        }
        h.stopAll(finished: true)
        #expect(done == [true])
    }

    @Test(arguments: [
        (ViewKeyframeAnimationOptions.calculationModeLinear, KeyframeAnimation.CalculationMode.linear),
        (.calculationModeDiscrete, .discrete), (.calculationModePaced, .paced), (.calculationModeCubic, .cubic),
        (.calculationModeCubicPaced, .cubicPaced),
    ])
    func calculationModes(_ option: ViewKeyframeAnimationOptions, _ mode: KeyframeAnimation.CalculationMode) throws {
        let h = Harness()
        let v = h.committed { View() }
        let n = h.commits.count
        h.run {
            View.animateKeyframes(withDuration: 1, delay: 0, options: option, animations: {
                View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { v.alpha = 0.5 }
                View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { v.alpha = 0 }
            })
        }
        h.settle()
        let a = try #require(h.commits(since: n).flatMap(\.addedAnimations).first).animation
        guard case let .keyframe(k) = a.kind else { Issue.record("not keyframes"); return }
        #expect(k.calculationMode == mode)
        #expect(a.timingFunction == .easeInEaseOut, "UIKit's keyframe blocks ease in and out overall by default")
        switch mode {
        case .discrete:
            #expect(k.values == [.number(0.5), .number(0)] && k.keyTimes == [0, 0.5],
                    "each value appears at its keyframe's start (the first keyframe starts at 0)")
        case .paced, .cubicPaced:
            #expect(k.keyTimes == nil && k.values == [.number(1), .number(0.5), .number(0)])
        default:
            #expect(k.values == [.number(1), .number(0.5), .number(0)] && k.keyTimes == [0, 0.5, 1])
        }
    }
}
