import Foundation
import RenderCore
import Testing
@testable import RenderServer

/// The affine compositor's interior runs resample in SSE2 lanes (`bilinear(top:bottom:_:_:)`
/// with `AffineCompositor.weightTable`), and translated bitmaps blend four pixels at a time
/// (`blendFour`): the same integers as the scalar code, so the same pixels with `vectorized`
/// as without.
@Suite struct AffineCompositorVectorTests {
    /// Every pair of weights, on texels of every kind: transparent, opaque, translucent,
    /// equal and unequal, and words that are not premultiplied (channels above alpha).
    /// A `dw`×`dh` frame to draw over: transparent, half-transparent and opaque columns in
    /// turn, premultiplied colours that vary along both axes.
    static func backdrop(_ dw: Int, _ dh: Int) -> [UInt32] {
        var backdrop = [UInt32](repeating: 0, count: dw * dh)
        for y in 0..<dh { for x in 0..<dw {
            let a: UInt32 = x % 5 == 0 ? 0 : x % 3 == 0 ? 128 : 255
            backdrop[y * dw + x] = a << 24 | (UInt32(x * 2) % (a + 1)) << 16 | (UInt32(y * 3) % (a + 1)) << 8 | a / 3
        } }
        return backdrop
    }

    @Test func theVectorBilinearIsTheScalarOne() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 32)
        }
        var quads: [(UInt32, UInt32, UInt32, UInt32)] = [
            (0, 0, 0, 0), (0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF), (0xFFFF_FFFF, 0, 0, 0xFFFF_FFFF),
            (0, 0xFF00_FF00, 0x00FF_00FF, 0), (0x8040_2010, 0x8040_2010, 0x8040_2010, 0x8040_2011),
            (0xFF12_3456, 0x7F10_2030, 0x0102_0304, 0xFEDC_BA98),
        ]
        for _ in 0..<10 { quads.append((next(), next(), next(), next())) }
        let weights = AffineCompositor.weightTable
        var compared = 0, differing = 0
        for (t0, t1, t2, t3) in quads {
            let top = UInt64(t1) << 32 | UInt64(t0), bottom = UInt64(t3) << 32 | UInt64(t2)
            for wx in 0..<256 { for wy in 0..<256 {
                let scalar = AffineCompositor.bilinear(t0, t1, t2, t3, UInt64(wx), UInt64(wy))
                let vector = AffineCompositor.bilinear(top: top, bottom: bottom, weights[wx], weights[wy])
                compared += 1
                if scalar != vector { differing += 1 }
            } }
        }
        #expect(compared == quads.count * 65_536)
        #expect(differing == 0, "\(differing) of \(compared) samples differ")
    }

    /// Whole draws at many rotations, scales, skews, sub-pixel offsets and opacities, with
    /// and without a transparent border and a footprint, in areas cut as bands cut them,
    /// over a backdrop that varies (so every blend shows): every pixel the same.
    @Test func theCompositorDrawsTheSamePixelsVectorized() throws {
        let (pixels, w, h) = BitmapFootprintTests.star()
        let footprint = try #require(BitmapFootprintTests.footprint(pixels, w, h))
        // A second source: opaque and translucent texels side by side, no transparent border.
        let (gw, gh) = (19, 13)
        var grid = [UInt32](repeating: 0, count: gw * gh)
        for y in 0..<gh { for x in 0..<gw {
            let a: UInt32 = (x + y) % 3 == 0 ? 255 : UInt32(40 + (x * 13 + y * 7) % 200)
            grid[y * gw + x] = a << 24 | (UInt32(x * 17) % (a + 1)) << 16 | (UInt32(y * 19) % (a + 1)) << 8 | a / 2
        } }
        let (dw, dh) = (96, 90)
        let backdrop = Self.backdrop(dw, dh)
        var drawn = 0
        for k in 0..<48 {
            let (inverse, angle, _, _) = try BitmapFootprintTests.placement(k)
            let area = k % 3 == 0 ? PixelRect(x: 7, y: 30, width: 80, height: 23) : PixelRect(x: 0, y: 0, width: dw, height: dh)
            let alpha = k % 4 == 1 ? 0.6 : k % 4 == 2 ? 0.999 : 1
            func draw(_ source: [UInt32], _ sw: Int, _ sh: Int, border: Bool, footprint: BitmapFootprint?,
                      vectorized: Bool) -> [UInt32] {
                var out = backdrop
                source.withUnsafeBufferPointer { s in
                    out.withUnsafeMutableBufferPointer { d in
                        AffineCompositor.composite(source: s.baseAddress!, width: sw, height: sh, stride: sw,
                                                   destination: d.baseAddress!, stride: dw, inverse: inverse, alpha: alpha,
                                                   area: area, transparentBorder: border, footprint: footprint,
                                                   vectorized: vectorized)
                    }
                }
                return out
            }
            for (source, sw, sh, border, cut) in [(pixels, w, h, false, nil), (pixels, w, h, true, footprint),
                                                  (grid, gw, gh, false, nil)] as [([UInt32], Int, Int, Bool, BitmapFootprint?)] {
                let scalar = draw(source, sw, sh, border: border, footprint: cut, vectorized: false)
                if scalar != backdrop { drawn += 1 }
                let vector = draw(source, sw, sh, border: border, footprint: cut, vectorized: true)
                let differing = zip(vector, scalar).filter { $0 != $1 }.count
                #expect(differing == 0, "case \(k) (\(sw)×\(sh), border \(border)): angle \(angle): \(differing) pixels differ")
            }
        }
        #expect(drawn > 120)
    }

    /// Integral translations (the text's path: no resampling) blend four pixels at a time:
    /// the same pixels as one by one, at many offsets and widths (every tail length), with
    /// opacities, transparent runs, and words that are not premultiplied.
    @Test func translatedBitmapsBlendTheSamePixelsVectorized() throws {
        let (pixels, w, h) = BitmapFootprintTests.star()
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var noise = [UInt32](repeating: 0, count: 23 * 17)
        for i in noise.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let word = UInt32(truncatingIfNeeded: state >> 32)
            noise[i] = i % 5 == 0 ? 0 : i % 7 == 0 ? word | 0xFF00_0000 : word
        }
        let (dw, dh) = (64, 48)
        let backdrop = Self.backdrop(dw, dh)
        var compared = 0
        for k in 0..<36 {
            let dx = Double(k % 9) * 3 - 6, dy = Double(k % 7) * 2 - 4
            let inverse = try #require(ProjectiveTransform.affine(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy).inverted())
            let area = PixelRect(x: k % 4, y: k % 3, width: 37 + k % 5, height: 30)
            let alpha = [1, 0.6, 0.999, 0.3][k % 4]
            for (source, sw, sh) in [(pixels, w, h), (noise, 23, 17)] {
                func draw(_ vectorized: Bool) -> [UInt32] {
                    var out = backdrop
                    source.withUnsafeBufferPointer { s in
                        out.withUnsafeMutableBufferPointer { d in
                            AffineCompositor.composite(source: s.baseAddress!, width: sw, height: sh, stride: sw,
                                                       destination: d.baseAddress!, stride: dw, inverse: inverse, alpha: alpha,
                                                       area: area, vectorized: vectorized)
                        }
                    }
                    return out
                }
                let scalar = draw(false)
                #expect(scalar != backdrop, "case \(k) (\(sw)×\(sh)) drew nothing")
                let differing = zip(draw(true), scalar).filter { $0 != $1 }.count
                #expect(differing == 0, "case \(k) (\(sw)×\(sh)): offset (\(dx), \(dy)), alpha \(alpha): \(differing) pixels differ")
                compared += 1
            }
        }
        #expect(compared == 72)
    }
}
