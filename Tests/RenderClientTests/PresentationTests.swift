import Testing
@testable import RenderClient

@Suite struct PresentationTests {
    @Test func beginTimeResolvesThroughAncestorTimings() throws {
        let h = Harness()
        let (parent, child) = h.committed { () -> (Layer, Layer) in
            let p = Layer(), c = Layer()
            p.addSublayer(c)
            return (p, c)
        }
        h.run {
            parent.setTiming(LayerTiming(beginTime: 10, speed: 2, timeOffset: 3))
            child.setTiming(LayerTiming(beginTime: 1, speed: 0.5, timeOffset: 0.25))
        }
        h.settle()
        h.now = 1000
        h.run {
            Transaction.animationDuration = 0.75
            child.add(.basic(.opacity, from: .number(0), to: .number(1)), forKey: "fade")
        }
        h.settle()
        let commit = try #require(h.lastCommit)
        #expect(commit.mediaTime == 1000)
        let a = try #require(commit.addedAnimations.first)
        // parent: (1000 − 10) × 2 + 3 = 1983; child: (1983 − 1) × 0.5 + 0.25 = 991.25
        #expect(a.animation.timing.beginTime == 991.25)
        #expect(a.animation.timing.duration == 0.75, "zero duration: the transaction's")
        h.run { #expect(child.localTime(at: 1000) == 991.25) }
    }

    @Test func explicitBeginTimeIsKept() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        var a = Animation.basic(.opacity, from: .number(0), duration: 1)
        a.timing.beginTime = 1234.5
        h.run { l.add(a, forKey: "a") }
        h.settle()
        #expect(h.lastCommit?.addedAnimations.first?.animation.timing.beginTime == 1234.5)
    }

    @Test func presentationMatchesPresentationEvaluateForTheSentAnimations() throws {
        let h = Harness()
        let (parent, l) = h.committed { () -> (Layer, Layer) in
            let p = Layer(), c = Layer()
            p.addSublayer(c)
            c.position = Point(x: 10, y: 10)
            return (p, c)
        }
        h.now = 500
        h.run {
            parent.speed = 1.5
            Transaction.disableActions = true
            l.opacity = 0.5
            l.add(Animation(.basic(BasicAnimation(keyPath: .position, to: .point(Point(x: 100, y: 40)))),
                            timing: MediaTiming(duration: 2, repeatCount: 2, autoreverses: true),
                            timingFunction: .easeInEaseOut), forKey: "move")
            l.add(.spring(SpringAnimation(keyPath: "transform.scale", from: .number(0.5), to: .number(1),
                                          dampingRatio: 0.6, response: 0.5)), forKey: "pop")
            var additive = BasicAnimation(keyPath: "position.y", from: .number(0), to: .number(20))
            additive.isAdditive = true
            l.add(Animation(.basic(additive), timing: MediaTiming(duration: 1)), forKey: "bob")
        }
        h.settle()
        let commit = try #require(h.lastCommit)
        let sent = commit.addedAnimations.map { AttachedAnimation(key: $0.key, animation: $0.animation) }
        #expect(sent.count == 3)
        var model = LayerProperties()
        model.position = Point(x: 10, y: 10)
        model.opacity = 0.5
        let timings = [LayerTiming(speed: 1.5)]
        for t in stride(from: 499.0, through: 504.0, by: 0.137) {
            let expected = Presentation.presentation(model: model, animations: sent, at: t, timings: timings)
            let actual = h.run { l.presentation(at: t) }
            #expect(actual == expected, "at \(t)")
        }
        // Mid-flight values really move.
        let mid = h.run { l.presentation(at: 500.4) }
        #expect(mid.position != model.position)
        #expect(h.run { l.model() } == model)
    }

    @Test func presentationOfAPendingAnimationShowsItsStart() {
        let h = Harness()
        let l = h.committed { Layer() }
        h.run {
            l.add(.basic(.opacity, from: .number(0.25), duration: 1), forKey: "a")
            #expect(l.presentation(at: 1000).opacity == 0.25, "as though committed now")
        }
    }

    @Test func frameFollowsPositionBoundsAnchorAndTransform() {
        let h = Harness()
        let l = h.committed { Layer() }
        h.run {
            Transaction.disableActions = true
            l.frame = Rect(x: 10, y: 20, width: 100, height: 50)
            #expect(l.position == Point(x: 60, y: 45))
            #expect(l.bounds.size == Size(width: 100, height: 50))
            #expect(l.frame == Rect(x: 10, y: 20, width: 100, height: 50))
            l.transform = .scale(x: 2, y: 2)
            #expect(l.frame == Rect(x: -40, y: -5, width: 200, height: 100))
        }
    }
}
