import CCairo
import Foundation
import RenderCore

/// The kept bitmaps as the painters read them: for each layer (item key) with a kept
/// entry, its content stamp, scale bucket and bitmap as a plain value (`BitmapView`). The
/// rasterizer changes it with its entries (never while bands are drawn); each painter holds
/// it by a reference of its own, so that a lookup — every bitmap layer drawn, on every
/// band's thread — takes no lock and counts no reference (the rasterizer's count, which an
/// `unowned` reference would take, is shared by the threads).
final class KeptViews {
    var byKey: [UInt64: (stamp: UInt64, scale: Double, view: BitmapView?)] = [:]

    /// What `view(for:)` finds.
    enum Found {
        /// The layer's kept bitmap at its scale bucket, valid until the next
        /// `Rasterizer.cachedBitmap` call on this thread or the end of the bands.
        case drawn(BitmapView)
        /// It is kept, and draws nothing.
        case empty
        /// None is kept that is known to match by its stamp: ask `Rasterizer.cachedBitmap`.
        case notKept
    }

    /// The bitmap kept for `item` when its entry matches by stamp. Any drawing thread.
    func view(for item: RenderItem) -> Found {
        guard let kept = byKey[item.key], kept.stamp == item.contentStamp,
              kept.scale == LayerBitmap.bucket(for: item.world.maxScale(over: item.contentBounds)) else { return .notKept }
        guard let view = kept.view else { return .empty }
        return .drawn(view)
    }
}

/// Draws render lists into one premultiplied ARGB32 frame with cairo (affine layers) and
/// pixman (projective ones). Keeps, between frames, each layer's rasterized own drawing
/// (`LayerBitmap`, reused while its `LayerContent` and scale bucket stay the same) and what
/// it drew last (to find the damage: the old and new screen bounds of every layer whose
/// drawing, transform, opacity, clip or order changed, and of every layer that went away).
/// A frame redraws only the damaged rectangles; a frame with no damage draws nothing.
///
/// `Mode.naive` is the baseline the benchmark compares with: every layer drawn with cairo
/// vectors on every frame, full frame, no bitmaps kept.
///
/// With `threads` > 1 the bands of a frame's damage (`bands(of:)`) are drawn by that many
/// threads at once (`BandPool`: the calling thread and helpers), each band by one
/// `BandPainter` into the part of the frame it owns: the same pixels, bit for bit, as one
/// thread drawing them one after the other. The damage pass, and everything but drawing,
/// stays on the calling thread.
///
/// Thread affinity: one thread at a time (the compositor thread) calls it.
package final class Rasterizer {
    package enum Mode { case cached, naive }

    let width: Int
    let height: Int
    let mode: Mode
    /// The frame; its pixels are the display.
    let surface: OpaquePointer
    /// The display's colour where no layer draws (opaque black).
    static let background = Color(red: 0, green: 0, blue: 0, alpha: 1)

    /// `scale` is the bucket asked for (the bitmap may be smaller, or nil when empty);
    /// `stamp` the content's in the content table (equal stamps, equal contents: compared
    /// first, the contents only when they differ). A class: a lookup takes one reference
    /// instead of copying the content's, and the layers that draw the same content at the
    /// same scale share one entry (`shared`).
    private final class CacheEntry {
        let content: LayerContent, stamp: UInt64, scale: Double, bitmap: LayerBitmap?
        /// The layers (`caches` keys) whose entry this is; its bytes are in the budget while
        /// it has any. Under `cacheLock`, changed only outside banding.
        var holders = 0
        init(content: LayerContent, stamp: UInt64, scale: Double, bitmap: LayerBitmap?) {
            self.content = content; self.stamp = stamp; self.scale = scale; self.bitmap = bitmap
        }
        func matches(_ item: RenderItem, scale s: Double) -> Bool {
            scale == s && (stamp == item.contentStamp || content == item.content)
        }
        var sharedKey: SharedKey { SharedKey(stamp: stamp, scale: scale) }
    }
    /// A content (by its stamp: unique in the process) at a scale bucket.
    private struct SharedKey: Hashable { var stamp: UInt64; var scale: Double }
    /// Each layer's kept bitmap, by item key.
    private var caches: [UInt64: CacheEntry] = [:]
    /// What drawing reads of each entry in `caches` (by the same key, changed with it), for
    /// the painters to look up without a lock or a reference count (`KeptViews`).
    let keptViews = KeptViews()
    /// The kept entries by content and scale: a layer whose content another layer's bitmap
    /// already draws takes that entry (a list's rows, a scene's stars: one bitmap, read
    /// from cache, instead of one per layer). Changed only outside banding.
    private var shared: [SharedKey: CacheEntry] = [:]
    /// While several threads draw bands (`banding`), `caches` and `shared` are only read,
    /// without a lock; entries found or made meanwhile for layers wait here (under
    /// `cacheLock`) and join `caches` after the bands, the ones made by content in
    /// `madeShared`.
    private var banding = false
    private var madeWhileBanding: [UInt64: CacheEntry] = [:]
    private var madeShared: [SharedKey: CacheEntry] = [:]
    /// What a layer draws, as the damage pass compares it with what it drew last frame
    /// (made for the two items compared, never kept; read in place, the content by its id).
    private struct Drawn {
        var world: ProjectiveTransform
        var effectiveOpacity: Double
        var isGroup: Bool
        var masksToBounds: Bool
        /// The content's stamp in the content table: equal stamps, equal contents (compared
        /// first; the contents only when the stamps differ: lists of different builders).
        var contentStamp: UInt64
        var contentID: Int32
        var screenBounds: PixelRect
        var clipBounds: PixelRect
        var parentKey: UInt64
        var siblingIndex: Int

        /// Whether `a` (an item of `aItems`) draws what `b` (of `bItems`) drew.
        static func same(_ a: Drawn, in aItems: RenderItems, as b: Drawn, in bItems: RenderItems) -> Bool {
            a.world == b.world && a.effectiveOpacity == b.effectiveOpacity && a.isGroup == b.isGroup
                && a.masksToBounds == b.masksToBounds && a.screenBounds == b.screenBounds && a.clipBounds == b.clipBounds
                && a.parentKey == b.parentKey && a.siblingIndex == b.siblingIndex
                && (a.contentStamp == b.contentStamp || aItems.contents[a.contentID] == bItems.contents[b.contentID])
        }
    }
    /// Where an item of `previous` is (block, index).
    private struct Place { var block: Int32; var index: Int32 }
    /// The last list diffed, without its `discarded` blocks (kept so its chunks' storage
    /// cannot be reused by another): what each layer drew last frame is its item there. An
    /// item of the new list is compared with the item at the same place in `previous` when
    /// that one is the same layer's (always so in chunks the two lists share, and when a
    /// frame only rebuilt subtrees in place); else with the one `previousPlaces` finds. No
    /// table by key is kept between frames (it was 42 bytes per layer at 50,000 layers).
    private(set) var previous: RenderList?
    /// One per drawing thread: painter 0 (the calling thread's) draws on `surface`, the
    /// others on surfaces of their own over its pixels.
    private(set) var painters: [BandPainter] = []
    /// The helper threads, when `threads` > 1.
    private let pool: BandPool?
    /// Threads that draw a frame's bands (the calling thread included).
    var threads: Int { painters.count }
    /// Guards what painters share while bands are drawn at once: the bitmaps made while
    /// banding, the kept renderings of masked and transitioning layers, and their counts
    /// (`cachedBytes`, `bitmapsRendered`). Recursive: a kept rendering is made under it, and
    /// its subtree's bitmaps are looked up while it is held.
    let cacheLock = NSRecursiveLock()
    private var firstFrame = true
    /// Each transitioning layer's rendering from before its transition (by item key):
    /// see `Rasterizer+Transitions.swift`.
    var transitionSnapshots: [UInt64: TransitionSnapshot] = [:]
    /// Masked layers as last drawn: their mask's key (`UInt64.max` for a mask showing
    /// nothing) and subtree bounds — gaining, losing or changing a mask changes the whole
    /// subtree's pixels (see `Rasterizer+Masks.swift`).
    var maskedSubtrees: [UInt64: (mask: UInt64, bounds: PixelRect)] = [:]
    /// Keys of the transitioning items the current damage pass met.
    var snapshotSeen = Set<UInt64>()
    /// Masked layers' finished renderings, kept while nothing in their subtree or mask
    /// changes (see `Rasterizer+Masks.swift`), and the masked layers whose subtree changed
    /// in the current frame (not kept this frame: drawn as before, only where damaged).
    var maskedRenderings: [UInt64: KeptRendering] = [:]
    /// Transitioning layers' new renderings, kept the same way (`Rasterizer+Transitions.swift`).
    var transitionRenderings: [UInt64: KeptRendering] = [:]
    /// Counts frames drawn (`KeptRendering.serial`).
    private(set) var drawSerial = 0
    /// While a transition's snapshot draws the last list (`takeSnapshot`): kept renderings
    /// are neither used nor made (they belong to the current list).
    var takingSnapshot = false
    var subtreeChanged = Set<UInt64>()

    /// Rows per band of a large damage rectangle (`bands(of:)`; `Int.max`: no bands).
    package var bandRows = Rasterizer.defaultBandRows
    /// A damage rectangle smaller than this (pixels) is drawn in one pass (`bands(of:)`).
    var minBandedArea = Rasterizer.defaultMinBandedArea
    /// Tests: with several threads, band k is drawn by painter k mod `threads` (every
    /// painter draws, however quickly the calling thread could have drawn them all), instead
    /// of by whichever thread is free.
    var interleavesBands = false

    /// Whether solid layers outside groups and clips are filled by `SolidFiller` (true), or
    /// all with cairo paths (`drawSolid`; for comparisons in tests and benchmarks).
    package var fillsSolidsDirectly = true {
        didSet { for p in painters { p.fillsSolidsDirectly = fillsSolidsDirectly } }
    }

    /// Counters for statistics and tests.
    private(set) var bitmapsRendered = 0
    private(set) var lastDamage: [PixelRect] = []

    /// `threads`: how many threads draw a frame's bands (1: the calling thread alone).
    package init?(width: Int, height: Int, mode: Mode = .cached, threads: Int = 1) {
        guard let s = LayerBitmap.newSurface(width, height) else { return nil }
        self.width = width; self.height = height; self.mode = mode
        surface = s
        let threads = max(1, min(threads, BandPool.maxThreads))
        pool = threads > 1 ? BandPool(helpers: threads - 1, stackBytes: Rasterizer.threadStackBytes) : nil
        guard let data = cairo_image_surface_get_data(s) else { pool?.stop(); return nil }
        for i in 0..<threads {
            // Painter 0 draws on the frame's surface, the others on surfaces over its pixels.
            let own = i == 0 ? cairo_surface_reference(s)
                : cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                                                      cairo_image_surface_get_stride(s))
            guard let own, let painter = BandPainter(self, surface: own) else { pool?.stop(); return nil }
            cairo_surface_destroy(own)
            painters.append(painter)
        }
    }

    deinit {
        pool?.stop()
        painters.removeAll()
        cairo_surface_destroy(surface)
    }

    var display: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Layer bitmaps kept, and their bytes.
    var cachedBitmaps: (count: Int, bytes: Int) {
        cacheLock.lock(); defer { cacheLock.unlock() }
        return shared.values.reduce((0, 0)) { ($0.0 + ($1.bitmap == nil ? 0 : 1), $0.1 + ($1.bitmap?.byteCount ?? 0)) }
    }

    // MARK: Frames

    /// Draws `list`; returns the rectangles whose pixels changed (empty: nothing to do).
    @discardableResult
    package func draw(_ list: RenderList) -> [PixelRect] {
        drawSerial += 1
        let damage = mode == .naive ? [display] : findDamage(list)
        lastDamage = damage
        let work = damage.flatMap { self.bands(of: $0) }
        if let pool, work.count > 1 {
            let painters = painters
            banding = true
            pool.run(work.count, interleaved: interleavesBands) { p, k in painters[p].redraw(work[k], list) }
            banding = false
            keepMadeWhileBanding()
            // Other painters wrote the pixels through surfaces of their own.
            cairo_surface_mark_dirty(surface)
        } else {
            for band in work { painters[0].redraw(band, list) }
        }
        cairo_surface_flush(surface)
        return damage
    }

    private func findDamage(_ list: RenderList) -> [PixelRect] {
        subtreeChanged.removeAll(keepingCapacity: true)
        // Its discarded blocks are freed with the list after drawing, not kept until the
        // next one (a whole block after each update: 176 bytes per animated layer).
        var kept = list
        kept.discarded = []
        if firstFrame {
            firstFrame = false
            previous = kept
            return [display]
        }
        var rects = Damage(display: display)
        // Places in `previous` by key, made only when an item is not at its own place there.
        var places: PlacesByKey?
        // Items of `previous` found again (keys are unique in a list): when all are, no layer
        // went away.
        var found = 0
        // Once the damage is the whole display and no mask or transition keeps state, an
        // item adds nothing but whether its layer was drawn last frame (`found`).
        let statelessMasks = maskedRenderings.isEmpty && transitionRenderings.isEmpty && maskedSubtrees.isEmpty
        // Chunks shared with the last list drawn hold the same items: skip them.
        for (b, block) in list.blocks.enumerated() {
            let before = previous.flatMap { b < $0.blocks.count ? $0.blocks[b] : nil }
            for c in 0..<block.chunkCount {
                if let before, block.sharesChunk(c, with: before) { found += block.chunkRange(c).count; continue }
                for i in block.chunkRange(c) {
                    // The record read in place; the whole item only for a transition or a mask.
                    let record = block[stored: i]
                    let place: Place?
                    if let before, i < before.count, before.key(at: i) == record.key {
                        place = Place(block: Int32(b), index: Int32(i))
                    } else {
                        if places == nil { places = PlacesByKey(previous) }
                        place = places!.place(of: record.key)
                    }
                    if place != nil { found += 1 }
                    if statelessMasks && record.maskStart < 0 && !record.inTransition && rects.coversDisplay { continue }
                    let now = drawnState(block, i)
                    var changed = true
                    if let place, let before = drawnState(at: place) {
                        if !Drawn.same(now, in: block, as: before.0, in: before.1) {
                            rects.append(before.0.screenBounds); rects.append(now.screenBounds)
                        } else {
                            changed = false
                        }
                    } else {
                        rects.append(now.screenBounds)
                    }
                    if changed && (!maskedRenderings.isEmpty || !transitionRenderings.isEmpty || !maskedSubtrees.isEmpty
                                   || record.maskStart >= 0) {
                        maskedSubtreeChanged(at: i, block)
                    }
                    let masks = record.maskStart >= 0 || !maskedSubtrees.isEmpty || !maskedRenderings.isEmpty
                    guard record.inTransition || masks else { continue }
                    let item = block[i]
                    if item.transition != nil { transitionDamage(item, block, i, into: &rects) }
                    if masks { maskDamage(item, block, into: &rects) }
                }
            }
        }
        if let previous, found < previous.itemCount {
            // Layers went away: find them in `previous`.
            let now = PlacesByKey(list)
            for block in previous.blocks {
                for i in 0..<block.count {
                    let key = block.key(at: i)
                    guard now.place(of: key) == nil else { continue }
                    rects.append(drawnState(block, i).screenBounds)
                    maskedSubtrees[key] = nil
                    dropMaskedRendering(key)
                    dropTransitionRendering(key)
                    letGo(key)
                }
            }
        }
        expireTransitions(into: &rects)
        previous = kept
        return rects.merged
    }

    /// The place of each item of a list, by key: made for a frame whose items are not all
    /// where they were, or that lost some (sorted pairs, 16 bytes per item).
    private struct PlacesByKey {
        private var entries: [(key: UInt64, place: Place)] = []

        init(_ list: RenderList?) {
            guard let list else { return }
            entries.reserveCapacity(list.itemCount)
            for (b, block) in list.blocks.enumerated() {
                for i in 0..<block.count { entries.append((block.key(at: i), Place(block: Int32(b), index: Int32(i)))) }
            }
            entries.sort { $0.key < $1.key }
        }

        func place(of key: UInt64) -> Place? {
            var low = 0, high = entries.count
            while low < high {
                let mid = (low + high) / 2
                if entries[mid].key < key { low = mid + 1 } else { high = mid }
            }
            return low < entries.count && entries[low].key == key ? entries[low].place : nil
        }
    }

    /// What the item at `place` in `previous` drew, and the items it is one of.
    private func drawnState(at place: Place) -> (Drawn, RenderItems)? {
        guard let previous, Int(place.block) < previous.blocks.count else { return nil }
        let block = previous.blocks[Int(place.block)]
        guard Int(place.index) < block.count else { return nil }
        return (drawnState(block, Int(place.index)), block)
    }

    /// What item `i` of `block` draws, read in place (no `RenderItem`, no content copied).
    private func drawnState(_ block: RenderItems, _ i: Int) -> Drawn {
        let record = block[stored: i], geometry = block[geometry: i], space = block.spaces[record.space]
        return Drawn(world: geometry.world, effectiveOpacity: space.opacity * record.opacity, isGroup: record.isGroup,
                     masksToBounds: record.masksToBounds, contentStamp: block.contents.stamp(record.contentID),
                     contentID: record.contentID, screenBounds: geometry.screenBounds, clipBounds: space.clip,
                     parentKey: record.parent >= 0 ? block.key(at: record.parent) : 0, siblingIndex: record.siblingIndex)
    }

    /// The stack the thread that draws needs. The drawing walk itself is iterative, but a
    /// masked layer draws its subtree through groups of its own (`drawMasked`), so masks
    /// nested in masks recurse, a few kilobytes a level: about 5.5 KB in a debug build (8 MiB
    /// overflowed between 1,000 and 2,047 nested masks). 64 MiB holds
    /// `Limits.maxTreeDepthCeiling` nested masks about three times over (address space: pages
    /// are touched only as deep as the drawing goes).
    static let threadStackBytes = 64 << 20

    /// A frame's damage as more than this many rectangles collapses into their union.
    static let maxRects = 8

    /// A frame's damage, merged as the damage pass finds it: each rectangle, clipped to the
    /// display (empty ones dropped), is merged with those it overlaps (repeatedly, as the
    /// union may overlap more); more than `Rasterizer.maxRects` collapse into their union
    /// at the end (`merged`). The same rectangles as collecting them all and merging after,
    /// in memory for the merged ones only: a frame that changes 50,000 layers found 100,000
    /// rectangles (3.2 MB, and as much again for each copy that filtered them), which the
    /// compositor thread's heap kept after.
    struct Damage {
        let display: PixelRect
        private(set) var rects: [PixelRect] = []

        init(display: PixelRect) { self.display = display }

        mutating func append(_ rect: PixelRect) {
            guard !rect.isEmpty else { return }
            var r = rect.intersection(display)
            guard !r.isEmpty else { return }
            var merged = true
            while merged {
                merged = false
                if let j = rects.firstIndex(where: { $0.intersects(r) }) { r = r.union(rects.remove(at: j)); merged = true }
            }
            rects.append(r)
        }

        /// Whether the damage is the whole display (nothing appended can add to it).
        var coversDisplay: Bool { rects.count == 1 && rects[0] == display }

        var merged: [PixelRect] {
            rects.count > Rasterizer.maxRects ? [rects.reduce(PixelRect.empty) { $0.union($1) }] : rects
        }
    }

    /// The layer's kept bitmap when its content and scale bucket are unchanged, else the
    /// one kept for another layer with the same content at the same scale, else a new
    /// rendering (kept for the next frames).
    ///
    /// Any drawing thread. While bands are drawn at once, a kept bitmap is found without a
    /// lock; one that must be made is made under `cacheLock`, by the first band that needs
    /// it (the others wait for it), and kept after the bands (`keepMadeWhileBanding`).
    func cachedBitmap(_ item: RenderItem) -> LayerBitmap? {
        let scale = LayerBitmap.bucket(for: item.world.maxScale(over: item.contentBounds))
        if banding {
            if let e = caches[item.key], e.matches(item, scale: scale) { return e.bitmap }
            cacheLock.lock(); defer { cacheLock.unlock() }
            if let e = madeWhileBanding[item.key], e.matches(item, scale: scale) { return e.bitmap }
            let key = SharedKey(stamp: item.contentStamp, scale: scale), e: CacheEntry
            if let found = shared[key] ?? madeShared[key] {
                e = found
            } else {
                e = render(item, scale: scale)
                madeShared[key] = e
            }
            madeWhileBanding[item.key] = e
            return e.bitmap
        }
        cacheLock.lock(); defer { cacheLock.unlock() }
        if let e = caches[item.key], e.matches(item, scale: scale) { return e.bitmap }
        letGo(item.key)
        let e = shared[SharedKey(stamp: item.contentStamp, scale: scale)] ?? render(item, scale: scale)
        // Over the budget the bitmap serves this frame only (drawn again next time).
        keep(e, for: item.key)
        return e.bitmap
    }

    /// A new entry for `item`'s content at `scale`, held by no layer yet. Under `cacheLock`.
    private func render(_ item: RenderItem, scale: Double) -> CacheEntry {
        let bitmap = LayerBitmap.render(item.content, scale: scale)
        if bitmap != nil { bitmapsRendered += 1 }
        return CacheEntry(content: item.content, stamp: item.contentStamp, scale: scale, bitmap: bitmap)
    }

    /// Makes `e` the layer `key`'s kept entry: the first layer to hold it brings its bytes
    /// into the budget, unless they would go over it (then `e` is not kept). Under
    /// `cacheLock`, not while banding; the layer holds no entry.
    private func keep(_ e: CacheEntry, for key: UInt64) {
        if e.holders == 0 {
            let bytes = e.bitmap?.byteCount ?? 0
            guard cachedBytes + bytes <= Rasterizer.bitmapBudgetBytes else { return }
            cachedBytes += bytes
            shared[e.sharedKey] = e
        }
        e.holders += 1
        caches[key] = e
        keptViews.byKey[key] = (e.stamp, e.scale, e.bitmap?.view)
    }

    /// The layer `key` lets go of its kept entry; the last layer to hold one takes its
    /// bytes out of the budget. Under `cacheLock`, not while banding.
    private func letGo(_ key: UInt64) {
        guard let old = caches.removeValue(forKey: key) else { return }
        keptViews.byKey[key] = nil
        old.holders -= 1
        guard old.holders == 0 else { return }
        cachedBytes -= old.bitmap?.byteCount ?? 0
        if shared[old.sharedKey] === old { shared[old.sharedKey] = nil }
    }

    /// The entries found or made while bands were drawn at once join `caches`, as far as
    /// the budget allows (as `cachedBitmap` keeps them on one thread). The calling thread,
    /// after the bands.
    private func keepMadeWhileBanding() {
        guard !madeWhileBanding.isEmpty else { return }
        cacheLock.lock(); defer { cacheLock.unlock() }
        for (key, e) in madeWhileBanding {
            letGo(key)
            keep(e, for: key)
        }
        madeWhileBanding.removeAll(keepingCapacity: true)
        madeShared.removeAll(keepingCapacity: true)
    }

    /// The most bytes of layer bitmaps kept across frames, over all clients: past it,
    /// further layers are rasterized each time they are drawn (slower, bounded memory).
    static let bitmapBudgetBytes = 512 << 20

    /// Counts a bitmap rendered for one use (the naive mode's). Any drawing thread.
    func countRendered() {
        cacheLock.lock(); bitmapsRendered += 1; cacheLock.unlock()
    }
    private(set) var cachedBytes = 0

    /// Counts `bytes` of a kept rendering (positive) or its release (negative) in the
    /// budget of `bitmapBudgetBytes`; false (nothing counted) when it would go over.
    /// Any drawing thread.
    func reserveCacheBytes(_ bytes: Int) -> Bool {
        cacheLock.lock(); defer { cacheLock.unlock() }
        guard bytes <= 0 || cachedBytes + bytes <= Rasterizer.bitmapBudgetBytes else { return false }
        cachedBytes += bytes
        return true
    }
}

extension Rasterizer {
    /// pixman's fixed-point matrix for a map from frame pixels to bitmap pixels; projective
    /// ones scaled so that w is 1 at (`cx`, `cy`) (16.16 fixed point holds homogeneous
    /// coordinates too, so they must stay near bitmap pixel values). Nil when degenerate.
    static func pixmanTransform(_ m: ProjectiveTransform, cx: Double, cy: Double) -> pixman_transform? {
        var k = 1.0
        if !m.isAffine {
            let wc = m.w(cx, cy)
            guard wc.isFinite, abs(wc) > 1e-12 else { return nil }
            k = 1 / wc
        }
        var f = pixman_f_transform()
        f.m = ((m.a * k, m.c * k, m.tx * k), (m.b * k, m.d * k, m.ty * k), (m.p * k, m.q * k, m.s * k))
        var t = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&t, &f) != 0 else { return nil }
        return t
    }
}

/// A pixman image over a cairo ARGB32 image surface's pixels (no copy).
final class PixmanImage {
    let image: OpaquePointer
    init?(_ surface: OpaquePointer) {
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface)
        let stride = cairo_image_surface_get_stride(surface)
        guard let img = pixman_image_create_bits(PIXMAN_a8r8g8b8, w, h,
                                                 UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                                                 stride) else { return nil }
        image = img
    }
    deinit { pixman_image_unref(image) }
}
