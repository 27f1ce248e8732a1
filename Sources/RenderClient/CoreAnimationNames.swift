import RenderCore

// Core Animation's and Core Graphics' names for what RenderCore and RenderClient already
// hold, so code written for iOS compiles with few changes. Each is another spelling of one
// implementation (a type alias, or a function that calls the Swift API); nothing here has
// behaviour of its own. The README's "Porting from Core Animation / UIKit / POP" lists them.

/// `CALayer`: `Layer`.
public typealias CALayer = Layer
/// `CAShapeLayer`: `ShapeLayer`.
public typealias CAShapeLayer = ShapeLayer
/// `CATextLayer`: `TextLayer`.
public typealias CATextLayer = TextLayer
/// `CAMediaTimingFunction`: `TimingFunction` (a value here, not an object).
public typealias CAMediaTimingFunction = TimingFunction
/// `CAMediaTimingFunctionName`: `.linear`, `.easeIn`, `.easeOut`, `.easeInEaseOut`, `.default`.
public typealias CAMediaTimingFunctionName = TimingFunction.Name
/// `CAMediaTimingFillMode`: `.removed`, `.forwards`, `.backwards`, `.both`.
public typealias CAMediaTimingFillMode = MediaTiming.FillMode
/// `CAAnimationCalculationMode`: `.linear`, `.discrete`, `.paced`, `.cubic`, `.cubicPaced`.
public typealias CAAnimationCalculationMode = KeyframeAnimation.CalculationMode
/// `CAAnimationRotationMode`: `.rotateAuto`, `.rotateAutoReverse`.
public typealias CAAnimationRotationMode = KeyframeAnimation.RotationMode
/// `CATransitionType`: `.fade`, `.moveIn`, `.push`, `.reveal`.
public typealias CATransitionType = Transition.Kind
/// `CATransitionSubtype`: `.fromRight`, `.fromLeft`, `.fromTop`, `.fromBottom`.
public typealias CATransitionSubtype = Transition.Subtype
/// `CATransform3D`: `Transform3D` (same layout: `m11` … `m44`, `m34` for perspective).
public typealias CATransform3D = Transform3D
/// `CGAffineTransform`: RenderCore's `AffineTransform` (Foundation on Linux has no
/// `CGAffineTransform`; its `AffineTransform` is another type, and a file that imports both
/// Foundation and RenderClient must say `RenderCore.AffineTransform`, or use this name).
public typealias CGAffineTransform = AffineTransform
/// `CGPath`: `Path` (a value: build one with its mutating methods, or with RenderViews'
/// `UIBezierPath` object).
public typealias CGPath = Path

/// `CGColor`: `Color` (sRGB with straight alpha; a value, not a reference).
public typealias CGColor = Color

/// Core Graphics' spelling: `UIColor.red.cgColor`.
extension Color {
    /// The color itself, so `layer.backgroundColor = UIColor.red.cgColor` compiles
    /// (`UIColor` is RenderViews' alias of `Color`).
    public var cgColor: CGColor { self }
}

/// `CACurrentMediaTime()`: `MediaTime.now()`.
public func CACurrentMediaTime() -> Double { MediaTime.now() }

/// Core Animation's names of the rotation modes.
extension KeyframeAnimation.RotationMode {
    /// Core Animation's name for `.auto`.
    public static var rotateAuto: Self { .auto }
    /// Core Animation's name for `.autoReverse`.
    public static var rotateAutoReverse: Self { .autoReverse }
}

// MARK: Core Animation's string constants (the Objective-C spellings)

/// `kCAFillModeRemoved`: `.removed` (no effect outside the active time).
public let kCAFillModeRemoved = CAMediaTimingFillMode.removed
/// `kCAFillModeForwards`: `.forwards` (the last value holds after the end).
public let kCAFillModeForwards = CAMediaTimingFillMode.forwards
/// `kCAFillModeBackwards`: `.backwards` (the first value shows before the begin time).
public let kCAFillModeBackwards = CAMediaTimingFillMode.backwards
/// `kCAFillModeBoth`: `.both` (forwards and backwards).
public let kCAFillModeBoth = CAMediaTimingFillMode.both
/// `kCAMediaTimingFunctionLinear`: control points (0, 0, 1, 1).
public let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear
/// `kCAMediaTimingFunctionEaseIn`: control points (0.42, 0, 1, 1).
public let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn
/// `kCAMediaTimingFunctionEaseOut`: control points (0, 0, 0.58, 1).
public let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut
/// `kCAMediaTimingFunctionEaseInEaseOut`: control points (0.42, 0, 0.58, 1).
public let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut
/// `kCAMediaTimingFunctionDefault`: control points (0.25, 0.1, 0.25, 1).
public let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.default
/// The key Core Animation code adds transitions under.
public let kCATransition = "transition"

// MARK: CATransform3D functions

/// `CATransform3DIdentity`.
public let CATransform3DIdentity = Transform3D.identity
/// Whether `t` is exactly the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t.isIdentity }
/// Whether `a` and `b` are equal, entry by entry.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }
/// A translation by (tx, ty, tz) points.
public func CATransform3DMakeTranslation(_ tx: Double, _ ty: Double, _ tz: Double) -> CATransform3D {
    .translation(x: tx, y: ty, z: tz)
}
/// A scale by (sx, sy, sz). A zero factor makes the matrix singular: a whole-`transform`
/// animation to or from it switches at half time instead of interpolating (animate
/// `transform.scale` instead).
public func CATransform3DMakeScale(_ sx: Double, _ sy: Double, _ sz: Double) -> CATransform3D {
    .scale(x: sx, y: sy, z: sz)
}
/// A rotation by `angle` radians about the axis (x, y, z).
public func CATransform3DMakeRotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> CATransform3D {
    .rotation(angle: angle, x: x, y: y, z: z)
}
/// Translates first, then `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: Double, _ ty: Double, _ tz: Double) -> CATransform3D {
    t.translated(x: tx, y: ty, z: tz)
}
/// Scales first, then `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: Double, _ sy: Double, _ sz: Double) -> CATransform3D {
    t.scaled(x: sx, y: sy, z: sz)
}
/// Rotates by `angle` radians about the axis (x, y, z) first, then `t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> CATransform3D {
    t.rotated(angle: angle, x: x, y: y, z: z)
}
/// `a` then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { a.concatenating(b) }
/// The inverse; a singular matrix comes back unchanged, as Core Animation returns it.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D { t.inverted() ?? t }
/// The 3D transform of a 2D affine transform (z untouched).
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D { Transform3D(m) }
/// Whether `t` is a 2D affine transform (nothing in z, no perspective).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.affine != nil }
/// The affine part (the identity when `t` is not affine).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform { t.affine ?? .identity }

// MARK: CATransaction

/// `CATransaction` by its Objective-C class methods: `begin()`, `commit()`, `flush()`,
/// `setDisableActions(_:)` / `disableActions()`, `setAnimationDuration(_:)` /
/// `animationDuration()`, `setAnimationTimingFunction(_:)` / `animationTimingFunction()`,
/// `setCompletionBlock(_:)` / `completionBlock()`. Each calls `Transaction`, whose Swift
/// spelling has properties for the getters (a type cannot have both `disableActions` the
/// property and `disableActions()` the method).
public enum CATransaction {
    /// Opens an explicit transaction (`[CATransaction begin]`): nested ones send nothing until
    /// the outermost `commit()`.
    public static func begin() { Transaction.begin() }
    /// Closes the innermost explicit transaction; the outermost one sends its changes.
    public static func commit() { Transaction.commit() }
    /// Commits the implicit transaction now instead of at the end of the queue's turn.
    public static func flush() { Transaction.flush() }
    /// `true`: changes in the current transaction take effect without implicit animation.
    public static func setDisableActions(_ flag: Bool) { Transaction.disableActions = flag }
    /// Whether implicit animations are off in the current transaction.
    public static func disableActions() -> Bool { Transaction.disableActions }
    /// Seconds; the getter gives 0.25 when none is set, as Core Animation does.
    public static func setAnimationDuration(_ seconds: Double) { Transaction.animationDuration = seconds }
    /// The implicit animations' duration in the current transaction, seconds (0.25 when unset).
    public static func animationDuration() -> Double { Transaction.animationDuration ?? MediaTiming.defaultDuration }
    /// The curve of the current transaction's implicit animations (`nil`: each key's default).
    public static func setAnimationTimingFunction(_ f: CAMediaTimingFunction?) { Transaction.animationTimingFunction = f }
    /// The curve set for the current transaction's implicit animations, `nil` when none was set.
    public static func animationTimingFunction() -> CAMediaTimingFunction? { Transaction.animationTimingFunction }
    /// Runs once on the layers' queue when every animation added inside the transaction
    /// has finished (at once, on the next turn, when none was added).
    public static func setCompletionBlock(_ block: (() -> Void)?) { Transaction.completionBlock = block }
    /// The completion block of the current transaction, `nil` when none was set.
    public static func completionBlock() -> (() -> Void)? { Transaction.completionBlock }
}

extension Transaction {
    /// `CATransaction.setDisableActions(_:)`: sets `disableActions`.
    public static func setDisableActions(_ flag: Bool) { disableActions = flag }
    /// `CATransaction.setAnimationDuration(_:)`: sets `animationDuration` (seconds).
    public static func setAnimationDuration(_ seconds: Double) { animationDuration = seconds }
    /// `CATransaction.setAnimationTimingFunction(_:)`: sets `animationTimingFunction`.
    public static func setAnimationTimingFunction(_ f: TimingFunction?) { animationTimingFunction = f }
    /// `CATransaction.setCompletionBlock(_:)`: sets `completionBlock`, which runs when every
    /// animation added inside the transaction has finished.
    public static func setCompletionBlock(_ block: (() -> Void)?) { completionBlock = block }
}
