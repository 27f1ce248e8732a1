import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// A tracker's scroll shifts the render list's items in place (`RenderItems.scrollSubtree`)
/// instead of rebuilding the content: the shifted list must equal one built from scratch —
/// worlds, the parent worlds later rebuilds start from, clips, screen and subtree bounds —
/// and a list of thousands of rows must stay current (never behind) while it moves.
@Suite struct ScrollShiftTests {
    /// A viewport (layer 1, optionally rotated or under perspective) over `rows` rows of
    /// three layers, some clipping, one masked, one rotated.
    static func scene(_ s: EmbeddedServer, rows: Int, rootTransform: Transform3D = .identity) throws -> UInt32 {
        let c = s.connect(pid: 1)
        s.send(.hello(Hello(clientName: "list", pid: 1)), from: c)
        _ = try s.readMessages(of: c)
        var cmds: [Command] = [.createLayer(1, .layer), .setProperty(1, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 400, height: 600))),
                               .setProperty(1, LayerKeyPath(.position), .point(Point(x: 300, y: 340))),
                               .setProperty(1, LayerKeyPath(.masksToBounds), .bool(true)),
                               .setProperty(1, LayerKeyPath(.transform), .transform(rootTransform)), .setRoot(1)]
        var id: LayerID = 2
        for i in 0..<rows {
            let row = id; id += 1
            cmds += [.createLayer(row, .layer), .setProperty(row, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 400, height: 50))),
                     .setProperty(row, LayerKeyPath(.position), .point(Point(x: 200, y: Double(i) * 50 + 25))),
                     .setProperty(row, LayerKeyPath(.backgroundColor), .color(Color(red: 0.5, green: 0.5, blue: 1, alpha: 1))),
                     .setProperty(row, LayerKeyPath(.masksToBounds), .bool(i % 3 == 0)),
                     .insertSublayer(parent: 1, child: row, index: UInt32(i))]
            if i % 7 == 0 {
                cmds.append(.setProperty(row, LayerKeyPath(.transform), .transform(.rotation(angle: 0.1, x: 0, y: 0, z: 1))))
            }
            for j in 0..<2 {
                let sub = id; id += 1
                cmds += [.createLayer(sub, .layer), .setProperty(sub, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 100, height: 40))),
                         .setProperty(sub, LayerKeyPath(.position), .point(Point(x: 60 + Double(j) * 120, y: 25 + Double(j) * 15))),
                         .setProperty(sub, LayerKeyPath(.backgroundColor), .color(Color(red: 1, green: 0.5, blue: 0, alpha: 1))),
                         .insertSublayer(parent: row, child: sub, index: UInt32(j))]
            }
            if i % 11 == 0 {
                let mask = id; id += 1
                cmds += [.createLayer(mask, .layer), .setProperty(mask, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 200, height: 30))),
                         .setProperty(mask, LayerKeyPath(.position), .point(Point(x: 100, y: 25))),
                         .setProperty(mask, LayerKeyPath(.backgroundColor), .color(.black)),
                         .setProperty(row, LayerKeyPath(.mask), .layer(mask))]
            }
        }
        cmds.append(.setTracker(1, TrackerConfiguration(axes: .vertical, contentSize: Size(width: 400, height: Double(rows) * 50))))
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: cmds)), from: c)
        s.step(seconds: 1.0 / 60)
        _ = try s.readMessages(of: c)
        return c
    }

    static func expectSame(_ a: RenderList, _ b: RenderList, _ note: String) {
        #expect(a.blocks.count == b.blocks.count)
        guard let x = a.blocks.first, let y = b.blocks.first else { return }
        #expect(x.count == y.count, "\(note): item counts")
        var worst = 0.0, mismatches = 0
        for k in 0..<min(x.count, y.count) {
            let p = x[k], q = y[k]
            for (u, v) in [(p.world.a, q.world.a), (p.world.b, q.world.b), (p.world.c, q.world.c), (p.world.d, q.world.d),
                           (p.world.tx, q.world.tx), (p.world.ty, q.world.ty), (p.world.p, q.world.p), (p.world.q, q.world.q),
                           (p.parentWorld.m41, q.parentWorld.m41), (p.parentWorld.m42, q.parentWorld.m42)] {
                worst = max(worst, abs(u - v))
            }
            // Pixel rects from maps equal to 1e-9 may still round an edge that falls on a
            // whole pixel the other way: a pixel either way (they bound, with a pixel to spare,
            // what is drawn; the drawing itself uses the maps).
            func nearHit(_ a: HitBounds, _ b: HitBounds) -> Bool {
                abs(a.minX - b.minX) <= 0.01 && abs(a.minY - b.minY) <= 0.01 && abs(a.maxX - b.maxX) <= 0.01
                    && abs(a.maxY - b.maxY) <= 0.01
            }
            func near(_ a: PixelRect, _ b: PixelRect) -> Bool {
                abs(a.x - b.x) <= 1 && abs(a.y - b.y) <= 1 && abs(a.maxX - b.maxX) <= 1 && abs(a.maxY - b.maxY) <= 1
            }
            if p.key != q.key || !near(p.screenBounds, q.screenBounds) || !near(p.subtreeBounds, q.subtreeBounds)
                || !near(p.clipBounds, q.clipBounds) || p.subtreeEnd != q.subtreeEnd || p.content != q.content
                || !(p.hitBounds.contains(q.hitBounds) && q.hitBounds.contains(p.hitBounds)) && !nearHit(p.hitBounds, q.hitBounds) {
                mismatches += 1
                if mismatches == 1 {
                    print("MISMATCH \(note) item \(k) key \(p.key)/\(q.key) screen \(p.screenBounds)/\(q.screenBounds) subtree \(p.subtreeBounds)/\(q.subtreeBounds) clip \(p.clipBounds)/\(q.clipBounds) end \(p.subtreeEnd)/\(q.subtreeEnd) content \(p.content == q.content) origin \(p.content.bounds)/\(q.content.bounds)")
                }
            }
        }
        #expect(worst < 1e-9, "\(note): worlds differ by \(worst)")
        #expect(mismatches == 0, "\(note): \(mismatches) items differ from a list built from scratch")
    }

    @Test(arguments: [("upright", Transform3D.identity), ("rotated", Transform3D.rotation(angle: 0.3, x: 0, y: 0, z: 1)),
                      ("scaled", Transform3D.scale(x: 1.5, y: 0.75, z: 1))])
    func aScrolledListEqualsOneBuiltFromScratch(_ name: String, _ transform: Transform3D) throws {
        let s = IsolationTests.server()
        let c = try Self.scene(s, rows: 60, rootTransform: transform)
        let builder = RenderListBuilder()
        _ = builder.build(s.core.snapshot(target: 1000))
        for (step, y) in [137.25, 480.5, 12.0].enumerated() {
            s.send(.commit(Commit(sequence: UInt64(2 + step), mediaTime: 1000, commands: [
                .trackerRequest(1, TrackerRequest(kind: .setPosition, requestID: 1, point: Point(x: 0, y: y)))])), from: c)
            s.step(seconds: 1.0 / 60)
            _ = try s.readMessages(of: c)
            let shifted = builder.build(s.core.snapshot(target: 1000))
            let fresh = RenderList(s.core.snapshot(target: 1000))
            Self.expectSame(shifted, fresh, "\(name), offset \(y)")
        }
        #expect(builder.scrolledSubtrees == 3)
    }

    @Test func underPerspectiveTheContentIsRebuiltAndStillRight() throws {
        let s = IsolationTests.server()
        var m = Transform3D.identity
        m.m34 = -1.0 / 500
        let c = try Self.scene(s, rows: 20, rootTransform: m.concatenating(.rotation(angle: 0.4, x: 1, y: 0, z: 0)))
        let builder = RenderListBuilder()
        _ = builder.build(s.core.snapshot(target: 1000))
        s.send(.commit(Commit(sequence: 2, mediaTime: 1000, commands: [
            .trackerRequest(1, TrackerRequest(kind: .setPosition, requestID: 1, point: Point(x: 0, y: 200)))])), from: c)
        s.step(seconds: 1.0 / 60)
        Self.expectSame(builder.build(s.core.snapshot(target: 1000)), RenderList(s.core.snapshot(target: 1000)), "perspective")
    }

    @Test func aFlingOverThousandsOfRowsNeverLeavesTheListBehind() throws {
        let s = IsolationTests.server()
        let c = try Self.scene(s, rows: 1000)
        let builder = RenderListBuilder(sliceItems: RenderListBuilder.defaultSliceItems,
                                        updateItems: RenderListBuilder.defaultUpdateItems)
        _ = builder.build(s.core.snapshot(target: 1000))
        s.send(.commit(Commit(sequence: 2, mediaTime: 1000, commands: [
            .trackerRequest(1, TrackerRequest(kind: .addVelocity, requestID: 1, point: Point(x: 0, y: 3000)))])), from: c)
        var behind = 0
        for _ in 0..<60 {
            s.step(seconds: 1.0 / 60)
            _ = builder.build(s.core.snapshot(target: 1000))
            if builder.isBehind { behind += 1 }
        }
        #expect(behind == 0)
        #expect(builder.updatedItems == 0) // nothing rebuilt: every frame shifted in place
        let y = s.core.sessions.first { $0.id == c }!.store.node(1)!.model.bounds.origin.y
        #expect(y > 1000)
    }
}
