/// Composites a premultiplied ARGB32 bitmap through an affine map onto a premultiplied
/// ARGB32 frame — OVER, bilinear, times a constant alpha — touching only the pixels each
/// row's span of the mapped bitmap covers. pixman handles this case (a rotated, scaled
/// source) with its general per-pixel transform path; this loop steps the source
/// coordinates incrementally in 16.16 fixed point and blends two channels per operation,
/// several times faster, which is what lets kept layer bitmaps beat redrawing.
///
/// Sampling matches pixman's bilinear filter with transparent outside (pixel centres at
/// +0.5), up to rounding (±1 per channel).
enum AffineCompositor {
    /// `inverse` maps frame pixel coordinates to bitmap pixel coordinates (affine).
    /// `stride`s are in pixels. `area` is clipped to the destination by the caller.
    /// With `transparentBorder` (the source's outermost rows and columns are transparent,
    /// `LayerBitmap.hasTransparentBorder`), only the samples whose four texels lie inside
    /// the source are drawn: the others read only the border or outside, and add nothing.
    /// With a `footprint` (`LayerBitmap.footprint`), each row is cut to the samples inside
    /// it: the others read four transparent texels, and add nothing either.
    /// With `emptyCells` (`LayerBitmap.emptyCells`: `TransparentCells`' map of the source), each
    /// interior run's ends are cut where the map proves its samples empty.
    /// With `zeroPadded` (`LayerBitmap.paddingRows` rows of zeros readable above and below
    /// the source, and zeros in any stride beyond its width) and a transparent border, each
    /// row is drawn as one run, without the interior's bounds (see the row loop).
    /// `vectorized: false` resamples the interior runs with the scalar `bilinear`, and blends
    /// a translated bitmap pixel by pixel (tests compare them with the vector ones,
    /// `bilinear(top:bottom:_:_:)` and `blendFour`: the same pixels).
    static func composite(source: UnsafePointer<UInt32>, width sw: Int, height sh: Int, stride ss: Int,
                          destination: UnsafeMutablePointer<UInt32>, stride ds: Int,
                          inverse m: ProjectiveTransform, alpha: Double, area: PixelRect,
                          transparentBorder: Bool = false, footprint: BitmapFootprint? = nil,
                          emptyCells: UnsafePointer<UInt8>? = nil, zeroPadded: Bool = false, vectorized: Bool = true) {
        let alpha256 = UInt32(max(0, min(1, alpha)) * 256 + 0.5)
        guard alpha256 > 0, sw > 0, sh > 0, !area.isEmpty else { return }
        if m.a == 1 && m.b == 0 && m.c == 0 && m.d == 1 && m.tx == m.tx.rounded() && m.ty == m.ty.rounded()
            && abs(m.tx) < 1e9 && abs(m.ty) < 1e9 {
            return compositeTranslated(source: source, width: sw, height: sh, stride: ss, destination: destination,
                                       stride: ds, dx: Int(m.tx), dy: Int(m.ty), alpha256: alpha256, area: area,
                                       vectorized: vectorized)
        }
        // Source coordinates of a destination pixel centre, shifted so that integer
        // values are texel centres.
        let du = m.a, dv = m.b
        // Bounds along a row are multiplied by these rather than divided by du, dv (a bound
        // one rounding off an integer moves a row's range by a pixel whose sample is at the
        // edge of a texel outside: it weighs 0 there, and the interior run is checked on the
        // stepped coordinates themselves).
        let invDu = du == 0 ? 0 : 1 / du, invDv = dv == 0 ? 0 : 1 / dv
        let planeCount = footprint?.count ?? 0
        // The footprint's planes are widened by more than the stepped 16.16 coordinates can
        // drift from the exact ones over a row (one unit of 2⁻¹⁶ texel for the start and one
        // per step, in each coordinate): `FootprintRows`.
        let slack = 0.125 + 1.5 * Double(area.width + 2) / 65536
        let xStart = Double(area.x) + 0.5, yStart = Double(area.y) + 0.5
        let p0u = m.a * xStart + m.c * yStart + m.tx - 0.5, p0v = m.b * xStart + m.d * yStart + m.ty - 0.5
        let weights = weightTable
        // The empty-cell map's row length, and 2⁴⁸ / the larger of the two 16.16 steps along a
        // row (rounded down: the jumps it gives are never longer than the map proves).
        let cw = sw - 1
        let most = emptyCells == nil ? 0 : UInt64(max(abs(Int(du * fixOne)), abs(Int(dv * fixOne))))
        let jump = most == 0 ? UInt64(1) << 40 : (UInt64(1) << 48) / most
        /// How many samples from the one at (`u`, `v`) on are empty by the map (0 when its
        /// cell is not): the cell's k, and ⌊(k − 1) · 2¹⁶ / most⌋ more.
        @inline(__always) func emptyFrom(_ cells: UnsafePointer<UInt8>, _ u: Int, _ v: Int) -> Int {
            let k = Int(cells[(v >> 16) &* cw &+ (u >> 16)])
            return k == 0 ? 0 : 1 &+ Int(truncatingIfNeeded: (UInt64(k &- 1) &* jump) >> 32)
        }
        let stepU = Int(du * fixOne), stepV = Int(dv * fixOne)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: max(1, planeCount * 3)) { buffer in
            let rows = FootprintRows(footprint, inverse: m, area: area, slack: slack, p0u: p0u, p0v: p0v,
                                     into: buffer.baseAddress!)
            /// Draws `count` ≥ 1 samples from (`u`, `v`) on at `d`, every one of them safe to
            /// read (its four texels inside the source, or with `zeroPadded`, inside the
            /// padding), with the run's ends cut where the empty-cell map proves them empty
            /// (`emptyFrom`: a sample whose cell is k ≥ 1 from anything drawn, and the next
            /// ones towards the middle whose cells are at most k − 1 away on each axis). The
            /// samples between are all drawn (a branch on each would mispredict at every
            /// edge of a gap, costing more than the gaps save). A sample outside the map's
            /// cells reads the transparent border or the padding: it counts as one empty one.
            @inline(__always) func drawRun(_ count: Int, _ u: Int, _ v: Int, _ d: UnsafeMutablePointer<UInt32>) {
                var count = count, u = u, v = v, d = d
                if let cells = emptyCells {
                    @inline(__always) func empty(_ u: Int, _ v: Int) -> Int {
                        UInt(bitPattern: u >> 16) < UInt(cw) && UInt(bitPattern: v >> 16) < UInt(sh - 1)
                            ? emptyFrom(cells, u, v) : 1
                    }
                    while count > 0 {
                        let t = min(count, empty(u, v))
                        if t == 0 { break }
                        d += t
                        u &+= stepU &* t; v &+= stepV &* t
                        count &-= t
                    }
                    var ue = u &+ stepU &* (count &- 1), ve = v &+ stepV &* (count &- 1)
                    while count > 0 {
                        let t = min(count, empty(ue, ve))
                        if t == 0 { break }
                        ue &-= stepU &* t; ve &-= stepV &* t
                        count &-= t
                    }
                }
                guard count > 0 else { return }
                blendRun(source, ss, u, v, stepU, stepV, count, weights, alpha256, over: d)
            }
            let padded = transparentBorder && zeroPadded && vectorized
            for y in rows.from..<max(rows.from, rows.to + 1) {
                let yc = Double(y) + 0.5
                let u0 = m.a * xStart + m.c * yc + m.tx - 0.5
                let v0 = m.b * xStart + m.d * yc + m.ty - 0.5
                // The x range (relative to area.x) where −1 < u < sw and −1 < v < sh, bounded in
                // Double and converted once (⌈⌉ and ⌊⌋ are monotonic: the ceiling of the largest
                // bound is the largest of their ceilings).
                var tLo = 0.0, tHi = Double(area.width - 1), empty = false
                @inline(__always) func clip(_ p0: Double, _ dp: Double, _ invDp: Double, _ limit: Double) {
                    if dp == 0 {
                        if p0 <= -1 || p0 >= limit { empty = true }
                    } else {
                        var t0 = (-1 - p0) * invDp, t1 = (limit - p0) * invDp
                        if t0 > t1 { swap(&t0, &t1) }
                        if t0 > tLo { tLo = t0 }
                        if t1 < tHi { tHi = t1 }
                    }
                }
                clip(u0, du, invDu, Double(sw)); clip(v0, dv, invDv, Double(sh))
                let outerLo = ceiling(tLo), outerHi = floor(tHi)
                guard !empty, outerLo <= outerHi else { continue }
                /// Sample `i`'s 16.16 coordinates, stepped from `outerLo` whatever `i` is: the
                /// same samples as the full range.
                @inline(__always) func stepped(_ i: Int) -> (u: Int, v: Int) {
                    (Int((u0 + du * Double(outerLo)) * fixOne) &+ stepU &* (i - outerLo),
                     Int((v0 + dv * Double(outerLo)) * fixOne) &+ stepV &* (i - outerLo))
                }
                if padded {
                    // Every sample whose four texels lie within a texel of the source (the
                    // outer range) is safe to read — the padding's zeros above and below, the
                    // border's transparent texels beside, in the row before or after — and one
                    // that is not inside (all four texels in the source) reads only transparent
                    // texels and adds nothing. So the row's run is the whole outer range, cut
                    // to the footprint: no interior to find, no sample drawn apart.
                    var i0 = outerLo, i1 = outerHi
                    guard rows.narrow(y - area.y, u0, v0, &i0, &i1) else { continue }
                    var (u, v) = stepped(i0)
                    // The bounds are exact, the stepped coordinates within 2⁻¹⁶ texel a step of
                    // them: an end sample beyond the padding (which adds nothing) is dropped.
                    @inline(__always) func safe(_ u: Int, _ v: Int) -> Bool {
                        u >> 16 >= -1 && u >> 16 < sw && v >> 16 >= -1 && v >> 16 < sh
                    }
                    while i0 <= i1 && !safe(u, v) { i0 += 1; u &+= stepU; v &+= stepV }
                    while i0 <= i1 && !safe(u &+ stepU &* (i1 - i0), v &+ stepV &* (i1 - i0)) { i1 -= 1 }
                    guard i0 <= i1 else { continue }
                    drawRun(i1 - i0 + 1, u, v, destination + y * ds + area.x + i0)
                    continue
                }
                // The interior, where all four texels exist: 0 ≤ u < sw − 1, 0 ≤ v < sh − 1.
                var iLo = -1e9, iHi = 1e9
                @inline(__always) func clipInner(_ p0: Double, _ dp: Double, _ invDp: Double, _ limit: Double) {
                    if dp == 0 {
                        if p0 < 0 || p0 >= limit { empty = true }
                    } else {
                        var t0 = (0 - p0) * invDp, t1 = (limit - p0) * invDp
                        if t0 > t1 { swap(&t0, &t1) }
                        if t0 > iLo { iLo = t0 }
                        if t1 < iHi { iHi = t1 }
                    }
                }
                clipInner(u0, du, invDu, Double(sw - 1)); clipInner(v0, dv, invDv, Double(sh - 1))
                var lo = max(outerLo, ceiling(iLo) + 1), hi = min(outerHi, floor(iHi) - 1)
                if empty { lo = 1; hi = 0 }
                // [i0, i1]: the pixels drawn. With a transparent border, those within a pixel of
                // the interior (which `clipInner` narrows by one on each side against rounding):
                // the samples beyond read only the border or outside.
                var i0 = outerLo, i1 = outerHi
                if transparentBorder && lo <= hi { i0 = max(outerLo, lo - 2); i1 = min(outerHi, hi + 2) }
                guard rows.narrow(y - area.y, u0, v0, &i0, &i1) else { continue }
                // [a0, a1]: the interior run, read without per-pixel bounds checks.
                let a0 = lo <= hi ? max(lo, i0) : i1 + 1, a1 = lo <= hi ? min(hi, i1) : i1
                var (u, v) = stepped(i0)
                var d = destination + y * ds + area.x + i0
                var i = i0
                while i <= i1 {
                    if i == a0 && a0 <= a1 {
                        // The interior run without per-pixel bounds checks, once both of its ends
                        // are known to sample inside (u and v are linear along the run).
                        let n = a1 - a0
                        let uEnd = u &+ stepU &* n, vEnd = v &+ stepV &* n
                        if min(u, uEnd) >> 16 >= 0 && min(v, vEnd) >> 16 >= 0
                            && max(u, uEnd) >> 16 < sw - 1 && max(v, vEnd) >> 16 < sh - 1 {
                            if vectorized {
                                drawRun(n &+ 1, u, v, d)
                                d += n &+ 1
                                u &+= stepU &* (n &+ 1); v &+= stepV &* (n &+ 1)
                                i = a1 + 1
                                continue
                            }
                            for _ in 0...n {
                                let t = source + ((v >> 16) &* ss &+ (u >> 16))
                                let t0 = t[0], t1 = t[1], t2 = t[ss], t3 = t[ss &+ 1]
                                // Four transparent texels (a shape's empty corners): nothing to add.
                                // Four equal texels (inside a flat fill) resample to themselves.
                                if t0 | t1 | t2 | t3 != 0 {
                                    let p = t0 == t1 && t0 == t2 && t0 == t3 ? t0
                                        : bilinear(t0, t1, t2, t3, UInt64(truncatingIfNeeded: (u >> 8) & 0xFF),
                                                   UInt64(truncatingIfNeeded: (v >> 8) & 0xFF))
                                    blend(p, alpha256, over: d)
                                }
                                d += 1
                                u &+= stepU; v &+= stepV
                            }
                            i = a1 + 1
                            continue
                        }
                    }
                    let iu = u >> 16, iv = v >> 16
                    if transparentBorder && vectorized {
                        // Only a sample whose four texels lie inside can add anything: the
                        // others read the transparent border or outside.
                        if iu >= 0 && iv >= 0 && iu < sw - 1 && iv < sh - 1 {
                            blendSample(source, ss, u, v, weights, alpha256, over: d)
                        }
                        d += 1
                        i += 1
                        u &+= stepU; v &+= stepV
                        continue
                    }
                    let wx = UInt32((u >> 8) & 0xFF), wy = UInt32((v >> 8) & 0xFF)
                    let p00: UInt32, p01: UInt32, p10: UInt32, p11: UInt32
                    if i >= a0 && i <= a1 && iu >= 0 && iv >= 0 && iu < sw - 1 && iv < sh - 1 {
                        let t = source + iv * ss + iu
                        p00 = t[0]; p01 = t[1]; p10 = t[ss]; p11 = t[ss + 1]
                    } else {
                        @inline(__always) func texel(_ x: Int, _ y: Int) -> UInt32 {
                            (x >= 0 && y >= 0 && x < sw && y < sh) ? source[y * ss + x] : 0
                        }
                        p00 = texel(iu, iv); p01 = texel(iu + 1, iv); p10 = texel(iu, iv + 1); p11 = texel(iu + 1, iv + 1)
                    }
                    if p00 | p01 | p10 | p11 != 0 {
                        blend(bilinear(p00, p01, p10, p11, UInt64(wx), UInt64(wy)), alpha256, over: d)
                    }
                    d += 1
                    i += 1
                    u &+= stepU; v &+= stepV
                }
            }
        }
    }

    /// A footprint's half-planes as bounds on the samples of each row of `area` (rows
    /// relative to `area.y`, samples to `area.x`). A plane n·(u, v) ≤ c along a row, where
    /// (u, v) = p0 + i·d, gives i ≤ (c − n·p0) / (n·d) when n·d > 0 (an upper bound),
    /// i ≥ … when n·d < 0 (a lower one), and the whole row or nothing when n·d = 0 (a level
    /// plane). n·p0 is linear in the row (p0 moves by (m.c, m.d) a row): each bound is
    /// base + row · step, kept in the caller's buffer (3 × the planes' count of them).
    private struct FootprintRows {
        /// Uppers at [0, uppers), lowers at [lowersFrom, count), each (base, step); the
        /// level planes after 2 · count, each (nx, ny, c).
        let bounds: UnsafeMutablePointer<Double>
        let uppers: Int, lowersFrom: Int, count: Int, levels: Int
        /// The rows whose line crosses the footprint at all (absolute).
        let from: Int, to: Int

        init(_ footprint: BitmapFootprint?, inverse m: ProjectiveTransform, area: PixelRect, slack: Double,
             p0u: Double, p0v: Double, into buffer: UnsafeMutablePointer<Double>) {
            let count = footprint?.count ?? 0
            var upper = 0, lower = count, levels = 0
            for index in 0..<count {
                let p = footprint![index] // count > 0: there is one
                let nd = p.nx * m.a + p.ny * m.b
                if abs(nd) < 1e-12 {
                    let k = 2 * count + 3 * levels
                    buffer[k] = p.nx; buffer[k + 1] = p.ny; buffer[k + 2] = p.c + slack
                    levels += 1
                    continue
                }
                // Uppers fill the buffer from the front, lowers from the back.
                let k: Int
                if nd > 0 { k = upper; upper += 1 } else { lower -= 1; k = lower }
                buffer[k * 2] = (p.c + slack - p.nx * p0u - p.ny * p0v) / nd
                buffer[k * 2 + 1] = -(p.nx * m.c + p.ny * m.d) / nd
            }
            // A row r keeps a sample only where every lower plane's bound is at most every
            // upper's, base_j + r·step_j ≤ base_k + r·step_k, so each pair bounds r on one
            // side. Rows beyond a bound (by a tolerance far above the rounding of the sums
            // below: 10⁻⁹ of their terms) are rows `narrow` empties: they are left out.
            var firstRow = 0.0, lastRow = Double(area.height - 1)
            for k in 0..<upper {
                for j in lower..<count {
                    let slope = buffer[j * 2 + 1] - buffer[k * 2 + 1], gap = buffer[k * 2] - buffer[j * 2]
                    let tolerance = 1e-9 * (abs(buffer[k * 2]) + abs(buffer[j * 2])
                                            + Double(area.height) * (abs(buffer[k * 2 + 1]) + abs(buffer[j * 2 + 1])))
                    if slope > 1e-9 {
                        lastRow = min(lastRow, (gap + tolerance) / slope)
                    } else if slope < -1e-9 {
                        firstRow = max(firstRow, (gap + tolerance) / slope)
                    }
                }
            }
            bounds = buffer; uppers = upper; lowersFrom = lower; self.count = count; self.levels = levels
            from = area.y + max(0, AffineCompositor.ceiling(firstRow))
            to = area.y + min(area.height - 1, AffineCompositor.floor(lastRow))
        }

        /// Narrows [`i0`, `i1`] to row `row`'s samples inside the footprint (`u0`, `v0`: the
        /// row's first sample); false when none is left.
        @inline(__always)
        func narrow(_ row: Int, _ u0: Double, _ v0: Double, _ i0: inout Int, _ i1: inout Int) -> Bool {
            guard count > 0 else { return i0 <= i1 }
            let r = Double(row)
            var tLo = -1e9, tHi = 1e9
            var k = 0
            while k < uppers { let t = bounds[k * 2] + r * bounds[k * 2 + 1]; if t < tHi { tHi = t }; k += 1 }
            k = lowersFrom
            while k < count { let t = bounds[k * 2] + r * bounds[k * 2 + 1]; if t > tLo { tLo = t }; k += 1 }
            k = 0
            while k < levels {
                let p = bounds + 2 * count + 3 * k
                if p[0] * u0 + p[1] * v0 > p[2] { return false }
                k += 1
            }
            i0 = max(i0, AffineCompositor.ceiling(tLo)); i1 = min(i1, AffineCompositor.floor(tHi))
            return i0 <= i1
        }
    }

    /// The sample at 16.16 coordinates (`u`, `v`) — all four texels inside the source —
    /// times `alpha256`/256, OVER `*d`: `bilinear(top:bottom:_:_:)` and `blend` without a
    /// branch (the same integers: four equal texels resample to themselves, four
    /// transparent ones to 0, which leaves the destination as it is, an opaque result
    /// replaces it). Branches on the texels cost more than they save in a shape's rows,
    /// which go from transparent to edge to flat and back several times.
    @inline(__always)
    static func blendSample(_ source: UnsafePointer<UInt32>, _ ss: Int, _ u: Int, _ v: Int,
                            _ weights: UnsafePointer<SIMD8<UInt16>>, _ alpha256: UInt32,
                            over d: UnsafeMutablePointer<UInt32>) {
        let t = UnsafeRawPointer(source + ((v >> 16) &* ss &+ (u >> 16)))
        let top = t.loadUnaligned(as: UInt64.self)
        let bottom = t.loadUnaligned(fromByteOffset: ss &* 4, as: UInt64.self)
        var p = bilinearLanes(top: top, bottom: bottom, weights[(u >> 8) & 0xFF], weights[(v >> 8) & 0xFF])
        if alpha256 != 256 { p = (p &* SIMD4<UInt16>(repeating: UInt16(alpha256))) &>> 8 }
        let a = p[3]
        let k = SIMD4<UInt16>(repeating: 256 &- (a &+ (a &>> 7)))
        let q = SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(d.pointee, to: SIMD4<UInt8>.self))
        d.pointee = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: p &+ ((q &* k) &>> 8)), to: UInt32.self)
    }

    /// `count` ≥ 1 samples from (`u`, `v`) on, stepped by (`stepU`, `stepV`), each blended
    /// over the next pixel from `d` on (`blendSample`; all safe to read): two at a time by
    /// `blendSamples`, the last one alone. Two copies of the loop: one for an opaque layer
    /// (no scaling to test).
    @inline(__always)
    static func blendRun(_ source: UnsafePointer<UInt32>, _ ss: Int, _ u: Int, _ v: Int, _ stepU: Int, _ stepV: Int,
                         _ count: Int, _ weights: UnsafePointer<SIMD8<UInt16>>, _ alpha256: UInt32,
                         over d: UnsafeMutablePointer<UInt32>) {
        @inline(__always) func run(_ alpha256: UInt32) {
            var u = u, v = v, d = d, count = count
            while count >= 2 {
                blendSamples(source, ss, u, v, u &+ stepU, v &+ stepV, weights, alpha256, over: d)
                d += 2
                u &+= stepU &* 2; v &+= stepV &* 2
                count &-= 2
            }
            if count > 0 { blendSample(source, ss, u, v, weights, alpha256, over: d) }
        }
        if alpha256 == 256 { run(256) } else { run(alpha256) }
    }

    /// `blendSample` of the samples at (`u0`, `v0`) and (`u1`, `v1`) over `d[0]` and `d[1]`:
    /// the same integers, both pixels' blends in one vector (what one pixel leaves idle of
    /// the 128-bit lanes).
    @inline(__always)
    static func blendSamples(_ source: UnsafePointer<UInt32>, _ ss: Int, _ u0: Int, _ v0: Int, _ u1: Int, _ v1: Int,
                             _ weights: UnsafePointer<SIMD8<UInt16>>, _ alpha256: UInt32,
                             over d: UnsafeMutablePointer<UInt32>) {
        @inline(__always) func sample(_ u: Int, _ v: Int) -> SIMD4<UInt16> {
            let t = UnsafeRawPointer(source + ((v >> 16) &* ss &+ (u >> 16)))
            return bilinearLanes(top: t.loadUnaligned(as: UInt64.self), bottom: t.loadUnaligned(fromByteOffset: ss &* 4, as: UInt64.self),
                                 weights[(u >> 8) & 0xFF], weights[(v >> 8) & 0xFF])
        }
        var p = SIMD8<UInt16>(lowHalf: sample(u0, v0), highHalf: sample(u1, v1))
        if alpha256 != 256 { p = (p &* SIMD8<UInt16>(repeating: UInt16(alpha256))) &>> 8 }
        let a = SIMD8<UInt16>(p[3], p[3], p[3], p[3], p[7], p[7], p[7], p[7])
        let k = 256 &- (a &+ (a &>> 7))
        let raw = UnsafeMutableRawPointer(d)
        let q = widen(raw.loadUnaligned(as: UInt64.self))
        raw.storeBytes(of: narrow(p &+ ((q &* k) &>> 8)), as: UInt64.self)
    }

    /// 16.16 fixed point.
    private static let fixOne = 65536.0

    /// ⌈t⌉ and ⌊t⌋ as integers, clamped to ±1e9 (what a row's pixel range is narrowed by),
    /// without a call into libm (`rounded(.up)` is one where the build targets no SSE4.1)
    /// or a checked conversion: adding 1.5 × 2⁵² rounds a value of at most 2⁵¹ to the
    /// nearest integer, which is then in the low bits of the sum; one step corrects it.
    @inline(__always)
    static func ceiling(_ t: Double) -> Int {
        let c = t < -1e9 ? -1e9 : t > 1e9 ? 1e9 : t
        let s = c + roundingShift, r = s - roundingShift
        let i = Int(truncatingIfNeeded: s.bitPattern & 0x000F_FFFF_FFFF_FFFF) - (1 << 51)
        return r < c ? i + 1 : i
    }
    @inline(__always)
    static func floor(_ t: Double) -> Int {
        let c = t < -1e9 ? -1e9 : t > 1e9 ? 1e9 : t
        let s = c + roundingShift, r = s - roundingShift
        let i = Int(truncatingIfNeeded: s.bitPattern & 0x000F_FFFF_FFFF_FFFF) - (1 << 51)
        return r > c ? i - 1 : i
    }
    private static let roundingShift = 6_755_399_441_055_744.0

    /// An integral translation: frame pixel (x, y) is texel (x + dx, y + dy) exactly (the
    /// bilinear weights are all 0), so each row is a plain OVER of a run of texels.
    static func compositeTranslated(source: UnsafePointer<UInt32>, width sw: Int, height sh: Int, stride ss: Int,
                                    destination: UnsafeMutablePointer<UInt32>, stride ds: Int,
                                    dx: Int, dy: Int, alpha256: UInt32, area: PixelRect, vectorized: Bool = true) {
        let x0 = max(area.x, -dx), x1 = min(area.maxX, sw - dx)
        let y0 = max(area.y, -dy), y1 = min(area.maxY, sh - dy)
        guard x0 < x1, y0 < y1 else { return }
        let alpha = SIMD8<UInt16>(repeating: UInt16(alpha256))
        for y in y0 ..< y1 {
            let s = source + (y + dy) * ss + dx, d = destination + y * ds
            var x = x0
            if vectorized {
                // Four pixels a turn; four transparent texels add nothing.
                while x + 4 <= x1 {
                    let p = UnsafeRawPointer(s + x).loadUnaligned(as: SIMD8<UInt16>.self)
                    let words = unsafeBitCast(p, to: SIMD2<UInt64>.self)
                    if words[0] | words[1] != 0 { blendFour(p, alpha: alpha, over: UnsafeMutableRawPointer(d + x)) }
                    x += 4
                }
            }
            while x < x1 {
                var p = s[x]
                if p != 0 {
                    if alpha256 < 256 { p = scale(p, alpha256) }
                    let pa = p >> 24
                    d[x] = pa == 255 ? p : p &+ scale(d[x], 256 &- (pa &+ (pa >> 7)))
                }
                x += 1
            }
        }
    }

    /// Four premultiplied pixels (`p`, as loaded), each channel times `alpha`/256, over the
    /// four at `d`: what the translated path does to each pixel — the same integers — in SSE2
    /// 16-bit lanes, each pixel's B and R in one vector and G and A in another (masks and
    /// shifts, no widening). Where a scaled pixel's alpha a is 255 the destination's factor
    /// 256 − (a + a >> 7) is 0 (the pixel is stored), and where the pixel is 0 it is 256
    /// (the destination kept), so the scalar path's two shortcuts need no branch here.
    @inline(__always)
    static func blendFour(_ p: SIMD8<UInt16>, alpha: SIMD8<UInt16>, over d: UnsafeMutableRawPointer) {
        let low = SIMD8<UInt16>(repeating: 0x00FF)
        let pe = ((p & low) &* alpha) &>> 8, po = ((p &>> 8) &* alpha) &>> 8   // B, R and G, A, scaled
        let a = SIMD8<UInt16>(po[1], po[1], po[3], po[3], po[5], po[5], po[7], po[7])
        let k = 256 &- (a &+ (a &>> 7))
        let q = d.loadUnaligned(as: SIMD8<UInt16>.self)
        let qe = ((q & low) &* k) &>> 8, qo = ((q &>> 8) &* k) &>> 8
        let sum = unsafeBitCast(pe | (po &<< 8), to: SIMD4<UInt32>.self) &+ unsafeBitCast(qe | (qo &<< 8), to: SIMD4<UInt32>.self)
        d.storeBytes(of: sum, as: SIMD4<UInt32>.self)
    }

    /// Composites premultiplied `source`, scaled by `alpha256`/256, over `*d` (OVER).
    @inline(__always)
    static func blend(_ source: UInt32, _ alpha256: UInt32, over d: UnsafeMutablePointer<UInt32>) {
        let s = alpha256 < 256 ? scale(source, alpha256) : source
        let sa = s >> 24
        if sa == 255 {
            d.pointee = s
        } else if s != 0 {
            d.pointee = s &+ scale(d.pointee, 256 &- (sa &+ (sa >> 7)))
        }
    }

    /// `lerp(lerp(t0, t1, wx), lerp(t2, t3, wx), wy)` — the same integers — with each
    /// texel's four channels spread into the 16-bit lanes of a 64-bit word (`spread`): one
    /// multiply per texel and weight instead of two (no lane can carry into the next:
    /// 255 × 256 < 2¹⁶).
    @inline(__always)
    static func bilinear(_ t0: UInt32, _ t1: UInt32, _ t2: UInt32, _ t3: UInt32, _ wx: UInt64, _ wy: UInt64) -> UInt32 {
        let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
        let ix = 256 &- wx
        let top = ((spread(t0) &* ix &+ spread(t1) &* wx) >> 8) & lanes
        let bottom = ((spread(t2) &* ix &+ spread(t3) &* wx) >> 8) & lanes
        let p = ((top &* (256 &- wy) &+ bottom &* wy) >> 8) & lanes
        return UInt32(truncatingIfNeeded: p | p >> 24) // B, R from the low lanes; G, A from the high ones
    }

    /// `bilinear(t0, t1, t2, t3, wx, wy)` — the same integers — on SSE2 in 16-bit lanes:
    /// `top` holds t0 (low half) and t1, `bottom` t2 and t3; `wx`, `wy` are weight vectors
    /// from `weightTable` (256 − w in the first four lanes, w in the others). Each channel's
    /// products and sums stay below 2¹⁶ (255 × 256 at most), so no lane wraps.
    @inline(__always)
    static func bilinear(top: UInt64, bottom: UInt64, _ wx: SIMD8<UInt16>, _ wy: SIMD8<UInt16>) -> UInt32 {
        unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: bilinearLanes(top: top, bottom: bottom, wx, wy)), to: UInt32.self)
    }

    /// `bilinear(top:bottom:_:_:)`'s result with each channel in a 16-bit lane (B, G, R, A).
    @inline(__always)
    static func bilinearLanes(top: UInt64, bottom: UInt64, _ wx: SIMD8<UInt16>, _ wy: SIMD8<UInt16>) -> SIMD4<UInt16> {
        let upper = widen(top) &* wx
        let lower = widen(bottom) &* wx
        // upper: t0·(256 − wx), t1·wx; lower: t2·(256 − wx), t3·wx.
        // Lanes 0…3: lerp(t0, t1, wx); lanes 4…7: lerp(t2, t3, wx).
        let rows = (SIMD8(lowHalf: upper.lowHalf, highHalf: lower.lowHalf)
                    &+ SIMD8(lowHalf: upper.highHalf, highHalf: lower.highHalf)) &>> 8
        let weighted = rows &* wy
        return (weighted.lowHalf &+ weighted.highHalf) &>> 8
    }

    /// The eight bytes of `x` (in memory order) as 16-bit lanes: what
    /// `SIMD8<UInt16>(truncatingIfNeeded:)` gives, written lane by lane (one `punpcklbw`), which
    /// the optimizer inlines wherever it is used (the generic initializer it sometimes left as
    /// a call, with the vectors spilled around it).
    @inline(__always)
    static func widen(_ x: UInt64) -> SIMD8<UInt16> {
        let b = unsafeBitCast(x, to: SIMD8<UInt8>.self)
        return SIMD8<UInt16>(UInt16(b[0]), UInt16(b[1]), UInt16(b[2]), UInt16(b[3]),
                             UInt16(b[4]), UInt16(b[5]), UInt16(b[6]), UInt16(b[7]))
    }

    /// The low bytes of `v`'s lanes, in memory order: `SIMD8<UInt8>(truncatingIfNeeded:)`
    /// written lane by lane, for the same reason as `widen`.
    @inline(__always)
    static func narrow(_ v: SIMD8<UInt16>) -> UInt64 {
        unsafeBitCast(SIMD8<UInt8>(UInt8(truncatingIfNeeded: v[0]), UInt8(truncatingIfNeeded: v[1]),
                                   UInt8(truncatingIfNeeded: v[2]), UInt8(truncatingIfNeeded: v[3]),
                                   UInt8(truncatingIfNeeded: v[4]), UInt8(truncatingIfNeeded: v[5]),
                                   UInt8(truncatingIfNeeded: v[6]), UInt8(truncatingIfNeeded: v[7])), to: UInt64.self)
    }

    /// For each weight w in 0…255: 256 − w in lanes 0…3, w in lanes 4…7 (4 KiB, made once
    /// and kept for the process's life: read through a pointer, without an array's checks;
    /// never written after its initialisation, so any thread may read it).
    nonisolated(unsafe) static let weightTable: UnsafePointer<SIMD8<UInt16>> = {
        let table = UnsafeMutablePointer<SIMD8<UInt16>>.allocate(capacity: 256)
        for w in 0..<256 {
            table[w] = SIMD8(lowHalf: SIMD4(repeating: UInt16(256 - w)), highHalf: SIMD4(repeating: UInt16(w)))
        }
        return UnsafePointer(table)
    }()

    /// 0xAARRGGBB as 0x00AA_00GG_00RR_00BB.
    @inline(__always)
    static func spread(_ p: UInt32) -> UInt64 {
        let x = UInt64(p)
        return (x & 0x00FF_00FF) | (x & 0xFF00_FF00) << 24
    }

    /// `p × (256 − w) + q × w`, over 256, per channel (w in 0…256).
    @inline(__always)
    static func lerp(_ p: UInt32, _ q: UInt32, _ w: UInt32) -> UInt32 {
        if w == 0 || p == q { return p }
        let iw = 256 &- w
        let rb = (((p & 0x00FF00FF) &* iw &+ (q & 0x00FF00FF) &* w) >> 8) & 0x00FF00FF
        let ag = (((p >> 8) & 0x00FF00FF) &* iw &+ ((q >> 8) & 0x00FF00FF) &* w) & 0xFF00FF00
        return rb | ag
    }

    /// Every channel times `k`/256 (k in 0…256).
    @inline(__always)
    static func scale(_ p: UInt32, _ k: UInt32) -> UInt32 {
        let rb = (((p & 0x00FF00FF) &* k) >> 8) & 0x00FF00FF
        let ag = (((p >> 8) & 0x00FF00FF) &* k) & 0xFF00FF00
        return rb | ag
    }
}
