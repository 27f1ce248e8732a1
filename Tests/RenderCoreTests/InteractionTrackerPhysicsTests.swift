// The interaction tracker's physics: the deceleration's closed form against a numeric
// integration of per-step multiplication, the resting position, the rubber band formula,
// the release velocity estimate, the spring's settling, and configuration validation.
// Expected values are written from first principles here.
import Testing
@testable import RenderCore
#if canImport(Glibc)
import Glibc
#endif

/// A tall vertical list (100 000 points of content in a 400×800 viewport) resting at `y`.
func tallList(at y: Double = 10_000, rate: Double = 0.998,
              configure: (inout TrackerConfiguration) -> Void = { _ in }) -> InteractionTracker {
    var c = TrackerConfiguration(axes: .vertical, contentSize: Size(width: 400, height: 100_000), decelerationRate: rate)
    configure(&c)
    return InteractionTracker(configuration: c, viewport: Size(width: 400, height: 800), position: Point(x: 0, y: y))
}

@Suite("Interaction tracker physics")
struct InteractionTrackerPhysicsTests {
    @Test("the deceleration's closed form matches per-step multiplication integrated numerically",
          arguments: [(0.998, 2000.0), (0.99, -3000.0), (0.998, -650.0)])
    func decelerationMatchesNumericIntegration(rate: Double, v0: Double) {
        var tracker = tallList(rate: rate)
        let r1 = tracker.addVelocity(Point(x: 0, y: v0), time: 1)
        #expect(r1)
        #expect(tracker.state == .inertia)
        let end = tracker.restingTime ?? 0
        // The velocity at each whole millisecond is v0 multiplied by the rate once per ms.
        var v = v0
        for ms in 1...3000 {
            v *= rate
            if ms % 50 == 0 && 1 + Double(ms) / 1000 < end {
                let got = tracker.velocity(at: 1 + Double(ms) / 1000).y
                #expect(abs(got - v) <= 1e-9 * abs(v0), "velocity at \(ms) ms: \(got), per-ms product \(v)")
            }
        }
        // Position: trapezoids of 10 µs over a velocity multiplied by rate^(1/100) per step.
        let factor = pow(rate, 0.01)
        var x = 10_000.0, vel = v0
        for step in 1...300_000 {
            let next = vel * factor
            x += (vel + next) / 2 * 1e-5
            vel = next
            if step % 5_000 == 0 && 1 + Double(step) * 1e-5 < end {
                let got = tracker.position(at: 1 + Double(step) * 1e-5).y
                #expect(abs(got - x) <= 0.01, "position at \(Double(step) * 1e-5) s: \(got), numeric \(x)")
            }
        }
    }

    @Test func theRestingPositionIsTheProjectionLessTheRestDistance() throws {
        var tracker = tallList()
        _ = tracker.addVelocity(Point(x: 0, y: 1500), time: 0)
        let k = 1000 * log(0.998)
        let rest = try #require(tracker.restingPosition)
        let projection = 10_000 - 1500 / k                      // x0 − v0/(1000·ln r) = 10 749.25…
        #expect(abs(TrackerPhysics.projection(velocity: 1500, rate: 0.998) - (projection - 10_000)) < 1e-9)
        // It stops where the glide left is a quarter point: projection − 0.25, exactly.
        #expect(abs(rest.y - (projection - TrackerPhysics.decayRestDistance)) < 1e-9, "\(rest.y) vs \(projection)")
        #expect(rest.x == 0)
        let end = try #require(tracker.restingTime)
        // At the stop the velocity is 0.25·|k| ≈ 0.5 pt/s; the position is continuous there.
        #expect(abs(tracker.velocity(at: end - 1e-9).y - 0.25 * -k) < 1e-6)
        #expect(abs(tracker.position(at: end - 1e-9).y - rest.y) < 1e-6)
        #expect(tracker.position(at: end + 5) == rest && tracker.velocity(at: end + 5) == .zero)
        // Seconds to slow from 1500 to 0.5 pt/s at 2.002 per second: ln(3000)/2.002 ≈ 4 s.
        #expect(abs(end - log(1500 / (0.25 * -k)) / -k) < 1e-9)
    }

    @Test func theRubberBandFormula() {
        // (1 − 1/(x·0.55/d + 1))·d
        #expect(near(TrackerPhysics.rubberBand(100, dimension: 500), 500 * (1 - 1 / 1.11)))
        #expect(near(TrackerPhysics.rubberBand(100, dimension: 500), 49.549549549549546, 1e-12))
        #expect(near(TrackerPhysics.rubberBand(800, dimension: 800), 800 * (1 - 1 / 1.55)))
        #expect(TrackerPhysics.rubberBand(0, dimension: 500) == 0 && TrackerPhysics.rubberBand(-4, dimension: 500) == 0)
        // Slope c at the edge; never a whole viewport.
        #expect(near(TrackerPhysics.rubberBand(1e-3, dimension: 500) / 1e-3, 0.55, 1e-5))
        #expect(TrackerPhysics.rubberBand(1e9, dimension: 500) < 500)
        for x in [0.5, 10, 333, 5000] {
            let b = TrackerPhysics.rubberBand(x, dimension: 640)
            #expect(near(TrackerPhysics.rubberBandInverse(b, dimension: 640), x, 1e-9 * max(1, x)))
        }
    }

    @Test func velocityOfEvenlySpacedLinearSamplesIsExact() {
        var e = PointerVelocityEstimator()
        let v = Point(x: 300, y: -1200), p0 = Point(x: 40, y: 700)
        for i in 0..<10 { e.add(p0 + v * (Double(i) * 0.008), time: 5 + Double(i) * 0.008) }
        let got = e.velocity(at: 5 + 9 * 0.008)
        #expect(near(got, v, 1e-6), "\(got)")
    }

    @Test func velocityOfUnevenlySpacedLinearSamplesIsExact() {
        var e = PointerVelocityEstimator()
        let v = Point(x: -75, y: 2400), p0 = Point(x: 10, y: 20)
        let times = [0.0, 0.003, 0.011, 0.0115, 0.02, 0.021, 0.04, 0.047]
        for t in times { e.add(p0 + v * t, time: 100 + t) }
        #expect(near(e.velocity(at: 100.05), v, 1e-6), "\(e.velocity(at: 100.05))")
    }

    @Test func onlyTheLastHundredMillisecondsCount() {
        var e = PointerVelocityEstimator()
        // Slow motion for 200 ms, then 40 ms at 1000 pt/s: the old samples are outside the horizon.
        var p = Point(x: 0, y: 0)
        for i in 0..<20 { e.add(p, time: Double(i) * 0.01); p = p + Point(x: 0, y: 1) }
        let t0 = 0.2
        for i in 0...4 { e.add(p + Point(x: 0, y: 1000) * (Double(i) * 0.01), time: t0 + 0.11 + Double(i) * 0.01) }
        // Samples at 0.31…0.35; the horizon from a release at 0.35 starts at 0.25.
        #expect(near(e.velocity(at: 0.35).y, 1000, 1e-6), "\(e.velocity(at: 0.35))")
    }

    @Test func theRingKeepsTheNewestTwentySamples() {
        var e = PointerVelocityEstimator()
        for i in 0..<50 { e.add(Point(x: Double(i) * 2, y: 0), time: Double(i) * 0.001) }
        #expect(e.count == PointerVelocityEstimator.capacity)
        #expect(near(e.velocity(at: 0.049).x, 2000, 1e-6))
    }

    @Test func noFlingAfterAPause() {
        var e = PointerVelocityEstimator()
        for i in 0..<6 { e.add(Point(x: 0, y: Double(i) * 10), time: Double(i) * 0.01) }
        #expect(near(e.velocity(at: 0.05).y, 1000, 1e-6))
        #expect(e.velocity(at: 0.05 + PointerVelocityEstimator.staleness + 0.001) == .zero)
        #expect(e.velocity(at: 0.2) == .zero)
        // One sample is no velocity.
        var one = PointerVelocityEstimator()
        one.add(.zero, time: 1)
        #expect(one.velocity(at: 1) == .zero)
    }

    @Test func theSpringIsCriticallyDampedAndSettlesWithinItsRestDistance() {
        #expect(TrackerPhysics.springDamping == 2 * (TrackerPhysics.springStiffness * TrackerPhysics.springMass).squareRoot())
        #expect(TrackerSpring.fromRest.regime == .critical)
        for (d0, v0) in [(100.0, 0.0), (0, 2000), (-40, 900), (300, -5000)] {
            let s = TrackerSpring(displacement: d0, velocity: v0)
            #expect(near(s.displacement(at: 0), d0, 1e-9) && near(s.velocity(at: 0), v0, 1e-9))
            // d(t) = e^(−15t)(d0 + (v0 + 15·d0)t), written out.
            for t in [0.01, 0.1, 0.3] {
                #expect(near(s.displacement(at: t), exp(-15 * t) * (d0 + (v0 + 15 * d0) * t), 1e-9))
            }
            let settle = s.settlingTime(within: 0.1)
            for i in 0...200 {
                let t = settle + Double(i) * 0.01
                #expect(abs(s.displacement(at: t)) <= 0.1 + 1e-12, "(\(d0), \(v0)) at \(t)")
            }
        }
        // A 100-point overshoot settles in about 0.6 s.
        let settle = TrackerSpring(displacement: 100, velocity: 0).settlingTime(within: TrackerPhysics.springRestDistance)
        #expect(settle > 0.5 && settle < 0.7, "\(settle)")
    }

    @Test func problemsNameFieldAndValue() {
        #expect(TrackerConfiguration.default.problems().isEmpty)
        var c = TrackerConfiguration(contentSize: Size(width: -1, height: .nan), decelerationRate: 1.5,
                                     minimumDragDistance: -3, snapPointsX: [0, .infinity])
        c.contentInset.top = .nan
        let p = c.problems()
        #expect(p.count == 6, "\(p)")
        #expect(p.contains { $0.hasPrefix("contentSize.width -1.0") })
        #expect(p.contains { $0.hasPrefix("contentSize.height nan") })
        #expect(p.contains { $0.hasPrefix("contentInset.top nan") })
        #expect(p.contains { $0.hasPrefix("decelerationRate 1.5") && $0.contains("0 < rate < 1") })
        #expect(p.contains { $0.hasPrefix("minimumDragDistance -3.0") })
        #expect(p.contains { $0.hasPrefix("snapPointsX[1] inf") })
        let s = c.sanitized()
        #expect(s.problems().isEmpty)
        #expect(s.decelerationRate == 0.998 && s.snapPointsX == [0] && s.contentSize == .zero && s.minimumDragDistance == 0)
        // A tracker given the odd values still computes finite positions.
        var t = InteractionTracker(configuration: c, viewport: Size(width: .nan, height: 300))
        _ = t.addVelocity(Point(x: 100, y: 100), time: 0)
        #expect(t.position(at: 1).x.isFinite && t.position(at: 1).y.isFinite)
        #expect(t.configuration.decelerationRate == 1.5)   // kept as given; the sanitized copy is used
    }
}
