// Reading and writing a layer's fields where the property map keeps them (`PropertyKey.field`,
// `LayerKeyPath.field`): the typed accessors of `LayerProperties`, `value(of:)`,
// `setValue(_:of:)` and evaluation plans all come through here. A field of the doubles
// column is read and written as its `Quad` (a number's one double, a point's two, …) or as
// its value; transform components of simple 2D transforms are read and written without the
// general decomposition (they are derived, not stored: no field of their own).
//
// Invariant: each accessor reads or writes what `LayerProperties.value(at:)` and
// `setValue(_:at:)` do for the key paths it accepts (transform components of simple 2D
// transforms to rounding, ≈1e-15); it declines (nil or false, having changed nothing) the
// rest.

extension InlineArray where Element == Double {
    @inlinable @inline(__always) func point(at s: Int) -> Point { Point(x: self[s], y: self[s + 1]) }
    @inlinable @inline(__always) mutating func setPoint(_ v: Point, at s: Int) { self[s] = v.x; self[s + 1] = v.y }
    @inlinable @inline(__always) func size(at s: Int) -> Size { Size(width: self[s], height: self[s + 1]) }
    @inlinable @inline(__always) mutating func setSize(_ v: Size, at s: Int) { self[s] = v.width; self[s + 1] = v.height }
    @inlinable @inline(__always) func rect(at s: Int) -> Rect {
        Rect(x: self[s], y: self[s + 1], width: self[s + 2], height: self[s + 3])
    }
    @inlinable @inline(__always) mutating func setRect(_ v: Rect, at s: Int) {
        self[s] = v.origin.x; self[s + 1] = v.origin.y; self[s + 2] = v.size.width; self[s + 3] = v.size.height
    }
    @inlinable @inline(__always) func color(at s: Int) -> Color {
        Color(red: self[s], green: self[s + 1], blue: self[s + 2], alpha: self[s + 3])
    }
    @inlinable @inline(__always) mutating func setColor(_ v: Color, at s: Int) {
        self[s] = v.red; self[s + 1] = v.green; self[s + 2] = v.blue; self[s + 3] = v.alpha
    }
    /// Row order: m11, m12, … m44.
    @inlinable @inline(__always) func transform(at s: Int) -> Transform3D {
        Transform3D(m11: self[s], m12: self[s + 1], m13: self[s + 2], m14: self[s + 3],
                    m21: self[s + 4], m22: self[s + 5], m23: self[s + 6], m24: self[s + 7],
                    m31: self[s + 8], m32: self[s + 9], m33: self[s + 10], m34: self[s + 11],
                    m41: self[s + 12], m42: self[s + 13], m43: self[s + 14], m44: self[s + 15])
    }
    @inlinable @inline(__always) mutating func setTransform(_ v: Transform3D, at s: Int) {
        self[s] = v.m11; self[s + 1] = v.m12; self[s + 2] = v.m13; self[s + 3] = v.m14
        self[s + 4] = v.m21; self[s + 5] = v.m22; self[s + 6] = v.m23; self[s + 7] = v.m24
        self[s + 8] = v.m31; self[s + 9] = v.m32; self[s + 10] = v.m33; self[s + 11] = v.m34
        self[s + 12] = v.m41; self[s + 13] = v.m42; self[s + 14] = v.m43; self[s + 15] = v.m44
    }
    /// The planar transform kept from `s` (`Transform3D.isPlanar`): m11, m12, m21, m22, m33,
    /// m41, m42, m43; the rest of the matrix 0, m44 1.
    @inlinable @inline(__always) func planarTransform(at s: Int) -> Transform3D {
        Transform3D(m11: self[s], m12: self[s + 1], m13: 0, m14: 0,
                    m21: self[s + 2], m22: self[s + 3], m23: 0, m24: 0,
                    m31: 0, m32: 0, m33: self[s + 4], m34: 0,
                    m41: self[s + 5], m42: self[s + 6], m43: self[s + 7], m44: 1)
    }
    /// Keeps the planar part of `v` from `s` (what `planarTransform(at:)` reads back: all of
    /// `v` when `v.isPlanar`).
    @inlinable @inline(__always) mutating func setPlanarTransform(_ v: Transform3D, at s: Int) {
        self[s] = v.m11; self[s + 1] = v.m12; self[s + 2] = v.m21; self[s + 3] = v.m22
        self[s + 4] = v.m33; self[s + 5] = v.m41; self[s + 6] = v.m42; self[s + 7] = v.m43
    }
    /// `width` doubles from `s` as a quad (the rest 0).
    @inline(__always) func quad(width: Int, at s: Int) -> Quad {
        switch width {
        case 1: return Quad(self[s], 0, 0, 0)
        case 2: return Quad(self[s], self[s + 1], 0, 0)
        default: return Quad(self[s], self[s + 1], self[s + 2], self[s + 3])
        }
    }
    /// The first `width` components of `q` from `s`.
    @inline(__always) mutating func setQuad(_ q: Quad, width: Int, at s: Int) {
        switch width {
        case 1: self[s] = q.a
        case 2: self[s] = q.a; self[s + 1] = q.b
        default: self[s] = q.a; self[s + 1] = q.b; self[s + 2] = q.c; self[s + 3] = q.d
        }
    }
}

extension InlineArray where Element: Hashable {
    /// Element by element (`InlineArray` is not `Equatable` itself).
    @inlinable func elementsEqual(_ o: InlineArray) -> Bool {
        for i in indices where self[i] != o[i] { return false }
        return true
    }
    @inlinable func hashElements(into h: inout Hasher) {
        for i in indices { h.combine(self[i]) }
    }
}

extension LayerProperties {
    /// The slot of `k`, which the map keeps inline (the typed accessors of inline properties).
    @inlinable @inline(__always) static func inlineSlot(_ k: PropertyKey) -> Int {
        assert(k.field.place == .inline, "\(k) is not kept inline")
        return Int(k.field.slot)
    }
    @inlinable @inline(__always) func inlineSlot(_ k: PropertyKey) -> Int { LayerProperties.inlineSlot(k) }
    /// The slot of `k`, which the map keeps out of line.
    @inlinable @inline(__always) static func outOfLineSlot(_ k: PropertyKey) -> Int {
        assert(k.field.place == .extras, "\(k) is not kept out of line")
        return Int(k.field.slot)
    }
    @inlinable @inline(__always) func outOfLineSlot(_ k: PropertyKey) -> Int { LayerProperties.outOfLineSlot(k) }
    /// The slot of `k`, which the map keeps in the sparse box.
    @inlinable @inline(__always) static func sparseSlot(_ k: PropertyKey) -> Int {
        assert(k.field.place == .sparse, "\(k) is not kept in the sparse box")
        return Int(k.field.slot)
    }
    @inlinable @inline(__always) func sparseSlot(_ k: PropertyKey) -> Int { LayerProperties.sparseSlot(k) }

    // Typed writes by any key, through the map (`setValue(_:of:)`): they branch on the
    // field's place, which costs nothing in a `mutating` method (the value is reached in
    // place). Reads by any key go through `value(of:in:)`, over a pointer, for the same
    // reason: a reader that branches on the place over a borrowed value makes the optimizer
    // copy the value whole first.

    @inlinable @inline(__always) mutating func setNumber(_ v: Double, _ k: PropertyKey) {
        let f = k.field, s = Int(f.slot)
        switch f.place {
        case .inline: words[s] = v
        case .sparse: mutableSparse.words[s] = v
        case .extras: mutableExtras.words[s] = v
        }
    }
    @inlinable @inline(__always) mutating func setPoint(_ v: Point, _ k: PropertyKey) {
        let f = k.field, s = Int(f.slot)
        switch f.place {
        case .inline: words.setPoint(v, at: s)
        case .sparse: mutableSparse.words.setPoint(v, at: s)
        case .extras: mutableExtras.words.setPoint(v, at: s)
        }
    }
    @inlinable @inline(__always) mutating func setSize(_ v: Size, _ k: PropertyKey) {
        let f = k.field, s = Int(f.slot)
        switch f.place {
        case .inline: words.setSize(v, at: s)
        case .sparse: mutableSparse.words.setSize(v, at: s)
        case .extras: mutableExtras.words.setSize(v, at: s)
        }
    }
    @inlinable @inline(__always) mutating func setRect(_ v: Rect, _ k: PropertyKey) {
        let f = k.field, s = Int(f.slot)
        switch f.place {
        case .inline: words.setRect(v, at: s)
        case .sparse: mutableSparse.words.setRect(v, at: s)
        case .extras: mutableExtras.words.setRect(v, at: s)
        }
    }
    @inlinable @inline(__always) mutating func setColor(_ v: Color, _ k: PropertyKey) {
        let f = k.field, s = Int(f.slot)
        switch f.place {
        case .inline: words.setColor(v, at: s)
        case .sparse: mutableSparse.words.setColor(v, at: s)
        case .extras: mutableExtras.words.setColor(v, at: s)
        }
    }
    @inlinable @inline(__always) mutating func setTransformValue(_ v: Transform3D, _ k: PropertyKey) {
        let f = k.field, s = Int(f.slot)
        switch f.place {
        case .inline: setTransform(v)
        case .sparse: mutableSparse.words.setTransform(v, at: s)
        case .extras: mutableExtras.words.setTransform(v, at: s)
        }
    }

    /// Sets `transform`: its planar part inline when it is planar, else the whole matrix in
    /// the sparse box (see `PropertyColumns.sparseTransform`); the other place is left
    /// holding the identity.
    @inlinable @inline(__always) mutating func setTransform(_ v: Transform3D) {
        let s = LayerProperties.inlineSlot(.transform)
        if v.isPlanar {
            words.setPlanarTransform(v, at: s)
            if transformIsSparse {
                mutableSparse.words.setTransform(.identity, at: PropertyColumns.sparseTransform)
                transformIsSparse = false
            }
        } else {
            mutableSparse.words.setTransform(v, at: PropertyColumns.sparseTransform)
            words.setPlanarTransform(.identity, at: s)
            transformIsSparse = true
        }
    }

    /// `transform` of `*p`, read in place.
    @inlinable @inline(__always)
    static func transform(in p: UnsafePointer<LayerProperties>) -> Transform3D {
        p.pointee.transformIsSparse
            ? p.pointee.sparse.transform(at: PropertyColumns.sparseTransform)
            : p.pointee.words.planarTransform(at: inlineSlot(.transform))
    }
    @inlinable @inline(__always) mutating func setBool(_ v: Bool, _ k: PropertyKey) {
        let f = k.field, s = Int(f.slot)
        assert(f.place != .sparse, "the sparse box holds only doubles (\(k))")
        if f.place == .inline { flags[s] = v } else { mutableExtras.flags[s] = v }
    }
    // The other columns are out of line only (`PropertyColumns`; `PropertyMapTests`): no
    // branch, so the accessors read them through these.
    @inlinable @inline(__always) func string(_ k: PropertyKey) -> String { extras.strings[Int(k.field.slot)] }
    @inlinable @inline(__always) mutating func setString(_ v: String, _ k: PropertyKey) {
        mutableExtras.strings[Int(k.field.slot)] = v
    }
    @inlinable @inline(__always) func path(_ k: PropertyKey) -> Path { extras.paths[Int(k.field.slot)] }
    @inlinable @inline(__always) mutating func setPath(_ v: Path, _ k: PropertyKey) { mutableExtras.paths[Int(k.field.slot)] = v }
    @inlinable @inline(__always) func contentsValue(_ k: PropertyKey) -> Bitmap? { extras.contents }
    @inlinable @inline(__always) mutating func setContentsValue(_ v: Bitmap?, _ k: PropertyKey) { mutableExtras.contents = v }
    @inlinable @inline(__always) func numbers(_ k: PropertyKey) -> [Double] { extras.numbers }
    @inlinable @inline(__always) mutating func setNumbers(_ v: [Double], _ k: PropertyKey) { mutableExtras.numbers = v }
    @inlinable @inline(__always) func layer(_ k: PropertyKey) -> UInt32 { extras.layer }
    @inlinable @inline(__always) mutating func setLayer(_ v: UInt32, _ k: PropertyKey) { mutableExtras.layer = v }

    /// A field of the doubles column as a quad of `width` (see `EvaluationPlan.Kind`).
    /// `mutating` only to be reached in place (it changes nothing).
    @inline(__always) mutating func quad(_ f: PropertyField, width: Int) -> Quad {
        let s = Int(f.slot)
        switch f.place {
        case .inline: return words.quad(width: width, at: s)
        case .sparse: return sparse.quad(width: width, at: s)
        case .extras: return extras.quad(width: width, at: s)
        }
    }
    /// Stores a quad of `width` at a field of the doubles column.
    @inline(__always) mutating func setQuad(_ q: Quad, width: Int, _ f: PropertyField) {
        let s = Int(f.slot)
        switch f.place {
        case .inline: words.setQuad(q, width: width, at: s)
        case .sparse: mutableSparse.words.setQuad(q, width: width, at: s)
        case .extras: mutableExtras.words.setQuad(q, width: width, at: s)
        }
    }

    /// A number component of a transform property (`transform.rotation.z`, …) of a simple
    /// transform (`SimpleTransformParts`); nil for anything else.
    /// `mutating` only to be reached in place (it changes nothing).
    @inline(__always) mutating func transformComponent(at kp: LayerKeyPath) -> Double? {
        let f = kp.property.field
        guard f.kind == .transform else { return nil }
        return SimpleTransformParts(transformAt(f))?.component(kp.component)
    }

    /// The transform at field `f`. `mutating` only to be reached in place.
    @inline(__always) mutating func transformAt(_ f: PropertyField) -> Transform3D {
        let s = Int(f.slot)
        switch f.place {
        case .inline: return transform
        case .sparse: return sparse.transform(at: s)
        case .extras: return extras.transform(at: s)
        }
    }

    /// Sets a number component of a transform property of a simple transform; false (and
    /// nothing written) for anything else.
    @inline(__always) mutating func setTransformComponent(_ v: Double, at kp: LayerKeyPath) -> Bool {
        let f = kp.property.field
        guard f.kind == .transform, SimpleTransformParts.covers(kp.component),
              var parts = SimpleTransformParts(transformAt(f)) else { return false }
        parts.setComponent(kp.component, v)
        let s = Int(f.slot)
        switch f.place {
        case .inline: setTransform(parts.matrix)
        case .sparse: mutableSparse.words.setTransform(parts.matrix, at: s)
        case .extras: mutableExtras.words.setTransform(parts.matrix, at: s)
        }
        return true
    }
}

/// The decomposition of a "simple" transform — a 2D affine transform in the xy plane with
/// a positive determinant, optionally scaled and translated along z — in closed form: the
/// same parts `decomposed()` finds (scale, xy skew, rotation about z, translation), without
/// the general 3D machinery. Almost every layer transform is of this kind. The rotation is
/// kept as its cosine and sine; its angle is only computed when read.
struct SimpleTransformParts {
    var scaleX, scaleY, scaleZ, skewXY: Double
    var cosine, sine: Double
    var translation: (x: Double, y: Double, z: Double)

    @inline(__always) init?(_ m: Transform3D) {
        guard m.m13 == 0, m.m23 == 0, m.m31 == 0, m.m32 == 0, m.m14 == 0, m.m24 == 0, m.m34 == 0, m.m44 == 1,
              m.m33 > 0, m.m11 * m.m22 - m.m12 * m.m21 > 0 else { return nil }
        if m.m11 == 1 && m.m12 == 0 && m.m21 == 0 && m.m22 == 1 {
            // No scale, skew or rotation in the plane (the identity, a translation): exactly
            // what the steps below give, without the square roots.
            scaleX = 1; scaleY = 1; scaleZ = m.m33; skewXY = 0; cosine = 1; sine = 0
            translation = (m.m41, m.m42, m.m43)
            return
        }
        // The Gram–Schmidt steps of `decomposed()`, restricted to the plane.
        let sx = (m.m11 * m.m11 + m.m12 * m.m12).squareRoot()
        let inv = 1 / sx
        let r0x = m.m11 * inv, r0y = m.m12 * inv
        let k = r0x * m.m21 + r0y * m.m22
        let r1x = m.m21 - k * r0x, r1y = m.m22 - k * r0y
        let sy = (r1x * r1x + r1y * r1y).squareRoot()
        scaleX = sx; scaleY = sy; scaleZ = m.m33; skewXY = k / sy
        cosine = r0x; sine = r0y
        translation = (m.m41, m.m42, m.m43)
    }

    /// The rotation about z in radians, −π…π.
    @inline(__always) var angle: Double {
        get { _atan2(sine, cosine) }
        set { cosine = _cos(newValue); sine = _sin(newValue) }
    }

    /// What `LayerProperties.component(_:of:)` reads for a number-valued transform component.
    @inline(__always) func component(_ c: LayerKeyPath.Component) -> Double? {
        switch c {
        case .scale: return (scaleX + scaleY + scaleZ) / 3
        case .scaleX: return scaleX
        case .scaleY: return scaleY
        case .scaleZ: return scaleZ
        case .rotation, .rotationZ: return angle
        case .translationX: return translation.x
        case .translationY: return translation.y
        case .translationZ: return translation.z
        default: return nil
        }
    }

    /// The number components `component(_:)` and `setComponent(_:_:)` cover.
    @inline(__always) static func covers(_ c: LayerKeyPath.Component) -> Bool {
        switch c {
        case .scale, .scaleX, .scaleY, .scaleZ, .rotation, .rotationZ, .translationX, .translationY, .translationZ: return true
        default: return false
        }
    }

    @inline(__always) mutating func setComponent(_ c: LayerKeyPath.Component, _ v: Double) {
        switch c {
        case .scale: scaleX = v; scaleY = v; scaleZ = v
        case .scaleX: scaleX = v
        case .scaleY: scaleY = v
        case .scaleZ: scaleZ = v
        case .rotation, .rotationZ: angle = v
        case .translationX: translation.x = v
        case .translationY: translation.y = v
        case .translationZ: translation.z = v
        default: break
        }
    }

    /// Recomposed as `Transform3D(DecomposedTransform)` does: rows S · K · R, then translation.
    @inline(__always) var matrix: Transform3D {
        let c = cosine, s = sine
        return Transform3D(m11: scaleX * c, m12: scaleX * s, m13: 0, m14: 0,
                           m21: scaleY * (-s + skewXY * c), m22: scaleY * (c + skewXY * s), m23: 0, m24: 0,
                           m31: 0, m32: 0, m33: scaleZ, m34: 0,
                           m41: translation.x, m42: translation.y, m43: translation.z, m44: 1)
    }
}

