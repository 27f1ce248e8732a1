import RenderCore

/// A 2D projective transform in Core Animation's row-vector layout: a point (x, y) of a
/// layer's plane maps to `((x·a + y·c + tx) / w, (x·b + y·d + ty) / w)` with
/// `w = x·p + y·q + s`. It is what a flattened `Transform3D` does to the z = 0 plane:
/// `a b p` is `m11 m12 m14`, `c d q` is `m21 m22 m24`, `tx ty s` is `m41 m42 m44`.
///
/// Affine exactly when `p == 0, q == 0, s == 1`; then cairo draws it directly, otherwise
/// the compositor samples through pixman's projective transforms.
struct ProjectiveTransform: Hashable, Sendable {
    var a, b, p: Double
    var c, d, q: Double
    var tx, ty, s: Double

    static let identity = ProjectiveTransform(a: 1, b: 0, p: 0, c: 0, d: 1, q: 0, tx: 0, ty: 0, s: 1)

    /// The action of `m` on the z = 0 plane.
    init(_ m: Transform3D) {
        a = m.m11; b = m.m12; p = m.m14
        c = m.m21; d = m.m22; q = m.m24
        tx = m.m41; ty = m.m42; s = m.m44
    }

    init(a: Double, b: Double, p: Double, c: Double, d: Double, q: Double, tx: Double, ty: Double, s: Double) {
        self.a = a; self.b = b; self.p = p; self.c = c; self.d = d; self.q = q; self.tx = tx; self.ty = ty; self.s = s
    }

    /// An affine transform (`x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`).
    static func affine(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) -> ProjectiveTransform {
        ProjectiveTransform(a: a, b: b, p: 0, c: c, d: d, q: 0, tx: tx, ty: ty, s: 1)
    }

    var isAffine: Bool { p == 0 && q == 0 && s == 1 }

    /// The homogeneous w of a point (positive in front of the eye).
    func w(_ x: Double, _ y: Double) -> Double { x * p + y * q + s }

    func apply(_ x: Double, _ y: Double) -> Point {
        let w = x * p + y * q + s
        let X = x * a + y * c + tx, Y = x * b + y * d + ty
        return w == 1 ? Point(x: X, y: Y) : Point(x: X / w, y: Y / w)
    }

    /// `self` first, then `t` (the row-vector product `self × t`).
    func concatenating(_ t: ProjectiveTransform) -> ProjectiveTransform {
        ProjectiveTransform(
            a: a * t.a + b * t.c + p * t.tx, b: a * t.b + b * t.d + p * t.ty, p: a * t.p + b * t.q + p * t.s,
            c: c * t.a + d * t.c + q * t.tx, d: c * t.b + d * t.d + q * t.ty, q: c * t.p + d * t.q + q * t.s,
            tx: tx * t.a + ty * t.c + s * t.tx, ty: tx * t.b + ty * t.d + s * t.ty, s: tx * t.p + ty * t.q + s * t.s)
    }

    /// The inverse (adjugate over determinant), or nil when singular.
    func inverted() -> ProjectiveTransform? {
        let A = d * s - q * ty, B = -(b * s - p * ty), P = b * q - p * d
        let C = -(c * s - q * tx), D = a * s - p * tx, Q = -(a * q - p * c)
        let TX = c * ty - d * tx, TY = -(a * ty - b * tx), S = a * d - b * c
        let det = a * A + b * C + p * TX
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return ProjectiveTransform(a: A * k, b: B * k, p: P * k, c: C * k, d: D * k, q: Q * k,
                                   tx: TX * k, ty: TY * k, s: S * k)
    }

    /// The screen bounding box of `r`'s four corners, or nil when a corner lies at or
    /// behind the eye (w ≤ 0: the layer is not drawn, as a near plane would cull it).
    func boundingBox(of r: Rect) -> Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        // The corners one by one (a loop over an array literal of them cost the render list's
        // builder about 250 instructions an item).
        func add(_ x: Double, _ y: Double) -> Bool {
            guard w(x, y) > 1e-6 else { return false }
            let pt = apply(x, y)
            guard pt.x.isFinite, pt.y.isFinite else { return false }
            minX = min(minX, pt.x); maxX = max(maxX, pt.x); minY = min(minY, pt.y); maxY = max(maxY, pt.y)
            return true
        }
        guard add(r.minX, r.minY), add(r.maxX, r.minY), add(r.maxX, r.maxY), add(r.minX, r.maxY) else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// How many screen pixels one layer point covers at most (for choosing a raster scale),
    /// from the projected edges of `r` (or of a unit square when `r` is empty).
    func maxScale(over r: Rect) -> Double {
        if isAffine {
            return max((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot())
        }
        let box = r.isEmpty ? Rect(x: 0, y: 0, width: 1, height: 1) : r
        let p0 = apply(box.minX, box.minY), p1 = apply(box.maxX, box.minY)
        let p2 = apply(box.maxX, box.maxY), p3 = apply(box.minX, box.maxY)
        let sx = max(p0.distance(to: p1), p3.distance(to: p2)) / max(box.width, 1e-9)
        let sy = max(p0.distance(to: p3), p1.distance(to: p2)) / max(box.height, 1e-9)
        let m = max(sx, sy)
        return m.isFinite ? m : 1
    }
}

/// An integer pixel rectangle (half-open: x ..< x + width).
package struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    var x, y, width, height: Int

    static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
    var isEmpty: Bool { width <= 0 || height <= 0 }
    var maxX: Int { x + width }
    var maxY: Int { y + height }
    var area: Int { isEmpty ? 0 : width * height }

    /// The smallest pixel rectangle covering `r` (rounded outwards), or empty.
    init(covering r: Rect) {
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite, !r.isEmpty else {
            self = .empty; return
        }
        let clampLo = -1e9, clampHi = 1e9
        let x0 = Int(max(clampLo, min(clampHi, r.minX.rounded(.down))))
        let y0 = Int(max(clampLo, min(clampHi, r.minY.rounded(.down))))
        let x1 = Int(max(clampLo, min(clampHi, r.maxX.rounded(.up))))
        let y1 = Int(max(clampLo, min(clampHi, r.maxY.rounded(.up))))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .empty
    }

    func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y), x1 = max(maxX, o.maxX), y1 = max(maxY, o.maxY)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    func intersects(_ o: PixelRect) -> Bool { !intersection(o).isEmpty }

    /// Grown by `n` pixels on every side.
    func insetBy(_ n: Int) -> PixelRect { PixelRect(x: x + n, y: y + n, width: width - 2 * n, height: height - 2 * n) }

    package var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
