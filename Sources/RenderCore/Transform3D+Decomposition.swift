/// A transform split into the parts Core Animation and CSS interpolate separately.
///
/// In Core Animation's row-vector layout a decomposable matrix is
/// `M = A × P`, where `P` is the identity with its fourth column replaced by `perspective`,
/// and `A` is affine: its upper 3×3 block is `S × K × R` (scale, then skew, then the
/// rotation `R` given by `quaternion`) and its fourth row holds `translation`.
/// `K` is lower triangular with `skew.xy` at (1,0), `skew.xz` at (2,0), `skew.yz` at (2,1).
public struct DecomposedTransform: Hashable, Sendable {
    public var translation: (x: Double, y: Double, z: Double)
    public var scale: (x: Double, y: Double, z: Double)
    public var skew: (xy: Double, xz: Double, yz: Double)
    public var perspective: (x: Double, y: Double, z: Double, w: Double)
    /// Unit quaternion (x, y, z, w).
    public var quaternion: Quaternion

    public static let identity = DecomposedTransform(
        translation: (0, 0, 0), scale: (1, 1, 1), skew: (0, 0, 0), perspective: (0, 0, 0, 1),
        quaternion: .identity)

    public init(translation: (x: Double, y: Double, z: Double), scale: (x: Double, y: Double, z: Double),
                skew: (xy: Double, xz: Double, yz: Double), perspective: (x: Double, y: Double, z: Double, w: Double),
                quaternion: Quaternion) {
        self.translation = translation; self.scale = scale; self.skew = skew
        self.perspective = perspective; self.quaternion = quaternion
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.translation == b.translation && a.scale == b.scale && a.skew == b.skew
            && a.perspective == b.perspective && a.quaternion == b.quaternion
    }
    public func hash(into h: inout Hasher) {
        h.combine(translation.x); h.combine(translation.y); h.combine(translation.z)
        h.combine(scale.x); h.combine(scale.y); h.combine(scale.z)
        h.combine(quaternion)
    }

    /// Rotation as Euler angles in radians, for the `transform.rotation.x/y/z` key paths:
    /// the rotation is `Rx(x)`, then `Ry(y)`, then `Rz(z)`.
    public var eulerAngles: (x: Double, y: Double, z: Double) {
        get { quaternion.eulerAngles }
        set { quaternion = Quaternion(eulerX: newValue.x, y: newValue.y, z: newValue.z) }
    }

    /// Component-wise interpolation; the rotation by spherical interpolation along the
    /// shortest arc.
    public static func interpolate(_ a: Self, _ b: Self, _ t: Double) -> Self {
        interpolate(a, b, t, rotation: SlerpPath(a.quaternion, b.quaternion))
    }

    /// `interpolate(a, b, t)` with the rotation's arc already worked out (animations with
    /// constant ends compute it once).
    @inline(__always)
    static func interpolate(_ a: Self, _ b: Self, _ t: Double, rotation: SlerpPath) -> Self {
        DecomposedTransform(
            translation: (lerp(a.translation.x, b.translation.x, t), lerp(a.translation.y, b.translation.y, t),
                          lerp(a.translation.z, b.translation.z, t)),
            scale: (lerp(a.scale.x, b.scale.x, t), lerp(a.scale.y, b.scale.y, t), lerp(a.scale.z, b.scale.z, t)),
            skew: (lerp(a.skew.xy, b.skew.xy, t), lerp(a.skew.xz, b.skew.xz, t), lerp(a.skew.yz, b.skew.yz, t)),
            perspective: (lerp(a.perspective.x, b.perspective.x, t), lerp(a.perspective.y, b.perspective.y, t),
                          lerp(a.perspective.z, b.perspective.z, t), lerp(a.perspective.w, b.perspective.w, t)),
            quaternion: rotation.at(t))
    }
}

/// A rotation quaternion (x, y, z, w), `w` the scalar part.
public struct Quaternion: Hashable, Sendable {
    public var x, y, z, w: Double
    @inlinable public init(x: Double, y: Double, z: Double, w: Double) { self.x = x; self.y = y; self.z = z; self.w = w }
    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// A rotation by `angle` radians about the axis (x, y, z), the same rotation as
    /// `Transform3D.rotation(angle:x:y:z:)`.
    public init(angle: Double, x ax: Double, y ay: Double, z az: Double) {
        let len = (ax * ax + ay * ay + az * az).squareRoot()
        guard len > 0 else { self = .identity; return }
        let s = _sin(angle / 2) / len
        self.init(x: ax * s, y: ay * s, z: az * s, w: _cos(angle / 2))
    }

    /// The rotation `Rx(x)` then `Ry(y)` then `Rz(z)`.
    public init(eulerX ex: Double, y ey: Double, z ez: Double) {
        let r = Transform3D.rotation(angle: ex, x: 1, y: 0, z: 0)
            .concatenating(.rotation(angle: ey, x: 0, y: 1, z: 0))
            .concatenating(.rotation(angle: ez, x: 0, y: 0, z: 1))
        self = Quaternion(rotationMatrix: r)
    }

    /// The quaternion of the rotation in the upper 3×3 block of `m` (which must be
    /// orthonormal with determinant +1). Shepperd's method: stable for every angle.
    public init(rotationMatrix m: Transform3D) {
        let trace = m.m11 + m.m22 + m.m33
        // Row-vector layout: the column-vector rotation matrix is the transpose.
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            self.init(x: (m.m23 - m.m32) / s, y: (m.m31 - m.m13) / s, z: (m.m12 - m.m21) / s, w: s / 4)
        } else if m.m11 > m.m22 && m.m11 > m.m33 {
            let s = (1 + m.m11 - m.m22 - m.m33).squareRoot() * 2
            self.init(x: s / 4, y: (m.m12 + m.m21) / s, z: (m.m31 + m.m13) / s, w: (m.m23 - m.m32) / s)
        } else if m.m22 > m.m33 {
            let s = (1 + m.m22 - m.m11 - m.m33).squareRoot() * 2
            self.init(x: (m.m12 + m.m21) / s, y: s / 4, z: (m.m23 + m.m32) / s, w: (m.m31 - m.m13) / s)
        } else {
            let s = (1 + m.m33 - m.m11 - m.m22).squareRoot() * 2
            self.init(x: (m.m31 + m.m13) / s, y: (m.m23 + m.m32) / s, z: s / 4, w: (m.m12 - m.m21) / s)
        }
    }

    /// The rotation as a matrix in Core Animation's layout.
    public var matrix: Transform3D {
        let xx = x * x, yy = y * y, zz = z * z, xy = x * y, xz = x * z, yz = y * z, xw = x * w, yw = y * w, zw = z * w
        return Transform3D(m11: 1 - 2 * (yy + zz), m12: 2 * (xy + zw), m13: 2 * (xz - yw), m14: 0,
                           m21: 2 * (xy - zw), m22: 1 - 2 * (xx + zz), m23: 2 * (yz + xw), m24: 0,
                           m31: 2 * (xz + yw), m32: 2 * (yz - xw), m33: 1 - 2 * (xx + yy), m34: 0,
                           m41: 0, m42: 0, m43: 0, m44: 1)
    }

    public var eulerAngles: (x: Double, y: Double, z: Double) {
        let r = matrix
        let sy = max(-1, min(1, -r.m13))
        let ey = _asin(sy)
        if abs(sy) < 1 - 1e-12 {
            return (_atan2(r.m23, r.m33), ey, _atan2(r.m12, r.m11))
        }
        // Gimbal lock: fold all of the x/z rotation into x.
        return (_atan2(-r.m32, r.m22), ey, 0)
    }

    @inlinable public func dot(_ o: Quaternion) -> Double { x * o.x + y * o.y + z * o.z + w * o.w }

    /// The angle in radians between two rotations (0…π).
    public func angle(to o: Quaternion) -> Double { 2 * _acos(min(1, abs(dot(o)))) }

    /// Spherical linear interpolation along the shorter arc.
    public static func slerp(_ a: Quaternion, _ b0: Quaternion, _ t: Double) -> Quaternion {
        SlerpPath(a, b0).at(t)
    }
}

/// The shorter arc between two rotations, set up once for `Quaternion.slerp`: the far end
/// flipped to the near hemisphere, the arc's angle and its sine.
struct SlerpPath: Sendable {
    let a: Quaternion, b: Quaternion
    /// Nearly equal rotations interpolate linearly (then normalize).
    let isLinear: Bool
    let theta: Double, sinTheta: Double

    @inline(__always) init(_ a: Quaternion, _ b0: Quaternion) {
        var b = b0
        var d = a.dot(b)
        if d < 0 { d = -d; b = Quaternion(x: -b.x, y: -b.y, z: -b.z, w: -b.w) }
        self.a = a; self.b = b
        isLinear = d > 0.9995
        if isLinear { theta = 0; sinTheta = 0 } else { theta = _acos(d); sinTheta = _sin(theta) }
    }

    /// The rotation `t` of the way along the arc (normalized).
    @inline(__always) func at(_ t: Double) -> Quaternion {
        let wa: Double, wb: Double
        if isLinear {
            wa = 1 - t; wb = t
        } else {
            wa = _sin((1 - t) * theta) / sinTheta
            wb = _sin(t * theta) / sinTheta
        }
        var q = Quaternion(x: a.x * wa + b.x * wb, y: a.y * wa + b.y * wb, z: a.z * wa + b.z * wb, w: a.w * wa + b.w * wb)
        let n = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        if n > 0 { q = Quaternion(x: q.x / n, y: q.y / n, z: q.z / n, w: q.w / n) }
        return q
    }
}

extension Transform3D {
    /// The decomposition (W3C CSS Transforms "unmatrix", in Core Animation's layout), or
    /// `nil` when the matrix has no decomposition (`m44 == 0`, or a singular affine part).
    ///
    /// In the row-vector layout `M = A × P` leaves the first three columns of `M` to `A`, so
    /// `A` is `M` with its fourth column set to (0, 0, 0, 1) and the perspective column is
    /// `A⁻¹ · (m14, m24, m34, m44)`. The matrix is not divided by `m44` first (as CSS does for
    /// its column-vector form): the homogeneous scale stays in `perspective.w`, so
    /// `Transform3D(m.decomposed()!)` gives back `m` itself, and a transform built as
    /// translate-then-perspective decomposes into exactly that translation and perspective.
    public func decomposed() -> DecomposedTransform? {
        guard m44 != 0, m44.isFinite else { return nil }
        let m = self
        var affine = m
        affine.m14 = 0; affine.m24 = 0; affine.m34 = 0; affine.m44 = 1
        guard affine.determinant != 0 else { return nil }

        var perspective = (x: 0.0, y: 0.0, z: 0.0, w: 1.0)
        if m.m14 != 0 || m.m24 != 0 || m.m34 != 0 || m.m44 != 1 {
            guard let inv = affine.inverted() else { return nil }
            // p = A⁻¹ · (fourth column of M)
            let c = (m.m14, m.m24, m.m34, m.m44)
            perspective = (inv.m11 * c.0 + inv.m12 * c.1 + inv.m13 * c.2 + inv.m14 * c.3,
                           inv.m21 * c.0 + inv.m22 * c.1 + inv.m23 * c.2 + inv.m24 * c.3,
                           inv.m31 * c.0 + inv.m32 * c.1 + inv.m33 * c.2 + inv.m34 * c.3,
                           inv.m41 * c.0 + inv.m42 * c.1 + inv.m43 * c.2 + inv.m44 * c.3)
        }

        let translation = (x: m.m41, y: m.m42, z: m.m43)

        typealias V = (Double, Double, Double)
        func len(_ v: V) -> Double { (v.0 * v.0 + v.1 * v.1 + v.2 * v.2).squareRoot() }
        func dot(_ a: V, _ b: V) -> Double { a.0 * b.0 + a.1 * b.1 + a.2 * b.2 }
        func combine(_ a: V, _ b: V, _ sa: Double, _ sb: Double) -> V {
            (a.0 * sa + b.0 * sb, a.1 * sa + b.1 * sb, a.2 * sa + b.2 * sb)
        }
        func scaled(_ a: V, _ k: Double) -> V { (a.0 * k, a.1 * k, a.2 * k) }
        func cross(_ a: V, _ b: V) -> V { (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0) }

        var r0: V = (m.m11, m.m12, m.m13), r1: V = (m.m21, m.m22, m.m23), r2: V = (m.m31, m.m32, m.m33)
        var sx = len(r0)
        guard sx != 0 else { return nil }
        r0 = scaled(r0, 1 / sx)
        var kxy = dot(r0, r1)
        r1 = combine(r1, r0, 1, -kxy)
        var sy = len(r1)
        guard sy != 0 else { return nil }
        r1 = scaled(r1, 1 / sy)
        kxy /= sy
        var kxz = dot(r0, r2)
        r2 = combine(r2, r0, 1, -kxz)
        var kyz = dot(r1, r2)
        r2 = combine(r2, r1, 1, -kyz)
        var sz = len(r2)
        guard sz != 0 else { return nil }
        r2 = scaled(r2, 1 / sz)
        kxz /= sz; kyz /= sz

        if dot(r0, cross(r1, r2)) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            r0 = scaled(r0, -1); r1 = scaled(r1, -1); r2 = scaled(r2, -1)
        }
        let rot = Transform3D(m11: r0.0, m12: r0.1, m13: r0.2, m14: 0,
                              m21: r1.0, m22: r1.1, m23: r1.2, m24: 0,
                              m31: r2.0, m32: r2.1, m33: r2.2, m34: 0,
                              m41: 0, m42: 0, m43: 0, m44: 1)
        return DecomposedTransform(translation: translation, scale: (sx, sy, sz), skew: (kxy, kxz, kyz),
                                   perspective: perspective, quaternion: Quaternion(rotationMatrix: rot))
    }

    /// Recomposes `M = A × P` from its parts (the inverse of `decomposed()`).
    public init(_ d: DecomposedTransform) {
        let r = d.quaternion.matrix
        let (sx, sy, sz) = d.scale
        let (kxy, kxz, kyz) = d.skew
        // L = S · K · R, row by row: row0 = sx·r0, row1 = sy·(r1 + kxy·r0),
        // row2 = sz·(r2 + kxz·r0 + kyz·r1).
        let r0 = (r.m11, r.m12, r.m13), r1 = (r.m21, r.m22, r.m23), r2 = (r.m31, r.m32, r.m33)
        let l0 = (sx * r0.0, sx * r0.1, sx * r0.2)
        let l1 = (sy * (r1.0 + kxy * r0.0), sy * (r1.1 + kxy * r0.1), sy * (r1.2 + kxy * r0.2))
        let l2 = (sz * (r2.0 + kxz * r0.0 + kyz * r1.0), sz * (r2.1 + kxz * r0.1 + kyz * r1.1),
                  sz * (r2.2 + kxz * r0.2 + kyz * r1.2))
        let a = Transform3D(m11: l0.0, m12: l0.1, m13: l0.2, m14: 0,
                            m21: l1.0, m22: l1.1, m23: l1.2, m24: 0,
                            m31: l2.0, m32: l2.1, m33: l2.2, m34: 0,
                            m41: d.translation.x, m42: d.translation.y, m43: d.translation.z, m44: 1)
        let p = d.perspective
        if p.x == 0 && p.y == 0 && p.z == 0 && p.w == 1 {
            self = a
        } else {
            var pm = Transform3D.identity
            pm.m14 = p.x; pm.m24 = p.y; pm.m34 = p.z; pm.m44 = p.w
            self = a.concatenating(pm)
        }
    }

    /// Interpolation by decomposition, recomposed: what Core Animation does for a whole
    /// `transform` animation. When either end has no decomposition the value switches at
    /// `t = 0.5`, as CSS specifies.
    public static func interpolate(_ a: Transform3D, _ b: Transform3D, _ t: Double) -> Transform3D {
        if a == b { return a }
        guard let da = a.decomposed(), let db = b.decomposed() else { return t < 0.5 ? a : b }
        return Transform3D(DecomposedTransform.interpolate(da, db, t))
    }

    /// A distance between transforms for paced keyframes: translation distance plus scale
    /// difference (in points at unit size) plus rotation angle; matrix entries when either
    /// cannot be decomposed.
    public static func distance(_ a: Transform3D, _ b: Transform3D) -> Double {
        guard let da = a.decomposed(), let db = b.decomposed() else {
            var s = 0.0
            for i in 0..<4 { for j in 0..<4 { let d = a[i, j] - b[i, j]; s += d * d } }
            return s.squareRoot()
        }
        let dt = ((da.translation.x - db.translation.x) * (da.translation.x - db.translation.x)
            + (da.translation.y - db.translation.y) * (da.translation.y - db.translation.y)
            + (da.translation.z - db.translation.z) * (da.translation.z - db.translation.z)).squareRoot()
        let ds = ((da.scale.x - db.scale.x) * (da.scale.x - db.scale.x)
            + (da.scale.y - db.scale.y) * (da.scale.y - db.scale.y)
            + (da.scale.z - db.scale.z) * (da.scale.z - db.scale.z)).squareRoot()
        return dt + ds + da.quaternion.angle(to: db.quaternion)
    }
}
