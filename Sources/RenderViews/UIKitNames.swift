import RenderClient

/// `UIColor`: `Color` (`UIColor.red`, `UIColor(red:green:blue:alpha:)`,
/// `UIColor(white:alpha:)`, `.withAlphaComponent(_:)`, `.cgColor` for layers).
public typealias UIColor = Color

extension Color {
    /// `UIColor.withAlphaComponent(_:)`: `withAlpha(_:)`.
    public func withAlphaComponent(_ alpha: Double) -> Color { withAlpha(alpha) }
}
