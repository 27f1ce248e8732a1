extension Rasterizer {
    /// 64 rows of a 1280-pixel frame are 320 KiB: a band stays in a core's L2 cache while
    /// every layer crossing it is drawn.
    static let defaultBandRows = 64
    /// 256 × 256 pixels: below it, bands cost more than they save.
    static let defaultMinBandedArea = 1 << 16

    /// A large damage rectangle cut into horizontal bands of `bandRows` rows, drawn one
    /// after the other (each with every layer that crosses it), so that the frame's pixels
    /// are read and written from cache while hundreds of overlapping layers blend into them,
    /// instead of streaming the whole frame through memory once per layer. Measured with
    /// `rendersrv-bench --composite` (README, Performance). Every layer's drawing is clipped
    /// to the band and computed per pixel, so the pixels are those of one pass.
    ///
    /// The bands are also what the drawing threads share out (`BandPool`): each band is
    /// drawn whole by one thread, so with more threads the pixels are still those of one.
    ///
    /// Only the cached mode bands: the naive baseline stays one pass over the whole frame.
    func bands(of r: PixelRect) -> [PixelRect] {
        guard mode == .cached, bandRows > 0, bandRows < r.height / 2, r.area >= minBandedArea else { return [r] }
        return stride(from: r.y, to: r.maxY, by: bandRows).map {
            PixelRect(x: r.x, y: $0, width: r.width, height: min(bandRows, r.maxY - $0))
        }
    }
}
