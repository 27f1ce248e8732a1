import RenderCore
import RenderViews

/// A component made of one other component (`CKCompositeComponent`): the way to write
/// components of one's own. It lays out as its child (at the origin, the same size) and may
/// add a view of its own around it; without one, its animations apply to its child's view.
open class CompositeComponent: Component {
    /// The component this one renders to.
    public let child: Component?

    /// A component rendering to `component` (`nil`: nothing), with an optional view of its own
    /// around it, a size (default: its child's), and the scope opened at the top of the
    /// subclass's initializer (needed for state and the animation hooks).
    public init(view: ViewConfiguration = .none, size: ComponentSize = ComponentSize(), scope: (any ScopeProtocol)? = nil,
                component: Component?) {
        self.child = component
        super.init(view: view, size: size, scope: scope)
    }

    open override func computeLayout(thatFits constrainedSize: SizeRange, parentSize: Size) -> Layout {
        guard let child else { return Layout(component: self, size: constrainedSize.min) }
        let l = child.layoutThatFits(constrainedSize, parentSize: parentSize)
        // Rounded as its child is: a composite around a label is never cut by rounding either.
        return Layout(component: self, size: l.size, children: [LayoutChild(position: .zero, layout: l)], baseline: l.baseline,
                      usesTextRounding: l.usesTextRounding)
    }

    override var viewForAnimationFallback: View? { child?.viewForAnimation }
}
