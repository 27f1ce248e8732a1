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
        #expect(!footprint.planes.isEmpty && footprint.planes.count <= BitmapFootprint.maxPlanes)
        // Every texel that is not transparent, and the samples around it, lie inside.
        for y in 0..<h { for x in 0..<w where pixels[y * w + x] != 0 {
            for (px, py) in [(Double(x) - 0.99, Double(y) - 0.99), (Double(x) + 0.99, Double(y) + 0.99),
                             (Double(x) - 0.99, Double(y) + 0.99), (Double(x) + 0.99, Double(y) - 0.99)] {
                #expect(footprint.planes.allSatisfy { $0.nx * px + $0.ny * py <= $0.c + 1e-9 }, "(\(px), \(py))")
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
