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

    public var description: String { describe(indent: "", at: nil) }

    func describe(indent: String, at position: Point?) -> String {
        var s = indent + (position.map { "\($0) " } ?? "") + "\(type(of: component)) \(size)"
        for c in children { s += "\n" + c.layout.describe(indent: indent + "  ", at: c.position) }
        return s
    }
}

/// A child's layout and where its top-left corner goes in the parent, points.
public struct LayoutChild {
    public var position: Point
    public var layout: Layout
    public init(position: Point, layout: Layout) { self.position = position; self.layout = layout }
}
