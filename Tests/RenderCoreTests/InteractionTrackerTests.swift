// The interaction tracker's behaviour under input: pan threshold and axes, rubber band,
// release into inertia and bounce, paging, snap points, the app's requests, catching a
// fling, reconfiguring, and the transitions `advance` reports. Times are manual.
import Testing
@testable import RenderCore
#if canImport(Glibc)
import Glibc
#endif

/// Presses at `from` at `t0`, moves at `velocity` (pointer points/s) in steps of `step`
/// seconds for `steps` steps after a first move that crosses the threshold, and releases
/// at the last move's time (or `pause` seconds after it). Returns the release time.
@discardableResult
func drag(_ tracker: inout InteractionTracker, from: Point, velocity: Point, t0: Double, steps: Int = 8,
          step: Double = 0.008, pause: Double = 0, release: Bool = true) -> Double {
    tracker.pointerDown(at: from, time: t0)
    var t = t0
    for i in 1...steps {
        t = t0 + Double(i) * step
        _ = tracker.pointerMove(to: from + velocity * (Double(i) * step), time: t)
    }
    if release { tracker.pointerUp(time: t + pause) }
    return t + pause
}

/// A horizontal pager: 5 pages of 300 points.
func pager() -> InteractionTracker {
    let c = TrackerConfiguration(axes: .horizontal, contentSize: Size(width: 1500, height: 500), isPagingEnabled: true)
    return InteractionTracker(configuration: c, viewport: Size(width: 300, height: 500))
}

/// A vertical list 2000 points tall in a 400-point viewport: offsets 0…1600.
func shortList(bounces: Bool = true, snaps: [Double] = []) -> InteractionTracker {
    let c = TrackerConfiguration(axes: .vertical, contentSize: Size(width: 300, height: 2000), bounces: bounces, snapPointsY: snaps)
    return InteractionTracker(configuration: c, viewport: Size(width: 300, height: 400))
}

@Suite("Interaction tracker")
struct InteractionTrackerTests {
    @Test func theRangeFollowsContentInsetAndViewport() {
        var c = TrackerConfiguration(axes: .both, contentSize: Size(width: 1000, height: 300),
                                     contentInset: EdgeInsets(top: 20, left: 5, bottom: 30, right: 15))
        var t = InteractionTracker(configuration: c, viewport: Size(width: 400, height: 500))
        #expect(t.minimumPosition == Point(x: -5, y: -20))
        #expect(t.maximumPosition == Point(x: 615, y: -20))        // 1000 + 15 − 400; height fits
        #expect(t.position(at: 0) == Point(x: -5, y: -20))          // top-left including the inset
        #expect(t.scrollableAxes == .horizontal)
        c.alwaysBounceVertical = true
        t.configuration = c
        #expect(t.scrollableAxes == .both)
        c.isEnabled = false
        t.configuration = c
        #expect(t.scrollableAxes.isEmpty)
    }

    @Test func aPanBeginsAtTheMinimumDragDistanceWithoutAJump() {
        var t = shortList()
        _ = t.setPosition(Point(x: 0, y: 500), time: 0)
        t.pointerDown(at: Point(x: 100, y: 200), time: 1)
        let r1 = t.pointerMove(to: Point(x: 100, y: 195), time: 1.01)
        #expect(!r1)
        let r2 = t.pointerMove(to: Point(x: 100, y: 191), time: 1.02)
        #expect(!r2)    // 9 points: not yet
        #expect(t.position(at: 1.02).y == 500 && t.state == .idle)
        let r3 = t.pointerMove(to: Point(x: 100, y: 190), time: 1.03)
        #expect(r3)     // 10 points: the pan begins
        #expect(t.state == .interacting && t.isPanning)
        #expect(t.position(at: 1.03).y == 500)                            // no jump by the threshold
        let r4 = t.pointerMove(to: Point(x: 100, y: 185), time: 1.04)
        #expect(!r4)    // true only once
        #expect(t.position(at: 1.04).y == 505)                            // content follows: 500 − (185 − 190)
        let r5 = t.pointerMove(to: Point(x: 130, y: 250), time: 1.05)
        #expect(!r5)
        #expect(t.position(at: 1.05) == Point(x: 0, y: 440))              // x ignored on a vertical list
    }

    @Test func aVerticalTrackerIgnoresHorizontalMotion() {
        var t = shortList()
        t.pointerDown(at: Point(x: 100, y: 200), time: 0)
        let r6 = t.pointerMove(to: Point(x: 160, y: 203), time: 0.02)
        #expect(!r6)   // 60 across, 3 along: no pan
        #expect(t.state == .idle && !t.isPanning)
        t.pointerUp(time: 0.03)
        #expect(t.state == .idle && t.position(at: 1) == .zero)
        // A tracker whose content fits does not pan at all.
        var fits = InteractionTracker(configuration: TrackerConfiguration(contentSize: Size(width: 100, height: 100)),
                                      viewport: Size(width: 300, height: 400))
        fits.pointerDown(at: .zero, time: 0)
        let r7 = fits.pointerMove(to: Point(x: 0, y: 200), time: 0.1)
        #expect(!r7)
    }

    @Test func pastTheEdgeTheDragRubberBandsOrStops() {
        for bounces in [true, false] {
            var t = shortList(bounces: bounces)
            t.pointerDown(at: Point(x: 0, y: 100), time: 0)
            let r8 = t.pointerMove(to: Point(x: 0, y: 110), time: 0.01)
            #expect(r8)
            _ = t.pointerMove(to: Point(x: 0, y: 210), time: 0.02)          // 100 points past the top
            let expected = bounces ? -TrackerPhysics.rubberBand(100, dimension: 400) : 0
            #expect(near(t.position(at: 0.02).y, expected, 1e-12), "\(t.position(at: 0.02).y)")
            #expect(bounces ? near(expected, -(1 - 1 / (100 * 0.55 / 400 + 1)) * 400, 1e-12) : true)
        }
    }

    @Test func aReleasePastTheEdgeSpringsBackExactlyToIt() throws {
        var t = shortList()
        t.pointerDown(at: Point(x: 0, y: 100), time: 0)
        _ = t.pointerMove(to: Point(x: 0, y: 110), time: 0.01)
        _ = t.pointerMove(to: Point(x: 0, y: 300), time: 0.02)
        let pulled = t.position(at: 0.02).y
        t.pointerUp(time: 0.2)                                              // after a pause: no fling
        #expect(t.state == .inertia && t.restingPosition == .zero)
        #expect(t.position(at: 0.2).y == pulled)
        let end = try #require(t.restingTime)
        var previous = pulled
        for i in 1...100 {
            let y = t.position(at: 0.2 + (end - 0.2) * Double(i) / 100).y
            #expect(y <= 0 && y >= previous - 1e-9, "critically damped from rest: no crossing, monotone")
            previous = y
        }
        let r9 = t.advance(to: end + 0.01)
        #expect(r9.map(\.to) == [.interacting, .inertia, .idle])
        #expect(t.position(at: end + 0.01) == .zero && t.state == .idle)
    }

    @Test func aFlingDeceleratesFromTheReleaseVelocity() throws {
        var t = shortList()
        _ = t.setPosition(Point(x: 0, y: 800), time: 0)
        // The pointer moves up at 600 pt/s: the content offset grows at 600 pt/s.
        let up = drag(&t, from: Point(x: 0, y: 300), velocity: Point(x: 0, y: -600), t0: 1)
        #expect(t.state == .inertia)
        #expect(near(t.velocity(at: up).y, 600, 1e-6), "\(t.velocity(at: up))")
        let rest = try #require(t.restingPosition)
        #expect(near(rest.y, t.position(at: up).y + 600 / 2.002002 - 0.25, 0.01))
    }

    @Test func aFlingIntoTheEdgeBouncesWithContinuousVelocityAndRestsExactlyOnIt() throws {
        var t = shortList()
        _ = t.setPosition(Point(x: 0, y: 1500), time: 0)
        let r10 = t.addVelocity(Point(x: 0, y: 1000), time: 1)
        #expect(r10)              // projection ≈ 499: past 1600
        let k = 1000 * log(0.998)
        let crossing = 1 + log(1 + k * 100 / 1000) / k                       // e^(k·tc) = 1 + k·D/v0
        let vEdge = 1000 + k * 100
        let h = 1e-9                                // the spring accelerates at 2·ω·v ≈ 24 000 pt/s² here
        #expect(abs(t.position(at: crossing - h).y - 1600) < 1e-3)
        #expect(abs(t.position(at: crossing + h).y - 1600) < 1e-3)
        #expect(abs(t.velocity(at: crossing - h).y - vEdge) < 1e-3, "\(t.velocity(at: crossing - h))")
        #expect(abs(t.velocity(at: crossing + h).y - vEdge) < 1e-3, "\(t.velocity(at: crossing + h))")
        // Past the edge, then back; it overshoots by about v/(ω·e).
        let peak = t.position(at: crossing + 1 / 15).y
        #expect(near(peak - 1600, vEdge / (15 * exp(1)), 1e-6), "\(peak)")
        let end = try #require(t.restingTime)
        #expect(t.restingPosition == Point(x: 0, y: 1600))
        #expect(abs(t.position(at: end - 1e-9).y - 1600) <= TrackerPhysics.springRestDistance + 1e-6)
        #expect(t.position(at: end).y == 1600 && t.velocity(at: end) == .zero)
        let transitions = t.advance(to: end + 1)
        #expect(transitions == [TrackerTransition(from: .idle, to: .inertia, time: 1),
                                TrackerTransition(from: .inertia, to: .idle, time: end)])
    }

    @Test func withoutBouncesAFlingStopsAtTheEdge() throws {
        var t = shortList(bounces: false)
        _ = t.setPosition(Point(x: 0, y: 1500), time: 0)
        _ = t.addVelocity(Point(x: 0, y: 1000), time: 1)
        let k = 1000 * log(0.998)
        let crossing = 1 + log(1 + k * 100 / 1000) / k
        #expect(near(try #require(t.restingTime), crossing, 1e-9))
        #expect(t.restingPosition == Point(x: 0, y: 1600))
        for i in 0...50 { #expect(t.position(at: 1 + Double(i) * 0.01).y <= 1600) }
    }

    @Test func aFlickBackFromTheRubberBandCrossesTheEdgeAndDecelerates() throws {
        var t = shortList()
        t.pointerDown(at: Point(x: 0, y: 100), time: 0)
        _ = t.pointerMove(to: Point(x: 0, y: 110), time: 0.01)
        _ = t.pointerMove(to: Point(x: 0, y: 400), time: 0.02)              // pulled 290 past the top
        _ = t.pointerMove(to: Point(x: 0, y: 400), time: 0.2)
        // Flick up fast: the pointer moves up at 3000 pt/s for 50 ms, still past the top.
        for i in 1...5 { _ = t.pointerMove(to: Point(x: 0, y: 400 - 3000 * 0.01 * Double(i)), time: 0.2 + 0.01 * Double(i)) }
        let before = t.position(at: 0.25)
        #expect(near(before.y, -TrackerPhysics.rubberBand(140, dimension: 400), 1e-9))
        t.pointerUp(time: 0.25)
        #expect(t.position(at: 0.25) == before && near(t.velocity(at: 0.25).y, 3000, 1e-6))
        let rest = try #require(t.restingPosition)
        #expect(rest.y > 100, "carried into the content: \(rest)")
        // The spring e^(−15τ)(d0 + (v0 + 15·d0)τ) crosses the edge at τ = −d0/(v0 + 15·d0);
        // the deceleration takes over there with the spring's velocity.
        let c = 3000 + 15 * before.y, crossing = 0.25 - before.y / c, h = 1e-7
        #expect(abs(t.position(at: crossing - h).y) < 1e-3 && abs(t.position(at: crossing + h).y) < 1e-3)
        let vEdge = exp(-15 * (crossing - 0.25)) * c
        #expect(abs(t.velocity(at: crossing - h).y - vEdge) < 1e-2 && abs(t.velocity(at: crossing + h).y - vEdge) < 1e-2)
        #expect(near(rest.y, vEdge / -(1000 * log(0.998)) - 0.25, 1e-6))
        var previous = before.y
        for i in 1...400 {                                                   // continuous: no step over 5 ms
            let y = t.position(at: 0.25 + Double(i) * 0.005).y
            #expect(abs(y - previous) < 16, "at \(0.25 + Double(i) * 0.005): \(previous) → \(y)")
            previous = y
        }
    }

    @Test func pagingMovesOnePagePerFlickInItsDirection() throws {
        var t = pager()
        // A fast flick to the left (content offset grows): one page, not three.
        let up = drag(&t, from: Point(x: 250, y: 100), velocity: Point(x: -3000, y: 0), t0: 0, steps: 5)
        #expect(t.restingPosition == Point(x: 300, y: 0))
        #expect(near(t.velocity(at: up).x, 3000, 1e-6))                    // the spring carries the release velocity
        _ = t.advance(to: up + 2)
        #expect(t.position(at: up + 2) == Point(x: 300, y: 0) && t.state == .idle)
        // From page 2, a flick to the right goes back one page.
        _ = t.setPosition(Point(x: 600, y: 0), time: 10)
        drag(&t, from: Point(x: 50, y: 100), velocity: Point(x: 2500, y: 0), t0: 11, steps: 5)
        #expect(t.restingPosition == Point(x: 300, y: 0))
        // A slow drag of 200 points with a pause settles on the nearer page; 100 points goes back.
        _ = t.setPosition(.zero, time: 20)
        drag(&t, from: Point(x: 280, y: 100), velocity: Point(x: -200 / 0.08, y: 0), t0: 21, steps: 10, pause: 0.3)
        #expect(t.position(at: 21.38).x > 150)
        #expect(t.restingPosition == Point(x: 300, y: 0))
        _ = t.advance(to: 30)
        drag(&t, from: Point(x: 280, y: 100), velocity: Point(x: -110 / 0.08, y: 0), t0: 31, steps: 10, pause: 0.3)
        #expect(t.restingPosition == Point(x: 300, y: 0))                  // 300 + 100: nearer page 1
        _ = t.advance(to: 40)
        drag(&t, from: Point(x: 100, y: 100), velocity: Point(x: 130 / 0.08, y: 0), t0: 41, steps: 10, pause: 0.3)
        #expect(t.restingPosition == Point(x: 300, y: 0))                  // 300 − 120 (after the threshold): back
        // The last page is clamped to the maximum offset; flicking past it stays there.
        _ = t.setPosition(Point(x: 1200, y: 0), time: 50)
        drag(&t, from: Point(x: 250, y: 100), velocity: Point(x: -3000, y: 0), t0: 51, steps: 5)
        #expect(t.restingPosition == Point(x: 1200, y: 0))
    }

    @Test func aFlingLandsExactlyOnTheSnapPointAheadWithContinuousVelocity() throws {
        var t = shortList(snaps: [0, 400, 800, 1200, 1600])
        let r11 = t.addVelocity(Point(x: 0, y: 900), time: 2)
        #expect(r11)               // natural rest ≈ 449.3: snap to 400
        #expect(t.restingPosition == Point(x: 0, y: 400))
        #expect(near(t.velocity(at: 2).y, 900, 1e-9))                        // starts with the given velocity
        let end = try #require(t.restingTime)
        var previous = 0.0
        for i in 1...1000 {                                                   // decelerating, never past 400
            let time = 2 + (end - 2) * Double(i) / 1000
            let y = t.position(at: time).y
            #expect(y >= previous && y <= 400, "\(time): \(y)")
            previous = y
        }
        #expect(abs(t.position(at: end - 1e-9).y - 400) < 1e-6)            // lands on it, continuous
        #expect(abs(t.velocity(at: end - 1e-9).y) < 1)                      // nearly still when it stops
        #expect(t.position(at: end) == Point(x: 0, y: 400))
        // The rate was solved: the velocity still decays exponentially.
        let v1 = t.velocity(at: 2.5).y, v2 = t.velocity(at: 3).y, v3 = t.velocity(at: 3.5).y
        #expect(near(v2 * v2, v1 * v3, 1e-6 * v2 * v2))
    }

    @Test func aSnapPointBehindOrTooFarIsReachedByTheSpring() throws {
        // Moving down at 30 pt/s from 380: natural rest ≈ 365, nearest snap 400 is behind.
        var t = shortList(snaps: [0, 400, 800])
        _ = t.setPosition(Point(x: 0, y: 380), time: 0)
        _ = t.addVelocity(Point(x: 0, y: -30), time: 1)
        #expect(t.restingPosition == Point(x: 0, y: 400))
        #expect(near(t.velocity(at: 1).y, -30, 1e-9) && t.position(at: 1).y == 380)
        let end = try #require(t.restingTime)
        #expect(t.position(at: end).y == 400 && end < 3)
        // A release without velocity between snap points springs to the nearest.
        var u = shortList(snaps: [0, 400, 800])
        u.pointerDown(at: Point(x: 0, y: 300), time: 0)
        _ = u.pointerMove(to: Point(x: 0, y: 290), time: 0.01)
        _ = u.pointerMove(to: Point(x: 0, y: 40), time: 0.02)               // content at 250
        u.pointerUp(time: 0.5)
        #expect(u.restingPosition == Point(x: 0, y: 400))
    }

    @Test func pulledPastTheEdgeWithSnapPointsItSpringsToTheNearestOne() {
        var t = shortList(snaps: [100, 500, 900])
        t.pointerDown(at: Point(x: 0, y: 100), time: 0)
        _ = t.pointerMove(to: Point(x: 0, y: 110), time: 0.01)
        _ = t.pointerMove(to: Point(x: 0, y: 200), time: 0.02)             // 90 past the top
        #expect(t.position(at: 0.02).y < 0)
        t.pointerUp(time: 0.3)
        #expect(t.restingPosition == Point(x: 0, y: 100))
    }

    @Test func aReleaseIsNoFasterThanTheLimit() throws {
        var t = tallList()
        t.pointerDown(at: Point(x: 0, y: 500), time: 0)
        _ = t.pointerMove(to: Point(x: 30, y: 400), time: 0.001)           // 100 points in 1 ms
        _ = t.pointerMove(to: Point(x: 60, y: 300), time: 0.002)
        t.pointerUp(time: 0.002)
        #expect(near(t.velocity(at: 0.002), Point(x: 0, y: InteractionTracker.maximumReleaseSpeed), 1e-6))
        // Diagonal on a two-axis tracker: the magnitude is limited, the direction kept.
        var u = tallList { $0.axes = .both; $0.contentSize.width = 100_000 }
        u.pointerDown(at: Point(x: 500, y: 500), time: 0)
        _ = u.pointerMove(to: Point(x: 470, y: 460), time: 0.001)
        _ = u.pointerMove(to: Point(x: 440, y: 420), time: 0.002)
        u.pointerUp(time: 0.002)
        #expect(near(u.velocity(at: 0.002), Point(x: 0.6, y: 0.8) * InteractionTracker.maximumReleaseSpeed, 1e-6))
    }

    @Test func aCancelledPanSettlesWithoutAFling() {
        var t = shortList()
        _ = t.setPosition(Point(x: 0, y: 800), time: 0)
        drag(&t, from: Point(x: 0, y: 300), velocity: Point(x: 0, y: -2000), t0: 1, release: false)
        let at = t.position(at: 1.064)
        t.pointerCancel(time: 1.064)
        #expect(t.state == .idle && t.position(at: 5) == at)
        // Past an edge, a cancel springs back.
        t.pointerDown(at: Point(x: 0, y: 100), time: 6)
        _ = t.pointerMove(to: Point(x: 0, y: 80), time: 6.01)
        _ = t.pointerMove(to: Point(x: 0, y: -900), time: 6.02)
        t.pointerCancel(time: 6.02)
        #expect(t.state == .inertia && t.restingPosition == Point(x: 0, y: 1600))
    }

    @Test func addedVelocityAddsToTheMotionAndStoppingMidBounceStopsAtTheEdge() throws {
        var t = shortList()
        _ = t.setPosition(Point(x: 0, y: 100), time: 0)
        _ = t.addVelocity(Point(x: 0, y: 300), time: 1)
        let v = t.velocity(at: 1.5).y, p = t.position(at: 1.5)
        _ = t.addVelocity(Point(x: 0, y: 200), time: 1.5)
        #expect(near(t.velocity(at: 1.5).y, v + 200, 1e-9) && t.position(at: 1.5) == p)
        // Into the bottom edge, stopped while past it: it stops on the edge.
        _ = t.setPosition(Point(x: 0, y: 1590), time: 2)
        _ = t.addVelocity(Point(x: 0, y: 3000), time: 2)
        #expect(t.position(at: 2.05).y > 1600)
        let stopped = t.stopMotion(time: 2.05)
        #expect(stopped && t.position(at: 2.05) == Point(x: 0, y: 1600) && t.state == .idle)
        // The wheel is ignored while the user drags.
        drag(&t, from: Point(x: 0, y: 300), velocity: Point(x: 0, y: 2000), t0: 3, release: false)
        let held = t.position(at: 3.1)
        t.scroll(by: Point(x: 0, y: -100), time: 3.1)
        #expect(t.position(at: 3.1) == held && t.state == .interacting)
        #expect(t.description.hasPrefix("InteractionTracker(interacting at (0.0, "))
    }

    /// Trackers in each kind of motion, started at time 1.
    static func motions() -> [(String, InteractionTracker)] {
        var out = [(String, InteractionTracker)]()
        var decay = shortList(); _ = decay.setPosition(Point(x: 0, y: 300), time: 0)
        _ = decay.addVelocity(Point(x: 0, y: 700), time: 1); out.append(("decay", decay))
        var bounce = shortList(); _ = bounce.setPosition(Point(x: 0, y: 1400), time: 0)
        _ = bounce.addVelocity(Point(x: 0, y: 2500), time: 1); out.append(("decay into a bounce", bounce))
        var snap = shortList(snaps: [0, 400, 800]); _ = snap.addVelocity(Point(x: 0, y: 900), time: 1)
        out.append(("snap", snap))
        var spring = shortList(); _ = spring.animatePosition(to: Point(x: 0, y: 900), duration: nil, time: 1)
        out.append(("spring animation", spring))
        var eased = shortList(); _ = eased.animatePosition(to: Point(x: 0, y: 900), duration: 0.4, time: 1)
        out.append(("eased animation", eased))
        var page = pager(); _ = page.addVelocity(Point(x: 1200, y: 0), time: 1); out.append(("paging", page))
        return out
    }

    @Test func velocityIsTheDerivativeOfPositionInEveryMotion() throws {
        for (name, t) in Self.motions() {
            let end = try #require(t.restingTime, "\(name)")
            #expect(t.state == .inertia || t.state == .animating, "\(name)")
            let h = 1e-6
            var time = 1.0 + 0.00731
            while time < end + 0.5 {
                if abs(time - end) > 1e-4 {
                    let numeric = (t.position(at: time + h) - t.position(at: time - h)) * (1 / (2 * h))
                    let v = t.velocity(at: time)
                    #expect(near(v, numeric, 2e-3), "\(name) at \(time): \(v) vs \(numeric)")
                }
                time += 0.01731
            }
        }
    }

    @Test func theAppsRequestsAreIgnoredWhileTheUserInteracts() {
        var t = shortList()
        drag(&t, from: Point(x: 0, y: 300), velocity: Point(x: 0, y: -500), t0: 0, release: false)
        #expect(t.state == .interacting)
        let held = t.position(at: 0.1)
        let r12 = t.setPosition(Point(x: 0, y: 900), time: 0.1)
        #expect(!r12)
        let r13 = t.animatePosition(to: Point(x: 0, y: 900), duration: nil, time: 0.1)
        #expect(!r13)
        let r14 = t.animatePosition(to: Point(x: 0, y: 900), duration: 0.3, time: 0.1)
        #expect(!r14)
        let r15 = t.addVelocity(Point(x: 0, y: 900), time: 0.1)
        #expect(!r15)
        let r16 = t.stopMotion(time: 0.1)
        #expect(!r16)
        #expect(t.position(at: 0.1) == held && t.state == .interacting)
        t.pointerUp(time: 0.1)
        #expect(t.state == .inertia)
        let r17 = t.stopMotion(time: 0.2)
        #expect(r17)
        let stopped = t.position(at: 0.2)
        #expect(t.state == .idle && t.position(at: 5) == stopped)
        let r18 = t.setPosition(Point(x: 0, y: 900), time: 0.3)
        #expect(r18 && t.position(at: 0.3) == Point(x: 0, y: 900))
        let r19 = t.setPosition(Point(x: 0, y: 5000), time: 0.4)
        #expect(r19 && t.position(at: 0.4) == Point(x: 0, y: 1600))
        let r20 = t.animatePosition(to: Point(x: 0, y: 100), duration: 0.25, time: 1)
        #expect(r20 && t.state == .animating)
        #expect(near(t.position(at: 1.125).y, 850, 1e-9))                    // ease-in-ease-out is symmetric
        #expect(t.position(at: 1.25) == Point(x: 0, y: 100))
        let r21 = t.advance(to: 1.25)
        #expect(r21.last == TrackerTransition(from: .animating, to: .idle, time: 1.25))
        let r22 = t.addVelocity(Point(x: 0, y: 400), time: 2)
        #expect(r22 && t.state == .inertia)
    }

    @Test func aSpringAnimationRetargetsWithPositionAndVelocityContinuous() throws {
        var t = shortList()
        let r23 = t.animatePosition(to: Point(x: 0, y: 1000), duration: nil, time: 0)
        #expect(r23)
        let p = t.position(at: 0.1), v = t.velocity(at: 0.1)
        #expect(v.y > 100)
        let r24 = t.animatePosition(to: Point(x: 0, y: 200), duration: nil, time: 0.1)
        #expect(r24)
        #expect(t.position(at: 0.1) == p && near(t.velocity(at: 0.1), v, 1e-9))
        let end = try #require(t.restingTime)
        #expect(t.position(at: end) == Point(x: 0, y: 200))
    }

    @Test func aPressCatchesAFlingWhereItIs() {
        var t = shortList()
        _ = t.setPosition(Point(x: 0, y: 200), time: 0)
        _ = t.addVelocity(Point(x: 0, y: 800), time: 1)
        let at = t.position(at: 1.3)
        #expect(at.y > 200)
        t.pointerDown(at: Point(x: 10, y: 10), time: 1.3)
        #expect(t.state == .interacting)
        #expect(t.position(at: 1.3) == at && t.position(at: 2) == at && t.velocity(at: 2) == .zero)
        t.pointerUp(time: 1.4)                                               // no pan: it stays
        #expect(t.state == .idle && t.position(at: 3) == at)
        let r25 = t.advance(to: 3)
        #expect(r25.map(\.to) == [.inertia, .interacting, .idle])
    }

    @Test func reconfiguringWhileAtRestClampsAndWhileMovingReplans() throws {
        var t = shortList()
        _ = t.setPosition(Point(x: 0, y: 1500), time: 0)
        var c = t.configuration
        c.contentSize.height = 1000                                          // offsets 0…600 now
        t.configuration = c
        #expect(t.position(at: 0) == Point(x: 0, y: 600) && t.state == .idle)
        t.viewport = Size(width: 300, height: 900)                           // 0…100
        #expect(t.position(at: 0) == Point(x: 0, y: 100))
        // Inertia replans against the new snap points from where it is, with its velocity.
        var u = shortList()
        _ = u.addVelocity(Point(x: 0, y: 1000), time: 0)
        _ = u.advance(to: 0.2)
        let p = u.position(at: 0.2), v = u.velocity(at: 0.2)
        var d = u.configuration
        d.snapPointsY = [0, 700]
        u.configuration = d
        #expect(u.position(at: 0.2) == p && near(u.velocity(at: 0.2), v, 1e-9))
        #expect(u.restingPosition == Point(x: 0, y: 700))
    }

    @Test func settingTheSameConfigurationOrViewportChangesNothing() throws {
        var t = pager()
        _ = t.setPosition(Point(x: 300, y: 0), time: 0)
        drag(&t, from: Point(x: 250, y: 100), velocity: Point(x: -1500, y: 0), t0: 1, steps: 5)
        let rest = try #require(t.restingPosition), end = try #require(t.restingTime)
        _ = t.advance(to: 1.2)
        let p = t.position(at: 1.3)
        t.configuration = t.configuration
        t.viewport = Size(width: 300, height: 500)
        #expect(t.restingPosition == rest && t.restingTime == end && t.position(at: 1.3) == p)
    }

    @Test func advanceReportsComingToRestOnceWithItsTime() throws {
        var t = shortList()
        _ = t.setPosition(Point(x: 0, y: 100), time: 0)
        let up = drag(&t, from: Point(x: 0, y: 300), velocity: Point(x: 0, y: -400), t0: 1)
        let end = try #require(t.restingTime)
        var all = [TrackerTransition]()
        var frame = 1.0
        while frame < end + 1 {
            all += t.advance(to: frame)
            frame += 1.0 / 60
        }
        #expect(all == [TrackerTransition(from: .idle, to: .interacting, time: 1 + Double(4) * 0.008),   // 12.8 ≥ 10 points
                        TrackerTransition(from: .interacting, to: .inertia, time: up),
                        TrackerTransition(from: .inertia, to: .idle, time: end)])
        #expect(t.state == .idle && t.restingPosition == nil)
        let r26 = t.advance(to: end + 5)
        #expect(r26.isEmpty)
    }

    @Test func inputsAtEarlierTimesHappenAtTheLatestTime() {
        var t = shortList()
        _ = t.setPosition(Point(x: 0, y: 500), time: 10)
        _ = t.addVelocity(Point(x: 0, y: 300), time: 5)                      // taken as 10
        #expect(near(t.velocity(at: 10).y, 300, 1e-9) && t.position(at: 10).y == 500)
        #expect(t.position(at: 7) == Point(x: 0, y: 500))                    // before the motion: where it began
        #expect(t.position(at: 11) == t.position(at: 11))
        let r27 = t.advance(to: .nan)
        #expect(r27.map(\.to) == [.inertia])
    }

    @Test func theWheelScrollsWithinTheContentAndStopsMotion() {
        var t = shortList()
        t.scroll(by: Point(x: 50, y: 120), time: 0)
        #expect(t.position(at: 0) == Point(x: 0, y: 120) && t.state == .idle)   // x: not a scrollable axis
        t.scroll(by: Point(x: 0, y: -500), time: 0.1)
        #expect(t.position(at: 0.1) == .zero)                                    // clamped: no rubber band
        _ = t.addVelocity(Point(x: 0, y: 1000), time: 1)
        let at = t.position(at: 1.2)
        t.scroll(by: Point(x: 0, y: 10), time: 1.2)
        #expect(t.state == .idle && t.position(at: 2) == at + Point(x: 0, y: 10))
    }
}
