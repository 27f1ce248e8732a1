import RenderCore
import RenderProtocol

/// What one context changed in the open transaction, waiting to become a `Commit`.
///
/// Property changes are not stored as commands: each layer keeps a mask of the properties
/// it changed (`Layer.dirtyMask`), and the commit sends each one's final whole value — so
/// setting `opacity` three times sends one `setProperty`, and `position.x` then
/// `position.y` send one `position`. The commit's commands come in this order:
///
///     createLayer …            layers created in the transaction, in order
///     insertSublayer / removeFromSuperlayer / setRoot …   in the order they happened
///     setTiming …              one per layer whose beginTime/speed/timeOffset changed
///     setProperty …            one per changed property of each layer (whole values)
///     setTracker / removeTracker / trackerRequest …  in order
///     addAnimation / removeAnimation / removeAllAnimations …  in order, minus adds that
///                              were removed or replaced before the commit
///     destroyLayer …           layers released in the transaction
struct CommitDelta {
    enum AnimationOp {
        case add(AnimationRecord)
        case remove(LayerID, key: String)
        case removeAll(LayerID)
    }

    var created: [Command] = []
    var createdLayers: [Weak<Layer>] = []
    var structural: [Command] = []
    var timingLayers: [Weak<Layer>] = []
    var propertyLayers: [Weak<Layer>] = []
    /// `nil` marks an add dropped before the commit.
    var animationOps: [AnimationOp?] = []
    /// Sent animations removed or replaced in this transaction (their stops are awaited).
    var removedRecords: [AnimationRecord] = []
    /// Pending animations removed or replaced before the commit (stops synthesized).
    var droppedRecords: [AnimationRecord] = []
    var destroyed: [LayerID] = []
    /// setTracker, removeTracker and trackerRequest, in order (after the properties, so a
    /// tracker sees the bounds set in the same transaction).
    var trackerOps: [Command] = []

    var isEmpty: Bool {
        created.isEmpty && structural.isEmpty && timingLayers.isEmpty && propertyLayers.isEmpty && trackerOps.isEmpty
            && animationOps.isEmpty && removedRecords.isEmpty && droppedRecords.isEmpty && destroyed.isEmpty
    }
}
