import CCairo
import RenderCore

/// A layer subtree's rendering from just before a transition began (`CATransition`): the
/// frame drawn last, as it showed that subtree — kept as a cairo group in display pixels
/// for as long as the transition runs.
final class TransitionSnapshot {
    /// The transition's animation id (a new one takes a new snapshot).
    let id: UInt64
    /// The old rendering placed in display pixels; nil when the layer was not drawn before.
    let pattern: OpaquePointer?
    /// Display pixels the old rendering covers.
    let bounds: PixelRect
    /// What the transition may touch while it runs (old and new, at every offset): damaged
    /// on each of its frames, and once more when it ends.
    var region: PixelRect

    init(id: UInt64, pattern: OpaquePointer?, bounds: PixelRect) {
        self.id = id; self.pattern = pattern; self.bounds = bounds; self.region = bounds
    }

    deinit { if let pattern { cairo_pattern_destroy(pattern) } }
}

/// Drawing `Transition`s: the layer's previous rendering and its current one composited by
/// the transition's progress p (0…1), in the layer's plane, unclipped (as Core Animation
/// draws them; set `masksToBounds` on a superlayer to clip):
///
///     fade     old × (1 − p) + new × p, summed, then over what lies below (a cross-fade)
///     moveIn   old in place; new over it, arriving from the subtype's side: offset (1 − p) × D
///     push     old leaving by −p × D, new arriving from (1 − p) × D
///     reveal   new in place; old over it, leaving by −p × D
///
/// D is the layer's width (fromRight: +x, fromLeft: −x) or height (fromBottom: +y,
/// fromTop: −y; y grows downwards) mapped to display pixels by the layer's world transform.
extension Rasterizer {
    /// The offset D of the transition on `item`, in display pixels.
    static func transitionVector(_ item: RenderItem, _ subtype: Transition.Subtype) -> (x: Double, y: Double) {
        let b = item.contentBounds
        let v: (Double, Double)
        switch subtype {
        case .fromRight: v = (abs(b.width), 0)
        case .fromLeft: v = (-abs(b.width), 0)
        case .fromBottom: v = (0, abs(b.height))
        case .fromTop: v = (0, -abs(b.height))
        }
        let w = item.world
        return (v.0 * w.a + v.1 * w.c, v.0 * w.b + v.1 * w.d)
    }

    /// Called by the damage pass for each changed item with a transition: takes the "before"
    /// picture when the transition is new, and damages everything the transition may touch.
    func transitionDamage(_ item: RenderItem, _ block: RenderItems, _ i: Int, into rects: inout Damage) {
        guard let t = item.transition else { return }
        let snapshot: TransitionSnapshot
        if let s = transitionSnapshots[item.key], s.id == t.id {
            snapshot = s
        } else {
            // A transition replacing one in progress starts from what that one showed, out to
            // everywhere it slid (and the pixels it touched are redrawn).
            let replaced = transitionSnapshots[item.key]
            if let replaced { rects.append(replaced.region) }
            snapshot = takeSnapshot(of: item.key, id: t.id, covering: replaced?.region ?? .empty)
            transitionSnapshots[item.key] = snapshot
        }
        snapshotSeen.insert(item.key)
        let d = t.transition.type == .fade ? (x: 0.0, y: 0.0) : Rasterizer.transitionVector(item, t.transition.subtype)
        let base = snapshot.bounds.union(item.subtreeBounds)
        var region = base
        if !base.isEmpty && (d.x != 0 || d.y != 0) {
            for k in [-1.0, 1.0] {
                region = region.union(PixelRect(x: base.x + Int((k * d.x).rounded(.down)), y: base.y + Int((k * d.y).rounded(.down)),
                                                width: base.width + 1, height: base.height + 1))
            }
        }
        snapshot.region = snapshot.region.union(region.insetBy(-1)).intersection(display)
        rects.append(snapshot.region)
    }

    /// Drops the snapshots of transitions that ended (their layers have none now, or are
    /// gone), damaging what they covered.
    func expireTransitions(into rects: inout Damage) {
        defer { snapshotSeen.removeAll(keepingCapacity: true) }
        guard transitionSnapshots.count != snapshotSeen.count else { return }
        for (key, s) in transitionSnapshots where !snapshotSeen.contains(key) {
            rects.append(s.region)
            transitionSnapshots[key] = nil
            dropTransitionRendering(key)
        }
    }

    /// The subtree of `key` as the last list drawn showed it, as a group in display pixels,
    /// over its subtree bounds plus `covering` (where a transition it had then drew).
    private func takeSnapshot(of key: UInt64, id: UInt64, covering: PixelRect) -> TransitionSnapshot {
        guard let previous else { return TransitionSnapshot(id: id, pattern: nil, bounds: .empty) }
        for block in previous.blocks {
            guard let index = block.firstIndex(where: { $0.key == key }) else { continue }
            let old = block[index]
            let area = old.subtreeBounds.union(covering).intersection(old.clipBounds).intersection(display)
            guard !area.isEmpty else { break }
            // On the calling thread, before any band is drawn: painter 0.
            let painter = painters[0], cr = painter.cr
            painter.saveClipped(to: area, replacing: true)
            painter.nesting += 1
            takingSnapshot = true
            cairo_push_group(cr)
            painter.drawItem(index, block, area)
            let pattern = cairo_pop_group(cr)
            takingSnapshot = false
            painter.nesting -= 1
            cairo_restore(cr)
            return TransitionSnapshot(id: id, pattern: pattern, bounds: area)
        }
        return TransitionSnapshot(id: id, pattern: nil, bounds: .empty)
    }

}

extension BandPainter {
    /// The transitioning layer's new rendering, whole: a slide moves it across the damaged
    /// area, so a band (`bands(of:)`) needs rows of it outside the band. Made once per frame
    /// at most (the first band that draws the layer), and kept across frames while nothing
    /// in its subtree changes and no transition runs inside it (`KeptRendering`).
    ///
    /// Under `Rasterizer.cacheLock`: the first band that needs it makes it, the others wait.
    private func newRendering(_ i: Int, _ items: RenderItems) -> KeptRendering? {
        let rasterizer = rasterizer
        rasterizer.cacheLock.lock(); defer { rasterizer.cacheLock.unlock() }
        let item = items[i]
        let bounds = item.subtreeBounds.intersection(display)
        let count = item.subtreeEnd - i
        let takingSnapshot = rasterizer.takingSnapshot
        if !takingSnapshot, let kept = rasterizer.transitionRenderings[item.key] {
            if kept.bounds == bounds && kept.items == count && (!kept.volatile || kept.serial == rasterizer.drawSerial) {
                return kept
            }
            rasterizer.dropTransitionRendering(item.key)
        }
        guard !bounds.isEmpty else { return nil }
        var volatile = mode == .naive || takingSnapshot
        for j in i + 1 ..< item.subtreeEnd where items[j].transition != nil { volatile = true; break }
        saveClipped(to: bounds, replacing: true)
        nesting += 1
        cairo_push_group(cr)
        if item.maskStart >= 0 { drawMasked(i, items, bounds) } else { drawItem(i, items, bounds, hooks: false) }
        let pattern = cairo_pop_group(cr)
        nesting -= 1
        cairo_restore(cr)
        guard let pattern else { return nil }
        let made = KeptRendering(pattern: pattern, bounds: bounds, items: count, serial: rasterizer.drawSerial,
                                 volatile: volatile)
        // Over the budget it serves this band only (made again for the next).
        if !takingSnapshot && rasterizer.reserveCacheBytes(made.bytes) { rasterizer.transitionRenderings[item.key] = made }
        return made
    }

    /// Draws item `i` with its transition; false when it has no snapshot (then it is drawn
    /// as it is now).
    func drawTransition(_ i: Int, _ items: RenderItems, _ r: PixelRect) -> Bool {
        let item = items[i]
        guard let t = item.transition, let snapshot = rasterizer.transitionSnapshots[item.key], snapshot.id == t.id else {
            return false
        }
        let p = min(1, max(0, t.progress))
        let kept = newRendering(i, items)
        let new = kept?.pattern
        cairo_save(cr)
        nesting += 1
        let d = Rasterizer.transitionVector(item, t.transition.subtype)
        func paint(_ pattern: OpaquePointer?, dx: Double, dy: Double, alpha: Double) {
            guard let pattern, alpha > 0 else { return }
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_translate(cr, dx, dy)
            cairo_set_source(cr, pattern)
            if alpha >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, alpha) }
            cairo_restore(cr)
        }
        switch t.transition.type {
        case .fade:
            // Summed in a group, then over what lies below: where both are opaque the result
            // is exactly (1 − p) old + p new, with no background showing through.
            cairo_push_group(cr)
            paint(snapshot.pattern, dx: 0, dy: 0, alpha: 1 - p)
            cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
            paint(new, dx: 0, dy: 0, alpha: p)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_pop_group_to_source(cr)
            cairo_paint(cr)
        case .moveIn:
            paint(snapshot.pattern, dx: 0, dy: 0, alpha: 1)
            paint(new, dx: (1 - p) * d.x, dy: (1 - p) * d.y, alpha: 1)
        case .push:
            paint(snapshot.pattern, dx: -p * d.x, dy: -p * d.y, alpha: 1)
            paint(new, dx: (1 - p) * d.x, dy: (1 - p) * d.y, alpha: 1)
        case .reveal:
            paint(new, dx: 0, dy: 0, alpha: 1)
            paint(snapshot.pattern, dx: -p * d.x, dy: -p * d.y, alpha: 1)
        }
        nesting -= 1
        cairo_restore(cr)
        return true
    }
}
