import CCairo
import RenderCore

/// A layer subtree's finished rendering in display pixels — a masked layer's (its
/// subtree through its mask's alpha), or a transitioning layer's new rendering — over
/// `bounds` (its subtree bounds on the display), with no clip of its ancestors: painted
/// under the current clip, it gives the pixels drawing it again would. Kept like a layer
/// bitmap (counted in `Rasterizer.bitmapBudgetBytes`) while nothing in the subtree (or
/// the mask) changes; one made `volatile` (a transition inside) serves only the frame
/// (`serial`) it was made in — the bands of one damaged area.
final class KeptRendering {
    let pattern: OpaquePointer
    let bounds: PixelRect
    /// Items in the layer's render-list subtree (mask included) when it was made: a layer
    /// removed from the subtree changes it (one added is a changed item).
    let items: Int
    let serial: Int
    let volatile: Bool
    var bytes: Int { bounds.area * 4 }

    init(pattern: OpaquePointer, bounds: PixelRect, items: Int, serial: Int = 0, volatile: Bool = false) {
        self.pattern = pattern; self.bounds = bounds; self.items = items; self.serial = serial; self.volatile = volatile
    }

    deinit { cairo_pattern_destroy(pattern) }
}

extension Rasterizer {
    /// The damage pass found item `i` changed (new, moved, redrawn, …): the renderings of
    /// the masked layers whose subtree or mask holds it (it, and its ancestors) are
    /// stale, and those layers are not kept this frame.
    func maskedSubtreeChanged(at i: Int, _ block: RenderItems) {
        var index = i
        while index >= 0 {
            let (key, maskStart, parent) = (block[index].key, block[index].maskStart, block[index].parent)
            if maskStart >= 0 { subtreeChanged.insert(key) }
            // (Also a layer that has lost its mask: what it kept is stale.)
            if !maskedRenderings.isEmpty { dropMaskedRendering(key) }
            if !transitionRenderings.isEmpty { dropTransitionRendering(key) }
            index = parent
        }
    }

    func dropMaskedRendering(_ key: UInt64) {
        if let old = maskedRenderings.removeValue(forKey: key) { _ = reserveCacheBytes(-old.bytes) }
    }

    func dropTransitionRendering(_ key: UInt64) {
        if let old = transitionRenderings.removeValue(forKey: key) { _ = reserveCacheBytes(-old.bytes) }
    }

    /// Damage for a changed item when it gains, loses or changes its mask: its old and new
    /// subtree bounds (the mask's own items damage only where the mask itself changed).
    func maskDamage(_ item: RenderItem, _ block: RenderItems, into rects: inout Damage) {
        let before = maskedSubtrees[item.key]
        guard item.maskStart >= 0 else {
            if let before { rects.append(before.bounds); maskedSubtrees[item.key] = nil }
            dropMaskedRendering(item.key)
            return
        }
        let mask = item.maskStart < item.subtreeEnd ? block[item.maskStart].key : UInt64.max
        if before?.mask != mask {
            if let before { rects.append(before.bounds) }
            rects.append(item.subtreeBounds)
        }
        maskedSubtrees[item.key] = (mask, item.subtreeBounds)
    }
}

extension BandPainter {
    /// Whether the masked layer at `i` may be kept: the cached mode, and no transition in
    /// its subtree (a transition's picture changes every frame without its items changing).
    private func keepsMasked(_ i: Int, _ items: RenderItems) -> Bool {
        guard mode == .cached, !rasterizer.takingSnapshot, !rasterizer.subtreeChanged.contains(items[i].key) else { return false }
        for j in i ..< items[i].subtreeEnd where items[j].transition != nil { return false }
        return true
    }

    /// Draws a masked layer (`CALayer.mask`): the layer's subtree into a group, its mask's
    /// subtree into another, then the first through the second's alpha. Both are drawn
    /// through cairo (`nesting`), so the mask's own bitmaps, transforms, opacity and
    /// sublayers count as they would on screen; only its alpha is used.
    ///
    /// Cost: two groups the size of the damaged part of the layer's subtree bounds; none
    /// while the layer's rendering is kept (`KeptRendering`: the whole subtree bounds
    /// rendered once, in a frame where nothing in the subtree or mask changed, then painted
    /// from until something does).
    func drawMasked(_ i: Int, _ items: RenderItems, _ r: PixelRect) {
        let item = items[i]
        let area = item.subtreeBounds.intersection(r)
        guard !area.isEmpty else { return }
        // A mask that shows nothing (hidden, transparent, off screen) hides the layer.
        guard item.maskStart < item.subtreeEnd else { return }
        if keepsMasked(i, items), let kept = keptRendering(i, items) {
            saveClipped(to: area)
            cairo_set_source(cr, kept.pattern)
            cairo_paint(cr)
            cairo_restore(cr)
            return
        }
        saveClipped(to: area)
        nesting += 1
        paintThroughMask(i, items, r)
        nesting -= 1
        cairo_restore(cr)
    }

    /// Paints item `i`'s subtree through its mask's alpha onto the current target: the
    /// subtree into a group, the mask's subtree into another, the first masked by the second.
    /// The caller sets the clip and `nesting`.
    private func paintThroughMask(_ i: Int, _ items: RenderItems, _ r: PixelRect) {
        cairo_push_group(cr)
        drawItem(i, items, r, hooks: false)
        cairo_push_group(cr)
        drawRange(items[i].maskStart..<items[i].subtreeEnd, items, r)
        let mask = cairo_pop_group(cr)
        cairo_pop_group_to_source(cr)
        cairo_identity_matrix(cr)
        if let mask {
            cairo_mask(cr, mask)
            cairo_pattern_destroy(mask)
        }
    }

    /// The masked layer's kept rendering, made now (the whole subtree bounds, without the
    /// ancestors' clip) when there is none; nil when it does not fit the budget. Under
    /// `Rasterizer.cacheLock`: the first band that needs it makes it, the others wait.
    private func keptRendering(_ i: Int, _ items: RenderItems) -> KeptRendering? {
        let rasterizer = rasterizer
        rasterizer.cacheLock.lock(); defer { rasterizer.cacheLock.unlock() }
        let item = items[i]
        let bounds = item.subtreeBounds.intersection(display)
        let count = item.subtreeEnd - i
        if let kept = rasterizer.maskedRenderings[item.key] {
            if kept.bounds == bounds && kept.items == count { return kept }
            rasterizer.dropMaskedRendering(item.key)
        }
        guard !bounds.isEmpty, rasterizer.reserveCacheBytes(bounds.area * 4) else { return nil }
        saveClipped(to: bounds, replacing: true)
        nesting += 1
        cairo_push_group(cr)
        paintThroughMask(i, items, bounds)
        let pattern = cairo_pop_group(cr)
        nesting -= 1
        cairo_restore(cr)
        guard let pattern else { _ = rasterizer.reserveCacheBytes(-bounds.area * 4); return nil }
        let kept = KeptRendering(pattern: pattern, bounds: bounds, items: count)
        rasterizer.maskedRenderings[item.key] = kept
        return kept
    }
}
