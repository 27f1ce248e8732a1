import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// Lean render items (issue 21): a record of at most 48 bytes referring to a content table
/// that keeps each distinct content once, and to space nodes a layer's sublayers share.
@Suite struct RenderItemLayoutTests {
    @Test func aRenderItemRecordIsAtMost48Bytes() {
        #expect(MemoryLayout<ItemRecord>.stride <= 48)
    }

    @Test func layersThatDrawTheSameShareOneContentEntryAndSiblingsOneSpaceNode() throws {
        let scene = try DrawnScene(width: 160, height: 120)
        // 40 squares of two colours, all of one size: two distinct contents besides the root's.
        var body: [Command] = []
        for k in 0..<40 {
            let id = LayerID(k + 2)
            body += [S.create(id)] + S.frame(id, Double(k % 10) * 12, Double(k / 10) * 12, 10, 10)
                + [S.set(id, .backgroundColor, k % 2 == 0 ? S.color(1, 0, 0) : S.color(0, 0, 1)), S.add(id, to: 1)]
        }
        try scene.commit(S.scene(body))
        scene.server.step(seconds: 1.0 / 60)
        let trees = scene.server.core.sessions.map { PresentedTree(sessionID: $0.id, store: $0.store) }
        let list = RenderList(FrameSnapshot(frame: 1, mediaTime: 0, width: 160, height: 120, trees: trees))
        let block = try #require(list.blocks.first)
        #expect(block.count == 41)
        #expect(block.contents.count == 3)
        // The root's space and the one its sublayers share.
        #expect(block.spaces.count == 2)
        let ids = Set((1..<block.count).map { block[stored: $0].space })
        #expect(ids.count == 1)
        // Readers see each item's own content resolved.
        #expect(block[1].content.backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(block[2].content.backgroundColor == Color(red: 0, green: 0, blue: 1, alpha: 1))
    }

    /// Contents and space nodes no item refers to any more are freed and their ids reused:
    /// a builder kept across many changes keeps its tables bounded, and every item still
    /// reads what a fresh build of the same state reads.
    @Test func freedContentsAndNodesAreReusedAndItemsStayRight() throws {
        let scene = try DrawnScene(width: 160, height: 120)
        var body: [Command] = []
        for k in 0..<40 {
            let id = LayerID(k + 2), sub = LayerID(k + 100)
            body += [S.create(id)] + S.frame(id, Double(k % 10) * 14, Double(k / 10) * 14, 12, 12)
                + [S.set(id, .backgroundColor, S.color(0.5, 0.5, 0.5)), S.add(id, to: 1), S.create(sub)]
                + S.frame(sub, 2, 2, 6, 6) + [S.set(sub, .backgroundColor, S.color(0, 0, 0)), S.add(sub, to: id)]
        }
        try scene.commit(S.scene(body))
        let builder = RenderListBuilder()
        var frame: UInt64 = 0
        func build() -> (kept: RenderList, fresh: RenderList) {
            scene.server.step(seconds: 1.0 / 60)
            frame += 1
            let trees = scene.server.core.sessions.map { PresentedTree(sessionID: $0.id, store: $0.store) }
            let snapshot = FrameSnapshot(frame: frame, mediaTime: 0, width: 160, height: 120, trees: trees)
            return (builder.build(snapshot), RenderList(snapshot))
        }
        _ = build()
        // 30 rounds of 40 new colours: 1,200 contents and as many sublayer spaces made.
        for round in 0..<30 {
            let v = Double(round) / 30
            try scene.commit((0..<40).map { k in S.set(LayerID(k + 2), .backgroundColor, S.color(v, Double(k) / 40, 1 - v)) })
            let (kept, fresh) = build()
            let a = try #require(kept.blocks.first), b = try #require(fresh.blocks.first)
            #expect(a.count == b.count)
            for i in 0..<min(a.count, b.count) {
                #expect(a[i].key == b[i].key && a[i].content == b[i].content && a[i].parentWorld == b[i].parentWorld
                        && a[i].clipBounds == b[i].clipBounds && a[i].effectiveOpacity == b[i].effectiveOpacity,
                        "round \(round), item \(i)")
            }
        }
        let block = try #require(build().kept.blocks.first)
        // Far fewer than the 1,200 made of each (what was live at the last look, plus at
        // most 1,025 made since).
        #expect(block.contents.count < 1_150)
        #expect(block.spaces.count < 1_150)
    }
}
