import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// What keeps the compositor's memory per layer small (issue 21): the compact index by layer
/// id, damage merged as it is found, and updates that copy only the rows they change.
@Suite struct CompositorMemoryTests {
    @Test func theItemIndexFindsEveryLayerItHoldsAndNoOther() {
        var rng = SeededRandom(seed: 21)
        var ids = Set<LayerID>()
        while ids.count < 60_000 { ids.insert(LayerID.random(in: 1...LayerID.max, using: &rng)) }
        let all = Array(ids)
        var index = ItemIndex()
        for (i, id) in all[..<50_000].enumerated() { index[id] = i }
        #expect(index.count == 50_000)
        // Moved items: the last value set wins, the count stays.
        for (i, id) in all[..<1_000].enumerated() { index[id] = 100_000 + i }
        #expect(index.count == 50_000)
        for (i, id) in all[..<50_000].enumerated() {
            #expect(index[id] == (i < 1_000 ? 100_000 + i : i))
        }
        for id in all[50_000...] { #expect(index[id] == nil) }
        #expect(index[0] == nil)
        var reserved = ItemIndex()
        reserved.reserveCapacity(3)
        reserved[7] = 0
        reserved[8] = 2
        #expect(reserved[7] == 0 && reserved[8] == 2 && reserved[9] == nil && reserved.count == 2)
    }

    /// The merge the damage pass used to run on all of a frame's rectangles at once.
    private static func mergedAtOnce(_ input: [PixelRect], display: PixelRect) -> [PixelRect] {
        var out: [PixelRect] = []
        for var r in input.filter({ !$0.isEmpty }).map({ $0.intersection(display) }).filter({ !$0.isEmpty }) {
            var merged = true
            while merged {
                merged = false
                if let j = out.firstIndex(where: { $0.intersects(r) }) { r = r.union(out.remove(at: j)); merged = true }
            }
            out.append(r)
        }
        if out.count > Rasterizer.maxRects { return [out.reduce(PixelRect.empty) { $0.union($1) }] }
        return out
    }

    @Test func damageMergedAsFoundIsTheSameAsMergedAtOnce() {
        var rng = SeededRandom(seed: 7)
        let display = PixelRect(x: 0, y: 0, width: 320, height: 240)
        for round in 0..<300 {
            let n = [1, 3, 8, 9, 20, 200][round % 6]
            let size = [4, 30, 120][round % 3]
            let rects = (0..<n).map { _ in
                PixelRect(x: Int.random(in: -40...340, using: &rng), y: Int.random(in: -40...260, using: &rng),
                          width: Int.random(in: -2...size, using: &rng), height: Int.random(in: -2...size, using: &rng))
            }
            var damage = Rasterizer.Damage(display: display)
            for r in rects { damage.append(r) }
            #expect(damage.merged == CompositorMemoryTests.mergedAtOnce(rects, display: display), "round \(round)")
        }
    }

    /// A commit that changes only opacities rebuilds those layers' items in place, writing
    /// their records and none of their geometry rows: the geometry chunks stay shared with
    /// the list before.
    @Test func anOpacityChangeCopiesRecordsAndSharesTheGeometry() throws {
        let scene = try DrawnScene(width: 160, height: 120)
        var body: [Command] = []
        for k in 0..<600 {
            let id = LayerID(k + 2)
            body += [S.create(id)] + S.frame(id, Double(k % 40) * 4, Double(k / 40) * 4, 3, 3)
                + [S.set(id, .backgroundColor, S.color(0.2, 0.4, 0.6)), S.add(id, to: 1)]
        }
        try scene.commit(S.scene(body))
        let builder = RenderListBuilder()
        func build(_ frame: UInt64) -> RenderList {
            scene.server.step(seconds: 1.0 / 60)
            let trees = scene.server.core.sessions.map {
                PresentedTree(sessionID: $0.id, store: $0.store, version: $0.appliedSequence)
            }
            return builder.build(FrameSnapshot(frame: frame, mediaTime: 0, width: 160, height: 120, trees: trees))
        }
        let first = try #require(build(1).blocks.first)
        // One layer in each of the first two chunks (items 0..<256, 256..<512).
        try scene.commit([S.set(10, .opacity, .number(0.5)), S.set(300, .opacity, .number(0.25))])
        let second = try #require(build(2).blocks.first)
        #expect(builder.subtreeBuilds == 2)
        let (count, chunks) = (second.count, first.chunkCount)
        #expect(count == 601 && chunks == 3)
        for c in 0..<2 {
            let records = second.sharesChunk(c, with: first), geometry = second.sharesGeometryChunk(c, with: first)
            #expect(!records && geometry, "chunk \(c)")
        }
        let untouched = second.sharesChunk(2, with: first)
        #expect(untouched)
        let i = try #require((0..<second.count).first { second.key(at: $0) & 0xFFFF_FFFF == 300 })
        let (now, before) = (second[i], first[i])
        #expect(now.opacity == 0.25 && before.opacity == 1)
        let sameGeometry = now.world == before.world && now.screenBounds == before.screenBounds
        #expect(sameGeometry)
    }
}
