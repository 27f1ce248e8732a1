// 3D transforms: products and inverses, Core Animation's rotation convention, the
// prepending operations, affine conversion, and decomposition round trips.
import Testing
@testable import RenderCore
#if canImport(Glibc)
import Glibc
#endif

/// A lower-triangular skew (row-vector layout): y picks up xy·x, z picks up xz·x + yz·y.
func skew(xy: Double, xz: Double = 0, yz: Double = 0) -> Transform3D {
    var t = Transform3D.identity
    t.m21 = xy; t.m31 = xz; t.m32 = yz
    return t
}

private func randomMatrix(_ g: inout SeededGenerator) -> Transform3D {
    Transform3D(rows: (0..<16).map { _ in g.double(-3, 3) })
}

/// A random product of translations, scales, rotations, skews and (optionally) perspective.
func randomComposite(_ g: inout SeededGenerator, perspective: Bool) -> Transform3D {
    var m = Transform3D.identity
    for _ in 0..<Int.random(in: 2...6, using: &g) {
        let f: Transform3D
        switch Int.random(in: 0..<4, using: &g) {
        case 0: f = .translation(x: g.double(-200, 200), y: g.double(-200, 200), z: g.double(-50, 50))
        case 1:
            func s(_ g: inout SeededGenerator) -> Double { (Bool.random(using: &g) ? 1 : -1) * g.double(0.2, 3) }
            f = .scale(x: s(&g), y: s(&g), z: s(&g))
        case 2: f = .rotation(angle: g.double(-7, 7), x: g.double(-1, 1), y: g.double(-1, 1), z: g.double(-1, 1))
        default: f = skew(xy: g.double(-1, 1), xz: g.double(-1, 1), yz: g.double(-1, 1))
        }
        m = matmul(m, f)
    }
    if perspective {
        var p = Transform3D.identity
        p.m34 = -1 / g.double(200, 2000)
        p.m14 = g.double(-1e-3, 1e-3); p.m24 = g.double(-1e-3, 1e-3)
        m = matmul(m, p)
    }
    return m
}

@Suite("Transforms")
struct Transform3DTests {
    @Test func concatenatingIsTheMatrixProduct() {
        var g = SeededGenerator(seed: 1)
        for _ in 0..<200 {
            let a = randomMatrix(&g), b = randomMatrix(&g)
            #expect(near(a.concatenating(b), matmul(a, b), 1e-12))
        }
        #expect(Transform3D.identity.concatenating(.translation(x: 1, y: 2)) == .translation(x: 1, y: 2))
    }

    @Test func inverseTimesMatrixIsIdentity() {
        var g = SeededGenerator(seed: 2)
        var tested = 0
        for _ in 0..<500 {
            let m = randomMatrix(&g)
            guard abs(m.determinant) > 1e-3, let inv = m.inverted() else { continue }
            let scale = m.rows.map(abs).max()! * inv.rows.map(abs).max()!
            #expect(near(matmul(m, inv), .identity, 1e-12 * scale * 16))
            #expect(near(matmul(inv, m), .identity, 1e-12 * scale * 16))
            tested += 1
        }
        #expect(tested > 400)
        for _ in 0..<100 {
            let m = randomComposite(&g, perspective: true)
            let inv = m.inverted()!
            #expect(near(m.concatenating(inv), .identity, 1e-9))
        }
    }

    @Test func singularMatricesHaveNoInverse() {
        #expect(Transform3D.scale(x: 0, y: 1).inverted() == nil)
        #expect(Transform3D(rows: [1, 2, 3, 4, 2, 4, 6, 8, 0, 0, 1, 0, 0, 0, 0, 1]).inverted() == nil)
        #expect(Transform3D.scale(x: 2, y: 3, z: 4).determinant == 24)
    }

    @Test func rotationFollowsCoreAnimation() {
        // CATransform3DMakeRotation(π/2, 0, 0, 1) maps (1, 0) to (0, 1).
        let z = Transform3D.rotation(angle: .pi / 2, x: 0, y: 0, z: 1)
        #expect(near(z.apply(to: Point(1, 0)), Point(0, 1), 1e-15))
        #expect(near(z, rotationZ(.pi / 2), 1e-15))
        // About x: +y turns into +z (row 2 of the matrix is the image of (0, 1, 0)).
        let x = Transform3D.rotation(angle: .pi / 2, x: 1, y: 0, z: 0)
        #expect(near(x.m21, 0, 1e-15) && near(x.m22, 0, 1e-15) && near(x.m23, 1, 1e-15))
        // About y: +z turns into +x.
        let y = Transform3D.rotation(angle: .pi / 2, x: 0, y: 1, z: 0)
        #expect(near(y.m31, 1, 1e-15) && near(y.m32, 0, 1e-15) && near(y.m33, 0, 1e-15))
        // The axis need not be normalized; a zero axis is the identity.
        #expect(near(Transform3D.rotation(angle: 1, x: 0, y: 0, z: 5), rotationZ(1), 1e-15))
        #expect(Transform3D.rotation(angle: 1, x: 0, y: 0, z: 0) == .identity)
        // About (1,1,1) by 2π/3 the axes cycle: x → y.
        let c = Transform3D.rotation(angle: 2 * .pi / 3, x: 1, y: 1, z: 1)
        #expect(near(c.m11, 0, 1e-12) && near(c.m12, 1, 1e-12) && near(c.m13, 0, 1e-12))
    }

    @Test func operationsPrepend() {
        let t = Transform3D.translation(x: 10, y: 0)
        // Scale first, then the translation: (1, 1) → (2, 2) → (12, 2).
        #expect(near(t.scaled(x: 2, y: 2).apply(to: Point(1, 1)), Point(12, 2)))
        let s = Transform3D.scale(x: 2, y: 2)
        // Translate first, then the scale: (1, 1) → (11, 1) → (22, 2).
        #expect(near(s.translated(x: 10, y: 0).apply(to: Point(1, 1)), Point(22, 2)))
        // Rotate first, then translate: (1, 0) → (0, 1) → (10, 1).
        #expect(near(t.rotated(angle: .pi / 2, x: 0, y: 0, z: 1).apply(to: Point(1, 0)), Point(10, 1), 1e-12))
        #expect(near(t.scaled(x: 2, y: 3, z: 4), matmul(.scale(x: 2, y: 3, z: 4), t)))
    }

    @Test func perspectiveDividesByW() {
        let p = Transform3D.perspective(distance: 500)
        #expect(p.m34 == -1.0 / 500)
        #expect(Transform3D.perspective(distance: 0) == .identity)
        // Moved 250 towards the viewer, then perspective: w = 1 − 250/500 = ½, so a point of
        // the layer appears twice as far from the centre.
        let moved = Transform3D.translation(x: 0, y: 0, z: 250).concatenating(p)
        #expect(moved.m44 == 0.5)
        #expect(near(moved.apply(to: Point(10, 4)), Point(20, 8), 1e-12))
        // apply(to:) divides by w = x·m14 + y·m24 + m44.
        var m = Transform3D.identity; m.m14 = 0.001
        #expect(near(m.apply(to: Point(100, 0)), Point(100 / 1.1, 0), 1e-12))
    }

    @Test func affineRoundTrip() {
        let a = AffineTransform.rotation(0.3).scaledBy(x: 2, y: 0.5).translatedBy(x: 4, y: -3)
        let t = Transform3D(a)
        #expect(t.affine == a)
        #expect(near(t.apply(to: Point(3, 7)), a.apply(to: Point(3, 7)), 1e-12))
        #expect(Transform3D.translation(x: 0, y: 0, z: 1).affine == nil)
        #expect(Transform3D.perspective(distance: 100).affine == nil)
        // CGAffineTransformRotate prepends as well: rotate (1, 0) to (0, 1), then translate.
        let r = AffineTransform.translation(5, 0).rotated(by: .pi / 2)
        #expect(near(r.apply(to: Point(1, 0)), Point(5, 1), 1e-12))
        let inv = a.inverted()!
        let id = a.concatenating(inv)
        #expect(near(id.a, 1, 1e-12) && near(id.b, 0, 1e-12) && near(id.c, 0, 1e-12) && near(id.d, 1, 1e-12)
                && near(id.tx, 0, 1e-12) && near(id.ty, 0, 1e-12))
        #expect(AffineTransform.scale(0, 1).inverted() == nil)
    }

    @Test func decompositionOfKnownParts() throws {
        let m = matmul(matmul(.scale(x: 2, y: 3, z: 4), rotationZ(0.5)), .translation(x: 7, y: 8, z: 9))
        let d = try #require(m.decomposed())
        #expect(near(d.translation.x, 7) && near(d.translation.y, 8) && near(d.translation.z, 9))
        #expect(near(d.scale.x, 2) && near(d.scale.y, 3) && near(d.scale.z, 4))
        #expect(near(d.skew.xy, 0) && near(d.skew.xz, 0) && near(d.skew.yz, 0))
        // Rotation by θ about z: quaternion (0, 0, sin θ/2, cos θ/2), up to sign.
        let q = d.quaternion
        let sign = q.w < 0 ? -1.0 : 1.0
        #expect(near(q.x, 0, 1e-12) && near(q.y, 0, 1e-12))
        #expect(near(sign * q.z, sin(0.25), 1e-12) && near(sign * q.w, cos(0.25), 1e-12))
        #expect(near(d.eulerAngles.z, 0.5, 1e-12))
        // Skew comes out as given.
        let k = try #require(matmul(skew(xy: 0.5), .scale(x: 2, y: 2)).decomposed())
        #expect(near(k.skew.xy, 0.5, 1e-12) && near(k.scale.x, 2) && near(k.scale.y, 2))
        // Perspective: identity with m34 = −1/500.
        let p = try #require(Transform3D.perspective(distance: 500).decomposed())
        #expect(near(p.perspective.z, -1.0 / 500) && near(p.perspective.w, 1))
        #expect(DecomposedTransform.identity == Transform3D.identity.decomposed())
    }

    @Test("recompose(decompose(M)) = M for random products", arguments: [false, true])
    func decompositionRoundTrip(perspective: Bool) throws {
        var g = SeededGenerator(seed: perspective ? 11 : 10)
        for _ in 0..<500 {
            let m = randomComposite(&g, perspective: perspective)
            let d = try #require(m.decomposed())
            let back = Transform3D(d)
            #expect(near(back, m, 1e-9), "\(m)\n→ \(back)")
        }
    }

    @Test func homogeneousScaleIsKept() throws {
        // The same projective transform with every entry doubled (m44 = 2) round-trips exactly.
        let m = matmul(rotationZ(0.4), .translation(x: 3, y: 4))
        let doubled = Transform3D(rows: m.rows.map { $0 * 2 })
        let d = try #require(doubled.decomposed())
        #expect(near(Transform3D(d), doubled, 1e-12))
        #expect(near(d.perspective.w, 2, 1e-12))
        // Translate, then perspective (CATransform3DTranslate on a perspective transform):
        // the parts come back as composed.
        let built = Transform3D.perspective(distance: 500).translated(x: 0, y: 0, z: 100)
        let parts = try #require(built.decomposed())
        #expect(near(parts.translation.z, 100, 1e-12) && near(parts.perspective.z, -1.0 / 500, 1e-15))
        #expect(near(parts.perspective.w, 1, 1e-12) && near(parts.scale.x, 1, 1e-12))
    }

    @Test func nonDecomposableMatrices() {
        var flat = Transform3D.identity; flat.m44 = 0
        #expect(flat.decomposed() == nil)
        #expect(Transform3D.scale(x: 0, y: 1).decomposed() == nil)
        #expect(Transform3D.scale(x: 1, y: 1, z: 0).decomposed() == nil)
    }

    @Test func quaternionRoundTrips() {
        var g = SeededGenerator(seed: 5)
        for _ in 0..<200 {
            let angle = g.double(-3, 3), ax = g.double(-1, 1), ay = g.double(-1, 1), az = g.double(-1, 1)
            let q = Quaternion(angle: angle, x: ax, y: ay, z: az)
            #expect(near(q.matrix, .rotation(angle: angle, x: ax, y: ay, z: az), 1e-12))
            let back = Quaternion(rotationMatrix: q.matrix)
            #expect(near(abs(back.dot(q)), 1, 1e-12))
            // Euler angles reproduce the rotation: Rx, then Ry, then Rz.
            let e = q.eulerAngles
            let r = matmul(matmul(.rotation(angle: e.x, x: 1, y: 0, z: 0), .rotation(angle: e.y, x: 0, y: 1, z: 0)),
                           .rotation(angle: e.z, x: 0, y: 0, z: 1))
            #expect(near(r, q.matrix, 1e-9))
        }
        // Angle between rotations.
        let a = Quaternion(angle: 0.3, x: 0, y: 0, z: 1), b = Quaternion(angle: 1.0, x: 0, y: 0, z: 1)
        #expect(near(a.angle(to: b), 0.7, 1e-12))
    }
}
