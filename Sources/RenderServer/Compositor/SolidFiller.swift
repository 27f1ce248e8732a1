import CCairo
import RenderCore

/// Fills a layer's background and border — a rounded rectangle, and the ring of
/// `borderWidth` inside its edge — through an affine map straight into the premultiplied
/// ARGB32 frame: OVER, times the layer's opacity, antialiased by area coverage. What
/// `Rasterizer.drawSolid` draws with cairo, without building paths or scan-converting
/// them: each row is cut into the run inside the background (one constant colour, blended
/// in a tight loop) and the few pixels at the edges and in the ring, whose coverage is
/// computed.
///
/// Coverage. Pixel centres are mapped to layer coordinates (u, v) relative to the bounds'
/// centre, then scaled per axis to screen pixels (the distance of a pixel from a straight
/// edge u = const is |Δu| / |∇u| exactly, whatever the rotation, scale or skew). Along the
/// straight edges the coverage is the exact area of the pixel square on the inside of the
/// edge (it depends on the edge's angle); in the corners it is a one-pixel ramp of the
/// distance to the corner's arc (an ellipse of radii r·kx, r·ky in the scaled space, its
/// distance taken to first order: exact for rotations and uniform scales, close otherwise). With background and
/// border both, a pixel is `inner × background + (outer − inner) × (border over
/// background)`, then times the opacity: what a group would give, as `drawSolid` does.
///
/// Results agree with cairo's to within a few levels per channel on edges, exactly inside.
///
/// Thread affinity: none (pure function of its arguments; writes only `destination`).
enum SolidFiller {
    /// What a fill reads of a solid layer's content: its bounds, colours, border and corners.
    struct Style {
        var bounds: Rect
        var backgroundColor: Color
        var borderColor: Color
        var borderWidth: Double
        var cornerRadius: Double
        /// The border is drawn with the background (`borderInContent && hasBorder`).
        var drawsBorder: Bool

        /// The style of the content at `c`, read in place.
        @inline(__always)
        init(_ c: UnsafePointer<LayerContent>) {
            bounds = c.pointee.bounds; backgroundColor = c.pointee.backgroundColor; borderColor = c.pointee.borderColor
            borderWidth = c.pointee.borderWidth; cornerRadius = c.pointee.cornerRadius
            drawsBorder = c.pointee.borderInContent && LayerContent.hasBorder(c)
        }

        init(_ c: LayerContent) { self = withUnsafePointer(to: c) { Style($0) } }
    }

    /// A rounded box in the scaled space: half sizes and the corners' radii along each
    /// axis (a layer's circular corner is an ellipse there when the scale is not uniform),
    /// screen pixels.
    struct Box {
        let hx: Double, hy: Double, rx: Double, ry: Double
        /// 1 / rx and 1 / ry (0 for square corners).
        let irx: Double, iry: Double
        /// The straight edges' antialiasing: the pixel square projected on each edge's
        /// normal is a trapezoid over [−w2, w2], flat over [−w1, w1] (see `coverage`).
        let ex: Edge, ey: Edge

        init(hx: Double, hy: Double, rx: Double, ry: Double, ex: Edge, ey: Edge) {
            self.hx = hx; self.hy = hy; self.rx = rx; self.ry = ry; self.ex = ex; self.ey = ey
            irx = rx > 1e-9 ? 1 / rx : 0; iry = ry > 1e-9 ? 1 / ry : 0
        }

        /// The share of the pixel centred at (x, y) (scaled space) inside the box, 0…1.
        @inline(__always)
        func coverage(_ x: Double, _ y: Double) -> Double {
            let qx = abs(x) - (hx - rx), qy = abs(y) - (hy - ry)
            if qx > 0 && qy > 0 {
                // A square corner: the two edges' coverages multiplied.
                guard rx > 1e-9 && ry > 1e-9 else {
                    return ex.coverage(inside: hx - abs(x)) * ey.coverage(inside: hy - abs(y))
                }
                // Distance to the corner's ellipse, to first order: f / |∇f|, ramped over
                // one pixel: 0.5 − f / (2 |∇f/2|). Wholly in or out (|f| ≥ |∇f/2|) is decided
                // on squares, without the square root and the division (slow, and in
                // corner rows one after the other).
                let ex = qx * irx, ey = qy * iry
                let f = ex * ex + ey * ey - 1
                let gx = ex * irx, gy = ey * iry
                let g2 = gx * gx + gy * gy
                if f * f >= g2 { return f > 0 ? 0 : 1 }
                return min(1, max(0, 0.5 - f / (2 * g2.squareRoot())))
            }
            return qx > qy ? ex.coverage(inside: hx - abs(x)) : ey.coverage(inside: hy - abs(y))
        }

        /// Whether a pixel already known to lie w2 inside both pairs of straight edges
        /// (the slabs) is wholly inside: only the corners can still cut it (the test of
        /// `coverage` ≥ 1 on squares: f ≤ 0 and f² ≥ |∇f/2|²).
        @inline(__always)
        func coversWithinSlabs(_ x: Double, _ y: Double) -> Bool {
            let qx = abs(x) - (hx - rx), qy = abs(y) - (hy - ry)
            guard qx > 0 && qy > 0 else { return true }
            guard rx > 1e-9 && ry > 1e-9 else { return coverage(x, y) >= 1 }
            let ex = qx * irx, ey = qy * iry
            let f = ex * ex + ey * ey - 1
            let gx = ex * irx, gy = ey * iry
            return f <= 0 && f * f >= gx * gx + gy * gy
        }
    }

    /// The area of a unit pixel square on the inside of a straight edge, from the signed
    /// distance of its centre (screen pixels, positive inside) and the edge normal's angle.
    struct Edge {
        let w1: Double, w2: Double, invB: Double, inv2AB: Double
        /// `nx`, `ny`: the edge's unit normal in screen pixels.
        init(nx: Double, ny: Double) {
            let a = min(abs(nx), abs(ny)), b = max(abs(nx), abs(ny))
            w1 = (b - a) / 2; w2 = (a + b) / 2
            invB = b > 0 ? 1 / b : 1
            inv2AB = a > 1e-9 ? 1 / (2 * a * b) : 0
        }

        /// Branch-light: both pieces are computed and one is selected (edge pixels are
        /// where branches mispredict).
        @inline(__always)
        func coverage(inside t: Double) -> Double {
            let at = abs(t)
            let s = max(0, w2 - at)
            let tail = s * s * inv2AB
            let quadratic = t > 0 ? 1 - tail : tail
            let linear = 0.5 + t * invB
            return min(1, max(0, at <= w1 ? linear : quadratic))
        }
    }

    /// Fills the background and border of a solid content (`LayerContent.isSolid`; `c` is
    /// its `Style`) into `destination` within `area` (clipped to the frame by the caller).
    /// False when `world` is not an invertible affine map (the caller draws with cairo then).
    /// `rowSpans: false` computes every edge pixel's coverage, and every row's ranges, on
    /// its own (tests compare it with the spans and the ranges taken once of axis-aligned
    /// and vertically sheared layers: the same pixels).
    static func fill(_ c: Style, world: ProjectiveTransform, alpha: Double,
                     destination: UnsafeMutablePointer<UInt32>, stride ds: Int, area: PixelRect,
                     rowSpans: Bool = true) -> Bool {
        guard world.isAffine, let inv = world.inverted() else { return false }
        let b = c.bounds
        guard !b.isEmpty, !area.isEmpty else { return true }
        let opacity = max(0, min(1, alpha))
        let hasBackground = c.backgroundColor.alpha > 0, hasBorder = c.drawsBorder
        guard opacity > 0, hasBackground || hasBorder else { return true }

        // Screen pixels per layer unit across each family of edges.
        let gu = (inv.a * inv.a + inv.c * inv.c).squareRoot(), gv = (inv.b * inv.b + inv.d * inv.d).squareRoot()
        guard gu > 1e-12, gv > 1e-12, gu.isFinite, gv.isFinite else { return false }
        let kx = 1 / gu, ky = 1 / gv
        let edgeX = Edge(nx: inv.a * kx, ny: inv.c * kx), edgeY = Edge(nx: inv.b * ky, ny: inv.d * ky)

        let hx = abs(b.width) / 2, hy = abs(b.height) / 2
        let radius = max(0, min(c.cornerRadius, min(hx, hy)))
        let outer = Box(hx: hx * kx, hy: hy * ky, rx: radius * kx, ry: radius * ky, ex: edgeX, ey: edgeY)
        let w = hasBorder ? min(c.borderWidth, min(hx, hy)) : 0
        let ihx = hx - w, ihy = hy - w, ir = max(0, min(radius - w, min(ihx, ihy)))
        let inner = Box(hx: ihx * kx, hy: ihy * ky, rx: ir * kx, ry: ir * ky, ex: edgeX, ey: edgeY)
        let innerEmpty = ihx <= 0 || ihy <= 0

        // Premultiplied colours (0…255) times the opacity: inside, and in the ring.
        func premultiplied(_ k: Color) -> (Double, Double, Double, Double) {
            let a = k.alpha * opacity * 255
            return (k.blue * a, k.green * a, k.red * a, a)
        }
        let zero = (0.0, 0.0, 0.0, 0.0)
        let inside = hasBackground ? premultiplied(c.backgroundColor) : zero
        var ring = zero
        if hasBorder {
            let bd = premultiplied(c.borderColor), k = 1 - c.borderColor.alpha
            ring = (bd.0 + inside.0 * k, bd.1 + inside.1 * k, bd.2 + inside.2 * k, bd.3 + inside.3 * k)
        }
        let insidePacked = pack(inside.0, inside.1, inside.2, inside.3)
        let ringPacked = pack(ring.0, ring.1, ring.2, ring.3)

        let cx = b.minX + b.width / 2, cy = b.minY + b.height / 2
        // Scaled coordinates of pixel centre (area.x, y) and their steps along a row.
        let dU = inv.a * kx, dV = inv.b * ky
        let iU = abs(dU) < 1e-12 ? 0 : 1 / dU, iV = abs(dV) < 1e-12 ? 0 : 1 / dV
        let x0 = Double(area.x) + 0.5
        // Beyond w2 of a straight edge a pixel is wholly out (or in); corners only cut in.
        let mx = edgeX.w2 + 1e-6, my = edgeY.w2 + 1e-6
        let twoShapes = hasBorder && !innerEmpty
        // The middle rows of an axis-aligned layer (u along the row the same in every row,
        // v constant in each): rows more than the corners' radii and an edge's antialiasing
        // (w2, plus a pixel) inside the top and bottom edges of both shapes. Every coverage,
        // span and run there is a function of u alone (`coverage` takes the straight
        // edges' branch, and the one it takes is 1 wherever v would matter), so the first
        // such row's blends are recorded and the others repeat them.
        let axisAligned = rowSpans && inv.b == 0 && inv.c == 0
        let margin = max(edgeX.w2, edgeY.w2) + 1
        let middle = min(outer.hy - outer.ry, twoShapes ? inner.hy - inner.ry : .infinity) - margin
        // The recorded row: each blended pixel's offset (high 32 bits) and colour; runs apart.
        let recordCapacity = axisAligned && middle > 0 ? area.width : 0
        // The u half of each slab depends on the row only through U0, which is the same in
        // every row where v does not feed u (inv.c = 0: the layer is not rotated or skewed, as
        // a moving or scaling one): then each is taken once, on the whole row, and a row
        // narrows its ranges by them (max and min, what `slab` does; where a range comes out
        // empty only that it is empty matters) — the same pixels.
        let fixedU = rowSpans && inv.c == 0
        @inline(__always) func wholeRow(_ limit: Double) -> (lo: Int, hi: Int) {
            var lo = 0, hi = area.width - 1
            if fixedU { slab((inv.a * x0 + inv.tx - cx) * kx, dU, iU, limit, &lo, &hi) }
            return (lo, hi)
        }
        let outerReach = wholeRow(outer.hx + mx), outerCover = wholeRow(outer.hx - mx)
        let innerReach = wholeRow(inner.hx + mx), innerCover = wholeRow(inner.hx - mx)
        let outerStraight = wholeRow(outer.hx - outer.rx), innerStraight = wholeRow(inner.hx - inner.rx)
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(1, recordCapacity)) { recorded in
        var recordedCount = 0, recorded0 = (start: 0, count: 0, color: UInt32(0)), recorded1 = recorded0
        var haveRecord = false
        for y in area.y ..< area.maxY {
            let yc = Double(y) + 0.5
            let U0 = (inv.a * x0 + inv.c * yc + inv.tx - cx) * kx
            let V0 = (inv.b * x0 + inv.d * yc + inv.ty - cy) * ky
            let recording = recordCapacity > 0 && abs(V0) <= middle
            if recording && haveRecord {
                let row = destination + y * ds + area.x
                for k in 0 ..< recordedCount {
                    blend(row + Int(recorded[k] >> 32), UInt32(truncatingIfNeeded: recorded[k]))
                }
                if recorded0.count > 0 { run(row + recorded0.start, count: recorded0.count, recorded0.color) }
                if recorded1.count > 0 { run(row + recorded1.start, count: recorded1.count, recorded1.color) }
                continue
            }
            if recording { haveRecord = true; recordedCount = 0; recorded0.count = 0; recorded1.count = 0 }
            @inline(__always) func blendAt(_ row: UnsafeMutablePointer<UInt32>, _ i: Int, _ color: UInt32) {
                blend(row + i, color)
                if recording { recorded[recordedCount] = UInt64(i) << 32 | UInt64(color); recordedCount += 1 }
            }
            @inline(__always) func u(_ i: Int) -> Double { U0 + dU * Double(i) }
            @inline(__always) func v(_ i: Int) -> Double { V0 + dV * Double(i) }
            /// `slab(U0, dU, iU, limit, &lo, &hi)`, through `whole` (`wholeRow(limit)`) when U0 is fixed.
            @inline(__always) func uSlab(_ limit: Double, _ whole: (lo: Int, hi: Int), _ lo: inout Int, _ hi: inout Int) {
                if fixedU { lo = max(lo, whole.lo); hi = min(hi, whole.hi) } else { slab(U0, dU, iU, limit, &lo, &hi) }
            }
            // [lo, hi]: pixels the outer shape may touch; [oa, oz]: those it covers wholly.
            var lo = 0, hi = area.width - 1
            uSlab(outer.hx + mx, outerReach, &lo, &hi); slab(V0, dV, iV, outer.hy + my, &lo, &hi)
            guard lo <= hi else { continue }
            var oa = lo, oz = hi
            uSlab(outer.hx - mx, outerCover, &oa, &oz); slab(V0, dV, iV, outer.hy - my, &oa, &oz)
            while oa <= oz && !outer.coversWithinSlabs(u(oa), v(oa)) { oa += 1 }
            while oz >= oa && !outer.coversWithinSlabs(u(oz), v(oz)) { oz -= 1 }
            // [ia, iz]: pixels the inner shape may touch; [a, z]: those it covers wholly
            // (the background's constant run; skipped when there is no background).
            var ia = lo, iz = hi, a = oa, z = oz
            if twoShapes {
                uSlab(inner.hx + mx, innerReach, &ia, &iz); slab(V0, dV, iV, inner.hy + my, &ia, &iz)
                uSlab(inner.hx - mx, innerCover, &a, &z); slab(V0, dV, iV, inner.hy - my, &a, &z)
                while a <= z && !inner.coversWithinSlabs(u(a), v(a)) { a += 1 }
                while z >= a && !inner.coversWithinSlabs(u(z), v(z)) { z -= 1 }
            } else if hasBorder {
                ia = hi + 1; iz = hi; a = hi + 1; z = hi
            }
            // An axis-aligned layer (v constant along the row) in a row with no background
            // run — its top and bottom edges and border: between the corners, [ca, cz], each
            // shape's coverage is its horizontal edge's, the same for every pixel (what
            // `coverage` gives there), so the span is one colour blended as a run.
            var ca = hi + 1, cz = hi, spanColor: UInt32 = 0
            if rowSpans && dV == 0 && a > z {
                ca = lo; cz = hi
                uSlab(outer.hx - outer.rx, outerStraight, &ca, &cz)
                if twoShapes { uSlab(inner.hx - inner.rx, innerStraight, &ca, &cz) }
                let av = abs(V0)
                var ko = -1, ki = 0
                if av > outer.hy - outer.ry {
                    ko = level(outer.ey.coverage(inside: outer.hy - av))
                } else if ca >= oa && cz <= oz {
                    ko = 256
                }
                if twoShapes && ko >= 0 {
                    if ia > iz {
                        ki = 0
                    } else if av > inner.hy - inner.ry {
                        ki = min(ko, level(inner.ey.coverage(inside: inner.hy - av)))
                    } else {
                        ko = -1 // the inner shape's coverage varies along this row
                    }
                }
                if ko < 0 {
                    ca = hi + 1
                } else if !hasBorder {
                    spanColor = ko == 256 ? insidePacked : scaleRounded(insidePacked, UInt32(ko))
                } else if ko == 256 && ki == 0 {
                    spanColor = ringPacked
                } else {
                    spanColor = AffineCompositor.scale(insidePacked, UInt32(ki)) &+ scaleRounded(ringPacked, UInt32(ko - ki))
                }
            }
            let row = destination + y * ds + area.x
            var i = lo
            while i <= hi {
                if i == a && a <= z {
                    if hasBackground {
                        run(row + a, count: z - a + 1, insidePacked)
                        if recording { recorded0 = (a, z - a + 1, insidePacked) }
                    }
                    i = z + 1
                    continue
                }
                if i == ca && ca <= cz {
                    run(row + ca, count: cz - ca + 1, spanColor)
                    if recording { recorded1 = (ca, cz - ca + 1, spanColor) }
                    i = cz + 1
                    continue
                }
                // Coverages in 256ths: the pixel is the packed colours scaled in integers
                // (one rounding per colour instead of four checked Double conversions).
                let ko = i >= oa && i <= oz ? 256 : level(outer.coverage(u(i), v(i)))
                if ko > 0 {
                    if !hasBorder {
                        blendAt(row, i, ko == 256 ? insidePacked : scaleRounded(insidePacked, UInt32(ko)))
                    } else {
                        let ki = i >= ia && i <= iz ? min(ko, level(inner.coverage(u(i), v(i)))) : 0
                        if ko == 256 && ki == 0 {
                            blendAt(row, i, ringPacked)
                        } else {
                            // ki ≤ ko ≤ 256: truncating one term and rounding the other keeps
                            // every channel within 0…255 and at most the pixel's alpha.
                            blendAt(row, i, AffineCompositor.scale(insidePacked, UInt32(ki))
                                    &+ scaleRounded(ringPacked, UInt32(ko - ki)))
                        }
                    }
                }
                i += 1
            }
        }
        return true
        }
    }

    /// Narrows [lo, hi] (pixel offsets along a row) to where |p0 + dp·i| < limit;
    /// `invDp` is 1/dp (a multiplication per bound instead of a division).
    @inline(__always)
    static func slab(_ p0: Double, _ dp: Double, _ invDp: Double, _ limit: Double, _ lo: inout Int, _ hi: inout Int) {
        if abs(dp) < 1e-12 {
            if !(abs(p0) < limit) { lo = hi + 1 }
            return
        }
        var t0 = (-limit - p0) * invDp, t1 = (limit - p0) * invDp
        if t0 > t1 { swap(&t0, &t1) }
        guard t0.isFinite, t1.isFinite else { lo = hi + 1; return }
        lo = max(lo, ceiling(max(-1e9, min(1e9, t0))))
        hi = min(hi, floor(max(-1e9, min(1e9, t1))))
    }

    /// ⌈t⌉ and ⌊t⌋ for |t| ≤ 1e9, without a call into libm (`rounded(.up)` is one where
    /// the build targets no SSE4.1): truncation, then one step.
    @inline(__always)
    static func ceiling(_ t: Double) -> Int { let i = Int(t); return Double(i) < t ? i + 1 : i }
    @inline(__always)
    static func floor(_ t: Double) -> Int { let i = Int(t); return Double(i) > t ? i - 1 : i }

    /// A coverage 0…1 in 256ths, rounded (to even at halves): adding 1.5 × 2⁵² leaves the
    /// rounded integer in the low bits of the sum — no checked conversion, which Swift's
    /// `Int(_: Double)` is (it traps on NaN and out-of-range values; coverages are neither).
    @inline(__always)
    static func level(_ coverage: Double) -> Int {
        Int(truncatingIfNeeded: (coverage * 256 + 6_755_399_441_055_744).bitPattern & 0x3FF)
    }

    /// Every channel of `p` times `k`/256 (k in 0…256), rounded to nearest.
    @inline(__always)
    static func scaleRounded(_ p: UInt32, _ k: UInt32) -> UInt32 {
        let rb = (((p & 0x00FF00FF) &* k &+ 0x0080_0080) >> 8) & 0x00FF00FF
        let ag = (((p >> 8) & 0x00FF00FF) &* k &+ 0x0080_0080) & 0xFF00FF00
        return rb | ag
    }

    @inline(__always)
    static func pack(_ b: Double, _ g: Double, _ r: Double, _ a: Double) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32(max(0, min(255, v + 0.5))) }
        return byte(a) << 24 | byte(r) << 16 | byte(g) << 8 | byte(b)
    }

    /// `s` OVER the pixel (premultiplied).
    @inline(__always)
    static func blend(_ d: UnsafeMutablePointer<UInt32>, _ s: UInt32) {
        let sa = s >> 24
        if sa == 255 { d.pointee = s; return }
        if s == 0 { return }
        d.pointee = s &+ AffineCompositor.scale(d.pointee, 256 &- (sa &+ (sa >> 7)))
    }

    /// `s` OVER `count` pixels.
    @inline(__always)
    static func run(_ d: UnsafeMutablePointer<UInt32>, count: Int, _ s: UInt32) {
        let sa = s >> 24
        if sa == 255 { d.update(repeating: s, count: count); return }
        if s == 0 { return }
        let k = 256 &- (sa &+ (sa >> 7))
        // Four pixels at a time in 16-bit lanes (one multiply per channel, what SSE2 does
        // well), then the rest one by one; the same arithmetic as `AffineCompositor.scale`.
        let raw = UnsafeMutableRawPointer(d)
        let kv = SIMD8<UInt16>(repeating: UInt16(k))
        let sv = SIMD4<UInt32>(repeating: s).unsafeBitCastToBytes
        var j = 0
        while j + 4 <= count {
            let p = raw.loadUnaligned(fromByteOffset: j * 4, as: SIMD16<UInt8>.self)
            let lo = (SIMD8<UInt16>(truncatingIfNeeded: p.lowHalf) &* kv) &>> 8
            let hi = (SIMD8<UInt16>(truncatingIfNeeded: p.highHalf) &* kv) &>> 8
            let out = SIMD16<UInt8>(lowHalf: SIMD8<UInt8>(truncatingIfNeeded: lo),
                                    highHalf: SIMD8<UInt8>(truncatingIfNeeded: hi)) &+ sv
            raw.storeBytes(of: out, toByteOffset: j * 4, as: SIMD16<UInt8>.self)
            j += 4
        }
        while j < count { d[j] = s &+ AffineCompositor.scale(d[j], k); j += 1 }
    }
}

extension BandPainter {
    /// A solid layer (`LayerContent.isSolid`) filled by `SolidFiller` straight into the
    /// frame within `area`; false when it cannot be (then `drawSolid` draws it with cairo).
    /// Only where nothing encloses the layer (no group, no clip path): `nesting == 0`.
    func fillSolidDirect(_ item: RenderItem, alpha: Double, area: PixelRect) -> Bool {
        let clipped = area.intersection(display)
        guard item.world.isAffine, let dst = cairo_data(surface) else { return false }
        guard !clipped.isEmpty else { return true }
        cairo_surface_flush(surface)
        guard SolidFiller.fill(item.contents.solidStyle(item.stored.contentID), world: item.world, alpha: alpha,
                               destination: dst.assumingMemoryBound(to: UInt32.self), stride: cairo_stride(surface) / 4,
                               area: clipped) else { return false }
        cairo_surface_mark_dirty_rectangle(surface, Int32(clipped.x), Int32(clipped.y), Int32(clipped.width),
                                           Int32(clipped.height))
        return true
    }
}

extension SIMD4 where Scalar == UInt32 {
    /// The four words' bytes in memory order (little-endian: B, G, R, A of each pixel).
    var unsafeBitCastToBytes: SIMD16<UInt8> { unsafeBitCast(self, to: SIMD16<UInt8>.self) }
}
