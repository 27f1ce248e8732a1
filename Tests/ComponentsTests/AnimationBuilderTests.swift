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
        let q = CK.Animation.parallel(CK.Animation.alpha().withDuration(1), CK.Animation.position()).animation
        #expect(q.timing.duration == 1, "without its own duration the group lasts its longest part")
        #expect(group(q).map(\.timing.duration) == [1, 0.25])
        #expect(CK.Animation.parallel(CK.Animation.alphaFrom(0), CK.Animation.scaleFrom(0)).animation.timing.fillMode == .backwards)
        #expect(CK.Animation.parallel(CK.Animation.alphaTo(0), CK.Animation.scaleTo(0)).animation.timing.fillMode == .forwards)
    }

    @Test func sequenceStartsEachPartWhenThePreviousEnds() {
        let s = CK.Animation.sequence(CK.Animation.alphaFrom(0).withDuration(0.2),
                                      CK.Animation.translationYFrom(-40).withDuration(0.3)).animation
        #expect(s.timing.duration == 0.5)
        #expect(group(s).map(\.timing.beginTime) == [0, 0.2])
        #expect(group(s)[1].timing.fillMode == .backwards, "the second part shows its start while the first runs")
        // Nested: a parallel part, then one with a delay of its own.
        let n = CK.Animation.sequence(CK.Animation.parallel(CK.Animation.alphaFrom(0), CK.Animation.scaleFrom(0.5)).withDuration(0.4),
                                      CK.Animation.translationXFrom(10).withDelay(0.1)).withDelay(0.05).animation
        #expect(group(n).map(\.timing.beginTime) == [0, 0.5])
        #expect(n.timing.duration == 0.75 && n.timing.beginTime == 0.05)
        #expect(group(group(n)[0]).map(\.timing.duration) == [0.4, 0.4])
    }

    @Test func springUsesItsParametersAndSettlingDuration() throws {
        let a = CK.Animation.scaleFrom(0).usingSpring().withDamping(12).withStiffness(200).withMass(2).withInitialVelocity(3).animation
        guard case let .spring(s) = a.kind else { Issue.record("not a spring: \(a)"); return }
        #expect(s.keyPath == "transform.scale" && s.from == .number(0) && s.to == nil)
        #expect(s.damping == 12 && s.stiffness == 200 && s.mass == 2 && s.initialVelocity == 3)
        #expect(a.timing.duration == s.settlingDuration && a.timing.fillMode == .backwards)
        guard case let .spring(d) = CK.Animation.position().usingSpring().animation.kind else { Issue.record("not a spring"); return }
        #expect(d.mass == 1 && d.stiffness == 100 && d.damping == 10 && d.initialVelocity == 0, "CASpringAnimation's defaults")
    }
}
