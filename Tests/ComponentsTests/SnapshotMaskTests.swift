import Testing
import RenderCore
import RenderClient
@testable import Components

@Suite struct SnapshotMaskTests {
    /// A final-unmount snapshot of a masked layer gets its own copy of the mask (a mask
    /// masks one layer), with the mask's presentation values.
    @Test func aSnapshotOfAMaskedLayerCopiesTheMask() {
        let h = Harness()
        let (l, m) = h.committed { () -> (Layer, Layer) in
            let l = Layer(), m = ShapeLayer()
            m.bounds = Rect(x: 0, y: 0, width: 10, height: 20)
            m.path = Path(ellipseIn: Rect(x: 0, y: 0, width: 10, height: 20))
            l.mask = m
            return (l, m)
        }
        h.run {
            let s = Snapshot.copy(of: l)
            let copy = s.mask
            #expect(copy != nil && copy !== m)
            #expect(copy is ShapeLayer && copy?.bounds == m.bounds)
            #expect((copy as? ShapeLayer)?.path == (m as? ShapeLayer)?.path)
            #expect(m.maskedLayer === l && copy?.maskedLayer === s)
        }
    }
}
