import RenderCore
import RenderClient
import RenderViews
import TextLayout

/// A view backed by a `TextLayer`: what a `LabelComponent` mounts.
open class TextView: View {
    open override class var layerClass: Layer.Type { TextLayer.self }
    /// Its layer, typed.
    public var textLayer: TextLayer { layer as! TextLayer }
}

/// A string drawn by the daemon (a `TextLayer` in a `TextView`), sized to the text the
/// daemon draws (`CKLabelComponent`'s role): measured with the daemon's own pango layout
/// code (`TextLayout`'s `PangoText`, through `TextMeasurer`) — the same font description,
/// size, font options, line breaking at the width it is given and truncation — so its frame
/// is the logical extent of the drawn text.
///
/// Layout: within its constraint's maximum width (wrapping there when `isWrapped`, cut
/// with an ellipsis there when `truncationMode` is set and it is not wrapped) and maximum
/// height (where wrapped, truncated text is cut); its size is the measured one clamped to
/// the constraint (unwrapped, untruncated text longer than its maximum is drawn past its
/// frame, as `TextLayer` draws it). Its baseline is the first line's. It rounds to the
/// pixel grid as Yoga rounds text (up), so rounding never makes the daemon break or cut
/// the text differently from the measurement.
open class LabelComponent: Component {
    /// What is measured and drawn.
    public let text: TextAttributes
    /// The text's color.
    public let color: Color

    /// - Parameters:
    ///   - string: the text.
    ///   - font: a pango font description (family and style), "Sans" by default.
    ///   - fontSize: points (default 17, UIKit's label size).
    ///   - color: the text's colour (default black).
    ///   - alignment: `natural`, `left`, `right`, `center` or `justified` (`TextLayer.alignmentMode`).
    ///   - isWrapped: wraps at the width it is given (default true: `numberOfLines = 0`).
    ///   - truncationMode: how text too long for its frame is cut (default: not cut).
    ///   - attributes: further attributes of its view (background, corner radius, …).
    public init(_ string: String, font: String = "Sans", fontSize: Double = 17, color: Color = .black,
                alignment: String = "natural", isWrapped: Bool = true, truncationMode: TextLayer.TruncationMode = .none,
                attributes: [ViewAttribute] = [], size: ComponentSize = ComponentSize(), scope: (any ScopeProtocol)? = nil) {
        precondition(fontSize >= 0 && fontSize.isFinite, "LabelComponent: fontSize \(fontSize) must be a finite number of points ≥ 0")
        text = TextAttributes(string: string, font: font, fontSize: fontSize, alignmentMode: alignment,
                              isWrapped: isWrapped, truncationMode: truncationMode.rawValue)
        self.color = color
        let own: [ViewAttribute] = [
            .layer(.string, .string(string)), .layer(.font, .string(font)), .layer(.fontSize, .number(fontSize)),
            .layer(.foregroundColor, .color(color)), .layer(.alignmentMode, .string(alignment)),
            .layer(.isWrapped, .bool(isWrapped)), .layer(.truncationMode, .string(truncationMode.rawValue)),
        ]
        super.init(view: ViewConfiguration(TextView.self, own + attributes), size: size, scope: scope)
    }

    /// The text measured in the constraint's maximum (any thread: measurements take turns).
    open override func computeLayout(thatFits constrainedSize: SizeRange, parentSize: Size) -> Layout {
        let m = TextMeasurer.measure(text, maxWidth: constrainedSize.max.width, maxHeight: constrainedSize.max.height)
        return Layout(component: self, size: constrainedSize.clamp(Size(width: m.width, height: m.height)),
                      baseline: m.baseline, usesTextRounding: true)
    }
}
