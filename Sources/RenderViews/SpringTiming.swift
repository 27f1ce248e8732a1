import Foundation
import RenderClient

/// UIKit's damping-ratio-and-duration spring (`usingSpringWithDamping:initialSpringVelocity:`)
/// as a `SpringAnimation`'s mass, stiffness and damping.
///
/// UIKit describes such a spring by its damping ratio ζ, its duration D and its initial
/// velocity v (in units of the whole distance per second, positive towards the target) and
/// lets it run for exactly D: the spring must have settled by then, or the removal at D would
/// show as a jump. UIKit's constants are private; the public reconstructions of its motion
/// (Framer's SpringsExample and the UIKit/CASpringAnimation correspondences derived from it)
/// fix the mass at 1 and choose the stiffness so that the oscillation's envelope has fallen to
/// a thousandth of the distance at t = D. This type does the same with RenderCore's envelope,
/// so that the spring's own `settlingDuration` is D:
///
///     x(t)  displacement from the target, normalized: x(0) = 1, x′(0) = −v
///     m = 1, k = ω₀², c = 2ζω₀                (ζ = c / 2√(km) by definition)
///     ζ < 1:  envelope(t) = A·e^(−ζω₀t),  A = √(1 + ((ζω₀ − v)/ω_d)²),  ω_d = ω₀√(1 − ζ²)
///     ζ = 1:  envelope(t) = (1 + |ω₀ − v|·t)·e^(−ω₀t)
///     solve envelope(D) = 0.001 for ω₀        (settlingDuration(ω₀) = D)
///
/// `settlingDuration` falls monotonically as ω₀ grows (every term decays faster), so the
/// root is bracketed and found by bisection on log ω₀ to 1e-12 relative. ζ is clamped to
/// 0.001…1 as UIKit's parameter range is 0…1 (0 would never settle); D to 0.001…100 s.
public struct SpringTiming: Hashable, Sendable {
    /// ζ, clamped to 0.001…1.
    public let dampingRatio: Double
    /// D, the seconds the spring takes to settle, clamped to 0.001…100.
    public let duration: Double
    /// Apple's units: 1 = the whole distance in one second, towards the target.
    public let initialVelocity: Double
    /// Always 1 (kg).
    public let mass: Double
    /// ω₀², N/m: chosen so that the spring settles in `duration`.
    public let stiffness: Double
    /// 2ζω₀, N·s/m.
    public let damping: Double

    /// The spring that settles in `duration` with `dampingRatio` and `initialVelocity`
    /// (Apple's units), each clamped as stated on the properties.
    public init(dampingRatio: Double, duration: Double, initialVelocity: Double = 0) {
        let zeta = min(max(dampingRatio.isNaN ? 1 : dampingRatio, 0.001), 1)
        let d = min(max(duration.isNaN ? 0.001 : duration, 0.001), 100)
        let v = initialVelocity.isFinite ? initialVelocity : 0
        self.dampingRatio = zeta
        self.duration = d
        self.initialVelocity = v
        self.mass = 1
        let w0 = SpringTiming.naturalFrequency(dampingRatio: zeta, duration: d, initialVelocity: v)
        self.stiffness = w0 * w0
        self.damping = 2 * zeta * w0
    }

    /// The spring animation of `keyPath` from `from` (nil: from the previous presentation
    /// value) to the model value, lasting `duration`.
    public func animation(_ keyPath: LayerKeyPath, from: AnimatableValue?, to: AnimatableValue? = nil) -> SpringAnimation {
        SpringAnimation(keyPath: keyPath, from: from, to: to, mass: mass, stiffness: stiffness, damping: damping,
                        initialVelocity: initialVelocity)
    }

    /// ω₀ with `settlingDuration == duration` (see the type's description).
    static func naturalFrequency(dampingRatio zeta: Double, duration d: Double, initialVelocity v: Double) -> Double {
        func settling(_ w0: Double) -> Double {
            SpringAnimation(keyPath: .opacity, stiffness: w0 * w0, damping: 2 * zeta * w0, initialVelocity: v)
                .settlingDuration
        }
        var lo = -10.0, hi = 20.0  // log ω₀: e^−10 … e^20 rad/s
        // settling(e^lo) > d > settling(e^hi) for every clamped input; bisect the log.
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if settling(exp(mid)) > d { lo = mid } else { hi = mid }
            if hi - lo < 1e-13 { break }
        }
        return exp((lo + hi) / 2)
    }
}
