import RenderCore
import RenderProtocol

/// Runs a client's animations at a frame's target time and reports their lifecycle.
///
/// Per animated layer, each frame:
///
///     local time   = Presentation.localTime(at: t, timings: ancestors' timings, outermost
///                    first, the layer's own last)
///     presentation = Presentation.evaluate(model, animations, local time)
///     per animation, by its lifecycle at that time:
///         pending               → nothing
///         active                → animationStarted, once
///         finished              → animationStarted (if it jumped straight through),
///                                 then animationStopped(finished: true), once
///     after the frame: finished animations with isRemovedOnCompletion are removed (so
///     the frame that finishes one shows its last value only when it fills forwards).
///
/// Layers without animations are not evaluated: their presentation is their model.
/// The same `Presentation` code runs in the client's `presentation()`, so both sides
/// agree for the same inputs. Thread affinity: the loop thread (it mutates stores).
struct AnimationEngine {
    /// Scratch for timing chains; kept to avoid allocating per layer.
    private var chain: [LayerTiming] = []
    private var retiring: [LayerID] = []

    /// Evaluates every animated layer of `store` at media time `t`, appending
    /// `animationStarted`/`animationStopped` events, then retires finished animations.
    /// Returns the number of animated layers evaluated.
    @discardableResult
    mutating func evaluate(_ store: LayerStore, at t: Double, events: inout [Message]) -> Int {
        retiring.removeAll(keepingCapacity: true)
        var evaluated = 0
        for id in store.animatedLayers {
            guard let node = store.node(id), let state = node.animation else { continue }
            let layerTime = store.localTime(of: id, at: t, scratch: &chain)
            Presentation.evaluate(model: node.model, animations: state.attached, layerTime: layerTime,
                                  into: &state.presentation, lifecycle: &state.lifecycle)
            evaluated += 1
            var retire = false
            for i in state.attached.indices {
                let life = state.lifecycle[i]
                if life == .pending || state.records[i].stopped { continue }
                let animationID = state.records[i].id
                if !state.records[i].started {
                    state.records[i].started = true
                    events.append(.animationStarted(AnimationStarted(animationID: animationID, layer: id, mediaTime: t)))
                }
                if life == .finished {
                    state.records[i].stopped = true
                    events.append(.animationStopped(AnimationStopped(animationID: animationID, layer: id,
                                                                     finished: true, mediaTime: t)))
                    if state.attached[i].animation.isRemovedOnCompletion { retire = true }
                }
            }
            if retire { retiring.append(id) }
        }
        for id in retiring { store.retireFinished(of: id) }
        return evaluated
    }

    /// The presentation of one layer at media time `t`, evaluated exactly as a frame
    /// would, without any side effect on the animations' lifecycle. `lifecycle` receives
    /// each attached animation's lifecycle at `t` (empty when the layer has none).
    mutating func presentation(of id: LayerID, in store: LayerStore, at t: Double,
                               lifecycle: inout [AnimationLifecycle]) -> LayerProperties? {
        guard let node = store.node(id) else { return nil }
        guard let state = node.animation else {
            lifecycle.removeAll(keepingCapacity: true)
            return node.model
        }
        let layerTime = store.localTime(of: id, at: t, scratch: &chain)
        var p = node.model
        Presentation.evaluate(model: node.model, animations: state.attached, layerTime: layerTime,
                              into: &p, lifecycle: &lifecycle)
        return p
    }
}
