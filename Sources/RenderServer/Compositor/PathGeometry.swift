import CCairo
import Glibc
import RenderCore

/// Emitting `RenderCore.Path`s into cairo: exactly (curves as curves) under an affine user
/// space, or flattened into polylines — for trimming a stroke to strokeStart…strokeEnd and
/// for mapping through a projective transform, which bends no straight line.
enum PathGeometry {
    /// One subpath as a polyline.
    struct Polyline {
        var points: [Point]
        var closed: Bool
        var length: Double {
            var l = 0.0
            for i in points.indices.dropFirst() { l += points[i - 1].distance(to: points[i]) }
            if closed, let f = points.first, let e = points.last { l += e.distance(to: f) }
            return l
        }
    }

    /// Segments per Bézier when flattening.
    static let curveSegments = 16

    /// Adds `path` to `cr`'s current path in user space, curves and all.
    static func add(_ path: Path, to cr: OpaquePointer) {
        for e in path.elements {
            switch e {
            case let .move(p): cairo_move_to(cr, p.x, p.y)
            case let .line(p): cairo_line_to(cr, p.x, p.y)
            case let .quad(c, p):
                var x0 = 0.0, y0 = 0.0
                cairo_get_current_point(cr, &x0, &y0)
                // The cubic with the same curve as the quadratic.
                cairo_curve_to(cr, x0 + 2 / 3 * (c.x - x0), y0 + 2 / 3 * (c.y - y0),
                               p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y), p.x, p.y)
            case let .cubic(c1, c2, p): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close: cairo_close_path(cr)
            }
        }
    }

    /// Adds a rounded rectangle (Core Animation's circular corners, radius clamped to half
    /// the shorter side).
    static func addRoundedRect(_ r: Rect, radius: Double, to cr: OpaquePointer) {
        let rad = max(0, min(radius, min(abs(r.width), abs(r.height)) / 2))
        if rad <= 0 { cairo_rectangle(cr, r.minX, r.minY, r.maxX - r.minX, r.maxY - r.minY); return }
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        cairo_new_sub_path(cr)
        cairo_arc(cr, x1 - rad, y0 + rad, rad, -Double.pi / 2, 0)
        cairo_arc(cr, x1 - rad, y1 - rad, rad, 0, Double.pi / 2)
        cairo_arc(cr, x0 + rad, y1 - rad, rad, Double.pi / 2, Double.pi)
        cairo_arc(cr, x0 + rad, y0 + rad, rad, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    /// The path as polylines (Béziers subdivided evenly).
    static func flatten(_ path: Path) -> [Polyline] {
        var out: [Polyline] = []
        var current = Polyline(points: [], closed: false)
        var pen = Point.zero, start = Point.zero
        func flush() { if current.points.count > 1 || current.closed { out.append(current) }; current = Polyline(points: [], closed: false) }
        for e in path.elements {
            switch e {
            case let .move(p):
                flush(); current.points = [p]; pen = p; start = p
            case let .line(p):
                if current.points.isEmpty { current.points = [pen] }
                current.points.append(p); pen = p
            case let .quad(c, p):
                if current.points.isEmpty { current.points = [pen] }
                let p0 = pen
                for i in 1...curveSegments {
                    let t = Double(i) / Double(curveSegments), u = 1 - t
                    current.points.append(Point(x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x,
                                                y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y))
                }
                pen = p
            case let .cubic(c1, c2, p):
                if current.points.isEmpty { current.points = [pen] }
                let p0 = pen
                for i in 1...curveSegments {
                    let t = Double(i) / Double(curveSegments), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.points.append(Point(x: a * p0.x + b * c1.x + c * c2.x + d * p.x,
                                                y: a * p0.y + b * c1.y + c * c2.y + d * p.y))
                }
                pen = p
            case .close:
                current.closed = true
                flush(); pen = start
            }
        }
        flush()
        return out
    }

    /// The part of the polylines between fractions `from` and `to` (0…1) of their total
    /// length, as `CAShapeLayer.strokeStart`/`strokeEnd` trim a stroke. Open polylines.
    static func trim(_ lines: [Polyline], from: Double, to: Double) -> [Polyline] {
        let s0 = min(1, max(0, from)), s1 = min(1, max(0, to))
        guard s1 > s0 else { return [] }
        // Closed subpaths become open ones ending where they began.
        let open = lines.map { l -> Polyline in
            var p = l; if l.closed, let f = l.points.first { p.points.append(f) }; p.closed = false; return p
        }
        let total = open.reduce(0) { $0 + $1.length }
        guard total > 0 else { return [] }
        let a = s0 * total, b = s1 * total
        var out: [Polyline] = []
        var walked = 0.0
        for line in open {
            var piece: [Point] = []
            for i in line.points.indices.dropFirst() {
                let p = line.points[i - 1], q = line.points[i]
                let len = p.distance(to: q)
                let segStart = walked, segEnd = walked + len
                walked = segEnd
                guard len > 0, segEnd > a, segStart < b else {
                    if !piece.isEmpty && segStart >= b { break }
                    continue
                }
                let t0 = max(0, (a - segStart) / len), t1 = min(1, (b - segStart) / len)
                let p0 = Point(x: p.x + (q.x - p.x) * t0, y: p.y + (q.y - p.y) * t0)
                let p1 = Point(x: p.x + (q.x - p.x) * t1, y: p.y + (q.y - p.y) * t1)
                if piece.isEmpty { piece.append(p0) }
                piece.append(p1)
            }
            if piece.count > 1 { out.append(Polyline(points: piece, closed: false)) }
            if walked >= b { break }
        }
        return out
    }

    /// Adds polylines, each point mapped through `t` (identity user space assumed).
    static func add(_ lines: [Polyline], mappedBy t: ProjectiveTransform? = nil, to cr: OpaquePointer) {
        for l in lines {
            for (i, p) in l.points.enumerated() {
                let m = t.map { $0.apply(p.x, p.y) } ?? p
                if i == 0 { cairo_move_to(cr, m.x, m.y) } else { cairo_line_to(cr, m.x, m.y) }
            }
            if l.closed { cairo_close_path(cr) }
        }
    }

    /// The rounded rectangle as a closed polyline (for clipping under a projective map).
    static func roundedRectPolyline(_ r: Rect, radius: Double) -> Polyline {
        let rad = max(0, min(radius, min(abs(r.width), abs(r.height)) / 2))
        guard rad > 0 else {
            return Polyline(points: [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY),
                                     Point(r.minX, r.maxY)], closed: true)
        }
        var pts: [Point] = []
        let corners = [(r.maxX - rad, r.minY + rad, -Double.pi / 2), (r.maxX - rad, r.maxY - rad, 0.0),
                       (r.minX + rad, r.maxY - rad, Double.pi / 2), (r.minX + rad, r.minY + rad, Double.pi)]
        for (cx, cy, a0) in corners {
            for i in 0...8 {
                let a = a0 + Double(i) / 8 * Double.pi / 2
                pts.append(Point(x: cx + rad * cos(a), y: cy + rad * sin(a)))
            }
        }
        return Polyline(points: pts, closed: true)
    }
}
