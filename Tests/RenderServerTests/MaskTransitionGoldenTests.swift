import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// Goldens for `mask` and for transitions (fade, moveIn, push, reveal at mid-progress),
/// drawn through the whole server core on the manual clock.
@Suite struct MaskTransitionGoldenTests {
    @Test func maskShowsTheLayerThroughItsAlpha() throws {
        let scene = try DrawnScene()
        let circle = Path(ellipseIn: Rect(x: 0, y: 0, width: 60, height: 60))
        try scene.commit(S.scene(
            // Left: a striped layer (with a sublayer) masked by a circle shape layer.
            [S.create(2)] + S.frame(2, 10, 20, 60, 60)
            + [S.set(2, .backgroundColor, S.color(0.9, 0.3, 0.1)), S.add(2, to: 1),
               S.create(3)] + S.frame(3, 0, 20, 60, 20) + [S.set(3, .backgroundColor, S.color(0.1, 0.3, 0.9)), S.add(3, to: 2),
               S.create(4, .shape)] + S.frame(4, 0, 0, 60, 60)
            + [S.set(4, .path, .path(circle)), S.set(4, .fillColor, S.color(0, 0, 0)),
               S.set(2, .mask, .layer(4))]
            // Right: masked by a layer whose left half is opaque and whose sublayer (right
            // half) is half transparent: the sublayers of a mask count, only alpha matters.
            + [S.create(5)] + S.frame(5, 90, 20, 60, 60) + [S.set(5, .backgroundColor, S.color(0.1, 0.6, 0.2)), S.add(5, to: 1),
               S.create(6)] + S.frame(6, 0, 0, 30, 60) + [S.set(6, .backgroundColor, S.color(1, 0, 1)),
               S.create(7)] + S.frame(7, 30, 0, 30, 60) + [S.set(7, .backgroundColor, S.color(0, 1, 1, 0.5)), S.add(7, to: 6),
               S.set(5, .mask, .layer(6))]))
        let f = scene.step()
        // Inside the circle: the layer and its sublayer; the circle's corners: the background.
        #expect(near(f.rgba(40, 30), (230, 77, 26, 255), tolerance: 4))
        #expect(near(f.rgba(40, 50), (26, 77, 230, 255), tolerance: 4))
        #expect(near(f.rgba(12, 22), (235, 235, 235, 255), tolerance: 4))
        // The mask's own colour never shows: green at full alpha on the left, half on the right.
        #expect(near(f.rgba(100, 50), (26, 153, 51, 255), tolerance: 4))
        let half = f.rgba(140, 50)
        #expect(abs(Int(half.g) - (153 + 235) / 2) < 8 && abs(Int(half.r) - (26 + 235) / 2) < 8)
        Golden.check(f, "mask")

        // Removing the mask shows the whole layer; destroying a mask unmasks its layer.
        try scene.commit([S.set(2, .mask, .layer(0)), .destroyLayer(6)])
        let g = scene.step()
        #expect(near(g.rgba(12, 22), (230, 77, 26, 255), tolerance: 4))
        #expect(near(g.rgba(140, 50), (26, 153, 51, 255), tolerance: 4))
    }

    /// The old rendering: a red card with a white bar; the new one: a blue card with a
    /// yellow bar. A linear one-second transition, drawn half-way.
    func transitionFrame(_ type: Transition.Kind, _ subtype: Transition.Subtype) throws -> CompositedFrame {
        let scene = try DrawnScene()
        try scene.commit(S.scene(
            [S.create(2)] + S.frame(2, 40, 30, 80, 60) + [S.set(2, .backgroundColor, S.color(0.85, 0.15, 0.15)), S.add(2, to: 1),
             S.create(3)] + S.frame(3, 10, 10, 60, 12) + [S.set(3, .backgroundColor, S.color(1, 1, 1)), S.add(3, to: 2)]))
        _ = scene.step()
        var transition = Animation(.transition(Transition(type: type, subtype: subtype)),
                                   timing: MediaTiming(beginTime: scene.server.frameTime, duration: 1),
                                   timingFunction: .linear)
        transition.isRemovedOnCompletion = true
        try scene.commit([S.set(2, .backgroundColor, S.color(0.15, 0.25, 0.85)), S.set(3, .backgroundColor, S.color(1, 0.9, 0.1)),
                          .addAnimation(2, key: "transition", animationID: 9, animation: transition)])
        return scene.step(0.5)
    }

    @Test func fadeCrossFadesHalfWay() throws {
        let f = try transitionFrame(.fade, .fromLeft)
        // Red and blue at half each: (217+38)/2, (38+64)/2, (38+217)/2; no grey shows through.
        #expect(near(f.rgba(50, 80), (128, 51, 128, 255), tolerance: 6))
        Golden.check(f, "transition-fade")
    }

    @Test func moveInSlidesTheNewOverTheOld() throws {
        let f = try transitionFrame(.moveIn, .fromRight)
        // The new card covers x 80…160; the old stays visible at x 40…80.
        #expect(near(f.rgba(60, 80), (217, 38, 38, 255), tolerance: 4))
        #expect(near(f.rgba(100, 80), (38, 64, 217, 255), tolerance: 4))
        Golden.check(f, "transition-movein")
    }

    @Test func pushMovesBothHalfWay() throws {
        let f = try transitionFrame(.push, .fromBottom)
        // Old card pushed up by 30 (y 0…60), new from below at y 60…120 (its bar at y 70…82).
        #expect(near(f.rgba(100, 40), (217, 38, 38, 255), tolerance: 4))
        #expect(near(f.rgba(100, 100), (38, 64, 217, 255), tolerance: 4))
        #expect(near(f.rgba(100, 76), (255, 230, 25, 255), tolerance: 4))
        Golden.check(f, "transition-push")
    }

    @Test func revealUncoversTheNew() throws {
        let f = try transitionFrame(.reveal, .fromLeft)
        // Old card leaves to the right (fromLeft: it moves by −(−80)×0.5 = +40): x 80…160,
        // uncovering the new card at x 40…80.
        #expect(near(f.rgba(60, 80), (38, 64, 217, 255), tolerance: 4))
        #expect(near(f.rgba(100, 80), (217, 38, 38, 255), tolerance: 4))
        Golden.check(f, "transition-reveal")
    }

    @Test func aFinishedTransitionLeavesTheNewRendering() throws {
        let scene = try DrawnScene()
        try scene.commit(S.scene([S.create(2)] + S.frame(2, 40, 30, 80, 60)
                                 + [S.set(2, .backgroundColor, S.color(0.85, 0.15, 0.15)), S.add(2, to: 1)]))
        _ = scene.step()
        let transition = Animation(.transition(Transition(type: .push, subtype: .fromRight)),
                                   timing: MediaTiming(beginTime: scene.server.frameTime, duration: 0.5))
        try scene.commit([S.set(2, .backgroundColor, S.color(0.15, 0.25, 0.85)),
                          .addAnimation(2, key: "t", animationID: 3, animation: transition)])
        _ = scene.step(0.25)
        _ = scene.step(0.5)
        let f = scene.step()
        #expect(near(f.rgba(45, 35), (38, 64, 217, 255), tolerance: 4))
        #expect(near(f.rgba(130, 60), (235, 235, 235, 255), tolerance: 4))
    }

    /// A mask moving across its layer redraws only what changed, and the result equals
    /// drawing the same state from scratch (the mask's items carry their own damage).
    @Test func anAnimatedMaskDamagesWhatItUncovers() throws {
        func scene(maskX: Double) -> [Command] {
            S.scene([S.create(2)] + S.frame(2, 20, 20, 120, 80) + [S.set(2, .backgroundColor, S.color(0.2, 0.5, 0.8)), S.add(2, to: 1),
                     S.create(3)] + S.frame(3, 10, 10, 30, 30) + [S.set(3, .backgroundColor, S.color(0.8, 0.2, 0.1)), S.add(3, to: 2),
                     S.create(4)] + S.frame(4, maskX, 20, 40, 40)
                    + [S.set(4, .backgroundColor, S.color(0, 0, 0)), S.set(4, .cornerRadius, .number(20)), S.set(2, .mask, .layer(4))])
        }
        let animated = try DrawnScene()
        try animated.commit(scene(maskX: 0))
        _ = animated.step()
        let move = Animation(.basic(BasicAnimation(keyPath: LayerKeyPath(.position, .x), from: .number(20), to: .number(100))),
                             timing: MediaTiming(beginTime: animated.server.frameTime, duration: 1), timingFunction: .linear)
        try animated.commit([.addAnimation(4, key: "slide", animationID: 1, animation: move)])
        _ = animated.step(0.25)
        let f = animated.step(0.25)
        let still = try DrawnScene()
        try still.commit(scene(maskX: 40))
        let g = still.step()
        #expect(Golden.difference(f.pixels, g.pixels, tolerance: 2).differingShare == 0)
        // Half-way: the mask's circle is centred at (80, 60) on the display; its old place shows the grey.
        #expect(near(f.rgba(80, 60), (51, 128, 204, 255), tolerance: 3))
        #expect(near(f.rgba(40, 60), (235, 235, 235, 255), tolerance: 3))
    }

    /// A transition replaced half-way by another starts from what was on screen: the
    /// first one's half-way frame.
    @Test func aNewTransitionStartsFromTheFrameShownBeforeIt() throws {
        let scene = try DrawnScene()
        try scene.commit(S.scene([S.create(2)] + S.frame(2, 40, 30, 80, 60)
                                 + [S.set(2, .backgroundColor, S.color(0.85, 0.15, 0.15)), S.add(2, to: 1)]))
        _ = scene.step()
        func transition(_ type: Transition.Kind, _ subtype: Transition.Subtype) -> Animation {
            Animation(.transition(Transition(type: type, subtype: subtype)),
                      timing: MediaTiming(beginTime: scene.server.frameTime, duration: 1), timingFunction: .linear)
        }
        try scene.commit([S.set(2, .backgroundColor, S.color(0.15, 0.25, 0.85)),
                          .addAnimation(2, key: "transition", animationID: 1, animation: transition(.moveIn, .fromRight))])
        _ = scene.step(0.5)
        // Half-way through moveIn (red x 40…80, blue x 80…160), a fade to green replaces it.
        try scene.commit([S.set(2, .backgroundColor, S.color(0.1, 0.7, 0.2)),
                          .addAnimation(2, key: "transition", animationID: 2, animation: transition(.fade, .fromLeft))])
        let f = scene.step(0.5)
        // Half-way through the fade: red + green over x 40…80, blue + green at x 80…120, and
        // the moved-in card's right part (x 120…160) half over the grey display.
        #expect(near(f.rgba(60, 60), (122, 109, 45, 255), tolerance: 4))
        #expect(near(f.rgba(100, 60), (32, 122, 134, 255), tolerance: 4))
        #expect(near(f.rgba(140, 60), (136, 150, 226, 255), tolerance: 4))
        // The tree dump reports the new properties' values.
        try scene.commit([S.create(3, .shape), S.set(3, .lineDashPattern, .numbers([3, 1])), S.create(4),
                          S.set(2, .mask, .layer(4)), S.set(2, .contentsGravity, .string("topLeft"))])
        scene.server.send(.treeRequest(TreeRequest(requestID: 7, presentation: false)), from: scene.client)
        guard case let .treeReply(r)? = try scene.server.readMessages(of: scene.client).first else {
            Issue.record("no tree reply"); return
        }
        #expect(r.json.contains("\"mask\":4") && r.json.contains("\"contentsGravity\":\"topLeft\""))
        #expect(r.json.contains("\"lineDashPattern\":[3,1]"))
    }

    /// Setting, changing and removing a mask smaller than its layer redraws the whole
    /// masked subtree: each frame equals a from-scratch drawing of the same state.
    @Test func settingAndRemovingAMaskRedrawsTheSubtree() throws {
        let base: [Command] = [S.create(2)] + S.frame(2, 20, 20, 120, 80)
            + [S.set(2, .backgroundColor, S.color(0.2, 0.5, 0.8)), S.add(2, to: 1),
               S.create(3)] + S.frame(3, 60, 10, 50, 30) + [S.set(3, .backgroundColor, S.color(0.8, 0.2, 0.1)), S.add(3, to: 2),
               S.create(4)] + S.frame(4, 10, 10, 30, 30) + [S.set(4, .backgroundColor, S.color(0, 0, 0)),
               S.create(5)] + S.frame(5, 70, 30, 40, 40) + [S.set(5, .backgroundColor, S.color(0, 0, 0))]
        let live = try DrawnScene()
        try live.commit(S.scene(base))
        _ = live.step()
        for mask: LayerID in [4, 5, 0] {
            try live.commit([S.set(2, .mask, .layer(mask))])
            let f = live.step()
            let fresh = try DrawnScene()
            try fresh.commit(S.scene(base + [S.set(2, .mask, .layer(mask))]))
            let g = fresh.step()
            #expect(Golden.difference(f.pixels, g.pixels, tolerance: 2).differingShare == 0, "mask \(mask)")
        }
    }
}
