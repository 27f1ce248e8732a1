// Pointer and wheel input: a press, the pan it becomes once the pointer has moved far
// enough, the rubber band past the edges, the release; and the wheel's direct scrolling.

extension InteractionTracker {
    /// The pointer went down at `point` at `time`: points in a space fixed to the tracked
    /// layer's frame, which does not scroll with the content (see "Pointer positions" in the
    /// type's discussion).
    ///
    /// A press on moving content (inertia or an animation) stops it where it is — the
    /// position stays continuous — and the tracker is interacting from then on, as a touch
    /// catches a fling in UIScrollView; lifting without a pan then settles it (back inside
    /// the edges, onto a page or snap point). A press on content at rest changes nothing
    /// until the pointer has moved far enough to begin a pan.
    public mutating func pointerDown(at point: Point, time: Double) {
        let t = tick(time)
        guard point.x.isFinite, point.y.isFinite else { return }
        samples.reset()
        samples.add(point, time: t)
        let now = position(at: t)
        var caught = false
        if state == .interacting {
            caught = true                                    // a second press without a release
        } else if (state == .inertia || state == .animating) && config.isEnabled {
            hold(now, at: t)
            setState(.interacting, at: t)
            caught = true
        }
        press = Press(pressPoint: point, origin: point, startRaw: unbanded(now), pressPosition: now,
                      isPanning: false, caughtMotion: caught)
    }

    /// The pointer moved to `point` at `time`. Returns true exactly once per press: the
    /// moment the pan begins, when the pointer has moved at least `minimumDragDistance`
    /// from where it went down along the scrollable axes (the distance is measured on those
    /// axes only: a vertical tracker ignores horizontal motion). The owner then cancels the
    /// press for the app (UIKit's `cancelsTouchesInView`).
    ///
    /// The pan begins where the pointer is at that moment: the content does not jump by the
    /// threshold (UIKit's pan recognizer, too, measures its translation from the point of
    /// recognition). From then on the content follows the pointer on each scrollable axis,
    /// position = start − (pointer − pan origin); past an edge it rubber-bands
    /// (``TrackerPhysics/rubberBand(_:dimension:)`` of the overshoot, with the viewport's
    /// dimension on that axis) when `bounces`, and stops at the edge otherwise.
    @discardableResult
    public mutating func pointerMove(to point: Point, time: Double) -> Bool {
        let t = tick(time)
        guard var p = press, point.x.isFinite, point.y.isFinite else { return false }
        samples.add(point, time: t)
        let axes = scrollableAxes
        if !p.isPanning {
            let d = point - p.pressPoint
            let dx = axes.contains(.horizontal) ? d.x : 0, dy = axes.contains(.vertical) ? d.y : 0
            let distance = (dx * dx + dy * dy).squareRoot()
            guard distance > 0, distance >= config.minimumDragDistance else { return false }
            let now = position(at: t)
            p.isPanning = true
            p.origin = point
            p.startRaw = unbanded(now)
            press = p
            hold(now, at: t)
            setState(.interacting, at: t)
            return true
        }
        let raw = Point(x: axes.contains(.horizontal) ? p.startRaw.x - (point.x - p.origin.x) : p.startRaw.x,
                        y: axes.contains(.vertical) ? p.startRaw.y - (point.y - p.origin.y) : p.startRaw.y)
        let shown = banded(raw)
        let now = position(at: t)
        hold(Point(x: axes.contains(.horizontal) ? shown.x : now.x, y: axes.contains(.vertical) ? shown.y : now.y), at: t)
        return false
    }

    /// The pointer lifted at `time`. After a pan (or a press that caught moving content) the
    /// release velocity — the pointer's, estimated by ``PointerVelocityEstimator`` from the
    /// last 100 ms of moves, zero after a pause — becomes the content's (opposite in sign:
    /// the content offset moves against the pointer), limited to ``maximumReleaseSpeed``,
    /// and the content runs on by itself: paging, spring back, snap point or deceleration
    /// and bounce, as "After a release" in the type's discussion describes. A press that
    /// never panned changes nothing.
    public mutating func pointerUp(time: Double) {
        let t = tick(time)
        guard let p = press else { return }
        let v = samples.velocity(at: t), axes = scrollableAxes
        let content = Point(x: axes.contains(.horizontal) ? -v.x : 0, y: axes.contains(.vertical) ? -v.y : 0)
        finishPress(p, velocity: Self.limited(content), at: t)
    }

    /// The press was cancelled at `time` (the system took the pointer): a release without
    /// velocity — the content settles back inside its edges, onto a page or a snap point.
    public mutating func pointerCancel(time: Double) {
        let t = tick(time)
        guard let p = press else { return }
        finishPress(p, velocity: .zero, at: t)
    }

    /// The fastest release, points per second: 8000, Flutter's `kMaxFlingVelocity` (logical
    /// pixels per second). Two pointer events a millisecond apart can otherwise estimate
    /// a speed no hand produced, and fling the content across its whole length.
    public static let maximumReleaseSpeed = 8000.0

    /// `v` with its magnitude limited to `maximumReleaseSpeed`, its direction kept.
    static func limited(_ v: Point) -> Point {
        let speed = (v.x * v.x + v.y * v.y).squareRoot()
        return speed > maximumReleaseSpeed ? v * (maximumReleaseSpeed / speed) : v
    }

    private mutating func finishPress(_ p: Press, velocity: Point, at t: Double) {
        press = nil
        samples.reset()
        guard p.isPanning || p.caughtMotion else { return }
        release(from: position(at: t), velocity: velocity, at: t, pagesFrom: p.pressPosition)
    }

    /// A scroll wheel or touchpad scrolled by `delta`, in content-offset points (positive
    /// y shows content further down, as the content offset grows), at `time`: the content
    /// moves by it at once on the scrollable axes, clamped to the content range (no rubber
    /// band), stopping any inertia or animation. Ignored while the user drags or when the
    /// user may not scroll. The wheel does not page or snap: discrete wheel steps are
    /// the owner's to size.
    public mutating func scroll(by delta: Point, time: Double) {
        let t = tick(time)
        let axes = scrollableAxes
        guard state != .interacting, !axes.isEmpty, delta.x.isFinite, delta.y.isFinite else { return }
        let now = position(at: t)
        let target = clampedToRange(Point(x: axes.contains(.horizontal) ? now.x + delta.x : now.x,
                                          y: axes.contains(.vertical) ? now.y + delta.y : now.y))
        hold(target, at: t)
        setState(.idle, at: t)
    }

    // MARK: Rubber band

    /// The offset shown for a raw (pointer-driven) offset: itself inside the range; past an
    /// edge, the edge plus the rubber band of the overshoot (or the edge without bounces).
    func banded(_ raw: Point) -> Point {
        let lo = minimumPosition, hi = maximumPosition
        return Point(x: Self.banded(raw.x, lo.x, hi.x, size.width, config.bounces),
                     y: Self.banded(raw.y, lo.y, hi.y, size.height, config.bounces))
    }

    static func banded(_ raw: Double, _ lo: Double, _ hi: Double, _ d: Double, _ bounces: Bool) -> Double {
        if raw < lo { return bounces ? lo - TrackerPhysics.rubberBand(lo - raw, dimension: d) : lo }
        if raw > hi { return bounces ? hi + TrackerPhysics.rubberBand(raw - hi, dimension: d) : hi }
        return raw
    }

    /// The raw offset that shows as `shown`: the inverse of `banded`, so a pan that starts
    /// on content caught past an edge continues the rubber band without a jump.
    func unbanded(_ shown: Point) -> Point {
        let lo = minimumPosition, hi = maximumPosition
        return Point(x: Self.unbanded(shown.x, lo.x, hi.x, size.width), y: Self.unbanded(shown.y, lo.y, hi.y, size.height))
    }

    static func unbanded(_ shown: Double, _ lo: Double, _ hi: Double, _ d: Double) -> Double {
        // An overshoot shown as a viewport or more (never produced by the band) is capped.
        func inverse(_ b: Double) -> Double { TrackerPhysics.rubberBandInverse(min(b, d * 0.999), dimension: d) }
        if shown < lo { return lo - inverse(lo - shown) }
        if shown > hi { return hi + inverse(shown - hi) }
        return shown
    }
}
