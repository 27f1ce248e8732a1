// The property map (`PropertyKey.field`, `LayerKeyPath.field`): the one table from a key
// (and a stored component of its key path) to its kind, place and slot. The table is
// checked as a table — every field within its column, no two overlapping, every column used
// whole — and as what reaches storage: every key and component round-trips through it, the
// typed accessors, `value(of:)`, the plans' loads and stores and the direct slots agree.
import Testing
@testable import RenderCore

@Suite struct PropertyMapTests {
    /// A distinct value of `kind`, different for each `seed`, and different from every default.
    static func value(_ kind: AnimatableValue.Kind, _ seed: Int) -> AnimatableValue {
        let x = Double(seed) + 0.25
        switch kind {
        case .number: return .number(x)
        case .point: return .point(Point(x, x + 100))
        case .size: return .size(Size(x + 200, x + 300))
        case .rect: return .rect(Rect(x: x + 400, y: x + 500, width: x + 600, height: x + 700))
        case .color: return .color(Color(red: x + 800, green: x + 900, blue: x + 1000, alpha: x + 1100))
        case .transform:
            return .transform(Transform3D(rows: (0..<16).map { x + 2000 + Double($0) }))
        case .bool: return .bool(true)  // every Boolean's default is false but allowsHitTesting's
        case .string: return .string("s\(seed)")
        case .path: return .path(Path(rect: Rect(x: x, y: 0, width: 1, height: 1)))
        case .contents: return .contents(Bitmap(width: 1, height: 1, fill: .red))
        case .numbers: return .numbers([x, x])
        case .layer: return .layer(UInt32(seed + 7))
        }
    }

    /// What the typed accessor of `key` reads (written out here, apart from the map, so that
    /// the test checks the accessors against `value(of:)`).
    static func accessor(_ p: LayerProperties, _ key: PropertyKey) -> AnimatableValue {
        switch key {
        case .position: return .point(p.position)
        case .bounds: return .rect(p.bounds)
        case .anchorPoint: return .point(p.anchorPoint)
        case .zPosition: return .number(p.zPosition)
        case .transform: return .transform(p.transform)
        case .sublayerTransform: return .transform(p.sublayerTransform)
        case .opacity: return .number(p.opacity)
        case .backgroundColor: return .color(p.backgroundColor)
        case .borderColor: return .color(p.borderColor)
        case .borderWidth: return .number(p.borderWidth)
        case .cornerRadius: return .number(p.cornerRadius)
        case .shadowColor: return .color(p.shadowColor)
        case .shadowOpacity: return .number(p.shadowOpacity)
        case .shadowOffset: return .size(p.shadowOffset)
        case .shadowRadius: return .number(p.shadowRadius)
        case .contentsRect: return .rect(p.contentsRect)
        case .isHidden: return .bool(p.isHidden)
        case .masksToBounds: return .bool(p.masksToBounds)
        case .contents: return .contents(p.contents)
        case .mask: return .layer(p.mask)
        case .contentsGravity: return .string(p.contentsGravity)
        case .contentsScale: return .number(p.contentsScale)
        case .shadowPath: return .path(p.shadowPath)
        case .allowsHitTesting: return .bool(p.allowsHitTesting)
        case .path: return .path(p.path)
        case .fillColor: return .color(p.fillColor)
        case .strokeColor: return .color(p.strokeColor)
        case .lineWidth: return .number(p.lineWidth)
        case .strokeStart: return .number(p.strokeStart)
        case .strokeEnd: return .number(p.strokeEnd)
        case .lineDashPhase: return .number(p.lineDashPhase)
        case .miterLimit: return .number(p.miterLimit)
        case .lineCap: return .string(p.lineCap)
        case .lineJoin: return .string(p.lineJoin)
        case .fillRule: return .string(p.fillRule)
        case .lineDashPattern: return .numbers(p.lineDashPattern)
        case .string: return .string(p.string)
        case .fontSize: return .number(p.fontSize)
        case .foregroundColor: return .color(p.foregroundColor)
        case .font: return .string(p.font)
        case .alignmentMode: return .string(p.alignmentMode)
        case .isWrapped: return .bool(p.isWrapped)
        case .truncationMode: return .string(p.truncationMode)
        }
    }

    @Test func fieldsFillTheirColumnsWithoutOverlap() {
        typealias Column = PropertyField.Column
        typealias Place = PropertyField.Place
        var used: [String: [PropertyKey?]] = [:]
        for place in Place.allCases {
            for column in Column.allCases {
                used["\(place) \(column)"] = Array(repeating: nil, count: PropertyColumns.count(column, place))
            }
        }
        for key in PropertyKey.allCases {
            let f = key.field
            #expect(f.kind == key.valueKind)
            #expect(f.column == PropertyField.column(of: f.kind))
            let name = "\(f.place) \(f.column)"
            for s in f.slots {
                guard s < used[name]!.count else {
                    Issue.record("\(key): \(f) lies outside its column of \(used[name]!.count)")
                    continue
                }
                #expect(used[name]![s] == nil, "\(key) overlaps \(String(describing: used[name]![s]))")
                used[name]![s] = key
            }
        }
        // A transform that is not planar is kept whole in the sparse box (the map's field
        // for `transform` is its planar part, inline).
        for s in PropertyColumns.sparseTransform ..< PropertyColumns.sparseTransform + 16 {
            #expect(used["sparse doubles"]![s] == nil, "\(String(describing: used["sparse doubles"]![s])) overlaps the transform")
            used["sparse doubles"]![s] = .transform
        }
        for (name, slots) in used {
            #expect(!slots.contains { $0 == nil }, "column \(name) has unused slots: \(slots)")
        }
        // The columns as declared hold what the map needs.
        let p = LayerProperties()
        #expect(p.words.count == PropertyColumns.inlineDoubles)
        #expect(p.flags.count == PropertyColumns.inlineBools)
        #expect(p.sparse.words.count == PropertyColumns.sparseDoubles)
        #expect(p.extras.words.count == PropertyColumns.extrasDoubles)
        #expect(p.extras.flags.count == PropertyColumns.extrasBools)
        #expect(p.extras.strings.count == PropertyColumns.extrasStrings)
        #expect(p.extras.paths.count == PropertyColumns.extrasPaths)
    }

    /// The sparse box (zPosition, transform, the border) is shared until one of its
    /// properties is set; a value owning one keeps it when it is reset to a model
    /// (`assign(from:)`), so that a presentation animating its transform writes it in place
    /// frame after frame.
    @Test func theSparseBoxIsSharedUntilSetAndKeptByItsOwner() {
        let model = LayerProperties()
        var other = LayerProperties()
        #expect(model.sparse === other.sparse)
        other.position = Point(1, 2)
        other.opacity = 0.5
        #expect(model.sparse === other.sparse)
        var presentation = model
        presentation.transform = Transform3D(rows: (0..<16).map(Double.init))
        #expect(presentation.sparse !== model.sparse && model.transform == .identity)
        let own = ObjectIdentifier(presentation.sparse)   // not a reference: it stays unique
        presentation.assign(from: model)
        #expect(presentation == model && ObjectIdentifier(presentation.sparse) == own)
        presentation.borderWidth = 2
        #expect(ObjectIdentifier(presentation.sparse) == own && model.borderWidth == 0 && model.sparse === other.sparse)
        // A planar transform (rotation, scale, translation, z too) is kept inline; set over a
        // transform that is not, it leaves the box as a value that never had one holds it.
        let planar = Transform3D(m11: 0.5, m12: 0.25, m13: 0, m14: 0, m21: -0.25, m22: 0.5, m23: 0, m24: 0,
                                 m31: 0, m32: 0, m33: 2, m34: 0, m41: 7, m42: -3, m43: 1, m44: 1)
        #expect(planar.isPlanar && !Transform3D(rows: (0..<16).map(Double.init)).isPlanar)
        var inline = LayerProperties()
        inline.transform = planar
        #expect(inline.sparse === model.sparse && !inline.transformIsSparse && inline.transform == planar)
        var back = LayerProperties()
        back.transform = Transform3D(rows: (0..<16).map(Double.init))
        #expect(back.transformIsSparse)
        back.transform = planar
        #expect(back == inline && back.value(of: .transform) == .transform(planar))
        back.transform = .identity
        #expect(back == LayerProperties())
    }

    @Test func defaultsAreCoreAnimations() {
        let p = LayerProperties()
        #expect(p.position == .zero && p.bounds == .zero && p.anchorPoint == Point(0.5, 0.5) && p.zPosition == 0)
        #expect(p.transform == .identity && p.sublayerTransform == .identity && p.opacity == 1)
        #expect(p.backgroundColor == .clear && p.borderColor == .black && p.borderWidth == 0 && p.cornerRadius == 0)
        #expect(p.shadowColor == .black && p.shadowOpacity == 0 && p.shadowOffset == Size(0, -3) && p.shadowRadius == 3)
        #expect(p.contentsRect == Rect(x: 0, y: 0, width: 1, height: 1) && !p.isHidden && !p.masksToBounds)
        #expect(p.contents == nil && p.mask == 0 && p.contentsGravity == "resize" && p.contentsScale == 1)
        #expect(p.shadowPath == .empty && p.path == .empty && p.fillColor == .black && p.strokeColor == .clear)
        #expect(p.lineWidth == 1 && p.strokeStart == 0 && p.strokeEnd == 1 && p.lineDashPhase == 0 && p.miterLimit == 10)
        #expect(p.lineCap == "butt" && p.lineJoin == "miter" && p.fillRule == "non-zero" && p.lineDashPattern == [])
        #expect(p.string == "" && p.fontSize == 36 && p.foregroundColor == .white && p.font == "Sans")
        #expect(p.alignmentMode == "natural" && !p.isWrapped && p.truncationMode == "none" && p.allowsHitTesting)
    }

    /// Every key: what `setValue(_:of:)` writes, `value(of:)` and the typed accessor read
    /// back, and no other key changes.
    @Test func everyKeyRoundTrips() throws {
        for (seed, key) in PropertyKey.allCases.enumerated() {
            let before = LayerProperties()
            var p = before
            var v = PropertyMapTests.value(key.valueKind, seed)
            if key == .allowsHitTesting { v = .bool(false) }
            try p.setValue(v, of: key)
            #expect(p.value(of: key) == v, "\(key)")
            #expect(PropertyMapTests.accessor(p, key) == v, "\(key)")
            for other in PropertyKey.allCases where other != key {
                #expect(p.value(of: other) == before.value(of: other), "writing \(key) changed \(other)")
            }
            // The wrong kind is refused and changes nothing.
            var q = before
            #expect(throws: KeyPathError.self) {
                try q.setValue(key.valueKind == .number ? .bool(true) : .number(1), of: key)
            }
            #expect(q == before)
            // A copy of the one property.
            var r = before
            withUnsafePointer(to: p) { r.assign(PropertySet(key), from: $0) }
            #expect(r == p, "assign(\(key))")
        }
    }

    /// Every stored component of every key: the map's field holds it where `value(at:)` and
    /// `setValue(_:at:)` find it, and the plans' loads and stores (`EvaluationPlan.read`,
    /// `write`) agree with them; a direct slot names the same doubles.
    @Test func everyComponentRoundTrips() throws {
        var checked = 0
        for key in PropertyKey.allCases {
            for component in LayerKeyPath.Component.allCases where component.isApplicable(to: key.valueKind) {
                let kp = LayerKeyPath(key, component)
                guard let f = kp.field else {
                    // Derived, not stored: only transform components.
                    #expect(key.valueKind == .transform && component != .whole, "\(kp)")
                    continue
                }
                #expect(f.kind == kp.valueKind, "\(kp)")
                let whole = key.field
                #expect(f.place == whole.place && whole.slots.contains(f.slots.lowerBound)
                        && f.slots.upperBound <= whole.slots.upperBound, "\(kp): \(f) within \(whole)")
                guard let kind = planKind(f.kind) else { continue }
                var p = LayerProperties()
                try p.setValue(PropertyMapTests.value(key.valueKind, 3), of: key)
                let v = PropertyMapTests.value(f.kind, 11)
                var viaKeyPath = p
                try viaKeyPath.setValue(v, at: kp)
                var viaPlan = p
                #expect(EvaluationPlan.write(kind, kp, Quad(v, kind)!, &viaPlan), "\(kp)")
                #expect(viaPlan == viaKeyPath, "\(kp)")
                #expect(viaPlan.value(at: kp) == v, "\(kp)")
                let read = EvaluationPlan.read(kind, kp, &viaKeyPath)
                #expect(read.map { Quad.same($0, Quad(v, kind)!) } == true, "\(kp)")
                let slot = EvaluationPlan.directSlot(kind, kp)
                if f.place == .inline {
                    #expect(slot == f.slot, "\(kp)")
                    var direct = p
                    direct.words.setQuad(Quad(v, kind)!, width: kind.width, at: Int(slot))
                    #expect(direct == viaKeyPath, "\(kp)")
                } else {
                    #expect(slot == EvaluationPlan.noSlot, "\(kp)")
                }
                checked += 1
            }
        }
        #expect(checked > 40)
    }

    /// Where a field lies in a `LayerProperties` value (`PropertyField.bytes`): inline
    /// doubles 8 bytes a slot, in the map's order; an out-of-line field its box's reference.
    @Test func fieldBytesFollowTheMap() {
        let opacity = PropertyKey.opacity.field.bytes
        #expect(opacity.count == 8)
        let position = PropertyKey.position.field.bytes
        #expect(position.count == 16)
        #expect(opacity.lowerBound - position.lowerBound
                == 8 * (Int(PropertyKey.opacity.field.slot) - Int(PropertyKey.position.field.slot)))
        #expect(PropertyKey.bounds.field.bytes.count == 32)
        let shadow = PropertyKey.shadowOpacity.field.bytes
        #expect(shadow == PropertyKey.fillColor.field.bytes)
        #expect(shadow.count == MemoryLayout<LayerExtras>.size)
        let box = PropertyKey.borderColor.field.bytes
        #expect(box == PropertyKey.zPosition.field.bytes)
        #expect(box.count == MemoryLayout<LayerSparse>.size && !box.overlaps(shadow))
        // The transform's: its planar part (8 inline doubles at its slot) through the sparse
        // box's reference (where a transform that is not planar is).
        let transform = PropertyKey.transform.field.bytes
        #expect(transform.lowerBound - position.lowerBound
                == 8 * (Int(PropertyKey.transform.field.slot) - Int(PropertyKey.position.field.slot)))
        #expect(transform.count >= 64 && transform.contains(box.lowerBound) && transform.contains(box.upperBound - 1))
        for key in PropertyKey.allCases {
            let bytes = key.field.bytes
            #expect(bytes.lowerBound >= 0 && bytes.upperBound <= MemoryLayout<LayerProperties>.size, "\(key)")
        }
    }

    func planKind(_ kind: AnimatableValue.Kind) -> EvaluationPlan.Kind? {
        switch kind {
        case .number: return .number
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .color: return .color
        default: return nil
        }
    }
}

extension Quad {
    static func same(_ x: Quad, _ y: Quad) -> Bool { x.a == y.a && x.b == y.b && x.c == y.c && x.d == y.d }
}
