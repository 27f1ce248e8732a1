import RenderCore

/// How a `FlexboxComponent` lays out its children (`CKFlexboxComponentStyle`). The
/// defaults are ComponentKit's and Yoga's: a column, children at the start, stretched
/// across, one line, no spacing.
public struct FlexboxStyle: Hashable, Sendable {
    public enum Direction: Sendable { case column, row, columnReverse, rowReverse }
    /// Along the main axis.
    public enum JustifyContent: Sendable { case start, center, end, spaceBetween, spaceAround, spaceEvenly }
    /// Across the main axis, per line.
    public enum AlignItems: Sendable { case start, end, center, baseline, stretch }
    /// Lines across the cross axis (only with `wrap`).
    public enum AlignContent: Sendable { case start, end, center, spaceBetween, spaceAround, stretch }
    public enum Wrap: Sendable { case noWrap, wrap, wrapReverse }

    public var direction: Direction
    /// Points between adjacent children of a line, along the main axis.
    public var spacing: Double
    public var justifyContent: JustifyContent
    public var alignItems: AlignItems
    public var alignContent: AlignContent
    public var wrap: Wrap
    /// Between the component's edges and its children, points.
    public var padding: Edges

    public init(direction: Direction = .column, spacing: Double = 0, justifyContent: JustifyContent = .start,
                alignItems: AlignItems = .stretch, alignContent: AlignContent = .start, wrap: Wrap = .noWrap,
                padding: Edges = .zero) {
        self.direction = direction; self.spacing = spacing; self.justifyContent = justifyContent
        self.alignItems = alignItems; self.alignContent = alignContent; self.wrap = wrap; self.padding = padding
    }

    var isRow: Bool { direction == .row || direction == .rowReverse }
    var isReverse: Bool { direction == .rowReverse || direction == .columnReverse }
}

/// One child of a `FlexboxComponent` and how it flexes (`CKFlexboxComponentChild`).
/// Its own size, minimum and maximum come from its component's `size`.
public struct FlexboxChild {
    /// `nil` children are skipped (convenient for optional parts: `overlay.map { … }`).
    public var component: Component?
    /// Extra points before and after this child along the main axis (added to its margin).
    public var spacingBefore: Double
    public var spacingAfter: Double
    /// Share of the free space it grows by; 0 (the default) does not grow.
    public var flexGrow: Double
    /// Share of the overflow it shrinks by, weighted by its basis; 0 (the default, as in
    /// ComponentKit) does not shrink.
    public var flexShrink: Double
    /// Its main-axis length before flexing; `auto` takes its size or its content's.
    public var flexBasis: Dimension
    /// Overrides the parent's `alignItems` for this child; `nil` inherits it.
    public var alignSelf: FlexboxStyle.AlignItems?
    public var margin: Edges
    /// Width ÷ height; when one length is known the other follows.
    public var aspectRatio: Double?
    public var position: Position

    /// Relative children flow; absolute ones are placed by their insets within the parent's
    /// padding box and take no part in the flow.
    public struct Position: Hashable, Sendable {
        public enum Kind: Sendable { case relative, absolute }
        public var kind: Kind
        public var top: Dimension, left: Dimension, bottom: Dimension, right: Dimension
        public init(_ kind: Kind = .relative, top: Dimension = .auto, left: Dimension = .auto,
                    bottom: Dimension = .auto, right: Dimension = .auto) {
            self.kind = kind; self.top = top; self.left = left; self.bottom = bottom; self.right = right
        }
        public static let relative = Position()
        /// Absolutely positioned with the given insets (`auto` leaves an edge free).
        public static func absolute(top: Dimension = .auto, left: Dimension = .auto, bottom: Dimension = .auto,
                                    right: Dimension = .auto) -> Position {
            Position(.absolute, top: top, left: left, bottom: bottom, right: right)
        }
    }

    public init(_ component: Component?, spacingBefore: Double = 0, spacingAfter: Double = 0, flexGrow: Double = 0,
                flexShrink: Double = 0, flexBasis: Dimension = .auto, alignSelf: FlexboxStyle.AlignItems? = nil,
                margin: Edges = .zero, aspectRatio: Double? = nil, position: Position = .relative) {
        precondition(flexGrow >= 0 && flexShrink >= 0, "FlexboxChild: flexGrow \(flexGrow) and flexShrink \(flexShrink) must be ≥ 0")
        if let r = aspectRatio { precondition(r > 0 && r.isFinite, "FlexboxChild: aspectRatio \(r) must be a positive number (width ÷ height)") }
        self.component = component; self.spacingBefore = spacingBefore; self.spacingAfter = spacingAfter
        self.flexGrow = flexGrow; self.flexShrink = flexShrink; self.flexBasis = flexBasis; self.alignSelf = alignSelf
        self.margin = margin; self.aspectRatio = aspectRatio; self.position = position
    }
}
