// The media-timing model: phases and fill modes at the edges, repeats, autoreverse, speed,
// pausing, timeOffset wrapping, and timing composed through layers and groups.
import Testing
@testable import RenderCore

private func timing(begin: Double = 0, duration: Double = 1, speed: Double = 1, offset: Double = 0,
                    repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                    fill: MediaTiming.FillMode = .removed) -> MediaTiming {
    MediaTiming(beginTime: begin, duration: duration, speed: speed, timeOffset: offset, repeatCount: repeatCount,
                repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fill)
}

/// Expects the phase, whether applied and (when given) the progress and cycle.
private func expectState(_ t: MediaTiming, at time: Double, _ phase: MediaTiming.Phase, applied: Bool,
                         progress: Double? = nil, cycle: Int? = nil, tol: Double = 1e-12,
                         sourceLocation: SourceLocation = #_sourceLocation) {
    let s = t.state(at: time)
    #expect(s.phase == phase, "phase at \(time)", sourceLocation: sourceLocation)
    #expect(s.isApplied == applied, "applied at \(time)", sourceLocation: sourceLocation)
    if let progress { #expect(near(s.progress, progress, tol), "progress at \(time): \(s.progress), expected \(progress)", sourceLocation: sourceLocation) }
    if let cycle { #expect(s.cycle == cycle, "cycle at \(time): \(s.cycle), expected \(cycle)", sourceLocation: sourceLocation) }
}

@Suite("Media timing")
struct MediaTimingTests {
    // begin 10, duration 2: before at 9, exactly at begin 10, exactly at end 12, after 13.

    @Test func fillRemoved() {
        let t = timing(begin: 10, duration: 2, fill: .removed)
        expectState(t, at: 9, .before, applied: false)
        expectState(t, at: 10, .active, applied: true, progress: 0, cycle: 0)
        expectState(t, at: 11, .active, applied: true, progress: 0.5, cycle: 0)
        expectState(t, at: 12, .after, applied: false)
        expectState(t, at: 13, .after, applied: false)
    }

    @Test func fillForwards() {
        let t = timing(begin: 10, duration: 2, fill: .forwards)
        expectState(t, at: 9, .before, applied: false)
        expectState(t, at: 10, .active, applied: true, progress: 0)
        expectState(t, at: 12, .after, applied: true, progress: 1, cycle: 0)
        expectState(t, at: 13, .after, applied: true, progress: 1, cycle: 0)
    }

    @Test func fillBackwards() {
        let t = timing(begin: 10, duration: 2, fill: .backwards)
        expectState(t, at: 9, .before, applied: true, progress: 0, cycle: 0)
        expectState(t, at: -1e9, .before, applied: true, progress: 0)
        expectState(t, at: 10, .active, applied: true, progress: 0)
        expectState(t, at: 12, .after, applied: false)
        expectState(t, at: 13, .after, applied: false)
    }

    @Test func fillBoth() {
        let t = timing(begin: 10, duration: 2, fill: .both)
        expectState(t, at: 9, .before, applied: true, progress: 0)
        expectState(t, at: 10, .active, applied: true, progress: 0)
        expectState(t, at: 12, .after, applied: true, progress: 1)
        expectState(t, at: 13, .after, applied: true, progress: 1)
    }

    @Test func fillModesThroughPresentation() {
        // Opacity 0 → 1 linear over begin 10 … 12 on a model of opacity 0.25.
        var model = LayerProperties(); model.opacity = 0.25
        func opacity(_ fill: MediaTiming.FillMode, _ t: Double, removedOnCompletion: Bool = false) -> Double {
            var a = basic(.opacity, from: .number(0), to: .number(1), begin: 10, duration: 2, fill: fill)
            a.isRemovedOnCompletion = removedOnCompletion
            return present(model, [a], at: t).opacity
        }
        #expect(opacity(.removed, 9) == 0.25)
        #expect(opacity(.removed, 10) == 0)
        #expect(opacity(.removed, 11.5) == 0.75)
        #expect(opacity(.removed, 12) == 0.25)
        #expect(opacity(.forwards, 12) == 1)
        #expect(opacity(.forwards, 99) == 1)
        #expect(opacity(.backwards, 9) == 0)
        #expect(opacity(.backwards, 12) == 0.25)
        #expect(opacity(.both, 0) == 0)
        #expect(opacity(.both, 50) == 1)
        // Removed on completion (Core Animation's default), a forwards fill never shows: from
        // its end on the model does, even before anything removed it.
        #expect(opacity(.forwards, 12, removedOnCompletion: true) == 0.25)
        #expect(opacity(.both, 50, removedOnCompletion: true) == 0.25)
        #expect(opacity(.both, 9, removedOnCompletion: true) == 0)
    }

    @Test func fractionalRepeatCount() {
        let t = timing(duration: 1, repeatCount: 2.5, fill: .forwards)
        #expect(t.activeDuration == 2.5)
        expectState(t, at: 0.25, .active, applied: true, progress: 0.25, cycle: 0)
        expectState(t, at: 1.0, .active, applied: true, progress: 0, cycle: 1)
        expectState(t, at: 1.25, .active, applied: true, progress: 0.25, cycle: 1)
        expectState(t, at: 2.25, .active, applied: true, progress: 0.25, cycle: 2)
        expectState(t, at: 2.499, .active, applied: true, progress: 0.499, cycle: 2, tol: 1e-9)
        // Ends half-way through the third cycle.
        expectState(t, at: 2.5, .after, applied: true, progress: 0.5, cycle: 2)
        expectState(t, at: 7, .after, applied: true, progress: 0.5, cycle: 2)
    }

    @Test func wholeRepeatCountEndsAtTheEndOfTheLastCycle() {
        let t = timing(duration: 2, repeatCount: 3, fill: .forwards)
        expectState(t, at: 5.5, .active, applied: true, progress: 0.75, cycle: 2)
        expectState(t, at: 6, .after, applied: true, progress: 1, cycle: 2)
    }

    @Test func infiniteRepeat() {
        let t = timing(duration: 0.5, repeatCount: .infinity)
        #expect(t.activeDuration == .infinity)
        expectState(t, at: 0.125, .active, applied: true, progress: 0.25, cycle: 0)
        expectState(t, at: 1_000_000.125, .active, applied: true, progress: 0.25, cycle: 2_000_000, tol: 1e-6)
    }

    @Test func repeatDurationBoundsTheActiveTime() {
        let t = timing(duration: 0.5, repeatDuration: 1.75, fill: .forwards)
        #expect(t.activeDuration == 1.75)
        expectState(t, at: 1.6, .active, applied: true, progress: 0.2, cycle: 3, tol: 1e-9)
        expectState(t, at: 1.75, .after, applied: true, progress: 0.5, cycle: 3)
    }

    @Test func autoreversesGoesThereAndBack() {
        let t = timing(duration: 1, autoreverses: true, fill: .forwards)
        #expect(t.cycleDuration == 2)
        #expect(t.activeDuration == 2)
        expectState(t, at: 0, .active, applied: true, progress: 0)
        expectState(t, at: 0.25, .active, applied: true, progress: 0.25)
        expectState(t, at: 1, .active, applied: true, progress: 1)
        expectState(t, at: 1.5, .active, applied: true, progress: 0.5)
        expectState(t, at: 1.75, .active, applied: true, progress: 0.25)
        // Filled forwards after a whole number of autoreversing cycles: the start value.
        expectState(t, at: 2, .after, applied: true, progress: 0, cycle: 0)
    }

    @Test func autoreversesWithRepeats() {
        let t = timing(duration: 1, repeatCount: 2, autoreverses: true, fill: .forwards)
        #expect(t.activeDuration == 4)
        expectState(t, at: 2.5, .active, applied: true, progress: 0.5, cycle: 1)
        expectState(t, at: 3.5, .active, applied: true, progress: 0.5, cycle: 1)
        expectState(t, at: 4, .after, applied: true, progress: 0, cycle: 1)
        // 1.5 cycles: ends at the far end of the second cycle's forward pass.
        let half = timing(duration: 1, repeatCount: 1.5, autoreverses: true, fill: .forwards)
        expectState(half, at: 3, .after, applied: true, progress: 1, cycle: 1)
    }

    @Test func autoreverseMirrorsTheTimingFunction() {
        let model = LayerProperties()
        let a = basic(.opacity, from: .number(0), to: .number(1), duration: 1, timingFunction: .easeIn) { $0.autoreverses = true }
        for x in [0.1, 0.25, 0.4, 0.9] {
            let forward = present(model, [a], at: x).opacity
            let backward = present(model, [a], at: 2 - x).opacity
            #expect(near(forward, backward, 1e-12), "at \(x): \(forward) vs \(backward)")
        }
    }

    @Test func speedTwoAndOneHalf() {
        let fast = timing(begin: 10, duration: 1, speed: 2)
        expectState(fast, at: 10.25, .active, applied: true, progress: 0.5)
        expectState(fast, at: 10.4999, .active, applied: true, progress: 0.9998, tol: 1e-9)
        expectState(fast, at: 10.5, .after, applied: false)
        let slow = timing(begin: 10, duration: 1, speed: 0.5)
        expectState(slow, at: 11, .active, applied: true, progress: 0.5)
        expectState(slow, at: 11.999, .active, applied: true)
        expectState(slow, at: 12, .after, applied: false)
    }

    @Test func speedZeroWithTimeOffsetPauses() {
        let t = timing(begin: 10, duration: 1, speed: 0, offset: 0.3)
        for parent in [10.0, 10.5, 11, 12, 50, 1e6] {
            expectState(t, at: parent, .active, applied: true, progress: 0.3)
        }
        // The paused animation has not begun before its begin time.
        expectState(t, at: 9, .before, applied: false)
        // The same through a layer: a paused layer's whole subtree holds.
        let layer = LayerTiming(beginTime: 0, speed: 0, timeOffset: 10.3)
        let animation = timing(begin: 10, duration: 1)
        for parent in [0.0, 3, 100, 1e6] {
            let local = Presentation.localTime(at: parent, timings: [layer])
            #expect(local == 10.3)
            expectState(animation, at: local, .active, applied: true, progress: 0.3, tol: 1e-12)
        }
    }

    @Test func timeOffsetWrapsAndKeepsTheEnd() {
        // Frames A B C D E (one a second); an offset at C plays C D E A B.
        let t = timing(begin: 0, duration: 5, offset: 2, fill: .both)
        let frames = ["A", "B", "C", "D", "E"]
        var played = [String]()
        for second in 0..<5 {
            let s = t.state(at: Double(second) + 0.5)
            #expect(s.phase == .active)
            played.append(frames[Int(s.progress * 5)])
        }
        #expect(played == ["C", "D", "E", "A", "B"])
        expectState(t, at: 0, .active, applied: true, progress: 0.4)
        expectState(t, at: 3, .active, applied: true, progress: 0)
        expectState(t, at: 4.999, .active, applied: true, progress: 0.3998, tol: 1e-9)
        // The end stays at parent time 5; filled forwards it holds where playback stopped.
        expectState(t, at: 5, .after, applied: true, progress: 0.4)
        // Filled backwards it shows where playback will start.
        expectState(t, at: -1, .before, applied: true, progress: 0.4)
    }

    @Test func timeOffsetWrapsAcrossRepeats() {
        let t = timing(duration: 1, offset: 0.5, repeatCount: 2)
        expectState(t, at: 0.25, .active, applied: true, progress: 0.75, cycle: 0)
        expectState(t, at: 0.75, .active, applied: true, progress: 0.25, cycle: 1)
        expectState(t, at: 1.75, .active, applied: true, progress: 0.25, cycle: 0)
        expectState(t, at: 2, .after, applied: false)
    }

    @Test func layerTimingComposition() {
        let layer = LayerTiming(beginTime: 100, speed: 2, timeOffset: 3)
        #expect(layer.localTime(110) == 23)
        #expect(layer.parentTime(forLocal: 23) == 110)
        #expect(LayerTiming(speed: 0, timeOffset: 4).parentTime(forLocal: 4) == nil)
        #expect(LayerTiming.identity.isIdentity)
        // Outermost first: (30 × 0.5 − 10) × 2 + 1 = 11.
        let outer = LayerTiming(speed: 0.5), inner = LayerTiming(beginTime: 10, speed: 2, timeOffset: 1)
        #expect(Presentation.localTime(at: 30, timings: [outer, inner]) == 11)
        #expect(Presentation.localTime(at: 30, timings: [LayerTiming]()) == 30)
    }

    @Test func layerGroupAndChildTimingsCompose() {
        // Layer: local = 2t + 1. Group: begin 5, speed 2, duration 4. Child: begin 1 in the
        // group, duration 2, opacity 0 → 1. At t = 2.5: layer 6, group active time 2, child 0.5.
        let child = basic(.opacity, from: .number(0), to: .number(1), begin: 1, duration: 2)
        var group = Animation.group([child], duration: 4)
        group.timing.beginTime = 5; group.timing.speed = 2
        let layer = LayerTiming(speed: 2, timeOffset: 1)
        var model = LayerProperties(); model.opacity = 0.9
        let attached = [AttachedAnimation(key: "g", animation: group)]
        func opacity(_ t: Double) -> Double {
            Presentation.presentation(model: model, animations: attached, at: t, timings: [layer]).opacity
        }
        #expect(near(opacity(2.5), 0.5))
        #expect(near(opacity(2.25), 0))
        #expect(near(opacity(2.375), 0.25))
        #expect(opacity(2.1) == 0.9)     // group active, child not yet begun
        #expect(opacity(2.0) == 0.9)     // group not yet begun
        #expect(opacity(3.0) == 0.9)     // group over
    }

    @Test func zeroDurationResolvesAtAdd() {
        let a = Animation.basic(.opacity, from: .number(0), to: .number(1))
        #expect(a.timing.duration == 0)
        let r = a.resolved(beginTime: 7, duration: MediaTiming.defaultDuration)
        #expect(r.timing.beginTime == 7)
        #expect(r.timing.duration == 0.25)
        var explicit = a; explicit.timing.beginTime = 3; explicit.timing.duration = 2
        let r2 = explicit.resolved(beginTime: 7, duration: 0.25)
        #expect(r2.timing.beginTime == 3 && r2.timing.duration == 2)
    }

    @Test func oddTimingValuesNeverTrap() {
        // What a peer could send: NaN and infinities in any timing field, astronomically many
        // cycles. Evaluation must stay total (no Int conversion of NaN or of 1e300).
        let odd: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 0, 1e-300]
        var model = LayerProperties(); model.opacity = 0.5
        for v in odd {
            for field in 0..<5 {
                var t = MediaTiming(duration: 1, repeatCount: .infinity, fillMode: .both)
                switch field {
                case 0: t.beginTime = v
                case 1: t.duration = v
                case 2: t.speed = v
                case 3: t.timeOffset = v
                default: t.repeatCount = v
                }
                let kinds: [Animation.Kind] = [
                    .basic(BasicAnimation(keyPath: .opacity, from: .number(0), to: .number(1), isCumulative: true)),
                    .keyframe(KeyframeAnimation(keyPath: .opacity, values: [.number(0), .number(1), .number(0.5)],
                                                calculationMode: .discrete)),
                    .keyframe(KeyframeAnimation(keyPath: .position, path: Path(rect: Rect(x: 0, y: 0, width: 9, height: 9)),
                                                calculationMode: .discrete, rotationMode: .auto)),
                    .spring(SpringAnimation(keyPath: .opacity, from: .number(0), to: .number(1))),
                ]
                for kind in kinds {
                    let a = Animation(kind, timing: t, timingFunction: .easeInEaseOut)
                    for time in [0.0, 1, 1e300, .nan] { _ = present(model, [a], at: time) }
                }
            }
        }
        let s = MediaTiming(beginTime: .nan, duration: 1).state(at: 0)
        #expect(s.phase == .before && !s.isApplied)
        // A huge cycle number is capped, not converted blindly.
        let many = MediaTiming(beginTime: -1e300, duration: 1e-3, repeatCount: .infinity).state(at: 0)
        #expect(many.phase == .active && many.cycle == Int(MediaTiming.maximumCycle))
        // Keyframes at a NaN or infinite progress hold an end value.
        let k = KeyframeAnimation(keyPath: .opacity, values: [.number(1), .number(2)], calculationMode: .discrete)
        #expect(k.value(at: .nan) == .number(1) && k.value(at: .infinity) == .number(2))
        let l = KeyframeAnimation(keyPath: .opacity, values: [.number(1), .number(2)])
        #expect(l.value(at: .nan) == .number(1))
    }
}
