import RenderCore
import RenderProtocol

/// One client's render tree: its layers, by the ids the client chose (its namespace — a
/// client cannot name another client's layer), the root it displays, and the animations
/// attached to each layer.
///
/// Layout, for a frame that costs what animates and nothing per layer copied:
///
///     slotOf: [LayerID: Int32] ──▶ nodes: [Node]            (one slot per layer; freed
///                                    │ animationIndex          slots are reused)
///                                    ▼
///                                  animations: [AnimationState]   (dense: only animated
///                                    │ slot ──▶ back to its node     layers, swap-removed)
///                                  presentations: [LayerProperties]  (parallel to them)
///
/// The engine walks `animations` front to back and reads each node in place through
/// pointers (`withFrameAccess`). Each node caches its world timing (its ancestors' timings
/// and its own folded into one `WorldTiming`), recomputed lazily from its superlayer's
/// (and each animated layer's state keeps a copy, valid while `timingEpoch` is unchanged —
/// it moves when a clean world timing is marked dirty — so a steady frame, or one after new
/// layers arrived, does not read the node for it):
///
/// - a node whose timing or superlayer changes is marked dirty with its whole subtree; the
///   marking stops at nodes already dirty, so invariant: *a dirty node's descendants are all
///   dirty* (a clean node's ancestors are all clean), and each node is marked at most once
///   between two recomputations;
/// - reading a dirty node's world timing recomputes the dirty part of its ancestor path, top
///   down from the nearest clean ancestor, and cleans it.
///
/// So a frame costs O(animated layers) in steady state, and O(what changed) after a change.
/// World geometry is not cached here: the render list's builder computes each item's world
/// transform as it walks (`LayerGeometry`), and queries compute it up the ancestor chain.
///
/// Known cost left: a sublayer list is an array, so removing a layer from its superlayer or
/// inserting it in the middle costs O(siblings) (as `CALayer` does); a commit moving many
/// layers among many siblings is quadratic (rendersrv-bench --server measures it).
///
/// Each node also keeps its subtree height exact (from its sublayers' `ChildHeights`, kept
/// beside the nodes for the layers that have sublayers, maintained along the ancestor path on
/// every insert and removal, O(depth)), which the validator reads to check the tree-depth
/// limit without walking subtrees.
///
/// Invariants (kept by `CommitValidator` checking every commit before `apply` runs it):
/// - every id in a `sublayers` list or a `superlayer` field names a layer of this store,
///   and `a.superlayer == b` exactly when `a` is in `b.sublayers` (once); `parentSlot` is
///   the slot of `superlayer` (-1 for none);
/// - the superlayer links form no cycle, and no layer is deeper than the validator's limit;
/// - a node's `animationIndex` is its state's index in `animations` (-1 for none), and that
///   state's `slot` is the node's.
///
/// Thread affinity: the loop thread (it is owned by a `ClientSession`).
package final class LayerStore {
    package init() {}
    deinit { picture.deinitialize(count: 1); picture.deallocate() }
    /// What a node caches, by what may be stale.
    struct Invalidation: OptionSet {
        let rawValue: UInt8
        /// `Node.worldTiming`.
        static let worldTiming = Invalidation(rawValue: 1)
        static let all: Invalidation = [.worldTiming]
    }

    /// One layer of the render tree (one slot of `nodes`; a free slot has id 0).
    ///
    /// Which of its caches are stale lies apart, in `staleness`. Field order matters: the
    /// start of `model` (where the properties a frame resets most live) is in the node's first
    /// cache line.
    package struct Node {
        var kind: LayerKind
        /// Levels of the subtree rooted here: 1 for a leaf.
        var height: UInt16 = 1
        /// 0 for a free slot.
        var id: LayerID
        /// The model values, as the client last committed them.
        var model = LayerProperties()
        /// Back to front.
        var sublayers: [LayerID] = []
        /// Cache: the ancestors' timings and the layer's own (`LayerStore.timing(slot:)`),
        /// folded outermost first. Valid
        /// unless `stale` holds `.worldTiming`.
        var worldTiming = WorldTiming.identity
        /// 0 when the layer has no superlayer.
        var superlayer: LayerID = 0
        /// The superlayer's slot, -1 for none.
        var parentSlot: Int32 = -1
        /// Index in `LayerStore.animations`, -1 while the layer has no animation.
        var animationIndex: Int32 = -1
        /// The layer this one is the mask of (its `model.mask` names this one), 0 for none.
        /// A mask has no superlayer (the validator keeps it so).
        var maskOf: LayerID = 0

        init(id: LayerID, kind: LayerKind) { self.id = id; self.kind = kind }
    }

    /// By slot. Slots of destroyed layers are reused (`freeSlots`).
    private(set) var nodes = ContiguousArray<Node>()
    /// By slot, parallel to `nodes`: each node's caches to recompute before use. Kept apart
    /// (a byte per layer, 100 KB for 100,000) so that the frame's walk checks an animated
    /// layer's caches without touching its node.
    private(set) var staleness = ContiguousArray<Invalidation>()
    private var slotOf: [LayerID: Int32] = [:]
    private var freeSlots: [Int32] = []
    /// The layers' own timings (`beginTime`, `speed`, `timeOffset`) that are not the
    /// identity, by slot: nearly every layer has none, and 24 bytes in each node cost 6 % of a
    /// plain layer (`timing(slot:)` reads it).
    private var ownTimings: [Int32: LayerTiming] = [:]
    /// The subtree heights of each layer's sublayers, by slot, for the layers that have
    /// sublayers (a leaf's would be empty: 8 bytes in every node, 2 % of a plain layer).
    private var childHeightsBySlot: [Int32: ChildHeights] = [:]

    /// The subtree heights of layer `id`'s sublayers (empty for a leaf or an unknown layer).
    func childHeights(of id: LayerID) -> ChildHeights {
        slotOf[id].flatMap { childHeightsBySlot[$0] } ?? ChildHeights()
    }

    /// The own timing of the layer in slot `s` (the identity unless one was set). Read
    /// when a world timing is recomputed; a dictionary lookup only once some layer of the
    /// store has a timing.
    @inline(__always)
    func timing(slot s: Int) -> LayerTiming {
        ownTimings.isEmpty ? .identity : ownTimings[Int32(s)] ?? .identity
    }
    /// The animated layers' states, dense, in no particular order.
    private(set) var animations = ContiguousArray<AnimationState>()
    /// What the frame evaluates of every animation (see `AnimationTable`).
    private(set) var table = AnimationTable()
    /// Parallel to `animations`: each animated layer's presentation at the latest frame
    /// (apart, so that the frame's walk over the states streams only their small headers,
    /// and touches of a presentation only the properties it animates).
    private(set) var presentations = ContiguousArray<LayerProperties>()
    /// Parallel to `animations`: each animated layer's id (its node holds it too), for the
    /// events of the frame that starts its animations: 16 ids a cache line here, against a
    /// line of the node each (about 0.1 ms of the first frame after a 100,000-layer commit).
    private(set) var animatedIDs = ContiguousArray<LayerID>()

    /// Makes room for `layers` more layers and `animated` more animated layers at once, so
    /// a large commit grows each array once (an array of 256-byte nodes that doubles while
    /// 100,000 layers arrive copies tens of megabytes, several times). Once a store would
    /// pass `wholeReservationAbove` layers, it takes room for `limit` (the client's
    /// `maxLayers`) at once: growing it again later would copy every node, state and
    /// presentation in one loop turn (60 ms for a second commit after 66,000 animated
    /// layers), while room reserved and not yet used is address space, not memory (the
    /// pages are touched only as layers arrive). The id → slot dictionary is the exception:
    /// it is sized for the layers the commit brings, not the limit (hashing touches all of a
    /// dictionary's buckets, so room for 100,000 would be 2 MiB resident from the first
    /// layer, 42 bytes a layer at 50,000), and rehashing it once per large commit that
    /// outgrows it costs little beside the commit (`rendersrv-bench --commit`). The animation
    /// table's row columns likewise, for `animated` more rows, or past the same size for
    /// `animationLimit` (the client's `maxAnimations`; `limit` when 0).
    func reserve(layers: Int, animated: Int, limit: Int, animationLimit: Int = 0) {
        func room(_ count: Int, adding: Int) -> Int {
            let needed = count + adding
            return needed > LayerStore.wholeReservationAbove ? max(needed, limit) : needed
        }
        if layers > 0 {
            let n = room(nodes.count, adding: layers)
            if nodes.capacity < n { nodes.reserveCapacity(n) }
            if staleness.capacity < n { staleness.reserveCapacity(n) }
            slotOf.reserveCapacity(slotOf.count + layers)
        }
        if animated > 0 {
            let n = room(animations.count, adding: animated)
            if animations.capacity < n { animations.reserveCapacity(n) }
            if presentations.capacity < n { presentations.reserveCapacity(n) }
            if animatedIDs.capacity < n { animatedIDs.reserveCapacity(n) }
            let rows = table.rowsHandedOut + animated
            table.reserveRows(rows > LayerStore.wholeReservationAbove ? max(rows, animationLimit > 0 ? animationLimit : limit)
                                                                      : rows)
        }
    }

    /// The store size past which `reserve` takes room for the client's whole limit.
    static let wholeReservationAbove = 4_096
    /// The layer the client displays, 0 for none.
    private(set) var root: LayerID = 0
    /// Equal paths committed made one (`PathInterner`).
    private(set) var paths = PathInterner()
    /// The session's contents ledger, told when a frame retires animations whose values
    /// hold bitmaps (`ContentsLedger.retired`). Weak: a store is freed off the loop thread,
    /// its ledger never.
    weak var contentsLedger: ContentsLedger?
    /// Animations attached over all layers.
    package private(set) var animationCount = 0
    /// Bumped whenever any node's world timing may have changed (a timing or a superlayer
    /// changed): a state's copy of its layer's world timing is valid while its epoch equals
    /// this, so a steady frame does not touch the node for it. Four bytes (a state's copy is
    /// one of `AnimationState`'s 64): it moves at most once per marking pass, and comes back
    /// to a value a state holds only after 2^32 − 1 of them; it skips 0 ("never").
    private(set) var timingEpoch: UInt32 = 1
    /// Scratch for subtree marking and world-timing paths (kept: no allocation per use).
    var scratch: [Int32] = []
    /// Scratch for `withDrawable(_:at:_:)`: a copy of a layer's rows (evaluation writes
    /// their lifecycles), and the presentation it evaluates (kept for the store's life, so
    /// that each call assigns to it instead of making one and copying it out).
    var pictureRows: [PlannedAnimation] = []
    let picture: UnsafeMutablePointer<LayerProperties> = {
        let p = UnsafeMutablePointer<LayerProperties>.allocate(capacity: 1)
        p.initialize(to: LayerProperties())
        return p
    }()

    /// Work done applying commands beyond the commands themselves, as a running count:
    /// sublayer-list entries scanned or shifted, subtree nodes invalidated. A large commit's
    /// slices are cut by its growth (see `SliceBudget`), so that a command whose cost grows
    /// with the tree's width or a subtree's size cannot stretch a loop turn.
    private(set) var work = 0

    package var layerCount: Int { slotOf.count }
    /// Every layer's id, in no particular order.
    var layerIDs: Dictionary<LayerID, Int32>.Keys { slotOf.keys }
    /// Layers with at least one animation.
    var animatedLayerCount: Int { animations.count }

    func slot(of id: LayerID) -> Int? { slotOf[id].map(Int.init) }

    /// A copy of a layer's node (for control replies and tests; frames read nodes in place).
    func node(_ id: LayerID) -> Node? { slotOf[id].map { nodes[Int($0)] } }

    func kind(of id: LayerID) -> LayerKind? { slotOf[id].map { nodes[Int($0)].kind } }
    func superlayer(of id: LayerID) -> LayerID? { slotOf[id].map { nodes[Int($0)].superlayer } }
    package func sublayers(of id: LayerID) -> [LayerID]? { slotOf[id].map { nodes[Int($0)].sublayers } }
    /// Levels of the subtree rooted at `id` (1 for a leaf).
    func height(of id: LayerID) -> Int? { slotOf[id].map { Int(nodes[Int($0)].height) } }

    /// A copy of a layer's animation state, nil while it has no animation.
    /// The transitions in progress at the latest frame, by layer (what the compositor
    /// blends a layer's previous rendering into its current one with). Set by the engine;
    /// an entry goes when its layer's animations do.
    var transitions: [LayerID: TransitionState] = [:]
    /// Interaction trackers by tracked layer (`LayerStore+Trackers`), at most one per layer.
    var trackers: [LayerID: TrackedContent] = [:]
    /// Trackers whose content moves or may move (pressed, interacting, inertia, animating):
    /// the frames advance these only.
    var movingTrackers: Set<LayerID> = []

    /// The transition in progress on a layer at the latest frame, if any.
    func transition(of id: LayerID) -> TransitionState? {
        transitions.isEmpty ? nil : transitions[id]
    }

    func animation(of id: LayerID) -> AnimationState? {
        guard let s = slotOf[id] else { return nil }
        let a = nodes[Int(s)].animationIndex
        return a < 0 ? nil : animations[Int(a)]
    }

    /// The records of a layer's animations (its ids, what was sent), in the order added.
    func records(of id: LayerID) -> [AnimationTable.Record] {
        animation(of: id).map { Array($0.records(in: table)) } ?? []
    }

    /// A layer's animations, in the order added, as added (rebuilt from their rows where the
    /// table keeps only those: allocates; for control replies, retargeting and tests).
    func attachedAnimations(of id: LayerID) -> [AttachedAnimation] {
        animation(of: id)?.attached(in: table) ?? []
    }

    /// The keys of a layer's animations, in the order added.
    func animationKeys(of id: LayerID) -> [String] {
        animation(of: id)?.keys(in: table) ?? []
    }

    /// Each of a layer's animations' lifecycle at the latest frame, in the order added.
    func lifecycles(of id: LayerID) -> [AnimationLifecycle] {
        animation(of: id)?.lifecycles(in: table) ?? []
    }

    /// The presentation of a layer as of the latest frame (its model when not animated).
    package func presentation(of id: LayerID) -> LayerProperties? {
        guard let s = slotOf[id] else { return nil }
        let a = nodes[Int(s)].animationIndex
        return a < 0 ? nodes[Int(s)].model : presentations[Int(a)]
    }

    /// What drawing a layer reads, in one lookup: its presentation, kind and sublayers.
    func drawable(_ id: LayerID) -> (presentation: LayerProperties, kind: LayerKind, sublayers: [LayerID])? {
        withDrawable(id) { p, kind, sublayers in (p.pointee, kind, sublayers) }
    }

    /// `drawable(_:)` read where it lies: `body` gets the presentation's address (valid during
    /// the call only; `body` must not change the store). A presentation is a few hundred bytes
    /// with strings, paths and arrays: copied out, it cost the render list's builder about
    /// 600 instructions a layer. Nil for an unknown layer.
    func withDrawable<R>(_ id: LayerID, _ body: (UnsafePointer<LayerProperties>, LayerKind, [LayerID]) -> R) -> R? {
        guard let s = slotOf[id].map(Int.init) else { return nil }
        return withDrawable(slot: s, body)
    }

    /// `withDrawable(_:_:)` of the layer in slot `s`.
    func withDrawable<R>(slot s: Int, _ body: (UnsafePointer<LayerProperties>, LayerKind, [LayerID]) -> R) -> R {
        nodes.withUnsafeBufferPointer { n in
            let a = Int(n[s].animationIndex), kind = n[s].kind, sublayers = n[s].sublayers
            guard a >= 0 else {
                let model = UnsafeRawPointer(n.baseAddress! + s).advanced(by: AnimationEngine.modelOffset)
                return body(model.assumingMemoryBound(to: LayerProperties.self), kind, sublayers)
            }
            return presentations.withUnsafeBufferPointer { body($0.baseAddress! + a, kind, sublayers) }
        }
    }

    /// A layer's presented zPosition (no copy of the rest of its presentation).
    func zPosition(of id: LayerID) -> Double? {
        guard let s = slotOf[id] else { return nil }
        let a = nodes[Int(s)].animationIndex
        return a < 0 ? nodes[Int(s)].model.zPosition : presentations[Int(a)].zPosition
    }

    /// The layer's own timing (`setTiming`), nil for an unknown layer.
    func timing(of id: LayerID) -> LayerTiming? { slotOf[id].map { timing(slot: Int($0)) } }

    /// The layer's world timing (recomputed first if stale).
    func worldTiming(of id: LayerID) -> WorldTiming? {
        guard let s = slotOf[id] else { return nil }
        return nodes.withUnsafeMutableBufferPointer { n in
            staleness.withUnsafeMutableBufferPointer { worldTiming(slot: Int(s), in: n.baseAddress!, staleness: $0.baseAddress!) }
        }
    }

    /// The layer's local time at media time `t`.
    func localTime(of id: LayerID, at t: Double) -> Double? {
        worldTiming(of: id)?.localTime(t)
    }

    // MARK: Applying commands

    /// Applies one validated command. Animations it removes or replaces are reported in
    /// `events` as `animationStopped(finished: false)` at `mediaTime`.
    package func apply(_ command: Command, mediaTime: Double, events: inout [Message]) {
        switch command {
        case let .createLayer(id, kind):
            guard slotOf[id] == nil else { return }
            let node = Node(id: id, kind: kind)
            if let s = freeSlots.popLast() {
                nodes[Int(s)] = node
                staleness[Int(s)] = .all
                slotOf[id] = s
            } else {
                slotOf[id] = Int32(nodes.count)
                nodes.append(node)
                staleness.append(.all)
            }
        case let .destroyLayer(id):
            destroy(id, mediaTime: mediaTime, events: &events)
        case let .setProperty(id, keyPath, value):
            guard let s = slotOf[id] else { return }
            if keyPath.property == .mask, case let .layer(newMask) = value { relink(maskOf: id, slot: Int(s), to: newMask) }
            try? nodes[Int(s)].model.setValue(paths.interned(value), at: keyPath)
            let a = Int(nodes[Int(s)].animationIndex)
            if a >= 0 { animations[a].needsFullReset = true }
        case let .insertSublayer(parent, child, index):
            guard let p = slotOf[parent], let c = slotOf[child] else { return }
            detach(Int(c))
            let pi = Int(p), ci = Int(c)
            let count = nodes[pi].sublayers.count, at = min(Int(index), count)
            work &+= count - at // entries shifted (none when appending)
            nodes[pi].sublayers.insert(child, at: at)
            nodes[ci].superlayer = parent
            nodes[ci].parentSlot = p
            propagateHeight(from: pi, removing: nil, adding: Int(nodes[ci].height))
            invalidateSubtree(ci, .all)
        case let .removeFromSuperlayer(id):
            guard let s = slotOf[id] else { return }
            detach(Int(s))
        case let .setRoot(id):
            root = id
        case let .addAnimation(id, key, animationID, animation):
            add(animation, key: key, id: animationID, to: id, mediaTime: mediaTime, events: &events)
        case let .removeAnimation(id, key):
            removeAnimations(of: id, key: key, mediaTime: mediaTime, events: &events)
        case let .removeAllAnimations(id):
            removeAnimations(of: id, key: nil, mediaTime: mediaTime, events: &events)
        case let .setTiming(id, timing):
            guard let s = slotOf[id], self.timing(slot: Int(s)) != timing else { return }
            ownTimings[s] = timing.isIdentity ? nil : timing
            invalidateSubtree(Int(s), .worldTiming)
        case let .retargetSpring(id, key, animationID, retarget):
            retargetSpring(of: id, key: key, animationID: animationID, retarget, mediaTime: mediaTime, events: &events)
        case let .setTracker(id, configuration):
            setTracker(on: id, configuration, mediaTime: mediaTime)
        case let .removeTracker(id):
            removeTracker(from: id)
        case let .trackerRequest(id, request):
            apply(request, to: id, mediaTime: mediaTime, events: &events)
        }
        // Then: what the compositor must redraw of this client's tree (`renderChanges(since:)`;
        // animated layers are redrawn as such, and a retarget's model change came through
        // setProperty), and the changed layer's next frame (`prepareFrame(of:)`).
        switch command {
        case let .setProperty(id, keyPath, value):
            if keyPath.property == .bounds && trackers[id] != nil { trackedBoundsChanged(id, mediaTime: mediaTime) }
            if keyPath.property == .mask { noteStructureChange() } else { noteRenderChange(id) }
            if keyPath.property == .zPosition && value != .number(0) { mayHaveZPositions = true }
            prepareFrame(of: id)
        case let .addAnimation(id, _, _, animation):
            if animation.writtenProperties.contains(.zPosition) { mayHaveZPositions = true }
            prepareFrame(of: id)
        case let .removeAnimation(id, _), let .removeAllAnimations(id), let .retargetSpring(id, _, _, _):
            prepareFrame(of: id)
        case .createLayer, .destroyLayer, .insertSublayer, .removeFromSuperlayer, .setRoot:
            noteStructureChange()
        case .setTiming, .setTracker, .removeTracker, .trackerRequest:
            break
        }
    }

    /// Sets layer `id`'s model bounds outside a commit (an interaction tracker's content
    /// offset), as a committed `setProperty` would: its animations re-read the model, the
    /// compositor redraws its subtree, its next frame is prepared.
    ///
    /// A tracker's move (`scroll`) notes no render change: the render list compares each
    /// tracked layer's bounds origin with its item's and shifts the subtree in place
    /// (`RenderListBuilder.scroll`), instead of rebuilding thousands of rows every frame.
    func setModelBounds(of id: LayerID, to bounds: Rect, scroll: Bool = false) {
        guard let s = slotOf[id] else { return }
        nodes[Int(s)].model.bounds = bounds
        let a = Int(nodes[Int(s)].animationIndex)
        if a >= 0 { animations[a].needsFullReset = true }
        if scroll {
            scrollSerial &+= 1
            scrollRing[Int(scrollSerial % UInt64(LayerStore.maxScrolls))] = id
        } else {
            noteRenderChange(id)
        }
        prepareFrame(of: id)
    }

    /// Tracked layers scrolled (`setModelBounds(scroll:)`) since `serial`, oldest first
    /// (a layer may appear more than once); nil when more scrolls happened since than the
    /// ring keeps (then look at every tracked layer). O(the scrolls since).
    func scrolls(since serial: UInt64) -> [LayerID]? {
        guard serial <= scrollSerial, scrollSerial - serial <= UInt64(LayerStore.maxScrolls) else { return nil }
        guard scrollSerial > serial else { return [] }
        return (serial + 1 ... scrollSerial).map { scrollRing[Int($0 % UInt64(LayerStore.maxScrolls))] }
    }
    /// Scrolls the ring keeps: many trackers' frames of motion.
    static let maxScrolls = 1_024
    /// Counts tracker scrolls; the ring holds the last `maxScrolls` scrolled layers.
    private(set) var scrollSerial: UInt64 = 0
    private var scrollRing = [LayerID](repeating: 0, count: LayerStore.maxScrolls)

    /// Keeps `maskOf` links in step with a change of layer `id`'s mask (before the model
    /// changes): the old mask masks nothing any more, the new one masks `id`.
    private func relink(maskOf id: LayerID, slot s: Int, to newMask: LayerID) {
        let old = nodes[s].model.mask
        if old != 0, let o = slotOf[old], nodes[Int(o)].maskOf == id { nodes[Int(o)].maskOf = 0 }
        if newMask != 0, let n = slotOf[newMask] { nodes[Int(n)].maskOf = id }
    }

    /// The layer whose mask `id` is, if any.
    func maskOwner(of id: LayerID) -> LayerID? {
        guard let s = slotOf[id] else { return nil }
        let o = nodes[Int(s)].maskOf
        return o == 0 ? nil : o
    }

    /// Puts `animation` in the place of the animation at index `i` of layer `id` (evaluated
    /// in the same order), reporting the old one's stop (`finished == false`) unless it was
    /// reported already.
    func replaceAnimation(of id: LayerID, at i: Int, with animation: Animation, key: String, id animationID: UInt64,
                          mediaTime: Double, events: inout [Message]) {
        guard let slot = slotOf[id] else { return }
        let a = Int(nodes[Int(slot)].animationIndex)
        guard a >= 0, i < animations[a].count else { return }
        let record = animations[a].records(in: table)[i]
        if !record.stopped {
            events.append(.animationStopped(AnimationStopped(animationID: record.id, layer: id,
                                                             finished: false, mediaTime: mediaTime)))
        }
        animations[a].replace(at: i, with: animation, key: key, id: animationID, table: table)
        startsSinceFrame += 1
    }

    /// Removes the node in slot `s` from its superlayer's sublayers (no-op without one).
    private func detach(_ s: Int) {
        let p = Int(nodes[s].parentSlot)
        guard p >= 0 else { return }
        let id = nodes[s].id
        work &+= nodes[p].sublayers.count
        if let i = nodes[p].sublayers.firstIndex(of: id) { nodes[p].sublayers.remove(at: i) }
        nodes[s].superlayer = 0
        nodes[s].parentSlot = -1
        propagateHeight(from: p, removing: Int(nodes[s].height), adding: nil)
        invalidateSubtree(s, .all)
    }

    /// A sublayer subtree of height `removing` left slot `start` and/or one of height `adding`
    /// arrived: updates heights up the ancestor path while they change.
    private func propagateHeight(from start: Int, removing: Int?, adding: Int?) {
        let steps = SubtreeHeights.propagate(from: start, removing: removing, adding: adding) { s, removing, adding in
            let old = Int(nodes[s].height)
            // Taken out and put back: changed in place, never copied.
            var heights = childHeightsBySlot.removeValue(forKey: Int32(s)) ?? ChildHeights()
            if let r = removing { heights.remove(r) }
            if let a = adding { heights.add(a) }
            let new = heights.subtreeHeight
            if new > 1 { childHeightsBySlot[Int32(s)] = heights }
            nodes[s].height = UInt16(clamping: new)
            let parent = Int(nodes[s].parentSlot)
            return (old, new, parent >= 0 ? parent : nil)
        }
        work &+= SliceBudget.ancestorWork(steps: steps)
    }

    /// Marks `caches` stale in the subtree of slot `s`, not descending below nodes where
    /// they already are (their subtrees are stale already: the invariant above).
    ///
    /// `timingEpoch` moves only when a clean world timing is marked dirty: only a clean one
    /// can have been copied into a state. Inserting a new layer (dirty since it was made)
    /// leaves every state's copy valid.
    func invalidateSubtree(_ s: Int, _ caches: Invalidation) {
        var timingChanged = !caches.contains(.worldTiming)
        scratch.removeAll(keepingCapacity: true)
        scratch.append(Int32(s))
        while let x = scratch.popLast() {
            let i = Int(x)
            work &+= 1
            if staleness[i].isSuperset(of: caches) { continue }
            if !timingChanged && !staleness[i].contains(.worldTiming) {
                timingEpoch = timingEpoch == .max ? 1 : timingEpoch + 1
                timingChanged = true
            }
            staleness[i].formUnion(caches)
            for child in nodes[i].sublayers {
                if let c = slotOf[child] { scratch.append(c) }
            }
        }
    }

    private func destroy(_ id: LayerID, mediaTime: Double, events: inout [Message]) {
        guard let slot = slotOf[id] else { return }
        let s = Int(slot)
        removeAnimations(of: id, key: nil, mediaTime: mediaTime, events: &events)
        removeTracker(from: id)
        detach(s)
        work &+= nodes[s].sublayers.count
        // A destroyed mask unmasks its layer; a destroyed masked layer frees its mask.
        let owner = nodes[s].maskOf
        if owner != 0, let o = slotOf[owner], nodes[Int(o)].model.mask == id {
            nodes[Int(o)].model.mask = 0
            let a = Int(nodes[Int(o)].animationIndex)
            if a >= 0 { animations[a].needsFullReset = true; prepareFrame(of: owner) }
        }
        let ownMask = nodes[s].model.mask
        if ownMask != 0, let m = slotOf[ownMask], nodes[Int(m)].maskOf == id { nodes[Int(m)].maskOf = 0 }
        for child in nodes[s].sublayers {
            guard let c = slotOf[child] else { continue }
            nodes[Int(c)].superlayer = 0
            nodes[Int(c)].parentSlot = -1
            invalidateSubtree(Int(c), .all)
        }
        if root == id { root = 0 }
        nodes[s] = Node(id: 0, kind: .layer)
        if !ownTimings.isEmpty { ownTimings[slot] = nil }
        childHeightsBySlot[slot] = nil
        staleness[s] = .all
        slotOf[id] = nil
        freeSlots.append(slot)
    }

    func add(_ animation: Animation, key: String, id animationID: UInt64, to id: LayerID,
                     mediaTime: Double, events: inout [Message]) {
        guard let slot = slotOf[id] else { return }
        let s = Int(slot)
        // Replacing under the same key stops the old one (Core Animation removes it, then
        // appends the new one at the end).
        removeAnimations(of: id, key: key, mediaTime: mediaTime, events: &events)
        var a = Int(nodes[s].animationIndex)
        if a < 0 {
            a = animations.count
            animations.append(AnimationState(slot: slot))
            presentations.append(nodes[s].model)
            animatedIDs.append(id)
            nodes[s].animationIndex = Int32(a)
        }
        animations[a].append(animation, key: key, id: animationID, table: table)
        animationCount += 1
        startsSinceFrame += 1
    }

    /// Animations added since the last frame took the count (some may be gone again): the
    /// frame makes room for their `animationStarted` at once (`takeStartsSinceFrame`).
    private var startsSinceFrame = 0

    /// How many `animationStarted` the next frame may send, at most: the animations added
    /// since the last call, and no more than there are. Resets the count.
    func takeStartsSinceFrame() -> Int {
        defer { startsSinceFrame = 0 }
        return min(startsSinceFrame, animationCount)
    }

    /// Removes a layer's animation under `key` (every one for nil), reporting each one that
    /// has not yet reported its stop as stopped unfinished.
    func removeAnimations(of id: LayerID, key: String?, mediaTime: Double, events: inout [Message]) {
        guard let slot = slotOf[id] else { return }
        let a = Int(nodes[Int(slot)].animationIndex)
        guard a >= 0 else { return }
        // A key no animation holds matches none (compared by index below).
        var keyIndex: Int32 = -1
        if let key {
            guard let k = table.keys.index(of: key) else { return }
            keyIndex = k
        }
        var i = 0
        while i < Int(animations[a].count) {
            if keyIndex < 0 || animations[a].records(in: table)[i].key == keyIndex {
                let record = animations[a].records(in: table)[i]
                if !record.stopped {
                    events.append(.animationStopped(AnimationStopped(animationID: record.id, layer: id,
                                                                     finished: false, mediaTime: mediaTime)))
                }
                animations[a].remove(at: i, table: table)
                animationCount -= 1
            } else {
                i += 1
            }
        }
        if animations[a].count == 0 { dropAnimationState(at: a) }
    }

    /// Removes the animations the engine retired (finished, `isRemovedOnCompletion`) from
    /// the layers whose states are `animations[a]` for each `a` in `indices` (ascending,
    /// each once).
    ///
    /// A layer whose animations all go (a burst of animations that finish together: the
    /// usual case) loses its whole state at once: swapped to the end of `animations` (its
    /// presentation likewise), then cut off with the others. A state is a plain value and
    /// its rows the table's, so nothing is freed per animation — but for animations kept
    /// whole (groups, transitions…), which the table moves to its `released` list and the
    /// frame hands to a background queue (`takeRetired`, `ServerCore.releaseLater`): freeing
    /// 40,000 animations' storage cost the loop thread about 400 instructions each.
    /// The pass runs over the arrays' storage: per layer a few loads and stores, no
    /// exclusivity check, copy or retain.
    func retireFinished(statesAt indices: [Int]) {
        guard !indices.isEmpty else { return }
        if let ledger = contentsLedger, ledger.holdsAnimationContents {
            // Bitmaps inside the values of the animations going now leave the contents
            // budget with them (only layers whose animations hold some are looked at).
            for a in indices {
                let layer = nodes[Int(animations[a].slot)].id
                if ledger.holdsAnimationContents(of: layer) { ledger.retired(animations[a].keysRetiring(in: table), of: layer) }
            }
        }
        var end = animations.count, removedAnimations = 0
        var transitionLayers: [LayerID] = []
        let table = self.table
        nodes.withUnsafeMutableBufferPointer { nodes in
            animations.withUnsafeMutableBufferPointer { states in
                presentations.withUnsafeMutableBufferPointer { presentations in
                    // Descending: the state swapped into a retired one's place comes from
                    // past every index still to handle.
                    for a in indices.reversed() {
                        let rows = states[a].rows(in: table), records = states[a].records(in: table)
                        var all = true
                        for i in 0..<rows.count where !(records[i].stopped && rows[i].isRemovedOnCompletion) {
                            all = false
                            break
                        }
                        guard all else {
                            // A layer keeping some (not removed on completion, or not finished).
                            removedAnimations += states[a].removeAll(where: { record, row in
                                record.stopped && row.isRemovedOnCompletion
                            }, table: table)
                            continue
                        }
                        removedAnimations += Int(states[a].count)
                        states[a].releaseRows(table: table)
                        let s = Int(states[a].slot)
                        // The presentation goes back to the model.
                        nodes[s].animationIndex = -1
                        if states[a].hasTransition { transitionLayers.append(nodes[s].id) }
                        end -= 1
                        if a < end {
                            states.swapAt(a, end)
                            presentations.swapAt(a, end)
                            animatedIDs.swapAt(a, end)
                            nodes[Int(states[a].slot)].animationIndex = Int32(a)
                        }
                    }
                }
            }
        }
        work &+= animations.count - end
        for layer in transitionLayers { transitions[layer] = nil }
        animationCount -= removedAnimations
        if end == 0 {
            // Every animated layer retired (the burst case).
            animations.removeAll(keepingCapacity: true)
            presentations.removeAll(keepingCapacity: true)
            animatedIDs.removeAll(keepingCapacity: true)
        } else if end < animations.count {
            animations.removeLast(animations.count - end)
            presentations.removeLast(presentations.count - end)
            animatedIDs.removeLast(animatedIDs.count - end)
        }
    }

    /// Whether animations kept whole were removed and not yet freed (see `retireFinished`).
    var hasRetired: Bool { !table.released.isEmpty }

    /// The animations kept whole that were removed since the last call (retired by a frame,
    /// removed or replaced by a command), for the caller to free elsewhere
    /// (`ServerCore.releaseLater`).
    func takeRetired() -> ContiguousArray<Animation> { table.takeReleased() }

    /// Frees what the previous frame retired if nobody took it (stores driven without a
    /// `ServerCore`: tests, benchmarks), so that at most one frame's worth waits.
    func dropRetired() {
        if !table.released.isEmpty { _ = table.takeReleased() }
    }

    /// Swap-removes `animations[a]`, fixing the index of the state moved into its place.
    private func dropAnimationState(at a: Int) {
        animations[a].releaseRows(table: table)
        let s = Int(animations[a].slot)
        // The presentation goes back to the model.
        nodes[s].animationIndex = -1
        if animations[a].hasTransition { transitions[nodes[s].id] = nil }
        let last = animations.removeLast()
        let lastPresentation = presentations.removeLast()
        let lastID = animatedIDs.removeLast()
        if a < animations.count {
            animations[a] = last
            presentations[a] = lastPresentation
            animatedIDs[a] = lastID
            nodes[Int(last.slot)].animationIndex = Int32(a)
        }
    }

    /// Drops everything (the session closed: no events are sent to a closed session).
    func removeAll() {
        _ = takeAll()
    }

    /// Empties the store and returns its old contents, for the caller to free elsewhere
    /// (100,000 nodes' arrays take tens of milliseconds of `free`).
    func takeAll() -> Any {
        let old: Any = (nodes, slotOf, animations, presentations, table, childHeightsBySlot)
        nodes = []; staleness = []; slotOf = [:]; freeSlots = []; animations = []; presentations = []; animatedIDs = []; root = 0
        ownTimings = [:]; childHeightsBySlot = [:]
        table = AnimationTable()
        animationCount = 0
        transitions = [:]
        return old
    }

    // MARK: What the compositor must redraw

    /// Counts the changes to what this client's tree draws (`renderChanges(since:)`): a
    /// layer's model set, or the structure (layers created, destroyed, moved, a mask or the
    /// root set). An output that builds render items remembers the count it built at, and
    /// then redraws only the subtrees of the layers changed since — rebuilding 25,000
    /// layers' items on the loop thread for any commit took 70–100 ms.
    private(set) var renderSerial: UInt64 = 0
    /// `renderSerial` at the latest structure change.
    private var structureSerial: UInt64 = 0
    /// The last `maxRenderChanges` changed layers, by serial modulo its size (allocated at the
    /// first change).
    private var changeRing: [LayerID] = []
    /// Whether any layer may have a zPosition other than 0 (set once one is set or
    /// animated, never cleared): while not, sublayers are drawn in order without looking up
    /// each one's zPosition (100,000 lookups when a layer has 100,000 sublayers).
    private(set) var mayHaveZPositions = false
    /// How many changed layers are kept; a builder further behind rebuilds whole.
    static let maxRenderChanges = 4_096

    func noteRenderChange(_ id: LayerID) {
        if changeRing.isEmpty { changeRing = [LayerID](repeating: 0, count: LayerStore.maxRenderChanges) }
        renderSerial += 1
        changeRing[Int(renderSerial % UInt64(LayerStore.maxRenderChanges))] = id
    }

    private func noteStructureChange() {
        renderSerial += 1
        structureSerial = renderSerial
    }

    /// The layers whose model changed after change number `serial`, oldest first (repeats
    /// kept); nil when the structure changed since, or more changes came than are kept.
    func renderChanges(since serial: UInt64) -> [LayerID]? {
        guard structureSerial <= serial, serial <= renderSerial,
              renderSerial - serial <= UInt64(LayerStore.maxRenderChanges) else { return nil }
        guard renderSerial > serial else { return [] }
        let size = UInt64(LayerStore.maxRenderChanges)
        return (serial + 1 ... renderSerial).map { changeRing[Int($0 % size)] }
    }

    // MARK: Preparing a layer's next frame

    /// Does at once what the next frame would do first for `id`'s animated layer after a
    /// command changed its model or its animations (`AnimationState.needsFullReset`): its
    /// presentation set to its model, the span its animations write noted, its compositor
    /// and its world timing copied when it is in a tree (a layer not
    /// yet inserted has it looked up by the frame: caching it now would make the insertion
    /// mark a clean timing dirty, and every state copy it). That frame then evaluates it as
    /// a steady one. `apply` calls it after each command that names a layer, so a commit's
    /// cost stays with the commit — in the slices a large one is applied in — and the frame
    /// that first shows 100,000 new animations costs about what the frames after it do, not
    /// three times that. Nothing reads a presentation between a command and the next frame
    /// but the frame (the compositor takes its trees at frame time; tree replies evaluate
    /// from the model).
    func prepareFrame(of id: LayerID) {
        guard let slot = slotOf[id] else { return }
        let s = Int(slot), a = Int(nodes[s].animationIndex)
        guard a >= 0, animations[a].needsFullReset else { return }
        let epoch = timingEpoch
        withFrameAccess { nodes, staleness, states, presentations, _ in
            let state = states.baseAddress! + a
            state.pointee.needsFullReset = false
            AnimationEngine.noteSpan(of: state)
            presentations[a] = nodes[s].model
            if nodes[s].parentSlot >= 0 && state.pointee.worldEpoch != epoch {
                state.pointee.worldTiming = worldTiming(slot: s, in: nodes, staleness: staleness)
                state.pointee.worldEpoch = epoch
            }
        }
    }

    // MARK: Frames

    /// Runs `body` with the nodes and their staleness as raw buffers: no copy of any node, no
    /// retain per access. `body` must not change the tree's structure nor mark caches stale
    /// (the buffers stay valid only during the call); it may clean them
    /// (`worldTiming(slot:in:staleness:)`). One layer's evaluation outside the walk
    /// (`withDrawable(_:at:_:)`) takes only these.
    func withNodeAccess<R>(_ body: (UnsafeMutablePointer<Node>, UnsafeMutablePointer<Invalidation>) -> R) -> R {
        if nodes.isEmpty { nodes.reserveCapacity(1) }
        if staleness.isEmpty { staleness.reserveCapacity(1) }
        return nodes.withUnsafeMutableBufferPointer { n in
            staleness.withUnsafeMutableBufferPointer { z in body(n.baseAddress!, z.baseAddress!) }
        }
    }

    /// `withNodeAccess(_:)` with the animation states, their presentations and their layers'
    /// ids (`animatedIDs`) too, for the frame's walk: the same rules.
    func withFrameAccess<R>(_ body: (UnsafeMutablePointer<Node>, UnsafeMutablePointer<Invalidation>,
                                     UnsafeMutableBufferPointer<AnimationState>,
                                     UnsafeMutablePointer<LayerProperties>, UnsafePointer<LayerID>) -> R) -> R {
        if presentations.isEmpty { presentations.reserveCapacity(1) }
        if animatedIDs.isEmpty { animatedIDs.reserveCapacity(1) }
        return withNodeAccess { n, z in
            animations.withUnsafeMutableBufferPointer { a in
                presentations.withUnsafeMutableBufferPointer { p in
                    animatedIDs.withUnsafeBufferPointer { body(n, z, a, p.baseAddress!, $0.baseAddress!) }
                }
            }
        }
    }

    /// Marks `cache` recomputed for the node in slot `s` (its superlayer's is clean: the
    /// invariant).
    func markClean(slot s: Int, _ cache: Invalidation) {
        staleness[s].remove(cache)
    }

    /// The world timing of the node in slot `s` of `nodes`, recomputed first when stale
    /// (`staleness` is the store's, taken by the caller with `nodes`: see `withFrameAccess`).
    /// A node whose superlayer's is clean — a new layer's first frame — composes it with its
    /// own timing on the spot.
    @inline(__always)
    func worldTiming(slot s: Int, in nodes: UnsafeMutablePointer<Node>,
                     staleness stale: UnsafeMutablePointer<Invalidation>) -> WorldTiming {
        if !stale[s].contains(.worldTiming) { return nodes[s].worldTiming }
        let p = Int(nodes[s].parentSlot)
        if p < 0 || !stale[p].contains(.worldTiming) {
            let world = (p >= 0 ? nodes[p].worldTiming : .identity).then(timing(slot: s))
            nodes[s].worldTiming = world
            stale[s].remove(.worldTiming)
            return world
        }
        return refreshWorldTiming(slot: s, in: nodes, staleness: stale)
    }

    /// Recomputes the stale part of slot `s`'s ancestor path, top down from the nearest clean
    /// ancestor (whose cache is valid: the invariant), cleaning each node on the way.
    ///
    /// The store's arrays are class properties, and each access to one is checked for
    /// exclusivity at run time (a call into the runtime): the walk takes `scratch` once, and
    /// `nodes` and `staleness` come from the caller.
    @inline(never)
    private func refreshWorldTiming(slot s: Int, in nodes: UnsafeMutablePointer<Node>,
                                    staleness stale: UnsafeMutablePointer<Invalidation>) -> WorldTiming {
        var path: [Int32] = []
        swap(&path, &scratch)
        defer { swap(&path, &scratch) }
        path.removeAll(keepingCapacity: true)
        var x = s
        while x >= 0 && stale[x].contains(.worldTiming) {
            path.append(Int32(x))
            x = Int(nodes[x].parentSlot)
        }
        var world = x >= 0 ? nodes[x].worldTiming : .identity
        for y in path.reversed() {
            let i = Int(y)
            world = world.then(timing(slot: i))
            nodes[i].worldTiming = world
            stale[i].remove(.worldTiming)
        }
        return world
    }
}

/// The animations of one animated layer and what the engine knows of them, stored densely
/// in `LayerStore.animations`, its presentation beside it in `LayerStore.presentations`
/// (only for layers that have animations: the others' presentation is their model). The
/// animations themselves lie in the store's `AnimationTable`: the layer's rows
/// `first ..< first + count`, in the order added, with their records (id, key) and, for the
/// animations no row stands for, the `Animation` kept whole (`AnimationTable.animation(at:)`
/// gives back any of them). A plain value: nothing of it is allocated or freed per layer.
package struct AnimationState {
    typealias Record = AnimationTable.Record

    // Fields by size, eight bytes first, so that none pads another: 64 bytes (72 with the
    // layer's id, which its node holds, and an eight-byte epoch).

    /// The properties the attached animations may write (see `Animation.writtenProperties`).
    var written = PropertySet()
    /// The layer's world timing as of `LayerStore.timingEpoch == worldEpoch` (0: never).
    var worldTiming = WorldTiming.identity
    var worldEpoch: UInt32 = 0
    /// The layer's rows in the table (−1: none yet) and how many.
    private(set) var first: Int32 = -1
    private(set) var count: Int32 = 0
    /// How many attached animations read the model (do not overwrite their property: see
    /// `Animation.overwritesItsProperty`), kept by every change of the rows.
    private(set) var readingModel: Int32 = 0
    /// Records not yet `started`: while 0, a frame reads the records only for an animation
    /// that finished.
    var unstarted: Int32 = 0
    /// The layer's slot in `LayerStore.nodes` (whose node holds its id).
    var slot: Int32
    /// What a steady frame touches, for the walk's prefetching (worked out by the frame after
    /// each full reset, which follows every change of `written`): the bytes of a
    /// `LayerProperties` that hold `written` (`LayerProperties.storageSpan`).
    var spanStart: UInt16 = 0, spanEnd: UInt16 = 0
    /// The model or the attached animations changed since the latest frame: the next one
    /// resets the whole presentation to the model. Otherwise the presentation equals the
    /// model outside `written`, and a frame resets only those.
    var needsFullReset = true
    /// The latest frame evaluated a transition on the layer: its state is in
    /// `LayerStore.transitions` (kept apart: the frame's walk streams these headers).
    var hasTransition = false
    /// Whether one of the rows reads the table's arenas (keyframe values, transform ends):
    /// the walk fetches those ahead only for layers that do.
    private(set) var readsOutOfLine = false
    /// Whether every animation of the layer takes the direct route (`EvaluationPlan.isDirect`)
    /// and writes properties no other of them writes (a position, an opacity and a rotation
    /// animation, as an animation block makes them; not two on `transform`'s components,
    /// whose direct route sets the model's transform with its own component): each row then
    /// writes its value whatever the others do, in any order, and the frame evaluates them one
    /// by one with the walk's shared timings. The walk reads it here, in the header it
    /// streams, instead of calling into RenderCore for each row's flag on every frame.
    /// Kept by every change of the rows;
    /// `Presentation.evaluateDirect` checks each row again.
    private(set) var isDirect = false
    /// Whether an animation reads the model (the walk prefetches the model's span only then).
    var readsModel: Bool { readingModel > 0 }

    init(slot: Int32) {
        self.slot = slot
    }

    /// The layer's rows (valid until the table next allocates).
    func rows(in table: AnimationTable) -> UnsafeMutableBufferPointer<PlannedAnimation> { table.rows(first, count) }
    func records(in table: AnimationTable) -> UnsafeMutableBufferPointer<Record> { table.recordRows(first, count) }

    /// Each animation's lifecycle at the latest frame.
    func lifecycles(in table: AnimationTable) -> [AnimationLifecycle] { rows(in: table).map(\.lifecycle) }

    /// The animations, in the order added, as added (rebuilt where the table keeps only rows:
    /// allocates; for what is not the frame's).
    func attached(in table: AnimationTable) -> [AttachedAnimation] {
        guard count > 0 else { return [] }
        let records = table.recordRows(first, count)
        return (0..<Int(count)).map { i in
            AttachedAnimation(key: table.keys[records[i].key], animation: table.animation(at: first + Int32(i)))
        }
    }

    /// The keys, in the order added.
    func keys(in table: AnimationTable) -> [String] { records(in: table).map { table.keys[$0.key] } }

    /// The keys of the animations a frame retires (stopped, removed on completion).
    func keysRetiring(in table: AnimationTable) -> [String] {
        let rows = rows(in: table), records = records(in: table)
        var keys: [String] = []
        for i in 0..<rows.count where records[i].stopped && rows[i].isRemovedOnCompletion {
            keys.append(table.keys[records[i].key])
        }
        return keys
    }

    /// Moves the rows to a range of `newCount`, keeping those `keep` picks in order (by old
    /// index) and leaving the rest of the new range for the caller to write.
    private mutating func relocate(to newCount: Int, keeping keep: [Int], table: AnimationTable) {
        let newFirst: Int32 = newCount > 0 ? table.allocateRows(newCount) : -1
        if count > 0 {
            for (j, i) in keep.enumerated() { table.moveRow(first + Int32(i), to: newFirst + Int32(j)) }
            table.freeRows(first, Int(count))
        }
        first = newFirst
        count = Int32(newCount)
    }

    private mutating func noteChange(table: AnimationTable) {
        let rows = table.rows(first, count)
        // Row by row, what `append` does for one: the union of what the rows write, and
        // whether each is direct and writes nothing an earlier one wrote.
        written = PropertySet()
        isDirect = count > 0
        for i in 0..<Int(count) {
            let writes = table.written(at: first + Int32(i))
            isDirect = isDirect && rows[i].plan.isDirect && written.isDisjoint(with: writes)
            written.formUnion(writes)
        }
        readingModel = Int32(rows.filter { !$0.plan.overwrites }.count)
        readsOutOfLine = table.spanRows(first, count).contains { $0.readsOutOfLine }
        needsFullReset = true
    }

    /// Amortized O(1), as `Array.append`: the rows grow in place while the new count stays in
    /// the size class of the range (`TableColumn.sizeClass`: the range holds a power of two),
    /// and move to a range twice as large only when it leaves it. The written set, the
    /// model-reading count and the out-of-line flag grow with the new animation alone.
    mutating func append(_ animation: Animation, key: String, id: UInt64, table: AnimationTable) {
        let n = Int(count)
        if n > 0 && TableColumn<PlannedAnimation>.sizeClass(n + 1) == TableColumn<PlannedAnimation>.sizeClass(n) {
            count += 1
        } else {
            relocate(to: n + 1, keeping: Array(0..<n), table: table)
        }
        let row = table.plant(animation, key: key, id: id, at: first + Int32(n))
        unstarted += 1
        let writes = table.written(at: first + Int32(n))
        isDirect = (n == 0 || isDirect) && row.plan.isDirect && written.isDisjoint(with: writes)
        written.formUnion(writes)
        if !row.plan.overwrites { readingModel += 1 }
        readsOutOfLine = readsOutOfLine || table.spanRows(first, count)[n].readsOutOfLine
        needsFullReset = true
    }

    /// Removes every animation `shouldRemove` picks (by its record and row), in one pass;
    /// returns how many went.
    mutating func removeAll(where shouldRemove: (Record, PlannedAnimation) -> Bool, table: AnimationTable) -> Int {
        let rows = table.rows(first, count), records = table.recordRows(first, count)
        var keep: [Int] = []
        for i in 0..<Int(count) {
            if shouldRemove(records[i], rows[i]) {
                if !records[i].started { unstarted -= 1 }
                table.uproot(at: first + Int32(i))
            } else {
                keep.append(i)
            }
        }
        let removed = Int(count) - keep.count
        guard removed > 0 else { return 0 }
        relocate(to: keep.count, keeping: keep, table: table)
        noteChange(table: table)
        return removed
    }

    mutating func replace(at i: Int, with animation: Animation, key: String, id: UInt64, table: AnimationTable) {
        let records = table.recordRows(first, count)
        if records[i].started { unstarted += 1 }
        table.uproot(at: first + Int32(i))
        // Planting may grow an arena, not the rows.
        table.plant(animation, key: key, id: id, at: first + Int32(i))
        noteChange(table: table)
    }

    mutating func remove(at i: Int, table: AnimationTable) {
        let records = table.recordRows(first, count)
        if !records[i].started { unstarted -= 1 }
        table.uproot(at: first + Int32(i))
        relocate(to: Int(count) - 1, keeping: (0..<Int(count)).filter { $0 != i }, table: table)
        noteChange(table: table)
    }

    /// Gives the layer's rows and what they hold back to the table (the state is dropped or
    /// retired whole).
    mutating func releaseRows(table: AnimationTable) {
        guard count > 0 else { return }
        for r in first ..< first + count { table.uproot(at: r) }
        table.freeRows(first, Int(count))
        first = -1; count = 0
    }
}
