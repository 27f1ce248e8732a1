import CCairo
import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// Two of the compositor's speed paths give the pixels of the general ones: drawing a large
/// damage rectangle in bands, and compositing a bitmap by an integral translation.
@Suite struct BandsAndTranslationTests {
    /// A 320×240 scene of every kind of drawing (solid fills, bitmaps of shapes and text,
    /// a group, a clip) drawn in bands of 16 rows and in one pass: the same pixels.
    @Test func bandsDrawTheSamePixelsAsOnePass() throws {
        let scene = try DrawnScene(width: 320, height: 240)
        var body = SolidFillerTests.layers(angleStep: 0.4, sx: 1.1, sy: 0.9)
        var star = Path()
        star.move(to: Point(20, 0)); star.addLine(to: Point(30, 40)); star.addLine(to: Point(0, 15))
        star.addLine(to: Point(40, 15)); star.addLine(to: Point(10, 40)); star.closeSubpath()
        body += [S.create(40, .shape)] + S.frame(40, 200, 150, 40, 40) + [
            S.set(40, .path, .path(star)), S.set(40, .fillColor, S.color(1, 0.8, 0.1)), S.set(40, .strokeColor, S.color(0, 0, 0)),
            S.set(40, .transform, .transform(Transform3D.rotation(angle: 0.5, x: 0, y: 0, z: 1))), S.add(40, to: 1)]
        body += [S.create(41, .text)] + S.frame(41, 180, 200, 100, 20) + [
            S.set(41, .string, .string("bands")), S.set(41, .fontSize, .number(14)),
            S.set(41, .foregroundColor, S.color(0, 0, 0)), S.set(41, .opacity, .number(0.6)), S.add(41, to: 1)]
        body += [S.create(42)] + S.frame(42, 230, 20, 70, 120) + [
            S.set(42, .backgroundColor, S.color(0.1, 0.7, 0.3, 0.8)), S.set(42, .cornerRadius, .number(12)),
            S.set(42, .masksToBounds, .bool(true)), S.set(42, .opacity, .number(0.7)), S.add(42, to: 1),
            S.create(43)] + S.frame(43, 20, 40, 120, 30) + [S.set(43, .backgroundColor, S.color(0.9, 0.1, 0.1)),
            S.set(43, .transform, .transform(Transform3D.rotation(angle: 0.3, x: 0, y: 0, z: 1))), S.add(43, to: 42)]
        try scene.commit(S.scene(body, width: 320, height: 240))
        scene.server.step(seconds: 1.0 / 60)
        let trees = scene.server.core.sessions.map { PresentedTree(sessionID: $0.id, store: $0.store) }
        let list = RenderList(FrameSnapshot(frame: 1, mediaTime: 0, width: 320, height: 240, trees: trees))
        let banded = try #require(Rasterizer(width: 320, height: 240, mode: .cached))
        banded.bandRows = 16
        let whole = try #require(Rasterizer(width: 320, height: 240, mode: .cached))
        whole.bandRows = .max
        #expect(banded.bands(of: banded.display).count == 15)
        #expect(whole.bands(of: whole.display).count == 1)
        banded.draw(list); whole.draw(list)
        let a = ImageFile.copyPixels(banded.surface), b = ImageFile.copyPixels(whole.surface)
        let d = Golden.difference(a, b, tolerance: 2)
        #expect(d.differingShare < 0.001, "\(d.differingShare) of pixels differ by more than 2 (largest \(d.largestChannel))")
        // Something of every kind was drawn.
        let blank = try #require(Rasterizer(width: 320, height: 240))
        let empty = withExtendedLifetime(blank) { ImageFile.copyPixels(blank.surface) }
        #expect(Golden.difference(a, empty, tolerance: 0).differingShare > 0.3)
    }

    /// An integral translation (partly off every edge, translucent) against pixman's OVER.
    @Test(arguments: [(30, -5), (-7, 30), (40, 33), (0, 0)])
    func anIntegralTranslationMatchesPixman(_ tx: Int, _ ty: Int) throws {
        let (sw, sh) = (23, 17)
        var src = [UInt32](repeating: 0, count: sw * sh)
        for y in 0..<sh { for x in 0..<sw {
            let a = UInt32((x * 37 + y * 11) % 256)
            let r = UInt32(x * 11 % 256) * a / 255, g = UInt32(y * 15 % 256) * a / 255, b = a / 2
            src[y * sw + x] = a << 24 | r << 16 | g << 8 | b
        } }
        let (dw, dh) = AffineCompositorTests.destinationSize
        let toScreen = ProjectiveTransform.affine(a: 1, b: 0, c: 0, d: 1, tx: Double(tx), ty: Double(ty))
        let (changed, largest) = try AffineCompositorTests.compareWithPixman(src, width: sw, height: sh,
                                                                            toScreen: toScreen) { si, di, _ in
            var c = pixman_color(red: 0, green: 0, blue: 0, alpha: UInt16(0.7 * 65535))
            let mask = pixman_image_create_solid_fill(&c)
            pixman_image_composite32(PIXMAN_OP_OVER, si, mask, di, 0, 0, 0, 0, Int32(tx), Int32(ty), Int32(sw), Int32(sh))
            pixman_image_unref(mask)
        }
        #expect(changed >= min(100, (dw - max(0, tx)) * (dh - max(0, ty)) - 8))
        #expect(largest <= 3, "largest channel difference \(largest)")
    }
}
