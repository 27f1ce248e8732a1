import RenderCore
import RenderClient
import RenderViews

/// The view animation a `BoundsAnimation` stands for, as a view action provider: inside it,
/// a change of a view's `position` or `bounds` animates from what is on screen to the new
/// value, with the bounds animation's duration, delay and curve — or, in spring mode, a
/// spring with its damping ratio and initial velocity that settles within its duration, as
/// UIKit's spring animations do. Every other property changes without animation.
final class BoundsAnimationActions: ViewActionProvider {
    let spec: BoundsAnimation

    init(_ spec: BoundsAnimation) { self.spec = spec }

    func action(for view: View, forKey key: String) -> Action? {
        guard key == "position" || key == "bounds", let pk = PropertyKey(name: key) else { return nil }
        let kp = LayerKeyPath(pk)
        let from = view.layer.presentation().value(at: kp)
        var a: Animation
        switch spec.mode {
        case .default:
            a = .basic(kp, from: from, duration: spec.duration, timingFunction: spec.options.timingFunction)
        case .spring:
            a = Animation(.spring(BoundsAnimationActions.spring(kp, from: from, dampingRatio: spec.springDampingRatio,
                                                                initialVelocity: spec.springInitialVelocity,
                                                                duration: spec.duration)),
                          timing: MediaTiming(duration: spec.duration))
        }
        if spec.delay > 0 {
            a.timing.beginTime = spec.delay
            a.timing.fillMode = .backwards
            a = ChangeResolution.anchoredAtCommit(a)
        }
        return a
    }

    /// A spring with `dampingRatio` and `initialVelocity` (distance per second, UIKit's
    /// units) whose settling duration is `duration`: the response found by bisection
    /// (settling time grows with the response).
    static func spring(_ kp: LayerKeyPath, from: AnimatableValue, dampingRatio: Double, initialVelocity: Double,
                       duration: Double) -> SpringAnimation {
        func make(_ response: Double) -> SpringAnimation {
            SpringAnimation(keyPath: kp, from: from, dampingRatio: dampingRatio, response: response, initialVelocity: initialVelocity)
        }
        guard duration > 0 else { return make(1e-3) }
        var lo = 1e-4, hi = max(duration, 1e-3)
        while make(hi).settlingDuration < duration && hi < 1e4 { hi *= 2 }
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if make(mid).settlingDuration < duration { lo = mid } else { hi = mid }
        }
        return make((lo + hi) / 2)
    }
}
