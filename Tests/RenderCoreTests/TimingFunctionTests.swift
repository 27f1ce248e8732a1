// Timing functions: Core Animation's named curves, the cubic solve, overshoot and
// extrapolation. Expected values come from the Bernstein form of the Bézier, written here.
import Testing
@testable import RenderCore

/// The cubic Bézier from 0 through p1, p2 to 1 at parameter s, Bernstein form.
private func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
}

@Suite("Timing functions")
struct TimingFunctionTests {
    @Test("named curves carry Core Animation's control points",
          arguments: [("linear", 0.0, 0.0, 1.0, 1.0), ("easeIn", 0.42, 0.0, 1.0, 1.0), ("easeOut", 0.0, 0.0, 0.58, 1.0),
                      ("easeInEaseOut", 0.42, 0.0, 0.58, 1.0), ("default", 0.25, 0.1, 0.25, 1.0)])
    func namedControlPoints(name: String, c1x: Double, c1y: Double, c2x: Double, c2y: Double) throws {
        let f = try #require(TimingFunction(name: name))
        #expect(f.c1x == c1x && f.c1y == c1y && f.c2x == c2x && f.c2y == c2y)
        #expect(f.description == name)
    }

    @Test func staticNamesMatchByName() {
        #expect(TimingFunction.linear == TimingFunction(name: "linear"))
        #expect(TimingFunction.easeIn == TimingFunction(name: "easeIn"))
        #expect(TimingFunction.easeOut == TimingFunction(name: "easeOut"))
        #expect(TimingFunction.easeInEaseOut == TimingFunction(name: "easeInEaseOut"))
        #expect(TimingFunction.default == TimingFunction(name: "default"))
        #expect(TimingFunction(name: "bouncy") == nil)
    }

    static let curves: [TimingFunction] = [
        .linear, .easeIn, .easeOut, .easeInEaseOut, .default,
        TimingFunction(0.68, -0.55, 0.265, 1.55),   // back in-out: overshoots both ways
        TimingFunction(0, 0.9, 0.1, 1),             // vertical start tangent
        TimingFunction(0.9, 0, 1, 0.1),             // vertical end tangent
        TimingFunction(0.5, -0.5, 0.5, 1.5),
        TimingFunction(0.1, 0.7, 0.9, 0.3),
        TimingFunction(0.3, 2, 0.7, -1),            // large overshoot
    ]

    @Test("end points map 0 to 0 and 1 to 1", arguments: curves)
    func endPoints(f: TimingFunction) {
        #expect(f.evaluate(0) == 0)
        #expect(f.evaluate(1) == 1)
    }

    @Test func easeInEaseOutIsPointSymmetric() {
        for i in 0...1000 {
            let x = Double(i) / 1000
            let sum = TimingFunction.easeInEaseOut.evaluate(x) + TimingFunction.easeInEaseOut.evaluate(1 - x)
            #expect(near(sum, 1, 1e-9), "y(\(x)) + y(\(1 - x)) = \(sum)")
        }
    }

    @Test func easeInMirrorsEaseOut() {
        for i in 0...1000 {
            let x = Double(i) / 1000
            let sum = TimingFunction.easeIn.evaluate(x) + TimingFunction.easeOut.evaluate(1 - x)
            #expect(near(sum, 1, 1e-9), "easeIn(\(x)) + easeOut(\(1 - x)) = \(sum)")
        }
    }

    @Test func linearIsIdentity() {
        for i in -10...20 {
            let x = Double(i) / 10
            #expect(TimingFunction.linear.evaluate(x) == x)
            #expect(TimingFunction(0.3, 0.3, 0.6, 0.6).evaluate(x) == x)
        }
    }

    @Test("evaluate(x(s)) = y(s) to 1e-6 for every curve parameter", arguments: curves)
    func solveAccuracy(f: TimingFunction) {
        var worst = 0.0
        for i in 0...4000 {
            let s = Double(i) / 4000
            let x = bernstein(f.c1x, f.c2x, s), y = bernstein(f.c1y, f.c2y, s)
            worst = max(worst, abs(f.evaluate(x) - y))
        }
        #expect(worst <= 1e-9, "\(f): worst error \(worst) (the design asks for 1e-6)")
    }

    @Test("the solved parameter stays on the curve's own piece, 0…1", arguments: curves)
    func solvedParameterInUnitInterval(f: TimingFunction) {
        for i in 0...1000 {
            let x = Double(i) / 1000
            let s = f.solveParameter(x)
            #expect(s >= 0 && s <= 1, "\(f): x \(x) solved to s \(s)")
            #expect(near(bernstein(f.c1x, f.c2x, s), x, 1e-9))
        }
    }

    @Test func knownValues() {
        // easeInEaseOut is symmetric: y(0.5) = 0.5 exactly.
        #expect(near(TimingFunction.easeInEaseOut.evaluate(0.5), 0.5, 1e-12))
        // easeIn at s = 0.5: x = 3·¼·½·0.42 + 3·½·¼ + ⅛ = 0.6575, y = 3·½·¼ + ⅛ = 0.5.
        #expect(near(TimingFunction.easeIn.evaluate(0.6575), 0.5, 1e-9))
        // default at s = 0.5: x = 3·¼·½·0.25·2 + ⅛ = 0.3125, y = 3·¼·½·0.1 + 3·¼·½ + ⅛ = 0.5375.
        #expect(near(TimingFunction.default.evaluate(0.3125), 0.5375, 1e-9))
    }

    @Test func overshootLeavesTheUnitInterval() {
        let back = TimingFunction(0.68, -0.55, 0.265, 1.55)
        var lowest = 1.0, highest = 0.0
        for i in 0...1000 {
            let y = back.evaluate(Double(i) / 1000)
            lowest = min(lowest, y); highest = max(highest, y)
        }
        #expect(lowest < -0.05)
        #expect(highest > 1.05)
        // y control points are kept as given, x control points are clamped to 0…1.
        let f = TimingFunction(-0.5, 2, 1.5, -1)
        #expect(f.c1x == 0 && f.c1y == 2 && f.c2x == 1 && f.c2y == -1)
    }

    @Test func extrapolatesAlongTheEndTangents() {
        // Start tangent through P0 and P1, end tangent through P2 and P3.
        let f = TimingFunction(0.5, -0.5, 0.5, 1.5)
        #expect(near(f.startSlope, -1))
        #expect(near(f.endSlope, -1))
        #expect(near(f.evaluate(-0.1), 0.1))
        #expect(near(f.evaluate(-1), 1))
        #expect(near(f.evaluate(1.1), 0.9))
        #expect(near(f.evaluate(2), 0))
        // default: start slope 0.1/0.25, end slope 0 (P2 has y = 1).
        #expect(near(TimingFunction.default.evaluate(-0.5), -0.2))
        #expect(near(TimingFunction.default.evaluate(1.5), 1))
        // easeOut: P1 = P0, so the start tangent is the line through P2: slope 1/0.58.
        #expect(near(TimingFunction.easeOut.evaluate(-0.29), -0.5))
        // easeIn: P2 = P3, so the end tangent is the line through P1: slope 1/0.58.
        #expect(near(TimingFunction.easeIn.evaluate(1.29), 1.5))
        // linear extrapolates as the identity.
        #expect(TimingFunction.linear.evaluate(-0.5) == -0.5)
        #expect(TimingFunction.linear.evaluate(1.5) == 1.5)
    }

    @Test func extrapolationWithVerticalEndTangentsFollowsCSS() {
        // P1.x = 0 with P1.y ≠ 0: CSS uses the line through P0 and P2.
        let f = TimingFunction(0, 0.5, 0.5, 1)
        #expect(near(f.evaluate(-0.1), -0.2))
        // P2.x = 1 with P2.y ≠ 1: CSS uses the line through P1 and P3.
        let g = TimingFunction(0.5, 0, 1, 0.5)
        #expect(near(g.evaluate(1.1), 1.2))
        // Both control points on the vertical through an end: flat.
        let h = TimingFunction(0, 0.5, 0, 1)
        #expect(h.evaluate(-0.3) == 0)
        let k = TimingFunction(1, 0, 1, 0.5)
        #expect(k.evaluate(1.3) == 1)
    }

    @Test func monotoneCurvesAreMonotone() {
        for f in [TimingFunction.easeIn, .easeOut, .easeInEaseOut, .default] {
            var previous = -1.0
            for i in 0...2000 {
                let y = f.evaluate(Double(i) / 2000)
                #expect(y >= previous - 1e-12, "\(f) decreases at \(Double(i) / 2000)")
                previous = y
            }
        }
    }
}
