import Testing
@testable import RenderCore

@Suite struct ContentsGravityTests {
    let bounds = Rect(x: 10, y: 20, width: 100, height: 50)
    let size = Size(width: 40, height: 10)

    @Test func fixedSizeGravitiesPlaceByName() {
        func f(_ g: LayerContentGravity) -> Rect { g.frame(forContentsOf: size, in: bounds) }
        #expect(f(.center) == Rect(x: 40, y: 40, width: 40, height: 10))
        #expect(f(.top) == Rect(x: 40, y: 20, width: 40, height: 10))
        #expect(f(.bottom) == Rect(x: 40, y: 60, width: 40, height: 10))
        #expect(f(.left) == Rect(x: 10, y: 40, width: 40, height: 10))
        #expect(f(.right) == Rect(x: 70, y: 40, width: 40, height: 10))
        #expect(f(.topLeft) == Rect(x: 10, y: 20, width: 40, height: 10))
        #expect(f(.topRight) == Rect(x: 70, y: 20, width: 40, height: 10))
        #expect(f(.bottomLeft) == Rect(x: 10, y: 60, width: 40, height: 10))
        #expect(f(.bottomRight) == Rect(x: 70, y: 60, width: 40, height: 10))
    }

    @Test func resizingGravities() {
        #expect(LayerContentGravity.resize.frame(forContentsOf: size, in: bounds) == bounds)
        // Aspect fit: 4:1 into 2:1 → width-bound, 100×25, centred vertically.
        #expect(LayerContentGravity.resizeAspect.frame(forContentsOf: size, in: bounds)
                == Rect(x: 10, y: 32.5, width: 100, height: 25))
        // Aspect fill: height-bound, 200×50, centred horizontally (spills 50 each side).
        #expect(LayerContentGravity.resizeAspectFill.frame(forContentsOf: size, in: bounds)
                == Rect(x: -40, y: 20, width: 200, height: 50))
        // Degenerate contents: the bounds.
        #expect(LayerContentGravity.center.frame(forContentsOf: Size(width: 0, height: 5), in: bounds) == bounds)
    }

    @Test func everyNameRoundTripsAndDefaultsAreCoreAnimations() {
        #expect(LayerContentGravity.allCases.count == 12)
        for g in LayerContentGravity.allCases { #expect(LayerContentGravity(name: g.rawValue) == g) }
        let p = LayerProperties()
        #expect(p.contentsGravity == "resize" && p.contentsScale == 1 && p.mask == 0)
        #expect(p.shadowPath.isEmpty && p.lineDashPattern.isEmpty && p.truncationMode == "none")
        #expect(!PropertyKey.contentsScale.isAnimatable && PropertyKey.shadowPath.isAnimatable)
        #expect(!PropertyKey.mask.isAnimatable && !PropertyKey.lineDashPattern.isAnimatable)
        #expect(PropertyKey.lineDashPattern.exists(on: .shape) && !PropertyKey.lineDashPattern.exists(on: .layer))
        #expect(PropertyKey.truncationMode.exists(on: .text) && !PropertyKey.truncationMode.exists(on: .shape))
    }
}
