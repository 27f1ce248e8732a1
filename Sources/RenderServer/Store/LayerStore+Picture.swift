import RenderCore
import RenderProtocol

extension LayerStore {
    /// `withDrawable(_:_:)` with the presentation of an animated layer evaluated at media
    /// time `t` rather than taken from the latest frame: the compositor's render list builder
    /// uses it to finish a picture begun at an earlier frame (`RenderListBuilder`'s sliced
    /// updates), so that one client's picture shows every layer at one time. The frame's
    /// evaluation (`Presentation.evaluate(planned:…)`, the same bits a tree dump's gives) over
    /// a copy of the layer's rows (`pictureRows`), with no effect on the animations'
    /// lifecycles; a layer whose animations were retired since `t` shows its model, read in
    /// place. The evaluation writes into `picture`, which the store keeps for it: `body` gets
    /// its address (valid during the call only; `body` must not change the store).
    ///
    /// Cost: one layer lookup and one layer's evaluation (the model read in place, assigned
    /// to `picture` once; animations of the direct route evaluated as the frame's walk
    /// does, with a reset); loop thread.
    func withDrawable<R>(_ id: LayerID, at t: Double,
                         _ body: (UnsafePointer<LayerProperties>, LayerKind, [LayerID]) -> R) -> R? {
        guard let s = slot(of: id) else { return nil }
        let a = nodes.withUnsafeBufferPointer { Int($0[s].animationIndex) }
        guard a >= 0 else { return withDrawable(slot: s, body) }
        let table = self.table, picture = self.picture
        let state = animations[a]
        let first = Int(state.first), rows = state.rows(in: table)
        let arenas = table.arenas, spans = table.spans.base
        let (kind, sublayers) = withNodeAccess { n, staleness in
            let layerTime = worldTiming(slot: s, in: n, staleness: staleness).localTime(t)
            if state.isDirect {
                // Animations of the direct route, each on its own property (most layers): a
                // copy of each row, the presentation reset to the model before the first
                // (`reset`), as the full evaluation does; the full evaluation when a row
                // declines.
                var answered = true
                for i in 0..<rows.count where answered {
                    var row = rows[i]
                    let data = state.readsOutOfLine ? arenas.data(&row, spans! + first + i) : arenas.data(&row)
                    answered = Presentation.evaluateDirect(&row, data: data, model: &n[s].model, layerTime: layerTime,
                                                           into: &picture.pointee, reset: i == 0) != nil
                }
                if answered { return (n[s].kind, n[s].sublayers) }
            }
            pictureRows.removeAll(keepingCapacity: true)
            pictureRows.append(contentsOf: rows)
            pictureRows.withUnsafeMutableBufferPointer { rows in
                _ = Presentation.evaluate(planned: rows, data: { i, outOfLine in
                                              arenas.data(rows.baseAddress! + i, spans! + first + i, outOfLine: outOfLine)
                                          },
                                          model: &n[s].model, layerTime: layerTime, into: &picture.pointee, resetting: nil,
                                          written: { i in table.written(at: Int32(first + i)) }) { i, timing, p in
                    Presentation.apply(table.keptAnimation(at: first + i), state: timing, to: &p)
                }
            }
            return (n[s].kind, n[s].sublayers)
        }
        return body(UnsafePointer(picture), kind, sublayers)
    }
}
