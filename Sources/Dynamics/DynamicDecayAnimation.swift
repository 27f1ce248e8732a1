import Foundation
import RenderClient

/// Motion that slows down by itself (`POPDecayAnimation`): a fling's momentum, in POP's model
/// of it. The velocity falls by the factor `deceleration` every millisecond:
///
///     v(t) = v₀ · d^(1000·t)
///     x(t) = x₀ + (v₀ / 1000) · d · (1 − d^(1000·t)) / (1 − d)
///
/// (t in seconds since the start or the last velocity change, v in the key path's units per
/// second, d = `deceleration`, 0.998 by default). The total travel is (v₀/1000)·d/(1 − d):
/// 499 points for 1,000 points per second at 0.998.
///
/// Done, as POP decides it: at the first frame where every component of the velocity is
/// below 5 × threshold (5 points per second for a position). `duration` is when that happens
/// and `toValue` where (POP's `computeDuration` / `computeToValue`); as in POP the layer gets
/// `toValue` on the frame it finishes.
public final class DynamicDecayAnimation: DynamicPropertyAnimation {
    /// The factor the velocity is multiplied by per millisecond, in 0 < d < 1.
    public var deceleration: Double = 0.998 {
        didSet {
            precondition(deceleration > 0 && deceleration < 1,
                         "decay of \"\(keyPath)\": deceleration \(deceleration) — use a factor per millisecond in 0 < d < 1 (POP's default 0.998)")
            rebaseAtLastFrame()
        }
    }

    /// POP's `kPOPAnimationDecayMinimalVelocityFactor`: done below this × threshold, per second.
    public static let minimalVelocityFactor = 5.0

    private var originTime = 0.0
    private var originValue: ValueVector?
    private var originVelocity = SIMD4<Double>.zero

    /// A decay of `keyPath` starting at `velocity` (units per second; zero by default, which
    /// finishes at once).
    public init(keyPath: LayerKeyPath, velocity: AnimatableValue? = nil) throws(DynamicsError) {
        try super.init(keyPath: keyPath)
        if let velocity { self.velocity = velocity }
    }

    /// The string form: `try DynamicDecayAnimation(keyPath: "position", velocity: .point(…))`.
    public convenience init(keyPath: String, velocity: AnimatableValue? = nil) throws {
        try self.init(keyPath: try LayerKeyPath(keyPath), velocity: velocity)
    }

    override var kindName: String { "decay" }

    /// Seconds from the start (or the last velocity change) until every component's velocity
    /// is below 5 × threshold: max over components of ln(5·threshold / |v₀|) / (1000·ln d),
    /// 0 when already below.
    public var duration: Double {
        let v0 = isStarted ? originVelocity : currentVelocity.v
        let k = threshold * DynamicDecayAnimation.minimalVelocityFactor
        let lnD = log(deceleration) * 1000
        var d = 0.0
        for i in 0..<(ValueVector.componentCount(valueKind) ?? 1) where abs(v0[i]) > k {
            d = max(d, log(k / abs(v0[i])) / lnD)
        }
        return d
    }

    /// Where the decay is when it is done (`duration` after its start or last velocity
    /// change); before the start, from `fromValue` if set. `nil` when unknown (not started
    /// and no `fromValue`).
    public var toValue: AnimatableValue? {
        if isStarted, let o = originValue { return position(from: o, velocity: originVelocity, after: duration).value }
        guard let f = fromValue.flatMap(ValueVector.init) else { return nil }
        return position(from: f, velocity: currentVelocity.v, after: duration).value
    }

    private func position(from x0: ValueVector, velocity v0: SIMD4<Double>, after t: Double) -> ValueVector {
        let d = deceleration
        let kv = pow(d, 1000 * t)
        return x0.with(x0.v + v0 / 1000 * (d * (1 - kv) / (1 - d)))
    }

    private func rebaseAtLastFrame() {
        guard isStarted, !isFinished, let c = current, let last = lastFrameTime else { return }
        originTime = last
        originValue = c
        originVelocity = currentVelocity.v
    }

    override func velocityChanged() { rebaseAtLastFrame() }

    override func start(at t: Double, on layer: Layer) {
        let from = startValue(on: layer)
        current = from
        originTime = t
        originValue = from
        originVelocity = currentVelocity.v
    }

    override func evaluate(at t: Double) -> (value: ValueVector, velocity: ValueVector)? {
        guard isStarted, let o = originValue else { return nil }
        if isFinished, let c = current { return (c, currentVelocity) }
        let dt = max(0, t - originTime)
        return (position(from: o, velocity: originVelocity, after: dt), o.with(originVelocity * pow(deceleration, 1000 * dt)))
    }

    override func apply(at t: Double, on layer: Layer, delta: Double) -> Bool {
        guard let (x, v) = evaluate(at: t) else { return true }
        let done = v.allBelow(threshold * DynamicDecayAnimation.minimalVelocityFactor)
        // Done: POP sets the end value, its computed toValue (at most 5 × threshold × one
        // frame behind where the motion got to, an invisible step back).
        current = done ? (toValue.flatMap(ValueVector.init) ?? x) : x
        currentVelocity = v
        write(current!, to: layer)
        return done
    }

    override func shiftClock(by shift: Double) { originTime += shift }
}
