import Dispatch
import Testing
@testable import Dynamics
import RenderClient

@Suite("Dynamics animator")
struct AnimatorTests {
    @Test func manyLayersShareOneCommitPerFrame() throws {
        let rig = Rig()
        let layers = (0..<3).map { i in rig.layer(position: Point(x: Double(i) * 10, y: 0)) }
        try rig.run {
            for (i, l) in layers.enumerated() {
                try rig.animator.add(DynamicSpringAnimation(keyPath: "position.y", toValue: .number(100)), to: l, forKey: "y")
                try rig.animator.add(DynamicDecayAnimation(keyPath: "opacity", velocity: .number(-0.5 * Double(i + 1))), to: l)
            }
        }
        rig.frame() // the start: the model values, unchanged, so no commit
        let before = rig.commits.count
        #expect(rig.animator.commitsSent == 0)
        for _ in 0..<5 { rig.frame() }
        let commits = Array(rig.commits[before...])
        #expect(commits.count == 5)
        for c in commits {
            #expect(Set(c.sets.map(\.layer)) == Set(layers.map(\.id)))
            #expect(c.sets.count == 6, "position and opacity of each layer, coalesced in one commit")
        }
        #expect(rig.animator.displayLink.ticksDelivered == 6)
        #expect(rig.animator.framesProcessed == 6 && rig.animator.commitsSent == 5)
    }

    @Test func replacingAndRemovingStopWithFinishedFalse() throws {
        let rig = Rig()
        let layer = rig.layer()
        let first = try DynamicSpringAnimation(keyPath: "position.x", toValue: .number(50))
        let second = try DynamicSpringAnimation(keyPath: "position.x", toValue: .number(80))
        let c1 = Completions(), c2 = Completions()
        first.completionBlock = c1.block(); second.completionBlock = c2.block()
        try rig.run { try rig.animator.add(first, to: layer, forKey: "x") }
        rig.frame(); rig.frame()
        try rig.run { try rig.animator.add(second, to: layer, forKey: "x") }
        rig.settle()
        #expect(c1.calls == [false], "replaced")
        #expect(rig.run { rig.animator.animation(forKey: "x", on: layer) } === second)
        rig.frame()
        let calledAtOnce = rig.run { rig.animator.removeAnimation(forKey: "x", from: layer); return !c2.calls.isEmpty }
        #expect(!calledAtOnce, "stops come on a later turn")
        rig.settle()
        #expect(c2.calls == [false])
        let x = rig.run { layer.position.x }
        rig.frame()
        #expect(rig.run { layer.position.x } == x, "removed: the model keeps the last value")
        #expect(rig.animator.displayLink.isPaused)
    }

    @Test func releasedLayerStopsItsAnimations() throws {
        let rig = Rig()
        var layer: Layer? = rig.layer()
        let spring = try DynamicSpringAnimation(keyPath: "bounds.size.width", toValue: .number(300))
        let c = Completions()
        spring.completionBlock = c.block()
        try rig.run { try rig.animator.add(spring, to: layer!) }
        rig.frame()
        rig.run { layer = nil }
        rig.frame()
        rig.settle()
        #expect(c.calls == [false])
        #expect(rig.animator.animationCount == 0)
    }

    @Test func badInputIsAClearError() throws {
        let rig = Rig()
        let layer = rig.layer()
        #expect(throws: DynamicsError.unanimatableKeyPath("transform", kind: .transform)) {
            try DynamicSpringAnimation(keyPath: .transform)
        }
        #expect(throws: DynamicsError.unanimatableKeyPath("hidden", kind: .bool)) {
            try DynamicBasicAnimation(keyPath: LayerKeyPath(.isHidden))
        }
        let wrongKind = try DynamicSpringAnimation(keyPath: "position", toValue: .number(3))
        #expect(throws: DynamicsError.valueKind(keyPath: "position", role: "toValue", expected: .point, got: .number)) {
            try rig.run { try rig.animator.add(wrongKind, to: layer) }
        }
        #expect(throws: DynamicsError.missingToValue(animation: "spring", keyPath: "opacity")) {
            try rig.run { try rig.animator.add(DynamicSpringAnimation(keyPath: "opacity"), to: layer) }
        }
        #expect(throws: DynamicsError.notOnLayerKind(keyPath: "strokeEnd", kind: .layer)) {
            try rig.run { try rig.animator.add(DynamicBasicAnimation(keyPath: "strokeEnd", toValue: .number(1)), to: layer) }
        }
        let once = try DynamicSpringAnimation(keyPath: "opacity", toValue: .number(0))
        try rig.run { try rig.animator.add(once, to: layer) }
        #expect(throws: DynamicsError.alreadyAdded(animation: "spring")) {
            try rig.run { try rig.animator.add(once, to: layer, forKey: "again") }
        }
        let nan = try DynamicBasicAnimation(keyPath: "opacity", toValue: .number(.nan))
        #expect(throws: DynamicsError.nonFinite(keyPath: "opacity", role: "toValue")) {
            try rig.run { try rig.animator.add(nan, to: layer) }
        }
        let message = DynamicsError.unanimatableKeyPath("transform", kind: .transform).description
        #expect(message.contains("transform.rotation.z"), "says what to do instead: \(message)")
    }

    @Test func transformComponentsAnimate() throws {
        let rig = Rig()
        let layer = rig.layer()
        let spin = try DynamicSpringAnimation(keyPath: "transform.rotation.z", toValue: .number(Double.pi / 2))
        let grow = try DynamicBasicAnimation(keyPath: "transform.scale", toValue: .number(2), duration: 0.1)
        #expect(spin.threshold == 0.01 && grow.threshold == 0.005, "POP's rotation and scale thresholds")
        let c = Completions()
        spin.completionBlock = c.block()
        try rig.run {
            try rig.animator.add(spin, to: layer, forKey: "spin")
            try rig.animator.add(grow, to: layer, forKey: "grow")
        }
        rig.frames(until: { c.calls == [true] })
        let rotation = rig.run { layer.value(forKeyPath: "transform.rotation.z").number! }
        let scale = rig.run { layer.value(forKeyPath: "transform.scale").number! }
        #expect(abs(rotation - Double.pi / 2) < 1e-9 && abs(scale - 2) < 1e-9)
    }

    @Test func beginTimeDelaysTheStart() throws {
        let rig = Rig()
        let layer = rig.layer()
        let spring = try DynamicSpringAnimation(keyPath: "position.x", toValue: .number(10))
        spring.beginTime = 1000 + 0.1
        try rig.run { try rig.animator.add(spring, to: layer) }
        var first: Double?
        for _ in 0..<10 {
            let t = rig.frame()
            if first == nil, rig.run({ spring.isStarted }) { first = t }
        }
        #expect(first != nil && first! >= 1000.1 && first! < 1000.1 + Rig.period)
        #expect(spring.startTime == first)
    }

    @Test func pausedAnimationHoldsAndResumesWhereItWas() throws {
        let rig = Rig()
        let layer = rig.layer()
        let basic = try DynamicBasicAnimation(keyPath: "position.x", toValue: .number(60), duration: 1, timingFunction: .linear)
        try rig.run { try rig.animator.add(basic, to: layer) }
        for _ in 0..<31 { rig.frame() }                       // 30 frames after the start: 0.5 s
        #expect(abs(rig.run { layer.position.x } - 30) < 1e-9)
        rig.run { basic.isPaused = true }
        for _ in 0..<20 { rig.frame() }
        #expect(abs(rig.run { layer.position.x } - 30) < 1e-9, "held while paused")
        #expect(rig.animator.displayLink.isPaused, "nothing running: the link pauses")
        rig.run { basic.isPaused = false }
        #expect(!rig.animator.displayLink.isPaused)
        rig.frame()
        #expect(abs(rig.run { layer.position.x } - 31) < 1e-9, "one frame later: where it would have been")
    }

    @Test func keptFinishedSpringRestartsOnANewTarget() throws {
        let rig = Rig()
        let layer = rig.layer()
        let spring = try DynamicSpringAnimation(keyPath: "position.x", toValue: .number(40))
        spring.removedOnCompletion = false
        let c = Completions()
        spring.completionBlock = c.block()
        try rig.run { try rig.animator.add(spring, to: layer, forKey: "x") }
        rig.frames(until: { c.calls.count == 1 })
        #expect(rig.run { rig.animator.animation(forKey: "x", on: layer) } === spring, "kept")
        #expect(rig.animator.displayLink.isPaused)
        rig.run { spring.toValue = .number(-40) }
        #expect(!rig.animator.displayLink.isPaused)
        rig.frames(until: { c.calls.count == 2 })
        #expect(rig.run { layer.position.x } == -40)
        #expect(c.calls == [true, true])
    }

    /// While the callback queue is blocked no frame is computed; the first tick after it
    /// carries the latest vsync and the motion jumps to where it is by then.
    @Test func blockedQueueStopsFramesByDesign() throws {
        let rig = Rig()
        let layer = rig.layer()
        let basic = try DynamicBasicAnimation(keyPath: "position.x", toValue: .number(100), duration: 1, timingFunction: .linear)
        try rig.run { try rig.animator.add(basic, to: layer) }
        rig.frame()
        let start = rig.run { basic.startTime! }
        let release = DispatchSemaphore(value: 0), blocked = DispatchSemaphore(value: 0)
        rig.queue.async { blocked.signal(); release.wait() }
        blocked.wait()
        let before = rig.commits.count
        var lastVsync = 0.0
        for _ in 0..<30 { lastVsync = rig.source.step() }
        #expect(rig.animator.displayLink.ticksDelivered == 1, "no tick while blocked")
        release.signal()
        rig.queue.sync {}
        #expect(rig.animator.displayLink.ticksDelivered == 2)
        #expect(rig.animator.displayLink.lastTick?.skippedVsyncs == 29)
        #expect(rig.animator.displayLink.vsyncsSkipped == 29)
        #expect(rig.commits.count == before + 1, "one frame, one commit")
        let expected = (lastVsync + Rig.period - start) * 100
        #expect(abs(rig.run { layer.position.x } - expected) < 1e-9)
    }
}
