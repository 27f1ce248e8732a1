import RenderCore
import RenderProtocol
import Testing
@testable import RenderClient

/// What `rendersrv-demo restart --layers 30000` commits: transactions of 5,000 new layers,
/// each with three properties set and an animation added, every one sent.
@Suite struct LargeTransactionTests {
    @Test func everyAnimationOfLargeTransactionsIsSent() throws {
        let h = Harness()
        let total = 30_000, perCommit = 5_000
        let root = h.committed { Layer() }
        h.run {
            for i in 0..<total {
                if i % perCommit == 0 {
                    if i > 0 { Transaction.commit() }
                    Transaction.begin()
                    Transaction.disableActions = true
                }
                let l = Layer()
                l.bounds = Rect(x: 0, y: 0, width: 8, height: 8)
                l.position = Point(x: 0, y: Double(i % 720))
                root.addSublayer(l)
                l.add(.basic("position.x", from: .number(0), to: .number(1200), duration: 30, timingFunction: .linear),
                      forKey: "slide")
            }
            Transaction.commit()
        }
        h.settle()
        let added = h.commits.reduce(0) { $0 + $1.addedAnimations.count }
        let created = h.commits.reduce(0) { n, c in n + c.commands.filter { if case .createLayer = $0 { return true }; return false }.count }
        #expect(created == total + 1)
        #expect(added == total)
    }
}
