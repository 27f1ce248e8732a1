// CAKeyframeAnimation: key times, per-segment timing functions, discrete holds, paced and
// cubic modes, paths with rotation modes, cumulative and additive keyframes.
import Testing
@testable import RenderCore

private func numbers(_ v: [Double]) -> [AnimatableValue] { v.map { .number($0) } }

private func keyframes(_ keyPath: LayerKeyPath = .opacity, values: [AnimatableValue], path: Path? = nil,
                       keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                       mode: KeyframeAnimation.CalculationMode = .linear, rotation: KeyframeAnimation.RotationMode = .none,
                       additive: Bool = false, cumulative: Bool = false) -> KeyframeAnimation {
    KeyframeAnimation(keyPath: keyPath, values: values, path: path, keyTimes: keyTimes, timingFunctions: timingFunctions,
                      calculationMode: mode, rotationMode: rotation, isAdditive: additive, isCumulative: cumulative)
}

private func number(_ k: KeyframeAnimation, _ p: Double) -> Double { k.value(at: p)!.number! }
private func point(_ k: KeyframeAnimation, _ p: Double) -> Point { k.value(at: p)!.point! }

@Suite("Keyframe animation")
struct KeyframeAnimationTests {
    @Test func linearWithoutKeyTimesSharesTheDurationEqually() {
        let k = keyframes(values: numbers([0, 10, 30]))
        for (p, v) in [(0.0, 0.0), (0.25, 5), (0.5, 10), (0.75, 20), (1, 30)] {
            #expect(near(number(k, p), v), "at \(p)")
        }
    }

    @Test func linearWithKeyTimes() {
        let k = keyframes(values: numbers([0, 10, 30]), keyTimes: [0, 0.2, 1])
        for (p, v) in [(0.0, 0.0), (0.1, 5), (0.2, 10), (0.6, 20), (1, 30)] {
            #expect(near(number(k, p), v), "at \(p)")
        }
        // Before the first key time the first value holds; after the last, the last.
        let late = keyframes(values: numbers([0, 10]), keyTimes: [0.5, 0.75])
        #expect(number(late, 0.25) == 0)
        #expect(number(late, 0.625) == 5)
        #expect(number(late, 0.9) == 10)
        // A zero-length segment jumps.
        let jump = keyframes(values: numbers([0, 10, 20, 30]), keyTimes: [0, 0.5, 0.5, 1])
        #expect(near(number(jump, 0.25), 5))
        #expect(near(number(jump, 0.75), 25))
    }

    @Test func singleValueHolds() {
        #expect(number(keyframes(values: numbers([7])), 0.3) == 7)
        #expect(keyframes(values: []).value(at: 0.3) == nil)
    }

    @Test func perSegmentTimingFunctions() {
        let k = keyframes(values: numbers([0, 10, 30]), timingFunctions: [.easeIn, .linear])
        // Segment 0 spans 0…½; easeIn maps 0.6575 to 0.5 (curve parameter ½), so p = 0.328 75 gives 5.
        #expect(near(number(k, 0.32875), 5, 1e-9))
        #expect(near(number(k, 0.75), 20))
        #expect(number(k, 0.5) == 10)
        // With key times.
        let kt = keyframes(values: numbers([0, 10, 30]), keyTimes: [0, 0.8, 1], timingFunctions: [.linear, .easeIn])
        #expect(near(number(kt, 0.8 + 0.2 * 0.6575), 20, 1e-9))
        #expect(near(number(kt, 0.4), 5))
    }

    @Test func animationTimingFunctionAppliesBeforeKeyTimes() {
        let k = keyframes(values: numbers([0, 10, 30]), keyTimes: [0, 0.5, 1])
        let a = animation(.keyframe(k), duration: 1, timingFunction: .easeIn)
        // Local progress 0.6575 → eased 0.5 → key time 0.5 → 10.
        #expect(near(present(LayerProperties(), [a], at: 0.6575).opacity, 10, 1e-8))
    }

    @Test func discreteWithoutKeyTimes() {
        let k = keyframes(values: numbers([1, 2, 3]), mode: .discrete)
        for (p, v) in [(0.0, 1.0), (0.33, 1), (0.34, 2), (0.66, 2), (0.67, 3), (1, 3)] {
            #expect(number(k, p) == v, "at \(p)")
        }
    }

    @Test func discreteWithOneKeyTimePerValue() {
        let k = keyframes(values: numbers([1, 2, 3]), keyTimes: [0, 0.5, 0.9], mode: .discrete)
        for (p, v) in [(0.0, 1.0), (0.49, 1), (0.5, 2), (0.89, 2), (0.9, 3), (1, 3)] {
            #expect(number(k, p) == v, "at \(p)")
        }
    }

    @Test func discreteWithOneMoreKeyTimeThanValues() {
        // Core Animation's documented convention: value i holds over [kt[i], kt[i+1]).
        let k = keyframes(values: numbers([1, 2, 3]), keyTimes: [0, 0.1, 0.2, 1], mode: .discrete)
        for (p, v) in [(0.0, 1.0), (0.05, 1), (0.1, 2), (0.19, 2), (0.2, 3), (0.99, 3), (1, 3)] {
            #expect(number(k, p) == v, "at \(p)")
        }
    }

    @Test func pacedMovesAtConstantSpeed() {
        // Uneven spacing: 0 → 10 → 40. Paced, the value is 40·p.
        let k = keyframes(values: numbers([0, 10, 40]), keyTimes: [0, 0.9, 1], timingFunctions: [.easeIn, .easeOut],
                          mode: .paced)
        for i in 0...100 {
            let p = Double(i) / 100
            #expect(near(number(k, p), 40 * p, 1e-9), "at \(p)")
        }
    }

    @Test func pacedPointsCoverEqualDistanceInEqualTime() {
        // Legs of 50 and 40 points.
        let k = keyframes(.position, values: [.point(Point(0, 0)), .point(Point(30, 40)), .point(Point(30, 0))], mode: .paced)
        #expect(near(point(k, 0.25), Point(13.5, 18)))
        #expect(near(point(k, 5.0 / 9), Point(30, 40)))
        #expect(near(point(k, 0.75), Point(30, 40 - 17.5)))
        // Arc length walked between samples is constant (90 points over 90 steps).
        var walked = 0.0
        var previous = point(k, 0)
        for i in 1...90 {
            let q = point(k, Double(i) / 90)
            let leg = previous.distance(to: q)
            // Straight legs measure exactly; the one step across the corner measures the chord.
            if i != 50 { #expect(near(leg, 1, 1e-9), "step \(i): \(leg)") }
            walked += leg; previous = q
        }
        #expect(walked > 89.9 && walked <= 90 + 1e-9)
    }

    @Test func cubicPassesThroughTheKeyValuesAtTheKeyTimes() {
        let k = keyframes(values: numbers([0, 10, 5, 20]), keyTimes: [0, 0.2, 0.7, 1], mode: .cubic)
        for (p, v) in [(0.0, 0.0), (0.2, 10), (0.7, 5), (1, 20)] {
            #expect(near(number(k, p), v, 1e-12), "at \(p)")
        }
        // Catmull-Rom mid-segment 10 → 5 with neighbours 0 and 20: tangents (5 − 0)/2 and
        // (20 − 10)/2; Hermite at ½: ½·10 + ⅛·2.5 + ½·5 − ⅛·5 = 7.1875.
        #expect(near(number(k, 0.45), 7.1875, 1e-12))
        // Points: the spline through the corners of a square passes through each corner.
        let corners = [Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)]
        let sq = keyframes(.position, values: corners.map { .point($0) }, mode: .cubic)
        for (i, c) in corners.enumerated() {
            #expect(near(point(sq, Double(i) / 3), c, 1e-9))
        }
        // Between corners it bows outwards (a straight line would stay on y = 0).
        #expect(point(sq, 1.0 / 6).y < 0)
    }

    @Test func cubicPacedPassesThroughTheEnds() {
        let k = keyframes(values: numbers([0, 10, 40]), mode: .cubicPaced)
        #expect(near(number(k, 0), 0))
        #expect(near(number(k, 0.25), 10, 1e-12))
        #expect(near(number(k, 1), 40))
    }

    @Test func pathAnimationFollowsARectangle() {
        // 100 × 50: four segments (top, right, bottom, closing left edge), a quarter of the time each.
        let path = Path(rect: Rect(x: 0, y: 0, width: 100, height: 50))
        let k = keyframes(.position, values: [], path: path)
        let expected: [(Double, Point)] = [(0, Point(0, 0)), (0.125, Point(50, 0)), (0.25, Point(100, 0)),
                                           (0.375, Point(100, 25)), (0.625, Point(50, 50)), (0.875, Point(0, 25)),
                                           (1, Point(0, 0))]
        for (p, q) in expected { #expect(near(point(k, p), q), "at \(p): \(point(k, p))") }
        #expect(k.firstValue == .point(Point(0, 0)))
        #expect(k.lastValue == .point(Point(0, 0)))
    }

    @Test func pathAnimationPacedByArcLength() {
        let path = Path(rect: Rect(x: 0, y: 0, width: 100, height: 50))   // perimeter 300
        let k = keyframes(.position, values: [], path: path, mode: .paced)
        #expect(near(point(k, 0.25), Point(75, 0), 1e-9))
        #expect(near(point(k, 1.0 / 3), Point(100, 0), 1e-9))
        #expect(near(point(k, 0.5), Point(100, 50), 1e-9))
        #expect(near(point(k, 0.9), Point(0, 30), 1e-9))
    }

    @Test func pathAnimationDiscreteVisitsTheVertices() {
        let path = Path(rect: Rect(x: 0, y: 0, width: 100, height: 50))
        let k = keyframes(.position, values: [], path: path, mode: .discrete)
        // Five key points (start and each segment's end), a fifth of the time each.
        #expect(point(k, 0.1) == Point(0, 0))
        #expect(point(k, 0.3) == Point(100, 0))
        #expect(point(k, 0.5) == Point(100, 50))
        #expect(point(k, 0.7) == Point(0, 50))
        #expect(point(k, 0.9) == Point(0, 0))
    }

    @Test func pathAlongACurveStaysOnTheCurve() {
        // A circle of radius 50 about (100, 100) as four cubics: every sample is ≈ 50 away.
        let path = Path(ellipseIn: Rect(x: 50, y: 50, width: 100, height: 100))
        for mode in [KeyframeAnimation.CalculationMode.linear, .paced] {
            let k = keyframes(.position, values: [], path: path, mode: mode)
            for i in 0...64 {
                let r = point(k, Double(i) / 64).distance(to: Point(100, 100))
                #expect(abs(r - 50) < 0.02, "\(mode) at \(i): radius \(r)")
            }
        }
    }

    @Test func rotationModeAutoTurnsToTheTangent() {
        let path = Path(rect: Rect(x: 0, y: 0, width: 100, height: 50))
        let k = keyframes(.position, values: [], path: path, rotation: .auto)
        let a = animation(.keyframe(k), duration: 1)
        var model = LayerProperties(); model.transform = .scale(x: 2, y: 2)
        // Along the top edge heading +x: angle 0; down the right edge (+y): π/2; back along the
        // bottom: π; up the left edge: −π/2. The turn applies before the model transform.
        for (p, angle) in [(0.1, 0.0), (0.3, Double.pi / 2), (0.6, Double.pi), (0.9, -Double.pi / 2)] {
            let presented = present(model, [a], at: p)
            #expect(near(presented.transform, matmul(rotationZ(angle), .scale(x: 2, y: 2)), 1e-9), "at \(p)")
        }
        // Exactly at a corner the layer already faces the new segment's direction.
        #expect(near(k.pathAngle(at: 0.25)!, .pi / 2, 1e-9))
        #expect(near(k.pathAngle(at: 0)!, 0, 1e-9))
        #expect(near(k.pathAngle(at: 1)!, -.pi / 2, 1e-9))
        let reversed = keyframes(.position, values: [], path: path, rotation: .autoReverse)
        #expect(near(reversed.pathAngle(at: 0.1)!, .pi, 1e-9))
        #expect(keyframes(.position, values: [], path: path).pathAngle(at: 0.1) == nil)
    }

    @Test func rotationAlongACircleIsTheTangent() {
        // Counter-clockwise in y-down coordinates starting at (150, 100) heading +y.
        let path = Path(ellipseIn: Rect(x: 50, y: 50, width: 100, height: 100))
        let k = keyframes(.position, values: [], path: path, rotation: .auto)
        #expect(near(k.pathAngle(at: 0)!, .pi / 2, 1e-6))
        #expect(near(k.pathAngle(at: 0.125)!, 3 * .pi / 4, 1e-2))
    }

    @Test func cumulativeKeyframes() {
        let k = keyframes(.init(.position, .x), values: numbers([0, 10, 30]), cumulative: true)
        let a = kept(animation(.keyframe(k), duration: 1, fill: .forwards) { $0.repeatCount = 3 })
        let m = LayerProperties()
        #expect(near(present(m, [a], at: 0.5).position.x, 10))
        #expect(near(present(m, [a], at: 1.5).position.x, 40))
        #expect(near(present(m, [a], at: 2.75).position.x, 80))
        #expect(near(present(m, [a], at: 3).position.x, 90))
    }

    @Test func additiveKeyframes() {
        var m = LayerProperties(); m.position = Point(100, 100)
        let k = keyframes(.position, values: [.point(Point(0, 0)), .point(Point(-10, 0)), .point(Point(10, 0)), .point(Point(0, 0))],
                          additive: true)
        let a = animation(.keyframe(k), duration: 3)
        #expect(present(m, [a], at: 1).position == Point(90, 100))
        #expect(present(m, [a], at: 1.5).position == Point(100, 100))
        #expect(present(m, [a], at: 2).position == Point(110, 100))
    }

    @Test func transformKeyframesInterpolateByDecomposition() {
        let k = keyframes(.transform, values: [.transform(.identity), .transform(rotationZ(.pi / 2)), .transform(rotationZ(.pi))])
        #expect(near(k.value(at: 0.25)!.transform!, rotationZ(.pi / 4), 1e-12))
        #expect(near(k.value(at: 0.75)!.transform!, rotationZ(3 * .pi / 4), 1e-12))
        // Cubic mode falls back to decomposition for transforms.
        let c = keyframes(.transform, values: k.values, mode: .cubic)
        #expect(near(c.value(at: 0.25)!.transform!, rotationZ(.pi / 4), 1e-12))
    }

    @Test func rotationKeyPathKeyframes() {
        let k = keyframes(.init(.transform, .rotationZ), values: numbers([0, .pi, 2 * .pi]))
        let a = animation(.keyframe(k), duration: 1)
        var m = LayerProperties(); m.transform = .translation(x: 5, y: 6)
        let t = present(m, [a], at: 0.375).transform
        #expect(near(t, matmul(rotationZ(0.75 * .pi), .translation(x: 5, y: 6)), 1e-12))
    }
}
