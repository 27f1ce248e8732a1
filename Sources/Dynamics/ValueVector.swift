import RenderClient

/// A property value as up to four numbers, the form every Dynamics animation computes in
/// (POP's `VectorRef`): a number is one component, a point or a size two, a rect or a color
/// four. Transforms as a whole, booleans, paths, strings and contents have no such form;
/// animate a transform through its components (`transform.rotation.z`, `transform.scale`,
/// `transform.translation`, …), which are numbers or sizes.
struct ValueVector: Equatable, CustomStringConvertible {
    var v: SIMD4<Double>
    /// 1…4: how many of the lanes are used (the others stay 0).
    let count: Int
    let kind: AnimatableValue.Kind

    init(_ v: SIMD4<Double>, count: Int, kind: AnimatableValue.Kind) {
        self.v = v; self.count = count; self.kind = kind
    }

    /// The vector of `value`, or `nil` for a kind Dynamics cannot animate.
    init?(_ value: AnimatableValue) {
        switch value {
        case let .number(n): self.init(SIMD4(n, 0, 0, 0), count: 1, kind: .number)
        case let .point(p): self.init(SIMD4(p.x, p.y, 0, 0), count: 2, kind: .point)
        case let .size(s): self.init(SIMD4(s.width, s.height, 0, 0), count: 2, kind: .size)
        case let .rect(r): self.init(SIMD4(r.origin.x, r.origin.y, r.size.width, r.size.height), count: 4, kind: .rect)
        case let .color(c): self.init(SIMD4(c.red, c.green, c.blue, c.alpha), count: 4, kind: .color)
        default: return nil
        }
    }

    /// The zero vector of a kind (`nil` for kinds Dynamics cannot animate).
    static func zero(_ kind: AnimatableValue.Kind) -> ValueVector? {
        guard let n = componentCount(kind) else { return nil }
        return ValueVector(.zero, count: n, kind: kind)
    }

    /// Components of a kind Dynamics animates, `nil` for the others.
    static func componentCount(_ kind: AnimatableValue.Kind) -> Int? {
        switch kind {
        case .number: return 1
        case .point, .size: return 2
        case .rect, .color: return 4
        default: return nil
        }
    }

    /// Back to a value of `kind`.
    var value: AnimatableValue {
        switch kind {
        case .point: return .point(Point(x: v[0], y: v[1]))
        case .size: return .size(Size(width: v[0], height: v[1]))
        case .rect: return .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case .color: return .color(Color(red: v[0], green: v[1], blue: v[2], alpha: v[3]))
        default: return .number(v[0])
        }
    }

    func with(_ v: SIMD4<Double>) -> ValueVector { ValueVector(v, count: count, kind: kind) }

    /// Whether every used component has a magnitude below `limit`.
    func allBelow(_ limit: Double) -> Bool {
        for i in 0..<count where !(abs(v[i]) < limit) { return false }
        return true
    }

    /// The sum of the squares of the components.
    var squaredNorm: Double { (v * v).sum() }

    var description: String { "\(value)" }
}
