import RenderCore

/// A layer that draws a string, set with pango by the server (`CATextLayer`). `fontSize`
/// and `foregroundColor` animate; the others are discrete.
open class TextLayer: Layer {
    override class var layerKind: LayerKind { .text }

    /// The text drawn.
    public var string: String {
        get { storage.string }
        set { change(.string, to: .string(newValue)) }
    }

    /// Points.
    public var fontSize: Double {
        get { storage.fontSize }
        set { change(.fontSize, to: .number(newValue)) }
    }

    /// The text's color (opaque white by default).
    public var foregroundColor: Color {
        get { storage.foregroundColor }
        set { change(.foregroundColor, to: .color(newValue)) }
    }

    /// A font family (pango description).
    public var font: String {
        get { storage.font }
        set { change(.font, to: .string(newValue)) }
    }

    /// `natural`, `left`, `right`, `center` or `justified`.
    public var alignmentMode: String {
        get { storage.alignmentMode }
        set { change(.alignmentMode, to: .string(newValue)) }
    }

    /// Wraps to the bounds' width.
    public var isWrapped: Bool {
        get { storage.isWrapped }
        set { change(.isWrapped, to: .bool(newValue)) }
    }

    /// How a line too long for the bounds is cut (`kCATruncation…`). Discrete.
    public enum TruncationMode: String, Sendable, CaseIterable {
        /// Not cut (drawn past the bounds).
        case none
        /// An ellipsis replaces the beginning, the middle or the end.
        case start, middle, end
    }

    /// How an unwrapped line wider than the bounds is cut; `.none` by default.
    public var truncationMode: TruncationMode {
        get { TruncationMode(rawValue: storage.truncationMode) ?? .none }
        set { change(.truncationMode, to: .string(newValue.rawValue)) }
    }
}
