import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// Lean render items (issue 21): a record of at most 64 bytes referring to a content table
/// that keeps each distinct content once, and to space nodes a layer's sublayers share.
@Suite struct RenderItemLayoutTests {
    @Test func aRenderItemRecordIsAtMost64Bytes() {
        #expect(MemoryLayout<ItemRecord>.stride <= 64)
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
}
