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
        contentsGravity = LayerContent.gravity(contents: p.contents, name: p.contentsGravity)
        contentsScale = LayerContent.scale(p.contentsScale)
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

    /// Where contents go: gravity places contents only (matching its name costs a string
    /// switch per layer, so a layer without contents does not match it).
    @inline(__always)
    static func gravity(contents: Bitmap?, name: String) -> LayerContentGravity {
        contents == nil ? .resize : LayerContentGravity(name: name) ?? .resize
    }

    /// The contents' pixels per point (1 when not a positive finite number).
    @inline(__always)
    static func scale(_ contentsScale: Double) -> Double {
        contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
    }

    /// Whether this is the content `LayerContent(kind: kind, p, hasSublayers:)` makes (equal
    /// as `==` compares). See `isMade(_:of:_:hasSublayers:)`, which reads it in place.
    func isMade(of kind: LayerKind, _ p: LayerProperties, hasSublayers: Bool) -> Bool {
        withUnsafePointer(to: self) { c in
            withUnsafePointer(to: p) { LayerContent.isMade(c, of: kind, $0, hasSublayers: hasSublayers) }
        }
    }

    /// Whether the content at `c` is the one `LayerContent(kind: kind, p.pointee,
    /// hasSublayers:)` makes (equal as `==` compares), both read where they lie: no content is built,
    /// copied or destroyed. The render list's update asks it of the content an item already
    /// names, for each layer it rebuilds (an animated layer's content rarely changes while it
    /// moves): building and comparing a content cost about 2,800 instructions. It must read
    /// every field the initializer writes, as the initializer derives it; `ContentTableTests`
    /// changes each property of the property map in turn and checks that both answers agree.
    /// A content is only ever made by the initializer, so a shape's fields on another kind
    /// (and a text's) hold its fixed defaults: once the kinds match, they are not compared.
    /// (Through a pointer: a method called on a content read through a pointer or an array
    /// copies it first, some 650 instructions with its strings, paths and arrays retained.)
    @inline(__always)
    static func isMade(_ c: UnsafePointer<LayerContent>, of kind: LayerKind, _ p: UnsafePointer<LayerProperties>,
                       hasSublayers: Bool) -> Bool {
        guard c.pointee.kind == kind, c.pointee.bounds == p.pointee.bounds,
              c.pointee.backgroundColor == p.pointee.backgroundColor.clamped,
              c.pointee.borderColor == p.pointee.borderColor.clamped, c.pointee.borderWidth == max(0, p.pointee.borderWidth),
              c.pointee.cornerRadius == max(0, p.pointee.cornerRadius), c.pointee.masksToBounds == p.pointee.masksToBounds,
              c.pointee.shadowColor == p.pointee.shadowColor.clamped,
              c.pointee.shadowOpacity == min(1, max(0, p.pointee.shadowOpacity)),
              c.pointee.shadowOffset == p.pointee.shadowOffset, c.pointee.shadowRadius == max(0, p.pointee.shadowRadius),
              c.pointee.contents == p.pointee.contents, c.pointee.contentsRect == p.pointee.contentsRect,
              c.pointee.contentsGravity == LayerContent.gravity(contents: p.pointee.contents, name: p.pointee.contentsGravity),
              c.pointee.contentsScale == LayerContent.scale(p.pointee.contentsScale),
              c.pointee.shadowPath == p.pointee.shadowPath, c.pointee.borderInContent == !hasSublayers else { return false }
        if kind == .shape {
            guard c.pointee.path == p.pointee.path, c.pointee.fillColor == p.pointee.fillColor.clamped,
                  c.pointee.strokeColor == p.pointee.strokeColor.clamped, c.pointee.lineWidth == max(0, p.pointee.lineWidth),
                  c.pointee.strokeStart == p.pointee.strokeStart, c.pointee.strokeEnd == p.pointee.strokeEnd,
                  c.pointee.lineDashPhase == p.pointee.lineDashPhase, c.pointee.miterLimit == p.pointee.miterLimit,
                  c.pointee.lineCap == p.pointee.lineCap, c.pointee.lineJoin == p.pointee.lineJoin,
                  c.pointee.fillRule == p.pointee.fillRule, c.pointee.lineDashPattern == p.pointee.lineDashPattern
            else { return false }
        }
        if kind == .text {
            return c.pointee.string == p.pointee.string && c.pointee.fontSize == p.pointee.fontSize
                && c.pointee.foregroundColor == p.pointee.foregroundColor.clamped && c.pointee.font == p.pointee.font
                && c.pointee.alignmentMode == p.pointee.alignmentMode && c.pointee.isWrapped == p.pointee.isWrapped
                && c.pointee.truncationMode == p.pointee.truncationMode
        }
        return true
    }

    var hasBorder: Bool { withUnsafePointer(to: self) { LayerContent.hasBorder($0) } }

    /// Where `bitmap` goes in the bounds: its pixel size over `contentsScale` (the
    /// `contentsRect` part of it) placed by `contentsGravity`.
    func contentsFrame(of bitmap: Bitmap) -> Rect {
        withUnsafePointer(to: self) { LayerContent.contentsFrame($0, of: bitmap) }
    }

    @inline(__always)
    private static func contentsFrame(_ c: UnsafePointer<LayerContent>, of bitmap: Bitmap) -> Rect {
        let contentsRect = c.pointee.contentsRect, contentsScale = c.pointee.contentsScale
        let size = Size(width: Double(bitmap.width) * abs(contentsRect.width) / contentsScale,
                        height: Double(bitmap.height) * abs(contentsRect.height) / contentsScale)
        return c.pointee.contentsGravity.frame(forContentsOf: size, in: c.pointee.bounds)
    }

    /// Background and border only (no bitmap, path, string or shadow): drawn as fills on
    /// every frame instead of through a kept bitmap, as Core Animation draws a layer's
    /// background and border itself and keeps a backing store only for drawn contents.
    /// Measured (rendersrv-bench --composite): filling is as fast as the plain cairo redraw
    /// and about a quarter faster than resampling a kept bitmap through a rotation.
    var isSolid: Bool { withUnsafePointer(to: self) { LayerContent.isSolid($0) } }
    var hasShadow: Bool { withUnsafePointer(to: self) { LayerContent.hasShadow($0) } }

    /// `isSolid` of the content at `c`, read in place (see `isMade(_:of:_:hasSublayers:)`).
    @inline(__always)
    static func isSolid(_ c: UnsafePointer<LayerContent>) -> Bool {
        guard c.pointee.contents == nil && !hasShadow(c) else { return false }
        switch c.pointee.kind {
        case .layer: return true
        case .shape: return c.pointee.path.isEmpty
        case .text: return c.pointee.string.isEmpty
        }
    }

    /// Whether the layer's own drawing leaves every pixel transparent (then it is skipped).
    var drawsNothing: Bool { withUnsafePointer(to: self) { LayerContent.drawsNothing($0) } }

    /// `drawsNothing` of the content at `c`, read in place (see `isMade(_:of:_:hasSublayers:)`).
    @inline(__always)
    static func drawsNothing(_ c: UnsafePointer<LayerContent>) -> Bool {
        if c.pointee.backgroundColor.alpha > 0 || c.pointee.contents != nil { return false }
        // A shadow path casts its shadow whatever the layer draws (Core Animation's too).
        if hasShadow(c) && !c.pointee.shadowPath.isEmpty { return false }
        if c.pointee.borderInContent && hasBorder(c) { return false }
        switch c.pointee.kind {
        case .layer: return true
        case .shape:
            return c.pointee.path.isEmpty
                || (c.pointee.fillColor.alpha <= 0 && (c.pointee.strokeColor.alpha <= 0 || c.pointee.lineWidth <= 0))
        case .text: return c.pointee.string.isEmpty || c.pointee.foregroundColor.alpha <= 0
        }
    }

    /// `hasBorder` of the content at `c`, read in place.
    @inline(__always)
    static func hasBorder(_ c: UnsafePointer<LayerContent>) -> Bool {
        c.pointee.borderWidth > 0 && c.pointee.borderColor.alpha > 0
    }

    /// `hasShadow` of the content at `c`, read in place.
    @inline(__always)
    static func hasShadow(_ c: UnsafePointer<LayerContent>) -> Bool {
        c.pointee.shadowOpacity > 0 && c.pointee.shadowColor.alpha > 0 && !c.pointee.masksToBounds
    }

    /// The part of the layer's plane its own drawing may touch (bounds coordinates):
    /// the bounds, a shape's path with its stroke, and the shadow's blur and offset.
    /// Text is assumed to stay within its bounds plus one line's overhang.
    var extent: Rect { withUnsafePointer(to: self) { LayerContent.extent($0) } }

    /// `extent` of the content at `c`, read in place (see `isMade(_:of:_:hasSublayers:)`).
    @inline(__always)
    static func extent(_ c: UnsafePointer<LayerContent>) -> Rect {
        let bounds = c.pointee.bounds
        var r = bounds
        if hasBorder(c) && c.pointee.borderInContent { r = r.union(bounds) }
        if c.pointee.kind == .shape && !c.pointee.path.isEmpty {
            let lineWidth = c.pointee.lineWidth, miterLimit = c.pointee.miterLimit
            let pad = c.pointee.strokeColor.alpha > 0
                ? lineWidth * max(1, c.pointee.lineJoin == "miter" ? min(miterLimit, 10) : 1) / 2 + 1 : 1
            let pb = c.pointee.path.controlPointBounds
            r = r.union(Rect(x: pb.minX - pad, y: pb.minY - pad, width: pb.width + 2 * pad, height: pb.height + 2 * pad))
        }
        if c.pointee.kind == .text && !c.pointee.string.isEmpty {
            // Unwrapped text runs past its bounds by up to its whole length (aligned right or
            // centred, to either side); wrapped text past its bottom. Drawing is cut here.
            let fontSize = c.pointee.fontSize, isWrapped = c.pointee.isWrapped
            let pad = isWrapped ? fontSize * 0.5
                : min(2048, max(fontSize * 2, Double(c.pointee.string.utf8.count) * fontSize * 0.7))
            r = Rect(x: r.minX - pad, y: r.minY - fontSize * 0.5, width: r.width + 2 * pad,
                     height: r.height + fontSize * (isWrapped ? 4 : 1.5))
        }
        if let bitmap = c.pointee.contents, !c.pointee.masksToBounds, c.pointee.contentsGravity != .resize {
            // Fixed-size and aspect-fill gravities may place the contents past the bounds.
            r = r.union(contentsFrame(c, of: bitmap))
        }
        if c.pointee.masksToBounds { r = bounds }
        if hasShadow(c) && !c.pointee.shadowPath.isEmpty {
            let pb = c.pointee.shadowPath.controlPointBounds
            r = r.union(pb)
        }
        if hasShadow(c) {
            let blur = c.pointee.shadowRadius * 1.5 + 2, offset = c.pointee.shadowOffset
            let shifted = Rect(x: r.minX + offset.width - blur, y: r.minY + offset.height - blur,
                               width: r.width + 2 * blur, height: r.height + 2 * blur)
            r = r.union(shifted)
        }
        return r
    }
}
