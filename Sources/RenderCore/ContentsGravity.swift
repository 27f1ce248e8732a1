/// `CALayer.contentsGravity`: where a layer's contents bitmap goes within its bounds.
///
/// The raw values are the property's string values (`kCAGravityCenter` is `"center"`, …).
/// Edges follow the display: y grows downwards, so `top` is the bounds' minimum y — what
/// UIKit-backed layers show (Core Animation on iOS flips its geometry the same way).
public enum LayerContentGravity: String, Sendable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill

    /// Core Animation's default.
    public static let `default` = LayerContentGravity.resize

    public init?(name: String) { self.init(rawValue: name) }

    /// Where contents of `size` (points: the bitmap's pixel size divided by
    /// `contentsScale`) go in `bounds`, in bounds coordinates. The result may extend past
    /// the bounds (fixed-size gravities with large contents, `resizeAspectFill`); the
    /// caller clips to the bounds only when the layer masks to its bounds, as Core
    /// Animation does. A degenerate size gives the bounds.
    public func frame(forContentsOf size: Size, in bounds: Rect) -> Rect {
        let w = size.width, h = size.height
        guard w > 0, h > 0, w.isFinite, h.isFinite else { return bounds }
        let b = bounds
        switch self {
        case .resize:
            return b
        case .resizeAspect, .resizeAspectFill:
            let sx = b.width / w, sy = b.height / h
            let k = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let fw = w * k, fh = h * k
            return Rect(x: b.minX + (b.width - fw) / 2, y: b.minY + (b.height - fh) / 2, width: fw, height: fh)
        default:
            // Fixed size: horizontal and vertical placement by name.
            let x: Double, y: Double
            switch self {
            case .left, .topLeft, .bottomLeft: x = b.minX
            case .right, .topRight, .bottomRight: x = b.minX + b.width - w
            default: x = b.minX + (b.width - w) / 2
            }
            switch self {
            case .top, .topLeft, .topRight: y = b.minY
            case .bottom, .bottomLeft, .bottomRight: y = b.minY + b.height - h
            default: y = b.minY + (b.height - h) / 2
            }
            return Rect(x: x, y: y, width: w, height: h)
        }
    }
}
