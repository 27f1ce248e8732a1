import RenderCore

/// A frame's worked-out timings, shared by the rows that share them.
///
/// What a direct row's evaluation takes from its timing and curve — where the timing puts it
/// (`MediaTiming.state`: two divisions for a repeating animation) and its progress through
/// the curve (a cubic solve, or a spring's exponential, cosine and sine) — is a pure
/// function of the row's timing, its curve, whether it is a spring and the layer's time
/// (`TimedProgress`). Rows that share those are the rule, not the exception: every
/// animation a transaction adds gets the transaction's duration, curve and begin time, and
/// the layers of a tree whose timings are the identity share the frame's time. The walk
/// works each distinct one out once per frame and copies it to the others.
///
///     key    the row's timing (its six doubles' bits, `autoreverses`, fill mode), its
///            curve's index in the store's curve table, whether it is a spring, the layer
///            time's bits — compared whole, so a hit is the same bits the work would give
///     value  the `TimedProgress`
///
/// An open-addressed table of `capacity` entries the memo allocates itself, probed
/// linearly from a hash of the key. An entry belongs to one walk (`begin()` starts the next:
/// entries of earlier walks read as empty, so nothing is cleared), because curve indices
/// name entries of one store's table. At most `capacity / 2` entries are made a walk, so a
/// probe stays short; past that a miss is worked out and not kept. Cost per row: a hash of
/// four words and a comparison of nine, against about 150 instructions and two to four
/// dependent divisions saved on a hit; a store whose rows all differ pays the hash, the
/// probe and the copy in (measured: README, the 100,000-layer frame).
///
/// Memory: `capacity` × 112 bytes (112 KiB), allocated on the first walk of a store with
/// at least `minimumRows` animated layers, whatever the clients do.
///
/// Thread affinity: the loop thread (the engine's).
final class TimingMemo {
    static let capacity = 1024
    /// Below this many animated layers the walk does not use the memo (the table would cost
    /// more than it saves).
    static let minimumRows = 64

    struct Key {
        var begin: UInt64, duration: UInt64, speed: UInt64, offset: UInt64
        var repeatCount: UInt64, repeatDuration: UInt64
        /// `autoreverses` (bit 0), the fill mode (bits 8…15), a spring (bit 16), the curve's
        /// index (bits 32…63).
        var flags: UInt64
        var layerTime: UInt64

        @inline(__always)
        init(_ row: UnsafePointer<PlannedAnimation>, layerTime: Double) {
            begin = row.pointee.timing.beginTime.bitPattern
            duration = row.pointee.timing.duration.bitPattern
            speed = row.pointee.timing.speed.bitPattern
            offset = row.pointee.timing.timeOffset.bitPattern
            repeatCount = row.pointee.timing.repeatCount.bitPattern
            repeatDuration = row.pointee.timing.repeatDuration.bitPattern
            var spring: UInt64 = 0
            // A pattern, not `==` (a call into RenderCore for its package enum).
            if case .spring = row.pointee.plan.route { spring = 1 << 16 }
            flags = (row.pointee.timing.autoreverses ? 1 : 0)
                | UInt64(row.pointee.timing.fillMode.rawValue) << 8
                | spring
                | UInt64(row.pointee.curve) << 32
            self.layerTime = layerTime.bitPattern
        }

        @inline(__always)
        func matches(_ o: Key) -> Bool {
            return (begin ^ o.begin) | (duration ^ o.duration) | (speed ^ o.speed) | (offset ^ o.offset)
                | (repeatCount ^ o.repeatCount) | (repeatDuration ^ o.repeatDuration) | (flags ^ o.flags)
                | (layerTime ^ o.layerTime) == 0
        }

        /// The words most likely to differ between rows (begin time, duration, curve, layer
        /// time), mixed.
        @inline(__always)
        var hash: UInt64 {
            var h = begin &* 0x9E37_79B9_7F4A_7C15
            h = (h ^ (h >> 29) ^ duration) &* 0xBF58_476D_1CE4_E5B9
            h = (h ^ (h >> 31) ^ flags ^ layerTime) &* 0x94D0_49BB_1331_11EB
            return h ^ (h >> 32)
        }
    }

    struct Entry {
        /// The walk the entry belongs to (`walk`); 0: never made.
        var walk: UInt64
        var key: Key
        var value: TimedProgress
    }

    private var entries: UnsafeMutablePointer<Entry>?
    /// The current walk's number (from 1).
    private var walk: UInt64 = 0
    /// Entries made this walk.
    private var made = 0
    /// This walk's lookups and hits (for the frame's statistics and the bench).
    private(set) var lookups = 0, hits = 0

    init() {}

    deinit { entries?.deallocate() }

    /// Starts a walk: what earlier walks made no longer counts.
    @inline(__always)
    func begin() {
        if entries == nil {
            let e = UnsafeMutablePointer<Entry>.allocate(capacity: TimingMemo.capacity)
            e.initialize(repeating: Entry(walk: 0, key: Key(zeroed: ()), value: TimedProgress(
                state: MediaTiming.State(phase: .before, isApplied: false, progress: 0, cycle: 0, localTime: 0),
                progress: 0)), count: TimingMemo.capacity)
            entries = e
        }
        forget()
    }

    /// Ends the current walk without starting another (a walk that does not use the memo):
    /// nothing made so far counts, and the statistics read 0.
    func forget() {
        walk += 1
        made = 0
        lookups = 0
        hits = 0
    }

    /// `row`'s timed progress at `layerTime`: the entry made for its key this walk, or
    /// `work()`'s answer (kept when there is room).
    @inline(__always)
    func timedProgress(of row: UnsafePointer<PlannedAnimation>, layerTime: Double,
                       work: () -> TimedProgress?) -> TimedProgress? {
        let entries = entries!
        let key = Key(row, layerTime: layerTime)
        let mask = TimingMemo.capacity - 1
        var i = Int(truncatingIfNeeded: key.hash) & mask
        lookups += 1
        while true {
            let e = entries + i
            if e.pointee.walk != walk { break }
            if key.matches(e.pointee.key) {
                hits += 1
                return e.pointee.value
            }
            i = (i + 1) & mask
        }
        guard let value = work() else { return nil }
        if made < TimingMemo.capacity / 2 {
            made += 1
            entries[i] = Entry(walk: walk, key: key, value: value)
        }
        return value
    }
}

extension TimingMemo.Key {
    init(zeroed: ()) {
        begin = 0; duration = 0; speed = 0; offset = 0; repeatCount = 0; repeatDuration = 0; flags = 0; layerTime = 0
    }
}
