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
///     presentation = Presentation.evaluate(planned: the layer's rows, …) — resetting only
///                    the animated properties to the model unless the model or the
///                    animation list changed since the last frame, and of those only the
///                    ones no animation overwrites this frame (`EvaluationPlan.overwrites`);
///                    in that steady case a layer whose one animation is direct (basic or
///                    spring with both ends, or a whole transform, of a stored property:
///                    `Presentation.evaluateDirect`) is evaluated and stored straight,
///                    its timing (state and eased progress) shared with the rows that have
///                    the same timing, curve and layer time (`TimingMemo`)
///
/// What the walk reads lies in memory the store owns: the dense states, the nodes, the
/// presentations, and the `AnimationTable`'s rows, spans and arenas, reached by index. It
/// reads no Swift array's storage, no object and no field by an offset of its own making: a
/// property's storage is found by RenderCore's property map (`PropertyKey.field`: a slot in
/// one of `LayerProperties`' columns), and the only offsets the walk uses are `MemoryLayout`'s
/// (where a node's model lies; where a property's slots lie, `LayerProperties.storageSpan`,
/// the server's fold of `PropertyField.bytes`), to fetch memory ahead. RenderCore is handed
/// plain values: a row (`inout`), its out-of-line data as views (`PlannedData`, made here
/// from the row's spans and the arenas' bases), the model and the presentation (`inout`,
/// addressed here from the store's buffers); it knows nothing of the placement.
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
    /// Where a node's model lies within it, in bytes (`MemoryLayout`'s answer: the walk
    /// fetches the bytes of the model an animation reads ahead of use).
    static let modelOffset = MemoryLayout<LayerStore.Node>.offset(of: \LayerStore.Node.model)!
    /// The bytes of a node that looking up its world timing reads and writes (its world
    /// timing; its own timing lies apart, `LayerStore.timing(slot:)`, and nearly always is
    /// the identity).
    static let nodeTimingBytes: Range<Int> = {
        let world = MemoryLayout<LayerStore.Node>.offset(of: \LayerStore.Node.worldTiming)!
        return world ..< world + MemoryLayout<WorldTiming>.size
    }()

    /// How many animated layers ahead the walk prefetches a layer's rows, node and
    /// presentation.
    static let prefetchDistance = 8
    /// How many animated layers ahead the walk fetches their states.
    static let stateDistance = 16
    /// How many layers ahead the walk fetches the arena data a keyframe or transform row
    /// names (its row is in cache by then).
    static let arenaDistance = 4
    /// How many of a layer's rows the walk prefetches when it has several.
    static let prefetchedRows = 4

    /// Indices in `store.animations` of states with animations to retire after the frame.
    private var retiring: [Int] = []
    /// Transitions that began, ran or ended this frame, by layer (nil: ended).
    private var transitions: [(layer: LayerID, state: TransitionState?)] = []
    /// The walk's shared timings (one table for every store: each walk starts it afresh).
    private let timings = TimingMemo()
    /// Where the walk collects its events before handing them to the sink a run at a time
    /// (`LifecycleRun`): one per engine, 64 KiB, touched only as events come.
    private let runStorage = LifecycleRun.Storage()
    /// The latest walk's lookups in its shared timings and how many found one (0 and 0 for a
    /// walk of fewer than `TimingMemo.minimumRows` animated layers, which does not look).
    package var sharedTimings: (lookups: Int, hits: Int) { (timings.lookups, timings.hits) }

    /// Evaluates every animated layer of `store` at media time `t`, appending
    /// `animationStarted`/`animationStopped` events, then retires finished animations.
    /// Returns the number of animated layers evaluated.
    ///
    /// Cost: O(animated layers + their animations), independent of the tree's depth (each
    /// layer's world timing is cached, see `LayerStore`); nodes, states and rows are read and
    /// written in place, and nothing is allocated in steady state (`events` and the scratch
    /// buffers keep their capacity).
    ///
    /// `events` is where the events go, in order: the session's outbound buffer in the
    /// server (encoded in place), a `[Message]` in tests (see `AnimationEventSink`).
    @discardableResult
    package mutating func evaluate<Events: AnimationEventSink & ~Copyable>(_ store: LayerStore, at t: Double,
                                                                  events: inout Events) -> Int {
        retiring.removeAll(keepingCapacity: true)
        let starting = store.takeStartsSinceFrame()
        if starting > 0 { events.reserveForAnimationsStarting(starting) }
        let count = store.animatedLayerCount
        guard count > 0 else { timings.skip(); return 0 }
        transitions.removeAll(keepingCapacity: true)
        // Static lets are read through `swift_once` on every access: read them once.
        let modelOffset = AnimationEngine.modelOffset, timingBytes = AnimationEngine.nodeTimingBytes
        let epoch = store.timingEpoch
        let table = store.table
        let arenas = table.arenas
        // Nothing below allocates in the table: the base addresses hold for the whole walk.
        let planned = table.planned.base, spans = table.spans.base, records = table.records.base
        let rowStride = MemoryLayout<PlannedAnimation>.stride
        // Rows sharing a timing, a curve and a layer time share their timed progress: worked
        // out once a walk (`TimingMemo`), in a store with enough animated layers to pay for it.
        var shared = timings.begin(looking: count >= TimingMemo.minimumRows)
        var run = LifecycleRun(runStorage.base)
        store.withFrameAccess { nodes, staleness, states, presentations, ids in
            let n = states.count
            for a in 0..<n {
                // The states themselves, further ahead: the walk reads the next ones' slots,
                // rows and flags to know what to fetch for them.
                if a + AnimationEngine.stateDistance < n {
                    let ahead = UnsafeRawPointer(states.baseAddress! + a + AnimationEngine.stateDistance)
                    for line in stride(from: 0, to: MemoryLayout<AnimationState>.stride, by: 64) {
                        csys_prefetch(ahead + line)
                    }
                    csys_prefetch(ahead + MemoryLayout<AnimationState>.stride - 1)
                }
                // Memory, not arithmetic, bounds a large frame: fetch what a layer a few
                // states ahead will touch while this one is evaluated, and only the lines it
                // uses: its rows, the bytes of its animated properties in its presentation
                // (and in its model, when an animation reads it); its records on its first
                // frame. Its caches' staleness lies in a dense array.
                if a + AnimationEngine.prefetchDistance < n {
                    let ahead = states.baseAddress! + a + AnimationEngine.prefetchDistance
                    let node = UnsafeRawPointer(nodes + Int(ahead.pointee.slot))
                    let presentation = UnsafeRawPointer(presentations + a + AnimationEngine.prefetchDistance)
                    if let planned, ahead.pointee.count > 0 {
                        let rows = UnsafeRawPointer(planned + Int(ahead.pointee.first))
                        let bytes = rowStride * min(Int(ahead.pointee.count), AnimationEngine.prefetchedRows)
                        for line in stride(from: 0, to: bytes, by: 64) { csys_prefetch(rows + line) }
                        csys_prefetch(rows + bytes - 1)
                        if ahead.pointee.unstarted != 0, let records {
                            // Its first frame: its records (its id, for the events, is in a
                            // dense column).
                            csys_prefetch_write(UnsafeRawPointer(records + Int(ahead.pointee.first)))
                        }
                        if ahead.pointee.readsOutOfLine, let spans {
                            // Where its keyframe values or transform ends lie (read for the
                            // arenas' prefetch below, then by the evaluation).
                            csys_prefetch(UnsafeRawPointer(spans + Int(ahead.pointee.first)))
                        }
                    }
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
                }
                // A keyframe or transform row reads its values or ends in an arena: fetch
                // them once the row itself has arrived.
                if a + AnimationEngine.arenaDistance < n,
                   (states.baseAddress! + a + AnimationEngine.arenaDistance).pointee.readsOutOfLine, let spans {
                    let ahead = states.baseAddress! + a + AnimationEngine.arenaDistance
                    let first = Int(ahead.pointee.first)
                    for r in first ..< first + min(Int(ahead.pointee.count), AnimationEngine.prefetchedRows) {
                        AnimationEngine.prefetchArenas(of: spans[r], arenas)
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
                let first = Int(state.pointee.first)
                let rows = UnsafeMutableBufferPointer(start: planned! + first, count: Int(state.pointee.count))
                // The row's keyframe values or transform ends, as views of the arenas.
                let readsOutOfLine = state.pointee.readsOutOfLine
                var anyFinished = false
                let transition: TransitionProgress?
                // The common case: animations whose values do not depend on the layer's, of
                // stored properties or transform components, each writing its own property
                // (see `Presentation.evaluateDirect`, `AnimationState.isDirect`): one, as a
                // large commit adds them, or several, as an animation block does; on a
                // layer's first frame too. Each row's timing is looked up among those worked
                // out this walk, or worked out and kept. A row that declines (its timing does
                // not apply it) sends the layer to the full evaluation below, which
                // overwrites whatever the rows before it wrote.
                var isDirect = state.pointee.isDirect
                if isDirect {
                    if rows.count == 1 {
                        // One row (nearly every layer a large commit adds) here; several in a
                        // function of their own: with their loop in it, the walk's code grew
                        // and the compiler stopped inlining its prefetching loops (5 % more
                        // instructions in the 100,000-layer steady frame, by callgrind).
                        let data = readsOutOfLine ? arenas.data(rows.baseAddress!, spans! + first)
                                                  : arenas.data(rows.baseAddress!)
                        if let life = AnimationEngine.evaluateDirect(rows.baseAddress!, data: data, shared: &shared,
                                                                     model: &nodes[slot].model, into: &presentations[a],
                                                                     layerTime: layerTime, reset: full) {
                            anyFinished = life == .finished
                        } else {
                            isDirect = false
                        }
                    } else if let finished = AnimationEngine.evaluateDirect(rows, spans: spans! + first, arenas: arenas,
                                                                             readsOutOfLine: readsOutOfLine, shared: &shared,
                                                                             model: &nodes[slot].model, into: &presentations[a],
                                                                             layerTime: layerTime, reset: full) {
                        anyFinished = finished
                    } else {
                        isDirect = false
                    }
                }
                if isDirect {
                    transition = nil
                } else {
                    anyFinished = false
                    transition = Presentation.evaluate(
                        planned: rows, data: { i, outOfLine in
                            arenas.data(rows.baseAddress! + i, spans! + first + i, outOfLine: outOfLine)
                        },
                        model: &nodes[slot].model, layerTime: layerTime, into: &presentations[a],
                        resetting: full ? nil : state.pointee.written,
                        written: { i in table.written(at: Int32(first + i)) }) { i, timing, p in
                        // The general route (groups, transitions, paths, …): the animation
                        // itself, as the table keeps it (only rows that may come here have one).
                        Presentation.apply(table.keptAnimation(at: first + i), state: timing, to: &p)
                    }
                    for row in rows where row.lifecycle == .finished { anyFinished = true; break }
                }
                if transition != nil || state.pointee.hasTransition {
                    state.pointee.hasTransition = transition != nil
                    transitions.append((nodes[slot].id,
                                        transition.map { AnimationEngine.transitionState($0, of: state, rows: rows, table: table) }))
                }
                if anyFinished || state.pointee.unstarted != 0 {
                    let records = records! + first
                    if rows.count == 1 {
                        // One animation (nearly every layer a large commit adds): its record
                        // and its event without the loop's bookkeeping.
                        if AnimationEngine.reportLifecycle(of: rows[0], record: records, layer: ids[a], at: t,
                                                           run: &run, events: &events) {
                            retiring.append(a)
                        }
                        // One row: one record not started until it is. (Having the per-row step
                        // return what it did instead cost the steady walk ten instructions a
                        // layer, by callgrind: its loop's code changed with it.)
                        if records.pointee.started { state.pointee.unstarted = 0 }
                    } else if AnimationEngine.reportLifecycle(of: state, layer: ids[a], rows: rows, records: records, at: t,
                                                              run: &run, events: &events) {
                        retiring.append(a)
                    }
                }
            }
        }
        run.flush(at: t, into: &events)
        timings.end(shared)
        for (layer, t) in transitions { store.transitions[layer] = t }
        // Animations kept whole that go wait in the table for the caller to free off the loop
        // thread (`takeRetired`; a previous frame's, if nobody took them, are freed now).
        store.dropRetired()
        store.retireFinished(statesAt: retiring)
        return count
    }

    /// `evaluate(_:at:events:)` encoding the events into `events`, as `ServerCore`'s frame
    /// does into a session's outbound bytes: the walk specialized for a `MessageBuffer` here,
    /// in this module, for a caller in another (the bench), which would otherwise run the
    /// generic walk, each event a call through the sink's witness table.
    @discardableResult
    package mutating func evaluate(_ store: LayerStore, at t: Double, encodingInto events: inout MessageBuffer) -> Int {
        evaluate(store, at: t, events: &events)
    }

    /// One row of the direct route (`Presentation.evaluateDirect`), its timing looked up
    /// among those this walk worked out (or worked out and kept) while the walk looks.
    @inline(__always)
    static func evaluateDirect(_ row: UnsafeMutablePointer<PlannedAnimation>, data: PlannedData,
                               shared: inout TimingMemo.Walk, model: inout LayerProperties,
                               into presentation: inout LayerProperties, layerTime: Double,
                               reset: Bool) -> AnimationLifecycle? {
        guard shared.isLooking else {
            return Presentation.evaluateDirect(&row.pointee, data: data, model: &model, layerTime: layerTime,
                                               into: &presentation, reset: reset)
        }
        var timed = shared.lookUp(row, layerTime: layerTime)
        if timed == nil {
            timed = Presentation.timedProgress(of: row, data: data, layerTime: layerTime)
            if let timed { shared.keep(timed) }
        }
        guard let timed else { return nil }
        return Presentation.evaluateDirect(&row.pointee, data: data, timed: timed, model: &model,
                                           into: &presentation, reset: reset)
    }

    /// The direct route for a layer's several rows, one by one (`AnimationState.isDirect`: each
    /// writes a property of its own), the presentation reset to the model before the first
    /// when `reset`: whether one finished, or nil when a row declines (the caller then
    /// evaluates the layer in full, which overwrites what the rows before it wrote).
    @inline(never)
    static func evaluateDirect(_ rows: UnsafeMutableBufferPointer<PlannedAnimation>, spans: UnsafePointer<PlanSpans>,
                               arenas: AnimationTable.Arenas, readsOutOfLine: Bool, shared: inout TimingMemo.Walk,
                               model: inout LayerProperties, into presentation: inout LayerProperties,
                               layerTime: Double, reset: Bool) -> Bool? {
        var finished = false
        for i in 0..<rows.count {
            let row = rows.baseAddress! + i
            let data = readsOutOfLine ? arenas.data(row, spans + i) : arenas.data(row)
            guard let life = evaluateDirect(row, data: data, shared: &shared, model: &model, into: &presentation,
                                            layerTime: layerTime, reset: reset && i == 0)
            else { return nil }
            if life == .finished { finished = true }
        }
        return finished
    }

    /// Fetches the arena data a row names: its first keyframe values and key times, or its
    /// transform's ends.
    @inline(__always)
    static func prefetchArenas(of spans: PlanSpans, _ inputs: AnimationTable.Arenas) {
        if spans.transform >= 0, let transforms = inputs.transforms {
            let ends = UnsafeRawPointer(transforms + Int(spans.transform))
            for line in stride(from: 0, to: MemoryLayout<TransformEnds>.stride, by: 64) { csys_prefetch(ends + line) }
        }
        if spans.valueCount > 0, let quads = inputs.quads {
            let values = UnsafeRawPointer(quads + Int(spans.values))
            let bytes = min(Int(spans.valueCount) * MemoryLayout<Quad>.stride, 256)
            for line in stride(from: 0, to: bytes, by: 64) { csys_prefetch(values + line) }
            if spans.keyTimeCount > 0, let doubles = inputs.doubles {
                csys_prefetch(UnsafeRawPointer(doubles + Int(spans.keyTimes)))
            }
        }
    }

    /// Works out what steady frames of `state`'s layer touch (see `AnimationState.spanStart`).
    static func noteSpan(of state: UnsafeMutablePointer<AnimationState>) {
        let span = LayerProperties.storageSpan(of: state.pointee.written)
        state.pointee.spanStart = UInt16(span.lowerBound)
        state.pointee.spanEnd = UInt16(max(span.upperBound, span.lowerBound + 1))
    }

    /// `progress` with the id of the animation it comes from: the last transition (or group
    /// holding one) applied at this frame.
    static func transitionState(_ progress: TransitionProgress, of state: UnsafeMutablePointer<AnimationState>,
                                rows: UnsafeMutableBufferPointer<PlannedAnimation>, table: AnimationTable) -> TransitionState {
        func holdsTransition(_ a: Animation) -> Bool {
            switch a.kind {
            case .transition: return true
            case let .group(g): return g.animations.contains(where: holdsTransition)
            default: return false
            }
        }
        var id: UInt64 = 0
        let records = state.pointee.records(in: table)
        let first = Int(state.pointee.first)
        // Only an animation kept whole may hold a transition.
        for i in rows.indices.reversed()
        where rows[i].lifecycle != .pending && table.isKept(first + i) && holdsTransition(table.keptAnimation(at: first + i)) {
            id = records[i].id
            break
        }
        return TransitionState(id: id, transition: progress.transition, progress: min(1, max(0, progress.progress)))
    }

    /// Sends each animation's first `animationStarted` and its `animationStopped(finished:
    /// true)` once, by its lifecycle at this frame. Returns whether one finished that is
    /// removed on completion. The walk calls it only while an animation has not started or
    /// one is finished: in the steady state every record is left alone.
    ///
    /// Cost: per animation its row's lifecycle and its record (the table's columns, written
    /// in place); per event, one encoding into `events`.
    @inline(__always)
    private static func reportLifecycle<Events: AnimationEventSink & ~Copyable>(
        of state: UnsafeMutablePointer<AnimationState>, layer: LayerID, rows: UnsafeMutableBufferPointer<PlannedAnimation>,
        records: UnsafeMutablePointer<AnimationTable.Record>, at t: Double, run: inout LifecycleRun,
        events: inout Events) -> Bool {
        var retire = false
        var unstarted = state.pointee.unstarted
        for i in 0..<rows.count {
            let started = records[i].started
            if reportLifecycle(of: rows[i], record: records + i, layer: layer, at: t, run: &run, events: &events) { retire = true }
            if !started && records[i].started { unstarted -= 1 }
        }
        state.pointee.unstarted = unstarted
        return retire
    }

    /// One animation's events at this frame, by its row's lifecycle and its record (updated):
    /// its first `animationStarted`, its `animationStopped(finished: true)`, each once.
    /// Returns whether it finished and is removed on completion.
    @inline(__always)
    private static func reportLifecycle<Events: AnimationEventSink & ~Copyable>(
        of row: borrowing PlannedAnimation, record: UnsafeMutablePointer<AnimationTable.Record>, layer: LayerID,
        at t: Double, run: inout LifecycleRun, events: inout Events) -> Bool {
        let life = row.lifecycle
        if life == .pending || record.pointee.stopped { return false }
        if life == .active && record.pointee.started { return false }
        let animationID = record.pointee.id
        if !record.pointee.started {
            record.pointee.started = true
            run.add(LifecycleEvent(animationID: animationID, layer: layer, kind: .started), at: t, flushingInto: &events)
        }
        guard life == .finished else { return false }
        record.pointee.stopped = true
        run.add(LifecycleEvent(animationID: animationID, layer: layer, kind: .finished), at: t, flushingInto: &events)
        return row.isRemovedOnCompletion
    }
}

/// The walk's events on their way to the sink: collected in the engine's 64 KiB
/// (`Storage`), handed over 4,096 at a time and when the walk ends, in order. A plain value
/// the walk keeps in a local (its storage's address and a count), so that adding an event is
/// two stores and a compare, with no call and no retain.
struct LifecycleRun {
    /// Events a run holds before it is handed over (64 KiB: it stays in the cache).
    @inline(__always) static var capacity: Int { 4096 }

    /// The run's memory, for the engine's life.
    final class Storage {
        let base = UnsafeMutablePointer<LifecycleEvent>.allocate(capacity: LifecycleRun.capacity)
        deinit { base.deallocate() }
    }

    private let base: UnsafeMutablePointer<LifecycleEvent>
    private var count = 0

    init(_ base: UnsafeMutablePointer<LifecycleEvent>) { self.base = base }

    @inline(__always)
    mutating func add<Events: AnimationEventSink & ~Copyable>(_ e: LifecycleEvent, at t: Double,
                                                             flushingInto events: inout Events) {
        (base + count).initialize(to: e)
        count &+= 1
        if count == LifecycleRun.capacity { flush(at: t, into: &events) }
    }

    /// Hands the events collected to `events` and starts the run afresh.
    mutating func flush<Events: AnimationEventSink & ~Copyable>(at t: Double, into events: inout Events) {
        guard count > 0 else { return }
        events.appendLifecycleEvents(UnsafeBufferPointer(start: base, count: count), mediaTime: t)
        count = 0
    }
}
