import CCairo
import Foundation
import RenderCore
import Testing
@testable import RenderServer

/// A bitmap's footprint (`BitmapFootprint`) leaves out only samples that add nothing: the
/// compositor draws the same pixels with it as without it.
@Suite struct BitmapFootprintTests {
    /// A five-pointed star with soft edges in a 41 × 39 bitmap (most of its corners
    /// transparent), premultiplied.
    static func star() -> (pixels: [UInt32], width: Int, height: Int) {
        let (w, h) = (41, 39)
        let cx = 20.3, cy = 19.6
        var out = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w {
            let dx = Double(x) - cx, dy = Double(y) - cy
            let r = (dx * dx + dy * dy).squareRoot(), angle = atan2(dy, dx)
            // The star's radius at this angle: 17 at the points, 7 between them.
            let k = abs(((angle / (2 * Double.pi / 5)).truncatingRemainder(dividingBy: 1) + 1).truncatingRemainder(dividingBy: 1) - 0.5) * 2
            let edge = 7 + 10 * k
            let coverage = max(0, min(1, edge - r + 0.5))
            guard coverage > 0 else { continue }
            let a = UInt32(coverage * 255), red = a * UInt32(30 + x * 4) / 255, green = a * UInt32(200 - y * 3) / 255
            out[y * w + x] = a << 24 | red << 16 | green << 8 | a / 4
        } }
        return (out, w, h)
    }

    @Test func aStarLeavesOutItsEmptyCorners() throws {
        let (pixels, w, h) = Self.star()
        let footprint = try #require(Self.footprint(pixels, w, h))
        #expect(footprint.count > 0 && footprint.count <= BitmapFootprint.maxPlanes)
        // Every texel that is not transparent, and the samples around it, lie inside.
        for y in 0..<h { for x in 0..<w where pixels[y * w + x] != 0 {
            for (px, py) in [(Double(x) - 0.99, Double(y) - 0.99), (Double(x) + 0.99, Double(y) + 0.99),
                             (Double(x) - 0.99, Double(y) + 0.99), (Double(x) + 0.99, Double(y) - 0.99)] {
                #expect((0..<footprint.count).allSatisfy { footprint[$0].nx * px + footprint[$0].ny * py <= footprint[$0].c + 1e-9 },
                        "(\(px), \(py))")
            }
        } }
        // A full rectangle has none worth having.
        #expect(BitmapFootprint(width: 10, height: 8, first: Array(repeating: 0, count: 8),
                                last: Array(repeating: 9, count: 8)) == nil)
    }

    /// At many rotations, scales, sub-pixel offsets and opacities, with and without a
    /// transparent border, and in areas cut as bands cut them.
    @Test func theCompositorDrawsTheSamePixelsWithAFootprint() throws {
        let (pixels, w, h) = Self.star()
        let footprint = try #require(Self.footprint(pixels, w, h))
        let (dw, dh) = (96, 90)
        var drawn = 0
        for k in 0..<40 {
            let (inverse, angle, sx, sy) = try Self.placement(k)
            let area = k % 3 == 0 ? PixelRect(x: 7, y: 30, width: 80, height: 23) : PixelRect(x: 0, y: 0, width: dw, height: dh)
            let alpha = k % 4 == 1 ? 0.6 : 1
            func draw(_ footprint: BitmapFootprint?, border: Bool) -> [UInt32] {
                var out = [UInt32](repeating: 0xFF30_6090, count: dw * dh)
                pixels.withUnsafeBufferPointer { s in
                    out.withUnsafeMutableBufferPointer { d in
                        AffineCompositor.composite(source: s.baseAddress!, width: w, height: h, stride: w,
                                                   destination: d.baseAddress!, stride: dw, inverse: inverse, alpha: alpha,
                                                   area: area, transparentBorder: border, footprint: footprint)
                    }
                }
                return out
            }
            for border in [false, true] {
                let plain = draw(nil, border: border)
                if plain.contains(where: { $0 != 0xFF30_6090 }) { drawn += 1 }
                let cut = draw(footprint, border: border)
                let differing = zip(cut, plain).filter { $0 != $1 }.count
                #expect(differing == 0, "case \(k) (border \(border)): angle \(angle), scale \(sx)×\(sy): \(differing) pixels differ")
            }
        }
        #expect(drawn > 60)
    }

    /// `TransparentCells`' map is each cell's chessboard distance to the nearest cell that
    /// reads a texel that is not transparent (capped at 255), computed here by brute force:
    /// for the star, for scattered dots, and for a bitmap with one drawn texel (distances
    /// beyond the cap).
    @Test func theEmptyCellMapHoldsChessboardDistances() throws {
        var dots = [UInt32](repeating: 0, count: 57 * 23)
        for i in stride(from: 5, to: dots.count, by: 97) { dots[i] = 0x8000_0000 }
        var lone = [UInt32](repeating: 0, count: 300 * 4)
        lone[2 * 300 + 3] = 0xFF00_FF00
        let star = Self.star()
        for (pixels, w, h) in [(star.pixels, star.width, star.height), (dots, 57, 23), (lone, 300, 4)] {
            let map = try #require(pixels.withUnsafeBufferPointer {
                TransparentCells.distances($0.baseAddress!, stride: w, width: w, height: h)
            })
            defer { map.deallocate() }
            let cw = w - 1, ch = h - 1
            var drawn: [(Int, Int)] = []
            for y in 0..<ch { for x in 0..<cw
                where pixels[y * w + x] | pixels[y * w + x + 1] | pixels[y * w + w + x] | pixels[y * w + w + x + 1] != 0 {
                drawn.append((x, y))
            } }
            var wrong = 0
            for y in 0..<ch { for x in 0..<cw {
                let nearest = drawn.map { max(abs($0.0 - x), abs($0.1 - y)) }.min() ?? 255
                if Int(map[y * cw + x]) != min(255, nearest) { wrong += 1 }
            } }
            #expect(wrong == 0, "\(w)×\(h): \(wrong) cells wrong")
        }
        // A bitmap with no empty cell has no map.
        let full = [UInt32](repeating: 0xFF20_4060, count: 30 * 20)
        #expect(full.withUnsafeBufferPointer { TransparentCells.distances($0.baseAddress!, stride: 30, width: 30, height: 20) } == nil)
    }

    /// Cutting runs where the map proves cells empty draws the same pixels as resampling every
    /// sample, at the placements of `theCompositorDrawsTheSamePixelsWithAFootprint`, plus
    /// shrinking ones (steps of several texels: long jumps), with and without the footprint.
    @Test func theCompositorDrawsTheSamePixelsJumpingEmptyCells() throws {
        let (pixels, w, h) = Self.star()
        let footprint = try #require(Self.footprint(pixels, w, h))
        let map = try Self.emptyCells(pixels, w, h)
        defer { map.deallocate() }
        let (dw, dh) = (96, 90)
        var jumped = 0
        for k in 0..<52 {
            let (inverse, angle, sx, sy, area) = try Self.placementOrShrunk(k, dw, dh)
            let alpha = k % 4 == 1 ? 0.6 : 1
            func draw(_ footprint: BitmapFootprint?, cells: UnsafePointer<UInt8>?) -> [UInt32] {
                var out = [UInt32](repeating: 0xFF30_6090, count: dw * dh)
                pixels.withUnsafeBufferPointer { s in
                    out.withUnsafeMutableBufferPointer { d in
                        AffineCompositor.composite(source: s.baseAddress!, width: w, height: h, stride: w,
                                                   destination: d.baseAddress!, stride: dw, inverse: inverse, alpha: alpha,
                                                   area: area, transparentBorder: true, footprint: footprint, emptyCells: cells)
                    }
                }
                return out
            }
            for fp in [nil, footprint] {
                let plain = draw(fp, cells: nil)
                let skipping = draw(fp, cells: UnsafePointer(map))
                let differing = zip(skipping, plain).filter { $0 != $1 }.count
                #expect(differing == 0, "case \(k): angle \(angle), scale \(sx)×\(sy): \(differing) pixels differ")
                if plain.contains(where: { $0 != 0xFF30_6090 }) { jumped += 1 }
            }
        }
        #expect(jumped > 90)
    }

    /// A star shape's bitmap gets a map of its empty cells, counted in its bytes; an opaque
    /// rectangle's gets none.
    @Test func aShapesBitmapMapsItsEmptyCells() throws {
        var star = Path()
        star.move(to: Point(20, 0)); star.addLine(to: Point(30, 40)); star.addLine(to: Point(0, 15))
        star.addLine(to: Point(40, 15)); star.addLine(to: Point(10, 40)); star.closeSubpath()
        var p = LayerProperties()
        p.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        p.path = star
        p.fillColor = Color(red: 1, green: 0.8, blue: 0.1)
        let shape = LayerContent(kind: .shape, p, hasSublayers: false)
        let b = try #require(LayerBitmap.render(shape, scale: 1))
        #expect(b.emptyCells != nil)
        let padded = b.width * (b.height + 2 * LayerBitmap.paddingRows) * 4
        #expect(b.byteCount == padded + (b.width - 1) * (b.height - 1))
        var q = LayerProperties()
        q.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        q.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.6)
        let square = LayerContent(kind: .layer, q, hasSublayers: false)
        let s = try #require(LayerBitmap.render(square, scale: 1))
        #expect(s.emptyCells == nil && s.byteCount == s.width * (s.height + 2 * LayerBitmap.paddingRows) * 4)
    }

    /// Every bitmap a layer renders is padded with rows of zeros (what lets the compositor
    /// draw each row as one run), and its view says so; a plain surface is not.
    @Test func layerBitmapsAreZeroPadded() throws {
        var p = LayerProperties()
        p.bounds = Rect(x: 0, y: 0, width: 30, height: 20)
        p.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.6)
        p.cornerRadius = 6
        for scale in [0.5, 1, 2.5] {
            let b = try #require(LayerBitmap.render(LayerContent(kind: .layer, p, hasSublayers: false), scale: scale))
            #expect(LayerBitmap.isPadded(b.surface) && b.view.zeroPadded, "scale \(scale)")
            let pixels = try #require(b.view.pixels)
            let before = UnsafeBufferPointer(start: pixels - LayerBitmap.paddingRows * b.view.stride,
                                             count: LayerBitmap.paddingRows * b.view.stride)
            let after = UnsafeBufferPointer(start: pixels + b.height * b.view.stride, count: LayerBitmap.paddingRows * b.view.stride)
            #expect(before.allSatisfy { $0 == 0 } && after.allSatisfy { $0 == 0 }, "scale \(scale)")
        }
        let plain = try #require(LayerBitmap.newSurface(8, 8))
        defer { cairo_surface_destroy(plain) }
        #expect(!LayerBitmap.isPadded(plain))
    }

    /// A zero-padded source with a transparent border is drawn a row at a time as one run,
    /// without the interior's bounds: the same pixels as the bounded path, at the placements
    /// of `theCompositorDrawsTheSamePixelsJumpingEmptyCells` (shrinking ones included), with
    /// and without the footprint and the empty-cell map, at several opacities, in areas cut
    /// as bands cut them.
    @Test func aZeroPaddedSourceDrawsTheSamePixelsInOneRunARow() throws {
        let (pixels, w, h) = Self.star()
        let footprint = try #require(Self.footprint(pixels, w, h))
        let map = try Self.emptyCells(pixels, w, h)
        defer { map.deallocate() }
        let rows = LayerBitmap.paddingRows
        let padded = [UInt32](repeating: 0, count: rows * w) + pixels + [UInt32](repeating: 0, count: rows * w)
        let (dw, dh) = (96, 90)
        var drawn = 0
        for k in 0..<52 {
            let (inverse, angle, sx, sy, area) = try Self.placementOrShrunk(k, dw, dh)
            let alpha = [1, 0.6, 0.999, 0.3][k % 4]
            for (fp, cells) in [(nil, nil), (footprint, nil), (nil, map), (footprint, map)] as [(BitmapFootprint?, UnsafeMutablePointer<UInt8>?)] {
                func draw(zeroPadded: Bool) -> [UInt32] {
                    var out = AffineCompositorVectorTests.backdrop(dw, dh)
                    padded.withUnsafeBufferPointer { s in
                        out.withUnsafeMutableBufferPointer { d in
                            AffineCompositor.composite(source: s.baseAddress! + rows * w, width: w, height: h, stride: w,
                                                       destination: d.baseAddress!, stride: dw, inverse: inverse, alpha: alpha,
                                                       area: area, transparentBorder: true, footprint: fp,
                                                       emptyCells: cells.map { UnsafePointer($0) }, zeroPadded: zeroPadded)
                        }
                    }
                    return out
                }
                let bounded = draw(zeroPadded: false)
                if bounded != AffineCompositorVectorTests.backdrop(dw, dh) { drawn += 1 }
                let differing = zip(draw(zeroPadded: true), bounded).filter { $0 != $1 }.count
                #expect(differing == 0, "case \(k): angle \(angle), scale \(sx)×\(sy), footprint \(fp != nil), map \(cells != nil): \(differing) pixels differ")
            }
        }
        #expect(drawn > 180)
    }


    /// Case `k` of the drawing comparisons: a star of about 41 px placed near the middle of a
    /// 96×90 frame, rotated by k × 0.173 rad, scaled by `sx` × `sy` (0.55…2.05 × 0.6…1.65),
    /// sheared in every seventh case, at a sub-pixel offset; the frame-to-bitmap map.
    static func placement(_ k: Int) throws -> (inverse: ProjectiveTransform, angle: Double, sx: Double, sy: Double) {
        let angle = Double(k) * 0.173, sx = 0.55 + Double(k % 6) * 0.3, sy = 0.6 + Double(k % 4) * 0.35
        let skew = k % 7 == 3 ? 0.3 : 0
        let toScreen = ProjectiveTransform.affine(a: sx * cos(angle), b: sx * sin(angle), c: -sy * sin(angle) + skew,
                                                  d: sy * cos(angle), tx: 45.37 + Double(k) * 0.113, ty: 41.61 - Double(k) * 0.071)
        return (try #require(toScreen.inverted()), angle, sx, sy)
    }

    /// Case `k` (0 ..< 52) of the comparisons with the empty-cell map: `placement(k % 40)`,
    /// from 40 on shrunk to a fifth to a half (a row steps 2–5 texels a pixel: long jumps),
    /// and the area drawn in a `dw` × `dh` frame (every third case cut as bands cut it).
    static func placementOrShrunk(_ k: Int, _ dw: Int, _ dh: Int) throws
        -> (inverse: ProjectiveTransform, angle: Double, sx: Double, sy: Double, area: PixelRect) {
        var (inverse, angle, sx, sy) = try placement(k % 40)
        if k >= 40 {
            let shrink = 2 + Double(k - 40) * 0.25
            inverse = ProjectiveTransform.affine(a: shrink, b: 0, c: 0, d: shrink, tx: 0, ty: 0).concatenating(inverse)
            sx /= shrink; sy /= shrink
        }
        let area = k % 3 == 0 ? PixelRect(x: 7, y: 30, width: 80, height: 23) : PixelRect(x: 0, y: 0, width: dw, height: dh)
        return (inverse, angle, sx, sy, area)
    }

    /// The empty-cell map of `pixels` (the caller deallocates it).
    static func emptyCells(_ pixels: [UInt32], _ w: Int, _ h: Int) throws -> UnsafeMutablePointer<UInt8> {
        try #require(pixels.withUnsafeBufferPointer { TransparentCells.distances($0.baseAddress!, stride: w, width: w, height: h) })
    }

    static func footprint(_ pixels: [UInt32], _ w: Int, _ h: Int) -> BitmapFootprint? {
        var first = [Int](repeating: -1, count: h), last = first
        for y in 0..<h {
            let row = pixels[(y * w)..<(y * w + w)]
            if let f = row.firstIndex(where: { $0 != 0 }), let l = row.lastIndex(where: { $0 != 0 }) {
                first[y] = f - y * w; last[y] = l - y * w
            }
        }
        return BitmapFootprint(width: w, height: h, first: first, last: last)
    }
}
