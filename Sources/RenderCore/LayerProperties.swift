/// Every property of a layer, with Core Animation's defaults. One value serves as the model
/// and, after evaluation, as the presentation of a layer, on both sides of the socket.
///
/// Storage (the server holds one per layer, and evaluation resets a presentation from its
/// model every frame, so size matters): the CALayer properties nearly every layer sets or
/// animates are stored inline; the rest — `sublayerTransform`, shadow, `contentsRect`,
/// contents and every shape and text property — live in one shared, copy-on-write box
/// (`LayerExtras`), and every layer that sets none of them shares one default box. Reading
/// or writing any of them is a property access as before; only the first write to a shared
/// box copies it.
public struct LayerProperties: Hashable, Sendable {
    // CALayer
    public var position: Point = .zero
    public var bounds: Rect = .zero
    public var anchorPoint: Point = Point(x: 0.5, y: 0.5)
    public var zPosition: Double = 0
    public var transform: Transform3D = .identity
    public var sublayerTransform: Transform3D {
        @inlinable get { extras.sublayerTransform }
        set { mutableExtras.sublayerTransform = newValue }
    }
    public var opacity: Double = 1
    /// `.clear` stands for Core Animation's `nil` background.
    public var backgroundColor: Color = .clear
    public var borderColor: Color = .black
    public var borderWidth: Double = 0
    public var cornerRadius: Double = 0
    public var shadowColor: Color {
        @inlinable get { extras.shadowColor }
        set { mutableExtras.shadowColor = newValue }
    }
    public var shadowOpacity: Double {
        @inlinable get { extras.shadowOpacity }
        set { mutableExtras.shadowOpacity = newValue }
    }
    public var shadowOffset: Size {
        @inlinable get { extras.shadowOffset }
        set { mutableExtras.shadowOffset = newValue }
    }
    public var shadowRadius: Double {
        @inlinable get { extras.shadowRadius }
        set { mutableExtras.shadowRadius = newValue }
    }
    public var contentsRect: Rect {
        @inlinable get { extras.contentsRect }
        set { mutableExtras.contentsRect = newValue }
    }
    public var isHidden: Bool = false
    public var masksToBounds: Bool = false
    public var contents: Bitmap? {
        @inlinable get { extras.contents }
        set { mutableExtras.contents = newValue }
    }
    /// The id of the layer whose alpha masks this one (`CALayer.mask`), 0 for none. The
    /// mask is in no layer tree; it is drawn in this layer's bounds coordinates.
    public var mask: UInt32 {
        @inlinable get { extras.mask }
        set { mutableExtras.mask = newValue }
    }
    /// Where the contents bitmap goes in the bounds (`kCAGravity…`): `center`, `top`,
    /// `bottom`, `left`, `right`, `topLeft`, `topRight`, `bottomLeft`, `bottomRight`,
    /// `resize` (the default), `resizeAspect`, `resizeAspectFill`. `top` is the bounds'
    /// minimum y (the display's y grows downwards, as on iOS).
    public var contentsGravity: String {
        @inlinable get { extras.contentsGravity }
        set { mutableExtras.contentsGravity = newValue }
    }
    /// Bitmap pixels per point of contents: the bitmap's natural size for gravity is its
    /// pixel size divided by this (default 1).
    public var contentsScale: Double {
        @inlinable get { extras.contentsScale }
        set { mutableExtras.contentsScale = newValue }
    }
    /// The shadow's shape in bounds coordinates; empty (the default) for Core Animation's
    /// nil: the shadow follows the layer's alpha.
    public var shadowPath: Path {
        @inlinable get { extras.shadowPath }
        set { mutableExtras.shadowPath = newValue }
    }
    // CAShapeLayer
    public var path: Path {
        @inlinable get { extras.path }
        set { mutableExtras.path = newValue }
    }
    public var fillColor: Color {
        @inlinable get { extras.fillColor }
        set { mutableExtras.fillColor = newValue }
    }
    public var strokeColor: Color {
        @inlinable get { extras.strokeColor }
        set { mutableExtras.strokeColor = newValue }
    }
    public var lineWidth: Double {
        @inlinable get { extras.lineWidth }
        set { mutableExtras.lineWidth = newValue }
    }
    public var strokeStart: Double {
        @inlinable get { extras.strokeStart }
        set { mutableExtras.strokeStart = newValue }
    }
    public var strokeEnd: Double {
        @inlinable get { extras.strokeEnd }
        set { mutableExtras.strokeEnd = newValue }
    }
    public var lineDashPhase: Double {
        @inlinable get { extras.lineDashPhase }
        set { mutableExtras.lineDashPhase = newValue }
    }
    public var miterLimit: Double {
        @inlinable get { extras.miterLimit }
        set { mutableExtras.miterLimit = newValue }
    }
    public var lineCap: String {
        @inlinable get { extras.lineCap }
        set { mutableExtras.lineCap = newValue }
    }
    public var lineJoin: String {
        @inlinable get { extras.lineJoin }
        set { mutableExtras.lineJoin = newValue }
    }
    public var fillRule: String {
        @inlinable get { extras.fillRule }
        set { mutableExtras.fillRule = newValue }
    }
    /// Dash and gap lengths in points, alternating, starting with a dash; empty (the
    /// default) strokes solid.
    public var lineDashPattern: [Double] {
        @inlinable get { extras.lineDashPattern }
        set { mutableExtras.lineDashPattern = newValue }
    }
    // CATextLayer
    public var string: String {
        @inlinable get { extras.string }
        set { mutableExtras.string = newValue }
    }
    public var fontSize: Double {
        @inlinable get { extras.fontSize }
        set { mutableExtras.fontSize = newValue }
    }
    public var foregroundColor: Color {
        @inlinable get { extras.foregroundColor }
        set { mutableExtras.foregroundColor = newValue }
    }
    public var font: String {
        @inlinable get { extras.font }
        set { mutableExtras.font = newValue }
    }
    public var alignmentMode: String {
        @inlinable get { extras.alignmentMode }
        set { mutableExtras.alignmentMode = newValue }
    }
    public var isWrapped: Bool {
        @inlinable get { extras.isWrapped }
        set { mutableExtras.isWrapped = newValue }
    }

    /// Whether hit-testing may find this layer and its sublayers (default true): false takes
    /// the whole subtree out of input, as UIView's `isUserInteractionEnabled = false` does.
    public var allowsHitTesting: Bool {
        @inlinable get { extras.allowsHitTesting }
        set { mutableExtras.allowsHitTesting = newValue }
    }

    /// How a line too long for the bounds is cut (`kCATruncation…`): `none` (the default),
    /// `start`, `middle` or `end`, with an ellipsis.
    public var truncationMode: String {
        @inlinable get { extras.truncationMode }
        set { mutableExtras.truncationMode = newValue }
    }

    /// The out-of-line properties (shared until one of them is set).
    @usableFromInline var extras: LayerExtras = .defaults

    /// `extras`, unshared first so that it may be changed.
    var mutableExtras: LayerExtras {
        mutating get {
            if !isKnownUniquelyReferenced(&extras) { extras = extras.copy() }
            return extras
        }
    }

    public init() {}

    /// `self = m`, field by field: no temporary copy of the whole value, no retain or
    /// release when both already share the extras box (the usual case when evaluation
    /// resets a presentation to its model every frame), and no allocation when this value
    /// owns a box of its own (a presentation that animates an out-of-line property keeps its
    /// box and has the model's values copied in). Every inline stored property must be
    /// listed: debug builds assert the result equals `m`, and a test changes every property.
    @inline(__always)
    mutating func assign(from m: LayerProperties) {
        withUnsafePointer(to: m) { assign(from: $0) }
    }

    /// `assign(from:)` reading `*m` field by field in place (it must not point at `self`).
    @inline(__always)
    mutating func assign(from m: UnsafePointer<LayerProperties>) {
        position = m.pointee.position; bounds = m.pointee.bounds; anchorPoint = m.pointee.anchorPoint
        zPosition = m.pointee.zPosition; transform = m.pointee.transform; opacity = m.pointee.opacity
        backgroundColor = m.pointee.backgroundColor; borderColor = m.pointee.borderColor
        borderWidth = m.pointee.borderWidth; cornerRadius = m.pointee.cornerRadius
        isHidden = m.pointee.isHidden; masksToBounds = m.pointee.masksToBounds
        if extras !== m.pointee.extras {
            if isKnownUniquelyReferenced(&extras) && extras !== LayerExtras.defaults {
                extras.assign(from: m.pointee.extras)
            } else {
                extras = m.pointee.extras
            }
        }
        assert(self == m.pointee, "LayerProperties.assign(from:) misses a stored property")
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
        case .mask: return .layer(mask)
        case .contentsGravity: return .string(contentsGravity)
        case .contentsScale: return .number(contentsScale)
        case .shadowPath: return .path(shadowPath)
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
        case .lineDashPattern: return .numbers(lineDashPattern)
        case .string: return .string(string)
        case .fontSize: return .number(fontSize)
        case .foregroundColor: return .color(foregroundColor)
        case .font: return .string(font)
        case .alignmentMode: return .string(alignmentMode)
        case .isWrapped: return .bool(isWrapped)
        case .allowsHitTesting: return .bool(allowsHitTesting)
        case .truncationMode: return .string(truncationMode)
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
        case let (.mask, .layer(l)): mask = l
        case let (.contentsGravity, .string(s)): contentsGravity = s
        case let (.contentsScale, .number(n)): contentsScale = n
        case let (.shadowPath, .path(p)): shadowPath = p
        case let (.lineDashPattern, .numbers(a)): lineDashPattern = a
        case let (.truncationMode, .string(s)): truncationMode = s
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
        case let (.allowsHitTesting, .bool(b)): allowsHitTesting = b
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

