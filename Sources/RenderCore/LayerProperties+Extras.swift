/// The out-of-line properties of a layer (see `LayerProperties`): those most layers never
/// set, in columns the property map indexes (`PropertyKey.field` with place `extras`).
/// Copy-on-write: a box is only changed while one `LayerProperties` holds it, which is what
/// makes sharing it between values and threads safe.
@usableFromInline
final class LayerExtras: Hashable, @unchecked Sendable {
    /// `PropertyColumns.extrasDoubles`: sublayerTransform, shadow color, opacity, offset and
    /// radius, contentsRect, contentsScale, the shape's colors and numbers, the text's size
    /// and color.
    @usableFromInline var words: InlineArray<47, Double>
    /// `PropertyColumns.extrasBools`.
    @usableFromInline var flags: InlineArray<2, Bool>
    /// `PropertyColumns.extrasStrings`.
    @usableFromInline var strings: InlineArray<8, String>
    /// `PropertyColumns.extrasPaths`.
    @usableFromInline var paths: InlineArray<2, Path>
    // Columns of one.
    @usableFromInline var contents: Bitmap?
    @usableFromInline var numbers: [Double]
    @usableFromInline var layer: UInt32

    /// Core Animation's defaults, shared by every `LayerProperties()` until it sets one.
    /// Written by key, through the map, into a box of zeros.
    @usableFromInline static let defaults: LayerExtras = {
        var p = LayerProperties(extras: LayerExtras(), sparse: LayerSparse())
        p.sublayerTransform = .identity
        p.shadowColor = .black
        p.shadowOffset = Size(width: 0, height: -3)
        p.shadowRadius = 3
        p.contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
        p.contentsGravity = "resize"
        p.contentsScale = 1
        p.fillColor = .black
        p.lineWidth = 1
        p.strokeEnd = 1
        p.miterLimit = 10
        p.lineCap = "butt"
        p.lineJoin = "miter"
        p.fillRule = "non-zero"
        p.fontSize = 36
        p.foregroundColor = .white
        p.font = "Sans"
        p.alignmentMode = "natural"
        p.truncationMode = "none"
        p.allowsHitTesting = true
        return p.extras
    }()

    /// Zeros, false, empty strings and paths, no contents, no dashes, no mask.
    init() {
        words = InlineArray(repeating: 0)
        flags = InlineArray(repeating: false)
        strings = InlineArray(repeating: "")
        paths = InlineArray(repeating: .empty)
        contents = nil
        numbers = []
        layer = 0
    }

    // Readers of the doubles column, by explicit subscripts on `words` (reached in place in
    // the box; calling a method of the column itself would copy it out of the box first).
    @inlinable @inline(__always) func point(at s: Int) -> Point { Point(x: words[s], y: words[s + 1]) }
    @inlinable @inline(__always) func size(at s: Int) -> Size { Size(width: words[s], height: words[s + 1]) }
    @inlinable @inline(__always) func rect(at s: Int) -> Rect {
        Rect(x: words[s], y: words[s + 1], width: words[s + 2], height: words[s + 3])
    }
    @inlinable @inline(__always) func color(at s: Int) -> Color {
        Color(red: words[s], green: words[s + 1], blue: words[s + 2], alpha: words[s + 3])
    }
    @inlinable @inline(__always) func transform(at s: Int) -> Transform3D {
        Transform3D(m11: words[s], m12: words[s + 1], m13: words[s + 2], m14: words[s + 3],
                    m21: words[s + 4], m22: words[s + 5], m23: words[s + 6], m24: words[s + 7],
                    m31: words[s + 8], m32: words[s + 9], m33: words[s + 10], m34: words[s + 11],
                    m41: words[s + 12], m42: words[s + 13], m43: words[s + 14], m44: words[s + 15])
    }
    @inline(__always) func quad(width: Int, at s: Int) -> Quad {
        switch width {
        case 1: return Quad(words[s], 0, 0, 0)
        case 2: return Quad(words[s], words[s + 1], 0, 0)
        default: return Quad(words[s], words[s + 1], words[s + 2], words[s + 3])
        }
    }

    func copy() -> LayerExtras {
        let c = LayerExtras()
        c.assign(from: self)
        return c
    }

    /// Copies every column of `o` (no allocation); `==` and `hash(into:)` below compare and
    /// hash the same columns.
    func assign(from o: LayerExtras) {
        words = o.words; flags = o.flags; strings = o.strings; paths = o.paths
        contents = o.contents; numbers = o.numbers; layer = o.layer
    }

    @usableFromInline static func == (a: LayerExtras, b: LayerExtras) -> Bool {
        a === b || (a.words.elementsEqual(b.words) && a.flags.elementsEqual(b.flags)
                    && a.strings.elementsEqual(b.strings) && a.paths.elementsEqual(b.paths)
                    && a.contents == b.contents && a.numbers == b.numbers && a.layer == b.layer)
    }

    @usableFromInline func hash(into h: inout Hasher) {
        words.hashElements(into: &h); flags.hashElements(into: &h); strings.hashElements(into: &h)
        paths.hashElements(into: &h); h.combine(contents); h.combine(numbers); h.combine(layer)
    }
}
