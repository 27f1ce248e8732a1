import Foundation
import Testing
@testable import Dynamics
import RenderClient

@Suite("Dynamics decay, basic and custom animations")
struct DecayAndBasicTests {
    /// POP's decay: v(t) = v₀·d^(1000t), x(t) = x₀ + (v₀/1000)·d·(1 − d^(1000t))/(1 − d);
    /// done when |v| < 5 × threshold.
    @Test func decayFollowsPopsClosedFormAndStopsBelowTheVelocityThreshold() throws {
        let rig = Rig()
        let layer = rig.layer(position: Point(x: 10, y: 0))
        let decay = try DynamicDecayAnimation(keyPath: "position.x", velocity: .number(1000))
        #expect(decay.deceleration == 0.998)
        // Duration to 5 pt/s: ln(5/1000) / (1000·ln 0.998) = 2.6465 s.
        #expect(abs(decay.duration - 2.646508640653674) < 1e-9)
        let done = Completions()
        decay.completionBlock = done.block()
        try rig.run { try rig.animator.add(decay, to: layer) }
        var times: [Double] = [], values: [Double] = []
        while rig.run({ done.calls.isEmpty }) && times.count < 400 {
            times.append(rig.frame())
            values.append(rig.run { layer.position.x })
        }
        let t0 = times[0]
        // toValue = 10 + 499 · (1 − 0.005) = 506.505 (where the velocity reaches 5 pt/s).
        #expect(abs(x(decay.toValue) - 506.505) < 1e-6)
        for (t, v) in zip(times, values).dropLast() {
            let expected = 10 + 1.0 * 0.998 * (1 - pow(0.998, 1000 * (t - t0))) / 0.002
            #expect(abs(v - expected) < 1e-9, "at \(t - t0) s: \(v) vs \(expected)")
        }
        // Done on the first frame at or after the duration (frames are 1/60 s apart).
        let end = times.last! - t0
        #expect(end >= decay.duration && end - decay.duration < Rig.period + 1e-9, "ended \(end) s after the start")
        #expect(done.calls == [true])
        #expect(abs(x(decay.velocity)) < 5, "below 5 pt/s")
        // Done: POP sets its toValue (the whole travel would be (v/1000)·d/(1 − d) = 499 pt).
        #expect(abs(values.last! - 506.505) < 1e-6)
    }

    @Test func decayOfAPointUsesTheSlowestComponentAndPointThreshold() throws {
        let decay = try DynamicDecayAnimation(keyPath: "position", velocity: .point(Point(x: 2000, y: -100)))
        #expect(decay.threshold == 1)
        let expected = log(5.0 / 2000) / (1000 * log(0.998))
        #expect(abs(decay.duration - expected) < 1e-9)
        decay.deceleration = 0.99
        #expect(abs(decay.duration - log(5.0 / 2000) / (1000 * log(0.99))) < 1e-9)
        let still = try DynamicDecayAnimation(keyPath: "opacity")
        #expect(still.duration == 0, "no velocity: nothing to do")
    }

    /// POP's basic animation: 0.4 s, Core Animation's default curve, done when the eased
    /// progress is within 1e-6 of 1.
    @Test func basicInterpolatesOnTheCurveAndEndsOnToValue() throws {
        let rig = Rig()
        let layer = rig.layer()
        let basic = try DynamicBasicAnimation(keyPath: "backgroundColor", toValue: .color(Color(red: 1, green: 0.5, blue: 0, alpha: 1)))
        #expect(basic.duration == 0.4 && basic.timingFunction == .default)
        let done = Completions()
        basic.completionBlock = done.block()
        rig.run { layer.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1) }
        rig.settle()
        try rig.run { try rig.animator.add(basic, to: layer) }
        var times: [Double] = [], reds: [Double] = []
        while rig.run({ done.calls.isEmpty }) && times.count < 100 {
            times.append(rig.frame())
            reds.append(rig.run { layer.backgroundColor.red })
        }
        for (t, r) in zip(times, reds).dropLast() {
            let p = TimingFunction.default.evaluate((t - times[0]) / 0.4)
            #expect(abs(r - p) < 1e-12)
        }
        #expect(rig.run { layer.backgroundColor } == Color(red: 1, green: 0.5, blue: 0, alpha: 1))
        // 0.4 s at 60 Hz: the start frame, then 24 frames, the last at exactly 0.4 s.
        #expect(times.count == 25, "\(times.count) frames")
        #expect(done.calls == [true])
        #expect(basic.progress == 1)
    }

    /// POP ends a basic animation when its time fraction reaches 1
    /// (`_POPBasicAnimationState::isDone`), not its eased progress: an overshooting curve
    /// (here past 1 at about 40 % of the time) runs its whole duration, goes past the target
    /// and comes back, and only the frame at the duration's end finishes it.
    @Test func basicWithAnOvershootingCurveEndsWhenItsTimeIsUpNotWhenProgressPassesOne() throws {
        let rig = Rig()
        let layer = rig.layer()
        let curve = TimingFunction(0.3, 1.6, 0.6, 1.4)
        #expect(curve.evaluate(0.4) >= 1, "the curve passes 1 by 40 % of the time")
        let basic = try DynamicBasicAnimation(keyPath: "position.x", toValue: .number(100), duration: 0.5,
                                              timingFunction: curve)
        let done = Completions()
        basic.completionBlock = done.block()
        try rig.run { try rig.animator.add(basic, to: layer) }
        var times: [Double] = [], xs: [Double] = []
        while rig.run({ done.calls.isEmpty }) && times.count < 100 {
            times.append(rig.frame())
            xs.append(rig.run { layer.position.x })
        }
        // 0.5 s at 60 Hz: the start frame, then 30 frames, the last at exactly 0.5 s.
        #expect(times.count == 31, "\(times.count) frames: it ended at \(((times.last ?? 0) - times[0]) / 0.5) of its time")
        #expect(xs.dropLast().contains { $0 > 100.5 }, "it overshoots the target on the way")
        for (t, v) in zip(times, xs).dropLast() {
            #expect(abs(v - 100 * curve.evaluate((t - times[0]) / 0.5)) < 1e-9)
        }
        #expect(xs.last == 100)
        #expect(done.calls == [true])
    }

    @Test func basicVelocityFollowsTheCurveSlope() throws {
        let rig = Rig()
        let layer = rig.layer()
        let basic = try DynamicBasicAnimation(keyPath: "position.y", toValue: .number(120), duration: 1,
                                              timingFunction: .linear)
        try rig.run { try rig.animator.add(basic, to: layer) }
        for _ in 0..<10 { rig.frame() }
        #expect(abs(x(rig.run { basic.velocity }) - 120) < 1e-6, "linear: distance / duration")
    }

    @Test func customBlockGetsFrameTimesAndEndsWhenItSaysDone() throws {
        let rig = Rig()
        let layer = rig.layer()
        var seen: [(elapsed: Double, delta: Double, index: Int)] = []
        let custom = DynamicCustomAnimation { f in
            seen.append((f.elapsed, f.delta, f.index))
            f.layer.opacity = 1 - Double(f.index + 1) * 0.2
            return f.index == 3
        }
        let done = Completions()
        custom.completionBlock = done.block()
        try rig.run { try rig.animator.add(custom, to: layer, forKey: "fade") }
        let before = rig.commits.count
        for _ in 0..<6 { rig.frame() }
        #expect(seen.count == 4)
        #expect(seen.map(\.index) == [0, 1, 2, 3])
        #expect(abs(seen[3].elapsed - 3 * Rig.period) < 1e-9 && seen[0].delta == 0 && abs(seen[2].delta - Rig.period) < 1e-9)
        #expect(done.calls == [true])
        #expect(abs(rig.run { layer.opacity } - 0.2) < 1e-12)
        let commits = Array(rig.commits[before...])
        #expect(commits.count == 4, "one commit per frame it ran; none after")
        #expect(commits.allSatisfy { $0.animationAdds == 0 }, "actions disabled: no implicit animation")
    }
}
