import RenderCore

/// Change animations get their values at mount time: a basic or spring animation (at any
/// depth of a group) with none of from, to and by animates from the previous mount's value
/// to the new one. When the property did not change, the leaf is dropped; a group left empty
/// is dropped too, so an animation of an unchanged property sends nothing.
enum ChangeResolution {
    /// `animation` with its change leaves resolved, or `nil` when nothing is left to animate.
    ///
    /// - Parameters:
    ///   - previousModel: the layer's model before this mount (the previous configuration
    ///     and layout): decides whether the property changed.
    ///   - previousPresentation: what was on screen before this mount: where the animation
    ///     starts (the same as `previousModel` unless something was animating).
    ///   - current: the model after this mount.
    static func resolve(_ animation: Animation, previousModel: LayerProperties, previousPresentation: LayerProperties,
                        current: LayerProperties) -> Animation? {
        var a = animation
        switch a.kind {
        case var .basic(b) where b.from == nil && b.to == nil && b.by == nil:
            guard previousModel.value(at: b.keyPath) != current.value(at: b.keyPath) else { return nil }
            b.from = previousPresentation.value(at: b.keyPath)
            a.kind = .basic(b)
        case var .spring(s) where s.from == nil && s.to == nil && s.by == nil:
            guard previousModel.value(at: s.keyPath) != current.value(at: s.keyPath) else { return nil }
            s.from = previousPresentation.value(at: s.keyPath)
            a.kind = .spring(s)
        case var .group(g):
            g.animations = g.animations.compactMap {
                resolve($0, previousModel: previousModel, previousPresentation: previousPresentation, current: current)
            }
            guard !g.animations.isEmpty else { return nil }
            a.kind = .group(g)
        default:
            break
        }
        return a
    }

    /// Whether the animation has a leaf that needs resolving.
    static func isChange(_ animation: Animation) -> Bool {
        switch animation.kind {
        case let .basic(b): return b.from == nil && b.to == nil && b.by == nil
        case let .spring(s): return s.from == nil && s.to == nil && s.by == nil
        case let .group(g): return g.animations.contains(where: isChange)
        default: return false
        }
    }

    /// An animation whose `beginTime` is a delay relative to "now" (the builders' form),
    /// wrapped so that it starts that long after the commit that adds it: a group starting at
    /// the commit that holds it, with the same fill and removal.
    static func anchoredAtCommit(_ a: Animation) -> Animation {
        guard a.timing.beginTime != 0 else { return a }
        let total = a.timing.beginTime + a.timing.activeDuration / max(abs(a.timing.speed), 1e-12)
        return Animation(.group(AnimationGroup(animations: [a])),
                         timing: MediaTiming(duration: total, fillMode: a.timing.fillMode),
                         isRemovedOnCompletion: a.isRemovedOnCompletion)
    }
}
