/// The closed-form displacement of a spring, m·x″ + c·x′ + k·x = 0 from x(0) = 1 with
/// x′(0) = −v (v the initial velocity towards the target), its constants worked out once:
/// the regime is chosen by the damping ratio ζ = c / (2√(k·m)).
///
///     under-damped (ζ < 1):  x = e^{−ζω₀t} (cos ω_d t + (−v + ζω₀) / ω_d · sin ω_d t)
///     critical    (ζ = 1):  x = e^{−ω₀t} (1 + (−v + ω₀) t)
///     over-damped (ζ > 1):  x = c₁ e^{r₁t} + c₂ e^{r₂t},  r₁,₂ = −ω₀ (ζ ∓ √(ζ² − 1))
///
/// with ω₀ = √(k/m) and ω_d = ω₀√(1 − ζ²). It is the one home of the closed form:
/// `SpringAnimation`'s displacement, velocity and settling duration all go through it, and evaluation plans keep one per spring (four numbers) so a frame costs an
/// exponential and, under-damped, a cosine and a sine.
package struct SpringSolution: Sendable {
    enum Regime: UInt8, Sendable { case under, critical, over }
    let regime: Regime
    /// under: e^{p·t} (cos q·t + r·sin q·t); critical: e^{p·t} (1 + r·t);
    /// over: r·e^{p·t} + s·e^{q·t}.
    let p: Double, q: Double, r: Double, s: Double

    /// The solution with these constants (as `PlanCurve` keeps them).
    init(regime: Regime, p: Double, q: Double, r: Double, s: Double) {
        self.regime = regime; self.p = p; self.q = q; self.r = r; self.s = s
    }

    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        let w0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let x0 = 1.0, v0 = -initialVelocity
        if abs(zeta - 1) < SpringAnimation.criticalTolerance {
            regime = .critical
            p = -w0; q = 0; r = v0 + w0 * x0; s = 0
        } else if zeta < 1 {
            regime = .under
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            p = -zeta * w0; q = wd; r = (v0 + zeta * w0 * x0) / wd; s = 0
        } else {
            regime = .over
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
            p = r1; q = r2; r = c1; s = c2
        }
    }

    /// The displacement at `t`: 1 at the start, 0 at rest.
    @inline(__always)
    func displacement(at t: Double) -> Double {
        switch regime {
        case .critical: return _exp(p * t) * (1 + r * t)
        case .under: return _exp(p * t) * (_cos(q * t) + r * _sin(q * t))
        case .over: return r * _exp(p * t) + s * _exp(q * t)
        }
    }

    /// d(displacement)/dt at `t`, whole distances per second (−v at 0).
    func velocity(at t: Double) -> Double {
        switch regime {
        case .critical: return _exp(p * t) * (p + r + p * r * t)
        case .under: return _exp(p * t) * ((p + r * q) * _cos(q * t) + (p * r - q) * _sin(q * t))
        case .over: return r * p * _exp(p * t) + s * q * _exp(q * t)
        }
    }

    /// The time after which the displacement stays within `epsilon`: where the envelope
    /// √(1 + r²)·e^{p·t} (under-damped) or the monotone bound e^{p·t}(1 + |r|·t) /
    /// |r|·e^{p·t} + |s|·e^{q·t} (critically / over-damped) falls below it.
    func settlingTime(within epsilon: Double, naturalFrequency w0: Double) -> Double {
        let bound: (Double) -> Double
        switch regime {
        case .under:
            return max(0, _log((1 + r * r).squareRoot() / epsilon) / -p)
        case .critical:
            bound = { t in _exp(self.p * t) * (1 + abs(self.r) * t) }
        case .over:
            bound = { t in abs(self.r) * _exp(self.p * t) + abs(self.s) * _exp(self.q * t) }
        }
        var hi = 1.0 / w0
        while bound(hi) > epsilon && hi < 1e6 { hi *= 2 }
        var lo = 0.0
        for _ in 0..<60 { let mid = (lo + hi) / 2; if bound(mid) > epsilon { lo = mid } else { hi = mid } }
        return hi
    }
}
