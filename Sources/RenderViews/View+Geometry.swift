import RenderClient

/// Geometry and appearance, each kept in the backing layer (`UIView`'s properties map to
/// `CALayer`'s): `center` is the layer's `position` (the anchor point stays at the middle),
/// `bounds` its `bounds`, `alpha` its `opacity`, `clipsToBounds` its `masksToBounds`.
///
/// Every setter goes through the layer, so a change runs the layer's action search and the
/// view answers it: animated inside an animation block, immediate outside one. A change of
/// the bounds' size marks the view as needing layout.
extension View {
    /// The view's rectangle in its superview's coordinates, points. Derived from `center`,
    /// `bounds` and `transform`; setting it sets `center` and `bounds.size`. As in UIKit,
    /// setting it is undefined when `transform` is not the identity (use `bounds` and
    /// `center` then).
    public var frame: Rect {
        get { layer.frame }
        set {
            let old = layer.bounds.size
            layer.frame = newValue
            if layer.bounds.size != old { setNeedsLayout() }
        }
    }

    /// The view's own coordinate system, points: the origin is the point of the view shown
    /// at its top left; the size its extent.
    public var bounds: Rect {
        get { layer.bounds }
        set {
            let old = layer.bounds.size
            layer.bounds = newValue
            if newValue.size != old { setNeedsLayout() }
        }
    }

    /// The middle of the view in its superview's coordinates, points (the layer's position).
    public var center: Point {
        get { layer.position }
        set { layer.position = newValue }
    }

    /// A 2D transform about the center (`CGAffineTransform`). Reading it gives the identity
    /// when `transform3D` is not affine.
    public var transform: AffineTransform {
        get { layer.transform.affine ?? .identity }
        set { layer.transform = Transform3D(newValue) }
    }

    /// The layer's 3D transform, about the center.
    public var transform3D: Transform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    /// Opacity, 0…1.
    public var alpha: Double {
        get { layer.opacity }
        set { layer.opacity = newValue }
    }

    /// The fill behind the content; `nil` (the default) is none. Read from the layer, so a
    /// change made to the layer directly shows here too.
    public var backgroundColor: Color? {
        get {
            let c = layer.backgroundColor
            return c == .clear && backgroundColorStorage == nil ? nil : c
        }
        set {
            backgroundColorStorage = newValue
            layer.backgroundColor = newValue ?? .clear
        }
    }

    /// Hidden views are not drawn (discrete: never animated).
    public var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    /// Clips the subviews to the bounds (the layer's `masksToBounds`).
    public var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    // MARK: Converting coordinates

    /// `point` in this view's coordinates, converted to `view`'s (the window root's when
    /// `nil`: the topmost ancestor's). Uses the model values (not the animated ones),
    /// including transforms.
    public func convert(_ point: Point, to view: View?) -> Point {
        let inRoot = toRoot(point)
        guard let view else { return inRoot }
        return view.fromRoot(inRoot)
    }

    /// `point` in `view`'s coordinates (the topmost ancestor's when `nil`) converted to this
    /// view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        let inRoot = view.map { $0.toRoot(point) } ?? point
        return fromRoot(inRoot)
    }

    /// From this view's bounds coordinates to its superview's.
    func toSuperview(_ p: Point) -> Point {
        let b = layer.bounds, a = layer.anchorPoint
        let local = Point(x: p.x - b.origin.x - a.x * b.width, y: p.y - b.origin.y - a.y * b.height)
        let t = layer.transform.apply(to: local)
        return Point(x: t.x + layer.position.x, y: t.y + layer.position.y)
    }

    func toRoot(_ p: Point) -> Point {
        var q = p
        var v: View? = self
        while let x = v, x.superview != nil {
            q = x.toSuperview(q)
            v = x.superview
        }
        return q
    }

    func fromRoot(_ p: Point) -> Point {
        var chain: [View] = []
        var v: View? = self
        while let x = v, x.superview != nil { chain.append(x); v = x.superview }
        var q = p
        for x in chain.reversed() {
            let b = x.layer.bounds, a = x.layer.anchorPoint
            let rel = Point(x: q.x - x.layer.position.x, y: q.y - x.layer.position.y)
            let inv = x.layer.transform.inverted() ?? .identity
            let u = inv.apply(to: rel)
            q = Point(x: u.x + b.origin.x + a.x * b.width, y: u.y + b.origin.y + a.y * b.height)
        }
        return q
    }
}
