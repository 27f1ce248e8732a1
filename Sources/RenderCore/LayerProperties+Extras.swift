/// The out-of-line properties of a layer (see `LayerProperties`): those most layers never
/// set. Copy-on-write: a box is only changed while one `LayerProperties` holds it, which is
/// what makes sharing it between values and threads safe.
@usableFromInline
final class LayerExtras: Hashable, @unchecked Sendable {
    @usableFromInline var sublayerTransform: Transform3D = .identity
    @usableFromInline var shadowColor: Color = .black
    @usableFromInline var shadowOpacity: Double = 0
    @usableFromInline var shadowOffset: Size = Size(width: 0, height: -3)
    @usableFromInline var shadowRadius: Double = 3
    @usableFromInline var contentsRect: Rect = Rect(x: 0, y: 0, width: 1, height: 1)
    @usableFromInline var contents: Bitmap? = nil
    @usableFromInline var mask: UInt32 = 0
    @usableFromInline var contentsGravity: String = "resize"
    @usableFromInline var contentsScale: Double = 1
    @usableFromInline var shadowPath: Path = .empty
    // CAShapeLayer
    @usableFromInline var path: Path = .empty
    @usableFromInline var fillColor: Color = .black
    @usableFromInline var strokeColor: Color = .clear
    @usableFromInline var lineWidth: Double = 1
    @usableFromInline var strokeStart: Double = 0
    @usableFromInline var strokeEnd: Double = 1
    @usableFromInline var lineDashPhase: Double = 0
    @usableFromInline var miterLimit: Double = 10
    @usableFromInline var lineCap: String = "butt"
    @usableFromInline var lineJoin: String = "miter"
    @usableFromInline var fillRule: String = "non-zero"
    @usableFromInline var lineDashPattern: [Double] = []
    // CATextLayer
    @usableFromInline var string: String = ""
    @usableFromInline var fontSize: Double = 36
    @usableFromInline var foregroundColor: Color = .white
    @usableFromInline var font: String = "Sans"
    @usableFromInline var alignmentMode: String = "natural"
    @usableFromInline var isWrapped: Bool = false
    @usableFromInline var truncationMode: String = "none"
    // Interaction
    @usableFromInline var allowsHitTesting: Bool = true

    /// Core Animation's defaults, shared by every `LayerProperties()` until it sets one.
    @usableFromInline static let defaults = LayerExtras()

    init() {}

    func copy() -> LayerExtras {
        let c = LayerExtras()
        c.assign(from: self)
        return c
    }

    /// Copies every field of `o` (no allocation). Every stored property must be listed;
    /// `==` and `hash(into:)` below list them too.
    func assign(from o: LayerExtras) {
        sublayerTransform = o.sublayerTransform; shadowColor = o.shadowColor; shadowOpacity = o.shadowOpacity
        shadowOffset = o.shadowOffset; shadowRadius = o.shadowRadius; contentsRect = o.contentsRect
        contents = o.contents
        mask = o.mask; contentsGravity = o.contentsGravity; contentsScale = o.contentsScale; shadowPath = o.shadowPath
        lineDashPattern = o.lineDashPattern; truncationMode = o.truncationMode
        path = o.path; fillColor = o.fillColor; strokeColor = o.strokeColor; lineWidth = o.lineWidth
        strokeStart = o.strokeStart; strokeEnd = o.strokeEnd; lineDashPhase = o.lineDashPhase; miterLimit = o.miterLimit
        lineCap = o.lineCap; lineJoin = o.lineJoin; fillRule = o.fillRule
        string = o.string; fontSize = o.fontSize; foregroundColor = o.foregroundColor; font = o.font
        alignmentMode = o.alignmentMode; isWrapped = o.isWrapped; allowsHitTesting = o.allowsHitTesting
    }

    @usableFromInline static func == (a: LayerExtras, b: LayerExtras) -> Bool {
        a === b || (a.sublayerTransform == b.sublayerTransform && a.shadowColor == b.shadowColor
                    && a.shadowOpacity == b.shadowOpacity && a.shadowOffset == b.shadowOffset
                    && a.shadowRadius == b.shadowRadius && a.contentsRect == b.contentsRect && a.contents == b.contents
                    && a.path == b.path && a.fillColor == b.fillColor && a.strokeColor == b.strokeColor
                    && a.lineWidth == b.lineWidth && a.strokeStart == b.strokeStart && a.strokeEnd == b.strokeEnd
                    && a.lineDashPhase == b.lineDashPhase && a.miterLimit == b.miterLimit && a.lineCap == b.lineCap
                    && a.lineJoin == b.lineJoin && a.fillRule == b.fillRule && a.string == b.string
                    && a.fontSize == b.fontSize && a.foregroundColor == b.foregroundColor && a.font == b.font
                    && a.alignmentMode == b.alignmentMode && a.isWrapped == b.isWrapped
                    && a.mask == b.mask && a.contentsGravity == b.contentsGravity && a.contentsScale == b.contentsScale
                    && a.shadowPath == b.shadowPath && a.lineDashPattern == b.lineDashPattern
                    && a.truncationMode == b.truncationMode && a.allowsHitTesting == b.allowsHitTesting)
    }

    @usableFromInline func hash(into h: inout Hasher) {
        h.combine(sublayerTransform); h.combine(shadowColor); h.combine(shadowOpacity); h.combine(shadowOffset)
        h.combine(shadowRadius); h.combine(contentsRect); h.combine(contents)
        h.combine(path); h.combine(fillColor); h.combine(strokeColor); h.combine(lineWidth); h.combine(strokeStart)
        h.combine(strokeEnd); h.combine(lineDashPhase); h.combine(miterLimit); h.combine(lineCap); h.combine(lineJoin)
        h.combine(fillRule); h.combine(string); h.combine(fontSize); h.combine(foregroundColor); h.combine(font)
        h.combine(alignmentMode); h.combine(isWrapped)
        h.combine(mask); h.combine(contentsGravity); h.combine(contentsScale); h.combine(shadowPath)
        h.combine(lineDashPattern); h.combine(truncationMode); h.combine(allowsHitTesting)
    }
}
