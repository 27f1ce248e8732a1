import Testing
@testable import RenderViews
import RenderClient

@Suite struct PropertyAnimatorTests {
    /// A committed view at center (50, 50) and a linear 1 s animator moving it to (150, 50).
    func setUp(_ h: Harness, timing: PropertyAnimator.TimingParameters = .cubic(.linear))
        -> (View, PropertyAnimator) {
        let v = h.committed { View(frame: Rect(x: 0, y: 0, width: 100, height: 100)) }
        let a = h.run {
            PropertyAnimator(duration: 1, timingParameters: timing) { v.center = Point(x: 150, y: 50) }
        }
        return (v, a)
    }

    func x(_ h: Harness, _ v: View, at t: Double) -> Double { h.run { v.layer.presentation(at: t).position.x } }

    func lastAnimation(_ h: Harness, since n: Int) -> Animation? {
        h.commits(since: n).flatMap(\.addedAnimations).last?.animation
    }

    @Test func runningIsServerTimedAndEndsWithTheServersStop() throws {
        let h = Harness()
        let (v, a) = setUp(h)
        var ended: [PropertyAnimator.Position] = []
        h.run {
            #expect(a.state == .inactive && !a.isRunning)
            #expect(v.center == Point(x: 50, y: 50), "the closure waits for the start")
            a.addCompletion { ended.append($0) }
            a.startAnimation()
            #expect(a.state == .active && a.isRunning)
            #expect(v.center == Point(x: 150, y: 50), "the model holds the target at once")
        }
        h.settle()
        let anim = try #require(lastAnimation(h, since: 0))
        guard case let .basic(b) = anim.kind else { Issue.record("not basic: \(anim)"); return }
        #expect(b.from == .point(Point(x: 50, y: 50)) && b.to == .point(Point(x: 150, y: 50)))
        #expect(anim.timing.speed == 1 && anim.timing.beginTime == 1000 && anim.timing.duration == 1)
        #expect(anim.timing.fillMode == .both && !anim.isRemovedOnCompletion && anim.timingFunction == .linear)
        #expect(close(x(h, v, at: 1000.25), 75) && close(x(h, v, at: 1000.5), 100))
        h.now = 1000.5
        h.run { #expect(close(a.fractionComplete, 0.5)) }
        h.now = 1001
        let n = h.commits.count
        h.stopAll(finished: true)
        #expect(ended == [.end])
        h.run { #expect(a.state == .inactive && !a.isRunning && v.center == Point(x: 150, y: 50)) }
        #expect(h.commits(since: n).flatMap(\.commands).contains {
            if case .removeAnimation(_, key: "position") = $0 { return true }; return false
        }, "the held animation is removed with the final model value")
    }

    @Test func pausingAndScrubbingHoldInTheServer() throws {
        let h = Harness()
        let (v, a) = setUp(h)
        h.run { a.startAnimation() }
        h.settle()
        h.now = 1000.4
        var n = h.commits.count
        h.run { a.pauseAnimation() }
        h.settle()
        var paused = try #require(lastAnimation(h, since: n))
        #expect(paused.timing.speed == 0 && close(paused.timing.timeOffset, 0.4))
        for t in [1000.4, 1001.0, 1010.0] { #expect(close(x(h, v, at: t), 90), "held at 40 % at \(t)") }
        h.now = 1003
        n = h.commits.count
        h.run {
            #expect(close(a.fractionComplete, 0.4) && !a.isRunning && a.state == .active)
            a.fractionComplete = 0.75
        }
        h.settle()
        paused = try #require(lastAnimation(h, since: n))
        #expect(paused.timing.speed == 0 && close(paused.timing.timeOffset, 0.75))
        for t in [1003.0, 1009.0] { #expect(close(x(h, v, at: t), 125)) }
        h.run { a.fractionComplete = 1 }
        h.settle()
        #expect(abs(x(h, v, at: 1003) - 150) < 1e-6, "scrubbed to the end")
        // Resume from 20 %: the rest takes 0.8 s.
        h.run { a.fractionComplete = 0.2; a.startAnimation() }
        h.settle()
        #expect(close(x(h, v, at: 1003.4), 110))
        #expect(close(x(h, v, at: 1003.8), 150))
    }

    @Test func reversingTurnsTheMotionAroundWhereItIs() throws {
        let h = Harness()
        let (v, a) = setUp(h, timing: .cubic(.easeInEaseOut))
        var ended: [PropertyAnimator.Position] = []
        h.run { a.addCompletion { ended.append($0) }; a.startAnimation() }
        h.settle()
        let forward = (0...10).map { x(h, v, at: 1000 + Double($0) / 10) }
        h.now = 1000.6
        h.run { a.isReversed = true }
        h.settle()
        for k in 0...6 {
            let t = 1000.6 + Double(k) / 10
            #expect(abs(x(h, v, at: t) - forward[6 - k]) < 1e-9, "plays the same motion backwards at \(t)")
        }
        h.run { #expect(close(a.fractionComplete, 0.6)) }
        h.now = 1000.9
        h.run { #expect(close(a.fractionComplete, 0.3)) }
        h.now = 1001.2
        h.stopAll(finished: true)
        #expect(ended == [.start])
        h.run { #expect(v.center == Point(x: 50, y: 50), "finished at the start: the model goes back") }
    }

    @Test func continueWithADurationFactorAndNewTiming() throws {
        let h = Harness()
        let (v, a) = setUp(h)
        h.run { a.startAnimation() }
        h.settle()
        h.now = 1000.5
        h.run { a.pauseAnimation() }
        h.settle()
        h.now = 1002
        var n = h.commits.count
        h.run { a.continueAnimation(withTimingParameters: nil, durationFactor: 2) }
        h.settle()
        let slow = try #require(lastAnimation(h, since: n))
        #expect(slow.timing.speed == 0.5)
        #expect(close(x(h, v, at: 1002), 100) && close(x(h, v, at: 1002.5), 125),
                "the remaining half takes twice as long: 0.5 s in, a quarter of the way on")
        h.now = 1002.5
        h.run { a.pauseAnimation() }
        h.settle()
        n = h.commits.count
        h.run { a.continueAnimation(withTimingParameters: .cubic(.easeIn), durationFactor: 1) }
        h.settle()
        let eased = try #require(lastAnimation(h, since: n))
        guard case let .keyframe(k) = eased.kind else { Issue.record("expected hold+move keyframes: \(eased)"); return }
        #expect(k.values.first == .point(Point(x: 125, y: 50)) && k.values.last == .point(Point(x: 150, y: 50)))
        #expect(close(x(h, v, at: 1002.5), 125), "continues from where it is")
        let mid = x(h, v, at: 1002.5 + 0.125)
        #expect(mid < 137.5 - 1, "ease-in: slower than linear at half the remaining time, got \(mid)")
        #expect(close(x(h, v, at: 1002.75), 150))
    }

    @Test func stopAndFinishAtEachPosition() {
        for position in [PropertyAnimator.Position.start, .end, .current] {
            let h = Harness()
            let (v, a) = setUp(h)
            var ended: [PropertyAnimator.Position] = []
            h.run { a.addCompletion { ended.append($0) }; a.startAnimation() }
            h.settle()
            h.now = 1000.3
            h.run {
                a.stopAnimation(false)
                #expect(a.state == .stopped && !a.isRunning)
                #expect(close(v.center, Point(x: 80, y: 50)), "stopping keeps what is on screen")
                #expect(v.layer.animationKeys().isEmpty)
                a.finishAnimation(at: position)
                #expect(a.state == .inactive)
                let expected = position == .start ? 50.0 : position == .end ? 150 : 80
                #expect(close(v.center.x, expected), "\(position)")
            }
            h.settle()
            #expect(ended == [position])
        }
        let h = Harness()
        let (v, a) = setUp(h)
        var ended: [PropertyAnimator.Position] = []
        h.run { a.addCompletion { ended.append($0) }; a.startAnimation() }
        h.settle()
        h.now = 1000.5
        h.run { a.stopAnimation(true) }
        h.stopAll(finished: false)
        h.run { #expect(a.state == .inactive && close(v.center.x, 100)) }
        #expect(ended.isEmpty, "stopped without finishing: no completion")
    }

    @Test func delayFactorHoldsTheStartThenMoves() throws {
        let h = Harness()
        let (v, a) = setUp(h)
        let other = h.committed { View(frame: Rect(x: 0, y: 0, width: 10, height: 10)) }
        h.run {
            a.addAnimations({ other.alpha = 0 }, delayFactor: 0.5)
            a.startAnimation()
        }
        h.settle()
        #expect(close(h.run { other.layer.presentation(at: 1000.25).opacity }, 1))
        #expect(close(h.run { other.layer.presentation(at: 1000.75).opacity }, 0.5))
        #expect(close(h.run { other.layer.presentation(at: 1001).opacity }, 0, 1e-9))
        #expect(close(x(h, v, at: 1000.5), 100))
        // Added while running: runs over the remaining time.
        h.now = 1000.5
        h.run { a.addAnimations { v.alpha = 0.5 } }
        h.settle()
        #expect(close(h.run { v.layer.presentation(at: 1000.75).opacity }, 0.75))
    }

    @Test func aSpringAnimatorPutsASpringOnTheWireAndReversesBySampling() throws {
        let h = Harness()
        let (v, a) = setUp(h, timing: .spring(dampingRatio: 0.5, initialVelocity: 0))
        h.run { a.startAnimation() }
        h.settle()
        let s = try #require(lastAnimation(h, since: 0))
        guard case let .spring(spring) = s.kind else { Issue.record("not a spring: \(s)"); return }
        #expect(abs(spring.settlingDuration - 1) < 1e-9 && abs(spring.dampingRatio - 0.5) < 1e-12)
        let forward = (0...10).map { x(h, v, at: 1000 + Double($0) / 10) }
        #expect(forward.max()! > 150, "a damping ratio of 0.5 overshoots")
        h.now = 1000.5
        let n = h.commits.count
        h.run { a.isReversed = true }
        h.settle()
        let back = try #require(lastAnimation(h, since: n))
        guard case .keyframe = back.kind else { Issue.record("reversed spring should be sampled keyframes"); return }
        for k in 0...5 {
            #expect(abs(x(h, v, at: 1000.5 + Double(k) / 10) - forward[5 - k]) < 0.5, "retraces the spring")
        }
    }
}

@Suite struct PropertyAnimatorStateTests {
    @Test func statesAndTheirErrors() {
        let h = Harness()
        let v = h.committed { View() }
        let a = h.run { () -> PropertyAnimator in
            let a = PropertyAnimator.runningPropertyAnimator(withDuration: 0.5, delay: 0.25, options: .curveEaseOut,
                                                             animations: { v.alpha = 0 })
            #expect(a.state == .active && a.isRunning && a.timingParameters == .cubic(.easeOut))
            #expect(v.alpha == 0)
            #expect(a.fractionComplete == 0, "still in its delay")
            return a
        }
        h.settle()
        let added = h.commits.flatMap(\.addedAnimations)
        #expect(added.first?.animation.timing.beginTime == 1000.25, "starts after its delay")
        #expect(close(h.run { v.layer.presentation(at: 1000.1).opacity }, 1), "holds the start during the delay")
        h.now = 1000.5
        h.run {
            #expect(close(a.fractionComplete, 0.5))
            a.pauseAnimation()
            #expect(a.state == .active && !a.isRunning)
            a.stopAnimation(false)
            #expect(a.state == .stopped)
            a.finishAnimation(at: .end)
            #expect(a.state == .inactive && v.alpha == 0)
        }
    }

    @Test func anEmptyBlockInABlockWithAZeroDurationChangesAtOnce() {
        let h = Harness()
        let v = h.committed { View() }
        let n = h.commits.count
        var done: [Bool] = []
        h.run { View.animate(withDuration: 0, delay: 1, animations: { v.alpha = 0.5 }, completion: { done.append($0) }) }
        h.settle()
        #expect(h.commits(since: n).flatMap(\.addedAnimations).isEmpty)
        #expect(done == [true])
        h.run {
            View.areAnimationsEnabled = false
            View.animate(withDuration: 1) { v.alpha = 0.2 }
            View.areAnimationsEnabled = true
        }
        h.settle()
        #expect(h.commits(since: n).flatMap(\.addedAnimations).isEmpty, "animations disabled: no animation")
    }
}

@Suite struct PausesOnCompletionTests {
    @Test func pausesAtTheEndAndCanGoBack() {
        let h = Harness()
        let v = h.committed { View(frame: Rect(x: 0, y: 0, width: 100, height: 100)) }
        var ended: [PropertyAnimator.Position] = []
        let a = h.run { () -> PropertyAnimator in
            let a = PropertyAnimator(duration: 1, curve: .linear) { v.center = Point(x: 150, y: 50) }
            a.pausesOnCompletion = true
            a.addCompletion { ended.append($0) }
            a.startAnimation()
            return a
        }
        h.settle()
        h.now = 1001
        h.stopAll(finished: true)
        h.run {
            #expect(a.state == .active && !a.isRunning && a.fractionComplete == 1)
            #expect(abs(v.layer.presentation(at: 1005).position.x - 150) < 1e-6, "holds the end")
        }
        #expect(ended.isEmpty)
        h.run { a.isReversed = true; a.startAnimation() }
        h.settle()
        #expect(abs(h.run { v.layer.presentation(at: 1001.5).position.x } - 100) < 1e-6, "and goes back from there")
    }
}
