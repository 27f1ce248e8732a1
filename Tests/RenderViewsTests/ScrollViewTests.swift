import Testing
@testable import RenderViews
import RenderClient
import RenderProtocol

final class ScrollLog: ScrollViewDelegate {
    var calls: [String] = []
    func scrollViewDidScroll(_ s: ScrollView) { calls.append("scroll \(s.contentOffset.y)") }
    func scrollViewWillBeginDragging(_ s: ScrollView) { calls.append("willBeginDragging") }
    func scrollViewDidEndDragging(_ s: ScrollView, willDecelerate d: Bool) { calls.append("didEndDragging \(d)") }
    func scrollViewWillBeginDecelerating(_ s: ScrollView) { calls.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ s: ScrollView) { calls.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ s: ScrollView) { calls.append("didEndScrollingAnimation") }
}

/// ScrollView on an interaction tracker: its properties become the tracker's configuration,
/// its offset requests go to the daemon, and the daemon's reports move its model and reach
/// the delegate in UIScrollViewDelegate's order.
@Suite struct ScrollViewTests {
    static func update(_ layer: LayerID, _ reason: TrackerUpdate.Reason, _ state: TrackerState, y: Double,
                       request: UInt32 = 0) -> Message {
        .trackerUpdate(TrackerUpdate(layer: layer, reason: reason, state: state, requestID: request,
                                     position: Point(x: 0, y: y), restingPosition: Point(x: 0, y: y), mediaTime: 1000))
    }

    @Test func itsPropertiesAreTheTrackersConfiguration() {
        let h = Harness()
        let v = h.committed { () -> ScrollView in
            let v = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
            v.contentSize = Size(width: 320, height: 2000)
            v.contentInset = EdgeInsets(top: 20)
            v.isPagingEnabled = true
            v.decelerationRate = .fast
            return v
        }
        let trackers = h.commits.flatMap(\.commands).compactMap { c -> TrackerConfiguration? in
            if case let .setTracker(id, config) = c, id == v.layer.id { return config }; return nil
        }
        let config = trackers.last
        #expect(config?.contentSize == Size(width: 320, height: 2000))
        #expect(config?.contentInset == EdgeInsets(top: 20))
        #expect(config?.isPagingEnabled == true && config?.decelerationRate == 0.99 && config?.axes == .both)
        h.run { #expect(v.clipsToBounds) }
    }

    @Test func settingTheOffsetAsksTheDaemonAndTheModelTakesItAtOnce() {
        let h = Harness()
        let v = h.committed { ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480)) }
        h.committed {
            v.contentSize = Size(width: 320, height: 2000)
            v.contentOffset = Point(x: 0, y: 300)
        }
        h.run { #expect(v.contentOffset == Point(x: 0, y: 300)) }
        let requests = h.lastCommit?.commands.compactMap { c -> TrackerRequest? in
            if case let .trackerRequest(_, r) = c { return r }; return nil
        } ?? []
        #expect(requests.map(\.kind) == [.setPosition] && requests.first?.point == Point(x: 0, y: 300))
        h.committed { v.setContentOffset(Point(x: 0, y: 600), animated: true) }
        h.run { #expect(v.contentOffset == Point(x: 0, y: 300)) } // animated: the daemon's reports move it
    }

    @Test func theDaemonsReportsMoveTheModelAndReachTheDelegateInUIKitsOrder() {
        let h = Harness()
        let log = ScrollLog()
        let v = h.committed { () -> ScrollView in
            let v = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
            v.contentSize = Size(width: 320, height: 2000)
            v.delegate = log
            return v
        }
        let id = v.layer.id
        let commits = h.commits.count
        h.deliver(Self.update(id, .stateChanged, .interacting, y: 0))
        h.deliver(Self.update(id, .moved, .interacting, y: 40))
        h.deliver(Self.update(id, .stateChanged, .inertia, y: 40))
        h.deliver(Self.update(id, .moved, .inertia, y: 400))
        h.deliver(Self.update(id, .stateChanged, .idle, y: 640))
        h.run {
            #expect(log.calls == ["willBeginDragging", "scroll 40.0", "didEndDragging true", "willBeginDecelerating",
                                  "scroll 400.0", "didEndDecelerating"])
            #expect(v.contentOffset == Point(x: 0, y: 640) && !v.isDragging && !v.isDecelerating)
            #expect(v.layer.trackerState == .idle)
        }
        // Nothing of it was sent back: the daemon holds the offset already.
        h.settle()
        #expect(h.commits.count == commits)
    }
}
