import RenderCore

/// A layer that draws a path, filled and stroked (`CAShapeLayer`). `path`, the colors,
/// `lineWidth`, `strokeStart` and `strokeEnd` animate; the string-valued properties are
/// discrete.
open class ShapeLayer: Layer {
    override class var layerKind: LayerKind { .shape }

    /// The shape, in the layer's coordinates. Animatable (between paths of the same structure).
    public var path: Path {
        get { storage.path }
        set { change(.path, to: .path(newValue)) }
    }

    /// The color the path's inside is filled with (opaque black by default; `.clear` for
    /// none), by `fillRule`. Animatable.
    public var fillColor: Color {
        get { storage.fillColor }
        set { change(.fillColor, to: .color(newValue)) }
    }

    /// `.clear` is no stroke.
    public var strokeColor: Color {
        get { storage.strokeColor }
        set { change(.strokeColor, to: .color(newValue)) }
    }

    /// Points.
    public var lineWidth: Double {
        get { storage.lineWidth }
        set { change(.lineWidth, to: .number(newValue)) }
    }

    /// Where the stroke starts along the path, 0…1.
    public var strokeStart: Double {
        get { storage.strokeStart }
        set { change(.strokeStart, to: .number(newValue)) }
    }

    /// Where the stroke ends along the path, 0…1.
    public var strokeEnd: Double {
        get { storage.strokeEnd }
        set { change(.strokeEnd, to: .number(newValue)) }
    }

    /// Points.
    public var lineDashPhase: Double {
        get { storage.lineDashPhase }
        set { change(.lineDashPhase, to: .number(newValue)) }
    }

    /// How long a mitered corner may be, as a multiple of the `lineWidth`, before it is
    /// drawn beveled (10 by default).
    public var miterLimit: Double {
        get { storage.miterLimit }
        set { change(.miterLimit, to: .number(newValue)) }
    }

    /// `butt`, `round` or `square`.
    public var lineCap: String {
        get { storage.lineCap }
        set { change(.lineCap, to: .string(newValue)) }
    }

    /// `miter`, `round` or `bevel`.
    public var lineJoin: String {
        get { storage.lineJoin }
        set { change(.lineJoin, to: .string(newValue)) }
    }

    /// `non-zero` or `even-odd`.
    public var fillRule: String {
        get { storage.fillRule }
        set { change(.fillRule, to: .string(newValue)) }
    }

    /// Dash and gap lengths in points, alternating from a dash; `nil` or empty strokes
    /// solid. `lineDashPhase` offsets it (and animates). Traps on negative or non-finite
    /// lengths, or all zero. Discrete.
    public var lineDashPattern: [Double]? {
        get { storage.lineDashPattern.isEmpty ? nil : storage.lineDashPattern }
        set {
            let list = newValue ?? []
            precondition(list.allSatisfy { $0.isFinite && $0 >= 0 } && (list.isEmpty || list.contains { $0 > 0 }),
                         "layer \(id): lineDashPattern \(list) must hold finite lengths ≥ 0, not all 0")
            change(.lineDashPattern, to: .numbers(list))
        }
    }
}
