/// A cubic Bézier easing curve from (0, 0) to (1, 1) with control points
/// (c1x, c1y) and (c2x, c2y) — `CAMediaTimingFunction`.
///
/// The x coordinates of the control points are clamped to 0…1 so the curve is a function
/// of x; the y coordinates may leave the unit square (overshoot). `evaluate` solves
/// x(s) = input to within 1e-7 (Newton's method, with bisection when Newton stalls) and
/// returns y(s). Input outside 0…1 extrapolates linearly along the end tangents.
public struct TimingFunction: Hashable, Sendable, CustomStringConvertible {
    public let c1x: Double, c1y: Double, c2x: Double, c2y: Double

    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = min(max(c1x, 0), 1); self.c1y = c1y
        self.c2x = min(max(c2x, 0), 1); self.c2y = c2y
    }

    public static let linear = TimingFunction(0, 0, 1, 1)
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// Core Animation's names: `linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default`.
    public init?(name: String) {
        switch name {
        case "linear": self = .linear
        case "easeIn": self = .easeIn
        case "easeOut": self = .easeOut
        case "easeInEaseOut": self = .easeInEaseOut
        case "default": self = .default
        default: return nil
        }
    }

    public var isLinear: Bool { c1x == c1y && c2x == c2y }

    // Polynomial coefficients: B(s) = ((a·s + b)·s + c)·s.
    @inlinable var ax: Double { 1 + 3 * c1x - 3 * c2x }
    @inlinable var bx: Double { 3 * c2x - 6 * c1x }
    @inlinable var cx: Double { 3 * c1x }
    @inlinable var ay: Double { 1 + 3 * c1y - 3 * c2y }
    @inlinable var by: Double { 3 * c2y - 6 * c1y }
    @inlinable var cy: Double { 3 * c1y }

    @inlinable func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    @inlinable func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    @inlinable func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The curve parameter s with x(s) = x, to within 1e-7.
    @inlinable
    public func solveParameter(_ x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let err = sampleX(s) - x
            if abs(err) < 1e-7 { return s }
            let d = slopeX(s)
            if abs(d) < 1e-6 { break }
            s -= err / d
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<64 {
            let v = sampleX(s)
            if abs(v - x) < 1e-7 { return s }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    /// The eased progress for input progress `x`.
    @inlinable
    public func evaluate(_ x: Double) -> Double {
        if isLinear { return x }
        if x < 0 { return x * startSlope }
        if x > 1 { return 1 + (x - 1) * endSlope }
        if x == 0 || x == 1 { return x }
        return sampleY(solveParameter(x))
    }

    /// dy/dx at x = 0, the tangent used to extrapolate below 0.
    public var startSlope: Double {
        if c1x > 0 { return c1y / c1x }
        if c1y == 0 && c2x > 0 { return c2y / c2x }
        return 0 // a vertical start tangent: CSS extrapolates flat
    }
    /// dy/dx at x = 1, the tangent used to extrapolate above 1.
    public var endSlope: Double {
        if c2x < 1 { return (1 - c2y) / (1 - c2x) }
        if c2y == 1 && c1x < 1 { return (1 - c1y) / (1 - c1x) }
        return 0
    }

    public var description: String {
        switch self {
        case .linear: return "linear"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .easeInEaseOut: return "easeInEaseOut"
        case .default: return "default"
        default: return "cubicBezier(\(c1x), \(c1y), \(c2x), \(c2y))"
        }
    }
}
