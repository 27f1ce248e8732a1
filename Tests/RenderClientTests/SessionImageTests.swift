import RenderCore
import RenderProtocol
import Testing
@testable import RenderClient

/// The image of what a daemon session holds (`SessionImage`): each command as the daemon
/// applies it, the daemon's stop and retarget events, the replay's order and what it leaves
/// out, and the bound. Pure values: no queue, no socket.
@Suite struct SessionImageTests {
    static func commit(_ sequence: UInt64, _ commands: [Command]) -> Commit {
        Commit(sequence: sequence, mediaTime: 100, commands: commands)
    }

    static func slide(begin: Double, duration: Double, removed: Bool = true) -> Animation {
        var a = Animation.basic("position.x", from: .number(0), to: .number(100), duration: duration)
        a.timing.beginTime = begin
        a.isRemovedOnCompletion = removed
        return a
    }

    @Test func theReplayIsTheSumOfTheCommitsInTheProtocolsOrder() {
        var image = SessionImage()
        let move = Self.slide(begin: 150, duration: 100) // layer 2 runs at speed 2: its time is 200 at media time 100
        image.apply(Self.commit(1, [.createLayer(3, .layer), .createLayer(1, .layer), .createLayer(2, .shape),
                                    .setProperty(3, "opacity", .number(0.5)),
                                    .setProperty(1, "position", .point(Point(x: 1, y: 2))),
                                    .insertSublayer(parent: 1, child: 2, index: 0),
                                    .insertSublayer(parent: 1, child: 3, index: 0), .setRoot(1),
                                    .setTiming(2, LayerTiming(speed: 2)),
                                    .addAnimation(2, key: "move", animationID: 7, animation: move)]))
        // Later commits: a whole value replaces a component set before it; a component set
        // after the whole value stays after it.
        image.apply(Self.commit(2, [.setProperty(1, "position.x", .number(5)),
                                    .setProperty(1, "position", .point(Point(x: 3, y: 4))),
                                    .setProperty(1, "position.y", .number(9)),
                                    .setProperty(3, "opacity", .number(0.75))]))
        let r = image.replayCommands(at: 100)
        #expect(r.commands == [
            .createLayer(1, .layer), .createLayer(2, .shape), .createLayer(3, .layer),
            .setTiming(2, LayerTiming(speed: 2)),
            .setProperty(1, "position", .point(Point(x: 3, y: 4))), .setProperty(1, "position.y", .number(9)),
            .setProperty(3, "opacity", .number(0.75)),
            .insertSublayer(parent: 1, child: 3, index: 0), .insertSublayer(parent: 1, child: 2, index: 1),
            .setRoot(1),
            .addAnimation(2, key: "move", animationID: 7, animation: move),
        ])
        #expect(r.layers == 3 && r.animations == 1 && r.completed.isEmpty)
    }

    @Test func destroyingALayerFollowsTheDaemonsRules() {
        var image = SessionImage()
        image.apply(Self.commit(1, [.createLayer(1, .layer), .createLayer(2, .layer), .createLayer(3, .layer),
                                    .createLayer(4, .layer),
                                    .insertSublayer(parent: 1, child: 2, index: 0),
                                    .insertSublayer(parent: 2, child: 3, index: 0), .setRoot(2),
                                    .setProperty(1, "mask", .layer(4)),
                                    .addAnimation(2, key: "a", animationID: 1, animation: Self.slide(begin: 0, duration: 1e6))]))
        #expect(image.animationCount == 1)
        // Layer 2 leaves its superlayer, its sublayer is detached (not destroyed), it is no
        // longer the root, and its animations go; destroying the mask unmasks layer 1.
        image.apply(Self.commit(2, [.destroyLayer(2), .destroyLayer(4)]))
        #expect(image.animationCount == 0)
        let r = image.replayCommands(at: 0)
        #expect(r.commands == [.createLayer(1, .layer), .createLayer(3, .layer)])
    }

    @Test func animationsFollowAddsRemovalsAndTheDaemonsStops() {
        var image = SessionImage()
        let held = Self.slide(begin: 0, duration: 1, removed: false)
        image.apply(Self.commit(1, [.createLayer(1, .layer),
                                    .addAnimation(1, key: "a", animationID: 1, animation: Self.slide(begin: 0, duration: 1e6)),
                                    .addAnimation(1, key: "b", animationID: 2, animation: Self.slide(begin: 0, duration: 1e6)),
                                    .addAnimation(1, key: "held", animationID: 3, animation: held),
                                    .addAnimation(1, key: "done", animationID: 4, animation: Self.slide(begin: 0, duration: 1)),
                                    // Replacing under a key in use puts the new one at the end.
                                    .addAnimation(1, key: "a", animationID: 5, animation: Self.slide(begin: 1, duration: 1e6))]))
        image.apply(Self.commit(2, [.removeAnimation(1, key: "b")]))
        // Finished: the held one stays (it fills), the other leaves.
        image.noteStopped(AnimationStopped(animationID: 3, layer: 1, finished: true, mediaTime: 2))
        image.noteStopped(AnimationStopped(animationID: 4, layer: 1, finished: true, mediaTime: 2))
        let ids = image.replayCommands(at: 10).commands.compactMap { c -> UInt64? in
            if case let .addAnimation(_, _, id, _) = c { return id }; return nil
        }
        #expect(ids == [3, 5])
        #expect(image.animationCount == 2)
        image.apply(Self.commit(3, [.removeAllAnimations(1)]))
        #expect(image.animationCount == 0)
    }

    @Test func animationsThatEndedWhileAwayAreLeftOutAndLeaveTheImage() {
        var image = SessionImage()
        image.apply(Self.commit(1, [.createLayer(1, .layer), .createLayer(2, .layer),
                                    .insertSublayer(parent: 1, child: 2, index: 0),
                                    // Layer 1 runs at half speed: its sublayer's 10 s slide,
                                    // begun at 0, ends at media time 20.
                                    .setTiming(1, LayerTiming(speed: 0.5)),
                                    .addAnimation(2, key: "slide", animationID: 1, animation: Self.slide(begin: 0, duration: 10)),
                                    .addAnimation(2, key: "held", animationID: 2,
                                                  animation: Self.slide(begin: 0, duration: 1, removed: false))]))
        var copy = image
        let running = copy.replayCommands(at: 19)
        #expect(running.animations == 2 && running.completed.isEmpty, "at 19 the slide still runs (layer time 9.5)")
        let r = image.replayCommands(at: 21)
        #expect(r.completed.map(\.id) == [1], "removed on completion and over: not replayed")
        #expect(r.animations == 1, "the finished one kept on completion is replayed")
        #expect(image.animationCount == 1)
    }

    @Test func aRetargetStandsInUntilTheDaemonReportsItsStart() {
        var image = SessionImage()
        let spring = Animation(.spring(SpringAnimation(keyPath: "position.x", from: .number(0), to: .number(10))))
        let request = SpringRetarget(keyPath: "position.x", to: .number(50))
        image.apply(Self.commit(1, [.createLayer(1, .layer),
                                    .addAnimation(1, key: "s", animationID: 1, animation: spring),
                                    .retargetSpring(1, key: "s", animationID: 2, retarget: request)]))
        var unresolved = image
        #expect(unresolved.replayCommands(at: 0).commands.suffix(2) == [
            .addAnimation(1, key: "s", animationID: 1, animation: spring),
            .retargetSpring(1, key: "s", animationID: 2, retarget: request),
        ], "not reported yet: the spring it replaced, then the request again")
        let e = SpringRetargeted(animationID: 2, layer: 1, mediaTime: 5, beginTime: 5, from: .number(3), velocity: .number(1))
        image.noteRetargeted(e)
        let expected = SpringRetargeting.spring(physics: SpringAnimation(keyPath: "position.x"), keyPath: "position.x",
                                                from: .number(3), velocity: .number(1), to: .number(50), beginTime: 5)
        let r = image.replayCommands(at: 5)
        #expect(r.commands.contains(.setProperty(1, "position.x", .number(50))), "the retarget's model change")
        #expect(r.commands.last == .addAnimation(1, key: "s", animationID: 2, animation: expected))
    }

    @Test func theImageStaysAsLargeAsWhatTheDaemonHolds() {
        var image = SessionImage()
        image.apply(Self.commit(1, [.createLayer(1, .layer)]))
        // Many commits setting the same properties and replacing the same animation:
        // one entry per key path, one animation.
        for i in 0..<1000 {
            image.apply(Self.commit(UInt64(i + 2), [
                .setProperty(1, "opacity", .number(Double(i) / 1000)),
                .setProperty(1, "position.x", .number(Double(i))),
                .addAnimation(1, key: "k", animationID: UInt64(i + 1), animation: Self.slide(begin: 0, duration: 1e6)),
            ]))
        }
        #expect(image.layers[1]?.properties.count == 2)
        #expect(image.animationCount == 1)
        image.apply(Self.commit(2000, [.destroyLayer(1)]))
        #expect(image.isEmpty)
    }

    @Test func theMirrorNumbersTheReplayBetweenTheLostCommitsAndThoseMadeWhileDown() throws {
        var m = SessionMirror()
        m.sent(Self.commit(m.nextSequence(), [.createLayer(1, .layer)]))
        m.sent(Self.commit(m.nextSequence(), [.setRoot(1)]))
        #expect(m.lastSequence == 2)
        m.sessionLost()
        let down = m.nextSequence()
        #expect(down == 2 + SessionMirror.replayReserve + 1)
        try m.absorb(Self.commit(down, [.setProperty(1, "opacity", .number(0.5))]))
        m.sessionLost() // idempotent while down
        let plan = try m.planReplay(limits: .default, now: 0)
        #expect(plan.sequences == 3...3)
        #expect(plan.parts[0].commit.commands == [.createLayer(1, .layer), .setProperty(1, "opacity", .number(0.5)), .setRoot(1)])
        #expect(plan.markers == [SessionMirror.Marker(sequence: down, mediaTime: 100, requestsPresentation: false)])
        m.replaySent(plan)
        #expect(!m.isDown && m.markers.isEmpty && m.nextSequence() == down + 1)
    }

    @Test func whileDownTheLastDaemonsLimitsBoundTheImage() throws {
        var m = SessionMirror()
        m.limits.maxLayers = 2
        m.limits.maxAnimations = 1
        m.sent(Self.commit(m.nextSequence(), [.createLayer(1, .layer)]))
        m.sessionLost()
        let s = m.nextSequence()
        #expect(throws: ConnectionError.limitWhileDisconnected(sequence: s, limit: "maxLayers", value: 2, wanted: 3)) {
            try m.absorb(Self.commit(s, [.createLayer(2, .layer), .createLayer(3, .layer)]))
        }
        let slide = Self.slide(begin: 0, duration: 10)
        #expect(throws: ConnectionError.limitWhileDisconnected(sequence: s + 1, limit: "maxAnimations", value: 1, wanted: 2)) {
            try m.absorb(Self.commit(s + 1, [.addAnimation(1, key: "a", animationID: 1, animation: slide),
                                             .addAnimation(1, key: "b", animationID: 2, animation: slide)]))
        }
        #expect(m.image.layers.count == 1 && m.image.animationCount == 0 && m.markers.isEmpty, "neither was kept")
        try m.absorb(Self.commit(s + 2, [.createLayer(2, .layer)]))
        #expect(m.image.layers.count == 2 && m.markers.count == 1)
        let e = ConnectionError.limitWhileDisconnected(sequence: 9, limit: "maxLayers", value: 2, wanted: 3)
        #expect(e.description.contains("--max-layers") && e.description.contains("not kept"))
    }
}
