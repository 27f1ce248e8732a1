// The physics an interaction tracker moves by, as closed forms in time: the rubber band,
// exponential deceleration, and the spring that bounces, pages and snaps. Constants are
// gathered here, each with the reason for its value.

/// The physical constants and closed forms of ``InteractionTracker``'s motion.
public enum TrackerPhysics {
    /// The rubber band's stiffness c in `(1 − 1/(x·c/d + 1))·d`: 0.55, the constant of the
    /// widely used description of UIScrollView's rubber band (chpwn's formula, analysed in
    /// "Analysis of Apple's rubber band scrolling", 2013).
    public static let rubberBandCoefficient = 0.55

    /// How far, in points, an overshoot of `x` points past an edge is shown, for a viewport
    /// of `dimension` points along that axis: `(1 − 1/(x·c/d + 1))·d` with
    /// c = ``rubberBandCoefficient``. It starts at slope c, and never reaches d: a drag
    /// of any length shows less than one viewport past the edge. 0 for x ≤ 0 or d ≤ 0.
    public static func rubberBand(_ x: Double, dimension d: Double) -> Double {
        guard x > 0, d > 0 else { return 0 }
        let c = rubberBandCoefficient
        return (1 - 1 / (x * c / d + 1)) * d
    }

    /// The inverse of ``rubberBand(_:dimension:)``: the overshoot `x` that shows as `b`
    /// points, `b·d / (c·(d − b))`. A press that catches content mid-bounce continues the
    /// rubber band from there without a jump. Infinite for b ≥ d.
    public static func rubberBandInverse(_ b: Double, dimension d: Double) -> Double {
        guard b > 0, d > 0 else { return 0 }
        guard b < d else { return .infinity }
        return b * d / (rubberBandCoefficient * (d - b))
    }

    /// The deceleration's exponent per second, k = 1000·ln(rate): velocity is
    /// v(t) = v₀·rate^(1000·t) = v₀·e^(k·t) with `rate` the fraction kept per millisecond,
    /// as UIScrollView's `decelerationRate` is defined (Ilya Lobanov, "Deceleration
    /// mechanics of UIScrollView", 2019). −2.002 /s for 0.998, −10.05 /s for 0.99.
    public static func decayExponent(rate: Double) -> Double { 1000 * _log(rate) }

    /// Where a deceleration from `velocity` (points/s) ends up, relative to its start,
    /// if it ran forever: the integral of v₀·e^(k·t), −v₀/k points (the "projection" of
    /// WWDC 2018's Designing Fluid Interfaces). 0.998 carries a 1000 pt/s release 499.5 pt.
    public static func projection(velocity: Double, rate: Double) -> Double {
        -velocity / decayExponent(rate: rate)
    }

    /// The deceleration stops when the distance it has still to glide, |v/k|, falls below
    /// this many points: a quarter point, half a pixel on a 2× display. At rate 0.998 that is
    /// when the velocity falls to 0.5 pt/s (0.008 pt per 60 Hz frame, so the stop is
    /// invisible); at 0.99, 2.5 pt/s. The position is continuous at the stop (it stops where
    /// the closed form is, a quarter point short of the projection), and a deceleration aimed
    /// at a snap point is solved so that this stop lands exactly on it.
    public static let decayRestDistance = 0.25

    /// The spring's mass (kg), stiffness (N/m) and damping (N·s/m): critically damped
    /// (ζ = 30 / (2·√225) = 1) with natural frequency ω₀ = 15 rad/s. Critically damped so a
    /// bounce comes back to the edge without oscillating, as UIScrollView's does; ω₀ = 15 so
    /// a 100-point overshoot settles within ``springRestDistance`` in about 0.6 s, a release
    /// at 2000 pt/s from the edge overshoots it by v/(ω₀·e) ≈ 49 points, and a page turn of
    /// a 390-point viewport settles in about 0.6 s — close to UIScrollView's feel.
    /// The same spring bounces, pages, snaps and runs `animatePosition(to:duration: nil)`.
    public static let springMass = 1.0, springStiffness = 225.0, springDamping = 30.0
    /// The spring's natural frequency √(k/m), rad/s.
    public static var springFrequency: Double { (springStiffness / springMass).squareRoot() }

    /// A spring stops (and its axis rests exactly on its target) once its displacement stays
    /// below this many points: a tenth of a point, so the last step is invisible.
    public static let springRestDistance = 0.1
}

/// A critically damped spring carrying an initial displacement and velocity, through
/// RenderCore's closed form (`SpringSolution`): the motion is linear in the initial
/// conditions, so with N₀ the unit solution from rest and N₁ the one with unit velocity
/// towards the target,
///
///     d(t) = d₀·N₀(t) + v₀·(N₀(t) − N₁(t))
///
/// (N₀ − N₁ starts at 0 with velocity +1). It works for d₀ = 0, a bounce starting at the
/// edge, where a solution normalised by d₀ cannot.
struct TrackerSpring: Sendable {
    /// Displacement from the target and its velocity at the start: points, points/s.
    let displacement: Double, velocity: Double

    static let fromRest = SpringSolution(mass: TrackerPhysics.springMass, stiffness: TrackerPhysics.springStiffness,
                                         damping: TrackerPhysics.springDamping, initialVelocity: 0)
    static let withUnitVelocity = SpringSolution(mass: TrackerPhysics.springMass, stiffness: TrackerPhysics.springStiffness,
                                                 damping: TrackerPhysics.springDamping, initialVelocity: 1)

    /// Displacement from the target `t` seconds after the start, points.
    func displacement(at t: Double) -> Double {
        let n0 = Self.fromRest.displacement(at: t), n1 = Self.withUnitVelocity.displacement(at: t)
        return displacement * n0 + velocity * (n0 - n1)
    }

    /// Velocity `t` seconds after the start, points/s.
    func velocity(at t: Double) -> Double {
        let n0 = Self.fromRest.velocity(at: t), n1 = Self.withUnitVelocity.velocity(at: t)
        return displacement * n0 + velocity * (n0 - n1)
    }

    /// The time after which |d(t)| stays below `epsilon`. Critically damped,
    /// d(t) = e^(−ω₀t)·(d₀ + c·t) with c = v₀ + ω₀·d₀, and |d(t)| ≤ b(t) = e^(−ω₀t)·(|d₀| + |c|·t),
    /// which decreases from t* = 1/ω₀ − |d₀|/|c| on: bisection on b past t*.
    func settlingTime(within epsilon: Double) -> Double {
        let w = TrackerPhysics.springFrequency
        let d0 = abs(displacement), c = abs(velocity + w * displacement)
        func bound(_ t: Double) -> Double { _exp(-w * t) * (d0 + c * t) }
        let lo0 = c > 0 ? max(0, 1 / w - d0 / c) : 0
        if bound(lo0) <= epsilon { return lo0 }
        var lo = lo0, hi = lo0 + 1 / w
        while bound(hi) > epsilon && hi < 1e4 { lo = hi; hi *= 2 }
        for _ in 0..<60 { let mid = (lo + hi) / 2; if bound(mid) > epsilon { lo = mid } else { hi = mid } }
        return hi
    }

    /// The first time t > 0 the displacement crosses zero, or nil: for the critical form,
    /// t = −d₀/c when that is positive. The velocity there is e^(−ω₀t)·c.
    func zeroCrossing() -> Double? {
        let c = velocity + TrackerPhysics.springFrequency * displacement
        guard c != 0 else { return nil }
        let t = -displacement / c
        return t > 0 && t.isFinite ? t : nil
    }
}
