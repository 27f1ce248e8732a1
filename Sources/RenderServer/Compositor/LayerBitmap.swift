import CCairo
import RenderCore

/// What compositing a `LayerBitmap` reads — its surface, pixels, placement, footprint and
/// empty-cell map — as a plain value with no reference in it: the threads drawing bands
/// take a shared bitmap's view without touching a reference count (two threads
/// incrementing one count contend for its cache line on every item). It does not keep the
/// bitmap: whoever makes one keeps the bitmap alive while it is used (`Rasterizer`'s kept
/// entries, which are not let go while bands are drawn).
struct BitmapView {
    let surface: OpaquePointer
    /// The pixels (premultiplied ARGB32), `stride` pixels a row; nil when cairo has none.
    let pixels: UnsafePointer<UInt32>?
    let stride: Int
    let origin: Point
    let scale: Double
    let width: Int
    let height: Int
    let hasTransparentBorder: Bool
    let footprint: BitmapFootprint?
    let emptyCells: UnsafePointer<UInt8>?
    /// `LayerBitmap.paddingRows` rows of zeros are readable above and below the pixels
    /// (`AffineCompositor`'s `zeroPadded`).
    let zeroPadded: Bool

    /// Layer bounds coordinates → bitmap pixels is `(p − origin) × scale`; this maps the
    /// other way, bitmap pixels → layer coordinates.
    var pixelsToLayer: ProjectiveTransform {
        .affine(a: 1 / scale, b: 0, c: 0, d: 1 / scale, tx: origin.x, ty: origin.y)
    }
}

/// A layer's own drawing rasterized once (its backing store): `content` at `scale` pixels
/// per point, covering `origin` + `width/scale × height/scale` of the layer's bounds space.
/// Composited with the layer's world transform each frame until the content or the scale
/// bucket changes. Immutable once made (`render`): the threads that draw bands read it at
/// once (a projective composite wraps its pixels in a pixman image of its own).
final class LayerBitmap {
    /// A cairo ARGB32 image surface (premultiplied).
    let surface: OpaquePointer
    let origin: Point
    let scale: Double
    let width: Int
    let height: Int
    /// Whether the outermost rows and columns are transparent: then every bilinear sample
    /// that can add anything reads texels inside the bitmap (`AffineCompositor` skips the
    /// bounds checks and the ring of samples that read only the border). What `render`
    /// makes: it leaves a pixel of margin around the drawing.
    private(set) var hasTransparentBorder: Bool
    /// Where a bilinear sample can add anything (nil: anywhere), made with the bitmap.
    private(set) var footprint: BitmapFootprint?
    /// Each sample cell's distance from anything drawn (`TransparentCells`; nil when few
    /// cells are empty), made with the bitmap and freed with it.
    private(set) var emptyCells: UnsafeMutablePointer<UInt8>?

    /// The largest side of a layer bitmap in pixels; a layer that would need more is
    /// rasterized at a lower scale (and looks softer).
    static let maxSide = 4096

    /// Raster scales are multiples of 1/8 from 1/8 to 4: the smallest at or above the
    /// layer's on-screen scale is used, so a bitmap is never shrunk by more than about 12 %
    /// when composited (edges stay crisp), and an animated scale re-rasterizes only when it
    /// crosses a step.
    static func bucket(for s: Double) -> Double {
        guard s.isFinite, s > 0 else { return 1 }
        return min(4, max(0.125, (s * 8 - 1e-6).rounded(.up) / 8))
    }

    private init(surface: OpaquePointer, origin: Point, scale: Double, width: Int, height: Int,
                 hasTransparentBorder: Bool = false, footprint: BitmapFootprint? = nil) {
        self.surface = surface; self.origin = origin; self.scale = scale; self.width = width; self.height = height
        self.hasTransparentBorder = hasTransparentBorder; self.footprint = footprint
    }

    deinit {
        cairo_surface_destroy(surface)
        emptyCells?.deallocate()
    }

    /// The pixels' bytes (their padding included) and the empty-cell map's.
    var byteCount: Int {
        (height + 2 * Self.paddingRows) * cairo_stride(surface) + (emptyCells == nil ? 0 : (width - 1) * (height - 1))
    }

    /// Makes `emptyCells` from the pixels (once, while the bitmap is being made).
    private func mapEmptyCells() {
        guard let data = cairo_data(surface) else { return }
        emptyCells = TransparentCells.distances(UnsafePointer(data.assumingMemoryBound(to: UInt32.self)),
                                                stride: cairo_stride(surface) / 4, width: width, height: height)
    }

    /// What compositing the bitmap reads, as a plain value (`BitmapView`): valid while the
    /// bitmap lives.
    var view: BitmapView {
        BitmapView(surface: surface, pixels: cairo_data(surface).map { UnsafePointer($0.assumingMemoryBound(to: UInt32.self)) },
                   stride: cairo_stride(surface) / 4, origin: origin, scale: scale, width: width, height: height,
                   hasTransparentBorder: hasTransparentBorder, footprint: footprint,
                   emptyCells: emptyCells.map { UnsafePointer($0) }, zeroPadded: Self.isPadded(surface))
    }


    /// Rasterizes `c` (shadow included) at `requestedScale`, or nil when it covers no pixel.
    static func render(_ c: LayerContent, scale requestedScale: Double) -> LayerBitmap? {
        let e = c.extent
        guard !e.isEmpty, e.minX.isFinite, e.minY.isFinite, e.maxX.isFinite, e.maxY.isFinite else { return nil }
        var s = requestedScale
        let longest = max(e.width, e.height) * s
        if longest > Double(maxSide) { s *= Double(maxSide) / longest }
        // One pixel of margin on each side (transparent: see `hasTransparentBorder`).
        let x0 = ((e.minX * s).rounded(.down) - 1) / s, y0 = ((e.minY * s).rounded(.down) - 1) / s
        let w = Int(((e.maxX - x0) * s).rounded(.up)) + 1, h = Int(((e.maxY - y0) * s).rounded(.up)) + 1
        guard w > 0, h > 0, let surface = paddedSurface(w, h) else { return nil }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, s, s)
        cairo_translate(cr, -x0, -y0)
        if c.hasShadow, let body = newSurface(w, h) {
            defer { cairo_surface_destroy(body) }
            let bcr = cairo_create(body)!
            cairo_scale(bcr, s, s)
            cairo_translate(bcr, -x0, -y0)
            LayerPainter.paintBody(c, into: bcr)
            cairo_destroy(bcr)
            cairo_surface_flush(body)
            paintShadow(of: body, c, scale: s, into: cr, width: w, height: h)
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, body, 0, 0)
            cairo_paint(cr)
        } else {
            LayerPainter.paintBody(c, into: cr)
        }
        cairo_surface_flush(surface)
        return cropped(LayerBitmap(surface: surface, origin: Point(x: x0, y: y0), scale: s, width: w, height: h))
    }

    /// The bitmap cut to the pixels that are not transparent (plus one for the bilinear
    /// filter), when that saves at least a fifth: the extent is generous (unwrapped text,
    /// stroke joins) and every transparent pixel would still be resampled on each frame.
    /// Nil when nothing is drawn at all. Either way the bitmap gets its `footprint`.
    private static func cropped(_ b: LayerBitmap) -> LayerBitmap? {
        guard let data = cairo_data(b.surface) else { return b }
        let rowPixels = cairo_stride(b.surface) / 4
        let px = data.assumingMemoryBound(to: UInt32.self)
        var minX = b.width, minY = b.height, maxX = -1, maxY = -1
        var firsts = [Int](repeating: -1, count: b.height), lasts = firsts
        for y in 0..<b.height {
            let row = px + y * rowPixels
            var first = -1, last = -1
            for x in 0..<b.width where row[x] != 0 { first = x; break }
            guard first >= 0 else { continue }
            for x in stride(from: b.width - 1, through: first, by: -1) where row[x] != 0 { last = x; break }
            firsts[y] = first; lasts[y] = last
            minX = min(minX, first); maxX = max(maxX, last); minY = min(minY, y); maxY = y
        }
        guard maxX >= 0 else { return nil }
        let border = minX >= 1 && minY >= 1 && maxX <= b.width - 2 && maxY <= b.height - 2
        minX = max(0, minX - 1); minY = max(0, minY - 1); maxX = min(b.width - 1, maxX + 1); maxY = min(b.height - 1, maxY + 1)
        let w = maxX - minX + 1, h = maxY - minY + 1
        guard w * h * 5 < b.width * b.height * 4, let cut = paddedSurface(w, h), let dst = cairo_data(cut) else {
            b.hasTransparentBorder = border
            b.footprint = BitmapFootprint(width: b.width, height: b.height, first: firsts, last: lasts)
            b.mapEmptyCells()
            return b
        }
        let ds = cairo_stride(cut)
        for y in 0..<h {
            (dst + y * ds).copyMemory(from: px + (minY + y) * rowPixels + minX, byteCount: w * 4)
        }
        cairo_surface_mark_dirty(cut)
        // The rows' first and last texels in the cut bitmap's coordinates.
        let rows = (minY ..< minY + h).map { firsts[$0] }, ends = (minY ..< minY + h).map { lasts[$0] }
        let footprint = BitmapFootprint(width: w, height: h, first: rows.map { $0 < 0 ? -1 : $0 - minX },
                                        last: ends.map { $0 < 0 ? -1 : $0 - minX })
        let made = LayerBitmap(surface: cut, origin: Point(x: b.origin.x + Double(minX) / b.scale, y: b.origin.y + Double(minY) / b.scale),
                               scale: b.scale, width: w, height: h, hasTransparentBorder: border, footprint: footprint)
        made.mapEmptyCells()
        return made
    }

    /// Rows of zeros above and below a bitmap's pixels (`paddedSurface`).
    static let paddingRows = 2

    /// An ARGB32 surface of `w` × `h` transparent pixels in memory of the bitmap's own, with
    /// `paddingRows` rows of zeros above and below that nothing draws into: a bilinear
    /// sample one texel beyond any edge reads zeros there (or, beside the pixels, the next
    /// or previous row's edge texel), so `AffineCompositor` draws each row of a bitmap with
    /// a transparent border as one run, without bounds checks (`zeroPadded`). The memory
    /// is freed with the surface (a pixman image made of it may outlive the bitmap).
    static func paddedSurface(_ w: Int, _ h: Int) -> OpaquePointer? {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(w)))
        guard stride > 0, let memory = calloc((h + 2 * paddingRows) * stride, 1) else { return nil }
        let pixels = memory.assumingMemoryBound(to: UInt8.self) + paddingRows * stride
        guard let s = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, Int32(w), Int32(h), Int32(stride)) else {
            free(memory)
            return nil
        }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS,
              cairo_surface_set_user_data(s, paddingKey, memory, { free($0) }) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            free(memory)
            return nil
        }
        return s
    }

    /// Whether `surface` was made by `paddedSurface`.
    static func isPadded(_ surface: OpaquePointer) -> Bool { cairo_surface_get_user_data(surface, paddingKey) != nil }

    /// The user-data key of a padded surface's memory (only its address matters).
    private nonisolated(unsafe) static let paddingKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    static func newSurface(_ w: Int, _ h: Int, format: cairo_format_t = CAIRO_FORMAT_ARGB32) -> OpaquePointer? {
        guard let s = cairo_image_surface_create(format, Int32(w), Int32(h)) else { return nil }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else { cairo_surface_destroy(s); return nil }
        return s
    }

    /// Replaces `target`'s pixels with `source`'s, converted to `target`'s format (at its
    /// origin), and flushes it for direct reads.
    static func copy(_ source: OpaquePointer, into target: OpaquePointer) {
        let cr = cairo_create(target)!
        cairo_set_source_surface(cr, source, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(target)
    }

    /// Fills `path` (non-zero, opaque) into the A8 `alpha`, with `cr`'s user space (the
    /// bitmap's: bounds coordinates at its scale and origin).
    private static func paintShadowPath(_ path: Path, into alpha: OpaquePointer, from cr: OpaquePointer) {
        let acr = cairo_create(alpha)!
        defer { cairo_destroy(acr) }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        cairo_set_matrix(acr, &m)
        PathGeometry.add(path, to: acr)
        cairo_set_fill_rule(acr, CAIRO_FILL_RULE_WINDING)
        cairo_set_source_rgba(acr, 0, 0, 0, 1)
        cairo_fill(acr)
        cairo_surface_flush(alpha)
    }

    /// The shadow: the body's alpha (or the shadow path's), blurred (Gaussian σ = shadowRadius / 2, as a blur of
    /// that radius looks), tinted with shadowColor × shadowOpacity, moved by shadowOffset.
    private static func paintShadow(of body: OpaquePointer, _ c: LayerContent, scale s: Double,
                                    into cr: OpaquePointer, width w: Int, height h: Int) {
        guard let alpha = newSurface(w, h, format: CAIRO_FORMAT_A8) else { return }
        defer { cairo_surface_destroy(alpha) }
        if c.shadowPath.isEmpty {
            copy(body, into: alpha)
        } else {
            paintShadowPath(c.shadowPath, into: alpha, from: cr)
        }
        if let data = cairo_image_surface_get_data(alpha) {
            Blur.blurAlpha(data, width: w, height: h, stride: Int(cairo_image_surface_get_stride(alpha)),
                           sigma: c.shadowRadius / 2 * s)
        }
        cairo_surface_mark_dirty(alpha)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        LayerPainter.setColor(c.shadowColor, cr, alpha: c.shadowOpacity)
        cairo_mask_surface(cr, alpha, c.shadowOffset.width * s, c.shadowOffset.height * s)
        cairo_restore(cr)
    }
}
