import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer

/// The frame's shared timings (`TimingMemo`): rows with the same timing, curve and layer
/// time are worked out once a walk, and every layer still gets the client's bits.
@Suite struct TimingMemoTests {
    func apply(_ store: LayerStore, _ commands: [Command]) {
        var events: [Message] = []
        for c in commands { store.apply(c, mediaTime: 0, events: &events) }
    }

    /// A flat store of `count` layers under layer 1, layer `i + 2` animated by `animation(i)`.
    func store(_ count: Int, _ animation: (Int) -> Animation, timing: (Int) -> LayerTiming? = { _ in nil },
               more: (Int) -> [Animation] = { _ in [] }) -> LayerStore {
        let store = LayerStore()
        var commands: [Command] = [.createLayer(1, .layer), .setRoot(1)]
        for i in 0..<count {
            let id = LayerID(i + 2)
            commands.append(.createLayer(id, .layer))
            commands.append(.insertSublayer(parent: 1, child: id, index: .max))
            if let t = timing(i) { commands.append(.setTiming(id, t)) }
            commands.append(.addAnimation(id, key: "k", animationID: UInt64(i + 1), animation: animation(i)))
            for (j, extra) in more(i).enumerated() {
                commands.append(.addAnimation(id, key: "k\(j)", animationID: UInt64(1_000_000 + i * 10 + j), animation: extra))
            }
        }
        apply(store, commands)
        return store
    }

    /// Every animated layer's presentation against the client's evaluation of its model,
    /// animations and timings at `t`.
    func expectClientsBits(_ store: LayerStore, count: Int, at t: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        for i in 0..<count {
            let id = LayerID(i + 2)
            guard let attached = store.animation(of: id)?.attached(in: store.table) else { continue }
            let timings = [LayerTiming.identity, store.timing(of: id) ?? .identity]
            let expected = Presentation.presentation(model: store.node(id)!.model, animations: attached, at: t, timings: timings)
            #expect(store.presentation(of: id) == expected, "layer \(id) at \(t)", sourceLocation: sourceLocation)
        }
    }

    static func fade(duration: Double, begin: Double = 0, curve: TimingFunction = .easeInEaseOut) -> Animation {
        var a = Animation.basic(.opacity, from: .number(0.2), to: .number(1), duration: duration)
        a.timingFunction = curve
        a.timing.beginTime = begin
        a.timing.repeatCount = .infinity
        a.timing.autoreverses = true
        return a
    }

    /// Every kind the direct route takes, in every phase, shared and not, with layer
    /// timings that give equal animations different layer times, and more distinct timings
    /// than a walk keeps (past `capacity / 2` a miss is worked out and not kept): each layer
    /// gets the client's bits in every frame.
    @Test func everyLayerGetsTheClientsBits() {
        let count = 1_400
        func animation(_ i: Int) -> Animation {
            switch i % 8 {
            case 0: return Self.fade(duration: 1 + Double(i % 5) * 0.25)
            case 1:
                var a = Animation(.spring(SpringAnimation(keyPath: .position, from: .point(Point(0, 0)), to: .point(Point(90, 40)),
                                                          dampingRatio: 0.5 + Double(i % 3) * 0.25, response: 0.6)))
                a.timing.duration = 3
                return a
            case 2:
                var a = Animation(.spring(SpringAnimation(keyPath: .position, from: .point(Point(0, 0)), to: .point(Point(9, 4)),
                                                          dampingRatio: 0.7, response: 0.3 + Double(i) * 1e-4)))
                a.timing.duration = 3
                return a
            case 3:
                var a = Animation(.keyframe(KeyframeAnimation(keyPath: LayerKeyPath(.transform, .rotationZ),
                                                              values: [.number(0), .number(1), .number(3)], keyTimes: [0, 0.4, 1])),
                                  timing: MediaTiming(duration: 2, repeatCount: .infinity))
                a.timing.timeOffset = 0.5
                return a
            case 4:
                let to = Transform3D.rotation(angle: 1, x: 0, y: 0, z: 1).scaled(x: 2, y: 2)
                return Animation(.basic(BasicAnimation(keyPath: .transform, from: .transform(.identity), to: .transform(to))),
                                 timing: MediaTiming(duration: 1.5, repeatCount: 3, autoreverses: true), timingFunction: .easeIn)
            case 5: return Self.fade(duration: 1, begin: 0.0007 * Double(i))
            case 6:
                // Before its begin with a backwards fill, then after its end with a forwards fill.
                var a = Self.fade(duration: 0.5, begin: 1.5, curve: .easeOut)
                a.timing.repeatCount = 1
                a.timing.autoreverses = false
                a.timing.fillMode = .both
                a.isRemovedOnCompletion = false
                return a
            default:
                var b = BasicAnimation(keyPath: LayerKeyPath(.position, .x), from: .number(0), to: .number(10))
                b.isCumulative = true
                return Animation(.basic(b), timing: MediaTiming(duration: 0.4, speed: 2, timeOffset: 0.1, repeatCount: 7.5),
                                 timingFunction: TimingFunction(0.3, -0.4, 0.6, 1.6))
            }
        }
        let store = store(count, animation, timing: { i in i % 3 == 0 ? LayerTiming(beginTime: Double(i % 4) * 0.1, speed: 1.5) : nil })
        var engine = AnimationEngine()
        var events: [Message] = []
        for t in [0.3, 1.1, 1.6, 2.65, 7.0] {
            engine.evaluate(store, at: t, events: &events)
            expectClientsBits(store, count: count, at: t)
            let shared = engine.sharedTimings
            #expect(shared.lookups > 0 && shared.hits > 0 && shared.hits < shared.lookups, "at \(t): \(shared)")
        }
    }

    /// Layers animated alike work their timing out once; layers whose timings all differ find
    /// nothing to share, and once the walk has made all the entries it keeps it stops looking;
    /// a walk that keeps finding what it kept goes on looking past that.
    @Test func rowsSharingATimingWorkItOutOnce() {
        var engine = AnimationEngine()
        var events: [Message] = []
        let alike = store(200, { _ in Self.fade(duration: 2) })
        engine.evaluate(alike, at: 0.7, events: &events)
        #expect(engine.sharedTimings == (200, 199))
        expectClientsBits(alike, count: 200, at: 0.7)

        // 2,000 distinct timings: the first 512 are kept; 768 misses later, having found
        // none, the walk stops looking; the rest are worked out each.
        let distinct = store(2_000, { i in Self.fade(duration: 1, begin: 0.001 * Double(i)) })
        engine.evaluate(distinct, at: 0.9, events: &events)
        #expect(engine.sharedTimings == (TimingMemo.capacity / 2 + TimingMemo.Walk.judgedMisses, 0))
        expectClientsBits(distinct, count: 2_000, at: 0.9)

        // Every other layer alike, the others distinct: half the lookups find one, so the walk
        // keeps looking once the table is full (the distinct ones are no longer kept).
        let mixed = store(3_000, { i in i % 2 == 0 ? Self.fade(duration: 3) : Self.fade(duration: 1, begin: 0.001 * Double(i)) })
        engine.evaluate(mixed, at: 0.9, events: &events)
        #expect(engine.sharedTimings == (3_000, 1_499))
        expectClientsBits(mixed, count: 3_000, at: 0.9)

        // A small store does not use the table.
        let small = store(TimingMemo.minimumRows - 1, { _ in Self.fade(duration: 2) })
        engine.evaluate(small, at: 0.7, events: &events)
        #expect(engine.sharedTimings == (0, 0))
        expectClientsBits(small, count: TimingMemo.minimumRows - 1, at: 0.7)
    }

    /// Curve indices name entries of one store's table: a walk never takes what the walk of
    /// another store worked out, though the index, the timing and the time are the same.
    @Test func aWalkNeverUsesAnotherStoresCurves() {
        let easedIn = store(100, { _ in Self.fade(duration: 2, curve: .easeIn) })
        let easedOut = store(100, { _ in Self.fade(duration: 2, curve: .easeOut) })
        let curveIn = easedIn.animation(of: 2)!.rows(in: easedIn.table)[0].curve
        let curveOut = easedOut.animation(of: 2)!.rows(in: easedOut.table)[0].curve
        #expect(curveIn == curveOut, "the case needs equal indices for different curves")
        var engine = AnimationEngine()
        var events: [Message] = []
        engine.evaluate(easedIn, at: 0.6, events: &events)
        engine.evaluate(easedOut, at: 0.6, events: &events)
        #expect(engine.sharedTimings == (100, 99))
        expectClientsBits(easedIn, count: 100, at: 0.6)
        expectClientsBits(easedOut, count: 100, at: 0.6)
        #expect(easedIn.presentation(of: 2)!.opacity != easedOut.presentation(of: 2)!.opacity)
    }

    /// Layers with several animations, as an animation block adds them (an opacity, a
    /// position, a rotation; a keyframe bounds, a whole transform): those whose animations
    /// each write a property of their own take the direct route row by row, with the walk's
    /// shared timings; those with two on one property (two transform components), an additive
    /// one or a row its timing does not apply yet go the full way. Every layer gets the
    /// client's bits in every frame, the first included, and a picture finished at an earlier
    /// time (`withDrawable(_:at:_:)`) gets them too.
    @Test func layersWithSeveralAnimationsGetTheClientsBits() {
        let count = 600
        func extra(_ i: Int) -> [Animation] {
            var position = Animation.basic(.position, from: .point(Point(0, 0)), to: .point(Point(80, 30)), duration: 1.2)
            position.timing.repeatCount = .infinity
            position.timingFunction = .easeOut
            var rotation = Animation(.keyframe(KeyframeAnimation(keyPath: LayerKeyPath(.transform, .rotationZ),
                                                                 values: [.number(0), .number(2), .number(3)], keyTimes: [0, 0.3, 1])),
                                     timing: MediaTiming(duration: 2, repeatCount: .infinity))
            rotation.timing.timeOffset = Double(i % 4) * 0.1
            switch i % 6 {
            case 0: return [position, rotation]
            case 1:
                let bounds = Animation(.keyframe(KeyframeAnimation(keyPath: .bounds,
                                                                   values: [.rect(Rect(x: 0, y: 0, width: 10, height: 10)),
                                                                            .rect(Rect(x: 0, y: 0, width: 40, height: 20))])),
                                       timing: MediaTiming(duration: 0.9, repeatCount: .infinity, autoreverses: true))
                let to = Transform3D.rotation(angle: 0.7, x: 0, y: 0, z: 1).scaled(x: 1.5, y: 1.5)
                let transform = Animation(.basic(BasicAnimation(keyPath: .transform, from: .transform(.identity), to: .transform(to))),
                                          timing: MediaTiming(duration: 1.5, repeatCount: 2, autoreverses: true), timingFunction: .easeIn)
                return [bounds, transform]
            case 2:
                // Two components of `transform`: not the direct route.
                var scale = Animation.basic(LayerKeyPath(.transform, .scale), from: .number(1), to: .number(2), duration: 1)
                scale.timing.repeatCount = .infinity
                return [rotation, scale]
            case 3:
                // Additive: reads the model.
                let by = Animation(.basic(BasicAnimation(keyPath: .position, from: .point(Point(0, 0)), to: .point(Point(5, 5)),
                                                         isAdditive: true)),
                                   timing: MediaTiming(duration: 1, repeatCount: .infinity))
                return [position, by]
            case 4:
                // A position that begins later and is removed when done (no fill): declines
                // before its begin and after its end, and the layer goes the full way then.
                var late = position
                late.timing.beginTime = 0.9
                late.timing.repeatCount = 1
                return [late, rotation]
            default: return [position]
            }
        }
        let store = store(count, { i in Self.fade(duration: 1 + Double(i % 3) * 0.5) },
                          timing: { i in i % 5 == 0 ? LayerTiming(beginTime: 0.05, speed: 1.25) : nil }, more: extra)
        #expect(store.animation(of: 2)!.isDirect && store.animation(of: 3)!.isDirect && store.animation(of: 7)!.isDirect)
        #expect(!store.animation(of: 4)!.isDirect && !store.animation(of: 5)!.isDirect)
        var engine = AnimationEngine()
        var events: [Message] = []
        for t in [0.0, 0.35, 0.95, 1.6, 2.7, 4.05] {
            engine.evaluate(store, at: t, events: &events)
            expectClientsBits(store, count: count, at: t)
            for id in [LayerID(2), 3, 6, 8, 13] {
                let attached = store.animation(of: id)!.attached(in: store.table)
                let timings = [LayerTiming.identity, store.timing(of: id) ?? .identity]
                let earlier = t * 0.5
                let expected = Presentation.presentation(model: store.node(id)!.model, animations: attached, at: earlier,
                                                         timings: timings)
                #expect(store.withDrawable(id, at: earlier) { p, _, _ in p.pointee } == expected, "layer \(id) at \(earlier)")
            }
        }

        // Alike layers of three animations each: one timing worked out per kind.
        let alike = self.store(200, { _ in Self.fade(duration: 2) }, more: { _ in extra(0) })
        engine.evaluate(alike, at: 0.7, events: &events)
        #expect(engine.sharedTimings == (600, 597))
        expectClientsBits(alike, count: 200, at: 0.7)
    }
}
