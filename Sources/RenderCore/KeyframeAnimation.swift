/// `CAKeyframeAnimation`: a sequence of values (or a path, for point properties) with
/// optional key times and per-segment timing functions.
///
/// - `linear`: straight interpolation between neighbours; without `keyTimes` the segments
///   share the duration equally.
/// - `discrete`: each value holds until the next key time. `keyTimes` may have one entry
///   per value or, as Core Animation documents, one more.
/// - `paced`: key times from the distances between values, so the speed is constant;
///   `keyTimes` and `timingFunctions` are ignored.
/// - `cubic`: a Catmull-Rom spline through the values (transforms fall back to linear).
/// - `cubicPaced`: the spline with paced key times.
///
/// With a `path`, the animated value is the point along the path (each element's end
/// point is a key frame); `rotationMode` then also turns the layer along the tangent.
public struct KeyframeAnimation: Hashable, Sendable {
    public enum CalculationMode: UInt8, Sendable, CaseIterable {
        case linear = 0, discrete = 1, paced = 2, cubic = 3, cubicPaced = 4
    }
    public enum RotationMode: UInt8, Sendable, CaseIterable {
        case none = 0
        /// Turned to the path's tangent.
        case auto = 1
        /// Turned to the tangent plus half a turn.
        case autoReverse = 2
    }

    public var keyPath: LayerKeyPath
    public var values: [AnimatableValue]
    public var path: Path?
    /// 0…1, non-decreasing; one per value (or per value + 1 in discrete mode).
    public var keyTimes: [Double]?
    /// One per segment (values − 1); applied within each segment.
    public var timingFunctions: [TimingFunction]?
    public var calculationMode: CalculationMode
    public var rotationMode: RotationMode
    public var isAdditive: Bool
    public var isCumulative: Bool

    public init(keyPath: LayerKeyPath, values: [AnimatableValue] = [], path: Path? = nil, keyTimes: [Double]? = nil,
                timingFunctions: [TimingFunction]? = nil, calculationMode: CalculationMode = .linear,
                rotationMode: RotationMode = .none, isAdditive: Bool = false, isCumulative: Bool = false) {
        self.keyPath = keyPath; self.values = values; self.path = path; self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions; self.calculationMode = calculationMode
        self.rotationMode = rotationMode; self.isAdditive = isAdditive; self.isCumulative = isCumulative
    }

    /// The value at progress `p` (0…1, after the animation's own timing function).
    public func value(at p: Double) -> AnimatableValue? {
        if let path, !path.isEmpty { return .point(PathSampler(path: path).point(at: pathProgress(p))) }
        let n = values.count
        guard n > 0 else { return nil }
        if n == 1 { return values[0] }
        switch calculationMode {
        case .discrete:
            return values[discreteIndex(p)]
        case .linear, .cubic:
            let (i, f) = segment(p)
            return calculationMode == .cubic ? cubic(i, f) : AnimatableValue.interpolate(values[i], values[i + 1], f)
        case .paced, .cubicPaced:
            let (i, f) = pacedSegment(p)
            return calculationMode == .cubicPaced ? cubic(i, f) : AnimatableValue.interpolate(values[i], values[i + 1], f)
        }
    }

    /// The tangent angle of the path at progress `p`, for `rotationMode`.
    public func pathAngle(at p: Double) -> Double? {
        guard let path, !path.isEmpty, rotationMode != .none else { return nil }
        let a = PathSampler(path: path).tangentAngle(at: pathProgress(p))
        return rotationMode == .autoReverse ? a + Double.pi : a
    }

    public var firstValue: AnimatableValue? {
        if let path, !path.isEmpty { return .point(PathSampler(path: path).point(at: 0)) }
        return values.first
    }
    public var lastValue: AnimatableValue? {
        if let path, !path.isEmpty { return .point(PathSampler(path: path).point(at: 1)) }
        return values.last
    }

    // MARK: Segments

    /// Index and fraction within the segment for linear and cubic modes.
    func segment(_ p: Double) -> (Int, Double) {
        KeyframeAnimation.segment(p, count: values.count, keyTimes: keyTimes, timingFunctions: timingFunctions)
    }

    /// Index and fraction (after the segment's timing function) among `n` key frames.
    @inline(__always)
    static func segment(_ p: Double, count n: Int, keyTimes: [Double]?, timingFunctions: [TimingFunction]?) -> (Int, Double) {
        segment(p, count: n, keyTimeStorage: keyTimes, timingFunctionStorage: timingFunctions)
    }

    /// `segment` over any random-access storage of key times and timing functions (the
    /// server keeps them in arenas of its own: see `PlannedData`).
    @inline(__always)
    static func segment<K: RandomAccessCollection<Double>, F: RandomAccessCollection<TimingFunction>>(
        _ p: Double, count n: Int, keyTimeStorage keyTimes: K?, timingFunctionStorage timingFunctions: F?) -> (Int, Double)
        where K.Index == Int, F.Index == Int {
        let (i, f) = locate(p, count: n, keyTimeStorage: keyTimes)
        var frac = f
        if let tfs = timingFunctions, !tfs.isEmpty { frac = tfs[min(i, tfs.count - 1)].evaluate(frac) }
        return (i, frac)
    }

    /// Finds the segment for progress `p` among `count` key frames.
    static func locate(_ p: Double, count n: Int, keyTimes: [Double]?) -> (Int, Double) {
        locate(p, count: n, keyTimeStorage: keyTimes)
    }

    static func locate<K: RandomAccessCollection<Double>>(_ p: Double, count n: Int, keyTimeStorage keyTimes: K?) -> (Int, Double)
        where K.Index == Int {
        if let kt = keyTimes, kt.count == n {
            if p <= kt[0] { return (0, 0) }
            if p >= kt[n - 1] { return (n - 2, 1) }
            // Binary search for the last key time ≤ p.
            var lo = 0, hi = n - 1
            while hi - lo > 1 { let mid = (lo + hi) / 2; if kt[mid] <= p { lo = mid } else { hi = mid } }
            let span = kt[lo + 1] - kt[lo]
            return (lo, span > 0 ? (p - kt[lo]) / span : 1)
        }
        let segments = Double(n - 1)
        let x = unitClamped(p) * segments
        let i = min(Int(x), n - 2)
        return (i, x - Double(i))
    }

    func discreteIndex(_ p: Double) -> Int { KeyframeAnimation.discreteIndex(p, count: values.count, keyTimes: keyTimes) }

    /// The value held at `p` among `n` values in discrete mode.
    static func discreteIndex(_ p: Double, count n: Int, keyTimes: [Double]?) -> Int {
        discreteIndex(p, count: n, keyTimeStorage: keyTimes)
    }

    static func discreteIndex<K: RandomAccessCollection<Double>>(_ p: Double, count n: Int, keyTimeStorage keyTimes: K?) -> Int
        where K.Index == Int {
        if let kt = keyTimes, kt.count == n || kt.count == n + 1 {
            var idx = 0
            for i in 0..<n where p >= kt[i] { idx = i }
            return idx
        }
        return min(Int(unitClamped(p) * Double(n)), n - 1)
    }

    func pacedSegment(_ p: Double) -> (Int, Double) {
        let n = values.count
        var total = 0.0
        for i in 0..<(n - 1) { total += values[i].distance(to: values[i + 1]) }
        guard total > 0 else { return KeyframeAnimation.locate(p, count: n, keyTimes: nil) }
        let target = min(max(p, 0), 1) * total
        var acc = 0.0
        for i in 0..<(n - 1) {
            let d = values[i].distance(to: values[i + 1])
            if acc + d >= target && d > 0 { return (i, (target - acc) / d) }
            acc += d
        }
        return (n - 2, 1)
    }

    func pathProgress(_ p: Double) -> Double {
        switch calculationMode {
        case .paced, .cubicPaced: return PathSampler(path: path!).pacedParameter(p)
        case .discrete:
            let count = PathSampler(path: path!).segmentCount
            guard count > 0 else { return 0 }
            let i = min(Int(unitClamped(p) * Double(count + 1)), count)
            return Double(i) / Double(count)
        default:
            let count = PathSampler(path: path!).segmentCount
            guard count > 0 else { return 0 }
            if let kt = keyTimes, kt.count == count + 1 {
                let (i, f) = KeyframeAnimation.locate(p, count: count + 1, keyTimes: kt)
                var frac = f
                if let tfs = timingFunctions, !tfs.isEmpty { frac = tfs[min(i, tfs.count - 1)].evaluate(frac) }
                return (Double(i) + frac) / Double(count)
            }
            if let tfs = timingFunctions, !tfs.isEmpty {
                let (i, f) = KeyframeAnimation.locate(p, count: count + 1, keyTimes: nil)
                return (Double(i) + tfs[min(i, tfs.count - 1)].evaluate(f)) / Double(count)
            }
            return p
        }
    }

    /// Catmull-Rom between values[i] and values[i+1], the ends duplicated.
    func cubic(_ i: Int, _ t: Double) -> AnimatableValue {
        let n = values.count
        let p0 = values[max(i - 1, 0)], p1 = values[i], p2 = values[i + 1], p3 = values[min(i + 2, n - 1)]
        let w = KeyframeAnimation.catmullRomWeights(t)
        return AnimatableValue.weightedSum(p0, p1, p2, p3, w.0, w.1, w.2, w.3)
            ?? AnimatableValue.interpolate(p1, p2, t)
    }

    /// The weights on p0…p3 of the Catmull-Rom segment from p1 to p2 at `t`: the Hermite
    /// basis with tangents m1 = (p2 − p0)/2 and m2 = (p3 − p1)/2 folded in.
    @inline(__always)
    static func catmullRomWeights(_ t: Double) -> (Double, Double, Double, Double) {
        let t2 = t * t, t3 = t2 * t
        let h00 = 2 * t3 - 3 * t2 + 1, h10 = t3 - 2 * t2 + t, h01 = -2 * t3 + 3 * t2, h11 = t3 - t2
        return (-h10 / 2, h00 - h11 / 2, h01 + h10 / 2, h11 / 2)
    }
}

extension AnimatableValue {
    /// w0·a + w1·b + w2·c + w3·d for component-wise kinds; `nil` for transforms and
    /// discrete kinds or mixed kinds.
    static func weightedSum(_ a: AnimatableValue, _ b: AnimatableValue, _ c: AnimatableValue, _ d: AnimatableValue,
                            _ w0: Double, _ w1: Double, _ w2: Double, _ w3: Double) -> AnimatableValue? {
        func s(_ x: Double, _ y: Double, _ z: Double, _ w: Double) -> Double { w0 * x + w1 * y + w2 * z + w3 * w }
        switch (a, b, c, d) {
        case let (.number(x), .number(y), .number(z), .number(w)): return .number(s(x, y, z, w))
        case let (.point(x), .point(y), .point(z), .point(w)):
            return .point(Point(x: s(x.x, y.x, z.x, w.x), y: s(x.y, y.y, z.y, w.y)))
        case let (.size(x), .size(y), .size(z), .size(w)):
            return .size(Size(width: s(x.width, y.width, z.width, w.width), height: s(x.height, y.height, z.height, w.height)))
        case let (.rect(x), .rect(y), .rect(z), .rect(w)):
            return .rect(Rect(x: s(x.origin.x, y.origin.x, z.origin.x, w.origin.x), y: s(x.origin.y, y.origin.y, z.origin.y, w.origin.y),
                              width: s(x.size.width, y.size.width, z.size.width, w.size.width),
                              height: s(x.size.height, y.size.height, z.size.height, w.size.height)))
        case let (.color(x), .color(y), .color(z), .color(w)):
            return .color(Color(red: s(x.red, y.red, z.red, w.red), green: s(x.green, y.green, z.green, w.green),
                                blue: s(x.blue, y.blue, z.blue, w.blue), alpha: s(x.alpha, y.alpha, z.alpha, w.alpha)))
        default: return nil
        }
    }

    /// The additive identity of a kind (0, the zero point, clear, the identity transform).
    public static func zero(of kind: Kind) -> AnimatableValue? {
        switch kind {
        case .number: return .number(0)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .color: return .color(Color(red: 0, green: 0, blue: 0, alpha: 0))
        case .transform: return .transform(.identity)
        default: return nil
        }
    }
}

/// Walks a path by element: each element that draws (line, quad, cubic, and a close that
/// returns to a subpath start it is not already at) is one segment; parameter `u` in 0…1 is
/// spread equally over segments, or by arc length for paced timing. A close that draws
/// nothing (as in `Path(ellipseIn:)`) is not a segment, so it adds no pause.
/// Allocation-free; curves are measured by 16-step polylines.
struct PathSampler {
    let path: Path
    static let steps = 16

    var segmentCount: Int {
        var n = 0
        forEachSegment { _, _, _, _ in n += 1; return true }
        return n
    }

    /// Visits each drawing segment: (index, start point, element, subpath start).
    func forEachSegment(_ body: (Int, Point, PathElement, Point) -> Bool) {
        var current = Point.zero, start = Point.zero, i = 0
        for e in path.elements {
            switch e {
            case let .move(p): current = p; start = p; continue
            case let .line(p): if !body(i, current, e, start) { return }; current = p
            case let .quad(_, p): if !body(i, current, e, start) { return }; current = p
            case let .cubic(_, _, p): if !body(i, current, e, start) { return }; current = p
            case .close:
                if current == start { continue }
                if !body(i, current, e, start) { return }; current = start
            }
            i += 1
        }
    }

    static func point(_ p0: Point, _ e: PathElement, _ start: Point, _ t: Double) -> Point {
        switch e {
        case let .line(p): return Point(x: lerp(p0.x, p.x, t), y: lerp(p0.y, p.y, t))
        case .close: return Point(x: lerp(p0.x, start.x, t), y: lerp(p0.y, start.y, t))
        case let .quad(c, p):
            let u = 1 - t
            return Point(x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x, y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y)
        case let .cubic(c1, c2, p):
            let u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return Point(x: a * p0.x + b * c1.x + c * c2.x + d * p.x, y: a * p0.y + b * c1.y + c * c2.y + d * p.y)
        case let .move(p): return p
        }
    }

    static func length(_ p0: Point, _ e: PathElement, _ start: Point) -> Double {
        switch e {
        case let .line(p): return p0.distance(to: p)
        case .close: return p0.distance(to: start)
        default:
            var len = 0.0, prev = p0
            for k in 1...steps {
                let q = point(p0, e, start, Double(k) / Double(steps))
                len += prev.distance(to: q); prev = q
            }
            return len
        }
    }

    /// The derivative d/dt of a segment at its parameter `t` (not normalized).
    static func derivative(_ p0: Point, _ e: PathElement, _ start: Point, _ t: Double) -> Point {
        switch e {
        case let .line(p): return p - p0
        case .close: return start - p0
        case let .quad(c, p):
            return (c - p0) * (2 * (1 - t)) + (p - c) * (2 * t)
        case let .cubic(c1, c2, p):
            let u = 1 - t
            return (c1 - p0) * (3 * u * u) + (c2 - c1) * (6 * u * t) + (p - c2) * (3 * t * t)
        case .move: return .zero
        }
    }

    /// Finds the segment at path parameter `u` and calls `body(p0, element, start, t)` on it.
    private func locate<R>(_ u: Double, _ body: (Point, PathElement, Point, Double) -> R) -> R? {
        let n = segmentCount
        guard n > 0 else { return nil }
        let x = unitClamped(u) * Double(n)
        let target = min(Int(x), n - 1)
        var result: R?
        forEachSegment { i, p0, e, start in
            if i == target { result = body(p0, e, start, x - Double(i)); return false }
            return true
        }
        return result
    }

    func point(at u: Double) -> Point {
        if let p = locate(u, { PathSampler.point($0, $1, $2, $3) }) { return p }
        for e in path.elements { if case let .move(p) = e { return p } }
        return .zero
    }

    /// The direction of travel at `u`, in radians (atan2 of the tangent). At a boundary
    /// between segments it is the direction of the segment that starts there; where a curve's
    /// derivative vanishes (a control point on an end point) it looks a little further along.
    func tangentAngle(at u: Double) -> Double {
        let d = locate(u) { p0, e, start, t -> Point in
            var d = PathSampler.derivative(p0, e, start, t)
            if d.x * d.x + d.y * d.y < 1e-24 {
                let t2 = t < 0.5 ? t + 1e-3 : t - 1e-3
                let a = PathSampler.point(p0, e, start, min(t, t2)), b = PathSampler.point(p0, e, start, max(t, t2))
                d = b - a
            }
            return d
        } ?? .zero
        return _atan2(d.y, d.x)
    }

    /// The segment parameter at which arc length reaches fraction `p` of the total.
    func pacedParameter(_ p: Double) -> Double {
        let n = segmentCount
        guard n > 0 else { return 0 }
        var total = 0.0
        forEachSegment { _, p0, e, s in total += PathSampler.length(p0, e, s); return true }
        guard total > 0 else { return p }
        let target = min(max(p, 0), 1) * total
        var acc = 0.0, result = 1.0
        forEachSegment { i, p0, e, s in
            let len = PathSampler.length(p0, e, s)
            if acc + len >= target && len > 0 {
                // Within the segment, walk the polyline for the local parameter.
                var prev = p0, walked = acc
                for k in 1...PathSampler.steps {
                    let t = Double(k) / Double(PathSampler.steps)
                    let q = PathSampler.point(p0, e, s, t)
                    let d = prev.distance(to: q)
                    if walked + d >= target {
                        let f = d > 0 ? (target - walked) / d : 0
                        result = (Double(i) + t - (1 - f) / Double(PathSampler.steps)) / Double(n)
                        return false
                    }
                    walked += d; prev = q
                }
                result = Double(i + 1) / Double(n)
                return false
            }
            acc += len
            return true
        }
        return result
    }
}
