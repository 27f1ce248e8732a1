// CABasicAnimation's from / to / by table, the underlying value, additive and cumulative
// animations and `resolvingPrevious`.
import Testing
@testable import RenderCore

@Suite("Basic animation")
struct BasicAnimationTests {
    /// Model opacity 0.2; an earlier animation in the stack holds opacity at 0.6, so the
    /// underlying value the tested animation sees is 0.6, not the model's 0.2.
    static let model: LayerProperties = { var m = LayerProperties(); m.opacity = 0.2; return m }()
    static let earlier = basic(.opacity, from: .number(0.6), to: .number(0.6), duration: 10)

    private func opacity(from: Double? = nil, to: Double? = nil, by: Double? = nil, at t: Double,
                         withEarlier: Bool = true) -> Double {
        let a = basic(.opacity, from: from.map { .number($0) }, to: to.map { .number($0) }, by: by.map { .number($0) },
                      duration: 1)
        return present(Self.model, withEarlier ? [Self.earlier, a] : [a], at: t).opacity
    }

    @Test func fromTo() {
        #expect(near(opacity(from: 0, to: 1, at: 0.25), 0.25))
        #expect(near(opacity(from: 1, to: 0, at: 0.25), 0.75))
    }

    @Test func fromBy() {
        // 0.1 → 0.1 + 0.4
        #expect(near(opacity(from: 0.1, by: 0.4, at: 0), 0.1))
        #expect(near(opacity(from: 0.1, by: 0.4, at: 0.5), 0.3))
        #expect(near(opacity(from: 0.1, by: 0.4, at: 0.999), 0.4996))
    }

    @Test func byTo() {
        // 1 − 0.4 → 1
        #expect(near(opacity(to: 1, by: 0.4, at: 0), 0.6))
        #expect(near(opacity(to: 1, by: 0.4, at: 0.5), 0.8))
    }

    @Test func fromAlone() {
        // from → the underlying value (0.6 with the earlier animation, the model's 0.2 without).
        #expect(near(opacity(from: 0, at: 0.5), 0.3))
        #expect(near(opacity(from: 0, at: 0.5, withEarlier: false), 0.1))
    }

    @Test func toAlone() {
        #expect(near(opacity(to: 1, at: 0.5), 0.8))
        #expect(near(opacity(to: 1, at: 0.5, withEarlier: false), 0.6))
    }

    @Test func byAlone() {
        #expect(near(opacity(by: 0.2, at: 0.5), 0.7))
        #expect(near(opacity(by: 0.2, at: 0.5, withEarlier: false), 0.3))
    }

    @Test func noneHoldsTheUnderlyingValue() {
        #expect(near(opacity(at: 0.5), 0.6))
        #expect(near(opacity(at: 0.5, withEarlier: false), 0.2))
    }

    @Test func resolvingPreviousFillsFromForTheNoneCase() {
        let none = BasicAnimation(keyPath: .opacity)
        let resolved = none.resolvingPrevious(.number(0))
        #expect(resolved.from == .number(0) && resolved.to == nil && resolved.by == nil)
        // previous presentation value 0 → current (underlying) value 0.6
        let a = animation(.basic(resolved), duration: 1)
        #expect(near(present(Self.model, [Self.earlier, a], at: 0.5).opacity, 0.3))
        // Any endpoint already set: unchanged.
        let withTo = BasicAnimation(keyPath: .opacity, to: .number(1))
        #expect(withTo.resolvingPrevious(.number(0)) == withTo)
        let withBy = BasicAnimation(keyPath: .opacity, by: .number(1))
        #expect(withBy.resolvingPrevious(.number(0)) == withBy)
    }

    @Test func endpointsTable() {
        let u = AnimatableValue.point(Point(10, 20))
        func ends(_ f: Point?, _ t: Point?, _ b: Point?) -> (Point, Point) {
            let e = BasicAnimation(keyPath: .position, from: f.map { .point($0) }, to: t.map { .point($0) },
                                   by: b.map { .point($0) }).endpoints(underlying: u)
            return (e.from.point!, e.to.point!)
        }
        let f = Point(1, 2), t = Point(5, 7), b = Point(100, 200)
        #expect(ends(f, t, nil) == (f, t))
        #expect(ends(f, t, b) == (f, t))                       // by is ignored when both ends are set
        #expect(ends(f, nil, b) == (f, Point(101, 202)))
        #expect(ends(nil, t, b) == (Point(-95, -193), t))
        #expect(ends(f, nil, nil) == (f, Point(10, 20)))
        #expect(ends(nil, t, nil) == (Point(10, 20), t))
        #expect(ends(nil, nil, b) == (Point(10, 20), Point(110, 220)))
        #expect(ends(nil, nil, nil) == (Point(10, 20), Point(10, 20)))
    }

    @Test func pointsRectsAndColorsInterpolateComponentWise() {
        var model = LayerProperties()
        model.position = Point(1, 1)
        let pos = basic(.position, from: .point(Point(0, 100)), to: .point(Point(200, -100)))
        #expect(present(model, [pos], at: 0.25).position == Point(50, 50))
        let bounds = basic(.bounds, from: .rect(Rect(x: 0, y: 0, width: 10, height: 20)),
                           to: .rect(Rect(x: 10, y: -10, width: 30, height: 60)))
        #expect(near(present(model, [bounds], at: 0.5).bounds, Rect(x: 5, y: -5, width: 20, height: 40)))
        let color = basic(.backgroundColor, from: .color(Color(red: 1, green: 0, blue: 0, alpha: 1)),
                          to: .color(Color(red: 0, green: 0, blue: 1, alpha: 0.5)))
        #expect(near(present(model, [color], at: 0.5).backgroundColor, Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.75)))
    }

    @Test func timingFunctionWarpsProgress() {
        let a = basic(.opacity, from: .number(0), to: .number(1), timingFunction: .easeIn)
        // easeIn at curve parameter ½: x = 0.6575, y = 0.5 (Bernstein form).
        #expect(near(present(LayerProperties(), [a], at: 0.6575).opacity, 0.5, 1e-9))
        let sym = basic(.opacity, from: .number(0), to: .number(1), timingFunction: .easeInEaseOut)
        #expect(near(present(LayerProperties(), [sym], at: 0.5).opacity, 0.5, 1e-12))
    }

    @Test func additiveAddsToTheModel() {
        var model = LayerProperties(); model.position = Point(100, 100)
        let shake = basic(.position, from: .point(Point(-10, 0)), to: .point(Point(10, 0)), additive: true)
        #expect(present(model, [shake], at: 0.5).position == Point(100, 100))
        #expect(present(model, [shake], at: 0.25).position == Point(95, 100))
        // Only `to`: from the additive identity.
        let nudge = basic(.position, to: .point(Point(20, 0)), additive: true)
        #expect(present(model, [nudge], at: 0.5).position == Point(110, 100))
        // Only `by`: from the additive identity to `by`.
        let by = basic(.position, by: .point(Point(0, 8)), additive: true)
        #expect(present(model, [by], at: 0.5).position == Point(100, 104))
    }

    @Test func stackOrderDecides() {
        var model = LayerProperties(); model.position = Point(100, 100)
        let hold = basic(.position, from: .point(Point(50, 50)), to: .point(Point(50, 50)))
        let add = basic(.position, from: .point(Point(0, 0)), to: .point(Point(10, 0)), additive: true)
        // Non-additive then additive: 50 + 5.
        #expect(present(model, [hold, add], at: 0.5).position == Point(55, 50))
        // Additive then non-additive: the later one replaces.
        #expect(present(model, [add, hold], at: 0.5).position == Point(50, 50))
        // Two additive ones both add.
        #expect(present(model, [add, add], at: 0.5).position == Point(110, 100))
    }

    @Test func additiveTransformConcatenates() {
        var model = LayerProperties(); model.transform = .translation(x: 100, y: 0)
        let spin = basic(.transform, from: .transform(.identity), to: .transform(rotationZ(.pi / 2)), additive: true)
        // Halfway: a rotation of π/4 applied in the layer's own space, then the model.
        let expected = matmul(rotationZ(.pi / 4), .translation(x: 100, y: 0))
        #expect(near(present(model, [spin], at: 0.5).transform, expected, 1e-12))
    }

    @Test func cumulativeRepeatsBuildOnEachOther() {
        let a = kept(basic(.init(.position, .x), from: .number(0), to: .number(10), cumulative: true, fill: .forwards) {
            $0.repeatCount = 3
        })
        let m = LayerProperties()
        #expect(near(present(m, [a], at: 0.5).position.x, 5))
        #expect(near(present(m, [a], at: 1.5).position.x, 15))
        #expect(near(present(m, [a], at: 2.5).position.x, 25))
        #expect(near(present(m, [a], at: 3).position.x, 30))
        #expect(near(present(m, [a], at: 9).position.x, 30))
        // Not cumulative: every cycle starts again.
        var plain = a
        if case var .basic(b) = plain.kind { b.isCumulative = false; plain.kind = .basic(b) }
        #expect(near(present(m, [plain], at: 2.5).position.x, 5))
    }

    @Test func cumulativeByAndTransforms() {
        let m = LayerProperties()
        let by = basic(.opacity, by: .number(0.1), cumulative: true) { $0.repeatCount = 4 }
        // underlying 1 → 1.1; in cycle 3 at ½: 1.05 + 3 × 0.1
        #expect(near(present(m, [by], at: 3.5).opacity, 1.35))
        let turn = basic(.transform, from: .transform(.identity), to: .transform(rotationZ(.pi / 3)), cumulative: true) {
            $0.repeatCount = 3
        }
        // Cycle 2 at ½: π/6 + 2 × π/3.
        #expect(near(present(m, [turn], at: 2.5).transform, rotationZ(5 * .pi / 6), 1e-12))
    }

    @Test func wholeTransformFromByTo() {
        var model = LayerProperties(); model.transform = .scale(x: 2, y: 2)
        // by a translation: underlying → by applied first, then the underlying.
        let a = basic(.transform, by: .transform(.translation(x: 10, y: 0)))
        let end = present(model, [a], at: 0.999999).transform
        #expect(near(end, matmul(.translation(x: 10, y: 0), .scale(x: 2, y: 2)), 1e-4))
    }

    @Test func beforeBeginTheModelShows() {
        var model = LayerProperties(); model.opacity = 0.4
        let a = basic(.opacity, from: .number(0), to: .number(1), begin: 5)
        #expect(present(model, [a], at: 4.99).opacity == 0.4)
    }
}
