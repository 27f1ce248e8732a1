import RenderCore
import RenderProtocol

/// What the compositor needs of a layer in display space, cached per node like the world
/// timing (see `LayerStore`): invalidated with the node's subtree when something it depends
/// on changes, recomputed lazily from the superlayer's on the first query after that.
///
/// Both are functions of the *presentation* tree, so they change whenever an animation moves
/// a layer: the engine invalidates the subtree of each animated layer whose animations write
/// geometry or opacity (a no-op while nobody queried it since: the marking stops at stale
/// nodes), a model change invalidates by property, a structural change everything.
struct WorldGeometry {
    /// Maps the layer's bounds coordinates to the display's (row vectors, `p × M`, as
    /// `Transform3D`): Core Animation's layer-to-superlayer transform
    ///
    ///     local(L) = T(−A) · transform · T(position.x, position.y, zPosition)
    ///                with A = bounds.origin + anchorPoint × bounds.size (the anchor in L's
    ///                bounds coordinates)
    ///
    /// followed by the superlayer S's sublayer transform about its anchor, then S's world:
    ///
    ///     world(L) = local(L) · T(−A_S) · S.sublayerTransform · T(A_S) · world(S)
    ///
    /// and `local(L)` alone for a layer without superlayer. Perspective (m34) divides at
    /// projection (`Transform3D.apply(to:)`).
    var transform = Transform3D.identity
    /// The product of the presentation opacities of the layer and its ancestors.
    var opacity = 1.0
}

extension LayerStore {
    /// The properties the world transform depends on.
    static let geometryProperties: PropertySet = [PropertySet(.position), PropertySet(.bounds),
                                                  PropertySet(.anchorPoint), PropertySet(.zPosition),
                                                  PropertySet(.transform), PropertySet(.sublayerTransform)]

    /// The world caches a change of `properties` (of a layer's model or presentation) stales.
    static func worldCaches(changedBy properties: PropertySet) -> Invalidation {
        var caches: Invalidation = []
        if !properties.isDisjoint(with: geometryProperties) { caches.insert(.worldTransform) }
        if properties.contains(.opacity) { caches.insert(.worldOpacity) }
        return caches
    }

    /// The layer's world transform as of the latest frame (see `WorldGeometry.transform`).
    func worldTransform(of id: LayerID) -> Transform3D? {
        guard let s = slot(of: id) else { return nil }
        return refreshWorld(slot: s, .worldTransform).transform
    }

    /// The layer's world opacity as of the latest frame (see `WorldGeometry.opacity`).
    func worldOpacity(of id: LayerID) -> Double? {
        guard let s = slot(of: id) else { return nil }
        return refreshWorld(slot: s, .worldOpacity).opacity
    }

    /// `world[s]` with `cache` recomputed first where stale: the stale part of the ancestor
    /// path, top down from the nearest clean ancestor. O(stale ancestors), each cleaned.
    private func refreshWorld(slot s: Int, _ cache: Invalidation) -> WorldGeometry {
        if world.count < nodes.count {
            world.append(contentsOf: repeatElement(WorldGeometry(), count: nodes.count - world.count))
        }
        scratch.removeAll(keepingCapacity: true)
        var x = s
        while x >= 0 && staleness[x].contains(cache) {
            scratch.append(Int32(x))
            x = Int(nodes[x].parentSlot)
        }
        for y in scratch.reversed().map(Int.init) {
            let parent = Int(nodes[y].parentSlot)
            let p = presentation(slot: y)
            if cache == .worldOpacity {
                world[y].opacity = p.opacity * (parent >= 0 ? world[parent].opacity : 1)
            } else {
                var m = LayerStore.localTransform(p)
                if parent >= 0 {
                    let sp = presentation(slot: parent)
                    if !sp.sublayerTransform.isIdentity {
                        let a = LayerStore.anchor(sp)
                        m = m.concatenating(.translation(x: -a.x, y: -a.y))
                            .concatenating(sp.sublayerTransform).concatenating(.translation(x: a.x, y: a.y))
                    }
                    m = m.concatenating(world[parent].transform)
                }
                world[y].transform = m
            }
            markClean(slot: y, cache)
        }
        return world[s]
    }

    /// The presentation of the node in slot `s` (its model when not animated).
    private func presentation(slot s: Int) -> LayerProperties {
        let a = Int(nodes[s].animationIndex)
        return a < 0 ? nodes[s].model : presentations[a]
    }

    /// The anchor point in the layer's bounds coordinates.
    static func anchor(_ p: LayerProperties) -> Point {
        Point(x: p.bounds.origin.x + p.anchorPoint.x * p.bounds.size.width,
              y: p.bounds.origin.y + p.anchorPoint.y * p.bounds.size.height)
    }

    /// The layer-to-superlayer transform (see `WorldGeometry.transform`).
    static func localTransform(_ p: LayerProperties) -> Transform3D {
        let a = anchor(p)
        let toAnchor = Transform3D.translation(x: -a.x, y: -a.y)
        let toPosition = Transform3D.translation(x: p.position.x, y: p.position.y, z: p.zPosition)
        if p.transform.isIdentity { return toAnchor.concatenating(toPosition) }
        return toAnchor.concatenating(p.transform).concatenating(toPosition)
    }
}
