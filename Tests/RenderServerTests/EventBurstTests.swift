import Logging
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// Frames that start or finish tens of thousands of animations at once (issue 7): every
/// `animationStarted` and `animationStopped` exactly once, in order, with the frame's media
/// time, encoded straight into the session's outbound bytes; and the retiring of finished
/// animations keeps the store's states, indices and presentations right.
@Suite struct EventBurstTests {
    static let start = 1000.0
    /// Frame `k`'s target time on the manual clock at 60 Hz.
    static func frameTime(_ k: Int) -> Double { start + Double(k) * (1.0 / 60) }
    /// The first frame whose local time (its time minus the start, as an animation begun at
    /// the start sees it, rounding included) is at or past `seconds`: where an animation of
    /// that duration has finished.
    static func firstFrame(after seconds: Double) -> Int {
        var k = 0
        while frameTime(k) - start < seconds { k += 1 }
        return k
    }

    static func server() -> EmbeddedServer {
        var log = Logger(label: "event-burst-test")
        log.logLevel = .critical
        return EmbeddedServer(configuration: Configuration(clock: .manual(start: start), logger: log))
    }

    static func client(_ s: EmbeddedServer) throws -> UInt32 {
        let id = s.connect(pid: 100)
        s.send(.hello(Hello(clientName: "burst", pid: 100)), from: id)
        guard case .welcome? = try s.readMessages(of: id).first else { Issue.record("no welcome"); return id }
        return id
    }

    static func store(_ s: EmbeddedServer, _ id: UInt32) -> LayerStore {
        s.core.sessions.first { $0.id == id }!.store
    }

    /// An opacity fade from 0 to `to` starting at the clock's start.
    static func fade(_ duration: Double, to: Double = 1, removedOnCompletion: Bool = true) -> Animation {
        var a = Animation.basic(.opacity, from: .number(0), to: .number(to), duration: duration)
        a.timing.beginTime = start
        a.isRemovedOnCompletion = removedOnCompletion
        if !removedOnCompletion { a.timing.fillMode = .forwards }
        return a
    }

    @Test func fortyThousandAnimationsStartAndFinishInOneFrameEachEveryEventOnceInOrder() throws {
        let s = Self.server()
        let c = try Self.client(s)
        let layers = 10_000, perLayer = 4
        var commands: [Command] = []
        for i in 1...layers {
            commands.append(.createLayer(LayerID(i), .layer))
            for k in 0..<perLayer {
                commands.append(.addAnimation(LayerID(i), key: "k\(k)", animationID: UInt64(i * perLayer + k),
                                              animation: Self.fade(0.5)))
            }
        }
        s.send(.commit(Commit(sequence: 1, mediaTime: Self.start, commands: commands)), from: c)
        #expect(try s.readMessages(of: c) == [.commitApplied(CommitApplied(sequence: 1, frame: 1, mediaTime: Self.start))])

        // The first frame starts every animation: one event each, layer by layer in the
        // order the layers got animations, each layer's in the order added.
        s.step(seconds: 1.0 / 60)
        var expected: [Message] = []
        for i in 1...layers {
            for k in 0..<perLayer {
                expected.append(.animationStarted(AnimationStarted(animationID: UInt64(i * perLayer + k), layer: LayerID(i),
                                                                   mediaTime: Self.frameTime(1))))
            }
        }
        let started = try s.readMessages(of: c)
        #expect(started.count == layers * perLayer)
        #expect(started == expected)

        // Steady frames send nothing; the frame at 0.5 s finishes every one.
        var finishFrame = 0
        var stopped: [Message] = []
        for k in 2...40 {
            s.step(seconds: 1.0 / 60)
            let m = try s.readMessages(of: c)
            if !m.isEmpty {
                #expect(finishFrame == 0, "events on two frames: \(finishFrame) and \(k)")
                finishFrame = k
                stopped = m
            }
        }
        #expect(finishFrame == Self.firstFrame(after: 0.5))
        expected = []
        for i in 1...layers {
            for k in 0..<perLayer {
                expected.append(.animationStopped(AnimationStopped(animationID: UInt64(i * perLayer + k), layer: LayerID(i),
                                                                   finished: true, mediaTime: Self.frameTime(finishFrame))))
            }
        }
        #expect(stopped.count == layers * perLayer)
        #expect(stopped == expected)
        // Retired whole: nothing animates, every layer presents its model.
        let store = Self.store(s, c)
        #expect(s.animationCount(of: c) == 0)
        #expect(store.animatedLayerCount == 0)
        #expect(store.animation(of: 1) == nil && store.animation(of: LayerID(layers)) == nil)
        #expect(store.presentation(of: 7) == store.node(7)!.model)
        #expect(!store.hasRetired) // the frame handed them off
        #expect(!s.core.needsFrame)
    }

    /// Layers retired whole, in part and not at all, interleaved, so that swap-removal moves
    /// states around: afterwards each layer still finds its own state, every stop arrives
    /// once, and later frames go on correctly.
    @Test func retiringWholePartialAndKeptStatesKeepsEveryLayerItsOwnState() throws {
        let s = Self.server()
        let c = try Self.client(s)
        let layers = 300
        var commands: [Command] = []
        // i % 3 == 0: two 0.1 s fades (retired whole at 0.1 s);
        // i % 3 == 1: a 0.1 s fade and a 0.3 s one (in part at 0.1 s, whole at 0.3 s);
        // i % 3 == 2: a 0.1 s fade to 0.5 kept on completion, filling forwards (never retired).
        for i in 1...layers {
            let id = LayerID(i)
            commands.append(.createLayer(id, .layer))
            switch i % 3 {
            case 0:
                commands.append(.addAnimation(id, key: "a", animationID: UInt64(10 * i), animation: Self.fade(0.1)))
                commands.append(.addAnimation(id, key: "b", animationID: UInt64(10 * i + 1), animation: Self.fade(0.1)))
            case 1:
                commands.append(.addAnimation(id, key: "a", animationID: UInt64(10 * i), animation: Self.fade(0.1)))
                commands.append(.addAnimation(id, key: "b", animationID: UInt64(10 * i + 1), animation: Self.fade(0.3)))
            default:
                commands.append(.addAnimation(id, key: "a", animationID: UInt64(10 * i),
                                              animation: Self.fade(0.1, to: 0.5, removedOnCompletion: false)))
            }
        }
        s.send(.commit(Commit(sequence: 1, mediaTime: Self.start, commands: commands)), from: c)
        _ = try s.readMessages(of: c)
        var stops: [UInt64: Int] = [:], stopTimes: [UInt64: Double] = [:]
        for k in 1...30 {
            s.step(seconds: 1.0 / 60)
            for m in try s.readMessages(of: c) {
                guard case let .animationStopped(e) = m else { continue }
                #expect(e.finished)
                stops[e.animationID, default: 0] += 1
                stopTimes[e.animationID] = e.mediaTime
                _ = k
            }
        }
        let store = Self.store(s, c)
        for i in 1...layers {
            let id = LayerID(i)
            // Every animation stopped exactly once, at the frame it ended.
            #expect(stops[UInt64(10 * i)] == 1)
            #expect(stopTimes[UInt64(10 * i)] == Self.frameTime(Self.firstFrame(after: 0.1)))
            let state = store.animation(of: id)
            switch i % 3 {
            case 0:
                #expect(stops[UInt64(10 * i + 1)] == 1)
                #expect(state == nil, "layer \(i) still has animations")
                #expect(store.presentation(of: id) == store.node(id)!.model)
            case 1:
                #expect(stops[UInt64(10 * i + 1)] == 1)
                #expect(stopTimes[UInt64(10 * i + 1)] == Self.frameTime(Self.firstFrame(after: 0.3)))
                #expect(state == nil, "layer \(i) still has animations")
            default:
                // Kept, and the state found through the layer's node is its own.
                #expect(state.map { store.nodes[Int($0.slot)].id } == id)
                #expect(store.records(of: id).map(\.id) == [UInt64(10 * i)])
                #expect(store.presentation(of: id)?.opacity == 0.5)
            }
        }
        #expect(s.animationCount(of: c) == layers / 3)
        #expect(store.animatedLayerCount == layers / 3)
        // Removing the kept ones later stops nothing again (each already reported its stop).
        var removals: [Command] = []
        for i in stride(from: 2, through: layers, by: 3) { removals.append(.removeAllAnimations(LayerID(i))) }
        s.send(.commit(Commit(sequence: 2, mediaTime: Self.frameTime(30), commands: removals)), from: c)
        let acknowledged = try s.readMessages(of: c)
        #expect(acknowledged.count == 1)
        guard case let .commitApplied(applied)? = acknowledged.first else {
            Issue.record("expected only commitApplied, got \(acknowledged.prefix(3))")
            return
        }
        #expect(applied.sequence == 2 && applied.frame == 31)
        #expect(store.animatedLayerCount == 0)
        #expect(s.animationCount(of: c) == 0)
    }

    /// The engine writes the same events into a `[Message]` (tests, benchmarks) and into a
    /// session's outbound bytes (the daemon): the bytes are those of the messages, in order —
    /// also when a frame's events fill the walk's run of 4,096 (`LifecycleRun`) more than once,
    /// with layers of two animations (so both of the walk's lifecycle paths report) and
    /// animations that start and finish in the same frame (started before stopped).
    @Test(arguments: [50, 5_000])
    func eventsEncodedInPlaceAreTheMessagesBytes(layers: Int) throws {
        func fill(_ store: LayerStore) {
            var ignored: [Message] = []
            for i in 1...layers {
                let id = LayerID(i)
                store.apply(.createLayer(id, .layer), mediaTime: Self.start, events: &ignored)
                // Every third ends before the first frame: its start and its stop come together.
                let duration = i % 3 == 0 ? 0.001 : 0.05
                store.apply(.addAnimation(id, key: "a", animationID: UInt64(i), animation: Self.fade(duration)),
                            mediaTime: Self.start, events: &ignored)
                if i % 7 == 0 {
                    store.apply(.addAnimation(id, key: "b", animationID: UInt64(i) << 32, animation: Self.fade(0.03)),
                                mediaTime: Self.start, events: &ignored)
                }
            }
        }
        let store = LayerStore(), twin = LayerStore()
        fill(store); fill(twin)
        var engine = AnimationEngine(), twinEngine = AnimationEngine()
        var all: [Message] = []
        for k in 1...5 {
            var messages: [Message] = []
            var bytes = MessageBuffer()
            engine.evaluate(store, at: Self.frameTime(k), events: &messages)
            twinEngine.evaluate(twin, at: Self.frameTime(k), events: &bytes)
            var expected: [UInt8] = []
            for m in messages { expected += WireCodec.encode(m) }
            #expect(bytes.take() == expected)
            all += messages
        }
        let animations = layers + layers / 7
        #expect(all.count == 2 * animations) // each started once, stopped once
        // An animation's start comes before its stop.
        var started = Set<UInt64>()
        for m in all {
            switch m {
            case let .animationStarted(e): started.insert(e.animationID)
            case let .animationStopped(e): #expect(started.contains(e.animationID) && e.finished)
            default: Issue.record("unexpected \(m)")
            }
        }
        #expect(store.animatedLayerCount == 0 && twin.animatedLayerCount == 0)
    }

    /// What a full reset notes about a layer's animations (whether one reads the model) is
    /// kept as animations are added, replaced and removed, instead of read from every
    /// animation on the frame.
    @Test func readingTheModelIsKeptAcrossAddReplaceAndRemove() throws {
        let store = LayerStore()
        var events: [Message] = []
        var engine = AnimationEngine()
        store.apply(.createLayer(1, .layer), mediaTime: Self.start, events: &events)
        // `by` alone animates from the model value: it reads the model.
        var additive = Animation.basic(.opacity, by: .number(0.5), duration: 10)
        additive.timing.beginTime = Self.start
        #expect(!additive.overwritesItsProperty && Self.fade(10).overwritesItsProperty)
        func check(_ step: String) {
            guard let state = store.animation(of: 1) else { return }
            let expected = state.attached(in: store.table).filter { !$0.animation.overwritesItsProperty }.count
            #expect(Int(state.readingModel) == expected, "\(step)")
            engine.evaluate(store, at: Self.frameTime(1), events: &events)
            #expect(store.animation(of: 1)?.readsModel == (expected > 0), "\(step)")
        }
        let steps: [(String, Command)] = [
            ("add overwriting", .addAnimation(1, key: "a", animationID: 1, animation: Self.fade(10))),
            ("add additive", .addAnimation(1, key: "b", animationID: 2, animation: additive)),
            ("replace additive by overwriting", .addAnimation(1, key: "b", animationID: 3, animation: Self.fade(10))),
            ("replace overwriting by additive", .addAnimation(1, key: "a", animationID: 4, animation: additive)),
            ("add another additive", .addAnimation(1, key: "c", animationID: 5, animation: additive)),
            ("remove one additive", .removeAnimation(1, key: "a")),
            ("remove the other", .removeAnimation(1, key: "c")),
        ]
        for (name, command) in steps {
            store.apply(command, mediaTime: Self.start, events: &events)
            check(name)
        }
        #expect(store.animation(of: 1)?.readsModel == false)
    }

    /// README once said a daemon keeps only part of the animations of a 30,000-layer commit
    /// (the blocked-main demo's check failed at that size). One commit of 30,000 layers,
    /// each with a position and an opacity animation as the demo adds them: every one is
    /// attached, starts once, and the frames show each layer on its curve.
    @Test func aThirtyThousandLayerCommitKeepsEveryAnimation() throws {
        let s = Self.server()
        let c = try Self.client(s)
        let layers = 30_000
        var commands: [Command] = [.createLayer(1, .layer), .setRoot(1)]
        commands.reserveCapacity(layers * 6 + 2)
        for i in 0..<layers {
            let id = LayerID(i + 2)
            var move = Animation.basic(.position, from: .point(Point(x: 0, y: Double(i % 100))),
                                       to: .point(Point(x: 100, y: Double(i % 100))), duration: 2)
            move.timing.beginTime = Self.start
            var fade = Animation.basic(.opacity, from: .number(1), to: .number(0.2), duration: 2)
            fade.timing.beginTime = Self.start
            commands += [.createLayer(id, .layer), .insertSublayer(parent: 1, child: id, index: .max),
                         .setProperty(id, .bounds, .rect(Rect(x: 0, y: 0, width: 2, height: 2))),
                         .addAnimation(id, key: "move", animationID: UInt64(2 * i + 1), animation: move),
                         .addAnimation(id, key: "fade", animationID: UInt64(2 * i + 2), animation: fade)]
        }
        s.send(.commit(Commit(sequence: 1, mediaTime: Self.start, commands: commands)), from: c)
        // Large commits are applied in slices over loop turns; half a second of frames.
        var started = 0
        for _ in 0..<30 {
            s.step(seconds: 1.0 / 60)
            for m in try s.readMessages(of: c) {
                if case .animationStarted = m { started += 1 } else if case .error = m { Issue.record("\(m)") }
            }
        }
        #expect(s.animationCount(of: c) == 2 * layers)
        #expect(started == 2 * layers)
        let store = Self.store(s, c)
        for id in stride(from: 2, to: LayerID(layers + 2), by: 997) {
            let p = try #require(store.presentation(of: id))
            #expect(p.position.x > 0 && p.position.x < 100, "layer \(id): \(p.position.x)")
            #expect(p.opacity < 1 && p.opacity > 0.2, "layer \(id): \(p.opacity)")
        }
    }
}
