import Foundation
import RenderCore
import RenderClient
import RenderViews

/// A component (`CKComponent`): an immutable description of a piece of UI — a view
/// configuration, a size, and for subclasses children — built from props and state.
///
/// Components are built and laid out off the main thread (any thread, inside a host's
/// build); they are never mutated afterwards. Mounting (on the host's queue) turns them into
/// views. A component whose initializer creates a `Scope` has an identity that survives
/// rebuilds: it can hold state and take part in the animation hooks.
///
/// Subclasses override `computeLayout(thatFits:parentSize:)` to lay out children and the
/// hooks to animate. The base class lays out as a leaf: the smallest size its constraint
/// allows (its `size`, when exact).
open class Component {
    /// The view this component mounts, if any (`ViewConfiguration.none`: no view).
    public let view: ViewConfiguration
    /// The size it asks for, possibly relative to its parent.
    public let size: ComponentSize
    /// The scope the component was created in, if any: its identity and state.
    public let scopeHandle: ScopeHandle?

    /// - Parameters:
    ///   - view: the view to mount and its attributes (default: none).
    ///   - size: the size to ask for (default: whatever the parent gives).
    ///   - scope: the scope created at the top of the subclass's initializer, if any; passing
    ///     it here closes it (its children have been built by now).
    public init(view: ViewConfiguration = .none, size: ComponentSize = ComponentSize(), scope: (any ScopeProtocol)? = nil) {
        self.view = view
        self.size = size
        self.scopeHandle = scope?.handle
        if let h = scopeHandle { BuildContext.close(h, for: Self.self) }
    }

    // MARK: Layout

    /// The layout within `constrainedSize`, given the parent's size for relative sizes:
    /// this component's `size` resolved against `parentSize`, intersected with the
    /// constraint, then `computeLayout`, clamped into the result. Any thread.
    public final func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        let range = constrainedSize.intersect(size.resolve(parentSize: parentSize))
        var l = computeLayout(thatFits: range, parentSize: parentSize)
        l.size = range.clamp(l.size)
        return l
    }

    /// Lays the component out within `constrainedSize` (already intersected with its own
    /// size). The base class is a leaf of the smallest allowed size. Any thread.
    open func computeLayout(thatFits constrainedSize: SizeRange, parentSize: Size) -> Layout {
        Layout(component: self, size: constrainedSize.min)
    }

    // MARK: Animation hooks (see `HookProbe` for how unscoped overrides are caught)
    //
    // The hooks are called when a generation is built, on the host's build queue (any
    // thread, as the build itself), against the generation built before it — not at mount
    // time on the host's queue (`HookDecisions`). Do not read views from a hook; put what
    // must read them in custom hooks (`ComponentAnimationHooks`), which run at mount.

    /// Animations for this component's first mount (`animationsOnInitialMount`): scoped
    /// components that appear in a generation. Called on the build queue.
    open func animationsOnInitialMount() -> [ComponentAnimation] {
        HookProbe.baseCalled(.initialMount); return []
    }

    /// Animations from `previousComponent` (same scope, the generation built before) to this
    /// one. Not called when the two are the same instance (a relayout). Return animations
    /// only for what changed (seeds: conditional animations). Called on the build queue.
    open func animationsFromPreviousComponent(_ previousComponent: Component) -> [ComponentAnimation] {
        HookProbe.baseCalled(.fromPrevious); return []
    }

    /// Animations for a scoped component that disappears; they run on a snapshot of its
    /// view, removed when they end. Final animations give only `to` values. Called on the
    /// build queue; dropped at mount if the component never had a view mounted.
    open func animationsOnFinalUnmount() -> [ComponentAnimation] {
        HookProbe.baseCalled(.finalUnmount); return []
    }

    /// How the host's bounds change should animate when this (scoped) component replaces
    /// `previousComponent` (see `BoundsAnimation`). One per generation is used: the last
    /// one in tree order with a non-zero duration (a zero duration, or `nil`, is none and
    /// never overrides another). Not called for the same instance (a relayout), nor for a
    /// component without a scope (as in ComponentKit: it gets no bounds animation, and
    /// that is not an error). Called on the build queue.
    open func boundsAnimationFromPreviousComponent(_ previousComponent: Component) -> BoundsAnimation? {
        HookProbe.baseCalled(.bounds); return nil
    }

    // MARK: State

    /// Enqueues a state update for this component's scope (`updateState:mode:`): `update`
    /// maps the current state to the next one; the host rebuilds the tree with it,
    /// asynchronously (built off the main queue, then mounted) or synchronously (built and
    /// mounted before this returns; call it on the host's queue). Traps when the component
    /// has no scope or was built outside a host.
    public func updateState<State>(_ update: @escaping (State) -> State, mode: StateUpdateMode = .asynchronous) {
        guard let h = scopeHandle else {
            preconditionFailure("\(type(of: self)).updateState: the component has no scope; create a Scope in its initializer "
                + "and pass it to super.init(scope:)")
        }
        h.enqueue(update, mode: mode)
    }

    /// The scope's current state, if it has a scope.
    public func state<State>(as: State.Type = State.self) -> State? { scopeHandle?.state as? State }

    // MARK: Mounted view

    /// The view mounted for this component (or, without a view of its own, the one its
    /// content mounts: `viewForAnimation`). `nil` before mounting. Main queue.
    public internal(set) var mountedView: View? {
        get { mountedViewBox.value }
        set { mountedViewBox.value = newValue }
    }
    let mountedViewBox = WeakViewBox()

    /// The view animations of this component apply to: its own, else its only child's
    /// (`CKCompositeComponent` rendering to a view). Main queue.
    public var viewForAnimation: View? { mountedView ?? viewForAnimationFallback }
    /// Overridden by single-child components.
    var viewForAnimationFallback: View? { nil }
}

/// A weak reference to a mounted view.
final class WeakViewBox {
    weak var value: View?
}

/// How `updateState` applies.
public enum StateUpdateMode: Sendable {
    /// Built and laid out off the main queue, then mounted on it (the default).
    case asynchronous
    /// Built, laid out and mounted before `updateState` returns (on the host's queue).
    case synchronous
}

extension Component: CustomStringConvertible {
    /// The class and, for a scoped component, its scope's identity, for logs.
    public var description: String {
        "<\(type(of: self))\(scopeHandle.map { " scope \($0.identity)" } ?? "")>"
    }
}

/// A weak reference to a queue-confined object (a host), carried through another queue's
/// work items and dereferenced to call back onto the object's own queue. The compiler cannot
/// see the confinement; the code that makes one states it. (Loading a weak reference is
/// safe from any thread.)
struct WeakHandle<Object: AnyObject>: @unchecked Sendable {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
