import RenderCore
import RenderProtocol

extension LayerStore {
    /// What drawing reads of a layer (`drawable`), with the presentation of an animated layer
    /// evaluated at media time `t` rather than taken from the latest frame: the compositor's
    /// render list builder uses it to finish a picture begun at an earlier frame
    /// (`RenderListBuilder`'s sliced updates), so that one client's picture shows every layer
    /// at one time. The frame's evaluation (`Presentation.evaluate(planned:…)`, the same bits
    /// a tree dump's gives) over a copy of the layer's rows, with no effect on the
    /// animations' lifecycle; a layer whose animations were retired since `t` shows its
    /// model. `lifecycle` receives each animation's lifecycle at `t` (scratch space, reused
    /// between calls, as is the rows' copy, `pictureRows`).
    ///
    /// Cost: one layer's evaluation (its model copied); loop thread.
    func drawable(_ id: LayerID, at t: Double,
                  lifecycle: inout [AnimationLifecycle]) -> (presentation: LayerProperties, kind: LayerKind, sublayers: [LayerID])? {
        guard let s = slot(of: id) else { return nil }
        let a = nodes.withUnsafeBufferPointer { Int($0[s].animationIndex) }
        guard a >= 0, let layerTime = localTime(of: id, at: t) else { return drawable(id) }
        let state = animations[a]
        let first = Int(state.first), table = self.table
        pictureRows.removeAll(keepingCapacity: true)
        pictureRows.append(contentsOf: state.rows(in: table))
        let arenas = table.arenas, spans = table.spans.base
        // Read in place: no copy of the node.
        return nodes.withUnsafeBufferPointer { n in
            var model = n[s].model
            var presentation = model
            pictureRows.withUnsafeMutableBufferPointer { rows in
                _ = Presentation.evaluate(planned: rows, data: { i, outOfLine in
                                              arenas.data(rows.baseAddress! + i, spans! + first + i, outOfLine: outOfLine)
                                          },
                                          model: &model, layerTime: layerTime, into: &presentation, resetting: nil,
                                          written: { i in table.written(at: Int32(first + i)) }) { i, timing, p in
                    Presentation.apply(table.keptAnimation(at: first + i), state: timing, to: &p)
                }
            }
            lifecycle.removeAll(keepingCapacity: true)
            for row in pictureRows { lifecycle.append(row.lifecycle) }
            return (presentation, n[s].kind, n[s].sublayers)
        }
    }
}
