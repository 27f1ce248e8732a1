import RenderCore

/// Lays out children along a line with flexbox (`CKFlexboxComponent`); see `FlexboxStyle`,
/// `FlexboxChild` and `FlexboxLayout` for the rules and defaults (Yoga's: a column, no
/// shrinking, children stretched across).
open class FlexboxComponent: Component {
    /// How the children are laid out: direction, alignment, wrapping, spacing, padding.
    public let style: FlexboxStyle
    /// The children in order, each with how it flexes; `nil` components are skipped.
    public let children: [FlexboxChild]

    /// A flexbox of `children` laid out by `style` (a column by default), with an optional view
    /// of its own and a size (default: what its children need, within its parent's constraints).
    public init(view: ViewConfiguration = .none, size: ComponentSize = ComponentSize(), scope: (any ScopeProtocol)? = nil,
                style: FlexboxStyle = FlexboxStyle(), children: [FlexboxChild]) {
        self.style = style
        self.children = children
        super.init(view: view, size: size, scope: scope)
    }

    open override func computeLayout(thatFits constrainedSize: SizeRange, parentSize: Size) -> Layout {
        FlexboxLayout(style: style, children: children).layout(of: self, in: constrainedSize, parentSize: parentSize)
    }
}
