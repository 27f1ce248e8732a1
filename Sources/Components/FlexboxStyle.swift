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
    public enum AlignContent: Sendable { case start, end, center, spaceBetween, spaceAround, spaceEvenly, stretch }
    public enum Wrap: Sendable { case noWrap, wrap, wrapReverse }
    /// Which way a row runs and which side `start`/`end` edges name (`CKLayoutDirection`).
    /// `inherit` takes the enclosing flexbox's, left-to-right at the root.
    public enum LayoutDirection: Sendable { case inherit, leftToRight, rightToLeft }
    /// Whether content may spill out (Yoga's `overflow`). Layout is the same for all three
    /// here: a container sized to fit is capped at the space its parent gives, which is
    /// Yoga's rule for `scroll` (for `visible` and `hidden` Yoga lets the content's size
    /// exceed it; see the README's deliberate differences). Drawing does not clip by it.
    public enum Overflow: Sendable { case visible, hidden, scroll }

    public var direction: Direction
    /// Points between adjacent children of a line, along the main axis.
    public var spacing: Double
    public var justifyContent: JustifyContent
    public var alignItems: AlignItems
    public var alignContent: AlignContent
    public var wrap: Wrap
    /// Between the border and the children; percentages are of the parent's width.
    public var padding: Edges
    /// Border widths, inside the component's frame and outside the padding (points;
    /// percentages count as 0). The border is not drawn; use the view for that.
    public var border: Edges
    /// Points (or percent of the inner height) between lines of a row, or between children
    /// of a column (CSS `row-gap`; added to `spacing` there).
    public var rowGap: Dimension
    /// Points (or percent of the inner width) between children of a row (added to
    /// `spacing`), or between lines of a column (CSS `column-gap`).
    public var columnGap: Dimension
    public var layoutDirection: LayoutDirection
    public var overflow: Overflow

    public init(direction: Direction = .column, spacing: Double = 0, justifyContent: JustifyContent = .start,
                alignItems: AlignItems = .stretch, alignContent: AlignContent = .start, wrap: Wrap = .noWrap,
                padding: Edges = .zero, border: Edges = .zero, rowGap: Dimension = 0, columnGap: Dimension = 0,
                layoutDirection: LayoutDirection = .inherit, overflow: Overflow = .visible) {
        self.direction = direction; self.spacing = spacing; self.justifyContent = justifyContent
        self.alignItems = alignItems; self.alignContent = alignContent; self.wrap = wrap; self.padding = padding
        self.border = border; self.rowGap = rowGap; self.columnGap = columnGap; self.layoutDirection = layoutDirection
        self.overflow = overflow
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
    /// Width ÷ height; when one length is known the other follows. 0 is none (as in Yoga).
    public var aspectRatio: Double?
    public var position: Position
    /// `.none` takes the child out of layout: it and its subtree get empty frames (Yoga's
    /// `display: none`).
    public var display: Display
    public enum Display: Hashable, Sendable { case flex, none }
    /// Rounds this child to the pixel grid as Yoga rounds text (ComponentKit's
    /// `useTextRounding`, Yoga's `YGNodeTypeText`): never smaller than its measured size
    /// (see `Layout.usesTextRounding`). Off by default, as in ComponentKit; a
    /// `LabelComponent` rounds so whatever this says.
    public var useTextRounding: Bool

    /// Relative children flow and are then moved by their insets (`left` wins over
    /// `right`, `top` over `bottom`); static ones flow and ignore insets; absolute ones are
    /// placed by their insets within the parent's padding box and take no part in the flow.
    /// `start`/`end` name the leading/trailing side in the layout direction and win over
    /// `left`/`right`.
    public struct Position: Hashable, Sendable {
        public enum Kind: Sendable { case relative, absolute, `static` }
        public var kind: Kind
        public var top: Dimension, left: Dimension, bottom: Dimension, right: Dimension
        public var start: Dimension, end: Dimension
        public init(_ kind: Kind = .relative, top: Dimension = .auto, left: Dimension = .auto,
                    bottom: Dimension = .auto, right: Dimension = .auto, start: Dimension = .auto, end: Dimension = .auto) {
            self.kind = kind; self.top = top; self.left = left; self.bottom = bottom; self.right = right
            self.start = start; self.end = end
        }
        public static let relative = Position()
        /// Absolutely positioned with the given insets (`auto` leaves an edge free).
        public static func absolute(top: Dimension = .auto, left: Dimension = .auto, bottom: Dimension = .auto,
                                    right: Dimension = .auto, start: Dimension = .auto, end: Dimension = .auto) -> Position {
            Position(.absolute, top: top, left: left, bottom: bottom, right: right, start: start, end: end)
        }
    }

    public init(_ component: Component?, spacingBefore: Double = 0, spacingAfter: Double = 0, flexGrow: Double = 0,
                flexShrink: Double = 0, flexBasis: Dimension = .auto, alignSelf: FlexboxStyle.AlignItems? = nil,
                margin: Edges = .zero, aspectRatio: Double? = nil, position: Position = .relative, display: Display = .flex,
                useTextRounding: Bool = false) {
        precondition(flexGrow >= 0 && flexShrink >= 0, "FlexboxChild: flexGrow \(flexGrow) and flexShrink \(flexShrink) must be ≥ 0")
        if let r = aspectRatio { precondition(r >= 0 && r.isFinite, "FlexboxChild: aspectRatio \(r) must be a positive number (width ÷ height), or 0 for none") }
        self.component = component; self.spacingBefore = spacingBefore; self.spacingAfter = spacingAfter
        self.flexGrow = flexGrow; self.flexShrink = flexShrink; self.flexBasis = flexBasis; self.alignSelf = alignSelf
        self.margin = margin; self.aspectRatio = aspectRatio; self.position = position; self.display = display
        self.useTextRounding = useTextRounding
    }
}
