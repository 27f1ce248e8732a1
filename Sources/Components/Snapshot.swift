import RenderCore
import RenderClient
import RenderViews

/// Snapshots of disappearing views, for final animations (`animationsOnFinalUnmount`):
/// a copy of the view's layer tree as presented now, standing where the view stood, removed
/// once every animation added to it has stopped.
enum Snapshot {
    /// A layer tree of the same kinds as `layer`'s, with its presentation values now.
    /// Main queue. The copies are new (uncommitted), so setting them never animates.
    /// The root is named after the layer it copies; sublayers keep their names, so a final
    /// animation's `layerPath` finds the same sublayer in the copy.
    static func copy(of layer: Layer) -> Layer {
        let s = copyTree(of: layer)
        s.name = "snapshot of layer \(layer.id)" + (layer.name.map { " (\($0))" } ?? "")
        return s
    }

    private static func copyTree(of layer: Layer) -> Layer {
        let s = type(of: layer).init(context: layer.context)
        let p = layer.presentation()
        // The mask names a layer: the snapshot gets a snapshot of the mask instead.
        for key in PropertyKey.allCases where key.layerKinds.contains(s.kind) && key != .mask {
            try? s.setValue(p.value(of: key), forKeyPath: LayerKeyPath(key))
        }
        if let mask = layer.mask { s.mask = copyTree(of: mask) }
        s.name = layer.name
        for sub in layer.sublayers { s.addSublayer(copyTree(of: sub)) }
        return s
    }

    /// Removes its snapshot when the last of its animations stops.
    final class Remover: AnimationDelegate {
        let snapshot: Layer
        var outstanding = 0
        init(_ snapshot: Layer) { self.snapshot = snapshot }
        func animationDidStop(_ anim: Animation, finished: Bool) {
            outstanding -= 1
            if outstanding <= 0 { snapshot.removeFromSuperlayer() }
        }
    }
}
