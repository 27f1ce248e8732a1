import Testing
import RenderClient
import RenderProtocol
import RenderViews

/// The README's "Input and scrolling" code, as a UIKit engineer writes it: a scroll view with
/// a delegate and a tappable row. Checks what each line sends and hears.
@Suite("Porting: scrolling and taps as in UIKit")
struct ScrollingSnippets {
    final class Controller: ScrollViewDelegate {
        var scrolled: [Double] = []
        var opened: [String] = []
        func scrollViewDidScroll(_ scrollView: ScrollView) { scrolled.append(scrollView.contentOffset.y) }
        func open(_ item: String) { opened.append(item) }

        func makeList() -> (ScrollView, View) {
            let row = View(frame: Rect(x: 0, y: 0, width: 360, height: 44))
            let item = "row 0"
            // From the README:
            let list = ScrollView(frame: Rect(x: 0, y: 0, width: 360, height: 640))
            list.contentSize = Size(width: 360, height: 50_000)
            list.delegate = self                       // scrollViewDidScroll, …DidEndDecelerating, on the main queue
            row.addGestureRecognizer(TapGestureRecognizer { _ in self.open(item) })
            list.addSubview(row)
            return (list, row)
        }
    }

    @Test func theReadmesListScrollsOnTheDaemonsReportsAndItsRowTaps() {
        let h = RecordingContext()
        let controller = Controller()
        let (list, row) = h.committed { controller.makeList() }
        #expect(h.commits.flatMap(\.commands).contains {
            if case let .setTracker(id, c) = $0 { return id == list.layer.id && c.contentSize.height == 50_000 }
            return false
        })
        h.deliver(.trackerUpdate(TrackerUpdate(layer: list.layer.id, reason: .moved, state: .inertia,
                                               position: Point(x: 0, y: 1200), restingPosition: Point(x: 0, y: 3000),
                                               mediaTime: 1000)))
        h.deliver(.pointerEvent(PointerEvent(kind: .pointerDown, layer: row.layer.id, location: Point(x: 10, y: 10),
                                             windowLocation: Point(x: 10, y: 10), button: 1, buttons: 1, mediaTime: 1001)))
        h.deliver(.pointerEvent(PointerEvent(kind: .pointerUp, layer: row.layer.id, location: Point(x: 10, y: 10),
                                             windowLocation: Point(x: 10, y: 10), button: 1, mediaTime: 1001.1)))
        h.run {
            #expect(controller.scrolled == [1200])
            #expect(controller.opened == ["row 0"])
        }
    }
}
