import RenderCore

/// Receives an animation's start and stop (`CAAnimationDelegate`), on the layer's callback
/// queue, from the server's `animationStarted` / `animationStopped` events.
///
/// Who reports what:
/// - The server sends `animationStarted` on the first frame an animation is active, and
///   `animationStopped` when it completes (`finished == true`) or when a committed
///   animation is removed, replaced under its key or its layer destroyed (`false`).
/// - The client synthesizes `animationDidStop(_:finished: false)` itself for an animation
///   the server never saw (added, then removed or replaced, within one transaction), for a
///   removed one whose stop the server had not reported by the time it acknowledged the
///   removing commit (`commitApplied`), for the animations of a rejected commit, and for
///   every outstanding animation when the connection ends.
/// - Every animation gets at most one `animationDidStart` and exactly one
///   `animationDidStop`; later duplicates are dropped.
///
/// The layer holds the delegate strongly until the animation stops, as Core Animation does.
public protocol AnimationDelegate: AnyObject {
    /// The animation became active (the server's first frame with it).
    func animationDidStart(_ anim: Animation)
    /// The animation ended: `finished` when it ran to the end of its active duration,
    /// `false` when it was removed or replaced first.
    func animationDidStop(_ anim: Animation, finished: Bool)
}

extension AnimationDelegate {
    /// Does nothing: implement it to hear of the start.
    public func animationDidStart(_ anim: Animation) {}
    /// Does nothing: implement it to hear of the stop.
    public func animationDidStop(_ anim: Animation, finished: Bool) {}
}

/// An animation delegate made of two closures, for those who prefer blocks
/// (the seed's `DRAnimationBlockDelegate`). Each closure runs at most once.
public final class AnimationBlockDelegate: AnimationDelegate {
    private var start: ((Animation) -> Void)?
    private var stop: ((Animation, Bool) -> Void)?

    /// A delegate that calls `start` when the animation becomes active and `stop` with
    /// `finished` when it ends, each once, on the layer's queue; either may be left out.
    public init(start: ((Animation) -> Void)? = nil, stop: ((Animation, Bool) -> Void)? = nil) {
        self.start = start; self.stop = stop
    }

    /// Calls the `start` closure, the first time only.
    public func animationDidStart(_ anim: Animation) {
        let s = start; start = nil; s?(anim)
    }

    /// Calls the `stop` closure with `finished`, the first time only.
    public func animationDidStop(_ anim: Animation, finished: Bool) {
        let s = stop; stop = nil; s?(anim, finished)
    }
}
