/// A 4×4 homogeneous transform in Core Animation's layout (`CATransform3D`).
///
/// Points are row vectors multiplied on the left: `p' = p × M`, so the translation lives in
/// `m41 m42 m43` and perspective in the fourth column (`m34 = -1/d` for an eye at distance
/// `d`). `a.concatenating(b)` applies `a` first, then `b` (`CATransform3DConcat(a, b)`).
/// The `translated`, `scaled` and `rotated` operations prepend, like
/// `CATransform3DTranslate` and friends: the new operation happens first, in the
/// transform's own coordinate space.
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    @inlinable
    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// Builds from 16 values in row order.
    public init(rows v: [Double]) {
        precondition(v.count == 16, "Transform3D(rows:) takes 16 values, got \(v.count)")
        self.init(m11: v[0], m12: v[1], m13: v[2], m14: v[3],
                  m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                  m31: v[8], m32: v[9], m33: v[10], m34: v[11],
                  m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }

    /// The 16 entries in row order.
    public var rows: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// Whether the matrix is an affine map of the xy plane, scaled and moved along z: m13,
    /// m14, m23, m24, m31, m32, m34 are 0 and m44 is 1 (rotations about z, scales,
    /// translations, skews in the plane and their products). `LayerProperties` keeps such a
    /// transform in 8 doubles inline (a zero of either sign reads back as +0).
    @inlinable
    public var isPlanar: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m34 == 0 && m44 == 1
    }

    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0,
                                             m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0,
                                             m41: 0, m42: 0, m43: 0, m44: 1)

    public var isIdentity: Bool { self == .identity }

    /// Entry at row `r`, column `c` (both 0-based).
    @inlinable public subscript(r: Int, c: Int) -> Double {
        get {
            switch (r, c) {
            case (0, 0): return m11; case (0, 1): return m12; case (0, 2): return m13; case (0, 3): return m14
            case (1, 0): return m21; case (1, 1): return m22; case (1, 2): return m23; case (1, 3): return m24
            case (2, 0): return m31; case (2, 1): return m32; case (2, 2): return m33; case (2, 3): return m34
            case (3, 0): return m41; case (3, 1): return m42; case (3, 2): return m43; default: return m44
            }
        }
        set {
            switch (r, c) {
            case (0, 0): m11 = newValue; case (0, 1): m12 = newValue; case (0, 2): m13 = newValue; case (0, 3): m14 = newValue
            case (1, 0): m21 = newValue; case (1, 1): m22 = newValue; case (1, 2): m23 = newValue; case (1, 3): m24 = newValue
            case (2, 0): m31 = newValue; case (2, 1): m32 = newValue; case (2, 2): m33 = newValue; case (2, 3): m34 = newValue
            case (3, 0): m41 = newValue; case (3, 1): m42 = newValue; case (3, 2): m43 = newValue; default: m44 = newValue
            }
        }
    }

    // MARK: Constructors (CATransform3DMake…)

    public static func translation(x: Double, y: Double, z: Double = 0) -> Transform3D {
        var t = identity; t.m41 = x; t.m42 = y; t.m43 = z; return t
    }
    public static func scale(x: Double, y: Double, z: Double = 1) -> Transform3D {
        var t = identity; t.m11 = x; t.m22 = y; t.m33 = z; return t
    }
    /// A rotation by `angle` radians about the axis (x, y, z), as `CATransform3DMakeRotation`.
    /// A zero axis gives the identity.
    public static func rotation(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0 else { return identity }
        let ux = x / len, uy = y / len, uz = z / len
        let c = _cos(angle), s = _sin(angle), k = 1 - c
        return Transform3D(
            m11: c + k * ux * ux,      m12: k * ux * uy + s * uz, m13: k * ux * uz - s * uy, m14: 0,
            m21: k * ux * uy - s * uz, m22: c + k * uy * uy,      m23: k * uy * uz + s * ux, m24: 0,
            m31: k * ux * uz + s * uy, m32: k * uy * uz - s * ux, m33: c + k * uz * uz,      m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }
    /// Perspective as Core Animation users write it: identity with `m34 = -1/distance`.
    public static func perspective(distance: Double) -> Transform3D {
        var t = identity; t.m34 = distance == 0 ? 0 : -1 / distance; return t
    }
    /// An affine transform embedded in the xy plane.
    public init(_ a: AffineTransform) {
        self.init(m11: a.a, m12: a.b, m13: 0, m14: 0,
                  m21: a.c, m22: a.d, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0,
                  m41: a.tx, m42: a.ty, m43: 0, m44: 1)
    }
    /// The affine part, or `nil` when the transform is not affine in the xy plane.
    public var affine: AffineTransform? {
        guard m13 == 0, m14 == 0, m23 == 0, m24 == 0, m31 == 0, m32 == 0, m33 == 1,
              m34 == 0, m43 == 0, m44 == 1 else { return nil }
        return AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    // MARK: Operations (CATransform3DTranslate, Scale, Rotate, Concat, Invert)

    /// `self` then `b` (`CATransform3DConcat(self, b)`): the matrix product `self × b`.
    @inlinable
    public func concatenating(_ b: Transform3D) -> Transform3D {
        let a = self
        return Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// `CATransform3DTranslate(self, x, y, z)`: translate first, then `self`.
    public func translated(x: Double, y: Double, z: Double = 0) -> Transform3D {
        Transform3D.translation(x: x, y: y, z: z).concatenating(self)
    }
    /// `CATransform3DScale(self, x, y, z)`.
    public func scaled(x: Double, y: Double, z: Double = 1) -> Transform3D {
        Transform3D.scale(x: x, y: y, z: z).concatenating(self)
    }
    /// `CATransform3DRotate(self, angle, x, y, z)`.
    public func rotated(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D.rotation(angle: angle, x: x, y: y, z: z).concatenating(self)
    }

    public var determinant: Double {
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
        return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }

    /// The inverse (`CATransform3DInvert`), or `nil` when the matrix is singular.
    public func inverted() -> Transform3D? {
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return Transform3D(
            m11: ( m22 * c5 - m23 * c4 + m24 * c3) * k,
            m12: (-m12 * c5 + m13 * c4 - m14 * c3) * k,
            m13: ( m42 * s5 - m43 * s4 + m44 * s3) * k,
            m14: (-m32 * s5 + m33 * s4 - m34 * s3) * k,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) * k,
            m22: ( m11 * c5 - m13 * c2 + m14 * c1) * k,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) * k,
            m24: ( m31 * s5 - m33 * s2 + m34 * s1) * k,
            m31: ( m21 * c4 - m22 * c2 + m24 * c0) * k,
            m32: (-m11 * c4 + m12 * c2 - m14 * c0) * k,
            m33: ( m41 * s4 - m42 * s2 + m44 * s0) * k,
            m34: (-m31 * s4 + m32 * s2 - m34 * s0) * k,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) * k,
            m42: ( m11 * c3 - m12 * c1 + m13 * c0) * k,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) * k,
            m44: ( m31 * s3 - m32 * s1 + m33 * s0) * k)
    }

    /// Maps a point of the xy plane (z = 0) and divides by w.
    public func apply(to p: Point) -> Point {
        let x = p.x * m11 + p.y * m21 + m41
        let y = p.x * m12 + p.y * m22 + m42
        let w = p.x * m14 + p.y * m24 + m44
        return w == 0 || w == 1 ? Point(x: x, y: y) : Point(x: x / w, y: y / w)
    }

    /// Largest absolute difference between entries.
    public func maxDifference(_ o: Transform3D) -> Double {
        var m = 0.0
        for i in 0..<4 { for j in 0..<4 { m = max(m, abs(self[i, j] - o[i, j])) } }
        return m
    }

    public var description: String {
        "[\(m11) \(m12) \(m13) \(m14); \(m21) \(m22) \(m23) \(m24); \(m31) \(m32) \(m33) \(m34); \(m41) \(m42) \(m43) \(m44)]"
    }
}
