import RenderCore

/// Lays out children along a line with flexbox (`CKFlexboxComponent`); see `FlexboxStyle`,
/// `FlexboxChild` and `FlexboxLayout` for the rules and defaults (Yoga's: a column, no
/// shrinking, children stretched across).
open class FlexboxComponent: Component {
    public let style: FlexboxStyle
    public let children: [FlexboxChild]

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
