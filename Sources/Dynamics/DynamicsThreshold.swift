import RenderClient

/// POP's per-property thresholds (`POPAnimatableProperty.threshold`, its
/// `dynamicsThreshold`): the size of a change too small to see, in the property's units.
/// They decide when springs and decays are done.
///
/// | properties | threshold | POP's constant |
/// |---|---|---|
/// | `position`, `position.x/.y`, `bounds` and its parts, `zPosition`, `transform.translation…` | 1 point | `kPOPThresholdPoint` |
/// | `opacity`, `shadowOpacity` | 0.01 | `kPOPThresholdOpacity` |
/// | colors (`backgroundColor`, `borderColor`, `shadowColor`, `fillColor`, `strokeColor`, …) | 0.01 | `kPOPThresholdColor` |
/// | `transform.scale…` | 0.005 | `kPOPThresholdScale` |
/// | `transform.rotation…` | 0.01 rad | `kPOPThresholdRotation` |
/// | `cornerRadius`, `shadowRadius` | 0.01 | `kPOPThresholdRadius` |
/// | `borderWidth`, `shadowOffset`, `lineWidth`, `strokeStart`, `strokeEnd`, `lineDashPhase` | 0.01 | (literal in POP) |
/// | anything else (`anchorPoint`, `contentsRect`, `miterLimit`, `fontSize`, …) | 0.01 | POP has no such property; unit-scale like the rest |
public enum DynamicsThreshold {
    /// Positions, `bounds` and its parts, `zPosition` and translations: 1 point (`kPOPThresholdPoint`).
    public static let point = 1.0
    /// `opacity` and `shadowOpacity`: 0.01 (`kPOPThresholdOpacity`).
    public static let opacity = 0.01
    /// Colors, per component (0…1): 0.01 (`kPOPThresholdColor`).
    public static let color = 0.01
    /// `transform.scale` and its axes: 0.005 (`kPOPThresholdScale`).
    public static let scale = 0.005
    /// `transform.rotation` and its axes: 0.01 radian (`kPOPThresholdRotation`).
    public static let rotation = 0.01
    /// `cornerRadius` and `shadowRadius`: 0.01 point (`kPOPThresholdRadius`).
    public static let radius = 0.01
    /// For properties POP does not list.
    public static let other = 0.01

    /// The threshold of `keyPath`.
    public static func threshold(for keyPath: LayerKeyPath) -> Double {
        switch keyPath.component {
        case .scale, .scaleX, .scaleY, .scaleZ: return scale
        case .rotation, .rotationX, .rotationY, .rotationZ: return rotation
        case .translation, .translationX, .translationY, .translationZ: return point
        default: break
        }
        switch keyPath.property {
        case .position, .bounds, .zPosition: return point
        case .opacity, .shadowOpacity: return opacity
        case .cornerRadius, .shadowRadius: return radius
        default: break
        }
        return keyPath.valueKind == .color ? color : other
    }
}
