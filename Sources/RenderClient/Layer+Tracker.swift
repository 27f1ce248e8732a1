import RenderCore
import RenderProtocol

/// Interaction trackers (protocol version 3, PROTOCOL.md §6.2): the daemon scrolls a layer's
/// content — its `bounds.origin`, as `UIScrollView.contentOffset` is its bounds' origin —
/// under the user's pointer, with UIScrollView's deceleration, bounce, paging and snapping,
/// on its own frames: a list keeps moving while this process's main thread is blocked.
///
/// The app is told, not asked: `trackerState` and the model's `bounds.origin` follow the
/// daemon's reports (`Context.onTrackerUpdate` hears each). The app can take over with
/// `requestTracker`: while the user drags, requests are ignored (the hand wins), as
/// Windows Composition's InteractionTracker ignores them.
extension Layer {
    /// Attaches an interaction tracker with `configuration` (or reconfigures the one
    /// attached), sent with the transaction; nil detaches it. The viewport is the layer's
    /// bounds size; the content offset starts at its bounds origin.
    public func setInteractionTracker(_ configuration: TrackerConfiguration?) {
        guard configuration != interactionTracker else { return }
        interactionTracker = configuration
        if let configuration {
            context.queueTrackerOp(.setTracker(id, configuration))
        } else {
            trackerState = .idle
            context.queueTrackerOp(.removeTracker(id))
        }
    }

    /// Asks the tracker to move the content (sent with the transaction): jump to `point`
    /// (`.setPosition`), go there over `duration` seconds or with a spring when 0
    /// (`.animatePosition`), add `point` as a velocity in points per second
    /// (`.addVelocity`), or stop where it is (`.stopMotion`). Returns the request's id, which
    /// the daemon's `trackerUpdate` names as applied or ignored.
    @discardableResult
    public func requestTracker(_ kind: TrackerRequest.Kind, point: Point = .zero, duration: Double = 0) -> UInt32 {
        precondition(interactionTracker != nil, "requestTracker on layer \(id), which has no interaction tracker: "
            + "call setInteractionTracker(_:) first")
        let requestID = nextTrackerRequest
        nextTrackerRequest = nextTrackerRequest == .max ? 1 : nextTrackerRequest + 1
        context.queueTrackerOp(.trackerRequest(id, TrackerRequest(kind: kind, requestID: requestID, point: point,
                                                                  duration: duration)))
        return requestID
    }

    /// The daemon reported the tracker: the model's content offset and state follow it (the
    /// daemon already holds them; nothing is sent).
    func trackerDidUpdate(_ u: TrackerUpdate) {
        guard let configuration = interactionTracker else { return }
        trackerState = u.state
        if u.position.x.isFinite && u.position.y.isFinite { storage.bounds.origin = u.position }
        // Inertia is memoryless (an exponential glide, then a spring to the edge or the snap
        // point its natural rest picks): started again from the reported position and
        // velocity, the same model follows the daemon's curve until the next report.
        if u.state == .inertia {
            var mirror = InteractionTracker(configuration: configuration, viewport: storage.bounds.size, position: u.position)
            _ = mirror.addVelocity(u.velocity, time: u.mediaTime)
            trackerMirror = (mirror, u.mediaTime)
        } else {
            trackerMirror = nil
        }
        delegate?.layer(self, trackerDidUpdate: u)
    }
}
