// Key paths: parsing every documented path, errors, and reading and writing components of
// layer properties.
import Testing
@testable import RenderCore
#if canImport(Glibc)
import Glibc
#endif

@Suite("Key paths")
struct KeyPathTests {
    static let documented: [(String, PropertyKey, LayerKeyPath.Component, AnimatableValue.Kind)] = [
        ("position", .position, .whole, .point),
        ("position.x", .position, .x, .number),
        ("position.y", .position, .y, .number),
        ("anchorPoint.x", .anchorPoint, .x, .number),
        ("bounds", .bounds, .whole, .rect),
        ("bounds.origin", .bounds, .origin, .point),
        ("bounds.size", .bounds, .size, .size),
        ("bounds.origin.x", .bounds, .originX, .number),
        ("bounds.origin.y", .bounds, .originY, .number),
        ("bounds.size.width", .bounds, .sizeWidth, .number),
        ("bounds.size.height", .bounds, .sizeHeight, .number),
        ("contentsRect.size.width", .contentsRect, .sizeWidth, .number),
        ("transform", .transform, .whole, .transform),
        ("transform.scale", .transform, .scale, .number),
        ("transform.scale.x", .transform, .scaleX, .number),
        ("transform.scale.y", .transform, .scaleY, .number),
        ("transform.scale.z", .transform, .scaleZ, .number),
        ("transform.rotation", .transform, .rotation, .number),
        ("transform.rotation.x", .transform, .rotationX, .number),
        ("transform.rotation.y", .transform, .rotationY, .number),
        ("transform.rotation.z", .transform, .rotationZ, .number),
        ("transform.translation", .transform, .translation, .size),
        ("transform.translation.x", .transform, .translationX, .number),
        ("transform.translation.y", .transform, .translationY, .number),
        ("transform.translation.z", .transform, .translationZ, .number),
        ("sublayerTransform.rotation.z", .sublayerTransform, .rotationZ, .number),
        ("shadowOffset", .shadowOffset, .whole, .size),
        ("shadowOffset.width", .shadowOffset, .width, .number),
        ("shadowOffset.height", .shadowOffset, .height, .number),
        ("opacity", .opacity, .whole, .number),
        ("backgroundColor", .backgroundColor, .whole, .color),
        ("hidden", .isHidden, .whole, .bool),
        ("isHidden", .isHidden, .whole, .bool),
        ("path", .path, .whole, .path),
        ("strokeEnd", .strokeEnd, .whole, .number),
        ("contents", .contents, .whole, .contents),
        ("string", .string, .whole, .string),
        ("wrapped", .isWrapped, .whole, .bool),
    ]

    @Test("parses every documented key path", arguments: documented)
    func parses(string: String, property: PropertyKey, component: LayerKeyPath.Component, kind: AnimatableValue.Kind) throws {
        let kp = try LayerKeyPath(string)
        #expect(kp.property == property)
        #expect(kp.component == component)
        #expect(kp.valueKind == kind)
        // The description is the canonical spelling and parses back to the same path.
        #expect(try LayerKeyPath(kp.description) == kp)
    }

    @Test func descriptionsAreCoreAnimationNames() throws {
        // `LayerKeyPath("…")` with a literal is the literal initializer (it traps on an
        // unknown path); parsing a run-time string throws.
        let hiddenName = "isHidden"
        let hidden = try LayerKeyPath(hiddenName), rotation = LayerKeyPath("transform.rotation.z")
        #expect(hidden.description == "hidden")
        #expect(rotation.description == "transform.rotation.z")
        #expect(LayerKeyPath(.bounds, .sizeWidth).description == "bounds.size.width")
        let literal: LayerKeyPath = "position.x"
        #expect(literal == LayerKeyPath(.position, .x))
    }

    @Test("unknown key paths are a typed error naming them",
          arguments: ["", "frame", "position.z", "opacity.x", "bounds.width", "transform.skew", "transform.rotation.w",
                      "shadowOffset.x", "position.", ".x", "position..x", "transform.scale.", "Position", "bounds.size.depth"])
    func unknown(string: String) {
        #expect(throws: KeyPathError.unknown(string)) { try LayerKeyPath(string) }
        let message = KeyPathError.unknown(string).description
        #expect(message.contains("\"\(string)\""))
    }

    @Test func everyPropertyParsesByName() throws {
        for key in PropertyKey.allCases {
            #expect(try LayerKeyPath(key.name) == LayerKeyPath(key))
            #expect(PropertyKey(name: key.name) == key)
        }
    }

    @Test func componentWireValuesRoundTrip() {
        for c in LayerKeyPath.Component.allCases {
            #expect(LayerKeyPath.Component(wireValue: c.wireValue) == c)
        }
        #expect(LayerKeyPath.Component(wireValue: 200) == nil)
        #expect(LayerKeyPath.Component.whole.wireValue == 0)
    }

    @Test func readsComponents() {
        var p = LayerProperties()
        p.position = Point(3, 4)
        p.bounds = Rect(x: 1, y: 2, width: 30, height: 40)
        p.shadowOffset = Size(5, 6)
        p.transform = matmul(matmul(.scale(x: 2, y: 3, z: 4), rotationZ(0.7)), .translation(x: 7, y: 8, z: 9))
        #expect(p.value(at: "position.x") == .number(3))
        #expect(p.value(at: "position.y") == .number(4))
        #expect(p.value(at: "bounds.origin") == .point(Point(1, 2)))
        #expect(p.value(at: "bounds.size") == .size(Size(30, 40)))
        #expect(p.value(at: "bounds.size.width") == .number(30))
        #expect(p.value(at: "bounds.origin.y") == .number(2))
        #expect(p.value(at: "shadowOffset.height") == .number(6))
        func n(_ kp: LayerKeyPath) -> Double { p.value(at: kp).number! }
        #expect(near(n("transform.scale.x"), 2, 1e-12) && near(n("transform.scale.y"), 3, 1e-12))
        #expect(near(n("transform.scale.z"), 4, 1e-12) && near(n("transform.scale"), 3, 1e-12))
        #expect(near(n("transform.rotation.z"), 0.7, 1e-12) && near(n("transform.rotation"), 0.7, 1e-12))
        #expect(near(n("transform.rotation.x"), 0, 1e-12) && near(n("transform.rotation.y"), 0, 1e-12))
        #expect(near(n("transform.translation.x"), 7, 1e-12) && near(n("transform.translation.z"), 9, 1e-12))
        #expect(near(p.value(at: "transform.translation").size!, Size(7, 8), 1e-12))
        // Rotation about x reads back.
        p.transform = .rotation(angle: 0.4, x: 1, y: 0, z: 0)
        #expect(near(n("transform.rotation.x"), 0.4, 1e-12))
        #expect(near(n("transform.rotation.z"), 0, 1e-12))
    }

    @Test func writesComponents() throws {
        var p = LayerProperties()
        try p.setValue(.number(9), at: "position.y")
        #expect(p.position == Point(0, 9))
        try p.setValue(.number(50), at: "bounds.size.width")
        try p.setValue(.point(Point(-1, -2)), at: "bounds.origin")
        #expect(p.bounds == Rect(x: -1, y: -2, width: 50, height: 0))
        try p.setValue(.size(Size(7, 8)), at: "bounds.size")
        #expect(p.bounds == Rect(x: -1, y: -2, width: 7, height: 8))
        try p.setValue(.number(-1), at: "shadowOffset.width")
        #expect(p.shadowOffset == Size(-1, -3))
        try p.setValue(.number(0.5), at: "opacity")
        #expect(p.opacity == 0.5)
        try p.setValue(.bool(true), at: "hidden")
        #expect(p.isHidden)
    }

    @Test func settingRotationZKeepsTranslationAndScale() throws {
        var p = LayerProperties()
        p.transform = matmul(matmul(.scale(x: 2, y: 3), rotationZ(0.2)), .translation(x: 10, y: 20))
        try p.setValue(.number(1.1), at: "transform.rotation.z")
        #expect(near(p.transform, matmul(matmul(.scale(x: 2, y: 3), rotationZ(1.1)), .translation(x: 10, y: 20)), 1e-12))
        try p.setValue(.number(-2.5), at: "transform.rotation")
        #expect(near(p.transform, matmul(matmul(.scale(x: 2, y: 3), rotationZ(-2.5)), .translation(x: 10, y: 20)), 1e-12))
        // Past π the matrix is the same rotation.
        try p.setValue(.number(3 * .pi / 2), at: "transform.rotation.z")
        #expect(near(p.transform, matmul(matmul(.scale(x: 2, y: 3), rotationZ(-.pi / 2)), .translation(x: 10, y: 20)), 1e-12))
        // Scale and translation components leave the rotation alone.
        p.transform = matmul(rotationZ(0.3), .translation(x: 5, y: 6))
        try p.setValue(.number(4), at: "transform.scale.y")
        #expect(near(p.transform, matmul(matmul(.scale(x: 1, y: 4), rotationZ(0.3)), .translation(x: 5, y: 6)), 1e-12))
        try p.setValue(.number(-7), at: "transform.translation.x")
        #expect(near(p.transform, matmul(matmul(.scale(x: 1, y: 4), rotationZ(0.3)), .translation(x: -7, y: 6)), 1e-12))
        try p.setValue(.number(2), at: "transform.scale")
        #expect(near(p.transform, matmul(matmul(.scale(x: 2, y: 2, z: 2), rotationZ(0.3)), .translation(x: -7, y: 6)), 1e-12))
        // Rotation about x then z: Rx, then Rz.
        var q = LayerProperties()
        try q.setValue(.number(0.5), at: "transform.rotation.x")
        try q.setValue(.number(0.25), at: "transform.rotation.z")
        #expect(near(q.transform, matmul(.rotation(angle: 0.5, x: 1, y: 0, z: 0), rotationZ(0.25)), 1e-12))
    }

    @Test func perspectiveSurvivesAComponentWrite() throws {
        var p = LayerProperties()
        p.transform = Transform3D.perspective(distance: 500)
        try p.setValue(.number(.pi / 2), at: "transform.rotation.y")
        #expect(near(p.transform, matmul(.rotation(angle: .pi / 2, x: 0, y: 1, z: 0), .perspective(distance: 500)), 1e-12))
    }

    @Test func typeMismatchIsATypedError() {
        var p = LayerProperties()
        #expect(throws: KeyPathError.typeMismatch(keyPath: "opacity", expected: .number, got: .point)) {
            try p.setValue(.point(.zero), at: "opacity")
        }
        #expect(throws: KeyPathError.typeMismatch(keyPath: "position.x", expected: .number, got: .size)) {
            try p.setValue(.size(.zero), at: "position.x")
        }
        #expect(throws: KeyPathError.typeMismatch(keyPath: "transform.translation", expected: .size, got: .number)) {
            try p.setValue(.number(1), at: "transform.translation")
        }
        #expect(throws: KeyPathError.typeMismatch(keyPath: "backgroundColor", expected: .color, got: .number)) {
            try p.setValue(.number(1), of: .backgroundColor)
        }
        #expect(p == LayerProperties())
        let e = KeyPathError.typeMismatch(keyPath: "opacity", expected: .number, got: .point)
        #expect(e.description.contains("opacity") && e.description.contains("number") && e.description.contains("point"))
    }

    @Test func everyPropertyGetsAndSetsItsOwnKind() throws {
        var p = LayerProperties()
        for key in PropertyKey.allCases {
            let v = p.value(of: key)
            #expect(v.kind == key.valueKind, "\(key)")
            try p.setValue(v, of: key)
        }
        #expect(p == LayerProperties())
        #expect(p.value(of: .shadowOffset) == .size(Size(0, -3)))
        #expect(p.value(of: .anchorPoint) == .point(Point(0.5, 0.5)))
    }

    @Test func propertyMetadata() {
        #expect(PropertyKey.opacity.isAnimatable && !PropertyKey.isHidden.isAnimatable && !PropertyKey.contents.isAnimatable)
        #expect(PropertyKey.path.layerKinds == [.shape])
        #expect(PropertyKey.fontSize.layerKinds == [.text])
        #expect(PropertyKey.opacity.layerKinds == [.layer, .shape, .text])
    }
}
