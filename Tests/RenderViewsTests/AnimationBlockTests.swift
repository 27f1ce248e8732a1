import Testing
@testable import RenderViews
import RenderClient

@Suite struct AnimationBlockTests {
    /// A committed 100×100 view at (0, 0).
    func makeView(_ h: Harness) -> View {
        h.committed { View(frame: Rect(x: 0, y: 0, width: 100, height: 100)) }
    }

    @Test func theSameChangeAnimatesInsideABlockAndNotOutside() throws {
        let h = Harness()
        let v = makeView(h)
        var n = h.commits.count
        h.run { v.center = Point(x: 200, y: 50) }
        h.settle()
        #expect(h.commits(since: n).flatMap(\.addedAnimations).isEmpty, "outside a block: no animation")
        #expect(h.commits(since: n).flatMap(\.setProperties).contains { $0.keyPath == .position })
        h.run { #expect(close(v.layer.presentation().position, Point(x: 200, y: 50))) }

        n = h.commits.count
        h.run {
            View.animate(withDuration: 0.4) {
                #expect(v.action(for: v.layer, forKey: "position") is BlockAction,
                        "inside a block the view answers with an animation")
                v.center = Point(x: 50, y: 50)
            }
        }
        h.settle()
        let added = h.commits(since: n).flatMap(\.addedAnimations)
        #expect(added.count == 1)
        let a = try #require(added.first)
        #expect(a.key == "position" && a.layer == v.layer.id)
        guard case let .basic(b) = a.animation.kind else { Issue.record("not a basic animation"); return }
        #expect(b.from == .point(Point(x: 200, y: 50)) && b.to == nil && b.by == nil,
                "from the old value only: it runs to the model value")
        #expect(a.animation.timing.duration == 0.4)
        #expect(a.animation.timing.fillMode == .both)
        #expect(a.animation.timing.beginTime == 1000, "begins at the commit (the harness's clock)")
        #expect(a.animation.timingFunction == .easeInEaseOut, "UIKit's default curve")
        h.run {
            #expect(close(v.layer.presentation(at: 1000).position, Point(x: 200, y: 50)))
            let mid = v.layer.presentation(at: 1000.2).position
            #expect(close(mid, Point(x: 125, y: 50)), "ease-in-out is symmetric: halfway at half time")
            #expect(close(v.layer.presentation(at: 1000.4).position, Point(x: 50, y: 50)))
            #expect(v.center == Point(x: 50, y: 50), "the model holds the new value at once")
        }
    }

    @Test func standaloneLayersKeepTheirImplicitAnimationsInsideABlock() throws {
        let h = Harness()
        let (v, l) = h.committed { (View(frame: Rect(x: 0, y: 0, width: 10, height: 10)), Layer()) }
        let n = h.commits.count
        h.run {
            View.animate(withDuration: 1) {
                v.alpha = 0.5
                l.opacity = 0.5
            }
        }
        h.settle()
        let added = h.commits(since: n).flatMap(\.addedAnimations)
        #expect(added.count == 2)
        let standalone = try #require(added.first { $0.layer == l.id })
        #expect(standalone.animation.timing.duration == MediaTiming.defaultDuration,
                "a standalone layer animates implicitly with the transaction's duration, not the block's")
        #expect(added.first { $0.layer == v.layer.id }?.animation.timing.duration == 1)
    }

    @Test func curvesDelayRepeatAndAutoreverse() throws {
        let h = Harness()
        let v = makeView(h)
        let cases: [(ViewAnimationOptions, TimingFunction)] = [
            (.curveEaseIn, .easeIn), (.curveEaseOut, .easeOut), (.curveLinear, .linear), (.curveEaseInOut, .easeInEaseOut),
        ]
        for (i, (opt, tf)) in cases.enumerated() {
            let n = h.commits.count
            h.run { View.animate(withDuration: 0.3, delay: 0, options: opt, animations: { v.alpha = Double(i) / 10 }) }
            h.settle()
            #expect(h.commits(since: n).flatMap(\.addedAnimations).first?.animation.timingFunction == tf)
        }
        let n = h.commits.count
        h.run {
            View.animate(withDuration: 0.5, delay: 0.25, options: [.repeat, .autoreverse, .curveLinear],
                         animations: { v.center = Point(x: 150, y: 50) })
        }
        h.settle()
        let a = try #require(h.commits(since: n).flatMap(\.addedAnimations).first).animation
        #expect(a.timing.beginTime == 1000.25, "now + delay")
        #expect(a.timing.repeatCount == .infinity && a.timing.autoreverses)
        h.run {
            #expect(close(v.layer.presentation(at: 1000.1).position, Point(x: 50, y: 50)),
                    "before the delay ends the fill shows the from value")
            #expect(close(v.layer.presentation(at: 1000.5).position, Point(x: 100, y: 50)))
            #expect(close(v.layer.presentation(at: 1000.75).position, Point(x: 150, y: 50)))
            #expect(close(v.layer.presentation(at: 1001.0).position, Point(x: 100, y: 50)), "on its way back")
            #expect(close(v.layer.presentation(at: 1001.5).position, Point(x: 100, y: 50)), "and again")
        }
    }

    @Test func beginFromCurrentStateStartsFromWhatIsOnScreen() throws {
        let h = Harness()
        let v = makeView(h)
        h.run { View.animate(withDuration: 1, options: .curveLinear) { v.center = Point(x: 150, y: 50) } }
        h.settle()
        h.now = 1000.5 // halfway: on screen x = 100
        var n = h.commits.count
        h.run { View.animate(withDuration: 1) { v.center = Point(x: 150, y: 150) } }
        h.settle()
        guard case let .basic(plain)? = h.commits(since: n).flatMap(\.addedAnimations).first?.animation.kind else {
            Issue.record("no basic animation"); return
        }
        #expect(plain.from == .point(Point(x: 150, y: 50)), "without the option: from the in-flight animation's target")
        n = h.commits.count
        h.now = 1001.0 // second animation halfway (ease-in-out): (150, 100)
        h.run { View.animate(withDuration: 1, options: .beginFromCurrentState) { v.center = Point(x: 0, y: 0) } }
        h.settle()
        guard case let .basic(current)? = h.commits(since: n).flatMap(\.addedAnimations).first?.animation.kind,
              let p = current.from?.point else {
            Issue.record("no basic animation"); return
        }
        #expect(close(p, Point(x: 150, y: 100)), "with the option: from the presentation value now, got \(p)")
    }

    @Test func nestedBlocksInheritUnlessTheyOverride() throws {
        let h = Harness()
        let (a, b, c) = h.committed { (View(), View(), View()) }
        let n = h.commits.count
        h.run {
            View.animate(withDuration: 2, delay: 0, options: [.curveLinear, .repeat]) {
                a.alpha = 0.5
                View.animate(withDuration: 0.5, delay: 0, options: .curveEaseIn) { b.alpha = 0.5 }
                View.animate(withDuration: 0.5, delay: 0,
                             options: [.curveEaseIn, .overrideInheritedDuration, .overrideInheritedCurve,
                                       .overrideInheritedOptions]) { c.alpha = 0.5 }
            }
        }
        h.settle()
        let added = h.commits(since: n).flatMap(\.addedAnimations)
        let byLayer = Dictionary(uniqueKeysWithValues: added.map { ($0.layer, $0.animation) })
        let ia = try #require(byLayer[a.layer.id]), ib = try #require(byLayer[b.layer.id]), ic = try #require(byLayer[c.layer.id])
        #expect(ia.timing.duration == 2 && ia.timingFunction == .linear && ia.timing.repeatCount == .infinity)
        #expect(ib.timing.duration == 2 && ib.timingFunction == .linear && ib.timing.repeatCount == .infinity,
                "inherits the outer duration, curve and repeat")
        #expect(ic.timing.duration == 0.5 && ic.timingFunction == .easeIn && ic.timing.repeatCount == 0,
                "overrides keep its own")
    }

    @Test func performWithoutAnimationWinsInsideABlock() {
        let h = Harness()
        let v = makeView(h)
        let n = h.commits.count
        var done: [Bool] = []
        h.run {
            View.animate(withDuration: 1) {
                View.performWithoutAnimation {
                    v.alpha = 0.2
                    View.animate(withDuration: 1, animations: { v.center = Point(x: 1, y: 1) },
                                 completion: { done.append($0) })
                }
            }
        }
        h.settle()
        #expect(h.commits(since: n).flatMap(\.addedAnimations).isEmpty)
        #expect(done == [true], "a block that animated nothing completes on the next turn")
    }

    @Test func completionRunsOnceWhenTheAnimationsStop() {
        let h = Harness()
        let v = makeView(h)
        var done: [Bool] = []
        h.run {
            View.animate(withDuration: 1, animations: {
                v.alpha = 0.5
                v.center = Point(x: 10, y: 10)
                v.center = Point(x: 20, y: 20) // replaces its own: not a failure
            }, completion: { done.append($0) })
        }
        h.settle()
        #expect(done.isEmpty, "waits for the server's stops")
        h.stopAll(finished: true)
        #expect(done == [true])
        h.stopAll(finished: true)
        #expect(done == [true], "exactly once")
    }

    @Test func completionSaysNotFinishedWhenReplacedOrRemoved() {
        let h = Harness()
        let v = makeView(h)
        var first: [Bool] = [], second: [Bool] = []
        h.run { View.animate(withDuration: 1, animations: { v.alpha = 0.5 }, completion: { first.append($0) }) }
        h.settle()
        h.run { View.animate(withDuration: 1, animations: { v.alpha = 0.1 }, completion: { second.append($0) }) }
        h.settle()
        // The server reports the replaced animation's stop.
        let firstID = h.commits.flatMap(\.addedAnimations)[0].id
        h.deliver(.animationStopped(AnimationStopped(animationID: firstID, layer: v.layer.id, finished: false, mediaTime: 1000)))
        h.settle()
        #expect(first == [false])
        h.run { v.layer.removeAllAnimations() }
        h.settle()
        h.acknowledgeAll()
        #expect(second == [false], "removed: not finished")
    }

    @Test func layoutSubviewsOptionAnimatesTheLayoutTheChangeCauses() {
        let h = Harness()
        let (parent, child) = h.committed { () -> (CountingView, View) in
            let p = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let c = View()
            p.addSubview(c)
            p.onLayout = { p in c.frame = Rect(x: 0, y: 0, width: p.bounds.width, height: 10) }
            return (p, c)
        }
        var n = h.commits.count
        h.run { View.animate(withDuration: 1) { parent.bounds = Rect(x: 0, y: 0, width: 200, height: 100) } }
        h.settle()
        var added = h.commits(since: n).flatMap(\.addedAnimations)
        #expect(!added.contains { $0.layer == child.layer.id }, "without the option the layout runs after the block")
        #expect(child.bounds.width == 200)
        n = h.commits.count
        h.run {
            View.animate(withDuration: 1, delay: 0, options: .layoutSubviews) {
                parent.bounds = Rect(x: 0, y: 0, width: 300, height: 100)
            }
        }
        h.settle()
        added = h.commits(since: n).flatMap(\.addedAnimations)
        #expect(added.contains { $0.layer == child.layer.id && $0.key == "bounds" }, "the child's resize animates too")
    }
}
