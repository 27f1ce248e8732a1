import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// The loop thread's hand-off to the compositor on a real-clock output (issue 18): bounded
/// per frame whatever the compositor is given, and a compositor that cannot keep up skips
/// frames instead of slowing the clock. No timing: the compositor is held by hand, the work
/// counted in items.
@Suite struct HandOffTests {
    /// 30 cards (layer 12 with a sublayer, 99) on a root, each card sliding back and forth.
    /// With `fadingRoot`, the root fades too: its subtree (every item) is larger than a slice.
    static func animatedGrid(fadingRoot: Bool = false) -> [Command] {
        var body: [Command] = []
        if fadingRoot {
            var fade = Animation.basic(.opacity, from: .number(1), to: .number(0.4), duration: 0.5)
            fade.timing.beginTime = DrawnScene.start
            fade.timing.repeatCount = .infinity
            body.append(.addAnimation(1, key: "fade", animationID: 1_000, animation: fade))
        }
        for i in 0..<30 {
            let id = LayerID(10 + i)
            body += [S.create(id)] + S.frame(id, Double(i % 6) * 25, Double(i / 6) * 22, 20, 18)
                + [S.set(id, .backgroundColor, S.color(0.1, Double(i) / 30, 0.3)), S.add(id, to: 1)]
            var slide = Animation.basic(.position, from: .point(Point(x: Double(i % 6) * 25 + 10, y: Double(i / 6) * 22 + 9)),
                                        to: .point(Point(x: Double(i % 6) * 25 + 30, y: Double(i / 6) * 22 + 19)),
                                        duration: 0.3 + Double(i % 4) * 0.1)
            slide.timing.beginTime = DrawnScene.start
            slide.timing.repeatCount = .infinity
            slide.timing.autoreverses = true
            body.append(.addAnimation(id, key: "slide", animationID: UInt64(id), animation: slide))
        }
        body += [S.create(99)] + S.frame(99, 2, 2, 8, 8) + [S.set(99, .backgroundColor, S.color(1, 0, 0)), S.add(99, to: 12)]
        return S.scene(body)
    }

    static func snapshot(_ scene: DrawnScene) -> FrameSnapshot {
        let trees = scene.server.core.sessions.map { PresentedTree(sessionID: $0.id, store: $0.store, version: $0.appliedSequence) }
        return FrameSnapshot(frame: scene.server.frameNumber, mediaTime: scene.server.frameTime, width: 160, height: 120,
                             trees: trees)
    }

    static func expectSame(_ a: RenderList, _ b: RenderList, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let x = a.blocks.flatMap { $0 }, y = b.blocks.flatMap { $0 }
        #expect(x.count == y.count, "\(what): item counts", sourceLocation: sourceLocation)
        var differing: [UInt64] = []
        for (p, q) in zip(x, y) where !(p.key == q.key && p.world == q.world && p.effectiveOpacity == q.effectiveOpacity
                                          && p.screenBounds == q.screenBounds && p.content == q.content && p.parent == q.parent
                                          && p.subtreeEnd == q.subtreeEnd && p.subtreeBounds == q.subtreeBounds) {
            differing.append(p.key & 0xFFFF_FFFF)
        }
        #expect(differing.isEmpty, "\(what): layers \(differing) differ", sourceLocation: sourceLocation)
    }

    /// Updates of more than `updateItems` items go in slices of at most that many items per
    /// frame while the previous picture is kept (`isBehind`: nothing is handed off); the
    /// picture handed off at the end equals a whole build of the frame the update began at —
    /// every animated layer at that one time — with a commit made meanwhile in it.
    /// With the root fading, its subtree is built over several slices and put in place over
    /// several more.
    @Test(arguments: [false, true])
    func anUpdateIsBuiltAtMostSliceItemsPerFrameAndShowsTheFrameItBeganAt(fadingRoot: Bool) throws {
        let scene = try DrawnScene()
        try scene.commit(HandOffTests.animatedGrid(fadingRoot: fadingRoot))
        let builder = RenderListBuilder(sliceItems: 8, updateItems: 8)
        var perFrame: [Int] = []
        func frame() -> RenderList {
            scene.server.step(seconds: 1.0 / 60)
            let before = builder.updatedItems
            let list = builder.build(HandOffTests.snapshot(scene))
            perFrame.append(builder.updatedItems - before)
            return list
        }
        // The first picture: a whole build in slices, then brought up to date.
        var frames = 0
        while frames < 100 && (frame().itemCount == 0 || builder.isBehind) { frames += 1 }
        #expect(!builder.isBehind && frames < 100)

        // The next frame begins an update of the 31 animated items (the cards, and 99 with 12).
        let began = scene.server.frameNumber + 1
        _ = frame()
        #expect(builder.isBehind, "31 items at 8 per frame: not done in one frame")
        // A commit meanwhile is part of the picture (layer 10's item was rebuilt by the first slice).
        try scene.commit([S.set(10, .backgroundColor, S.color(0, 1, 0))])
        var list = frame()
        var slices = 2
        while builder.isBehind && slices < 100 { list = frame(); slices += 1 }
        if fadingRoot {
            // The root's 32 items built and placed 8 per frame; the commit made meanwhile means
            // the cards inside it are rebuilt after it too (a subtree built before a commit
            // no longer covers the layers it changed).
            #expect(slices >= 10 && slices <= 20, "\(slices) slices")
            #expect(perFrame.suffix(slices).reduce(0, +) == 64)
        } else {
            #expect(slices == 4, "31 items, 8 per frame")
            #expect(perFrame.suffix(slices).reduce(0, +) >= 31)
        }
        #expect(perFrame.allSatisfy { $0 <= 8 }, "items built per frame: \(perFrame)")

        // The same scene stepped to the frame the update began at, with the same commit.
        let reference = try DrawnScene()
        try reference.commit(HandOffTests.animatedGrid(fadingRoot: fadingRoot))
        // (Committed before that frame: a commit's layers show their model until a frame evaluates them.)
        for _ in 0..<(began - 1) { reference.server.step(seconds: 1.0 / 60) }
        try reference.commit([S.set(10, .backgroundColor, S.color(0, 1, 0))])
        reference.server.step(seconds: 1.0 / 60)
        #expect(reference.server.frameTime < scene.server.frameTime)
        HandOffTests.expectSame(list, RenderList(HandOffTests.snapshot(reference)), "the picture at frame \(began)")
        // The current frame's own full build differs (the cards moved since).
        #expect(list.blocks.flatMap { $0 }.map(\.world) != RenderList(HandOffTests.snapshot(scene)).blocks.flatMap { $0 }.map(\.world))
    }

    /// A compositor still busy with the list handed off makes the next frames skip — no list
    /// built, nothing queued, counted — while the server goes on producing frames at the
    /// clock's rate; once it is free, the next frame hands off everything since, and the
    /// frames stop when nothing is left to show.
    @Test func aBusyCompositorMakesFramesSkipRatherThanQueue() throws {
        let drawn = try AsyncDrawnServer(width: 160, height: 120, clientName: "handoff")
        let (server, output, c) = (drawn.server, drawn.output, drawn.client)
        server.send(.commit(Commit(sequence: 1, mediaTime: DrawnScene.start, commands: HandOffTests.animatedGrid())), from: c)
        _ = try server.readMessages(of: c)

        output.holdCompositor(true)
        server.step(seconds: 1.0 / 60) // frame 1: handed off; the compositor does not take it
        #expect(output.listsBuilt == 1)
        let built = output.updatedItems
        for _ in 0..<10 { server.step(seconds: 1.0 / 60) }
        var s = output.statistics
        #expect(s.framesSkipped == 10 && s.framesCoalesced == 0 && s.framesDrawn == 0)
        #expect(output.listsBuilt == 1 && output.updatedItems == built, "a skipped frame builds nothing")
        #expect(server.frameNumber == 11, "the clock is not slowed")

        // Nothing animates any more; the frames go on while a frame is owed.
        server.send(.commit(Commit(sequence: 2, mediaTime: server.frameTime,
                                   commands: (0..<30).map { .removeAnimation(LayerID(10 + $0), key: "slide") })), from: c)
        _ = try server.readMessages(of: c)
        server.step(seconds: 1.0 / 60)
        #expect(output.hasPendingWork && server.core.needsFrame)

        output.holdCompositor(false)
        #expect(output.waitForFrame(1, timeout: 60)?.frame == 1)
        #expect(output.latestFrame(currentFrame: 12).frame == 1, "frames since were skipped, not idle: not frame 12's pixels")
        server.step(seconds: 1.0 / 60) // frame 13: handed off, with the removals
        #expect(output.waitForFrame(13, timeout: 60)?.frame == 13)
        s = output.statistics
        #expect(s.framesDrawn == 2 && s.framesSkipped == 11 && s.framesCoalesced == 0)
        #expect(!output.hasPendingWork && !server.core.needsFrame, "nothing left to show: the frames stop")
        #expect(output.latestFrame(currentFrame: 14).frame == 14, "idle frames since: the same pixels")
    }
}
