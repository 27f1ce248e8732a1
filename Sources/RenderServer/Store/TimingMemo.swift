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
/// linearly from a hash of the key. An entry belongs to one walk (`begin(looking:)` starts the next:
/// entries of earlier walks read as empty, so nothing is cleared), because curve indices
/// name entries of one store's table. At most `capacity / 2` entries are made a walk, so a
/// probe stays short; past that a miss is worked out and not kept, and a walk that then finds
/// fewer than one for every three it misses stops looking (its timings hardly repeat: every
/// layer begins at a time of its own). Cost per row: a hash of four words and a
/// comparison of nine, against about 150 instructions and two to four dependent divisions
/// saved on a hit. `rendersrv-bench --server` measures a frame of 100,000 layers of mixed
/// kinds, whose 100,000 rows share 77 timings, and `--distinct-timings` one where no two
/// are alike (SERVER.md, "The frame's walk", has both).
///
/// Memory: `capacity` × 112 bytes (112 KiB), allocated on the daemon's first walk, whatever
/// the clients do.
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

        /// All zeros (an entry never made).
        init() {
            begin = 0; duration = 0; speed = 0; offset = 0; repeatCount = 0; repeatDuration = 0; flags = 0; layerTime = 0
        }

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
        /// The walk the entry belongs to (`Walk.number`); 0: never made.
        var walk: UInt64
        var key: Key
        var value: TimedProgress
    }

    private var entries: UnsafeMutablePointer<Entry>?
    /// The latest walk's number (from 1).
    private var walks: UInt64 = 0
    /// The latest walk's lookups and hits (for the frame's statistics and the bench).
    private(set) var lookups = 0, hits = 0

    init() {}

    deinit { entries?.deallocate() }

    /// Starts a walk: what earlier walks made no longer counts. The walk is a value the
    /// frame's loop keeps in a local (an object's properties would be retained and released
    /// around every use in it); `end(_:)` takes its statistics back. Without `looking` (a
    /// store with fewer than `minimumRows` animated layers) it never looks.
    func begin(looking: Bool) -> Walk {
        if entries == nil {
            let e = UnsafeMutablePointer<Entry>.allocate(capacity: TimingMemo.capacity)
            e.initialize(repeating: Entry(walk: 0, key: Key(), value: TimedProgress(
                state: MediaTiming.State(phase: .before, isApplied: false, progress: 0, cycle: 0, localTime: 0),
                progress: 0)), count: TimingMemo.capacity)
            entries = e
        }
        walks += 1
        var walk = Walk(entries: entries!, number: walks)
        if !looking { walk.stopLooking() }
        return walk
    }

    /// Takes the statistics of `walk`, which ends.
    func end(_ walk: borrowing Walk) {
        lookups = walk.lookups
        hits = walk.hits
    }

    /// Records a walk of no animated layer (its statistics read 0).
    func skip() {
        lookups = 0
        hits = 0
    }

    /// One walk's use of the table.
    struct Walk {
        let entries: UnsafeMutablePointer<Entry>
        /// The walk's number: entries of other numbers read as empty.
        let number: UInt64
        /// Entries made this walk.
        private var made = 0
        private(set) var lookups = 0, hits = 0
        /// Whether the walk still looks (see `lookUp(_:layerTime:)`).
        private(set) var isLooking = true
        /// Lookups that missed since the table filled, and the hits by then.
        private var missesSinceFull = 0, hitsWhenFull = 0
        /// How many misses after the table filled the walk waits for before it judges.
        static let judgedMisses = 768
        /// The latest lookup's key when it missed, and the entry `keep(_:)` puts its value
        /// in (−1: none, the walk keeps no more).
        private var missedKey = Key()
        private var missedSlot = -1

        init(entries: UnsafeMutablePointer<Entry>, number: UInt64) {
            self.entries = entries
            self.number = number
        }

        /// The timed progress kept this walk for `row`'s timing at `layerTime`, or nil (then
        /// `keep(_:)` keeps the value once worked out). Only while `isLooking`: once the walk
        /// has made all the entries it keeps and missed 768 times more, it stops looking if it
        /// found fewer than a third as many as it missed since the table filled (its rows'
        /// timings hardly repeat: every layer with a begin time of its own), since a probe that
        /// finds nothing only costs. A hit costs no bookkeeping beyond its count.
        @inline(__always)
        mutating func lookUp(_ row: UnsafePointer<PlannedAnimation>, layerTime: Double) -> TimedProgress? {
            let key = Key(row, layerTime: layerTime)
            let mask = TimingMemo.capacity - 1
            var i = Int(truncatingIfNeeded: key.hash) & mask
            lookups += 1
            while true {
                let e = entries + i
                if e.pointee.walk != number { break }
                if key.matches(e.pointee.key) {
                    hits += 1
                    return e.pointee.value
                }
                i = (i + 1) & mask
            }
            missedKey = key
            if made < TimingMemo.capacity / 2 {
                missedSlot = i
            } else {
                missedSlot = -1
                missesSinceFull += 1
                if missesSinceFull >= Walk.judgedMisses && (hits - hitsWhenFull) * 3 < missesSinceFull {
                    isLooking = false
                }
            }
            return nil
        }

        mutating func stopLooking() { isLooking = false }

        /// Keeps `value` for the key the latest lookup missed (nothing when the walk keeps no
        /// more).
        @inline(__always)
        mutating func keep(_ value: TimedProgress) {
            guard missedSlot >= 0 else { return }
            entries[missedSlot] = Entry(walk: number, key: missedKey, value: value)
            missedSlot = -1
            made += 1
            if made == TimingMemo.capacity / 2 { hitsWhenFull = hits }
        }
    }
}
