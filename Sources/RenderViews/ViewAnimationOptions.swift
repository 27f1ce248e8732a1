import RenderClient

/// The options of an animation block (`UIView.AnimationOptions`).
///
/// Curves: `curveEaseInOut` (the default), `curveEaseIn`, `curveEaseOut`, `curveLinear` —
/// Core Animation's named timing functions. At most one curve may be given; two are a
/// programming error (traps with a message).
public struct ViewAnimationOptions: OptionSet, Hashable, Sendable {
    /// The option bits, as UIKit numbers them.
    public let rawValue: UInt
    /// The options of those bits (UIKit's values).
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Lay out the views changed in the block inside it, so the layout they cause animates
    /// with them (`layoutSubviews`).
    public static let layoutSubviews = ViewAnimationOptions(rawValue: 1 << 0)
    /// Accepted; this library delivers no touches, so views take none either way.
    public static let allowUserInteraction = ViewAnimationOptions(rawValue: 1 << 1)
    /// Start each animation from what is on screen (the presentation value) instead of the
    /// value an in-flight animation is heading for (the model value).
    public static let beginFromCurrentState = ViewAnimationOptions(rawValue: 1 << 2)
    /// Repeat for ever.
    public static let `repeat` = ViewAnimationOptions(rawValue: 1 << 3)
    /// Run forward, then backward (one cycle there and back; for ever with `repeat`). At the
    /// end the property shows its model value, the new one, as in UIKit.
    public static let autoreverse = ViewAnimationOptions(rawValue: 1 << 4)
    /// A nested block keeps its own duration instead of the enclosing block's.
    public static let overrideInheritedDuration = ViewAnimationOptions(rawValue: 1 << 5)
    /// A nested block keeps its own curve instead of the enclosing block's.
    public static let overrideInheritedCurve = ViewAnimationOptions(rawValue: 1 << 6)
    /// A nested block does not take the enclosing block's repeat and autoreverse options.
    public static let overrideInheritedOptions = ViewAnimationOptions(rawValue: 1 << 9)

    /// Core Animation's `easeInEaseOut` curve (0.42, 0, 0.58, 1): the default.
    public static let curveEaseInOut = ViewAnimationOptions(rawValue: 0 << 16)
    /// Core Animation's `easeIn` curve (0.42, 0, 1, 1).
    public static let curveEaseIn = ViewAnimationOptions(rawValue: 1 << 16)
    /// Core Animation's `easeOut` curve (0, 0, 0.58, 1).
    public static let curveEaseOut = ViewAnimationOptions(rawValue: 2 << 16)
    /// The linear curve (0, 0, 1, 1).
    public static let curveLinear = ViewAnimationOptions(rawValue: 3 << 16)

    static let curveMask: UInt = 3 << 16

    /// The timing function of the option's curve.
    public var timingFunction: TimingFunction {
        switch rawValue & ViewAnimationOptions.curveMask {
        case 1 << 16: return .easeIn
        case 2 << 16: return .easeOut
        case 3 << 16: return .linear
        default: return .easeInEaseOut
        }
    }
}

/// The options of a keyframe block (`UIView.KeyframeAnimationOptions`): the block options
/// that apply, and the calculation mode of the keyframe animations it builds.
///
/// As in UIKit, the curve bits of `ViewAnimationOptions` are honoured too and time the
/// whole keyframe animation (ease-in-ease-out when none is given):
/// `ViewKeyframeAnimationOptions(curve: .curveLinear)` gives evenly timed keyframes.
public struct ViewKeyframeAnimationOptions: OptionSet, Hashable, Sendable {
    /// The option bits, as UIKit numbers them.
    public let rawValue: UInt
    /// The options of those bits (UIKit's values).
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Lay out the views changed in the keyframes inside the block, so their layout animates too.
    public static let layoutSubviews = ViewKeyframeAnimationOptions(rawValue: 1 << 0)
    /// Accepted; this library delivers no touches to views.
    public static let allowUserInteraction = ViewKeyframeAnimationOptions(rawValue: 1 << 1)
    /// Start from what is on screen rather than from an in-flight animation's target.
    public static let beginFromCurrentState = ViewKeyframeAnimationOptions(rawValue: 1 << 2)
    /// Repeat the keyframes for ever.
    public static let `repeat` = ViewKeyframeAnimationOptions(rawValue: 1 << 3)
    /// Play the keyframes forward, then backward; the property ends at its model value.
    public static let autoreverse = ViewKeyframeAnimationOptions(rawValue: 1 << 4)
    /// Inside another block, keep this block's own duration.
    public static let overrideInheritedDuration = ViewKeyframeAnimationOptions(rawValue: 1 << 5)
    /// Inside another block, do not take its repeat and autoreverse options.
    public static let overrideInheritedOptions = ViewKeyframeAnimationOptions(rawValue: 1 << 9)

    /// Straight lines between key frames (the default).
    public static let calculationModeLinear = ViewKeyframeAnimationOptions(rawValue: 0 << 10)
    /// Each key frame's value held until the next one: no interpolation.
    public static let calculationModeDiscrete = ViewKeyframeAnimationOptions(rawValue: 1 << 10)
    /// An even speed over the whole path, ignoring the keyframes' start times and durations.
    public static let calculationModePaced = ViewKeyframeAnimationOptions(rawValue: 2 << 10)
    /// A smooth (Catmull-Rom) curve through the key frames, at their times.
    public static let calculationModeCubic = ViewKeyframeAnimationOptions(rawValue: 3 << 10)
    /// A smooth curve through the key frames at an even speed, ignoring their times.
    public static let calculationModeCubicPaced = ViewKeyframeAnimationOptions(rawValue: 4 << 10)

    static let modeMask: UInt = 7 << 10

    /// The calculation mode of the keyframe animations (linear by default).
    public var calculationMode: KeyframeAnimation.CalculationMode {
        switch rawValue & ViewKeyframeAnimationOptions.modeMask {
        case 1 << 10: return .discrete
        case 2 << 10: return .paced
        case 3 << 10: return .cubic
        case 4 << 10: return .cubicPaced
        default: return .linear
        }
    }

    /// These options with `curve`'s curve bits (`.curveLinear`, `.curveEaseIn`, …).
    public init(_ options: ViewKeyframeAnimationOptions = [], curve: ViewAnimationOptions) {
        self.init(rawValue: options.rawValue | (curve.rawValue & ViewAnimationOptions.curveMask))
    }

    /// The block options among these (curve bits included).
    var blockOptions: ViewAnimationOptions {
        ViewAnimationOptions(rawValue: rawValue & (((1 << 10) - 1) | ViewAnimationOptions.curveMask))
    }
}
