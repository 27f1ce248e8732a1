/// Every property of a layer, with Core Animation's defaults. One value serves as the model
/// and, after evaluation, as the presentation of a layer, on both sides of the socket.
///
/// The properties that hold references (contents, path and the strings) live together in one
/// shared, copy-on-write box, so copying a `LayerProperties` — which evaluation does for every
/// layer on every frame — copies plain numbers and retains a single reference.
public struct LayerProperties: Hashable, Sendable {
    // CALayer
    public var position: Point = .zero
    public var bounds: Rect = .zero
    public var anchorPoint: Point = Point(x: 0.5, y: 0.5)
    public var zPosition: Double = 0
    public var transform: Transform3D = .identity
    public var sublayerTransform: Transform3D = .identity
    public var opacity: Double = 1
    /// `.clear` stands for Core Animation's `nil` background.
    public var backgroundColor: Color = .clear
    public var borderColor: Color = .black
    public var borderWidth: Double = 0
    public var cornerRadius: Double = 0
    public var shadowColor: Color = .black
    public var shadowOpacity: Double = 0
    public var shadowOffset: Size = Size(width: 0, height: -3)
    public var shadowRadius: Double = 3
    public var contentsRect: Rect = Rect(x: 0, y: 0, width: 1, height: 1)
    public var isHidden: Bool = false
    public var masksToBounds: Bool = false
    public var contents: Bitmap? {
        @inlinable get { references.contents }
        set { mutableReferences.contents = newValue }
    }
    // CAShapeLayer
    public var path: Path {
        @inlinable get { references.path }
        set { mutableReferences.path = newValue }
    }
    public var fillColor: Color = .black
    public var strokeColor: Color = .clear
    public var lineWidth: Double = 1
    public var strokeStart: Double = 0
    public var strokeEnd: Double = 1
    public var lineDashPhase: Double = 0
    public var miterLimit: Double = 10
    public var lineCap: String {
        @inlinable get { references.lineCap }
        set { mutableReferences.lineCap = newValue }
    }
    public var lineJoin: String {
        @inlinable get { references.lineJoin }
        set { mutableReferences.lineJoin = newValue }
    }
    public var fillRule: String {
        @inlinable get { references.fillRule }
        set { mutableReferences.fillRule = newValue }
    }
    // CATextLayer
    public var string: String {
        @inlinable get { references.string }
        set { mutableReferences.string = newValue }
    }
    public var fontSize: Double = 36
    public var foregroundColor: Color = .white
    public var font: String {
        @inlinable get { references.font }
        set { mutableReferences.font = newValue }
    }
    public var alignmentMode: String {
        @inlinable get { references.alignmentMode }
        set { mutableReferences.alignmentMode = newValue }
    }
    public var isWrapped: Bool = false

    /// The reference-holding properties (shared until one of them is set).
    @usableFromInline var references: LayerReferences = .defaults

    /// `references`, unshared first so that it may be changed.
    var mutableReferences: LayerReferences {
        mutating get {
            if !isKnownUniquelyReferenced(&references) { references = references.copy() }
            return references
        }
    }

    public init() {}

    /// `self = m`, field by field: no temporary copy of the whole value, and no retain or
    /// release when both already share the reference box (the usual case when evaluation
    /// resets a presentation to its model every frame). Every stored property must be
    /// listed: debug builds assert the result equals `m`, and a test changes every property.
    @inline(__always)
    mutating func assign(from m: LayerProperties) {
        position = m.position; bounds = m.bounds; anchorPoint = m.anchorPoint; zPosition = m.zPosition
        transform = m.transform; sublayerTransform = m.sublayerTransform; opacity = m.opacity; backgroundColor = m.backgroundColor
        borderColor = m.borderColor; borderWidth = m.borderWidth; cornerRadius = m.cornerRadius; shadowColor = m.shadowColor
        shadowOpacity = m.shadowOpacity; shadowOffset = m.shadowOffset; shadowRadius = m.shadowRadius; contentsRect = m.contentsRect
        isHidden = m.isHidden; masksToBounds = m.masksToBounds; fillColor = m.fillColor; strokeColor = m.strokeColor
        lineWidth = m.lineWidth; strokeStart = m.strokeStart; strokeEnd = m.strokeEnd; lineDashPhase = m.lineDashPhase
        miterLimit = m.miterLimit; fontSize = m.fontSize; foregroundColor = m.foregroundColor; isWrapped = m.isWrapped
        if references !== m.references { references = m.references }
        assert(self == m, "LayerProperties.assign(from:) misses a stored property")
    }

    /// The layer's frame in its superlayer's space when its transform is affine-free of
    /// rotation: `position − anchorPoint × bounds.size`.
    public var frame: Rect {
        Rect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
             width: bounds.width, height: bounds.height)
    }

    // MARK: Whole properties

    /// The value of a property.
    @inlinable
    public func value(of key: PropertyKey) -> AnimatableValue {
        switch key {
        case .position: return .point(position)
        case .bounds: return .rect(bounds)
        case .anchorPoint: return .point(anchorPoint)
        case .zPosition: return .number(zPosition)
        case .transform: return .transform(transform)
        case .sublayerTransform: return .transform(sublayerTransform)
        case .opacity: return .number(opacity)
        case .backgroundColor: return .color(backgroundColor)
        case .borderColor: return .color(borderColor)
        case .borderWidth: return .number(borderWidth)
        case .cornerRadius: return .number(cornerRadius)
        case .shadowColor: return .color(shadowColor)
        case .shadowOpacity: return .number(shadowOpacity)
        case .shadowOffset: return .size(shadowOffset)
        case .shadowRadius: return .number(shadowRadius)
        case .contentsRect: return .rect(contentsRect)
        case .isHidden: return .bool(isHidden)
        case .masksToBounds: return .bool(masksToBounds)
        case .contents: return .contents(contents)
        case .path: return .path(path)
        case .fillColor: return .color(fillColor)
        case .strokeColor: return .color(strokeColor)
        case .lineWidth: return .number(lineWidth)
        case .strokeStart: return .number(strokeStart)
        case .strokeEnd: return .number(strokeEnd)
        case .lineDashPhase: return .number(lineDashPhase)
        case .miterLimit: return .number(miterLimit)
        case .lineCap: return .string(lineCap)
        case .lineJoin: return .string(lineJoin)
        case .fillRule: return .string(fillRule)
        case .string: return .string(string)
        case .fontSize: return .number(fontSize)
        case .foregroundColor: return .color(foregroundColor)
        case .font: return .string(font)
        case .alignmentMode: return .string(alignmentMode)
        case .isWrapped: return .bool(isWrapped)
        }
    }

    /// Sets a property. Throws `KeyPathError.typeMismatch` when the value is of the
    /// wrong kind; the properties are unchanged then.
    @inlinable
    public mutating func setValue(_ v: AnimatableValue, of key: PropertyKey) throws(KeyPathError) {
        func bad() -> KeyPathError { .typeMismatch(keyPath: key.name, expected: key.valueKind, got: v.kind) }
        switch (key, v) {
        case let (.position, .point(p)): position = p
        case let (.bounds, .rect(r)): bounds = r
        case let (.anchorPoint, .point(p)): anchorPoint = p
        case let (.zPosition, .number(n)): zPosition = n
        case let (.transform, .transform(t)): transform = t
        case let (.sublayerTransform, .transform(t)): sublayerTransform = t
        case let (.opacity, .number(n)): opacity = n
        case let (.backgroundColor, .color(c)): backgroundColor = c
        case let (.borderColor, .color(c)): borderColor = c
        case let (.borderWidth, .number(n)): borderWidth = n
        case let (.cornerRadius, .number(n)): cornerRadius = n
        case let (.shadowColor, .color(c)): shadowColor = c
        case let (.shadowOpacity, .number(n)): shadowOpacity = n
        case let (.shadowOffset, .size(s)): shadowOffset = s
        case let (.shadowRadius, .number(n)): shadowRadius = n
        case let (.contentsRect, .rect(r)): contentsRect = r
        case let (.isHidden, .bool(b)): isHidden = b
        case let (.masksToBounds, .bool(b)): masksToBounds = b
        case let (.contents, .contents(b)): contents = b
        case let (.path, .path(p)): path = p
        case let (.fillColor, .color(c)): fillColor = c
        case let (.strokeColor, .color(c)): strokeColor = c
        case let (.lineWidth, .number(n)): lineWidth = n
        case let (.strokeStart, .number(n)): strokeStart = n
        case let (.strokeEnd, .number(n)): strokeEnd = n
        case let (.lineDashPhase, .number(n)): lineDashPhase = n
        case let (.miterLimit, .number(n)): miterLimit = n
        case let (.lineCap, .string(s)): lineCap = s
        case let (.lineJoin, .string(s)): lineJoin = s
        case let (.fillRule, .string(s)): fillRule = s
        case let (.string, .string(s)): string = s
        case let (.fontSize, .number(n)): fontSize = n
        case let (.foregroundColor, .color(c)): foregroundColor = c
        case let (.font, .string(s)): font = s
        case let (.alignmentMode, .string(s)): alignmentMode = s
        case let (.isWrapped, .bool(b)): isWrapped = b
        default: throw bad()
        }
    }

    // MARK: Key paths

    /// The value at a key path (`position.x`, `transform.rotation.z`, …).
    @inlinable
    public func value(at kp: LayerKeyPath) -> AnimatableValue {
        if kp.component == .whole { return value(of: kp.property) }
        return LayerProperties.component(kp.component, of: value(of: kp.property))
    }

    /// Sets the value at a key path. Throws when the value has the wrong kind.
    @inlinable
    public mutating func setValue(_ v: AnimatableValue, at kp: LayerKeyPath) throws(KeyPathError) {
        if kp.component == .whole { try setValue(v, of: kp.property); return }
        guard v.kind == kp.valueKind else {
            throw .typeMismatch(keyPath: kp.description, expected: kp.valueKind, got: v.kind)
        }
        let whole = LayerProperties.settingComponent(kp.component, of: value(of: kp.property), to: v)
        try setValue(whole, of: kp.property)
    }

    /// Reads one component of a whole value.
    public static func component(_ c: LayerKeyPath.Component, of whole: AnimatableValue) -> AnimatableValue {
        switch (whole, c) {
        case let (.point(p), .x): return .number(p.x)
        case let (.point(p), .y): return .number(p.y)
        case let (.size(s), .width): return .number(s.width)
        case let (.size(s), .height): return .number(s.height)
        case let (.rect(r), .origin): return .point(r.origin)
        case let (.rect(r), .size): return .size(r.size)
        case let (.rect(r), .originX): return .number(r.origin.x)
        case let (.rect(r), .originY): return .number(r.origin.y)
        case let (.rect(r), .sizeWidth): return .number(r.size.width)
        case let (.rect(r), .sizeHeight): return .number(r.size.height)
        case let (.transform(t), _):
            let d = t.decomposed() ?? .identity
            switch c {
            case .scale: return .number((d.scale.x + d.scale.y + d.scale.z) / 3)
            case .scaleX: return .number(d.scale.x)
            case .scaleY: return .number(d.scale.y)
            case .scaleZ: return .number(d.scale.z)
            case .rotation, .rotationZ: return .number(d.eulerAngles.z)
            case .rotationX: return .number(d.eulerAngles.x)
            case .rotationY: return .number(d.eulerAngles.y)
            case .translation: return .size(Size(width: d.translation.x, height: d.translation.y))
            case .translationX: return .number(d.translation.x)
            case .translationY: return .number(d.translation.y)
            case .translationZ: return .number(d.translation.z)
            default: return whole
            }
        default: return whole
        }
    }

    /// A whole value with one component replaced. `v` must be of the component's kind.
    public static func settingComponent(_ c: LayerKeyPath.Component, of whole: AnimatableValue,
                                        to v: AnimatableValue) -> AnimatableValue {
        switch (whole, c, v) {
        case let (.point(p), .x, .number(n)): return .point(Point(x: n, y: p.y))
        case let (.point(p), .y, .number(n)): return .point(Point(x: p.x, y: n))
        case let (.size(s), .width, .number(n)): return .size(Size(width: n, height: s.height))
        case let (.size(s), .height, .number(n)): return .size(Size(width: s.width, height: n))
        case let (.rect(r), .origin, .point(p)): return .rect(Rect(origin: p, size: r.size))
        case let (.rect(r), .size, .size(s)): return .rect(Rect(origin: r.origin, size: s))
        case let (.rect(r), .originX, .number(n)): return .rect(Rect(x: n, y: r.origin.y, width: r.size.width, height: r.size.height))
        case let (.rect(r), .originY, .number(n)): return .rect(Rect(x: r.origin.x, y: n, width: r.size.width, height: r.size.height))
        case let (.rect(r), .sizeWidth, .number(n)): return .rect(Rect(x: r.origin.x, y: r.origin.y, width: n, height: r.size.height))
        case let (.rect(r), .sizeHeight, .number(n)): return .rect(Rect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: n))
        case let (.transform(t), _, _):
            // Fast paths for the common case of an otherwise-identity transform.
            var d = t.decomposed() ?? .identity
            switch (c, v) {
            case let (.scale, .number(n)): d.scale = (n, n, n)
            case let (.scaleX, .number(n)): d.scale.x = n
            case let (.scaleY, .number(n)): d.scale.y = n
            case let (.scaleZ, .number(n)): d.scale.z = n
            case let (.rotation, .number(n)), let (.rotationZ, .number(n)):
                var e = d.eulerAngles; e.z = n; d.eulerAngles = e
            case let (.rotationX, .number(n)):
                var e = d.eulerAngles; e.x = n; d.eulerAngles = e
            case let (.rotationY, .number(n)):
                var e = d.eulerAngles; e.y = n; d.eulerAngles = e
            case let (.translation, .size(s)): d.translation.x = s.width; d.translation.y = s.height
            case let (.translationX, .number(n)): d.translation.x = n
            case let (.translationY, .number(n)): d.translation.y = n
            case let (.translationZ, .number(n)): d.translation.z = n
            default: return whole
            }
            return .transform(Transform3D(d))
        default: return whole
        }
    }
}

/// The properties of a layer that hold references, boxed together (see `LayerProperties`).
/// Copy-on-write: a box is only changed while one `LayerProperties` holds it, which is what
/// makes sharing it between threads safe.
@usableFromInline
final class LayerReferences: Hashable, @unchecked Sendable {
    @usableFromInline var contents: Bitmap? = nil
    @usableFromInline var path: Path = .empty
    @usableFromInline var lineCap: String = "butt"
    @usableFromInline var lineJoin: String = "miter"
    @usableFromInline var fillRule: String = "non-zero"
    @usableFromInline var string: String = ""
    @usableFromInline var font: String = "Sans"
    @usableFromInline var alignmentMode: String = "natural"

    /// Core Animation's defaults, shared by every `LayerProperties()` until it changes one.
    @usableFromInline static let defaults = LayerReferences()

    init() {}

    func copy() -> LayerReferences {
        let c = LayerReferences()
        c.contents = contents; c.path = path; c.lineCap = lineCap; c.lineJoin = lineJoin; c.fillRule = fillRule
        c.string = string; c.font = font; c.alignmentMode = alignmentMode
        return c
    }

    @usableFromInline static func == (a: LayerReferences, b: LayerReferences) -> Bool {
        a === b || (a.contents == b.contents && a.path == b.path && a.lineCap == b.lineCap && a.lineJoin == b.lineJoin
                    && a.fillRule == b.fillRule && a.string == b.string && a.font == b.font && a.alignmentMode == b.alignmentMode)
    }

    @usableFromInline func hash(into h: inout Hasher) {
        h.combine(contents); h.combine(path); h.combine(lineCap); h.combine(lineJoin); h.combine(fillRule)
        h.combine(string); h.combine(font); h.combine(alignmentMode)
    }
}
