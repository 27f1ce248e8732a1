// One axis's motion between two inputs, as up to three closed-form pieces back to back
// (a spring back into the content, a deceleration, a bounce), then rest. Position and
// velocity are pure functions of time; the pieces are joined with position and velocity
// continuous, and the last one ends within a rest distance of the resting position.

/// One closed-form piece of an axis's motion.
enum MotionCurve: Sendable {
    /// x(τ) = x₀ + v₀·(e^(kτ) − 1)/k, v(τ) = v₀·e^(kτ): exponential deceleration, k < 0 per second.
    case decay(x0: Double, v0: Double, k: Double)
    /// x(τ) = target + d(τ): the tracker's critically damped spring.
    case spring(target: Double, TrackerSpring)
    /// x(τ) = from + (to − from)·ease(τ/duration): an ease-in-ease-out curve.
    case eased(from: Double, to: Double, duration: Double)

    func position(at tau: Double) -> Double {
        switch self {
        case let .decay(x0, v0, k): return x0 + v0 * (_exp(k * tau) - 1) / k
        case let .spring(target, s): return target + s.displacement(at: tau)
        case let .eased(from, to, duration):
            return from + (to - from) * TimingFunction.easeInEaseOut.evaluate(unitClamped(tau / duration))
        }
    }

    func velocity(at tau: Double) -> Double {
        switch self {
        case let .decay(_, v0, k): return v0 * _exp(k * tau)
        case let .spring(_, s): return s.velocity(at: tau)
        case let .eased(from, to, duration):
            let x = unitClamped(tau / duration)
            return (to - from) / duration * MotionCurve.easeSlope(x)
        }
    }

    /// dy/dx of the ease-in-ease-out curve at input progress x: y′(s)/x′(s) at the curve
    /// parameter s solving x(s) = x (0 at both ends, where x′ > 0 and y′ = 0).
    static func easeSlope(_ x: Double) -> Double {
        let f = TimingFunction.easeInEaseOut
        let s = f.solveParameter(x)
        let dx = (3 * f.ax * s + 2 * f.bx) * s + f.cx
        let dy = (3 * f.ay * s + 2 * f.by) * s + f.cy
        return dx > 0 ? dy / dx : 0
    }
}

/// One axis's motion from `start` on: pieces back to back, then rest at `rest`.
struct AxisMotion: Sendable {
    struct Piece: Sendable {
        var curve: MotionCurve
        /// Absolute times, seconds: the piece runs on start ..< end.
        var start: Double, end: Double
    }

    /// At most three pieces (spring into the content, deceleration, bounce): fixed storage.
    private var p0: Piece?, p1: Piece?, p2: Piece?
    /// Where the axis rests once the last piece ends, points.
    private(set) var rest: Double
    /// When the axis comes to rest, seconds: the last piece's end, or the time it was made
    /// when it holds still.
    private(set) var endTime: Double
    /// The position at the start (before the first piece, and when holding still).
    private(set) var startPosition: Double

    /// An axis holding still at `position` from `time` on.
    init(holding position: Double, at time: Double) {
        rest = position; endTime = time; startPosition = position
    }

    var isMoving: Bool { p0 != nil }

    /// Appends a piece from the current end with `curve` lasting `duration` seconds (pieces
    /// of no length are skipped) and rests at `rest` after it.
    mutating func append(_ curve: MotionCurve, duration: Double, rest: Double) {
        self.rest = rest
        guard duration > 0 else { return }
        let piece = Piece(curve: curve, start: endTime, end: endTime + duration)
        if p0 == nil { p0 = piece } else if p1 == nil { p1 = piece } else { precondition(p2 == nil, "an axis motion has at most three pieces"); p2 = piece }
        endTime = piece.end
    }

    private func piece(at t: Double) -> Piece? {
        if let p = p0, t < p.end { return p }
        if let p = p1, t < p.end { return p }
        if let p = p2, t < p.end { return p }
        return nil
    }

    /// The position at `t`, points: the start position before the motion began, the
    /// resting position after it ended.
    func position(at t: Double) -> Double {
        guard let first = p0 else { return rest }
        if !(t > first.start) { return startPosition }
        guard let p = piece(at: t) else { return rest }
        return p.curve.position(at: t - p.start)
    }

    /// The velocity at `t`, points/s: 0 before the motion began and after it ended.
    func velocity(at t: Double) -> Double {
        guard let first = p0, t >= first.start, let p = piece(at: t) else { return 0 }
        return p.curve.velocity(at: t - p.start)
    }

}
