import Foundation
import RenderClient

// POP's names for what Dynamics holds, so code written for POP compiles with few changes:
//
//     let anim = POPSpringAnimation(propertyNamed: kPOPLayerPosition)
//     anim.toValue = CGPoint(x: 200, y: 120)
//     anim.springBounciness = 12
//     anim.delegate = self
//     layer.pop_add(anim, forKey: "move")
//
// Each is another spelling of Dynamics' own API (one engine): the classes are type aliases,
// the property names key path strings, `pop_add` finds or makes the context's shared
// `DynamicAnimator`. Differences from POP are in the README's porting section.

/// POP's `POPAnimation`: ``DynamicAnimation``.
public typealias POPAnimation = DynamicAnimation
/// POP's `POPPropertyAnimation`: ``DynamicPropertyAnimation``.
public typealias POPPropertyAnimation = DynamicPropertyAnimation
/// POP's `POPSpringAnimation`: ``DynamicSpringAnimation``.
public typealias POPSpringAnimation = DynamicSpringAnimation
/// POP's `POPBasicAnimation`: ``DynamicBasicAnimation``.
public typealias POPBasicAnimation = DynamicBasicAnimation
/// POP's `POPDecayAnimation`: ``DynamicDecayAnimation``.
public typealias POPDecayAnimation = DynamicDecayAnimation
/// POP's `POPCustomAnimation`: ``DynamicCustomAnimation``.
public typealias POPCustomAnimation = DynamicCustomAnimation
/// POP's `POPAnimator`: ``DynamicAnimator``.
public typealias POPAnimator = DynamicAnimator
/// POP's `POPAnimationDelegate`: ``DynamicAnimationDelegate``.
public typealias POPAnimationDelegate = DynamicAnimationDelegate

/// Told of a Dynamics animation's moments (`POPAnimationDelegate`), on the animator's queue,
/// each just before the matching block (`animationDidStart`, `animationDidReachToValue`,
/// `animationDidApply`, `completionBlock`). Every method has an empty default.
public protocol DynamicAnimationDelegate: AnyObject {
    /// The animation's first frame.
    func pop_animationDidStart(_ anim: DynamicAnimation)
    /// The value first reached `toValue` in every component.
    func pop_animationDidReachToValue(_ anim: DynamicAnimation)
    /// A frame's value was applied to the layer.
    func pop_animationDidApply(_ anim: DynamicAnimation)
    /// The animation stopped: `finished` is `false` when it was removed or replaced.
    func pop_animationDidStop(_ anim: DynamicAnimation, finished: Bool)
}

extension DynamicAnimationDelegate {
    /// Does nothing: implement it to hear of the start.
    public func pop_animationDidStart(_ anim: DynamicAnimation) {}
    /// Does nothing: implement it to hear when a spring first reaches its target.
    public func pop_animationDidReachToValue(_ anim: DynamicAnimation) {}
    /// Does nothing: implement it to hear of every frame's value.
    public func pop_animationDidApply(_ anim: DynamicAnimation) {}
    /// Does nothing: implement it to hear of the stop.
    public func pop_animationDidStop(_ anim: DynamicAnimation, finished: Bool) {}
}

// MARK: Property names

// POP's property constants, as the key paths they animate here. Values are in the key
// path's kind: `kPOPLayerScaleXY` is `transform.scale`, one number (POP's takes a CGPoint of
// x and y scales: animate `kPOPLayerScaleX` and `kPOPLayerScaleY` for two), and
// `kPOPLayerSize` is `bounds.size`.
/// POP's `kPOPLayerPosition`: a layer's `position` key path.
public let kPOPLayerPosition = "position"
/// POP's `kPOPLayerPositionX`: a layer's `position.x` key path.
public let kPOPLayerPositionX = "position.x"
/// POP's `kPOPLayerPositionY`: a layer's `position.y` key path.
public let kPOPLayerPositionY = "position.y"
/// POP's `kPOPLayerBounds`: a layer's `bounds` key path.
public let kPOPLayerBounds = "bounds"
/// POP's `kPOPLayerSize`: a layer's `bounds.size` key path.
public let kPOPLayerSize = "bounds.size"
/// POP's `kPOPLayerOpacity`: a layer's `opacity` key path.
public let kPOPLayerOpacity = "opacity"
/// POP's `kPOPLayerZPosition`: a layer's `zPosition` key path.
public let kPOPLayerZPosition = "zPosition"
/// POP's `kPOPLayerScaleX`: a layer's `transform.scale.x` key path.
public let kPOPLayerScaleX = "transform.scale.x"
/// POP's `kPOPLayerScaleY`: a layer's `transform.scale.y` key path.
public let kPOPLayerScaleY = "transform.scale.y"
/// POP's `kPOPLayerScaleXY`: a layer's `transform.scale` key path (one number, not POP's CGPoint of two scales).
public let kPOPLayerScaleXY = "transform.scale"
/// POP's `kPOPLayerRotation`: a layer's `transform.rotation.z` key path.
public let kPOPLayerRotation = "transform.rotation.z"
/// POP's `kPOPLayerRotationX`: a layer's `transform.rotation.x` key path.
public let kPOPLayerRotationX = "transform.rotation.x"
/// POP's `kPOPLayerRotationY`: a layer's `transform.rotation.y` key path.
public let kPOPLayerRotationY = "transform.rotation.y"
/// POP's `kPOPLayerTranslationX`: a layer's `transform.translation.x` key path.
public let kPOPLayerTranslationX = "transform.translation.x"
/// POP's `kPOPLayerTranslationY`: a layer's `transform.translation.y` key path.
public let kPOPLayerTranslationY = "transform.translation.y"
/// POP's `kPOPLayerTranslationZ`: a layer's `transform.translation.z` key path.
public let kPOPLayerTranslationZ = "transform.translation.z"
/// POP's `kPOPLayerTranslationXY`: a layer's `transform.translation` key path.
public let kPOPLayerTranslationXY = "transform.translation"
/// POP's `kPOPLayerBackgroundColor`: a layer's `backgroundColor` key path.
public let kPOPLayerBackgroundColor = "backgroundColor"
/// POP's `kPOPLayerBorderColor`: a layer's `borderColor` key path.
public let kPOPLayerBorderColor = "borderColor"
/// POP's `kPOPLayerBorderWidth`: a layer's `borderWidth` key path.
public let kPOPLayerBorderWidth = "borderWidth"
/// POP's `kPOPLayerCornerRadius`: a layer's `cornerRadius` key path.
public let kPOPLayerCornerRadius = "cornerRadius"
/// POP's `kPOPLayerShadowColor`: a layer's `shadowColor` key path.
public let kPOPLayerShadowColor = "shadowColor"
/// POP's `kPOPLayerShadowOffset`: a layer's `shadowOffset` key path.
public let kPOPLayerShadowOffset = "shadowOffset"
/// POP's `kPOPLayerShadowOpacity`: a layer's `shadowOpacity` key path.
public let kPOPLayerShadowOpacity = "shadowOpacity"
/// POP's `kPOPLayerShadowRadius`: a layer's `shadowRadius` key path.
public let kPOPLayerShadowRadius = "shadowRadius"
// POP's view properties, as the view's layer's key paths: animate `view.layer`
// (`view.pop_add(POPSpringAnimation(propertyNamed: kPOPViewCenter), forKey: …)`, on the view's layer).
// `kPOPViewFrame` has no key path here (a frame is position and bounds: animate those).
/// POP's `kPOPViewAlpha`: a view's layer's `opacity` key path.
public let kPOPViewAlpha = "opacity"
/// POP's `kPOPViewCenter`: a view's layer's `position` key path.
public let kPOPViewCenter = "position"
/// POP's `kPOPViewBounds`: a view's layer's `bounds` key path.
public let kPOPViewBounds = "bounds"
/// POP's `kPOPViewSize`: a view's layer's `bounds.size` key path.
public let kPOPViewSize = "bounds.size"
/// POP's `kPOPViewBackgroundColor`: a view's layer's `backgroundColor` key path.
public let kPOPViewBackgroundColor = "backgroundColor"
/// POP's `kPOPViewScaleX`: a view's layer's `transform.scale.x` key path.
public let kPOPViewScaleX = "transform.scale.x"
/// POP's `kPOPViewScaleY`: a view's layer's `transform.scale.y` key path.
public let kPOPViewScaleY = "transform.scale.y"
/// POP's `kPOPViewScaleXY`: a view's layer's `transform.scale` key path (one number, not POP's CGPoint of two scales).
public let kPOPViewScaleXY = "transform.scale"
/// POP's `kPOPShapeLayerStrokeStart`: a shape layer's `strokeStart` key path.
public let kPOPShapeLayerStrokeStart = "strokeStart"
/// POP's `kPOPShapeLayerStrokeEnd`: a shape layer's `strokeEnd` key path.
public let kPOPShapeLayerStrokeEnd = "strokeEnd"
/// POP's `kPOPShapeLayerStrokeColor`: a shape layer's `strokeColor` key path.
public let kPOPShapeLayerStrokeColor = "strokeColor"
/// POP's `kPOPShapeLayerFillColor`: a shape layer's `fillColor` key path.
public let kPOPShapeLayerFillColor = "fillColor"
/// POP's `kPOPShapeLayerLineWidth`: a shape layer's `lineWidth` key path.
public let kPOPShapeLayerLineWidth = "lineWidth"

extension DynamicPropertyAnimation {
    /// The key path a POP property name (or any key path string) names, checked: traps with
    /// what to use on an unknown name or one whose values Dynamics cannot animate.
    static func keyPath(propertyNamed name: String, _ kind: String) -> LayerKeyPath {
        let kp: LayerKeyPath
        do { kp = try LayerKeyPath(name) } catch { preconditionFailure("\(kind)(propertyNamed:): \(error)") }
        precondition(ValueVector.zero(kp.valueKind) != nil,
                     "\(kind)(propertyNamed: \"\(name)\"): \(DynamicsError.unanimatableKeyPath(name, kind: kp.valueKind))")
        return kp
    }

    /// `value` converted for this animation's key path (`AnimatableValue(any:for:)`); traps
    /// naming `role` and the types taken on a value that is not one.
    func convertedValue(_ value: Any, _ role: String) -> AnimatableValue {
        guard let v = AnimatableValue(any: value, for: keyPath) else {
            preconditionFailure("\(kindName) animation of \"\(keyPath)\": \(role) \(value) (\(type(of: value))) is not a "
                + "\(keyPath.valueKind) value for this key path")
        }
        return v
    }
}

extension DynamicSpringAnimation {
    /// `POPSpringAnimation(propertyNamed: kPOPLayerPosition)`.
    public convenience init(propertyNamed name: String) {
        try! self.init(keyPath: DynamicPropertyAnimation.keyPath(propertyNamed: name, "POPSpringAnimation"))
    }
}

extension DynamicBasicAnimation {
    /// `POPBasicAnimation(propertyNamed: kPOPLayerOpacity)`.
    public convenience init(propertyNamed name: String) {
        try! self.init(keyPath: DynamicPropertyAnimation.keyPath(propertyNamed: name, "POPBasicAnimation"))
    }
}

extension DynamicDecayAnimation {
    /// `POPDecayAnimation(propertyNamed: kPOPLayerPositionX)`.
    public convenience init(propertyNamed name: String) {
        try! self.init(keyPath: DynamicPropertyAnimation.keyPath(propertyNamed: name, "POPDecayAnimation"))
    }
}

// MARK: Untyped values

/// Gives the Dynamics animations POP's untyped `fromValue`, `toValue` and `velocity`
/// (`anim.toValue = CGPoint(x: 10, y: 20)`, `anim.toValue = 0.5`) beside their typed
/// `AnimatableValue` ones, the way RenderClient's `PortingSpellings` adds Core Graphics
/// geometry to layers: where nothing decides (`let v = anim.toValue`), the typed one wins.
/// Values are converted by `AnimatableValue(any:for:)`; one of another kind traps.
public protocol DynamicUntypedValues: AnyObject {}

extension DynamicPropertyAnimation: DynamicUntypedValues {}

extension DynamicUntypedValues where Self: DynamicPropertyAnimation {
    /// `fromValue`, untyped.
    public var fromValue: Any? {
        get { (self as DynamicPropertyAnimation).fromValue?.anyValue }
        set { (self as DynamicPropertyAnimation).fromValue = newValue.map { convertedValue($0, "fromValue") } }
    }
    /// `velocity`, untyped (in the key path's units per second).
    public var velocity: Any {
        get { (self as DynamicPropertyAnimation).velocity.anyValue }
        set { (self as DynamicPropertyAnimation).velocity = convertedValue(newValue, "velocity") }
    }
}

extension DynamicUntypedValues where Self: DynamicSpringAnimation {
    /// `toValue`, untyped.
    public var toValue: Any? {
        get { (self as DynamicSpringAnimation).toValue?.anyValue }
        set { (self as DynamicSpringAnimation).toValue = newValue.map { convertedValue($0, "toValue") } }
    }
}

extension DynamicUntypedValues where Self: DynamicBasicAnimation {
    /// `toValue`, untyped.
    public var toValue: Any? {
        get { (self as DynamicBasicAnimation).toValue?.anyValue }
        set { (self as DynamicBasicAnimation).toValue = newValue.map { convertedValue($0, "toValue") } }
    }
}

// MARK: Adding to layers

/// The animators `pop_add` uses, one per context, made on first use (on the context's
/// queue) and kept for the life of the process (an animator keeps its context). Behind a
/// lock: contexts of different queues may look theirs up at once.
private final class SharedAnimators: @unchecked Sendable {
    static let all = SharedAnimators()
    private let lock = NSLock()
    private var byContext: [ObjectIdentifier: DynamicAnimator] = [:]
    func get(_ c: Context) -> DynamicAnimator? { lock.lock(); defer { lock.unlock() }; return byContext[ObjectIdentifier(c)] }
    func set(_ a: DynamicAnimator?, _ c: Context) { lock.lock(); defer { lock.unlock() }; byContext[ObjectIdentifier(c)] = a }
}

extension DynamicAnimator {
    /// The animator `Layer.pop_add(_:forKey:)` runs animations on for `context`'s layers:
    /// the one installed with `setShared(_:for:)`, else one made now with the defaults
    /// (the daemon's frame rate, the real clock). On the context's queue.
    public static func shared(for context: Context) -> DynamicAnimator {
        dispatchPrecondition(condition: .onQueue(context.queue))
        if let a = SharedAnimators.all.get(context) { return a }
        let a = DynamicAnimator(context: context)
        SharedAnimators.all.set(a, context)
        return a
    }

    /// Installs `animator` as the one `pop_add` uses for `context` (`nil` forgets it): how a
    /// test gives it a manual display link, or an app its own frame rate.
    public static func setShared(_ animator: DynamicAnimator?, for context: Context) {
        if let animator { precondition(animator.context === context, "the animator belongs to another context") }
        SharedAnimators.all.set(animator, context)
    }
}

/// POP's methods on layers: `pop_add(_:forKey:)`, `pop_removeAnimation(forKey:)`, `pop_animation(forKey:)`, …
extension Layer {
    /// Adds a Dynamics (POP-style) animation under `key` (`pop_addAnimation:forKey:`), on
    /// the context's shared animator (`DynamicAnimator.shared(for:)`), replacing any under
    /// the same key. Traps, with the reason, where `DynamicAnimator.add` would throw (no
    /// `toValue`, a value of the wrong kind, …): POP would ignore the animation.
    public func pop_add(_ anim: DynamicAnimation, forKey key: String?) {
        do { try DynamicAnimator.shared(for: context).add(anim, to: self, forKey: key) } catch {
            preconditionFailure("layer \(id): pop_add(_:forKey: \(key.map { "\"\($0)\"" } ?? "nil")): \(error)")
        }
    }
    /// The Dynamics animation under `key`.
    public func pop_animation(forKey key: String) -> DynamicAnimation? {
        DynamicAnimator.shared(for: context).animation(forKey: key, on: self)
    }
    /// The keys of the layer's Dynamics animations, in the order added.
    public func pop_animationKeys() -> [String] { DynamicAnimator.shared(for: context).animationKeys(on: self) }
    /// Removes the Dynamics animation under `key` (`finished == false`); the layer keeps its value.
    public func pop_removeAnimation(forKey key: String) {
        DynamicAnimator.shared(for: context).removeAnimation(forKey: key, from: self)
    }
    /// Removes every Dynamics animation of the layer.
    public func pop_removeAllAnimations() { DynamicAnimator.shared(for: context).removeAllAnimations(from: self) }
}

/// POP's methods on views (`[view pop_addAnimation:forKey:]`): anything drawn by a layer it
/// owns (`LayerBacked`: RenderViews' `View`) animates that layer, with the view property
/// names (`kPOPViewAlpha`, `kPOPViewCenter`, …) as the layer's key paths.
extension LayerBacked {
    /// `layer.pop_add(_:forKey:)`.
    public func pop_add(_ anim: DynamicAnimation, forKey key: String?) { layer.pop_add(anim, forKey: key) }
    /// `layer.pop_animation(forKey:)`.
    public func pop_animation(forKey key: String) -> DynamicAnimation? { layer.pop_animation(forKey: key) }
    /// `layer.pop_animationKeys()`.
    public func pop_animationKeys() -> [String] { layer.pop_animationKeys() }
    /// `layer.pop_removeAnimation(forKey:)`.
    public func pop_removeAnimation(forKey key: String) { layer.pop_removeAnimation(forKey: key) }
    /// `layer.pop_removeAllAnimations()`.
    public func pop_removeAllAnimations() { layer.pop_removeAllAnimations() }
}
