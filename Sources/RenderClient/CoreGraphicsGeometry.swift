import Foundation
import RenderCore

// Foundation's Core Graphics geometry (`CGFloat`, `CGPoint`, `CGSize`, `CGRect`) where the
// client takes geometry. RenderCore imports nothing, so its values are its own (`Point`,
// `Size`, `Rect`, in `Double`s); these conversions and overloads live here, in the module
// that already uses Foundation. `CGFloat` needs nothing: Swift converts it to and from
// `Double` implicitly, so `layer.opacity = someCGFloat` already compiles.

/// Conversion from Foundation's `CGPoint`.
extension Point {
    /// The same point in `Double`s (`CGFloat` converts exactly on 64-bit Linux).
    @inlinable public init(_ p: CGPoint) { self.init(x: Double(p.x), y: Double(p.y)) }
}
/// Conversion from Foundation's `CGSize`.
extension Size {
    /// The same size in `Double`s.
    @inlinable public init(_ s: CGSize) { self.init(width: Double(s.width), height: Double(s.height)) }
}
/// Conversion from Foundation's `CGRect`.
extension Rect {
    /// The same rectangle in `Double`s (origin and size as given: not standardized).
    @inlinable public init(_ r: CGRect) { self.init(origin: Point(r.origin), size: Size(r.size)) }
}
/// Conversion from RenderCore's `Point`.
extension CGPoint {
    /// The same point as Foundation's `CGPoint`.
    @inlinable public init(_ p: Point) { self.init(x: CGFloat(p.x), y: CGFloat(p.y)) }
}
/// Conversion from RenderCore's `Size`.
extension CGSize {
    /// The same size as Foundation's `CGSize`.
    @inlinable public init(_ s: Size) { self.init(width: CGFloat(s.width), height: CGFloat(s.height)) }
}
/// Conversion from RenderCore's `Rect`.
extension CGRect {
    /// The same rectangle as Foundation's `CGRect`.
    @inlinable public init(_ r: Rect) { self.init(origin: CGPoint(r.origin), size: CGSize(r.size)) }
}

/// Gives layers and views second spellings of some members, in the types iOS code uses:
/// `layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)`, `let p: CGPoint =
/// layer.position`, `layer.presentation()?.position`. Swift does not let one type declare
/// two properties of one name; a constrained protocol extension may add one of another type,
/// and the type checker picks by the value's type. Where nothing decides (`let f =
/// layer.frame`), the type's own member (`Rect`) wins. `Layer` and `View` conform; nothing
/// else needs to.
public protocol PortingSpellings: AnyObject {}

extension Layer: PortingSpellings {}

extension PortingSpellings where Self: Layer {
    /// `frame` in Core Graphics types (see `Layer.frame`).
    public var frame: CGRect {
        get { CGRect((self as Layer).frame) }
        set { (self as Layer).frame = Rect(newValue) }
    }
    /// `bounds` in Core Graphics types.
    public var bounds: CGRect {
        get { CGRect((self as Layer).bounds) }
        set { (self as Layer).bounds = Rect(newValue) }
    }
    /// `position` in Core Graphics types.
    public var position: CGPoint {
        get { CGPoint((self as Layer).position) }
        set { (self as Layer).position = Point(newValue) }
    }
    /// `anchorPoint` in Core Graphics types.
    public var anchorPoint: CGPoint {
        get { CGPoint((self as Layer).anchorPoint) }
        set { (self as Layer).anchorPoint = Point(newValue) }
    }
    /// `shadowOffset` in Core Graphics types.
    public var shadowOffset: CGSize {
        get { CGSize((self as Layer).shadowOffset) }
        set { (self as Layer).shadowOffset = Size(newValue) }
    }
}

extension Layer {
    /// The transform as a 2D affine transform (`CALayer.affineTransform()`): the identity
    /// when `transform` is not affine.
    public func affineTransform() -> CGAffineTransform { transform.affine ?? .identity }
    /// Sets `transform` to `m` embedded in the xy plane (`CALayer.setAffineTransform(_:)`).
    public func setAffineTransform(_ m: CGAffineTransform) { transform = Transform3D(m) }
}

// MARK: Untyped values

/// Untyped values (`Any`) converted to the kind a key path animates, as Core Animation's
/// `fromValue`, `toValue` and `setValue(_:forKeyPath:)` take them.
extension AnimatableValue {
    /// Converts an untyped value as Core Animation code passes it (`fromValue`, `values`,
    /// `setValue(_:forKeyPath:)`): `AnimatableValue` itself; numbers (`Double`, `Float`,
    /// `CGFloat`, any integer, `NSNumber`); `Bool`; `Point`/`CGPoint`; `Size`/`CGSize`;
    /// `Rect`/`CGRect`; `Color`; `Transform3D` (`CATransform3D`); `AffineTransform`
    /// (`CGAffineTransform`, as a 3D transform); `Path`; `String`; `Bitmap`; `[Double]`;
    /// a `Layer` (by id, for `mask`). `nil` for anything else.
    public init?(any value: Any) {
        switch value {
        case let v as AnimatableValue: self = v
        case let v as Double: self = .number(v)
        case let v as CGFloat: self = .number(Double(v))
        case let v as Float: self = .number(Double(v))
        case let v as Bool: self = .bool(v)
        case let v as any BinaryInteger: self = .number(Double(v))
        case let v as NSNumber: self = .number(v.doubleValue)
        case let v as Point: self = .point(v)
        case let v as CGPoint: self = .point(Point(v))
        case let v as Size: self = .size(v)
        case let v as CGSize: self = .size(Size(v))
        case let v as Rect: self = .rect(v)
        case let v as CGRect: self = .rect(Rect(v))
        case let v as Color: self = .color(v)
        case let v as Transform3D: self = .transform(v)
        case let v as RenderCore.AffineTransform: self = .transform(Transform3D(v))
        case let v as Path: self = .path(v)
        case let v as String: self = .string(v)
        case let v as Bitmap: self = .contents(v)
        case let v as [Double]: self = .numbers(v)
        case let v as [CGFloat]: self = .numbers(v.map { Double($0) })
        case let v as Layer: self = .layer(v.id)
        default: return nil
        }
    }

    /// `init(any:)` for a value of key path `kp`: `nil` also when the value's kind is not the
    /// one `kp` takes (a point for `opacity`). Numbers given for `lineDashPattern` become a
    /// one-entry list.
    public init?(any value: Any, for kp: LayerKeyPath) {
        guard let v = AnimatableValue(any: value) else { return nil }
        if v.kind == kp.valueKind { self = v; return }
        if case let .number(n) = v, kp.valueKind == .numbers { self = .numbers([n]); return }
        return nil
    }

    /// The value as the typed properties give it, untyped: `Double`, `Point`, `Size`,
    /// `Rect`, `Color`, `Transform3D`, `Bool`, `Path`, `String`, `Bitmap?`, `[Double]`; a
    /// layer reference as its id (`UInt32`).
    public var anyValue: Any {
        switch self {
        case let .number(v): return v
        case let .point(v): return v
        case let .size(v): return v
        case let .rect(v): return v
        case let .color(v): return v
        case let .transform(v): return v
        case let .bool(v): return v
        case let .path(v): return v
        case let .string(v): return v
        case let .contents(v): return v as Any
        case let .numbers(v): return v
        case let .layer(v): return v
        }
    }

    /// What `init(any:)` accepts for values of `kind`, for messages.
    static func acceptedTypes(for kind: Kind) -> String {
        switch kind {
        case .number: return "Double, CGFloat, Float, Int or NSNumber"
        case .point: return "CGPoint or Point"
        case .size: return "CGSize or Size"
        case .rect: return "CGRect or Rect"
        case .color: return "Color"
        case .transform: return "CATransform3D (Transform3D) or CGAffineTransform"
        case .bool: return "Bool"
        case .path: return "Path"
        case .string: return "String"
        case .contents: return "Bitmap"
        case .numbers: return "[Double]"
        case .layer: return "Layer"
        }
    }
}
