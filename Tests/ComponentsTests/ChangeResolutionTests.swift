import Testing
import RenderCore
@testable import Components

/// Change animations take their values at mount time; unchanged properties drop out.
@Suite struct ChangeResolutionTests {
    var before: LayerProperties {
        var p = LayerProperties(); p.position = Point(10, 10); p.opacity = 1; p.backgroundColor = .gray; return p
    }
    var after: LayerProperties {
        var p = before; p.position = Point(100, 10); return p
    }

    @Test func springAndBasicLeavesTakeThePreviousValue() throws {
        var onScreen = before; onScreen.position = Point(20, 10)   // an animation was under way
        let spring = try #require(ChangeResolution.resolve(CK.Animation.position().usingSpring().animation, previousModel: before,
                                                           previousPresentation: onScreen, current: after))
        guard case let .spring(s) = spring.kind else { Issue.record("not a spring"); return }
        #expect(s.from == .point(Point(20, 10)) && s.to == nil, "from what was on screen, to the new configuration")
        #expect(ChangeResolution.resolve(CK.Animation.alpha().animation, previousModel: before, previousPresentation: before,
                                         current: after) == nil, "opacity did not change: nothing")
    }

    @Test func groupsKeepOnlyTheirChangedPartsAndTheirTiming() throws {
        let seq = CK.Animation.sequence(CK.Animation.backgroundColor().withDuration(0.2), CK.Animation.position().withDuration(0.3)).animation
        let r = try #require(ChangeResolution.resolve(seq, previousModel: before, previousPresentation: before, current: after))
        guard case let .group(g) = r.kind else { Issue.record("not a group"); return }
        #expect(g.animations.count == 1 && g.animations[0].keyPath == "position" && g.animations[0].timing.beginTime == 0.2)
        #expect(r.timing.duration == 0.5)
        let none = CK.Animation.parallel(CK.Animation.alpha(), CK.Animation.backgroundColor()).animation
        #expect(ChangeResolution.resolve(none, previousModel: before, previousPresentation: before, current: after) == nil)
        // Animations with values of their own pass unchanged.
        let given = Animation.basic("opacity", from: .number(0), duration: 1)
        #expect(ChangeResolution.resolve(given, previousModel: before, previousPresentation: before, current: after) == given)
    }

    @Test func aDelayIsAnchoredByAGroupStartingAtTheCommit() {
        let a = CK.Animation.alphaFrom(0).withDuration(0.4).withDelay(0.1).animation
        let anchored = ChangeResolution.anchoredAtCommit(a)
        #expect(anchored.timing.beginTime == 0 && anchored.timing.duration == 0.5 && anchored.timing.fillMode == .backwards)
        guard case let .group(g) = anchored.kind else { Issue.record("not a group"); return }
        #expect(g.animations == [a])
        #expect(ChangeResolution.anchoredAtCommit(CK.Animation.alphaFrom(0).animation) == CK.Animation.alphaFrom(0).animation)
    }
}
