import Dispatch
import RenderCore

extension Layer {
    /// Adds an animation (`addAnimation:forKey:`), replacing any animation under the same
    /// key, as part of the current transaction.
    ///
    /// What is sent is the animation *resolved* at the commit: `beginTime == 0` becomes the
    /// commit's media time converted into this layer's local time (through its ancestors'
    /// and its own timing), and a zero duration becomes the transaction's
    /// `animationDuration` at the time of this call (or 0.25 s). An animation without a
    /// timing function takes the transaction's `animationTimingFunction`, if set. A basic
    /// or spring animation with none of `from`/`to`/`by` gets `from` = the previous
    /// presentation value (the value shown before this transaction's changes), so it runs
    /// from there to the model value.
    ///
    /// - Parameters:
    ///   - animation: what to run, as it is resolved and committed (a value: later changes
    ///     to a copy do nothing to this one).
    ///   - key: names the animation for `removeAnimation(forKey:)`; `nil` gives it a
    ///     private key (not listed by `animationKeys()`).
    ///   - delegate: told of the start and the stop on the callback queue (held strongly
    ///     until the stop).
    public func add(_ animation: Animation, forKey key: String?, delegate: AnimationDelegate? = nil) {
        dispatchPrecondition(condition: .onQueue(context.queue))
        if let kp = animation.keyPath {
            precondition(kp.property.layerKinds.contains(kind),
                         "animation of \"\(kp)\" added to layer \(id), a \(kind) layer, which has no such property")
        }
        context.willChange()
        let stack = context.transactions.stack
        var a = animation
        if a.timingFunction == nil, let tf = stack.timingFunction { a.timingFunction = tf }
        switch a.kind {
        case let .basic(b) where b.from == nil && b.to == nil && b.by == nil:
            a.kind = .basic(b.resolvingPrevious(previousPresentationValue(at: b.keyPath)))
        case var .spring(s) where s.from == nil && s.to == nil && s.by == nil:
            s.from = previousPresentationValue(at: s.keyPath)
            a.kind = .spring(s)
        default:
            break
        }
        let id = context.allocateAnimationID()
        let k = key ?? Layer.privateKeyPrefix + String(id)
        var replacesOnServer = false
        if let i = entries.firstIndex(where: { $0.key == k }) {
            let old = entries.remove(at: i)
            // A sent animation is replaced on the server by this add; a pending one was
            // never sent, and whatever it replaced, this one replaces.
            replacesOnServer = old.state == .pending ? old.replacesOnServer : true
            context.detach(old)
        }
        let r = AnimationRecord(id: id, key: k, layer: self, animation: a,
                                defaultDuration: stack.animationDuration ?? MediaTiming.defaultDuration,
                                delegate: delegate, groups: context.transactions.stack.groupsForNewAnimation())
        r.replacesOnServer = replacesOnServer
        entries.append(r)
        context.queueAdd(r)
    }

    /// Removes the animation under `key`; its delegate is told `finished == false`.
    public func removeAnimation(forKey key: String) {
        dispatchPrecondition(condition: .onQueue(context.queue))
        guard let i = entries.firstIndex(where: { $0.key == key }) else { return }
        context.willChange()
        let r = entries.remove(at: i)
        if r.isOnServer { context.queueAnimationOp(.remove(id, key: key)) }
        context.detach(r)
    }

    /// Removes every animation; their delegates are told `finished == false`.
    public func removeAllAnimations() {
        dispatchPrecondition(condition: .onQueue(context.queue))
        guard !entries.isEmpty else { return }
        context.willChange()
        let all = entries
        entries.removeAll()
        if all.contains(where: \.isOnServer) { context.queueAnimationOp(.removeAll(id)) }
        for r in all { context.detach(r) }
    }

    /// The animation under `key`: as added until its commit, resolved after.
    public func animation(forKey key: String) -> Animation? {
        entries.first { $0.key == key }?.animation
    }

    /// The keys of the attached animations, in the order added (private keys excluded).
    public func animationKeys() -> [String] {
        entries.lazy.map(\.key).filter { !$0.hasPrefix(Layer.privateKeyPrefix) }
    }

    /// The attached animations as they are evaluated, in order (pending ones provisionally
    /// resolved as though committed at `layerTime`).
    public func attachedAnimations(atLayerTime layerTime: Double) -> [AttachedAnimation] {
        entries.map { AttachedAnimation(key: $0.key, animation: $0.evaluated(atLayerTime: layerTime)) }
    }

    /// The presentation values now (`MediaTime.now()`, or the context's clock).
    public func presentation() -> LayerProperties {
        presentation(at: context.clock())
    }

    /// The presentation values at media time `t`: `Presentation.evaluate` — the evaluation
    /// the server runs — over the model and the attached animations, at the layer's local
    /// time (its ancestors' timings and its own applied). Animations already committed are
    /// evaluated exactly as sent, so client and server agree; ones added in the open
    /// transaction are evaluated as though committed at `t`.
    public func presentation(at t: Double) -> LayerProperties {
        dispatchPrecondition(condition: .onQueue(context.queue))
        let local = localTime(at: t)
        var model = storage
        // Content in inertia moves between the daemon's reports: the mirror says where.
        if let mirror = trackerMirror, t > mirror.since { model.bounds.origin = mirror.tracker.position(at: t) }
        var p = model
        var lifecycle: [AnimationLifecycle] = []
        Presentation.evaluate(model: model, animations: attachedAnimations(atLayerTime: local), layerTime: local,
                              into: &p, lifecycle: &lifecycle)
        return p
    }

    /// The value shown before the open transaction's changes, now: the presentation over
    /// the model as it was before them (`baseModel`) — what implicit animations start from.
    func previousPresentationValue(at keyPath: LayerKeyPath) -> AnimatableValue {
        let base = baseModel ?? storage
        guard !entries.isEmpty else { return base.value(at: keyPath) }
        let local = localTime(at: context.clock())
        var p = base
        var lifecycle: [AnimationLifecycle] = []
        Presentation.evaluate(model: base, animations: attachedAnimations(atLayerTime: local), layerTime: local,
                              into: &p, lifecycle: &lifecycle)
        return p.value(at: keyPath)
    }

    /// The server stopped an attached animation that is removed on completion, or removed
    /// it by itself: it leaves the layer.
    func animationEnded(_ r: AnimationRecord) {
        guard let i = entries.firstIndex(where: { $0 === r }) else { return }
        entries.remove(at: i)
    }

    /// Keys given to animations added with a `nil` key.
    static let privateKeyPrefix = "\u{1}anonymous-"
}
