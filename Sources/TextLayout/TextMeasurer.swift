import CCairo
import Synchronization

/// The size of a text layer's string as the daemon lays it out (`PangoText`), measured in
/// the app: what a label component asks for.
///
/// The layout is made exactly as the daemon makes it — a pango-cairo layout on a cairo
/// context with the identity transform (the daemon draws a layer at one pixel per point),
/// the same font options, `PangoText.configure` with the bounds the layer will get — and
/// measured by its logical extents: the widest line's advance by the lines' heights (the
/// box pango aligns and breaks lines in). Ink can stray a little outside it (overhangs, accents), as it does
/// past a `UILabel`'s frame.
///
/// Thread safety: any thread. Measurements share one pango font map and context, one at a
/// time (pango objects are not thread-safe).
public enum TextMeasurer {
    /// One measurement, points.
    public struct Measurement: Hashable, Sendable {
        /// The logical size of the laid-out text: the widest line, and the lines' heights.
        public var width: Double, height: Double
        /// From the top to the first line's baseline.
        public var baseline: Double
        /// Lines laid out (after wrapping and truncation).
        public var lineCount: Int
        /// Where the glyphs' ink lies, from the layout's top left (left-aligned), points:
        /// within the logical size but for overhangs; an ellipsis's or a letter's side
        /// bearings leave some of the logical width uninked.
        public var ink: (x: Double, y: Double, width: Double, height: Double) = (0, 0, 0, 0)

        public static func == (a: Measurement, b: Measurement) -> Bool {
            a.width == b.width && a.height == b.height && a.baseline == b.baseline && a.lineCount == b.lineCount
                && a.ink == b.ink
        }
        public func hash(into h: inout Hasher) { h.combine(width); h.combine(height); h.combine(baseline); h.combine(lineCount) }
        public static let zero = Measurement(width: 0, height: 0, baseline: 0, lineCount: 0)
    }

    /// The layout of `text` in bounds at most `maxWidth` wide (wrapping or truncating there,
    /// as the text says) and `maxHeight` high (where a wrapped, truncated text is cut);
    /// `.infinity` leaves a side free. Nothing drawn (`drawsText` false) measures zero.
    public static func measure(_ text: TextAttributes, maxWidth: Double = .infinity, maxHeight: Double = .infinity) -> Measurement {
        guard text.drawsText else { return .zero }
        return shared.withLock { state in
            guard let layout = pango_layout_new(state.context) else { return .zero }
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            _ = PangoText.configure(layout, text, width: maxWidth.isFinite ? max(0, maxWidth) : 0,
                                    height: maxHeight.isFinite ? max(0, maxHeight) : 0)
            var inkRect = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_extents(layout, &inkRect, &logical)
            // The widest line's logical width: with a width set, pango's layout rectangle can
            // span the whole width (an ellipsized line's does), not the text.
            var widest: Int32 = 0
            for i in 0..<pango_layout_get_line_count(layout) {
                guard let line = pango_layout_get_line_readonly(layout, i) else { continue }
                var ink = PangoRectangle(), rect = PangoRectangle()
                pango_layout_line_get_extents(line, &ink, &rect)
                widest = max(widest, rect.width)
            }
            let scale = Double(PANGO_SCALE)
            return Measurement(width: Double(widest) / scale, height: Double(logical.height) / scale,
                               baseline: Double(pango_layout_get_baseline(layout)) / scale,
                               lineCount: Int(pango_layout_get_line_count(layout)),
                               ink: (Double(inkRect.x) / scale, Double(inkRect.y) / scale,
                                     Double(inkRect.width) / scale, Double(inkRect.height) / scale))
        }
    }

    /// The pango context measurements use: a cairo font map of its own, set up as a
    /// pango-cairo layout on an identity-transformed cairo context is.
    struct State: @unchecked Sendable {   // used only under `shared`'s lock
        let context: OpaquePointer
        init() {
            let fontMap = pango_cairo_font_map_new()!
            let context = pango_font_map_create_context(fontMap)!
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
            let cr = cairo_create(surface)
            pango_cairo_update_context(cr, context)
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
            PangoText.applyFontOptions(to: context)
            self.context = context
        }
    }
    static let shared = Mutex(State())
}
