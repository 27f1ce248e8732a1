import CCairo
import RenderCore
import TextLayout

/// Draws a layer's own content with cairo and pango, in the layer's bounds coordinates
/// (the caller sets the user space): shadow, background, contents, shape or text, border —
/// in Core Animation's order. Thread affinity: the compositor thread (or any one thread).
enum LayerPainter {
    /// Everything but the shadow: background, contents bitmap, path or string, and the border
    /// when it belongs to the content (no sublayers), clipped to the rounded bounds when
    /// `masksToBounds`.
    static func paintBody(_ c: LayerContent, into cr: OpaquePointer) {
        cairo_save(cr)
        if c.masksToBounds {
            PathGeometry.addRoundedRect(c.bounds, radius: c.cornerRadius, to: cr)
            cairo_clip(cr)
        }
        if c.backgroundColor.alpha > 0 {
            PathGeometry.addRoundedRect(c.bounds, radius: c.cornerRadius, to: cr)
            setColor(c.backgroundColor, cr)
            cairo_fill(cr)
        }
        if let bitmap = c.contents { paintContents(bitmap, c, cr) }
        switch c.kind {
        case .layer: break
        case .shape: paintShape(c, cr)
        case .text: paintText(c, cr)
        }
        cairo_restore(cr)
        if c.borderInContent { paintBorder(c, into: cr) }
    }

    /// The border: the band between the rounded bounds and the same inset by its width
    /// (Core Animation draws it inside the bounds, above the content and the sublayers).
    static func paintBorder(_ c: LayerContent, into cr: OpaquePointer) {
        guard c.hasBorder, !c.bounds.isEmpty else { return }
        let b = c.bounds, w = min(c.borderWidth, min(abs(b.width), abs(b.height)) / 2)
        cairo_save(cr)
        cairo_new_path(cr)
        PathGeometry.addRoundedRect(b, radius: c.cornerRadius, to: cr)
        let inner = Rect(x: b.minX + w, y: b.minY + w, width: abs(b.width) - 2 * w, height: abs(b.height) - 2 * w)
        if !inner.isEmpty { PathGeometry.addRoundedRect(inner, radius: max(0, c.cornerRadius - w), to: cr) }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        setColor(c.borderColor, cr)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    static func setColor(_ color: Color, _ cr: OpaquePointer, alpha: Double = 1) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * alpha)
    }

    /// The bitmap's `contentsRect` (unit coordinates) drawn over its frame in the bounds
    /// (`LayerContent.contentsFrame`: the bounds for the default gravity, `resize`).
    private static func paintContents(_ bitmap: Bitmap, _ c: LayerContent, _ cr: OpaquePointer) {
        let b = c.contentsFrame(of: bitmap)
        guard !b.isEmpty, !c.contentsRect.isEmpty else { return }
        guard let surface = makeSurface(bitmap) else { return }
        defer { cairo_surface_destroy(surface) }
        let W = Double(bitmap.width), H = Double(bitmap.height), r = c.contentsRect
        let xx = r.width * W / b.width, yy = r.height * H / b.height
        let pattern = cairo_pattern_create_for_surface(surface)!
        defer { cairo_pattern_destroy(pattern) }
        var m = cairo_matrix_t()
        cairo_matrix_init(&m, xx, 0, 0, yy, r.origin.x * W - b.origin.x * xx, r.origin.y * H - b.origin.y * yy)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_save(cr)
        cairo_set_source(cr, pattern)
        cairo_rectangle(cr, b.minX, b.minY, b.width, b.height)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// A cairo image surface holding a copy of the bitmap's pixels (same layout).
    static func makeSurface(_ bitmap: Bitmap) -> OpaquePointer? {
        guard let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(bitmap.width), Int32(bitmap.height)),
              cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(s) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(s)), row = bitmap.width * 4
        bitmap.pixels.withUnsafeBytes { src in
            for y in 0..<bitmap.height { memcpyBytes(data + y * stride, src.baseAddress! + y * row, row) }
        }
        cairo_surface_mark_dirty(s)
        return s
    }

    private static func paintShape(_ c: LayerContent, _ cr: OpaquePointer) {
        guard !c.path.isEmpty else { return }
        if c.fillColor.alpha > 0 {
            cairo_new_path(cr)
            PathGeometry.add(c.path, to: cr)
            cairo_set_fill_rule(cr, c.fillRule == "even-odd" ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            setColor(c.fillColor, cr)
            cairo_fill(cr)
        }
        guard c.strokeColor.alpha > 0, c.lineWidth > 0 else { return }
        cairo_new_path(cr)
        let start = min(1, max(0, c.strokeStart)), end = min(1, max(0, c.strokeEnd))
        if start <= 0 && end >= 1 {
            PathGeometry.add(c.path, to: cr)
        } else {
            PathGeometry.add(PathGeometry.trim(PathGeometry.flatten(c.path), from: start, to: end), to: cr)
        }
        cairo_set_line_width(cr, c.lineWidth)
        cairo_set_line_cap(cr, c.lineCap == "round" ? CAIRO_LINE_CAP_ROUND : c.lineCap == "square" ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, c.lineJoin == "round" ? CAIRO_LINE_JOIN_ROUND : c.lineJoin == "bevel" ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(cr, max(1, c.miterLimit))
        if !c.lineDashPattern.isEmpty, c.lineDashPattern.contains(where: { $0 > 0 }) {
            // cairo repeats an odd-length pattern with dashes and gaps swapped, as Core
            // Animation does; the phase is how far into the pattern the stroke starts.
            let dashes = c.lineDashPattern.map { max(0, $0.isFinite ? $0 : 0) }
            dashes.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), c.lineDashPhase.isFinite ? c.lineDashPhase : 0) }
        }
        setColor(c.strokeColor, cr)
        cairo_stroke(cr)
    }

    /// The string with pango, laid out by `PangoText` (the code the client measures labels
    /// with): `font` names the family (and style, as pango reads it), `fontSize` in points;
    /// top-aligned in the bounds; `alignmentMode` natural/left, right, center or justified;
    /// wrapped at the bounds' width when `isWrapped` (words, then characters), else one line
    /// per paragraph; truncated as `truncationMode` says.
    private static func paintText(_ c: LayerContent, _ cr: OpaquePointer) {
        let text = TextAttributes(string: c.string, font: c.font, fontSize: c.fontSize, alignmentMode: c.alignmentMode,
                                  isWrapped: c.isWrapped, truncationMode: c.truncationMode)
        guard text.drawsText, c.foregroundColor.alpha > 0 else { return }
        guard let layout = pango_cairo_create_layout(cr) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        PangoText.applyFontOptions(to: pango_layout_get_context(layout))
        pango_layout_context_changed(layout)
        let b = c.bounds
        let placed = PangoText.configure(layout, text, width: b.width, height: b.height)
        setColor(c.foregroundColor, cr)
        cairo_move_to(cr, b.minX + placed.dx, b.minY)
        pango_cairo_show_layout(cr, layout)
    }
}

@inline(__always)
func memcpyBytes(_ dst: UnsafeMutableRawPointer, _ src: UnsafeRawPointer, _ count: Int) {
    dst.copyMemory(from: src, byteCount: count)
}
