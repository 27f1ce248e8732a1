import RenderCore
import RenderProtocol

/// Render items in chunks of 256: a list shares its chunks with the previous frame's, and
/// changing one item copies only its chunk — so a frame that changes a few layers of a
/// large tree costs the loop thread in proportion to those few.
///
/// Each item is two rows of one index: its record (`ItemRecord`, 48 bytes: the tree, the
/// ids of its content and space node, its opacity) and its geometry (`ItemGeometry`, 120
/// bytes: its world transform and the screen, subtree and hit boxes the band and hit walks
/// read), in parallel chunks; the few items in a transition keep it in `transitions`, and
/// the few with a zPosition other than 0 keep it in `zPositions`.
struct RenderItems: RandomAccessCollection, Sendable {
    static let chunkShift = 8
    static let chunkMask = (1 << chunkShift) - 1
    private var chunks: [[ItemRecord]] = []
    private var geometry: [[ItemGeometry]] = []
    private(set) var count = 0
    /// The contents the items' `contentID`s address (the session's `ContentTable`'s
    /// column as of the items' last change).
    var contents = ContentColumn()
    /// The space nodes the items' `space`s address (`SpaceTable`), likewise.
    var spaces = SpaceColumn()
    /// The transition of each item whose `inTransition` is set, by item key.
    var transitions: [UInt64: TransitionState] = [:]
    /// The zPosition of each item whose layer's is not 0, by item key (the builder's: a
    /// rebuilt subtree whose root moved in z does not fit in place).
    private var zPositions: [UInt64: Double] = [:]

    init() {}

    /// Item `i`'s zPosition as it was built.
    func zPosition(at i: Int) -> Double { zPositions.isEmpty ? 0 : zPositions[key(at: i)] ?? 0 }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// Item `i` as readers see it: its record and geometry with what they refer to resolved
    /// (a copy).
    subscript(i: Int) -> RenderItem {
        let c = i >> RenderItems.chunkShift, j = i & RenderItems.chunkMask
        let stored = chunks[c][j]
        return RenderItem(stored: stored, geometry: geometry[c][j], contents: contents,
                          contentStamp: contents.stamp(stored.contentID), space: spaces[stored.space],
                          transition: stored.inTransition ? transitions[stored.key] : nil)
    }

    /// Item `i`'s record, in place (the builder's).
    subscript(stored i: Int) -> ItemRecord {
        get { chunks[i >> RenderItems.chunkShift][i & RenderItems.chunkMask] }
        _modify { yield &chunks[i >> RenderItems.chunkShift][i & RenderItems.chunkMask] }
    }

    /// Item `i`'s geometry, in place (the builder's).
    subscript(geometry i: Int) -> ItemGeometry {
        get { geometry[i >> RenderItems.chunkShift][i & RenderItems.chunkMask] }
        _modify { yield &geometry[i >> RenderItems.chunkShift][i & RenderItems.chunkMask] }
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

    /// Item `i`'s subtree bounds and end, read in place (the rasterizer's walk over a band
    /// reads these of every item, and copies only the items it draws).
    @inline(__always)
    func subtree(_ i: Int) -> (bounds: PixelRect, end: Int, inTransition: Bool) {
        let c = i >> RenderItems.chunkShift, j = i & RenderItems.chunkMask
        return (geometry[c][j].subtreeBounds, chunks[c][j].subtreeEnd, chunks[c][j].inTransition)
    }

    /// Records the index of each item from `start` on under its layer id (keys read in
    /// place, no item copied).
    func index(from start: Int, into index: inout ItemIndex) {
        for i in start..<count {
            index[LayerID(truncatingIfNeeded: chunks[i >> RenderItems.chunkShift][i & RenderItems.chunkMask].key)] = i
        }
    }

    /// Runs `body` on item `i`'s record and geometry in place.
    @inline(__always)
    mutating func withItem<R>(_ i: Int, _ body: (inout ItemRecord, inout ItemGeometry) -> R) -> R {
        let c = i >> RenderItems.chunkShift, j = i & RenderItems.chunkMask
        return body(&chunks[c][j], &geometry[c][j])
    }

    /// What the hit walk reads of item `i`, in place: a miss over a large tree visits most
    /// items (`RenderItems.hitTest`).
    @inline(__always)
    func hitFields(_ i: Int) -> (world: ProjectiveTransform, bounds: Rect, masksToBounds: Bool, allowsHitTesting: Bool,
                                 childrenEnd: Int) {
        let c = i >> RenderItems.chunkShift, j = i & RenderItems.chunkMask
        let world = geometry[c].withUnsafeBufferPointer { $0[j].world }
        return chunks[c].withUnsafeBufferPointer { items in
            let item = items.baseAddress! + j
            return (world, contents.bounds(item.pointee.contentID), item.pointee.masksToBounds,
                    item.pointee.allowsHitTesting, item.pointee.childrenEnd)
        }
    }

    /// Item `i`'s subtree end, read in place.
    @inline(__always)
    func subtreeEnd(at i: Int) -> Int { chunks[i >> RenderItems.chunkShift][i & RenderItems.chunkMask].subtreeEnd }

    /// Item `i`'s `hitBounds`, read in place.
    @inline(__always)
    func hitBounds(at i: Int) -> HitBounds { geometry[i >> RenderItems.chunkShift][i & RenderItems.chunkMask].hitBounds }

    /// Item `i`'s key and superlayer index, read in place.
    @inline(__always)
    func key(at i: Int) -> UInt64 { chunks[i >> RenderItems.chunkShift][i & RenderItems.chunkMask].key }
    @inline(__always)
    func parent(at i: Int) -> Int { chunks[i >> RenderItems.chunkShift][i & RenderItems.chunkMask].parent }

    /// Empties the collection, keeping its first chunk's storage (a builder reused for
    /// subtree after subtree allocates it once).
    mutating func removeAll() {
        if chunks.count > 1 { chunks.removeLast(chunks.count - 1); geometry.removeLast(geometry.count - 1) }
        if !chunks.isEmpty { chunks[0].removeAll(keepingCapacity: true); geometry[0].removeAll(keepingCapacity: true) }
        if !transitions.isEmpty { transitions.removeAll() }
        if !zPositions.isEmpty { zPositions.removeAll() }
        count = 0
    }

    var chunkCount: Int { chunks.count }
    /// The index range of chunk `c`.
    func chunkRange(_ c: Int) -> Range<Int> { (c << RenderItems.chunkShift)..<Swift.min(count, (c + 1) << RenderItems.chunkShift) }
    /// Whether chunk `c` is the very same storage as `other`'s chunk `c`, records and
    /// geometry (then its items are equal: a chunk is copied before any change).
    func sharesChunk(_ c: Int, with other: RenderItems) -> Bool {
        guard c < chunks.count, c < other.chunks.count, chunks[c].count == other.chunks[c].count else { return false }
        let a = chunks[c].withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        let b = other.chunks[c].withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        let ga = geometry[c].withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        let gb = other.geometry[c].withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        return a != nil && a == b && ga == gb
    }

    /// Whether chunk `c`'s geometry rows are the very same storage as `other`'s (tests: an
    /// update that changed no geometry copies none).
    func sharesGeometryChunk(_ c: Int, with other: RenderItems) -> Bool {
        guard c < geometry.count, c < other.geometry.count else { return false }
        let a = geometry[c].withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        let b = other.geometry[c].withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        return a != nil && a == b
    }

    mutating func append(_ item: ItemRecord, _ geometry: ItemGeometry, transition: TransitionState?, zPosition: Double) {
        if count & RenderItems.chunkMask == 0 && count >> RenderItems.chunkShift == chunks.count {
            var chunk: [ItemRecord] = []
            chunk.reserveCapacity(1 << RenderItems.chunkShift)
            chunks.append(chunk)
            var rows: [ItemGeometry] = []
            rows.reserveCapacity(1 << RenderItems.chunkShift)
            self.geometry.append(rows)
        }
        var item = item
        item.inTransition = transition != nil
        if let transition { transitions[item.key] = transition }
        if zPosition != 0 { zPositions[item.key] = zPosition }
        chunks[chunks.count - 1].append(item)
        self.geometry[self.geometry.count - 1].append(geometry)
        count += 1
    }

    /// Puts `record` and `geometry` (with `transition`, when the record is in one) at `i`,
    /// in place of an item of the same layer. A row equal to the one there is not written
    /// (but the record of an item in a transition always is): its chunk stays shared with
    /// the lists that hold it (an opacity animation changes the records alone, and an
    /// update then copies no geometry).
    mutating func replace(_ i: Int, record new: ItemRecord, geometry: ItemGeometry, transition: TransitionState?,
                          zPosition: Double) {
        let c = i >> RenderItems.chunkShift, j = i & RenderItems.chunkMask
        let old = chunks[c][j]
        if old.inTransition && !new.inTransition { transitions[old.key] = nil }
        if new.inTransition { transitions[new.key] = transition }
        if zPosition != 0 { zPositions[new.key] = zPosition } else if !zPositions.isEmpty { zPositions[new.key] = nil }
        // An item in a transition is always written: its progress lives in `transitions`,
        // and the damage pass looks only at chunks that are not shared.
        if new.inTransition || !old.isSame(as: new) { chunks[c][j] = new }
        if !self.geometry[c][j].isSame(as: geometry) { self.geometry[c][j] = geometry }
    }
}

/// One layer of a `RenderList`, as stored (48 bytes): where it is in the tree, its
/// opacity and flags, and ids — its content in `RenderItems.contents`, what its superlayer
/// handed it in `RenderItems.spaces`. Readers get it resolved (`RenderItem`). Indices are
/// 32-bit (a block holds far fewer items).
struct ItemRecord: Sendable {
    /// Session id in the high 32 bits, the client's layer id in the low 32: unique across
    /// clients, stable across frames.
    var key: UInt64
    private var parent32: Int32
    private var subtreeEnd32: Int32
    private var maskStart32: Int32 = -1
    private var siblingIndex32: Int32
    /// The layer's own content: an id in `RenderItems.contents` (`ContentTable`).
    var contentID: Int32
    /// What the superlayer handed this layer (to rebuild its subtree alone): an id in
    /// `RenderItems.spaces` (`SpaceNode`: the map from the superlayer's sublayer space to
    /// the screen, the ancestors' clip, the superlayer's effective opacity, the depth),
    /// shared with its siblings.
    var space: Int32
    /// The layer's own opacity (0…1).
    var opacity: Double
    /// Composite the layer and its sublayers into a group, then apply `opacity` once.
    var isGroup: Bool
    /// Clip the sublayers (and the layer's contents) to the rounded bounds.
    var masksToBounds: Bool
    /// Hit-testing may find the layer and its sublayers (`LayerProperties.allowsHitTesting`).
    var allowsHitTesting: Bool = true
    /// Whether the layer's own drawing is empty (only its sublayers show).
    var drawsNothing: Bool
    /// A transition is drawn on this layer's subtree (`RenderItems.transitions`).
    var inTransition = false

    init(key: UInt64, parent: Int, subtreeEnd: Int, opacity: Double, isGroup: Bool, masksToBounds: Bool,
         contentID: Int32, drawsNothing: Bool, space: Int32, siblingIndex: Int) {
        self.key = key
        parent32 = Int32(truncatingIfNeeded: parent)
        subtreeEnd32 = Int32(truncatingIfNeeded: subtreeEnd)
        siblingIndex32 = Int32(truncatingIfNeeded: siblingIndex)
        self.opacity = opacity; self.isGroup = isGroup; self.masksToBounds = masksToBounds
        self.contentID = contentID; self.drawsNothing = drawsNothing; self.space = space
    }

    /// Whether `other` holds the same values, doubles compared bit for bit (so -0 and NaN
    /// are never taken for another value).
    func isSame(as other: ItemRecord) -> Bool {
        key == other.key && parent32 == other.parent32 && subtreeEnd32 == other.subtreeEnd32
            && maskStart32 == other.maskStart32 && siblingIndex32 == other.siblingIndex32 && contentID == other.contentID
            && space == other.space && opacity.bitPattern == other.opacity.bitPattern && isGroup == other.isGroup
            && masksToBounds == other.masksToBounds && allowsHitTesting == other.allowsHitTesting
            && drawsNothing == other.drawsNothing && inTransition == other.inTransition
    }

    /// Index of the superlayer's item, -1 for a client's root.
    var parent: Int {
        get { Int(parent32) }
        set { parent32 = Int32(truncatingIfNeeded: newValue) }
    }
    /// Index one past the layer's last descendant: its subtree is `index ..< subtreeEnd`.
    var subtreeEnd: Int {
        get { Int(subtreeEnd32) }
        set { subtreeEnd32 = Int32(truncatingIfNeeded: newValue) }
    }
    /// Index of the first item of the layer's mask subtree (`LayerProperties.mask`), -1
    /// without a mask. The mask's items follow the sublayers' inside `subtreeEnd` (so a
    /// rebuilt subtree carries its mask along) and are drawn only as the mask: a masked
    /// layer with `maskStart == subtreeEnd` has a mask that shows nothing (hidden,
    /// transparent), so the layer shows nothing either.
    var maskStart: Int {
        get { Int(maskStart32) }
        set { maskStart32 = Int32(truncatingIfNeeded: newValue) }
    }
    /// Position among its siblings after sorting (a change reorders what overlaps).
    var siblingIndex: Int {
        get { Int(siblingIndex32) }
        set { siblingIndex32 = Int32(truncatingIfNeeded: newValue) }
    }
    /// One past the last sublayer item (where the mask's items begin, if any).
    var childrenEnd: Int { maskStart32 >= 0 ? Int(maskStart32) : Int(subtreeEnd32) }
}

/// Where an item is on the screen (120 bytes, beside its `ItemRecord`): what the band walk
/// culls with, the hit walk skips with, and drawing maps with.
struct ItemGeometry: Sendable {
    /// Layer bounds coordinates → display pixels.
    var world: ProjectiveTransform
    private var screen: PackedRect
    private var subtree: PackedRect
    /// Where in display points a layer of the subtree (sublayers, not the mask) may be hit:
    /// a box holding every one's bounds as shown, never smaller (the hit walk skips the
    /// subtree of a point outside it).
    var hitBounds = HitBounds.everywhere

    init(world: ProjectiveTransform, screenBounds: PixelRect) {
        self.world = world
        screen = PackedRect(screenBounds)
        subtree = screen
    }

    /// Whether `other` holds the same values, bit for bit.
    func isSame(as other: ItemGeometry) -> Bool {
        let (w, o) = (world, other.world)
        return w.a.bitPattern == o.a.bitPattern && w.b.bitPattern == o.b.bitPattern && w.p.bitPattern == o.p.bitPattern
            && w.c.bitPattern == o.c.bitPattern && w.d.bitPattern == o.d.bitPattern && w.q.bitPattern == o.q.bitPattern
            && w.tx.bitPattern == o.tx.bitPattern && w.ty.bitPattern == o.ty.bitPattern && w.s.bitPattern == o.s.bitPattern
            && screen == other.screen && subtree == other.subtree && hitBounds.isSame(as: other.hitBounds)
    }

    /// Screen pixels its own drawing may touch, clipped to the display and to the
    /// ancestors' masks (empty when off screen).
    var screenBounds: PixelRect {
        get { screen.rect }
        set { screen = PackedRect(newValue) }
    }
    /// `screenBounds` of the whole subtree (the union with every descendant's).
    var subtreeBounds: PixelRect {
        get { subtree.rect }
        set { subtree = PackedRect(newValue) }
    }
}

/// A `PixelRect` in 32-bit fields (screen rects are clipped to the display).
struct PackedRect: Equatable, Sendable {
    var x, y, width, height: Int32
    init(_ r: PixelRect) {
        x = Int32(clamping: r.x); y = Int32(clamping: r.y)
        width = Int32(clamping: r.width); height = Int32(clamping: r.height)
    }
    var rect: PixelRect { PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)) }
}

/// One layer of a `RenderList` as the compositor, damage and hit testing read it: the
/// stored record and geometry (`ItemRecord`, `ItemGeometry`, see there for each field) with
/// its space node and transition resolved, and its content reachable. A copy, made for the
/// item read; the content stays in the list's column until asked for (`content` copies it
/// out; `contentBounds` and `contentIsSolid`, what every drawn item asks, read it in place:
/// a content is a few hundred bytes, and copying it out for every item a band walk visits
/// cost the draw about 1,000 instructions an item).
struct RenderItem: Sendable {
    var stored: ItemRecord
    var geometry: ItemGeometry
    /// The list's contents (shared storage), where `stored.contentID` names this item's.
    let contents: ContentColumn
    /// The content's stamp: equal stamps, equal contents (`ContentColumn`).
    var contentStamp: UInt64
    /// What the layer draws by itself (copied out of the list's column).
    var content: LayerContent { contents[stored.contentID] }
    /// The content's bounds (the layer's), read in place.
    var contentBounds: Rect { contents.bounds(stored.contentID) }
    /// The content's corner radius, read in place (a clip's).
    var contentCornerRadius: Double { contents.cornerRadius(stored.contentID) }
    /// `content.isSolid`, read in place.
    var contentIsSolid: Bool { contents.isSolid(stored.contentID) }
    /// `content.hasShadow`, read in place.
    var contentHasShadow: Bool { contents.hasShadow(stored.contentID) }
    /// What the superlayer handed it (`ItemRecord.space`).
    var space: SpaceNode
    /// The transition drawn on this layer's subtree, if one is in progress.
    var transition: TransitionState?

    var key: UInt64 { stored.key }
    var parent: Int { stored.parent }
    var subtreeEnd: Int { stored.subtreeEnd }
    var hitBounds: HitBounds { geometry.hitBounds }
    var world: ProjectiveTransform { geometry.world }
    var opacity: Double { stored.opacity }
    /// The product of the opacities of the layer and its ancestors: what the damage check
    /// compares, since an ancestor's fade changes this layer's pixels too (the builder's
    /// product, as it made it).
    var effectiveOpacity: Double { space.opacity * stored.opacity }
    var isGroup: Bool { stored.isGroup }
    var masksToBounds: Bool { stored.masksToBounds }
    var allowsHitTesting: Bool { stored.allowsHitTesting }
    var drawsNothing: Bool { stored.drawsNothing }
    var screenBounds: PixelRect { geometry.screenBounds }
    var subtreeBounds: PixelRect { geometry.subtreeBounds }
    /// The ancestors' clip, in screen pixels (the display when none clips).
    var clipBounds: PixelRect { space.clip }
    var siblingIndex: Int { stored.siblingIndex }
    var parentWorld: Transform3D { space.world }
    var parentOpacity: Double { space.opacity }
    var depth: Int { space.depth }
    var maskStart: Int { stored.maskStart }
    var childrenEnd: Int { stored.childrenEnd }
}
