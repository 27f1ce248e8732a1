import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// The threads that draw a frame's bands: each band drawn once, by a painter that exists,
/// whatever the scheduling; and a pooled rasterizer's frame the same, bit for bit, as one
/// thread's (the golden scenes check this too, through `DrawnScene`'s twins).
@Suite struct BandPoolTests {
    /// Counts who drew what (under a lock: the pool's threads write it at once).
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var draws: [Int]
        private(set) var painters: [Int]
        init(_ count: Int) { draws = [Int](repeating: 0, count: count); painters = [Int](repeating: -1, count: count) }
        func drew(_ band: Int, by painter: Int) {
            lock.lock(); draws[band] += 1; painters[band] = painter; lock.unlock()
        }
    }

    @Test(arguments: [1, 3])
    func everyBandIsDrawnOnceByAPainterOfThePool(_ helpers: Int) {
        let pool = BandPool(helpers: helpers, stackBytes: 1 << 20)
        defer { pool.stop() }
        for count in [1, 2, 5, 12, 100] {
            for _ in 0..<20 {
                let tally = Tally(count)
                pool.run(count) { painter, band in tally.drew(band, by: painter) }
                // `run` returned: every band is drawn, and nothing more comes.
                #expect(tally.draws == [Int](repeating: 1, count: count))
                #expect(tally.painters.allSatisfy { (0...helpers).contains($0) })
            }
        }
    }

    @Test func interleavedBandsAreDealtInTurn() {
        let pool = BandPool(helpers: 3, stackBytes: 1 << 20)
        defer { pool.stop() }
        let tally = Tally(15)
        pool.run(15, interleaved: true) { painter, band in tally.drew(band, by: painter) }
        #expect(tally.draws == [Int](repeating: 1, count: 15))
        #expect(tally.painters == (0..<15).map { $0 % 4 })
    }

    /// A 320×240 scene of every kind of drawing over several frames (layers moving,
    /// spinning, fading), drawn in bands of 16 rows by one thread and by four threads taking
    /// bands as they come: the same pixels every frame.
    @Test func fourThreadsDrawTheSameFramesAsOne() throws {
        let scene = try DrawnScene(width: 320, height: 240, poolTwins: false)
        // Scene (c) (rounded layers moving, stars spinning, text fading) and a translucent
        // clipping group over them.
        var body = CompositorBenchmark.mixedScene(layers: 150, width: 320, height: 240).filter {
            if case .setRoot = $0 { return false }
            if case let .createLayer(id, _) = $0, id == 1 { return false }
            if case let .setProperty(id, _, _) = $0, id == 1 { return false }
            return true
        }
        body += [S.create(2000)] + S.frame(2000, 200, 20, 90, 150) + [
            S.set(2000, .backgroundColor, S.color(0.1, 0.7, 0.3, 0.8)), S.set(2000, .cornerRadius, .number(12)),
            S.set(2000, .masksToBounds, .bool(true)), S.set(2000, .opacity, .number(0.7)), S.add(2000, to: 1),
            S.create(2001)] + S.frame(2001, 20, 40, 120, 30) + [S.set(2001, .backgroundColor, S.color(0.9, 0.1, 0.1)),
            S.set(2001, .transform, .transform(Transform3D.rotation(angle: 0.3, x: 0, y: 0, z: 1))), S.add(2001, to: 2000)]
        try scene.commit(S.scene(body, width: 320, height: 240))
        let one = try #require(Rasterizer(width: 320, height: 240, mode: .cached, threads: 1))
        let four = try #require(Rasterizer(width: 320, height: 240, mode: .cached, threads: 4))
        #expect(four.threads == 4)
        for r in [one, four] { r.bandRows = 16 }
        for step in 0..<6 {
            scene.server.step(seconds: 0.1)
            let trees = scene.server.core.sessions.map { PresentedTree(sessionID: $0.id, store: $0.store) }
            let list = RenderList(FrameSnapshot(frame: UInt64(step + 1), mediaTime: scene.server.frameTime, width: 320,
                                                height: 240, trees: trees))
            let a = one.draw(list), b = four.draw(list)
            #expect(a == b && !a.isEmpty)
            let pa = ImageFile.copyPixels(one.surface), pb = ImageFile.copyPixels(four.surface)
            #expect(pa == pb, "frame \(step + 1): \(Golden.difference(pa, pb, tolerance: 0).differingShare * 100) % of pixels differ")
        }
        // One bitmap per text layer (their strings differ), one for all the stars (one content).
        #expect(one.bitmapsRendered == four.bitmapsRendered && one.bitmapsRendered >= 51)
        #expect(one.cachedBitmaps.count == four.cachedBitmaps.count && one.cachedBitmaps.bytes == four.cachedBitmaps.bytes)
    }
}
