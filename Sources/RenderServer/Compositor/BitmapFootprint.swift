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
///
/// A plain value (its planes inline, no reference): the threads drawing bands pass a
/// shared bitmap's footprint around without touching a reference count.
struct BitmapFootprint: Sendable {
    /// The half-plane n·p ≤ c.
    struct Plane: Sendable { var nx: Double, ny: Double, c: Double }

    /// How many planes the footprint has (`maxPlanes` at most).
    let count: Int
    private var stored: InlineArray<8, Plane>

    /// Plane `i` (0 ..< `count`) of the half-planes that cut the bitmap's rectangle.
    subscript(i: Int) -> Plane { stored[i] }

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
        var kept: [Plane] = []
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
            kept.append(Plane(nx: BitmapFootprint.normals[best].0, ny: BitmapFootprint.normals[best].1, c: c[best]))
            left.removeAll { $0 == best }
            polygon = bestPolygon
        }
        guard !kept.isEmpty, BitmapFootprint.area(polygon) < 0.9 * full else { return nil }
        count = kept.count
        stored = InlineArray(repeating: Plane(nx: 0, ny: 0, c: 0))
        for (i, plane) in kept.enumerated() { stored[i] = plane }
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

/// How far each sample cell of a bitmap lies from anything to draw. A bilinear sample at
/// (u, v) reads the cell of four texels (⌊u⌋, ⌊v⌋) … (⌊u⌋ + 1, ⌊v⌋ + 1); the map holds, for
/// each of the (width − 1) × (height − 1) cells, the chessboard distance to the nearest
/// cell with a texel that is not transparent — 0 for such a cell, k when every cell fewer
/// than k cells away along both axes is wholly transparent — capped at 255.
///
/// Inside its footprint a shape still leaves many cells empty (a star's notches between
/// its points: about half its samples). `AffineCompositor` cuts each row's run of samples
/// where a distance proves them empty, jumping from its ends towards its middle, instead of
/// resampling them to nothing: the same pixels. Made with the bitmap (`LayerBitmap`), which
/// owns it.
enum TransparentCells {
    /// Below this share of empty cells a map is not worth its bytes and its reads.
    static let leastEmptyShare = 0.1

    /// The map of the `width` × `height` premultiplied pixels at `pixels` (`stride` pixels a
    /// row), allocated (the caller deallocates it), row after row of `width − 1` cells; nil
    /// when the bitmap has no cell or fewer than `leastEmptyShare` of its cells are empty.
    static func distances(_ pixels: UnsafePointer<UInt32>, stride rowPixels: Int,
                          width: Int, height: Int) -> UnsafeMutablePointer<UInt8>? {
        let cw = width - 1, ch = height - 1
        guard cw > 0, ch > 0 else { return nil }
        let map = UnsafeMutablePointer<UInt8>.allocate(capacity: cw * ch)
        var empty = 0
        for y in 0..<ch {
            let top = pixels + y * rowPixels, bottom = top + rowPixels
            for x in 0..<cw {
                let drawn = top[x] | top[x + 1] | bottom[x] | bottom[x + 1] != 0
                map[y * cw + x] = drawn ? 0 : 255
                if !drawn { empty += 1 }
            }
        }
        guard Double(empty) >= leastEmptyShare * Double(cw * ch) else {
            map.deallocate()
            return nil
        }
        // Two passes over the eight neighbours (each cell one more than its nearest
        // neighbour's): the exact chessboard distance.
        @inline(__always) func relax(_ i: Int, _ x: Int, _ y: Int) {
            guard x >= 0, x < cw, y >= 0, y < ch else { return }
            let through = map[y * cw + x]
            if through < 255 && through + 1 < map[i] { map[i] = through + 1 }
        }
        for y in 0..<ch {
            for x in 0..<cw where map[y * cw + x] != 0 {
                let i = y * cw + x
                relax(i, x - 1, y); relax(i, x - 1, y - 1); relax(i, x, y - 1); relax(i, x + 1, y - 1)
            }
        }
        for y in stride(from: ch - 1, through: 0, by: -1) {
            for x in stride(from: cw - 1, through: 0, by: -1) where map[y * cw + x] != 0 {
                let i = y * cw + x
                relax(i, x + 1, y); relax(i, x + 1, y + 1); relax(i, x, y + 1); relax(i, x - 1, y + 1)
            }
        }
        return map
    }
}
