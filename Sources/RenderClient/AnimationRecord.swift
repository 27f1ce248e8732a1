import RenderCore
import RenderProtocol

/// One animation added to a layer, from `add(_:forKey:)` until its one and only stop.
///
///     pending ──commit──▶ sent ──stopped event──▶ stopped
///        │                  │
///        │ removed/replaced │ removed/replaced/layer destroyed
///        ▼ before commit    ▼
///     dropped            removing ──stopped event, or the removing commit applied──▶ stopped
///   (stop synthesized
///    after the commit)
///
/// Confined to its context's callback queue (Sendable only so the queue's work items may
/// carry it; nothing touches it elsewhere).
final class AnimationRecord: @unchecked Sendable {
    enum State: Equatable {
        /// Added in the open transaction; not sent yet.
        case pending
        /// Sent; the server runs it.
        case sent
        /// Removed client-side (removed, replaced or its layer destroyed) in a commit not
        /// yet acknowledged; the server's stop, or the acknowledgement, ends it.
        case removing
        /// Removed before it was ever sent.
        case dropped
        /// Its stop was delivered.
        case stopped
    }

    let id: UInt64
    let key: String
    let layerID: LayerID
    weak var layer: Layer?
    /// As added; resolved (begin time, duration) when its commit is built.
    var animation: Animation
    /// The duration a zero duration resolves to: the transaction's at add time, or 0.25 s.
    let defaultDuration: Double
    var delegate: AnimationDelegate?
    /// The completion groups of the transactions open when it was added.
    var groups: [CompletionGroup]
    var state: State = .pending
    var didStart = false
    /// Position of its `addAnimation` in the open delta while pending.
    var deltaIndex: Int = -1
    /// The commit that carried it.
    var sentInCommit: UInt64 = 0
    /// While pending: its add replaces an animation the server has under the same key.
    var replacesOnServer = false
    /// It finished but is not removed on completion: stopped, yet still attached on the
    /// server (holding its end with a forwards fill) until removed or replaced.
    var heldOnServer = false
    /// Set for a `retargetSpring`: the command it sends instead of `addAnimation`; its
    /// animation is computed at the commit (`Layer.retargetSpring`).
    var retarget: RetargetRequest?

    /// Whether the server has an animation under this record's key on its layer once the
    /// queued commands apply — so that removing the record must send a removal.
    var isOnServer: Bool { state == .sent || heldOnServer || (state == .pending && replacesOnServer) }

    init(id: UInt64, key: String, layer: Layer, animation: Animation, defaultDuration: Double,
         delegate: AnimationDelegate?, groups: [CompletionGroup]) {
        self.id = id; self.key = key; self.layerID = layer.id; self.layer = layer
        self.animation = animation; self.defaultDuration = defaultDuration
        self.delegate = delegate; self.groups = groups
        for g in groups { g.pending += 1 }
    }

    /// The animation as it is evaluated: resolved if sent, else provisionally resolved as
    /// though committed at `layerTime` (the layer's local time of the evaluation).
    func evaluated(atLayerTime layerTime: Double) -> Animation {
        state == .pending ? animation.resolved(beginTime: layerTime, duration: defaultDuration) : animation
    }
}

/// The animations added while one transaction was open, and its completion block.
///
/// The block runs once, on the callback queue, after the group is sealed (its transaction
/// committed and the outermost commit sent) and every member has stopped; with no members
/// it runs on the callback-queue turn after the commit.
final class CompletionGroup {
    var pending = 0
    var block: (() -> Void)?
    private(set) var sealed = false

    /// Seals the group; returns the block if it is due now (no member pending).
    func seal(block: (() -> Void)?) -> (() -> Void)? {
        self.block = block
        sealed = true
        return takeIfDue()
    }

    /// A member stopped; returns the block if that made it due.
    func memberStopped() -> (() -> Void)? {
        pending -= 1
        return takeIfDue()
    }

    private func takeIfDue() -> (() -> Void)? {
        guard sealed, pending <= 0, let b = block else { return nil }
        block = nil
        return b
    }
}
