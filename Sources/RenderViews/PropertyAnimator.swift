import Dispatch
import RenderClient

/// An interruptible animation of view changes (`UIViewPropertyAnimator`): start, pause, scrub,
/// reverse, continue with other timing, stop — with every one of those states run by the
/// server.
///
///     state    inactive ──start/pause/fractionComplete──▶ active ──stopAnimation(false)──▶ stopped
///                 ▲                     (running or paused)   │                              │
///                 └──── runs to its end, or stopAnimation(true) ┘◀──── finishAnimation(at:) ───┘
///
/// Time: the animator's own time `e` runs from 0 to `duration` (from `duration` to 0 when
/// reversed); `fractionComplete = e / duration`. Each changed property is a *track* whose
/// motion is a function of `e` (`Segment`); its animation on the wire spans the whole
/// duration, fill mode both, not removed on completion, under the property's name:
///
///     running  speed = 1 / durationFactor, beginTime so that the local time now is e
///              (reversed: duration − e, with the mirrored curve)
///     paused   speed = 0, timeOffset = the local time of e
///
/// So a running animator advances and a paused or scrubbed one holds in the server with no
/// client work at all: the main thread may block in either state. The end of the run is the
/// server's `animationStopped(finished: true)`; the animator then sets the final model
/// values (the start ones when reversed) and removes its animations in one transaction.
///
/// The closures given to `addAnimations` run when the animator becomes active (at once if
/// it is); their changes are recorded through the view action search (`ViewActionProvider`),
/// from what is on screen to the new model values.
///
/// Thread affinity: the callback queue of the context it was created on, like the views.
public final class PropertyAnimator {
    /// Where an animator is in its life (`UIViewAnimatingState`).
    public enum State: Equatable, Sendable {
        /// Not started, or finished: its animations are not on the layers.
        case inactive
        /// Started (running or paused): its animations are on the layers.
        case active
        /// Stopped with `stopAnimation(false)`: the views hold what was on screen, waiting
        /// for `finishAnimation(at:)`.
        case stopped
    }
    /// Where a finished animator left its properties (`UIViewAnimatingPosition`).
    public enum Position: Equatable, Sendable {
        /// At their values before the animations (reversed to the start).
        case start
        /// At the animations' new values.
        case end
        /// Where they were when the animator was stopped part way.
        case current
    }

    /// Seconds, > 0.
    public let duration: Double
    /// The curve or spring of the tracks (changed by `continueAnimation(withTimingParameters:…)`).
    public private(set) var timingParameters: TimingParameters
    /// `.inactive` until started, `.active` while running or paused, `.stopped` after
    /// `stopAnimation(false)`; `.inactive` again once finished.
    public private(set) var state: State = .inactive
    /// Active and not paused.
    public private(set) var isRunning = false
    /// Accepted for source compatibility: every animator here is interruptible.
    public var isInterruptible = true
    /// When true, reaching the end (or the start, reversed) leaves the animator active and
    /// paused there instead of finishing it: no completion runs, and it can be reversed or
    /// scrubbed again (the server holds the end with the animations' forwards fill).
    public var pausesOnCompletion = false

    let context: Context
    private var pending: [(body: () -> Void, delayFactor: Double)] = []
    private var completions: [(Position) -> Void] = []
    private(set) var tracks: [Track] = []
    /// Animator time at `anchorT` (media time), and how fast it moves after it.
    private var anchorE = 0.0
    private var anchorT = 0.0
    private var rate = 1.0
    private var reversed = false
    /// Bumped whenever the animations are rebuilt or removed: stops of older ones are stale.
    private var generation = 0

    final class Track {
        let view: View
        let keyPath: LayerKeyPath
        var key: String { keyPath.property.name }
        /// The value at the start (what was on screen when first recorded).
        var from: AnimatableValue
        /// The model value it leads to.
        var to: AnimatableValue
        var segment: Segment
        /// Its animation is still ours (not removed or replaced by someone else).
        var live = true
        init(view: View, keyPath: LayerKeyPath, from: AnimatableValue, to: AnimatableValue, segment: Segment) {
            self.view = view; self.keyPath = keyPath; self.from = from; self.to = to; self.segment = segment
        }
    }

    // MARK: Creating

    /// An animator over `duration` seconds with timing parameters; `animations`, if given,
    /// is the first closure (`addAnimations`). Create it on a context's callback queue.
    public init(duration: Double, timingParameters: TimingParameters, animations: (() -> Void)? = nil) {
        precondition(duration.isFinite && duration > 0,
                     "PropertyAnimator: duration \(duration) must be a finite number of seconds > 0")
        guard let c = Context.current else {
            preconditionFailure("PropertyAnimator created off every context's callback queue: create it where its views live")
        }
        self.context = c
        self.duration = duration
        self.timingParameters = timingParameters
        if let animations { pending.append((animations, 0)) }
    }

    /// With a named curve (`UIView.AnimationCurve`).
    public convenience init(duration: Double, curve: Curve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: .cubic(curve.timingFunction), animations: animations)
    }

    /// With a cubic Bézier curve through two control points (unit square).
    public convenience init(duration: Double, controlPoint1: Point, controlPoint2: Point, animations: (() -> Void)? = nil) {
        self.init(duration: duration,
                  timingParameters: .cubic(TimingFunction(controlPoint1.x, controlPoint1.y, controlPoint2.x, controlPoint2.y)),
                  animations: animations)
    }

    /// With a spring of `dampingRatio` settling in `duration` (see `SpringTiming`).
    public convenience init(duration: Double, dampingRatio: Double, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: .spring(dampingRatio: dampingRatio, initialVelocity: 0),
                  animations: animations)
    }

    /// An animator already running (`runningPropertyAnimator(withDuration:…)`): the
    /// options' curve, `duration` seconds after `delay`; `completion` is its first
    /// completion. Other options are ignored, as UIKit ignores most of them here.
    public static func runningPropertyAnimator(withDuration duration: Double, delay: Double,
                                               options: ViewAnimationOptions = [], animations: @escaping () -> Void,
                                               completion: ((Position) -> Void)? = nil) -> PropertyAnimator {
        let a = PropertyAnimator(duration: duration, timingParameters: .cubic(options.timingFunction), animations: animations)
        if let completion { a.addCompletion(completion) }
        a.startAnimation(afterDelay: delay)
        return a
    }

    // MARK: Adding

    /// Adds changes to animate: run when the animator becomes active, or now (over the
    /// remaining time) if it is. Traps on a stopped animator.
    public func addAnimations(_ animations: @escaping () -> Void) {
        addAnimations(animations, delayFactor: 0)
    }

    /// Adds changes that start after `delayFactor` (0…1) of the remaining duration.
    public func addAnimations(_ animations: @escaping () -> Void, delayFactor: Double) {
        onQueue()
        precondition(delayFactor >= 0 && delayFactor <= 1, "addAnimations: delayFactor \(delayFactor) must be within 0…1")
        precondition(state != .stopped, "addAnimations on a stopped animator: call finishAnimation(at:) first")
        if state == .inactive {
            pending.append((animations, delayFactor))
        } else {
            let changed = record(animations, delayFactor: delayFactor)
            rebuild(changed)
        }
    }

    /// Adds a completion, called with the position the animator ended at (`.end`, `.start`
    /// when reversed, or what `finishAnimation(at:)` says). Not called after
    /// `stopAnimation(true)`.
    public func addCompletion(_ completion: @escaping (Position) -> Void) {
        onQueue()
        completions.append(completion)
    }

    // MARK: Controlling

    /// Starts (or resumes) the animation after `delay` seconds. Traps on a stopped animator.
    public func startAnimation(afterDelay delay: Double = 0) {
        onQueue()
        precondition(state != .stopped, "startAnimation on a stopped animator: call finishAnimation(at:) first")
        precondition(delay.isFinite && delay >= 0, "startAnimation: delay \(delay) must be ≥ 0 seconds")
        if state == .inactive { activate() }
        guard !isRunning else { return }
        anchorT = now + delay
        isRunning = true
        rebuild(tracks)
        scheduleEmptyFinish()
    }

    /// Pauses it where it is (activating it, paused at the start, if inactive).
    public func pauseAnimation() {
        onQueue()
        precondition(state != .stopped, "pauseAnimation on a stopped animator: call finishAnimation(at:) first")
        if state == .inactive {
            activate()
            rebuild(tracks)
            return
        }
        guard isRunning else { return }
        anchorE = e(at: now)
        isRunning = false
        rebuild(tracks)
    }

    /// The animator's progress in time, 0…1. Set it while paused to scrub (an inactive
    /// animator becomes active and paused first); ignored while running.
    public var fractionComplete: Double {
        get { e(at: now) / duration }
        set {
            onQueue()
            precondition(newValue.isFinite, "fractionComplete \(newValue) must be a number within 0…1")
            if state == .inactive { pauseAnimation() }
            guard state == .active, !isRunning else { return }
            anchorE = min(max(newValue, 0), 1) * duration
            rebuild(tracks)
        }
    }

    /// Whether it runs towards the start. Changing it turns the motion around where it is.
    public var isReversed: Bool {
        get { reversed }
        set {
            onQueue()
            guard newValue != reversed else { return }
            if isRunning { anchorE = e(at: now); anchorT = max(anchorT, now) }
            reversed = newValue
            if state == .active { rebuild(tracks) }
        }
    }

    /// Resumes a paused animator, optionally with other timing for the rest of the motion
    /// (from where each property is now to its target) and `durationFactor` times the
    /// remaining time. Traps unless it is active and paused.
    public func continueAnimation(withTimingParameters parameters: TimingParameters?, durationFactor: Double) {
        onQueue()
        precondition(state == .active && !isRunning,
                     "continueAnimation needs a paused animator; this one is \(isRunning ? "running" : "\(state)")")
        precondition(durationFactor.isFinite && durationFactor > 0, "continueAnimation: durationFactor \(durationFactor) must be > 0")
        rate = 1 / durationFactor
        let e = anchorE
        if let p = parameters {
            timingParameters = p
            let t = now
            for tr in tracks where tr.live {
                let current = tr.view.layer.presentation(at: t).value(at: tr.keyPath)
                if reversed {
                    var mirrored = p
                    if case let .cubic(f) = p { mirrored = .cubic(TimingFunction(1 - f.c2x, 1 - f.c2y, 1 - f.c1x, 1 - f.c1y)) }
                    tr.segment = Segment(v0: tr.from, v1: current, e0: 0, e1: e, timing: mirrored)
                } else {
                    tr.segment = Segment(v0: current, v1: tr.to, e0: e, e1: duration, timing: p)
                }
            }
        }
        anchorT = now
        isRunning = true
        rebuild(tracks)
        scheduleEmptyFinish()
    }

    /// Stops it where it is: every property keeps the value on screen as its model value and
    /// the animations are removed. `withoutFinishing` ends it there (inactive, no completion);
    /// otherwise it is `stopped` until `finishAnimation(at:)`. Traps unless active.
    public func stopAnimation(_ withoutFinishing: Bool) {
        onQueue()
        precondition(state == .active, "stopAnimation on an animator that is \(state), not active")
        generation += 1
        let t = now
        for tr in tracks where tr.live {
            let v = tr.view.layer.presentation(at: t).value(at: tr.keyPath)
            setModel(tr, v)
            tr.view.layer.removeAnimation(forKey: tr.key)
        }
        isRunning = false
        if withoutFinishing {
            state = .inactive
            tracks = []
            completions = []
            reset()
        } else {
            state = .stopped
        }
    }

    /// Ends a stopped animator at `position` (the start values, the end values, or where it
    /// stopped) and calls the completions with it. Traps unless stopped.
    public func finishAnimation(at position: Position) {
        onQueue()
        precondition(state == .stopped, "finishAnimation(at:) needs a stopped animator (call stopAnimation(false) first); this one is \(state)")
        for tr in tracks {
            switch position {
            case .start: setModel(tr, tr.from)
            case .end: setModel(tr, tr.to)
            case .current: break
            }
        }
        end(at: position)
    }

    // MARK: Internals

    private var now: Double { context.clock() }

    private func onQueue() { dispatchPrecondition(condition: .onQueue(context.queue)) }

    /// The animator time at media time `t`.
    func e(at t: Double) -> Double {
        guard isRunning else { return anchorE }
        let dt = max(0, t - anchorT)
        return min(max(anchorE + (reversed ? -1 : 1) * rate * dt, 0), duration)
    }

    private func activate() {
        state = .active
        anchorE = reversed ? duration : 0
        anchorT = now
        let bodies = pending
        pending = []
        for b in bodies { _ = record(b.body, delayFactor: b.delayFactor) }
    }

    private func reset() {
        anchorE = 0; rate = 1; reversed = false; isRunning = false
    }

    /// Records the changes `body` makes (from what is on screen to the new model values) as
    /// tracks starting after `delayFactor` of the remaining time. Returns the tracks changed.
    private func record(_ body: () -> Void, delayFactor: Double) -> [Track] {
        let recorder = AnimatorRecorder()
        View.performWithActionProvider(recorder, body)
        let e = self.e(at: now)
        let start = e + delayFactor * (duration - e)
        var changed: [Track] = []
        for c in recorder.changes {
            let to = c.view.layer.value(forKeyPath: c.keyPath)
            let segment = Segment(v0: c.from, v1: to, e0: start, e1: duration, timing: timingParameters)
            if let tr = tracks.first(where: { $0.view.layer === c.view.layer && $0.keyPath == c.keyPath }) {
                tr.to = to
                tr.segment = segment
                tr.live = true
                changed.append(tr)
            } else {
                let tr = Track(view: c.view, keyPath: c.keyPath, from: c.from, to: to, segment: segment)
                tracks.append(tr)
                changed.append(tr)
            }
        }
        return changed
    }

    /// Replaces the animations of `some` tracks with ones for the current state.
    private func rebuild(_ some: [Track]) {
        generation += 1
        let g = generation
        for tr in some where tr.live {
            tr.view.layer.add(animation(for: tr), forKey: tr.key, delegate: Member(self, generation: g, track: tr))
        }
    }

    /// The track's animation now: its plan, timed running or paused (see the type's
    /// description).
    func animation(for tr: Track) -> Animation {
        let p = PropertyAnimator.plan(tr.segment, keyPath: tr.keyPath, duration: duration, e: anchorE, reversed: reversed)
        var timing = MediaTiming(duration: p.length, fillMode: .both)
        let layer = tr.view.layer
        if isRunning {
            timing.speed = rate
            timing.beginTime = layer.localTime(at: anchorT) - p.local / rate
        } else {
            timing.speed = 0
            timing.timeOffset = min(max(p.local, 0), p.length * (1 - 1e-9))
            timing.beginTime = layer.localTime(at: now)
        }
        return Animation(p.kind, timing: timing, timingFunction: p.timingFunction, isRemovedOnCompletion: false)
    }

    /// An animator with nothing to animate still takes its time (UIKit's does): its end is a
    /// callback-queue timer, since there is no animation for the server to finish.
    private func scheduleEmptyFinish() {
        guard isRunning, !tracks.contains(where: \.live) else { return }
        let g = generation
        let remaining = (reversed ? anchorE : duration - anchorE) / rate + max(0, anchorT - now)
        let animator = QueueBound(self) // confined to its context's queue, where this runs
        context.queue.asyncAfter(deadline: .now() + remaining) {
            let a = animator.value
            if a.generation == g && a.isRunning { a.finishRun() }
        }
    }

    /// The run reached its end (forward or reversed).
    private func finishRun() {
        generation += 1
        let position: Position = reversed ? .start : .end
        for tr in tracks where tr.live {
            setModel(tr, reversed ? tr.from : tr.to)
            tr.view.layer.removeAnimation(forKey: tr.key)
        }
        end(at: position)
    }

    private func end(at position: Position) {
        state = .inactive
        tracks = []
        reset()
        let cs = completions
        completions = []
        for c in cs { c(position) }
    }

    private func setModel(_ tr: Track, _ value: AnimatableValue) {
        View.performWithoutAnimation {
            do { try tr.view.layer.setValue(value, forKeyPath: tr.keyPath) } catch {
                preconditionFailure("PropertyAnimator: \(tr.keyPath) of \(tr.view): \(error)")
            }
        }
    }

    /// A track's animation's delegate, tagged with the generation it belongs to.
    final class Member: AnimationDelegate {
        let animator: PropertyAnimator
        let generation: Int
        weak var track: Track?
        init(_ a: PropertyAnimator, generation: Int, track: Track) {
            animator = a; self.generation = generation; self.track = track
        }
        func animationDidStop(_ anim: Animation, finished: Bool) {
            animator.memberStopped(self, finished: finished)
        }
    }

    private func memberStopped(_ m: Member, finished: Bool) {
        guard m.generation == generation, state == .active else { return }
        if finished {
            guard isRunning else { return }
            if pausesOnCompletion {
                anchorE = reversed ? 0 : duration
                isRunning = false
                rebuild(tracks)
            } else {
                finishRun()
            }
            return
        }
        // Removed or replaced by someone else: that track is no longer ours.
        m.track?.live = false
        if !tracks.contains(where: \.live) {
            isRunning = false
            end(at: .current)
        }
    }
}

/// Records the changes of an animator's closure: answers each with no action (the model
/// changes at once) and remembers the view, the key path and the value on screen before.
final class AnimatorRecorder: ViewActionProvider {
    var changes: [(view: View, keyPath: LayerKeyPath, from: AnimatableValue)] = []
    func action(for view: View, forKey key: String) -> Action? {
        guard let pk = PropertyKey(name: key), pk.isAnimatable, pk.layerKinds.contains(view.layer.kind) else { return nil }
        let kp = LayerKeyPath(pk)
        if !changes.contains(where: { $0.view === view && $0.keyPath == kp }) {
            changes.append((view, kp, view.layer.presentation().value(at: kp)))
        }
        return nil
    }
}
