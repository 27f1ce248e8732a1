// Typed access to a layer's fields for evaluation plans (`EvaluationPlan`): numbers,
// colors and number-valued components read and written without building `AnimatableValue`s,
// and transform components of simple 2D transforms without the general decomposition.
//
// Invariant: each accessor reads or writes what `LayerProperties.value(at:)` and
// `setValue(_:at:)` do for the key paths it accepts (transform components of simple 2D
// transforms to rounding, ≈1e-15); it declines (nil or false, having changed nothing) the
// rest.

extension LayerProperties {
    /// A number property's value; `nil` for properties of other kinds.
    @inline(__always) func directNumber(_ k: PropertyKey) -> Double? {
        switch k {
        case .opacity: return opacity
        case .zPosition: return zPosition
        case .borderWidth: return borderWidth
        case .cornerRadius: return cornerRadius
        case .shadowOpacity: return shadowOpacity
        case .shadowRadius: return shadowRadius
        case .lineWidth: return lineWidth
        case .strokeStart: return strokeStart
        case .strokeEnd: return strokeEnd
        case .lineDashPhase: return lineDashPhase
        case .miterLimit: return miterLimit
        case .fontSize: return fontSize
        default: return nil
        }
    }
    /// Sets a number property (nothing for properties of other kinds).
    @inline(__always) mutating func setDirectNumber(_ v: Double, _ k: PropertyKey) {
        switch k {
        case .opacity: opacity = v
        case .zPosition: zPosition = v
        case .borderWidth: borderWidth = v
        case .cornerRadius: cornerRadius = v
        case .shadowOpacity: shadowOpacity = v
        case .shadowRadius: shadowRadius = v
        case .lineWidth: lineWidth = v
        case .strokeStart: strokeStart = v
        case .strokeEnd: strokeEnd = v
        case .lineDashPhase: lineDashPhase = v
        case .miterLimit: miterLimit = v
        case .fontSize: fontSize = v
        default: break
        }
    }
    /// A color property's value; `nil` for properties of other kinds.
    @inline(__always) func directColor(_ k: PropertyKey) -> Color? {
        switch k {
        case .backgroundColor: return backgroundColor
        case .borderColor: return borderColor
        case .shadowColor: return shadowColor
        case .fillColor: return fillColor
        case .strokeColor: return strokeColor
        case .foregroundColor: return foregroundColor
        default: return nil
        }
    }
    /// Sets a color property (nothing for properties of other kinds).
    @inline(__always) mutating func setDirectColor(_ v: Color, _ k: PropertyKey) {
        switch k {
        case .backgroundColor: backgroundColor = v
        case .borderColor: borderColor = v
        case .shadowColor: shadowColor = v
        case .fillColor: fillColor = v
        case .strokeColor: strokeColor = v
        case .foregroundColor: foregroundColor = v
        default: break
        }
    }

    /// A number-valued key path read straight from the fields; `nil` when the direct path
    /// does not cover it (then `value(at:)` does).
    @inline(__always) func directNumber(at kp: LayerKeyPath) -> Double? {
        switch kp.component {
        case .whole: return directNumber(kp.property)
        case .x: return kp.property == .position ? position.x : (kp.property == .anchorPoint ? anchorPoint.x : nil)
        case .y: return kp.property == .position ? position.y : (kp.property == .anchorPoint ? anchorPoint.y : nil)
        case .width: return kp.property == .shadowOffset ? shadowOffset.width : nil
        case .height: return kp.property == .shadowOffset ? shadowOffset.height : nil
        case .originX, .originY, .sizeWidth, .sizeHeight:
            let r: Rect
            switch kp.property { case .bounds: r = bounds; case .contentsRect: r = contentsRect; default: return nil }
            switch kp.component {
            case .originX: return r.origin.x
            case .originY: return r.origin.y
            case .sizeWidth: return r.size.width
            default: return r.size.height
            }
        case .scale, .scaleX, .scaleY, .scaleZ, .rotation, .rotationZ, .translationX, .translationY, .translationZ:
            let m: Transform3D
            switch kp.property { case .transform: m = transform; case .sublayerTransform: m = sublayerTransform; default: return nil }
            return SimpleTransformParts(m)?.component(kp.component)
        default: return nil
        }
    }

    /// Writes a number-valued key path straight into the fields; false (and nothing
    /// written) when the direct path does not cover it.
    @inline(__always) mutating func setDirectNumber(_ v: Double, at kp: LayerKeyPath) -> Bool {
        switch kp.component {
        case .whole:
            guard directNumber(kp.property) != nil else { return false }
            setDirectNumber(v, kp.property)
        case .x:
            switch kp.property { case .position: position.x = v; case .anchorPoint: anchorPoint.x = v; default: return false }
        case .y:
            switch kp.property { case .position: position.y = v; case .anchorPoint: anchorPoint.y = v; default: return false }
        case .width:
            guard kp.property == .shadowOffset else { return false }
            shadowOffset.width = v
        case .height:
            guard kp.property == .shadowOffset else { return false }
            shadowOffset.height = v
        case .originX, .originY, .sizeWidth, .sizeHeight:
            var r: Rect
            switch kp.property { case .bounds: r = bounds; case .contentsRect: r = contentsRect; default: return false }
            switch kp.component {
            case .originX: r.origin.x = v
            case .originY: r.origin.y = v
            case .sizeWidth: r.size.width = v
            default: r.size.height = v
            }
            if kp.property == .bounds { bounds = r } else { contentsRect = r }
        case .scale, .scaleX, .scaleY, .scaleZ, .rotation, .rotationZ, .translationX, .translationY, .translationZ:
            switch kp.property {
            case .transform:
                guard var parts = SimpleTransformParts(transform) else { return false }
                parts.setComponent(kp.component, v)
                transform = parts.matrix
            case .sublayerTransform:
                guard var parts = SimpleTransformParts(sublayerTransform) else { return false }
                parts.setComponent(kp.component, v)
                sublayerTransform = parts.matrix
            default: return false
            }
        default: return false
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

