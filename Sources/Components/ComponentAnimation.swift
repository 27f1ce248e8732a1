import RenderCore
import RenderViews

/// One animation a component hook returns (`CKComponentAnimation`): either a Core Animation
/// animation for a component's view — the usual case — or custom hooks, the escape hatch for
/// driving other animation engines.
///
/// With a component and an animation, mounting adds the animation to the layer of the
/// component's `viewForAnimation` (its own view, or what it renders to) once the new
/// configuration is applied, anchored at the mount's commit (a builder's delay counts from
/// there), and removes it if the component is unmounted before it ends. A change animation
/// (a basic or spring leaf with no from, to or by) is resolved from the previous mount's
/// value to the new one; when they are equal it is dropped, so nothing goes on the wire.
public struct ComponentAnimation {
    enum Storage {
        case layer(Component, Animation, AnimationPhase?)
        case hooks(ComponentAnimationHooks)
    }
    let storage: Storage

    /// `animation` on `component`'s view, as given (`{component, caAnimation}`).
    public init(_ component: Component, _ animation: Animation) {
        storage = .layer(component, animation, nil)
    }

    /// A builder's animation on `component`'s view.
    public init<B: ComponentAnimationBuilder>(_ component: Component, _ builder: B) {
        storage = .layer(component, builder.animation, B.Phase.phase)
    }

    /// Custom hooks (`CKComponentAnimationHooks`).
    public init(hooks: ComponentAnimationHooks) {
        storage = .hooks(hooks)
    }

    /// The component whose view is animated, for the layer kind.
    public var component: Component? {
        if case let .layer(c, _, _) = storage { return c }
        return nil
    }

    /// The animation for the layer kind.
    public var animation: Animation? {
        if case let .layer(_, a, _) = storage { return a }
        return nil
    }
}

/// Custom animation hooks (`CKComponentAnimationHooks`), all run on the main queue:
///
///     willRemount()      before the new generation is mounted (views still show the old one);
///                        returns a context
///     didRemount(ctx)    after mounting, with willRemount's context; starts the animation
///                        and returns the context for cleanup
///     cleanup(ctx)       when the animated component is unmounted, or the host goes away:
///                        stop whatever didRemount started
public struct ComponentAnimationHooks {
    public var willRemount: (() -> Any?)?
    public var didRemount: ((Any?) -> Any?)?
    public var cleanup: ((Any?) -> Void)?

    public init(willRemount: (() -> Any?)? = nil, didRemount: ((Any?) -> Any?)? = nil, cleanup: ((Any?) -> Void)? = nil) {
        self.willRemount = willRemount; self.didRemount = didRemount; self.cleanup = cleanup
    }
}

/// How the host's bounds change animates (`CKComponentBoundsAnimation`): the view
/// animation that wraps the application of the changeset in which the component is
/// mounted. It animates every frame that changes in it — the component's resize, the
/// reflow of what follows it in a `CollectionHost`, and the layout inside the hierarchy —
/// as one `View.animate` block (a spring block in spring mode, with UIKit's spring timing).
/// View configurations are applied with actions disabled inside it, and views new to the
/// hierarchy take their frames without animation.
public struct BoundsAnimation: Sendable {
    public enum Mode: Sendable { case `default`, spring }
    /// Seconds.
    public var duration: Double
    /// Seconds.
    public var delay: Double
    public var mode: Mode
    /// The block's options (the curve in default mode, `beginFromCurrentState`, …).
    public var options: ViewAnimationOptions
    /// Spring mode: 1 settles fastest without overshoot, smaller values oscillate.
    public var springDampingRatio: Double
    /// Spring mode, in UIKit's units: 1 = the whole distance in one second.
    public var springInitialVelocity: Double

    public init(duration: Double, delay: Double = 0, mode: Mode = .default, options: ViewAnimationOptions = [],
                springDampingRatio: Double = 1, springInitialVelocity: Double = 0) {
        precondition(duration >= 0 && delay >= 0, "BoundsAnimation: duration \(duration) and delay \(delay) must be ≥ 0 s")
        precondition(springDampingRatio > 0, "BoundsAnimation: springDampingRatio \(springDampingRatio) must be > 0")
        self.duration = duration; self.delay = delay; self.mode = mode; self.options = options
        self.springDampingRatio = springDampingRatio; self.springInitialVelocity = springInitialVelocity
    }

    /// Runs `changes` inside the view animation this stands for. Host's queue.
    func perform(_ changes: () -> Void, completion: ((Bool) -> Void)? = nil) {
        switch mode {
        case .default:
            View.animate(withDuration: duration, delay: delay, options: options, animations: changes, completion: completion)
        case .spring:
            View.animate(withDuration: duration, delay: delay, usingSpringWithDamping: springDampingRatio,
                         initialSpringVelocity: springInitialVelocity, options: options, animations: changes,
                         completion: completion)
        }
    }
}
