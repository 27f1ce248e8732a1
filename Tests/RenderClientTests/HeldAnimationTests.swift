import Testing
@testable import RenderClient

/// An animation that is not removed on completion stays on the server after its finished
/// stop; removing it afterwards must still send the removal.
@Suite struct HeldAnimationTests {
    @Test func removingAFinishedHeldAnimationSendsTheRemoval() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        h.run {
            var a = Animation.basic("opacity", from: .number(0), to: .number(1), duration: 1)
            a.isRemovedOnCompletion = false
            a.timing.fillMode = .forwards
            l.add(a, forKey: "hold")
        }
        h.settle()
        let id = try #require(h.lastCommit?.addedAnimations.first?.id)
        h.deliver(.animationStopped(AnimationStopped(animationID: id, layer: l.id, finished: true, mediaTime: 1001)))
        h.run { #expect(l.animationKeys() == ["hold"], "held: still attached") }
        let n = h.commits.count
        h.run { l.removeAnimation(forKey: "hold") }
        h.settle()
        #expect(h.commits.count == n + 1)
        #expect(h.lastCommit?.commands.contains { if case .removeAnimation(_, key: "hold") = $0 { return true }; return false } == true)
    }
}
