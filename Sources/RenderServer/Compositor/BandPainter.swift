import CCairo
import RenderCore

/// One thread's drawing onto the rasterizer's frame: its own cairo context (and pixman
/// image) over the frame's pixels, and the walk that draws a band of the damage with every
/// layer that crosses it. The rasterizer keeps one painter per drawing thread (`BandPool`):
/// painter 0 draws on the frame's own cairo surface (the compositor thread's), the others on
/// cairo surfaces of their own over the same pixels. Each band is drawn by one painter, the
/// bands of a frame are disjoint, and a band's pixels are computed from the render list and
/// the band alone — so which painter draws which band does not change a pixel.
///
/// What painters share lives in the `Rasterizer` and is only read while bands are drawn
/// (the damage pass's results, the transition snapshots), except the kept bitmaps and
/// renderings, which are looked up, made and counted under `Rasterizer.cacheLock`.
///
/// Thread affinity: one thread at a time (its band's).
final class BandPainter {
    unowned let rasterizer: Rasterizer
    /// The rasterizer's `keptViews` (read for every bitmap layer drawn, so held here: no
    /// reference of the rasterizer taken per item).
    let keptViews: KeptViews
    /// The rasterizer's `fillsSolidsDirectly`, kept here by it.
    var fillsSolidsDirectly = true
    /// A cairo image surface over the frame's pixels (the frame's own for painter 0).
    let surface: OpaquePointer
    let cr: OpaquePointer
    /// The frame as a pixman image, for compositing layer bitmaps straight onto it.
    private let frameImage: PixmanImage
    let mode: Rasterizer.Mode
    let display: PixelRect
    /// How many groups and ancestor clips enclose what is being drawn: bitmaps go straight
    /// to the frame through pixman only at 0 (pixman knows neither cairo's groups nor its
    /// clip paths), else through cairo.
    var nesting = 0

    /// Draws through `surface` (a reference is taken; destroyed with the painter).
    init?(_ rasterizer: Rasterizer, surface: OpaquePointer) {
        guard let image = PixmanImage(surface) else { return nil }
        self.rasterizer = rasterizer
        keptViews = rasterizer.keptViews
        fillsSolidsDirectly = rasterizer.fillsSolidsDirectly
        self.surface = cairo_surface_reference(surface)
        cr = cairo_create(surface)!
        frameImage = image
        mode = rasterizer.mode
        display = rasterizer.display
    }

    deinit { cairo_destroy(cr); cairo_surface_destroy(surface) }

    /// Saves cairo's state, then clips to the device pixels `r` (with `replacing`, instead of
    /// the current clip: a kept rendering is made whole, whatever its ancestors clip). The
    /// caller restores.
    func saveClipped(to r: PixelRect, replacing: Bool = false) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        if replacing { cairo_reset_clip(cr) }
        cairo_rectangle(cr, Double(r.x), Double(r.y), Double(r.width), Double(r.height))
        cairo_clip(cr)
    }

    /// Draws band `r` of the frame whole: the background, then every layer where it meets `r`.
    func redraw(_ r: PixelRect, _ list: RenderList) {
        saveClipped(to: r)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        LayerPainter.setColor(Rasterizer.background, cr)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        for block in list.blocks { drawRange(0..<block.count, block, r) }
        cairo_restore(cr)
    }

    /// Draws the subtrees that start in `range` (siblings, back to front) where they meet `r`.
    func drawRange(_ range: Range<Int>, _ items: RenderItems, _ r: PixelRect) {
        walk(range, items, r, root: nil)
    }

    /// Draws item `i`'s subtree; with `hooks` false, item `i` itself is drawn plainly even
    /// when it has a transition or a mask (the transition and mask drawing call it so).
    func drawItem(_ i: Int, _ items: RenderItems, _ r: PixelRect, hooks: Bool = true) {
        walk(i ..< items.subtree(i).end, items, r, root: i, rootHooks: hooks)
    }

    /// A layer whose sublayers are being drawn: where they end, and what closing it takes.
    private struct OpenLayer {
        let index: Int
        /// Its sublayers are `index + 1 ..< childrenEnd`; the walk goes on at `next`.
        let childrenEnd: Int
        let next: Int
        let isGroup: Bool
        let clipsSublayers: Bool
    }

    /// The drawing walk, iterative: a tree as deep as the depth limit allows draws with a
    /// constant amount of the compositor thread's stack (a recursive walk overflowed it at
    /// about 2,000 levels). Only masks and transitions, which draw a subtree into a group of
    /// its own, call back into it. Each subtree that starts in `range` is drawn where it meets
    /// `r`; item `root` is drawn whatever its bounds, and without its transition or mask
    /// unless `rootHooks`.
    private func walk(_ range: Range<Int>, _ items: RenderItems, _ r: PixelRect, root: Int?, rootHooks: Bool = true) {
        var open: [OpenLayer] = []
        var i = range.lowerBound
        while true {
            let end = open.last?.childrenEnd ?? range.upperBound
            guard i < end else {
                guard let layer = open.popLast() else { return }
                close(layer, items)
                i = layer.next
                continue
            }
            let (bounds, next, inTransition) = items.subtree(i)
            let hooks = i != root || rootHooks
            guard i == root || bounds.intersects(r) || (next > i + 1 && bounds.isEmpty) || inTransition else {
                i = next
                continue
            }
            let item = items[i]
            if hooks && item.transition != nil && drawTransition(i, items, r) { i = next; continue }
            if hooks && item.maskStart >= 0 { drawMasked(i, items, r); i = next; continue }
            if item.isGroup {
                let area = item.subtreeBounds.intersection(r)
                guard !area.isEmpty else { i = next; continue }
                saveClipped(to: area)
                cairo_push_group(cr)
                nesting += 1
                drawOwn(item, alpha: 1, r)
            } else {
                drawOwn(item, alpha: item.opacity, r)
            }
            let layer = OpenLayer(index: i, childrenEnd: item.childrenEnd, next: next, isGroup: item.isGroup,
                                  clipsSublayers: item.masksToBounds && item.childrenEnd > i + 1)
            guard item.childrenEnd > i + 1 else {
                if item.isGroup { close(layer, items) }
                i = next
                continue
            }
            if layer.clipsSublayers {
                cairo_save(cr)
                addBoundsPath(item)
                cairo_clip(cr)
                nesting += 1
            }
            open.append(layer)
            i += 1
        }
    }

    /// After a layer's sublayers: their clip ends, its live border goes on top, and a group
    /// is composited at the layer's opacity.
    private func close(_ layer: OpenLayer, _ items: RenderItems) {
        if layer.clipsSublayers {
            nesting -= 1
            cairo_restore(cr)
        }
        let item = items[layer.index]
        drawLiveBorder(item, alpha: layer.isGroup ? 1 : item.opacity)
        guard layer.isGroup else { return }
        nesting -= 1
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, item.opacity)
        cairo_restore(cr)
    }

    /// The rounded bounds in device space, as the current path (user space left identity).
    private func addBoundsPath(_ item: RenderItem) {
        cairo_new_path(cr)
        let bounds = item.contentBounds, radius = item.contentCornerRadius
        if item.world.isAffine {
            cairo_save(cr)
            setMatrix(item.world)
            PathGeometry.addRoundedRect(bounds, radius: radius, to: cr)
            cairo_restore(cr)
        } else {
            cairo_identity_matrix(cr)
            let poly = PathGeometry.roundedRectPolyline(bounds, radius: radius)
            PathGeometry.add([poly], mappedBy: item.world, to: cr)
        }
    }

    private func setMatrix(_ t: ProjectiveTransform) {
        var m = cairo_matrix_t()
        cairo_matrix_init(&m, t.a, t.b, t.c, t.d, t.tx, t.ty)
        cairo_set_matrix(cr, &m)
    }

    /// A border drawn above the sublayers (when it is not part of the layer's bitmap).
    private func drawLiveBorder(_ item: RenderItem, alpha: Double) {
        let c = item.content
        guard !c.borderInContent, c.hasBorder else { return }
        cairo_save(cr)
        if item.world.isAffine {
            setMatrix(item.world)
            if alpha < 1 { cairo_push_group(cr) }
            LayerPainter.paintBorder(c, into: cr)
            if alpha < 1 { cairo_pop_group_to_source(cr); cairo_paint_with_alpha(cr, alpha) }
        } else {
            cairo_identity_matrix(cr)
            let b = c.bounds, w = min(c.borderWidth, min(abs(b.width), abs(b.height)) / 2)
            let outer = PathGeometry.roundedRectPolyline(b, radius: c.cornerRadius)
            let inner = PathGeometry.roundedRectPolyline(Rect(x: b.minX + w, y: b.minY + w, width: abs(b.width) - 2 * w,
                                                              height: abs(b.height) - 2 * w),
                                                         radius: max(0, c.cornerRadius - w))
            cairo_new_path(cr)
            PathGeometry.add([outer, inner], mappedBy: item.world, to: cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            LayerPainter.setColor(c.borderColor, cr, alpha: alpha)
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }

    /// The layer's own drawing at `alpha`.
    private func drawOwn(_ item: RenderItem, alpha: Double, _ r: PixelRect) {
        guard !item.drawsNothing else { return }
        let area = item.screenBounds.intersection(r)
        guard !area.isEmpty else { return }
        if mode == .naive && item.world.isAffine && !item.contentHasShadow {
            drawVector(item, alpha: alpha, area)
            return
        }
        if mode == .cached && item.contentIsSolid {
            if fillsSolidsDirectly && nesting == 0 && fillSolidDirect(item, alpha: alpha, area: area) { return }
            drawSolid(item, alpha: alpha)
            return
        }
        let bitmap: LayerBitmap?
        if mode == .cached {
            // A kept bitmap as a plain value (no reference counted: see `BitmapView`); the
            // entry keeps it while it is drawn.
            switch keptViews.view(for: item) {
            case .drawn(let view): composite(view, world: item.world, alpha: alpha, area: area); return
            case .empty: return
            case .notKept: bitmap = rasterizer.cachedBitmap(item)
            }
        } else {
            bitmap = LayerBitmap.render(item.content, scale: LayerBitmap.bucket(for: item.world.maxScale(over: item.contentBounds)))
            if bitmap != nil { rasterizer.countRendered() }
        }
        guard let bitmap else { return }
        withExtendedLifetime(bitmap) { composite(bitmap.view, world: item.world, alpha: alpha, area: area) }
    }

    /// A background-and-border layer as one or two fills of solid colour. At `alpha` < 1
    /// with both, the band is filled with the border already composited over the
    /// background and the inside with the background, each times `alpha` — what a group
    /// would give, without one (up to the antialiased seam between the two fills).
    private func drawSolid(_ item: RenderItem, alpha: Double) {
        let c = item.content
        let b = c.bounds
        guard !b.isEmpty else { return }
        let hasBackground = c.backgroundColor.alpha > 0, hasBorder = c.borderInContent && c.hasBorder
        let w = min(c.borderWidth, min(abs(b.width), abs(b.height)) / 2)
        let inner = Rect(x: b.minX + w, y: b.minY + w, width: abs(b.width) - 2 * w, height: abs(b.height) - 2 * w)
        let innerRadius = max(0, c.cornerRadius - w)
        cairo_save(cr)
        let affine = item.world.isAffine
        if affine { setMatrix(item.world) } else { cairo_identity_matrix(cr) }
        func add(_ r: Rect, _ radius: Double) {
            if affine { PathGeometry.addRoundedRect(r, radius: radius, to: cr) }
            else { PathGeometry.add([PathGeometry.roundedRectPolyline(r, radius: radius)], mappedBy: item.world, to: cr) }
        }
        func fill(_ color: Color, evenOdd: Bool = false) {
            cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            LayerPainter.setColor(color, cr, alpha: alpha)
            cairo_fill(cr)
        }
        if hasBackground && hasBorder && alpha < 1 {
            if !inner.isEmpty { cairo_new_path(cr); add(inner, innerRadius); fill(c.backgroundColor) }
            // Border over background, premultiplied, then straight again.
            let bg = c.backgroundColor, bd = c.borderColor
            let a = bd.alpha + bg.alpha * (1 - bd.alpha)
            func mix(_ f: Double, _ g: Double) -> Double { a > 0 ? (f * bd.alpha + g * bg.alpha * (1 - bd.alpha)) / a : 0 }
            cairo_new_path(cr); add(b, c.cornerRadius)
            if !inner.isEmpty { add(inner, innerRadius) }
            fill(Color(red: mix(bd.red, bg.red), green: mix(bd.green, bg.green), blue: mix(bd.blue, bg.blue), alpha: a), evenOdd: true)
        } else {
            if hasBackground { cairo_new_path(cr); add(b, c.cornerRadius); fill(c.backgroundColor) }
            if hasBorder {
                cairo_new_path(cr); add(b, c.cornerRadius)
                if !inner.isEmpty { add(inner, innerRadius) }
                fill(c.borderColor, evenOdd: true)
            }
        }
        cairo_restore(cr)
    }

    /// Naive drawing: the content's vectors straight onto the frame (a group when
    /// translucent, so overlapping parts blend once), clipped to its screen bounds.
    private func drawVector(_ item: RenderItem, alpha: Double, _ area: PixelRect) {
        saveClipped(to: area)
        if alpha < 1 { cairo_push_group(cr) }
        setMatrix(item.world)
        LayerPainter.paintBody(item.content, into: cr)
        if alpha < 1 {
            cairo_identity_matrix(cr)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
        cairo_restore(cr)
    }

    /// Composites a layer bitmap through `world` onto the frame, within `area` (pixels).
    private func composite(_ bitmap: BitmapView, world: ProjectiveTransform, alpha: Double, area: PixelRect) {
        let toScreen = bitmap.pixelsToLayer.concatenating(world)
        if nesting == 0 {
            compositeDirect(bitmap, toScreen: toScreen, alpha: alpha, area: area)
            return
        }
        if toScreen.isAffine {
            cairo_save(cr)
            var m = cairo_matrix_t()
            cairo_matrix_init(&m, toScreen.a, toScreen.b, toScreen.c, toScreen.d, toScreen.tx, toScreen.ty)
            cairo_set_matrix(cr, &m)
            cairo_set_source_surface(cr, bitmap.surface, 0, 0)
            let pattern = cairo_get_source(cr)
            let integral = toScreen.a == 1 && toScreen.d == 1 && toScreen.b == 0 && toScreen.c == 0
                && toScreen.tx == toScreen.tx.rounded() && toScreen.ty == toScreen.ty.rounded()
            cairo_pattern_set_filter(pattern, integral ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
            cairo_rectangle(cr, 0, 0, Double(bitmap.width), Double(bitmap.height))
            if alpha >= 1 {
                cairo_fill(cr)
            } else {
                cairo_clip(cr)
                cairo_paint_with_alpha(cr, alpha)
            }
            cairo_restore(cr)
            return
        }
        // Projective: pixman samples the bitmap through the inverse map into a scratch
        // image covering `area`, which cairo then blends under the current clip.
        guard let inverse = toScreen.inverted(), let scratch = LayerBitmap.newSurface(area.width, area.height) else { return }
        defer { cairo_surface_destroy(scratch) }
        let rt = ProjectiveTransform.affine(a: 1, b: 0, c: 0, d: 1, tx: Double(area.x), ty: Double(area.y))
            .concatenating(inverse)
        guard var t = Rasterizer.pixmanTransform(rt, cx: Double(area.width) / 2, cy: Double(area.height) / 2) else { return }
        // A pixman image of the bitmap's own: painters on other threads may be sampling it too.
        guard let src = PixmanImage(bitmap.surface), let dst = PixmanImage(scratch) else { return }
        pixman_image_set_transform(src.image, &t)
        pixman_image_set_filter(src.image, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_composite32(PIXMAN_OP_SRC, src.image, nil, dst.image, 0, 0, 0, 0, 0, 0,
                                 Int32(area.width), Int32(area.height))
        cairo_surface_mark_dirty(scratch)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, scratch, Double(area.x), Double(area.y))
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }

    /// Composites a bitmap onto the frame with pixman (OVER, bilinear, a solid mask for
    /// `alpha`), within `area`: no cairo path, clip or group involved.
    func compositeDirect(_ bitmap: BitmapView, toScreen: ProjectiveTransform, alpha: Double, area: PixelRect) {
        if toScreen.isAffine, let inverse = toScreen.inverted(), let src = bitmap.pixels, let dst = cairo_data(surface) {
            cairo_surface_flush(surface)
            AffineCompositor.composite(source: src, width: bitmap.width, height: bitmap.height, stride: bitmap.stride,
                                       destination: dst.assumingMemoryBound(to: UInt32.self), stride: cairo_stride(surface) / 4,
                                       inverse: inverse, alpha: alpha, area: area.intersection(display),
                                       transparentBorder: bitmap.hasTransparentBorder, footprint: bitmap.footprint,
                                       emptyCells: bitmap.emptyCells, zeroPadded: bitmap.zeroPadded)
            cairo_surface_mark_dirty_rectangle(surface, Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
            return
        }
        guard let inverse = toScreen.inverted(),
              var t = Rasterizer.pixmanTransform(inverse, cx: Double(area.x) + Double(area.width) / 2,
                                                 cy: Double(area.y) + Double(area.height) / 2) else { return }
        // A pixman image of the bitmap's own: painters on other threads may be sampling it too.
        guard let src = PixmanImage(bitmap.surface) else { return }
        pixman_image_set_transform(src.image, &t)
        let integral = toScreen.a == 1 && toScreen.d == 1 && toScreen.b == 0 && toScreen.c == 0 && toScreen.isAffine
            && toScreen.tx == toScreen.tx.rounded() && toScreen.ty == toScreen.ty.rounded()
        pixman_image_set_filter(src.image, integral ? PIXMAN_FILTER_NEAREST : PIXMAN_FILTER_BILINEAR, nil, 0)
        var mask: OpaquePointer?
        if alpha < 1 {
            var c = pixman_color(red: 0, green: 0, blue: 0, alpha: UInt16(max(0, min(1, alpha)) * 65535))
            mask = pixman_image_create_solid_fill(&c)
        }
        defer { if let mask { pixman_image_unref(mask) } }
        cairo_surface_flush(surface)
        pixman_image_composite32(PIXMAN_OP_OVER, src.image, mask, frameImage.image, Int32(area.x), Int32(area.y), 0, 0,
                                 Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
        cairo_surface_mark_dirty_rectangle(surface, Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
    }
}
