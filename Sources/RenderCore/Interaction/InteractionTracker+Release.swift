// What the content does by itself after a release or `addVelocity`: per axis, a paging
// spring, a spring back from past an edge, a deceleration (onto a snap point, or into a
// bounce at an edge), each a closed form planned once at the release.

extension InteractionTracker {
    /// Lets the content run by itself from `position` with `velocity` (points/s) at `t`,
    /// as the type's discussion, "After a release", describes. The state becomes `inertia`
    /// when either axis moves, `idle` otherwise.
    mutating func release(from position: Point, velocity: Point, at t: Double, pagesFrom: Point) {
        let lo = minimumPosition, hi = maximumPosition, c = config
        let v = Point(x: velocity.x.isFinite ? velocity.x : 0, y: velocity.y.isFinite ? velocity.y : 0)
        motionX = Self.plan(x: position.x, v: v.x, at: t, lo: lo.x, hi: hi.x, dimension: size.width,
                            snaps: c.snapPointsX, pagesFrom: c.isPagingEnabled ? pagesFrom.x : nil, config: c)
        motionY = Self.plan(x: position.y, v: v.y, at: t, lo: lo.y, hi: hi.y, dimension: size.height,
                            snaps: c.snapPointsY, pagesFrom: c.isPagingEnabled ? pagesFrom.y : nil, config: c)
        setState(motionX.isMoving || motionY.isMoving ? .inertia : .idle, at: t)
    }

    /// One axis's motion after a release: see `release(from:velocity:at:pagesFrom:)`.
    static func plan(x: Double, v: Double, at t: Double, lo: Double, hi: Double, dimension d: Double,
                     snaps: [Double], pagesFrom: Double?, config c: TrackerConfiguration) -> AxisMotion {
        var m = AxisMotion(holding: x, at: t)
        let k = TrackerPhysics.decayExponent(rate: c.decelerationRate)
        if let start = pagesFrom, d > 0 {
            let target = pageTarget(x: x, v: v, lo: lo, hi: hi, page: d, pagesFrom: start, k: k)
            if x != target || v != 0 { m.appendSpring(from: x, velocity: v, to: target) }
            return m
        }
        if x < lo || x > hi {
            let edge = x < lo ? lo : hi
            let spring = TrackerSpring(displacement: x - edge, velocity: v)
            if let crossing = spring.zeroCrossing() {
                let vc = spring.velocity(at: crossing)
                if abs(vc / k) > TrackerPhysics.decayRestDistance {
                    m.append(.spring(target: edge, spring), duration: crossing, rest: edge)
                    planInside(&m, x: edge, v: vc, lo: lo, hi: hi, k: k, snaps: snaps, bounces: c.bounces)
                    return m
                }
            }
            // Back to the edge; with snap points, to the one nearest the edge.
            let target = snaps.isEmpty ? edge : min(max(nearest(snaps, to: edge), lo), hi)
            m.appendSpring(from: x, velocity: v, to: target)
            return m
        }
        planInside(&m, x: x, v: v, lo: lo, hi: hi, k: k, snaps: snaps, bounces: c.bounces)
        return m
    }

    /// The page offset a release at `x` with velocity `v` settles on (see `release`).
    static func pageTarget(x: Double, v: Double, lo: Double, hi: Double, page d: Double, pagesFrom start: Double,
                           k: Double) -> Double {
        let lastPage = max(0, ((hi - lo) / d - 1e-9).rounded(.up))
        let startPage = min(max(((start - lo) / d).rounded(), 0), lastPage)
        let projected = x - v / k
        var page = ((projected - lo) / d).rounded()
        page = min(max(page, startPage - 1), startPage + 1)
        page = min(max(page, 0), lastPage)
        return min(lo + page * d, hi)
    }

    /// The motion from `x` inside the range with velocity `v`, appended to `m`.
    static func planInside(_ m: inout AxisMotion, x: Double, v: Double, lo: Double, hi: Double, k: Double,
                           snaps: [Double], bounces: Bool) {
        let eps = TrackerPhysics.decayRestDistance
        let moving = abs(v) > eps * -k
        let sign: Double = v < 0 ? -1 : 1
        if !snaps.isEmpty {
            let natural = moving ? x + (eps * sign * -k - v) / k : x
            let target = min(max(nearest(snaps, to: min(max(natural, lo), hi)), lo), hi)
            let distance = target - x
            if distance == 0 && !moving { return }
            if distance * v > 0 {
                // Solved rate: the glide left at the stop, eps, lands on the target
                // (x + (eps·s·|k'| − v)/k' = target, i.e. k' = −v/(distance + eps·s)).
                let k2 = -v / (distance + eps * sign)
                if k2 / k >= 0.25 && k2 / k <= 4 {
                    let duration = _log(eps * -k2 / abs(v)) / k2
                    m.append(.decay(x0: x, v0: v, k: k2), duration: duration, rest: target)
                    return
                }
            }
            m.appendSpring(from: x, velocity: v, to: target)
            return
        }
        guard moving else { return }
        let duration = _log(eps * -k / abs(v)) / k
        let rest = x + (eps * sign * -k - v) / k
        guard rest < lo || rest > hi else {
            m.append(.decay(x0: x, v0: v, k: k), duration: duration, rest: rest)
            return
        }
        // It would end past an edge: decelerate to the edge, then bounce (or stop) there.
        let edge = rest > hi ? hi : lo
        let toEdge = edge - x
        let crossing = _log(1 + k * toEdge / v) / k
        let vc = v + k * toEdge
        m.append(.decay(x0: x, v0: v, k: k), duration: crossing, rest: edge)
        if bounces && vc != 0 {
            m.appendSpring(from: edge, velocity: vc, to: edge)
        }
    }

    /// The element of `points` nearest to `x` (the first of equally near ones).
    static func nearest(_ points: [Double], to x: Double) -> Double {
        var best = points[0]
        for p in points.dropFirst() where abs(p - x) < abs(best - x) { best = p }
        return best
    }
}

extension AxisMotion {
    /// Appends the tracker's spring from `x` with velocity `v` to `target`, until it settles
    /// within ``TrackerPhysics/springRestDistance``; the axis then rests exactly on `target`.
    mutating func appendSpring(from x: Double, velocity v: Double, to target: Double) {
        let s = TrackerSpring(displacement: x - target, velocity: v)
        append(.spring(target: target, s), duration: s.settlingTime(within: TrackerPhysics.springRestDistance), rest: target)
    }
}
