import RenderCore

/// How a `FlexboxComponent` lays out its children (`CKFlexboxComponentStyle`). The
/// defaults are ComponentKit's and Yoga's: a column, children at the start, stretched
/// across, one line, no spacing.
public struct FlexboxStyle: Hashable, Sendable {
    /// The main axis: the way children follow one another.
    public enum Direction: Sendable {
        /// Top to bottom (the default).
        case column
        /// In the layout direction: left to right unless right-to-left.
        case row
        /// Bottom to top.
        case columnReverse
        /// Against the layout direction.
        case rowReverse
    }
    /// Along the main axis.
    public enum JustifyContent: Sendable {
        /// Packed at the start of the line (the default).
        case start
        /// Packed in the middle.
        case center
        /// Packed at the end.
        case end
        /// The first and last at the edges, the free space evenly between the others.
        case spaceBetween
        /// Equal space around each child: half of it at the edges.
        case spaceAround
        /// Equal space between children and at the edges.
        case spaceEvenly
    }
    /// Across the main axis, per line.
    public enum AlignItems: Sendable {
        /// At the cross axis's start.
        case start
        /// At its end.
        case end
        /// Centered.
        case center
        /// Rows: the children's first baselines lined up (columns: as `start`).
        case baseline
        /// Stretched to the line's cross length, unless a child's own size says otherwise (the default).
        case stretch
    }
    /// Lines across the cross axis (only with `wrap`).
    public enum AlignContent: Sendable {
        /// Packed at the cross axis's start (the default).
        case start
        /// Packed at its end.
        case end
        /// Packed in the middle.
        case center
        /// The first and last lines at the edges, the free space evenly between the others.
        case spaceBetween
        /// Equal space around each line: half of it at the edges.
        case spaceAround
        /// Equal space between lines and at the edges.
        case spaceEvenly
        /// The free space shared among the lines, which grow by it.
        case stretch
    }
    /// Whether children that do not fit on one line start another.
    public enum Wrap: Sendable {
        /// One line; children shrink or overflow (the default).
        case noWrap
        /// New lines below (columns: to the right of) the first.
        case wrap
        /// New lines in the other direction across.
        case wrapReverse
    }
    /// Which way a row runs and which side `start`/`end` edges name (`CKLayoutDirection`).
    /// `inherit` takes the enclosing flexbox's, left-to-right at the root.
    public enum LayoutDirection: Sendable {
        /// The enclosing flexbox's direction; left-to-right at the root (the default).
        case inherit
        /// Rows run left to right; `start` is the left edge.
        case leftToRight
        /// Rows run right to left; `start` is the right edge.
        case rightToLeft
    }
    /// Whether content may spill out (Yoga's `overflow`). Laid out by a flexbox and sized to
    /// fit, a `visible` or `hidden` flexbox takes its content's size even past the space
    /// its parent gives (up to its own maximum); a `scroll` one is capped at that space, as
    /// in Yoga. Drawing does not clip by it.
    public enum Overflow: Sendable {
        /// Content may spill out (the default).
        case visible
        /// Content beyond the box is meant to be clipped (by the view: set `clipsToBounds`).
        case hidden
        /// Content beyond the box is meant to be scrolled to.
        case scroll
    }

    /// The main axis (`.column` by default).
    public var direction: Direction
    /// Points between adjacent children of a line, along the main axis.
    public var spacing: Double
    /// How a line's children share its free space along the main axis (`.start` by default).
    public var justifyContent: JustifyContent
    /// Where children sit across the main axis in their line (`.stretch` by default).
    public var alignItems: AlignItems
    /// How lines share the cross axis's free space when wrapping (`.start` by default).
    public var alignContent: AlignContent
    /// Whether children may go onto several lines (`.noWrap` by default).
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
    /// Which way rows run and which edges `start`/`end` name (`.inherit` by default).
    public var layoutDirection: LayoutDirection
    /// Yoga's `overflow` (`.visible` by default); see `Overflow`.
    public var overflow: Overflow

    /// A style; every default is ComponentKit's and Yoga's (a column, packed at the start,
    /// children stretched across, one line, no spacing, padding or border).
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
    /// Extra points after this child along the main axis (added to its margin).
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
    /// Space around the child, outside its frame (points, a percentage of the parent's
    /// width, or `.auto` for a share of the free space).
    public var margin: Edges
    /// Width ÷ height; when one length is known the other follows. 0 is none (as in Yoga).
    public var aspectRatio: Double?
    /// How the child is placed: in the flow (`.relative`, the default), or by its insets.
    public var position: Position
    /// `.none` takes the child out of layout: it and its subtree get empty frames (Yoga's
    /// `display: none`).
    public var display: Display
    /// Whether the child takes part in layout (Yoga's `display`).
    public enum Display: Hashable, Sendable {
        /// Laid out (the default).
        case flex
        /// Out of layout: it and its subtree get empty frames.
        case none
    }
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
        /// How insets apply (CSS `position`).
        public enum Kind: Sendable {
            /// In the flow, then moved by its insets (the default).
            case relative
            /// Out of the flow, placed by its insets in the parent's padding box.
            case absolute
            /// In the flow; insets are ignored.
            case `static`
        }
        /// How the insets apply.
        public var kind: Kind
        /// The inset from the top edge (`.auto`: none).
        public var top: Dimension
        /// The inset from the left edge (`.auto`: none).
        public var left: Dimension
        /// The inset from the bottom edge (`.auto`: none); `top` wins when both are given.
        public var bottom: Dimension
        /// The inset from the right edge (`.auto`: none); `left` wins when both are given.
        public var right: Dimension
        /// The inset from the leading edge in the layout direction; wins over `left`/`right`.
        public var start: Dimension
        /// The inset from the trailing edge in the layout direction; wins over `left`/`right`.
        public var end: Dimension
        /// A position of `kind` with those insets (`.auto` everywhere by default).
        public init(_ kind: Kind = .relative, top: Dimension = .auto, left: Dimension = .auto,
                    bottom: Dimension = .auto, right: Dimension = .auto, start: Dimension = .auto, end: Dimension = .auto) {
            self.kind = kind; self.top = top; self.left = left; self.bottom = bottom; self.right = right
            self.start = start; self.end = end
        }
        /// In the flow with no insets: the default place of a child.
        public static let relative = Position()
        /// Absolutely positioned with the given insets (`auto` leaves an edge free).
        public static func absolute(top: Dimension = .auto, left: Dimension = .auto, bottom: Dimension = .auto,
                                    right: Dimension = .auto, start: Dimension = .auto, end: Dimension = .auto) -> Position {
            Position(.absolute, top: top, left: left, bottom: bottom, right: right, start: start, end: end)
        }
    }

    /// `component` as a child, with how it flexes; every default is ComponentKit's (no
    /// growing or shrinking, its own size as basis, the parent's alignment, no margin).
    /// Traps on a negative `flexGrow` or `flexShrink` or an `aspectRatio` that is negative or
    /// not finite.
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
