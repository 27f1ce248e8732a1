/// Every property of a layer, with Core Animation's defaults. One value serves as the model
/// and, after evaluation, as the presentation of a layer, on both sides of the socket.
///
/// Storage (the server holds one per layer, and evaluation resets a presentation from its
/// model every frame, so size matters): the CALayer properties nearly every layer sets or
/// animates (position, bounds, anchorPoint, opacity, backgroundColor, cornerRadius and the
/// two flags) are stored inline; zPosition, transform and the border — doubles a plain
/// layer leaves at their defaults — in a small shared, copy-on-write box (`LayerSparse`);
/// the rest — `sublayerTransform`, shadow, `contentsRect`, contents and every shape and
/// text property — in another (`LayerExtras`). Every layer that sets none of a box's
/// properties shares one default box. Reading or writing any of them is a property
/// access; only the first write to a shared box copies it. Where each property lies —
/// inline or in a box, in which column, at which slot — is
/// the property map's answer (`PropertyKey.field`, see `PropertyField`): the accessors, the
/// copies, evaluation and the server's prefetching all ask it, and nothing else knows.
public struct LayerProperties: Hashable, Sendable {
    // Every property below is kept where the property map says (`PropertyKey.field`): its
    // accessors read and write that field's slots and nothing else. Each names the place of
    // its column (`inlineSlot`, `sparseSlot`, `outOfLineSlot` check it against the map in
    // debug builds, and `PropertyMapTests` checks every accessor against `value(of:)`): a
    // branch on the place inside a getter would make the optimizer copy the whole value to
    // address its column.
    // CALayer
    public var position: Point {
        @inlinable @inline(__always) get { words.point(at: inlineSlot(.position)) }
        @inlinable @inline(__always) set { words.setPoint(newValue, at: inlineSlot(.position)) }
    }
    public var bounds: Rect {
        @inlinable @inline(__always) get { words.rect(at: inlineSlot(.bounds)) }
        @inlinable @inline(__always) set { words.setRect(newValue, at: inlineSlot(.bounds)) }
    }
    public var anchorPoint: Point {
        @inlinable @inline(__always) get { words.point(at: inlineSlot(.anchorPoint)) }
        @inlinable @inline(__always) set { words.setPoint(newValue, at: inlineSlot(.anchorPoint)) }
    }
    public var zPosition: Double {
        @inlinable @inline(__always) get { sparse.words[sparseSlot(.zPosition)] }
        @inlinable @inline(__always) set { mutableSparse.words[sparseSlot(.zPosition)] = newValue }
    }
    public var transform: Transform3D {
        @inlinable @inline(__always) get {
            transformIsSparse ? sparse.transform(at: PropertyColumns.sparseTransform)
                              : words.planarTransform(at: inlineSlot(.transform))
        }
        @inlinable @inline(__always) set { setTransform(newValue) }
    }
    public var sublayerTransform: Transform3D {
        @inlinable @inline(__always) get { extras.transform(at: outOfLineSlot(.sublayerTransform)) }
        @inlinable @inline(__always) set { mutableExtras.words.setTransform(newValue, at: outOfLineSlot(.sublayerTransform)) }
    }
    public var opacity: Double {
        @inlinable @inline(__always) get { words[inlineSlot(.opacity)] }
        @inlinable @inline(__always) set { words[inlineSlot(.opacity)] = newValue }
    }
    /// `.clear` stands for Core Animation's `nil` background.
    public var backgroundColor: Color {
        @inlinable @inline(__always) get { words.color(at: inlineSlot(.backgroundColor)) }
        @inlinable @inline(__always) set { words.setColor(newValue, at: inlineSlot(.backgroundColor)) }
    }
    public var borderColor: Color {
        @inlinable @inline(__always) get { sparse.color(at: sparseSlot(.borderColor)) }
        @inlinable @inline(__always) set { mutableSparse.words.setColor(newValue, at: sparseSlot(.borderColor)) }
    }
    public var borderWidth: Double {
        @inlinable @inline(__always) get { sparse.words[sparseSlot(.borderWidth)] }
        @inlinable @inline(__always) set { mutableSparse.words[sparseSlot(.borderWidth)] = newValue }
    }
    public var cornerRadius: Double {
        @inlinable @inline(__always) get { words[inlineSlot(.cornerRadius)] }
        @inlinable @inline(__always) set { words[inlineSlot(.cornerRadius)] = newValue }
    }
    public var shadowColor: Color {
        @inlinable @inline(__always) get { extras.color(at: outOfLineSlot(.shadowColor)) }
        @inlinable @inline(__always) set { mutableExtras.words.setColor(newValue, at: outOfLineSlot(.shadowColor)) }
    }
    public var shadowOpacity: Double {
        @inlinable @inline(__always) get { extras.words[outOfLineSlot(.shadowOpacity)] }
        @inlinable @inline(__always) set { mutableExtras.words[outOfLineSlot(.shadowOpacity)] = newValue }
    }
    public var shadowOffset: Size {
        @inlinable @inline(__always) get { extras.size(at: outOfLineSlot(.shadowOffset)) }
        @inlinable @inline(__always) set { mutableExtras.words.setSize(newValue, at: outOfLineSlot(.shadowOffset)) }
    }
    public var shadowRadius: Double {
        @inlinable @inline(__always) get { extras.words[outOfLineSlot(.shadowRadius)] }
        @inlinable @inline(__always) set { mutableExtras.words[outOfLineSlot(.shadowRadius)] = newValue }
    }
    public var contentsRect: Rect {
        @inlinable @inline(__always) get { extras.rect(at: outOfLineSlot(.contentsRect)) }
        @inlinable @inline(__always) set { mutableExtras.words.setRect(newValue, at: outOfLineSlot(.contentsRect)) }
    }
    public var isHidden: Bool {
        @inlinable @inline(__always) get { flags[inlineSlot(.isHidden)] }
        @inlinable @inline(__always) set { flags[inlineSlot(.isHidden)] = newValue }
    }
    public var masksToBounds: Bool {
        @inlinable @inline(__always) get { flags[inlineSlot(.masksToBounds)] }
        @inlinable @inline(__always) set { flags[inlineSlot(.masksToBounds)] = newValue }
    }
    public var contents: Bitmap? {
        @inlinable @inline(__always) get { contentsValue(.contents) }
        @inlinable @inline(__always) set { setContentsValue(newValue, .contents) }
    }
    /// The id of the layer whose alpha masks this one (`CALayer.mask`), 0 for none. The
    /// mask is in no layer tree; it is drawn in this layer's bounds coordinates.
    public var mask: UInt32 {
        @inlinable @inline(__always) get { layer(.mask) }
        @inlinable @inline(__always) set { setLayer(newValue, .mask) }
    }
    /// Where the contents bitmap goes in the bounds (`kCAGravity…`): `center`, `top`,
    /// `bottom`, `left`, `right`, `topLeft`, `topRight`, `bottomLeft`, `bottomRight`,
    /// `resize` (the default), `resizeAspect`, `resizeAspectFill`. `top` is the bounds'
    /// minimum y (the display's y grows downwards, as on iOS).
    public var contentsGravity: String {
        @inlinable @inline(__always) get { string(.contentsGravity) }
        @inlinable @inline(__always) set { setString(newValue, .contentsGravity) }
    }
    /// Bitmap pixels per point of contents: the bitmap's natural size for gravity is its
    /// pixel size divided by this (default 1).
    public var contentsScale: Double {
        @inlinable @inline(__always) get { extras.words[outOfLineSlot(.contentsScale)] }
        @inlinable @inline(__always) set { mutableExtras.words[outOfLineSlot(.contentsScale)] = newValue }
    }
    /// The shadow's shape in bounds coordinates; empty (the default) for Core Animation's
    /// nil: the shadow follows the layer's alpha.
    public var shadowPath: Path {
        @inlinable @inline(__always) get { path(.shadowPath) }
        @inlinable @inline(__always) set { setPath(newValue, .shadowPath) }
    }
    // CAShapeLayer
    public var path: Path {
        @inlinable @inline(__always) get { path(.path) }
        @inlinable @inline(__always) set { setPath(newValue, .path) }
    }
    public var fillColor: Color {
        @inlinable @inline(__always) get { extras.color(at: outOfLineSlot(.fillColor)) }
        @inlinable @inline(__always) set { mutableExtras.words.setColor(newValue, at: outOfLineSlot(.fillColor)) }
    }
    public var strokeColor: Color {
        @inlinable @inline(__always) get { extras.color(at: outOfLineSlot(.strokeColor)) }
        @inlinable @inline(__always) set { mutableExtras.words.setColor(newValue, at: outOfLineSlot(.strokeColor)) }
    }
    public var lineWidth: Double {
        @inlinable @inline(__always) get { extras.words[outOfLineSlot(.lineWidth)] }
        @inlinable @inline(__always) set { mutableExtras.words[outOfLineSlot(.lineWidth)] = newValue }
    }
    public var strokeStart: Double {
        @inlinable @inline(__always) get { extras.words[outOfLineSlot(.strokeStart)] }
        @inlinable @inline(__always) set { mutableExtras.words[outOfLineSlot(.strokeStart)] = newValue }
    }
    public var strokeEnd: Double {
        @inlinable @inline(__always) get { extras.words[outOfLineSlot(.strokeEnd)] }
        @inlinable @inline(__always) set { mutableExtras.words[outOfLineSlot(.strokeEnd)] = newValue }
    }
    public var lineDashPhase: Double {
        @inlinable @inline(__always) get { extras.words[outOfLineSlot(.lineDashPhase)] }
        @inlinable @inline(__always) set { mutableExtras.words[outOfLineSlot(.lineDashPhase)] = newValue }
    }
    public var miterLimit: Double {
        @inlinable @inline(__always) get { extras.words[outOfLineSlot(.miterLimit)] }
        @inlinable @inline(__always) set { mutableExtras.words[outOfLineSlot(.miterLimit)] = newValue }
    }
    public var lineCap: String {
        @inlinable @inline(__always) get { string(.lineCap) }
        @inlinable @inline(__always) set { setString(newValue, .lineCap) }
    }
    public var lineJoin: String {
        @inlinable @inline(__always) get { string(.lineJoin) }
        @inlinable @inline(__always) set { setString(newValue, .lineJoin) }
    }
    public var fillRule: String {
        @inlinable @inline(__always) get { string(.fillRule) }
        @inlinable @inline(__always) set { setString(newValue, .fillRule) }
    }
    /// Dash and gap lengths in points, alternating, starting with a dash; empty (the
    /// default) strokes solid.
    public var lineDashPattern: [Double] {
        @inlinable @inline(__always) get { numbers(.lineDashPattern) }
        @inlinable @inline(__always) set { setNumbers(newValue, .lineDashPattern) }
    }
    // CATextLayer
    public var string: String {
        @inlinable @inline(__always) get { string(.string) }
        @inlinable @inline(__always) set { setString(newValue, .string) }
    }
    public var fontSize: Double {
        @inlinable @inline(__always) get { extras.words[outOfLineSlot(.fontSize)] }
        @inlinable @inline(__always) set { mutableExtras.words[outOfLineSlot(.fontSize)] = newValue }
    }
    public var foregroundColor: Color {
        @inlinable @inline(__always) get { extras.color(at: outOfLineSlot(.foregroundColor)) }
        @inlinable @inline(__always) set { mutableExtras.words.setColor(newValue, at: outOfLineSlot(.foregroundColor)) }
    }
    public var font: String {
        @inlinable @inline(__always) get { string(.font) }
        @inlinable @inline(__always) set { setString(newValue, .font) }
    }
    public var alignmentMode: String {
        @inlinable @inline(__always) get { string(.alignmentMode) }
        @inlinable @inline(__always) set { setString(newValue, .alignmentMode) }
    }
    public var isWrapped: Bool {
        @inlinable @inline(__always) get { extras.flags[outOfLineSlot(.isWrapped)] }
        @inlinable @inline(__always) set { mutableExtras.flags[outOfLineSlot(.isWrapped)] = newValue }
    }
    /// Whether hit-testing may find this layer and its sublayers (default true): false takes
    /// the whole subtree out of input, as UIView's `isUserInteractionEnabled = false` does.
    public var allowsHitTesting: Bool {
        @inlinable @inline(__always) get { extras.flags[outOfLineSlot(.allowsHitTesting)] }
        @inlinable @inline(__always) set { mutableExtras.flags[outOfLineSlot(.allowsHitTesting)] = newValue }
    }
    /// How a line too long for the bounds is cut (`kCATruncation…`): `none` (the default),
    /// `start`, `middle` or `end`, with an ellipsis.
    public var truncationMode: String {
        @inlinable @inline(__always) get { string(.truncationMode) }
        @inlinable @inline(__always) set { setString(newValue, .truncationMode) }
    }

    /// The inline doubles (`PropertyColumns.inlineDoubles`): the number, point, rect and
    /// color properties the map keeps inline and the transform's planar part, at their
    /// slots.
    @usableFromInline var words: InlineArray<22, Double>
    /// The doubles of zPosition, the border and a transform that is not planar (shared
    /// until one is set).
    @usableFromInline var sparse: LayerSparse
    /// The out-of-line properties (shared until one of them is set).
    @usableFromInline var extras: LayerExtras
    /// The inline Booleans (`PropertyColumns.inlineBools`).
    @usableFromInline var flags: InlineArray<2, Bool>
    /// Where `transform` is: false, its planar part inline (the sparse box holds the
    /// identity there); true, whole in the sparse box (the inline part holds the identity's).
    @usableFromInline var transformIsSparse = false

    /// `extras`, unshared first so that it may be changed.
    @usableFromInline var mutableExtras: LayerExtras {
        mutating get {
            if !isKnownUniquelyReferenced(&extras) { extras = extras.copy() }
            return extras
        }
    }

    /// `sparse`, unshared first so that it may be changed.
    @usableFromInline var mutableSparse: LayerSparse {
        mutating get {
            if !isKnownUniquelyReferenced(&sparse) { sparse = sparse.copy() }
            return sparse
        }
    }

    /// Core Animation's defaults.
    public init() {
        self.init(extras: .defaults, sparse: .defaults)
        anchorPoint = Point(x: 0.5, y: 0.5)
        transform = .identity
        opacity = 1
    }

    /// Zeros inline (the defaults of everything but the properties `init()` sets), `extras`
    /// and `sparse` out of line.
    init(extras: LayerExtras, sparse: LayerSparse) {
        words = InlineArray(repeating: 0)
        flags = InlineArray(repeating: false)
        self.extras = extras
        self.sparse = sparse
    }

    /// `self = m`, column by column: no temporary copy of the whole value, no retain or
    /// release when both already share the boxes (the usual case when evaluation resets a
    /// presentation to its model every frame), and no allocation when this value owns a box
    /// of its own (a presentation that animates a property kept out of line — its
    /// transform, say — keeps its box and has the model's values copied in). Debug builds
    /// assert the result equals `m`.
    @inline(__always)
    mutating func assign(from m: LayerProperties) {
        withUnsafePointer(to: m) { assign(from: $0) }
    }

    /// `assign(from:)` reading `*m` in place (it must not point at `self`).
    @inline(__always)
    mutating func assign(from m: UnsafePointer<LayerProperties>) {
        words = m.pointee.words
        flags = m.pointee.flags
        transformIsSparse = m.pointee.transformIsSparse
        if extras !== m.pointee.extras {
            if isKnownUniquelyReferenced(&extras) && extras !== LayerExtras.defaults {
                extras.assign(from: m.pointee.extras)
            } else {
                extras = m.pointee.extras
            }
        }
        if sparse !== m.pointee.sparse {
            if isKnownUniquelyReferenced(&sparse) && sparse !== LayerSparse.defaults {
                sparse.assign(from: m.pointee.sparse)
            } else {
                sparse = m.pointee.sparse
            }
        }
        assert(self == m.pointee, "LayerProperties.assign(from:) misses a column")
    }

    public static func == (a: LayerProperties, b: LayerProperties) -> Bool {
        a.words.elementsEqual(b.words) && a.flags.elementsEqual(b.flags) && a.transformIsSparse == b.transformIsSparse
            && a.sparse == b.sparse && a.extras == b.extras
    }

    public func hash(into h: inout Hasher) {
        words.hashElements(into: &h); flags.hashElements(into: &h); h.combine(transformIsSparse)
        sparse.hash(into: &h); extras.hash(into: &h)
    }

    /// The layer's frame in its superlayer's space when its transform is affine-free of
    /// rotation: `position − anchorPoint × bounds.size`.
    public var frame: Rect {
        Rect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
             width: bounds.width, height: bounds.height)
    }

    // MARK: Whole properties

    /// The value of a property, read where the map keeps it.
    @inlinable
    public func value(of key: PropertyKey) -> AnimatableValue {
        withUnsafePointer(to: self) { LayerProperties.value(of: key, in: $0) }
    }

    /// `value(of:)` of `*p`, read in place: a reader that branches on the field's kind and
    /// place over a borrowed value would make the optimizer copy the value whole first.
    @inlinable @inline(__always)
    static func value(of key: PropertyKey, in p: UnsafePointer<LayerProperties>) -> AnimatableValue {
        let f = key.field, s = Int(f.slot)
        if f.place == .inline {
            switch f.kind {
            case .number: return .number(p.pointee.words[s])
            case .point: return .point(p.pointee.words.point(at: s))
            case .size: return .size(p.pointee.words.size(at: s))
            case .rect: return .rect(p.pointee.words.rect(at: s))
            case .color: return .color(p.pointee.words.color(at: s))
            case .transform: return .transform(transform(in: p))
            case .bool: return .bool(p.pointee.flags[s])
            default: preconditionFailure("the property map keeps only doubles and Booleans inline (\(key))")
            }
        }
        if f.place == .sparse {
            let b = p.pointee.sparse
            switch f.kind {
            case .number: return .number(b.words[s])
            case .point: return .point(b.point(at: s))
            case .size: return .size(b.size(at: s))
            case .rect: return .rect(b.rect(at: s))
            case .color: return .color(b.color(at: s))
            case .transform: return .transform(b.transform(at: s))
            default: preconditionFailure("the property map keeps only doubles in the sparse box (\(key))")
            }
        }
        let e = p.pointee.extras
        switch f.kind {
        case .number: return .number(e.words[s])
        case .point: return .point(e.point(at: s))
        case .size: return .size(e.size(at: s))
        case .rect: return .rect(e.rect(at: s))
        case .color: return .color(e.color(at: s))
        case .transform: return .transform(e.transform(at: s))
        case .bool: return .bool(e.flags[s])
        case .string: return .string(e.strings[s])
        case .path: return .path(e.paths[s])
        case .contents: return .contents(e.contents)
        case .numbers: return .numbers(e.numbers)
        case .layer: return .layer(e.layer)
        }
    }

    /// Sets a property where the map keeps it. Throws `KeyPathError.typeMismatch` when the
    /// value is of the wrong kind; the properties are unchanged then.
    @inlinable
    public mutating func setValue(_ v: AnimatableValue, of key: PropertyKey) throws(KeyPathError) {
        guard v.kind == key.field.kind else {
            throw .typeMismatch(keyPath: key.name, expected: key.valueKind, got: v.kind)
        }
        switch v {
        case let .number(n): setNumber(n, key)
        case let .point(p): setPoint(p, key)
        case let .size(s): setSize(s, key)
        case let .rect(r): setRect(r, key)
        case let .color(c): setColor(c, key)
        case let .transform(t): setTransformValue(t, key)
        case let .bool(b): setBool(b, key)
        case let .string(s): setString(s, key)
        case let .path(p): setPath(p, key)
        case let .contents(b): setContentsValue(b, key)
        case let .numbers(a): setNumbers(a, key)
        case let .layer(l): setLayer(l, key)
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

