import Testing
import Dispatch
import RenderCore
import RenderClient
import RenderViews
@testable import Components

/// Issue 19, "When hooks run, and against what": decided at build time against the
/// previous built generation; relayouts fire nothing; the bounds animation's rules.
@Suite struct HookTimingTests {
    final class Log { var pairs: [String] = []; var onBuildQueue: [Bool] = [] }

    /// Remembers every (previous → new) value its change hook saw, and where it ran.
    final class Valued: Component {
        let value: Int, log: Log
        init(_ value: Int, _ log: Log) {
            self.value = value; self.log = log
            let scope = Scope(Valued.self)
            super.init(view: ViewConfiguration(), size: ComponentSize(width: 10, height: 10 + Double(value)), scope: scope)
        }
        override func animationsFromPreviousComponent(_ p: Component) -> [ComponentAnimation] {
            log.pairs.append("\((p as! Valued).value)→\(value)")
            log.onBuildQueue.append(DispatchQueue.getSpecific(key: buildQueueKey) == 1)
            return [ComponentAnimation(self, CK.Animation.bounds())]
        }
        override func boundsAnimationFromPreviousComponent(_ p: Component) -> BoundsAnimation? {
            BoundsAnimation(duration: 0.4)
        }
    }

    @Test func twoGenerationsBuiltBeforeOneMountCompareTheLaterWithTheOneBefore() throws {
        let h = Harness()
        let log = Log()
        let host = h.host(0, SizeRange(max: Size(100, 100))) { Valued($0, log) }
        host.buildQueue.setSpecific(key: buildQueueKey, value: 1)
        let v = h.run { host.subviews[0] }
        let before = h.commits.count
        h.run {
            host.update(model: 1)             // built on the build queue; its mount waits for this work item
            host.buildQueue.sync {}
            host.update(model: 2, mode: .synchronous)
        }
        h.settle()
        #expect(log.pairs == ["0→1", "1→2"], "generation 2 was decided against generation 1, though 0 was mounted")
        #expect(log.onBuildQueue == [true, true], "the hooks ran on the build queue")
        let added = h.commits(since: before).flatMap(\.addedAnimations)
        #expect(h.run { v.bounds.height } == 12, "generation 2 is mounted; generation 1's late mount was dropped")
        let change = try #require(added.first { $0.layer == v.layer.id && $0.key.hasPrefix("component-animation") })
        guard case let .basic(b) = change.animation.kind else { Issue.record("not basic"); return }
        #expect(b.keyPath == "bounds" && b.from == .rect(Rect(x: 0, y: 0, width: 10, height: 10)),
                "the change animation starts from what was mounted")
    }

    @Test func aRelayoutOfTheSameInstancesFiresNoChangeHookAndNoBoundsAnimation() throws {
        let h = Harness()
        let log = Log()
        let host = h.host(0, SizeRange(exactly: Size(100, 50))) { m in
            FlexboxComponent(view: ViewConfiguration(), children: [FlexboxChild(Valued(m, log), flexGrow: 1)])
        }
        let root = h.run { host.mountedLayout!.component }
        let before = h.commits.count
        h.run { View.animate(withDuration: 1) { host.sizeRange = SizeRange(exactly: Size(200, 50)) } }
        host.buildQueue.sync {}
        h.settle()
        #expect(h.run { host.mountedLayout!.component } === root, "the same components, laid out again")
        #expect(h.run { host.subviews[0].frame.width } == 200)
        #expect(log.pairs.isEmpty, "no change hook")
        #expect(h.commits(since: before).flatMap(\.addedAnimations).isEmpty, "no bounds animation, no component animation")
        // A model change after it builds new components and compares them with the relaid-out ones.
        h.run { host.update(model: 5, mode: .synchronous) }
        h.settle()
        #expect(log.pairs == ["0→5"])
    }

    final class Bounds: Component {
        let duration: Double
        init(_ name: String, _ duration: Double, tall: Bool) {
            self.duration = duration
            let scope = Scope(Bounds.self, identifier: name)
            super.init(view: ViewConfiguration(), size: ComponentSize(width: 10, height: tall ? 40 : 20), scope: scope)
        }
        override func boundsAnimationFromPreviousComponent(_ p: Component) -> BoundsAnimation? {
            BoundsAnimation(duration: duration)
        }
    }

    @Test func theLastNonZeroBoundsAnimationWinsAndZeroNeverOverrides() throws {
        let h = Harness()
        let host = h.host(false, SizeRange(max: Size(100, 200))) { tall in
            FlexboxComponent(view: ViewConfiguration(), children: [
                FlexboxChild(Bounds("a", 0.3, tall: tall)), FlexboxChild(Bounds("b", 0.6, tall: tall)), FlexboxChild(Bounds("c", 0, tall: tall)),
            ])
        }
        h.run { host.update(model: true, mode: .synchronous) }
        h.settle()
        let frames = h.lastCommit!.addedAnimations.filter { $0.key == "bounds" || $0.key == "position" }
        #expect(!frames.isEmpty && Set(frames.map(\.animation.timing.duration)) == [0.6])
        // Decided directly: zero alone is no bounds animation at all.
        let old = Bounds("x", 0, tall: false), new = Bounds("x", 0, tall: true)
        #expect(HookDecisions.decide(Layout(component: new, size: Size(10, 40)),
                                     previous: Layout(component: old, size: Size(10, 20))).boundsAnimation == nil)
    }

    @Test func withoutABoundsAnimationFramesChangeAtOnceEvenInsideACallersBlock() throws {
        let h = Harness()
        let host = h.host(false, SizeRange(max: Size(100, 200))) { tall in
            FlexboxComponent(view: ViewConfiguration(), children: [FlexboxChild(Bounds("a", 0, tall: tall))])
        }
        let before = h.commits.count
        h.run { View.animate(withDuration: 1, options: .curveEaseIn) { host.update(model: true, mode: .synchronous) } }
        h.settle()
        #expect(h.commits(since: before).flatMap(\.addedAnimations).isEmpty, "no frame animates, not even the host's")
        #expect(h.run { host.bounds.height } == 40)
    }

    @Test func aBoundsHookWithoutAScopeGetsNoAnimationAndNoError() throws {
        final class Unscoped: Component {
            let tall: Bool
            init(tall: Bool) {
                self.tall = tall
                super.init(view: ViewConfiguration(), size: ComponentSize(width: 10, height: tall ? 40 : 20))
            }
            override func boundsAnimationFromPreviousComponent(_ p: Component) -> BoundsAnimation? { BoundsAnimation(duration: 0.5) }
        }
        #expect(throws: Never.self) { try Unscoped(tall: false).validateAnimationHooks() }
        let h = Harness()
        let host = h.host(false, SizeRange(max: Size(100, 200))) { Unscoped(tall: $0) }
        let before = h.commits.count
        h.run { host.update(model: true, mode: .synchronous) }
        h.settle()
        #expect(h.commits(since: before).flatMap(\.addedAnimations).isEmpty)
        #expect(throws: MissingScopeError.self) { try Seeds.Unscoped().validateAnimationHooks() }
    }

    @Test func boundsAnimationIsAValueWithACurveAndACompletion() throws {
        let a = BoundsAnimation(duration: 0.5, delay: 0.2, timingFunction: TimingFunction(0.1, 0.9, 0.9, 0.1))
        #expect(a == BoundsAnimation(duration: 0.5, delay: 0.2, timingFunction: TimingFunction(0.1, 0.9, 0.9, 0.1), completion: {}))
        #expect(a != BoundsAnimation(duration: 0.5, delay: 0.2, timingFunction: TimingFunction(0.1, 0.9, 0.9, 0.2)))
        #expect(BoundsAnimation(duration: 0.5, springDampingRatio: 0.3) == BoundsAnimation(duration: 0.5, springDampingRatio: 0.9),
                "spring parameters do not count in default mode")
        #expect(BoundsAnimation(duration: 0.5, mode: .spring, springDampingRatio: 0.3)
                != BoundsAnimation(duration: 0.5, mode: .spring, springDampingRatio: 0.9))

        final class Curved: Component {
            final class Count { var n = 0 }
            let tall: Bool, count: Count
            init(tall: Bool, count: Count) {
                self.tall = tall; self.count = count
                let scope = Scope(Curved.self)
                super.init(view: ViewConfiguration(), size: ComponentSize(width: 10, height: tall ? 40 : 20), scope: scope)
            }
            override func boundsAnimationFromPreviousComponent(_ p: Component) -> BoundsAnimation? {
                let count = self.count
                return BoundsAnimation(duration: 0.3, delay: 0.1, options: .curveEaseIn, timingFunction: TimingFunction(0.1, 0.9, 0.9, 0.1),
                                       completion: { count.n += 1 })
            }
        }
        let h = Harness()
        let count = Curved.Count()
        let host = h.host(false, SizeRange(max: Size(100, 200))) { Curved(tall: $0, count: count) }
        let v = h.run { host.subviews[0] }
        let before = h.commits.count
        h.run { host.update(model: true, mode: .synchronous) }
        h.settle()
        let added = h.commits(since: before).flatMap(\.addedAnimations)
        let b = try #require(added.first { $0.layer == v.layer.id && $0.key == "bounds" })
        guard case let .basic(basic) = b.animation.kind else { Issue.record("not basic"); return }
        #expect(basic.from == .rect(Rect(x: 0, y: 0, width: 10, height: 20)))
        #expect(b.animation.timingFunction == TimingFunction(0.1, 0.9, 0.9, 0.1), "the control points, not the options' ease-in")
        #expect(b.animation.timing.duration == 0.3 && b.animation.timing.beginTime == 1000.1 && b.animation.timing.fillMode == .both)
        #expect(added.contains { $0.layer == host.layer.id && $0.key == "bounds" })
        #expect(count.n == 0)
        h.stopAnimations(since: before, finished: true)
        #expect(count.n == 1, "the completion runs once the block's animations have stopped")
    }
}

let buildQueueKey = DispatchSpecificKey<Int>()

@Suite struct CollectionHookTimingTests {
    final class Row: Component {
        final class Log { var pairs: [String] = []; var onBuildQueue: [Bool] = [] }
        let value: Int, log: Log, bounds: Double
        init(_ value: Int, _ log: Log, bounds: Double) {
            self.value = value; self.log = log; self.bounds = bounds
            let scope = Scope(Row.self)
            super.init(view: ViewConfiguration(), size: ComponentSize(height: .points(20 + Double(value))), scope: scope)
        }
        override func animationsFromPreviousComponent(_ p: Component) -> [ComponentAnimation] {
            log.pairs.append("\((p as! Row).value)→\(value)")
            log.onBuildQueue.append(DispatchQueue.getSpecific(key: buildQueueKey) == 1)
            return []
        }
        override func boundsAnimationFromPreviousComponent(_ p: Component) -> BoundsAnimation? { BoundsAnimation(duration: bounds) }
    }

    @Test func rowsAreDecidedOnTheBuildQueueAndAZeroRowNeverOverridesTheFirstNonZeroOne() throws {
        let h = Harness()
        let log = Row.Log()
        let host = h.run {
            CollectionHost<(Int, Double)>(frame: Rect(x: 0, y: 0, width: 100, height: 400), context: h.context) { Row($0.0, log, bounds: $0.1) }
        }
        host.buildQueue.setSpecific(key: buildQueueKey, value: 1)
        h.run { host.apply(.init(insertions: [(index: 0, model: (0, 0)), (index: 1, model: (0, 0.3)), (index: 2, model: (0, 0.7))]), mode: .synchronous) }
        h.settle()
        h.run { host.apply(.init(updates: [(index: 0, model: (1, 0)), (index: 1, model: (1, 0.3)), (index: 2, model: (1, 0.7))]), mode: .synchronous) }
        h.settle()
        #expect(log.pairs == ["0→1", "0→1", "0→1"] && log.onBuildQueue == [true, true, true])
        let frames = h.lastCommit!.addedAnimations.filter { $0.key == "position" || $0.key == "bounds" }
        #expect(!frames.isEmpty && Set(frames.map(\.animation.timing.duration)) == [0.3],
                "row 0's zero duration is no bounds animation; row 1's is the first non-zero one")
    }
}

extension CollectionHookTimingTests {
    /// `CKCollectionViewDataSource` applies an update-only changeset without a bounds
    /// animation in `performBatchUpdates`: the cells move with the collection's own animation,
    /// not the caller's, and the trees inside them change at once.
    @Test func aPassWithoutABoundsAnimationMovesRowsWithTheBatchUpdateAnimationEvenInsideACallersBlock() throws {
        let h = Harness()
        let log = Row.Log()
        let host = h.run {
            CollectionHost<(Int, Double)>(frame: Rect(x: 0, y: 0, width: 100, height: 400), context: h.context) { Row($0.0, log, bounds: $0.1) }
        }
        h.run { host.apply(.init(insertions: [(index: 0, model: (0, 0)), (index: 1, model: (0, 0))]), mode: .synchronous) }
        h.settle()
        let (first, second) = h.run { (host.subviews[0], host.subviews[1]) }
        let before = h.commits.count
        h.run { View.animate(withDuration: 1) { host.apply(.init(updates: [(index: 0, model: (30, 0))]), mode: .synchronous) } }
        h.settle()
        let added = h.commits(since: before).flatMap(\.addedAnimations)
        #expect(Set(added.map { "\($0.layer == first.layer.id ? "first" : $0.layer == second.layer.id ? "second" : "other").\($0.key)" })
                == ["first.bounds", "first.position", "second.position"])
        #expect(added.allSatisfy { $0.animation.timing.duration == 0.3 && $0.animation.timingFunction == .easeInEaseOut },
                "the collection's batch-update animation, not the caller's block")
        #expect(h.run { second.frame.origin.y } == 50)
    }
}

/// The README's Components example, compiled and mounted.
@Suite struct ReadmeComponentsExampleTests {
    final class Badge: CompositeComponent {
        init(count: Int) {
            let scope = Scope(Badge.self)
            super.init(scope: scope, component: Component(view: ViewConfiguration([.backgroundColor(.red)]),
                                                           size: ComponentSize(width: 20, height: 20)))
        }
        override func animationsOnInitialMount() -> [ComponentAnimation] {
            [ComponentAnimation(self, CK.Animation.alphaFrom(0).easeOut(0.3), completion: { print("shown") })]
        }
    }

    @Test func theExampleMountsAndAnimates() throws {
        let h = Harness()
        let row = Component(view: ViewConfiguration(), size: ComponentSize(width: 50, height: 10))
        let host = h.host((), SizeRange(max: Size(100, 100))) { _ in
            FlexboxComponent(children: [
                FlexboxChild(Badge(count: 1)),
                FlexboxChild(AnimationComponent(component: row, onInitialMount: CK.Animation.alphaFrom(0), onFinalUnmount: CK.Animation.alphaTo(0))),
            ])
        }
        #expect(h.lastCommit!.addedAnimations.count == 2)
        #expect(h.run { host.subviews.count } == 2)
    }
}
