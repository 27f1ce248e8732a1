import RenderClient

/// An animation whose frames a closure computes (`POPCustomAnimation`): it gets the layer
/// and the frame's times, changes what it likes (inside the frame's transaction, actions
/// disabled), and returns `true` when it is done. (POP's block returns whether to go on;
/// this one returns whether it is done.)
public final class DynamicCustomAnimation: DynamicAnimation {
    /// One frame, as the closure sees it.
    public struct Frame {
        /// The layer it was added to.
        public let layer: Layer
        /// The frame's target time, media time (s).
        public let time: Double
        /// Seconds since the frame it started at (0 on that frame).
        public let elapsed: Double
        /// Seconds since the previous frame it ran at (0 on the first).
        public let delta: Double
        /// 0 on the first frame, then 1, 2, …
        public let index: Int
    }

    private let block: (Frame) -> Bool
    private var clockShift = 0.0

    /// `block` runs once per frame and returns `true` when the animation is done.
    public init(_ block: @escaping (Frame) -> Bool) {
        self.block = block
        super.init()
    }

    override func apply(at t: Double, on layer: Layer, delta: Double) -> Bool {
        let start = (startTime ?? t) + clockShift
        return block(Frame(layer: layer, time: t, elapsed: t - start, delta: delta, index: framesApplied))
    }

    override func shiftClock(by shift: Double) { clockShift += shift }
}
