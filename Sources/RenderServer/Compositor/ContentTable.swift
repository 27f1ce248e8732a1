import RenderCore
import Synchronization

/// The content table of a session's render items: each distinct `LayerContent` kept once,
/// addressed by a content id (`RenderItem.contentID`, an index into it). Thousands of
/// layers that draw the same thing (a list's rows of one colour and size) share one entry.
///
/// Each entry carries a stamp, unique in the process (tables of one-off builders too): two items with the same
/// stamp draw the same content, so the compositor's damage pass compares stamps instead of
/// whole contents (a different stamp for an equal content only redraws it once more).
///
/// A column is a value in chunks, shared by the lists handed to the compositor thread and
/// the builder's table (a new entry copies only the last chunk); the table that interns
/// (`ContentTable`) stays on the loop thread.
struct ContentColumn: Sendable {
    /// Entries per chunk, and chunks per group: a new entry copies its chunk, its group's
    /// list of chunks and the list of groups when they are shared (a few hundred references
    /// for 100,000 entries, instead of one per chunk).
    static let chunkShift = 6
    static let chunkMask = (1 << chunkShift) - 1
    static let groupShift = 6
    static let groupMask = (1 << groupShift) - 1
    struct Entry: Sendable {
        var content: LayerContent
        var stamp: UInt64
        /// What the render list's builder asks of every item each frame (`placement`),
        /// worked out once, when the entry is made: a shape's extent walks its path.
        var drawsNothing: Bool
        var extent: Rect

        init(content: LayerContent, stamp: UInt64) {
            self.content = content
            self.stamp = stamp
            (drawsNothing, extent) = withUnsafePointer(to: content) {
                (LayerContent.drawsNothing($0), LayerContent.extent($0))
            }
        }
    }
    private var groups: [[[Entry]]] = []
    private(set) var count = 0

    init() {}

    @inline(__always)
    private static func place(_ id: Int32) -> (g: Int, c: Int, j: Int) {
        let i = Int(id)
        return (i >> (chunkShift + groupShift), (i >> chunkShift) & groupMask, i & chunkMask)
    }

    @inline(__always)
    subscript(id: Int32) -> LayerContent {
        let (g, c, j) = ContentColumn.place(id)
        return groups[g][c][j].content
    }

    @inline(__always)
    func stamp(_ id: Int32) -> UInt64 {
        withContent(id) { _, stamp in stamp } // in place: an entry read through the subscript is copied
    }

    /// Entry `id`'s bounds, read in place (the hit walk's, the band walk's).
    @inline(__always)
    func bounds(_ id: Int32) -> Rect {
        withContent(id) { c, _ in c.pointee.bounds }
    }

    /// Entry `id`'s corner radius, read in place.
    @inline(__always)
    func cornerRadius(_ id: Int32) -> Double { withContent(id) { c, _ in c.pointee.cornerRadius } }

    /// Entry `id`'s `isSolid` and `hasShadow`, read in place (the band walk's).
    @inline(__always)
    func isSolid(_ id: Int32) -> Bool { withContent(id) { c, _ in LayerContent.isSolid(c) } }
    @inline(__always)
    func hasShadow(_ id: Int32) -> Bool { withContent(id) { c, _ in LayerContent.hasShadow(c) } }
    /// What `SolidFiller` reads of entry `id`, read in place (not the whole content copied).
    @inline(__always)
    func solidStyle(_ id: Int32) -> SolidFiller.Style { withContent(id) { c, _ in SolidFiller.Style(c) } }

    /// What the render list's builder needs of entry `id`: whether it draws nothing, and the
    /// part of the layer's plane it may touch (`LayerContent.extent`), as the entry keeps them.
    @inline(__always)
    func placement(_ id: Int32) -> (drawsNothing: Bool, extent: Rect) {
        withEntry(id) { e in (e.pointee.drawsNothing, e.pointee.extent) }
    }

    /// Calls `body` with entry `id` where it lies (an entry read through the subscript is
    /// copied, its content's references retained and released).
    @inline(__always)
    private func withEntry<R>(_ id: Int32, _ body: (UnsafePointer<Entry>) -> R) -> R {
        let (g, c, j) = ContentColumn.place(id)
        return groups[g][c].withUnsafeBufferPointer { entries in body(entries.baseAddress! + j) }
    }

    /// Calls `body` with entry `id`'s content where it lies (a content is a few hundred bytes:
    /// read through the subscript, it is copied, its references retained and released).
    @inline(__always)
    private func withContent<R>(_ id: Int32, _ body: (UnsafePointer<LayerContent>, _ stamp: UInt64) -> R) -> R {
        let offset = ContentColumn.contentOffset
        return withEntry(id) { entry in
            body(UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: LayerContent.self),
                 entry.pointee.stamp)
        }
    }
    /// Where an entry's content lies in it (`MemoryLayout`'s answer).
    private static let contentOffset = MemoryLayout<Entry>.offset(of: \Entry.content)!

    /// Whether entry `id` is live and is the content `LayerContent(kind: kind, p,
    /// hasSublayers:)` makes, compared in place (`LayerContent.isMade(_:of:_:hasSublayers:)`).
    @inline(__always)
    func isLive(_ id: Int32, madeOf kind: LayerKind, _ p: UnsafePointer<LayerProperties>, hasSublayers: Bool) -> Bool {
        guard id >= 0 && Int(id) < count else { return false }
        return withContent(id) { c, stamp in
            stamp != 0 && LayerContent.isMade(c, of: kind, p, hasSublayers: hasSublayers)
        }
    }

    fileprivate mutating func set(_ id: Int32, _ entry: Entry) {
        let (g, c, j) = ContentColumn.place(id)
        groups[g][c][j] = entry
    }

    fileprivate mutating func append(_ entry: Entry) -> Int32 {
        if count & ((1 << (ContentColumn.chunkShift + ContentColumn.groupShift)) - 1) == 0 {
            var group: [[Entry]] = []
            group.reserveCapacity(1 << ContentColumn.groupShift)
            groups.append(group)
        }
        let g = groups.count - 1
        if count & ContentColumn.chunkMask == 0 {
            var chunk: [Entry] = []
            chunk.reserveCapacity(1 << ContentColumn.chunkShift)
            groups[g].append(chunk)
        }
        groups[g][groups[g].count - 1].append(entry)
        count += 1
        return Int32(count - 1)
    }
}

/// Interns a session's contents into its `ContentColumn` (see there). Entries no item of the
/// session's block refers to any more are freed by `collect` and their ids reused (with new
/// stamps); lists already handed off keep their own copy of the column.
///
/// Thread affinity: the loop thread.
final class ContentTable {
    private(set) var column = ContentColumn()
    /// The session's space nodes (`SpaceTable`), kept beside its contents.
    let spaces = SpaceTable()
    /// Content hash → the first id with that hash; `nextSameHash[id]`: the next one (-1: none).
    private var byHash: [Int: Int32] = [:]
    private var nextSameHash: [Int32] = []
    private var hashes: [Int] = []
    private var free: [Int32] = []
    private var stamps: UInt64
    /// Entries made since the last `collect`, and live ones after it.
    private(set) var madeSinceCollect = 0
    private var liveAtCollect = 0

    /// Each table's stamps begin at its own serial in the high bits (unique in the process:
    /// a list built by another builder is compared with this one's by the same rasterizer).
    init() {
        stamps = ContentTable.serials.add(1, ordering: .relaxed).newValue << 40
    }
    private static let serials = Atomic<UInt64>(0)

    /// The distinct contents held (tests).
    var liveCount: Int { column.count - free.count }

    /// The id of an entry equal to `content`, made if there is none. `hint`: an id to try
    /// first (the layer's content last frame: an animated layer's content seldom changes),
    /// without hashing; -1 for none. A freed entry (stamp 0) is never taken.
    func intern(_ content: LayerContent, hint: Int32 = -1) -> Int32 {
        if hint >= 0 && Int(hint) < column.count && column.stamp(hint) != 0 && column[hint] == content { return hint }
        let h = content.cheapHash
        var id = byHash[h] ?? -1
        while id >= 0 {
            if column[id] == content { return id }
            id = nextSameHash[Int(id)]
        }
        stamps += 1
        madeSinceCollect += 1
        let entry = ContentColumn.Entry(content: content, stamp: stamps)
        let new: Int32
        if let reused = free.popLast() {
            new = reused
            column.set(reused, entry)
            hashes[Int(reused)] = h
            nextSameHash[Int(reused)] = byHash[h] ?? -1
        } else {
            new = column.append(entry)
            hashes.append(h)
            nextSameHash.append(byHash[h] ?? -1)
        }
        byHash[h] = new
        return new
    }

    /// Whether enough entries were made since the last `collect` to look for dead ones:
    /// more than were live then (and at least 1,024), so the look's cost is spread over them.
    var shouldCollect: Bool { madeSinceCollect > max(1_024, liveAtCollect) }

    /// Frees the entries none of `items` refers to (they must be every item that refers to
    /// this table: the session's block, with no update or sliced build under way). Reads
    /// the items in place; cost O(items + entries).
    func collect(keeping items: RenderItems) {
        var used = [Bool](repeating: false, count: column.count)
        items.forEachContentID { used[Int($0)] = true }
        for id in free { used[Int(id)] = true } // already free
        let placeholder = ContentColumn.Entry(content: LayerContent.placeholder, stamp: 0)
        for (i, isUsed) in used.enumerated() where !isUsed {
            let id = Int32(i)
            unlink(id)
            column.set(id, placeholder)
            free.append(id)
        }
        madeSinceCollect = 0
        liveAtCollect = liveCount
    }

    private func unlink(_ id: Int32) {
        let h = hashes[Int(id)]
        guard var at = byHash[h] else { return }
        if at == id {
            let next = nextSameHash[Int(id)]
            byHash[h] = next >= 0 ? next : nil
            return
        }
        while nextSameHash[Int(at)] >= 0 {
            if nextSameHash[Int(at)] == id {
                nextSameHash[Int(at)] = nextSameHash[Int(id)]
                return
            }
            at = nextSameHash[Int(at)]
        }
    }
}

extension LayerContent {
    /// A hash of the fields most likely to differ (equal contents hash the same).
    var cheapHash: Int {
        var h = Hasher()
        h.combine(kind)
        h.combine(bounds)
        h.combine(backgroundColor)
        h.combine(borderColor)
        h.combine(borderWidth)
        h.combine(cornerRadius)
        h.combine(masksToBounds)
        h.combine(borderInContent)
        h.combine(shadowOpacity)
        h.combine(contents?.width ?? -1)
        h.combine(contents?.height ?? -1)
        h.combine(fillColor)
        h.combine(strokeColor)
        h.combine(lineWidth)
        h.combine(string)
        return h.finalize()
    }

    /// What a freed entry holds (nothing: no references kept).
    static let placeholder = LayerContent(kind: .layer, LayerProperties(), hasSublayers: false)
}
