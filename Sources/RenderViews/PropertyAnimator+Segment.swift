import RenderClient

extension PropertyAnimator {
    /// How an animator moves its properties (`UITimingCurveProvider`): a cubic curve, or a
    /// spring given by its damping ratio (settling in the animator's duration, as
    /// `View.animate(…usingSpringWithDamping…)` does) and initial velocity in Apple's units.
    public enum TimingParameters: Equatable, Sendable {
        /// A cubic Bézier curve from (0, 0) to (1, 1) over the animator's duration.
        case cubic(TimingFunction)
        /// A spring settling in the animator's duration: `dampingRatio` (> 0; 1 is critically
        /// damped, below 1 overshoots) and `initialVelocity` in UIKit's units (the whole
        /// distance per second: 1 covers it in one second at the start speed).
        case spring(dampingRatio: Double, initialVelocity: Double)
    }

    /// UIKit's named curves.
    public enum Curve: Sendable {
        /// Slow at both ends (0.42, 0, 0.58, 1): UIKit's default.
        case easeInOut
        /// Slow at the start (0.42, 0, 1, 1).
        case easeIn
        /// Slow at the end (0, 0, 0.58, 1).
        case easeOut
        /// Even speed (0, 0, 1, 1).
        case linear
        /// The curve's control points as a `TimingFunction`.
        public var timingFunction: TimingFunction {
            switch self {
            case .easeInOut: return .easeInEaseOut
            case .easeIn: return .easeIn
            case .easeOut: return .easeOut
            case .linear: return .linear
            }
        }
    }

    /// One property's motion in animator time `e` (seconds, 0…duration): `v0` until `e0`,
    /// then to `v1` along `timing`, reached at `e1`, then `v1`. Reversal plays the same
    /// segment backwards in `e`.
    struct Segment {
        var v0: AnimatableValue
        var v1: AnimatableValue
        var e0: Double
        var e1: Double
        var timing: TimingParameters

        /// The value at animator time `e`.
        func value(at e: Double) -> AnimatableValue {
            guard e > e0 else { return v0 }
            guard e < e1, e1 - e0 > 1e-12 else { return v1 }
            switch timing {
            case let .cubic(f):
                return AnimatableValue.interpolate(v0, v1, f.evaluate((e - e0) / (e1 - e0)))
            case let .spring(ratio, velocity):
                let s = SpringTiming(dampingRatio: ratio, duration: e1 - e0, initialVelocity: velocity)
                    .animation(.opacity, from: nil)
                return AnimatableValue.interpolate(v1, v0, s.displacement(at: e - e0))
            }
        }
    }

    /// What one track's animation is: its kind, timing function, length, and the local time
    /// that corresponds to animator time `e`.
    struct Plan {
        var kind: Animation.Kind
        var timingFunction: TimingFunction?
        var length: Double
        var local: Double
    }

    /// Samples per second of a reversed spring (time-reversed springs are not springs, so they
    /// go on the wire as evenly spaced keyframes).
    static let reversedSpringSamplesPerSecond = 120.0

    /// The animation playing `segment` of `keyPath` over the animator's whole duration `d`,
    /// forward (local time = e) or reversed (local time = d − e, mirrored curve).
    static func plan(_ s: Segment, keyPath kp: LayerKeyPath, duration d: Double, e: Double, reversed: Bool) -> Plan {
        let move = max(s.e1 - s.e0, 0)
        if !reversed {
            switch s.timing {
            case let .cubic(f):
                if s.e0 <= 1e-12 && s.e1 >= d - 1e-12 {
                    return Plan(kind: .basic(BasicAnimation(keyPath: kp, from: s.v0, to: s.v1)), timingFunction: f,
                                length: d, local: e)
                }
                return Plan(kind: .keyframe(holdMoveHold(kp, first: s.v0, second: s.v1, moveStart: s.e0 / d,
                                                        moveEnd: s.e1 / d, curve: f)),
                            timingFunction: nil, length: d, local: e)
            case let .spring(ratio, velocity):
                let st = SpringTiming(dampingRatio: ratio, duration: max(move, 0.001), initialVelocity: velocity)
                return Plan(kind: .spring(st.animation(kp, from: s.v0, to: s.v1)), timingFunction: nil,
                            length: st.duration, local: e - s.e0)
            }
        }
        let r = d - e
        switch s.timing {
        case let .cubic(f):
            let m = TimingFunction(1 - f.c2x, 1 - f.c2y, 1 - f.c1x, 1 - f.c1y)
            if s.e0 <= 1e-12 && s.e1 >= d - 1e-12 {
                return Plan(kind: .basic(BasicAnimation(keyPath: kp, from: s.v1, to: s.v0)), timingFunction: m,
                            length: d, local: r)
            }
            return Plan(kind: .keyframe(holdMoveHold(kp, first: s.v1, second: s.v0, moveStart: (d - s.e1) / d,
                                                    moveEnd: (d - s.e0) / d, curve: m)),
                        timingFunction: nil, length: d, local: r)
        case .spring:
            let n = max(8, Int((d * reversedSpringSamplesPerSecond).rounded(.up)))
            let values = (0...n).map { k in s.value(at: d - d * Double(k) / Double(n)) }
            return Plan(kind: .keyframe(KeyframeAnimation(keyPath: kp, values: values)), timingFunction: nil,
                        length: d, local: r)
        }
    }

    /// Keyframes holding `first` until `moveStart`, moving to `second` along `curve` until
    /// `moveEnd`, then holding it (fractions of the duration).
    static func holdMoveHold(_ kp: LayerKeyPath, first: AnimatableValue, second: AnimatableValue,
                             moveStart: Double, moveEnd: Double, curve: TimingFunction) -> KeyframeAnimation {
        var values: [AnimatableValue] = [first], times: [Double] = [0], curves: [TimingFunction] = []
        let a = min(max(moveStart, 0), 1), b = min(max(moveEnd, a), 1)
        if a > 0 { values.append(first); times.append(a); curves.append(.linear) }
        values.append(second); times.append(b); curves.append(curve)
        if b < 1 { values.append(second); times.append(1); curves.append(.linear) }
        return KeyframeAnimation(keyPath: kp, values: values, keyTimes: times, timingFunctions: curves)
    }
}
