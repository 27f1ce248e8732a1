import RenderCore
import RenderProtocol

// Scrolling without rebuilding: an interaction tracker moves its layer's `bounds.origin`
// every frame of a fling, which moves every layer under it. Rebuilt as a property change,
// a list of a few thousand rows is more than one frame's update budget
// (`RenderListBuilder.defaultUpdateItems`), so the list would stay behind — never handed
// to the compositor — for as long as the content moves. A change of bounds origin alone is
// a translation of the whole subtree in display space (when the layer's own map to the
// display is affine and it has no sublayer transform), so the items are shifted in place:
// their worlds, the parent worlds later rebuilds start from, the clips and screen bounds
// recomputed from what the items hold. No layer's properties are read but the tracked one's.

extension RenderItems {
    /// Per item of a scrolled subtree, what its sublayers and mask take from it.
    struct ScrollScratch {
        var clip: [PixelRect] = []
        var childClip: [PixelRect] = []
        var maskStart: [Int] = []
        var parent: [Int] = []
        var childrenEnd: [Int] = []
        var bounds: [PixelRect] = []
        var hit: [HitBounds] = []
        /// Space node → its shifted copy (nodes are never changed in place: the shown block
        /// and an update under way may share them).
        var movedSpaces: [Int32: Int32] = [:]
        mutating func reset(_ n: Int) {
            movedSpaces.removeAll(keepingCapacity: true)
            hit.removeAll(keepingCapacity: true); hit.reserveCapacity(n)
            clip.removeAll(keepingCapacity: true); childClip.removeAll(keepingCapacity: true)
            maskStart.removeAll(keepingCapacity: true); parent.removeAll(keepingCapacity: true)
            childrenEnd.removeAll(keepingCapacity: true); bounds.removeAll(keepingCapacity: true)
            clip.reserveCapacity(n); childClip.reserveCapacity(n); maskStart.reserveCapacity(n)
            parent.reserveCapacity(n); childrenEnd.reserveCapacity(n); bounds.reserveCapacity(n)
        }
    }

    /// Moves the subtree of item `i` (a layer whose bounds origin is now `origin`, nothing
    /// else of it changed) by the translation that change makes on the display; false, with
    /// nothing changed, when that is not a translation (the layer's map to the display is
    /// projective): then rebuild it. Which layers are in the list does not change: shifting
    /// a map by a translation after it leaves its w, so no corner crosses the eye's plane.
    /// Cost: O(the subtree's items), each changed in place; no property read.
    mutating func scrollSubtree(at i: Int, to origin: Point, table: ContentTable, scratch: inout ScrollScratch) -> Bool {
        let (w, old, end) = (self[geometry: i].world, contentBounds(at: i).origin, self[stored: i].subtreeEnd)
        guard w.isAffine else { return false }
        let dx = origin.x - old.x, dy = origin.y - old.y
        guard dx.isFinite, dy.isFinite else { return false }
        // The scrolled layer's content with its new bounds origin (its own entry in the table).
        var moved = contents[self[stored: i].contentID]
        moved.bounds.origin = origin
        self[stored: i].contentID = table.intern(moved)
        contents = table.column
        let column = contents, spaceColumn = spaces
        // A point of the bounds space maps by −origin first: the display moves by −Δ·L.
        let sx = -(dx * w.a + dy * w.c), sy = -(dx * w.b + dy * w.d)
        scratch.reset(end - i)
        // In paint order (a parent before its children): maps, clips, screen bounds.
        for k in i..<end {
            withItem(k) { item, geometry in
                geometry.world.shift(sx, sy)
                var clip = spaceColumn[item.space].clip
                let content = column[item.contentID]
                if k != i {
                    let p = item.parent - i
                    let ms = scratch.maskStart[p]
                    clip = ms >= 0 && k >= ms ? scratch.clip[p] : scratch.childClip[p]
                    // The node its superlayer handed it, shifted (once for the siblings).
                    if let moved = scratch.movedSpaces[item.space] {
                        item.space = moved
                    } else {
                        var node = spaceColumn[item.space]
                        node.world.shiftAfter(sx, sy)
                        node.clip = clip
                        let moved = table.spaces.make(node)
                        scratch.movedSpaces[item.space] = moved
                        item.space = moved
                    }
                }
                if item.drawsNothing {
                    geometry.screenBounds = .empty
                } else if let box = geometry.world.boundingBox(of: content.extent) {
                    geometry.screenBounds = PixelRect(covering: box).insetBy(-1).intersection(clip)
                }
                var childClip = clip
                if item.masksToBounds, let box = geometry.world.boundingBox(of: content.bounds) {
                    childClip = PixelRect(covering: box).insetBy(-1).intersection(clip)
                }
                scratch.clip.append(clip)
                scratch.childClip.append(childClip)
                scratch.maskStart.append(item.maskStart)
                scratch.parent.append(item.parent)
                scratch.childrenEnd.append(item.childrenEnd)
                scratch.bounds.append(geometry.screenBounds)
                scratch.hit.append(HitBounds(geometry.world.boundingBox(of: content.bounds)))
            }
        }
        // Subtree bounds, children before parents: each subtree's union goes to its parent
        // (sublayers only; a mask's items draw only as the mask).
        var k = end
        while k > i {
            k -= 1
            let bounds = scratch.bounds[k - i], hit = scratch.hit[k - i]
            withItem(k) { $1.subtreeBounds = bounds; $1.hitBounds = hit }
            let p = scratch.parent[k - i]
            if k > i && p >= i && k < scratch.childrenEnd[p - i] {
                scratch.bounds[p - i] = scratch.bounds[p - i].union(bounds)
                scratch.hit[p - i].formUnion(hit)
            }
        }
        spaces = table.spaces.column
        return true
    }
}

extension ProjectiveTransform {
    /// Then a translation by (dx, dy) on the display: `self × T`.
    mutating func shift(_ dx: Double, _ dy: Double) {
        a += p * dx; b += p * dy
        c += q * dx; d += q * dy
        tx += s * dx; ty += s * dy
    }
}

extension Transform3D {
    /// Then a translation by (dx, dy) in x and y: `self × T`.
    mutating func shiftAfter(_ dx: Double, _ dy: Double) {
        m11 += m14 * dx; m12 += m14 * dy
        m21 += m24 * dx; m22 += m24 * dy
        m31 += m34 * dx; m32 += m34 * dy
        m41 += m44 * dx; m42 += m44 * dy
    }
}
