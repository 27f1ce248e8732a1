import CCairo
import Foundation

/// A line chart drawn with cairo into a PNG: series of (x, y) points over a shared x axis
/// (seconds), optional shaded x spans (a blocked main thread), axes with tick labels, a
/// legend. For `rendersrv-stress blocked-main --chart` (frame intervals), `soak --chart`
/// (memory, descriptors) and `rendersrv-demo scroll` (scroll position over time).
public struct Chart {
    /// How a series is drawn: its points joined by lines, or each point as a dot.
    public enum Style: Sendable { case line, dots }
    public struct Series {
        public var name: String
        public var color: (Double, Double, Double)
        public var points: [(x: Double, y: Double)]
        public var style: Style
        public init(name: String, color: (Double, Double, Double), points: [(x: Double, y: Double)], style: Style = .line) {
            self.name = name; self.color = color; self.points = points; self.style = style
        }
    }
    public struct Span {
        public var label: String
        public var from: Double
        public var to: Double
        public init(label: String, from: Double, to: Double) { self.label = label; self.from = from; self.to = to }
    }

    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var series: [Series]
    public var spans: [Span] = []
    /// A horizontal reference line (the frame period), if any.
    public var reference: (label: String, y: Double)?
    /// The y axis starts at 0 unless this is false (then it fits the data).
    public var yFromZero = true
    /// A logarithmic y axis (decades), for data spanning a frame period and a blocked
    /// second alike; values below `logFloor` are drawn at it.
    public var logY = false
    public var logFloor = 0.1

    public init(title: String, xLabel: String, yLabel: String, series: [Series], spans: [Span] = [],
                reference: (label: String, y: Double)? = nil, yFromZero: Bool = true, logY: Bool = false, logFloor: Double = 0.1) {
        self.title = title; self.xLabel = xLabel; self.yLabel = yLabel; self.series = series; self.spans = spans
        self.reference = reference; self.yFromZero = yFromZero; self.logY = logY; self.logFloor = logFloor
    }

    public static let palette: [(Double, Double, Double)] = [(0.12, 0.47, 0.71), (0.84, 0.15, 0.16), (0.17, 0.63, 0.17),
                                                      (0.58, 0.40, 0.74), (1.0, 0.5, 0.05)]

    /// Draws the chart and writes it as a PNG to `path`.
    public func write(to path: String, width: Int = 1200, height: Int = 500) throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        let left = 70.0, right = 20.0, top = 40.0, bottom = 50.0
        let w = Double(width) - left - right, h = Double(height) - top - bottom
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        let xs = series.flatMap { $0.points.map(\.x) } + spans.flatMap { [$0.from, $0.to] }
        var ys = series.flatMap { $0.points.map(\.y) }.filter(\.isFinite)
        if let r = reference { ys.append(r.y) }
        let x0 = xs.min() ?? 0, x1 = max((xs.max() ?? 1), x0 + 1e-9)
        var y0 = yFromZero ? 0 : (ys.min() ?? 0), y1 = max(ys.max() ?? 1, y0 + 1e-9)
        if logY {
            y0 = log10(max(logFloor, ys.min() ?? logFloor)).rounded(.down)
            y1 = max(log10(max(logFloor, ys.max() ?? 1)).rounded(.up), y0 + 1)
        } else {
            let pad = (y1 - y0) * 0.05
            y1 += pad
            if !yFromZero { y0 -= pad }
        }
        let floor = logFloor, logarithmic = logY
        func px(_ x: Double) -> Double { left + (x - x0) / (x1 - x0) * w }
        func py(_ y: Double) -> Double {
            let v = logarithmic ? log10(max(floor, y)) : y
            return top + h - (v - y0) / (y1 - y0) * h
        }

        cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 12)
        for s in spans {
            cairo_set_source_rgba(cr, 0.95, 0.6, 0.2, 0.18)
            cairo_rectangle(cr, px(s.from), top, px(s.to) - px(s.from), h)
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 0.6, 0.3, 0)
            cairo_move_to(cr, px(s.from) + 4, top + 14)
            cairo_show_text(cr, s.label)
        }
        // Axes and ticks.
        cairo_set_source_rgb(cr, 0.2, 0.2, 0.2)
        cairo_set_line_width(cr, 1)
        cairo_rectangle(cr, left, top, w, h)
        cairo_stroke(cr)
        let yTicks: [Double] = logY ? stride(from: y0, through: y1, by: 1).map { pow(10, $0) }
            : (0...5).map { y0 + (y1 - y0) * Double($0) / 5 }
        for yv in yTicks {
            cairo_set_source_rgba(cr, 0, 0, 0, 0.08)
            cairo_move_to(cr, left, py(yv)); cairo_line_to(cr, left + w, py(yv)); cairo_stroke(cr)
            cairo_set_source_rgb(cr, 0.2, 0.2, 0.2)
            cairo_move_to(cr, 6, py(yv) + 4); cairo_show_text(cr, yv >= 10 ? String(format: "%.0f", yv) : String(format: "%.2f", yv))
        }
        for i in 0...5 {
            let xv = x0 + (x1 - x0) * Double(i) / 5
            cairo_set_source_rgb(cr, 0.2, 0.2, 0.2)
            cairo_move_to(cr, px(xv) - 12, top + h + 16); cairo_show_text(cr, String(format: "%.1f", xv))
        }
        cairo_move_to(cr, left + w / 2 - 40, Double(height) - 12); cairo_show_text(cr, xLabel)
        cairo_move_to(cr, 6, top - 8); cairo_show_text(cr, yLabel)
        cairo_set_font_size(cr, 14)
        cairo_move_to(cr, left + 140, 20); cairo_show_text(cr, title)
        cairo_set_font_size(cr, 12)
        if let r = reference {
            cairo_set_source_rgba(cr, 0, 0, 0, 0.5)
            let dashes: [Double] = [4, 4]
            cairo_set_dash(cr, dashes, 2, 0)
            cairo_move_to(cr, left, py(r.y)); cairo_line_to(cr, left + w, py(r.y)); cairo_stroke(cr)
            cairo_set_dash(cr, nil, 0, 0)
            cairo_move_to(cr, left + w - 140, py(r.y) - 4); cairo_show_text(cr, r.label)
        }
        // Series: points joined by lines, or dots.
        for (i, s) in series.enumerated() {
            cairo_set_source_rgb(cr, s.color.0, s.color.1, s.color.2)
            cairo_set_line_width(cr, 1.2)
            switch s.style {
            case .line:
                var started = false
                for p in s.points where p.y.isFinite {
                    if started { cairo_line_to(cr, px(p.x), py(p.y)) } else { cairo_move_to(cr, px(p.x), py(p.y)); started = true }
                }
                cairo_stroke(cr)
            case .dots:
                for p in s.points where p.y.isFinite {
                    cairo_new_sub_path(cr)
                    cairo_arc(cr, px(p.x), py(p.y), 2.5, 0, 2 * Double.pi)
                }
                cairo_fill(cr)
            }
            cairo_rectangle(cr, left + 10, top + 24 + Double(i) * 16, 12, 4)
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 0.1, 0.1, 0.1)
            cairo_move_to(cr, left + 28, top + 30 + Double(i) * 16)
            cairo_show_text(cr, s.name)
        }
        cairo_surface_flush(surface)
        try writePNG(surface, to: path)
    }
}
