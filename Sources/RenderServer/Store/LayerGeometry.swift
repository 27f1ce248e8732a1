import RenderCore
import RenderProtocol

/// The one rule for where a layer lies in display space: the render list's builder applies
/// it as it walks the tree (each item carries its world transform: the transform tree the
/// compositor, and hit-testing, read), and `LayerStore.worldTransform(of:)` applies it up a
/// layer's ancestor chain on request. No world geometry is cached anywhere else.
///
/// Core Animation's geometry, in row vectors (`p × M`, as `Transform3D`):
///
///     toSuperlayer(L) = T(−A) · transform · T(position.x, position.y, zPosition)
///                       with A = bounds.origin + anchorPoint × bounds.size (the anchor in
///                       L's bounds coordinates)
///     world(L)        = toSuperlayer(L) · sublayerSpace(S)     (S: L's superlayer)
///     sublayerSpace(S) = T(−A_S) · S.sublayerTransform · T(A_S) · flat(world(S))
///
/// `flat` drops z (the third row and column): a layer flattens its sublayers into its own
/// plane, as every Core Animation layer but `CATransformLayer` does, after its sublayer
/// transform — whose m34 (perspective) thus sees the sublayers' z, `zPosition` included — and
/// before its own transform. A layer without superlayer has `world = toSuperlayer`.
/// Perspective divides at projection (`ProjectiveTransform`).
enum LayerGeometry {
    /// The anchor point in the layer's bounds coordinates.
    @inline(__always)
    static func anchor(_ p: borrowing LayerProperties) -> Point {
        Point(x: p.bounds.origin.x + p.anchorPoint.x * p.bounds.size.width,
              y: p.bounds.origin.y + p.anchorPoint.y * p.bounds.size.height)
    }

    /// The layer-to-superlayer transform, from the layer's position, zPosition and transform.
    @inline(__always)
    static func toSuperlayer(position: Point, zPosition: Double, transform: Transform3D, anchor a: Point) -> Transform3D {
        let toAnchor = Transform3D.translation(x: -a.x, y: -a.y)
        let toPosition = Transform3D.translation(x: position.x, y: position.y, z: zPosition)
        if transform.isIdentity { return toAnchor.concatenating(toPosition) }
        return toAnchor.concatenating(transform).concatenating(toPosition)
    }

    /// The layer-to-superlayer transform.
    @inline(__always)
    static func toSuperlayer(_ p: borrowing LayerProperties, anchor a: Point) -> Transform3D {
        toSuperlayer(position: p.position, zPosition: p.zPosition, transform: p.transform, anchor: a)
    }

    static func toSuperlayer(_ p: borrowing LayerProperties) -> Transform3D { toSuperlayer(p, anchor: anchor(p)) }

    /// The space a layer's sublayers are placed in, given its sublayer transform, its anchor
    /// and its world transform.
    @inline(__always)
    static func sublayerSpace(_ sublayerTransform: Transform3D, anchor a: Point, world: Transform3D) -> Transform3D {
        var flat = world
        flat.m31 = 0; flat.m32 = 0; flat.m33 = 0; flat.m34 = 0
        guard !sublayerTransform.isIdentity else { return flat }
        return Transform3D.translation(x: -a.x, y: -a.y).concatenating(sublayerTransform)
            .concatenating(.translation(x: a.x, y: a.y)).concatenating(flat)
    }

    /// The space a layer's sublayers are placed in, given the layer's world transform.
    @inline(__always)
    static func sublayerSpace(_ p: borrowing LayerProperties, anchor a: Point, world: Transform3D) -> Transform3D {
        sublayerSpace(p.sublayerTransform, anchor: a, world: world)
    }
}

extension LayerStore {
    /// The layer's world transform as of the latest frame: its presentation's and its
    /// ancestors', composed by `LayerGeometry`'s rule. O(depth); for queries (tests,
    /// control), not for the frame.
    func worldTransform(of id: LayerID) -> Transform3D? {
        guard slot(of: id) != nil else { return nil }
        var chain: [LayerProperties] = []
        var current: LayerID = id
        while current != 0, let p = presentation(of: current) {
            chain.append(p)
            current = superlayer(of: current) ?? 0
        }
        var world = Transform3D.identity
        for (i, p) in chain.reversed().enumerated() {
            let a = LayerGeometry.anchor(p)
            let local = LayerGeometry.toSuperlayer(p, anchor: a)
            world = i == 0 ? local : local.concatenating(world)
            if i < chain.count - 1 { world = LayerGeometry.sublayerSpace(p, anchor: a, world: world) }
        }
        return world
    }

    /// The product of the presentation opacities of the layer and its ancestors, as of the
    /// latest frame. O(depth).
    func worldOpacity(of id: LayerID) -> Double? {
        guard let p = presentation(of: id) else { return nil }
        var opacity = p.opacity
        var current = superlayer(of: id) ?? 0
        while current != 0, let q = presentation(of: current) {
            opacity *= q.opacity
            current = superlayer(of: current) ?? 0
        }
        return opacity
    }
}
