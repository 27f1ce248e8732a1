import RenderCore
import RenderProtocol

/// One frame's drawing instructions: every layer that may be visible, in paint order
/// (depth-first, back to front: a layer, then its sublayers sorted by zPosition), with
/// everything drawing needs resolved — the world transform, opacity, clipping and the
/// layer's own content. Built on the loop thread from the presented trees (so it costs a
/// walk of the visible layers and no drawing), then handed to the compositor thread; after
/// the hand-off it is immutable.
package struct RenderList: Sendable {
    /// The frame it shows (counts from 1) and its target present time (media seconds).
    var frame: UInt64
    var mediaTime: Double
    /// The frame's size in pixels: the display's size in points × `scale`.
    var width: Int
    var height: Int
    /// Pixels per point (the window's buffer scale: 2 on a HiDPI output). World transforms
    /// map to pixels.
    var scale: Double = 1
    /// One block per client session with a root, in session order (drawn in that order).
    /// Within a block, `parent` and `subtreeEnd` are block indices.
    var blocks: [RenderItems]
    /// CLOCK_MONOTONIC nanoseconds when the loop thread handed it off.
    var handedOffNanoseconds: Int64 = 0
    /// Blocks the builder replaced or dropped for this frame, carried to the compositor
    /// thread so that they are freed there: freeing 100,000 items took about 10 ms.
    var discarded: [RenderItems] = []

    package var itemCount: Int { blocks.reduce(0) { $0 + $1.count } }
}

/// A transition in progress on a layer (`Transition`), for the compositor: which one
/// (`id`, the client's animation id: a new id means a new "before" picture) and how far.
struct TransitionState: Equatable, Sendable {
    var id: UInt64
    var transition: Transition
    var progress: Double
}

extension RenderList {
    /// Builds the whole list for a frame (no reuse; see `RenderListBuilder`).
    init(_ frame: FrameSnapshot) {
        self = RenderListBuilder().build(frame)
    }
}

/// Builds each frame's `RenderList` on the loop thread, reusing the previous frame's items:
/// a session whose tree has not changed since (nothing in `LayerStore.renderChanges`,
/// nothing animated then or now) keeps its block as it was; otherwise only the subtrees of
/// the layers animated now or last frame, and of those whose properties a commit set, are
/// built again, in place. Anything else — a change of structure, more changed layers than
/// the store keeps, an animated layer that was not drawn, a rebuilt subtree with a
/// different number of visible layers, an animated zPosition — rebuilds that session's
/// block whole: at once for a tree of up to `sliceItems` layers, else a slice per frame
/// while the previous block is shown (`buildSlice`).
///
/// Updates are bounded too (`updateItems`): when the subtrees to rebuild hold more than
/// `updateItems` items, the session's new picture is built `updateItems` items per frame
/// (`Updating`) while its previous block is kept, and `isBehind` says so: the caller hands
/// no list to the compositor until it is done (a list is never one frame's state for some
/// layers of a client and another's for the rest). The picture is of the frame the update
/// began at: later slices evaluate the animated layers at that frame's time
/// (`PresentedTree.withDrawable(_:at:_:)`), and properties committed meanwhile are
/// rebuilt too before it is shown, so it holds whole commits, the latest included. Other
/// clients' blocks are brought to each frame as usual. (A layer whose animations were
/// retired meanwhile shows its model; a change of structure meanwhile starts it over.)
///
/// Layers that are hidden, have a non-finite or singular geometry, or have a corner at or
/// behind the eye are left out with their subtrees.
///
/// The world transform follows Core Animation (`LayerGeometry`, the one rule): a point of a
/// layer's bounds space goes to its superlayer's by `−(bounds.origin + anchorPoint ×
/// bounds.size)`, `transform`, `+(position, zPosition)`; the superlayer's `sublayerTransform` applies about its anchor point;
/// each layer flattens its sublayers into its own plane (z dropped) before its own
/// transform applies — so `m34` in a `sublayerTransform` gives its sublayers perspective.
///
/// Thread affinity: the loop thread.
package final class RenderListBuilder {
    private struct Block {
        /// The tree's `renderSerial` it was built or updated at.
        var serial: UInt64
        var root: LayerID
        var items: RenderItems
        /// Item index of each drawn layer.
        var index: ItemIndex
        var animated: [LayerID]
        /// The session's content table (the items' content ids).
        var table: ContentTable

        init(serial: UInt64, root: LayerID, items: RenderItems, index: ItemIndex, animated: [LayerID],
             table: ContentTable) {
            self.serial = serial; self.root = root; self.items = items; self.index = index
            self.animated = animated; self.table = table
            takeColumns()
        }

        /// Points the items at the table's content and space columns as they are now: where a
        /// block is made, and after a slice of an update has put rebuilt items in place (the
        /// only two ways its items come to name new content or space ids).
        mutating func takeColumns() {
            items.contents = table.column
            items.spaces = table.spaces.column
        }
    }
    private var blocks: [UInt32: Block] = [:]
    /// Each session's content table (`ContentTable`), kept while the session has a tree.
    private var tables: [UInt32: ContentTable] = [:]

    /// The content table of session `sessionID` (made on first use).
    private func table(of sessionID: UInt32) -> ContentTable {
        if let t = tables[sessionID] { return t }
        let t = ContentTable()
        tables[sessionID] = t
        return t
    }
    private var size = (width: 0, height: 0)
    /// Pixels per point of the lists it builds (a window's buffer scale): the root of every
    /// tree is drawn through this scale, so layers are rasterized and composited at the
    /// output's resolution while the trees stay in points. A change rebuilds every block.
    /// Hit-testing and `convert` take display points.
    package var scale: Double = 1
    private var builtScale: Double = 1
    /// Maps the display's points to the list's pixels.
    private var rootWorld: Transform3D { scale == 1 ? .identity : .scale(x: scale, y: scale) }
    /// Counters for tests: whole session blocks built, subtrees rebuilt in place, and items
    /// built by updates (subtrees rebuilt: the work `sliceItems` bounds per frame).
    private(set) var sessionBuilds = 0
    private(set) var subtreeBuilds = 0
    package private(set) var updatedItems = 0
    /// Calls of `build`.
    private(set) var builds = 0

    /// A whole build of a large tree, taken `sliceItems` items per frame (see `build`).
    private struct Slicing {
        var builder: Builder
        var root: LayerID
        /// The tree's `renderSerial` when it began: commits since then are replayed on the
        /// result (`update`), or, if they changed the structure, the build starts over.
        var serial: UInt64
        var index = ItemIndex()
        /// Every layer animated while it ran (their items were built at different frames).
        var animated: Set<LayerID> = []
    }
    private var slicing: [UInt32: Slicing] = [:]

    /// An update of a session's block under way: the subtrees of the layers in `layers` from
    /// `next` on are still to rebuild (`partial`: the one a slice stopped inside), at `time`.
    /// An update that fits one slice looks their items up first and goes in item order
    /// (`starts`: a layer inside a subtree rebuilt already is skipped); a larger one looks
    /// each up as the slices reach it (no lookup or sort of every layer in one frame), and
    /// a layer whose ancestor is rebuilt too is rebuilt twice.
    private struct Updating {
        var block: Block
        var layers: [LayerID]
        /// Item indices of `layers`, ascending, when looked up first.
        var starts: [Int]?
        var next = 0
        /// The item range of the last subtree rebuilt (a layer in it is rebuilt already).
        var coveredFrom = 0
        var coveredUntil = -1
        /// A commit changed layers meanwhile: a subtree rebuilt before it may hold them, so
        /// none is skipped as covered any more (some are rebuilt twice).
        var uncovered = false
        var partial: Partial?
        /// The media time of the frame it began at: animated layers are shown at it.
        var time: Double
        /// Changes up to this `renderSerial` are among `layers`.
        var serial: UInt64
        /// The layers animated when it began (the block's `animated` once done).
        var now: [LayerID]
        /// Builders' storage kept for the next subtree.
        var spare: RenderItems?
        var isDone: Bool { partial == nil && next >= (starts?.count ?? layers.count) }
    }
    /// A subtree larger than a slice: built over several slices, then put in place over
    /// several more (`placed` items so far), each item counted against the budget.
    private struct Partial {
        var builder: Builder
        var start: Int
        var old: ItemRecord
        var built = false
        var placed = 0
    }
    private var updating: [UInt32: Updating] = [:]

    /// The sessions whose blocks the last build showed, in drawing order (`hitTest`).
    private var shownOrder: [UInt32] = []
    private var hitScratch: [Int] = []

    /// The frontmost layer under `point` in what the last list showed (the blocks kept for
    /// the sessions: during an update under way, the block shown before it), clients from
    /// the top down (`RenderItems.hitTest`).
    package func hitTest(_ point: Point) -> HitTestResult? {
        let point = builtScale == 1 ? point : Point(x: point.x * builtScale, y: point.y * builtScale)
        for id in shownOrder.reversed() {
            if let block = blocks[id], let hit = block.items.hitTest(point, scratch: &hitScratch) { return hit }
        }
        return nil
    }

    /// `point` in the bounds space of `layer` of session `sessionID` as last shown.
    func convert(_ point: Point, toLayer layer: LayerID, of sessionID: UInt32) -> Point? {
        guard let block = blocks[sessionID], let i = block.index[layer] else { return nil }
        let point = builtScale == 1 ? point : Point(x: point.x * builtScale, y: point.y * builtScale)
        return block.items.convert(point, toItem: i)
    }

    /// Per session, the latest commit (`PresentedTree.version`) a list showed whole.
    private var shownVersions: [UInt32: UInt64] = [:]
    /// Sessions whose last list showed an older state than their tree's (an update or a
    /// whole build under way, a frozen tree), with the version it did show.
    private var lagging: [UInt32: UInt64] = [:]

    /// Notes what the list being built shows of `tree`: its state now (`current`), or the
    /// state an earlier list showed.
    private func shown(_ tree: PresentedTree, current: Bool) {
        if current, let v = tree.version {
            shownVersions[tree.sessionID] = v
            lagging[tree.sessionID] = nil
        } else if !current {
            lagging[tree.sessionID] = shownVersions[tree.sessionID] ?? 0
        }
    }

    /// The latest commit of session `sessionID` the last list showed, when it showed an
    /// older state than the session's (nil: it showed the session as it is). Presentation
    /// feedback waits for a list that shows a commit (`ServerCore.resolvePresentation`).
    func presentedVersion(of sessionID: UInt32) -> UInt64? { lagging[sessionID] }

    /// Blocks replaced or dropped by the build under way (see `RenderList.discarded`).
    private var discarded: [RenderItems] = []
    /// Whole builds of a tree of more layers than this go in slices of this many items per
    /// frame (nil: always whole, at once).
    let sliceItems: Int?
    /// Updates of more items than this go in slices of this many items per frame (see
    /// `isBehind`; nil: always whole, at once).
    let updateItems: Int?

    /// Whether the last `build` left a session's update under way: its list shows that
    /// session as it was before and must not be handed to the compositor (see
    /// `CompositorOutput.present`); the next frames go on with it.
    package private(set) var isBehind = false
    /// Whether a build has work under way (an update or a whole build in slices): the
    /// frames must go on even if nothing animates or changes.
    var hasWorkUnderWay: Bool { !updating.isEmpty || !slicing.isEmpty }

    /// - Parameters:
    ///   - sliceItems: see `sliceItems`. The daemon's compositor slices
    ///     (`defaultSliceItems`); a one-off build (`RenderList(_:)`) does not.
    ///   - updateItems: see `updateItems`. The daemon's compositor on a real clock slices
    ///     them (`defaultUpdateItems`); on a manual clock every frame is built whole.
    package init(sliceItems: Int? = nil, updateItems: Int? = nil) {
        self.sliceItems = sliceItems
        self.updateItems = updateItems
    }

    /// About 7 ms of the loop thread on the 2-core development machine (1.7 µs per item)
    /// for whole builds.
    /// `MemoryLayout<RenderItem>.stride`: bytes per shown layer in a list (for `--memory`).
    package static var itemStride: Int { MemoryLayout<ItemRecord>.stride }
    /// `MemoryLayout<ItemGeometry>.stride`: the item's geometry row, beside its record.
    package static var itemGeometryStride: Int { MemoryLayout<ItemGeometry>.stride }
    /// Strides of a content table entry and a space node (each shared by the items that
    /// draw the same content, or by a layer's sublayers).
    package static var contentEntryStride: Int { MemoryLayout<ContentColumn.Entry>.stride }
    package static var spaceNodeStride: Int { MemoryLayout<SpaceNode>.stride }

    package static let defaultSliceItems = 4_096
    /// 3–4.5 ms of the loop thread on the 2-core development machine (1.5–2.2 µs per item
    /// rebuilt at an earlier frame's time): with the evaluation of 100,000 animated layers
    /// (4–5 ms), a frame stays well within a 60 Hz period on a loaded host.
    package static let defaultUpdateItems = 2_048

    package func build(_ frame: FrameSnapshot) -> RenderList {
        builds += 1
        let pixels = (width: Int((Double(frame.width) * scale).rounded()), height: Int((Double(frame.height) * scale).rounded()))
        let display = PixelRect(x: 0, y: 0, width: pixels.width, height: pixels.height)
        if size != pixels || builtScale != scale {
            discarded += blocks.values.map(\.items)
            blocks.removeAll()
            tables.removeAll()
            slicing.removeAll()
            updating.removeAll()
            size = pixels
            builtScale = scale
        }
        let updateBudget = updateItems ?? .max
        var behind = false
        var out: [RenderItems] = []
        var live = Set<UInt32>()
        for tree in frame.trees {
            if tree.isFrozen {
                // Half of a large commit is applied: show what was drawn before it, as it was.
                live.insert(tree.sessionID)
                if let block = blocks[tree.sessionID] { out.append(block.items) }
                shown(tree, current: false)
                continue
            }
            guard let root = tree.root else { continue }
            live.insert(tree.sessionID)
            // Content that interaction trackers scrolled: shifted in place; what cannot be
            // shifted is rebuilt as changed (`RenderItems.scrollSubtree`).
            let scrolled = tree.hasTrackers ? scroll(tree, root: root) : []
            // An update under way goes on (taken out of the table while it grows).
            if var u = updating.removeValue(forKey: tree.sessionID) {
                if u.block.root == root, tree.version != nil, let changed = tree.renderChanges(since: u.serial).map({ $0 + scrolled }),
                   queue(changed, in: &u, tree), step(&u, tree, display, budget: updateBudget,
                                                      time: frame.mediaTime == u.time ? nil : u.time) {
                    if u.isDone {
                        install(u, for: tree.sessionID)
                        out.append(u.block.items)
                        shown(tree, current: true)
                    } else {
                        updating[tree.sessionID] = u
                        behind = true
                        if let block = blocks[tree.sessionID] { out.append(block.items) }
                        shown(tree, current: false)
                    }
                    continue
                }
                // The update cannot go on (the structure changed): built again below.
            }
            // Commits since the last build that changed only properties: the changed layers'
            // subtrees are rebuilt in place, as the animated ones' are.
            if let block = blocks[tree.sessionID], block.root == root, tree.version != nil,
               let changed = tree.renderChanges(since: block.serial).map({ $0 + scrolled }) {
                let now = tree.animatedLayers
                if now.isEmpty && block.animated.isEmpty && changed.isEmpty {
                    blocks[tree.sessionID]!.serial = tree.renderSerial
                    slicing[tree.sessionID] = nil
                    out.append(block.items)
                    shown(tree, current: true)
                    continue
                }
                if var u = plan(block, tree, now: now, changed: changed, time: frame.mediaTime, budget: updateBudget),
                   step(&u, tree, display, budget: updateBudget, time: nil) {
                    slicing[tree.sessionID] = nil
                    if u.isDone {
                        install(u, for: tree.sessionID)
                        out.append(u.block.items)
                        shown(tree, current: true)
                    } else {
                        updating[tree.sessionID] = u
                        behind = true
                        out.append(block.items)
                        shown(tree, current: false)
                    }
                    continue
                }
            }
            if let slice = sliceItems, tree.layerCount > slice {
                // A large tree rebuilt whole (new, or its structure changed): a slice per frame,
                // while outputs keep what was drawn for it (nothing, if it is new), so that one
                // client's tree never holds every client's frame. Done, it is brought up to this
                // frame (the layers animated meanwhile, and the properties committed since it
                // began) and shown.
                switch buildSlice(of: tree, root: root, display: display, items: slice, frame: frame,
                                  updateBudget: updateBudget) {
                case let .done(block):
                    if let old = blocks.updateValue(block, forKey: tree.sessionID) { discarded.append(old.items) }
                    scrollSeen[tree.sessionID] = nil
                    out.append(block.items)
                    shown(tree, current: true)
                case .updating:
                    behind = true
                    if let block = blocks[tree.sessionID] { out.append(block.items) }
                    shown(tree, current: false)
                case .building:
                    if let block = blocks[tree.sessionID] { out.append(block.items) }
                    shown(tree, current: false)
                }
                continue
            }
            var b = Builder(display: display, tree: tree, table: table(of: tree.sessionID))
            b.add(root, parent: -1, space: b.rootSpace(rootWorld), siblingIndex: 0)
            sessionBuilds += 1
            var index = ItemIndex()
            index.reserveCapacity(b.items.count)
            b.items.index(from: 0, into: &index)
            let block = Block(serial: tree.renderSerial, root: root,
                              items: b.items, index: index, animated: tree.animatedLayers, table: b.table)
            scrollSeen[tree.sessionID] = nil
            let old = tree.version != nil ? blocks.updateValue(block, forKey: tree.sessionID)
                : blocks.removeValue(forKey: tree.sessionID)
            if let old { discarded.append(old.items) }
            out.append(block.items)
            shown(tree, current: true)
        }
        if scrollSeen.count > live.count { scrollSeen = scrollSeen.filter { live.contains($0.key) } }
        if shownVersions.count > live.count { shownVersions = shownVersions.filter { live.contains($0.key) } }
        if lagging.count > live.count { lagging = lagging.filter { live.contains($0.key) } }
        if blocks.count > live.count {
            discarded += blocks.filter { !live.contains($0.key) }.map(\.value.items)
            blocks = blocks.filter { live.contains($0.key) }
        }
        if slicing.count > 0 { slicing = slicing.filter { live.contains($0.key) } }
        if updating.count > 0 { updating = updating.filter { live.contains($0.key) } }
        if tables.count > live.count { tables = tables.filter { live.contains($0.key) } }
        // Contents no item refers to any more are freed, once enough were made since the
        // last look, and only while the session's block is the table's only user.
        for (sid, table) in tables where table.shouldCollect && updating[sid] == nil && slicing[sid] == nil {
            table.collect(keeping: blocks[sid]?.items ?? RenderItems())
        }
        for (sid, table) in tables where table.spaces.shouldCollect && updating[sid] == nil && slicing[sid] == nil {
            table.spaces.collect(keeping: blocks[sid]?.items ?? RenderItems())
        }
        isBehind = behind
        shownOrder = frame.trees.compactMap { blocks[$0.sessionID] != nil ? $0.sessionID : nil }
        var list = RenderList(frame: frame.frame, mediaTime: frame.mediaTime, width: pixels.width, height: pixels.height,
                              scale: builtScale, blocks: out)
        list.discarded = discarded
        discarded = []
        return list
    }

    /// Shifts the items under each of the session's tracked layers whose bounds origin moved
    /// since its item was built (in the shown block and in an update under way); returns the
    /// layers whose subtrees must be rebuilt instead. Cost: O(trackers) when nothing
    /// scrolled; else O(the scrolled subtrees' items).
    private func scroll(_ tree: PresentedTree, root: LayerID) -> [LayerID] {
        var rebuild: [LayerID] = []
        // Only the layers scrolled since the last look (O(trackers) only after a whole build,
        // or when more scrolled than the store's ring keeps).
        let seen = scrollSeen[tree.sessionID]
        scrollSeen[tree.sessionID] = tree.scrollSerial
        let ids: [LayerID]
        if let seen, let scrolled = tree.scrolls(since: seen) {
            guard !scrolled.isEmpty else { return [] }
            ids = scrolled.count > 1 ? Array(Set(scrolled)) : scrolled
        } else {
            ids = Array(tree.trackedLayers)
        }
        let sid = tree.sessionID
        for id in ids {
            guard let p = tree.presentation(of: id) else { continue }
            // The block shown, and the one an update under way is growing.
            var shifted: [Bool] = []
            if blocks[sid]?.root == root, let r = shift(id, to: p.bounds.origin, p.sublayerTransform, in: &blocks[sid]!) {
                shifted.append(r)
            }
            if updating[sid]?.block.root == root,
               let r = shift(id, to: p.bounds.origin, p.sublayerTransform, in: &updating[sid]!.block) {
                shifted.append(r)
            }
            if !shifted.isEmpty { scrolledSubtrees += 1 }
            if shifted.contains(false) { rebuild.append(id) }
        }
        return rebuild
    }

    /// Shifts the subtree of `id` in `block` to its bounds origin `origin`: nil when the block
    /// does not show it or shows it there already; false when it cannot be shifted (rebuild it).
    private func shift(_ id: LayerID, to origin: Point, _ sublayerTransform: Transform3D, in block: inout Block) -> Bool? {
        guard let i = block.index[id], i < block.items.count, LayerID(truncatingIfNeeded: block.items.key(at: i)) == id,
              block.items.contentBounds(at: i).origin != origin else { return nil }
        guard sublayerTransform == .identity,
              block.items.scrollSubtree(at: i, to: origin, table: block.table, scratch: &scrollScratch) else {
            return false
        }
        grow(ancestorsOf: i, parent: block.items.parent(at: i), in: &block)
        return true
    }
    private var scrollScratch = RenderItems.ScrollScratch()
    /// Per session, the store's scroll serial at the last look (`scroll`); forgotten when the
    /// session's block is built anew, so that every tracked layer is looked at once.
    private var scrollSeen: [UInt32: UInt64] = [:]
    /// Subtrees shifted by `scroll` (tests).
    private(set) var scrolledSubtrees = 0

    /// An update finished: its block replaces the session's.
    private func install(_ u: Updating, for session: UInt32) {
        var block = u.block
        block.serial = u.serial
        block.animated = u.now
        if let old = blocks.updateValue(block, forKey: session) { discarded.append(old.items) }
        scrollSeen[session] = nil
    }

    private enum SliceResult { case building, updating, done(Block) }

    /// Takes the next `items` items of `tree`'s sliced whole build (starting one when none is
    /// under way, or over when the structure changed since it began); once done, brings it
    /// up to this frame (an update: the layers animated meanwhile, the properties committed
    /// since it began), in slices from the next frame on with `updateItems`.
    private func buildSlice(of tree: PresentedTree, root: LayerID, display: PixelRect, items: Int,
                            frame: FrameSnapshot, updateBudget: Int) -> SliceResult {
        var s: Slicing
        // Items from this one on are indexed after this slice (the root's too, on the first).
        let before: Int
        // Taken out of the table while it grows, so that its items and index are not shared
        // (a copy of each per frame).
        if let current = slicing.removeValue(forKey: tree.sessionID), current.root == root,
           tree.renderChanges(since: current.serial) != nil {
            s = current
            s.builder.tree = tree
            before = s.builder.items.count
        } else {
            s = Slicing(builder: Builder(display: display, tree: tree, table: table(of: tree.sessionID)), root: root,
                        serial: tree.renderSerial)
            before = 0
            s.builder.start(root, parent: -1, space: s.builder.rootSpace(rootWorld), siblingIndex: 0)
        }
        s.animated.formUnion(tree.animatedLayers)
        let done = s.builder.resume(budget: items)
        s.builder.items.index(from: before, into: &s.index)
        guard done else { slicing[tree.sessionID] = s; return .building }
        sessionBuilds += 1
        // The layers animated while it ran, in the store's order when they are those animated
        // now (an update compares the lists, and rebuilds each layer of both when they differ).
        let now = tree.animatedLayers
        let same = s.animated.count == now.count && now.allSatisfy(s.animated.contains)
        let block = Block(serial: s.serial, root: root, items: s.builder.items, index: s.index,
                          animated: same ? now : Array(s.animated), table: s.builder.table)
        guard let changed = tree.renderChanges(since: s.serial),
              var u = plan(block, tree, now: now, changed: changed, time: frame.mediaTime, budget: updateBudget),
              step(&u, tree, display, budget: updateItems == nil ? .max : 0, time: nil) else {
            return .building // what changed meanwhile changed what is drawn: the next frame starts over
        }
        guard u.isDone else { updating[tree.sessionID] = u; return .updating }
        var finished = u.block
        finished.serial = u.serial
        finished.animated = u.now
        return .done(finished)
    }

    /// An update of `block`: the subtrees of the layers animated now (`now`) or at its last
    /// build, and of those whose model `changed`; nil when the block must be rebuilt whole
    /// (found at once for an update that fits `budget`: see `Updating`). Cost: O(those
    /// layers), a copy of their ids.
    private func plan(_ block: Block, _ tree: PresentedTree, now: [LayerID], changed: [LayerID],
                      time: Double, budget: Int) -> Updating? {
        var layers = now
        if block.animated != now { layers += block.animated }
        layers += changed
        var u = Updating(block: block, layers: layers, time: time, serial: tree.renderSerial, now: now)
        if layers.count <= budget {
            var starts: [Int] = []
            starts.reserveCapacity(layers.count)
            guard indices(of: layers, in: block, tree, into: &starts) else { return nil }
            u.starts = starts.sorted()
        }
        return u
    }

    /// Appends the item indices of `ids`; false when one is not drawn and may show now.
    private func indices(of ids: [LayerID], in block: Block, _ tree: PresentedTree, into starts: inout [Int]) -> Bool {
        for id in ids {
            guard let i = block.index[id] else {
                if mayShow(id, tree) { return false }
                continue
            }
            starts.append(i)
        }
        return true
    }

    /// Whether a layer not drawn last time (hidden, transparent, behind the eye) may show
    /// now: known only by building.
    private func mayShow(_ id: LayerID, _ tree: PresentedTree) -> Bool {
        tree.presentation(of: id).map { !$0.isHidden && $0.opacity > 0 } ?? false
    }

    /// Adds the layers `changed` since the update's serial to those it rebuilds; false when
    /// the block must be rebuilt whole.
    private func queue(_ changed: [LayerID], in u: inout Updating, _ tree: PresentedTree) -> Bool {
        u.serial = tree.renderSerial
        guard !changed.isEmpty else { return true }
        u.uncovered = true
        if let starts = u.starts {
            var more: [Int] = []
            guard indices(of: changed, in: u.block, tree, into: &more) else { return false }
            u.starts = (starts[u.next...] + more).sorted()
            u.next = 0
        } else {
            u.layers += changed
        }
        return true
    }

    /// Rebuilds the update's next subtrees until `budget` items are built or none is left;
    /// with `time`, animated layers are evaluated at it. False when the block must be
    /// rebuilt whole (a layer to rebuild was not drawn and may show now; a subtree now draws
    /// a different number of layers, or moved in z). A subtree that fits what is left of
    /// the budget is built at once; a larger one is begun and left in `partial` for the next
    /// slices.
    private func step(_ u: inout Updating, _ tree: PresentedTree, _ display: PixelRect, budget: Int,
                      time: Double?) -> Bool {
        var left = budget, built = 0, subtrees = 0, skipped = 0
        defer {
            updatedItems += built; subtreeBuilds += subtrees
            // Once a slice: what `place` puts in is read by nothing else meanwhile.
            u.block.takeColumns()
        }
        if var p = u.partial {
            u.partial = nil
            if !p.built {
                p.builder.tree = tree
                p.builder.time = time
                let before = p.builder.items.count
                let finished = p.builder.resume(budget: left)
                left -= p.builder.items.count - before
                built += p.builder.items.count - before
                guard finished else { u.partial = p; return true }
                guard fits(p.builder.items, at: p.start, replacing: p.old, in: u.block) else { return false }
                p.built = true
            }
            let n = min(max(0, left), p.builder.items.count - p.placed)
            guard place(p.builder.items, p.placed..<(p.placed + n), at: p.start, in: &u.block) else { return false }
            p.placed += n
            left -= n
            guard p.placed == p.builder.items.count else { u.partial = p; return true }
            // Freed on the compositor thread, with the next list handed off (100,000 items
            // took about 10 ms to free).
            discarded.append(p.builder.items)
            grow(ancestorsOf: p.start, parent: p.old.parent, in: &u.block)
            subtrees += 1
            (u.coveredFrom, u.coveredUntil) = (p.start, p.old.subtreeEnd)
        }
        // One builder for every subtree of the slice (its first chunk allocated once).
        var b = Builder(display: display, tree: tree, table: u.block.table, items: u.spare ?? RenderItems())
        u.spare = nil
        b.time = time
        defer { b.items.removeAll(); u.spare = b.items }
        while u.next < (u.starts?.count ?? u.layers.count) && left > 0 {
            let i: Int, id: LayerID
            if let starts = u.starts {
                i = starts[u.next]
                u.next += 1
                if i < u.coveredUntil && !u.uncovered { continue }
                id = LayerID(truncatingIfNeeded: u.block.items.key(at: i))
            } else {
                id = u.layers[u.next]
                u.next += 1
                guard let index = u.block.index[id] else {
                    if mayShow(id, tree) { return false }
                    continue
                }
                i = index
                if i >= u.coveredFrom && i < u.coveredUntil && !u.uncovered {
                    // Rebuilt with an ancestor already: a lookup, counted as a quarter of an item.
                    skipped += 1
                    if skipped & 3 == 0 { left -= 1 }
                    continue
                }
            }
            let old = u.block.items[stored: i]
            b.items.removeAll()
            b.start(id, parent: old.parent, space: old.space, siblingIndex: old.siblingIndex, contentHint: old.contentID)
            let room = left - b.items.count
            let finished = room > 0 ? b.resume(budget: room) : b.resume(budget: b.isClosingOnly ? .max : 0)
            left -= b.items.count
            built += b.items.count
            if !finished {
                // Larger than what is left of this slice: the next slices go on with it.
                var rest = Builder(display: display, tree: tree, table: u.block.table)
                swap(&rest, &b)
                b.time = time
                u.partial = Partial(builder: rest, start: i, old: old)
                return true
            }
            subtrees += 1
            guard fits(b.items, at: i, replacing: old, in: u.block),
                  place(b.items, 0..<b.items.count, at: i, in: &u.block) else { return false }
            grow(ancestorsOf: i, parent: old.parent, in: &u.block)
            (u.coveredFrom, u.coveredUntil) = (i, old.subtreeEnd)
        }
        return true
    }

    /// Whether a rebuilt subtree can take the place of `old`'s (at `i`): as many items, and
    /// the same zPosition (else the order among its siblings may change).
    private func fits(_ items: RenderItems, at i: Int, replacing old: ItemRecord, in block: Block) -> Bool {
        items.count == old.subtreeEnd - i && items.zPosition(at: 0) == block.items.zPosition(at: i)
    }

    /// Puts items `range` of a rebuilt subtree in place (the subtree's first item at `i`);
    /// false when one is another layer's than the item it replaces.
    private func place(_ items: RenderItems, _ range: Range<Int>, at i: Int, in block: inout Block) -> Bool {
        for k in range {
            guard LayerID(truncatingIfNeeded: items.key(at: k)) == LayerID(truncatingIfNeeded: block.items.key(at: i + k)) else {
                return false
            }
        }
        for k in range {
            var record = items[stored: k]
            if k > 0 { record.parent += i }
            record.subtreeEnd += i
            if record.maskStart >= 0 { record.maskStart += i }
            block.items.replace(i + k, record: record, geometry: items[geometry: k],
                                transition: record.inTransition ? items.transitions[record.key] : nil,
                                zPosition: items.zPosition(at: k))
        }
        return true
    }

    /// Grows the subtree bounds of the ancestors of the subtree placed at `i` (they cull;
    /// growing is safe).
    private func grow(ancestorsOf i: Int, parent: Int, in block: inout Block) {
        let grown = block.items.subtree(i).bounds
        var p = parent
        while p >= 0 {
            let bounds = block.items.subtree(p).bounds
            let u = bounds.union(grown)
            if u == bounds { break }
            block.items[geometry: p].subtreeBounds = u
            p = block.items.parent(at: p)
        }
        // The same for where the subtree may be hit (apart: one may grow where the other
        // does not).
        let hit = block.items.hitBounds(at: i)
        p = parent
        while p >= 0 {
            var h = block.items.hitBounds(at: p)
            guard !h.contains(hit) else { break }
            h.formUnion(hit)
            block.items[geometry: p].hitBounds = h
            p = block.items.parent(at: p)
        }
    }

    private struct Builder {
        let display: PixelRect
        var tree: PresentedTree
        /// Built in chunks, as the list keeps them: no array of a few hundred bytes per
        /// layer that doubles (and is copied into chunks after) while a large tree is built.
        var items = RenderItems()
        /// A guard against pathological depth: twice the deepest tree a daemon accepts
        /// (`Limits.maxTreeDepthCeiling`; a mask's subtree hangs one level below its layer).
        static let maxDepth = 2 * Int(Limits.maxTreeDepthCeiling)

        /// With a time, animated layers are evaluated at it instead of read from the latest
        /// frame (a sliced update's later slices).
        var time: Double?

        /// The session's content table: each item's content is interned there. The items'
        /// content and space ids are read through its columns once they are a block's
        /// (`Block.takeColumns`).
        let table: ContentTable

        init(display: PixelRect, tree: PresentedTree, table: ContentTable, items: RenderItems = RenderItems()) {
            self.display = display; self.tree = tree; self.table = table; self.items = items
        }

        /// A layer whose item is in `items` and whose sublayers, then mask, are still to
        /// add (the walk is an explicit stack, so that it can stop after a number of items
        /// and go on later: see `RenderListBuilder.build`).
        struct Open {
            var index: Int
            var ordered: [LayerID] = []
            var next = 0
            /// `items.count` before the sublayer being added.
            var before = 0
            /// The space node the sublayers are handed (`SpaceNode`).
            var childSpace: Int32 = -1
            var opacity = 1.0
            var visibleChildren = 0
            var mask: LayerID = 0
            var world4 = Transform3D.identity
            var clip = PixelRect.empty
            var depth = 0
            /// The sublayers are done (or there are none to add); then the mask.
            var childrenDone = false
            var maskStarted = false
        }
        var stack: [Open] = []

        /// The space node a tree's root is handed: `world` maps the display's points to the
        /// list's pixels; the whole display, opaque, depth 0.
        func rootSpace(_ world: Transform3D) -> Int32 {
            table.spaces.make(SpaceNode(world: world, clip: display, opacity: 1, depth: 0))
        }

        /// Adds `id`'s subtree whole; `space` is what its superlayer hands it (`SpaceNode`:
        /// the map from the superlayer's flattened, sublayer-transformed space to the screen,
        /// the clip, the opacity, the depth).
        mutating func add(_ id: LayerID, parent: Int, space: Int32, siblingIndex: Int) {
            start(id, parent: parent, space: space, siblingIndex: siblingIndex)
            _ = resume(budget: .max)
        }

        /// Begins `id`'s subtree: appends its item (when it draws) and opens it. `contentHint`:
        /// the content id its item had (an update's), tried before the table's hash lookup.
        mutating func start(_ id: LayerID, parent: Int, space: Int32, siblingIndex: Int, contentHint: Int32 = -1) {
            open(id, parent: parent, space: space, siblingIndex: siblingIndex, contentHint: contentHint)
        }

        /// Whether what is left of the walk adds no item: one layer, its sublayers and mask
        /// done or none (a leaf just begun).
        var isClosingOnly: Bool {
            stack.count == 1 && stack[0].childrenDone && (stack[0].mask == 0 || stack[0].maskStarted)
        }

        /// Goes on with the walk until it ends (true) or `budget` more items are added (false).
        mutating func resume(budget: Int) -> Bool {
            let limit = budget == .max ? Int.max : items.count + budget
            while !stack.isEmpty {
                if items.count >= limit { return false }
                let t = stack.count - 1
                if !stack[t].childrenDone {
                    if stack[t].next > 0 {
                        // The sublayer just added: count it and grow this layer's bounds.
                        let before = stack[t].before
                        if items.count > before {
                            stack[t].visibleChildren += 1
                            let index = stack[t].index
                            items[geometry: index].subtreeBounds = items[geometry: index].subtreeBounds
                                .union(items.subtree(before).bounds)
                            items[geometry: index].hitBounds.formUnion(items.hitBounds(at: before))
                        }
                    }
                    if stack[t].next < stack[t].ordered.count {
                        let i = stack[t].next, o = stack[t]
                        stack[t].next += 1
                        stack[t].before = items.count
                        start(o.ordered[i], parent: o.index, space: o.childSpace, siblingIndex: i)
                        continue
                    }
                    let index = stack[t].index
                    if !stack[t].ordered.isEmpty {
                        items[stored: index].subtreeEnd = items.count
                        items[stored: index].isGroup = stack[t].opacity < 1 && stack[t].visibleChildren > 0
                    }
                    stack[t].childrenDone = true
                }
                // The mask's subtree, after the sublayers, in the masked layer's bounds space
                // (its own plane, without the sublayer transform), its own opacity alone.
                let o = stack[t]
                if !o.maskStarted && o.mask != 0 && tree.kind(of: o.mask) != nil {
                    stack[t].maskStarted = true
                    var flat = o.world4
                    flat.m31 = 0; flat.m32 = 0; flat.m33 = 0; flat.m34 = 0
                    items[stored: o.index].maskStart = items.count
                    let maskSpace = table.spaces.make(SpaceNode(world: flat, clip: o.clip, opacity: 1, depth: o.depth + 1))
                    start(o.mask, parent: o.index, space: maskSpace, siblingIndex: -1)
                    continue
                }
                if o.maskStarted { items[stored: o.index].subtreeEnd = items.count }
                stack.removeLast()
            }
            return true
        }

        /// Appends `id`'s item, when it draws, and puts what remains to add of its subtree (its
        /// sublayers, its mask) on the stack. A leaf without a mask is done once its item is
        /// added: it never makes an `Open` (about 200 bytes, copied into and out of the
        /// stack, or out of the closure that reads the presentation).
        mutating func open(_ id: LayerID, parent: Int, space: Int32, siblingIndex: Int, contentHint: Int32 = -1) {
            let tree = self.tree
            if let time {
                // A sliced update's later slices: the presentation evaluated at their time.
                _ = tree.withDrawable(id, at: time) { p, kind, subs in
                    open(id, p, kind, subs, parent: parent, space: space, siblingIndex: siblingIndex, contentHint: contentHint)
                }
                return
            }
            // The presentation read where the store keeps it.
            _ = tree.withDrawable(id) { p, kind, subs in
                open(id, p, kind, subs, parent: parent, space: space, siblingIndex: siblingIndex, contentHint: contentHint)
            }
        }

        /// `open` of a layer whose presentation is at `p` (read in place), of `kind`, with
        /// `subs`.
        private mutating func open(_ id: LayerID, _ p: UnsafePointer<LayerProperties>, _ kind: LayerKind,
                                   _ subs: [LayerID], parent: Int, space: Int32, siblingIndex: Int,
                                   contentHint: Int32) {
            let handed = table.spaces.column[space]
            let (parentWorld, parentOpacity, clip, depth) = (handed.world, handed.opacity, handed.clip, handed.depth)
            guard depth < Builder.maxDepth, !p.pointee.isHidden else { return }
            let opacity = min(1, max(0, p.pointee.opacity.isFinite ? p.pointee.opacity : 1))
            guard opacity > 0 else { return }
            let b = p.pointee.bounds
            let anchor = LayerGeometry.anchor(p.pointee)
            guard anchor.x.isFinite, anchor.y.isFinite, p.pointee.position.x.isFinite, p.pointee.position.y.isFinite,
                  p.pointee.zPosition.isFinite else { return }
            // Fields, not `p.pointee`: handed to the borrowing form, the whole presentation was
            // copied (a retain and release of each of its boxes) once an item.
            let world4 = LayerGeometry.toSuperlayer(position: p.pointee.position, zPosition: p.pointee.zPosition,
                                                    transform: p.pointee.transform, anchor: anchor)
                .concatenating(parentWorld)
            let world = ProjectiveTransform(world4)
            // The content the item named last time, when the layer still makes it (compared in
            // place: an animated layer's content seldom changes while it moves; an entry an
            // item of the shown block names is never freed); else made and interned. (A layer
            // the guards below leave out leaves its entry to the table's next collection.)
            let contentID = table.column.isLive(contentHint, madeOf: kind, p, hasSublayers: !subs.isEmpty) ? contentHint
                : table.intern(LayerContent(kind: kind, p.pointee, hasSublayers: !subs.isEmpty))
            let (drawsNothing, extent) = table.column.placement(contentID)
            var own = PixelRect.empty
            // Where the layer may be hit: its bounds' box (the box just computed when it is the
            // same rect). A content's bounds are the layer's.
            let hitBox: Rect?
            if !drawsNothing {
                guard let box = world.boundingBox(of: extent) else { return }
                own = PixelRect(covering: box).insetBy(-1).intersection(clip)
                hitBox = extent == b ? box : world.boundingBox(of: b)
            } else {
                guard let box = world.boundingBox(of: b) else { return }
                hitBox = box
            }
            let index = items.count
            let effective = parentOpacity * opacity
            var record = ItemRecord(key: UInt64(tree.sessionID) << 32 | UInt64(id), parent: parent, subtreeEnd: index + 1,
                                    opacity: opacity, isGroup: false, masksToBounds: p.pointee.masksToBounds,
                                    contentID: contentID, drawsNothing: drawsNothing,
                                    space: space,
                                    siblingIndex: siblingIndex)
            if !p.pointee.allowsHitTesting { record.allowsHitTesting = false }
            var geometry = ItemGeometry(world: world, screenBounds: own)
            geometry.hitBounds = HitBounds(hitBox)
            items.append(record, geometry, transition: tree.transition(of: id), zPosition: p.pointee.zPosition)
            let mask = p.pointee.mask
            guard !subs.isEmpty else {
                if mask != 0 {
                    var o = Open(index: index, opacity: opacity, mask: mask, world4: world4, clip: clip, depth: depth)
                    o.childrenDone = true
                    stack.append(o)
                }
                return
            }
            var o = Open(index: index, opacity: opacity, mask: mask, world4: world4, clip: clip, depth: depth)

            // The sublayers' space: the sublayer transform about the anchor, flattened.
            var childClip = clip
            if p.pointee.masksToBounds {
                guard let box = world.boundingBox(of: b) else {
                    items[stored: index].subtreeEnd = items.count
                    o.childrenDone = true
                    if mask != 0 { stack.append(o) }
                    return
                }
                childClip = PixelRect(covering: box).insetBy(-1).intersection(clip)
            }
            // Flattened into this layer's plane after the sublayer transform (`LayerGeometry`).
            let childWorld = LayerGeometry.sublayerSpace(p.pointee.sublayerTransform, anchor: anchor, world: world4)
            o.ordered = Builder.zOrdered(subs, tree)
            o.childSpace = table.spaces.make(SpaceNode(world: childWorld, clip: childClip, opacity: effective,
                                                       depth: depth + 1))
            stack.append(o)
        }

        /// Sublayers back to front: by zPosition, ties in sublayer order.
        static func zOrdered(_ subs: [LayerID], _ tree: PresentedTree) -> [LayerID] {
            guard tree.mayHaveZPositions else { return subs }
            var anyZ = false
            var keyed: [(z: Double, i: Int, id: LayerID)] = []
            keyed.reserveCapacity(subs.count)
            for (i, id) in subs.enumerated() {
                let z = tree.zPosition(of: id) ?? 0
                if z != 0 { anyZ = true }
                keyed.append((z.isFinite ? z : 0, i, id))
            }
            guard anyZ else { return subs }
            keyed.sort { $0.z != $1.z ? $0.z < $1.z : $0.i < $1.i }
            return keyed.map(\.id)
        }
    }
}


/// A box in display points, in `Float` rounded outward with a point to spare (16 bytes per
/// render item): where a subtree may be hit (`RenderItem.hitBounds`). It only ever holds
/// more than the boxes put in it, never less.
struct HitBounds: Equatable, Sendable {
    var minX: Float, minY: Float, maxX: Float, maxY: Float

    /// Anywhere (a layer whose box is unknown: a corner at or behind the eye).
    static let everywhere = HitBounds(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)
    /// Nowhere (the union's identity).
    static let nowhere = HitBounds(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    init(minX: Float, minY: Float, maxX: Float, maxY: Float) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    /// `box` grown by a point each way and rounded outward; `everywhere` for nil.
    init(_ box: Rect?) {
        guard let box, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else {
            self = .everywhere
            return
        }
        minX = Float(box.minX - 1).nextDown; minY = Float(box.minY - 1).nextDown
        maxX = Float(box.maxX + 1).nextUp; maxY = Float(box.maxY + 1).nextUp
    }

    /// Whether `point` may be inside (compared as doubles: no rounding of the point).
    @inline(__always)
    func mayContain(_ point: Point) -> Bool {
        point.x >= Double(minX) && point.x <= Double(maxX) && point.y >= Double(minY) && point.y <= Double(maxY)
    }

    func contains(_ o: HitBounds) -> Bool {
        o.minX >= minX && o.minY >= minY && o.maxX <= maxX && o.maxY <= maxY
    }

    /// Whether `o` holds the same values, bit for bit.
    func isSame(as o: HitBounds) -> Bool {
        minX.bitPattern == o.minX.bitPattern && minY.bitPattern == o.minY.bitPattern
            && maxX.bitPattern == o.maxX.bitPattern && maxY.bitPattern == o.maxY.bitPattern
    }

    mutating func formUnion(_ o: HitBounds) {
        minX = Swift.min(minX, o.minX); minY = Swift.min(minY, o.minY)
        maxX = Swift.max(maxX, o.maxX); maxY = Swift.max(maxY, o.maxY)
    }
}
