import RenderCore

/// The computed layout of a component: its size and where its children go
/// (`CKComponentLayout`). A value computed off the main thread and handed to mounting.
///
/// Positions are of each child's top-left corner in this component's coordinate space,
/// points; sizes are in points.
public struct Layout: CustomStringConvertible {
    /// The component laid out.
    public let component: Component
    /// Its size, points.
    public var size: Size
    /// Its children, in mounting order (back to front).
    public var children: [LayoutChild]
    /// The distance from the top to the baseline its parent aligns (`alignItems:
    /// .baseline`), points; `nil` means the bottom edge.
    public var baseline: Double?

    /// The layout of `component` at `size` (points), with its children placed and an optional
    /// baseline; what a custom `computeLayout(thatFits:parentSize:)` returns.
    public init(component: Component, size: Size, children: [LayoutChild] = [], baseline: Double? = nil) {
        self.component = component; self.size = size; self.children = children; self.baseline = baseline
    }

    /// The baseline used for alignment: `baseline`, else the height.
    public var effectiveBaseline: Double { baseline ?? size.height }

    /// The frame of each child, in this layout's space (not recursive).
    public var childFrames: [Rect] { children.map { Rect(origin: $0.position, size: $0.layout.size) } }

    /// The frame of the first layout (depth first) whose component is `c`, in this layout's
    /// space, or `nil` when `c` is not in the tree.
    public func frame(of c: Component) -> Rect? {
        if component === c { return Rect(origin: .zero, size: size) }
        for child in children {
            if let r = child.layout.frame(of: c) {
                return Rect(x: r.origin.x + child.position.x, y: r.origin.y + child.position.y,
                            width: r.width, height: r.height)
            }
        }
        return nil
    }

    /// The tree of components, sizes and positions, one per line, for logs.
    public var description: String { describe(indent: "", at: nil) }

    func describe(indent: String, at position: Point?) -> String {
        var s = indent + (position.map { "\($0) " } ?? "") + "\(type(of: component)) \(size)"
        for c in children { s += "\n" + c.layout.describe(indent: indent + "  ", at: c.position) }
        return s
    }
}

/// A child's layout and where its top-left corner goes in the parent, points.
public struct LayoutChild {
    /// The child's top-left corner in the parent's space, points.
    public var position: Point
    /// The child's own layout.
    public var layout: Layout
    /// `layout` placed at `position` (its top-left corner, points, in the parent's space).
    public init(position: Point, layout: Layout) { self.position = position; self.layout = layout }
}

extension Layout {
    /// This layout with every frame snapped to the pixel grid of a display with `scale`
    /// pixels per point, as Yoga rounds (`pointScaleFactor`): each position rounds to the
    /// nearest pixel (halves up), each size is the difference of its rounded edges in this
    /// layout's space, so adjacent boxes neither overlap nor leave gaps. `scale` 0 leaves
    /// the layout as it is. A host rounds the root layout once, after layout, giving where
    /// it puts the root (`origin`, points in the display's space) when that is not on the
    /// grid: edges round where they land on the display.
    public func roundedToPixelGrid(scale: Double, origin: Point = .zero) -> Layout {
        guard scale != 0 else { return self }
        return rounded(scale: scale, absolute: origin, position: .zero).layout
    }

    /// Yoga's `roundValueToPixelGrid` without text rounding.
    static func roundToPixelGrid(_ value: Double, scale: Double) -> Double {
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 0.0001 }
        var scaled = value * scale
        var fraction = scaled.truncatingRemainder(dividingBy: 1)
        if fraction < 0 { fraction += 1 }
        if near(fraction, 0) { scaled -= fraction }
        else if near(fraction, 1) { scaled = scaled - fraction + 1 }
        else { scaled = scaled - fraction + (fraction > 0.5 || near(fraction, 0.5) ? 1 : 0) }
        return scaled / scale
    }

    /// `absolute` is the parent's unrounded origin in the root's space; `position` this
    /// layout's unrounded position in its parent.
    func rounded(scale: Double, absolute: Point, position: Point) -> LayoutChild {
        let left = absolute.x + position.x, top = absolute.y + position.y
        var l = self
        l.size = Size(width: Layout.roundToPixelGrid(left + size.width, scale: scale) - Layout.roundToPixelGrid(left, scale: scale),
                      height: Layout.roundToPixelGrid(top + size.height, scale: scale) - Layout.roundToPixelGrid(top, scale: scale))
        l.children = children.map { $0.layout.rounded(scale: scale, absolute: Point(x: left, y: top), position: $0.position) }
        return LayoutChild(position: Point(x: Layout.roundToPixelGrid(position.x, scale: scale),
                                           y: Layout.roundToPixelGrid(position.y, scale: scale)), layout: l)
    }
}
