import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer

/// Goldens for the properties of wire 20–23, 43 and 54 (contents gravity and scale, dash
/// patterns, shadow paths, text truncation), drawn through the whole server core on the
/// manual clock like `CompositorGoldenTests`.
@Suite struct PropsGoldenTests {
    func draw(_ commands: [Command], step: Double = 1.0 / 60) throws -> CompositedFrame {
        let scene = try DrawnScene()
        try scene.commit(S.scene(commands))
        return scene.step(step)
    }

    /// A `w`×`h` opaque bitmap: red left half, blue right half (BGRA bytes).
    static func halves(_ w: Int, _ h: Int) throws -> Bitmap {
        var px: [UInt8] = []
        for _ in 0..<h { for x in 0..<w { px += x < w / 2 ? [0, 0, 230, 255] : [230, 0, 0, 255] } }
        return try Bitmap(width: w, height: h, pixels: px)
    }

    /// One 40×30 frame per gravity, each showing a 20×10-point bitmap (40×20 pixels at
    /// contentsScale 2) outlined by a 1-point border.
    @Test func contentsGravityAndScale() throws {
        let bitmap = try Self.halves(40, 20)
        var commands: [Command] = []
        for (i, gravity) in LayerContentGravity.allCases.enumerated() {
            let id = LayerID(2 + i)
            let x = 4 + Double(i % 4) * 39, y = 4 + Double(i / 4) * 38
            commands += [S.create(id)] + S.frame(id, x, y, 34, 30)
            commands += [S.set(id, .contents, .contents(bitmap)), S.set(id, .contentsScale, .number(2)),
                         S.set(id, .contentsGravity, .string(gravity.rawValue)),
                         S.set(id, .borderWidth, .number(1)), S.set(id, .borderColor, S.color(0, 0, 0)),
                         S.set(id, .backgroundColor, S.color(1, 1, 1)), S.add(id, to: 1)]
        }
        let f = try draw(commands)
        // center (frame 0 at 4,4 size 34×30): contents 20×10 centred at (21, 19): red left of 21, blue right.
        #expect(near(f.rgba(15, 19), (230, 0, 0, 255), tolerance: 8))
        #expect(near(f.rgba(27, 19), (0, 0, 230, 255), tolerance: 8))
        #expect(near(f.rgba(21, 10), (255, 255, 255, 255), tolerance: 8))
        // top (frame 1 at 43,4): contents at y 4…14, centred in x.
        #expect(near(f.rgba(55, 6), (230, 0, 0, 255), tolerance: 8))
        #expect(near(f.rgba(55, 25), (255, 255, 255, 255), tolerance: 8))
        // bottomRight (frame 8 at 4,80): contents at x 18…38, y 100…110.
        #expect(near(f.rgba(34, 107), (0, 0, 230, 255), tolerance: 8))
        #expect(near(f.rgba(10, 90), (255, 255, 255, 255), tolerance: 8))
        // resize (frame 9 at 43,80): the whole frame, left half red.
        #expect(near(f.rgba(50, 95), (230, 0, 0, 255), tolerance: 8))
        #expect(near(f.rgba(72, 95), (0, 0, 230, 255), tolerance: 8))
        // resizeAspect (frame 10 at 82,80): 34×17 centred vertically: white above and below.
        #expect(near(f.rgba(99, 84), (255, 255, 255, 255), tolerance: 8))
        #expect(near(f.rgba(90, 95), (230, 0, 0, 255), tolerance: 8))
        // resizeAspectFill (frame 11 at 121,80): 60×30 centred: spills 13 points each side.
        #expect(near(f.rgba(112, 95), (230, 0, 0, 255), tolerance: 8))
        Golden.check(f, "contents-gravity")
    }

    @Test func lineDashPatternAndPhase() throws {
        let line = Path([.move(Point(x: 10, y: 10)), .line(Point(x: 150, y: 10))])
        var commands: [Command] = []
        let patterns: [([Double], Double)] = [([10, 5], 0), ([10, 5], 5), ([2, 4, 12, 4], 0), ([8], 0)]
        for (i, (pattern, phase)) in patterns.enumerated() {
            let id = LayerID(2 + i)
            commands += [S.create(id, .shape)] + S.frame(id, 0, Double(i) * 25, 160, 25)
            commands += [S.set(id, .path, .path(line)), S.set(id, .strokeColor, S.color(0.1, 0.2, 0.7)),
                         S.set(id, .fillColor, S.color(0, 0, 0, 0)), S.set(id, .lineWidth, .number(6)),
                         S.set(id, .lineDashPattern, .numbers(pattern)), S.set(id, .lineDashPhase, .number(phase)),
                         S.add(id, to: 1)]
        }
        // A dashed rounded rectangle.
        commands += [S.create(9, .shape)] + S.frame(9, 0, 0, 160, 120)
        commands += [S.set(9, .path, .path(Path(rect: Rect(x: 20, y: 100, width: 120, height: 14)))),
                     S.set(9, .strokeColor, S.color(0.8, 0.3, 0.1)), S.set(9, .fillColor, S.color(0, 0, 0, 0)),
                     S.set(9, .lineWidth, .number(2)), S.set(9, .lineDashPattern, .numbers([6, 3])), S.add(9, to: 1)]
        let f = try draw(commands)
        // [10, 5] from x = 10: dash 10…20, gap 20…25, dash 25…35.
        #expect(f.rgba(15, 10).b > 150)
        #expect(near(f.rgba(22, 10), (235, 235, 235, 255)))
        // Phase 5 shifts it left by 5: dash 10…15, gap 15…20.
        #expect(f.rgba(12, 35).b > 150)
        #expect(near(f.rgba(17, 35), (235, 235, 235, 255)))
        // [8]: 8 on, 8 off.
        #expect(f.rgba(14, 85).b > 150)
        #expect(near(f.rgba(22, 85), (235, 235, 235, 255)))
        Golden.check(f, "line-dash")
    }

    @Test func shadowPathCastsTheShadowOfThePath() throws {
        // Left: no shadow path (the shadow follows the square). Right: a shadow path of an
        // ellipse-like diamond under a square, and a transparent layer with a shadow path.
        let diamond = Path([.move(Point(x: 20, y: 0)), .line(Point(x: 40, y: 20)), .line(Point(x: 20, y: 40)),
                            .line(Point(x: 0, y: 20)), .close])
        var commands: [Command] = [S.create(2)] + S.frame(2, 10, 20, 40, 40)
        commands += [S.set(2, .backgroundColor, S.color(0.2, 0.6, 0.9)), S.set(2, .shadowOpacity, .number(0.8)),
                     S.set(2, .shadowOffset, .size(Size(width: 6, height: 6))), S.set(2, .shadowRadius, .number(2)),
                     S.add(2, to: 1)]
        commands += [S.create(3)] + S.frame(3, 60, 20, 40, 40)
        commands += [S.set(3, .backgroundColor, S.color(0.2, 0.6, 0.9)), S.set(3, .shadowOpacity, .number(0.8)),
                     S.set(3, .shadowOffset, .size(Size(width: 0, height: 30))), S.set(3, .shadowRadius, .number(2)),
                     S.set(3, .shadowPath, .path(diamond)), S.add(3, to: 1)]
        commands += [S.create(4)] + S.frame(4, 110, 20, 40, 40)
        commands += [S.set(4, .shadowOpacity, .number(1)), S.set(4, .shadowColor, S.color(0.7, 0.1, 0.1)),
                     S.set(4, .shadowOffset, .size(Size(width: 0, height: 0))), S.set(4, .shadowRadius, .number(1)),
                     S.set(4, .shadowPath, .path(diamond)), S.add(4, to: 1)]
        let f = try draw(commands)
        // Left: the square's shadow at its lower right.
        #expect(f.rgba(53, 63).r < 120)
        // Middle: the diamond's shadow 30 below the layer's centre (80, 70), not a square's corner.
        #expect(f.rgba(80, 72).r < 120)
        #expect(near(f.rgba(62, 84), (235, 235, 235, 255), tolerance: 12))
        // Right: a red diamond from a layer that draws nothing else.
        #expect(f.rgba(130, 40).r > 150 && f.rgba(130, 40).g < 60)
        #expect(near(f.rgba(112, 22), (235, 235, 235, 255), tolerance: 12))
        Golden.check(f, "shadow-path")
    }

    @Test func truncationModes() throws {
        var commands: [Command] = []
        let modes = ["none", "start", "middle", "end"]
        for (i, mode) in modes.enumerated() {
            let id = LayerID(2 + i)
            commands += [S.create(id, .text)] + S.frame(id, 10, 6 + Double(i) * 22, 110, 18)
            commands += [S.set(id, .string, .string("Truncate \(mode): a line far too long for it")),
                         S.set(id, .fontSize, .number(13)), S.set(id, .foregroundColor, S.color(0.1, 0.1, 0.1)),
                         S.set(id, .backgroundColor, S.color(1, 1, 0.8)),
                         S.set(id, .truncationMode, .string(mode)), S.add(id, to: 1)]
        }
        // Wrapped and truncated at the end: two lines fit, the second ends with an ellipsis.
        commands += [S.create(9, .text)] + S.frame(9, 10, 94, 110, 22)
        commands += [S.set(9, .string, .string("Wrapped text that needs more lines than fit here")),
                     S.set(9, .fontSize, .number(9)), S.set(9, .foregroundColor, S.color(0.1, 0.1, 0.5)),
                     S.set(9, .backgroundColor, S.color(0.85, 1, 0.85)), S.set(9, .isWrapped, .bool(true)),
                     S.set(9, .truncationMode, .string("end")), S.add(9, to: 1)]
        let f = try draw(commands)
        func inkRight(_ y0: Int, _ y1: Int) -> Int {
            var last = 0
            for x in 0..<160 { for y in y0..<y1 where f.rgba(x, y).r < 100 { last = max(last, x) } }
            return last
        }
        // "none" runs past the bounds (x ≥ 120); the truncated lines stop inside them.
        #expect(inkRight(8, 22) > 125)
        #expect(inkRight(30, 44) < 121)
        #expect(inkRight(52, 66) < 121)
        #expect(inkRight(74, 88) < 121)
        Golden.check(f, "truncation")
    }
}
