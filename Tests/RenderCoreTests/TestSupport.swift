// Shared helpers for RenderCore's tests: tolerances, a seeded generator and a one-call
// evaluation. Expected values in the tests are written from first principles; these
// helpers only compare and drive.
import Testing
@testable import RenderCore
#if canImport(Glibc)
import Glibc
#endif

/// |a − b| ≤ tol.
func near(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool {
    if a == b { return true }
    return abs(a - b) <= tol
}

func near(_ a: Point, _ b: Point, _ tol: Double = 1e-9) -> Bool { near(a.x, b.x, tol) && near(a.y, b.y, tol) }
func near(_ a: Size, _ b: Size, _ tol: Double = 1e-9) -> Bool { near(a.width, b.width, tol) && near(a.height, b.height, tol) }
func near(_ a: Rect, _ b: Rect, _ tol: Double = 1e-9) -> Bool { near(a.origin, b.origin, tol) && near(a.size, b.size, tol) }
func near(_ a: Color, _ b: Color, _ tol: Double = 1e-9) -> Bool {
    near(a.red, b.red, tol) && near(a.green, b.green, tol) && near(a.blue, b.blue, tol) && near(a.alpha, b.alpha, tol)
}
func near(_ a: Transform3D, _ b: Transform3D, _ tol: Double = 1e-9) -> Bool { a.maxDifference(b) <= tol }

/// The 2D rotation matrix about z, written out (row-vector layout: (1,0) ↦ (cos, sin)).
func rotationZ(_ angle: Double) -> Transform3D {
    let c = cos(angle), s = sin(angle)
    return Transform3D(m11: c, m12: s, m13: 0, m14: 0,
                       m21: -s, m22: c, m23: 0, m24: 0,
                       m31: 0, m32: 0, m33: 1, m34: 0,
                       m41: 0, m42: 0, m43: 0, m44: 1)
}

/// A plain 4×4 product of row-major arrays, independent of `Transform3D.concatenating`.
func matmul(_ a: Transform3D, _ b: Transform3D) -> Transform3D {
    let x = a.rows, y = b.rows
    var r = [Double](repeating: 0, count: 16)
    for i in 0..<4 { for j in 0..<4 { for k in 0..<4 { r[i * 4 + j] += x[i * 4 + k] * y[k * 4 + j] } } }
    return Transform3D(rows: r)
}

/// SplitMix64: a small seeded generator so "random" tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func double(_ lo: Double, _ hi: Double) -> Double { Double.random(in: lo...hi, using: &self) }
}

/// Evaluates `animations` (keys "a0", "a1", … in order) over `model` at layer time `t`.
func present(_ model: LayerProperties, _ animations: [Animation], at t: Double) -> LayerProperties {
    let attached = animations.enumerated().map { AttachedAnimation(key: "a\($0.offset)", animation: $0.element) }
    var p = LayerProperties()
    var life = [AnimationLifecycle]()
    Presentation.evaluate(model: model, animations: attached, layerTime: t, into: &p, lifecycle: &life)
    return p
}

/// One animation with explicit timing.
func animation(_ kind: Animation.Kind, begin: Double = 0, duration: Double = 1, fill: MediaTiming.FillMode = .removed,
               timingFunction: TimingFunction? = nil, configure: (inout MediaTiming) -> Void = { _ in }) -> Animation {
    var timing = MediaTiming(beginTime: begin, duration: duration, fillMode: fill)
    configure(&timing)
    return Animation(kind, timing: timing, timingFunction: timingFunction)
}

/// A basic animation with explicit timing.
func basic(_ keyPath: LayerKeyPath, from: AnimatableValue? = nil, to: AnimatableValue? = nil, by: AnimatableValue? = nil,
           additive: Bool = false, cumulative: Bool = false, begin: Double = 0, duration: Double = 1,
           fill: MediaTiming.FillMode = .removed, timingFunction: TimingFunction? = nil,
           configure: (inout MediaTiming) -> Void = { _ in }) -> Animation {
    animation(.basic(BasicAnimation(keyPath: keyPath, from: from, to: to, by: by, isAdditive: additive, isCumulative: cumulative)),
              begin: begin, duration: duration, fill: fill, timingFunction: timingFunction, configure: configure)
}
