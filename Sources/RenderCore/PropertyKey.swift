/// Every layer property the render tree knows, by its Core Animation name.
///
/// The raw value is the property's wire number (see `Protocol/PROTOCOL.md`); never
/// renumber a case.
public enum PropertyKey: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    // CALayer
    case position = 1
    case bounds = 2
    case anchorPoint = 3
    case zPosition = 4
    case transform = 5
    case sublayerTransform = 6
    case opacity = 7
    case backgroundColor = 8
    case borderColor = 9
    case borderWidth = 10
    case cornerRadius = 11
    case shadowColor = 12
    case shadowOpacity = 13
    case shadowOffset = 14
    case shadowRadius = 15
    case contentsRect = 16
    case isHidden = 17
    case masksToBounds = 18
    case contents = 19
    case mask = 20
    case contentsGravity = 21
    case contentsScale = 22
    case shadowPath = 23
    /// Whether hit-testing may find the layer and its sublayers (UIView's
    /// `isUserInteractionEnabled`, SwiftUI's `allowsHitTesting`); protocol version 3.
    case allowsHitTesting = 24
    // CAShapeLayer
    case path = 32
    case fillColor = 33
    case strokeColor = 34
    case lineWidth = 35
    case strokeStart = 36
    case strokeEnd = 37
    case lineDashPhase = 38
    case miterLimit = 39
    case lineCap = 40
    case lineJoin = 41
    case fillRule = 42
    case lineDashPattern = 43
    // CATextLayer
    case string = 48
    case fontSize = 49
    case foregroundColor = 50
    case font = 51
    case alignmentMode = 52
    case isWrapped = 53
    case truncationMode = 54

    /// The Core Animation key (`"opacity"`, `"hidden"`, …).
    public var name: String {
        switch self {
        case .isHidden: return "hidden"
        case .isWrapped: return "wrapped"
        default: return caseName
        }
    }

    /// The Swift case name (`"isHidden"`). Spelled out: interpolating `self` would call
    /// `description`, which is `name` — infinite recursion.
    var caseName: String {
        switch self {
        case .position: return "position"
        case .bounds: return "bounds"
        case .anchorPoint: return "anchorPoint"
        case .zPosition: return "zPosition"
        case .transform: return "transform"
        case .sublayerTransform: return "sublayerTransform"
        case .opacity: return "opacity"
        case .backgroundColor: return "backgroundColor"
        case .borderColor: return "borderColor"
        case .borderWidth: return "borderWidth"
        case .cornerRadius: return "cornerRadius"
        case .shadowColor: return "shadowColor"
        case .shadowOpacity: return "shadowOpacity"
        case .shadowOffset: return "shadowOffset"
        case .shadowRadius: return "shadowRadius"
        case .contentsRect: return "contentsRect"
        case .isHidden: return "isHidden"
        case .masksToBounds: return "masksToBounds"
        case .contents: return "contents"
        case .mask: return "mask"
        case .contentsGravity: return "contentsGravity"
        case .contentsScale: return "contentsScale"
        case .shadowPath: return "shadowPath"
        case .allowsHitTesting: return "allowsHitTesting"
        case .path: return "path"
        case .fillColor: return "fillColor"
        case .strokeColor: return "strokeColor"
        case .lineWidth: return "lineWidth"
        case .strokeStart: return "strokeStart"
        case .strokeEnd: return "strokeEnd"
        case .lineDashPhase: return "lineDashPhase"
        case .miterLimit: return "miterLimit"
        case .lineCap: return "lineCap"
        case .lineJoin: return "lineJoin"
        case .fillRule: return "fillRule"
        case .lineDashPattern: return "lineDashPattern"
        case .string: return "string"
        case .fontSize: return "fontSize"
        case .foregroundColor: return "foregroundColor"
        case .font: return "font"
        case .alignmentMode: return "alignmentMode"
        case .isWrapped: return "isWrapped"
        case .truncationMode: return "truncationMode"
        }
    }

    public var description: String { name }

    /// Looks a property up by its Core Animation key. Both `hidden` and `isHidden` work.
    public init?(name: String) {
        if let k = PropertyKey.byName[name] { self = k } else { return nil }
    }

    private static let byName: [String: PropertyKey] = {
        var d = [String: PropertyKey]()
        for k in PropertyKey.allCases { d[k.name] = k; d[k.caseName] = k }
        return d
    }()

    /// The kind of value the property holds (the property map's answer: `field`).
    public var valueKind: AnimatableValue.Kind { field.kind }

    /// Whether a change animates by interpolation (the rest switch discretely). As in Core
    /// Animation, `contentsScale` does not animate although it is a number.
    public var isAnimatable: Bool {
        if self == .contentsScale { return false }
        switch valueKind {
        case .bool, .string, .contents, .numbers, .layer: return false
        default: return true
        }
    }

    /// Whether a layer of `kind` has the property: `layerKinds.contains(kind)` without
    /// building the set (the server checks it for every command).
    @inlinable public func exists(on kind: LayerKind) -> Bool {
        switch rawValue {
        case 32..<48: return kind == .shape
        case 48..<64: return kind == .text
        default: return true
        }
    }

    /// Which layer kinds have the property.
    public var layerKinds: Set<LayerKind> {
        switch rawValue {
        case 32..<48: return [.shape]
        case 48..<64: return [.text]
        default: return [.layer, .shape, .text]
        }
    }
}

/// The kinds of layer the render server draws.
public enum LayerKind: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    /// `CALayer`: background, border, corners, shadow, contents.
    case layer = 0
    /// `CAShapeLayer`: a filled and stroked path.
    case shape = 1
    /// `CATextLayer`: a string set with pango.
    case text = 2
    public var description: String {
        switch self { case .layer: return "layer"; case .shape: return "shape"; case .text: return "text" }
    }
}
