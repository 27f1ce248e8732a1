/// What a text layer says about its string's layout (`TextLayer`'s properties, the render
/// tree's copy of them): the one input of `PangoText`, on either side of the wire.
///
/// The strings are the wire's: `font` a pango font description (family and style; empty is
/// "Sans"), `alignmentMode` `natural`/`left`, `right`, `center` or `justified`,
/// `truncationMode` `none`, `start`, `middle` or `end`. `fontSize` is points.
public struct TextAttributes: Hashable, Sendable {
    public var string: String
    public var font: String
    public var fontSize: Double
    public var alignmentMode: String
    public var isWrapped: Bool
    public var truncationMode: String

    /// Core Animation's defaults (`CATextLayer`'s, as `TextLayer` has them) for what is not given.
    public init(string: String, font: String = "Sans", fontSize: Double = 36, alignmentMode: String = "natural",
                isWrapped: Bool = false, truncationMode: String = "none") {
        self.string = string; self.font = font; self.fontSize = fontSize; self.alignmentMode = alignmentMode
        self.isWrapped = isWrapped; self.truncationMode = truncationMode
    }

    /// Whether anything is drawn at all (the daemon skips the rest): a string and a positive,
    /// finite size.
    public var drawsText: Bool { !string.isEmpty && fontSize > 0 && fontSize.isFinite }
}
