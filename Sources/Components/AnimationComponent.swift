import RenderCore
import RenderViews

/// A wrapper that gives a component it does not own an initial-mount and a final-unmount
/// animation (`CKAnimationComponent`): no subclass, no stored child reference, no scope on
/// the child needed.
///
///     AnimationComponent(component: badge,
///                        onInitialMount: CK.Animation.alphaFrom(0),
///                        onFinalUnmount: CK.Animation.alphaTo(0))
///
/// The wrapper has a scope of its own (type `AnimationComponent`, its order among its
/// siblings, an optional identifier), so it appears and disappears in place of its child.
/// A child with a view is animated on that view; a child without one is wrapped in a plain
/// view of the child's size, which is animated (ComponentKit's passthrough view).
public final class AnimationComponent: CompositeComponent {
    private let initial: RenderCore.Animation?
    private let final: RenderCore.Animation?

    /// `nil` when `component` is `nil` (as ComponentKit's returns nil). Build inside a
    /// host's build (it opens a scope).
    ///
    /// - Parameters:
    ///   - component: the child to animate; `nil` gives no wrapper.
    ///   - identifier: distinguishes sibling wrappers whose order may change.
    ///   - onInitialMount: runs when the wrapper first mounts.
    ///   - onFinalUnmount: runs on a snapshot when it leaves the mounted tree.
    public init?(component: Component?, identifier: AnyHashable? = nil,
                 onInitialMount: (any ComponentAnimationBuilder<InitialPhase>)? = nil,
                 onFinalUnmount: (any ComponentAnimationBuilder<FinalPhase>)? = nil) {
        guard let component else { return nil }
        let scope = Scope(AnimationComponent.self, identifier: identifier)
        initial = onInitialMount?.animation
        final = onFinalUnmount?.animation
        super.init(view: component.view.hasView ? .none : ViewConfiguration(), scope: scope, component: component)
    }

    public override func animationsOnInitialMount() -> [ComponentAnimation] {
        initial.map { [ComponentAnimation(self, $0)] } ?? []
    }

    public override func animationsOnFinalUnmount() -> [ComponentAnimation] {
        final.map { [ComponentAnimation(self, $0)] } ?? []
    }
}
