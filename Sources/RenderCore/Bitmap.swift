/// Layer contents: a bitmap in premultiplied ARGB32, native (little-endian) byte order —
/// bytes B, G, R, A per pixel — rows of `width * 4` bytes with no padding, the layout
/// cairo and pixman use for `CAIRO_FORMAT_ARGB32`.
public struct Bitmap: Hashable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    /// Fails with `BitmapError` when `pixels.count != width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(BitmapError) {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else {
            throw .badDimensions(width: width, height: height)
        }
        guard pixels.count == width * height * 4 else {
            throw .sizeMismatch(expected: width * height * 4, actual: pixels.count)
        }
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// A bitmap filled with one color.
    public init(width: Int, height: Int, fill: Color) {
        let c = fill.clamped
        let a = c.alpha
        let px: [UInt8] = [UInt8((c.blue * a * 255).rounded()), UInt8((c.green * a * 255).rounded()),
                           UInt8((c.red * a * 255).rounded()), UInt8((a * 255).rounded())]
        var bytes = [UInt8](); bytes.reserveCapacity(max(0, width * height * 4))
        for _ in 0..<max(0, width * height) { bytes.append(contentsOf: px) }
        self.width = width; self.height = height; self.pixels = bytes
    }

    public var byteCount: Int { pixels.count }
    public var description: String { "Bitmap(\(width)×\(height))" }
}

public enum BitmapError: Error, Hashable, Sendable, CustomStringConvertible {
    case badDimensions(width: Int, height: Int)
    case sizeMismatch(expected: Int, actual: Int)
    public var description: String {
        switch self {
        case let .badDimensions(w, h): return "bitmap dimensions \(w)×\(h) are out of range (1…32768 on each side)"
        case let .sizeMismatch(e, a): return "bitmap holds \(a) bytes but its dimensions need \(e) (width × height × 4)"
        }
    }
}
