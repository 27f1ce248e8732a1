import Foundation
import Dispatch
import RenderCore
import RenderClient
import RenderViews

/// The root of a component tree (`CKComponentHostingView`): builds the tree from a model
/// and the scopes' state, lays it out, and mounts it into itself.
///
///     update(model:) / a component's updateState(…) / a new sizeRange
///         │ asynchronous: build queue ─ provider(model) with scopes ─ layout in sizeRange
///         │   ─ the hooks decided against the generation built before (`HookDecisions`)
///         │   (a new sizeRange alone lays the same components out again: a relayout, no
///         │   change hook, no bounds animation)
///         │   ─ the layout rounded to the pixel grid (`pointScaleFactor`, as Yoga rounds)
///         │ synchronous:  the same, before the call returns (on the host's queue)
///         ▼
///     host's queue: one transaction ─ the host's size, the mount (diff by scope identity,
///     view reuse, attributes with actions disabled) inside the bounds animation, if a
///     component returned one, else without animation even inside a caller's animation
///     block ─ the component animations ─ one commit
///
/// The host sizes itself to the layout (its top-left corner stays put). Builds are
/// serialized on the build queue; a mount older than the one already mounted is dropped
/// (its successor was decided against it all the same).
///
/// Thread affinity: a view, so its queue is its layer's context's (the main queue by
/// default); `updateState` may be called from any thread in asynchronous mode.
public final class HostingView<Model>: View {
    /// Builds the root component from the model, on the build queue (not the main queue: it
    /// must not touch views).
    public typealias Provider = (Model) -> Component

    private let provider: Provider
    private let lock = NSLock()
    private var model: Model
    private var sizeRangeStorage: SizeRange
    /// When set, `sizeRange` follows the host's bounds (ComponentKit's size-range provider):
    /// recomputed in `layoutSubviews`, which runs after each change of the host's size.
    public var sizeRangeProvider: SizeRangeProvider? {
        didSet { if sizeRangeProvider != nil { setNeedsLayout() } }
    }
    private var pointScaleFactorStorage: Double
    let scopeRoot = ScopeRoot()
    /// Where trees are built and laid out (serial).
    let buildQueue: DispatchQueue
    private var mounter: Mounter!
    private var generation = 0
    private var mountedGeneration = 0
    private var asyncBuildScheduled = false
    /// A model or state change since the last build (else a build is a relayout). Behind `lock`.
    private var needsNewComponents = true
    /// The last built root and its layout. Build queue only.
    private var lastBuiltRoot: Component?
    private var lastBuiltLayout: Layout?
    private var isMounting = false

    /// The layout last mounted. Host's queue.
    public private(set) var mountedLayout: Layout?
    /// Called on the host's queue after each mount, with its layout.
    public var onDidMount: ((Layout) -> Void)?

    /// The size range the root component is laid out in (points). Changing it rebuilds
    /// asynchronously (any thread).
    public var sizeRange: SizeRange {
        get { lock.lock(); defer { lock.unlock() }; return sizeRangeStorage }
        set {
            lock.lock()
            let changed = sizeRangeStorage != newValue
            sizeRangeStorage = newValue
            lock.unlock()
            if changed && mounter != nil { rebuild(mode: .asynchronous, relayoutOnly: true) }
        }
    }

    /// Pixels per point of the display the host is shown on (Yoga's `pointScaleFactor`,
    /// ComponentKit's screen scale): every frame the host mounts is rounded to this grid, in
    /// the host's own space, as Yoga rounds (`Layout.roundedToPixelGrid(scale:origin:)`).
    /// Default 1 (one pixel per point, the daemon's); 2 for a 2× display; 0 turns rounding
    /// off. Put the host itself on the grid (its origin is not rounded). Changing it lays
    /// the same components out again, asynchronously (any thread).
    public var pointScaleFactor: Double {
        get { lock.lock(); defer { lock.unlock() }; return pointScaleFactorStorage }
        set {
            precondition(newValue >= 0 && newValue.isFinite, "HostingView.pointScaleFactor \(newValue) must be ≥ 0 and finite")
            lock.lock()
            let changed = pointScaleFactorStorage != newValue
            pointScaleFactorStorage = newValue
            lock.unlock()
            if changed && mounter != nil { rebuild(mode: .asynchronous, relayoutOnly: true) }
        }
    }

    /// A host that builds `provider(model)` in `sizeRange` and mounts it at once
    /// (synchronously), in `context` (default: `Context.current`).
    ///
    /// - Parameters:
    ///   - model: what `provider` builds the first generation from (`update(model:mode:)`
    ///     replaces it).
    ///   - sizeRange: the sizes the root component may take; the host takes the laid-out size.
    ///   - pointScaleFactor: pixels per point of the frames' grid (default 1; see the property).
    ///   - context: the context of the host's views; `Context.current` by default.
    ///   - buildQueue: where asynchronous builds run (default: a private serial queue).
    ///   - provider: builds the root component from the model, on the build queue.
    public init(model: Model, sizeRange: SizeRange, pointScaleFactor: Double = 1, context: Context? = nil,
                buildQueue: DispatchQueue? = nil, provider: @escaping Provider) {
        precondition(pointScaleFactor >= 0 && pointScaleFactor.isFinite, "HostingView: pointScaleFactor \(pointScaleFactor) must be ≥ 0 and finite")
        self.model = model
        self.sizeRangeStorage = sizeRange
        self.pointScaleFactorStorage = pointScaleFactor
        self.provider = provider
        self.buildQueue = buildQueue ?? DispatchQueue(label: "Components.HostingView.build")
        super.init(frame: .zero, context: context)
        mounter = Mounter(container: self)
        scopeRoot.onUpdate = { [weak self] mode in self?.stateDidUpdate(mode) }
        rebuild(mode: .synchronous)
    }

    /// Not available: a host needs a model and a provider (`init(model:sizeRange:…)`).
    public required init(frame: Rect, context: Context?) {
        preconditionFailure("HostingView(frame:context:) is not available: create it with init(model:sizeRange:context:provider:)")
    }

    /// Custom animation hooks get their cleanup when the host goes away.
    deinit {
        // The mounter belongs to the host's queue; deinit may run on any thread.
        let m = QueueBound(mounter)
        layer.context.queue.async { m.value?.unmountAll() }
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        if let provider = sizeRangeProvider { sizeRange = provider.sizeRange(forBoundingSize: bounds.size) }
    }

    /// Replaces the model and rebuilds.
    public func update(model: Model, mode: StateUpdateMode = .asynchronous) {
        lock.lock(); self.model = model; lock.unlock()
        rebuild(mode: mode)
    }

    private func stateDidUpdate(_ mode: StateUpdateMode) { rebuild(mode: mode) }

    /// Builds and mounts: now (synchronous, on the host's queue), or on the build queue then
    /// the host's queue. Coalesces asynchronous requests made before the build starts.
    ///
    /// - Parameter relayoutOnly: only the size range changed: lay the last built components out
    ///   again (unless a model or state change is pending too).
    func rebuild(mode: StateUpdateMode, relayoutOnly: Bool = false) {
        if !relayoutOnly { lock.lock(); needsNewComponents = true; lock.unlock() }
        switch mode {
        case .synchronous:
            dispatchPrecondition(condition: .onQueue(layer.context.queue))
            precondition(!isMounting, "a synchronous state or model update arrived while the host was mounting (from an "
                + "animation hook or a view callback); update asynchronously there")
            let b = buildQueue.sync { build() }
            mount(b)
        case .asynchronous:
            lock.lock()
            let already = asyncBuildScheduled
            asyncBuildScheduled = true
            lock.unlock()
            guard !already else { return }
            let q = layer.context.queue
            // The build queue touches only what `build` touches (the lock's state, the scope
            // root, the provider); the layout goes back to the host's queue to be mounted.
            let host = WeakHandle(self)
            buildQueue.async {
                guard let self = host.object else { return }
                self.lock.lock(); self.asyncBuildScheduled = false; self.lock.unlock()
                let built = QueueBound(self.build())
                q.async { host.object?.mount(built.value) }
            }
        }
    }

    /// One built generation: its number, layout, and what its hooks decided.
    struct Built {
        let generation: Int
        let layout: Layout
        let decisions: HookDecisions
    }

    /// Build queue: the tree (new components, or the last ones again for a relayout), its
    /// layout, and the hooks' decisions against the generation built before.
    private func build() -> Built {
        lock.lock()
        generation += 1
        let g = generation, m = model, range = sizeRangeStorage, scale = pointScaleFactorStorage
        let newComponents = needsNewComponents || lastBuiltRoot == nil || scopeRoot.hasPendingUpdates
        needsNewComponents = false
        lock.unlock()
        let root = newComponents ? scopeRoot.build { provider(m) } : lastBuiltRoot!
        let layout = root.layoutThatFits(range, parentSize: range.max).roundedToPixelGrid(scale: scale)
        let decisions = HookDecisions.decide(layout, previous: lastBuiltLayout)
        lastBuiltRoot = root
        lastBuiltLayout = layout
        return Built(generation: g, layout: layout, decisions: decisions)
    }

    /// Host's queue: one transaction for the whole mount.
    private func mount(_ built: Built) {
        dispatchPrecondition(condition: .onQueue(layer.context.queue))
        let layout = built.layout
        guard built.generation > mountedGeneration else { return }
        mountedGeneration = built.generation
        isMounting = true
        let plan = mounter.prepare(layout, decisions: built.decisions)
        Transaction.begin()
        let apply = { [self] in
            if bounds.size != layout.size { frame = Rect(origin: frame.origin, size: layout.size) }
            mounter.apply(plan)
        }
        if let b = plan.boundsAnimation, mountedLayout != nil {
            b.perform(apply)
        } else {
            // No bounds animation: frames change at once, even inside a caller's animation block.
            View.performWithoutAnimation(apply)
        }
        mounter.finish(plan)
        Transaction.commit()
        mountedLayout = layout
        isMounting = false
        onDidMount?(layout)
    }

    /// Views waiting for reuse, by class (for tests and diagnostics). Host's queue.
    public var reusePoolCounts: [String: Int] { mounter.reusePool.reduce(into: [:]) { $0[$1.key.description] = $1.value.count } }
}
