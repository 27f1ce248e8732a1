/// The one table from a layer property — and from a component of its key path that is
/// stored as part of it (`position.x`, `bounds.size`, …) — to where `LayerProperties` keeps
/// its value: the value's kind, the place (inline in the value, in the shared box of the
/// doubles few layers set, or in the shared box of the other out-of-line properties) and
/// the slot, an index into that place's column for the kind.
///
///     column      element     kinds (width in elements)
///     doubles     Double      number 1 · point, size 2 · rect, color 4 · transform 16
///                             (inline: 8, its planar part; see below)
///     bools       Bool        bool 1
///     strings     String      string 1
///     paths       Path        path 1
///     contents    Bitmap?     contents 1      (one property each: the column holds one)
///     numbers     [Double]    numbers 1
///     layers      UInt32      layer 1
///
/// A value of several doubles takes consecutive slots in `Quad`'s order: a point's x, y; a
/// size's width, height; a rect's origin x, y then size width, height; a color's red, green,
/// blue, alpha; a transform's m11 … m44 in row order. A stored component is a field of its
/// own at its offset within its property's slots (`LayerKeyPath.field`).
///
/// Everything that reaches a property's storage goes through this table: the typed accessors
/// (`opacity`, `bounds`, …), `value(of:)` and `setValue(_:of:)`, the copies between models
/// and presentations (`assign`), the evaluation plans' loads and stores (`EvaluationPlan.slot`
/// is a field's slot) and where a field lies in a `LayerProperties` value (`PropertyField.bytes`). Slots
/// are indices into columns `LayerProperties`, `LayerSparse` and `LayerExtras` own
/// (fixed-size `InlineArray`s): nothing depends on how Swift lays out declared fields.
///
/// Inline are only the doubles nearly every layer sets or animates (position, bounds,
/// anchorPoint, the transform's planar part, opacity, backgroundColor, cornerRadius: 22,
/// 176 bytes), in the order of the fields they replaced, so that what a layer's animations
/// write stays close together; a plain layer carries no zPosition or border of its own
/// (`LayerSparse`: doubles a reference away, in one box every layer that sets none of them
/// shares).
///
/// The transform is the one property kept in two places. Inline are the 8 doubles of a
/// *planar* transform (`Transform3D.isPlanar`: an affine map of the plane, scaled and moved
/// along z — m11, m12, m21, m22, m33, m41, m42, m43; the rest of the matrix is 0 but m44,
/// 1), which is what nearly every layer's transform and transform animation is; a transform
/// of any other form is kept whole in the sparse box at `PropertyColumns.sparseTransform`,
/// and `LayerProperties.transformIsSparse` says which. Either way the other place holds the
/// identity, so that equal transforms are stored alike. `PropertyMapTests` checks the table:
/// every field within its column, no two overlapping, every column used whole.
@usableFromInline
package struct PropertyField: Hashable, Sendable, CustomStringConvertible {
    /// Where a field's column lies.
    @usableFromInline
    package enum Place: UInt8, Sendable, CaseIterable {
        /// In the `LayerProperties` value itself.
        case inline
        /// In its copy-on-write box of out-of-line properties (`LayerExtras`).
        case extras
        /// In its copy-on-write box of the doubles few layers set (`LayerSparse`: zPosition,
        /// the border's color and width, and a transform that is not planar). Doubles only.
        case sparse
    }

    /// The columns, one per element type.
    @usableFromInline
    package enum Column: UInt8, Sendable, CaseIterable {
        case doubles, bools, strings, paths, contents, numbers, layers
    }

    @usableFromInline package var kind: AnimatableValue.Kind
    @usableFromInline package var place: Place
    /// The first element's index in the column.
    @usableFromInline package var slot: UInt8

    @inlinable @inline(__always)
    package init(_ kind: AnimatableValue.Kind, _ place: Place, _ slot: UInt8) {
        self.kind = kind; self.place = place; self.slot = slot
    }

    /// The column the field's kind is kept in.
    @inlinable @inline(__always)
    package var column: Column { PropertyField.column(of: kind) }

    /// How many elements of its column the field takes: `width(of:)` its kind, but for the
    /// transform kept inline, its planar part (`PropertyColumns.planarTransformWidth`).
    @inlinable @inline(__always)
    package var width: Int {
        kind == .transform && place == .inline ? PropertyColumns.planarTransformWidth : PropertyField.width(of: kind)
    }

    /// The slots it takes.
    package var slots: Range<Int> { Int(slot) ..< Int(slot) + width }

    @inlinable @inline(__always)
    package static func column(of kind: AnimatableValue.Kind) -> Column {
        switch kind {
        case .number, .point, .size, .rect, .color, .transform: return .doubles
        case .bool: return .bools
        case .string: return .strings
        case .path: return .paths
        case .contents: return .contents
        case .numbers: return .numbers
        case .layer: return .layers
        }
    }

    @inlinable @inline(__always)
    package static func width(of kind: AnimatableValue.Kind) -> Int {
        switch kind {
        case .point, .size: return 2
        case .rect, .color: return 4
        case .transform: return 16
        default: return 1
        }
    }

    @usableFromInline package var description: String { "\(kind) \(place) \(column)[\(slots)]" }
}

/// The sizes of the columns the map's fields use (`PropertyMapTests` checks that the fields
/// fill them exactly). `LayerProperties`, `LayerSparse` and `LayerExtras` declare their
/// columns with these counts.
@usableFromInline
package enum PropertyColumns {
    /// `LayerProperties.words`: position, bounds, anchorPoint, the transform's planar part,
    /// opacity, backgroundColor, cornerRadius.
    package static let inlineDoubles = 22
    /// `LayerSparse.words`: zPosition, a transform that is not planar, borderColor,
    /// borderWidth.
    package static let sparseDoubles = 22
    /// Where in `LayerSparse.words` a transform that is not planar is kept (16 slots; the
    /// identity while the transform is planar). The map's field for `transform` is its
    /// inline planar part.
    @inlinable package static var sparseTransform: Int { 1 }
    /// The doubles of a planar transform kept inline: m11, m12, m21, m22, m33, m41, m42, m43.
    @inlinable package static var planarTransformWidth: Int { 8 }
    /// `LayerProperties.flags`: isHidden, masksToBounds.
    package static let inlineBools = 2
    /// `LayerExtras.words`.
    package static let extrasDoubles = 47
    /// `LayerExtras.flags`: isWrapped, allowsHitTesting.
    package static let extrasBools = 2
    /// `LayerExtras.strings`.
    package static let extrasStrings = 8
    /// `LayerExtras.paths`: shadowPath, path.
    package static let extrasPaths = 2

    /// The size of `column` at `place` (0: the place has no such column).
    package static func count(_ column: PropertyField.Column, _ place: PropertyField.Place) -> Int {
        switch (column, place) {
        case (.doubles, .inline): return inlineDoubles
        case (.doubles, .sparse): return sparseDoubles
        case (.bools, .inline): return inlineBools
        case (.doubles, .extras): return extrasDoubles
        case (.bools, .extras): return extrasBools
        case (.strings, .extras): return extrasStrings
        case (.paths, .extras): return extrasPaths
        case (.contents, .extras), (.numbers, .extras), (.layers, .extras): return 1
        default: return 0
        }
    }
}

extension PropertyKey {
    /// Where the property's value is kept (see `PropertyField`): the map itself.
    @inlinable @inline(__always)
    package var field: PropertyField {
        switch self {
        // Inline doubles (22).
        case .position: return PropertyField(.point, .inline, 0)
        case .bounds: return PropertyField(.rect, .inline, 2)
        case .anchorPoint: return PropertyField(.point, .inline, 6)
        case .transform: return PropertyField(.transform, .inline, 8)  // planar part; see above
        case .opacity: return PropertyField(.number, .inline, 16)
        case .backgroundColor: return PropertyField(.color, .inline, 17)
        case .cornerRadius: return PropertyField(.number, .inline, 21)
        // Sparse doubles (22): slots 1 ..< 17 hold a transform that is not planar.
        case .zPosition: return PropertyField(.number, .sparse, 0)
        case .borderColor: return PropertyField(.color, .sparse, 17)
        case .borderWidth: return PropertyField(.number, .sparse, 21)
        // Inline bools (2).
        case .isHidden: return PropertyField(.bool, .inline, 0)
        case .masksToBounds: return PropertyField(.bool, .inline, 1)
        // Out-of-line doubles (47).
        case .sublayerTransform: return PropertyField(.transform, .extras, 0)
        case .shadowColor: return PropertyField(.color, .extras, 16)
        case .shadowOpacity: return PropertyField(.number, .extras, 20)
        case .shadowOffset: return PropertyField(.size, .extras, 21)
        case .shadowRadius: return PropertyField(.number, .extras, 23)
        case .contentsRect: return PropertyField(.rect, .extras, 24)
        case .contentsScale: return PropertyField(.number, .extras, 28)
        case .fillColor: return PropertyField(.color, .extras, 29)
        case .strokeColor: return PropertyField(.color, .extras, 33)
        case .lineWidth: return PropertyField(.number, .extras, 37)
        case .strokeStart: return PropertyField(.number, .extras, 38)
        case .strokeEnd: return PropertyField(.number, .extras, 39)
        case .lineDashPhase: return PropertyField(.number, .extras, 40)
        case .miterLimit: return PropertyField(.number, .extras, 41)
        case .fontSize: return PropertyField(.number, .extras, 42)
        case .foregroundColor: return PropertyField(.color, .extras, 43)
        // Out-of-line bools (2).
        case .isWrapped: return PropertyField(.bool, .extras, 0)
        case .allowsHitTesting: return PropertyField(.bool, .extras, 1)
        // Out-of-line strings (8).
        case .contentsGravity: return PropertyField(.string, .extras, 0)
        case .lineCap: return PropertyField(.string, .extras, 1)
        case .lineJoin: return PropertyField(.string, .extras, 2)
        case .fillRule: return PropertyField(.string, .extras, 3)
        case .string: return PropertyField(.string, .extras, 4)
        case .font: return PropertyField(.string, .extras, 5)
        case .alignmentMode: return PropertyField(.string, .extras, 6)
        case .truncationMode: return PropertyField(.string, .extras, 7)
        // Out-of-line paths (2).
        case .shadowPath: return PropertyField(.path, .extras, 0)
        case .path: return PropertyField(.path, .extras, 1)
        // Columns of one.
        case .contents: return PropertyField(.contents, .extras, 0)
        case .lineDashPattern: return PropertyField(.numbers, .extras, 0)
        case .mask: return PropertyField(.layer, .extras, 0)
        }
    }
}

extension LayerKeyPath {
    /// Where the value at this key path is stored: its property's field, or for a component
    /// kept as part of the property's value (a point's `x`, `y`; a size's `width`, `height`;
    /// a rect's `origin`, `size`, `origin.x` … `size.height`) a field of the component's kind
    /// at its offset within the property's slots. Nil for a component that is not stored but
    /// derived (a transform's scale, rotation, translation: read from its decomposition).
    @inlinable @inline(__always)
    package var field: PropertyField? {
        let whole = property.field
        let offset: UInt8, kind: AnimatableValue.Kind
        switch (whole.kind, component) {
        case (_, .whole): return whole
        case (.point, .x), (.size, .width), (.rect, .originX): offset = 0; kind = .number
        case (.point, .y), (.size, .height), (.rect, .originY): offset = 1; kind = .number
        case (.rect, .sizeWidth): offset = 2; kind = .number
        case (.rect, .sizeHeight): offset = 3; kind = .number
        case (.rect, .origin): offset = 0; kind = .point
        case (.rect, .size): offset = 2; kind = .size
        default: return nil
        }
        return PropertyField(kind, whole.place, whole.slot + offset)
    }
}

extension PropertyField {
    /// Where the field lies within a `LayerProperties` value, in bytes: its slots in its
    /// inline column, found where `MemoryLayout` says the column lies (`words` or `flags`; an
    /// `InlineArray` keeps its elements contiguous), or, for a field kept out of line, the
    /// reference to its box. The transform's are its planar part's, the reference to the
    /// sparse box and `transformIsSparse`, and what lies between them. A fact about the
    /// model's own type, for a caller that fetches memory ahead of use (the server's walk):
    /// nothing here knows why.
    package var bytes: Range<Int> {
        typealias L = LayerProperties
        switch (place, column) {
        case (.inline, .doubles):
            let base = MemoryLayout<L>.offset(of: \L.words)!, stride = MemoryLayout<Double>.stride
            let own = base + slots.lowerBound * stride ..< base + slots.upperBound * stride
            guard kind == .transform else { return own }
            let box = MemoryLayout<L>.offset(of: \L.sparse)!, flag = MemoryLayout<L>.offset(of: \L.transformIsSparse)!
            return min(own.lowerBound, box, flag) ..< max(own.upperBound, box + MemoryLayout<LayerSparse>.size, flag + 1)
        case (.inline, .bools):
            let base = MemoryLayout<L>.offset(of: \L.flags)!, stride = MemoryLayout<Bool>.stride
            return base + slots.lowerBound * stride ..< base + slots.upperBound * stride
        case (.inline, _):
            preconditionFailure("the property map keeps only doubles and Booleans inline (\(self))")
        case (.extras, _):
            let offset = MemoryLayout<L>.offset(of: \L.extras)!
            return offset ..< offset + MemoryLayout<LayerExtras>.size
        case (.sparse, _):
            let offset = MemoryLayout<L>.offset(of: \L.sparse)!
            return offset ..< offset + MemoryLayout<LayerSparse>.size
        }
    }
}
