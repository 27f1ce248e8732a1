/// Where the out-of-line data of an animation's plan lies, for a caller that fetches memory
/// ahead of use (the server's frame walk). A keyframe plan's values and key times and a
/// transform plan's decomposed ends live in objects of their own, elsewhere in the heap:
/// evaluating such an animation without fetching them ahead waits on one or two misses.
///
/// Both read the plan in place (`planOffset` is `Presentation.planOffset`, read once by the
/// caller) and retain nothing. Valid while the animation is neither mutated nor released.
extension Presentation {
    /// What out-of-line data evaluating an animation through its plan reads (worked out once,
    /// so that a walk asks `planObject` and `keyframeStorage` only of animations that have
    /// some).
    public enum OutOfLineData: UInt8, Sendable, Comparable {
        case none = 0
        /// A transform plan's object.
        case object = 1
        /// A keyframe plan's object and its arrays.
        case objectAndArrays = 2
        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// What `animation`'s plan reads out of line.
    public static func outOfLineData(of animation: Animation) -> OutOfLineData {
        guard animation.plan.data != 0 else { return .none }
        switch animation.plan.route {
        case .transform: return .object
        case .keyframe: return .objectAndArrays
        default: return .none
        }
    }

    /// The plan's shared object and how many of its first bytes evaluation reads; nil when
    /// the plan has none.
    public static func planObject(of animation: UnsafeRawPointer,
                                  planOffset: Int) -> (address: UnsafeRawPointer, bytes: Int)? {
        let plan = (animation + planOffset).assumingMemoryBound(to: EvaluationPlan.self)
        guard let data = UnsafeRawPointer(bitPattern: plan.pointee.data) else { return nil }
        switch plan.pointee.route {
        case .transform: return (data, TransformPlan.hotBytes)
        case .keyframe: return (data, KeyframePlan.hotBytes)
        default: return nil
        }
    }

    /// A keyframe plan's values and key times (the bytes evaluation may read of each): read
    /// its object, so call it once `planObject`'s bytes are in cache. nil for other plans.
    public static func keyframeStorage(of animation: UnsafeRawPointer, planOffset: Int)
        -> (values: UnsafeRawPointer, valueBytes: Int, keyTimes: UnsafeRawPointer?, keyTimeBytes: Int)? {
        let plan = (animation + planOffset).assumingMemoryBound(to: EvaluationPlan.self)
        guard plan.pointee.route == .keyframe, let data = UnsafeRawPointer(bitPattern: plan.pointee.data) else { return nil }
        return Unmanaged<KeyframePlan>.fromOpaque(data)._withUnsafeGuaranteedRef { k in
            let values = k.values.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            let keyTimes = k.keyTimes?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            guard let values else { return nil }
            return (values, k.values.count * MemoryLayout<Quad>.stride, keyTimes,
                    (k.keyTimes?.count ?? 0) * MemoryLayout<Double>.stride)
        }
    }
}
