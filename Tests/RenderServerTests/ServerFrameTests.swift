import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer

/// Frames on the manual clock: commits applied whole on arrival and acknowledged at once,
/// animation events.
@Suite struct ServerFrameTests {
    func layers(_ tree: [String: Any]) -> [[String: Any]] {
        let sessions = tree["sessions"] as! [[String: Any]]
        return sessions.flatMap { $0["layers"] as! [[String: Any]] }
    }

    @Test func commitsApplyWholeOnArrivalAndAreAcknowledgedAtOnce() throws {
        let s = try TestServer()
        let c = try s.connect()
        try c.commit([.createLayer(1, .layer), .setProperty(1, .position, .point(Point(x: 10, y: 20)))])
        try c.commit([.createLayer(2, .layer), .insertSublayer(parent: 1, child: 2, index: 0), .setRoot(1)])
        try c.commit([.setProperty(2, .opacity, .number(0.25))])
        // Each commit is acknowledged as it arrives, before any frame, naming the frame
        // that will first show it.
        var acks: [Message] = []
        for _ in 0..<3 { acks.append(try c.receive()) }
        #expect(acks == (1...3).map { .commitApplied(CommitApplied(sequence: $0, frame: 1, mediaTime: TestServer.start)) })
        let all = layers(try c.tree(presentation: false).1)
        #expect(all.count == 2)
        let l1 = all[0], l2 = all[1]
        #expect((l1["properties"] as! [String: Any])["position"] as! [Double] == [10, 20])
        #expect(l1["sublayers"] as! [Int] == [2])
        #expect(l2["superlayer"] as? Int == 1)
        #expect((l2["properties"] as! [String: Any])["opacity"] as! Double == 0.25)
        // Nothing animates: frames send nothing.
        let (stepped, quiet) = try c.step(2.0 / 60)
        #expect(stepped.frame == 2)
        #expect(quiet.isEmpty)
    }

    @Test func aStepProducesEveryFrameItPasses() throws {
        let s = try TestServer()
        let c = try s.connect()
        let (stepped, _) = try c.step(0.5)
        #expect(stepped.frame == 30)
        #expect(stepped.mediaTime == frameTime(30))
        let (again, _) = try c.step(0)
        #expect(again.frame == 30)
        let stats = try c.stats()
        #expect(stats["frames"] as? Int == 30)
        #expect(stats["missedFrames"] as? Int == 0)
        #expect(stats["manualClock"] as? Bool == true)
    }

    /// Opacity 0 → 1 over 0.1 s, starting 0.04 s (between frames 2 and 3) after the clock's start.
    func fade(begin: Double = TestServer.start + 0.04, removedOnCompletion: Bool = true) -> Animation {
        var a = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 0.1)
        a.timing.beginTime = begin
        a.isRemovedOnCompletion = removedOnCompletion
        return a
    }

    @Test func animationsReportStartAndFinish() throws {
        let s = try TestServer()
        let c = try s.connect()
        try c.commit([.createLayer(1, .layer), .addAnimation(1, key: "fade", animationID: 77, animation: fade())])
        #expect(try c.receive() == .commitApplied(CommitApplied(sequence: 1, frame: 1, mediaTime: TestServer.start)))
        // Frame 1 (t0 + 0.0167): pending.
        let (_, e1) = try c.step(1.0 / 60)
        #expect(e1.isEmpty)
        // Frames 2, 3 (0.033, 0.05): frame 3 is the first after the begin time.
        let (_, e2) = try c.step(2.0 / 60)
        #expect(e2 == [.animationStarted(AnimationStarted(animationID: 77, layer: 1, mediaTime: frameTime(3)))])
        let (_, e3) = try c.step(5.0 / 60) // frames 4…8 (up to 0.133)
        #expect(e3.isEmpty)
        let (_, e4) = try c.step(2.0 / 60) // frames 9, 10 (0.15 is past the end, 0.14)
        #expect(e4 == [.animationStopped(AnimationStopped(animationID: 77, layer: 1, finished: true,
                                                          mediaTime: frameTime(9)))])
        // Removed on completion.
        let layer = layers(try c.tree(presentation: true).1)[0]
        #expect((layer["animations"] as! [Any]).isEmpty)
        #expect((layer["properties"] as! [String: Any])["opacity"] as! Double == 1)
    }

    @Test func anAnimationThatIsOverBeforeItsFirstFrameStartsAndStops() throws {
        let s = try TestServer()
        let c = try s.connect()
        try c.commit([.createLayer(1, .layer),
                      .addAnimation(1, key: "old", animationID: 5, animation: fade(begin: TestServer.start - 10))])
        let (_, events) = try c.step(1.0 / 60)
        #expect(events.count == 3)
        #expect(events[1] == .animationStarted(AnimationStarted(animationID: 5, layer: 1, mediaTime: frameTime(1))))
        #expect(events[2] == .animationStopped(AnimationStopped(animationID: 5, layer: 1, finished: true,
                                                                mediaTime: frameTime(1))))
    }

    @Test func anAnimationKeptAfterCompletionStopsOnce() throws {
        let s = try TestServer()
        let c = try s.connect()
        var a = fade(removedOnCompletion: false)
        a.timing.fillMode = .forwards
        try c.commit([.createLayer(1, .layer), .addAnimation(1, key: "fade", animationID: 1, animation: a)])
        let (_, events) = try c.step(0.5)
        #expect(events.filter { if case .animationStopped = $0 { return true }; return false }.count == 1)
        let layer = layers(try c.tree(presentation: true).1)[0]
        let animations = layer["animations"] as! [[String: Any]]
        #expect(animations.count == 1)
        #expect(animations[0]["state"] as? String == "finished")
        #expect((layer["properties"] as! [String: Any])["opacity"] as! Double == 1)
    }

    @Test func replacingUnderAKeyStopsTheOldOneUnfinished() throws {
        let s = try TestServer()
        let c = try s.connect()
        try c.commit([.createLayer(1, .layer), .addAnimation(1, key: "k", animationID: 1, animation: fade(begin: TestServer.start))])
        _ = try c.step(2.0 / 60)
        try c.commit([.addAnimation(1, key: "k", animationID: 2, animation: fade(begin: TestServer.start))])
        let (stepped, events) = try c.step(1.0 / 60)
        // The replacement stops the old one when the commit applies (at the last frame's
        // time), then the new one starts at the next frame.
        #expect(events == [
            .animationStopped(AnimationStopped(animationID: 1, layer: 1, finished: false, mediaTime: frameTime(2))),
            .commitApplied(CommitApplied(sequence: 2, frame: stepped.frame, mediaTime: frameTime(2))),
            .animationStarted(AnimationStarted(animationID: 2, layer: 1, mediaTime: stepped.mediaTime)),
        ])
    }

    @Test func removingAndDestroyingStopAnimationsUnfinished() throws {
        let s = try TestServer()
        let c = try s.connect()
        let begin = TestServer.start
        try c.commit([.createLayer(1, .layer), .createLayer(2, .layer),
                      .addAnimation(1, key: "a", animationID: 10, animation: fade(begin: begin)),
                      .addAnimation(1, key: "b", animationID: 11, animation: fade(begin: begin)),
                      .addAnimation(2, key: "c", animationID: 12, animation: fade(begin: begin))])
        _ = try c.step(1.0 / 60)
        try c.commit([.removeAnimation(1, key: "a"), .destroyLayer(2), .removeAllAnimations(1)])
        let (stepped, events) = try c.step(1.0 / 60)
        let stopped = events.compactMap { m -> (UInt64, Bool)? in
            if case let .animationStopped(s) = m { return (s.animationID, s.finished) }; return nil
        }
        #expect(stopped.map(\.0) == [10, 12, 11])
        #expect(stopped.allSatisfy { !$0.1 })
        #expect(events.last == .commitApplied(CommitApplied(sequence: 2, frame: stepped.frame, mediaTime: frameTime(1))))
        let stats = try c.stats()
        #expect(stats["animations"] as? Int == 0)
        #expect(stats["layers"] as? Int == 1)
    }

    @Test func destroyingAParentDetachesItsChildren() throws {
        let s = try TestServer()
        let c = try s.connect()
        try c.commit([.createLayer(1, .layer), .createLayer(2, .layer), .createLayer(3, .layer),
                      .insertSublayer(parent: 1, child: 2, index: 0), .insertSublayer(parent: 1, child: 3, index: 0),
                      .setRoot(1)])
        try c.commit([.destroyLayer(1), .insertSublayer(parent: 2, child: 3, index: 9)])
        _ = try c.step(1.0 / 60)
        let (_, tree) = try c.tree(presentation: false)
        let session = (tree["sessions"] as! [[String: Any]])[0]
        #expect(session["root"] is NSNull)
        let all = layers(tree)
        #expect(all.map { $0["id"] as! Int } == [2, 3])
        #expect(all[0]["superlayer"] is NSNull)
        #expect(all[0]["sublayers"] as! [Int] == [3])
        #expect(all[1]["superlayer"] as? Int == 2)
    }

    @Test func aClosedSessionsLayersAreGone() throws {
        let s = try TestServer()
        let observer = try s.connect(name: "observer")
        do {
            let c = try s.connect(name: "leaving")
            try c.commit([.createLayer(1, .layer), .addAnimation(1, key: "a", animationID: 1, animation: fade())])
            _ = try c.step(1.0 / 60)
            try c.send(.goodbye(Goodbye(reason: "bye")))
            _ = try c.receiveUntilClosed()
        }
        try observer.sync()
        let stats = try observer.stats()
        #expect(stats["clients"] as? Int == 1)
        #expect(stats["layers"] as? Int == 0)
        #expect(stats["animations"] as? Int == 0)
    }
}

import Foundation
