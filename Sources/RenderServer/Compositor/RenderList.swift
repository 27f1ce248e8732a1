import RenderCore
import RenderProtocol

/// One frame's drawing instructions: every layer that may be visible, in paint order
/// (depth-first, back to front: a layer, then its sublayers sorted by zPosition), with
/// everything drawing needs resolved — the world transform, opacity, clipping and the
/// layer's own content. Built on the loop thread from the presented trees (so it costs a
/// walk of the visible layers and no drawing), then handed to the compositor thread; after
/// the hand-off it is immutable.
struct RenderList: Sendable {
    /// The frame it shows (counts from 1) and its target present time (media seconds).
    var frame: UInt64
    var mediaTime: Double
    var width: Int
    var height: Int
    var items: [RenderItem]
    /// CLOCK_MONOTONIC nanoseconds when the loop thread handed it off.
    var handedOffNanoseconds: Int64 = 0
}

/// One layer of a `RenderList`.
struct RenderItem: Sendable {
    /// Session id in the high 32 bits, the client's layer id in the low 32: unique across
    /// clients, stable across frames.
    var key: UInt64
    /// Index of the superlayer's item, -1 for a client's root.
    var parent: Int
    /// Index one past the layer's last descendant: its subtree is `index ..< subtreeEnd`.
    var subtreeEnd: Int
    /// Layer bounds coordinates → display pixels.
    var world: ProjectiveTransform
    /// The layer's own opacity (0…1).
    var opacity: Double
    /// The product of the opacities of the layer and its ancestors: what the damage check
    /// compares, since an ancestor's fade changes this layer's pixels too.
    var effectiveOpacity: Double
    /// Composite the layer and its sublayers into a group, then apply `opacity` once.
    var isGroup: Bool
    /// Clip the sublayers (and the layer's contents) to the rounded bounds.
    var masksToBounds: Bool
    var content: LayerContent
    /// Whether the layer's own drawing is empty (only its sublayers show).
    var drawsNothing: Bool
    /// Screen pixels its own drawing may touch, clipped to the display and to the
    /// ancestors' masks (empty when off screen).
    var screenBounds: PixelRect
    /// `screenBounds` of the whole subtree (the union with every descendant's).
    var subtreeBounds: PixelRect
    /// The ancestors' clip, in screen pixels (the display when none clips).
    var clipBounds: PixelRect
    /// Position among its siblings after sorting (a change reorders what overlaps).
    var siblingIndex: Int
}

extension RenderList {
    /// Builds the list for a frame. Layers that are hidden, have a non-finite or singular
    /// geometry, or have a corner at or behind the eye are left out with their subtrees.
    ///
    /// The world transform follows Core Animation: a point of a layer's bounds space goes
    /// to its superlayer's by `−(bounds.origin + anchorPoint × bounds.size)`, `transform`,
    /// `+position`; the superlayer's `sublayerTransform` applies about its anchor point;
    /// each layer flattens its sublayers into its own plane (z dropped) before its own
    /// transform applies — so `m34` in a `sublayerTransform` gives its sublayers perspective.
    init(_ frame: FrameSnapshot) {
        self.frame = frame.frame
        mediaTime = frame.mediaTime
        width = frame.width
        height = frame.height
        items = []
        var builder = Builder(display: PixelRect(x: 0, y: 0, width: frame.width, height: frame.height))
        for tree in frame.trees {
            guard let root = tree.root else { continue }
            builder.add(root, of: tree, parent: -1, parentWorld: .identity, parentOpacity: 1,
                        clip: builder.display, siblingIndex: 0, depth: 0)
        }
        items = builder.items
    }

    private struct Builder {
        let display: PixelRect
        var items: [RenderItem] = []
        /// A guard against pathological depth (the store's depth limit is far lower).
        static let maxDepth = 4096

        init(display: PixelRect) { self.display = display }

        /// Adds `id`'s subtree; `parentWorld` maps the superlayer's (flattened, sublayer-
        /// transformed) space to the screen.
        mutating func add(_ id: LayerID, of tree: PresentedTree, parent: Int, parentWorld: Transform3D,
                          parentOpacity: Double, clip: PixelRect, siblingIndex: Int, depth: Int) {
            guard depth < Builder.maxDepth, let p = tree.presentation(of: id), let kind = tree.kind(of: id),
                  !p.isHidden else { return }
            let opacity = min(1, max(0, p.opacity.isFinite ? p.opacity : 1))
            guard opacity > 0 else { return }
            let b = p.bounds
            let ax = b.origin.x + p.anchorPoint.x * b.width, ay = b.origin.y + p.anchorPoint.y * b.height
            guard ax.isFinite, ay.isFinite, p.position.x.isFinite, p.position.y.isFinite else { return }
            let toParent = Transform3D.translation(x: -ax, y: -ay)
                .concatenating(p.transform)
                .concatenating(.translation(x: p.position.x, y: p.position.y))
            let world4 = toParent.concatenating(parentWorld)
            let world = ProjectiveTransform(world4)
            let subs = tree.sublayers(of: id)
            let content = LayerContent(kind: kind, p, hasSublayers: !subs.isEmpty)
            let drawsNothing = content.drawsNothing
            var own = PixelRect.empty
            if !drawsNothing {
                guard let box = world.boundingBox(of: content.extent) else { return }
                own = PixelRect(covering: box).insetBy(-1).intersection(clip)
            } else if world.boundingBox(of: b) == nil {
                return
            }
            let index = items.count
            let effective = parentOpacity * opacity
            items.append(RenderItem(key: UInt64(tree.sessionID) << 32 | UInt64(id), parent: parent, subtreeEnd: index + 1,
                                    world: world, opacity: opacity, effectiveOpacity: effective, isGroup: false,
                                    masksToBounds: p.masksToBounds, content: content, drawsNothing: drawsNothing,
                                    screenBounds: own, subtreeBounds: own, clipBounds: clip, siblingIndex: siblingIndex))
            guard !subs.isEmpty else { return }

            // The sublayers' space: the sublayer transform about the anchor, flattened.
            var childClip = clip
            if p.masksToBounds {
                guard let box = world.boundingBox(of: b) else { items[index].subtreeEnd = items.count; return }
                childClip = PixelRect(covering: box).insetBy(-1).intersection(clip)
            }
            // Flatten into this layer's plane (z dropped) after the sublayer transform —
            // whose m34 thus sees the sublayers' z — and before this layer's own transform.
            var flat = world4
            flat.m31 = 0; flat.m32 = 0; flat.m33 = 0; flat.m34 = 0
            var childWorld = flat
            if !p.sublayerTransform.isIdentity {
                childWorld = Transform3D.translation(x: -ax, y: -ay).concatenating(p.sublayerTransform)
                    .concatenating(.translation(x: ax, y: ay)).concatenating(flat)
            }
            let ordered = Builder.zOrdered(subs, tree)
            var visibleChildren = 0
            for (i, child) in ordered.enumerated() {
                let before = items.count
                add(child, of: tree, parent: index, parentWorld: childWorld, parentOpacity: effective,
                    clip: childClip, siblingIndex: i, depth: depth + 1)
                if items.count > before {
                    visibleChildren += 1
                    items[index].subtreeBounds = items[index].subtreeBounds.union(items[before].subtreeBounds)
                }
            }
            items[index].subtreeEnd = items.count
            items[index].isGroup = opacity < 1 && visibleChildren > 0
        }

        /// Sublayers back to front: by zPosition, ties in sublayer order.
        static func zOrdered(_ subs: [LayerID], _ tree: PresentedTree) -> [LayerID] {
            var anyZ = false
            var keyed: [(z: Double, i: Int, id: LayerID)] = []
            keyed.reserveCapacity(subs.count)
            for (i, id) in subs.enumerated() {
                let z = tree.presentation(of: id)?.zPosition ?? 0
                if z != 0 { anyZ = true }
                keyed.append((z.isFinite ? z : 0, i, id))
            }
            guard anyZ else { return subs }
            keyed.sort { $0.z != $1.z ? $0.z < $1.z : $0.i < $1.i }
            return keyed.map(\.id)
        }
    }
}
