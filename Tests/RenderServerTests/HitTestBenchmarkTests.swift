import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// The hit-test benchmark's tree and answers on a small tree (no timing): its probes hit
/// the layers its layout puts under them, and the hit walk answers as a plain reading of
/// Core Animation's rules (the walk as it was first written, kept here) at every point of a
/// grid over the display — so a faster walk cannot change an answer.
@Suite struct HitTestBenchmarkTests {
    /// 2 × 2 groups (group 0 masks, group 3 is rotated) of 2 subgroups: 805 layers.
    static let scene = HitTestBenchmark.Scene(columns: 2, rows: 2, subgroups: 2, width: 400, height: 300)
    /// The same with one subgroup per group (405 layers), for the point-by-point comparison.
    static let small = HitTestBenchmark.Scene(columns: 2, rows: 2, subgroups: 1, width: 400, height: 300)

    @Test func layerCountsFollowTheShape() {
        #expect(HitTestBenchmark.Scene.standard.layerCount == 100_101)
        #expect(Self.scene.layerCount == 805)
        let rig = HitTestBenchmark.Rig(Self.scene)
        #expect(rig.itemCount == 805)
    }

    @Test func probesHitTheLayersTheLayoutPutsThere() {
        let rig = HitTestBenchmark.Rig(Self.scene)
        let probes = Self.scene.probes(count: 40)
        #expect(probes.count == 120)
        for p in probes {
            #expect(rig.hitTest(p.point)?.layer == p.expected, "\(p.kind) probe at \(p.point)")
        }
        let r = HitTestBenchmark.run(rig, probesPerKind: 10, rounds: 1)
        #expect(r.wrongAnswers == 0)
        #expect(r.layers == 805)
    }

    @Test func gapsHitTheFrontSubgroupAndRotatedCellsTheirTurnedBounds() throws {
        let s = Self.scene
        let rig = HitTestBenchmark.Rig(s)
        // Group 1 (top right): not masking, not rotated. Between the cells: its front subgroup.
        let origin = Point(x: s.groupWidth, y: 0)
        let gap = Point(x: origin.x + s.inset / 2, y: origin.y + s.inset / 2)
        let hit = try #require(rig.hitTest(gap))
        #expect(hit.layer == s.subgroupID(1, 1))
        #expect(hit.ancestors == [s.groupID(1), HitTestBenchmark.Scene.rootID])
        // Just inside the corner of a cell's unturned bounds: cell 0 (unturned) is hit, cell
        // 2 (turned 0.3 rad about its center) is not — its front subgroup is.
        let corner = Point(x: s.slotWidth * 0.3 - 0.01, y: s.slotHeight * 0.3 - 0.01)
        for (cell, expected) in [(0, s.cellID(1, 1, 0)), (2, s.subgroupID(1, 1))] {
            let c = s.cellCenter(group: 1, cell: cell)
            #expect(rig.hitTest(Point(x: c.x + corner.x, y: c.y + corner.y))?.layer == expected, "cell \(cell)")
        }
        // Outside the display: nothing.
        #expect(rig.hitTest(Point(x: -1, y: 10)) == nil)
    }

    @Test func theWalkAnswersAsThePlainReadingOfTheRules() throws {
        let rig = HitTestBenchmark.Rig(Self.small)
        try Self.compareWithReference(rig)
    }

    /// A layer moved by a later commit (the list updated subtree by subtree, the enclosing
    /// layers' hit bounds grown) is hit where it went, outside its group and over another.
    @Test func aMovedLayerIsHitWhereItWent() throws {
        let s = Self.small
        let rig = HitTestBenchmark.Rig(s)
        let cell = s.cellID(1, 0, 0)
        // Group 1 (top right, not masking): its cell 0 to the middle of group 0's area, over
        // group 0's cell 49 (group 1 is in front).
        let target = Point(x: s.groupWidth / 2, y: s.groupHeight / 2)
        rig.commit([.setProperty(cell, LayerKeyPath(.position), .point(Point(x: target.x - s.groupWidth, y: target.y)))])
        #expect(rig.hitTest(target)?.layer == cell)
        // And off the display: still hit there (an injected point may be anywhere).
        rig.commit([.setProperty(cell, LayerKeyPath(.position), .point(Point(x: -20 - s.groupWidth, y: -30)))])
        #expect(rig.hitTest(Point(x: -20, y: -30))?.layer == cell)
        // Group 0's middle is its cell 49's center again.
        #expect(rig.hitTest(target)?.layer == s.cellID(0, 0, 49))
        try Self.compareWithReference(rig)
    }

    static func compareWithReference(_ rig: HitTestBenchmark.Rig) throws {
        let list = try #require(rig.output.list)
        var scratch: [Int] = []
        var compared = 0
        for y in stride(from: -5.0, through: Self.small.height + 5, by: 4.1) {
            for x in stride(from: -5.0, through: Self.small.width + 5, by: 5.3) {
                let p = Point(x: x, y: y)
                var expected: HitTestResult?
                for block in list.blocks.reversed() {
                    if let h = Self.reference(block, p) { expected = h; break }
                }
                var got: HitTestResult?
                for block in list.blocks.reversed() {
                    if let h = block.hitTest(p, scratch: &scratch) { got = h; break }
                }
                #expect(got == expected, "at \(p)")
                #expect(rig.hitTest(p) == expected, "at \(p) through the builder")
                compared += 1
            }
        }
        #expect(compared > 5_000)
    }

    /// The hit walk as first written: each item copied, its inverse computed, sublayers
    /// listed then tried from the last.
    static func reference(_ items: RenderItems, _ point: Point) -> HitTestResult? {
        func visit(_ i: Int) -> (Int, Point)? {
            let item = items[i]
            guard item.allowsHitTesting else { return nil }
            let local = items.convert(point, toItem: i)
            let b = item.content.bounds
            let inside = local.map { $0.x >= b.minX && $0.x < b.maxX && $0.y >= b.minY && $0.y < b.maxY } ?? false
            if item.masksToBounds && !inside { return nil }
            var children: [Int] = []
            var c = i + 1
            while c < item.childrenEnd { children.append(c); c = items[c].subtreeEnd }
            for c in children.reversed() { if let hit = visit(c) { return hit } }
            return inside ? (i, local!) : nil
        }
        guard items.count > 0, let (i, local) = visit(0) else { return nil }
        var ancestors: [LayerID] = []
        var p = items.parent(at: i)
        while p >= 0 { ancestors.append(LayerID(truncatingIfNeeded: items.key(at: p))); p = items.parent(at: p) }
        let key = items.key(at: i)
        return HitTestResult(sessionID: UInt32(truncatingIfNeeded: key >> 32), layer: LayerID(truncatingIfNeeded: key),
                             location: local, ancestors: ancestors)
    }
}
