/// The doubles of the CALayer properties few layers set — `zPosition`, `borderColor`,
/// `borderWidth`, and a `transform` that is not planar (`Transform3D.isPlanar`; a planar
/// one is kept inline) — out of the `LayerProperties` value in a small copy-on-write box
/// (the property map's place `sparse`, `PropertyKey.field`). Every layer that sets none of
/// them shares one default box, so a plain layer carries a reference (8 bytes) instead of
/// 22 doubles (176 bytes); a layer that sets one of them — or a presentation that animates
/// one — owns a box of its own (one allocation, 192 bytes), kept and written in place from
/// then on. Apart from `LayerExtras` because these are read and animated more often:
/// copying this box is copying its doubles, nothing to retain.
///
/// Copy-on-write: a box is only changed while one `LayerProperties` holds it, which is what
/// makes sharing it between values and threads safe.
@usableFromInline
final class LayerSparse: Hashable, @unchecked Sendable {
    /// `PropertyColumns.sparseDoubles`: zPosition, a transform that is not planar (the
    /// identity while it is), borderColor, borderWidth.
    @usableFromInline var words: InlineArray<22, Double>

    /// Core Animation's defaults (`zPosition` 0, a black border 0 wide; the identity where a
    /// transform that is not planar would be), shared by every `LayerProperties()` until it
    /// sets one. Written by key, through the map, into a box of zeros.
    @usableFromInline static let defaults: LayerSparse = {
        var p = LayerProperties(extras: LayerExtras(), sparse: LayerSparse())
        p.borderColor = .black
        p.sparse.words.setTransform(.identity, at: PropertyColumns.sparseTransform)
        return p.sparse
    }()

    /// Zeros.
    init() { words = InlineArray(repeating: 0) }

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

    func copy() -> LayerSparse {
        let c = LayerSparse()
        c.words = words
        return c
    }

    /// Copies the column of `o` (no allocation).
    @inline(__always)
    func assign(from o: LayerSparse) { words = o.words }

    @usableFromInline static func == (a: LayerSparse, b: LayerSparse) -> Bool {
        a === b || a.words.elementsEqual(b.words)
    }

    @usableFromInline func hash(into h: inout Hasher) { words.hashElements(into: &h) }
}
