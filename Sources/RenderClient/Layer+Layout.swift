import Dispatch
import RenderCore

/// Layout (`CALayer`'s `setNeedsLayout` / `layoutIfNeeded` / `layoutSublayers`).
///
///     setNeedsLayout()        marks the layer and joins the open transaction
///     layoutIfNeeded()        lays out, top-down, the marked layers of the tree the layer is in
///                             from its topmost marked ancestor
///     before the outermost commit sends, the context lays out every marked layer,
///     so what layout changes goes out in the same commit as what invalidated it
///
/// `layoutSublayers()` asks the delegate (a view lays out its subviews there). Layout runs on
/// the callback queue, inside the transaction being committed: its changes run the action
/// search as any other change does.
extension Layer {
    /// Marks the layer as needing layout before the next commit (or the next
    /// `layoutIfNeeded()`). Cheap to call repeatedly.
    public func setNeedsLayout() {
        dispatchPrecondition(condition: .onQueue(context.queue))
        guard !needsLayout else { return }
        needsLayout = true
        context.willChange()
        context.layoutRequests.append(Weak(self))
    }

    /// Lays out now whatever needs it in this layer's tree, from its topmost ancestor that
    /// needs layout down through the layer's subtree.
    public func layoutIfNeeded() {
        dispatchPrecondition(condition: .onQueue(context.queue))
        var top: Layer = self
        var a = superlayer
        while let x = a {
            if x.needsLayout { top = x }
            a = x.superlayer
        }
        top.layoutSubtree()
    }

    private func layoutSubtree() {
        if needsLayout {
            needsLayout = false
            layoutSublayers()
        }
        // Sublayers may change while laying out; iterate over a snapshot.
        for s in sublayers { s.layoutSubtree() }
    }
}
