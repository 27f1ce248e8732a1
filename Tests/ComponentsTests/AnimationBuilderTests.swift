import Testing
import RenderCore
@testable import Components

/// The builders give the Core Animation animations ComponentKit's do, with from/to
/// inference by phase.
@Suite struct AnimationBuilderTests {
    func basic(_ a: Animation) -> BasicAnimation? { if case let .basic(b) = a.kind { return b }; return nil }
    func group(_ a: Animation) -> [Animation] { if case let .group(g) = a.kind { return g.animations }; return [] }

    @Test func initialGivesOnlyFromAndFillsBackwards() throws {
        let a = CK.Animation.alphaFrom(0).easeOut(0.5).animation
        let b = try #require(basic(a))
        #expect(b.keyPath == "opacity" && b.from == .number(0) && b.to == nil && b.by == nil)
        #expect(a.timing.duration == 0.5 && a.timing.fillMode == .backwards && a.timingFunction == .easeOut)
        #expect(basic(CK.Animation.translationYFrom(-40).animation)?.keyPath == "transform.translation.y")
        #expect(basic(CK.Animation.scaleFrom(0).animation)?.keyPath == "transform.scale")
        #expect(basic(CK.Animation.rotationFrom(1).animation)?.keyPath == "transform.rotation.z")
        #expect(CK.Animation.alphaFrom(0).animation.timing.duration == 0.25, "Core Animation's default duration")
        #expect(CK.Animation.alphaFrom(0).animation.timingFunction == .linear, "ComponentKit's default pacing")
    }

    @Test func finalGivesOnlyToAndFillsForwards() throws {
        let a = CK.Animation.alphaTo(0.3).withDelay(0.1).animation
        let b = try #require(basic(a))
        #expect(b.from == nil && b.to == .number(0.3))
        #expect(a.timing.fillMode == .forwards && a.timing.beginTime == 0.1)
        #expect(!a.isRemovedOnCompletion, "a final animation is not removed on completion (CKAnimationTests_Final)")
        #expect(basic(CK.Animation.backgroundColorTo(.red).animation)?.to == .color(.red))
    }

    @Test func changeGivesNeitherAndFillsBackwardsOnlyWhenDelayed() throws {
        let a = CK.Animation.position().easeOut().animation
        let b = try #require(basic(a))
        #expect(b.keyPath == "position" && b.from == nil && b.to == nil && b.by == nil)
        #expect(a.timing.fillMode == .removed && a.timingFunction == .easeOut)
        #expect(CK.Animation.backgroundColor().withDelay(0.2).animation.timing.fillMode == .backwards)
        #expect(CK.Animation.alpha().timingCurveWithControlPoints((0.1, 0.2), (0.3, 0.4)).animation.timingFunction
                == TimingFunction(0.1, 0.2, 0.3, 0.4))
    }

    @Test func parallelPassesItsDurationToPartsWithout() {
        let p = CK.Animation.parallel(CK.Animation.position(), CK.Animation.backgroundColor()).withDuration(0.5).animation
        #expect(p.timing.duration == 0.5)
        #expect(group(p).map(\.timing.duration) == [0.5, 0.5])
        #expect(CK.Animation.parallel(CK.Animation.alphaFrom(0), CK.Animation.scaleFrom(0)).animation.timing.fillMode == .backwards)
        #expect(CK.Animation.parallel(CK.Animation.alpha(), CK.Animation.position()).animation.timing.fillMode == .backwards,
                "a change group fills backwards (CKAnimationTests_Parallel)")
        let f = CK.Animation.parallel(CK.Animation.alphaTo(0), CK.Animation.scaleTo(0)).animation
        #expect(f.timing.fillMode == .forwards && !f.isRemovedOnCompletion)
        let e = CK.Animation.parallel(CK.Animation.alphaFrom(0), CK.Animation.translationYFrom(0)).easeIn(0.25).withDelay(0.1).animation
        #expect(e.timing.duration == 0.25 && e.timing.beginTime == 0.1 && e.timingFunction == .easeIn)
        #expect(CK.Animation.parallel(CK.Animation.alphaFrom(0), CK.Animation.translationYFrom(0))
                    .timingCurveWithControlPoints((0.14, 1), (0.34, 1)).animation.timingFunction == TimingFunction(0.14, 1, 0.34, 1))
    }

    /// `durationForParallelGroup`: a group whose duration can be set lasts that duration or
    /// Core Animation's default — not its longest member — and cuts longer members.
    @Test func aGroupWithoutADurationTakesTheDefaultAndCutsLongerMembers() {
        let q = CK.Animation.parallel(CK.Animation.alphaFrom(0).withDuration(1), CK.Animation.scaleFrom(0)).animation
        #expect(q.timing.duration == 0.25, "Core Animation's default, not the longest member")
        #expect(group(q).map(\.timing.duration) == [1, 0.25], "the member without one takes the group's")
        // The long fade is cut where the group ends: at 0.3 s the model value shows.
        var layer = LayerProperties(); layer.opacity = 1
        let attached = [AttachedAnimation(key: "q", animation: q)]
        let mid = Presentation.presentation(model: layer, animations: attached, at: 0.2)
        #expect(close(mid.opacity, 0.2), "0.2 s into a 1 s fade")
        #expect(Presentation.presentation(model: layer, animations: attached, at: 0.3).opacity == 1, "cut at 0.25 s")
    }

    /// ComponentKit's `test_WhenDurationCannotBeSetExternally_DurationIsMaxDurationOfComposedAnimations`.
    @Test func aGroupHoldingASequenceOrASpringLastsItsLongestMember() {
        let a = CK.Animation.parallel(CK.Animation.alpha().withDuration(0.5),
                                      CK.Animation.sequence(CK.Animation.position().withDuration(0.3), CK.Animation.backgroundColor()))
        #expect(a.animation.timing.duration == 0.3 + 0.25)
        let spring = CK.Animation.scaleFrom(0).usingSpring()
        let s = CK.Animation.parallel(CK.Animation.alphaFrom(0), spring).animation
        #expect(s.timing.duration == spring.animation.timing.duration && s.timing.fillMode == .backwards)
        #expect(group(s)[0].timing.duration == spring.animation.timing.duration, "a member without a duration takes the group's")
    }

    /// `CKAnimationTests_Sequence`: each member starts when the previous one's duration has
    /// passed; the sequence lasts the sum; members' delays do not count.
    @Test func sequenceStartsEachMemberWhenThePreviousEnds() {
        let plain = CK.Animation.sequence(CK.Animation.alphaFrom(0), CK.Animation.translationYFrom(0)).animation
        #expect(group(plain).map(\.timing.beginTime) == [0, 0.25] && plain.timing.duration == 0.5)
        #expect(CK.Animation.sequence(CK.Animation.alphaFrom(0).withDuration(0.5), CK.Animation.translationYFrom(0)).animation.timing.duration == 0.75)
        #expect(CK.Animation.sequence(CK.Animation.alphaFrom(0), CK.Animation.translationYFrom(0).withDuration(0.5)).animation.timing.duration == 0.75)
        let s = CK.Animation.sequence(CK.Animation.alphaFrom(0).withDuration(0.2),
                                      CK.Animation.translationYFrom(-40).withDuration(0.3)).animation
        #expect(s.timing.duration == 0.5 && s.timing.fillMode == .backwards && s.timingFunction == .linear)
        #expect(group(s).map(\.timing.beginTime) == [0, 0.2])
        #expect(group(s)[1].timing.fillMode == .backwards, "an initial member shows its start while the first runs")
        // A later member's delay is replaced by its begin time and counts nowhere.
        let n = CK.Animation.sequence(CK.Animation.parallel(CK.Animation.alphaFrom(0), CK.Animation.scaleFrom(0.5)).withDuration(0.4),
                                      CK.Animation.translationXFrom(10).withDelay(0.1)).withDelay(0.05).animation
        #expect(group(n).map(\.timing.beginTime) == [0, 0.4])
        #expect(n.timing.duration == 0.65 && n.timing.beginTime == 0.05)
        #expect(group(group(n)[0]).map(\.timing.duration) == [0.4, 0.4])
        #expect(CK.Animation.sequence(CK.Animation.alphaFrom(0), CK.Animation.translationYFrom(0)).easeOut().animation.timingFunction == .easeOut)
    }

    @Test func aChangeSequenceAndItsMembersDoNotFill() {
        let c = CK.Animation.sequence(CK.Animation.backgroundColor().withDuration(0.2), CK.Animation.position().withDuration(0.3)).animation
        #expect(c.timing.fillMode == .removed)
        #expect(group(c).map(\.timing.fillMode) == [.removed, .removed])
        let delayed = CK.Animation.sequence(CK.Animation.alpha(), CK.Animation.position().withDelay(0.1)).animation
        #expect(group(delayed).map(\.timing.fillMode) == [.removed, .backwards] && group(delayed)[1].timing.beginTime == 0.25,
                "a delayed change member fills backwards though its delay is replaced")
        let f = CK.Animation.sequence(CK.Animation.alphaTo(0), CK.Animation.scaleTo(0)).animation
        #expect(f.timing.fillMode == .removed && f.isRemovedOnCompletion, "a final sequence does not fill (mounting keeps it)")
        #expect(group(f).allSatisfy { $0.timing.fillMode == .forwards && !$0.isRemovedOnCompletion })
    }

    @Test func springUsesItsParametersAndSettlingDuration() throws {
        let a = CK.Animation.scaleFrom(0).usingSpring().withDamping(12).withStiffness(200).withMass(2).withInitialVelocity(3).animation
        guard case let .spring(s) = a.kind else { Issue.record("not a spring: \(a)"); return }
        #expect(s.keyPath == "transform.scale" && s.from == .number(0) && s.to == nil)
        #expect(s.damping == 12 && s.stiffness == 200 && s.mass == 2 && s.initialVelocity == 3)
        #expect(a.timing.duration == s.settlingDuration && a.timing.fillMode == .backwards)
        guard case let .spring(d) = CK.Animation.position().usingSpring().animation.kind else { Issue.record("not a spring"); return }
        #expect(d.mass == 1 && d.stiffness == 100 && d.damping == 10 && d.initialVelocity == 0, "CASpringAnimation's defaults")
        // CKAnimationTests_SpringChange / _SpringInitial: delay, curve and fill as CKAnimation.mm sets them.
        #expect(CK.Animation.alpha().easeIn().usingSpring().animation.timingFunction == .easeIn)
        #expect(CK.Animation.alpha().usingSpring().animation.timingFunction == .linear)
        #expect(CK.Animation.alpha().usingSpring().animation.timing.fillMode == .removed)
        let delayed = CK.Animation.alpha().usingSpring().withDelay(0.25).animation
        #expect(delayed.timing.fillMode == .backwards && delayed.timing.beginTime == 0.25)
        #expect(CK.Animation.alphaFrom(0).withDelay(0.25).usingSpring().animation.timing.beginTime == 0.25)
        #expect(CK.Animation.alphaFrom(0).usingSpring().animation.timing.fillMode == .backwards)
        #expect(CK.Animation.alpha().usingSpring().withDamping(20).animation.timing.duration
                != CK.Animation.alpha().usingSpring().animation.timing.duration, "the settling duration follows the parameters")
    }
}

/// What mounting commits for the builders ComponentKit defines differently from the seeds'
/// examples: a change sequence and its members do not fill; a final group is kept.
@Suite struct BuilderMountTests {
    final class Staged: Component {
        let on: Bool
        init(on: Bool) {
            self.on = on
            let scope = Scope(Staged.self)
            super.init(view: ViewConfiguration([.backgroundColor(on ? .red : .blue), .alpha(on ? 0.5 : 1)]),
                       size: ComponentSize(width: 10, height: 10), scope: scope)
        }
        override func animationsFromPreviousComponent(_ p: Component) -> [ComponentAnimation] {
            [ComponentAnimation(self, CK.Animation.sequence(CK.Animation.backgroundColor().withDuration(0.2), CK.Animation.alpha().withDuration(0.3)))]
        }
    }

    @Test func aChangeSequenceIsCommittedWithoutFill() throws {
        let h = Harness()
        let host = h.host(false, SizeRange(exactly: Size(10, 10))) { Staged(on: $0) }
        let before = h.commits.count
        h.run { host.update(model: true, mode: .synchronous) }
        h.settle()
        let added = try #require(h.commits(since: before).flatMap(\.addedAnimations).first)
        guard case let .group(g) = added.animation.kind else { Issue.record("not a group"); return }
        #expect(added.animation.timing.fillMode == .removed && added.animation.timing.duration == 0.5)
        #expect(g.animations.map(\.timing.fillMode) == [.removed, .removed] && g.animations.map(\.timing.beginTime) == [0, 0.2])
        guard case let .basic(fade) = g.animations[1].kind else { Issue.record("not basic"); return }
        #expect(fade.keyPath == "opacity" && fade.from == .number(1), "from the previous configuration")
        // Before the fade begins, the layer shows the new configuration (no backwards fill).
        let v = h.run { host.subviews[0] }
        #expect(close(h.run { v.layer.presentation(at: added.animation.timing.beginTime + 0.1).opacity }, 0.5))
    }
}

