import Foundation
import RenderClient

/// The closed-form motion of a damped spring, m·x″ + c·x′ + k·x = 0, for a vector
/// displacement x from the target with an arbitrary vector velocity — what a retargeted
/// spring needs (the distance may be 0 while the velocity is not, which RenderCore's
/// normalized `SpringSolution`, x(0) = 1, cannot express).
///
/// Every regime is linear in the initial state, x(t) = A(t)·x₀ + B(t)·v₀, with scalar basis
/// functions (ω₀ = √(k/m), ζ = c / (2√(k·m))):
///
///     under-damped  ζ < 1:  A = e^{−ζω₀t}(cos ω_d t + ζω₀/ω_d · sin ω_d t),  B = e^{−ζω₀t} sin(ω_d t) / ω_d
///     critical      ζ = 1:  A = e^{−ω₀t}(1 + ω₀t),                          B = t·e^{−ω₀t}
///     over-damped   ζ > 1:  A = (r₂e^{r₁t} − r₁e^{r₂t}) / (r₂ − r₁),         B = (e^{r₂t} − e^{r₁t}) / (r₂ − r₁)
///
/// with ω_d = ω₀√(1 − ζ²) and r₁,₂ = −ω₀(ζ ∓ √(ζ² − 1)). A(0) = 1, A′(0) = 0, B(0) = 0,
/// B′(0) = 1. POP integrates the same equation with RK4 in 1 ms steps; the closed form
/// agrees with it to about 1e-9 of the distance and has no step to round to.
struct SpringMotion {
    enum Regime { case under, critical, over }
    let regime: Regime
    let mass: Double, stiffness: Double, damping: Double
    private let p: Double, q: Double, w0: Double

    /// `|ζ − 1|` below this is treated as critical (the other forms lose precision there).
    static let criticalTolerance = 1e-6

    init(stiffness: Double, damping: Double, mass: Double) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
        let w0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        self.w0 = w0
        if abs(zeta - 1) < SpringMotion.criticalTolerance {
            regime = .critical; p = -w0; q = 0
        } else if zeta < 1 {
            regime = .under; p = -zeta * w0; q = w0 * (1 - zeta * zeta).squareRoot()
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            regime = .over; p = -w0 * (zeta - root); q = -w0 * (zeta + root)
        }
    }

    /// The damping ratio ζ.
    var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// (A, B, A′, B′) at `t` seconds.
    func basis(_ t: Double) -> (a: Double, b: Double, da: Double, db: Double) {
        switch regime {
        case .under:
            let e = exp(p * t), c = cos(q * t), s = sin(q * t)
            return (e * (c - p / q * s), e * s / q, -e * (p * p + q * q) / q * s, e * (p * s + q * c) / q)
        case .critical:
            let e = exp(p * t)
            return (e * (1 + w0 * t), e * t, -w0 * w0 * t * e, e * (1 - w0 * t))
        case .over:
            let e1 = exp(p * t), e2 = exp(q * t), d = q - p
            return ((q * e1 - p * e2) / d, (e2 - e1) / d, p * q * (e1 - e2) / d, (q * e2 - p * e1) / d)
        }
    }

    /// Displacement and velocity `t` seconds after (x₀, v₀).
    func state(after t: Double, displacement x0: SIMD4<Double>, velocity v0: SIMD4<Double>)
        -> (displacement: SIMD4<Double>, velocity: SIMD4<Double>) {
        let (a, b, da, db) = basis(t)
        return (a * x0 + b * v0, da * x0 + db * v0)
    }

    /// The acceleration at displacement `x` and velocity `v`: −(k·x + c·v) / m.
    func acceleration(displacement x: SIMD4<Double>, velocity v: SIMD4<Double>) -> SIMD4<Double> {
        -(stiffness * x + damping * v) / mass
    }
}
