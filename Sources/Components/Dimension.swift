import RenderCore

/// A length that may depend on the parent's size (`CKRelativeDimension`): `auto` (the
/// component decides), a number of points, or a percentage (0…100) of the parent's length
/// on the same axis. A percentage of an unknown (infinite) parent length counts as `auto`.
public enum Dimension: Hashable, Sendable, CustomStringConvertible {
    /// No length given: the component's layout decides.
    case auto
    /// A length in points.
    case points(Double)
    /// A percentage (0…100) of the parent's length on the same axis.
    case percent(Double)

    /// The length in points against `parent`, or `nil` when it is `auto` or a percentage of
    /// an unknown parent length.
    public func resolve(_ parent: Double) -> Double? {
        switch self {
        case .auto: return nil
        case let .points(p): return p
        case let .percent(p): return parent.isFinite ? parent * p / 100 : nil
        }
    }

    /// Whether it is `.auto`.
    public var isAuto: Bool { self == .auto }

    /// `"auto"`, `"12.0pt"` or `"50.0%"`.
    public var description: String {
        switch self {
        case .auto: return "auto"
        case let .points(p): return "\(p)pt"
        case let .percent(p): return "\(p)%"
        }
    }
}

extension Dimension: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// A literal like `12.5` is that many points.
    public init(floatLiteral v: Double) { self = .points(v) }
    /// A literal like `12` is that many points.
    public init(integerLiteral v: Int) { self = .points(Double(v)) }
}

/// The size a component asks for (`CKComponentSize`): exact lengths and bounds, each
/// possibly relative to the parent. `auto` everywhere (the default) leaves the size to
/// the component's layout within its parent's constraints.
public struct ComponentSize: Hashable, Sendable {
    /// The exact width asked for (`.auto`: the layout decides, within the bounds).
    public var width: Dimension
    /// The exact height asked for (`.auto`: the layout decides, within the bounds).
    public var height: Dimension
    /// The smallest width allowed (`.auto`: 0).
    public var minWidth: Dimension
    /// The smallest height allowed (`.auto`: 0).
    public var minHeight: Dimension
    /// The largest width allowed (`.auto`: unbounded).
    public var maxWidth: Dimension
    /// The largest height allowed (`.auto`: unbounded).
    public var maxHeight: Dimension

    /// A size with those lengths and bounds; `.auto` where none is given.
    public init(width: Dimension = .auto, height: Dimension = .auto,
                minWidth: Dimension = .auto, minHeight: Dimension = .auto,
                maxWidth: Dimension = .auto, maxHeight: Dimension = .auto) {
        self.width = width; self.height = height
        self.minWidth = minWidth; self.minHeight = minHeight
        self.maxWidth = maxWidth; self.maxHeight = maxHeight
    }

    /// Exactly `size`, in points.
    public init(_ size: Size) { self.init(width: .points(size.width), height: .points(size.height)) }
    /// Exactly `width` × `height` points.
    public init(width: Double, height: Double) { self.init(width: .points(width), height: .points(height)) }

    /// The range of sizes this asks for within a parent of `parentSize`: `[min…max]` per
    /// axis, collapsed to the exact length (clamped into the bounds) when one is given.
    public func resolve(parentSize: Size) -> SizeRange {
        func axis(_ exact: Dimension, _ lo: Dimension, _ hi: Dimension, _ parent: Double) -> (Double, Double) {
            let mn = max(0, lo.resolve(parent) ?? 0)
            let mx = max(mn, hi.resolve(parent) ?? .infinity)
            if let e = exact.resolve(parent) { let v = min(max(e, mn), mx); return (v, v) }
            return (mn, mx)
        }
        let w = axis(width, minWidth, maxWidth, parentSize.width)
        let h = axis(height, minHeight, maxHeight, parentSize.height)
        return SizeRange(min: Size(width: w.0, height: h.0), max: Size(width: w.1, height: h.1))
    }

    /// The exact length on an axis (`isWidth`), if given.
    func exact(width isWidth: Bool) -> Dimension { isWidth ? width : height }
}

/// A range of sizes a layout must fall in (`CKSizeRange`), points; `max` may be infinite.
/// Invariant: `0 ≤ min ≤ max` on each axis.
public struct SizeRange: Hashable, Sendable, CustomStringConvertible {
    /// The smallest size allowed, points (each length ≥ 0).
    public var min: Size
    /// The largest size allowed, points (each length ≥ `min`'s; may be infinite).
    public var max: Size

    /// The sizes from `min` to `max` (default: any size). Traps unless 0 ≤ `min` ≤ `max` on
    /// both axes.
    public init(min: Size = .zero, max: Size = Size(width: .infinity, height: .infinity)) {
        precondition(min.width >= 0 && min.height >= 0 && min.width <= max.width && min.height <= max.height,
                     "SizeRange min \(min) / max \(max): need 0 ≤ min ≤ max on both axes")
        self.min = min; self.max = max
    }

    /// Exactly `size`.
    public init(exactly size: Size) { self.init(min: size, max: size) }

    /// Any size.
    public static let unconstrained = SizeRange()

    /// The sizes in both ranges. On an axis where they do not overlap, `self` (the
    /// constraint from the parent) wins: its bound nearest to `o`.
    public func intersect(_ o: SizeRange) -> SizeRange {
        func axis(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> (Double, Double) {
            let lo = Swift.max(a0, b0), hi = Swift.min(a1, b1)
            if lo <= hi { return (lo, hi) }
            return b0 > a1 ? (a1, a1) : (a0, a0)
        }
        let w = axis(min.width, max.width, o.min.width, o.max.width)
        let h = axis(min.height, max.height, o.min.height, o.max.height)
        return SizeRange(min: Size(width: w.0, height: h.0), max: Size(width: w.1, height: h.1))
    }

    /// `size` clamped into the range.
    public func clamp(_ size: Size) -> Size {
        Size(width: Swift.min(Swift.max(size.width, min.width), max.width),
             height: Swift.min(Swift.max(size.height, min.height), max.height))
    }

    /// `[min … max]`, for logs.
    public var description: String { "[\(min) … \(max)]" }
}

/// Insets of a box on its edges (`CKFlexboxSpacing`), each a `Dimension`: points, or a
/// percentage of the parent's width (on every edge, as in CSS and Yoga). `start` and `end`
/// are the leading and trailing edges in the layout direction (left and right
/// left-to-right); when given they win over `left` and `right`. For margins, `.auto` takes
/// a share of the free space (CSS `margin: auto`); elsewhere it counts as 0.
public struct Edges: Hashable, Sendable {
    /// The inset of the top edge.
    public var top: Dimension
    /// The inset of the left edge (unless `start` or `end` gives it).
    public var left: Dimension
    /// The inset of the bottom edge.
    public var bottom: Dimension
    /// The inset of the right edge (unless `start` or `end` gives it).
    public var right: Dimension
    /// The inset of the leading edge (left left-to-right, right right-to-left); wins over
    /// `left`/`right` when given.
    public var start: Dimension?
    /// The inset of the trailing edge; wins over `left`/`right` when given.
    public var end: Dimension?
    /// Insets per edge; 0 where none is given.
    public init(top: Dimension = 0, left: Dimension = 0, bottom: Dimension = 0, right: Dimension = 0,
                start: Dimension? = nil, end: Dimension? = nil) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right; self.start = start; self.end = end
    }
    /// The same inset on every edge.
    public init(all v: Dimension) { self.init(top: v, left: v, bottom: v, right: v) }
    /// `horizontal` on the left and right, `vertical` on the top and bottom.
    public init(horizontal: Dimension = 0, vertical: Dimension = 0) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }
    /// No inset on any edge.
    public static let zero = Edges()
}
