import RenderCore
import RenderProtocol

extension LayerStore {
    /// Applies `retargetSpring` at media time `mediaTime` (the time the commit is applied,
    /// which `commitApplied` reports), at the layer's local time then: the new spring
    /// (`SpringRetargeting.retarget`) takes the place of the running spring under `key`, or
    /// is added under `key` as `addAnimation` adds (replacing whatever is there). The
    /// animation it replaces gets `animationStopped(finished: false)`; the new one
    /// (`animationID`) starts on the next frame. Then the model value at the key path
    /// becomes the target (what the layer rests at once the spring is removed).
    ///
    /// `springRetargeted` (after the replaced animation's stop) tells the client where the
    /// new spring starts — value, velocity per component and begin time — so that its mirror
    /// adopts the daemon's numbers instead of the ones it guessed at commit time.
    func retargetSpring(of id: LayerID, key: String, animationID: UInt64, _ r: SpringRetarget,
                        mediaTime: Double, events: inout [Message]) {
        guard let node = node(id), let t = localTime(of: id, at: mediaTime) else { return }
        let attached = attachedAnimations(of: id)
        let physics = SpringAnimation(keyPath: r.keyPath, mass: r.mass, stiffness: r.stiffness, damping: r.damping)
        let (animation, index) = SpringRetargeting.retarget(model: node.model, attached: attached, key: key,
                                                            keyPath: r.keyPath, to: r.to, physics: physics, layerTime: t)
        if let index {
            replaceAnimation(of: id, at: index, with: animation, key: key, id: animationID,
                             mediaTime: mediaTime, events: &events)
        } else {
            add(animation, key: key, id: animationID, to: id, mediaTime: mediaTime, events: &events)
        }
        if case let .spring(spring) = animation.kind, let from = spring.from {
            let velocity = AnimatableValue(kind: from.kind, components: spring.componentVelocity
                ?? [Double](repeating: 0, count: from.components?.count ?? 0)) ?? from
            events.append(.springRetargeted(SpringRetargeted(animationID: animationID, layer: id, mediaTime: mediaTime,
                                                             beginTime: animation.timing.beginTime, from: from,
                                                             velocity: velocity)))
        }
        apply(.setProperty(id, r.keyPath, r.to), mediaTime: mediaTime, events: &events)
    }
}
