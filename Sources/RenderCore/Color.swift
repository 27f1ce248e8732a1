/// An sRGB color with straight (unpremultiplied) alpha, each component nominally in 0…1.
///
/// Interpolation is component-wise on the unpremultiplied components, as Core Animation
/// does. Additive animation adds components without clamping; the compositor clamps.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    @inlinable public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// A gray level.
    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)
    public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)

    /// The same color with every component clamped to 0…1.
    public var clamped: Color {
        func c(_ v: Double) -> Double { v < 0 ? 0 : (v > 1 ? 1 : v) }
        return Color(red: c(red), green: c(green), blue: c(blue), alpha: c(alpha))
    }

    public func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }

    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}
