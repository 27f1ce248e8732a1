import RenderCore

/// What the frame's walk reads of a client's animations, in memory the store allocates and
/// frees itself: no Swift array's storage, no object, no address into either.
///
///     rows      planned[i]  (plan, timing, lifecycle, its curve's index: RenderCore's plain value)
///               spans[i]    (where its out-of-line data lies in the arenas, by index)
///               records[i]  (the client's id, the key; started / stopped sent)   — parallel columns
///     curves    each distinct timing function once, counted; each spring's constants
///     arenas    quads (keyframe values, remainders) · doubles (key times) · timing functions
///               · transform ends (a whole-transform plan's decomposed ends)
///     beside    keys (each distinct key once, counted) · kept (the `Animation`s no row
///               stands for, and what each writes)
///
/// A row stands for its animation when its plan evaluates it at every frame and the
/// animation can be rebuilt from it (`Animation.rowStandsForIt`: basic, spring and keyframe
/// animations of a property stored at a direct slot, whole transforms): then nothing else of
/// the animation is kept — its row, its arena data, at most one remainder `Quad` (a `by`, a
/// spring's parameters) — and what is not the frame's (tree dumps, retargeting, the
/// general route's fallbacks) rebuilds it (`animation(at:)`, equal to the one added). The
/// others (groups, transitions, paths, transform components, retargeted springs…) are kept
/// whole in `kept`, which the general route reads. Before this, every animation was kept a
/// second time, in a per-layer array (288 B) with its kind boxed (448 B for a basic one).
///
/// A layer's animations own one range of rows, in the order added (`AnimationState.first`,
/// `count`); their keyframe and transform data own ranges of the arenas, named by index in
/// each row's `spans`. Every range comes from a `TableColumn`'s size classes, so rows are
/// reused as animations come and go and a column grows (doubling, copied once) only when
/// every free range of a class is taken. The placement is the server's alone: RenderCore
/// evaluates a row with its data handed over as views (`PlannedData`), which the walk makes
/// from a row's spans and the arenas' base addresses (`Arenas.data(_:mode:)`) for the
/// duration of one layer's evaluation: nothing it reads depends on how Swift lays out its
/// own types.
///
/// Thread affinity: the loop thread. A store being dropped hands its table to a background
/// queue like the rest (`LayerStore.takeAll`): the columns are freed in `deinit`.
package final class AnimationTable {
    /// One animation's identity and the events already sent for it.
    package struct Record: Equatable {
        /// The client's id for it, echoed in events.
        var id: UInt64
        /// Its key, as an index in `keys`.
        var key: Int32
        /// `animationStarted` was sent.
        var started = false
        /// `animationStopped` was sent (it finished); it stays attached only when it is
        /// not removed on completion.
        var stopped = false
    }

    private(set) var planned = TableColumn<PlannedAnimation>()
    /// Parallel to `planned` (the same ranges): where each row's out-of-line data lies.
    private(set) var spans = TableColumn<PlanSpans>()
    /// Parallel to `planned` (the same ranges).
    private(set) var records = TableColumn<Record>()
    private(set) var quads = TableColumn<Quad>()
    private(set) var doubles = TableColumn<Double>()
    private(set) var timingFunctions = TableColumn<TimingFunction>()
    private(set) var transforms = TableColumn<TransformEnds>()
    /// The rows' curves (by `PlannedAnimation.curve`).
    private(set) var curves = CurveTable()
    /// The animations' keys (by `Record.key`).
    private(set) var keys = KeyTable()
    /// The animations no row stands for, by `PlanSpans.animation` (nil: a free place).
    private var kept = ContiguousArray<Animation?>()
    /// What each kept animation may write (`Animation.writtenProperties`), by the same index.
    private var keptWrites = ContiguousArray<PropertySet>()
    private var freeKept: [Int32] = []
    /// Kept animations removed since the owner last took them (`takeReleased`): freed off
    /// the loop thread by whoever takes them (a group's or a path's arrays, a boxed kind).
    private(set) var released = ContiguousArray<Animation>()

    deinit {
        planned.deallocate(); spans.deallocate(); records.deallocate(); quads.deallocate(); doubles.deallocate()
        timingFunctions.deallocate(); transforms.deallocate(); curves.deallocate()
    }

    /// The arenas' base addresses, valid until the next allocation in the table.
    var arenas: Arenas {
        Arenas(curves: curves.readOnlyBase, quads: quads.readOnlyBase, doubles: doubles.readOnlyBase,
               timingFunctions: timingFunctions.readOnlyBase, transforms: transforms.readOnlyBase)
    }

    /// Rows `first ..< first + count`, valid until the next allocation in the table.
    @inline(__always)
    func rows(_ first: Int32, _ count: Int32) -> UnsafeMutableBufferPointer<PlannedAnimation> {
        UnsafeMutableBufferPointer(start: planned.base.map { $0 + Int(first) }, count: Int(count))
    }

    @inline(__always)
    func recordRows(_ first: Int32, _ count: Int32) -> UnsafeMutableBufferPointer<Record> {
        UnsafeMutableBufferPointer(start: records.base.map { $0 + Int(first) }, count: Int(count))
    }

    @inline(__always)
    func spanRows(_ first: Int32, _ count: Int32) -> UnsafeMutableBufferPointer<PlanSpans> {
        UnsafeMutableBufferPointer(start: spans.base.map { $0 + Int(first) }, count: Int(count))
    }

    /// Rows handed out at least once (the row columns' high-water mark).
    var rowsHandedOut: Int { planned.handedOut }

    /// Makes room for `rows` rows in each row column at once (see `LayerStore.reserve`): a
    /// column that doubles while 50,000 animations arrive leaves the blocks it outgrew to
    /// the allocator, resident until trimmed (20–60 B per animated layer measured).
    func reserveRows(_ rows: Int) {
        planned.reserve(rows); spans.reserve(rows); records.reserve(rows)
    }

    /// Takes a range of `count` rows (contents undefined until written).
    func allocateRows(_ count: Int) -> Int32 {
        let first = planned.allocate(count)
        let check = records.allocate(count), check2 = spans.allocate(count)
        precondition(first == check && first == check2, "the row columns keep the same ranges")
        return first
    }

    func freeRows(_ first: Int32, _ count: Int) {
        planned.free(first, count)
        spans.free(first, count)
        records.free(first, count)
    }

    /// Moves row `from` (its plan, spans and record) to row `to`.
    func moveRow(_ from: Int32, to: Int32) {
        planned.base![Int(to)] = planned.base![Int(from)]
        spans.base![Int(to)] = spans.base![Int(from)]
        records.base![Int(to)] = records.base![Int(from)]
    }

    /// Copies `animation`'s out-of-line data into the arenas, writes its row, spans and record
    /// (`key`, `id`, nothing sent yet) at row `index` and returns the row. The animation
    /// itself is kept (in `kept`) only when its row does not stand for it.
    @discardableResult
    func plant(_ animation: Animation, key: String, id: UInt64, at index: Int32) -> PlannedAnimation {
        var row = PlannedAnimation(animation)
        row.curve = curves.retain(animation.curve)
        planned.base![Int(index)] = row
        var s = plantData(animation)
        // A spring's curve holds its constants, not its timing function (`Animation.curve`):
        // a spring with one is kept whole (rare; its row still evaluates it).
        if animation.rowStandsForIt && !(row.plan.route == .spring && animation.timingFunction != nil) {
            if let r = animation.rowRemainder {
                s.remainder = quads.allocate(1)
                quads.base![Int(s.remainder)] = r
            }
        } else {
            s.animation = keep(animation)
        }
        spans.base![Int(index)] = s
        records.base![Int(index)] = Record(id: id, key: keys.retain(key))
        // The rebuilt animation is the one added (debug builds check every one; NaNs aside,
        // which equal nothing).
        assert(animation != animation || self.animation(at: index) == animation,
               "row \(index) does not give back \(animation)")
        return row
    }

    private func keep(_ animation: Animation) -> Int32 {
        if let i = freeKept.popLast() {
            kept[Int(i)] = animation; keptWrites[Int(i)] = animation.writtenProperties
            return i
        }
        kept.append(animation); keptWrites.append(animation.writtenProperties)
        return Int32(kept.count - 1)
    }

    /// What row `index`'s animation may write (`Animation.writtenProperties`): its plan's
    /// property, or for an animation kept whole (a group may write several) what it writes.
    func written(at index: Int32) -> PropertySet {
        let s = spans.base![Int(index)]
        if s.animation >= 0 { return keptWrites[Int(s.animation)] }
        return PropertySet(planned.base![Int(index)].plan.keyPath.property)
    }

    /// The animation of row `index`, as added: kept, or rebuilt from the row (O(its
    /// keyframes); allocates).
    func animation(at index: Int32) -> Animation {
        let s = spans.base![Int(index)]
        if s.animation >= 0 { return kept[Int(s.animation)]! }
        let row = planned.base! + Int(index)
        let data = arenas.data(row, spans.base! + Int(index), outOfLine: s.readsOutOfLine)
        return row.pointee.animation(data: data, remainder: s.remainder >= 0 ? quads.base![Int(s.remainder)] : nil)!
    }

    /// The animation kept for row `index`, which the general route evaluates: only rows their
    /// plan does not always answer for have one (`Animation.rowStandsForIt`), and only those
    /// reach the general route.
    @inline(__always)
    func keptAnimation(at index: Int) -> Animation {
        kept[Int(spans.base![index].animation)]!
    }

    /// Whether row `index`'s animation is kept whole (only such an animation can hold a
    /// transition: groups and transitions always are).
    func isKept(_ index: Int) -> Bool { spans.base![index].animation >= 0 }

    /// The kept animations removed since the last call, for the caller to free elsewhere.
    func takeReleased() -> ContiguousArray<Animation> {
        defer { released = [] }
        return released
    }

    /// Copies `animation`'s out-of-line data into the arenas; where it went.
    private func plantData(_ animation: Animation) -> PlanSpans {
        var spans = PlanSpans()
        switch animation.planData {
        case let .keyframes(k)?:
            spans.valueCount = Int32(k.values.count)
            spans.values = quads.append(k.values)
            if let kt = k.keyTimes { spans.keyTimeCount = Int32(kt.count); spans.keyTimes = doubles.append(kt) }
            if let tf = k.timingFunctions {
                spans.timingFunctionCount = Int32(tf.count); spans.timingFunctions = timingFunctions.append(tf)
            }
        case let .transforms(t)?:
            spans.transform = transforms.append([t.ends])
        case nil:
            break
        }
        return spans
    }

    /// Frees what `plant` took for row `index` — arena ranges, the key's count, the kept
    /// animation (moved to `released`) — (the row itself stays taken).
    func uproot(at index: Int32) {
        let s = spans.base![Int(index)]
        if s.valueCount > 0 { quads.free(s.values, Int(s.valueCount)) }
        if s.keyTimeCount > 0 { doubles.free(s.keyTimes, Int(s.keyTimeCount)) }
        if s.timingFunctionCount > 0 { timingFunctions.free(s.timingFunctions, Int(s.timingFunctionCount)) }
        if s.transform >= 0 { transforms.free(s.transform, 1) }
        if s.remainder >= 0 { quads.free(s.remainder, 1) }
        if s.animation >= 0 {
            released.append(kept[Int(s.animation)]!)
            kept[Int(s.animation)] = nil
            freeKept.append(s.animation)
        }
        curves.release(planned.base![Int(index)].curve)
        keys.release(records.base![Int(index)].key)
    }

    /// Bytes the columns hold (allocated, used or free).
    var allocatedBytes: Int {
        planned.allocatedBytes + spans.allocatedBytes + records.allocatedBytes + quads.allocatedBytes + doubles.allocatedBytes
            + timingFunctions.allocatedBytes + transforms.allocatedBytes + keys.allocatedBytes + curves.allocatedBytes
            + kept.capacity * MemoryLayout<Animation?>.stride + keptWrites.capacity * MemoryLayout<PropertySet>.stride
            + freeKept.capacity * 4
    }
}

/// Where a row's out-of-line data lies in the table's arenas (indices; counts −1 for "none
/// given", which differs from "none stored" for key times and timing functions).
package struct PlanSpans {
    var values: Int32 = 0, valueCount: Int32 = 0
    var keyTimes: Int32 = 0, keyTimeCount: Int32 = -1
    var timingFunctions: Int32 = 0, timingFunctionCount: Int32 = -1
    /// Index of the transform plan's ends, −1 for none.
    var transform: Int32 = -1
    /// What the row does not hold of its animation, in one field (the two cases exclude each
    /// other, and 32 bytes of spans never straddle a cache line of the 64-byte aligned
    /// column): −1 nothing; r ≥ 0 the index in `quads` of its remainder
    /// (`Animation.rowRemainder`); k ≤ −2 the animation kept whole, `AnimationTable.kept[−2 − k]`.
    private var source: Int32 = -1
    /// Index in `quads` of what the row folded away of its animation, −1 for none.
    var remainder: Int32 {
        get { source >= 0 ? source : -1 }
        set { precondition(newValue >= 0 && source == -1); source = newValue }
    }
    /// Index of the animation kept whole (the row does not stand for it), −1 for none.
    var animation: Int32 {
        get { source <= -2 ? -2 - source : -1 }
        set { precondition(newValue >= 0 && source == -1); source = -2 - newValue }
    }

    /// Whether the row reads data out of line (a keyframe or transform plan).
    var readsOutOfLine: Bool { valueCount > 0 || transform >= 0 }
}

extension AnimationTable {
    /// The arenas' base addresses (nil where empty), for the walk: valid while the table
    /// neither grows nor frees them — for the duration of one frame's walk.
    struct Arenas {
        var curves: UnsafePointer<PlanCurve>?
        var quads: UnsafePointer<Quad>?
        var doubles: UnsafePointer<Double>?
        var timingFunctions: UnsafePointer<TimingFunction>?
        var transforms: UnsafePointer<TransformEnds>?

        /// `row`'s data: its curve and the views `spans` names (a keyframe or transform
        /// plan's; valid while the arenas are).
        @inline(__always)
        func data(_ row: UnsafePointer<PlannedAnimation>, _ spans: UnsafePointer<PlanSpans>) -> PlannedData {
            var data = data(spans.pointee, mode: row.pointee.plan.keyframeMode)
            data.curve = curves.map { $0 + Int(row.pointee.curve) }
            return data
        }

        /// `row`'s data as `Presentation.evaluate(planned:…)` asks for it: its curve, and the
        /// views `spans` names only when its plan reads them (`outOfLine`).
        @inline(__always)
        func data(_ row: UnsafePointer<PlannedAnimation>, _ spans: UnsafePointer<PlanSpans>, outOfLine: Bool) -> PlannedData {
            outOfLine ? data(row, spans) : data(row)
        }

        /// `row`'s curve alone (a row whose plan reads nothing out of line).
        @inline(__always)
        func data(_ row: UnsafePointer<PlannedAnimation>) -> PlannedData {
            PlannedData(curve: curves.map { $0 + Int(row.pointee.curve) })
        }

        /// The data `spans` names, as the views RenderCore evaluates a row with (valid while
        /// the arenas are), without the row's curve.
        @inline(__always)
        func data(_ spans: PlanSpans, mode: KeyframeAnimation.CalculationMode) -> PlannedData {
            func view<T>(_ base: UnsafePointer<T>?, _ start: Int32, _ count: Int32) -> UnsafeBufferPointer<T>? {
                guard count >= 0 else { return nil }
                guard count > 0, let base else { return UnsafeBufferPointer(start: nil, count: 0) }
                return UnsafeBufferPointer(start: base + Int(start), count: Int(count))
            }
            var data = PlannedData()
            if spans.valueCount > 0, let values = view(quads, spans.values, spans.valueCount) {
                data.keyframes = KeyframeValues(values: values,
                                                keyTimes: view(doubles, spans.keyTimes, spans.keyTimeCount),
                                                timingFunctions: view(timingFunctions, spans.timingFunctions,
                                                                      spans.timingFunctionCount),
                                                mode: mode)
            }
            if spans.transform >= 0, let transforms {
                data.transform = UnsafeBufferPointer(start: transforms + Int(spans.transform), count: 1)
            }
            return data
        }
    }
}

/// The rows' curves (`PlanCurve`: a timing function, a spring's closed-form constants, or
/// none), by index (`PlannedAnimation.curve`): each distinct curve once, counted (nearly
/// every row shares one of a few named functions; the springs of one animation block share
/// their constants); entry 0 is the curve of none (linear), taken by the first row and never
/// freed. So equal curves have equal indices, which is what lets the frame's walk share the
/// timed progress of rows with the same timing and curve (`TimingMemo`). Kept inline, a
/// curve (a `PlanCurve`, 40 bytes) would be in every row.
struct CurveTable {
    private(set) var column = TableColumn<PlanCurve>()
    /// The entry of each curve, and how many rows hold it.
    private var shared: [PlanCurve: (index: Int32, count: Int32)] = [:]

    var readOnlyBase: UnsafePointer<PlanCurve>? { column.readOnlyBase }

    /// The index of an entry holding `curve`, counting one more holder.
    mutating func retain(_ curve: PlanCurve) -> UInt32 {
        if column.base == nil {
            let none = column.allocate(1)
            precondition(none == 0, "the curve of none is entry 0")
            column.base![0] = PlanCurve()
        }
        if curve == PlanCurve() { return 0 }
        if let e = shared[curve] {
            shared[curve] = (e.index, e.count + 1)
            return UInt32(e.index)
        }
        let i = column.allocate(1)
        column.base![Int(i)] = curve
        shared[curve] = (i, 1)
        return UInt32(i)
    }

    /// One holder fewer of entry `i`; the entry goes with its last (entry 0 stays).
    mutating func release(_ i: UInt32) {
        guard i != 0 else { return }
        let curve = column.base![Int(i)]
        let e = shared[curve]!
        guard e.count == 1 else { shared[curve] = (e.index, e.count - 1); return }
        shared[curve] = nil
        column.free(Int32(i), 1)
    }

    /// How many rows hold the entry of `curve` (0: it has none).
    func holders(of curve: PlanCurve) -> Int32 { shared[curve]?.count ?? 0 }

    var allocatedBytes: Int {
        column.allocatedBytes + shared.capacity * (MemoryLayout<PlanCurve>.stride + MemoryLayout<(Int32, Int32)>.stride)
    }

    func deallocate() { column.deallocate() }
}

/// The keys animations are attached under, each distinct key stored once and counted (most
/// layers share a few keys: "opacity", "position"), so that a record names its key by an
/// index. Removal by key looks the key up once and compares indices.
struct KeyTable {
    private var strings: [String] = []
    private var counts: [Int32] = []
    private var indices: [String: Int32] = [:]
    private var free: [Int32] = []

    /// The index of `key` while some animation holds it.
    func index(of key: String) -> Int32? { indices[key] }
    subscript(i: Int32) -> String { strings[Int(i)] }

    /// `key`'s index, counting one more holder.
    mutating func retain(_ key: String) -> Int32 {
        if let i = indices[key] { counts[Int(i)] += 1; return i }
        let i: Int32
        if let f = free.popLast() {
            i = f; strings[Int(i)] = key; counts[Int(i)] = 1
        } else {
            i = Int32(strings.count); strings.append(key); counts.append(1)
        }
        indices[key] = i
        return i
    }

    /// One holder fewer of key `i`; the key goes with its last.
    mutating func release(_ i: Int32) {
        counts[Int(i)] -= 1
        guard counts[Int(i)] == 0 else { return }
        indices[strings[Int(i)]] = nil
        strings[Int(i)] = ""
        free.append(i)
    }

    var allocatedBytes: Int { strings.capacity * 16 + counts.capacity * 4 + indices.capacity * 24 + free.capacity * 4 }
}

/// A column of `T` the table allocates itself, handing out ranges by size class (powers of
/// two): a freed range goes on its class's list and the next range of that class reuses it.
/// Growth doubles the column and moves its contents once. `T` is a plain value (trivially
/// copied: moved with the column's storage).
struct TableColumn<T> {
    private(set) var base: UnsafeMutablePointer<T>?
    private(set) var capacity = 0
    /// Rows below this were handed out at least once.
    private var top = 0
    /// Free ranges by size class (class c holds 1 << c rows).
    private var free: [[Int32]] = []

    var readOnlyBase: UnsafePointer<T>? { base.map { UnsafePointer($0) } }
    var allocatedBytes: Int { capacity * MemoryLayout<T>.stride + free.reduce(0) { $0 + $1.capacity * 4 } }

    @inline(__always)
    static func sizeClass(_ count: Int) -> Int { count <= 1 ? 0 : Int.bitWidth - (count - 1).leadingZeroBitCount }

    /// A range of at least `count` rows (its start).
    mutating func allocate(_ count: Int) -> Int32 {
        let c = TableColumn.sizeClass(count)
        if c < free.count, let start = free[c].popLast() { return start }
        let size = 1 << c
        if top + size > capacity { grow(to: top + size) }
        defer { top += size }
        return Int32(top)
    }

    /// Rows handed out at least once.
    var handedOut: Int { top }

    /// Room for `count` rows without growing (pages are touched only as rows are used).
    mutating func reserve(_ count: Int) {
        if capacity < count { grow(to: count) }
    }

    /// `values` copied into a new range (its start).
    mutating func append(_ values: [T]) -> Int32 {
        let start = allocate(values.count)
        values.withUnsafeBufferPointer { (base! + Int(start)).initialize(from: $0.baseAddress!, count: $0.count) }
        return start
    }

    /// Returns the range of `count` rows at `start` to its class.
    mutating func free(_ start: Int32, _ count: Int) {
        let c = TableColumn.sizeClass(count)
        if free.count <= c { free.append(contentsOf: repeatElement([], count: c + 1 - free.count)) }
        free[c].append(start)
    }

    /// Where a column starts: a cache line, so that a row the walk fetches ahead lies where
    /// its stride puts it relative to the lines (a 32-byte `PlanSpans` never straddles two).
    static var alignment: Int { max(64, MemoryLayout<T>.alignment) }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2, 64)
        let new = UnsafeMutableRawPointer.allocate(byteCount: newCapacity * MemoryLayout<T>.stride,
                                                   alignment: TableColumn.alignment)
            .bindMemory(to: T.self, capacity: newCapacity)
        if let base {
            // Plain values: their bytes are the values (free ranges copy as they lie).
            UnsafeMutableRawPointer(new).copyMemory(from: base, byteCount: top * MemoryLayout<T>.stride)
            base.deallocate()
        }
        base = new
        capacity = newCapacity
    }

    func deallocate() { base?.deallocate() }
}
