import Foundation
import Dispatch
import RenderCore
import RenderClient
import RenderViews

/// A scrolling list of component rows (ComponentKit's collection view data source): each
/// row is a component tree built from its model, with scopes and state of its own, laid out
/// at the host's width and as tall as its layout; rows stack top to bottom.
///
///     apply(changeset)  on the host's queue: the rows it touches are built (and laid out) on
///                       the build queue — or before the call returns, synchronously; then,
///                       on the host's queue, the new list is installed and mounted: one pass
///     updateState       in a row: that row is rebuilt the same way (an update-only changeset)
///     mount pass        one transaction: rows removed, inserted, moved and resized, each
///                       row's tree mounted (`Mounter`), the component animations added
///
/// How a pass animates, as `CKCollectionViewDataSource` applies a changeset:
///
/// - Update-only changeset (updates, state updates): the first updated row (in list order)
///   whose build returned a non-zero bounds animation gives the pass's animation: the rows'
///   resizes and the reflow of every row after them animate with it, and so does the
///   layout inside each updated tree whose row returned one of its own (nested, so with the
///   pass's duration and curve, as UIKit nests ComponentKit's per-item block). Without one,
///   the rows' frames animate with `batchUpdateAnimation` and the trees' layout changes at
///   once.
/// - A changeset with insertions, removals or moves: the rows' frames animate with
///   `batchUpdateAnimation` (the collection's batch update) and rows' bounds animations
///   are ignored for them, so no row jumps; an updated row's tree animates its own layout
///   with its own bounds animation, if it returned one. Inserted rows appear and removed
///   rows go at once (difference: `UICollectionViewFlowLayout` cross-fades them).
/// - Scrolling: nothing animates.
/// - A new width (or `pointScaleFactor`): every row's last built components are laid out
///   again at it (no new components, so no hooks), and the rows take their new frames
///   without animation.
///
/// In every case the component animations of the rows in the window run.
///
/// Scrolling is the bounds' origin (`contentOffset`); `contentSize` is the rows' extent.
/// Only rows within the visible rect widened by `preloadDistance` above and below are
/// attached (their cell in the host); a row that leaves that window is detached (its cell
/// taken out of the host, its animations cleaned up, its views and its last attached
/// layout kept — difference: ComponentKit's cell and views go on to other items; here what
/// the row showed stays, for its change animations to start from). As ComponentKit's
/// attach controller does, a row that comes into the
/// window is diffed against the layout last attached for it: unchanged (scrolled out and
/// back), it replays nothing; updated while out of the window, its hooks run at that
/// attach against the last attached layout, so its change animates when it comes back;
/// never attached, its first appearance runs its initial hooks. A tree attached mounts
/// inside its row's own bounds animation, if its build returned one. Rows in the window are
/// decided when built, against their previous build (`HookDecisions`) — difference:
/// ComponentKit diffs every attach against the layout last attached; the two part only when
/// two builds of a row in the window are mounted in one pass.
///
/// Removing the host from its superview and adding it back (with the same rows and their
/// scope roots) changes nothing and replays nothing.
///
/// Thread affinity: a view: its layer's context's queue, except `updateState` in
/// asynchronous mode (any thread).
public final class CollectionHost<Model>: ScrollView {
    /// Builds one row's component from its model, on the build queue.
    public typealias Provider = (Model) -> Component

    /// Changes to the list, as `UICollectionView` batch updates and `CKDataSourceChangeset`
    /// index them: `removals`, `updates` and moves' `from` index the list before the
    /// changeset, `insertions` and moves' `to` the list after it. Indices refer to the list
    /// as the changesets applied before this one left it, built or not.
    public struct Changeset {
        /// Indices, in the list before the changeset, of the rows removed.
        public var removals: [Int]
        /// Rows inserted: each model at its index in the list after the changeset.
        public var insertions: [(index: Int, model: Model)]
        /// Rows whose model changes: each at its index in the list before the changeset.
        public var updates: [(index: Int, model: Model)]
        /// Rows moved: from an index before the changeset to one after it.
        public var moves: [(from: Int, to: Int)]
        /// A changeset of those changes; empty ones by default.
        public init(removals: [Int] = [], insertions: [(index: Int, model: Model)] = [], updates: [(index: Int, model: Model)] = [],
                    moves: [(from: Int, to: Int)] = []) {
            self.removals = removals; self.insertions = insertions; self.updates = updates; self.moves = moves
        }
        /// Insertions, removals or moves: the pass uses the collection's batch-update animation.
        public var isStructural: Bool { !removals.isEmpty || !insertions.isEmpty || !moves.isEmpty }
    }

    final class Row {
        let id: Int
        var model: Model
        let scopeRoot = ScopeRoot()
        let cell: View
        let mounter: Mounter
        /// The layout built last and installed (what the next attach mounts).
        var layout: Layout?
        var mountedLayout: Layout?
        var buildGeneration = 0
        var needsBuild = true
        /// Only the host's width or pixel grid changed: lay the last built components out
        /// again (no new components, so no change hooks), and mount the result even though
        /// its root component is the one mounted (`needsRemount`).
        var needsRelayout = false
        var needsRemount = false
        /// The root component built last. Build queue only.
        var lastBuiltRoot: Component?
        /// The layout built last. Build queue only.
        var lastBuilt: Layout?
        /// What the hooks decided for `layout` when it was built, against the previous build;
        /// consumed by the row's next attach.
        var decisions: HookDecisions?
        /// The bounds animation `layout`'s build returned (`CKDataSourceItem`'s): the row's
        /// tree mounts inside it whenever it is attached.
        var boundsAnimation: BoundsAnimation?
        /// The row has been attached at least once (its last attached layout is in its mounter).
        var everMounted = false
        init(id: Int, model: Model, cell: View) {
            self.id = id; self.model = model; self.cell = cell; mounter = Mounter(container: cell)
        }
    }

    /// What one build brings to the host's queue: the list to install, whether the changeset
    /// behind it was structural, the built rows.
    struct Built {
        let list: [Row]
        let structural: Bool
        /// Every row in it was laid out again, none built anew (a width change).
        var relayout = false
        let rows: [(Row, Int, Layout, HookDecisions)]
    }

    private let provider: Provider
    let buildQueue: DispatchQueue
    /// The list installed (built and mounted, or being mounted).
    private var rows: [Row] = []
    /// The list as the changesets applied so far leave it (what their indices refer to).
    private var latestRows: [Row] = []
    private var removedCells: [Row] = []
    private var nextRowID = 1
    private var isMounting = false
    /// Called on the host's queue after each mount pass.
    public var onDidMount: (() -> Void)?

    /// The collection's batch-update animation (`performBatchUpdates`'s): the rows' frames in
    /// a pass whose changeset inserts, removes or moves rows, or whose update-only changeset
    /// found no bounds animation. UIKit does not document its own; default 0.3 s, ease in
    /// ease out. A zero duration: such passes change the rows' frames without animation.
    public var batchUpdateAnimation = BoundsAnimation(duration: 0.3, timingFunction: .easeInEaseOut)

    /// Pixels per point of the display (Yoga's `pointScaleFactor`): each row's tree is
    /// rounded to this grid as Yoga rounds (`Layout.roundedToPixelGrid(scale:origin:)`), in
    /// its row's space; rows' heights are rounded too, so rows stacked on the grid stay on
    /// it. Default 1; 0 turns rounding off. Read when rows are built: set it before the
    /// first changeset (host's queue).
    public var pointScaleFactor: Double = 1 {
        willSet { precondition(newValue >= 0 && newValue.isFinite, "CollectionHost.pointScaleFactor \(newValue) must be ≥ 0 and finite") }
        didSet { if pointScaleFactor != oldValue { relayoutRows() } }
    }

    /// The width the rows were last built or laid out at.
    private var builtWidth: Double?

    /// The host's width changed (a layout pass after its frame did): every row's components
    /// are laid out again at the new width, as ComponentKit lays items out again when the
    /// collection's size range changes — the same component instances, so no change hook and
    /// no bounds animation fires, and the rows move to their new frames without animation.
    public override func layoutSubviews() {
        super.layoutSubviews()
        if let w = builtWidth, w != bounds.width { relayoutRows() }
    }

    /// Lays every row out again with its last built components (asynchronously, as a build).
    private func relayoutRows() {
        guard !latestRows.isEmpty else { return }
        for r in latestRows { r.needsRelayout = true }
        build(mode: .asynchronous, structural: false)
    }

    /// The scroll position changed (the app set `contentOffset`, or the daemon scrolled the
    /// list under the user's hand): rows that came into the window are attached.
    public override func contentOffsetDidChange() {
        super.contentOffsetDidChange()
        mountPass(kind: .scroll)
    }

    /// How far beyond the visible rect, above and below, rows stay attached (points;
    /// default: one height of the host).
    public var preloadDistance: Double?

    /// The content rect whose rows are attached.
    var window: Rect {
        let margin = preloadDistance ?? bounds.height
        return Rect(x: bounds.origin.x, y: bounds.origin.y - margin, width: bounds.width, height: bounds.height + 2 * margin)
    }

    /// Whether row `i` (of the installed list) is attached. Host's queue.
    public func isRowMounted(_ i: Int) -> Bool { rows[i].cell.superview === self }

    /// An empty collection in `frame` (points), its rows built by `provider` on `buildQueue`
    /// (default: a private serial queue), its views in `context` (default: `Context.current`).
    /// Rows come with `apply(_:)` changesets.
    public init(frame: Rect, context: Context? = nil, buildQueue: DispatchQueue? = nil, provider: @escaping Provider) {
        self.provider = provider
        self.buildQueue = buildQueue ?? DispatchQueue(label: "Components.CollectionHost.build")
        super.init(frame: frame, context: context)
    }

    /// Not available: a collection needs a provider (`init(frame:context:buildQueue:provider:)`).
    public required init(frame: Rect, context: Context?) {
        preconditionFailure("CollectionHost(frame:context:) is not available: create it with init(frame:context:buildQueue:provider:)")
    }

    /// The number of rows installed (a changeset's rows count once it is built). Host's queue.
    public var numberOfRows: Int { rows.count }

    /// Row `i`'s frame in content coordinates (as last mounted). Host's queue.
    public func rowFrame(at i: Int) -> Rect { rows[i].cell.frame }

    /// Row `i`'s last attached layout. Host's queue.
    public func rowLayout(at i: Int) -> Layout? { rows[i].mountedLayout }

    /// Applies a changeset: the rows it touches are built, then the new list is installed and
    /// mounted in one pass, asynchronously (default) or before this returns. Traps on an
    /// index out of range or used twice.
    public func apply(_ changeset: Changeset, mode: StateUpdateMode = .asynchronous) {
        dispatchPrecondition(condition: .onQueue(layer.context.queue))
        let old = latestRows
        func check(_ i: Int, _ what: String) {
            precondition(old.indices.contains(i), "CollectionHost.apply: \(what) index \(i) is out of range 0..<\(old.count)")
        }
        for u in changeset.updates {
            check(u.index, "update")
            old[u.index].model = u.model
            old[u.index].needsBuild = true
        }
        var gone = Set<Int>()
        for i in changeset.removals + changeset.moves.map(\.from) {
            check(i, "removal or move source")
            precondition(gone.insert(i).inserted, "CollectionHost.apply: index \(i) is removed or moved twice")
        }
        var list = old.indices.filter { !gone.contains($0) }.map { old[$0] }
        var arriving: [(index: Int, row: Row)] = changeset.moves.map { ($0.to, old[$0.from]) }
        for ins in changeset.insertions {
            let row = Row(id: nextRowID, model: ins.model, cell: View(context: layer.context))
            nextRowID += 1
            row.cell.layer.name = "row \(row.id)"
            row.scopeRoot.onUpdate = { [weak self, weak row] mode in
                guard let self, let row else { return }
                self.rowStateDidUpdate(row, mode: mode)
            }
            arriving.append((ins.index, row))
        }
        arriving.sort { $0.index < $1.index }
        for (i, a) in arriving.enumerated() where i > 0 {
            precondition(a.index != arriving[i - 1].index, "CollectionHost.apply: two rows inserted or moved to index \(a.index)")
        }
        for a in arriving {
            precondition((0...list.count).contains(a.index),
                         "CollectionHost.apply: insertion or move target \(a.index) is out of range 0...\(list.count)")
            list.insert(a.row, at: a.index)
        }
        latestRows = list
        build(mode: mode, structural: changeset.isStructural)
    }

    private func rowStateDidUpdate(_ row: Row, mode: StateUpdateMode) {
        switch mode {
        case .synchronous:
            dispatchPrecondition(condition: .onQueue(layer.context.queue))
            row.needsBuild = true
            build(mode: .synchronous, structural: false)
        case .asynchronous:
            // From any thread back onto the host's queue, where rows live.
            let host = WeakHandle(self), bound = QueueBound(row)
            layer.context.queue.async {
                bound.value.needsBuild = true
                host.object?.build(mode: .asynchronous, structural: false)
            }
        }
    }

    /// Builds the rows that need it, then installs the list and mounts. Host's queue.
    private func build(mode: StateUpdateMode, structural: Bool) {
        let width = bounds.width
        builtWidth = width
        let list = latestRows
        // A row never attached is decided against nothing: all of it appears when it first does.
        let jobs: [(Row, Int, Model, Bool, Bool)] = list.filter { $0.needsBuild || $0.needsRelayout }.map { r in
            let relayout = !r.needsBuild
            r.needsBuild = false
            r.needsRelayout = false
            r.buildGeneration += 1
            return (r, r.buildGeneration, r.model, r.everMounted, relayout)
        }
        let relayoutOnly = !structural && !jobs.isEmpty && jobs.allSatisfy(\.4)
        let provider = self.provider, scale = pointScaleFactor
        let work = { () -> Built in
            Built(list: list, structural: structural, relayout: relayoutOnly, rows: jobs.map { row, g, model, mounted, relayout in
                // A relayout keeps the components (unless a state update is pending for the row).
                let root = relayout && !row.scopeRoot.hasPendingUpdates ? (row.lastBuiltRoot ?? row.scopeRoot.build { provider(model) })
                    : row.scopeRoot.build { provider(model) }
                row.lastBuiltRoot = root
                let range = SizeRange(min: Size(width: width, height: 0), max: Size(width: width, height: .infinity))
                let l = root.layoutThatFits(range, parentSize: range.max).roundedToPixelGrid(scale: scale)
                let d = HookDecisions.decide(l, previous: mounted ? row.lastBuilt : nil)
                row.lastBuilt = l
                return (row, g, l, d)
            })
        }
        switch mode {
        case .synchronous:
            let built = buildQueue.sync(execute: work)
            mountPass(kind: install(built))
        case .asynchronous:
            // The rows' scope roots build on the build queue (which alone builds them); the
            // layouts go back to the host's queue, in the order they were built.
            let q = layer.context.queue
            let host = WeakHandle(self), job = QueueBound(work)
            buildQueue.async {
                let built = QueueBound(job.value())
                q.async {
                    guard let host = host.object else { return }
                    host.mountPass(kind: host.install(built.value))
                }
            }
        }
    }

    /// What a pass mounts: a changeset (its updated rows) or a scroll.
    enum PassKind {
        case scroll
        /// The rows laid out again at a new width: their frames change without animation.
        case relayout
        case updates([ObjectIdentifier])
        case structural
    }

    /// Installs a build: its list, and the layouts still current. Host's queue.
    private func install(_ built: Built) -> PassKind {
        let kept = Set(built.list.map(ObjectIdentifier.init))
        for r in rows where !kept.contains(ObjectIdentifier(r)) { removedCells.append(r) }
        rows = built.list
        var updated: [ObjectIdentifier] = []
        for (row, g, l, d) in built.rows where g == row.buildGeneration {
            if row.layout != nil { updated.append(ObjectIdentifier(row)) }
            row.layout = l; row.decisions = d; row.boundsAnimation = d.boundsAnimation
            if built.relayout { row.needsRemount = true; row.boundsAnimation = nil }
        }
        if built.relayout { return .relayout }
        return built.structural ? .structural : .updates(updated)
    }

    /// One transaction: the rows' places and their trees, animated as the pass's kind says.
    private func mountPass(kind: PassKind) {
        dispatchPrecondition(condition: .onQueue(layer.context.queue))
        precondition(!isMounting, "the collection was changed (a synchronous update, a changeset or scrolling) while it was "
            + "mounting, from an animation hook or a view callback; update asynchronously there")
        isMounting = true
        var placed: [(row: Row, frame: Rect, visible: Bool)] = []
        var y = 0.0
        let window = self.window
        for r in rows {
            guard let l = r.layout else { continue }
            let frame = Rect(x: 0, y: y, width: bounds.width, height: l.size.height)
            placed.append((r, frame, frame.maxY > window.minY && frame.minY < window.maxY))
            y += l.size.height
        }
        // The rows' frames: an update-only changeset takes the first updated row's non-zero
        // bounds animation (list order, in the window or not, as ComponentKit's data source),
        // else the batch-update animation; a structural one the batch-update animation.
        let rowsAnimation: BoundsAnimation?
        switch kind {
        case .scroll, .relayout: rowsAnimation = nil
        case .structural: rowsAnimation = batchUpdateAnimation
        case let .updates(ids):
            let updated = Set(ids)
            rowsAnimation = rows.first { updated.contains(ObjectIdentifier($0)) && $0.boundsAnimation != nil }?.boundsAnimation
                ?? batchUpdateAnimation
        }
        var plans: [(Row, Mounter.Plan)] = []
        for (r, _, visible) in placed {
            let l = r.layout!
            let attached = r.cell.superview === self
            let changed = (r.mounter.mountedLayout.map { $0.component !== l.component } ?? true) || r.needsRemount
            let decisions = r.decisions
            // Build-time decisions are consumed by the row's next attach, or dropped when the row
            // changed out of the window (its attach decides again, against what was attached).
            if visible || r.everMounted { r.decisions = nil }
            guard visible else { continue }
            r.needsRemount = false
            if !r.everMounted {
                plans.append((r, r.mounter.prepare(l, decisions: decisions)))   // first appearance
            } else if attached {
                if changed { plans.append((r, r.mounter.prepare(l, decisions: decisions))) }
            } else if changed {
                // Back into the window, updated while out of it: diffed against the layout last
                // attached, the hooks called now (ComponentKit's attach controller).
                let d = HookDecisions.decide(l, previous: r.mounter.mountedLayout)
                plans.append((r, r.mounter.prepare(l, decisions: d)))
            }
        }
        Transaction.begin()
        let changes = { [self] in
            for r in removedCells {
                r.mounter.unmountAll()
                r.cell.removeFromSuperview()
            }
            removedCells = []
            var index = 0
            for (r, frame, visible) in placed {
                guard visible else {
                    if r.cell.superview === self {
                        r.mounter.detach()
                        r.cell.removeFromSuperview()
                    }
                    continue
                }
                let isNew = r.cell.superview !== self
                if isNew || index >= subviews.count || subviews[index] !== r.cell { insertSubview(r.cell, at: index) }
                if isNew {
                    Transaction.begin(); Transaction.disableActions = true
                    r.cell.frame = frame
                    Transaction.commit()
                } else if r.cell.frame != frame {
                    r.cell.bounds = Rect(origin: r.cell.bounds.origin, size: frame.size)
                    r.cell.center = Point(x: frame.midX, y: frame.midY)
                }
                index += 1
            }
            contentSize = Size(width: bounds.width, height: y)
        }
        // A tree's layout animates with its row's own bounds animation (the one its build
        // decided), as ComponentKit's attach wraps each mount in its item's: in an update-only
        // pass nested in the pass's block (so, as UIKit nests blocks, with its duration and
        // curve); otherwise on its own. A row without one mounts its tree without animation.
        let trees = {
            for (r, plan) in plans {
                if let own = r.boundsAnimation { own.perform { r.mounter.apply(plan) } }
                else { View.performWithoutAnimation { r.mounter.apply(plan) } }
            }
        }
        let perform: (@escaping () -> Void) -> Void = { body in
            if let a = rowsAnimation, a.duration > 0 { a.perform(body) } else { View.performWithoutAnimation(body) }
        }
        if case .updates = kind {
            perform { changes(); trees() }
        } else {
            perform(changes)
            trees()
        }
        for (r, plan) in plans {
            r.mounter.finish(plan)
            r.mountedLayout = plan.layout
            r.everMounted = true
        }
        Transaction.commit()
        isMounting = false
        onDidMount?()
    }
}
