import RenderCore

/// What the animation hooks decided for one built generation, against the generation built
/// before it (ComponentKit computes its bounds animation during the build, against the
/// previous scope root): made on the build queue when the generation is built and laid out,
/// applied by the mount of that generation on the host's queue.
///
///     previous built ─┐                  scoped components matched by scope identity:
///     new built ──────┴▶ decide ─▶       appeared: animationsOnInitialMount
///                                        in both, a new instance: animationsFromPreviousComponent
///                                          and boundsAnimationFromPreviousComponent
///                                        disappeared: animationsOnFinalUnmount
///
/// A component in both generations as the same instance (a relayout: the host's size range
/// changed, no new build) gets no change hook and no bounds animation. Two generations built
/// before one mount: the later one is compared with the one before it, whatever is mounted.
/// Any thread (the build's).
struct HookDecisions {
    /// One animation a hook returned, filed under the component whose hook returned it.
    struct Pending {
        let animation: ComponentAnimation
        let phase: AnimationPhase
        /// The scoped component whose hook returned it: its cleanup owner.
        let owner: Component
        let ownerIdentity: ScopeIdentity
    }

    /// Every initial-mount animation, then every change animation, then every final-unmount
    /// one (ComponentKit's order), each group in tree order (depth first).
    var pending: [Pending] = []
    /// The bounds animation: the last one with a non-zero duration found in tree order; a
    /// zero-duration result never overrides one. `nil`: frames change without animation.
    var boundsAnimation: BoundsAnimation?

    /// Calls the hooks of `new` against `previous` (the generation built before it, `nil` for
    /// the first). Traps, naming the class, when a component implements one of the three
    /// animation hooks without a scope (the bounds hook without a scope is ignored, as in
    /// ComponentKit).
    static func decide(_ new: Layout, previous: Layout?) -> HookDecisions {
        let components = Mounter.components(of: new)
        for c in components {
            do { try c.validateAnimationHooks() } catch { preconditionFailure("\(error)") }
        }
        var old: [ScopeIdentity: Component] = [:]
        var oldOrder: [Component] = []
        if let previous {
            for c in Mounter.components(of: previous) {
                guard let id = c.scopeHandle?.identity, old[id] == nil else { continue }
                old[id] = c
                oldOrder.append(c)
            }
        }
        var d = HookDecisions()
        var initial: [Pending] = [], change: [Pending] = [], final: [Pending] = []
        var present = Set<ScopeIdentity>()
        for c in components {
            guard let id = c.scopeHandle?.identity, present.insert(id).inserted else { continue }
            if let prev = old[id] {
                guard prev !== c else { continue }   // the same instance: a relayout
                for a in c.animationsFromPreviousComponent(prev) {
                    change.append(Pending(animation: a, phase: .change, owner: c, ownerIdentity: id))
                }
                if let b = c.boundsAnimationFromPreviousComponent(prev), b.duration != 0 { d.boundsAnimation = b }
            } else {
                for a in c.animationsOnInitialMount() {
                    initial.append(Pending(animation: a, phase: .initial, owner: c, ownerIdentity: id))
                }
            }
        }
        for c in oldOrder {
            let id = c.scopeHandle!.identity
            guard !present.contains(id) else { continue }
            for a in c.animationsOnFinalUnmount() {
                final.append(Pending(animation: a, phase: .final, owner: c, ownerIdentity: id))
            }
        }
        d.pending = initial + change + final
        return d
    }
}
