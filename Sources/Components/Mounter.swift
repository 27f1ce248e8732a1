import Foundation
import RenderCore
import RenderClient
import RenderViews

/// Mounts successive layouts of one component tree into a container view, on the container's
/// callback queue (the main queue by default), and runs the animation hooks.
///
///     prepare(layout)   plan the views: a key per view-bearing component — its scope
///                       identity, else (view class, order) under the nearest scoped or
///                       view-bearing ancestor; collect the hooks by scope identity
///                       (initial / from previous / final unmount, and a bounds animation);
///                       capture the values change animations start from; willRemount
///     apply(plan)       snapshot what final animations need; unmount what disappeared (its
///                       animations cleaned up, its view back to the reuse pool of its
///                       class); mount the rest: same key → same view, else a pooled one,
///                       else a new one; attributes with actions disabled; frames animate
///                       only for views kept from the previous mount, and only if the caller
///                       wraps `apply` in a bounds animation
///     finish(plan)      didRemount: add the animations (change ones resolved from the
///                       captured values; unchanged properties send nothing; final ones on
///                       the snapshots, removed when they stop)
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

    /// Applied component animations and what cleans them up.
    struct Applied {
        var layer: Layer?
        var key: String?
        var hooks: ComponentAnimationHooks?
        var context: Any?
        func cleanup() {
            if let layer, let key { layer.removeAnimation(forKey: key) }
            hooks?.cleanup?(context)
        }
        /// A layer animation that has ended needs no cleanup (custom hooks always do).
        var isLive: Bool {
            if hooks != nil { return true }
            guard let layer, let key else { return false }
            return layer.animation(forKey: key) != nil
        }
    }

    /// One pending animation from the hooks.
    struct Pending {
        let animation: ComponentAnimation
        let phase: AnimationPhase
        /// The key of the scoped component that returned it (cleanup owner for hooks).
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
    /// Component animations in flight, by the key whose unmount cleans them up.
    private var applied: [String: [Applied]] = [:]
    private var animationSerial = 0
    /// The layout last mounted.
    private(set) var mountedLayout: Layout?

    init(container: View) { self.container = container; context = container.layer.context }

    static func scopeKey(_ id: ScopeIdentity) -> String { "s:\(id)" }

    // MARK: Prepare

    /// - Parameter runHooks: false mounts without any component animation (a row scrolled
    ///   back into view: nothing about it changed, it only became visible again).
    func prepare(_ layout: Layout, runHooks: Bool = true) -> Plan {
        dispatchPrecondition(condition: .onQueue(context.queue))
        var plan = Plan(layout: layout)
        var counters: [String: Int] = [:]
        var order: [Component] = []

        /// Returns the view key this component's animations apply to, if any.
        @discardableResult
        func walk(_ l: Layout, origin: Point, parentKey: String?, base: String) -> String? {
            let c = l.component
            order.append(c)
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

        // The hooks, by scope identity.
        for c in order {
            do { try c.validateAnimationHooks() } catch { preconditionFailure("\(error)") }
        }
        for c in order where runHooks {
            guard let id = c.scopeHandle?.identity else { continue }
            let owner = Mounter.scopeKey(id)
            if let prev = scoped[id] {
                for a in c.animationsFromPreviousComponent(prev) { plan.pending.append(Pending(animation: a, phase: .change, ownerKey: owner)) }
                if plan.boundsAnimation == nil { plan.boundsAnimation = c.boundsAnimationFromPreviousComponent(prev) }
            } else {
                for a in c.animationsOnInitialMount() { plan.pending.append(Pending(animation: a, phase: .initial, ownerKey: owner)) }
            }
        }
        if runHooks, let old = mountedLayout {
            for c in Mounter.components(of: old) {
                guard let id = c.scopeHandle?.identity, plan.scoped[id] == nil else { continue }
                for a in c.animationsOnFinalUnmount() {
                    plan.pending.append(Pending(animation: a, phase: .final, ownerKey: Mounter.scopeKey(id)))
                }
            }
        }

        // What change animations start from, and willRemount.
        let now = context.clock()
        for i in plan.pending.indices {
            let p = plan.pending[i]
            switch p.animation.storage {
            case let .layer(target, animation, _):
                if p.phase == .change, ChangeResolution.isChange(animation),
                   let key = plan.viewKeys[ObjectIdentifier(target)] ?? viewKeys[ObjectIdentifier(target)], let item = items[key] {
                    plan.pending[i].previous = (item.view.layer.model(), item.view.layer.presentation(at: now))
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
            Transaction.begin(); Transaction.disableActions = true
            if let parent = item.view.superview, parent === container || (newKeys.contains(where: { items[$0]?.view === parent })) {
                parent.layer.insertSublayer(snap, above: item.view.layer)
            } else {
                let topLeft = item.view.convert(item.view.bounds.origin, to: container)
                let size = item.view.bounds.size
                snap.position = Point(x: topLeft.x + snap.anchorPoint.x * size.width, y: topLeft.y + snap.anchorPoint.y * size.height)
                container.layer.addSublayer(snap)
            }
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
            if kept != nil {
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
        for a in applied.removeValue(forKey: item.key) ?? [] { a.cleanup() }
        if item.component.mountedView === item.view { item.component.mountedView = nil }
        item.view.removeFromSuperview()
        item.view.layer.removeAllAnimations()
        reusePool[item.viewClass, default: []].append(item.view)
    }

    // MARK: Finish

    func finish(_ plan: Plan) {
        dispatchPrecondition(condition: .onQueue(context.queue))
        for p in plan.pending {
            switch p.animation.storage {
            case let .hooks(h):
                let ctx = h.didRemount?(p.willContext)
                applied[p.ownerKey, default: []].append(Applied(hooks: h, context: ctx))
            case let .layer(target, animation, _):
                if p.phase == .final {
                    guard let key = viewKeys(previousOf: target), let snap = snapshots[key] else { continue }
                    var a = animation
                    a.isRemovedOnCompletion = false
                    if !a.timing.fillMode.fillsForwards { a.timing.fillMode = a.timing.fillMode.fillsBackwards ? .both : .forwards }
                    snap.remover.outstanding += 1
                    add(ChangeResolution.anchoredAtCommit(a), to: snap.layer, delegate: snap.remover, owner: nil)
                    continue
                }
                // The new generation's component, or (a common slip) the previous one's: the same view.
                guard let key = plan.viewKeys[ObjectIdentifier(target)] ?? previousViewKeys[ObjectIdentifier(target)],
                      let item = items[key] else {
                    preconditionFailure("\(p.phase == .initial ? "animationsOnInitialMount" : "animationsFromPreviousComponent"): "
                        + "\(target) is not mounted — it is not in the new tree, or it has no view configuration and renders "
                        + "to none; animate a component with a view (store a reference to the child you animate)")
                }
                var a = animation
                if ChangeResolution.isChange(animation) {
                    // A change needs the previous generation: without one (a new view) there is nothing to animate from.
                    guard let prev = p.previous,
                          let r = ChangeResolution.resolve(animation, previousModel: prev.model, previousPresentation: prev.presentation,
                                                           current: item.view.layer.model()) else { continue }
                    a = r
                }
                add(ChangeResolution.anchoredAtCommit(a), to: item.view.layer, delegate: nil, owner: key)
            }
        }
        snapshots = [:]
    }

    /// The key the target had in the mount before this one (for final animations: apply has
    /// already replaced `viewKeys`, so look the component up among the old scoped ones).
    private var previousViewKeys: [ObjectIdentifier: String] = [:]
    private func viewKeys(previousOf c: Component) -> String? { previousViewKeys[ObjectIdentifier(c)] }

    private func add(_ a: Animation, to layer: Layer, delegate: AnimationDelegate?, owner: String?) {
        animationSerial += 1
        let key = "component-animation-\(animationSerial)"
        layer.add(a, forKey: key, delegate: delegate)
        if let owner {
            // Drop the entries of animations that ended, so a long-lived view's list stays short.
            var list = applied[owner, default: []].filter(\.isLive)
            list.append(Applied(layer: layer, key: key))
            applied[owner] = list
        }
    }

    /// Takes the views down (back to the pool, their animations cleaned up) but keeps the
    /// history — the last layout and its scopes — so that the next mount diffs against it.
    /// For a row scrolled out of view.
    func detach() {
        dispatchPrecondition(condition: .onQueue(context.queue))
        for (_, item) in items { unmount(item) }
        for (_, list) in applied { list.forEach { $0.cleanup() } }
        applied = [:]
        items = [:]
    }

    /// Takes `layout` as the history without mounting it (a row updated while out of view:
    /// no views, no animations; the next mount diffs against this).
    func record(_ layout: Layout) {
        let plan = prepare(layout, runHooks: false)
        scoped = plan.scoped
        previousViewKeys = viewKeys
        viewKeys = plan.viewKeys
        mountedLayout = layout
    }

    /// Whether views are mounted.
    var isAttached: Bool { !items.isEmpty }

    /// Unmounts everything (the host goes away): cleans up every animation.
    func unmountAll() {
        for (_, item) in items { unmount(item) }
        for (_, list) in applied { list.forEach { $0.cleanup() } }
        applied = [:]
        items = [:]
        scoped = [:]
        mountedLayout = nil
    }
}
