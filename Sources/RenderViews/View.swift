import Dispatch
import RenderClient

/// A rectangular area drawn by a layer (`UIView`): geometry, appearance and a place in the
/// view hierarchy, each kept in the backing layer, which the view creates with it.
///
///     View ──owns──▶ layer (an instance of `layerClass`) ──delegate──▶ View
///     addSubview(v)  ⇔  layer.addSublayer(v.layer), in the same order among the subviews
///
/// The view is its layer's delegate (`LayerDelegate`), so it answers the layer's action
/// search: outside an animation block with the null action (a view's changes take effect
/// without implicit animation), inside one with the block's animation (see
/// `View+Actions.swift` and the View-Layer Synergy seed). A standalone layer keeps its
/// implicit animations.
///
/// Thread affinity: a view belongs to its layer's context's callback queue (the main queue
/// by default); create it, change it and animate it there, as with its layer.
open class View: LayerDelegate, LayerBacked {
    /// The class of the backing layer (`+[UIView layerClass]`): override it to back a view
    /// subclass with a `ShapeLayer`, a `TextLayer` or a layer subclass of your own.
    open class var layerClass: Layer.Type { Layer.self }

    /// The backing layer; its delegate is this view.
    public let layer: Layer

    /// The view this one is a subview of.
    public private(set) weak var superview: View?
    /// The subviews, back to front.
    public private(set) var subviews: [View] = []

    /// An integer to find the view by (`viewWithTag(_:)`); 0 by default.
    public var tag = 0
    /// Whether the view and its subviews receive touches (`UIView.isUserInteractionEnabled`):
    /// false takes them out of the daemon's hit-testing (the layer's `allowsHitTesting`).
    public var isUserInteractionEnabled: Bool {
        get { layer.allowsHitTesting }
        set { layer.allowsHitTesting = newValue }
    }
    /// Gesture recognizers attached with `addGestureRecognizer(_:)`.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []

    /// The color set by `backgroundColor` (`nil` is no background, drawn as `.clear`).
    var backgroundColorStorage: Color?

    /// A view with the given frame, backed by a new `layerClass` layer in `context`
    /// (default: `Context.current`, the first live context of the current queue).
    /// `required`, so a view class chosen at run time (`View.Type`) can be instantiated.
    public required init(frame: Rect = .zero, context: Context? = nil) {
        layer = Self.layerClass.init(context: context)
        layer.delegate = self
        TouchDispatch.install(on: layer.context)
        if frame != .zero { self.frame = frame }
    }

    // MARK: Hierarchy

    /// Appends `view` to the subviews (frontmost), removing it from its previous superview.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` into the subviews at `index` (clamped to 0…count), removing it from
    /// its previous superview first (or moving it, if it is already a subview). Traps when
    /// `view` is this view or one of its ancestors.
    public func insertSubview(_ view: View, at index: Int) {
        dispatchPrecondition(condition: .onQueue(layer.context.queue))
        var a: View? = self
        while let x = a {
            precondition(x !== view, "inserting \(view) into \(self) would make a cycle: it is the view itself or one of its ancestors")
            a = x.superview
        }
        let moving = view.superview !== self
        if moving { view.willMove(toSuperview: self) }
        if let old = view.superview {
            if moving { old.willRemoveSubview(view) }
            old.subviews.removeAll { $0 === view }
        }
        let at = max(0, min(index, subviews.count))
        // Among the layer's sublayers the view goes just below the layer of the subview now
        // at `at`, or above the frontmost subview's layer (or at the front with none):
        // sublayers that belong to no subview keep their places.
        if at < subviews.count {
            layer.insertSublayer(view.layer, below: subviews[at].layer)
        } else if let last = subviews.last {
            layer.insertSublayer(view.layer, above: last.layer)
        } else {
            layer.addSublayer(view.layer)
        }
        subviews.insert(view, at: at)
        view.superview = self
        if moving {
            didAddSubview(view)
            view.didMoveToSuperview()
        }
        setNeedsLayout()
    }

    /// Inserts `view` just above `sibling` (a subview; otherwise at the front).
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        if let i = subviews.firstIndex(where: { $0 === sibling }) {
            let j = subviews.firstIndex(where: { $0 === view }).map { $0 < i ? i : i + 1 } ?? i + 1
            insertSubview(view, at: j)
        } else {
            addSubview(view)
        }
    }

    /// Inserts `view` just below `sibling` (a subview; otherwise at the back).
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        if let i = subviews.firstIndex(where: { $0 === sibling }) {
            let j = subviews.firstIndex(where: { $0 === view }).map { $0 < i ? i - 1 : i } ?? i
            insertSubview(view, at: j)
        } else {
            insertSubview(view, at: 0)
        }
    }

    /// Detaches the view from its superview (and its layer from the superview's layer).
    /// Does nothing when it has none.
    public func removeFromSuperview() {
        dispatchPrecondition(condition: .onQueue(layer.context.queue))
        guard let parent = superview else { return }
        willMove(toSuperview: nil)
        parent.willRemoveSubview(self)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
        didMoveToSuperview()
        parent.setNeedsLayout()
    }

    /// Moves `view`, a subview, to the front. Does nothing for another view.
    public func bringSubviewToFront(_ view: View) {
        guard subviews.contains(where: { $0 === view }), subviews.last !== view else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves `view`, a subview, to the back. Does nothing for another view.
    public func sendSubviewToBack(_ view: View) {
        guard subviews.contains(where: { $0 === view }), subviews.first !== view else { return }
        insertSubview(view, at: 0)
    }

    /// Swaps the subviews at two indices.
    public func exchangeSubview(at i: Int, withSubviewAt j: Int) {
        precondition(subviews.indices.contains(i) && subviews.indices.contains(j),
                     "exchangeSubview(at: \(i), withSubviewAt: \(j)) on a view with \(subviews.count) subviews")
        guard i != j else { return }
        let (lo, hi) = (min(i, j), max(i, j))
        let a = subviews[lo], b = subviews[hi]
        insertSubview(b, at: lo)
        insertSubview(a, at: hi)
    }

    /// Whether this view is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var a: View? = self
        while let x = a {
            if x === view { return true }
            a = x.superview
        }
        return false
    }

    /// The first view in this subtree (itself included, depth first) with `tag`.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for s in subviews { if let v = s.viewWithTag(tag) { return v } }
        return nil
    }

    /// Called before the view moves to `newSuperview` (`nil`: it is being removed).
    open func willMove(toSuperview newSuperview: View?) {}
    /// Called after the view moved to a new superview (or was removed).
    open func didMoveToSuperview() {}
    /// Called after `subview` was added.
    open func didAddSubview(_ subview: View) {}
    /// Called before `subview` is removed (or moved to another superview).
    open func willRemoveSubview(_ subview: View) {}

    // MARK: Layout

    /// Marks the view as needing layout: `layoutSubviews()` runs before the next commit,
    /// or at the next `layoutIfNeeded()`.
    public func setNeedsLayout() { layer.setNeedsLayout() }

    /// Lays out now whatever needs it, from the topmost ancestor that needs layout down
    /// through this view's subtree.
    public func layoutIfNeeded() { layer.layoutIfNeeded() }

    /// Lays out the subviews; the default does nothing. Called during a layout pass, never
    /// directly: call `setNeedsLayout()` or `layoutIfNeeded()`.
    open func layoutSubviews() {}

    /// The daemon reported the interaction tracker of this view's layer (a `ScrollView`'s);
    /// plain views have none.
    open func layer(_ layer: Layer, trackerDidUpdate update: TrackerUpdate) {}

    // MARK: Touches (the responder chain: a view that does not handle one passes it up)

    /// A touch began on this view (`UIResponder.touchesBegan(_:with:)`); the default passes
    /// it to the superview.
    open func touchesBegan(_ touches: Set<Touch>, with event: PointerEvent?) {
        superview?.touchesBegan(touches, with: event)
    }
    /// A touch that began on this view moved; the default passes it to the superview.
    open func touchesMoved(_ touches: Set<Touch>, with event: PointerEvent?) {
        superview?.touchesMoved(touches, with: event)
    }
    /// A touch that began on this view lifted; the default passes it to the superview.
    open func touchesEnded(_ touches: Set<Touch>, with event: PointerEvent?) {
        superview?.touchesEnded(touches, with: event)
    }
    /// A touch that began on this view was taken away (a scroll view's pan took it); the
    /// default passes it to the superview.
    open func touchesCancelled(_ touches: Set<Touch>, with event: PointerEvent?) {
        superview?.touchesCancelled(touches, with: event)
    }

    /// The size that best fits `size` (points); the default is the current bounds' size.
    open func sizeThatFits(_ size: Size) -> Size { bounds.size }

    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its center.
    public func sizeToFit() {
        let s = sizeThatFits(bounds.size)
        bounds = Rect(origin: bounds.origin, size: s)
    }

    // MARK: LayerDelegate

    /// The layer's action search asks the view first (see `View+Actions.swift`).
    open func action(for layer: Layer, forKey key: String) -> Action? {
        guard layer === self.layer else { return nil }
        return ViewActions.action(for: self, forKey: key)
    }

    /// The layer's layout pass reaching its view: calls `layoutSubviews()` (for the view's own
    /// layer only).
    public func layoutSublayers(of layer: Layer) {
        guard layer === self.layer else { return }
        layoutSubviews()
    }
}

extension View: CustomStringConvertible {
    /// The class, frame, layer id and tag, for logs.
    public var description: String {
        "<\(type(of: self)) frame \(frame); layer \(layer.id)\(tag != 0 ? "; tag \(tag)" : "")>"
    }
}
