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
}
