import CSystem
import RenderCore
import RenderProtocol

/// Runs a client's animations at a frame's target time and reports their lifecycle.
///
/// Per animated layer, each frame:
///
///     local time   = the layer's world timing (its ancestors' timings and its own, folded
///                    as `Presentation.localTime` folds them) applied to t; the state keeps
///                    a copy while the store's timing epoch is unchanged, else it is read
///                    from the node's cache (recomputed there only if stale)
///     presentation = Presentation.evaluate(model, animations, local time) — resetting only
///                    the animated properties to the model unless the model or the
///                    animation list changed since the last frame, and of those only the
///                    ones no animation overwrites this frame (`EvaluationPlan.overwrites`);
///                    in that steady case a layer whose one animation is direct (basic or
///                    spring with both ends, or a whole transform, of a stored property:
///                    `Presentation.evaluateDirect`) is evaluated and stored straight
///     per animation, by its lifecycle at that time:
///         pending               → nothing
///         active                → animationStarted, once
///         finished              → animationStarted (if it jumped straight through),
///                                 then animationStopped(finished: true), once
///     after the frame: finished animations with isRemovedOnCompletion are removed (the
///     frame that finishes one already shows the model there, whatever its fill mode: an
///     animation removed on completion stops applying at its end, `Animation.applies(in:)`;
///     a forwards fill shows only on a kept one).
///
/// Layers without animations are not evaluated: their presentation is their model.
/// The same `Presentation` code runs in the client's `presentation()`, so both sides
/// agree for the same inputs. Thread affinity: the loop thread (it mutates stores).
package struct AnimationEngine {
    package init() {}
    /// Where a node's model lies within it, in bytes (the model is read in place).
    static let modelOffset = MemoryLayout<LayerStore.Node>.offset(of: \LayerStore.Node.model)!
    /// The bytes of a node that looking up its world timing reads and writes (its timing and
    /// its world timing).
    static let nodeTimingBytes: Range<Int> = {
        let timing = MemoryLayout<LayerStore.Node>.offset(of: \LayerStore.Node.timing)!
        let world = MemoryLayout<LayerStore.Node>.offset(of: \LayerStore.Node.worldTiming)!
        return min(timing, world) ..< max(timing + MemoryLayout<LayerTiming>.size, world + MemoryLayout<WorldTiming>.size)
    }()

    /// How many animated layers ahead the walk prefetches.
    static let prefetchDistance = 8
    /// How many animated layers ahead the walk fetches their states.
    static let stateDistance = 16
    /// The bytes of an `AttachedAnimation` that evaluating it through its plan reads: its
    /// timing, timing function and plan up to a spring's constants (the key lies beyond,
    /// never read).
    static let hotAnimationBytes = 224
    /// How many of a layer's animations the walk prefetches when it has several.
    static let prefetchedAnimations = 4
    /// How many layers ahead the walk fetches the objects a keyframe or transform plan reads
    /// (its state is in cache by then), and how many ahead a keyframe plan's arrays (its
    /// object is in cache by then).
    static let planObjectDistance = 5, keyframeStorageDistance = 2
    static let attachedOffset = MemoryLayout<AnimationState>.offset(of: \AnimationState.attached)!
    static let singleOffset = MemoryLayout<AnimationState>.offset(of: \AnimationState.single)!
    static let recordsOffset = MemoryLayout<AnimationState>.offset(of: \AnimationState.records)!

    /// The storage object of the array stored at `offset` in `*state`: its header, then its
    /// elements (see `elements`).
    @inline(__always)
    static func storage(of state: UnsafeMutablePointer<AnimationState>, at offset: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(bitPattern: UnsafeRawPointer(state).advanced(by: offset).load(as: UInt.self))!
    }

    /// The elements of the array of `T` stored at `offset` in `*state`, read in place without
    /// retaining it: an array is one reference to its storage object, whose count lies 16
    /// bytes in and whose elements start after a 32-byte header on 64-bit Linux (for
    /// elements aligned to at most 16 bytes; checked in debug builds unless `checked` is
    /// false). Valid while that array is neither mutated nor released: within one layer's
    /// evaluation, which changes no animation list.
    @inline(__always)
    static func elements<T>(of state: UnsafeMutablePointer<AnimationState>, at offset: Int,
                            as: T.Type, checked: Bool = true) -> UnsafeBufferPointer<T> {
        let object = storage(of: state, at: offset)
        let count = object.load(fromByteOffset: 16, as: Int.self)
        let buffer = UnsafeBufferPointer(start: (object + 32).assumingMemoryBound(to: T.self), count: count)
        assert(!checked || MemoryLayout<T>.alignment <= 16 && UnsafeRawPointer(state).advanced(by: offset)
            .assumingMemoryBound(to: [T].self).pointee.withUnsafeBufferPointer {
                $0.count == count && (count == 0 || $0.baseAddress == buffer.baseAddress)
            }, "Array's storage layout is not the one this reads")
        return buffer
    }

    /// Indices in `store.animations` of states with animations to retire after the frame.
    private var retiring: [Int] = []
    /// Slots whose world geometry caches the frame changed (invalidated after the walk), and
    /// which caches.
    private var moved: [(slot: Int32, caches: LayerStore.Invalidation)] = []
    /// Transitions that began, ran or ended this frame, by layer (nil: ended).
    private var transitions: [(layer: LayerID, state: TransitionState?)] = []

    /// Evaluates every animated layer of `store` at media time `t`, appending
    /// `animationStarted`/`animationStopped` events, then retires finished animations.
    /// Returns the number of animated layers evaluated.
    ///
    /// Cost: O(animated layers + their animations), independent of the tree's depth (each
    /// layer's world timing is cached, see `LayerStore`); nodes and states are read and
    /// written in place, and nothing is allocated in steady state (`events` and the scratch
    /// buffers keep their capacity).
    ///
    /// `events` is where the events go, in order: the session's outbound buffer in the
    /// server (encoded in place), a `[Message]` in tests (see `AnimationEventSink`).
    @discardableResult
    package mutating func evaluate<Events: AnimationEventSink & ~Copyable>(_ store: LayerStore, at t: Double,
                                                                  events: inout Events) -> Int {
        retiring.removeAll(keepingCapacity: true)
        moved.removeAll(keepingCapacity: true)
        let starting = store.takeStartsSinceFrame()
        if starting > 0 { events.reserveForAnimationsStarting(starting) }
        let count = store.animatedLayerCount
        guard count > 0 else { return 0 }
        transitions.removeAll(keepingCapacity: true)
        // Static lets are read through `swift_once` on every access: read them once.
        let modelOffset = AnimationEngine.modelOffset
        let attachedOffset = AnimationEngine.attachedOffset, singleOffset = AnimationEngine.singleOffset
        let recordsOffset = AnimationEngine.recordsOffset, timingBytes = AnimationEngine.nodeTimingBytes
        let planOffset = Presentation.planOffset
        let epoch = store.timingEpoch
        let geometryMask = LayerStore.geometryProperties.rawValue, opacityMask = PropertySet(.opacity).rawValue
        store.withFrameAccess { nodes, staleness, states, presentations in
            let n = states.count
            for a in 0..<n {
                // The states themselves, further ahead: the walk reads the next ones' slots and
                // flags to know what to fetch for them.
                if a + AnimationEngine.stateDistance < n {
                    let ahead = UnsafeRawPointer(states.baseAddress! + a + AnimationEngine.stateDistance)
                    for line in stride(from: 0, to: MemoryLayout<AnimationState>.stride, by: 64) {
                        csys_prefetch(ahead + line)
                    }
                    csys_prefetch(ahead + MemoryLayout<AnimationState>.stride - 1)
                }
                // Memory, not arithmetic, bounds a large frame: fetch what a layer a few
                // states ahead will touch while this one is evaluated, and only the lines it
                // uses: the bytes of its animated properties in its presentation (and in its
                // model, when an animation reads it) and, when it has several animations, the
                // bytes evaluation reads of them (after their array's 32-byte header; a single
                // one lies in its state). Its lifecycles lie in its state, its caches'
                // staleness in a dense array.
                if a + AnimationEngine.prefetchDistance < n {
                    let ahead = states.baseAddress! + a + AnimationEngine.prefetchDistance
                    let node = UnsafeRawPointer(nodes + Int(ahead.pointee.slot))
                    let presentation = UnsafeRawPointer(presentations + a + AnimationEngine.prefetchDistance)
                    if ahead.pointee.needsFullReset {
                        // Its first frame since its model or animations changed, unprepared
                        // (`LayerStore.prepareFrame(of:)`): the full evaluation reads its whole
                        // node (model, timing, world timing) and writes its whole presentation.
                        for line in stride(from: 0, to: MemoryLayout<LayerStore.Node>.stride, by: 64) {
                            csys_prefetch(node + line)
                        }
                        for line in stride(from: 0, to: MemoryLayout<LayerProperties>.stride, by: 64) {
                            csys_prefetch_write(presentation + line)
                        }
                    } else {
                        let start = Int(ahead.pointee.spanStart), end = Int(ahead.pointee.spanEnd)
                        if ahead.pointee.readsModel {
                            for line in stride(from: start, to: end, by: 64) { csys_prefetch(node + modelOffset + line) }
                            csys_prefetch(node + modelOffset + end - 1)
                        }
                        for line in stride(from: start, to: end, by: 64) { csys_prefetch_write(presentation + line) }
                        csys_prefetch_write(presentation + end - 1)
                    }
                    if ahead.pointee.worldEpoch != epoch {
                        // A timing changed somewhere in the tree since this layer's world timing
                        // was copied (or it was never copied): it is read again from its node,
                        // or worked out from its timing there.
                        csys_prefetch(node + timingBytes.lowerBound)
                        csys_prefetch(node + timingBytes.upperBound - 1)
                    }
                    if ahead.pointee.unstarted != 0 {
                        // Its first frame: the lifecycle report reads and writes its records
                        // (the array's header and first records share a line).
                        csys_prefetch_write(AnimationEngine.storage(of: ahead, at: recordsOffset))
                    }
                    if !ahead.pointee.hasSingle {
                        // The first few animations, and their array's header (its count). A
                        // single animation lies in the state, fetched already.
                        let animations = AnimationEngine.elements(of: ahead, at: attachedOffset, as: AttachedAnimation.self,
                                                                  checked: false)
                        let first = UnsafeRawPointer(animations.baseAddress!)
                        let count = min(animations.count, AnimationEngine.prefetchedAnimations)
                        let size = MemoryLayout<AttachedAnimation>.stride
                        for line in stride(from: -32, to: AnimationEngine.hotAnimationBytes + size * (count - 1), by: 64) {
                            csys_prefetch(first + line)
                        }
                    }
                }
                // A keyframe or transform plan reads an object elsewhere in the heap, and a
                // keyframe plan arrays beyond that: fetch them in two more stages, each once
                // what leads to it has arrived.
                if a + AnimationEngine.planObjectDistance < n
                    && (states.baseAddress! + a + AnimationEngine.planObjectDistance).pointee.outOfLine != .none {
                    let ahead = states.baseAddress! + a + AnimationEngine.planObjectDistance
                    AnimationEngine.forEachPrefetched(of: ahead, attachedOffset: attachedOffset, singleOffset: singleOffset) {
                        if let object = Presentation.planObject(of: $0, planOffset: planOffset) {
                            for line in stride(from: 0, to: object.bytes, by: 64) { csys_prefetch(object.address + line) }
                        }
                    }
                }
                if a + AnimationEngine.keyframeStorageDistance < n
                    && (states.baseAddress! + a + AnimationEngine.keyframeStorageDistance).pointee.outOfLine
                        == .objectAndArrays {
                    let ahead = states.baseAddress! + a + AnimationEngine.keyframeStorageDistance
                    AnimationEngine.forEachPrefetched(of: ahead, attachedOffset: attachedOffset, singleOffset: singleOffset) {
                        if let k = Presentation.keyframeStorage(of: $0, planOffset: planOffset) {
                            for line in stride(from: 0, to: k.valueBytes, by: 64) { csys_prefetch(k.values + line) }
                            if let keyTimes = k.keyTimes {
                                for line in stride(from: 0, to: k.keyTimeBytes, by: 64) { csys_prefetch(keyTimes + line) }
                            }
                        }
                    }
                }
                let state = states.baseAddress! + a
                let slot = Int(state.pointee.slot)
                if state.pointee.worldEpoch != epoch {
                    state.pointee.worldTiming = store.worldTiming(slot: slot, in: nodes, staleness: staleness)
                    state.pointee.worldEpoch = epoch
                }
                let layerTime = state.pointee.worldTiming.localTime(t)
                // Unless the model or the animation list changed since the last frame, only
                // what the animations write differs from the model (see `AnimationState`).
                let full = state.pointee.needsFullReset
                if full {
                    state.pointee.needsFullReset = false
                    AnimationEngine.noteSpan(of: state)
                }
                let model = UnsafeRawPointer(nodes + slot).advanced(by: modelOffset)
                    .assumingMemoryBound(to: LayerProperties.self)
                // The animations are read through their array's storage: passing the array
                // would retain it, per layer per frame. The lifecycles are written in place.
                // A layer's only animation is read from its copy inside the state (see
                // `AnimationState.single`).
                var anyFinished = false
                let transition: TransitionProgress?
                if state.pointee.hasSingle,
                   let life = Presentation.evaluateDirect(UnsafeRawPointer(state) + singleOffset, modelAt: model,
                                                          layerTime: layerTime, into: presentations + a,
                                                          reset: full, planOffset: planOffset) {
                    // The common case: one animation whose value does not depend on the
                    // layer's, of a stored property or a transform component (see
                    // `Presentation.evaluateDirect`); on a layer's first frame too.
                    state.pointee.lifecycle.setOnly(life)
                    anyFinished = life == .finished
                    transition = nil
                } else {
                    let attached = state.pointee.hasSingle
                        ? UnsafeBufferPointer(start: (UnsafeRawPointer(state) + singleOffset)
                            .assumingMemoryBound(to: AttachedAnimation.self), count: 1)
                        : AnimationEngine.elements(of: state, at: attachedOffset, as: AttachedAnimation.self)
                    transition = state.pointee.lifecycle.withUnsafeMutableBuffer { life in
                        let transition = Presentation.evaluate(modelAt: model, animations: attached, layerTime: layerTime,
                                                               into: presentations + a, lifecycle: life,
                                                               resetting: full ? nil : state.pointee.written,
                                                               planOffset: planOffset)
                        for l in life where l == .finished { anyFinished = true; break }
                        return transition
                    }
                }
                if transition != nil || state.pointee.hasTransition {
                    state.pointee.hasTransition = transition != nil
                    transitions.append((state.pointee.layer, transition.map { AnimationEngine.transitionState($0, of: state) }))
                }
                // The compositor's caches below this layer follow its presentation; nothing
                // to do while they are stale already (nobody asked since).
                let written = state.pointee.written.rawValue
                var caches = LayerStore.Invalidation()
                if full || written & geometryMask != 0 { caches.insert(.worldTransform) }
                if full || written & opacityMask != 0 { caches.insert(.worldOpacity) }
                if !caches.isEmpty && !staleness[slot].isSuperset(of: caches) {
                    moved.append((Int32(slot), caches))
                }
                if (anyFinished || state.pointee.unstarted != 0) && reportLifecycle(of: state, at: t, events: &events) {
                    retiring.append(a)
                }
            }
        }
        for m in moved { store.invalidateSubtree(Int(m.slot), m.caches) }
        for (layer, t) in transitions { store.transitions[layer] = t }
        // States retired whole wait in `store.retired` for the caller to free off the loop
        // thread (a previous frame's, if nobody took them, are freed now).
        store.dropRetired()
        store.retireFinished(statesAt: retiring)
        return count
    }

    /// Calls `body` with the address of each animation of `state` the walk prefetches: its
    /// single one, or its first `prefetchedAnimations`.
    @inline(__always)
    static func forEachPrefetched(of state: UnsafeMutablePointer<AnimationState>, attachedOffset: Int, singleOffset: Int,
                                  _ body: (UnsafeRawPointer) -> Void) {
        if state.pointee.hasSingle {
            body(UnsafeRawPointer(state) + singleOffset)
        } else {
            let animations = AnimationEngine.elements(of: state, at: attachedOffset, as: AttachedAnimation.self,
                                                      checked: false)
            for i in 0..<min(animations.count, AnimationEngine.prefetchedAnimations) {
                body(UnsafeRawPointer(animations.baseAddress! + i))
            }
        }
    }

    /// Whether `state`'s animation `i` is removed when it finishes, read in place (its
    /// single copy when it has one, so a layer's first and last frames touch no array of
    /// its animations).
    @inline(__always)
    static func isRemovedOnCompletion(_ i: Int, of state: UnsafeMutablePointer<AnimationState>) -> Bool {
        if state.pointee.hasSingle { return state.pointee.single.animation.isRemovedOnCompletion }
        return elements(of: state, at: attachedOffset, as: AttachedAnimation.self)[i].animation.isRemovedOnCompletion
    }

    /// Works out what steady frames of `state`'s layer touch (see `AnimationState.spanStart`).
    static func noteSpan(of state: UnsafeMutablePointer<AnimationState>) {
        let span = LayerProperties.storageSpan(of: state.pointee.written)
        state.pointee.spanStart = UInt16(span.lowerBound)
        state.pointee.spanEnd = UInt16(max(span.upperBound, span.lowerBound + 1))
    }

    /// `progress` with the id of the animation it comes from: the last transition (or group
    /// holding one) applied at this frame.
    static func transitionState(_ progress: TransitionProgress,
                                of state: UnsafeMutablePointer<AnimationState>) -> TransitionState {
        func holdsTransition(_ a: Animation) -> Bool {
            switch a.kind {
            case .transition: return true
            case let .group(g): return g.animations.contains(where: holdsTransition)
            default: return false
            }
        }
        var id: UInt64 = 0
        for i in state.pointee.attached.indices.reversed()
        where state.pointee.lifecycle[i] != .pending && holdsTransition(state.pointee.attached[i].animation) {
            id = state.pointee.records[i].id
            break
        }
        return TransitionState(id: id, transition: progress.transition, progress: min(1, max(0, progress.progress)))
    }

    /// Sends each animation's first `animationStarted` and its `animationStopped(finished:
    /// true)` once, by its lifecycle at this frame. Returns whether one finished that is
    /// removed on completion. The walk calls it only while an animation has not started or
    /// one is finished: in the steady state every record is left alone.
    ///
    /// Cost: per animation a lifecycle byte and its record; per event, one encoding into
    /// `events`. The records are written in place through their array's storage (a layer's
    /// records are its own: `AnimationState` is never copied while the engine runs), and an
    /// animation is read for `isRemovedOnCompletion` in place too, never copied.
    @inline(__always)
    private func reportLifecycle<Events: AnimationEventSink & ~Copyable>(
        of state: UnsafeMutablePointer<AnimationState>, at t: Double, events: inout Events) -> Bool {
        var retire = false
        let layer = state.pointee.layer
        let count = state.pointee.lifecycle.count
        var unstarted = state.pointee.unstarted
        state.pointee.lifecycle.withUnsafeMutableBuffer { lifecycle in
            state.pointee.records.withUnsafeMutableBufferPointer { records in
                for i in 0..<count {
                    let life = lifecycle[i]
                    if life == .pending || records[i].stopped { continue }
                    if life == .active && records[i].started { continue }
                    let animationID = records[i].id
                    if !records[i].started {
                        records[i].started = true
                        unstarted -= 1
                        events.appendAnimationStarted(AnimationStarted(animationID: animationID, layer: layer,
                                                                       mediaTime: t))
                    }
                    if life == .finished {
                        records[i].stopped = true
                        events.appendAnimationStopped(AnimationStopped(animationID: animationID, layer: layer,
                                                                       finished: true, mediaTime: t))
                        if AnimationEngine.isRemovedOnCompletion(i, of: state) { retire = true }
                    }
                }
            }
        }
        state.pointee.unstarted = unstarted
        return retire
    }
}
