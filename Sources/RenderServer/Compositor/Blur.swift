/// A Gaussian blur approximated by three box blurs (each pass horizontal then vertical),
/// on an 8-bit alpha plane: how the compositor softens a shadow.
enum Blur {
    /// The radius of each of three boxes whose sum approximates a Gaussian of `sigma` pixels.
    static func boxRadius(sigma: Double) -> Int {
        guard sigma > 0.3 else { return 0 }
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        return max(1, Int(((ideal - 1) / 2).rounded()))
    }

    /// Blurs `height` rows of `width` bytes (`stride` apart) in place.
    static func blurAlpha(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        let r = boxRadius(sigma: sigma)
        guard r > 0, width > 0, height > 0 else { return }
        var line = [Int32](repeating: 0, count: max(width, height))
        for _ in 0..<3 {
            for y in 0..<height { box(data + y * stride, count: width, step: 1, radius: r, scratch: &line) }
            for x in 0..<width { box(data + x, count: height, step: stride, radius: r, scratch: &line) }
        }
    }

    /// One box pass over `count` samples `step` apart, edges treated as transparent.
    private static func box(_ p: UnsafeMutablePointer<UInt8>, count: Int, step: Int, radius r: Int, scratch: inout [Int32]) {
        for i in 0..<count { scratch[i] = Int32(p[i * step]) }
        let window = Int32(2 * r + 1)
        var sum: Int32 = 0
        for i in 0...min(r, count - 1) { sum += scratch[i] }
        for i in 0..<count {
            p[i * step] = UInt8((sum + window / 2) / window)
            let add = i + r + 1, drop = i - r
            if add < count { sum += scratch[add] }
            if drop >= 0 { sum -= scratch[drop] }
        }
    }
}
