/// A Core Animation key path: a property plus an optional component
/// (`position.x`, `bounds.size.width`, `transform.rotation.z`, …).
///
/// Components of a transform read and write the transform's decomposition: setting
/// `transform.rotation.z` replaces the rotation about z and keeps translation, scale and
/// the other rotations, as Core Animation does.
public struct LayerKeyPath: Hashable, Sendable, CustomStringConvertible {
    public var property: PropertyKey
    public var component: Component

    @inlinable public init(_ property: PropertyKey, _ component: Component = .whole) {
        self.property = property; self.component = component
    }

    /// Parses a key path. Throws `KeyPathError.unknown` naming it when it is not one
    /// Core Animation knows.
    public init(_ string: String) throws(KeyPathError) {
        if let k = PropertyKey(name: string) { self.init(k); return }
        guard let dot = string.firstIndex(of: ".") else { throw .unknown(string) }
        guard let k = PropertyKey(name: String(string[..<dot])) else { throw .unknown(string) }
        let rest = String(string[string.index(after: dot)...])
        guard let c = Component(rawValue: rest), c != .whole, c.applies(to: k) else { throw .unknown(string) }
        self.init(k, c)
    }

    /// The parts of a value a key path can name.
    public enum Component: String, Sendable, CaseIterable {
        case whole = ""
        // points
        case x, y
        // sizes
        case width, height
        // rects
        case origin, size
        case originX = "origin.x", originY = "origin.y"
        case sizeWidth = "size.width", sizeHeight = "size.height"
        // transforms
        case scale, scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z"
        case rotation, rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"
        case translation, translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"

        func applies(to k: PropertyKey) -> Bool { isApplicable(to: k.valueKind) }

        /// Whether a property holding `kind` values has this component: `x`, `y` for points;
        /// `width`, `height` for sizes; `origin…`, `size…` for rects; `scale…`, `rotation…`,
        /// `translation…` for transforms; `whole` for all. The key-path parser and the wire
        /// decoder reject other pairs.
        public func isApplicable(to kind: AnimatableValue.Kind) -> Bool {
            switch self {
            case .whole: return true
            case .x, .y: return kind == .point
            case .width, .height: return kind == .size
            case .origin, .size, .originX, .originY, .sizeWidth, .sizeHeight: return kind == .rect
            case .scale, .scaleX, .scaleY, .scaleZ, .rotation, .rotationX, .rotationY, .rotationZ,
                 .translation, .translationX, .translationY, .translationZ:
                return kind == .transform
            }
        }

        /// The wire number of the component (see `Protocol/PROTOCOL.md`).
        public var wireValue: UInt8 { UInt8(Component.allCases.firstIndex(of: self)!) }
        public init?(wireValue: UInt8) {
            guard Int(wireValue) < Component.allCases.count else { return nil }
            self = Component.allCases[Int(wireValue)]
        }
    }

    /// The kind of value the key path reads and writes.
    public var valueKind: AnimatableValue.Kind {
        switch component {
        case .whole: return property.valueKind
        case .origin: return .point
        case .size, .translation: return .size
        default: return .number
        }
    }

    public var description: String {
        component == .whole ? property.name : property.name + "." + component.rawValue
    }

    public static let position = LayerKeyPath(.position)
    public static let bounds = LayerKeyPath(.bounds)
    public static let opacity = LayerKeyPath(.opacity)
    public static let transform = LayerKeyPath(.transform)
    public static let backgroundColor = LayerKeyPath(.backgroundColor)
}

extension LayerKeyPath: ExpressibleByStringLiteral {
    /// A literal key path; an unknown literal is a programming error and traps naming it.
    public init(stringLiteral s: String) {
        do { try self.init(s) } catch { fatalError("\(error)") }
    }
}

public enum KeyPathError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknown(String)
    case typeMismatch(keyPath: String, expected: AnimatableValue.Kind, got: AnimatableValue.Kind)
    case notOnLayerKind(keyPath: String, kind: LayerKind)
    public var description: String {
        switch self {
        case let .unknown(k):
            return "unknown key path \"\(k)\": use a layer property (position, bounds, opacity, transform, …) optionally followed by a component such as .x, .size.width or .rotation.z"
        case let .typeMismatch(k, e, g):
            return "key path \"\(k)\" takes a \(e) value, got a \(g)"
        case let .notOnLayerKind(k, kind):
            return "key path \"\(k)\" does not exist on a \(kind) layer"
        }
    }
}
