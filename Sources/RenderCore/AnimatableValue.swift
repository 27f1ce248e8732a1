/// The one value type every layer property and every animation uses.
///
/// Scalars, points, sizes, rects, colors and transforms interpolate; booleans, strings,
/// contents and paths of different structure are discrete and switch at the half-way point
/// of an interpolation (keyframe animations in `discrete` mode hold each value instead).
/// None of the interpolating cases allocate.
public enum AnimatableValue: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    case transform(Transform3D)
    case bool(Bool)
    case path(Path)
    case string(String)
    /// Layer contents; `nil` means no contents.
    case contents(Bitmap?)
    /// A list of numbers (`lineDashPattern`: dash and gap lengths in points; empty = none).
    case numbers([Double])
    /// A reference to another layer of the same client by its id (`mask`); 0 means none.
    case layer(UInt32)

    /// The kind of value, for error messages and type checks.
    public enum Kind: String, Sendable, CaseIterable {
        case number, point, size, rect, color, transform, bool, path, string, contents, numbers, layer
    }

    @inlinable public var kind: Kind {
        switch self {
        case .number: return .number
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .color: return .color
        case .transform: return .transform
        case .bool: return .bool
        case .path: return .path
        case .string: return .string
        case .contents: return .contents
        case .numbers: return .numbers
        case .layer: return .layer
        }
    }

    /// Whether values of this kind interpolate continuously.
    public var isInterpolable: Bool {
        switch self {
        case .number, .point, .size, .rect, .color, .transform, .path: return true
        case .bool, .string, .contents, .numbers, .layer: return false
        }
    }

    public var number: Double? { if case let .number(v) = self { return v }; return nil }
    public var point: Point? { if case let .point(v) = self { return v }; return nil }
    public var size: Size? { if case let .size(v) = self { return v }; return nil }
    public var rect: Rect? { if case let .rect(v) = self { return v }; return nil }
    public var color: Color? { if case let .color(v) = self { return v }; return nil }
    public var transform: Transform3D? { if case let .transform(v) = self { return v }; return nil }
    public var bool: Bool? { if case let .bool(v) = self { return v }; return nil }
    public var path: Path? { if case let .path(v) = self { return v }; return nil }
    public var string: String? { if case let .string(v) = self { return v }; return nil }
    public var numbers: [Double]? { if case let .numbers(v) = self { return v }; return nil }
    public var layer: UInt32? { if case let .layer(v) = self { return v }; return nil }

    public var description: String {
        switch self {
        case let .number(v): return "\(v)"
        case let .point(v): return "\(v)"
        case let .size(v): return "\(v)"
        case let .rect(v): return "\(v)"
        case let .color(v): return "\(v)"
        case let .transform(v): return "\(v)"
        case let .bool(v): return "\(v)"
        case let .path(v): return "\(v)"
        case let .string(v): return "\"\(v)\""
        case let .contents(v): return v.map { "\($0)" } ?? "nil"
        case let .numbers(v): return "\(v)"
        case let .layer(v): return v == 0 ? "no layer" : "layer \(v)"
        }
    }
}

// MARK: - Arithmetic used by animations

extension AnimatableValue {
    /// The value `t` of the way from `a` to `b` (`t` may leave 0…1: springs and
    /// overshooting curves extrapolate). Values of different kinds, and discrete values,
    /// switch at `t = 0.5`. Transforms interpolate by decomposition.
    @inlinable
    public static func interpolate(_ a: AnimatableValue, _ b: AnimatableValue, _ t: Double) -> AnimatableValue {
        switch (a, b) {
        case let (.number(x), .number(y)):
            return .number(lerp(x, y, t))
        case let (.point(x), .point(y)):
            return .point(Point(x: lerp(x.x, y.x, t), y: lerp(x.y, y.y, t)))
        case let (.size(x), .size(y)):
            return .size(Size(width: lerp(x.width, y.width, t), height: lerp(x.height, y.height, t)))
        case let (.rect(x), .rect(y)):
            return .rect(Rect(x: lerp(x.origin.x, y.origin.x, t), y: lerp(x.origin.y, y.origin.y, t),
                              width: lerp(x.size.width, y.size.width, t), height: lerp(x.size.height, y.size.height, t)))
        case let (.color(x), .color(y)):
            return .color(Color(red: lerp(x.red, y.red, t), green: lerp(x.green, y.green, t),
                                blue: lerp(x.blue, y.blue, t), alpha: lerp(x.alpha, y.alpha, t)))
        case let (.transform(x), .transform(y)):
            return .transform(Transform3D.interpolate(x, y, t))
        case let (.path(x), .path(y)):
            return .path(Path.interpolate(x, y, t))
        default:
            return t < 0.5 ? a : b
        }
    }

    /// `self + delta`: what `by` values and additive animations do. Transforms
    /// concatenate (`delta` first, in the layer's own space, then `self`); discrete values
    /// and mismatched kinds take `delta`.
    @inlinable
    public func adding(_ delta: AnimatableValue) -> AnimatableValue {
        switch (self, delta) {
        case let (.number(x), .number(y)): return .number(x + y)
        case let (.point(x), .point(y)): return .point(Point(x: x.x + y.x, y: x.y + y.y))
        case let (.size(x), .size(y)): return .size(Size(width: x.width + y.width, height: x.height + y.height))
        case let (.rect(x), .rect(y)):
            return .rect(Rect(x: x.origin.x + y.origin.x, y: x.origin.y + y.origin.y,
                              width: x.size.width + y.size.width, height: x.size.height + y.size.height))
        case let (.color(x), .color(y)):
            return .color(Color(red: x.red + y.red, green: x.green + y.green, blue: x.blue + y.blue, alpha: x.alpha + y.alpha))
        case let (.transform(x), .transform(y)): return .transform(y.concatenating(x))
        default: return delta
        }
    }

    /// `self − other`, the inverse of `adding`: `a.adding(b.subtracting(a)) == b`.
    /// For transforms that is `b × a⁻¹`; a singular `a` gives the identity.
    public func subtracting(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case let (.number(x), .number(y)): return .number(x - y)
        case let (.point(x), .point(y)): return .point(Point(x: x.x - y.x, y: x.y - y.y))
        case let (.size(x), .size(y)): return .size(Size(width: x.width - y.width, height: x.height - y.height))
        case let (.rect(x), .rect(y)):
            return .rect(Rect(x: x.origin.x - y.origin.x, y: x.origin.y - y.origin.y,
                              width: x.size.width - y.size.width, height: x.size.height - y.size.height))
        case let (.color(x), .color(y)):
            return .color(Color(red: x.red - y.red, green: x.green - y.green, blue: x.blue - y.blue, alpha: x.alpha - y.alpha))
        case let (.transform(x), .transform(y)):
            guard let inv = y.inverted() else { return .transform(.identity) }
            return .transform(x.concatenating(inv))
        default: return self
        }
    }

    /// `self` repeated `count` times (`count` ≥ 0), for cumulative animations:
    /// `delta.scaled(by: n)` added n times. Transforms are raised to the power `count`.
    public func scaled(by count: Int) -> AnimatableValue {
        let k = Double(count)
        switch self {
        case let .number(x): return .number(x * k)
        case let .point(x): return .point(Point(x: x.x * k, y: x.y * k))
        case let .size(x): return .size(Size(width: x.width * k, height: x.height * k))
        case let .rect(x): return .rect(Rect(x: x.origin.x * k, y: x.origin.y * k, width: x.size.width * k, height: x.size.height * k))
        case let .color(x): return .color(Color(red: x.red * k, green: x.green * k, blue: x.blue * k, alpha: x.alpha * k))
        case let .transform(x):
            // Exponentiation by squaring: O(log count) products, however many cycles have run.
            var result = Transform3D.identity, base = x, n = max(0, count)
            while n > 0 {
                if n & 1 == 1 { result = result.concatenating(base) }
                n >>= 1
                if n > 0 { base = base.concatenating(base) }
            }
            return .transform(result)
        default: return self
        }
    }

    /// The distance between two values, used by paced keyframe animations: Euclidean over
    /// the components; transforms by their decomposed translation, scale and rotation
    /// angle; discrete values are 0 apart when equal, else 1.
    public func distance(to other: AnimatableValue) -> Double {
        // Fixed arity, not variadic: a variadic parameter would allocate an array per call.
        func hyp(_ a: Double, _ b: Double, _ c: Double = 0, _ d: Double = 0) -> Double {
            (a * a + b * b + c * c + d * d).squareRoot()
        }
        switch (self, other) {
        case let (.number(x), .number(y)): return abs(y - x)
        case let (.point(x), .point(y)): return hyp(y.x - x.x, y.y - x.y)
        case let (.size(x), .size(y)): return hyp(y.width - x.width, y.height - x.height)
        case let (.rect(x), .rect(y)):
            return hyp(y.origin.x - x.origin.x, y.origin.y - x.origin.y, y.size.width - x.size.width, y.size.height - x.size.height)
        case let (.color(x), .color(y)):
            return hyp(y.red - x.red, y.green - x.green, y.blue - x.blue, y.alpha - x.alpha)
        case let (.transform(x), .transform(y)):
            return Transform3D.distance(x, y)
        default:
            return self == other ? 0 : 1
        }
    }
}
