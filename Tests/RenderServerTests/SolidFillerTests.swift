import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// `SolidFiller` against cairo's fills of the same rounded, bordered, translucent layers
/// (`Rasterizer.drawSolid`), rotated and scaled over a patterned ground: the same picture up
/// to antialiasing on the edges.
@Suite struct SolidFillerTests {
    static func frames(_ body: [Command], width: Int = 200, height: Int = 150) throws -> (direct: [UInt8], cairo: [UInt8]) {
        let scene = try DrawnScene(width: width, height: height)
        try scene.commit(S.scene(body, width: Double(width), height: Double(height)))
        scene.server.step(seconds: 1.0 / 60)
        let trees = scene.server.core.sessions.map { PresentedTree(sessionID: $0.id, store: $0.store) }
        let list = RenderList(FrameSnapshot(frame: 1, mediaTime: 0, width: width, height: height, trees: trees))
        let direct = try #require(Rasterizer(width: width, height: height, mode: .cached))
        let cairo = try #require(Rasterizer(width: width, height: height, mode: .cached))
        cairo.fillsSolidsDirectly = false
        direct.draw(list); cairo.draw(list)
        return (ImageFile.copyPixels(direct.surface), ImageFile.copyPixels(cairo.surface))
    }

    /// Layers of every kind of solid drawing: background only, border only, both, no
    /// radius, a radius larger than the layer, a border wider than half the layer; rotated,
    /// non-uniformly scaled, translucent, over stripes.
    static func layers(angleStep: Double, sx: Double, sy: Double) -> [Command] {
        var body: [Command] = []
        for s in 0..<5 {
            let id = LayerID(100 + s)
            body += [S.create(id)] + S.frame(id, 0, Double(s) * 30, 200, 15)
                + [S.set(id, .backgroundColor, S.color(Double(s) / 5, 0.5, 1 - Double(s) / 5, 1)), S.add(id, to: 1)]
        }
        for i in 0..<12 {
            let id = LayerID(10 + i)
            body += [S.create(id)] + S.frame(id, Double(i % 4) * 45 + 8, Double(i / 4) * 45 + 12, 36 + Double(i % 3) * 6, 26)
            if i % 3 != 1 { body.append(S.set(id, .backgroundColor, S.color(0.2, Double(i) / 12, 0.8, 0.5 + Double(i % 4) * 0.15))) }
            if i % 3 != 2 {
                body += [S.set(id, .borderWidth, .number(i == 5 ? 30 : 1 + Double(i % 4))),
                         S.set(id, .borderColor, S.color(0, 0, 0, i % 2 == 0 ? 1 : 0.6))]
            }
            body += [S.set(id, .cornerRadius, .number(i == 3 ? 0 : (i == 7 ? 100 : 4 + Double(i)))),
                     S.set(id, .opacity, .number(i % 2 == 0 ? 1 : 0.8)),
                     S.set(id, .transform, .transform(Transform3D.rotation(angle: Double(i) * angleStep, x: 0, y: 0, z: 1)
                        .scaled(x: sx, y: sy))), S.add(id, to: 1)]
        }
        return body
    }

    @Test(arguments: [(0.0, 1.0, 1.0), (0.3, 1.0, 1.0), (0.55, 1.25, 1.25), (0.3, 1.2, 0.85), (1.1, 0.7, 1.3)])
    func matchesCairosFills(_ angleStep: Double, _ sx: Double, _ sy: Double) throws {
        let (direct, cairo) = try Self.frames(Self.layers(angleStep: angleStep, sx: sx, sy: sy))
        var histogram = [Int](repeating: 0, count: 256)
        for i in stride(from: 0, to: direct.count, by: 4) {
            var m = 0
            for k in 0..<4 { m = max(m, abs(Int(direct[i + k]) - Int(cairo[i + k]))) }
            histogram[m] += 1
        }
        let n = direct.count / 4
        let over = { (t: Int) in histogram[(t + 1)...].reduce(0, +) }
        let largest = histogram.lastIndex { $0 > 0 } ?? 0
        print("SolidFiller vs cairo (angle step \(angleStep), scale \(sx)×\(sy)): exact \(histogram[0]) of \(n), ≤2 "
              + "\(n - over(2)), >8 \(over(8)), >24 \(over(24)), largest \(largest)")
        // Interiors agree to rounding; edges within the goldens' tolerance but for a few
        // pixels where the two antialiasings differ most (corners of thin rings).
        #expect(Double(over(2)) / Double(n) < 0.06)
        #expect(Double(over(24)) / Double(n) < 0.004) // the goldens' share
        #expect(largest <= 64)
    }

    /// The filler clips to its area: a damage rectangle through a layer changes no pixel
    /// outside it.
    @Test func drawsOnlyInsideItsArea() throws {
        let scene = try DrawnScene()
        try scene.commit(S.scene([S.create(2)] + S.frame(2, 20, 20, 100, 60) + [
            S.set(2, .backgroundColor, S.color(1, 0, 0, 0.7)), S.set(2, .cornerRadius, .number(10)),
            S.set(2, .borderWidth, .number(3)), S.set(2, .borderColor, S.color(0, 0, 1)),
            S.set(2, .transform, .transform(Transform3D.rotation(angle: 0.4, x: 0, y: 0, z: 1))), S.add(2, to: 1)]))
        scene.server.step(seconds: 1.0 / 60)
        let trees = scene.server.core.sessions.map { PresentedTree(sessionID: $0.id, store: $0.store) }
        let list = RenderList(FrameSnapshot(frame: 1, mediaTime: 0, width: 160, height: 120, trees: trees))
        var item: RenderItem?
        for block in list.blocks { for it in block where !it.content.drawsNothing && it.content.cornerRadius == 10 { item = it } }
        let layer = try #require(item)
        var pixels = [UInt32](repeating: 0xFF10_2030, count: 160 * 120)
        let area = PixelRect(x: 50, y: 30, width: 40, height: 25)
        let ok = pixels.withUnsafeMutableBufferPointer {
            SolidFiller.fill(SolidFiller.Style(layer.content), world: layer.world, alpha: 1, destination: $0.baseAddress!, stride: 160, area: area)
        }
        #expect(ok)
        var inside = 0
        for y in 0..<120 {
            for x in 0..<160 {
                let changed = pixels[y * 160 + x] != 0xFF10_2030
                if x >= 50 && x < 90 && y >= 30 && y < 55 { if changed { inside += 1 } } else { #expect(!changed, "(\(x), \(y))") }
            }
        }
        #expect(inside > 500)
    }

    /// Axis-aligned layers fill the straight parts of their top and bottom edges and borders
    /// as one-colour spans per row, and take their rows' ranges along u once; the pixels are
    /// those of computing each one's coverage and each row's ranges, at sub-pixel offsets,
    /// scales (mirrored too), vertical shears, radii, border widths and opacities.
    @Test func axisAlignedRowSpansDrawTheSamePixels() throws {
        var cases = 0
        for k in 0..<48 {
            var content = LayerContent(kind: .layer, LayerProperties(), hasSublayers: false)
            content.bounds = Rect(x: 0, y: 0, width: 30 + Double(k % 7) * 3.3, height: 18 + Double(k % 5) * 2.7)
            content.backgroundColor = k % 6 == 5 ? Color(red: 0, green: 0, blue: 0, alpha: 0)
                : Color(red: 0.9, green: Double(k % 4) / 4, blue: 0.2, alpha: k % 2 == 0 ? 1 : 0.7)
            if k % 3 != 0 {
                content.borderWidth = [0.5, 1, 1.5, 2.25, 6][k % 5]
                content.borderColor = Color(red: 0.1, green: 0.1, blue: 0.4, alpha: k % 4 < 2 ? 1 : 0.55)
            }
            content.cornerRadius = [0, 3, 6.5, 12, 40][k % 5]
            let sx = k % 8 == 3 ? -1.0 : 0.75 + Double(k % 4) * 0.25, sy = k % 8 == 6 ? -1.2 : 0.8 + Double(k % 3) * 0.3
            // Some sheared vertically (u the same in every row, v varying along it).
            let world = ProjectiveTransform.affine(a: sx, b: k % 8 == 5 ? 0.35 : 0, c: 0, d: sy,
                                                   tx: 30 + Double(k) * 0.137, ty: 25 + Double(k) * 0.291)
            let area = PixelRect(x: 0, y: 0, width: 96, height: 80)
            func draw(_ spans: Bool) -> [UInt32] {
                var pixels = [UInt32](repeating: 0xFF20_4060, count: 96 * 80)
                _ = pixels.withUnsafeMutableBufferPointer {
                    SolidFiller.fill(SolidFiller.Style(content), world: world, alpha: k % 5 == 4 ? 0.6 : 1, destination: $0.baseAddress!,
                                     stride: 96, area: area, rowSpans: spans)
                }
                return pixels
            }
            let each = draw(false)
            guard each.contains(where: { $0 != 0xFF20_4060 }) else { continue }
            cases += 1
            let differing = zip(draw(true), each).filter { $0 != $1 }.count
            #expect(differing == 0, "case \(k): \(differing) pixels differ")
        }
        #expect(cases > 40)
    }

    /// A projective world is left to cairo.
    @Test func refusesAProjectiveWorld() throws {
        var pixels = [UInt32](repeating: 0, count: 16)
        var content = LayerContent(kind: .layer, LayerProperties(), hasSublayers: false)
        content.bounds = Rect(x: 0, y: 0, width: 4, height: 4)
        content.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        var world = ProjectiveTransform.identity
        world.p = 0.01
        let ok = pixels.withUnsafeMutableBufferPointer {
            SolidFiller.fill(SolidFiller.Style(content), world: world, alpha: 1, destination: $0.baseAddress!, stride: 4,
                             area: PixelRect(x: 0, y: 0, width: 4, height: 4))
        }
        #expect(!ok)
        #expect(pixels.allSatisfy { $0 == 0 })
    }
}
