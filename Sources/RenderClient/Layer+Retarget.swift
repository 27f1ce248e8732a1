import Dispatch
import RenderCore
import RenderProtocol

/// What a retarget record asks of the server, and what the client needs to mirror it.
struct RetargetRequest {
    var retarget: SpringRetarget
    /// The model value at the key path before the retarget set it to the target (the
    /// server computes the retarget before it sets the model).
    var priorModelValue: AnimatableValue
    /// The animation the server has under the key when the command applies (the one this
    /// retarget replaces), if it had been sent.
    var replaced: Animation?
}

extension Layer {
    /// Retargets the spring running under `key` towards `target` (`retargetSpring` on the
    /// wire): the daemon replaces it, in its place, by a spring that starts from its value
    /// and velocity (per component) at the moment it applies the commit — position and
    /// velocity stay continuous, where Core Animation could only stack additive springs.
    /// Without a running spring on that key path under `key`, a spring at rest from the
    /// current presentation value is added under `key` instead (replacing what is there).
    ///
    /// The model value at the key path becomes `target` (no implicit animation): the layer
    /// rests there once the spring is removed. The replaced animation's delegate hears
    /// `finished == false`; the new spring's delegate hears its start and its stop.
    ///
    /// - Parameters:
    ///   - key: the key of the running spring to retarget (or of the spring to add).
    ///   - target: where the spring comes to rest: the new model value at the key path.
    ///   - keyPath: the animated key path; by default the running spring's (required when
    ///     there is none). Its value kind must be a number, point, size, rect or color
    ///     (transform components such as `transform.scale` are numbers).
    ///   - mass: the new spring's mass (kg); by default the running spring's, else
    ///     `SpringAnimation`'s default, 1.
    ///   - stiffness: the new spring's stiffness (N/m); by default the running spring's,
    ///     else 100.
    ///   - damping: the new spring's damping (N·s/m); by default the running spring's,
    ///     else 10.
    ///   - delegate: told of the new spring's start and stop on the callback queue.
    public func retargetSpring(forKey key: String, to target: AnimatableValue, keyPath: LayerKeyPath? = nil,
                               mass: Double? = nil, stiffness: Double? = nil, damping: Double? = nil,
                               delegate: AnimationDelegate? = nil) {
        dispatchPrecondition(condition: .onQueue(context.queue))
        let oldIndex = entries.firstIndex { $0.key == key }
        let old = oldIndex.map { entries[$0] }
        var running: SpringAnimation?
        if case let .spring(s)? = old?.animation.kind { running = s }
        guard let kp = keyPath ?? running?.keyPath else {
            preconditionFailure("retargetSpring(forKey: \"\(key)\") on layer \(id): no spring runs under that key; "
                + "pass the keyPath to start one")
        }
        precondition(kp.property.layerKinds.contains(kind),
                     "retargetSpring of \"\(kp)\" on layer \(id), a \(kind) layer, which has no such property")
        precondition(target.kind == kp.valueKind && SpringAnimation.canRetarget(target.kind),
                     "retargetSpring of \"\(kp)\" on layer \(id): the target must be a \(kp.valueKind) (numbers, points, "
                        + "sizes, rects and colors retarget), got a \(target.kind)")
        if running?.keyPath != kp { running = nil }
        let request = SpringRetarget(keyPath: kp, to: target, mass: mass ?? running?.mass ?? 1,
                                     stiffness: stiffness ?? running?.stiffness ?? 100,
                                     damping: damping ?? running?.damping ?? 10)
        context.willChange()
        if baseModel == nil { baseModel = storage }
        let prior = storage.value(at: kp)
        let replaced = old.flatMap { $0.isOnServer ? $0.animation : nil }
        // A provisional spring for `presentation()` until the commit computes the real one.
        let provisional = mirror(request, key: key, prior: prior, replacing: replaced, at: oldIndex,
                                 layerTime: localTime(at: context.clock()))
        do { try storage.setValue(target, at: kp) } catch { preconditionFailure("layer \(id): \(error)") }

        let newID = context.allocateAnimationID()
        var replacesOnServer = false
        if let old, let i = oldIndex {
            entries.remove(at: i)
            replacesOnServer = old.state == .pending ? old.replacesOnServer : true
            context.detach(old)
        }
        let r = AnimationRecord(id: newID, key: key, layer: self, animation: provisional.animation,
                                defaultDuration: MediaTiming.defaultDuration, delegate: delegate,
                                groups: context.transactions.stack.groupsForNewAnimation())
        r.replacesOnServer = replacesOnServer
        r.retarget = RetargetRequest(retarget: request, priorModelValue: prior, replaced: replaced)
        if let i = provisional.index, let oldIndex, i == oldIndex { entries.insert(r, at: i) } else { entries.append(r) }
        context.queueAdd(r)
    }

    /// The server's retarget as this client sees it, at layer time `layerTime`: over the
    /// model with the key path at `prior`, and the attached animations with `replaced` (or
    /// nothing) in the place of the retargeted record at `index`.
    func mirror(_ request: SpringRetarget, key: String, prior: AnimatableValue, replacing replaced: Animation?, at index: Int?,
                layerTime: Double, excluding record: AnimationRecord? = nil) -> (animation: Animation, index: Int?) {
        var model = storage
        try? model.setValue(prior, at: request.keyPath)
        var attached: [AttachedAnimation] = []
        var position: Int?
        for (i, e) in entries.enumerated() {
            if e === record || (record == nil && i == index) {
                if let replaced {
                    position = attached.count
                    attached.append(AttachedAnimation(key: e.key, animation: replaced))
                }
                continue
            }
            attached.append(AttachedAnimation(key: e.key, animation: e.evaluated(atLayerTime: layerTime)))
        }
        if let replaced, position == nil {
            attached.append(AttachedAnimation(key: key, animation: replaced))
        }
        let physics = SpringAnimation(keyPath: request.keyPath, mass: request.mass, stiffness: request.stiffness,
                                      damping: request.damping)
        return SpringRetargeting.retarget(model: model, attached: attached, key: key, keyPath: request.keyPath,
                                          to: request.to, physics: physics, layerTime: layerTime)
    }
}
