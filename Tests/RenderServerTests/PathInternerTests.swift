import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer

/// `PathInterner`: equal paths committed to a store share one storage (what makes the render
/// list's per-frame content check one identity compare for a shape's path), within bounds.
@Suite struct PathInternerTests {
    /// A five-pointed star, built anew at each call (its own array, as a decoded message's).
    static func star(size: Double) -> Path {
        var p = Path()
        p.move(to: Point(size / 2, 0)); p.addLine(to: Point(size * 0.75, size)); p.addLine(to: Point(0, size * 0.375))
        p.addLine(to: Point(size, size * 0.375)); p.addLine(to: Point(size / 4, size)); p.closeSubpath()
        return p
    }

    static func storage(_ p: Path) -> UnsafeRawPointer? {
        p.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func equalPathsCommittedShareOneStorage() throws {
        let store = LayerStore()
        var events: [Message] = []
        for id: LayerID in 1...4 {
            store.apply(.createLayer(id, .shape), mediaTime: 0, events: &events)
            store.apply(.setProperty(id, LayerKeyPath(.path), .path(Self.star(size: id == 4 ? 20 : 40))), mediaTime: 0,
                        events: &events)
        }
        store.apply(.setProperty(3, LayerKeyPath(.shadowPath), .path(Self.star(size: 40))), mediaTime: 0, events: &events)
        #expect(events.isEmpty)
        let p = try (1...4).map { try #require(store.presentation(of: $0)) }
        #expect(p[0].path == Self.star(size: 40) && p[3].path == Self.star(size: 20))
        let shared = try #require(Self.storage(p[0].path))
        #expect(Self.storage(p[1].path) == shared)
        #expect(Self.storage(p[2].path) == shared)
        #expect(Self.storage(p[2].shadowPath) == shared)
        #expect(Self.storage(p[3].path) != shared)
        #expect(store.paths.count == 2)
    }

    @Test func keepsAtMostItsBoundsAndPassesOtherValuesThrough() {
        var interner = PathInterner()
        for i in 0..<(PathInterner.maxPaths + 10) {
            _ = interner.interned(.path(Path(rect: Rect(x: Double(i), y: 0, width: 1, height: 1))))
            #expect(interner.count <= PathInterner.maxPaths)
        }
        #expect(interner.count > 0)
        // Elements bound the table too: 1,000-element paths, each different.
        var long = PathInterner()
        for i in 0..<40 {
            let path = Path([.move(Point(Double(i), 0))] + Array(repeating: .line(Point(1, 1)), count: 999))
            let value = long.interned(.path(path))
            #expect(value == .path(path))
            #expect(long.count <= PathInterner.maxElements / 1_000)
        }
        // A path longer than the bound is not kept; empty paths and other values pass.
        var fresh = PathInterner()
        let huge = Path(Array(repeating: .line(Point(1, 1)), count: PathInterner.maxElements + 1))
        #expect(fresh.interned(.path(huge)) == .path(huge))
        #expect(fresh.interned(.path(.empty)) == .path(.empty))
        #expect(fresh.interned(.number(3)) == .number(3))
        #expect(fresh.count == 0)
    }
}
