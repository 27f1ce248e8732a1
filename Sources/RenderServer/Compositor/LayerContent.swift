import RenderCore

/// What a layer draws by itself, in its own bounds coordinates: every property that changes
/// its pixels and nothing that only moves them (position, transform, opacity, zPosition and
/// the sublayers are not here). Two equal `LayerContent`s rasterize to the same pixels, so
/// the compositor keeps a layer's rasterization while its content stays equal — the way Core
/// Animation keeps a layer's backing store while only its geometry animates.
///
/// Equality is cheap for the reference-holding values: strings, paths and bitmaps that
/// were not set again share their storage and compare by identity first.
struct LayerContent: Equatable, Sendable {
    var kind: LayerKind
    var bounds: Rect
    var backgroundColor: Color
    var borderColor: Color
    var borderWidth: Double
    var cornerRadius: Double
    var masksToBounds: Bool
    var shadowColor: Color
    var shadowOpacity: Double
    var shadowOffset: Size
    var shadowRadius: Double
    var contents: Bitmap?
    var contentsRect: Rect
    /// Where the contents go in the bounds, and their pixels per point.
    var contentsGravity: LayerContentGravity
    var contentsScale: Double
    /// The shadow's shape when not empty (else the shadow follows the drawing's alpha).
    var shadowPath: Path
    /// The border is part of the layer's own drawing only when nothing is drawn between
    /// them (no sublayers): Core Animation draws the border above the sublayers.
    var borderInContent: Bool
    // CAShapeLayer
    var path: Path
    var fillColor: Color
    var strokeColor: Color
    var lineWidth: Double
    var strokeStart: Double
    var strokeEnd: Double
    var lineDashPhase: Double
    var miterLimit: Double
    var lineCap: String
    var lineJoin: String
    var fillRule: String
    var lineDashPattern: [Double]
    // CATextLayer
    var string: String
    var fontSize: Double
    var foregroundColor: Color
    var font: String
    var alignmentMode: String
    var isWrapped: Bool
    var truncationMode: String

    init(kind: LayerKind, _ p: LayerProperties, hasSublayers: Bool) {
        self.kind = kind
        bounds = p.bounds
        backgroundColor = p.backgroundColor.clamped
        borderColor = p.borderColor.clamped
        borderWidth = max(0, p.borderWidth)
        cornerRadius = max(0, p.cornerRadius)
        masksToBounds = p.masksToBounds
        shadowColor = p.shadowColor.clamped
        shadowOpacity = min(1, max(0, p.shadowOpacity))
        shadowOffset = p.shadowOffset
        shadowRadius = max(0, p.shadowRadius)
        contents = p.contents
        contentsRect = p.contentsRect
        // Gravity places contents only; matching its name costs a string switch per layer.
        contentsGravity = p.contents == nil ? .resize : LayerContentGravity(name: p.contentsGravity) ?? .resize
        contentsScale = p.contentsScale.isFinite && p.contentsScale > 0 ? p.contentsScale : 1
        shadowPath = p.shadowPath
        borderInContent = !hasSublayers
        if kind == .shape {
            path = p.path; fillColor = p.fillColor.clamped; strokeColor = p.strokeColor.clamped
            lineWidth = max(0, p.lineWidth); strokeStart = p.strokeStart; strokeEnd = p.strokeEnd
            lineDashPhase = p.lineDashPhase; miterLimit = p.miterLimit
            lineCap = p.lineCap; lineJoin = p.lineJoin; fillRule = p.fillRule; lineDashPattern = p.lineDashPattern
        } else {
            path = .empty; fillColor = .clear; strokeColor = .clear; lineWidth = 0; strokeStart = 0; strokeEnd = 1
            lineDashPhase = 0; miterLimit = 10; lineCap = ""; lineJoin = ""; fillRule = ""; lineDashPattern = []
        }
        if kind == .text {
            string = p.string; fontSize = p.fontSize; foregroundColor = p.foregroundColor.clamped
            font = p.font; alignmentMode = p.alignmentMode; isWrapped = p.isWrapped; truncationMode = p.truncationMode
        } else {
            string = ""; fontSize = 0; foregroundColor = .clear; font = ""; alignmentMode = ""; isWrapped = false
            truncationMode = ""
        }
    }

    var hasBorder: Bool { borderWidth > 0 && borderColor.alpha > 0 }

    /// Where `bitmap` goes in the bounds: its pixel size over `contentsScale` (the
    /// `contentsRect` part of it) placed by `contentsGravity`.
    func contentsFrame(of bitmap: Bitmap) -> Rect {
        let size = Size(width: Double(bitmap.width) * abs(contentsRect.width) / contentsScale,
                        height: Double(bitmap.height) * abs(contentsRect.height) / contentsScale)
        return contentsGravity.frame(forContentsOf: size, in: bounds)
    }

    /// Background and border only (no bitmap, path, string or shadow): drawn as fills on
    /// every frame instead of through a kept bitmap, as Core Animation draws a layer's
    /// background and border itself and keeps a backing store only for drawn contents.
    /// Measured (rendersrv-bench --composite): filling is as fast as the plain cairo redraw
    /// and about a quarter faster than resampling a kept bitmap through a rotation.
    var isSolid: Bool {
        contents == nil && !hasShadow && (kind == .layer || (kind == .shape && path.isEmpty) || (kind == .text && string.isEmpty))
    }
    var hasShadow: Bool { shadowOpacity > 0 && shadowColor.alpha > 0 && !masksToBounds }

    /// Whether the layer's own drawing leaves every pixel transparent (then it is skipped).
    var drawsNothing: Bool {
        if backgroundColor.alpha > 0 || contents != nil { return false }
        // A shadow path casts its shadow whatever the layer draws (Core Animation's too).
        if hasShadow && !shadowPath.isEmpty { return false }
        if borderInContent && hasBorder { return false }
        switch kind {
        case .layer: return true
        case .shape: return path.isEmpty || (fillColor.alpha <= 0 && (strokeColor.alpha <= 0 || lineWidth <= 0))
        case .text: return string.isEmpty || foregroundColor.alpha <= 0
        }
    }

    /// The part of the layer's plane its own drawing may touch (bounds coordinates):
    /// the bounds, a shape's path with its stroke, and the shadow's blur and offset.
    /// Text is assumed to stay within its bounds plus one line's overhang.
    var extent: Rect {
        var r = bounds
        if hasBorder && borderInContent { r = r.union(bounds) }
        if kind == .shape && !path.isEmpty {
            let pad = strokeColor.alpha > 0 ? lineWidth * max(1, lineJoin == "miter" ? min(miterLimit, 10) : 1) / 2 + 1 : 1
            let pb = path.controlPointBounds
            r = r.union(Rect(x: pb.minX - pad, y: pb.minY - pad, width: pb.width + 2 * pad, height: pb.height + 2 * pad))
        }
        if kind == .text && !string.isEmpty {
            // Unwrapped text runs past its bounds by up to its whole length (aligned right or
            // centred, to either side); wrapped text past its bottom. Drawing is cut here.
            let pad = isWrapped ? fontSize * 0.5 : min(2048, max(fontSize * 2, Double(string.utf8.count) * fontSize * 0.7))
            r = Rect(x: r.minX - pad, y: r.minY - fontSize * 0.5, width: r.width + 2 * pad,
                     height: r.height + fontSize * (isWrapped ? 4 : 1.5))
        }
        if let bitmap = contents, !masksToBounds, contentsGravity != .resize {
            // Fixed-size and aspect-fill gravities may place the contents past the bounds.
            r = r.union(contentsFrame(of: bitmap))
        }
        if masksToBounds { r = bounds }
        if hasShadow && !shadowPath.isEmpty {
            let pb = shadowPath.controlPointBounds
            r = r.union(pb)
        }
        if hasShadow {
            let blur = shadowRadius * 1.5 + 2
            let shifted = Rect(x: r.minX + shadowOffset.width - blur, y: r.minY + shadowOffset.height - blur,
                               width: r.width + 2 * blur, height: r.height + 2 * blur)
            r = r.union(shifted)
        }
        return r
    }
}
