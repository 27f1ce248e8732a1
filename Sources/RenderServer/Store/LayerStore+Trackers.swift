import RenderCore
import RenderProtocol

/// A layer's interaction tracker and what its app was last told.
struct TrackedContent {
    var tracker: InteractionTracker
    /// The position and state last sent in a `trackerUpdate` (a move is sent when it differs).
    var sentPosition: Point
    var sentState: TrackerState
}

/// Interaction trackers (PROTOCOL.md §6.2): the tracker owns its layer's `bounds.origin`
/// (the content offset, as `UIScrollView.contentOffset` is its bounds' origin). The frame
/// advances the moving ones (`advanceTrackers`) and writes each one's position into the
/// model, so the content moves with no commit from the app; a `setProperty` of the layer's
/// bounds keeps the tracker's origin (only the size applies, and becomes the viewport).
///
/// Cost: a frame visits the moving trackers only; a tracker holds a fixed ring of samples
/// and its configuration (snap points bounded by `maxKeyframes`).
extension LayerStore {
    func hasTracker(_ id: LayerID) -> Bool { trackers[id] != nil }

    func setTracker(on id: LayerID, _ configuration: TrackerConfiguration, mediaTime: Double) {
        guard let p = node(id)?.model else { return }
        if trackers[id] != nil {
            trackers[id]!.tracker.configuration = configuration
        } else {
            let tracker = InteractionTracker(configuration: configuration, viewport: p.bounds.size, position: p.bounds.origin)
            trackers[id] = TrackedContent(tracker: tracker, sentPosition: p.bounds.origin, sentState: .idle)
        }
        movingTrackers.insert(id) // the next frame writes the (possibly clamped) position
    }

    func removeTracker(from id: LayerID) {
        guard trackers.removeValue(forKey: id) != nil else { return }
        movingTrackers.remove(id)
    }

    /// A commit set the tracked layer's bounds: the size is the new viewport; the origin
    /// stays the tracker's.
    func trackedBoundsChanged(_ id: LayerID, mediaTime: Double) {
        guard let p = node(id)?.model, trackers[id] != nil else { return }
        trackers[id]!.tracker.viewport = p.bounds.size
        setContentOffset(of: id, to: trackers[id]!.tracker.position(at: mediaTime))
        movingTrackers.insert(id)
    }

    func apply(_ request: TrackerRequest, to id: LayerID, mediaTime: Double, events: inout [Message]) {
        guard trackers[id] != nil else { return }
        let applied: Bool
        switch request.kind {
        case .setPosition: applied = trackers[id]!.tracker.setPosition(request.point, time: mediaTime)
        case .animatePosition:
            applied = trackers[id]!.tracker.animatePosition(to: request.point,
                                                           duration: request.duration > 0 ? request.duration : nil,
                                                           time: mediaTime)
        case .addVelocity: applied = trackers[id]!.tracker.addVelocity(request.point, time: mediaTime)
        case .stopMotion: applied = trackers[id]!.tracker.stopMotion(time: mediaTime)
        }
        let t = trackers[id]!.tracker
        let position = t.position(at: mediaTime)
        events.append(.trackerUpdate(TrackerUpdate(layer: id, reason: applied ? .requestApplied : .requestIgnored,
                                                   state: t.state, requestID: request.requestID, position: position,
                                                   velocity: t.velocity(at: mediaTime),
                                                   restingPosition: t.restingPosition ?? position, mediaTime: mediaTime)))
        movingTrackers.insert(id)
    }

    /// The tracker of `id` (or nil), to feed it input.
    func withTracker<R>(_ id: LayerID, _ body: (inout InteractionTracker) -> R) -> R? {
        guard trackers[id] != nil else { return nil }
        defer { movingTrackers.insert(id) }
        return body(&trackers[id]!.tracker)
    }

    /// Advances every moving tracker to `time` (a frame's target), writes its position into
    /// its layer's model, and reports to the app: each state change, then the position when
    /// it moved (once per frame). A tracker that came to rest stops being visited.
    func advanceTrackers(to time: Double, events: inout MessageBuffer) {
        guard !movingTrackers.isEmpty else { return }
        for id in movingTrackers {
            guard trackers[id] != nil else { movingTrackers.remove(id); continue }
            let transitions = trackers[id]!.tracker.advance(to: time)
            let t = trackers[id]!.tracker
            let position = t.position(at: time)
            let velocity = t.velocity(at: time)
            let rest = t.restingPosition ?? position
            for change in transitions {
                // Where the content was, and how fast, when the state changed (a release's
                // position and velocity start the inertia: the app's mirror begins there).
                let at = change.time
                events.append(.trackerUpdate(TrackerUpdate(layer: id, reason: .stateChanged, state: change.to,
                                                           position: t.position(at: at), velocity: t.velocity(at: at),
                                                           restingPosition: rest, mediaTime: at)))
            }
            if position != trackers[id]!.sentPosition {
                setContentOffset(of: id, to: position)
                events.append(.trackerUpdate(TrackerUpdate(layer: id, reason: .moved, state: t.state, position: position,
                                                           velocity: velocity, restingPosition: rest, mediaTime: time)))
                trackers[id]!.sentPosition = position
            }
            trackers[id]!.sentState = t.state
            if t.state == .idle && !t.isPressed { movingTrackers.remove(id) }
        }
    }

    /// Writes the layer's model `bounds.origin` (what a tracker moves), as a committed
    /// change would: the compositor redraws its subtree, its animations re-read the model.
    private func setContentOffset(of id: LayerID, to p: Point) {
        guard var b = node(id)?.model.bounds, b.origin != p, p.x.isFinite, p.y.isFinite else { return }
        b.origin = p
        setModelBounds(of: id, to: b, scroll: true)
    }
}
