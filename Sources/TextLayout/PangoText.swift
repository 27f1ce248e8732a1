import CCairo

/// How a text layer becomes a pango layout: the daemon draws with it (`LayerPainter`) and
/// the client measures with it (`TextMeasurer`, a label component's size), so a label's
/// frame is the size of the text the daemon draws — the same font description, size,
/// font options, line breaking and truncation, by construction.
///
///     TextAttributes + bounds size ──configure──▶ PangoLayout (+ where to draw it)
///       font       pango_font_description_from_string (empty: "Sans"), absolute size
///                  fontSize (≤ 4096) points
///       options    unhinted outlines, unhinted metrics, grey antialiasing: the same
///                  advances at every position and scale
///       isWrapped  width = the bounds' width (> 0), words then characters
///                  (PANGO_WRAP_WORD_CHAR); with a truncation and a height > 0, the last
///                  line that fits the height is cut with an ellipsis
///       truncation unwrapped, width > 0: each paragraph's line cut to the width with an
///                  ellipsis at its start, middle or end
///       neither    one line per paragraph, as long as it is; a right or centred alignment
///                  moves it within the bounds (`Configured.dx`)
///
/// Lengths are points; pango units are 1/1024 point (`PANGO_SCALE`). Pango objects belong
/// to one thread at a time: the caller owns the layout and its context.
public enum PangoText {
    /// What `configure` leaves to the caller: the x offset to draw the layout at, in the
    /// bounds' space (points).
    public struct Configured: Sendable {
        public var dx: Double
    }

    /// Sets the font options every text layout uses on `context` (a `PangoContext`).
    public static func applyFontOptions(to context: OpaquePointer) {
        guard let options = cairo_font_options_create() else { return }
        // Unhinted outlines: the same pixels at every position and scale.
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    /// Lays `text` out in `layout` (a `PangoLayout`) for bounds `width` × `height` (points;
    /// 0 leaves that side free), as the daemon draws it. The layout's context must already have the font options
    /// (`applyFontOptions`) and the target's transform.
    public static func configure(_ layout: OpaquePointer, _ text: TextAttributes, width: Double, height: Double) -> Configured {
        let desc = pango_font_description_from_string(text.font.isEmpty ? "Sans" : text.font)
        defer { pango_font_description_free(desc) }
        pango_font_description_set_absolute_size(desc, min(text.fontSize, 4096) * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, desc)
        pango_layout_set_text(layout, text.string, -1)
        var dx = 0.0
        let alignment: PangoAlignment
        switch text.alignmentMode {
        case "right": alignment = PANGO_ALIGN_RIGHT
        case "center": alignment = PANGO_ALIGN_CENTER
        default: alignment = PANGO_ALIGN_LEFT
        }
        let ellipsize: PangoEllipsizeMode
        switch text.truncationMode {
        case "start": ellipsize = PANGO_ELLIPSIZE_START
        case "middle": ellipsize = PANGO_ELLIPSIZE_MIDDLE
        case "end": ellipsize = PANGO_ELLIPSIZE_END
        default: ellipsize = PANGO_ELLIPSIZE_NONE
        }
        if text.isWrapped && width > 0 {
            pango_layout_set_width(layout, units(width))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_alignment(layout, alignment)
            if text.alignmentMode == "justified" { pango_layout_set_justify(layout, 1) }
            if ellipsize != PANGO_ELLIPSIZE_NONE && height > 0 {
                // Wrapped and truncated: the last line that fits the bounds' height is cut.
                pango_layout_set_height(layout, units(height))
                pango_layout_set_ellipsize(layout, ellipsize)
            }
        } else if ellipsize != PANGO_ELLIPSIZE_NONE && width > 0 {
            // Truncated: each line cut to the bounds' width with an ellipsis (pango ellipsizes
            // the paragraph's one line), then aligned within it.
            pango_layout_set_width(layout, units(width))
            pango_layout_set_ellipsize(layout, ellipsize)
            pango_layout_set_alignment(layout, alignment)
        } else {
            let w = Double(logicalExtents(layout).width) / Double(PANGO_SCALE)
            switch text.alignmentMode {
            case "right": dx = width - w
            case "center": dx = (width - w) / 2
            default: dx = 0
            }
        }
        return Configured(dx: dx)
    }

    /// A length in pango units, capped at 100,000 points (a width or height pango takes).
    static func units(_ points: Double) -> Int32 { Int32(min(points, 100_000) * Double(PANGO_SCALE)) }

    /// The layout's logical rectangle, pango units.
    public static func logicalExtents(_ layout: OpaquePointer) -> PangoRectangle {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        return logical
    }
}
