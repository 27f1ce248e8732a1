import CCairo

/// A finished frame's pixels, copied out of the compositor: premultiplied ARGB32, native
/// byte order (B, G, R, A in memory), rows of `width × 4` bytes.
public struct CompositedFrame: Sendable {
    /// The frame number (counts from 1; 0 for the blank display before any frame).
    public var frame: UInt64
    /// Its target present time (media seconds).
    public var mediaTime: Double
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]
    /// CLOCK_MONOTONIC nanoseconds: when the loop thread handed the frame off, and when its
    /// pixels were ready.
    public var handedOffNanoseconds: Int64
    public var readyNanoseconds: Int64

    /// The pixel at (x, y) as (r, g, b, a), premultiplied, 0…255.
    public func rgba(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i + 2], pixels[i + 1], pixels[i], pixels[i + 3])
    }

    /// Writes the frame as a PNG; throws `ImageFileError` naming the file and cairo's reason.
    public func writePNG(to path: String) throws {
        try ImageFile.writePNG(pixels: pixels, width: width, height: height, to: path)
    }
}

public struct ImageFileError: Error, CustomStringConvertible {
    public let description: String
}

/// PNG files through cairo.
public enum ImageFile {
    /// Writes premultiplied ARGB32 pixels (rows of `width × 4` bytes) as a PNG.
    public static func writePNG(pixels: [UInt8], width: Int, height: Int, to path: String) throws {
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            throw ImageFileError(description: "cannot write \(path): \(pixels.count) bytes are not a \(width)x\(height) ARGB32 image")
        }
        guard let s = LayerBitmap.newSurface(width, height), let data = cairo_image_surface_get_data(s) else {
            throw ImageFileError(description: "cannot write \(path): cairo could not allocate a \(width)x\(height) image")
        }
        defer { cairo_surface_destroy(s) }
        let stride = Int(cairo_image_surface_get_stride(s))
        pixels.withUnsafeBytes { src in
            for y in 0..<height { (data + y * stride).update(from: src.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * width * 4, count: width * 4) }
        }
        cairo_surface_mark_dirty(s)
        let status = cairo_surface_write_to_png(s, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw ImageFileError(description: "cannot write \(path): \(String(cString: cairo_status_to_string(status))) "
                + "(check that the folder exists and is writable)")
        }
    }

    /// Reads a PNG as premultiplied ARGB32 (width, height, pixels).
    public static func readPNG(_ path: String) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        guard let s = cairo_image_surface_create_from_png(path) else {
            throw ImageFileError(description: "cannot read \(path)")
        }
        defer { cairo_surface_destroy(s) }
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw ImageFileError(description: "cannot read \(path): \(String(cString: cairo_status_to_string(status)))")
        }
        // Whatever the PNG's format, draw it into ARGB32.
        let w = Int(cairo_image_surface_get_width(s)), h = Int(cairo_image_surface_get_height(s))
        guard let argb = LayerBitmap.newSurface(w, h) else { throw ImageFileError(description: "cannot read \(path): out of memory") }
        defer { cairo_surface_destroy(argb) }
        LayerBitmap.copy(s, into: argb)
        return (w, h, copyPixels(argb))
    }

    /// A cairo ARGB32 image surface's pixels, rows packed to `width × 4` bytes.
    static func copyPixels(_ s: OpaquePointer) -> [UInt8] {
        let w = Int(cairo_image_surface_get_width(s)), h = Int(cairo_image_surface_get_height(s))
        let stride = Int(cairo_image_surface_get_stride(s))
        guard let data = cairo_image_surface_get_data(s) else { return [] }
        return [UInt8](unsafeUninitializedCapacity: w * h * 4) { buf, n in
            for y in 0..<h { (buf.baseAddress! + y * w * 4).update(from: data + y * stride, count: w * 4) }
            n = w * h * 4
        }
    }
}

/// The pixels of a cairo image surface (nil when it has none).
func cairo_data(_ s: OpaquePointer) -> UnsafeMutableRawPointer? {
    cairo_image_surface_get_data(s).map { UnsafeMutableRawPointer($0) }
}

func cairo_stride(_ s: OpaquePointer) -> Int { Int(cairo_image_surface_get_stride(s)) }
