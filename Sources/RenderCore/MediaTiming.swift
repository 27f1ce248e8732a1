/// How an object's local time follows its parent's time (`CAMediaTiming`).
///
///     active time a = (parentTime − beginTime) × speed
///     phase         = before (a < 0), active (0 ≤ a < activeDuration), after
///     local time ℓ  = (a + timeOffset) wrapped into the active duration
///     cycle         = ⌊ℓ / cycleDuration⌋; within the cycle forward for `duration`,
///                     then backward for `duration` when `autoreverses`
///
/// `timeOffset` moves where playback starts and wraps around; it does not move the end
/// (frames A B C D E with an offset at C play C D E A B). All times are in seconds.
public struct MediaTiming: Hashable, Sendable, CustomStringConvertible {
    /// In the parent's time space. For an animation, 0 means "the commit time of the
    /// transaction that adds it", resolved at commit.
    public var beginTime: Double = 0
    /// One forward pass; 0 means the transaction's duration or 0.25 s (resolved at add).
    public var duration: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    /// Cycles to play; fractional allowed, `.infinity` for ever; 0 means 1.
    public var repeatCount: Double = 0
    /// Bounds the active time instead of `repeatCount` when > 0.
    public var repeatDuration: Double = 0
    public var autoreverses: Bool = false
    public var fillMode: FillMode = .removed

    public init(beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
                repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                fillMode: FillMode = .removed) {
        self.beginTime = beginTime; self.duration = duration; self.speed = speed; self.timeOffset = timeOffset
        self.repeatCount = repeatCount; self.repeatDuration = repeatDuration; self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// The duration used when `duration` is 0 and the transaction sets none.
    public static let defaultDuration = 0.25

    public enum FillMode: UInt8, Sendable, CaseIterable {
        case removed = 0, forwards = 1, backwards = 2, both = 3
        public var fillsForwards: Bool { self == .forwards || self == .both }
        public var fillsBackwards: Bool { self == .backwards || self == .both }
    }

    /// The length of one cycle: `duration`, doubled when autoreversing.
    @inlinable public var cycleDuration: Double { autoreverses ? 2 * duration : duration }

    /// How long the object is active, in its parent's time scaled by `speed`
    /// (may be `.infinity`).
    @inlinable public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        let count = repeatCount == 0 ? 1 : repeatCount
        if count.isInfinite { return .infinity }
        return cycleDuration * count
    }

    public enum Phase: UInt8, Sendable { case before, active, after }

    /// Where a parent time falls, and the progress there.
    public struct State: Hashable, Sendable {
        public var phase: Phase
        /// Whether the fill mode makes the object affect the presentation now.
        public var isApplied: Bool
        /// Progress within the current cycle's forward pass, 0…1, before the timing
        /// function (backward halves of autoreversing cycles run from 1 to 0).
        public var progress: Double
        /// Index of the current cycle (for cumulative animations).
        public var cycle: Int
        /// The local time within the forward pass, in seconds (`progress × duration`).
        public var localTime: Double
        public init(phase: Phase, isApplied: Bool, progress: Double, cycle: Int, localTime: Double) {
            self.phase = phase; self.isApplied = isApplied; self.progress = progress; self.cycle = cycle
            self.localTime = localTime
        }
    }

    /// The state at `parentTime` (in the parent's time space). A time that is not a number
    /// (from non-finite timing values) is before the start and not applied, never a trap.
    public func state(at parentTime: Double) -> State {
        let a = (parentTime - beginTime) * speed
        let active = activeDuration
        if a.isNaN {
            return State(phase: .before, isApplied: false, progress: 0, cycle: 0, localTime: 0)
        }
        if a < 0 || (speed == 0 && parentTime < beginTime) {
            // Before: with a backwards fill the object shows its start.
            let p = position(at: timeOffset, active: active, endInclusive: false)
            return State(phase: .before, isApplied: fillMode.fillsBackwards, progress: p.progress, cycle: p.cycle,
                         localTime: p.progress * duration)
        }
        if a >= active {
            let p = position(at: active + timeOffset, active: active, endInclusive: true)
            return State(phase: .after, isApplied: fillMode.fillsForwards, progress: p.progress, cycle: p.cycle,
                         localTime: p.progress * duration)
        }
        let p = position(at: a + timeOffset, active: active, endInclusive: false)
        return State(phase: .active, isApplied: true, progress: p.progress, cycle: p.cycle, localTime: p.progress * duration)
    }

    /// Cycle counts are capped here so that converting them to `Int` can never trap.
    static var maximumCycle: Double { 1e15 }

    /// Progress and cycle at local time `ℓ`, wrapped into the active duration `active`.
    /// `endInclusive` makes a time exactly at a cycle boundary belong to the cycle that
    /// ends there (used for the final, filled value).
    func position(at l0: Double, active: Double, endInclusive: Bool) -> (progress: Double, cycle: Int) {
        // A zero duration has no inside: before it (a backwards fill) it shows its start,
        // from its begin time on its end.
        guard duration > 0 else { return (endInclusive ? 1 : 0, 0) }
        var l = l0
        if active.isFinite && active > 0 {
            if endInclusive {
                // Map into (0, active]: an offset of 0 ends exactly at the end.
                l = l - (l / active).rounded(.up) * active + active
                if l <= 0 { l += active }
            } else if !(l >= 0 && l < active) {
                l = l - (l / active).rounded(.down) * active
            }
        } else if l < 0 {
            l = 0
        }
        guard l.isFinite else { return (l > 0 ? 1 : 0, 0) }
        let cycleLength = cycleDuration
        var cycle: Int
        var within: Double
        if l < cycleLength {
            // The first cycle (most animations never leave it): no division needed. A local
            // time a rounding error below 0 counts as 0.
            cycle = 0; within = max(l, 0)
        } else {
            let q = (l / cycleLength).rounded(.down)
            within = l - q * cycleLength
            cycle = Int(min(q, MediaTiming.maximumCycle))
        }
        if endInclusive && within == 0 && cycle > 0 {
            cycle -= 1; within = cycleLength
        }
        if autoreverses && within > duration {
            return ((2 * duration - within) / duration, cycle)
        }
        return (min(within / duration, 1), cycle)
    }

    public var description: String {
        var parts = ["duration \(duration)"]
        if beginTime != 0 { parts.append("begin \(beginTime)") }
        if speed != 1 { parts.append("speed \(speed)") }
        if timeOffset != 0 { parts.append("offset \(timeOffset)") }
        if repeatCount != 0 { parts.append("repeat \(repeatCount)") }
        if repeatDuration != 0 { parts.append("repeatDuration \(repeatDuration)") }
        if autoreverses { parts.append("autoreverses") }
        if fillMode != .removed { parts.append("fill \(fillMode)") }
        return parts.joined(separator: ", ")
    }
}

/// A layer's own timing (`CALayer`'s `beginTime`, `speed`, `timeOffset`), applied to its
/// whole subtree: `local = (parent − beginTime) × speed + timeOffset`. Pausing is
/// `speed = 0` with `timeOffset` at the paused time.
public struct LayerTiming: Hashable, Sendable {
    public var beginTime: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    public init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) {
        self.beginTime = beginTime; self.speed = speed; self.timeOffset = timeOffset
    }
    public static let identity = LayerTiming()
    public var isIdentity: Bool { self == .identity }
    @inlinable public func localTime(_ parentTime: Double) -> Double {
        (parentTime - beginTime) * speed + timeOffset
    }
    /// The parent time at which the local time is `local` (`nil` when paused).
    public func parentTime(forLocal local: Double) -> Double? {
        speed == 0 ? nil : (local - timeOffset) / speed + beginTime
    }
}
