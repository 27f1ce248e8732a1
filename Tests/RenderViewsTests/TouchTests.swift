import Testing
@testable import RenderViews
import RenderClient
import RenderProtocol

final class TouchRecordingView: View {
    var seen: [(Touch.Phase, Point)] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: PointerEvent?) { seen.append((.began, touches.first!.location)) }
    override func touchesMoved(_ touches: Set<Touch>, with event: PointerEvent?) { seen.append((.moved, touches.first!.location)) }
    override func touchesEnded(_ touches: Set<Touch>, with event: PointerEvent?) { seen.append((.ended, touches.first!.location)) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: PointerEvent?) { seen.append((.cancelled, touches.first!.location)) }
}

/// The responder path: pointer events the daemon delivers (by layer id) reach the view of
/// that layer, pass up the superviews when not handled, and drive tap recognizers.
@Suite struct TouchTests {
    static func event(_ kind: InputEvent.Kind, _ layer: LayerID, _ p: Point, buttons: UInt32 = 1) -> Message {
        .pointerEvent(PointerEvent(kind: kind, layer: layer, location: p, windowLocation: p, button: 1,
                                   buttons: kind == .pointerUp ? 0 : buttons, mediaTime: 1000))
    }

    @Test func theHitViewGetsTheTouchesAndAnUnhandledOneGoesToItsSuperview() {
        let h = Harness()
        let (outer, inner) = h.run { () -> (TouchRecordingView, View) in
            let outer = TouchRecordingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
            let inner = View(frame: Rect(x: 50, y: 50, width: 50, height: 50))
            outer.addSubview(inner)
            return (outer, inner)
        }
        h.deliver(Self.event(.pointerDown, inner.layer.id, Point(x: 5, y: 5)))
        h.deliver(Self.event(.pointerMove, inner.layer.id, Point(x: 6, y: 5)))
        h.deliver(Self.event(.pointerUp, inner.layer.id, Point(x: 6, y: 5)))
        h.run {
            #expect(outer.seen.map(\.0) == [.began, .moved, .ended]) // passed up from inner
            #expect(outer.seen[0].1 == Point(x: 5, y: 5)) // the location stays the hit view's
        }
    }

    @Test func aTapRecognizerFiresOnAPressAndReleaseThatStayPut() {
        let h = Harness()
        var taps: [Point] = []
        let row = h.run { () -> View in
            let list = View(frame: Rect(x: 0, y: 0, width: 300, height: 600))
            let row = View(frame: Rect(x: 0, y: 100, width: 300, height: 44))
            list.addSubview(row)
            row.addGestureRecognizer(TapGestureRecognizer { g in taps.append(g.location) })
            return row
        }
        h.deliver(Self.event(.pointerDown, row.layer.id, Point(x: 20, y: 10)))
        h.deliver(Self.event(.pointerUp, row.layer.id, Point(x: 22, y: 12)))
        // A drag is no tap.
        h.deliver(Self.event(.pointerDown, row.layer.id, Point(x: 20, y: 10)))
        h.deliver(Self.event(.pointerMove, row.layer.id, Point(x: 20, y: 40)))
        h.deliver(Self.event(.pointerUp, row.layer.id, Point(x: 20, y: 40)))
        // Neither is a press released outside the row.
        h.deliver(Self.event(.pointerDown, row.layer.id, Point(x: 20, y: 40)))
        h.deliver(Self.event(.pointerUp, row.layer.id, Point(x: 20, y: 46)))
        h.run { #expect(taps == [Point(x: 22, y: 12)]) }
    }

    @Test func isUserInteractionEnabledIsTheLayersHitTestingAndKeysReachTheContext() {
        let h = Harness()
        var keys: [(KeyEvent, Layer?)] = []
        let v = h.run { () -> View in
            let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            v.isUserInteractionEnabled = false
            h.context.onKeyEvent = { keys.append(($0, $1)) }
            return v
        }
        h.run { #expect(!v.layer.allowsHitTesting) }
        h.deliver(.keyEvent(KeyEvent(kind: .keyDown, layer: v.layer.id, keysym: 0x61, keycode: 38, text: "a", mediaTime: 1)))
        h.run {
            #expect(keys.count == 1 && keys[0].0.text == "a" && keys[0].1 === v.layer)
        }
    }
}
