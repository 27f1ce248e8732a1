import RenderCore
import Testing
@testable import RenderServer

/// Interning contents with a hint (the layer's content id last frame).
@Suite struct ContentTableTests {
    func content(_ width: Double) -> LayerContent {
        var c = LayerContent(kind: .layer, LayerProperties(), hasSublayers: false)
        c.bounds = Rect(x: 0, y: 0, width: width, height: 10)
        c.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        return c
    }

    @Test func aHintIsTakenOnlyWhenItsEntryIsEqualAndLive() {
        let table = ContentTable()
        let a = table.intern(content(10)), b = table.intern(content(20))
        #expect(a != b)
        // An equal entry's hint, a wrong hint, a hint out of range: each the one entry.
        #expect(table.intern(content(10), hint: a) == a)
        #expect(table.intern(content(20), hint: a) == b)
        #expect(table.intern(content(10), hint: 99) == a)
        #expect(table.liveCount == 2)
        // Freed entries hold a placeholder with stamp 0: a hint to one is not an entry, even
        // for a content equal to the placeholder.
        table.collect(keeping: RenderItems())
        #expect(table.liveCount == 0)
        let placeholderLike = LayerContent(kind: .layer, LayerProperties(), hasSublayers: false)
        let id = table.intern(placeholderLike, hint: a)
        #expect(table.liveCount == 1)
        #expect(table.column.stamp(id) != 0)
    }

    /// A presentation with every property away from its default, the contents gravity that
    /// only counts with contents among them.
    static func everythingSet() -> LayerProperties {
        var p = LayerProperties()
        p.bounds = Rect(x: 1, y: 2, width: 30, height: 40)
        p.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        p.borderColor = Color(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
        p.borderWidth = 2
        p.cornerRadius = 5
        p.shadowColor = Color(red: 0, green: 0, blue: 0, alpha: 1)
        p.shadowOpacity = 0.5
        p.shadowOffset = Size(width: 3, height: 4)
        p.shadowRadius = 6
        p.contents = Bitmap(width: 2, height: 2, fill: Color(red: 0, green: 1, blue: 0, alpha: 1))
        p.contentsRect = Rect(x: 0, y: 0, width: 0.5, height: 1)
        p.contentsGravity = "center"
        p.contentsScale = 2
        p.shadowPath = Path(rect: Rect(x: 0, y: 0, width: 5, height: 5))
        p.path = Path(ellipseIn: Rect(x: 0, y: 0, width: 20, height: 10))
        p.fillColor = Color(red: 1, green: 1, blue: 0, alpha: 1)
        p.strokeColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
        p.lineWidth = 3
        p.strokeStart = 0.1
        p.strokeEnd = 0.9
        p.lineDashPhase = 1
        p.miterLimit = 4
        p.lineCap = "round"
        p.lineJoin = "bevel"
        p.fillRule = "even-odd"
        p.lineDashPattern = [2, 3]
        p.string = "Hello"
        p.fontSize = 17
        p.foregroundColor = Color(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
        p.font = "Sans Bold"
        p.alignmentMode = "center"
        p.isWrapped = true
        p.truncationMode = "end"
        return p
    }

    /// The same kind of value, changed.
    static func changed(_ v: AnimatableValue) -> AnimatableValue {
        switch v {
        case let .number(x): return .number(x + 0.375)
        case let .point(p): return .point(Point(x: p.x + 1.5, y: p.y))
        case let .size(s): return .size(Size(width: s.width + 1.5, height: s.height))
        case let .rect(r): return .rect(Rect(x: r.minX, y: r.minY, width: r.width + 1.5, height: r.height))
        case let .color(c): return .color(Color(red: 1 - c.red, green: c.green, blue: c.blue, alpha: c.alpha))
        case let .transform(t): return .transform(t.concatenating(.translation(x: 1, y: 0, z: 0)))
        case let .bool(b): return .bool(!b)
        case let .path(p): return .path(p.isEmpty ? Path(rect: Rect(x: 0, y: 0, width: 1, height: 1)) : Path())
        case let .string(s): return .string(s + "x")
        case let .contents(b): return .contents(b == nil ? Bitmap(width: 1, height: 1, fill: .clear) : nil)
        case let .numbers(a): return .numbers(a + [1])
        case let .layer(id): return .layer(id + 1)
        }
    }

    /// `isMade(of:_:hasSublayers:)` answers as building the content and comparing it does,
    /// for each property of the property map changed in turn (and the sublayers' flag, and
    /// the kind), for each kind: a property the initializer reads that the comparison does
    /// not would make an item keep a stale content. Checked both ways: a property that does
    /// not change the content (position, opacity, …) must keep it.
    @Test func theInPlaceComparisonAgreesWithBuildingTheContent() throws {
        var samePropertiesKept = 0
        for kind in [LayerKind.layer, .shape, .text] {
            for hasSublayers in [false, true] {
                let base = ContentTableTests.everythingSet()
                let made = LayerContent(kind: kind, base, hasSublayers: hasSublayers)
                #expect(made.isMade(of: kind, base, hasSublayers: hasSublayers))
                #expect(made.isMade(of: kind, base, hasSublayers: !hasSublayers) == false)
                for other in [LayerKind.layer, .shape, .text] where other != kind {
                    #expect(made.isMade(of: other, base, hasSublayers: hasSublayers)
                            == (LayerContent(kind: other, base, hasSublayers: hasSublayers) == made))
                }
                for key in PropertyKey.allCases {
                    var p = base
                    try p.setValue(ContentTableTests.changed(p.value(of: key)), of: key)
                    let expected = LayerContent(kind: kind, p, hasSublayers: hasSublayers) == made
                    #expect(made.isMade(of: kind, p, hasSublayers: hasSublayers) == expected,
                            "\(kind), \(key) changed: building says \(expected ? "the same" : "different")")
                    if expected { samePropertiesKept += 1 }
                }
            }
        }
        // Not every change is a new content: the geometry-only properties keep it.
        #expect(samePropertiesKept > 0)
    }

    /// An item rebuilt with the same content keeps its entry without building one; one whose
    /// content changed gets another (the table made one, or found an equal one).
    @Test func aHintedEntryIsComparedInPlace() {
        let table = ContentTable()
        var p = ContentTableTests.everythingSet()
        let id = table.intern(LayerContent(kind: .layer, p, hasSublayers: false))
        #expect(table.column.isLive(id, madeOf: .layer, &p, hasSublayers: false))
        #expect(!table.column.isLive(id + 1, madeOf: .layer, &p, hasSublayers: false))
        #expect(!table.column.isLive(-1, madeOf: .layer, &p, hasSublayers: false))
        p.position = Point(x: 500, y: 500)
        #expect(table.column.isLive(id, madeOf: .layer, &p, hasSublayers: false))
        p.cornerRadius = 9
        #expect(!table.column.isLive(id, madeOf: .layer, &p, hasSublayers: false))
        table.collect(keeping: RenderItems())
        p.cornerRadius = 5
        #expect(!table.column.isLive(id, madeOf: .layer, &p, hasSublayers: false), "a freed entry is not live")
    }
}
