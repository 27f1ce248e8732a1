import RenderCore

/// Core Animation's mutable animation objects, for code written the way iOS engineers write
/// it: make an object, set `fromValue`, `toValue`, `duration`, `timingFunction`, …, then
/// `layer.add(anim, forKey:)`.
///
///     let anim = CABasicAnimation(keyPath: "position")
///     anim.fromValue = CGPoint(x: 0, y: 0)
///     anim.toValue = CGPoint(x: 200, y: 100)
///     anim.duration = 0.5
///     anim.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
///     layer.add(anim, forKey: "move")
///
/// There is one animation engine: these objects are a spelling on top of the immutable
/// `Animation` value (RenderCore), which is what the client evaluates and the daemon runs.
/// `Layer.add(_:forKey:)` converts the object into an `Animation` when it is called
/// (`makeAnimation(for:)`), so, as in Core Animation, which copies an animation when it is
/// added, changing the object afterwards changes nothing on the layer; the delegate gets a
/// copy of the object (`copy()`).
///
/// Names: the mutable classes carry Core Animation's `CA` names (`CABasicAnimation`,
/// `CAKeyframeAnimation`, `CASpringAnimation`, `CAAnimationGroup`, `CATransition`) because
/// the unprefixed names are RenderCore's immutable kinds (`BasicAnimation`,
/// `KeyframeAnimation`, `SpringAnimation`, `AnimationGroup`, `Transition`, the payloads of
/// `Animation.Kind`), which the views and components are built on. A declaration in
/// RenderClient with one of those names would shadow RenderCore's in every module that
/// imports RenderClient, so the immutable values keep their names and the objects take the
/// names an iOS engineer types anyway.
///
/// Untyped values (`fromValue`, `toValue`, `byValue`, `values`) take what `AnimatableValue(any:)`
/// accepts: `Double`, `Float`, `Int`, `CGFloat`, `NSNumber`, `Bool`, `CGPoint`/`Point`,
/// `CGSize`/`Size`, `CGRect`/`Rect`, `Color`, `CATransform3D` (`Transform3D`),
/// `CGAffineTransform`, `Path`, `String`, `Bitmap`, a `Layer` (for `mask`), or an
/// `AnimatableValue` itself (the typed form). A value that is none of these, or of the wrong
/// kind for the key path (a `CGPoint` for `opacity`), traps at `add`, naming the animation,
/// the key path and what it takes: Core Animation ignores such an animation silently.
///
/// Thread affinity: none of its own; `add` runs on the layer's queue.
open class CAAnimation: CustomStringConvertible {
    /// In the layer's time space, seconds. 0 (the default) starts at the commit of the
    /// transaction that adds it; `CACurrentMediaTime() + 1` starts a second from now.
    public var beginTime: Double = 0
    /// One forward pass, seconds; 0 (the default) takes the transaction's
    /// `animationDuration` (or 0.25 s). A spring with 0 lasts its `settlingDuration`.
    public var duration: Double = 0
    /// Rate of the animation's time relative to its layer's (0 pauses it).
    public var speed: Float = 1
    /// Where playback starts inside the cycles, seconds (wraps around).
    public var timeOffset: Double = 0
    /// Cycles to play (fractional allowed); `.infinity` or `.greatestFiniteMagnitude` for ever.
    public var repeatCount: Float = 0
    /// Bounds the active time instead of `repeatCount` when > 0, seconds.
    public var repeatDuration: Double = 0
    /// Plays each cycle forward, then backward.
    public var autoreverses = false
    /// What shows before the begin time and after the end (`.removed` by default).
    public var fillMode: CAMediaTimingFillMode = .removed
    /// Warps progress within each cycle; `nil` is linear (or the transaction's
    /// `animationTimingFunction` when that is set).
    public var timingFunction: CAMediaTimingFunction?
    /// Whether the layer drops the animation when it completes (true by default, as in
    /// Core Animation: set `false` with `fillMode = .forwards` to keep its end on screen).
    public var isRemovedOnCompletion = true
    /// Told of the start and the stop (`CAAnimationDelegate`), on the layer's queue. Held
    /// strongly, as Core Animation holds it.
    public var delegate: CAAnimationDelegate?

    /// Values set with `setValue(_:forKey:)` (Core Animation objects take arbitrary keys:
    /// apps tag animations with them to tell them apart in the delegate).
    private var userValues: [String: Any] = [:]

    /// An animation with Core Animation's defaults: begins with its transaction, duration 0
    /// (the transaction's, else 0.25 s), speed 1, no repeat, fill `removed`, removed on completion.
    public required init() {}

    /// A value the app stored under `key` (`nil` if none).
    public func value(forKey key: String) -> Any? { userValues[key] }
    /// Stores an app value under `key`, copied with the animation (`nil` removes it).
    public func setValue(_ value: Any?, forKey key: String) { userValues[key] = value }

    /// A copy of the object, of the same class (`NSCopying`): what `add` gives the delegate.
    public func copy() -> Any {
        let c = type(of: self).init()
        c.copyState(from: self)
        return c
    }

    /// Copies the stored properties of `other` into `self`; each subclass adds its own.
    func copyState(from other: CAAnimation) {
        beginTime = other.beginTime; duration = other.duration; speed = other.speed
        timeOffset = other.timeOffset; repeatCount = other.repeatCount; repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses; fillMode = other.fillMode; timingFunction = other.timingFunction
        isRemovedOnCompletion = other.isRemovedOnCompletion; delegate = other.delegate
        userValues = other.userValues
    }

    /// The media timing these properties describe.
    public var mediaTiming: MediaTiming {
        MediaTiming(beginTime: beginTime, duration: duration, speed: Double(speed), timeOffset: timeOffset,
                    repeatCount: Double(repeatCount), repeatDuration: repeatDuration, autoreverses: autoreverses,
                    fillMode: fillMode)
    }

    /// The immutable `Animation` this object describes for a layer of kind `kind` — what
    /// `Layer.add(_:forKey:)` adds. Traps, saying what to change, on a missing or unknown key
    /// path, a value that cannot be converted or is of the wrong kind.
    public func makeAnimation(forLayerKind kind: LayerKind = .layer) -> Animation {
        Animation(makeKind(forLayerKind: kind), timing: mediaTiming, timingFunction: timingFunction,
                  isRemovedOnCompletion: isRemovedOnCompletion)
    }

    /// The kind of animation (each subclass makes its own).
    func makeKind(forLayerKind kind: LayerKind) -> Animation.Kind {
        preconditionFailure("\(type(of: self)) is abstract: add a CABasicAnimation, CAKeyframeAnimation, "
            + "CASpringAnimation, CAAnimationGroup or CATransition")
    }

    /// The class name, for messages.
    var className: String { String(describing: type(of: self)) }

    /// The class name and the timing, for logs.
    open var description: String { "<\(className) \(mediaTiming)>" }
}

/// An animation of one layer property by key path (`CAPropertyAnimation`).
open class CAPropertyAnimation: CAAnimation {
    /// What is animated: `"position"`, `"position.x"`, `"bounds.size.width"`, `"opacity"`,
    /// `"transform.rotation.z"`, `"transform.scale"`, … (see `LayerKeyPath`).
    public var keyPath: String?
    /// Adds the animated value to the underlying one instead of replacing it.
    public var isAdditive = false
    /// Each repeat cycle starts where the previous one ended.
    public var isCumulative = false

    /// An animation with no key path yet: set `keyPath` before adding it.
    public required init() { super.init() }

    /// An animation of `keyPath` (`CAPropertyAnimation(keyPath:)`).
    public convenience init(keyPath: String?) {
        self.init()
        self.keyPath = keyPath
    }

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let o = other as? CAPropertyAnimation else { return }
        keyPath = o.keyPath; isAdditive = o.isAdditive; isCumulative = o.isCumulative
    }

    /// The parsed key path, checked against the layer kind; traps saying what is wrong.
    func parsedKeyPath(forLayerKind kind: LayerKind) -> LayerKeyPath {
        guard let s = keyPath else {
            preconditionFailure("\(className) added without a keyPath: set keyPath (\"position\", \"opacity\", "
                + "\"transform.scale\", …) or create it with \(className)(keyPath:)")
        }
        let kp: LayerKeyPath
        do { kp = try LayerKeyPath(s) } catch { preconditionFailure("\(className): \(error)") }
        precondition(kp.property.exists(on: kind), "\(className) of \"\(s)\": \(KeyPathError.notOnLayerKind(keyPath: s, kind: kind))")
        return kp
    }

    /// `value` converted for `keyPath`; `nil` stays `nil`. Traps naming `role` on a value
    /// that cannot be converted or is of another kind than the key path takes.
    func converted(_ value: Any?, _ role: String, for kp: LayerKeyPath) -> AnimatableValue? {
        guard let value else { return nil }
        guard let v = AnimatableValue(any: value, for: kp) else {
            preconditionFailure("\(className) of \"\(kp)\": \(role) \(value) (\(type(of: value))) is not a value for this "
                + "key path; it takes a \(kp.valueKind) (\(AnimatableValue.acceptedTypes(for: kp.valueKind)))")
        }
        return v
    }

    override open var description: String { "<\(className) \"\(keyPath ?? "nil")\" \(mediaTiming)>" }
}

/// From / to / by (`CABasicAnimation`): see RenderCore's `BasicAnimation` for what each
/// combination interpolates. With none set, it runs from the value shown before the
/// transaction's changes to the model value.
open class CABasicAnimation: CAPropertyAnimation {
    /// The value the animation starts from (untyped: `Double`, `CGFloat`, `CGPoint`, `Color`,
    /// `CATransform3D`, … of the key path's kind); `nil` for the presentation value.
    public var fromValue: Any?
    /// The value the animation ends at (untyped, as `fromValue`); `nil`: the start value plus
    /// `byValue` when that is set, else the model value.
    public var toValue: Any?
    /// The change relative to the start value (untyped, as `fromValue`): the animation runs
    /// from the start value to start + `byValue`.
    public var byValue: Any?

    /// A basic animation with no key path and no values: set `keyPath`, then `fromValue`,
    /// `toValue` or `byValue` (none: the previous presentation value to the model value).
    public required init() { super.init() }

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let o = other as? CABasicAnimation else { return }
        fromValue = o.fromValue; toValue = o.toValue; byValue = o.byValue
    }

    /// The typed form of this object's from / to / by for `kind`'s layers.
    func basic(forLayerKind kind: LayerKind) -> BasicAnimation {
        let kp = parsedKeyPath(forLayerKind: kind)
        return BasicAnimation(keyPath: kp, from: converted(fromValue, "fromValue", for: kp),
                              to: converted(toValue, "toValue", for: kp), by: converted(byValue, "byValue", for: kp),
                              isAdditive: isAdditive, isCumulative: isCumulative)
    }

    override func makeKind(forLayerKind kind: LayerKind) -> Animation.Kind { .basic(basic(forLayerKind: kind)) }
}

/// A damped spring (`CASpringAnimation`), solved in closed form. With `duration` 0 (the
/// default) it lasts its `settlingDuration`; Core Animation users usually set
/// `duration = anim.settlingDuration`, which is the same.
open class CASpringAnimation: CABasicAnimation {
    /// Kilograms, > 0 (1 by default).
    public var mass: Double = 1
    /// Newtons per metre, > 0 (100 by default).
    public var stiffness: Double = 100
    /// Newton-seconds per metre, ≥ 0 (10 by default).
    public var damping: Double = 10
    /// Towards the target, in units of the whole distance per second (0 by default).
    public var initialVelocity: Double = 0

    /// A spring of mass 1, stiffness 100, damping 10, no initial velocity, with no key path yet.
    public required init() { super.init() }

    /// iOS 17's parameters: `perceptualDuration` (seconds) and `bounce` (0 = none, up to 1).
    public convenience init(perceptualDuration: Double, bounce: Double) {
        self.init()
        let s = SpringAnimation(keyPath: .opacity, perceptualDuration: perceptualDuration, bounce: bounce)
        mass = s.mass; stiffness = s.stiffness; damping = s.damping
    }

    /// How long the spring takes to come to rest (within a thousandth of the distance), seconds.
    public var settlingDuration: Double { spring(keyPath: .opacity).settlingDuration }

    func spring(keyPath kp: LayerKeyPath, from: AnimatableValue? = nil, to: AnimatableValue? = nil,
                by: AnimatableValue? = nil) -> SpringAnimation {
        SpringAnimation(keyPath: kp, from: from, to: to, by: by, mass: mass, stiffness: stiffness, damping: damping,
                        initialVelocity: initialVelocity, isAdditive: isAdditive, isCumulative: isCumulative)
    }

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let o = other as? CASpringAnimation else { return }
        mass = o.mass; stiffness = o.stiffness; damping = o.damping; initialVelocity = o.initialVelocity
    }

    override func makeKind(forLayerKind kind: LayerKind) -> Animation.Kind {
        precondition(mass > 0 && stiffness > 0 && damping >= 0,
                     "CASpringAnimation of \"\(keyPath ?? "nil")\": mass \(mass) and stiffness \(stiffness) must be > 0, "
                        + "damping \(damping) ≥ 0")
        let b = basic(forLayerKind: kind)
        return .spring(spring(keyPath: b.keyPath, from: b.from, to: b.to, by: b.by))
    }
}

/// Key frames (`CAKeyframeAnimation`): `values` (or a `path` for point properties),
/// `keyTimes`, `timingFunctions`, `calculationMode`, `rotationMode`. With neither values
/// nor a path it changes nothing while it runs, as in Core Animation (the daemon accepts it).
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The key frames (untyped, as `CABasicAnimation.fromValue`).
    public var values: [Any]?
    /// A path for point properties, instead of `values`.
    public var path: Path?
    /// 0…1, non-decreasing, one per value; `nil` spaces them evenly.
    public var keyTimes: [Double]?
    /// One per segment (values − 1).
    public var timingFunctions: [CAMediaTimingFunction]?
    /// How values between key frames are computed: `.linear` (the default), `.discrete`
    /// (jumps), `.paced` (even speed, ignoring `keyTimes`), `.cubic` and `.cubicPaced` (a
    /// Catmull-Rom spline through the values).
    public var calculationMode: CAAnimationCalculationMode = .linear
    /// Along a `path`: turn the layer with the tangent (`nil`: no rotation).
    public var rotationMode: CAAnimationRotationMode?

    /// A keyframe animation with no key path and no values yet.
    public required init() { super.init() }

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let o = other as? CAKeyframeAnimation else { return }
        values = o.values; path = o.path; keyTimes = o.keyTimes; timingFunctions = o.timingFunctions
        calculationMode = o.calculationMode; rotationMode = o.rotationMode
    }

    override func makeKind(forLayerKind kind: LayerKind) -> Animation.Kind {
        let kp = parsedKeyPath(forLayerKind: kind)
        let vs = (values ?? []).enumerated().map { i, v in converted(v, "values[\(i)]", for: kp)! }
        return .keyframe(KeyframeAnimation(keyPath: kp, values: vs, path: path, keyTimes: keyTimes,
                                           timingFunctions: timingFunctions, calculationMode: calculationMode,
                                           rotationMode: rotationMode ?? .none, isAdditive: isAdditive,
                                           isCumulative: isCumulative))
    }
}

/// Animations run together (`CAAnimationGroup`), each timed in the group's time (a child's
/// `beginTime` is relative to the group's start) and clipped to the group's duration. A
/// child without a duration takes the group's. Children's delegates and
/// `isRemovedOnCompletion` are ignored, as in Core Animation.
open class CAAnimationGroup: CAAnimation {
    /// The animations run together, each timed in the group's time; `nil` or empty runs nothing.
    public var animations: [CAAnimation]?

    /// An empty group: set `animations` and usually `duration`.
    public required init() { super.init() }

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let o = other as? CAAnimationGroup else { return }
        animations = o.animations?.map { $0.copy() as! CAAnimation }
    }

    override func makeKind(forLayerKind kind: LayerKind) -> Animation.Kind {
        .group(AnimationGroup(animations: (animations ?? []).map { $0.makeAnimation(forLayerKind: kind) }))
    }
}

/// A transition of the layer's content (`CATransition`): `type` (`.fade`, `.moveIn`,
/// `.push`, `.reveal`) and `subtype` (`.fromRight`, `.fromLeft`, `.fromTop`, `.fromBottom`).
/// Add it under `kCATransition`, as Core Animation code does.
open class CATransition: CAAnimation {
    /// How the new content replaces the old: `.fade` (the default), `.moveIn`, `.push`, `.reveal`.
    public var type: CATransitionType = .fade
    /// The direction of `.moveIn`, `.push` and `.reveal`; `nil` is `.fromLeft`. Ignored by `.fade`.
    public var subtype: CATransitionSubtype?
    /// Where in the transition (0…1) it starts; 0 by default.
    public var startProgress: Float = 0
    /// Where in the transition (0…1) it ends, at least `startProgress`; 1 by default.
    public var endProgress: Float = 1

    /// A fade over the transaction's duration.
    public required init() { super.init() }

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let o = other as? CATransition else { return }
        type = o.type; subtype = o.subtype; startProgress = o.startProgress; endProgress = o.endProgress
    }

    override func makeKind(forLayerKind kind: LayerKind) -> Animation.Kind {
        .transition(Transition(type: type, subtype: subtype ?? .fromLeft, startProgress: Double(startProgress),
                               endProgress: Double(endProgress)))
    }
}

/// Told of a `CAAnimation`'s start and stop (`CAAnimationDelegate`), on the layer's queue.
/// `anim` is the copy made when the animation was added. See `AnimationDelegate` for who
/// reports what.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation became active: the daemon's first frame with it. `anim` is the copy made at `add`.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended: `flag` is `true` when it ran to its end, `false` when it was
    /// removed or replaced first (or its layer or connection went away).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing: implement it to hear of the start.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing: implement it to hear of the stop.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// Carries a `CAAnimationDelegate` and the added copy into the layer's `AnimationDelegate`.
final class CAAnimationDelegateBridge: AnimationDelegate {
    let delegate: CAAnimationDelegate
    let animation: CAAnimation
    init(delegate: CAAnimationDelegate, animation: CAAnimation) { self.delegate = delegate; self.animation = animation }
    func animationDidStart(_ anim: Animation) { delegate.animationDidStart(animation) }
    func animationDidStop(_ anim: Animation, finished: Bool) { delegate.animationDidStop(animation, finished: finished) }
}

extension Layer {
    /// Adds a Core Animation-style object (`add(_:forKey:)`): converts it into an `Animation`
    /// now (`CAAnimation.makeAnimation(forLayerKind:)`) and adds that, so later changes to
    /// the object do not reach the layer. Its `delegate`, if any, is told of the start and
    /// the stop with a copy of the object. Replaces any animation under `key`.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        let a = anim.makeAnimation(forLayerKind: kind)
        let bridge = anim.delegate.map { CAAnimationDelegateBridge(delegate: $0, animation: anim.copy() as! CAAnimation) }
        add(a, forKey: key, delegate: bridge)
    }
}
