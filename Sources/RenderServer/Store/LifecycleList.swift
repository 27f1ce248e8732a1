import RenderCore

/// The lifecycles of one layer's animations as of the latest frame, parallel to its
/// `AnimationState.attached`.
///
/// Up to `inlineCapacity` of them live inside the value itself (a byte each), so that the
/// frame's walk, which writes every animated layer's lifecycles each frame, touches no
/// storage of their own and checks no uniqueness: almost every layer has one to a few
/// animations. Past that they move to an array. Thread affinity: that of its state.
struct LifecycleList: Equatable {
    /// How many lifecycles live inline.
    static let inlineCapacity = 8

    /// Byte `i` holds lifecycle `i`'s raw value while `count <= inlineCapacity`.
    private var inline: UInt64 = 0
    /// Every lifecycle while `count > inlineCapacity`; empty otherwise.
    private var overflow: [AnimationLifecycle] = []
    private(set) var count = 0

    init() {}

    init(_ lifecycles: [AnimationLifecycle]) {
        for l in lifecycles { append(l) }
    }

    /// All of them, in order (cold paths: tree dumps, tests).
    var array: [AnimationLifecycle] { (0..<count).map { self[$0] } }

    subscript(i: Int) -> AnimationLifecycle {
        get {
            precondition(i >= 0 && i < count, "lifecycle \(i) of \(count)")
            if count > LifecycleList.inlineCapacity { return overflow[i] }
            return AnimationLifecycle(rawValue: UInt8(truncatingIfNeeded: inline >> UInt64(8 * i))) ?? .pending
        }
        set {
            precondition(i >= 0 && i < count, "lifecycle \(i) of \(count)")
            if count > LifecycleList.inlineCapacity { overflow[i] = newValue; return }
            let shift = UInt64(8 * i)
            inline = inline & ~(0xFF << shift) | UInt64(newValue.rawValue) << shift
        }
    }

    /// Sets the lifecycle of a list of one, storing only when it changes (a store dirties the
    /// line, which then costs a write-back).
    @inline(__always)
    mutating func setOnly(_ l: AnimationLifecycle) {
        assert(count == 1, "setOnly on a list of \(count)")
        let raw = UInt64(l.rawValue)
        if inline != raw { inline = raw }
    }

    mutating func append(_ l: AnimationLifecycle) {
        if count < LifecycleList.inlineCapacity {
            count += 1
            self[count - 1] = l
        } else {
            if count == LifecycleList.inlineCapacity { overflow = array; inline = 0 }
            overflow.append(l)
            count += 1
        }
    }

    mutating func remove(at i: Int) {
        var all = array
        all.remove(at: i)
        self = LifecycleList(all)
    }

    mutating func removeAll() { self = LifecycleList() }

    /// Calls `body` with the lifecycles as a mutable buffer, in place (no copy, no allocation).
    mutating func withUnsafeMutableBuffer<R>(_ body: (UnsafeMutableBufferPointer<AnimationLifecycle>) -> R) -> R {
        if count > LifecycleList.inlineCapacity { return overflow.withUnsafeMutableBufferPointer { body($0) } }
        let count = self.count
        return withUnsafeMutableBytes(of: &inline) { raw in
            raw.withMemoryRebound(to: AnimationLifecycle.self) { body(UnsafeMutableBufferPointer(rebasing: $0[0..<count])) }
        }
    }
}
