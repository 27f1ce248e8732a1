import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer

/// World transform and opacity (`LayerGeometry`, the one rule) against a hand-computed case,
/// against an independent recomputation after random changes and frames, and against the
/// render list's items: the store's answer and what the compositor draws are one transform.
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

    /// The definition, written out independently: Core Animation's layer-to-superlayer
    /// transform (z from zPosition), each superlayer's sublayer transform about its anchor
    /// after its world is flattened into its plane (z row and column dropped).
    func expectedWorld(_ store: LayerStore, _ id: LayerID) -> (Transform3D, Double) {
        func local(_ p: LayerProperties) -> Transform3D {
            let ax = p.bounds.origin.x + p.anchorPoint.x * p.bounds.size.width
            let ay = p.bounds.origin.y + p.anchorPoint.y * p.bounds.size.height
            return Transform3D.translation(x: -ax, y: -ay).concatenating(p.transform)
                .concatenating(.translation(x: p.position.x, y: p.position.y, z: p.zPosition))
        }
        var chain: [LayerID] = [id]
        while let parent = store.superlayer(of: chain.last!), parent != 0 { chain.append(parent) }
        var world = Transform3D.identity, opacity = 1.0
        for (i, layer) in chain.reversed().enumerated() {
            let p = store.presentation(of: layer)!
            if i > 0 {
                let sp = store.presentation(of: chain[chain.count - i])!
                var flat = world
                flat.m31 = 0; flat.m32 = 0; flat.m33 = 0; flat.m34 = 0
                let ax = sp.bounds.origin.x + sp.anchorPoint.x * sp.bounds.size.width
                let ay = sp.bounds.origin.y + sp.anchorPoint.y * sp.bounds.size.height
                world = Transform3D.translation(x: -ax, y: -ay).concatenating(sp.sublayerTransform)
                    .concatenating(.translation(x: ax, y: ay)).concatenating(flat)
                world = local(p).concatenating(world)
            } else {
                world = local(p)
            }
            opacity *= p.opacity
        }
        return (world, opacity)
    }

    /// What the compositor draws each layer with equals the store's world transform (one
    /// rule): a tree with zPosition under a perspective sublayer transform, a sublayer
    /// transform about an off-centre anchor, rotations and a nested perspective.
    @Test func renderItemsUseTheStoresWorldTransform() {
        let store = LayerStore()
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        var c: [Command] = (1...6).map { Command.createLayer($0, .layer) }
        c.append(.insertSublayer(parent: 1, child: 2, index: 0))
        c.append(.insertSublayer(parent: 1, child: 3, index: 1))
        c.append(.insertSublayer(parent: 3, child: 4, index: 0))
        c.append(.insertSublayer(parent: 4, child: 5, index: 0))
        c.append(.insertSublayer(parent: 2, child: 6, index: 0))
        c.append(.setProperty(1, .bounds, .rect(Rect(x: 0, y: 0, width: 160, height: 120))))
        c.append(.setProperty(1, .position, .point(Point(x: 80, y: 60))))
        c.append(.setProperty(1, LayerKeyPath(.sublayerTransform), .transform(perspective)))
        c.append(.setProperty(2, .bounds, .rect(Rect(x: 0, y: 0, width: 40, height: 40))))
        c.append(.setProperty(2, .position, .point(Point(x: 50, y: 50))))
        c.append(.setProperty(2, LayerKeyPath(.zPosition), .number(120)))
        c.append(.setProperty(3, .bounds, .rect(Rect(x: 0, y: 0, width: 60, height: 50))))
        c.append(.setProperty(3, .position, .point(Point(x: 110, y: 70))))
        c.append(.setProperty(3, LayerKeyPath(.zPosition), .number(-80)))
        c.append(.setProperty(3, LayerKeyPath(.anchorPoint), .point(Point(x: 0.2, y: 0.7))))
        c.append(.setProperty(3, LayerKeyPath(.transform), .transform(.rotation(angle: 0.4, x: 0, y: 1, z: 0))))
        c.append(.setProperty(3, LayerKeyPath(.sublayerTransform), .transform(perspective.concatenating(.scale(x: 1.2, y: 0.9)))))
        c.append(.setProperty(4, .bounds, .rect(Rect(x: 0, y: 0, width: 30, height: 30))))
        c.append(.setProperty(4, .position, .point(Point(x: 20, y: 20))))
        c.append(.setProperty(4, LayerKeyPath(.zPosition), .number(40)))
        c.append(.setProperty(5, .bounds, .rect(Rect(x: 0, y: 0, width: 10, height: 10))))
        c.append(.setProperty(5, .position, .point(Point(x: 5, y: 5))))
        c.append(.setProperty(6, .bounds, .rect(Rect(x: 0, y: 0, width: 12, height: 12))))
        c.append(.setProperty(6, .position, .point(Point(x: 20, y: 20))))
        c.append(.setProperty(6, LayerKeyPath(.transform), .transform(.rotation(angle: 0.3, x: 0, y: 0, z: 1))))
        c.append(.setRoot(1))
        for id in 1...6 as ClosedRange<LayerID> { c.append(.setProperty(id, .backgroundColor, .color(Color(red: 1, green: 0, blue: 0, alpha: 1)))) }
        apply(store, c)
        let snapshot = FrameSnapshot(frame: 1, mediaTime: 0, width: 160, height: 120,
                                     trees: [PresentedTree(sessionID: 1, store: store)])
        let items = RenderList(snapshot).blocks.flatMap { $0 }
        #expect(items.count == 6)
        for item in items {
            let id = LayerID(item.key & 0xFFFF_FFFF)
            let stored = ProjectiveTransform(store.worldTransform(of: id)!)
            let (m, _) = expectedWorld(store, id)
            for (x, y) in [(item.world, stored), (stored, ProjectiveTransform(m))] {
                let d = [x.a - y.a, x.b - y.b, x.p - y.p, x.c - y.c, x.d - y.d, x.q - y.q, x.tx - y.tx, x.ty - y.ty, x.s - y.s]
                #expect(d.allSatisfy { abs($0) < 1e-9 }, "layer \(id): \(x) vs \(y)")
            }
        }
        // zPosition under perspective is seen: layer 2 (z 120, nearer) is drawn larger than
        // its 40 points, layer 4's child appears through two perspectives.
        let two = ProjectiveTransform(store.worldTransform(of: 2)!)
        let left = two.apply(0, 20), right = two.apply(40, 20)
        #expect(right.x - left.x > 40.5, "\(right.x - left.x)")
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func worldGeometryFollowsModelsAnimationsAndStructure(seed: UInt64) {
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
            case 3:
                var m = Transform3D.scale(x: random(0.5...2), y: 1)
                if Bool.random(using: &rng) { m.m34 = -1 / random(300...900) }
                apply(store, [.setProperty(id, LayerKeyPath(.sublayerTransform), .transform(m)),
                              .setProperty(id, LayerKeyPath(.zPosition), .number(random(-40...40)))])
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
            // Query a few.
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
