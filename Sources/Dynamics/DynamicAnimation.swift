import RenderClient

/// What every Dynamics animation shares (`POPAnimation`): a name, a begin time, the
/// callbacks, and its lifecycle on a `DynamicAnimator`.
///
/// Lifecycle: added (`DynamicAnimator.add`) → started on the first display-link frame at or
/// after `beginTime` (`startTime` is that frame's target time; the first frame applies the
/// starting value) → applied once per frame → finished when the kind's done rule holds
/// (`completionBlock(self, true)`), or stopped early by removal, replacement under the same
/// key, or the layer's release (`completionBlock(self, false)`).
///
/// Thread affinity: an animation belongs to its animator's queue (the context's callback
/// queue, the main queue by default) once added; configure it there too.
public class DynamicAnimation {
    /// For debugging.
    public var name: String?
    /// Media time (s) of the first frame it may start at; 0 starts it at the next frame.
    public var beginTime: Double = 0
    /// Whether it leaves the animator when done (POP's default, true). When false it stays,
    /// finished, under its key; a spring or basic animation given a new `toValue` starts again.
    public var removedOnCompletion = true
    /// While true the animation is not applied; when resumed it continues where it was, as
    /// though no time had passed while paused.
    public var isPaused = false {
        didSet {
            if isPaused { wasPaused = true } else { animator?.wake() }
        }
    }
    /// Set while paused, until the first frame after resuming shifts the clock.
    var wasPaused = false

    /// Called once, on the animator's queue, after the commit of the frame it finished in
    /// (`true`), or when it was removed, replaced or its layer released (`false`).
    public var completionBlock: ((DynamicAnimation, Bool) -> Void)?
    /// Called on the frame it starts, before its first value is applied.
    public var animationDidStart: ((DynamicAnimation) -> Void)?
    /// Called after each frame's value is written to the layer (inside the frame's transaction).
    public var animationDidApply: ((DynamicAnimation) -> Void)?
    /// Told of the same moments as the blocks (`POPAnimationDelegate`), each just before
    /// its block; held weakly, as POP holds it.
    public weak var delegate: DynamicAnimationDelegate?

    /// The target time of the frame it started at (media time, s); `nil` before. A basic
    /// animation's moves later by the time it spent paused.
    public internal(set) var startTime: Double?
    /// The target time of the last frame it was applied at.
    public internal(set) var lastFrameTime: Double?
    /// Frames applied so far.
    public internal(set) var framesApplied = 0
    /// Whether it reached its end (the done rule held).
    public internal(set) var isFinished = false

    /// Whether it has started.
    public var isStarted: Bool { startTime != nil }

    /// The animator it runs on, while added.
    public internal(set) weak var animator: DynamicAnimator?
    /// The key it runs under, while added.
    public internal(set) var key: String?

    init() {}

    /// Tells the delegate, then the completion block, that the animation stopped.
    func notifyStop(finished: Bool) {
        delegate?.pop_animationDidStop(self, finished: finished)
        completionBlock?(self, finished)
    }

    /// A short name of the kind, for messages.
    var kindName: String { "custom" }

    // MARK: Hooks for the kinds (called by the animator on its queue)

    /// Checks the animation can run on `layer`.
    func validate(on layer: Layer) throws(DynamicsError) {}

    /// Starts at frame time `t`: reads what it needs from the layer's model.
    func start(at t: Double, on layer: Layer) {}

    /// Applies the frame at `t` to the layer; returns whether the animation is done.
    func apply(at t: Double, on layer: Layer, delta: Double) -> Bool { true }

    /// Moves the animation's clock forward by `shift` seconds (after a pause).
    func shiftClock(by shift: Double) {}

    /// Resets the run state so the animation can start again (after a restart).
    func resetRun() {
        startTime = nil; lastFrameTime = nil; framesApplied = 0; isFinished = false
    }
}
