import Testing
import RenderCore
import RenderProtocol
@testable import RenderClient

/// The client side of wire 20–23, 43 and 54: what each sends, and which animate implicitly
/// (as in Core Animation: shadowPath and lineDashPhase do; contentsScale, contentsGravity,
/// mask, lineDashPattern and truncationMode do not).
@Suite struct NewPropertiesTests {
    @Test func maskSendsTheLayerIDAndLinksBothLayers() throws {
        let h = Harness()
        let (l, m) = h.committed { (Layer(), Layer()) }
        h.run { l.mask = m }
        h.settle()
        #expect(h.lastCommit?.setProperties.map(\.value) == [.layer(m.id)])
        #expect(h.lastCommit?.addedAnimations.isEmpty == true, "a mask change never animates")
        h.run {
            #expect(l.mask === m)
            #expect(m.maskedLayer === l)
            l.mask = nil
            #expect(m.maskedLayer == nil)
        }
        h.settle()
        #expect(h.lastCommit?.setProperties.map(\.value) == [.layer(0)])
    }

    @Test func implicitAnimationsFollowCoreAnimation() throws {
        let h = Harness()
        let (l, s, t) = h.committed { (Layer(), ShapeLayer(), TextLayer()) }
        h.run {
            l.shadowPath = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
            s.lineDashPhase = 4
        }
        h.settle()
        let animated = Set(h.lastCommit?.addedAnimations.map(\.key) ?? [])
        #expect(animated == ["shadowPath", "lineDashPhase"])
        h.run {
            l.contentsScale = 2
            l.contentsGravity = .topLeft
            s.lineDashPattern = [4, 2]
            t.truncationMode = .middle
        }
        h.settle()
        #expect(h.lastCommit?.addedAnimations.isEmpty == true)
        let sent = Set(h.lastCommit?.setProperties.map { "\($0.keyPath)=\($0.value)" } ?? [])
        #expect(sent == ["contentsScale=2.0", "contentsGravity=\"topLeft\"", "lineDashPattern=[4.0, 2.0]",
                         "truncationMode=\"middle\""])
        h.run {
            #expect(l.contentsScale == 2 && l.contentsGravity == .topLeft)
            #expect(s.lineDashPattern == [4, 2] && t.truncationMode == .middle)
            s.lineDashPattern = nil
            #expect(s.lineDashPattern == nil)
            l.shadowPath = nil
        }
    }
}
