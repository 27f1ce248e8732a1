// Values: interpolation of each kind, the add/subtract/scale arithmetic animations use,
// distances for paced keyframes, paths, geometry helpers and bitmaps.
import Testing
@testable import RenderCore
#if canImport(Glibc)
import Glibc
#endif

@Suite("Values")
struct ValueTests {
    @Test func colorsInterpolateOnUnpremultipliedComponents() {
        // Opaque red to transparent blue: each component on its own, alpha included.
        let a = Color(red: 1, green: 0, blue: 0, alpha: 1), b = Color(red: 0, green: 0, blue: 1, alpha: 0)
        let v = AnimatableValue.interpolate(.color(a), .color(b), 0.5).color!
        #expect(near(v, Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.5)))
        // (Premultiplied interpolation would give blue 0 here, since b's premultiplied blue is 0.)
        let q = AnimatableValue.interpolate(.color(Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)),
                                            .color(Color(red: 1, green: 0, blue: 0.2, alpha: 0.4)), 0.25).color!
        #expect(near(q, Color(red: 0.4, green: 0.3, blue: 0.5, alpha: 0.7)))
    }

    @Test func scalarsPointsSizesRectsInterpolate() {
        #expect(AnimatableValue.interpolate(.number(2), .number(10), 0.25) == .number(4))
        #expect(AnimatableValue.interpolate(.number(2), .number(10), 1.5) == .number(14))
        #expect(AnimatableValue.interpolate(.point(Point(0, 10)), .point(Point(10, 0)), 0.3) == .point(Point(3, 7)))
        #expect(AnimatableValue.interpolate(.size(Size(2, 4)), .size(Size(4, 8)), 0.5) == .size(Size(3, 6)))
        #expect(AnimatableValue.interpolate(.rect(Rect(x: 0, y: 0, width: 10, height: 10)),
                                            .rect(Rect(x: 10, y: 20, width: 30, height: 50)), 0.5)
                == .rect(Rect(x: 5, y: 10, width: 20, height: 30)))
    }

    @Test func discreteKindsSwitchAtHalf() {
        #expect(AnimatableValue.interpolate(.bool(false), .bool(true), 0.49) == .bool(false))
        #expect(AnimatableValue.interpolate(.bool(false), .bool(true), 0.5) == .bool(true))
        #expect(AnimatableValue.interpolate(.string("a"), .string("b"), 0.7) == .string("b"))
        #expect(AnimatableValue.interpolate(.contents(nil), .contents(Bitmap(width: 1, height: 1, fill: .red)), 0.2) == .contents(nil))
        // Mismatched kinds too.
        #expect(AnimatableValue.interpolate(.number(1), .point(.zero), 0.2) == .number(1))
        #expect(AnimatableValue.interpolate(.number(1), .point(.zero), 0.8) == .point(.zero))
        #expect(!AnimatableValue.bool(true).isInterpolable && AnimatableValue.path(.empty).isInterpolable)
    }

    static let samples: [(AnimatableValue, AnimatableValue)] = [
        (.number(3), .number(-7.5)),
        (.point(Point(1, 2)), .point(Point(-4, 9))),
        (.size(Size(3, 4)), .size(Size(10, 0.5))),
        (.rect(Rect(x: 1, y: 2, width: 3, height: 4)), .rect(Rect(x: -5, y: 6, width: 70, height: 8))),
        (.color(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)), .color(Color(red: 0.9, green: 0.5, blue: 0, alpha: 1))),
        (.transform(matmul(rotationZ(0.3), .translation(x: 4, y: 5))), .transform(matmul(.scale(x: 2, y: 3), .rotation(angle: 1, x: 1, y: 0, z: 0)))),
    ]

    @Test("adding undoes subtracting: a + (b − a) = b", arguments: samples)
    func addSubtractInverse(a: AnimatableValue, b: AnimatableValue) {
        let back = a.adding(b.subtracting(a))
        switch (back, b) {
        case let (.transform(x), .transform(y)): #expect(near(x, y, 1e-12))
        case let (.color(x), .color(y)): #expect(near(x, y, 1e-15))
        default: #expect(back == b)
        }
        // and (a + d) − a = d
        let d = b
        let again = a.adding(d).subtracting(a)
        switch (again, d) {
        case let (.transform(x), .transform(y)):
            // For transforms "adding" prepends: (d × a) × a⁻¹ = d.
            #expect(near(x, y, 1e-12))
        case let (.number(x), .number(y)): #expect(near(x, y, 1e-12))
        case let (.point(x), .point(y)): #expect(near(x, y, 1e-12))
        case let (.size(x), .size(y)): #expect(near(x, y, 1e-12))
        case let (.rect(x), .rect(y)): #expect(near(x, y, 1e-12))
        case let (.color(x), .color(y)): #expect(near(x, y, 1e-12))
        default: Issue.record("unexpected kinds")
        }
    }

    @Test func arithmeticByHand() {
        #expect(AnimatableValue.point(Point(1, 2)).adding(.point(Point(10, 20))) == .point(Point(11, 22)))
        #expect(AnimatableValue.color(.red).adding(.color(.blue)) == .color(Color(red: 1, green: 0, blue: 1, alpha: 2)))
        // Transforms: delta first, then self.
        let s = AnimatableValue.transform(.scale(x: 2, y: 2)).adding(.transform(.translation(x: 5, y: 0)))
        #expect(s == .transform(matmul(.translation(x: 5, y: 0), .scale(x: 2, y: 2))))
        // Subtracting a singular transform gives the identity; discrete kinds take the delta.
        #expect(AnimatableValue.transform(.identity).subtracting(.transform(.scale(x: 0, y: 1))) == .transform(.identity))
        #expect(AnimatableValue.bool(false).adding(.bool(true)) == .bool(true))
        #expect(AnimatableValue.string("x").subtracting(.string("y")) == .string("x"))
    }

    @Test func scaledRepeatsTheDelta() {
        #expect(AnimatableValue.number(1.5).scaled(by: 4) == .number(6))
        #expect(AnimatableValue.point(Point(1, -2)).scaled(by: 3) == .point(Point(3, -6)))
        #expect(AnimatableValue.color(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)).scaled(by: 0)
                == .color(Color(red: 0, green: 0, blue: 0, alpha: 0)))
        // Transforms are raised to the power: R(θ)ⁿ = R(nθ), T(x)ⁿ = T(nx).
        #expect(near(AnimatableValue.transform(rotationZ(0.1)).scaled(by: 7).transform!, rotationZ(0.7), 1e-12))
        #expect(AnimatableValue.transform(rotationZ(0.1)).scaled(by: 0) == .transform(.identity))
        #expect(near(AnimatableValue.transform(.translation(x: 2, y: 0)).scaled(by: 1000).transform!,
                     .translation(x: 2000, y: 0), 1e-9))
        #expect(near(AnimatableValue.transform(rotationZ(0.001)).scaled(by: 12345).transform!, rotationZ(12.345), 1e-9))
    }

    @Test func distances() {
        #expect(AnimatableValue.number(3).distance(to: .number(-1)) == 4)
        #expect(AnimatableValue.point(Point(0, 0)).distance(to: .point(Point(3, 4))) == 5)
        #expect(AnimatableValue.size(Size(1, 1)).distance(to: .size(Size(4, 5))) == 5)
        #expect(AnimatableValue.rect(Rect(x: 0, y: 0, width: 0, height: 0)).distance(to: .rect(Rect(x: 1, y: 1, width: 1, height: 1))) == 2)
        #expect(AnimatableValue.color(.black).distance(to: .color(Color(red: 0, green: 0, blue: 0, alpha: 0))) == 1)
        #expect(AnimatableValue.bool(true).distance(to: .bool(true)) == 0)
        #expect(AnimatableValue.bool(true).distance(to: .bool(false)) == 1)
        #expect(AnimatableValue.number(1).distance(to: .point(.zero)) == 1)
        // Transforms: translation distance + scale distance + rotation angle.
        let a = Transform3D.identity
        let b = matmul(matmul(.scale(x: 2, y: 1), rotationZ(0.5)), .translation(x: 3, y: 4))
        #expect(near(AnimatableValue.transform(a).distance(to: .transform(b)), 5 + 1 + 0.5, 1e-12))
        var flat = Transform3D.identity; flat.m44 = 0
        #expect(near(Transform3D.distance(a, flat), 1, 1e-15))
    }

    @Test func pathsOfTheSameStructureInterpolatePointByPoint() {
        let a = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        let b = Path(rect: Rect(x: 10, y: 20, width: 30, height: 50))
        let mid = Path.interpolate(a, b, 0.5)
        #expect(mid == Path(rect: Rect(x: 5, y: 10, width: 20, height: 30)))
        #expect(AnimatableValue.interpolate(.path(a), .path(b), 0.5) == .path(mid))
        var c1 = Path(); c1.move(to: Point(0, 0)); c1.addCurve(to: Point(10, 0), control1: Point(0, 10), control2: Point(10, 10))
        c1.addQuadCurve(to: Point(20, 0), control: Point(15, -10))
        var c2 = Path(); c2.move(to: Point(0, 10)); c2.addCurve(to: Point(30, 0), control1: Point(2, 10), control2: Point(30, 30))
        c2.addQuadCurve(to: Point(40, 0), control: Point(35, 10))
        #expect(c1.hasSameStructure(as: c2))
        let m = Path.interpolate(c1, c2, 0.5)
        #expect(m.elements == [.move(Point(0, 5)), .cubic(Point(1, 10), Point(20, 20), Point(20, 0)), .quad(Point(25, 0), Point(30, 0))])
    }

    @Test func pathsOfDifferentStructureSwitch() {
        let rect = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        let oval = Path(ellipseIn: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(!rect.hasSameStructure(as: oval))
        #expect(Path.interpolate(rect, oval, 0.49) == rect)
        #expect(Path.interpolate(rect, oval, 0.5) == oval)
        var lineFirst = Path(); lineFirst.move(to: .zero); lineFirst.addLine(to: Point(1, 1))
        var quadFirst = Path(); quadFirst.move(to: .zero); quadFirst.addQuadCurve(to: Point(1, 1), control: .zero)
        #expect(!lineFirst.hasSameStructure(as: quadFirst))
    }

    @Test func pathConstructors() {
        let r = Path(roundedRect: Rect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 50)
        // The radius is clamped to half the shorter side: 20.
        #expect(r.elements.first == .move(Point(20, 0)))
        #expect(r.controlPointBounds == Rect(x: 0, y: 0, width: 100, height: 40))
        #expect(Path(roundedRect: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 0) == Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)))
        let e = Path(ellipseIn: Rect(x: -10, y: -10, width: 20, height: 20))
        #expect(e.controlPointBounds == Rect(x: -10, y: -10, width: 20, height: 20))
        #expect(Path.empty.controlPointBounds == .zero && Path.empty.isEmpty)
    }

    @Test func geometry() {
        let flipped = Rect(x: 10, y: 10, width: -4, height: 6)
        #expect(flipped.minX == 6 && flipped.maxX == 10 && flipped.minY == 10 && flipped.maxY == 16)
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: -5, width: 10, height: 10)
        #expect(a.union(b) == Rect(x: 0, y: -5, width: 15, height: 15))
        #expect(a.intersection(b) == Rect(x: 5, y: 0, width: 5, height: 5))
        #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)) == nil)
        #expect(a.union(.zero) == a && Rect.zero.union(a) == a)
        #expect(Point(0, 0).distance(to: Point(-3, 4)) == 5)
        var layer = LayerProperties()
        layer.position = Point(100, 50); layer.bounds = Rect(x: 0, y: 0, width: 40, height: 20)
        #expect(layer.frame == Rect(x: 80, y: 40, width: 40, height: 20))
    }

    @Test func colors() {
        #expect(Color(red: -0.5, green: 0.5, blue: 1.5, alpha: 2).clamped == Color(red: 0, green: 0.5, blue: 1, alpha: 1))
        #expect(Color.red.withAlpha(0.5) == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(Color(white: 0.3) == Color(red: 0.3, green: 0.3, blue: 0.3, alpha: 1))
        #expect(AnimatableValue.zero(of: .color) == .color(.clear))
        #expect(AnimatableValue.zero(of: .transform) == .transform(.identity))
        #expect(AnimatableValue.zero(of: .bool) == nil)
    }

    @Test func bitmaps() throws {
        // Premultiplied BGRA: half-transparent red is (0, 0, 128, 128).
        let b = Bitmap(width: 2, height: 1, fill: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(b.pixels == [0, 0, 128, 128, 0, 0, 128, 128])
        #expect(b.byteCount == 8)
        #expect(throws: BitmapError.sizeMismatch(expected: 16, actual: 3)) { try Bitmap(width: 2, height: 2, pixels: [1, 2, 3]) }
        #expect(throws: BitmapError.badDimensions(width: 0, height: 2)) { try Bitmap(width: 0, height: 2, pixels: []) }
        let ok = try Bitmap(width: 1, height: 1, pixels: [1, 2, 3, 4])
        #expect(ok.width == 1 && ok.pixels == [1, 2, 3, 4])
    }
}
