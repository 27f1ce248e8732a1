import Foundation
import RenderCore
import RenderClient
import RenderViews

/// Mounts successive layouts of one component tree into a container view, on the container's
/// callback queue (the main queue by default), and applies what the animation hooks
/// decided when the layout's generation was built (`HookDecisions`).
///
///     prepare(layout,   plan the views: a key per view-bearing component — its scope
///       decisions)      identity, else (view class, order) under the nearest scoped or
///                       view-bearing ancestor; take the hooks' decisions (made when the
///                       generation was built: `HookDecisions`); capture the values change
///                       animations start from; willRemount, in the decisions' order
///     apply(plan)       snapshot what final animations need; unmount what disappeared (its
///                       view back to the reuse pool of its class); mount the rest: same key
///                       → same view, else a pooled one, else a new one; attributes with
///                       actions disabled; frames animate only for views kept from the
///                       previous mount, and only if the caller wraps `apply` in a bounds
///                       animation; then — the new views mounted — clean up the previous
///                       pass's animations filed under the components that went
///     finish(plan)      didRemount: each animation in a transaction of its own (no curve
///                       inherited), whose completion runs this pass's cleanup for it and
///                       its completion blocks (change ones resolved from the captured
///                       values; unchanged properties send nothing; final ones on the
///                       snapshots, removed when they stop)
///
/// The caller wraps the three in one transaction, so one mount is one commit.
final class Mounter {
    /// Weak: the container (a host) owns its mounter.
    private(set) weak var container: View?
    let context: Context

    final class Item {
        let key: String
        var component: Component
        let view: View
        let viewClass: ViewClass
        init(key: String, component: Component, view: View, viewClass: ViewClass) {
            self.key = key; self.component = component; self.view = view; self.viewClass = viewClass
        }
    }

    /// A view to mount: its key, component, frame in its parent view and parent key.
    struct Planned {
        let key: String
        let component: Component
        let viewClass: ViewClass
        let frame: Rect
        let parentKey: String?
    }

    /// One pending animation from the hooks.
    struct Pending {
        let animation: ComponentAnimation
        let phase: AnimationPhase
        /// The key of the scoped component whose hook returned it (its cleanup owner).
        let ownerKey: String
        var willContext: Any?
        /// For change animations: the target's layer model and presentation before mounting.
        var previous: (model: LayerProperties, presentation: LayerProperties)?
    }

    struct Plan {
        let layout: Layout
        var planned: [Planned] = []
        var pending: [Pending] = []
        var boundsAnimation: BoundsAnimation?
        var scoped: [ScopeIdentity: Component] = [:]
        /// Component → key of the view its animations apply to.
        var viewKeys: [ObjectIdentifier: String] = [:]
    }

    private(set) var items: [String: Item] = [:]
    private(set) var scoped: [ScopeIdentity: Component] = [:]
    private var viewKeys: [ObjectIdentifier: String] = [:]
    /// Views not in use, by class.
    private(set) var reusePool: [ViewClass: [View]] = [:]
    /// Attributes each mounted view last received (to reset the ones a new configuration lacks).
    private var appliedAttributes: [ObjectIdentifier: [String: ViewAttribute]] = [:]
    /// The last pass's applied animations (the one the next pass's unmounts clean up).
    private var lastPass: AppliedPass?
    /// Every pass with animations not yet cleaned up (the host going away cleans them all).
    private var livePasses: [AppliedPass] = []
    private var animationSerial = 0
    /// The layout last mounted.
    private(set) var mountedLayout: Layout?

    init(container: View) { self.container = container; context = container.layer.context }

    static func scopeKey(_ id: ScopeIdentity) -> String { "s:\(id)" }

    // MARK: Prepare

    /// - Parameter decisions: what the hooks decided when `layout` was built; `nil` mounts
    ///   without any component animation (a row scrolled back into view: nothing about it
    ///   changed, it only became visible again).
    func prepare(_ layout: Layout, decisions: HookDecisions? = nil) -> Plan {
        dispatchPrecondition(condition: .onQueue(context.queue))
        var plan = Plan(layout: layout)
        var counters: [String: Int] = [:]

        /// Returns the view key this component's animations apply to, if any.
        @discardableResult
        func walk(_ l: Layout, origin: Point, parentKey: String?, base: String) -> String? {
            let c = l.component
            var base = base
            if let h = c.scopeHandle {
                precondition(plan.scoped[h.identity] == nil, "two components share scope \(h.identity) in one tree; "
                    + "give siblings of one type distinct identifiers")
                plan.scoped[h.identity] = c
                base = Mounter.scopeKey(h.identity)
            }
            var childParent = parentKey
            var childOrigin = origin
            var own: String? = nil
            if let vc = c.view.viewClass {
                let key: String
                if let h = c.scopeHandle { key = Mounter.scopeKey(h.identity) } else {
                    let k = base + "/" + vc.description
                    let n = counters[k, default: 0]
                    counters[k] = n + 1
                    key = "\(k)#\(n)"
                }
                plan.planned.append(Planned(key: key, component: c, viewClass: vc,
                                            frame: Rect(origin: origin, size: l.size), parentKey: parentKey))
                childParent = key; childOrigin = .zero; base = key; own = key
            }
            var childKeys: [String?] = []
            for ch in l.children {
                childKeys.append(walk(ch.layout, origin: Point(x: childOrigin.x + ch.position.x, y: childOrigin.y + ch.position.y),
                                      parentKey: childParent, base: base))
            }
            let target = own ?? (c is CompositeComponent ? childKeys.first ?? nil : nil)
            if let target { plan.viewKeys[ObjectIdentifier(c)] = target }
            return target
        }
        walk(layout, origin: .zero, parentKey: nil, base: "")

        // The hooks' decisions. A final animation whose component never had a view mounted
        // (it was in a generation built but never mounted) has nothing to animate.
        if let decisions {
            plan.boundsAnimation = decisions.boundsAnimation
            for p in decisions.pending {
                if p.phase == .final, case let .layer(target, _, _) = p.animation.storage, viewKeys[ObjectIdentifier(target)] == nil,
                   !(mountedLayout.map { Mounter.components(of: $0).contains { $0 === target } } ?? false) {
                    continue
                }
                plan.pending.append(Pending(animation: p.animation, phase: p.phase, ownerKey: Mounter.scopeKey(p.ownerIdentity)))
            }
        }

        // What change animations start from, and willRemount.
        let now = context.clock()
        for i in plan.pending.indices {
            let p = plan.pending[i]
            switch p.animation.storage {
            case let .layer(target, animation, _):
                if p.phase == .change, ChangeResolution.isChange(animation),
                   let key = plan.viewKeys[ObjectIdentifier(target)] ?? viewKeys[ObjectIdentifier(target)], let item = items[key],
                   let layer = LayerPath.resolve(p.animation.layerPath, in: item.view.layer) {
                    plan.pending[i].previous = (layer.model(), layer.presentation(at: now))
                }
            case let .hooks(h):
                plan.pending[i].willContext = h.willRemount?()
            }
        }
        return plan
    }

    static func components(of l: Layout) -> [Component] {
        var out: [Component] = []
        func go(_ l: Layout) { out.append(l.component); l.children.forEach { go($0.layout) } }
        go(l)
        return out
    }

    // MARK: Apply

    /// Snapshots of disappearing views for this mount's final animations, by old view key.
    private var snapshots: [String: (layer: Layer, remover: Snapshot.Remover)] = [:]

    func apply(_ plan: Plan) {
        dispatchPrecondition(condition: .onQueue(context.queue))
        guard let container else { return }
        let newKeys = Set(plan.planned.map(\.key))
        snapshots = [:]

        // Snapshots for final animations, while the old views still stand.
        for p in plan.pending where p.phase == .final {
            guard case let .layer(target, _, _) = p.animation.storage else { continue }
            guard let key = viewKeys[ObjectIdentifier(target)], let item = items[key] else {
                preconditionFailure("animationsOnFinalUnmount: \(target) has no mounted view (it has no view configuration "
                    + "and renders to none), so it cannot be animated")
            }
            guard snapshots[key] == nil else { continue }
            let snap = Snapshot.copy(of: item.view.layer)
            // As ComponentKit does: topmost in the host view, at the view's place in the host's
            // space, so the old parent's clipping does not cut the animation and the siblings
            // that move into its place do not cover it.
            Transaction.begin(); Transaction.disableActions = true
            let topLeft = item.view.convert(item.view.bounds.origin, to: container)
            let size = item.view.bounds.size
            snap.position = Point(x: topLeft.x + snap.anchorPoint.x * size.width, y: topLeft.y + snap.anchorPoint.y * size.height)
            container.layer.addSublayer(snap)
            Transaction.commit()
            snapshots[key] = (snap, Snapshot.Remover(snap))
        }

        // Unmount what disappeared (children before parents do not matter: each goes alone).
        for (key, item) in items where !newKeys.contains(key) {
            unmount(item)
        }
        var newItems: [String: Item] = [:]
        /// How many mounted views each parent holds so far in this pass (the next one's index).
        var placed: [ObjectIdentifier: Int] = [:]
        // One transaction for the pass: attributes and the frames of views new here with
        // actions disabled; a kept view's frame with the caller's setting, so it animates when
        // the caller runs this inside a bounds animation.
        let callerDisables = Transaction.disableActions
        Transaction.begin()
        Transaction.disableActions = true
        for p in plan.planned {
            let kept = items[p.key].flatMap { $0.viewClass == p.viewClass ? $0 : nil }
            if let old = items[p.key], kept == nil { unmount(old) }
            let view = kept?.view ?? dequeue(p.viewClass)
            let parent = p.parentKey.flatMap { newItems[$0]?.view } ?? container
            configure(view, with: p.component.view.attributes)
            let position = placed[ObjectIdentifier(parent), default: 0]
            placed[ObjectIdentifier(parent)] = position + 1
            let inPlace = view.superview === parent && position < parent.subviews.count && parent.subviews[position] === view
            if !inPlace { parent.insertSubview(view, at: position) }
            if kept != nil && !p.component.view.blockImplicitAnimations {
                Transaction.disableActions = callerDisables
                setFrame(view, p.frame)
                Transaction.disableActions = true
            } else {
                setFrame(view, p.frame)
            }
            p.component.mountedView = view
            newItems[p.key] = Item(key: p.key, component: p.component, view: view, viewClass: p.viewClass)
        }
        Transaction.commit()
        items = newItems
        // The new views are mounted: the previous pass's animations filed under components
        // that went are cleaned up now (ComponentKit's order), and no older pass's.
        let gone = scoped.keys.filter { plan.scoped[$0] == nil }.map(Mounter.scopeKey)
        if let lastPass { for owner in gone { lastPass.cleanup(owner: owner) } }
        scoped = plan.scoped
        previousViewKeys = viewKeys
        viewKeys = plan.viewKeys
        mountedLayout = plan.layout
    }

    private func setFrame(_ view: View, _ frame: Rect) {
        view.bounds = Rect(origin: view.bounds.origin, size: frame.size)
        view.center = Point(x: frame.midX, y: frame.midY)
    }

    private func configure(_ view: View, with attributes: [ViewAttribute]) {
        let id = ObjectIdentifier(view)
        var now: [String: ViewAttribute] = [:]
        for a in attributes { a.apply(to: view); now[a.key] = a }
        for (k, a) in appliedAttributes[id] ?? [:] where now[k] == nil { a.unapply(from: view) }
        appliedAttributes[id] = now
    }

    private func dequeue(_ vc: ViewClass) -> View {
        if var pool = reusePool[vc], let v = pool.popLast() {
            reusePool[vc] = pool
            return v
        }
        return vc.make(context)
    }

    private func unmount(_ item: Item) {
        if item.component.mountedView === item.view { item.component.mountedView = nil }
        item.view.removeFromSuperview()
        // A pooled view carries no animation to its next component.
        item.view.layer.removeAllAnimations()
        reusePool[item.viewClass, default: []].append(item.view)
    }

    // MARK: Finish

    func finish(_ plan: Plan) {
        dispatchPrecondition(condition: .onQueue(context.queue))
        let pass = AppliedPass()
        lastPass = pass
        livePasses.removeAll { $0.isEmpty }
        livePasses.append(pass)
        for p in plan.pending {
            animationSerial += 1
            let id = animationSerial, owner = p.ownerKey, completions = p.animation.completions
            // A transaction of its own: its completion is this animation's cleanup. The curve of
            // an enclosing transaction must not reach an animation that has none.
            Transaction.begin()
            Transaction.animationTimingFunction = .linear
            Transaction.completionBlock = {
                pass.complete(owner: owner, id: id)
                for c in completions { c() }
            }
            if let cleanup = applyPending(p, plan: plan, id: id) { pass.insert(owner: owner, id: id, cleanup) }
            Transaction.commit()
        }
        snapshots = [:]
    }

    /// Adds one pending animation; returns what cleans it up.
    private func applyPending(_ p: Pending, plan: Plan, id: Int) -> (() -> Void)? {
        switch p.animation.storage {
        case let .hooks(h):
            let ctx = h.didRemount?(p.willContext)
            guard let cleanup = h.cleanup else { return nil }
            return { cleanup(ctx) }
        case let .layer(target, animation, _):
            let key = "component-animation-\(id)"
            if p.phase == .final {
                guard let viewKey = viewKeys(previousOf: target), let snap = snapshots[viewKey] else { return nil }
                let layer = resolve(p.animation.layerPath, in: snap.layer, target: target)
                var a = animation
                a.isRemovedOnCompletion = false
                if !a.timing.fillMode.fillsForwards { a.timing.fillMode = a.timing.fillMode.fillsBackwards ? .both : .forwards }
                snap.remover.outstanding += 1
                layer.add(ChangeResolution.anchoredAtCommit(a), forKey: key, delegate: snap.remover)
                return { layer.removeAnimation(forKey: key) }
            }
            // The new generation's component, or (a common slip) the previous one's: the same view.
            guard let viewKey = plan.viewKeys[ObjectIdentifier(target)] ?? previousViewKeys[ObjectIdentifier(target)],
                  let item = items[viewKey] else {
                preconditionFailure("\(p.phase == .initial ? "animationsOnInitialMount" : "animationsFromPreviousComponent"): "
                    + "\(target) is not mounted — it is not in the new tree, or it has no view configuration and renders "
                    + "to none; animate a component with a view (store a reference to the child you animate)")
            }
            let layer = resolve(p.animation.layerPath, in: item.view.layer, target: target)
            var a = animation
            if ChangeResolution.isChange(animation) {
                // A change needs the previous generation: without one (a new view) there is nothing to animate from.
                guard let prev = p.previous,
                      let r = ChangeResolution.resolve(animation, previousModel: prev.model, previousPresentation: prev.presentation,
                                                       current: layer.model()) else { return nil }
                a = r
            }
            layer.add(ChangeResolution.anchoredAtCommit(a), forKey: key)
            return { layer.removeAnimation(forKey: key) }
        }
    }

    private func resolve(_ path: String?, in base: Layer, target: Component) -> Layer {
        guard let l = LayerPath.resolve(path, in: base) else {
            preconditionFailure("\(target) has no mounted layer at key path \"\(path ?? "")\" (under layer \(base.id) of its view), "
                + "so it cannot be animated; give a path of `mask`, sublayer indices and sublayer names, dot-separated")
        }
        return l
    }

    /// The key the target had in the mount before this one (for final animations: apply has
    /// already replaced `viewKeys`, so look the component up among the old scoped ones).
    private var previousViewKeys: [ObjectIdentifier: String] = [:]
    private func viewKeys(previousOf c: Component) -> String? { previousViewKeys[ObjectIdentifier(c)] }

    /// The container leaves its host's window (a `CollectionHost` row scrolled out): this
    /// mount's animations are cleaned up, but the views stay mounted in the container and the
    /// history — the last layout, its scopes and views — stays, so that the next mount diffs
    /// against the layout last attached (ComponentKit's attach controller) and an unchanged
    /// row mounts nothing when it comes back.
    func detach() {
        dispatchPrecondition(condition: .onQueue(context.queue))
        cleanupAllPasses()
    }

    /// Unmounts everything (the host goes away): cleans up every animation of every pass.
    func unmountAll() {
        for (_, item) in items { unmount(item) }
        cleanupAllPasses()
        items = [:]
        scoped = [:]
        mountedLayout = nil
    }

    private func cleanupAllPasses() {
        for pass in livePasses { pass.cleanupAll() }
        livePasses = []
    }
}

/// One mount pass's applied component animations (ComponentKit's
/// `ComponentAnimationsController`), by owner (the scope key of the component whose hook
/// returned them) and serial. An entry is cleaned up once: when its transaction completes,
/// when the next pass unmounts its owner, or when the host goes away — whichever is first.
/// The completion blocks of the animations' transactions hold it, so it outlives the
/// mounter's interest in it. Host's queue.
final class AppliedPass {
    private var entries: [String: [Int: () -> Void]] = [:]

    func insert(owner: String, id: Int, _ cleanup: @escaping () -> Void) { entries[owner, default: [:]][id] = cleanup }

    /// The transaction of animation `id` completed.
    func complete(owner: String, id: Int) {
        guard let cleanup = entries[owner]?.removeValue(forKey: id) else { return }
        if entries[owner]?.isEmpty == true { entries[owner] = nil }
        cleanup()
    }

    /// `owner` was unmounted: its animations of this pass, in the order they were applied.
    func cleanup(owner: String) {
        guard let list = entries.removeValue(forKey: owner) else { return }
        for (_, c) in list.sorted(by: { $0.key < $1.key }) { c() }
    }

    func cleanupAll() {
        for owner in entries.keys.sorted() { cleanup(owner: owner) }
    }

    var isEmpty: Bool { entries.isEmpty }
}

/// ComponentKit's `layerPath`: dot-separated steps from a view's layer to a sublayer.
enum LayerPath {
    /// The layer at `path` under `base` (`nil` path or `"layer"`: `base`); `nil` when none.
    static func resolve(_ path: String?, in base: Layer) -> Layer? {
        guard let path, !path.isEmpty else { return base }
        var steps = path.split(separator: ".").map(String.init)
        if steps.first == "layer" { steps.removeFirst() }
        var l = base
        for step in steps {
            if step == "mask" {
                guard let m = l.mask else { return nil }
                l = m
            } else if let i = Int(step) {
                guard l.sublayers.indices.contains(i) else { return nil }
                l = l.sublayers[i]
            } else {
                guard let s = l.sublayers.first(where: { $0.name == step }) else { return nil }
                l = s
            }
        }
        return l
    }
}
