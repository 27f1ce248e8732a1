import RenderCore
import RenderProtocol

/// What a layer runs when one of its properties changes (`CAAction`).
///
/// `Animation` is an action: run for a key, it adds itself to the layer under that key —
/// which is what the implicit animations of the action search are.
public protocol Action {
    /// Runs the action for a change of `key` on `layer`. Called on the layer's callback
    /// queue after the layer's model value has changed, inside the change's transaction.
    func run(forKey key: String, on layer: Layer)
}

/// The action that stops the action search and runs nothing (Core Animation's `NSNull`).
///
/// Return it from `LayerDelegate.action(for:forKey:)`, or store it in `Layer.actions` or a
/// style's `"actions"`, to say "no animation for this key, do not look further". Returning
/// `nil` instead means "I have no opinion: keep searching".
public struct NullAction: Action {
    /// The null action. It holds nothing: every instance means the same.
    public init() {}
    /// Does nothing: a change answered with the null action happens without animation.
    public func run(forKey key: String, on layer: Layer) {}
}

/// `.null`, the answer that stops the action search, where an optional action is returned.
extension Optional where Wrapped == any Action {
    /// The null action (`return .null` from `action(for:forKey:)`): stop the search.
    public static var null: (any Action)? { NullAction() }
}

/// Every animation value is an action: run for a key, it adds itself to the layer.
extension Animation: Action {
    /// Adds the animation to `layer` under `key` (replacing any animation under that key).
    public func run(forKey key: String, on layer: Layer) {
        layer.add(self, forKey: key)
    }
}

/// An object drawn by a layer it owns (RenderViews' `View`): helpers written for layers —
/// Dynamics' POP-style `pop_add(_:forKey:)` among them — reach the layer through it, as POP's
/// methods work on a `UIView` as on a `CALayer`.
public protocol LayerBacked: AnyObject {
    /// The layer that draws the object.
    var layer: Layer { get }
}

/// The object a layer asks first for the action of a property change — a view, for the
/// layer that backs it (see the View-Layer Synergy seed).
public protocol LayerDelegate: AnyObject {
    /// The action for a change of `key` on `layer`: an action to run it, `.null`
    /// (`NullAction()`) to stop the search with no action, or `nil` to let the layer keep
    /// searching (its `actions`, its `style`, its class's `defaultAction(forKey:)`, then the
    /// built-in implicit animation). Called on the layer's callback queue, before the
    /// model value changes.
    func action(for layer: Layer, forKey key: String) -> Action?

    /// Lays out `layer`'s sublayers (`layoutSublayersOfLayer:`): called by the layer's
    /// `layoutSublayers()` during a layout pass, on the callback queue. A view lays out its
    /// subviews here (`layoutSubviews`).
    func layoutSublayers(of layer: Layer)

    /// The daemon reported the layer's interaction tracker (`Layer+Tracker.swift`): its
    /// state, its content offset (the layer's model `bounds.origin` already follows), or a
    /// request applied or ignored. On the callback queue.
    func layer(_ layer: Layer, trackerDidUpdate update: TrackerUpdate)
}

extension LayerDelegate {
    /// No opinion (`nil`): the layer goes on with its own search.
    public func action(for layer: Layer, forKey key: String) -> Action? { nil }
    /// Leaves the sublayers where they are.
    public func layoutSublayers(of layer: Layer) {}
    /// Nothing to do.
    public func layer(_ layer: Layer, trackerDidUpdate update: TrackerUpdate) {}
}
