import RenderCore
import RenderClient
import RenderViews

/// The view a component mounts and the attributes to give it (`CKComponentViewConfiguration`).
///
/// Mounting creates the view (or reuses one of the same class), then sets every attribute
/// with actions disabled — a view configuration is permanent state, never an implicit
/// animation — and resets the attributes the view had from its previous configuration but
/// not in this one, so a reused view never carries a stale attribute.
public struct ViewConfiguration {
    /// The view class, or `nil` for no view.
    public let viewClass: ViewClass?
    /// Applied in order; a later attribute of the same key wins.
    public let attributes: [ViewAttribute]
    /// The view's frame never animates when mounting, not even inside a bounds animation or
    /// a caller's animation block (ComponentKit's `blockImplicitAnimations`). Its attributes
    /// never animate anyway. Component animations still apply.
    public let blockImplicitAnimations: Bool

    /// No view: the component's children mount into its parent's view.
    public static var none: ViewConfiguration { ViewConfiguration(viewClass: nil, attributes: [], blockImplicitAnimations: false) }

    init(viewClass: ViewClass?, attributes: [ViewAttribute], blockImplicitAnimations: Bool) {
        self.viewClass = viewClass; self.attributes = attributes; self.blockImplicitAnimations = blockImplicitAnimations
    }

    /// A plain `View` with `attributes`.
    public init(_ attributes: [ViewAttribute] = [], blockImplicitAnimations: Bool = false) {
        self.init(View.self, attributes, blockImplicitAnimations: blockImplicitAnimations)
    }

    /// A view of class `type` (made with its `init(frame:context:)` in the host's context)
    /// with `attributes`.
    public init<V: View>(_ type: V.Type, _ attributes: [ViewAttribute] = [], blockImplicitAnimations: Bool = false) {
        self.init(viewClass: ViewClass(type), attributes: attributes, blockImplicitAnimations: blockImplicitAnimations)
    }

    /// A view of class `type`, made by `make` in the host's context, with `attributes`.
    public init<V: View>(_ type: V.Type, make: @escaping (Context) -> V, _ attributes: [ViewAttribute] = [],
                         blockImplicitAnimations: Bool = false) {
        self.init(viewClass: ViewClass(type, make: make), attributes: attributes, blockImplicitAnimations: blockImplicitAnimations)
    }

    /// Whether the component mounts a view (`false` for `.none`).
    public var hasView: Bool { viewClass != nil }
}

/// A view class and how to make one: the reuse pool is per class.
public struct ViewClass: Hashable, CustomStringConvertible {
    /// The view class; views are reused only by components of the same class.
    public let type: View.Type
    let make: (Context) -> View

    /// Views of `type`, made by `make` in the host's context.
    public init<V: View>(_ type: V.Type, make: @escaping (Context) -> V) {
        self.type = type; self.make = make
    }

    /// Views of `type` made with its required `init(frame:context:)`.
    public init<V: View>(_ type: V.Type) {
        self.init(type) { V(frame: .zero, context: $0) }
    }

    /// The same view class (however its views are made).
    public static func == (a: ViewClass, b: ViewClass) -> Bool { a.type == b.type }
    /// Hashes the view class.
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(type)) }
    /// The class's name.
    public var description: String { "\(type)" }
}

/// One typed attribute of a view or its layer. Every property of `View` and `Layer` a
/// configuration may set has a case; `custom` covers the rest (with an unapply to reset it).
public enum ViewAttribute {
    // View
    /// `View.alpha`: opacity, 0…1.
    case alpha(Double)
    /// `View.backgroundColor` (`nil`: none).
    case backgroundColor(Color?)
    /// `View.isHidden`.
    case isHidden(Bool)
    /// `View.clipsToBounds`: subviews cut at the bounds.
    case clipsToBounds(Bool)
    /// The view's 2D transform about its center.
    case transform(AffineTransform)
    /// `View.tag`.
    case tag(Int)
    /// `View.isUserInteractionEnabled` (kept; no touches are delivered).
    case isUserInteractionEnabled(Bool)
    // Layer
    /// The layer's anchor point, in unit coordinates of its bounds ((0.5, 0.5) by default).
    case anchorPoint(Point)
    /// The layer's position on z: higher draws above its siblings.
    case zPosition(Double)
    /// The layer's 3D transform (replaces `transform`).
    case transform3D(Transform3D)
    /// The layer's transform of its sublayers.
    case sublayerTransform(Transform3D)
    /// The layer's border color.
    case borderColor(Color)
    /// The layer's border width, points.
    case borderWidth(Double)
    /// The layer's corner radius, points.
    case cornerRadius(Double)
    /// The layer's shadow color.
    case shadowColor(Color)
    /// The layer's shadow opacity, 0…1 (0: no shadow).
    case shadowOpacity(Double)
    /// The layer's shadow offset, points.
    case shadowOffset(Size)
    /// The layer's shadow blur radius, points.
    case shadowRadius(Double)
    /// The part of the contents shown, in unit coordinates ((0, 0, 1, 1): all).
    case contentsRect(Rect)
    /// The layer's bitmap contents (`nil`: none).
    case contents(Bitmap?)
    /// The layer's name, for tree dumps and lookups.
    case name(String?)
    /// Any property of the backing layer by key, shape and text layers' included (`path`,
    /// `fillColor`, `strokeEnd`, `string`, `fontSize`, …): set through the layer's key-path
    /// setter, reset to Core Animation's default. Traps with the layer's error when the value
    /// has the wrong kind or the view's layer lacks the property.
    case layer(PropertyKey, AnimatableValue)
    /// Anything else: `apply` sets it, `unapply` undoes it when a reused view's next
    /// configuration lacks it. `identifier` names it (one per identifier per configuration).
    case custom(identifier: String, apply: (View) -> Void, unapply: (View) -> Void)

    /// What the attribute sets; two attributes with one key set the same thing.
    public var key: String {
        switch self {
        case .alpha: return "alpha"
        case .backgroundColor: return "backgroundColor"
        case .isHidden: return "isHidden"
        case .clipsToBounds: return "clipsToBounds"
        case .transform, .transform3D: return "transform"
        case .tag: return "tag"
        case .isUserInteractionEnabled: return "isUserInteractionEnabled"
        case .anchorPoint: return "anchorPoint"
        case .zPosition: return "zPosition"
        case .sublayerTransform: return "sublayerTransform"
        case .borderColor: return "borderColor"
        case .borderWidth: return "borderWidth"
        case .cornerRadius: return "cornerRadius"
        case .shadowColor: return "shadowColor"
        case .shadowOpacity: return "shadowOpacity"
        case .shadowOffset: return "shadowOffset"
        case .shadowRadius: return "shadowRadius"
        case .contentsRect: return "contentsRect"
        case .contents: return "contents"
        case .name: return "name"
        case let .layer(k, _): return "layer:" + k.name
        case let .custom(id, _, _): return "custom:" + id
        }
    }

    /// Sets the attribute on `view`. Main queue; the caller disables actions.
    func apply(to view: View) {
        let l = view.layer
        switch self {
        case let .alpha(v): view.alpha = v
        case let .backgroundColor(c): view.backgroundColor = c
        case let .isHidden(b): view.isHidden = b
        case let .clipsToBounds(b): view.clipsToBounds = b
        case let .transform(t): view.transform = t
        case let .tag(t): view.tag = t
        case let .isUserInteractionEnabled(b): view.isUserInteractionEnabled = b
        case let .anchorPoint(p): l.anchorPoint = p
        case let .zPosition(z): l.zPosition = z
        case let .transform3D(t): l.transform = t
        case let .sublayerTransform(t): l.sublayerTransform = t
        case let .borderColor(c): l.borderColor = c
        case let .borderWidth(w): l.borderWidth = w
        case let .cornerRadius(r): l.cornerRadius = r
        case let .shadowColor(c): l.shadowColor = c
        case let .shadowOpacity(o): l.shadowOpacity = o
        case let .shadowOffset(s): l.shadowOffset = s
        case let .shadowRadius(r): l.shadowRadius = r
        case let .contentsRect(r): l.contentsRect = r
        case let .contents(b): l.contents = b
        case let .name(n): l.name = n
        case let .layer(k, v):
            do { try l.setValue(v, forKeyPath: LayerKeyPath(k)) } catch {
                preconditionFailure("view configuration of \(type(of: view)): \(error)")
            }
        case let .custom(_, apply, _): apply(view)
        }
    }

    /// Puts back the default (View's and Core Animation's) for this attribute's key.
    func unapply(from view: View) {
        let d = LayerProperties()
        let l = view.layer
        switch self {
        case .alpha: view.alpha = 1
        case .backgroundColor: view.backgroundColor = nil
        case .isHidden: view.isHidden = false
        case .clipsToBounds: view.clipsToBounds = false
        case .transform, .transform3D: l.transform = .identity
        case .tag: view.tag = 0
        case .isUserInteractionEnabled: view.isUserInteractionEnabled = true
        case .anchorPoint: l.anchorPoint = d.anchorPoint
        case .zPosition: l.zPosition = d.zPosition
        case .sublayerTransform: l.sublayerTransform = .identity
        case .borderColor: l.borderColor = d.borderColor
        case .borderWidth: l.borderWidth = d.borderWidth
        case .cornerRadius: l.cornerRadius = d.cornerRadius
        case .shadowColor: l.shadowColor = d.shadowColor
        case .shadowOpacity: l.shadowOpacity = d.shadowOpacity
        case .shadowOffset: l.shadowOffset = d.shadowOffset
        case .shadowRadius: l.shadowRadius = d.shadowRadius
        case .contentsRect: l.contentsRect = d.contentsRect
        case .contents: l.contents = nil
        case .name: l.name = nil
        case let .layer(k, _): try? l.setValue(d.value(of: k), forKeyPath: LayerKeyPath(k))
        case let .custom(_, _, unapply): unapply(view)
        }
    }
}
