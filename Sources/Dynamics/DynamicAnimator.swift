import Dispatch
import RenderClient

/// Runs Dynamics animations on a context's layers, one display-link frame at a time
/// (`POPAnimator`): motion computed in the app process, as POP does it, in contrast with the
/// animations `rendersrvd` runs by itself.
///
///     DisplayLink tick (context queue) ─▶ for each animation, in the order added:
///         start it (first frame at/after beginTime) → value at the tick's target time
///         → layer model value (actions disabled)
///     ─▶ one Transaction commit for the whole frame ─▶ completion blocks ─▶ idle? pause the link
///
/// Each frame is evaluated at the tick's `targetTimestamp` — when the frame its commit goes
/// into is shown. The display link pauses while nothing animates. When the context's queue
/// is blocked no ticks arrive and nothing moves: by design, this is what an in-process
/// engine does (the first tick after the block jumps to where the motion is by then).
///
/// Thread affinity: the animator, its animations and their layers belong to the context's
/// callback queue; every method checks it.
public final class DynamicAnimator {
    /// Whose layers it animates (and whose queue it runs on).
    public let context: Context
    /// Its frame source. `displayLink.ticksDelivered` counts the frames it computed.
    public private(set) var displayLink: DisplayLink!

    /// Frames processed (ticks with at least one animation).
    public private(set) var framesProcessed: UInt64 = 0
    /// Commits sent by frames (one per frame that changed something).
    public private(set) var commitsSent: UInt64 = 0
    /// Seconds the last frame took on the queue: evaluating, writing the model, encoding and
    /// sending its commit, completion blocks (`MediaTime`; for reports, not for logic).
    public private(set) var lastFrameSeconds = 0.0
    /// Called at the end of every frame, after its commit and completion blocks.
    public var onFrame: ((DisplayLink.Tick) -> Void)?

    private final class Entry {
        weak var layer: Layer?
        let layerID: LayerID
        let key: String
        let animation: DynamicAnimation
        var removed = false
        init(layer: Layer, key: String, animation: DynamicAnimation) {
            self.layer = layer; self.layerID = layer.id; self.key = key; self.animation = animation
        }
    }
    /// Layer ids are never reused within a context, unlike object addresses.
    private struct EntryKey: Hashable {
        let layer: LayerID
        let key: String
    }
    private var order: [Entry] = []
    private var index: [EntryKey: Entry] = [:]
    private var nextPrivateKey = 1
    private var isTicking = false
    private var stops: [(DynamicAnimation, Bool)] = []

    /// An animator for `context`'s layers.
    ///
    /// - Parameters:
    ///   - context: the context whose layers it animates; the animator runs on its queue.
    ///   - framesPerSecond: the display rate; by default the daemon's (`welcome.refreshRate`)
    ///     when the context has a connection, else 60.
    ///   - source: the vsyncs; by default the real clock, or for a context on a manual-clock
    ///     daemon a `ManualDisplayLinkSource` on its grid (step it with the daemon). Tests
    ///     pass a `ManualDisplayLinkSource`.
    public init(context: Context, framesPerSecond: Double? = nil, source: DisplayLinkProviding? = nil) {
        self.context = context
        let handler: (DisplayLink.Tick) -> Void = { [weak self] tick in self?.frame(tick) }
        if let connection = context.connection, framesPerSecond == nil {
            displayLink = DisplayLink(connection: connection, source: source, paused: true, handler: handler)
        } else {
            displayLink = DisplayLink(queue: context.queue, framesPerSecond: framesPerSecond ?? 60, source: source,
                                      paused: true, handler: handler)
        }
    }

    deinit { displayLink.invalidate() }

    // MARK: Adding and removing

    /// Adds `animation` to `layer` under `key`, replacing (and stopping, `finished == false`)
    /// any Dynamics animation under the same key; it starts at the next frame at or after its
    /// `beginTime`. A `nil` key gives it a private one.
    ///
    /// Throws when the key path is not on the layer's kind, a value has the wrong kind, a
    /// spring or basic animation has no `toValue`, the animation is already added, or the
    /// layer belongs to another context.
    public func add(_ animation: DynamicAnimation, to layer: Layer, forKey key: String? = nil) throws(DynamicsError) {
        dispatchPrecondition(condition: .onQueue(context.queue))
        guard layer.context === context else { throw .wrongContext(layer: layer.id) }
        guard animation.animator == nil else { throw .alreadyAdded(animation: animation.kindName) }
        try animation.validate(on: layer)
        let k = key ?? { defer { nextPrivateKey += 1 }; return "\u{1}dynamic-\(nextPrivateKey)" }()
        if let old = index[EntryKey(layer: layer.id, key: k)] { detach(old, finished: false) }
        animation.resetRun()
        animation.animator = self
        animation.key = k
        let e = Entry(layer: layer, key: k, animation: animation)
        order.append(e)
        index[EntryKey(layer: layer.id, key: k)] = e
        wake()
        flushStopsIfIdle()
    }

    /// Removes the animation under `key` from `layer`; its completion is called with
    /// `finished == false`. The layer keeps its current model value.
    public func removeAnimation(forKey key: String, from layer: Layer) {
        dispatchPrecondition(condition: .onQueue(context.queue))
        guard let e = index[EntryKey(layer: layer.id, key: key)] else { return }
        detach(e, finished: false)
        flushStopsIfIdle()
    }

    /// Removes every Dynamics animation of `layer` (`finished == false` for each).
    public func removeAllAnimations(from layer: Layer) {
        dispatchPrecondition(condition: .onQueue(context.queue))
        for e in order where !e.removed && e.layer === layer { detach(e, finished: false) }
        flushStopsIfIdle()
    }

    /// Removes every animation of every layer.
    public func removeAllAnimations() {
        dispatchPrecondition(condition: .onQueue(context.queue))
        for e in order where !e.removed { detach(e, finished: false) }
        flushStopsIfIdle()
    }

    /// The animation under `key` on `layer`.
    public func animation(forKey key: String, on layer: Layer) -> DynamicAnimation? {
        dispatchPrecondition(condition: .onQueue(context.queue))
        return index[EntryKey(layer: layer.id, key: key)]?.animation
    }

    /// The keys of `layer`'s animations in the order added (private keys excluded).
    public func animationKeys(on layer: Layer) -> [String] {
        dispatchPrecondition(condition: .onQueue(context.queue))
        return order.filter { !$0.removed && $0.layer === layer && !$0.key.hasPrefix("\u{1}") }.map(\.key)
    }

    /// Animations added and not yet removed (finished ones kept by `removedOnCompletion ==
    /// false` included).
    public var animationCount: Int { order.lazy.filter { !$0.removed }.count }

    /// Whether some animation still runs (not finished, not paused) — what keeps the
    /// display link going.
    public var hasRunningAnimations: Bool {
        order.contains { !$0.removed && !$0.animation.isFinished && !$0.animation.isPaused }
    }

    /// Unpauses the display link when something runs (an animation was added, restarted or
    /// resumed).
    func wake() {
        if hasRunningAnimations && displayLink.isPaused { displayLink.isPaused = false }
    }

    private func detach(_ e: Entry, finished: Bool) {
        guard !e.removed else { return }
        e.removed = true
        index[EntryKey(layer: e.layerID, key: e.key)] = nil
        e.animation.animator = nil
        e.animation.key = nil
        stops.append((e.animation, finished))
    }

    /// Completion blocks of removals made outside a frame run on the next turn of the queue
    /// (as Core Animation's stops come later too, and so the caller's state is consistent).
    private func flushStopsIfIdle() {
        guard !isTicking, !stops.isEmpty else { return }
        let pending = QueueBound(stops) // the animations are confined to this queue
        stops = []
        context.queue.async { for (a, f) in pending.value { a.notifyStop(finished: f) } }
        compact()
    }

    private func compact() {
        if order.contains(where: \.removed) { order.removeAll(where: \.removed) }
    }

    // MARK: Frames

    /// One display-link frame (on the context's queue).
    private func frame(_ tick: DisplayLink.Tick) {
        dispatchPrecondition(condition: .onQueue(context.queue))
        let t = tick.targetTimestamp
        let began = MediaTime.now()
        isTicking = true
        framesProcessed += 1
        let before = context.lastSentSequence
        Transaction.begin()
        Transaction.disableActions = true
        var i = 0
        while i < order.count { // animations that callbacks add during the frame join it
            let e = order[i]
            i += 1
            guard !e.removed else { continue }
            let a = e.animation
            guard let layer = e.layer else { detach(e, finished: false); continue }
            if a.isFinished { continue }
            if a.isPaused { continue }
            if !a.isStarted {
                guard a.beginTime <= t else { continue }
                a.startTime = t
                a.start(at: t, on: layer)
                a.delegate?.pop_animationDidStart(a)
                a.animationDidStart?(a)
                guard !e.removed else { continue }
            } else if a.wasPaused, let last = a.lastFrameTime, t - last > tick.duration {
                // Resumed after a pause: continue as though the paused time had not passed.
                a.shiftClock(by: t - last - tick.duration)
            }
            a.wasPaused = false
            let delta = a.lastFrameTime.map { t - $0 } ?? 0
            let done = a.apply(at: t, on: layer, delta: delta)
            a.lastFrameTime = t
            a.framesApplied += 1
            a.delegate?.pop_animationDidApply(a)
            a.animationDidApply?(a)
            if done && !e.removed {
                a.isFinished = true
                if a.removedOnCompletion { detach(e, finished: true) } else { stops.append((a, true)) }
            }
        }
        Transaction.commit()
        if context.lastSentSequence != before { commitsSent += 1 }
        isTicking = false
        let finished = stops
        stops = []
        compact()
        for (a, f) in finished { a.notifyStop(finished: f) }
        if !hasRunningAnimations { displayLink.isPaused = true }
        lastFrameSeconds = MediaTime.now() - began
        onFrame?(tick)
    }
}
