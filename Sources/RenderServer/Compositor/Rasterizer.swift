import CCairo
import RenderCore

/// Draws render lists into one premultiplied ARGB32 frame with cairo (affine layers) and
/// pixman (projective ones). Keeps, between frames, each layer's rasterized own drawing
/// (`LayerBitmap`, reused while its `LayerContent` and scale bucket stay the same) and what
/// it drew last (to find the damage: the old and new screen bounds of every layer whose
/// drawing, transform, opacity, clip or order changed, and of every layer that went away).
/// A frame redraws only the damaged rectangles; a frame with no damage draws nothing.
///
/// `Mode.naive` is the baseline the benchmark compares with: every layer drawn with cairo
/// vectors on every frame, full frame, no bitmaps kept.
///
/// Thread affinity: one thread at a time (the compositor thread).
package final class Rasterizer {
    package enum Mode { case cached, naive }

    let width: Int
    let height: Int
    let mode: Mode
    /// The frame; its pixels are the display.
    let surface: OpaquePointer
    let cr: OpaquePointer
    /// The display's colour where no layer draws (opaque black).
    static let background = Color(red: 0, green: 0, blue: 0, alpha: 1)

    /// `scale` is the bucket asked for (the bitmap may be smaller, or nil when empty).
    private struct CacheEntry { var content: LayerContent; var scale: Double; var bitmap: LayerBitmap? }
    private var caches: [UInt64: CacheEntry] = [:]
    /// What each layer drew last frame.
    private struct Drawn: Equatable {
        var world: ProjectiveTransform
        var effectiveOpacity: Double
        var isGroup: Bool
        var masksToBounds: Bool
        var content: LayerContent
        var screenBounds: PixelRect
        var clipBounds: PixelRect
        var parentKey: UInt64
        var siblingIndex: Int
    }
    private var drawn: [UInt64: Drawn] = [:]
    /// The last list diffed (kept so its chunks' storage cannot be reused by another).
    private(set) var previous: RenderList?
    /// The frame as a pixman image, for compositing layer bitmaps straight onto it.
    private let frameImage: PixmanImage
    var frameImagePointer: OpaquePointer { frameImage.image }
    /// How many groups and ancestor clips enclose what is being drawn: bitmaps go straight
    /// to the frame through pixman only at 0 (pixman knows neither cairo's groups nor its
    /// clip paths), else through cairo.
    var nesting = 0
    private var firstFrame = true
    /// Each transitioning layer's rendering from before its transition (by item key):
    /// see `Rasterizer+Transitions.swift`.
    var transitionSnapshots: [UInt64: TransitionSnapshot] = [:]
    /// Masked layers as last drawn: their mask's key (`UInt64.max` for a mask showing
    /// nothing) and subtree bounds — gaining, losing or changing a mask changes the whole
    /// subtree's pixels (see `Rasterizer+Masks.swift`).
    var maskedSubtrees: [UInt64: (mask: UInt64, bounds: PixelRect)] = [:]
    /// Keys of the transitioning items the current damage pass met.
    var snapshotSeen = Set<UInt64>()
    /// Masked layers' finished renderings, kept while nothing in their subtree or mask
    /// changes (see `Rasterizer+Masks.swift`), and the masked layers whose subtree changed
    /// in the current frame (not kept this frame: drawn as before, only where damaged).
    var maskedRenderings: [UInt64: KeptRendering] = [:]
    /// Transitioning layers' new renderings, kept the same way (`Rasterizer+Transitions.swift`).
    var transitionRenderings: [UInt64: KeptRendering] = [:]
    /// Counts frames drawn (`KeptRendering.serial`).
    private(set) var drawSerial = 0
    /// While a transition's snapshot draws the last list (`takeSnapshot`): kept renderings
    /// are neither used nor made (they belong to the current list).
    var takingSnapshot = false
    var subtreeChanged = Set<UInt64>()

    /// Rows per band of a large damage rectangle (`bands(of:)`; `Int.max`: no bands).
    package var bandRows = Rasterizer.defaultBandRows

    /// Whether solid layers outside groups and clips are filled by `SolidFiller` (true), or
    /// all with cairo paths (`drawSolid`; for comparisons in tests and benchmarks).
    package var fillsSolidsDirectly = true

    /// Counters for statistics and tests.
    private(set) var bitmapsRendered = 0
    private(set) var lastDamage: [PixelRect] = []

    package init?(width: Int, height: Int, mode: Mode = .cached) {
        guard let s = LayerBitmap.newSurface(width, height) else { return nil }
        self.width = width; self.height = height; self.mode = mode
        surface = s
        cr = cairo_create(s)!
        guard let image = PixmanImage(s) else { return nil }
        frameImage = image
    }

    deinit { cairo_destroy(cr); cairo_surface_destroy(surface) }

    var display: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Layer bitmaps kept, and their bytes.
    var cachedBitmaps: (count: Int, bytes: Int) {
        caches.values.reduce((0, 0)) { ($0.0 + ($1.bitmap == nil ? 0 : 1), $0.1 + ($1.bitmap?.byteCount ?? 0)) }
    }

    // MARK: Frames

    /// Draws `list`; returns the rectangles whose pixels changed (empty: nothing to do).
    @discardableResult
    package func draw(_ list: RenderList) -> [PixelRect] {
        drawSerial += 1
        let damage = mode == .naive ? [display] : findDamage(list)
        lastDamage = damage
        for r in damage { for band in bands(of: r) { redraw(band, list) } }
        cairo_surface_flush(surface)
        return damage
    }

    private func findDamage(_ list: RenderList) -> [PixelRect] {
        subtreeChanged.removeAll(keepingCapacity: true)
        if firstFrame {
            firstFrame = false
            record(list)
            previous = list
            return [display]
        }
        var rects: [PixelRect] = []
        // Chunks shared with the last list drawn hold the same items: skip them.
        var total = 0
        for (b, block) in list.blocks.enumerated() {
            total += block.count
            let before = previous.flatMap { b < $0.blocks.count ? $0.blocks[b] : nil }
            for c in 0..<block.chunkCount {
                if let before, block.sharesChunk(c, with: before) { continue }
                for i in block.chunkRange(c) {
                    let item = block[i]
                    let now = drawnState(item, block, i)
                    var changed = true
                    if let before = drawn[item.key] {
                        if before != now { rects.append(before.screenBounds); rects.append(now.screenBounds) } else { changed = false }
                    } else {
                        rects.append(now.screenBounds)
                    }
                    drawn[item.key] = now
                    if changed && (!maskedRenderings.isEmpty || !transitionRenderings.isEmpty || !maskedSubtrees.isEmpty
                                   || item.maskStart >= 0) {
                        maskedSubtreeChanged(at: i, block)
                    }
                    if item.transition != nil { transitionDamage(item, block, i, into: &rects) }
                    if item.maskStart >= 0 || !maskedSubtrees.isEmpty || !maskedRenderings.isEmpty {
                        maskDamage(item, block, into: &rects)
                    }
                }
            }
        }
        if drawn.count != total {
            // Layers went away (or moved between sessions' blocks): find them.
            var seen = Set<UInt64>(minimumCapacity: total)
            for block in list.blocks { for item in block { seen.insert(item.key) } }
            for (key, d) in drawn where !seen.contains(key) {
                rects.append(d.screenBounds); drawn[key] = nil
                maskedSubtrees[key] = nil
                dropMaskedRendering(key)
                dropTransitionRendering(key)
                if let old = caches.removeValue(forKey: key) { cachedBytes -= old.bitmap?.byteCount ?? 0 }
            }
        }
        expireTransitions(into: &rects)
        previous = list
        return Rasterizer.merge(rects.filter { !$0.isEmpty }.map { $0.intersection(display) }.filter { !$0.isEmpty })
    }

    private func record(_ list: RenderList) {
        drawn.removeAll(keepingCapacity: true)
        for block in list.blocks { for (i, item) in block.enumerated() { drawn[item.key] = drawnState(item, block, i) } }
    }

    private func drawnState(_ item: RenderItem, _ block: RenderItems, _ i: Int) -> Drawn {
        Drawn(world: item.world, effectiveOpacity: item.effectiveOpacity, isGroup: item.isGroup,
              masksToBounds: item.masksToBounds, content: item.content, screenBounds: item.screenBounds,
              clipBounds: item.clipBounds, parentKey: item.parent >= 0 ? block[item.parent].key : 0,
              siblingIndex: item.siblingIndex)
    }

    /// Merges overlapping rectangles; more than `maxRects` collapse into their union.
    static let maxRects = 8
    static func merge(_ input: [PixelRect]) -> [PixelRect] {
        var out: [PixelRect] = []
        for var r in input {
            var merged = true
            while merged {
                merged = false
                if let j = out.firstIndex(where: { $0.intersects(r) }) { r = r.union(out.remove(at: j)); merged = true }
            }
            out.append(r)
        }
        if out.count > maxRects { return [out.reduce(PixelRect.empty) { $0.union($1) }] }
        return out
    }

    // MARK: Drawing

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

    private func redraw(_ r: PixelRect, _ list: RenderList) {
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

    /// The stack the thread that draws needs. The drawing walk itself is iterative, but a
    /// masked layer draws its subtree through groups of its own (`drawMasked`), so masks
    /// nested in masks recurse, a few kilobytes a level: about 5.5 KB in a debug build (8 MiB
    /// overflowed between 1,000 and 2,047 nested masks). 64 MiB holds
    /// `Limits.maxTreeDepthCeiling` nested masks about three times over (address space: pages
    /// are touched only as deep as the drawing goes).
    static let threadStackBytes = 64 << 20

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
        if item.world.isAffine {
            cairo_save(cr)
            setMatrix(item.world)
            PathGeometry.addRoundedRect(item.content.bounds, radius: item.content.cornerRadius, to: cr)
            cairo_restore(cr)
        } else {
            cairo_identity_matrix(cr)
            let poly = PathGeometry.roundedRectPolyline(item.content.bounds, radius: item.content.cornerRadius)
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
        if mode == .naive && item.world.isAffine && !item.content.hasShadow {
            drawVector(item, alpha: alpha, area)
            return
        }
        if mode == .cached && item.content.isSolid {
            if fillsSolidsDirectly && nesting == 0 && fillSolidDirect(item, alpha: alpha, area: area) { return }
            drawSolid(item, alpha: alpha)
            return
        }
        let bitmap: LayerBitmap?
        var transient: LayerBitmap?
        if mode == .cached {
            bitmap = cachedBitmap(item)
        } else {
            transient = LayerBitmap.render(item.content, scale: LayerBitmap.bucket(for: item.world.maxScale(over: item.content.bounds)))
            if transient != nil { bitmapsRendered += 1 }
            bitmap = transient
        }
        guard let bitmap else { return }
        composite(bitmap, world: item.world, alpha: alpha, area: area)
        transient = nil
    }

    /// The layer's kept bitmap when its content and scale bucket are unchanged, else a new
    /// rendering (kept for the next frames).
    private func cachedBitmap(_ item: RenderItem) -> LayerBitmap? {
        let scale = LayerBitmap.bucket(for: item.world.maxScale(over: item.content.bounds))
        if let e = caches[item.key], e.scale == scale, e.content == item.content { return e.bitmap }
        if let old = caches.removeValue(forKey: item.key) { cachedBytes -= old.bitmap?.byteCount ?? 0 }
        let bitmap = LayerBitmap.render(item.content, scale: scale)
        if bitmap != nil { bitmapsRendered += 1 }
        let bytes = bitmap?.byteCount ?? 0
        // Over the budget the bitmap serves this frame only (drawn again next time).
        if cachedBytes + bytes <= Rasterizer.bitmapBudgetBytes {
            caches[item.key] = CacheEntry(content: item.content, scale: scale, bitmap: bitmap)
            cachedBytes += bytes
        }
        return bitmap
    }

    /// The most bytes of layer bitmaps kept across frames, over all clients: past it,
    /// further layers are rasterized each time they are drawn (slower, bounded memory).
    static let bitmapBudgetBytes = 512 << 20
    private(set) var cachedBytes = 0

    /// Counts `bytes` of a kept rendering (positive) or its release (negative) in the
    /// budget of `bitmapBudgetBytes`; false (nothing counted) when it would go over.
    func reserveCacheBytes(_ bytes: Int) -> Bool {
        guard bytes <= 0 || cachedBytes + bytes <= Rasterizer.bitmapBudgetBytes else { return false }
        cachedBytes += bytes
        return true
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
    private func composite(_ bitmap: LayerBitmap, world: ProjectiveTransform, alpha: Double, area: PixelRect) {
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
        let src = bitmap.pixman
        guard let dst = PixmanImage(scratch) else { return }
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
}

extension Rasterizer {
    /// pixman's fixed-point matrix for a map from frame pixels to bitmap pixels; projective
    /// ones scaled so that w is 1 at (`cx`, `cy`) (16.16 fixed point holds homogeneous
    /// coordinates too, so they must stay near bitmap pixel values). Nil when degenerate.
    static func pixmanTransform(_ m: ProjectiveTransform, cx: Double, cy: Double) -> pixman_transform? {
        var k = 1.0
        if !m.isAffine {
            let wc = m.w(cx, cy)
            guard wc.isFinite, abs(wc) > 1e-12 else { return nil }
            k = 1 / wc
        }
        var f = pixman_f_transform()
        f.m = ((m.a * k, m.c * k, m.tx * k), (m.b * k, m.d * k, m.ty * k), (m.p * k, m.q * k, m.s * k))
        var t = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&t, &f) != 0 else { return nil }
        return t
    }

    /// Composites a bitmap onto the frame with pixman (OVER, bilinear, a solid mask for
    /// `alpha`), within `area`: no cairo path, clip or group involved.
    func compositeDirect(_ bitmap: LayerBitmap, toScreen: ProjectiveTransform, alpha: Double, area: PixelRect) {
        if toScreen.isAffine, let inverse = toScreen.inverted(),
           let src = cairo_data(bitmap.surface), let dst = cairo_data(surface) {
            cairo_surface_flush(surface)
            AffineCompositor.composite(source: UnsafePointer(src.assumingMemoryBound(to: UInt32.self)),
                                       width: bitmap.width, height: bitmap.height, stride: cairo_stride(bitmap.surface) / 4,
                                       destination: dst.assumingMemoryBound(to: UInt32.self), stride: cairo_stride(surface) / 4,
                                       inverse: inverse, alpha: alpha, area: area.intersection(display),
                                       transparentBorder: bitmap.hasTransparentBorder)
            cairo_surface_mark_dirty_rectangle(surface, Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
            return
        }
        guard let inverse = toScreen.inverted(),
              var t = Rasterizer.pixmanTransform(inverse, cx: Double(area.x) + Double(area.width) / 2,
                                                 cy: Double(area.y) + Double(area.height) / 2) else { return }
        let src = bitmap.pixman
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
        pixman_image_composite32(PIXMAN_OP_OVER, src.image, mask, frameImagePointer, Int32(area.x), Int32(area.y), 0, 0,
                                 Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
        cairo_surface_mark_dirty_rectangle(surface, Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
    }
}

/// A pixman image over a cairo ARGB32 image surface's pixels (no copy).
final class PixmanImage {
    let image: OpaquePointer
    init?(_ surface: OpaquePointer) {
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface)
        let stride = cairo_image_surface_get_stride(surface)
        guard let img = pixman_image_create_bits(PIXMAN_a8r8g8b8, w, h,
                                                 UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                                                 stride) else { return nil }
        image = img
    }
    deinit { pixman_image_unref(image) }
}
