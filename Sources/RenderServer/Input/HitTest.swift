import RenderCore
import RenderProtocol

/// Where a point of the display hit: the frontmost layer under it, by Core Animation's rules
/// (`CALayer.hitTest(_:)`), across every client's tree in the order they are composited.
public struct HitTestResult: Equatable, Sendable {
    public var sessionID: UInt32
    public var layer: LayerID
    /// The point in the layer's bounds space.
    public var location: Point
    /// The layer's superlayers, nearest first, up to its session's root: where an
    /// interaction tracker on an enclosing layer is found.
    public var ancestors: [LayerID]
    public init(sessionID: UInt32, layer: LayerID, location: Point, ancestors: [LayerID]) {
        self.sessionID = sessionID; self.layer = layer; self.location = location; self.ancestors = ancestors
    }
}

/// An output that can say what is under a point of the frame it shows (the presentation
/// tree of its last frame: what the user sees, mid-animation), and where a point falls in a
/// given layer's space. Loop thread.
public protocol HitTesting: AnyObject {
    func hitTest(_ point: Point) -> HitTestResult?
    /// `point` (display points) in the bounds space of `layer` of session `sessionID` as
    /// last shown, or nil when that layer is not shown (or singular).
    func convert(_ point: Point, toLayer layer: LayerID, of sessionID: UInt32) -> Point?
}

extension RenderItems {
    /// The frontmost layer of this client's tree under `point` (display points), by Core
    /// Animation's rules: a layer contains a point inside its bounds in its own space,
    /// through its whole transform chain (perspective included); sublayers are tested front
    /// to back (by zPosition, then order) before the layer itself, and may be hit outside
    /// their superlayer's bounds unless it `masksToBounds`; a layer that does not allow
    /// hit-testing takes its subtree out; hidden and fully transparent layers, and masks,
    /// are never hit (they are not in the list, or are drawn only as masks).
    ///
    /// Cost: each layer visited is one inverse transform; a subtree whose `hitBounds` (a box
    /// around every bounds of it, as shown) do not hold the point, and the subtree of a
    /// `masksToBounds` layer the point misses, are skipped whole.
    func hitTest(_ point: Point, scratch: inout [Int]) -> HitTestResult? {
        guard count > 0, let (i, local) = HitWalk.visit(0, self, point, &scratch) else { return nil }
        let key = key(at: i)
        var ancestors: [LayerID] = []
        var p = parent(at: i)
        while p >= 0 {
            ancestors.append(LayerID(truncatingIfNeeded: self.key(at: p)))
            p = parent(at: p)
        }
        return HitTestResult(sessionID: UInt32(truncatingIfNeeded: key >> 32), layer: LayerID(truncatingIfNeeded: key),
                             location: local, ancestors: ancestors)
    }

    /// `point` in the bounds space of item `i`'s layer, or nil when singular or behind the eye.
    func convert(_ point: Point, toItem i: Int) -> Point? {
        HitWalk.convert(point, self[i].world)
    }
}

extension RenderList {
    /// The frontmost layer under `point` over every client's tree, the last composited (the
    /// top) first (see `RenderItems.hitTest`).
    func hitTest(_ point: Point) -> HitTestResult? {
        var scratch: [Int] = []
        for block in blocks.reversed() {
            if let hit = block.hitTest(point, scratch: &scratch) { return hit }
        }
        return nil
    }
}

private enum HitWalk {
    /// `point` through the inverse of `world` (a layer's bounds space → display), or nil
    /// when singular or behind the eye.
    @inline(__always)
    static func convert(_ point: Point, _ world: ProjectiveTransform) -> Point? {
        guard let q = world.inverted()?.apply(point.x, point.y), q.x.isFinite, q.y.isFinite,
              world.w(q.x, q.y) > 0 else { return nil }
        return q
    }

    /// Hit-tests item `i`'s subtree; `scratch` holds sublayer starts (shared by the levels).
    /// A subtree whose `hitBounds` do not hold the point is skipped whole; of the others,
    /// only the fields the walk needs are read, in place (`hitFields`, `subtreeEnd(at:)`):
    /// copying whole items was a tenth of a miss's cost over a large tree, visiting every
    /// unmasked subtree the rest.
    static func visit(_ i: Int, _ items: RenderItems, _ point: Point, _ scratch: inout [Int]) -> (Int, Point)? {
        // Nothing of the subtree is where the point is: skipped whole, unread.
        guard items.hitBounds(at: i).mayContain(point) else { return nil }
        let item = items.hitFields(i)
        guard item.allowsHitTesting else { return nil }
        let local = convert(point, item.world)
        let b = item.bounds
        let inside = local.map { $0.x >= b.minX && $0.x < b.maxX && $0.y >= b.minY && $0.y < b.maxY } ?? false
        if item.masksToBounds && !inside { return nil }
        // Sublayers (not the mask's items), front to back: the last drawn first.
        let base = scratch.count
        var c = i + 1
        let end = item.childrenEnd
        while c < end {
            scratch.append(c)
            c = items.subtreeEnd(at: c)
        }
        var k = scratch.count
        while k > base {
            k -= 1
            if let hit = visit(scratch[k], items, point, &scratch) {
                scratch.removeSubrange(base...)
                return hit
            }
        }
        scratch.removeSubrange(base...)
        return inside ? (i, local!) : nil
    }
}
