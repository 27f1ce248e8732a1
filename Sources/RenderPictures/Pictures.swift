// Pictures for the command-line tools: frames (premultiplied ARGB32, as snapshots carry
// them) to cairo surfaces, PNG files, and contact sheets whose tiles are labelled with pango.
// A library of its own so rendersrvctl and rendersrv-demo draw sheets the same way; it
// depends only on the cairo/pango shim.
import CCairo

/// One picture in memory: premultiplied ARGB32 rows of `width × 4` bytes.
public struct Picture {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) { self.width = width; self.height = height; self.pixels = pixels }

    /// A cairo surface with a copy of the pixels (the caller destroys it).
    public func surface() -> OpaquePointer {
        let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let stride = Int(cairo_image_surface_get_stride(s))
        let data = cairo_image_surface_get_data(s)!
        pixels.withUnsafeBytes { src in
            for y in 0..<height {
                (data + y * stride).update(from: src.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * width * 4,
                                           count: width * 4)
            }
        }
        cairo_surface_mark_dirty(s)
        return s
    }

    /// A PNG file as a cairo surface (the caller destroys it).
    public static func load(_ path: String) throws(PictureError) -> OpaquePointer {
        guard let s = cairo_image_surface_create_from_png(path), cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
            throw PictureError(message: "cannot read the PNG \(path)")
        }
        return s
    }
}

/// A picture that could not be read or written: which file and why.
public struct PictureError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// Writes a cairo surface as a PNG; the error names the file and cairo's reason.
public func writePNG(_ surface: OpaquePointer, to path: String) throws(PictureError) {
    let status = cairo_surface_write_to_png(surface, path)
    guard status == CAIRO_STATUS_SUCCESS else {
        throw PictureError(message: "cannot write \(path): \(String(cString: cairo_status_to_string(status))) "
            + "(does its folder exist and is it writable?)")
    }
}

/// Tiles frames into one picture, each with its label underneath.
public func contactSheet(_ tiles: [(surface: OpaquePointer, label: String)], columns requested: Int? = nil) -> OpaquePointer {
    let n = tiles.count
    let columns = max(1, requested ?? Int(Double(n).squareRoot().rounded(.up)))
    let rows = (n + columns - 1) / columns
    let w0 = Double(cairo_image_surface_get_width(tiles[0].surface)), h0 = Double(cairo_image_surface_get_height(tiles[0].surface))
    let scale = min(1, 320 / w0)
    let tw = (w0 * scale).rounded(), th = (h0 * scale).rounded()
    let gap = 8.0, labelHeight = 20.0
    let width = Int(Double(columns) * (tw + gap) + gap), height = Int(Double(rows) * (th + labelHeight + gap) + gap)
    let sheet = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    let cr = cairo_create(sheet)!
    cairo_set_source_rgb(cr, 0.16, 0.16, 0.18)
    cairo_paint(cr)
    for (i, tile) in tiles.enumerated() {
        let x = gap + Double(i % columns) * (tw + gap), y = gap + Double(i / columns) * (th + labelHeight + gap)
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, tw / w0, th / h0)
        cairo_set_source_surface(cr, tile.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
        let layout = pango_cairo_create_layout(cr)!
        let font = pango_font_description_from_string("Sans 10")
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, tile.label, -1)
        cairo_set_source_rgb(cr, 0.92, 0.92, 0.92)
        cairo_move_to(cr, x, y + th + 3)
        pango_cairo_show_layout(cr, layout)
        g_object_unref(UnsafeMutableRawPointer(layout))
    }
    cairo_destroy(cr)
    cairo_surface_flush(sheet)
    return sheet
}


/// Tiles pictures into one contact sheet and writes it as a PNG at `path`: each tile scaled
/// to at most 320 pixels wide and labelled underneath with its string, left to right and top
/// to bottom, `columns` tiles a row (default: about the square root of their number). The
/// value-level form of `contactSheet(_:columns:)`: no cairo surface to create or destroy.
/// Throws `PictureError` naming the file when it cannot be written; an empty list writes
/// nothing and throws.
///
///     let shot = try control.snapshot()
///     let picture = Picture(width: Int(shot.width), height: Int(shot.height), pixels: shot.pixels)
///     try writeContactSheet([(picture, "+0.00 s")], to: "sheet.png")
public func writeContactSheet(_ tiles: [(picture: Picture, label: String)], columns: Int? = nil,
                              to path: String) throws(PictureError) {
    guard !tiles.isEmpty else { throw PictureError(message: "no pictures to tile into \(path)") }
    let surfaces = tiles.map { (surface: $0.picture.surface(), label: $0.label) }
    defer { for s in surfaces { cairo_surface_destroy(s.surface) } }
    let sheet = contactSheet(surfaces, columns: columns)
    defer { cairo_surface_destroy(sheet) }
    try writePNG(sheet, to: path)
}
