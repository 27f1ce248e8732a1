import Foundation
import RenderClient

/// `UIColor`: `Color` (`UIColor.red`, `UIColor(red:green:blue:alpha:)`,
/// `UIColor(white:alpha:)`, `.withAlphaComponent(_:)`, `.cgColor` for layers).
public typealias UIColor = Color

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

    public init() { cgPath = Path() }
    public init(cgPath: Path) { self.cgPath = cgPath }
    public init(rect: CGRect) { cgPath = Path(rect: Rect(rect)) }
    public init(ovalIn rect: CGRect) { cgPath = Path(ellipseIn: Rect(rect)) }
    public init(roundedRect rect: CGRect, cornerRadius: Double) {
        cgPath = Path(roundedRect: Rect(rect), cornerRadius: cornerRadius)
    }

    public func move(to point: CGPoint) { cgPath.move(to: Point(point)) }
    public func addLine(to point: CGPoint) { cgPath.addLine(to: Point(point)) }
    public func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) {
        cgPath.addQuadCurve(to: Point(point), control: Point(controlPoint))
    }
    public func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        cgPath.addCurve(to: Point(point), control1: Point(controlPoint1), control2: Point(controlPoint2))
    }
    public func close() { cgPath.closeSubpath() }
    public func append(_ other: UIBezierPath) { cgPath.elements.append(contentsOf: other.cgPath.elements) }
    public var isEmpty: Bool { cgPath.isEmpty }
}
