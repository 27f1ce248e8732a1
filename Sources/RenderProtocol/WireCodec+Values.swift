import RenderCore

// Key paths, animatable values, paths, bitmaps and timing functions on the wire
// (`Protocol/PROTOCOL.md`, "Values"). Whether a value's kind suits its key path, or a
// component suits its property, is the receiver's check (`invalidValue`), not the codec's:
// the codec only rejects bytes that name nothing.

/// `AnimatableValue` tags (`u8`).
enum ValueTag: UInt8, CaseIterable {
    case number = 1
    case point = 2
    case size = 3
    case rect = 4
    case color = 5
    case transform = 6
    case bool = 7
    case path = 8
    case string = 9
    case contents = 10
    /// `array<f64>` (`lineDashPattern`).
    case numbers = 11
    /// Contents whose pixels are in shared memory (`SharedBitmapReference`): decoded into
    /// `.contents(Bitmap)`, written for a bitmap only when a sharer takes it.
    case sharedContents = 12
    /// `u32` layer id, 0 = none (`mask`).
    case layer = 13

    /// The tags a receiver knows, for error messages.
    static let known = "1 number, 2 point, 3 size, 4 rect, 5 color, 6 transform, 7 bool, 8 path, 9 string, "
        + "10 contents, 11 numbers, 12 shared contents, 13 layer"
}

/// `PathElement` tags (`u8`).
enum PathElementTag: UInt8, CaseIterable {
    case move = 1
    case line = 2
    case quad = 3
    case cubic = 4
    case close = 5
}

extension AnimatableValue {
    var wireTag: ValueTag {
        switch self {
        case .number: return .number
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .color: return .color
        case .transform: return .transform
        case .bool: return .bool
        case .path: return .path
        case .string: return .string
        case .contents: return .contents
        case .numbers: return .numbers
        case .layer: return .layer
        }
    }
}

// MARK: - Encoding

extension ByteWriter {
    /// `u8` property wire number, `u8` component wire number.
    @inline(__always)
    mutating func write(_ k: LayerKeyPath) {
        writeU8(k.property.rawValue)
        writeU8(k.component == .whole ? 0 : k.component.wireValue)
    }

    @inline(__always) mutating func write(_ p: Point) { writeDouble(p.x); writeDouble(p.y) }

    mutating func write(_ v: AnimatableValue) {
        if case let .contents(bitmap?) = v, let share = shareBitmap, let reference = share(bitmap) {
            writeU8(ValueTag.sharedContents.rawValue)
            write(reference)
            return
        }
        writeU8(v.wireTag.rawValue)
        switch v {
        case let .number(x): writeDouble(x)
        case let .point(p): write(p)
        case let .size(s): writeDouble(s.width); writeDouble(s.height)
        case let .rect(r):
            writeDouble(r.origin.x); writeDouble(r.origin.y); writeDouble(r.size.width); writeDouble(r.size.height)
        case let .color(c): writeDouble(c.red); writeDouble(c.green); writeDouble(c.blue); writeDouble(c.alpha)
        case let .transform(t): write(t)
        case let .bool(b): writeBool(b)
        case let .path(p): write(p)
        case let .string(s): writeString(s)
        case let .contents(bitmap):
            guard let bitmap else { writeU8(0); return }
            writeU8(1)
            writeCount(bitmap.width); writeCount(bitmap.height)
            writeBytes(bitmap.pixels)
        case let .numbers(list):
            writeCount(list.count)
            for x in list { writeDouble(x) }
        case let .layer(id): writeU32(id)
        }
    }

    /// Value tag 12's body (33 bytes).
    mutating func write(_ r: SharedBitmapReference) {
        writeU32(r.descriptor); writeU32(r.width); writeU32(r.height); writeU32(r.stride)
        writeU8(r.format.rawValue); writeU64(r.offset); writeU64(r.length)
    }

    /// 16 doubles in row order (m11 m12 m13 m14 m21 … m44).
    mutating func write(_ t: Transform3D) {
        writeDouble(t.m11); writeDouble(t.m12); writeDouble(t.m13); writeDouble(t.m14)
        writeDouble(t.m21); writeDouble(t.m22); writeDouble(t.m23); writeDouble(t.m24)
        writeDouble(t.m31); writeDouble(t.m32); writeDouble(t.m33); writeDouble(t.m34)
        writeDouble(t.m41); writeDouble(t.m42); writeDouble(t.m43); writeDouble(t.m44)
    }

    mutating func write(_ path: Path) {
        writeCount(path.elements.count)
        for e in path.elements {
            switch e {
            case let .move(p): writeU8(PathElementTag.move.rawValue); write(p)
            case let .line(p): writeU8(PathElementTag.line.rawValue); write(p)
            case let .quad(c, p): writeU8(PathElementTag.quad.rawValue); write(c); write(p)
            case let .cubic(c1, c2, p): writeU8(PathElementTag.cubic.rawValue); write(c1); write(c2); write(p)
            case .close: writeU8(PathElementTag.close.rawValue)
            }
        }
    }

    /// Four doubles: c1x, c1y, c2x, c2y.
    mutating func write(_ f: TimingFunction) {
        writeDouble(f.c1x); writeDouble(f.c1y); writeDouble(f.c2x); writeDouble(f.c2y)
    }

    /// `u8` presence tag, then the value.
    mutating func writeOptional(_ v: AnimatableValue?) {
        guard let v else { writeU8(0); return }
        writeU8(1); write(v)
    }
}

// MARK: - Decoding

extension WireReader {
    mutating func layerKeyPath() throws(ProtocolError) -> LayerKeyPath {
        let p = try u8("key path property")
        guard let property = PropertyKey(rawValue: p) else {
            throw badTag("key path property", p, expected: "a PropertyKey wire number: 1…23, 32…43, 48…54")
        }
        let c = try u8("key path component")
        guard let component = LayerKeyPath.Component(wireValue: c) else {
            throw badTag("key path component", c,
                         expected: "0…\(LayerKeyPath.Component.allCases.count - 1)")
        }
        guard component.isApplicable(to: property.valueKind) else {
            throw error(.malformed, at: frameOffset &- 2, "key path \(property.name).\(component.rawValue) names a "
                + "component a \(property.valueKind) property does not have (see the key-path components table "
                + "of Protocol/PROTOCOL.md)")
        }
        return LayerKeyPath(property, component)
    }

    @inline(__always)
    mutating func point(_ field: StaticString) throws(ProtocolError) -> Point {
        let x = try f64(field)
        return Point(x: x, y: try f64(field))
    }

    mutating func value(_ field: StaticString) throws(ProtocolError) -> AnimatableValue {
        let raw = try u8(field)
        guard let tag = ValueTag(rawValue: raw) else {
            throw badTag(field, raw, expected: "a value tag (\(ValueTag.known))")
        }
        switch tag {
        case .number:
            return .number(try f64("number"))
        case .point:
            return .point(try point("point"))
        case .size:
            let w = try f64("size.width")
            return .size(Size(width: w, height: try f64("size.height")))
        case .rect:
            let x = try f64("rect.x"), y = try f64("rect.y"), w = try f64("rect.width")
            return .rect(Rect(x: x, y: y, width: w, height: try f64("rect.height")))
        case .color:
            let r = try f64("color.red"), g = try f64("color.green"), b = try f64("color.blue")
            return .color(Color(red: r, green: g, blue: b, alpha: try f64("color.alpha")))
        case .transform:
            return .transform(try transform())
        case .bool:
            return .bool(try bool("bool value"))
        case .path:
            return .path(try path())
        case .string:
            return .string(try string("string value"))
        case .contents:
            guard try present("contents presence") else { return .contents(nil) }
            return .contents(try bitmap())
        case .numbers:
            // Bounded like keyframes: a dash pattern is a handful of numbers.
            let n = try count("number count", minElementSize: 8, limit: .maxKeyframes)
            var list = [Double]()
            list.reserveCapacity(n)
            for _ in 0..<n { list.append(try f64("number")) }
            return .numbers(list)
        case .layer:
            return .layer(try u32("layer reference"))
        case .sharedContents:
            return .contents(try sharedBitmap())
        }
    }

    /// Value tag 12: the reference's fields checked, then the pixels taken by the resolver.
    mutating func sharedBitmap() throws(ProtocolError) -> Bitmap {
        let start = frameOffset
        let index = try u32("shared bitmap descriptor index")
        let w = try u32("shared bitmap width"), h = try u32("shared bitmap height"), stride = try u32("shared bitmap stride")
        let rawFormat = try u8("shared bitmap format")
        let offset = try u64("shared bitmap offset"), length = try u64("shared bitmap length")
        guard let format = SharedBitmapFormat(rawValue: rawFormat) else {
            throw error(.malformed, at: start, "shared bitmap format \(rawFormat) is unknown (1 = premultiplied ARGB32 is "
                + "the only format); convert the pixels before sending them")
        }
        guard w >= 1, h >= 1, w <= 1 << 15, h <= 1 << 15 else {
            throw error(.malformed, at: start, "shared bitmap dimensions \(w)×\(h) are out of range (1…32768 on each "
                + "side); send absent contents instead of an empty bitmap")
        }
        guard UInt64(stride) >= UInt64(w) * 4, stride % 4 == 0 else {
            throw error(.malformed, at: start, "shared bitmap stride \(stride) is not a multiple of 4 of at least "
                + "width × 4 = \(UInt64(w) * 4) bytes")
        }
        guard length == UInt64(stride) * UInt64(h) else {
            throw error(.malformed, at: start, "shared bitmap length \(length) is not stride × height = "
                + "\(UInt64(stride) * UInt64(h)) bytes")
        }
        guard offset <= UInt64(Int64.max) - length else {
            throw error(.malformed, at: start, "shared bitmap offset \(offset) plus length \(length) overflows a file offset")
        }
        if let limits, length > UInt64(limits.maxBitmapBytes) {
            throw error(.limitExceeded, at: start, limits.exceeded(.maxBitmapBytes, asked: length,
                                                                   what: "shared bitmap of \(w)×\(h) pixels (stride \(stride)): bytes"))
        }
        guard let resolver = sharedBitmaps else {
            throw error(.invalidValue, at: start, "contents in shared memory (value tag 12) need the descriptors sent "
                + "with the frame, and this receiver takes none; send the bitmap inline (tag 10)")
        }
        let reference = SharedBitmapReference(descriptor: index, width: w, height: h, stride: stride, format: format,
                                              offset: offset, length: length)
        do throws(SharedBitmapError) {
            return try resolver.bitmap(for: reference)
        } catch {
            throw self.error(error.code, at: start, error.message)
        }
    }

    mutating func transform() throws(ProtocolError) -> Transform3D {
        guard bytes.remaining >= 128 else { throw truncated("transform (16 doubles)", needs: 128) }
        return Transform3D(
            m11: try f64("m11"), m12: try f64("m12"), m13: try f64("m13"), m14: try f64("m14"),
            m21: try f64("m21"), m22: try f64("m22"), m23: try f64("m23"), m24: try f64("m24"),
            m31: try f64("m31"), m32: try f64("m32"), m33: try f64("m33"), m34: try f64("m34"),
            m41: try f64("m41"), m42: try f64("m42"), m43: try f64("m43"), m44: try f64("m44"))
    }

    mutating func path() throws(ProtocolError) -> Path {
        // The smallest element (close) is its tag alone.
        let n = try count("path element count", minElementSize: 1, limit: .maxKeyframes)
        var elements = [PathElement]()
        elements.reserveCapacity(n)
        for _ in 0..<n {
            let raw = try u8("path element")
            guard let tag = PathElementTag(rawValue: raw) else {
                throw badTag("path element", raw, expected: "1 move, 2 line, 3 quad, 4 cubic, 5 close")
            }
            switch tag {
            case .move: elements.append(.move(try point("move point")))
            case .line: elements.append(.line(try point("line point")))
            case .quad:
                let c = try point("quad control point")
                elements.append(.quad(c, try point("quad end point")))
            case .cubic:
                let c1 = try point("cubic control point 1"), c2 = try point("cubic control point 2")
                elements.append(.cubic(c1, c2, try point("cubic end point")))
            case .close: elements.append(.close)
            }
        }
        return Path(elements)
    }

    /// `u32` width, `u32` height (each 1…32768), then width × height × 4 pixel bytes.
    mutating func bitmap() throws(ProtocolError) -> Bitmap {
        let start = frameOffset
        let w = Int(try u32("bitmap width")), h = Int(try u32("bitmap height"))
        guard w >= 1, h >= 1, w <= 1 << 15, h <= 1 << 15 else {
            throw error(.malformed, at: start, "bitmap dimensions \(w)×\(h) are out of range (1…32768 on each "
                + "side); send absent contents instead of an empty bitmap")
        }
        let n = w &* h &* 4
        let pixels = try rawBytes("bitmap pixels", count: n)
        do {
            return try Bitmap(width: w, height: h, pixels: pixels)
        } catch {
            throw self.error(.malformed, at: start, "\(error)")
        }
    }

    mutating func timingFunction() throws(ProtocolError) -> TimingFunction {
        let a = try f64("timing function c1x"), b = try f64("timing function c1y")
        let c = try f64("timing function c2x"), d = try f64("timing function c2y")
        return TimingFunction(a, b, c, d)
    }

    mutating func optionalValue(_ field: StaticString) throws(ProtocolError) -> AnimatableValue? {
        guard try present(field) else { return nil }
        return try value(field)
    }
}
