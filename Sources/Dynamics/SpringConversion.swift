import RenderClient

/// POP's conversion between its designer-facing spring parameters — `springBounciness`
/// and `springSpeed` — and the physical ones its solver uses — `dynamicsTension` (stiffness,
/// N/m), `dynamicsFriction` (damping, N·s/m) and `dynamicsMass` (kg, always 1) —
/// as `+[POPSpringAnimation convertBounciness:speed:toTension:friction:mass:]` does it
/// (Quartz Composer's "Bouncy" patch, by way of Origami/Rebound):
///
///     b = projectNormal(normalize(bounciness / 1.7, 0, 20), 0, 0.8)
///     s = normalize(speed / 1.7, 0, 20)
///     qcTension  = projectNormal(s, 0.5, 200)
///     qcFriction = quadraticOut(b, noBounce(qcTension), 0.01)
///     tension    = 194 + (qcTension − 30) / 50 · (375 − 194)
///     friction   = 25 + (qcFriction − 8) / 2 · (25 − 19)
///
/// where `noBounce` is the piecewise cubic fit of the friction that just avoids overshoot
/// for a QC tension. POP's defaults, bounciness 4 and speed 12, give tension ≈ 342.10 and
/// friction ≈ 30.49 (mass 1: an under-damped spring, damping ratio ≈ 0.824).
public enum SpringConversion {
    static let normalizationRange = 20.0
    static let normalizationScale = 1.7
    static let bouncinessNormalizedMin = 0.0
    static let bouncinessNormalizedMax = 0.8
    static let speedNormalizedMin = 0.5
    static let speedNormalizedMax = 200.0
    static let frictionInterpolationMax = 0.01

    /// Tension, friction and mass for a bounciness and a speed (each usually 0…20; POP does
    /// not clamp them and neither does this).
    public static func dynamics(bounciness: Double, speed: Double) -> (tension: Double, friction: Double, mass: Double) {
        let b = projectNormal(normalize(bounciness / normalizationScale, 0, normalizationRange),
                              bouncinessNormalizedMin, bouncinessNormalizedMax)
        let s = normalize(speed / normalizationScale, 0, normalizationRange)
        let qcTension = projectNormal(s, speedNormalizedMin, speedNormalizedMax)
        let qcFriction = quadraticOutInterpolation(b, noBounce(qcTension), frictionInterpolationMax)
        return (popTension(qcTension: qcTension), popFriction(qcFriction: qcFriction), 1)
    }

    /// The inverse: the bounciness and speed that give `tension` and `friction`
    /// (`convertTension:friction:toBounciness:speed:`).
    public static func bouncinessAndSpeed(tension: Double, friction: Double) -> (bounciness: Double, speed: Double) {
        let qcFriction = 8 + 2 * ((friction - 25) / (25 - 19))
        let qcTension = 30 + 50 * ((tension - 194) / (375 - 194))
        let nb = noBounce(qcTension)
        // qcFriction = lerp(2b − b², nb, max)  ⇒  (nb − max)·b² + 2(max − nb)·b + (nb − qcFriction) = 0
        let a = nb - frictionInterpolationMax, bq = 2 * (frictionInterpolationMax - nb), c = nb - qcFriction
        let disc = (bq * bq - 4 * a * c).squareRoot()
        let x1 = (-bq + disc) / (2 * a), x2 = (-bq - disc) / (2 * a)
        let projectedB = x2 < bouncinessNormalizedMax ? x2 : x1
        let bounciness = (normalizationRange * normalizationScale) / (bouncinessNormalizedMax - bouncinessNormalizedMin)
            * (projectedB - bouncinessNormalizedMin)
        let speed = (normalizationRange * normalizationScale) / (speedNormalizedMax - speedNormalizedMin)
            * (qcTension - speedNormalizedMin)
        return (bounciness, speed)
    }

    static func normalize(_ v: Double, _ a: Double, _ b: Double) -> Double { (v - a) / (b - a) }
    static func projectNormal(_ n: Double, _ a: Double, _ b: Double) -> Double { a + n * (b - a) }
    static func quadraticOutInterpolation(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let u = 2 * t - t * t
        return u * b + (1 - u) * a
    }

    /// The QC friction that just avoids a bounce at a QC tension (POP's piecewise cubic fit).
    static func noBounce(_ tension: Double) -> Double {
        let x = tension
        if x <= 18 { return 0.0007 * x * x * x - 0.031 * x * x + 0.64 * x + 1.28 }
        if x <= 44 { return 0.000044 * x * x * x - 0.006 * x * x + 0.36 * x + 2 }
        return 0.00000045 * x * x * x - 0.000332 * x * x + 0.1078 * x + 5.84
    }

    static func popTension(qcTension q: Double) -> Double { 194 + (q - 30) / 50 * (375 - 194) }
    static func popFriction(qcFriction q: Double) -> Double { 25 + (q - 8) / 2 * (25 - 19) }
}
