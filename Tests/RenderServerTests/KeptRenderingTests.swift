import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// Kept renderings (`KeptRendering`): a masked layer's rendering is kept while nothing in
/// its subtree or mask changes, and every frame equals a from-scratch drawing of the same
/// state.
@Suite struct MaskCacheTests {
    static let size = (width: 160, height: 120)

    /// The frame's render list, as the compositor thread gets it.
    static func list(_ scene: DrawnScene, frame: UInt64) -> RenderList {
        let trees = scene.server.core.sessions.map { PresentedTree(sessionID: $0.id, store: $0.store) }
        return RenderList(FrameSnapshot(frame: frame, mediaTime: 0, width: size.width, height: size.height, trees: trees))
    }

    /// Draws `list` with `kept` (which keeps renderings across frames) and with a new
    /// rasterizer, and expects the same pixels.
    static func expectSame(_ kept: Rasterizer, _ list: RenderList, _ what: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        kept.draw(list)
        let fresh = try #require(Rasterizer(width: size.width, height: size.height))
        fresh.draw(list)
        let d = Golden.difference(ImageFile.copyPixels(kept.surface), ImageFile.copyPixels(fresh.surface), tolerance: 2)
        #expect(d.differingShare == 0, "\(what): \(d)", sourceLocation: sourceLocation)
    }

    @Test func aStillMaskedLayerIsKeptUntilItsSubtreeOrMaskChanges() throws {
        let scene = try DrawnScene(width: Self.size.width, height: Self.size.height)
        let circle = Path(ellipseIn: Rect(x: 0, y: 0, width: 70, height: 70))
        try scene.commit(S.scene(
            [S.create(2)] + S.frame(2, 20, 20, 100, 80)
            + [S.set(2, .backgroundColor, S.color(0.2, 0.5, 0.8)), S.add(2, to: 1),
               S.create(3)] + S.frame(3, 30, 10, 50, 30) + [S.set(3, .backgroundColor, S.color(0.8, 0.2, 0.1)), S.add(3, to: 2),
               S.create(4, .shape)] + S.frame(4, 10, 5, 70, 70)
            + [S.set(4, .path, .path(circle)), S.set(4, .fillColor, S.color(0, 0, 0)), S.set(2, .mask, .layer(4)),
               // A translucent layer sliding over the masked one: damage through it every frame.
               S.create(9)] + S.frame(9, 0, 40, 30, 30)
            + [S.set(9, .backgroundColor, S.color(0.1, 0.9, 0.2, 0.6)), S.add(9, to: 1)]))
        var slide = Animation.basic(LayerKeyPath(.position, .x), from: .number(0), to: .number(160), duration: 2)
        slide.timing.beginTime = scene.server.frameTime
        try scene.commit([.addAnimation(9, key: "slide", animationID: 1, animation: slide)])
        let kept = try #require(Rasterizer(width: Self.size.width, height: Self.size.height))
        var frame: UInt64 = 1
        func step(_ what: String) throws {
            scene.server.step(seconds: 1.0 / 60)
            try Self.expectSame(kept, Self.list(scene, frame: frame), what)
            frame += 1
        }
        for k in 0..<4 { try step("still, frame \(k)") }
        let rendering = try #require(kept.maskedRenderings.values.first, "the masked layer is kept")
        #expect(kept.maskedRenderings.count == 1)
        try step("still again")
        #expect(kept.maskedRenderings.values.first === rendering, "painted from what was kept")
        // A sublayer changes: drawn anew (not kept in that frame), then kept again.
        try scene.commit([S.set(3, .backgroundColor, S.color(0.9, 0.9, 0.1))])
        try step("a sublayer changed")
        #expect(kept.maskedRenderings.isEmpty)
        try step("after the change")
        #expect(kept.maskedRenderings.count == 1 && kept.maskedRenderings.values.first !== rendering)
        // The mask moves; a sublayer goes away; the mask is removed.
        try scene.commit([S.set(4, .position, .point(Point(x: 60, y: 45)))])
        try step("the mask moved")
        try step("after the mask moved")
        try scene.commit([.destroyLayer(3)])
        try step("a sublayer destroyed")
        try step("after the sublayer went")
        try scene.commit([S.set(2, .mask, .layer(0))])
        try step("the mask removed")
        #expect(kept.maskedRenderings.isEmpty)
        #expect(kept.cachedBytes == kept.cachedBitmaps.bytes, "the kept renderings' bytes are released")
    }
}

/// A transition over a large damaged area is drawn in bands (`Rasterizer.bands`); sliding
/// vertically moves the new rendering across bands, so it must be rendered whole, not
/// only where the band is: the pixels equal one pass over the whole area.
@Suite struct BandedTransitionTests {
    @Test(arguments: [Transition.Subtype.fromBottom, .fromTop, .fromRight])
    func aPushAcrossBandsEqualsOnePass(_ subtype: Transition.Subtype) throws {
        let (w, h) = (480, 360)
        let scene = try DrawnScene(width: w, height: h)
        try scene.commit(S.scene(
            [S.create(2)] + S.frame(2, 40, 20, 400, 320) + [S.set(2, .backgroundColor, S.color(0.85, 0.15, 0.15)), S.add(2, to: 1),
             S.create(3)] + S.frame(3, 20, 30, 300, 40) + [S.set(3, .backgroundColor, S.color(1, 1, 1)), S.add(3, to: 2),
             S.create(4)] + S.frame(4, 60, 220, 200, 60) + [S.set(4, .backgroundColor, S.color(0.1, 0.1, 0.1)), S.add(4, to: 2)],
            width: Double(w), height: Double(h)))
        let banded = try #require(Rasterizer(width: w, height: h))
        let onePass = try #require(Rasterizer(width: w, height: h))
        onePass.bandRows = .max
        // Renders the new picture again every frame (what it keeps is thrown away first).
        let unkept = try #require(Rasterizer(width: w, height: h))
        func draw(_ frame: UInt64) -> (banded: [UInt8], onePass: [UInt8], unkept: [UInt8]) {
            let trees = scene.server.core.sessions.map { PresentedTree(sessionID: $0.id, store: $0.store) }
            let list = RenderList(FrameSnapshot(frame: frame, mediaTime: 0, width: w, height: h, trees: trees))
            unkept.transitionRenderings.removeAll()
            banded.draw(list); onePass.draw(list); unkept.draw(list)
            return (ImageFile.copyPixels(banded.surface), ImageFile.copyPixels(onePass.surface),
                    ImageFile.copyPixels(unkept.surface))
        }
        scene.server.step(seconds: 1.0 / 60)
        _ = draw(1)
        var transition = Animation(.transition(Transition(type: .push, subtype: subtype)),
                                   timing: MediaTiming(beginTime: scene.server.frameTime, duration: 1), timingFunction: .linear)
        transition.isRemovedOnCompletion = true
        try scene.commit([S.set(2, .backgroundColor, S.color(0.15, 0.25, 0.85)), S.set(3, .backgroundColor, S.color(1, 0.9, 0.1)),
                          .addAnimation(2, key: "transition", animationID: 9, animation: transition)])
        var kept: KeptRendering?
        for (k, seconds) in [0.3, 0.2, 0.25].enumerated() {
            scene.server.step(seconds: seconds)
            let (b, o, u) = draw(UInt64(2 + k))
            let d = Golden.difference(b, o, tolerance: 2)
            #expect(d.differingShare == 0, "\(subtype), frame \(k): \(d)")
            #expect(b == u, "\(subtype), frame \(k): the kept new rendering draws what rendering it again does")
            // Made in the transition's first frame, then kept: nothing in the layer changes.
            let now = banded.transitionRenderings.values.first
            if k > 0 { #expect(now != nil && now === kept) }
            kept = now
        }
    }
}
