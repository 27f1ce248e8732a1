import RenderClient

/// Why an animation cannot be added. Each says what, to what, and what to do instead.
public enum DynamicsError: Error, Hashable, CustomStringConvertible {
    /// The key path's values are not numbers, points, sizes, rects or colors.
    case unanimatableKeyPath(String, kind: AnimatableValue.Kind)
    /// The key path does not exist on that kind of layer.
    case notOnLayerKind(keyPath: String, kind: LayerKind)
    /// A value of the wrong kind for the key path (`role`: "fromValue", "toValue", "velocity").
    case valueKind(keyPath: String, role: String, expected: AnimatableValue.Kind, got: AnimatableValue.Kind)
    /// A value with an infinite or NaN component.
    case nonFinite(keyPath: String, role: String)
    /// A spring or basic animation added without a `toValue`.
    case missingToValue(animation: String, keyPath: String)
    /// The animation object is already running on a layer.
    case alreadyAdded(animation: String)
    /// The layer belongs to another context than the animator's.
    case wrongContext(layer: LayerID)

    /// What was wrong, naming the key path or value.
    public var description: String {
        switch self {
        case let .unanimatableKeyPath(k, kind):
            return "key path \"\(k)\" holds \(kind) values, which Dynamics cannot animate: it animates numbers, points, "
                + "sizes, rects and colors — for a transform use a component such as transform.rotation.z, "
                + "transform.scale or transform.translation"
        case let .notOnLayerKind(k, kind):
            return "key path \"\(k)\" does not exist on a \(kind) layer; animate a property of that layer kind"
        case let .valueKind(k, role, e, g):
            return "\(role) of the animation of \"\(k)\" is a \(g) value; the key path takes \(e) values"
        case let .nonFinite(k, role):
            return "\(role) of the animation of \"\(k)\" has an infinite or NaN component; use finite numbers"
        case let .missingToValue(a, k):
            return "the \(a) animation of \"\(k)\" has no toValue; set toValue before adding it"
        case let .alreadyAdded(a):
            return "this \(a) animation is already running on a layer; create another animation object for another layer or key"
        case let .wrongContext(l):
            return "layer \(l) belongs to another context than the animator's; use an animator made for that layer's context"
        }
    }
}
