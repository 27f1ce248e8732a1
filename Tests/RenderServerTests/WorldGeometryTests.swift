import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer

/// The compositor's cached world transform and opacity against a hand-computed case and
/// against a recomputation from the presentations after random changes and frames.
@Suite struct WorldGeometryTests {
    func apply(_ store: LayerStore, _ commands: [Command]) {
        var events: [Message] = []
        for c in commands { store.apply(c, mediaTime: 0, events: &events) }
    }

    func near(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test func anchorPositionAndSublayerTransform() {
        let store = LayerStore()
        apply(store, [.createLayer(1, .layer), .createLayer(2, .layer), .insertSublayer(parent: 1, child: 2, index: 0),
                      .setProperty(1, .bounds, .rect(Rect(x: 0, y: 0, width: 100, height: 100))),
                      .setProperty(1, .position, .point(Point(x: 200, y: 200))),
                      .setProperty(2, .bounds, .rect(Rect(x: 0, y: 0, width: 10, height: 10))),
                      .setProperty(2, LayerKeyPath(.anchorPoint), .point(Point(x: 0, y: 0))),
                      .setProperty(2, .position, .point(Point(x: 20, y: 30))),
                      .setProperty(1, .opacity, .number(0.5)), .setProperty(2, .opacity, .number(0.5))])
        // The parent's origin sits at its position minus half its size.
        #expect(near(store.worldTransform(of: 1)!.apply(to: Point(x: 0, y: 0)), Point(x: 150, y: 150)))
        #expect(near(store.worldTransform(of: 2)!.apply(to: Point(x: 0, y: 0)), Point(x: 170, y: 180)))
        #expect(store.worldOpacity(of: 2) == 0.25)
        // A sublayer transform scales the sublayers about the parent's anchor (50, 50).
        apply(store, [.setProperty(1, LayerKeyPath(.sublayerTransform), .transform(.scale(x: 2, y: 2)))])
        #expect(near(store.worldTransform(of: 2)!.apply(to: Point(x: 0, y: 0)), Point(x: 140, y: 160)))
        #expect(near(store.worldTransform(of: 1)!.apply(to: Point(x: 0, y: 0)), Point(x: 150, y: 150)))
        // Moving the parent moves the child; detaching it leaves it at its own position.
        apply(store, [.setProperty(1, .position, .point(Point(x: 50, y: 50)))])
        #expect(near(store.worldTransform(of: 2)!.apply(to: Point(x: 0, y: 0)), Point(x: -10, y: 10)))
        apply(store, [.removeFromSuperlayer(2)])
        #expect(near(store.worldTransform(of: 2)!.apply(to: Point(x: 0, y: 0)), Point(x: 20, y: 30)))
        #expect(store.worldOpacity(of: 2) == 0.5)
    }

    /// The definition, recomputed from scratch up the ancestor chain.
    func expectedWorld(_ store: LayerStore, _ id: LayerID) -> (Transform3D, Double) {
        let p = store.presentation(of: id)!
        var m = LayerStore.localTransform(p)
        var opacity = p.opacity
        var current = id
        while let parent = store.superlayer(of: current), parent != 0 {
            let sp = store.presentation(of: parent)!
            let a = LayerStore.anchor(sp)
            if !sp.sublayerTransform.isIdentity {
                m = m.concatenating(.translation(x: -a.x, y: -a.y)).concatenating(sp.sublayerTransform)
                    .concatenating(.translation(x: a.x, y: a.y))
            }
            m = m.concatenating(LayerStore.localTransform(sp))
            opacity *= sp.opacity
            current = parent
        }
        return (m, opacity)
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func cachesFollowModelsAnimationsAndStructure(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let store = LayerStore()
        let count: LayerID = 24
        apply(store, (1...count).map { .createLayer($0, .layer) })
        apply(store, (2...count).map { .insertSublayer(parent: LayerID.random(in: 1..<$0, using: &rng), child: $0, index: 0) })
        var engine = AnimationEngine()
        var events: [Message] = []
        var animationID: UInt64 = 0
        var t = 0.0
        func random(_ r: ClosedRange<Double>) -> Double { Double.random(in: r, using: &rng) }
        for step in 0..<150 {
            let id = LayerID.random(in: 1...count, using: &rng)
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: apply(store, [.setProperty(id, .position, .point(Point(x: random(-50...50), y: random(-50...50))))])
            case 1: apply(store, [.setProperty(id, .opacity, .number(random(0...1)))])
            case 2: apply(store, [.setProperty(id, LayerKeyPath(.transform, .rotationZ), .number(random(-3...3)))])
            case 3: apply(store, [.setProperty(id, LayerKeyPath(.sublayerTransform), .transform(Transform3D.scale(x: random(0.5...2), y: 1)))])
            case 4:
                animationID += 1
                var a = Bool.random(using: &rng) ? Animation.basic(.position, to: .point(Point(x: 5, y: 9)), duration: 1)
                                                 : Animation.basic(.opacity, to: .number(0.3), duration: 1)
                a.timing.beginTime = t
                apply(store, [.addAnimation(id, key: "k\(step % 3)", animationID: animationID, animation: a)])
            case 5:
                // Move a layer under another unless that makes a cycle.
                let parent = LayerID.random(in: 1...count, using: &rng)
                var a = parent, cycle = false
                while a != 0 { if a == id { cycle = true; break }; a = store.superlayer(of: a) ?? 0 }
                if !cycle { apply(store, [.insertSublayer(parent: parent, child: id, index: 0)]) }
            case 6: apply(store, [.removeAllAnimations(id)])
            default: break
            }
            t += 0.1
            engine.evaluate(store, at: t, events: &events)
            // Query a few (the rest stay stale and are refreshed lazily later).
            for _ in 0..<3 {
                let q = LayerID.random(in: 1...count, using: &rng)
                let (m, o) = expectedWorld(store, q)
                #expect(store.worldTransform(of: q)!.maxDifference(m) < 1e-9, "layer \(q) after step \(step)")
                #expect(abs(store.worldOpacity(of: q)! - o) < 1e-12, "layer \(q) after step \(step)")
            }
        }
        for q in 1...count {
            let (m, o) = expectedWorld(store, q)
            #expect(store.worldTransform(of: q)!.maxDifference(m) < 1e-9)
            #expect(abs(store.worldOpacity(of: q)! - o) < 1e-12)
        }
    }
}
