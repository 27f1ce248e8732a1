import Foundation
import RenderClient

/// `UIView`: `View`, layer-backed as UIKit's (`UIView(frame:)` in `Context.current`, or
/// `UIView(frame:context:)`; `view.layer` is its `CALayer`).
public typealias UIView = View

/// `UIColor`: `Color` (`UIColor.red`, `UIColor(red:green:blue:alpha:)`,
/// `UIColor(white:alpha:)`, `.withAlphaComponent(_:)`, `.cgColor` for layers).
public typealias UIColor = Color

/// UIKit's spellings of `UIColor`'s members, on `Color` (`UIColor` is its alias).
extension Color {
    /// `UIColor.withAlphaComponent(_:)`: `withAlpha(_:)`.
    public func withAlphaComponent(_ alpha: Double) -> Color { withAlpha(alpha) }
}

/// `UIBezierPath`: a path *object*, for code written against UIKit (`let p = UIBezierPath();
/// p.move(to: …)` mutates it, which a `let` of the `Path` value could not). `cgPath` is the
/// `Path` value shape layers and animations take: `shape.path = p.cgPath`. Arcs are not
/// offered (`Path` has lines, quadratic and cubic curves).
public final class UIBezierPath {
    /// The path as a value (`CGPath` is `Path`).
    public var cgPath: Path

    /// An empty path.
    public init() { cgPath = Path() }
    /// A path object holding `cgPath`.
    public init(cgPath: Path) { self.cgPath = cgPath }
    /// A closed rectangle.
    public init(rect: CGRect) { cgPath = Path(rect: Rect(rect)) }
    /// The ellipse inscribed in `rect`.
    public init(ovalIn rect: CGRect) { cgPath = Path(ellipseIn: Rect(rect)) }
    /// A rectangle with corners rounded by `cornerRadius` points.
    public init(roundedRect rect: CGRect, cornerRadius: Double) {
        cgPath = Path(roundedRect: Rect(rect), cornerRadius: cornerRadius)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { cgPath.move(to: Point(point)) }
    /// A straight line from the current point to `point`.
    public func addLine(to point: CGPoint) { cgPath.addLine(to: Point(point)) }
    /// A quadratic Bézier curve from the current point to `point`.
    public func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) {
        cgPath.addQuadCurve(to: Point(point), control: Point(controlPoint))
    }
    /// A cubic Bézier curve from the current point to `point`.
    public func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        cgPath.addCurve(to: Point(point), control1: Point(controlPoint1), control2: Point(controlPoint2))
    }
    /// Closes the current subpath with a line back to its start.
    public func close() { cgPath.closeSubpath() }
    /// Appends the elements of `other`.
    public func append(_ other: UIBezierPath) { cgPath.elements.append(contentsOf: other.cgPath.elements) }
    /// Whether the path has no elements.
    public var isEmpty: Bool { cgPath.isEmpty }
}
