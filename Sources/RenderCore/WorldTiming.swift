/// The composition of a chain of layer timings, outermost first: the map from media time to
/// a layer's local time through all its ancestors, as one affine function
///
///     local = (t − beginTime) × speed + timeOffset
///
/// Composing `self` (the ancestors) with an inner layer's timing `(b, s, o)`:
///
///     local = ((t − B) × S + O − b) × s + o  =  (t − B) × (S·s) + ((O − b) × s + o)
///
/// so `beginTime` stays the outermost non-identity layer's, `speed` multiplies and
/// `timeOffset` absorbs the rest. The fold starts at the first non-identity timing (which it
/// takes as it is, so one timing alone gives exactly `LayerTiming.localTime`), and identity
/// timings leave it unchanged, bit for bit.
///
/// The client (`Presentation.localTime`) and the server (each node's cached world timing,
/// folded from its superlayer's) run this same fold, so both get the same local time to the
/// last bit, and a server frame costs one multiply-add per animated layer whatever its depth.
public struct WorldTiming: Hashable, Sendable {
    public var beginTime: Double
    public var speed: Double
    public var timeOffset: Double

    @inlinable public init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) {
        self.beginTime = beginTime; self.speed = speed; self.timeOffset = timeOffset
    }

    /// One layer's timing as a world timing.
    @inlinable public init(_ timing: LayerTiming) {
        self.init(beginTime: timing.beginTime, speed: timing.speed, timeOffset: timing.timeOffset)
    }

    public static let identity = WorldTiming()

    @inlinable public var isIdentity: Bool { beginTime == 0 && speed == 1 && timeOffset == 0 }

    /// This chain followed by `inner` (a sublayer's own timing).
    @inlinable public func then(_ inner: LayerTiming) -> WorldTiming {
        if inner.beginTime == 0 && inner.speed == 1 && inner.timeOffset == 0 { return self }
        if isIdentity { return WorldTiming(inner) }
        return WorldTiming(beginTime: beginTime, speed: speed * inner.speed,
                           timeOffset: (timeOffset - inner.beginTime) * inner.speed + inner.timeOffset)
    }

    /// The local time at media time `t` (seconds).
    @inlinable public func localTime(_ t: Double) -> Double {
        (t - beginTime) * speed + timeOffset
    }
}
