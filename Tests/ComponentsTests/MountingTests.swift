import Testing
import Dispatch
import RenderCore
import RenderClient
import RenderViews
@testable import Components

@Suite struct MountingTests {
    @Test func firstMountCreatesViewsWithFramesAndAttributesWithoutAnimations() throws {
        let h = Harness()
        let host = h.host((), SizeRange(exactly: Size(200, 50))) { _ in Seeds.Example(active: true, trailing: true) }
        let commit = try #require(h.lastCommit)
        let (box, row) = h.run { ((host.mountedLayout!.component as! Seeds.Example).box.mountedView!, host.subviews[0]) }
        #expect(h.run { host.bounds.size } == Size(200, 50))
        #expect(h.run { row.frame } == Rect(x: 0, y: 0, width: 200, height: 50))
        #expect(h.run { box.frame } == Rect(x: 150, y: 0, width: 50, height: 50))
        #expect(commit.value(of: .backgroundColor, layer: box.layer.id) == .color(.green))
        #expect(commit.addedAnimations.isEmpty, "nothing animates in on a mount without animations")
    }

    @Test func remountReusesTheViewAndResetsDroppedAttributes() throws {
        let h = Harness()
        let host = h.host(true, SizeRange(exactly: Size(100, 100))) { on in
            Component(view: ViewConfiguration(on ? [.backgroundColor(.red), .cornerRadius(8)] : [.backgroundColor(.blue)]),
                      size: ComponentSize(width: 10, height: 10))
        }
        let v1 = h.run { host.subviews[0] }
        h.run { host.update(model: false, mode: .synchronous) }
        h.settle()
        let c = try #require(h.lastCommit)
        #expect(h.run { host.subviews[0] } === v1, "the same position and class keep the view")
        #expect(c.value(of: .backgroundColor, layer: v1.layer.id) == .color(.blue))
        #expect(c.value(of: .cornerRadius, layer: v1.layer.id) == .number(0), "an attribute the new configuration lacks is reset")
        #expect(c.addedAnimations.isEmpty, "configuration changes never animate by themselves")
    }

    @Test func initialMountAnimationFadesIn() throws {
        let h = Harness()
        let host = h.host((), SizeRange(exactly: Size(100, 50))) { _ in Seeds.Fade() }
        let commit = try #require(h.lastCommit)
        let added = try #require(commit.addedAnimations.first)
        let v = h.run { host.subviews[0] }
        #expect(added.layer == v.layer.id)
        guard case let .basic(b) = added.animation.kind else { Issue.record("not basic"); return }
        #expect(b.keyPath == "opacity" && b.from == .number(0))
        #expect(added.animation.timing.beginTime == 1000 && added.animation.timing.duration == 0.5)
        let mid = h.run { v.layer.presentation(at: 1000.25).opacity }
        #expect(mid > 0.5 && mid < 1, "eased out: more than half way at half time (\(mid))")
        #expect(h.run { v.layer.presentation(at: 1000.6).opacity } == 1)
    }

    @Test func changeAnimationsRunOnlyForWhatChanged() throws {
        let h = Harness()
        let host = h.host((false, false), SizeRange(exactly: Size(200, 50))) { m in Seeds.Example(active: m.0, trailing: m.1) }
        let box = h.run { (host.mountedLayout!.component as! Seeds.Example).box.mountedView! }
        // Only the colour changes: one background-colour animation from gray.
        h.run { host.update(model: (true, false), mode: .synchronous) }
        h.settle()
        var added = try #require(h.lastCommit).addedAnimations
        #expect(added.count == 1)
        guard case let .basic(b) = added[0].animation.kind else { Issue.record("not basic"); return }
        #expect(added[0].layer == box.layer.id && b.keyPath == "backgroundColor" && b.from == .color(.gray) && b.to == nil)
        // Only the position changes: one position animation, from the leading place.
        h.now = 1010
        h.run { host.update(model: (true, true), mode: .synchronous) }
        h.settle()
        added = try #require(h.lastCommit).addedAnimations
        #expect(added.count == 1)
        guard case let .basic(p) = added[0].animation.kind else { Issue.record("not basic"); return }
        #expect(p.keyPath == "position" && p.from == .point(Point(25, 25)) && added[0].animation.timingFunction == .easeOut)
        #expect(h.run { box.layer.presentation(at: 1010).position } == Point(25, 25))
        #expect(h.run { box.layer.presentation(at: 1010.25).position } == Point(175, 25))
        #expect(h.run { box.mountedViewOwnerIsSame(host) })
    }

    @Test func aChangeAnimationOfAnUnchangedPropertySendsNothing() throws {
        let h = Harness()
        let host = h.host((false, false), SizeRange(exactly: Size(200, 50))) { m in
            Seeds.Example(active: m.0, trailing: m.1, conditional: false)
        }
        // Both animations are returned, but only the colour changed: the group keeps one part.
        h.run { host.update(model: (true, false), mode: .synchronous) }
        h.settle()
        let added = try #require(h.lastCommit).addedAnimations
        #expect(added.count == 1)
        guard case let .group(g) = added[0].animation.kind else { Issue.record("not a group"); return }
        #expect(g.animations.compactMap(\.keyPath) == ["backgroundColor"])
        // Nothing changed: nothing on the wire at all.
        let before = h.commits.count
        h.run { host.update(model: (true, false), mode: .synchronous) }
        h.settle()
        #expect(h.commits[before...].allSatisfy { $0.addedAnimations.isEmpty && $0.setProperties.isEmpty })
    }

    @Test func stateUpdateShowsTheQuoteOverlayScalingIn() throws {
        let h = Harness()
        let host = h.host((), SizeRange(max: Size(400, 400))) { _ in Seeds.Quote(text: "Hello") }
        #expect(h.run { host.mountedLayout!.children[0].layout.children.count } == 1, "no overlay yet")
        let quote = h.run { host.mountedLayout!.component as! Seeds.Quote }
        #expect(quote.overlay == nil)
        h.run { quote.updateState({ (shown: Bool) in !shown }, mode: .synchronous) }
        h.settle()
        let newQuote = h.run { host.mountedLayout!.component as! Seeds.Quote }
        let overlay = try #require(newQuote.overlay)
        let ov = try #require(h.run { overlay.mountedView })
        let added = try #require(h.lastCommit).addedAnimations
        #expect(added.count == 1 && added[0].layer == ov.layer.id)
        #expect(h.run { ov.frame } == Rect(x: 60, y: 10, width: 80, height: 80))
        #expect(h.run { ov.layer.presentation(at: h.now).transform } == .scale(x: 0, y: 0, z: 0))
        // A rebuild that leaves the overlay shown animates nothing.
        let before = h.commits.count
        h.run { newQuote.updateState({ (shown: Bool) in shown }, mode: .synchronous) }
        h.settle()
        #expect(h.commits[before...].allSatisfy { $0.addedAnimations.isEmpty })
    }

    @Test func asynchronousStateUpdatesBuildOffTheHostQueue() throws {
        let h = Harness()
        final class Probe { var buildThreads: [Bool] = [] }
        let probe = Probe()
        let queue = h.queue
        let host = h.host((), SizeRange(max: Size(400, 400))) { _ -> Component in
            // Is this build running on the host's queue? (dispatchPrecondition would trap; ask instead.)
            probe.buildThreads.append(DispatchQueue.getSpecific(key: onQueueKey) == 1)
            return Seeds.Quote(text: "Hi")
        }
        queue.setSpecific(key: onQueueKey, value: 1)
        let quote = h.run { host.mountedLayout!.component as! Seeds.Quote }
        quote.updateState({ (s: Bool) in !s })   // from the test thread, asynchronously
        host.buildQueue.sync {}                  // the build has run and queued its mount
        h.settle()
        #expect(probe.buildThreads.last == false, "built on the build queue, not the host's queue")
        #expect(h.run { (host.mountedLayout!.component as! Seeds.Quote).overlay != nil })
    }

    @Test func finalUnmountAnimatesASnapshotRemovedWhenDone() throws {
        let h = Harness()
        let host = h.host(true, SizeRange(exactly: Size(100, 100))) { show in
            FlexboxComponent(view: ViewConfiguration(), children: [FlexboxChild(show ? Seeds.Leaving() : nil)])
        }
        let leaving = h.run { host.subviews[0].subviews[0] }
        let before = h.commits.count
        h.run { host.update(model: false, mode: .synchronous) }
        h.settle()
        let commit = try #require(h.lastCommit)
        let added = try #require(commit.addedAnimations.first)
        #expect(added.layer != leaving.layer.id, "the animation runs on a snapshot")
        #expect(commit.commands.contains(.removeFromSuperlayer(leaving.layer.id)))
        guard case let .basic(b) = added.animation.kind else { Issue.record("not basic"); return }
        #expect(b.to == .number(0.2) && b.from == nil && added.animation.timing.fillMode == .forwards && !added.animation.isRemovedOnCompletion)
        let snapshot = try #require(h.run { host.layer.sublayers.last }, "the snapshot stands topmost in the host")
        #expect(h.run { snapshot.id } == added.layer)
        #expect(h.run { snapshot.opacity } == 0.9)
        // At the leaving view's place, in the host's space.
        let place = h.run { leaving.convert(leaving.bounds.origin, to: host) }
        #expect(h.run { snapshot.frame } == Rect(x: place.x, y: place.y, width: 30, height: 30), "\(h.run { snapshot.frame })")
        #expect(host.reusePoolCounts["View"] == 1, "the original view went back to the pool")
        h.stopAnimations(since: before)
        #expect(h.run { snapshot.superlayer } == nil, "removed once its animation stopped")
    }

    @Test func aHookWithoutAScopeFailsWithAMessage() {
        let c = Seeds.Unscoped()
        #expect(throws: MissingScopeError.self) { try c.validateAnimationHooks() }
        do { try c.validateAnimationHooks() } catch {
            #expect("\(error)".contains("Unscoped implements animationsOnInitialMount but has no scope"))
        }
        #expect(throws: Never.self) { try Seeds.Fade().validateAnimationHooks() }
        #expect(throws: Never.self) { try Component().validateAnimationHooks() }
    }

    @Test func reusePoolHandsAViewOfTheSameClassToANewComponent() throws {
        let h = Harness()
        let host = h.host(0, SizeRange(exactly: Size(100, 100))) { n in
            FlexboxComponent(children: [FlexboxChild(n == 0 ? Seeds.Leaving() : Seeds.Fade(color: .green))])
        }
        let first = h.run { host.subviews[0] }
        h.run { host.update(model: 1, mode: .synchronous) }
        h.settle()
        let second = h.run { host.subviews[0] }
        #expect(second === first, "a different scope, but the pooled view of the same class is reused")
        let c = try #require(h.lastCommit)
        #expect(c.value(of: .opacity, layer: first.layer.id) == .number(1), "the old alpha attribute was reset")
        #expect(c.addedAnimations.filter { $0.layer == first.layer.id }.map(\.animation.keyPath) == ["opacity"],
                "the new scope fades in on the reused view")
        #expect(c.addedAnimations.filter { $0.layer != first.layer.id }.count == 1, "the old one fades out on its snapshot")
    }

    @Test func customHooksRunAroundTheMount() throws {
        let h = Harness()
        final class Log { var events: [String] = [] }
        let log = Log()
        final class Hooked: Component {
            let log: Log
            init(_ log: Log, color: Color) {
                self.log = log
                let scope = Scope(Hooked.self)
                super.init(view: ViewConfiguration([.backgroundColor(color)]), size: ComponentSize(width: 10, height: 10), scope: scope)
            }
            override func animationsFromPreviousComponent(_ p: Component) -> [ComponentAnimation] {
                let log = self.log, me = self
                return [ComponentAnimation(hooks: ComponentAnimationHooks(
                    willRemount: { log.events.append("will \(me.mountedView == nil ? "unmounted" : "mounted")"); return "ctx" },
                    didRemount: { ctx in log.events.append("did \(ctx as? String ?? "?") \(me.mountedView?.backgroundColor == .blue)"); return 7 },
                    cleanup: { ctx in log.events.append("cleanup \(ctx as? Int ?? 0)") }))]
            }
        }
        let host = h.host(0, SizeRange(exactly: Size(10, 10))) { n in n == 2 ? Component() : Hooked(log, color: n == 0 ? .red : .blue) }
        h.run { host.update(model: 1, mode: .synchronous) }
        h.settle()
        // didRemount added no animation: its transaction completes at once, and with it the cleanup.
        #expect(log.events == ["will unmounted", "did ctx true", "cleanup 7"])
        h.run { host.update(model: 2, mode: .synchronous) }
        h.settle()
        #expect(log.events.count == 3, "cleaned up once: the component going away does not clean it up again")
    }

    @Test func boundsAnimationAnimatesTheHostResizeAndTheInnerLayoutTogether() throws {
        let h = Harness()
        final class Article: CompositeComponent {
            let expanded: Bool
            init(expanded: Bool) {
                self.expanded = expanded
                let scope = Scope(Article.self)
                super.init(scope: scope, component: FlexboxComponent(view: ViewConfiguration(), children: [
                    FlexboxChild(Component(view: ViewConfiguration(), size: ComponentSize(width: 100, height: expanded ? 200 : 50))),
                    FlexboxChild(Component(view: ViewConfiguration([.backgroundColor(.red)]), size: ComponentSize(width: 100, height: 20))),
                ]))
            }
            override func boundsAnimationFromPreviousComponent(_ p: Component) -> BoundsAnimation? {
                !(p as! Article).expanded && expanded
                    ? BoundsAnimation(duration: 0.5, mode: .spring, springDampingRatio: 0.7, springInitialVelocity: 1) : nil
            }
        }
        let host = h.host(false, SizeRange(min: Size(100, 0), max: Size(100, .infinity))) { Article(expanded: $0) }
        let footer = h.run { host.subviews[0].subviews[1] }
        #expect(h.run { footer.center } == Point(50, 60))
        h.run { host.update(model: true, mode: .synchronous) }
        h.settle()
        let added = try #require(h.lastCommit).addedAnimations
        let springs = added.filter { if case .spring = $0.animation.kind { return true }; return false }
        #expect(springs.count == added.count && !added.isEmpty, "every frame change is a spring")
        #expect(added.contains { $0.layer == footer.layer.id && $0.key == "position" }, "the footer reflows with it")
        #expect(added.contains { $0.layer == host.layer.id && $0.key == "bounds" }, "the host's resize animates")
        guard case let .spring(s) = added.first(where: { $0.layer == footer.layer.id })!.animation.kind else { return }
        #expect(abs(s.dampingRatio - 0.7) < 1e-9 && s.initialVelocity == 1 && abs(s.settlingDuration - 0.5) < 1e-6)
        #expect(h.run { footer.layer.presentation(at: h.now).position } == Point(50, 60))
        #expect(close(h.run { footer.layer.presentation(at: h.now + 0.6).position.y }, 210, 0.15),
                "settled within a thousandth of the distance by the end")
        let mid = h.run { footer.layer.presentation(at: h.now + 0.15).position.y }
        #expect(mid > 150 && mid < 230, "moving at 0.15 s (\(mid))")
        // Collapsing returns no bounds animation: frames jump.
        h.run { host.update(model: false, mode: .synchronous) }
        h.settle()
        #expect(h.lastCommit!.addedAnimations.isEmpty)
    }
}

let onQueueKey = DispatchSpecificKey<Int>()

extension View {
    /// Whether the view belongs to `host`'s tree.
    func mountedViewOwnerIsSame(_ host: View) -> Bool { isDescendant(of: host) }
}

@Suite struct HostLifetimeTests {
    @Test func aReleasedHostIsFreedAndCleansUpItsHooks() {
        let h = Harness()
        final class Log { var cleanups = 0 }
        let log = Log()
        final class Hooked: Component {
            let log: Log
            init(_ log: Log) {
                self.log = log
                let scope = Scope(Hooked.self)
                super.init(view: ViewConfiguration(), size: ComponentSize(width: 10, height: 10), scope: scope)
            }
            override func animationsOnInitialMount() -> [ComponentAnimation] {
                let log = self.log
                return [ComponentAnimation(hooks: ComponentAnimationHooks(cleanup: { _ in log.cleanups += 1 }))]
            }
        }
        weak var weakHost: HostingView<Int>?
        h.run {
            let host = HostingView(model: 0, sizeRange: SizeRange(exactly: Size(10, 10)), context: h.context) { _ in Hooked(log) }
            weakHost = host
        }
        h.settle()
        #expect(weakHost == nil, "no retain cycle keeps the host alive")
        #expect(log.cleanups == 1, "custom hooks are cleaned up when the host goes away")
    }
}

@Suite struct DefaultBoundsAnimationTests {
    final class Grower: Component {
        let tall: Bool
        init(tall: Bool) {
            self.tall = tall
            let scope = Scope(Grower.self)
            super.init(view: ViewConfiguration(), size: ComponentSize(width: 10, height: tall ? 100 : 10), scope: scope)
        }
        override func boundsAnimationFromPreviousComponent(_ p: Component) -> BoundsAnimation? {
            BoundsAnimation(duration: 0.3, delay: 0.1, options: .curveEaseIn)
        }
    }

    @Test func defaultModeUsesTheCurveDelayAndDuration() throws {
        let h = Harness()
        let host = h.host(false, SizeRange(max: Size(100, 200))) { Grower(tall: $0) }
        h.run { host.update(model: true, mode: .synchronous) }
        h.settle()
        let added = try #require(h.lastCommit).addedAnimations
        let v = h.run { host.subviews[0] }
        let boundsOfView = try #require(added.first { $0.layer == v.layer.id && $0.key == "bounds" })
        guard case let .basic(b) = boundsOfView.animation.kind else { Issue.record("not basic"); return }
        #expect(b.from == .rect(Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(boundsOfView.animation.timingFunction == .easeIn && boundsOfView.animation.timing.duration == 0.3)
        #expect(boundsOfView.animation.timing.beginTime == 1000.1, "starts after the delay")
        #expect(h.run { v.layer.presentation(at: 1000.05).bounds.height } == 10, "holds the old size during the delay")
        #expect(h.run { v.layer.presentation(at: 1000.5).bounds.height } == 100)
        #expect(added.contains { $0.layer == host.layer.id && $0.key == "bounds" }, "the host grows with it")
    }
}

@Suite struct NoAccidentalAnimationTests {
    @Test func aNewViewNeverAnimatesInEvenInsideAnAnimationBlock() throws {
        let h = Harness()
        let host = h.host(1, SizeRange(exactly: Size(100, 100))) { n in
            FlexboxComponent(view: ViewConfiguration(), style: FlexboxStyle(direction: .row),
                             children: (0..<n).map { i in FlexboxChild(Component(view: ViewConfiguration([.backgroundColor(i == 0 ? .red : .blue)]),
                                                                                 size: ComponentSize(width: 20, height: 20))) })
        }
        let first = h.run { host.subviews[0].subviews[0] }
        // The app wraps the update in a block: the kept view's attribute change still does
        // not animate (configuration is permanent), and the new view appears in place.
        h.run { View.animate(withDuration: 1) { host.update(model: 2, mode: .synchronous) } }
        h.settle()
        let second = h.run { host.subviews[0].subviews[1] }
        let added = try #require(h.lastCommit).addedAnimations
        #expect(!added.contains { $0.layer == second.layer.id }, "the new view takes its frame and colour at once")
        #expect(!added.contains { $0.layer == first.layer.id && $0.key == "backgroundColor" })
        #expect(h.run { second.layer.presentation(at: h.now).position } == Point(30, 10))
    }
}

@Suite struct FinalUnmountPlacementTests {
    @Test func aSnapshotWhoseParentAlsoGoesStandsInTheHostAtTheSamePlace() throws {
        let h = Harness()
        let host = h.host(true, SizeRange(exactly: Size(100, 100))) { show in
            FlexboxComponent(style: FlexboxStyle(padding: Edges(top: 20, left: 10)), children: [FlexboxChild(show
                ? FlexboxComponent(view: ViewConfiguration(), style: FlexboxStyle(padding: Edges(all: 5)), children: [FlexboxChild(Seeds.Leaving())])
                : nil)])
        }
        let leaving = h.run { host.subviews[0].subviews[0] }
        #expect(h.run { leaving.convert(Point(0, 0), to: host) } == Point(15, 25))
        h.run { host.update(model: false, mode: .synchronous) }
        h.settle()
        let added = try #require(h.lastCommit?.addedAnimations.first)
        let snapshot = try #require(h.run { host.layer.sublayers.first { $0.id == added.layer } }, "in the host: the parent went too")
        #expect(h.run { snapshot.frame } == Rect(x: 15, y: 25, width: 30, height: 30))
        #expect(h.run { host.subviews.isEmpty })
    }
}

@Suite struct HostSizeRangeTests {
    @Test func aNewSizeRangeRelaysTheTreeOut() {
        let h = Harness()
        let host = h.host((), SizeRange(exactly: Size(100, 50))) { _ in
            FlexboxComponent(view: ViewConfiguration(), children: [FlexboxChild(Component(view: ViewConfiguration(), size: ComponentSize(height: 10)))])
        }
        h.run { host.sizeRange = SizeRange(exactly: Size(200, 50)) }
        host.buildQueue.sync {}
        h.settle()
        #expect(h.run { host.bounds.size } == Size(200, 50))
        #expect(h.run { host.subviews[0].subviews[0].frame } == Rect(x: 0, y: 0, width: 200, height: 10), "the child stretches to the new width")
    }
}
