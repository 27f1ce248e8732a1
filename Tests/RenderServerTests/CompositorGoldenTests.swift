import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer

/// One golden image per property family, each drawn on the manual clock through the whole
/// server core (wire commits → layer store → presentation → render list → compositor).
@Suite struct CompositorGoldenTests {
    typealias C = Command

    func draw(_ commands: [C], step: Double = 1.0 / 60) throws -> CompositedFrame {
        let scene = try DrawnScene()
        try scene.commit(S.scene(commands))
        return scene.step(step)
    }

    @Test func backgroundBorderAndCorners() throws {
        let f = try draw(
            [S.create(2)] + S.frame(2, 10, 10, 60, 40) + [S.set(2, .backgroundColor, S.color(0.9, 0.2, 0.2)), S.add(2, to: 1)]
            + [S.create(3)] + S.frame(3, 85, 10, 60, 40)
            + [S.set(3, .backgroundColor, S.color(0.2, 0.4, 0.9)), S.set(3, .cornerRadius, .number(12)),
               S.set(3, .borderWidth, .number(4)), S.set(3, .borderColor, S.color(0.1, 0.1, 0.3)), S.add(3, to: 1)]
            + [S.create(4)] + S.frame(4, 30, 65, 100, 45)
            + [S.set(4, .cornerRadius, .number(22)), S.set(4, .borderWidth, .number(3)),
               S.set(4, .borderColor, S.color(0, 0.6, 0.2)), S.add(4, to: 1)])
        // Red square's centre, blue's centre, the blue layer's border, a transparent interior.
        #expect(near(f.rgba(40, 30), (230, 51, 51, 255)))
        #expect(near(f.rgba(115, 30), (51, 102, 230, 255)))
        #expect(f.rgba(115, 11).b < 100)
        #expect(near(f.rgba(80, 88), (235, 235, 235, 255)))
        // The rounded corner leaves the display's grey at the blue layer's corner pixel.
        #expect(near(f.rgba(85, 10), (235, 235, 235, 255)))
        Golden.check(f, "background-border-corners")
    }

    @Test func transformsAnchorPointAndSublayerTransform() throws {
        let f = try draw(
            // Rotated 30° about its centre.
            [S.create(2)] + S.frame(2, 15, 20, 40, 40)
            + [S.set(2, .backgroundColor, S.color(0.9, 0.5, 0.1)),
               S.set(2, .transform, .transform(.rotation(angle: .pi / 6, x: 0, y: 0, z: 1))), S.add(2, to: 1)]
            // Anchored at its top-left corner, scaled 1.5×: grows right and down from (70, 20).
            + [S.create(3), S.set(3, .bounds, .rect(Rect(x: 0, y: 0, width: 30, height: 20))),
               S.set(3, .anchorPoint, .point(Point(x: 0, y: 0))), S.set(3, .position, .point(Point(x: 70, y: 20))),
               S.set(3, .transform, .transform(.scale(x: 1.5, y: 1.5))),
               S.set(3, .backgroundColor, S.color(0.2, 0.6, 0.3)), S.add(3, to: 1)]
            // A container whose sublayerTransform rotates its child 90° about the container's centre,
            // and whose bounds origin shifts the child.
            + [S.create(4), S.set(4, .bounds, .rect(Rect(x: -10, y: 0, width: 50, height: 50))),
               S.set(4, .position, .point(Point(x: 125, y: 75))),
               S.set(4, .borderWidth, .number(1)), S.set(4, .borderColor, S.color(0, 0, 0)),
               S.set(4, .sublayerTransform, .transform(.rotation(angle: .pi / 2, x: 0, y: 0, z: 1))), S.add(4, to: 1),
               S.create(5)] + S.frame(5, 0, 0, 40, 10) + [S.set(5, .backgroundColor, S.color(0.5, 0.1, 0.7)), S.add(5, to: 4)])
        #expect(near(f.rgba(35, 40), (230, 128, 26, 255)))
        // The scaled layer covers (70…115, 20…50).
        #expect(near(f.rgba(112, 47), (51, 153, 77, 255)))
        #expect(near(f.rgba(112, 53), (235, 235, 235, 255)))
        Golden.check(f, "transforms")
    }

    @Test func perspectiveFromSublayerTransform() throws {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 200
        let f = try draw(
            [S.create(2)] + S.frame(2, 0, 0, 160, 120) + [S.set(2, .sublayerTransform, .transform(perspective)), S.add(2, to: 1)]
            + [S.create(3)] + S.frame(3, 40, 20, 80, 80)
            + [S.set(3, .backgroundColor, S.color(0.2, 0.5, 0.9)), S.set(3, .borderWidth, .number(3)),
               S.set(3, .borderColor, S.color(0.9, 0.9, 0.1)),
               S.set(3, .transform, .transform(.rotation(angle: .pi / 4, x: 0, y: 1, z: 0))), S.add(3, to: 2)]
            // A bitmap layer tipped back about x: drawn from its kept bitmap through pixman's projective sampling.
            + [S.create(4)] + S.frame(4, 120, 70, 36, 36)
            + [S.set(4, .contents, .contents(try Bitmap(width: 2, height: 2, pixels: [0, 0, 255, 255, 0, 0, 0, 255,
                                                                                      0, 0, 0, 255, 0, 0, 255, 255]))),
               S.set(4, .transform, .transform(.rotation(angle: -.pi / 3, x: 1, y: 0, z: 0))), S.add(4, to: 2)])
        // The near (left, z > 0 after the rotation) edge is taller than the far one.
        func columnHeight(_ x: Int) -> Int { (0..<68).filter { f.rgba(x, $0).b > 150 && f.rgba(x, $0).r < 120 }.count }
        let xs = (0..<160).filter { columnHeight($0) > 0 }
        #expect(xs.count > 20)
        if let first = xs.first, let last = xs.last {
            #expect(columnHeight(first + 3) > columnHeight(last - 3) + 6)
        }
        Golden.check(f, "perspective")
    }

    /// zPosition is part of a layer's position (Core Animation's rule, `LayerGeometry`): under
    /// a superlayer's perspective a raised layer is drawn larger and a sunk one smaller, and
    /// zPosition also orders siblings. Three 40-point squares: sunk (z −150, green), flat
    /// (z 0, blue), raised (z 100, red, drawn over the flat one).
    @Test func zPositionUnderPerspective() throws {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 300
        var body: [Command] = [S.create(2)] + S.frame(2, 0, 0, 160, 120)
            + [S.set(2, .sublayerTransform, .transform(perspective)), S.add(2, to: 1)]
        for (id, x, z, color) in [(LayerID(3), 10.0, -150.0, S.color(0.2, 0.7, 0.3)), (4, 60, 0, S.color(0.2, 0.4, 0.9)),
                                  (5, 85, 100, S.color(0.9, 0.2, 0.2))] {
            body += [S.create(id)] + S.frame(id, x, 40, 40, 40)
                + [S.set(id, .backgroundColor, color), S.set(id, .zPosition, .number(z)), S.add(id, to: 2)]
        }
        let f = try draw(body)
        func width(row: Int, _ match: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> Int {
            (0..<160).filter { match(f.rgba($0, row)) }.count
        }
        let green = width(row: 60) { $0.g > 150 && $0.r < 100 }
        let red = width(row: 60) { $0.r > 200 && $0.g < 100 }
        // The flat square keeps its 40 points where the raised one does not cover it.
        #expect(green > 20 && green < 38, "sunk: \(green)")
        #expect(red > 44, "raised: \(red)")
        // The raised square is over the flat one (they overlap around x 85…100).
        #expect(f.rgba(90, 60).r > 200)
        Golden.check(f, "zposition-perspective")
    }

    @Test func groupOpacityAndLeafOpacity() throws {
        let f = try draw(
            // A group at 50%: its two overlapping children blend once, so the overlap is one colour.
            [S.create(2)] + S.frame(2, 10, 20, 70, 70) + [S.set(2, .opacity, .number(0.5)), S.add(2, to: 1)]
            + [S.create(3)] + S.frame(3, 0, 0, 45, 45) + [S.set(3, .backgroundColor, S.color(0, 0, 1)), S.add(3, to: 2)]
            + [S.create(4)] + S.frame(4, 25, 25, 45, 45) + [S.set(4, .backgroundColor, S.color(0, 0, 1)), S.add(4, to: 2)]
            // Two leaves at 50% overlapping: the overlap is darker.
            + [S.create(5)] + S.frame(5, 85, 20, 45, 45) + [S.set(5, .backgroundColor, S.color(0, 0, 1)), S.set(5, .opacity, .number(0.5)), S.add(5, to: 1)]
            + [S.create(6)] + S.frame(6, 105, 45, 45, 45) + [S.set(6, .backgroundColor, S.color(0, 0, 1)), S.set(6, .opacity, .number(0.5)), S.add(6, to: 1)])
        let single = f.rgba(15, 25), overlap = f.rgba(45, 60)
        #expect(abs(Int(single.r) - Int(overlap.r)) <= 1)
        let leaf = f.rgba(90, 25), leafOverlap = f.rgba(115, 55)
        #expect(Int(leaf.r) - Int(leafOverlap.r) > 40)
        Golden.check(f, "opacity")
    }

    @Test func masksToBoundsClipsSublayersToTheRoundedShape() throws {
        let f = try draw(
            [S.create(2)] + S.frame(2, 20, 20, 80, 80)
            + [S.set(2, .backgroundColor, S.color(1, 1, 1)), S.set(2, .cornerRadius, .number(30)),
               S.set(2, .masksToBounds, .bool(true)), S.add(2, to: 1)]
            + [S.create(3)] + S.frame(3, 40, -20, 80, 60) + [S.set(3, .backgroundColor, S.color(0.8, 0.1, 0.1)), S.add(3, to: 2)]
            // The same child without clipping, for comparison.
            + [S.create(4)] + S.frame(4, 110, 20, 40, 40) + [S.set(4, .backgroundColor, S.color(1, 1, 1)), S.add(4, to: 1)]
            + [S.create(5)] + S.frame(5, 20, -10, 40, 30) + [S.set(5, .backgroundColor, S.color(0.8, 0.1, 0.1)), S.add(5, to: 4)])
        // Clipped: nothing red above the masked layer or in its rounded top-right corner.
        #expect(near(f.rgba(80, 15), (235, 235, 235, 255)))
        #expect(near(f.rgba(97, 23), (235, 235, 235, 255)))
        #expect(near(f.rgba(80, 40), (204, 26, 26, 255)))
        // Not clipped: red above the other one.
        #expect(near(f.rgba(140, 15), (204, 26, 26, 255)))
        Golden.check(f, "masks-to-bounds")
    }

    @Test func zPositionOrdersSiblingsAndHiddenLayersVanish() throws {
        let f = try draw(
            [S.create(2)] + S.frame(2, 20, 20, 60, 60) + [S.set(2, .backgroundColor, S.color(0.9, 0.1, 0.1)),
                                                         S.set(2, .zPosition, .number(5)), S.add(2, to: 1)]
            + [S.create(3)] + S.frame(3, 50, 40, 60, 60) + [S.set(3, .backgroundColor, S.color(0.1, 0.7, 0.1)), S.add(3, to: 1)]
            + [S.create(4)] + S.frame(4, 100, 10, 50, 50) + [S.set(4, .backgroundColor, S.color(0, 0, 0)),
                                                            S.set(4, .isHidden, .bool(true)), S.add(4, to: 1)])
        // Red (z 5) is in front of green though added before it.
        #expect(near(f.rgba(65, 65), (230, 26, 26, 255)))
        #expect(near(f.rgba(125, 30), (235, 235, 235, 255)))
        Golden.check(f, "zposition-hidden")
    }

    @Test func shadowsBlurAndOffset() throws {
        let f = try draw(
            [S.create(2)] + S.frame(2, 30, 30, 60, 50)
            + [S.set(2, .backgroundColor, S.color(1, 1, 1)), S.set(2, .cornerRadius, .number(8)),
               S.set(2, .shadowOpacity, .number(0.8)), S.set(2, .shadowRadius, .number(6)),
               S.set(2, .shadowOffset, .size(Size(width: 8, height: 10))), S.set(2, .shadowColor, S.color(0, 0, 0.4)),
               S.add(2, to: 1)])
        // Darker below-right of the layer than above-left; soft (not a hard edge).
        let below = f.rgba(94, 70), above = f.rgba(26, 26)
        #expect(Int(above.r) - Int(below.r) > 60)
        #expect(near(f.rgba(60, 55), (255, 255, 255, 255)))
        Golden.check(f, "shadow")
    }

    @Test func shapeLayerFillStrokeCapsJoinsAndStrokeEnd() throws {
        var star = Path()
        star.move(to: Point(40, 10)); star.addLine(to: Point(60, 70)); star.addLine(to: Point(10, 32))
        star.addLine(to: Point(70, 32)); star.addLine(to: Point(20, 70)); star.closeSubpath()
        var wave = Path()
        wave.move(to: Point(0, 30)); wave.addCurve(to: Point(60, 30), control1: Point(15, -10), control2: Point(45, 70))
        let f = try draw(
            [S.create(2, .shape)] + S.frame(2, 0, 0, 80, 80)
            + [S.set(2, .path, .path(star)), S.set(2, .fillColor, S.color(1, 0.8, 0.1)), S.set(2, .fillRule, .string("even-odd")),
               S.set(2, .strokeColor, S.color(0.6, 0.2, 0)), S.set(2, .lineWidth, .number(3)),
               S.set(2, .lineJoin, .string("round")), S.add(2, to: 1)]
            + [S.create(3, .shape)] + S.frame(3, 90, 20, 60, 60)
            + [S.set(3, .path, .path(wave)), S.set(3, .fillColor, S.color(0, 0, 0, 0)),
               S.set(3, .strokeColor, S.color(0.1, 0.3, 0.8)), S.set(3, .lineWidth, .number(8)),
               S.set(3, .lineCap, .string("round")), S.set(3, .strokeEnd, .number(0.6)), S.add(3, to: 1)]
            + [S.create(4, .shape)] + S.frame(4, 90, 90, 60, 20)
            + [S.set(4, .path, .path(Path(ellipseIn: Rect(x: 0, y: 0, width: 60, height: 20)))),
               S.set(4, .fillColor, S.color(0.3, 0.7, 0.3)), S.add(4, to: 1)])
        // Even-odd: the star's centre pentagon is not filled.
        #expect(near(f.rgba(40, 38), (235, 235, 235, 255)))
        #expect(f.rgba(40, 20).g > 150)
        // strokeEnd 0.6: the wave's start is drawn, its end is not.
        #expect(f.rgba(91, 50).b > 150)
        #expect(near(f.rgba(150, 50), (235, 235, 235, 255)))
        Golden.check(f, "shape")
    }

    @Test func textLayerStringFontColourAlignmentAndWrapping() throws {
        let f = try draw(
            [S.create(2, .text)] + S.frame(2, 5, 5, 150, 30)
            + [S.set(2, .string, .string("Hello")), S.set(2, .font, .string("DejaVu Sans Bold")),
               S.set(2, .fontSize, .number(20)), S.set(2, .foregroundColor, S.color(0.1, 0.1, 0.5)),
               S.set(2, .alignmentMode, .string("center")), S.add(2, to: 1)]
            + [S.create(3, .text)] + S.frame(3, 5, 40, 100, 75)
            + [S.set(3, .string, .string("wrapped text over several lines")), S.set(3, .font, .string("DejaVu Sans")),
               S.set(3, .fontSize, .number(14)), S.set(3, .foregroundColor, S.color(0.7, 0.1, 0.1)),
               S.set(3, .isWrapped, .bool(true)), S.set(3, .backgroundColor, S.color(1, 1, 0.8)), S.add(3, to: 1)])
        // Centred: ink in the middle columns, none at the far left of the first layer.
        let inkColumns = (5..<155).filter { x in (5..<35).contains { f.rgba(x, $0).r < 120 } }
        #expect((inkColumns.first ?? 0) > 40)
        #expect((inkColumns.last ?? 200) < 120)
        // Wrapped: ink on at least three lines within 100 points of width.
        let inkRows = (40..<115).filter { y in (5..<105).contains { f.rgba($0, y).g < 120 } }
        #expect((inkRows.last ?? 0) - (inkRows.first ?? 0) > 35)
        Golden.check(f, "text")
    }

    @Test func contentsBitmapWithContentsRect() throws {
        // A 4×4 bitmap of four coloured quadrants; the second layer shows only its top-right.
        var px: [UInt8] = []
        for y in 0..<4 { for x in 0..<4 {
            let q = (y < 2 ? 0 : 2) + (x < 2 ? 0 : 1)
            let bgra: [[UInt8]] = [[0, 0, 255, 255], [0, 255, 0, 255], [255, 0, 0, 255], [0, 255, 255, 255]]
            px += bgra[q]
        } }
        let bitmap = try Bitmap(width: 4, height: 4, pixels: px)
        let f = try draw(
            [S.create(2)] + S.frame(2, 10, 20, 60, 60) + [S.set(2, .contents, .contents(bitmap)), S.add(2, to: 1)]
            + [S.create(3)] + S.frame(3, 90, 20, 60, 60)
            + [S.set(3, .contents, .contents(bitmap)),
               S.set(3, .contentsRect, .rect(Rect(x: 0.5, y: 0, width: 0.5, height: 0.5))), S.add(3, to: 1)])
        #expect(near(f.rgba(15, 25), (255, 0, 0, 255)))
        #expect(near(f.rgba(65, 75), (255, 255, 0, 255)))
        #expect(near(f.rgba(120, 50), (0, 255, 0, 255)))
        Golden.check(f, "contents")
    }

    @Test func anAnimationIsDrawnWhereItIsAtTheFrameTime() throws {
        let scene = try DrawnScene()
        var move = Animation.basic(.position, from: .point(Point(x: 20, y: 60)), to: .point(Point(x: 140, y: 60)), duration: 1)
        move.timing.beginTime = DrawnScene.start
        try scene.commit(S.scene([S.create(2)] + S.frame(2, 0, 50, 20, 20)
            + [S.set(2, .backgroundColor, S.color(0.1, 0.1, 0.1)), S.add(2, to: 1),
               .addAnimation(2, key: "move", animationID: 1, animation: move)]))
        let f = scene.step(0.5)
        // Half-way: centred at x = 80.
        #expect(near(f.rgba(80, 60), (26, 26, 26, 255)))
        #expect(near(f.rgba(60, 60), (235, 235, 235, 255)))
        Golden.check(f, "animation-halfway")
    }
}
