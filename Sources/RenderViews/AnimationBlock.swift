import Dispatch
import RenderClient

/// The motion an animation block gives its animations.
enum BlockCurve: Equatable {
    /// A basic animation warped by the timing function.
    case timing(TimingFunction)
    /// A spring settling in the block's duration.
    case spring(dampingRatio: Double, initialVelocity: Double)
}

/// The parameters of one animation block, after inheritance from an enclosing block.
struct BlockParameters {
    var duration: Double
    var delay: Double
    var options: ViewAnimationOptions
    var curve: BlockCurve

    /// These parameters as a block nested in `parent` sees them (UIKit's inheritance): the
    /// parent's duration and curve unless overridden, its repeat and autoreverse unless
    /// `overrideInheritedOptions`.
    func inheriting(from parent: BlockParameters) -> BlockParameters {
        var p = self
        if !options.contains(.overrideInheritedDuration) { p.duration = parent.duration }
        if !options.contains(.overrideInheritedCurve) { p.curve = parent.curve }
        if !options.contains(.overrideInheritedOptions) {
            p.options.formUnion(parent.options.intersection([.repeat, .autoreverse]))
        }
        return p
    }

    /// The timing every animation of the block gets: its duration, fill mode both (so a
    /// delayed animation shows its start until it begins), begin time now + delay (in
    /// `layer`'s time; 0 — the commit time — without a delay), repeat and autoreverse.
    func mediaTiming(on layer: Layer) -> MediaTiming {
        var t = MediaTiming(duration: duration, fillMode: .both)
        if delay > 0 { t.beginTime = layer.localTime(at: layer.context.clock()) + delay }
        if options.contains(.autoreverse) { t.autoreverses = true }
        if options.contains(.repeat) { t.repeatCount = .infinity }
        return t
    }

    /// The from value of a change of `keyPath` on `layer`, asked before the model changes:
    /// the value on screen with `beginFromCurrentState`, else the value the property is
    /// leaving (the model value: what an in-flight animation is heading for), as UIKit does.
    func fromValue(_ keyPath: LayerKeyPath, on layer: Layer) -> AnimatableValue {
        options.contains(.beginFromCurrentState) ? layer.presentation().value(at: keyPath) : layer.value(forKeyPath: keyPath)
    }
}

/// Counts a block's animations and runs its completion once, when the block has ended and
/// every animation it added has stopped: `finished` is false when any was removed, or
/// replaced by something else than a later change of the same block.
final class BlockCompletion {
    private var completion: ((Bool) -> Void)?
    private var pending = 0
    private var sealed = false
    private var finished = true

    init(_ completion: ((Bool) -> Void)?) { self.completion = completion }

    /// One animation of the block, its delegate.
    final class Member: AnimationDelegate {
        let owner: BlockCompletion
        /// Replaced by a later change of the same property in the same block: not a failure.
        var superseded = false
        init(_ owner: BlockCompletion) { self.owner = owner; owner.pending += 1 }
        func animationDidStop(_ anim: Animation, finished: Bool) {
            owner.memberStopped(finished: finished || superseded)
        }
    }

    private func memberStopped(finished f: Bool) {
        pending -= 1
        if !f { finished = false }
        runIfDue()
    }

    /// The block's body returned: with nothing to wait for, the completion runs on the next
    /// turn of `queue` (as UIKit's does), else when the last animation stops.
    func seal(queue: DispatchQueue?) {
        sealed = true
        if pending == 0 {
            guard let c = completion else { return }
            completion = nil
            let f = finished
            let block = QueueBound(c) // runs on the queue the block was made for
            (queue ?? .main).async { block.value(f) }
        }
    }

    private func runIfDue() {
        guard sealed, pending <= 0, let c = completion else { return }
        completion = nil
        c(finished)
    }
}

/// Adds a block's animation with its completion member as delegate.
struct BlockAction: Action {
    let animation: Animation
    let member: BlockCompletion.Member
    func run(forKey key: String, on layer: Layer) {
        layer.add(animation, forKey: key, delegate: member)
    }
}

/// The action provider of `View.animate(…)`: each change of an animatable property of a
/// view's layer becomes a basic (or spring) animation under the property's name.
final class AnimationBlock: ViewActionProvider {
    let parameters: BlockParameters
    let completion: BlockCompletion
    /// Views whose layers asked, in order (for the `layoutSubviews` option).
    private(set) var touched: [View] = []
    /// The block's spring, derived once (every property of the block shares it).
    private var spring: SpringTiming?
    /// The member of the last animation added per (layer, key), to mark it superseded.
    private var members: [LayerID: [String: BlockCompletion.Member]] = [:]

    init(parameters: BlockParameters, completion: BlockCompletion) {
        self.parameters = parameters
        self.completion = completion
    }

    func action(for view: View, forKey key: String) -> Action? {
        let layer = view.layer
        if !touched.contains(where: { $0 === view }) { touched.append(view) }
        guard let pk = PropertyKey(name: key), pk.isAnimatable, pk.layerKinds.contains(layer.kind) else { return nil }
        let kp = LayerKeyPath(pk)
        let from = parameters.fromValue(kp, on: layer)
        let timing = parameters.mediaTiming(on: layer)
        let animation: Animation
        switch parameters.curve {
        case let .timing(tf):
            animation = Animation(.basic(BasicAnimation(keyPath: kp, from: from)), timing: timing, timingFunction: tf)
        case let .spring(ratio, velocity):
            if spring == nil {
                spring = SpringTiming(dampingRatio: ratio, duration: parameters.duration, initialVelocity: velocity)
            }
            animation = Animation(.spring(spring!.animation(kp, from: from)), timing: timing)
        }
        let member = BlockCompletion.Member(completion)
        members[layer.id, default: [:]][key]?.superseded = true
        members[layer.id, default: [:]][key] = member
        return BlockAction(animation: animation, member: member)
    }
}
