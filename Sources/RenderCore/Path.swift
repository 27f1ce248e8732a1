/// One element of a path, in points.
public enum PathElement: Hashable, Sendable {
    case move(Point)
    case line(Point)
    /// Quadratic Bézier: control point, end point.
    case quad(Point, Point)
    /// Cubic Bézier: two control points, end point.
    case cubic(Point, Point, Point)
    case close
}

/// A vector path (`CGPath`): subpaths of lines and Bézier curves.
///
/// Two paths with the same element structure interpolate point by point; otherwise they
/// switch at the half-way point.
public struct Path: Hashable, Sendable, CustomStringConvertible {
    public var elements: [PathElement]

    public init(_ elements: [PathElement] = []) { self.elements = elements }
    public static let empty = Path()
    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func addLine(to p: Point) { elements.append(.line(p)) }
    public mutating func addQuadCurve(to p: Point, control c: Point) { elements.append(.quad(c, p)) }
    public mutating func addCurve(to p: Point, control1 c1: Point, control2 c2: Point) { elements.append(.cubic(c1, c2, p)) }
    public mutating func closeSubpath() { elements.append(.close) }

    /// A closed rectangle, clockwise on screen from the top-left corner.
    public init(rect r: Rect) {
        self.init([.move(Point(r.minX, r.minY)), .line(Point(r.maxX, r.minY)),
                   .line(Point(r.maxX, r.maxY)), .line(Point(r.minX, r.maxY)), .close])
    }

    /// The control-point constant that makes four cubic Béziers approximate a circle.
    static let kappa = 0.5522847498307936

    /// An ellipse inscribed in `r`, as four cubic Béziers.
    public init(ellipseIn r: Rect) {
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let kx = rx * Path.kappa, ky = ry * Path.kappa
        self.init([
            .move(Point(cx + rx, cy)),
            .cubic(Point(cx + rx, cy + ky), Point(cx + kx, cy + ry), Point(cx, cy + ry)),
            .cubic(Point(cx - kx, cy + ry), Point(cx - rx, cy + ky), Point(cx - rx, cy)),
            .cubic(Point(cx - rx, cy - ky), Point(cx - kx, cy - ry), Point(cx, cy - ry)),
            .cubic(Point(cx + kx, cy - ry), Point(cx + rx, cy - ky), Point(cx + rx, cy)),
            .close])
    }

    /// A rectangle with circular corners of `radius`, clamped to half the shorter side.
    public init(roundedRect r: Rect, cornerRadius radius: Double) {
        let rad = max(0, min(radius, min(abs(r.width), abs(r.height)) / 2))
        guard rad > 0 else { self.init(rect: r); return }
        let k = rad * (1 - Path.kappa)
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        self.init([
            .move(Point(x0 + rad, y0)),
            .line(Point(x1 - rad, y0)),
            .cubic(Point(x1 - k, y0), Point(x1, y0 + k), Point(x1, y0 + rad)),
            .line(Point(x1, y1 - rad)),
            .cubic(Point(x1, y1 - k), Point(x1 - k, y1), Point(x1 - rad, y1)),
            .line(Point(x0 + rad, y1)),
            .cubic(Point(x0 + k, y1), Point(x0, y1 - k), Point(x0, y1 - rad)),
            .line(Point(x0, y0 + rad)),
            .cubic(Point(x0, y0 + k), Point(x0 + k, y0), Point(x0 + rad, y0)),
            .close])
    }

    /// Whether both paths have the same sequence of element kinds.
    public func hasSameStructure(as other: Path) -> Bool {
        guard elements.count == other.elements.count else { return false }
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.move, .move), (.line, .line), (.quad, .quad), (.cubic, .cubic), (.close, .close): continue
            default: return false
            }
        }
        return true
    }

    /// Point-by-point interpolation for paths of the same structure; otherwise the
    /// discrete switch at `t = 0.5`.
    public static func interpolate(_ a: Path, _ b: Path, _ t: Double) -> Path {
        guard a.hasSameStructure(as: b) else { return t < 0.5 ? a : b }
        func p(_ x: Point, _ y: Point) -> Point { Point(x: lerp(x.x, y.x, t), y: lerp(x.y, y.y, t)) }
        var out = [PathElement]()
        out.reserveCapacity(a.elements.count)
        for (ea, eb) in zip(a.elements, b.elements) {
            switch (ea, eb) {
            case let (.move(x), .move(y)): out.append(.move(p(x, y)))
            case let (.line(x), .line(y)): out.append(.line(p(x, y)))
            case let (.quad(c, x), .quad(d, y)): out.append(.quad(p(c, d), p(x, y)))
            case let (.cubic(c1, c2, x), .cubic(d1, d2, y)): out.append(.cubic(p(c1, d1), p(c2, d2), p(x, y)))
            default: out.append(.close)
            }
        }
        return Path(out)
    }

    /// The bounding box of every point and control point.
    public var controlPointBounds: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        for e in elements {
            switch e {
            case let .move(p), let .line(p): add(p)
            case let .quad(c, p): add(c); add(p)
            case let .cubic(c1, c2, p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        guard minX <= maxX else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public var description: String { "Path(\(elements.count) elements)" }
}
