import RenderClient

/// From a value to another over a duration, eased by a timing function (`POPBasicAnimation`).
///
/// POP's defaults: 0.4 s, and Core Animation's `default` curve (0.25, 0.1, 0.25, 1).
/// progress = timingFunction(min(elapsed, duration) / duration); the value interpolates
/// `fromValue` (or the model value at the start) → `toValue` by it, component by component.
/// Done, as POP decides it (`_POPBasicAnimationState::isDone`), at the first frame where the
/// *time* fraction + 1e-6 ≥ 1 — not the eased progress: a curve that overshoots past 1
/// early (control points with y > 1) keeps running its whole duration and comes back; the
/// layer then gets `toValue` exactly.
/// Setting `toValue` while it runs moves the end and keeps the progress, as POP does.
public final class DynamicBasicAnimation: DynamicPropertyAnimation {
    /// The end value. Setting it on a finished animation kept by `removedOnCompletion ==
    /// false` runs it again from where it is.
    public var toValue: AnimatableValue? {
        didSet {
            guard let v = toValue else { return }
            checkKind(v, "toValue")
            target = ValueVector(v)
            if isFinished {
                let from = current
                resetRun()
                restartFrom = from
                animator?.wake()
            }
        }
    }
    /// Seconds (≥ 0; 0 jumps to `toValue` at the first frame).
    public var duration: Double = 0.4 {
        didSet {
            precondition(duration >= 0 && duration.isFinite, "basic animation of \"\(keyPath)\": duration \(duration) s — use a finite duration ≥ 0")
        }
    }
    /// The easing of progress.
    public var timingFunction: TimingFunction = .default

    /// Eased progress at the last frame (POP's `progress`): 0…1, or beyond for a curve that
    /// overshoots.
    public private(set) var progress = 0.0

    /// POP's `kPOPProgressThreshold`.
    public static let progressThreshold = 1e-6

    private var from: ValueVector?
    private var target: ValueVector?
    private var restartFrom: ValueVector?

    /// An animation of `keyPath` to `toValue` over `duration` seconds (0.4 by default, as
    /// POP's) along `timingFunction` (Core Animation's default curve unless given). Throws
    /// `DynamicsError` for a key path Dynamics cannot animate or a value of another kind.
    public init(keyPath: LayerKeyPath, toValue: AnimatableValue? = nil, duration: Double = 0.4,
                timingFunction: TimingFunction = .default) throws(DynamicsError) {
        try super.init(keyPath: keyPath)
        self.toValue = toValue
        self.duration = duration
        self.timingFunction = timingFunction
        target = toValue.flatMap(ValueVector.init)
    }

    /// The same, with the key path as a string (`"position.x"`, `"opacity"`, …); also throws
    /// for a key path that does not parse.
    public convenience init(keyPath: String, toValue: AnimatableValue? = nil, duration: Double = 0.4,
                            timingFunction: TimingFunction = .default) throws {
        try self.init(keyPath: try LayerKeyPath(keyPath), toValue: toValue, duration: duration, timingFunction: timingFunction)
    }

    override var kindName: String { "basic" }

    override func validate(on layer: Layer) throws(DynamicsError) {
        try super.validate(on: layer)
        guard let to = toValue else { throw .missingToValue(animation: kindName, keyPath: keyPath.description) }
        target = try vector(to, "toValue")
        precondition(duration >= 0 && duration.isFinite, "basic animation of \"\(keyPath)\": duration \(duration) s — use a finite duration ≥ 0")
    }

    override func start(at t: Double, on layer: Layer) {
        from = restartFrom ?? startValue(on: layer)
        restartFrom = nil
        current = from
        progress = 0
    }

    /// The linear time fraction at `t`, 0…1.
    private func fraction(at t: Double) -> Double {
        guard let s = startTime, duration > 0 else { return 1 }
        return min(max(t - s, 0), duration) / duration
    }

    override func evaluate(at t: Double) -> (value: ValueVector, velocity: ValueVector)? {
        guard isStarted, let from, let target else { return nil }
        let x = fraction(at: t)
        let p = timingFunction.evaluate(x)
        // d(progress)/dt by a central difference of the curve (its slope is smooth inside 0…1).
        var slope = 0.0
        if duration > 0 && x < 1 {
            let h = 1e-6
            let lo = max(0, x - h), hi = min(1, x + h)
            slope = (timingFunction.evaluate(hi) - timingFunction.evaluate(lo)) / (hi - lo) / duration
        }
        let span = target.v - from.v
        return (from.with(from.v + span * p), from.with(span * slope))
    }

    override func apply(at t: Double, on layer: Layer, delta: Double) -> Bool {
        guard let (x, v) = evaluate(at: t), let target else { return true }
        let timeFraction = fraction(at: t)
        progress = timingFunction.evaluate(timeFraction)
        // POP's rule: the time fraction ends it, never the eased progress (an overshooting
        // curve's progress passes 1 long before its time is up).
        let done = timeFraction + DynamicBasicAnimation.progressThreshold >= 1
        current = done ? target : x
        currentVelocity = done ? target.with(.zero) : v
        write(current!, to: layer)
        if let from { noteReach(current!, target: target, origin: from) }
        return done
    }

    override func shiftClock(by shift: Double) { if let s = startTime { startTime = s + shift } }

    override func resetRun() {
        super.resetRun()
        progress = 0
    }
}
