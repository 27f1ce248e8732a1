import Foundation
import Testing
import RenderClient

/// The deepest tree a daemon accepts, against the real `rendersrvd` (issue 18: with the depth
/// limit raised, a 2,000-deep chain crashed the daemon with SIGSEGV right after it applied,
/// and a 20,000-deep commit stalled its loop for 46–57 s).
@Suite("End to end, deep trees")
struct DeepTreeEndToEndTests {
    /// 2,048 deep (the deepest, 4,096, is drawn in process by `DeepTreeTests`: a debug
    /// daemon validates a chain in O(depth²) steps, 18 s at 4,096).
    @Test func aDeepChainIsAppliedAndDrawnWhileOthersAreServed() throws {
        let depth = 2_048
        let daemon = try Daemon(clock: "manual", extraArguments: ["--size", "64x64", "--max-tree-depth", "\(depth)"])
        defer { daemon.stop() }
        let deep = try Client(daemon, name: "deep")
        let other = try Client(daemon, name: "other")
        deep.onMain {
            Transaction.begin()
            Transaction.disableActions = true
            var parent: Layer?
            for i in 1...depth {
                let layer = Layer()
                layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
                layer.position = Point(5, 5)
                if i == depth { layer.backgroundColor = Color(red: 0, green: 1, blue: 0, alpha: 1) }
                if let parent { parent.addSublayer(layer) } else { deep.context.rootLayer = layer }
                parent = layer
            }
            Transaction.commit()
        }
        // The commit is validated and applied in slices; the other client is answered between
        // them (the deep client's own messages wait behind its commit).
        let sequence = deep.onMain { deep.context.lastSentSequence }
        _ = try other.connection.ping()
        _ = try other.control.step(seconds: 1.0 / 60)
        _ = try deep.connection.waitUntilApplied(sequence, timeout: 120)
        _ = try other.connection.ping()
        // Drawn (its render items are built a slice per frame): the deepest layer shows.
        _ = try other.control.step(seconds: 5.0 / 60)
        let shot = try other.control.snapshot()
        let i = (5 * Int(shot.width) + 5) * 4
        #expect(Array(shot.pixels[i..<i + 4]) == [0, 255, 0, 255], "BGRA at (5, 5): \(Array(shot.pixels[i..<i + 4]))")
        #expect(daemon.process.isRunning)
    }

    @Test func aDeeperLimitThanTheDaemonAcceptsIsRefusedAtStart() throws {
        let r = try CommandLineTests().run("rendersrvd", ["--max-tree-depth", "20000", "--output", "none"])
        #expect(r.status != 0)
        #expect(r.error.contains("--max-tree-depth 20000 is deeper than rendersrvd accepts (4096)"), "\(r.error)")
    }
}
