import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// Layers that draw the same content at the same scale share one kept bitmap (a list's
/// rows, a scene's stars): rendered once, counted once in the bitmap budget, kept while any
/// of them holds it — with one thread, and with four drawing bands at once (bitmaps found
/// and made while banding).
@Suite struct SharedBitmapTests {
    /// Steps a 160 × 120 scene a frame at a time and draws it with one rasterizer, built by
    /// one builder as the daemon's is (its content table, and so the contents' stamps, kept
    /// across frames).
    struct Drawer {
        let scene: DrawnScene
        let rasterizer: Rasterizer
        var builder = RenderListBuilder()
        var frame: UInt64 = 0

        init(_ scene: DrawnScene, threads: Int) throws {
            self.scene = scene
            rasterizer = try #require(Rasterizer(width: 160, height: 120, threads: threads))
        }

        /// The next frame's damage.
        @discardableResult
        mutating func draw() -> [PixelRect] {
            scene.server.step(seconds: 1.0 / 60)
            frame += 1
            let trees = scene.server.core.sessions.map { PresentedTree(sessionID: $0.id, store: $0.store) }
            return rasterizer.draw(builder.build(FrameSnapshot(frame: frame, mediaTime: 0, width: 160, height: 120,
                                                               trees: trees)))
        }
    }

    static func square(_ id: LayerID, x: Double, _ color: AnimatableValue) -> [Command] {
        [S.create(id, .shape)] + S.frame(id, x, 40, 24, 24)
            + [S.set(id, .path, .path(Path(rect: Rect(x: 2, y: 2, width: 20, height: 20)))),
               S.set(id, .fillColor, color), S.add(id, to: 1)]
    }

    @Test(arguments: [1, 4]) func layersThatDrawTheSameContentShareOneBitmap(threads: Int) throws {
        let scene = try DrawnScene(width: 160, height: 120, poolTwins: false)
        let yellow = S.color(1, 0.8, 0.1), blue = S.color(0.1, 0.3, 0.9)
        try scene.commit(S.scene(Self.square(2, x: 10, yellow) + Self.square(3, x: 45, yellow)
                                 + Self.square(4, x: 80, yellow) + Self.square(5, x: 115, blue)
                                 + [S.set(4, .transform, .transform(Transform3D.rotation(angle: 0.5, x: 0, y: 0, z: 1)))]))
        var drawer = try Drawer(scene, threads: threads)
        let r = drawer.rasterizer
        r.bandRows = 16; r.minBandedArea = 0
        func draw() -> [UInt8] {
            drawer.draw()
            return ImageFile.copyPixels(r.surface)
        }
        func color(_ p: [UInt8], _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
            let i = (y * 160 + x) * 4
            return (p[i + 2], p[i + 1], p[i], p[i + 3])
        }
        let (y, b) = ((255, 204, 26, 255) as (UInt8, UInt8, UInt8, UInt8), (26, 77, 230, 255) as (UInt8, UInt8, UInt8, UInt8))
        /// The painters' views (`KeptViews`) follow the kept entries: one per layer holding
        /// one, and as many distinct bitmaps among them as are kept.
        func viewsFollowTheEntries(layers: Int, _ comment: Comment) {
            #expect(r.keptViews.byKey.count == layers, comment)
            #expect(Set(r.keptViews.byKey.values.compactMap { $0.view?.pixels }).count == r.cachedBitmaps.count, comment)
        }

        var p = draw()
        #expect(r.bitmapsRendered == 2, "one for the three yellow squares, one for the blue")
        #expect(r.cachedBitmaps.count == 2 && r.cachedBytes == r.cachedBitmaps.bytes)
        let one = r.cachedBytes / 2
        #expect(near(color(p, 22, 52), y) && near(color(p, 57, 52), y) && near(color(p, 92, 52), y)
                && near(color(p, 127, 52), b))
        viewsFollowTheEntries(layers: 4, "first frame")

        // Recoloured like the blue one: it takes that bitmap, nothing is rendered.
        try scene.commit([S.set(3, .fillColor, blue)])
        p = draw()
        #expect(r.bitmapsRendered == 2)
        #expect(near(color(p, 57, 52), b) && near(color(p, 22, 52), y) && near(color(p, 92, 52), y))
        #expect(r.cachedBitmaps.count == 2 && r.cachedBytes == 2 * one)
        viewsFollowTheEntries(layers: 4, "recoloured")

        // Another scale bucket is another bitmap.
        try scene.commit([S.set(5, .transform, .transform(Transform3D.scale(x: 1.4, y: 1.4, z: 1)))])
        p = draw()
        #expect(r.bitmapsRendered == 3 && r.cachedBitmaps.count == 3)
        #expect(near(color(p, 127, 52), b) && near(color(p, 57, 52), b))
        viewsFollowTheEntries(layers: 4, "scaled")

        // The yellow bitmap stays while a layer holds it, and goes (with its bytes) with the last.
        try scene.commit([.destroyLayer(2)])
        p = draw()
        #expect(r.cachedBitmaps.count == 3 && near(color(p, 92, 52), y))
        viewsFollowTheEntries(layers: 3, "one yellow gone")
        try scene.commit([.destroyLayer(4)])
        p = draw()
        #expect(r.cachedBitmaps.count == 2 && r.cachedBytes == r.cachedBitmaps.bytes)
        #expect(r.bitmapsRendered == 3)
        viewsFollowTheEntries(layers: 2, "the last yellow gone")
    }

    /// The damage pass stops comparing items once the damage is the whole display, but still
    /// finds every layer that went away: its bitmap is let go of.
    @Test func aLayerGoneInAFrameThatDamagesTheWholeDisplayLetsGoOfItsBitmap() throws {
        let scene = try DrawnScene(width: 160, height: 120, poolTwins: false)
        try scene.commit(S.scene([S.create(2)] + S.frame(2, 0, 0, 160, 120) + [S.set(2, .backgroundColor, S.color(0.2, 0.2, 0.2)),
                                  S.add(2, to: 1)]
                                 + Self.square(3, x: 10, S.color(1, 0.8, 0.1)) + Self.square(4, x: 60, S.color(0.1, 0.3, 0.9))))
        var drawer = try Drawer(scene, threads: 1)
        let r = drawer.rasterizer
        func draw() -> [PixelRect] { drawer.draw() }
        _ = draw()
        #expect(r.cachedBitmaps.count == 2)
        // The full-display layer (drawn first) changes: the whole display is damaged before
        // the squares are reached; the second square is gone.
        try scene.commit([S.set(2, .backgroundColor, S.color(0.3, 0.3, 0.3)), .destroyLayer(4)])
        #expect(draw() == [PixelRect(x: 0, y: 0, width: 160, height: 120)])
        #expect(r.cachedBitmaps.count == 1 && r.cachedBytes == r.cachedBitmaps.bytes)
    }
}
