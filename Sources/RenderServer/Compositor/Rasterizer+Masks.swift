import CCairo
import RenderCore

extension Rasterizer {
    /// Draws a masked layer (`CALayer.mask`): the layer's subtree into a group, its mask's
    /// subtree into another, then the first through the second's alpha. Both are drawn
    /// through cairo (`nesting`), so the mask's own bitmaps, transforms, opacity and
    /// sublayers count as they would on screen; only its alpha is used.
    ///
    /// Cost: two groups the size of the damaged part of the layer's subtree bounds.
    func drawMasked(_ i: Int, _ items: RenderItems, _ r: PixelRect) {
        let item = items[i]
        let area = item.subtreeBounds.intersection(r)
        guard !area.isEmpty else { return }
        // A mask that shows nothing (hidden, transparent, off screen) hides the layer.
        guard item.maskStart < item.subtreeEnd else { return }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_rectangle(cr, Double(area.x), Double(area.y), Double(area.width), Double(area.height))
        cairo_clip(cr)
        nesting += 1
        cairo_push_group(cr)
        drawItem(i, items, r, hooks: false)
        cairo_push_group(cr)
        drawRange(item.maskStart..<item.subtreeEnd, items, r)
        let mask = cairo_pop_group(cr)
        cairo_pop_group_to_source(cr)
        cairo_identity_matrix(cr)
        if let mask {
            cairo_mask(cr, mask)
            cairo_pattern_destroy(mask)
        }
        nesting -= 1
        cairo_restore(cr)
    }

    /// Damage for a changed item when it gains, loses or changes its mask: its old and new
    /// subtree bounds (the mask's own items damage only where the mask itself changed).
    func maskDamage(_ item: RenderItem, _ block: RenderItems, into rects: inout [PixelRect]) {
        let before = maskedSubtrees[item.key]
        guard item.maskStart >= 0 else {
            if let before { rects.append(before.bounds); maskedSubtrees[item.key] = nil }
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
