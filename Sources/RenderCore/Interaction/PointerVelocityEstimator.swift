// The pointer's velocity at release, from its recent positions: a least-squares line
// through the samples of the last 100 ms, kept in a fixed ring of 20.

/// Estimates the pointer's velocity from its recent samples, as a pan recognizer does at
/// release: the slope of the least-squares line through the positions of the last
/// ``horizon`` seconds, per axis (exact for motion at constant velocity, whatever the
/// spacing of the samples). No fling after a pause: when the newest sample is more than
/// ``staleness`` seconds older than the release, the velocity is zero.
///
/// Storage is a ring of ``capacity`` samples allocated once; older samples are overwritten.
public struct PointerVelocityEstimator: Sendable {
    /// How far back samples count, seconds: 100 ms, about six 60 Hz events — long enough
    /// to average out a pointer's jitter, short enough that only the final motion counts.
    public static let horizon = 0.1
    /// A release this long after the newest sample, seconds, carries no velocity: 50 ms, three
    /// 60 Hz frames without motion, is a pause, not a flick (UIKit's fling likewise dies when
    /// the finger rests before lifting).
    public static let staleness = 0.05
    /// The most samples kept: 20 covers the horizon at 200 Hz input.
    public static let capacity = 20

    private var times: [Double]
    private var points: [Point]
    private var next = 0
    /// How many samples are held (≤ capacity).
    public private(set) var count = 0

    /// An estimator with no samples.
    public init() {
        times = Array(repeating: 0, count: Self.capacity)
        points = Array(repeating: .zero, count: Self.capacity)
    }

    /// Forgets every sample (a new press).
    public mutating func reset() { count = 0; next = 0 }

    /// Records the pointer at `point` at `time` (seconds, non-decreasing; an earlier time is
    /// taken as the newest sample's).
    public mutating func add(_ point: Point, time: Double) {
        var t = time
        if count > 0 {
            let newest = times[(next + Self.capacity - 1) % Self.capacity]
            if !(t >= newest) { t = newest }
        }
        times[next] = t; points[next] = point
        next = (next + 1) % Self.capacity
        count = min(count + 1, Self.capacity)
    }

    /// The pointer's velocity at a release at `time`, points/s: the least-squares slope of
    /// the samples no older than `time − horizon`, or zero with fewer than two such samples
    /// at distinct times, or when the newest is older than `time − staleness`.
    public func velocity(at time: Double) -> Point {
        guard count >= 2 else { return .zero }
        let newestIndex = (next + Self.capacity - 1) % Self.capacity
        let newest = times[newestIndex]
        let release = max(time, newest)
        guard release - newest <= Self.staleness else { return .zero }
        // Sums relative to the newest sample, so the fit is well conditioned at any clock.
        var n = 0.0, st = 0.0, sx = 0.0, sy = 0.0, stt = 0.0, stx = 0.0, sty = 0.0
        let origin = points[newestIndex]
        for i in 0..<count {
            let j = (newestIndex + Self.capacity - i) % Self.capacity
            let t = times[j] - newest
            if t < (release - newest) - Self.horizon - 1e-12 { break }
            let p = points[j] - origin
            n += 1; st += t; sx += p.x; sy += p.y
            stt += t * t; stx += t * p.x; sty += t * p.y
        }
        let den = n * stt - st * st
        guard n >= 2, den > 1e-18 else { return .zero }
        return Point(x: (n * stx - st * sx) / den, y: (n * sty - st * sy) / den)
    }
}
