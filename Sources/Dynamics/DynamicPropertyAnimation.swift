import RenderClient

/// An animation of one layer property by key path (`POPPropertyAnimation`): `position`,
/// `position.x`, `bounds`, `bounds.size.width`, `opacity`, `backgroundColor`,
/// `transform.rotation.z`, `transform.scale`, `transform.translation`, … — any key path
/// whose values are numbers, points, sizes, rects or colors.
///
/// Values are in the key path's units (points, radians, unit opacity, color components);
/// velocities in those units per second, as values of the same kind (the velocity of
/// `position` is a `.point`). Each frame writes the model value of the key path with
/// actions disabled, so the layer's model always holds what is shown.
public class DynamicPropertyAnimation: DynamicAnimation {
    /// What is animated.
    public let keyPath: LayerKeyPath
    /// The size of a change too small to see, in the key path's units: decides when the
    /// animation is done. Defaults to POP's threshold for the property (`DynamicsThreshold`).
    public var threshold: Double

    /// The starting value; `nil` (the default) starts from the layer's model value.
    public var fromValue: AnimatableValue? {
        didSet { if let v = fromValue { checkKind(v, "fromValue") } }
    }

    /// Called once per run, inside the frame, when the value first reaches or passes
    /// `toValue` in every component (POP's `animationDidReachToValue:`): a spring's first
    /// overshoot, a basic animation's end. A retarget arms it again.
    public var animationDidReachToValue: ((DynamicPropertyAnimation) -> Void)?
    /// Whether the value has reached `toValue` in this run.
    public internal(set) var didReachToValue = false

    /// The value shown at the last frame (the model value written); `nil` before the start.
    public var currentValue: AnimatableValue? { current?.value }

    /// The velocity: before the start, the initial velocity to start with (zero by default;
    /// springs and decays use it, basic animations ignore it); while running, the velocity
    /// at the last frame, in the key path's units per second. Setting it while a spring or
    /// decay runs continues from the current value with that velocity.
    public var velocity: AnimatableValue {
        get { currentVelocity.value }
        set {
            checkKind(newValue, "velocity")
            guard let v = ValueVector(newValue) else {
                preconditionFailure("\(DynamicsError.valueKind(keyPath: keyPath.description, role: "velocity", expected: valueKind, got: newValue.kind))")
            }
            currentVelocity = v
            velocityChanged()
        }
    }

    let valueKind: AnimatableValue.Kind
    var current: ValueVector?
    var currentVelocity: ValueVector

    /// An animation of `keyPath`. Throws when its values are not numbers, points, sizes,
    /// rects or colors (a whole transform, booleans, paths, contents).
    init(keyPath: LayerKeyPath) throws(DynamicsError) {
        guard let zero = ValueVector.zero(keyPath.valueKind) else {
            throw .unanimatableKeyPath(keyPath.description, kind: keyPath.valueKind)
        }
        self.keyPath = keyPath
        self.valueKind = keyPath.valueKind
        self.threshold = DynamicsThreshold.threshold(for: keyPath)
        self.currentVelocity = zero
        super.init()
    }

    /// Traps, with what to do, on a value of the wrong kind set on a running animation
    /// (before adding, `DynamicAnimator.add` reports it as an error instead).
    func checkKind(_ v: AnimatableValue, _ role: String) {
        guard animator != nil else { return }
        do { _ = try vector(v, role) } catch { preconditionFailure("\(error)") }
    }

    func vector(_ v: AnimatableValue, _ role: String) throws(DynamicsError) -> ValueVector {
        guard v.kind == valueKind, let vec = ValueVector(v) else {
            throw .valueKind(keyPath: keyPath.description, role: role, expected: valueKind, got: v.kind)
        }
        for i in 0..<vec.count where !vec.v[i].isFinite { throw .nonFinite(keyPath: keyPath.description, role: role) }
        return vec
    }

    override func validate(on layer: Layer) throws(DynamicsError) {
        guard keyPath.property.layerKinds.contains(layer.kind) else {
            throw .notOnLayerKind(keyPath: keyPath.description, kind: layer.kind)
        }
        if let f = fromValue { _ = try vector(f, "fromValue") }
        let v = velocity
        _ = try vector(v, "velocity")
    }

    /// The starting vector: `fromValue`, else the layer's model value.
    func startValue(on layer: Layer) -> ValueVector {
        ValueVector(fromValue ?? layer.value(forKeyPath: keyPath))!
    }

    /// Writes `v` to the layer's model at the key path (inside the frame's transaction,
    /// whose actions are disabled).
    func write(_ v: ValueVector, to layer: Layer) {
        do { try layer.setValue(v.value, forKeyPath: keyPath) } catch {
            preconditionFailure("layer \(layer.id): \(error)")
        }
    }

    /// Calls `animationDidReachToValue` the first time `value` is at or past `target` (seen
    /// from `origin`) in every component that moves.
    func noteReach(_ value: ValueVector, target: ValueVector, origin: ValueVector) {
        guard !didReachToValue else { return }
        for i in 0..<value.count where origin.v[i] != target.v[i] {
            if (value.v[i] - target.v[i]) * (origin.v[i] - target.v[i]) > 0 { return }
        }
        didReachToValue = true
        delegate?.pop_animationDidReachToValue(self)
        animationDidReachToValue?(self)
    }

    override func resetRun() {
        super.resetRun()
        didReachToValue = false
    }

    /// The velocity changed by the setter (springs and decays rebase on it).
    func velocityChanged() {}

    /// The value and velocity the animation gives at media time `t` (s), from its state at
    /// the last change (start, retarget, velocity change): a pure function of `t`, for
    /// reading ahead or behind. `nil` before the start.
    public func value(at t: Double) -> AnimatableValue? { evaluate(at: t)?.value.value }

    /// The velocity at media time `t`, in the key path's units per second; `nil` before the start.
    public func velocity(at t: Double) -> AnimatableValue? { evaluate(at: t)?.velocity.value }

    func evaluate(at t: Double) -> (value: ValueVector, velocity: ValueVector)? { nil }
}
