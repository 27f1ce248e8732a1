import RenderCore
import RenderProtocol

/// One client's render tree: its layers, by the ids the client chose (its namespace — a
/// client cannot name another client's layer), the root it displays, and the animations
/// attached to each layer.
///
/// Invariants (kept by `CommitValidator` checking every commit before `apply` runs it):
/// - every id in a `sublayers` list or a `superlayer` field names a layer of this store,
///   and `a.superlayer == b` exactly when `a` is in `b.sublayers` (once);
/// - the superlayer links form no cycle;
/// - `animatedLayers` lists exactly the layers whose `animation` is non-nil, and each
///   state's `listIndex` is its position there.
///
/// Thread affinity: the loop thread (it is owned by a `Session`).
final class LayerStore {
    /// One layer of the render tree.
    struct Node {
        let kind: LayerKind
        /// The model values, as the client last committed them.
        var model = LayerProperties()
        /// 0 when the layer has no superlayer.
        var superlayer: LayerID = 0
        var sublayers: [LayerID] = []
        var timing = LayerTiming.identity
        /// Present only while the layer has animations (layers without animations cost
        /// nothing for them, and their presentation is their model).
        var animation: AnimationState?
        init(kind: LayerKind) { self.kind = kind }
    }

    private(set) var nodes: [LayerID: Node] = [:]
    /// The layer the client displays, 0 for none.
    private(set) var root: LayerID = 0
    /// Layers with at least one animation, in the order they got their first.
    private(set) var animatedLayers: [LayerID] = []
    /// Animations attached over all layers.
    private(set) var animationCount = 0

    var layerCount: Int { nodes.count }

    func node(_ id: LayerID) -> Node? { nodes[id] }

    /// The presentation of a layer as of the latest frame (its model when not animated).
    func presentation(of id: LayerID) -> LayerProperties? {
        guard let n = nodes[id] else { return nil }
        return n.animation?.presentation ?? n.model
    }

    // MARK: Applying commands

    /// Applies one validated command. Animations it removes or replaces are reported in
    /// `events` as `animationStopped(finished: false)` at `mediaTime`.
    func apply(_ command: Command, mediaTime: Double, events: inout [Message]) {
        switch command {
        case let .createLayer(id, kind):
            nodes[id] = Node(kind: kind)
        case let .destroyLayer(id):
            destroy(id, mediaTime: mediaTime, events: &events)
        case let .setProperty(id, keyPath, value):
            try? nodes[id]?.model.setValue(value, at: keyPath)
        case let .insertSublayer(parent, child, index):
            guard nodes[parent] != nil, nodes[child] != nil else { return }
            detach(child)
            let count = nodes[parent]!.sublayers.count
            nodes[parent]!.sublayers.insert(child, at: min(Int(index), count))
            nodes[child]!.superlayer = parent
        case let .removeFromSuperlayer(id):
            detach(id)
        case let .setRoot(id):
            root = id
        case let .addAnimation(id, key, animationID, animation):
            add(animation, key: key, id: animationID, to: id, mediaTime: mediaTime, events: &events)
        case let .removeAnimation(id, key):
            removeAnimations(of: id, where: { $0.key == key }, mediaTime: mediaTime, events: &events)
        case let .removeAllAnimations(id):
            removeAnimations(of: id, where: { _ in true }, mediaTime: mediaTime, events: &events)
        case let .setTiming(id, timing):
            nodes[id]?.timing = timing
        }
    }

    /// Removes `id` from its superlayer's sublayers (no-op without one).
    private func detach(_ id: LayerID) {
        guard let parent = nodes[id]?.superlayer, parent != 0 else { return }
        if let i = nodes[parent]?.sublayers.firstIndex(of: id) { nodes[parent]!.sublayers.remove(at: i) }
        nodes[id]!.superlayer = 0
    }

    private func destroy(_ id: LayerID, mediaTime: Double, events: inout [Message]) {
        guard let node = nodes[id] else { return }
        removeAnimations(of: id, where: { _ in true }, mediaTime: mediaTime, events: &events)
        detach(id)
        for child in node.sublayers { nodes[child]?.superlayer = 0 }
        if root == id { root = 0 }
        nodes[id] = nil
    }

    private func add(_ animation: Animation, key: String, id animationID: UInt64, to id: LayerID,
                     mediaTime: Double, events: inout [Message]) {
        guard let node = nodes[id] else { return }
        // Replacing under the same key stops the old one (Core Animation removes it, then
        // appends the new one at the end).
        removeAnimations(of: id, where: { $0.key == key }, mediaTime: mediaTime, events: &events)
        let state: AnimationState
        if let existing = nodes[id]!.animation {
            state = existing
        } else {
            state = AnimationState(presentation: node.model, listIndex: animatedLayers.count)
            animatedLayers.append(id)
            nodes[id]!.animation = state
        }
        state.attached.append(AttachedAnimation(key: key, animation: animation))
        state.records.append(AnimationState.Record(id: animationID))
        state.lifecycle.append(.pending)
        animationCount += 1
    }

    /// Removes the matching animations of a layer, reporting each one that has not yet
    /// reported its stop as stopped unfinished.
    func removeAnimations(of id: LayerID, where matches: (AttachedAnimation) -> Bool,
                          mediaTime: Double, events: inout [Message]) {
        guard let state = nodes[id]?.animation else { return }
        var i = 0
        while i < state.attached.count {
            if matches(state.attached[i]) {
                if !state.records[i].stopped {
                    events.append(.animationStopped(AnimationStopped(animationID: state.records[i].id, layer: id,
                                                                     finished: false, mediaTime: mediaTime)))
                }
                state.remove(at: i)
                animationCount -= 1
            } else {
                i += 1
            }
        }
        if state.attached.isEmpty { dropAnimationState(of: id) }
    }

    /// Removes the animations the engine retired (finished, `isRemovedOnCompletion`).
    func retireFinished(of id: LayerID) {
        guard let state = nodes[id]?.animation else { return }
        var i = 0
        while i < state.attached.count {
            if state.records[i].stopped && state.attached[i].animation.isRemovedOnCompletion {
                state.remove(at: i)
                animationCount -= 1
            } else {
                i += 1
            }
        }
        if state.attached.isEmpty { dropAnimationState(of: id) }
    }

    private func dropAnimationState(of id: LayerID) {
        guard let state = nodes[id]?.animation else { return }
        nodes[id]!.animation = nil
        // Swap-remove from the animated list, fixing the moved layer's index.
        let i = state.listIndex
        let last = animatedLayers.removeLast()
        if i < animatedLayers.count {
            animatedLayers[i] = last
            nodes[last]?.animation?.listIndex = i
        }
    }

    /// Drops everything (the session closed: no events are sent to a closed session).
    func removeAll() {
        nodes = [:]; root = 0; animatedLayers = []; animationCount = 0
    }

    // MARK: Time

    /// The ancestors' timings of `id`, outermost first, its own last, written into
    /// `chain` (cleared first). Bounded by the layer count, so a corrupt tree cannot loop.
    func timingChain(of id: LayerID, into chain: inout [LayerTiming]) {
        chain.removeAll(keepingCapacity: true)
        var current = id
        var steps = 0
        while current != 0, let n = nodes[current], steps <= nodes.count {
            chain.append(n.timing)
            current = n.superlayer
            steps += 1
        }
        chain.reverse()
    }

    /// The layer's local time at media time `t`: `Presentation.localTime` over its
    /// ancestors' timings, outermost first.
    func localTime(of id: LayerID, at t: Double, scratch: inout [LayerTiming]) -> Double {
        timingChain(of: id, into: &scratch)
        return Presentation.localTime(at: t, timings: scratch)
    }
}

/// The animations of one layer and what the engine knows of them. A class so the engine
/// updates it in place through the store's node; owned by exactly one node.
final class AnimationState {
    /// One animation's identity and the events already sent for it.
    struct Record: Equatable {
        /// The client's id for it, echoed in events.
        let id: UInt64
        /// `animationStarted` was sent.
        var started = false
        /// `animationStopped` was sent (it finished); it stays attached only when it is
        /// not removed on completion.
        var stopped = false
    }

    /// In the order added; evaluated in that order.
    var attached: [AttachedAnimation] = []
    /// Parallel to `attached`.
    var records: [Record] = []
    /// Parallel to `attached`: each animation's lifecycle at the latest frame.
    var lifecycle: [AnimationLifecycle] = []
    /// The layer's presentation at the latest frame.
    var presentation: LayerProperties
    /// Position in `LayerStore.animatedLayers`.
    var listIndex: Int

    init(presentation: LayerProperties, listIndex: Int) {
        self.presentation = presentation; self.listIndex = listIndex
    }

    func remove(at i: Int) {
        attached.remove(at: i); records.remove(at: i)
        if i < lifecycle.count { lifecycle.remove(at: i) }
    }
}
