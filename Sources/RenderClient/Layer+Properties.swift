import Dispatch
import RenderCore

/// The layer's model properties (`CALayer`). Setting one records it in the current
/// transaction and, when it changes the value, runs the action search (see
/// `Layer.action(forKey:)`); the defaults are Core Animation's (`LayerProperties`).
extension Layer {
    /// Position of the anchor point in the superlayer's space, points.
    public var position: Point {
        get { storage.position }
        set { change(.position, to: .point(newValue)) }
    }

    /// The layer's own coordinate rectangle, points.
    public var bounds: Rect {
        get { storage.bounds }
        set { change(.bounds, to: .rect(newValue)) }
    }

    /// The point of `bounds` that `position` places, in unit coordinates (0…1).
    public var anchorPoint: Point {
        get { storage.anchorPoint }
        set { change(.anchorPoint, to: .point(newValue)) }
    }

    /// Position on the z axis, points (orders siblings).
    public var zPosition: Double {
        get { storage.zPosition }
        set { change(.zPosition, to: .number(newValue)) }
    }

    /// Applied about the anchor point.
    public var transform: Transform3D {
        get { storage.transform }
        set { change(.transform, to: .transform(newValue)) }
    }

    /// Applied to the sublayers (perspective lives here).
    public var sublayerTransform: Transform3D {
        get { storage.sublayerTransform }
        set { change(.sublayerTransform, to: .transform(newValue)) }
    }

    /// 0…1.
    public var opacity: Double {
        get { storage.opacity }
        set { change(.opacity, to: .number(newValue)) }
    }

    /// `.clear` is no background.
    public var backgroundColor: Color {
        get { storage.backgroundColor }
        set { change(.backgroundColor, to: .color(newValue)) }
    }

    /// The border's color, drawn `borderWidth` points inside the bounds (opaque black by
    /// default). Animatable.
    public var borderColor: Color {
        get { storage.borderColor }
        set { change(.borderColor, to: .color(newValue)) }
    }

    /// Points.
    public var borderWidth: Double {
        get { storage.borderWidth }
        set { change(.borderWidth, to: .number(newValue)) }
    }

    /// Points.
    public var cornerRadius: Double {
        get { storage.cornerRadius }
        set { change(.cornerRadius, to: .number(newValue)) }
    }

    /// The shadow's color (opaque black by default), blended with `shadowOpacity`. Animatable.
    public var shadowColor: Color {
        get { storage.shadowColor }
        set { change(.shadowColor, to: .color(newValue)) }
    }

    /// 0…1.
    public var shadowOpacity: Double {
        get { storage.shadowOpacity }
        set { change(.shadowOpacity, to: .number(newValue)) }
    }

    /// Points.
    public var shadowOffset: Size {
        get { storage.shadowOffset }
        set { change(.shadowOffset, to: .size(newValue)) }
    }

    /// Blur radius, points.
    public var shadowRadius: Double {
        get { storage.shadowRadius }
        set { change(.shadowRadius, to: .number(newValue)) }
    }

    /// The part of `contents` shown, in unit coordinates.
    public var contentsRect: Rect {
        get { storage.contentsRect }
        set { change(.contentsRect, to: .rect(newValue)) }
    }

    /// Discrete.
    public var isHidden: Bool {
        get { storage.isHidden }
        set { change(.isHidden, to: .bool(newValue)) }
    }

    /// Clips the sublayers to the bounds (and corner radius). Discrete.
    public var masksToBounds: Bool {
        get { storage.masksToBounds }
        set { change(.masksToBounds, to: .bool(newValue)) }
    }

    /// Whether the daemon's hit-testing may find this layer and its sublayers (default
    /// true). False takes the whole subtree out of input, as UIView's
    /// `isUserInteractionEnabled = false` does (Core Animation's layers have no such
    /// property: rendersrv's daemon hit-tests layers, so it lives here). Discrete.
    public var allowsHitTesting: Bool {
        get { storage.allowsHitTesting }
        set { change(.allowsHitTesting, to: .bool(newValue)) }
    }

    /// The image drawn in the bounds. Discrete.
    public var contents: Bitmap? {
        get { storage.contents }
        set { change(.contents, to: .contents(newValue)) }
    }

    /// A layer whose alpha masks this layer and its sublayers (`CALayer.mask`). The mask is
    /// in no tree: it is placed in this layer's bounds coordinates and only its alpha (its
    /// sublayers' included) counts. Traps, as Core Animation forbids them, on a mask that
    /// has a superlayer, is already another layer's mask, is this layer or one of its
    /// ancestors, or belongs to another context. Discrete.
    public var mask: Layer? {
        get { maskLayer }
        set {
            dispatchPrecondition(condition: .onQueue(context.queue))
            if newValue === maskLayer { return }
            if let m = newValue {
                precondition(m.context === context,
                             "layer \(m.id) belongs to another context than layer \(id); a mask must be of the same context")
                precondition(m !== self, "layer \(id) cannot be its own mask")
                precondition(m.superlayer == nil, "layer \(m.id) is a sublayer of layer \(m.superlayer!.id); a mask "
                    + "cannot have a superlayer: remove it from its superlayer first")
                precondition(m.maskedLayer == nil, "layer \(m.id) is already the mask of layer \(m.maskedLayer!.id); "
                    + "set that layer's mask to nil first")
                var up: Layer? = self
                while let x = up {
                    precondition(x !== m, "layer \(m.id) is an ancestor of layer \(id) (or masks one) and cannot be its mask")
                    up = x.superlayer ?? x.maskedLayer
                }
            }
            maskLayer?.maskedLayer = nil
            maskLayer = newValue
            newValue?.maskedLayer = self
            change(.mask, to: .layer(newValue?.id ?? 0))
        }
    }

    /// Where `contents` goes in the bounds (`LayerContentGravity`; `resize` by default).
    /// Discrete.
    public var contentsGravity: LayerContentGravity {
        get { LayerContentGravity(name: storage.contentsGravity) ?? .resize }
        set { change(.contentsGravity, to: .string(newValue.rawValue)) }
    }

    /// Pixels of `contents` per point (1 by default): a 200×200 bitmap at scale 2 is
    /// 100×100 points for `contentsGravity`. Not animated (as in Core Animation).
    public var contentsScale: Double {
        get { storage.contentsScale }
        set {
            precondition(newValue.isFinite && newValue > 0, "layer \(id): contentsScale \(newValue) must be a finite number > 0")
            change(.contentsScale, to: .number(newValue))
        }
    }

    /// The shadow's shape, in bounds coordinates; nil (the default) makes the shadow follow
    /// the layer's alpha. Animatable (between paths of the same structure).
    public var shadowPath: Path? {
        get { storage.shadowPath.isEmpty ? nil : storage.shadowPath }
        set { change(.shadowPath, to: .path(newValue ?? .empty)) }
    }
}
