// Transform interpolation: whole matrices by decomposition (shortest rotation, by
// quaternion), component key paths as scalars (the long way), and the discrete switch for
// matrices without a decomposition.
import Testing
@testable import RenderCore
#if canImport(Glibc)
import Glibc
#endif

@Suite("Transform interpolation")
struct TransformInterpolationTests {
    @Test func wholeTransformTakesTheShortestWay() {
        // identity → rotation 3π/2 about z. As a rotation, 3π/2 is −π/2: halfway is −π/4.
        let a = basic(.transform, from: .transform(.identity), to: .transform(rotationZ(3 * .pi / 2)))
        let half = present(LayerProperties(), [a], at: 0.5).transform
        #expect(near(half, rotationZ(-.pi / 4), 1e-12))
        #expect(near(half.apply(to: Point(1, 0)), Point(cos(-.pi / 4), sin(-.pi / 4)), 1e-12))
        #expect(near(present(LayerProperties(), [a], at: 0.25).transform, rotationZ(-.pi / 8), 1e-12))
    }

    @Test func rotationKeyPathTurnsTheLongWayAsAScalar() {
        let a = basic(.init(.transform, .rotationZ), from: .number(0), to: .number(3 * .pi / 2))
        #expect(near(present(LayerProperties(), [a], at: 0.5).transform, rotationZ(3 * .pi / 4), 1e-12))
        #expect(near(present(LayerProperties(), [a], at: 0.25).transform, rotationZ(3 * .pi / 8), 1e-12))
        // transform.rotation is transform.rotation.z.
        let b = basic(LayerKeyPath("transform.rotation"), from: .number(0), to: .number(2 * .pi))
        #expect(near(present(LayerProperties(), [b], at: 0.5).transform, rotationZ(.pi), 1e-12))
        #expect(near(present(LayerProperties(), [b], at: 0.75).transform, rotationZ(1.5 * .pi), 1e-12))
    }

    @Test func rotationKeyPathKeepsTheModelsTranslationAndScale() {
        var model = LayerProperties()
        model.transform = matmul(.scale(x: 2, y: 3), .translation(x: 10, y: 20))
        let a = basic(.init(.transform, .rotationZ), from: .number(0), to: .number(.pi))
        let t = present(model, [a], at: 0.5).transform
        // scale, then rotate by π/2, then translate
        #expect(near(t, matmul(matmul(.scale(x: 2, y: 3), rotationZ(.pi / 2)), .translation(x: 10, y: 20)), 1e-12))
        // Additive rotation adds to the model's angle.
        var turned = LayerProperties(); turned.transform = rotationZ(0.5)
        let add = basic(.init(.transform, .rotationZ), from: .number(0), to: .number(1), additive: true)
        #expect(near(present(turned, [add], at: 0.5).transform, rotationZ(1), 1e-12))
    }

    @Test func scaleAndTranslationKeyPaths() {
        var model = LayerProperties(); model.transform = rotationZ(0.3)
        let s = basic(.init(.transform, .scale), from: .number(1), to: .number(3))
        #expect(near(present(model, [s], at: 0.5).transform, matmul(.scale(x: 2, y: 2, z: 2), rotationZ(0.3)), 1e-12))
        let sx = basic(.init(.transform, .scaleX), from: .number(1), to: .number(5))
        #expect(near(present(model, [sx], at: 0.25).transform, matmul(.scale(x: 2, y: 1), rotationZ(0.3)), 1e-12))
        let ty = basic(.init(.transform, .translationY), from: .number(0), to: .number(100))
        #expect(near(present(model, [ty], at: 0.5).transform, matmul(rotationZ(0.3), .translation(x: 0, y: 50)), 1e-12))
        let tr = basic(.init(.transform, .translation), from: .size(Size(0, 0)), to: .size(Size(40, -20)))
        #expect(near(present(model, [tr], at: 0.5).transform, matmul(rotationZ(0.3), .translation(x: 20, y: -10)), 1e-12))
    }

    @Test func translationAndScaleInterpolateComponentWise() {
        // scale 3 then translate 100: halfway scale 2 and translation 50 — not the entry-wise mean.
        let b = matmul(.scale(x: 3, y: 3, z: 3), .translation(x: 100, y: 0))
        #expect(near(Transform3D.interpolate(.identity, b, 0.5), matmul(.scale(x: 2, y: 2, z: 2), .translation(x: 50, y: 0)), 1e-12))
        // A rotation with a translation: the translation moves in a straight line.
        let c = matmul(rotationZ(.pi / 2), .translation(x: 100, y: 0))
        #expect(near(Transform3D.interpolate(.identity, c, 0.5), matmul(rotationZ(.pi / 4), .translation(x: 50, y: 0)), 1e-12))
        // End points are the matrices themselves.
        var g = SeededGenerator(seed: 20)
        for _ in 0..<50 {
            let x = randomComposite(&g, perspective: true), y = randomComposite(&g, perspective: true)
            let scale = max(1, x.rows.map(abs).max()!, y.rows.map(abs).max()!)
            #expect(near(Transform3D.interpolate(x, y, 0), x, 1e-9 * scale))
            #expect(near(Transform3D.interpolate(x, y, 1), y, 1e-9 * scale))
        }
    }

    @Test func perspectiveInterpolates() {
        let p = Transform3D.perspective(distance: 500)
        let half = Transform3D.interpolate(.identity, p, 0.5)
        #expect(near(half, Transform3D.perspective(distance: 1000), 1e-15))
    }

    @Test func rotationAboutAnotherAxisSlerps() {
        let b = Transform3D.rotation(angle: 2, x: 1, y: 1, z: 0)
        #expect(near(Transform3D.interpolate(.identity, b, 0.25), .rotation(angle: 0.5, x: 1, y: 1, z: 0), 1e-12))
        // Between two rotations about the same axis: the angles interpolate.
        let a = Transform3D.rotation(angle: 0.2, x: 0, y: 1, z: 0), c = Transform3D.rotation(angle: 1.4, x: 0, y: 1, z: 0)
        #expect(near(Transform3D.interpolate(a, c, 0.5), .rotation(angle: 0.8, x: 0, y: 1, z: 0), 1e-12))
        // Nearly equal rotations (the linear branch of slerp) stay unit and in between.
        let d = Transform3D.rotation(angle: 0.2001, x: 0, y: 1, z: 0)
        #expect(near(Transform3D.interpolate(a, d, 0.5), .rotation(angle: 0.20005, x: 0, y: 1, z: 0), 1e-9))
    }

    @Test func nonDecomposableSwitchesAtHalf() {
        var flat = Transform3D.identity; flat.m44 = 0
        let target = Transform3D.translation(x: 10, y: 0)
        #expect(Transform3D.interpolate(flat, target, 0.49) == flat)
        #expect(Transform3D.interpolate(flat, target, 0.5) == target)
        let squashed = Transform3D.scale(x: 0, y: 1)
        #expect(Transform3D.interpolate(.identity, squashed, 0.499) == .identity)
        #expect(Transform3D.interpolate(.identity, squashed, 0.5) == squashed)
        // Through an animation.
        let a = basic(.transform, from: .transform(.identity), to: .transform(squashed))
        #expect(present(LayerProperties(), [a], at: 0.4).transform == .identity)
        #expect(present(LayerProperties(), [a], at: 0.6).transform == squashed)
    }

    @Test func extrapolationBeyondTheEnds() {
        // Overshooting curves and springs pass t outside 0…1; translations extrapolate.
        let b = Transform3D.translation(x: 100, y: 0)
        #expect(near(Transform3D.interpolate(.identity, b, 1.2), .translation(x: 120, y: 0), 1e-12))
        #expect(near(Transform3D.interpolate(.identity, b, -0.1), .translation(x: -10, y: 0), 1e-12))
    }
}
