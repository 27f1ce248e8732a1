import Testing
@testable import RenderClient

/// A delegate that lays out its layer's sublayers side by side.
final class RowLayout: LayerDelegate {
    var passes = 0
    func layoutSublayers(of layer: Layer) {
        passes += 1
        let n = Double(max(layer.sublayers.count, 1))
        for (i, s) in layer.sublayers.enumerated() {
            s.frame = Rect(x: Double(i) * layer.bounds.width / n, y: 0, width: layer.bounds.width / n, height: 10)
        }
    }
}

@Suite struct LayoutTests {
    @Test func layoutRunsBeforeTheOutermostCommitAndJoinsIt() throws {
        let h = Harness()
        let row = RowLayout()
        let (parent, a, b) = h.committed { () -> (Layer, Layer, Layer) in
            let p = Layer(), a = Layer(), b = Layer()
            p.delegate = row
            p.bounds = Rect(x: 0, y: 0, width: 100, height: 10)
            p.addSublayer(a); p.addSublayer(b)
            p.setNeedsLayout()
            return (p, a, b)
        }
        #expect(row.passes == 1)
        h.run { #expect(b.frame == Rect(x: 50, y: 0, width: 50, height: 10)) }
        let n = h.commits.count
        h.run {
            Transaction.begin()
            parent.bounds = Rect(x: 0, y: 0, width: 200, height: 10)
            parent.setNeedsLayout()
            Transaction.commit()
            #expect(row.passes == 2, "laid out before the explicit transaction sent")
        }
        h.settle()
        #expect(h.commits.count == n + 1)
        let sets = try #require(h.commits.last).setProperties
        #expect(sets.contains { $0.layer == a.id && $0.keyPath == .bounds })
        #expect(sets.contains { $0.layer == parent.id && $0.keyPath == .bounds })
        h.run {
            parent.setNeedsLayout()
            #expect(parent.needsLayout)
            parent.layoutIfNeeded()
            #expect(!parent.needsLayout && row.passes == 3)
            parent.layoutIfNeeded()
            #expect(row.passes == 3, "nothing marked, nothing laid out")
        }
    }
}

@Suite struct SublayerOrderTests {
    @Test func movingASublayerBelowOrAboveALaterSiblingLandsNextToIt() {
        let h = Harness()
        h.run {
            let p = Layer(), a = Layer(), b = Layer(), c = Layer()
            [a, b, c].forEach(p.addSublayer)
            p.insertSublayer(a, below: c)
            #expect(p.sublayers.map(\.id) == [b.id, a.id, c.id])
            p.insertSublayer(b, above: c)
            #expect(p.sublayers.map(\.id) == [a.id, c.id, b.id])
            p.insertSublayer(b, below: a)
            #expect(p.sublayers.map(\.id) == [b.id, a.id, c.id])
        }
    }
}
