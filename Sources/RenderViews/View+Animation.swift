import Dispatch
import RenderClient

/// Animation blocks (`UIView.animate…`).
///
///     View.animate(withDuration: 0.3) { v.center = p }
///       push an AnimationBlock as the action provider ─▶ run the body
///         v.center = p ─▶ layer.change ─▶ action search ─▶ v.action(for:forKey:)
///           ─▶ the block's basic animation: from the old value, fill both, the block's
///              duration, delay and curve ─▶ added under "position" after the model changes
///       pop ─▶ the completion waits for the animations' stops
///
/// Outside a block the view answers the null action. Blocks nest: an inner block takes the
/// outer one's duration, curve and repeat/autoreverse unless it overrides them.
/// `performWithoutAnimation` turns animation off inside it, nested blocks included.
///
/// Call these on the views' callback queue (the thread that runs the body is the one whose
/// changes animate).
extension View {
    /// Animates the changes `animations` makes to views with the given duration (seconds),
    /// delay (seconds) and options (`ViewAnimationOptions`: a curve, repeat, autoreverse,
    /// beginFromCurrentState, layoutSubviews, …). `completion` runs once on the callback
    /// queue: when every animation the block created has stopped, `finished` false if one
    /// was removed or replaced; on the next turn if the block animated nothing.
    public static func animate(withDuration duration: Double, delay: Double = 0, options: ViewAnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        runBlock(BlockParameters(duration: duration, delay: delay, options: options,
                                 curve: .timing(options.timingFunction)),
                 animations: animations, completion: completion)
    }

    /// The same, with a spring instead of a curve: `dampingRatio` (0…1; 1 is the fastest
    /// settling without overshoot) and `initialSpringVelocity` in Apple's units (1 = the whole
    /// distance of each property's change in one second). The spring settles in `duration`
    /// (see `SpringTiming` for the derivation); the options' curve is ignored.
    public static func animate(withDuration duration: Double, delay: Double = 0,
                               usingSpringWithDamping dampingRatio: Double, initialSpringVelocity: Double,
                               options: ViewAnimationOptions = [], animations: () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        runBlock(BlockParameters(duration: duration, delay: delay, options: options,
                                 curve: .spring(dampingRatio: dampingRatio, initialVelocity: initialSpringVelocity)),
                 animations: animations, completion: completion)
    }

    static func runBlock(_ own: BlockParameters, animations: () -> Void, completion: ((Bool) -> Void)?) {
        precondition(own.duration.isFinite && own.duration >= 0 && own.delay.isFinite && own.delay >= 0,
                     "View.animate: duration \(own.duration) and delay \(own.delay) must be finite and ≥ 0 seconds")
        let stack = ViewActions.stack
        let queue = Context.current?.queue
        // Inside performWithoutAnimation (a nil provider) or with animations disabled, or with
        // a zero duration (a delay then has nothing to delay: the changes are not deferred):
        // the changes take effect at once; the completion still runs.
        if !stack.animationsEnabled || (stack.providers.last.map { $0 == nil } ?? false) || own.duration == 0 {
            let c = BlockCompletion(completion)
            performWithoutAnimation(animations)
            c.seal(queue: queue)
            return
        }
        var parameters = own
        if case let parent as AnimationBlock = stack.providers.last ?? nil {
            parameters = own.inheriting(from: parent.parameters)
        }
        let c = BlockCompletion(completion)
        let block = AnimationBlock(parameters: parameters, completion: c)
        performWithActionProvider(block) {
            animations()
            if parameters.options.contains(.layoutSubviews) {
                for v in block.touched { v.layoutIfNeeded() }
            }
        }
        c.seal(queue: queue)
    }
}
