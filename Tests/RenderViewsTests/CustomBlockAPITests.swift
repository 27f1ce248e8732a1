import Testing
import RenderViews // the public API only: no @testable here

/// A block API of one's own on the public view API (the seed's point): a "slow motion"
/// block whose changes animate linearly over `factor` × 0.25 s, plus a record of what it saw.
final class SlowMotionBlock: ViewActionProvider {
    let factor: Double
    var seen: [String] = []
    init(factor: Double) { self.factor = factor }
    func action(for view: View, forKey key: String) -> Action? {
        seen.append(key)
        guard let keyPath = try? LayerKeyPath(key), keyPath.property.isAnimatable else { return nil }
        return Animation.basic(keyPath, from: view.layer.value(forKeyPath: keyPath), duration: 0.25 * factor,
                               timingFunction: .linear)
    }
}

@Suite struct CustomBlockAPITests {
    @Test func aCustomProviderAnswersTheViewsActionSearch() {
        let h = Harness()
        let v = h.committed { View(frame: Rect(x: 0, y: 0, width: 10, height: 10)) }
        let block = SlowMotionBlock(factor: 4)
        let n = h.commits.count
        h.run {
            View.performWithActionProvider(block) {
                #expect(View.currentActionProvider === block)
                v.alpha = 0.5
                v.isHidden = true // discrete: the provider says nil, the view gives the null action
            }
            #expect(View.currentActionProvider == nil)
            v.alpha = 0.25 // outside: no animation
        }
        h.settle()
        #expect(block.seen == ["opacity", "hidden"])
        let added = h.commits(since: n).flatMap(\.addedAnimations)
        #expect(added.count == 1 && added.first?.key == "opacity")
        #expect(added.first?.animation.timing.duration == 1)
    }
}
