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
    /// Rounded to the pixel grid as Yoga rounds a text node (`YGNodeTypeText`, ComponentKit's
    /// `useTextRounding`): its position down and, when its size has a fraction of a pixel,
    /// its far edges up, so measured content is never cut by rounding. Set by components
    /// that measure their content (`LabelComponent`), by a composite around one, and by
    /// `FlexboxChild.useTextRounding`.
    public var usesTextRounding: Bool

    /// The layout of `component` at `size` (points), with its children placed and an optional
    /// baseline; what a custom `computeLayout(thatFits:parentSize:)` returns.
    public init(component: Component, size: Size, children: [LayoutChild] = [], baseline: Double? = nil,
                usesTextRounding: Bool = false) {
        self.component = component; self.size = size; self.children = children; self.baseline = baseline
        self.usesTextRounding = usesTextRounding
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
    /// pixels per point, as Yoga rounds (`YGConfigSetPointScaleFactor`,
    /// `roundLayoutResultsToPixelGrid`):
    ///
    ///     position  = round(position in the parent)                    (text: floor)
    ///     size      = round(absolute far edge) − round(absolute near edge)
    ///                 (text: the far edge up when the size has a fraction of a pixel,
    ///                 else down; the near edge down)
    ///
    /// "round" is to the nearest pixel, halves up, values within 0.0001 pixel of one taken
    /// as on it. Absolute edges are unrounded positions summed from the root, so adjacent
    /// boxes neither overlap nor leave gaps and a box's size can differ from its rounded
    /// length by a pixel. `scale` 0 leaves the layout as it is (Yoga's "no rounding").
    ///
    /// The hosts (`HostingView`, `CollectionHost`) round the root layout they build once,
    /// with their `pointScaleFactor`, before it is mounted — the point Yoga rounds at, the
    /// end of `YGNodeCalculateLayout`. `origin` is where the root sits (points) when that is
    /// not on the grid: the root's edges round where they land (Yoga's root position).
    public func roundedToPixelGrid(scale: Double, origin: Point = .zero) -> Layout {
        guard scale != 0 else { return self }
        return rounded(scale: scale, absolute: .zero, position: origin).layout
    }

    /// Yoga's `roundValueToPixelGrid`: `value` (points) to the nearest multiple of 1/`scale`,
    /// halves up, or up (`ceil`) / down (`floor`) unless it is within 0.0001 pixel of one.
    /// NaN stays NaN.
    static func roundToPixelGrid(_ value: Double, scale: Double, ceil: Bool = false, floor: Bool = false) -> Double {
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 0.0001 }
        var scaled = value * scale
        var fraction = scaled.truncatingRemainder(dividingBy: 1)
        if fraction < 0 { fraction += 1 }
        if near(fraction, 0) { scaled -= fraction }
        else if near(fraction, 1) { scaled = scaled - fraction + 1 }
        else if ceil { scaled = scaled - fraction + 1 }
        else if floor { scaled -= fraction }
        else { scaled = scaled - fraction + (!fraction.isNaN && (fraction > 0.5 || near(fraction, 0.5)) ? 1 : 0) }
        return scaled / scale
    }

    /// `absolute` is the parent's unrounded origin in the root's space; `position` this
    /// layout's unrounded position in its parent.
    func rounded(scale: Double, absolute: Point, position: Point) -> LayoutChild {
        let left = absolute.x + position.x, top = absolute.y + position.y
        let text = usesTextRounding
        func fractional(_ length: Double) -> Bool { abs((length * scale).rounded() - length * scale) >= 0.0001 }
        func far(_ edge: Double, _ length: Double) -> Double {
            let f = fractional(length)
            return Layout.roundToPixelGrid(edge, scale: scale, ceil: text && f, floor: text && !f)
        }
        func near(_ edge: Double) -> Double { Layout.roundToPixelGrid(edge, scale: scale, floor: text) }
        var l = self
        l.size = Size(width: far(left + size.width, size.width) - near(left),
                      height: far(top + size.height, size.height) - near(top))
        l.children = children.map { $0.layout.rounded(scale: scale, absolute: Point(x: left, y: top), position: $0.position) }
        return LayoutChild(position: Point(x: near(position.x), y: near(position.y)), layout: l)
    }
}
