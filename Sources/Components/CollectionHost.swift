import Foundation
import Dispatch
import RenderCore
import RenderClient
import RenderViews

/// A scrolling list of component rows (ComponentKit's collection view data source): each
/// row is a component tree built from its model, with scopes and state of its own, laid out
/// at the host's width and as tall as its layout; rows stack top to bottom.
///
///     apply(changeset)  on the host's queue: the row list changes at once; the rows to
///                       build are built (and laid out) on the build queue — or before the
///                       call returns, synchronously — then mounted on the host's queue
///     updateState       in a row: that row is rebuilt the same way
///     mount pass        one transaction: rows removed, inserted, moved and resized, each
///                       row's tree mounted (`Mounter`), the component animations added.
///                       A bounds animation returned by a component of a rebuilt row applies
///                       to the whole pass — that row's resize, the reflow of every row after
///                       it and the layout inside the trees animate together with it. When
///                       several rows return one, the first row's (in list order) is used,
///                       as ComponentKit's collection data source does. Without one, the
///                       pass changes frames without animation, even inside a caller's
///                       animation block. The hooks were decided when each row was built,
///                       against the row's previous build (`HookDecisions`).
///
/// Scrolling is the bounds' origin (`contentOffset`); `contentSize` is the rows' extent.
/// Only rows within the visible rect widened by `preloadDistance` above and below have
/// views (a row's tree is mounted when it comes into that window and taken down, views back
/// to its pool, when it leaves). Component animations run for rows in the window when they
/// change, and for a row's first appearance; a row that scrolls back into view mounts
/// without animation, and one that changes out of view is diffed later against its new tree.
///
/// Thread affinity: a view: its layer's context's queue, except `updateState` in
/// asynchronous mode (any thread).
public final class CollectionHost<Model>: View {
    public typealias Provider = (Model) -> Component

    /// Changes to the list: `removals` and `updates` index the list before the changeset,
    /// `insertions` the list after it (as `UICollectionView` batch updates do).
    public struct Changeset {
        public var removals: [Int]
        public var insertions: [(index: Int, model: Model)]
        public var updates: [(index: Int, model: Model)]
        public init(removals: [Int] = [], insertions: [(index: Int, model: Model)] = [], updates: [(index: Int, model: Model)] = []) {
            self.removals = removals; self.insertions = insertions; self.updates = updates
        }
    }

    final class Row {
        let id: Int
        var model: Model
        let scopeRoot = ScopeRoot()
        let cell: View
        let mounter: Mounter
        var layout: Layout?
        var mountedLayout: Layout?
        var buildGeneration = 0
        var needsBuild = true
        /// The layout built last. Build queue only.
        var lastBuilt: Layout?
        /// What the hooks decided for `layout` when it was built; consumed by its mount.
        var decisions: HookDecisions?
        /// The row has been mounted at least once (its history is in its mounter).
        var everMounted = false
        init(id: Int, model: Model, cell: View) {
            self.id = id; self.model = model; self.cell = cell; mounter = Mounter(container: cell)
        }
    }

    private let provider: Provider
    let buildQueue: DispatchQueue
    private var rows: [Row] = []
    private var removedCells: [Row] = []
    private var nextRowID = 1
    private var isMounting = false
    /// Called on the host's queue after each mount pass.
    public var onDidMount: (() -> Void)?

    /// The rows' extent, points.
    public private(set) var contentSize: Size = .zero

    /// The scroll position: the content point shown at the top left.
    public var contentOffset: Point {
        get { bounds.origin }
        set {
            bounds = Rect(origin: newValue, size: bounds.size)
            mountPass()
        }
    }

    /// How far beyond the visible rect, above and below, rows keep their views (points;
    /// default: one height of the host).
    public var preloadDistance: Double?

    /// The content rect whose rows have views.
    var window: Rect {
        let margin = preloadDistance ?? bounds.height
        return Rect(x: bounds.origin.x, y: bounds.origin.y - margin, width: bounds.width, height: bounds.height + 2 * margin)
    }

    /// Whether row `i` currently has views. Host's queue.
    public func isRowMounted(_ i: Int) -> Bool { rows[i].cell.superview === self }

    public init(frame: Rect, context: Context? = nil, buildQueue: DispatchQueue? = nil, provider: @escaping Provider) {
        self.provider = provider
        self.buildQueue = buildQueue ?? DispatchQueue(label: "Components.CollectionHost.build")
        super.init(frame: frame, context: context)
    }

    /// Not available: a collection needs a provider (`init(frame:context:buildQueue:provider:)`).
    public required init(frame: Rect, context: Context?) {
        preconditionFailure("CollectionHost(frame:context:) is not available: create it with init(frame:context:buildQueue:provider:)")
    }

    /// The number of rows. Host's queue.
    public var numberOfRows: Int { rows.count }

    /// Row `i`'s frame in content coordinates (as last mounted). Host's queue.
    public func rowFrame(at i: Int) -> Rect { rows[i].cell.frame }

    /// Row `i`'s mounted layout. Host's queue.
    public func rowLayout(at i: Int) -> Layout? { rows[i].mountedLayout }

    /// Applies a changeset: the list changes now; the rows it touches are built and mounted
    /// asynchronously (default) or before this returns. Traps on an index out of range.
    public func apply(_ changeset: Changeset, mode: StateUpdateMode = .asynchronous) {
        dispatchPrecondition(condition: .onQueue(layer.context.queue))
        for u in changeset.updates {
            precondition(rows.indices.contains(u.index), "CollectionHost.apply: update index \(u.index) is out of range 0..<\(rows.count)")
            rows[u.index].model = u.model
            rows[u.index].needsBuild = true
        }
        for i in changeset.removals.sorted(by: >) {
            precondition(rows.indices.contains(i), "CollectionHost.apply: removal index \(i) is out of range 0..<\(rows.count)")
            removedCells.append(rows.remove(at: i))
        }
        for ins in changeset.insertions.sorted(by: { $0.index < $1.index }) {
            precondition((0...rows.count).contains(ins.index),
                         "CollectionHost.apply: insertion index \(ins.index) is out of range 0...\(rows.count)")
            let row = Row(id: nextRowID, model: ins.model, cell: View(context: layer.context))
            nextRowID += 1
            row.cell.layer.name = "row \(row.id)"
            row.scopeRoot.onUpdate = { [weak self, weak row] mode in
                guard let self, let row else { return }
                self.rowStateDidUpdate(row, mode: mode)
            }
            rows.insert(row, at: ins.index)
        }
        build(mode: mode)
    }

    private func rowStateDidUpdate(_ row: Row, mode: StateUpdateMode) {
        switch mode {
        case .synchronous:
            dispatchPrecondition(condition: .onQueue(layer.context.queue))
            row.needsBuild = true
            build(mode: .synchronous)
        case .asynchronous:
            // From any thread back onto the host's queue, where rows live.
            let host = WeakHandle(self), bound = QueueBound(row)
            layer.context.queue.async {
                bound.value.needsBuild = true
                host.object?.build(mode: .asynchronous)
            }
        }
    }

    /// Builds the rows that need it, then mounts. Host's queue.
    private func build(mode: StateUpdateMode) {
        let width = bounds.width
        // A row never mounted is decided against nothing: all of it appears when it first does.
        let jobs: [(Row, Int, Model, Bool)] = rows.filter(\.needsBuild).map { r in
            r.needsBuild = false
            r.buildGeneration += 1
            return (r, r.buildGeneration, r.model, r.everMounted)
        }
        let provider = self.provider
        let work = { () -> [(Row, Int, Layout, HookDecisions)] in
            jobs.map { row, g, model, mounted in
                let root = row.scopeRoot.build { provider(model) }
                let range = SizeRange(min: Size(width: width, height: 0), max: Size(width: width, height: .infinity))
                let l = root.layoutThatFits(range, parentSize: range.max)
                let d = HookDecisions.decide(l, previous: mounted ? row.lastBuilt : nil)
                row.lastBuilt = l
                return (row, g, l, d)
            }
        }
        switch mode {
        case .synchronous:
            let built = buildQueue.sync(execute: work)
            store(built)
            mountPass()
        case .asynchronous:
            // The rows' scope roots build on the build queue (which alone builds them); the
            // layouts go back to the host's queue.
            let q = layer.context.queue
            let host = WeakHandle(self), job = QueueBound(work)
            buildQueue.async {
                let built = QueueBound(job.value())
                q.async {
                    host.object?.store(built.value)
                    host.object?.mountPass()
                }
            }
        }
    }

    private func store(_ built: [(Row, Int, Layout, HookDecisions)]) {
        for (row, g, l, d) in built where g == row.buildGeneration { row.layout = l; row.decisions = d }
    }

    /// One transaction: the rows' places and their trees, inside the changeset's bounds
    /// animation if a rebuilt row in the window returned one.
    private func mountPass() {
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
        var plans: [(Row, Mounter.Plan)] = []
        for (r, _, visible) in placed {
            let l = r.layout!
            let changed = r.mounter.mountedLayout.map { $0.component !== l.component } ?? true
            // Decisions are consumed by the row's next mount (or dropped when the row changed out
            // of view); a row never mounted keeps them for its first appearance.
            let decisions = r.decisions
            if visible || r.everMounted { r.decisions = nil }
            if visible {
                if r.cell.superview === self {
                    if changed { plans.append((r, r.mounter.prepare(l, decisions: decisions))) }
                } else {
                    // First appearance: the hooks' decisions apply; back into view: mounted as it is.
                    plans.append((r, r.mounter.prepare(l, decisions: r.everMounted ? nil : decisions)))
                }
            } else if changed && r.everMounted {
                r.mounter.record(l)
            }
        }
        // The first row's non-zero bounds animation (ComponentKit's data source takes the first).
        let boundsAnimation = plans.first { $0.0.cell.superview === self && $0.1.boundsAnimation != nil }?.1.boundsAnimation
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
            for (r, plan) in plans { r.mounter.apply(plan) }
        }
        if let b = boundsAnimation { b.perform(changes) } else { View.performWithoutAnimation(changes) }
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
