import RenderCore
import RenderProtocol

/// Render items in chunks of 256: a list shares its chunks with the previous frame's, and
/// changing one item copies only its chunk — so a frame that changes a few layers of a
/// large tree costs the loop thread in proportion to those few.
struct RenderItems: RandomAccessCollection, Sendable {
    static let chunkShift = 8
    static let chunkMask = (1 << chunkShift) - 1
    private var chunks: [[ItemRecord]] = []
    private(set) var count = 0
    /// The contents the items' `contentID`s address (the session's `ContentTable`'s
    /// column as of the items' last change).
    var contents = ContentColumn()
    /// The space nodes the items' `space`s address (`SpaceTable`), likewise.
    var spaces = SpaceColumn()

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// Item `i` as readers see it: its record with its content resolved (a copy).
    subscript(i: Int) -> RenderItem {
        let stored = chunks[i >> RenderItems.chunkShift][i & RenderItems.chunkMask]
        return RenderItem(stored: stored, content: contents[stored.contentID], contentStamp: contents.stamp(stored.contentID),
                          space: spaces[stored.space])
    }

    /// Item `i`'s record, in place (the builder's).
    subscript(stored i: Int) -> ItemRecord {
        get { chunks[i >> RenderItems.chunkShift][i & RenderItems.chunkMask] }
        _modify { yield &chunks[i >> RenderItems.chunkShift][i & RenderItems.chunkMask] }
    }

    /// Item `i`'s content bounds, read in place.
    func contentBounds(at i: Int) -> Rect {
        contents.bounds(chunks[i >> RenderItems.chunkShift][i & RenderItems.chunkMask].contentID)
    }

    /// Calls `body` with every item's content id, read in place (`ContentTable.collect`).
    func forEachContentID(_ body: (Int32) -> Void) {
        for chunk in chunks { for item in chunk { body(item.contentID) } }
    }

    /// Calls `body` with every item's space node id, read in place (`SpaceTable.collect`).
    func forEachSpaceID(_ body: (Int32) -> Void) {
        for chunk in chunks { for item in chunk { body(item.space) } }
    }

    /// Item `i`'s subtree bounds and end, read in place (an item is a few hundred bytes:
    /// the rasterizer's walk over a band reads these two of every item, and copies only
    /// the items it draws).
    @inline(__always)
    func subtree(_ i: Int) -> (bounds: PixelRect, end: Int, inTransition: Bool) {
        let c = i >> RenderItems.chunkShift, j = i & RenderItems.chunkMask
        return (chunks[c][j].subtreeBounds, chunks[c][j].subtreeEnd, chunks[c][j].transition != nil)
    }

    /// Records the index of each item from `start` on under its layer id (keys read in
    /// place, no item copied).
    func index(from start: Int, into index: inout [LayerID: Int]) {
        for i in start..<count {
            index[LayerID(truncatingIfNeeded: chunks[i >> RenderItems.chunkShift][i & RenderItems.chunkMask].key)] = i
        }
    }

    /// Runs `body` on item `i` in place (no copy of the item, which holds references).
    @inline(__always)
    mutating func withItem<R>(_ i: Int, _ body: (inout ItemRecord) -> R) -> R {
        body(&chunks[i >> RenderItems.chunkShift][i & RenderItems.chunkMask])
    }

    /// What the hit walk reads of item `i`, in place: an item is a few hundred bytes, and a
    /// miss over a large tree visits most of them (`RenderItems.hitTest`).
    @inline(__always)
    func hitFields(_ i: Int) -> (world: ProjectiveTransform, bounds: Rect, masksToBounds: Bool, allowsHitTesting: Bool,
                                 childrenEnd: Int) {
        chunks[i >> RenderItems.chunkShift].withUnsafeBufferPointer { items in
            let item = items.baseAddress! + (i & RenderItems.chunkMask)
            let mask = item.pointee.maskStart
            return (item.pointee.world, contents.bounds(item.pointee.contentID), item.pointee.masksToBounds,
                    item.pointee.allowsHitTesting, mask >= 0 ? mask : item.pointee.subtreeEnd)
        }
    }

    /// Item `i`'s subtree end, read in place.
    @inline(__always)
    func subtreeEnd(at i: Int) -> Int { chunks[i >> RenderItems.chunkShift][i & RenderItems.chunkMask].subtreeEnd }

    /// Item `i`'s `hitBounds`, read in place.
    @inline(__always)
    func hitBounds(at i: Int) -> HitBounds { chunks[i >> RenderItems.chunkShift][i & RenderItems.chunkMask].hitBounds }

    /// Item `i`'s key and superlayer index, read in place.
    @inline(__always)
    func key(at i: Int) -> UInt64 { chunks[i >> RenderItems.chunkShift][i & RenderItems.chunkMask].key }
    @inline(__always)
    func parent(at i: Int) -> Int { chunks[i >> RenderItems.chunkShift][i & RenderItems.chunkMask].parent }

    /// Empties the collection, keeping its first chunk's storage (a builder reused for
    /// subtree after subtree allocates it once).
    mutating func removeAll() {
        if chunks.count > 1 { chunks.removeLast(chunks.count - 1) }
        if !chunks.isEmpty { chunks[0].removeAll(keepingCapacity: true) }
        count = 0
    }

    var chunkCount: Int { chunks.count }
    /// The index range of chunk `c`.
    func chunkRange(_ c: Int) -> Range<Int> { (c << RenderItems.chunkShift)..<Swift.min(count, (c + 1) << RenderItems.chunkShift) }
    /// Whether chunk `c` is the very same storage as `other`'s chunk `c` (then its items
    /// are equal: a chunk is copied before any change).
    func sharesChunk(_ c: Int, with other: RenderItems) -> Bool {
        guard c < chunks.count, c < other.chunks.count, chunks[c].count == other.chunks[c].count else { return false }
        let a = chunks[c].withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        let b = other.chunks[c].withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        return a != nil && a == b
    }

    mutating func append(_ item: ItemRecord) {
        if count & RenderItems.chunkMask == 0 && count >> RenderItems.chunkShift == chunks.count {
            var chunk: [ItemRecord] = []
            chunk.reserveCapacity(1 << RenderItems.chunkShift)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(item)
        count += 1
    }
}

/// One layer of a `RenderList`, as stored: its content is an id into the content table
/// (`RenderItems.contents`); readers get it resolved (`RenderItem`).
struct ItemRecord: Sendable {
    /// Session id in the high 32 bits, the client's layer id in the low 32: unique across
    /// clients, stable across frames.
    var key: UInt64
    /// Index of the superlayer's item, -1 for a client's root.
    var parent: Int
    /// Index one past the layer's last descendant: its subtree is `index ..< subtreeEnd`.
    var subtreeEnd: Int
    /// Where in display points a layer of the subtree (sublayers, not the mask) may be hit:
    /// a box holding every one's bounds as shown, never smaller (the hit walk skips the
    /// subtree of a point outside it). Beside `subtreeEnd`, which the walk reads with it.
    var hitBounds = HitBounds.everywhere
    /// Layer bounds coordinates → display pixels.
    var world: ProjectiveTransform
    /// The layer's own opacity (0…1).
    var opacity: Double
    /// Composite the layer and its sublayers into a group, then apply `opacity` once.
    var isGroup: Bool
    /// Clip the sublayers (and the layer's contents) to the rounded bounds.
    var masksToBounds: Bool
    /// Hit-testing may find the layer and its sublayers (`LayerProperties.allowsHitTesting`).
    var allowsHitTesting: Bool = true
    /// The layer's own content: an id in `RenderItems.contents` (`ContentTable`).
    var contentID: Int32
    /// Whether the layer's own drawing is empty (only its sublayers show).
    var drawsNothing: Bool
    /// Screen pixels its own drawing may touch, clipped to the display and to the
    /// ancestors' masks (empty when off screen).
    var screenBounds: PixelRect
    /// `screenBounds` of the whole subtree (the union with every descendant's).
    var subtreeBounds: PixelRect
    /// What the superlayer handed this layer (to rebuild its subtree alone): an id in
    /// `RenderItems.spaces` (`SpaceNode`: the map from the superlayer's sublayer space to
    /// the screen, the ancestors' clip, the superlayer's effective opacity, the depth),
    /// shared with its siblings.
    var space: Int32
    /// Position among its siblings after sorting (a change reorders what overlaps).
    var siblingIndex: Int
    var zPosition: Double
    /// Index of the first item of the layer's mask subtree (`LayerProperties.mask`), -1
    /// without a mask. The mask's items follow the sublayers' inside `subtreeEnd` (so a
    /// rebuilt subtree carries its mask along) and are drawn only as the mask: a masked
    /// layer with `maskStart == subtreeEnd` has a mask that shows nothing (hidden,
    /// transparent), so the layer shows nothing either.
    var maskStart: Int = -1
    /// One past the last sublayer item (where the mask's items begin, if any).
    var childrenEnd: Int { maskStart >= 0 ? maskStart : subtreeEnd }
    /// The transition drawn on this layer's subtree, if one is in progress.
    var transition: TransitionState?
}


/// One layer of a `RenderList` as the compositor, damage and hit testing read it: the
/// stored record (`ItemRecord`, see there for each field) with its content resolved from
/// the content table. A copy, made for the item read.
struct RenderItem: Sendable {
    var stored: ItemRecord
    var content: LayerContent
    /// The content's stamp: equal stamps, equal contents (`ContentColumn`).
    var contentStamp: UInt64
    /// What the superlayer handed it (`ItemRecord.space`).
    var space: SpaceNode

    var key: UInt64 { stored.key }
    var parent: Int { stored.parent }
    var subtreeEnd: Int { stored.subtreeEnd }
    var hitBounds: HitBounds { stored.hitBounds }
    var world: ProjectiveTransform { stored.world }
    var opacity: Double { stored.opacity }
    /// The product of the opacities of the layer and its ancestors: what the damage check
    /// compares, since an ancestor's fade changes this layer's pixels too (the builder's
    /// product, as it made it).
    var effectiveOpacity: Double { space.opacity * stored.opacity }
    var isGroup: Bool { stored.isGroup }
    var masksToBounds: Bool { stored.masksToBounds }
    var allowsHitTesting: Bool { stored.allowsHitTesting }
    var drawsNothing: Bool { stored.drawsNothing }
    var screenBounds: PixelRect { stored.screenBounds }
    var subtreeBounds: PixelRect { stored.subtreeBounds }
    /// The ancestors' clip, in screen pixels (the display when none clips).
    var clipBounds: PixelRect { space.clip }
    var siblingIndex: Int { stored.siblingIndex }
    var parentWorld: Transform3D { space.world }
    var parentOpacity: Double { space.opacity }
    var depth: Int { space.depth }
    var zPosition: Double { stored.zPosition }
    var maskStart: Int { stored.maskStart }
    var childrenEnd: Int { stored.childrenEnd }
    var transition: TransitionState? { stored.transition }
}
