import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer

/// A small deterministic generator (SplitMix64), so that every run sees the same cases.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The layer store's caches against the definitions they cache: world timing against the
/// client's fold over the ancestor chain, subtree heights against a walk of the subtree,
/// presentations (evaluated in place, resetting only animated properties) against a full
/// `Presentation.presentation` of the model.
@Suite struct LayerStoreTests {
    /// The ancestors' timings of `id`, outermost first, its own last (as the client builds them).
    func timingChain(_ store: LayerStore, _ id: LayerID) -> [LayerTiming] {
        var chain: [LayerTiming] = []
        var current = id
        while current != 0, let n = store.node(current) {
            chain.append(store.timing(of: current) ?? .identity)
            current = n.superlayer
        }
        return chain.reversed()
    }

    func bruteHeight(_ store: LayerStore, _ id: LayerID) -> Int {
        let children = store.sublayers(of: id) ?? []
        return 1 + (children.map { bruteHeight(store, $0) }.max() ?? 0)
    }

    func apply(_ store: LayerStore, _ commands: [Command], at t: Double = 0) {
        var events: [Message] = []
        for c in commands { store.apply(c, mediaTime: t, events: &events) }
    }

    /// Random structural and timing changes; after each, a random few layers (the lazy
    /// path: partly stale trees) and at the end every layer are checked.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func worldTimingAndHeightsFollowEveryChange(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let store = LayerStore()
        var live: [LayerID] = []
        var next: LayerID = 1
        func randomTiming() -> LayerTiming {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: return .identity
            case 1: return LayerTiming(beginTime: Double(Int.random(in: 0...20, using: &rng)), speed: 2)
            case 2: return LayerTiming(speed: 0, timeOffset: Double(Int.random(in: 0...5, using: &rng)) / 4)
            default: return LayerTiming(beginTime: 0.5, speed: 0.75, timeOffset: 1.25)
            }
        }
        func check(_ id: LayerID) {
            let expected = Presentation.localTime(at: 123.456, timings: timingChain(store, id))
            #expect(store.localTime(of: id, at: 123.456) == expected, "layer \(id)")
            #expect(store.height(of: id) == bruteHeight(store, id), "layer \(id)")
        }
        for _ in 0..<600 {
            let op = Int.random(in: 0..<10, using: &rng)
            if live.count < 4 || op == 0 {
                apply(store, [.createLayer(next, .layer)]); live.append(next); next += 1
            } else if op <= 4 {
                // Insert somewhere, unless that makes a cycle (the validator's job; skipped here).
                let parent = live.randomElement(using: &rng)!, child = live.randomElement(using: &rng)!
                var a = parent, cycle = false
                while a != 0 { if a == child { cycle = true; break }; a = store.superlayer(of: a) ?? 0 }
                if !cycle {
                    apply(store, [.insertSublayer(parent: parent, child: child, index: UInt32.random(in: 0...3, using: &rng))])
                }
            } else if op <= 6 {
                apply(store, [.setTiming(live.randomElement(using: &rng)!, randomTiming())])
            } else if op == 7 {
                apply(store, [.removeFromSuperlayer(live.randomElement(using: &rng)!)])
            } else if op == 8 && live.count > 8 {
                let i = Int.random(in: 0..<live.count, using: &rng)
                apply(store, [.destroyLayer(live[i])]); live.remove(at: i)
            } else {
                for _ in 0..<3 { check(live.randomElement(using: &rng)!) }
            }
        }
        for id in live { check(id) }
        #expect(store.layerCount == live.count)
    }

    @Test func aChangeAboveInvalidatesTheWholeSubtreeLazily() {
        let store = LayerStore()
        apply(store, (1...5).map { .createLayer($0, .layer) })
        apply(store, (2...5).map { .insertSublayer(parent: $0 - 1, child: $0, index: 0) })
        #expect(store.localTime(of: 5, at: 10) == 10)
        apply(store, [.setTiming(2, LayerTiming(speed: 2))])
        #expect(store.localTime(of: 5, at: 10) == 20)
        apply(store, [.setTiming(4, LayerTiming(beginTime: 4, speed: 1, timeOffset: 1))])
        #expect(store.localTime(of: 5, at: 10) == 17)   // (10 × 2 − 4) + 1
        #expect(store.localTime(of: 3, at: 10) == 20)
        // Moving 4 (with 5) under 1 leaves the speed of 2 behind.
        apply(store, [.insertSublayer(parent: 1, child: 4, index: 0)])
        #expect(store.localTime(of: 5, at: 10) == 7)
        apply(store, [.removeFromSuperlayer(4)])
        #expect(store.localTime(of: 5, at: 10) == 7)
        apply(store, [.setTiming(4, .identity)])
        #expect(store.localTime(of: 5, at: 10) == 10)
    }

    /// A layer's own timing lies beside its node, by slot: a destroyed layer's goes with it,
    /// and the layer that takes its slot starts from the identity.
    @Test func aDestroyedLayersTimingDoesNotPassToTheLayerInItsSlot() {
        let store = LayerStore()
        apply(store, [.createLayer(1, .layer), .createLayer(2, .layer), .insertSublayer(parent: 1, child: 2, index: 0)])
        apply(store, [.setTiming(2, LayerTiming(beginTime: 1, speed: 3, timeOffset: 2))])
        #expect(store.timing(of: 2) == LayerTiming(beginTime: 1, speed: 3, timeOffset: 2))
        #expect(store.localTime(of: 2, at: 10) == 29)   // (10 − 1) × 3 + 2
        let slot = store.slot(of: 2)
        apply(store, [.destroyLayer(2), .createLayer(3, .layer), .insertSublayer(parent: 1, child: 3, index: 0)])
        #expect(store.slot(of: 3) == slot, "the slot is reused")
        #expect(store.timing(of: 3) == .identity)
        #expect(store.localTime(of: 3, at: 10) == 10)
        #expect(store.timing(of: 2) == nil)
    }

    /// A deep chain, an animation on every layer, timings on some: the server's frame equals
    /// the client's evaluation of each layer, bit for bit.
    @Test func deepChainPresentationEqualsTheClients() {
        let store = LayerStore()
        let depth: LayerID = 400
        var commands: [Command] = []
        for id in 1...depth {
            commands.append(.createLayer(id, .layer))
            if id > 1 { commands.append(.insertSublayer(parent: id - 1, child: id, index: 0)) }
            if id % 37 == 0 { commands.append(.setTiming(id, LayerTiming(beginTime: 0.25, speed: 1.5, timeOffset: 0.1))) }
            var a = Animation.basic(.position, from: .point(Point(0, 0)), to: .point(Point(100, Double(id))), duration: 3)
            a.timing.repeatCount = .infinity
            commands.append(.addAnimation(id, key: "p", animationID: UInt64(id), animation: a))
        }
        apply(store, commands)
        var engine = AnimationEngine()
        var events: [Message] = []
        for t in [0.5, 1.75, 9.0] {
            #expect(engine.evaluate(store, at: t, events: &events) == Int(depth))
            for id in 1...depth {
                let n = store.node(id)!
                let expected = Presentation.presentation(model: n.model, animations: store.animation(of: id)!.attached(in: store.table),
                                                         at: t, timings: timingChain(store, id))
                #expect(store.presentation(of: id) == expected, "layer \(id) at \(t)")
            }
        }
    }

    /// Model changes, added, replaced and removed animations between frames: every frame's
    /// presentation equals a full evaluation from the model (the partial reset is exact).
    @Test(arguments: [7, 8] as [UInt64])
    func framesMatchAFullEvaluationAcrossChanges(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let store = LayerStore()
        let count: LayerID = 12
        apply(store, (1...count).map { .createLayer($0, $0 % 3 == 0 ? .shape : .layer) })
        var engine = AnimationEngine()
        var events: [Message] = []
        var animationID: UInt64 = 0
        func randomAnimation(shape: Bool) -> Animation {
            var a: Animation
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: a = .basic(.opacity, from: .number(0), to: .number(1), duration: 2)
            case 1: a = .basic(.position, to: .point(Point(50, 50)), duration: 1.5)
            case 2: a = .basic(LayerKeyPath(.transform, .rotationZ), by: .number(1), duration: 1)
            case 3: a = .basic(LayerKeyPath(shape ? .strokeEnd : .shadowOpacity), from: .number(0), to: .number(1), duration: 2)
            default:
                var b = BasicAnimation(keyPath: .backgroundColor, from: .color(.red), to: .color(.white))
                b.isAdditive = true
                a = Animation(.basic(b), timing: MediaTiming(duration: 1))
            }
            a.timing.beginTime = Double(Int.random(in: 0...4, using: &rng)) / 2
            a.isRemovedOnCompletion = Bool.random(using: &rng)
            a.timing.fillMode = Bool.random(using: &rng) ? .forwards : .removed
            return a
        }
        var t = 0.0
        for _ in 0..<200 {
            let id = LayerID.random(in: 1...count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0, 1:
                animationID += 1
                let key = ["a", "b", "c"].randomElement(using: &rng)!
                apply(store, [.addAnimation(id, key: key, animationID: animationID,
                                            animation: randomAnimation(shape: id % 3 == 0))], at: t)
            case 2:
                apply(store, [.setProperty(id, .opacity, .number(Double.random(in: 0...1, using: &rng)))], at: t)
            case 3:
                apply(store, [id % 3 == 0 ? .setProperty(id, LayerKeyPath(.strokeEnd), .number(0.5))
                                          : .setProperty(id, .position, .point(Point(Double(id), 3)))], at: t)
            case 4:
                apply(store, [.removeAnimation(id, key: "a")], at: t)
            default:
                break
            }
            t += 0.1
            // The frame right after the change (its layers prepared by `apply`: see
            // `LayerStore.prepareFrame(of:)`), then the one after it, each compared with a
            // full evaluation of what it evaluated.
            let before = (1...count).map { store.animation(of: $0)?.attached(in: store.table) }
            engine.evaluate(store, at: t, events: &events)
            for l in 1...count {
                guard let animations = before[Int(l) - 1] else { continue }
                let model = store.node(l)!.model
                let expected = Presentation.presentation(model: model, animations: animations, at: t)
                #expect(store.presentation(of: l) == expected || store.animation(of: l) == nil,
                        "first frame: layer \(l) at \(t)")
            }
            let attached = (1...count).map { store.animation(of: $0)?.attached(in: store.table) }
            t += 0.01
            engine.evaluate(store, at: t, events: &events)
            for l in 1...count {
                let model = store.node(l)!.model
                guard let animations = attached[Int(l) - 1] else {
                    #expect(store.presentation(of: l) == model)
                    continue
                }
                // All of its animations retired after this frame: the presentation is the model again.
                guard store.animation(of: l) != nil else { continue }
                let expected = Presentation.presentation(model: model, animations: animations, at: t)
                #expect(store.presentation(of: l) == expected, "layer \(l) at \(t)")
            }
        }
    }

    /// A frame makes room for the `animationStarted` it may send: the animations added since
    /// the last frame, never more than there are (adding and removing over and over between
    /// frames does not make the frame reserve for all of them), each as many bytes as one
    /// encodes into.
    @Test func theRoomAFrameMakesForStartsIsBounded() {
        let store = LayerStore()
        apply(store, [.createLayer(1, .layer)])
        let a = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1)
        for i in 1...50 {
            apply(store, [.addAnimation(1, key: "a", animationID: UInt64(i), animation: a), .removeAnimation(1, key: "a")])
        }
        apply(store, [.addAnimation(1, key: "b", animationID: 99, animation: a)])
        #expect(store.takeStartsSinceFrame() == 1)
        #expect(store.takeStartsSinceFrame() == 0)
        var bytes = MessageBuffer()
        bytes.appendAnimationStarted(AnimationStarted(animationID: 1, layer: 2, mediaTime: 3))
        #expect(bytes.count == MessageBuffer.animationStartedBytes)
    }

    /// An animated layer's state keeps a copy of its world timing while `timingEpoch` stands:
    /// a new layer arriving leaves every copy valid (the epoch stays), a timing that changes
    /// above an animated layer, or a move, is seen by the very next frame.
    @Test func statesFollowTimingChangesAndNewLayersLeaveTheirCopies() throws {
        let store = LayerStore()
        apply(store, [.createLayer(1, .layer), .createLayer(2, .layer), .insertSublayer(parent: 1, child: 2, index: 0),
                      .createLayer(4, .layer),
                      .addAnimation(2, key: "o", animationID: 1,
                                    animation: .basic(.opacity, from: .number(0), to: .number(1), duration: 10))])
        var engine = AnimationEngine()
        var events: [Message] = []
        let animations = store.animation(of: 2)!.attached(in: store.table)
        func expectFollowsItsTiming(at t: Double, _ comment: Comment) {
            engine.evaluate(store, at: t, events: &events)
            let local = store.localTime(of: 2, at: t)!
            let expected = Presentation.presentation(model: store.node(2)!.model, animations: animations, at: local)
            #expect(store.presentation(of: 2) == expected, comment)
        }
        expectFollowsItsTiming(at: 1, "steady")
        let epoch = store.timingEpoch
        apply(store, [.createLayer(3, .layer), .insertSublayer(parent: 1, child: 3, index: 1),
                      .insertSublayer(parent: 3, child: 4, index: 0)])
        #expect(store.timingEpoch == epoch, "new layers marked nothing clean dirty")
        expectFollowsItsTiming(at: 2, "after new layers")
        apply(store, [.setTiming(1, LayerTiming(speed: 2))])
        #expect(store.timingEpoch != epoch)
        expectFollowsItsTiming(at: 3, "after its superlayer's speed changed")
        apply(store, [.setTiming(3, LayerTiming(timeOffset: 4)), .insertSublayer(parent: 3, child: 2, index: 0)])
        expectFollowsItsTiming(at: 4, "after it moved under a layer with another timing")
        let local = try #require(store.localTime(of: 2, at: 4))
        #expect(local == 12, "\(local - 12)")
    }

    /// The animation table's columns hand out ranges by size class and reuse a freed range
    /// for the next one of its class; growing moves what they hold, unchanged.
    @Test func tableColumnsReuseFreedRangesAndKeepValuesAcrossGrowth() {
        var column = TableColumn<Double>()
        let a = column.append([1, 2, 3])          // class 2: 4 rows
        let b = column.append([4])                // class 0: 1 row
        #expect(a == 0 && b == 4)
        column.free(a, 3)
        let c = column.append([5, 6, 7, 8])       // the freed class-2 range
        #expect(c == a)
        // Enough to grow the column several times: earlier ranges keep their values.
        var starts: [Int32] = []
        for i in 0..<100 { starts.append(column.append([Double(i), Double(i) + 0.5])) }
        #expect(Set(starts).count == 100)
        #expect(column.base![Int(b)] == 4)
        #expect((0..<4).map { column.base![Int(c) + $0] } == [5, 6, 7, 8])
        for (i, s) in starts.enumerated() { #expect(column.base![Int(s) + 1] == Double(i) + 0.5) }
        column.deallocate()
    }

    /// A layer with more animations than lifecycles fit inline, staggered so that they start
    /// and finish at different frames, with some removed on the way back below the boundary:
    /// every frame equals a full evaluation, and each animation starts and stops once.
    @Test func aLayerWithManyAnimationsEvaluatesLikeTheClient() {
        let store = LayerStore()
        apply(store, [.createLayer(1, .layer)])
        var commands: [Command] = []
        for k in 0..<12 {
            var a = Animation.basic(k % 2 == 0 ? .opacity : .position,
                                    from: k % 2 == 0 ? .number(0) : .point(Point(0, 0)),
                                    to: k % 2 == 0 ? .number(1) : .point(Point(Double(k), 10)), duration: 1)
            a.timing.beginTime = Double(k) * 0.25
            a.timing.fillMode = k % 3 == 0 ? .forwards : .removed
            a.isRemovedOnCompletion = k % 4 != 0
            if k % 5 == 0 { a = Animation(.basic(BasicAnimation(keyPath: .opacity, by: .number(0.1))),
                                          timing: a.timing, timingFunction: .easeIn) }
            commands.append(.addAnimation(1, key: "k\(k)", animationID: UInt64(k + 1), animation: a))
        }
        apply(store, commands)
        var engine = AnimationEngine()
        var events: [Message] = []
        var t = 0.0
        while t < 5 {
            if t == 1.5 { apply(store, [.removeAnimation(1, key: "k7"), .removeAnimation(1, key: "k8")], at: t) }
            let attached = store.animation(of: 1)?.attached(in: store.table)
            engine.evaluate(store, at: t, events: &events)
            if let attached, store.animation(of: 1) != nil {
                let expected = Presentation.presentation(model: store.node(1)!.model, animations: attached, at: t)
                #expect(store.presentation(of: 1) == expected, "at \(t)")
            }
            t += 0.125
        }
        var started = Set<UInt64>(), stopped = Set<UInt64>()
        for e in events {
            if case let .animationStarted(s) = e { #expect(started.insert(s.animationID).inserted) }
            if case let .animationStopped(s) = e { #expect(stopped.insert(s.animationID).inserted) }
        }
        // k7 and k8 (ids 8 and 9) were removed before they began.
        let ran = Set((1...12).map(UInt64.init)).subtracting([8, 9])
        #expect(started == ran)
        #expect(stopped == ran)
    }

    @Test func nodesAndStatesStaySmall() {
        // What a layer costs the daemon (see rendersrv-bench --memory for resident bytes).
        #expect(MemoryLayout<LayerProperties>.stride <= 320)
        #expect(MemoryLayout<LayerStore.Node>.stride <= 512)
        // An animated layer's state and a row per animation (issue 21's 1 KiB per layer
        // with one animation): the row keeps no curve, the state no layer id.
        #expect(MemoryLayout<AnimationState>.stride <= 64)
        #expect(MemoryLayout<PlannedAnimation>.stride <= 128)
    }
}
