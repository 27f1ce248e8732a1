/// A cubic Bézier easing curve from (0, 0) to (1, 1) with control points
/// (c1x, c1y) and (c2x, c2y) — `CAMediaTimingFunction`.
///
/// The x coordinates of the control points are clamped to 0…1 so the curve is a function
/// of x; the y coordinates may leave the unit square (overshoot). `evaluate` solves
/// x(s) = input for s in 0…1 (bracketed Halley's method) and returns y(s), accurate to
/// about 1e-12. Input outside 0…1 extrapolates linearly along the end tangents (CSS rules).
public struct TimingFunction: Hashable, Sendable, CustomStringConvertible {
    public let c1x: Double, c1y: Double, c2x: Double, c2y: Double

    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = min(max(c1x, 0), 1); self.c1y = c1y
        self.c2x = min(max(c2x, 0), 1); self.c2y = c2y
    }

    /// The curve with these control points as they are (x already within 0…1: a curve's
    /// own, as `PlanCurve` keeps them).
    @inline(__always)
    init(clamped c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
    }

    public static let linear = TimingFunction(0, 0, 1, 1)
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// `CAMediaTimingFunction(controlPoints:_:_:_:)`: the curve through (0, 0), (c1x, c1y),
    /// (c2x, c2y), (1, 1) — the same curve as `init(_:_:_:_:)`.
    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.init(c1x, c1y, c2x, c2y)
    }

    /// A named curve (`CAMediaTimingFunctionName`): `TimingFunction(name: .easeIn)`.
    public struct Name: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let linear = Name(rawValue: "linear")
        public static let easeIn = Name(rawValue: "easeIn")
        public static let easeOut = Name(rawValue: "easeOut")
        public static let easeInEaseOut = Name(rawValue: "easeInEaseOut")
        public static let `default` = Name(rawValue: "default")
        public var description: String { rawValue }
    }

    /// The curve of a `Name` (Core Animation's control points). Traps on a name made with
    /// `Name(rawValue:)` that is none of the five, naming it.
    public init(name: Name) {
        guard let f = TimingFunction(name: name.rawValue) else {
            preconditionFailure("unknown timing function name \"\(name.rawValue)\": use .linear, .easeIn, .easeOut, "
                + ".easeInEaseOut or .default")
        }
        self = f
    }

    /// The control point at `index` (0…3), as `CAMediaTimingFunction.getControlPoint(at:values:)`
    /// gives it: (0, 0), (c1x, c1y), (c2x, c2y), (1, 1).
    public func controlPoint(at index: Int) -> (x: Double, y: Double) {
        switch index {
        case 0: return (0, 0)
        case 1: return (c1x, c1y)
        case 2: return (c2x, c2y)
        default: return (1, 1)
        }
    }

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

    /// The curve parameter s in 0…1 with x(s) = x (x in 0…1).
    ///
    /// Halley's method (cubic convergence: two steps from s = x for the named curves) kept
    /// inside a bracket that shrinks every step: a step that leaves the bracket, or a bad
    /// denominator, bisects instead, so it never lands on a root of the cubic outside 0…1.
    /// It stops once a step is below 1e-5 · min(1, x′(s)) — the next error is about the cube
    /// of that — so y(s) is accurate to about 1e-12 even beside a vertical end tangent,
    /// where dy/dx is unbounded.
    @inlinable
    public func solveParameter(_ x: Double) -> Double {
        if !(x > 0) { return 0 }
        if x >= 1 { return 1 }
        let a = ax, b = bx, c = cx
        var lo = 0.0, hi = 1.0
        var s = x
        for _ in 0..<64 {
            let f = ((a * s + b) * s + c) * s - x
            if f == 0 { return s }
            if f < 0 { lo = s } else { hi = s }
            let d1 = (3 * a * s + 2 * b) * s + c
            let d2 = 6 * a * s + 2 * b
            let step = 2 * f * d1 / (2 * d1 * d1 - f * d2)
            let next = s - step
            if next > lo && next < hi {
                if abs(step) <= 1e-5 * min(1, abs(d1)) { return next }
                s = next
            } else {
                s = 0.5 * (lo + hi)
                if hi - lo <= 1e-15 { return s }
            }
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

    /// dy/dx of the line used to extrapolate below x = 0, as CSS specifies: the line through
    /// P0 and P1 when P1.x > 0, else through P0 and P2 when P2.x > 0, else flat (y = 0).
    public var startSlope: Double {
        if c1x > 0 { return c1y / c1x }
        if c2x > 0 { return c2y / c2x }
        return 0
    }
    /// dy/dx of the line used to extrapolate above x = 1, as CSS specifies: the line through
    /// P2 and P3 when P2.x < 1, else through P1 and P3 when P1.x < 1, else flat (y = 1).
    public var endSlope: Double {
        if c2x < 1 { return (1 - c2y) / (1 - c2x) }
        if c1x < 1 { return (1 - c1y) / (1 - c1x) }
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
