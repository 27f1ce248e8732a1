import Testing
import RenderCore
import RenderClient
import RenderViews
@testable import Components

/// Issue 19, "Animation lifecycle, as ComponentKit ties it to transactions": what the
/// commits carry when a pass's animations complete, are cleaned up, and in which order.
@Suite struct AnimationLifecycleTests {
    final class Log {
        var events: [String] = []
        /// The latest instance built under each name.
        var latest: [String: Component] = [:]
    }

    /// A scoped box that fades in with an animation kept after it ends (not removed on
    /// completion, fill forwards), plus a custom hook animating `free` (a layer of the test's).
    final class Held: Component {
        let log: Log, free: Layer?
        init(_ log: Log, free: Layer? = nil, id: Int = 0) {
            self.log = log; self.free = free
            let scope = Scope(Held.self, identifier: id)
            super.init(view: ViewConfiguration([.backgroundColor(.red)]), size: ComponentSize(width: 20, height: 20), scope: scope)
        }
        override func animationsOnInitialMount() -> [ComponentAnimation] {
            var held = Animation.basic("opacity", from: .number(0), duration: 0.5)
            held.isRemovedOnCompletion = false
            held.timing.fillMode = .forwards
            var out = [ComponentAnimation(self, held)]
            if let free {
                let log = self.log
                out.append(ComponentAnimation(hooks: ComponentAnimationHooks(
                    didRemount: { _ in
                        free.add(Animation.basic("position.x", from: .number(0), duration: 1), forKey: "hook")
                        return "ctx"
                    },
                    cleanup: { ctx in log.events.append("cleanup \(ctx as? String ?? "?")") })))
            }
            return out
        }
    }

    @Test func aPassCleansUpWhenItsTransactionCompletesNotOnlyOnUnmount() throws {
        let h = Harness()
        let log = Log()
        let free = h.committed { Layer(context: h.context) }
        let before = h.commits.count
        let host = h.host(true, SizeRange(exactly: Size(20, 20))) { $0 ? Held(log, free: free) : Component() }
        let v = h.run { host.subviews[0] }
        let added = h.commits(since: before).flatMap(\.addedAnimations)
        let held = try #require(added.first { $0.layer == v.layer.id })
        guard case let .basic(b) = held.animation.kind else { Issue.record("not basic"); return }
        #expect(b.keyPath == "opacity" && b.from == .number(0) && b.to == nil)
        #expect(held.animation.timing.duration == 0.5 && held.animation.timing.beginTime == 1000)
        #expect(held.animation.timing.fillMode == .forwards && !held.animation.isRemovedOnCompletion)
        #expect(added.contains { $0.layer == free.id && $0.key == "hook" })
        #expect(log.events.isEmpty, "nothing is cleaned up while the pass's animations run")
        // The animations end (the server reports them finished); the component stays mounted.
        let end = h.commits.count
        h.now = 1001
        h.stopAnimations(since: before, finished: true)
        #expect(log.events == ["cleanup ctx"], "the custom hook's cleanup ran, once, with didRemount's context")
        let removals = h.commits(since: end).flatMap(\.commands).filter {
            if case .removeAnimation(v.layer.id, held.key) = $0 { return true }; return false
        }
        #expect(removals.count == 1, "the animation kept after its end is removed by the pass's cleanup")
        #expect(h.run { v.superview } === host, "while the component is still mounted")
        // Unmounting it later cleans nothing up twice.
        h.run { host.update(model: false, mode: .synchronous) }
        h.settle()
        #expect(log.events == ["cleanup ctx"])
    }

    @Test func completionBlocksRunOnceAfterTheTransactionInOrder() throws {
        let h = Harness()
        let log = Log()
        final class Done: Component {
            let log: Log
            init(_ log: Log) {
                self.log = log
                let scope = Scope(Done.self)
                super.init(view: ViewConfiguration(), size: ComponentSize(width: 10, height: 10), scope: scope)
            }
            override func animationsOnInitialMount() -> [ComponentAnimation] {
                let log = self.log
                return [ComponentAnimation(self, CK.Animation.alphaFrom(0), completion: { log.events.append("first") })
                    .addingCompletion { log.events.append("second") }]
            }
        }
        let before = h.commits.count
        let host = h.host(0, SizeRange(exactly: Size(10, 10))) { _ in Done(log) }
        #expect(log.events.isEmpty, "not before the animation's transaction completes")
        h.stopAnimations(since: before, finished: true)
        #expect(log.events == ["first", "second"])
        h.stopAnimations(since: before, finished: false)
        h.run { host.update(model: 1, mode: .synchronous) }
        h.settle()
        #expect(log.events == ["first", "second"], "once")
    }

    @Test func anUnmountCleansUpAtOnceAndTheCompletionStillWaitsForTheTransaction() throws {
        let h = Harness()
        let log = Log()
        final class Slow: Component {
            let log: Log
            init(_ log: Log) {
                self.log = log
                let scope = Scope(Slow.self)
                super.init(view: ViewConfiguration(), size: ComponentSize(width: 10, height: 10), scope: scope)
            }
            override func animationsOnInitialMount() -> [ComponentAnimation] {
                var a = Animation.basic("opacity", from: .number(0), duration: 5)
                a.isRemovedOnCompletion = false
                let log = self.log
                return [ComponentAnimation(self, a, completion: { log.events.append("done") })]
            }
        }
        let before = h.commits.count
        let host = h.host(true, SizeRange(exactly: Size(10, 10))) { $0 ? Slow(log) : Component() }
        let v = h.run { host.subviews[0] }
        let key = try #require(h.commits(since: before).flatMap(\.addedAnimations).first { $0.layer == v.layer.id }?.key)
        let unmount = h.commits.count
        h.run { host.update(model: false, mode: .synchronous) }
        h.settle()
        let commands = h.commits(since: unmount).flatMap(\.commands)
        #expect(commands.contains(.removeAnimation(v.layer.id, key: key)) || commands.contains(.removeAllAnimations(v.layer.id)),
                "the unmount removed it at once (its view, back in the pool, keeps no animation)")
        #expect(log.events.isEmpty, "the completion waits for the transaction (the server's stop)")
        h.stopAnimations(since: before, finished: false)
        #expect(log.events == ["done"])
        h.stopAnimations(since: before, finished: false)
        #expect(log.events == ["done"], "once")
    }

    @Test func anEnclosingTransactionsCurveDoesNotReachAComponentAnimation() throws {
        let h = Harness()
        final class Curves: Component {
            init() {
                let scope = Scope(Curves.self)
                super.init(view: ViewConfiguration(), size: ComponentSize(width: 10, height: 10), scope: scope)
            }
            override func animationsOnInitialMount() -> [ComponentAnimation] {
                [ComponentAnimation(self, Animation.basic("opacity", from: .number(0), duration: 0.3)),   // no curve
                 ComponentAnimation(self, CK.Animation.scaleFrom(0).easeOut())]
            }
        }
        let host = h.host(false, SizeRange(exactly: Size(10, 10))) { $0 ? Curves() : Component() }
        let before = h.commits.count
        h.run {
            Transaction.begin()
            Transaction.animationTimingFunction = .easeIn
            View.animate(withDuration: 1, options: .curveEaseOut) { host.update(model: true, mode: .synchronous) }
            Transaction.commit()
        }
        h.settle()
        let added = h.commits(since: before).flatMap(\.addedAnimations)
        #expect(added.count == 2)
        #expect(added.first { $0.animation.keyPath == "opacity" }?.animation.timingFunction == .linear,
                "no curve stays no curve (linear), not the transaction's ease-in nor the block's ease-out")
        #expect(added.first { $0.animation.keyPath == "transform.scale" }?.animation.timingFunction == .easeOut)
    }

    /// A scoped component with no view whose initial hook animates a sibling it was given.
    final class Pointer: Component {
        let target: Component
        init(_ target: Component) {
            self.target = target
            let scope = Scope(Pointer.self)
            super.init(scope: scope)
        }
        override func animationsOnInitialMount() -> [ComponentAnimation] {
            var a = Animation.basic("opacity", from: .number(0), duration: 1)
            a.isRemovedOnCompletion = false
            return [ComponentAnimation(target, a)]
        }
    }

    final class Box: Component {
        init() {
            let scope = Scope(Box.self)
            super.init(view: ViewConfiguration(), size: ComponentSize(width: 10, height: 10), scope: scope)
        }
    }

    @Test func animationsAreFiledUnderTheComponentWhoseHookReturnedThem() throws {
        let h = Harness()
        let host = h.host(true, SizeRange(exactly: Size(100, 100))) { withPointer in
            let box = Box()
            return FlexboxComponent(view: ViewConfiguration(),
                                    children: [FlexboxChild(box)] + (withPointer ? [FlexboxChild(Pointer(box))] : []))
        }
        let boxView = h.run { host.subviews[0].subviews[0] }
        let key = try #require(h.lastCommit?.addedAnimations.first { $0.layer == boxView.layer.id }?.key)
        // A rebuild with the pointer gone: the box stays, its animation goes with its owner.
        h.run { host.update(model: false, mode: .synchronous) }
        h.settle()
        #expect(h.run { host.subviews[0].subviews[0] } === boxView, "the box is still mounted")
        #expect(h.lastCommit!.commands.contains(.removeAnimation(boxView.layer.id, key: key)),
                "the pointer's animation is cleaned up when the pointer unmounts, though it targets the box")
    }

    @Test func initialThenChangeThenFinalAndCleanupAfterTheNewViewsMount() throws {
        let h = Harness()
        let log = Log()
        final class Logged: Component {
            let log: Log, name: String
            init(_ log: Log, _ name: String) {
                self.log = log; self.name = name
                let scope = Scope(Logged.self, identifier: name)
                super.init(view: ViewConfiguration(), size: ComponentSize(width: 10, height: 10), scope: scope)
                log.latest[name] = self
            }
            func hook(_ phase: String) -> ComponentAnimation {
                let log = self.log, name = self.name, me = self
                return ComponentAnimation(hooks: ComponentAnimationHooks(
                    willRemount: { log.events.append("will \(phase) \(name)"); return nil },
                    didRemount: { _ in
                        log.events.append("did \(phase) \(name)")
                        // Keeps the transaction open until the test stops it.
                        me.mountedView?.layer.add(Animation.basic("opacity", from: .number(0), duration: 1), forKey: "keep")
                        return nil
                    },
                    cleanup: { _ in
                        let c = log.latest["c"]?.mountedView.map { _ in "c mounted" } ?? "c not mounted"
                        log.events.append("cleanup \(name), \(c)")
                    }))
            }
            override func animationsOnInitialMount() -> [ComponentAnimation] { [hook("initial")] }
            override func animationsFromPreviousComponent(_ p: Component) -> [ComponentAnimation] { [hook("change")] }
            override func animationsOnFinalUnmount() -> [ComponentAnimation] { [CK.Animation.alphaTo(0)].map { ComponentAnimation(self, $0) } }
        }
        // Generation 1: a, b. Generation 2: c (new, listed first), a (changed); b goes.
        let host = h.host(1, SizeRange(exactly: Size(100, 100))) { n in
            FlexboxComponent(children: (n == 1 ? ["a", "b"] : ["a", "c"]).map { FlexboxChild(Logged(log, $0)) })
        }
        log.events = []
        let before = h.commits.count
        h.run { host.update(model: 2, mode: .synchronous) }
        h.settle()
        #expect(log.events.filter { $0.hasPrefix("will") } == ["will initial c", "will change a"],
                "initial before change, though a comes first in the tree")
        #expect(log.events.filter { $0.hasPrefix("did") } == ["did initial c", "did change a"])
        let cleanup = try #require(log.events.first { $0.hasPrefix("cleanup") })
        #expect(cleanup == "cleanup b, c mounted", "b's pass-1 animation is cleaned up after the new views are mounted")
        let i = log.events.firstIndex(of: cleanup)!, d = log.events.firstIndex(of: "did initial c")!
        #expect(i < d, "and before this pass's animations are applied")
        let added = h.commits(since: before).flatMap(\.addedAnimations)
        let kinds = added.map { $0.animation.keyPath == "opacity" && $0.key == "keep" ? "keep" : "final" }
        #expect(kinds == ["keep", "keep", "final"], "the final-unmount animation goes last")
    }

    @Test func aLaterPassNeverReachesBackPastThePassBeforeIt() throws {
        let h = Harness()
        let log = Log()
        let free = h.committed { Layer(context: h.context) }
        // Pass 1 mounts Held (its hook's animation on `free` runs on); pass 2 adds another Held
        // and keeps the first (a rebuild, same scope); pass 3 removes the first.
        let before = h.commits.count
        let host = h.host(1, SizeRange(exactly: Size(100, 100))) { n in
            FlexboxComponent(children: (n == 3 ? [1] : n == 2 ? [0, 1] : [0]).map { FlexboxChild(Held(log, free: $0 == 0 ? free : nil, id: $0)) })
        }
        let pass1 = h.commits(since: before).flatMap(\.addedAnimations)
        h.run { host.update(model: 2, mode: .synchronous) }
        h.settle()
        h.run { host.update(model: 3, mode: .synchronous) }
        h.settle()
        #expect(log.events.isEmpty, "pass 3 cleans up only pass 2's animations; the first Held's are pass 1's")
        h.stopAnimations(since: before, finished: true)
        #expect(log.events == ["cleanup ctx"], "they are cleaned up when their own transaction completes")
        #expect(pass1.contains { $0.layer == free.id })
    }
}
