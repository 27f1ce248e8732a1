import Foundation

/// Where a bilinear sample of a layer bitmap can add anything: a convex polygon, in the
/// bitmap's texel-centre coordinates (texel (x, y) at (x, y): `AffineCompositor`'s u, v),
/// holding every sample point that reads a texel that is not transparent — given as the
/// half-planes n·p ≤ c (n a unit vector at a multiple of 22.5°) of the 16-sided polygon
/// around them that cut the most off the bitmap's own rectangle (at most `maxPlanes`: the
/// compositor evaluates each for every row it draws).
///
/// A sample at (u, v) reads texels ⌊u⌋, ⌊u⌋ + 1 and ⌊v⌋, ⌊v⌋ + 1, so one that reads texel
/// (x, y) lies in [x − 1, x + 1) × [y − 1, y + 1): the polygon holds those squares' corners
/// for each row's first and last texels that are not transparent. A shape that leaves
/// much of its bitmap empty (a star's points, a rotated glyph's corners) is resampled only
/// within it: the samples skipped read four transparent texels and add nothing, so the
/// pixels are the same.
struct BitmapFootprint: Sendable {
    /// (nx, ny, c) of each half-plane that cuts the bitmap's rectangle.
    let planes: [(nx: Double, ny: Double, c: Double)]

    /// The most half-planes kept.
    static let maxPlanes = 8

    /// The directions: unit vectors at k × 22.5°.
    static let normals: [(Double, Double)] = (0..<16).map {
        let a = Double($0) * Double.pi / 8
        return (cos(a), sin(a))
    }

    /// The footprint of a `width` × `height` bitmap from each row's first and last texel
    /// that is not transparent (`first[y]` < 0 for a transparent row); nil when it would
    /// leave out less than a tenth of the bitmap's rectangle (then it is not worth its
    /// cost per row).
    init?(width: Int, height: Int, first: [Int], last: [Int]) {
        var c = [Double](repeating: -.infinity, count: 16)
        var any = false
        for y in 0..<height where first[y] >= 0 {
            any = true
            let xs = (Double(first[y] - 1), Double(last[y] + 1)), ys = (Double(y - 1), Double(y + 1))
            for k in 0..<16 {
                let (nx, ny) = BitmapFootprint.normals[k]
                let best = max(nx * xs.0, nx * xs.1) + max(ny * ys.0, ny * ys.1)
                if best > c[k] { c[k] = best }
            }
        }
        guard any else { return nil }
        // The bitmap's rectangle of texel centres, clipped by each half-plane in turn: the
        // planes that change it are kept, and the area left says whether it is worth it.
        var polygon = [(-0.5, -0.5), (Double(width) - 0.5, -0.5), (Double(width) - 0.5, Double(height) - 0.5),
                       (-0.5, Double(height) - 0.5)]
        let full = BitmapFootprint.area(polygon)
        // Greedily, the plane that cuts the most off what is left, while it cuts at least
        // 2 % of the rectangle, 8 at most: each costs a few instructions per row drawn.
        var kept: [(nx: Double, ny: Double, c: Double)] = []
        var left = Array(0..<16)
        while kept.count < BitmapFootprint.maxPlanes {
            let now = BitmapFootprint.area(polygon)
            var best = -1, bestArea = now, bestPolygon = polygon
            for k in left {
                let clipped = BitmapFootprint.clip(polygon, BitmapFootprint.normals[k].0, BitmapFootprint.normals[k].1, c[k])
                let a = BitmapFootprint.area(clipped)
                if a < bestArea { best = k; bestArea = a; bestPolygon = clipped }
            }
            guard best >= 0, now - bestArea >= 0.02 * full else { break }
            kept.append((BitmapFootprint.normals[best].0, BitmapFootprint.normals[best].1, c[best]))
            left.removeAll { $0 == best }
            polygon = bestPolygon
        }
        guard !kept.isEmpty, BitmapFootprint.area(polygon) < 0.9 * full else { return nil }
        planes = kept
    }

    /// `polygon` (convex) cut to n·p ≤ c.
    static func clip(_ polygon: [(Double, Double)], _ nx: Double, _ ny: Double, _ c: Double) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            let dp = nx * p.0 + ny * p.1 - c, dq = nx * q.0 + ny * q.1 - c
            if dp <= 0 { out.append(p) }
            if (dp < 0 && dq > 0) || (dp > 0 && dq < 0) {
                let t = dp / (dp - dq)
                out.append((p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t))
            }
        }
        return out
    }

    static func area(_ polygon: [(Double, Double)]) -> Double {
        guard polygon.count > 2 else { return 0 }
        var s = 0.0
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            s += p.0 * q.1 - q.0 * p.1
        }
        return abs(s) / 2
    }
}
