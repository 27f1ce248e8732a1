import RenderCore
import RenderViews

/// One animation a component hook returns (`CKComponentAnimation`): either a Core Animation
/// animation for a component's view — the usual case — or custom hooks, the escape hatch for
/// driving other animation engines.
///
/// With a component and an animation, mounting adds the animation to the layer of the
/// component's `viewForAnimation` (its own view, or what it renders to) — or to the sublayer
/// at `layerPath` — once the new configuration is applied, anchored at the mount's commit (a
/// builder's delay counts from there). A change animation (a basic or spring leaf with no
/// from, to or by) is resolved from the previous mount's value to the new one; when they are
/// equal it is dropped, so nothing goes on the wire.
///
/// Lifecycle (ComponentKit's `ComponentAnimationsController`): each animation of a mount
/// pass is applied in a transaction of its own, filed under the component whose hook
/// returned it. When that transaction completes (every animation added in it has stopped,
/// as the server reports; at once when none was added), the pass's cleanup for it runs: a
/// custom hook's `cleanup`, or the removal of a layer animation that was not removed on
/// completion. The next pass also cleans up, after its views are mounted, the animations
/// of the previous pass filed under components it unmounts; it never reaches further back.
/// Then `completion` runs, once.
///
/// Deliberate differences from ComponentKit, each for a reason:
/// - A component is unmounted when its scope leaves the mounted tree. In ComponentKit the
///   previous *instance* counts as unmounted, so a pass with any animation removes, mid-way,
///   the previous pass's animations of every rebuilt component (an unrelated state update
///   cuts a fade-in short); here a rebuild leaves them to end on their own.
/// - Every pass cleans up after the one before, also a pass with no animations
///   (ComponentKit skips a pass without animations, so its unmounts clean up nothing).
/// - Completion blocks run when the animation's transaction completes, also when its
///   cleanup ran earlier because its component was unmounted (ComponentKit runs them
///   inside that cleanup): "after the animation's transaction completes" always holds.
/// - A final-unmount animation of a component that never had a view mounted (it was in a
///   generation that was built but not mounted) is dropped (ComponentKit asserts).
///
/// An animation with no timing function runs with none (linear): the curve of an enclosing
/// transaction does not reach it. (It is committed as the linear curve: a nested
/// transaction cannot say "no curve" here, its `nil` inherits the enclosing one.)
public struct ComponentAnimation {
    enum Storage {
        case layer(Component, Animation, AnimationPhase?)
        case hooks(ComponentAnimationHooks)
    }
    let storage: Storage
    /// The sublayer of the target view's layer to animate (layer kind only); `nil`: the
    /// view's layer.
    public let layerPath: String?
    /// What runs, in order, once the animation's transaction has completed.
    var completions: [() -> Void] = []

    /// `animation` on `component`'s view (`{component, caAnimation, layerPath, completion}`).
    ///
    /// - Parameters:
    ///   - component: the component whose mounted view (or its snapshot, for a final
    ///     unmount) is animated.
    ///   - animation: the Core Animation animation to add to that view's layer.
    ///   - layerPath: a sublayer of the view's layer, ComponentKit's `layerPath`: dot-separated
    ///     steps from the view's layer, each `mask`, a sublayer's index (back to front) or a
    ///     sublayer's `name`; a leading `layer` is the view's layer itself (`"layer.mask"`,
    ///     `"badge"`, `"layer.2.mask"`). Mounting traps, naming the component and the path,
    ///     when no layer is there.
    ///   - completion: runs once, on the host's queue, after the animation's transaction
    ///     completes.
    public init(_ component: Component, _ animation: Animation, layerPath: String? = nil, completion: (() -> Void)? = nil) {
        storage = .layer(component, animation, nil)
        self.layerPath = layerPath
        if let completion { completions = [completion] }
    }

    /// A builder's animation on `component`'s view (see `init(_:_:layerPath:completion:)`).
    public init<B: ComponentAnimationBuilder>(_ component: Component, _ builder: B, layerPath: String? = nil,
                                              completion: (() -> Void)? = nil) {
        storage = .layer(component, builder.animation, B.Phase.phase)
        self.layerPath = layerPath
        if let completion { completions = [completion] }
    }

    /// Custom hooks (`CKComponentAnimationHooks`); `completion` runs once after the
    /// transaction `didRemount` ran in completes (after `cleanup`).
    public init(hooks: ComponentAnimationHooks, completion: (() -> Void)? = nil) {
        storage = .hooks(hooks)
        layerPath = nil
        if let completion { completions = [completion] }
    }

    /// This animation with `completion` run after the ones it has
    /// (`CKComponentAnimationHooks::byAddingCompletion`).
    public func addingCompletion(_ completion: @escaping () -> Void) -> ComponentAnimation {
        var a = self
        a.completions.append(completion)
        return a
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

    /// Whether a completion is attached.
    public var hasCompletion: Bool { !completions.isEmpty }
}

/// Custom animation hooks (`CKComponentAnimationHooks`), all run on the main queue:
///
///     willRemount()      before the new generation is mounted (views still show the old one);
///                        returns a context
///     didRemount(ctx)    after mounting, with willRemount's context; starts the animation
///                        and returns the context for cleanup
///     cleanup(ctx)       once: when the transaction didRemount ran in completes (every
///                        animation added in it stopped; at once if none was), or before
///                        that when the next pass unmounts the component whose hook
///                        returned it, or the host goes away: stop whatever didRemount
///                        started
public struct ComponentAnimationHooks {
    /// Runs before the new generation is mounted, the old views still showing; its result is
    /// `didRemount`'s argument.
    public var willRemount: (() -> Any?)?
    /// Runs after mounting with `willRemount`'s result; starts the animation and returns what
    /// `cleanup` needs.
    public var didRemount: ((Any?) -> Any?)?
    /// Runs once with `didRemount`'s result when the animation's transaction completes, or
    /// earlier when the component is unmounted or the host goes away: undo what `didRemount` did.
    public var cleanup: ((Any?) -> Void)?

    /// Hooks made of those closures; any may be left out.
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
/// hierarchy (or whose configuration has `blockImplicitAnimations`) take their frames
/// without animation.
///
/// A zero duration means no bounds animation: it never overrides another component's, and
/// a mount without one applies its frames without animation, even inside a caller's
/// animation block (`View.performWithoutAnimation`, as ComponentKit's apply does).
///
/// A value: two are equal when duration, delay, mode, options and timing function are (and,
/// in spring mode, damping ratio and initial velocity); the completion is not compared.
public struct BoundsAnimation: Equatable {
    /// The kind of view animation block the bounds change runs in.
    public enum Mode: Sendable {
        /// `View.animate(withDuration:delay:options:…)` with the options' curve or `timingFunction`.
        case `default`
        /// `View.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`.
        case spring
    }
    /// Seconds.
    public var duration: Double
    /// Seconds.
    public var delay: Double
    /// Whether the block is a plain view animation or a spring one.
    public var mode: Mode
    /// The block's options (the curve in default mode, `beginFromCurrentState`, …).
    public var options: ViewAnimationOptions
    /// Default mode: the curve of every animation of the block, control points included;
    /// it replaces the options' curve. `nil`: the options' curve. Ignored in spring mode.
    public var timingFunction: TimingFunction?
    /// Spring mode: 1 settles fastest without overshoot, smaller values oscillate.
    public var springDampingRatio: Double
    /// Spring mode, in UIKit's units: 1 = the whole distance in one second.
    public var springInitialVelocity: Double
    /// Runs once on the host's queue when every animation of the block has stopped (on the
    /// next turn when it animated nothing).
    public var completion: (() -> Void)?

    /// A bounds animation of `duration` seconds after `delay` seconds. Both must be ≥ 0, and
    /// `springDampingRatio` > 0.
    public init(duration: Double, delay: Double = 0, mode: Mode = .default, options: ViewAnimationOptions = [],
                timingFunction: TimingFunction? = nil, springDampingRatio: Double = 1, springInitialVelocity: Double = 0,
                completion: (() -> Void)? = nil) {
        precondition(duration >= 0 && delay >= 0, "BoundsAnimation: duration \(duration) and delay \(delay) must be ≥ 0 s")
        precondition(springDampingRatio > 0, "BoundsAnimation: springDampingRatio \(springDampingRatio) must be > 0")
        self.duration = duration; self.delay = delay; self.mode = mode; self.options = options
        self.timingFunction = timingFunction
        self.springDampingRatio = springDampingRatio; self.springInitialVelocity = springInitialVelocity
        self.completion = completion
    }

    /// Equal timing: duration, delay, mode, options and timing function (and the spring's
    /// parameters in spring mode); the completion is not compared.
    public static func == (a: BoundsAnimation, b: BoundsAnimation) -> Bool {
        let common = a.duration == b.duration && a.delay == b.delay && a.mode == b.mode && a.options == b.options
            && a.timingFunction == b.timingFunction
        guard a.mode == .spring else { return common }
        return common && a.springDampingRatio == b.springDampingRatio && a.springInitialVelocity == b.springInitialVelocity
    }

    /// Runs `changes` inside the view animation this stands for. Host's queue.
    func perform(_ changes: () -> Void) {
        let done = completion.map { c in { (_: Bool) in c() } }
        switch mode {
        case .default:
            if let timingFunction {
                CurveBlock.animate(duration: duration, delay: delay, options: options, curve: timingFunction,
                                   changes: changes, completion: done)
            } else {
                View.animate(withDuration: duration, delay: delay, options: options, animations: changes, completion: done)
            }
        case .spring:
            View.animate(withDuration: duration, delay: delay, usingSpringWithDamping: springDampingRatio,
                         initialSpringVelocity: springInitialVelocity, options: options, animations: changes,
                         completion: done)
        }
    }
}
