import RenderCore
import RenderProtocol

extension LayerStore {
    /// What drawing reads of a layer (`drawable`), with the presentation of an animated layer
    /// evaluated at media time `t` rather than taken from the latest frame: the compositor's
    /// render list builder uses it to finish a picture begun at an earlier frame
    /// (`RenderListBuilder`'s sliced updates), so that one client's picture shows every layer
    /// at one time. The same evaluation a tree dump runs (`Presentation.evaluate`), with no
    /// effect on the animations' lifecycle; a layer whose animations were retired since `t`
    /// shows its model. `lifecycle` is scratch space, reused between calls.
    ///
    /// Cost: one layer's evaluation (its model copied); loop thread.
    func drawable(_ id: LayerID, at t: Double,
                  lifecycle: inout [AnimationLifecycle]) -> (presentation: LayerProperties, kind: LayerKind, sublayers: [LayerID])? {
        guard let s = slot(of: id) else { return nil }
        let a = nodes.withUnsafeBufferPointer { Int($0[s].animationIndex) }
        guard a >= 0, let layerTime = localTime(of: id, at: t) else { return drawable(id) }
        // Read in place: no copy of the node or of the animation state.
        return nodes.withUnsafeBufferPointer { n in
            animations.withUnsafeBufferPointer { states in
                var presentation = n[s].model
                Presentation.evaluate(model: n[s].model, animations: states[a].attached, layerTime: layerTime,
                                      into: &presentation, lifecycle: &lifecycle)
                return (presentation, n[s].kind, n[s].sublayers)
            }
        }
    }
}
