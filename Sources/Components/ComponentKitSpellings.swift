import Foundation
import RenderCore
import RenderClient
import RenderViews

// ComponentKit's spellings of what Components holds, so code written for ComponentKit reads
// the same (one implementation each):
//
//     let host = HostingView(componentProvider: build, sizeRangeProvider:
//                            FlexibleSizeRangeProvider(flexibility: .flexibleHeight), model: model)
//     host.frame = Rect(x: 0, y: 0, width: 320, height: 0)   // the width the range takes
//     host.updateModel(newModel, mode: .asynchronous)
//     ViewConfiguration(View.self, attributes: [.backgroundColor: Color.red, .alpha: 0.5])

/// What `CKComponentSizeRangeProviding` is: the size range a host lays its root component
/// out in, given the host's bounding size (its bounds, each time they change).
public protocol SizeRangeProvider {
    /// The range for a host of `boundingSize` points.
    func sizeRange(forBoundingSize boundingSize: Size) -> SizeRange
}

/// `CKComponentFlexibleSizeRangeProvider`: the bounding size on the axes that are not
/// flexible, anything from zero to infinity on those that are.
public struct FlexibleSizeRangeProvider: SizeRangeProvider, Sendable {
    /// Which axes the component may size itself on.
    public enum Flexibility: Sendable {
        /// Exactly the bounding size.
        case none
        /// The bounding height; any width.
        case flexibleWidth
        /// The bounding width; any height (a list row, a label in a column).
        case flexibleHeight
        /// Any size.
        case flexibleWidthAndHeight
    }

    /// Which axes are flexible.
    public var flexibility: Flexibility
    /// A provider flexible on `flexibility`'s axes.
    public init(flexibility: Flexibility) { self.flexibility = flexibility }

    /// The bounding size on the fixed axes (0 when not finite), 0…∞ on the flexible ones.
    public func sizeRange(forBoundingSize b: Size) -> SizeRange {
        let w = max(0, b.width.isFinite ? b.width : 0), h = max(0, b.height.isFinite ? b.height : 0)
        switch flexibility {
        case .none: return SizeRange(min: Size(width: w, height: h), max: Size(width: w, height: h))
        case .flexibleWidth: return SizeRange(min: Size(width: 0, height: h), max: Size(width: .infinity, height: h))
        case .flexibleHeight: return SizeRange(min: Size(width: w, height: 0), max: Size(width: w, height: .infinity))
        case .flexibleWidthAndHeight: return SizeRange()
        }
    }
}

extension HostingView {
    /// `CKComponentHostingView(componentProvider:sizeRangeProvider:)`: a host whose size range
    /// follows its bounds through `sizeRangeProvider` (recomputed whenever they change; the
    /// first build uses a zero bounding size until a frame is set). ComponentKit starts
    /// without a model and builds at the first `updateModel`; here the first model is given.
    public convenience init(componentProvider: @escaping Provider, sizeRangeProvider: SizeRangeProvider, model: Model,
                            context: Context? = nil) {
        self.init(model: model, sizeRange: sizeRangeProvider.sizeRange(forBoundingSize: .zero), context: context,
                  provider: componentProvider)
        self.sizeRangeProvider = sizeRangeProvider
    }

    /// `updateModel:mode:`: replaces the model and rebuilds (`update(model:mode:)`).
    public func updateModel(_ model: Model, mode: StateUpdateMode = .asynchronous) {
        update(model: model, mode: mode)
    }
}

/// ComponentKit's attribute map keys (`{@selector(setBackgroundColor:), color}`): one per
/// `ViewAttribute` case that takes a single value.
public struct ViewAttributeKey: Hashable, Sendable, CustomStringConvertible {
    /// The attribute's name (the `ViewAttribute` case's).
    public let name: String
    private init(_ name: String) { self.name = name }
    /// The name.
    public var description: String { name }

    /// Sets `ViewAttribute.alpha`.
    public static let alpha = ViewAttributeKey("alpha")
    /// Sets `ViewAttribute.backgroundColor`.
    public static let backgroundColor = ViewAttributeKey("backgroundColor")
    /// Sets `ViewAttribute.isHidden`.
    public static let isHidden = ViewAttributeKey("isHidden")
    /// Sets `ViewAttribute.clipsToBounds`.
    public static let clipsToBounds = ViewAttributeKey("clipsToBounds")
    /// Sets `ViewAttribute.transform`.
    public static let transform = ViewAttributeKey("transform")
    /// Sets `ViewAttribute.tag`.
    public static let tag = ViewAttributeKey("tag")
    /// Sets `ViewAttribute.isUserInteractionEnabled`.
    public static let isUserInteractionEnabled = ViewAttributeKey("isUserInteractionEnabled")
    /// Sets `ViewAttribute.anchorPoint`.
    public static let anchorPoint = ViewAttributeKey("anchorPoint")
    /// Sets `ViewAttribute.zPosition`.
    public static let zPosition = ViewAttributeKey("zPosition")
    /// Sets `ViewAttribute.transform3D`.
    public static let transform3D = ViewAttributeKey("transform3D")
    /// Sets `ViewAttribute.sublayerTransform`.
    public static let sublayerTransform = ViewAttributeKey("sublayerTransform")
    /// Sets `ViewAttribute.borderColor`.
    public static let borderColor = ViewAttributeKey("borderColor")
    /// Sets `ViewAttribute.borderWidth`.
    public static let borderWidth = ViewAttributeKey("borderWidth")
    /// Sets `ViewAttribute.cornerRadius`.
    public static let cornerRadius = ViewAttributeKey("cornerRadius")
    /// Sets `ViewAttribute.shadowColor`.
    public static let shadowColor = ViewAttributeKey("shadowColor")
    /// Sets `ViewAttribute.shadowOpacity`.
    public static let shadowOpacity = ViewAttributeKey("shadowOpacity")
    /// Sets `ViewAttribute.shadowOffset`.
    public static let shadowOffset = ViewAttributeKey("shadowOffset")
    /// Sets `ViewAttribute.shadowRadius`.
    public static let shadowRadius = ViewAttributeKey("shadowRadius")
    /// Sets `ViewAttribute.contentsRect`.
    public static let contentsRect = ViewAttributeKey("contentsRect")
    /// Sets `ViewAttribute.contents`.
    public static let contents = ViewAttributeKey("contents")
    /// Sets `ViewAttribute.name`.
    public static let name = ViewAttributeKey("name")

    /// The typed attribute for `value`, or nil when `value` is not of a type the key takes.
    /// Numbers take `Double`, `CGFloat`, `Float` or `Int`; points, sizes and rects their
    /// Core Graphics types too.
    func attribute(_ value: Any) -> ViewAttribute? {
        func number(_ v: Any) -> Double? {
            switch v {
            case let d as Double: return d
            case let c as CGFloat: return Double(c)
            case let f as Float: return Double(f)
            case let i as Int: return Double(i)
            default: return nil
            }
        }
        func point(_ v: Any) -> Point? { (v as? Point) ?? (v as? CGPoint).map(Point.init) }
        func size(_ v: Any) -> Size? { (v as? Size) ?? (v as? CGSize).map(Size.init) }
        func rect(_ v: Any) -> Rect? { (v as? Rect) ?? (v as? CGRect).map(Rect.init) }
        switch self {
        case .alpha: return number(value).map(ViewAttribute.alpha)
        case .backgroundColor:
            if let c = value as? Color { return .backgroundColor(c) }
            if let c = value as? Color? { return .backgroundColor(c) }
            return nil
        case .isHidden: return (value as? Bool).map(ViewAttribute.isHidden)
        case .clipsToBounds: return (value as? Bool).map(ViewAttribute.clipsToBounds)
        case .transform: return (value as? RenderCore.AffineTransform).map(ViewAttribute.transform)
        case .tag: return (value as? Int).map(ViewAttribute.tag)
        case .isUserInteractionEnabled: return (value as? Bool).map(ViewAttribute.isUserInteractionEnabled)
        case .anchorPoint: return point(value).map(ViewAttribute.anchorPoint)
        case .zPosition: return number(value).map(ViewAttribute.zPosition)
        case .transform3D: return (value as? Transform3D).map(ViewAttribute.transform3D)
        case .sublayerTransform: return (value as? Transform3D).map(ViewAttribute.sublayerTransform)
        case .borderColor: return (value as? Color).map(ViewAttribute.borderColor)
        case .borderWidth: return number(value).map(ViewAttribute.borderWidth)
        case .cornerRadius: return number(value).map(ViewAttribute.cornerRadius)
        case .shadowColor: return (value as? Color).map(ViewAttribute.shadowColor)
        case .shadowOpacity: return number(value).map(ViewAttribute.shadowOpacity)
        case .shadowOffset: return size(value).map(ViewAttribute.shadowOffset)
        case .shadowRadius: return number(value).map(ViewAttribute.shadowRadius)
        case .contentsRect: return rect(value).map(ViewAttribute.contentsRect)
        case .contents:
            if let b = value as? Bitmap { return .contents(b) }
            if let b = value as? Bitmap? { return .contents(b) }
            return nil
        case .name:
            if let s = value as? String { return .name(s) }
            if let s = value as? String? { return .name(s) }
            return nil
        default: return nil
        }
    }

    /// What the key takes, for error messages.
    var expected: String {
        switch self {
        case .alpha, .zPosition, .borderWidth, .cornerRadius, .shadowOpacity, .shadowRadius: return "a number"
        case .backgroundColor: return "a Color or nil"
        case .borderColor, .shadowColor: return "a Color"
        case .isHidden, .clipsToBounds, .isUserInteractionEnabled: return "a Bool"
        case .transform: return "an AffineTransform (CGAffineTransform)"
        case .transform3D, .sublayerTransform: return "a Transform3D (CATransform3D)"
        case .tag: return "an Int"
        case .anchorPoint: return "a Point or CGPoint"
        case .shadowOffset: return "a Size or CGSize"
        case .contentsRect: return "a Rect or CGRect"
        case .contents: return "a Bitmap or nil"
        default: return "a String or nil"
        }
    }
}

extension ViewConfiguration {
    /// ComponentKit's attribute map: `ViewConfiguration(View.self, attributes: [.backgroundColor:
    /// Color.red, .alpha: 0.5])`. A map has no order (ComponentKit's neither); the typed
    /// `[ViewAttribute]` form keeps yours, and checks types when compiling. A value of a type
    /// its key does not take is a programming error: it traps, naming the key, what it takes
    /// and what it got.
    public init<V: View>(_ type: V.Type, attributes map: [ViewAttributeKey: Any], blockImplicitAnimations: Bool = false) {
        let attributes = map.sorted { $0.key.name < $1.key.name }.map { key, value -> ViewAttribute in
            guard let a = key.attribute(value) else {
                preconditionFailure("ViewConfiguration(\(type), attributes:): \(key) takes \(key.expected), got \(Swift.type(of: value)) "
                    + "(\(value)); pass a value of that type or use the typed form, .\(key)(…)")
            }
            return a
        }
        self.init(type, attributes, blockImplicitAnimations: blockImplicitAnimations)
    }

    /// The typed form with ComponentKit's label: `ViewConfiguration(View.self, attributes:
    /// [.backgroundColor(.red), .alpha(0.5)])`.
    public init<V: View>(_ type: V.Type, attributes: [ViewAttribute], blockImplicitAnimations: Bool = false) {
        self.init(type, attributes, blockImplicitAnimations: blockImplicitAnimations)
    }
}
