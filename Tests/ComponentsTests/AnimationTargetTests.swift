import Testing
import RenderCore
import RenderClient
import RenderViews
@testable import Components

/// Issue 19: `layerPath`, the animation wrapper component, `blockImplicitAnimations`, and
/// final animations of components that were built but never mounted.
@Suite struct AnimationTargetTests {
    /// A view with a sublayer named "badge" and a mask.
    static func badgeView(_ ctx: Context) -> View {
        let v = View(frame: .zero, context: ctx)
        let badge = Layer(context: ctx)
        badge.name = "badge"
        v.layer.addSublayer(badge)
        v.layer.mask = Layer(context: ctx)
        return v
    }

    final class Badged: Component {
        let badgeAlpha: Double
        init(badgeAlpha: Double) {
            self.badgeAlpha = badgeAlpha
            let scope = Scope(Badged.self)
            super.init(view: ViewConfiguration(View.self, make: AnimationTargetTests.badgeView, [
                .custom(identifier: "badge", apply: { $0.layer.sublayers[0].opacity = badgeAlpha },
                        unapply: { $0.layer.sublayers[0].opacity = 1 }),
            ]), size: ComponentSize(width: 20, height: 20), scope: scope)
        }
        override func animationsOnInitialMount() -> [ComponentAnimation] {
            [ComponentAnimation(self, CK.Animation.scaleFrom(0), layerPath: "layer.mask")]
        }
        override func animationsFromPreviousComponent(_ p: Component) -> [ComponentAnimation] {
            [ComponentAnimation(self, CK.Animation.alpha(), layerPath: "badge")]
        }
        override func animationsOnFinalUnmount() -> [ComponentAnimation] {
            [ComponentAnimation(self, CK.Animation.alphaTo(0), layerPath: "layer.0")]
        }
    }

    @Test func aLayerPathTargetsTheSublayerInEveryPhase() throws {
        let h = Harness()
        let host = h.host(Optional(0.5), SizeRange(exactly: Size(100, 100))) { a in
            FlexboxComponent(view: ViewConfiguration(), children: [FlexboxChild(a.map { Badged(badgeAlpha: $0) })])
        }
        let v = h.run { host.subviews[0].subviews[0] }
        let (badge, mask) = h.run { (v.layer.sublayers[0], v.layer.mask!) }
        var added = try #require(h.lastCommit).addedAnimations
        #expect(added.count == 1 && added[0].layer == mask.id && added[0].animation.keyPath == "transform.scale",
                "initial: on the mask")
        h.run { host.update(model: 0.8, mode: .synchronous) }
        h.settle()
        added = try #require(h.lastCommit).addedAnimations
        #expect(added.count == 1 && added[0].layer == badge.id, "change: on the badge")
        guard case let .basic(b) = added[0].animation.kind else { Issue.record("not basic"); return }
        #expect(b.keyPath == "opacity" && b.from == .number(0.5), "from the badge's previous value")
        h.run { host.update(model: nil, mode: .synchronous) }
        h.settle()
        added = try #require(h.lastCommit).addedAnimations
        let snapshot = try #require(h.run { host.layer.sublayers.first { $0.name?.hasPrefix("snapshot of") == true } })
        let snapBadge = h.run { snapshot.sublayers[0] }
        #expect(added.count == 1 && added[0].layer == snapBadge.id && added[0].animation.keyPath == "opacity",
                "final: on the snapshot's copy of the badge")
        #expect(h.run { snapBadge.name } == "badge")
    }

    @Test func aMissingLayerPathTrapsNamingTheComponentAndThePath() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Lost: Component {
                init() {
                    let scope = Scope(Lost.self)
                    super.init(view: ViewConfiguration(), size: ComponentSize(width: 10, height: 10), scope: scope)
                }
                override func animationsOnInitialMount() -> [ComponentAnimation] {
                    [ComponentAnimation(self, CK.Animation.alphaFrom(0), layerPath: "layer.mask")]
                }
            }
            let h = Harness()
            _ = h.host((), SizeRange(exactly: Size(10, 10))) { _ in Lost() }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("has no mounted layer at key path \"layer.mask\""), "\(stderr)")
    }

    @Test func theAnimationComponentAnimatesAChildItDoesNotOwn() throws {
        let h = Harness()
        // The child is unscoped and has no hooks; one with a view, one without.
        let host = h.host(true, SizeRange(exactly: Size(100, 100))) { show in
            FlexboxComponent(view: ViewConfiguration(), children: [
                FlexboxChild(AnimationComponent(component: show ? Component(view: ViewConfiguration([.backgroundColor(.red)]),
                                                                            size: ComponentSize(width: 10, height: 10)) : nil,
                                                identifier: "red", onInitialMount: CK.Animation.alphaFrom(0).withDuration(0.3),
                                                onFinalUnmount: CK.Animation.alphaTo(0).withDuration(0.2))),
                FlexboxChild(AnimationComponent(component: CompositeComponent(component: Component(view: ViewConfiguration(),
                                                                                                   size: ComponentSize(width: 20, height: 20))),
                                                identifier: "plain", onInitialMount: CK.Animation.translationYFrom(-10))),
            ])
        }
        let (red, wrapper) = h.run { (host.subviews[0].subviews[0], host.subviews[0].subviews[1]) }
        #expect(h.run { wrapper.frame.height } == 20 && h.run { wrapper.subviews.count } == 1,
                "a child without a view of its own is wrapped in one")
        let added = try #require(h.lastCommit).addedAnimations
        let fade = try #require(added.first { $0.layer == red.layer.id })
        guard case let .basic(f) = fade.animation.kind else { Issue.record("not basic"); return }
        #expect(f.keyPath == "opacity" && f.from == .number(0) && fade.animation.timing.duration == 0.3
                && fade.animation.timing.fillMode == .backwards)
        #expect(added.contains { $0.layer == wrapper.layer.id && $0.animation.keyPath == "transform.translation.y" })
        // The child goes: it fades out on a snapshot. (Identifiers keep the other wrapper's scope
        // when the first one goes; without them it would take the first one's place by order.)
        h.run { host.update(model: false, mode: .synchronous) }
        h.settle()
        let gone = try #require(h.lastCommit).addedAnimations
        #expect(gone.count == 1 && gone[0].layer != red.layer.id)
        guard case let .basic(g) = gone[0].animation.kind else { Issue.record("not basic"); return }
        #expect(g.to == .number(0) && gone[0].animation.timing.duration == 0.2 && !gone[0].animation.isRemovedOnCompletion)
        #expect(AnimationComponent(component: nil, onInitialMount: CK.Animation.alphaFrom(0)) == nil)
    }

    @Test func blockImplicitAnimationsKeepsAViewsFrameStillInsideABoundsAnimation() throws {
        let h = Harness()
        final class Pair: CompositeComponent {
            let tall: Bool
            init(tall: Bool) {
                self.tall = tall
                let scope = Scope(Pair.self)
                let size = ComponentSize(width: 10, height: tall ? 40 : 20)
                super.init(scope: scope, component: FlexboxComponent(view: ViewConfiguration(), children: [
                    FlexboxChild(Component(view: ViewConfiguration(), size: size)),
                    FlexboxChild(Component(view: ViewConfiguration(blockImplicitAnimations: true), size: size)),
                ]))
            }
            override func boundsAnimationFromPreviousComponent(_ p: Component) -> BoundsAnimation? { BoundsAnimation(duration: 0.5) }
        }
        let host = h.host(false, SizeRange(max: Size(100, 200))) { Pair(tall: $0) }
        let (free, blocked) = h.run { (host.subviews[0].subviews[0], host.subviews[0].subviews[1]) }
        h.run { host.update(model: true, mode: .synchronous) }
        h.settle()
        let added = try #require(h.lastCommit).addedAnimations
        #expect(added.contains { $0.layer == free.layer.id && $0.key == "bounds" }, "the other view's frame animates")
        #expect(!added.contains { $0.layer == blocked.layer.id }, "the blocked view takes its frame at once")
        #expect(h.run { blocked.frame } == Rect(x: 0, y: 40, width: 10, height: 40))
    }

    @Test func aFinalAnimationOfAComponentBuiltButNeverMountedIsDropped() throws {
        let h = Harness()
        let host = h.host(0, SizeRange(exactly: Size(100, 100))) { n in
            FlexboxComponent(view: ViewConfiguration(), children: [FlexboxChild(n == 1 ? Seeds.Leaving() : nil)])
        }
        let before = h.commits.count
        h.run {
            host.update(model: 1)                 // built with Leaving; its mount is dropped
            host.buildQueue.sync {}
            host.update(model: 2, mode: .synchronous)
        }
        h.settle()
        #expect(h.commits(since: before).flatMap(\.addedAnimations).isEmpty, "nothing to fade out: it never had a view")
    }
}
