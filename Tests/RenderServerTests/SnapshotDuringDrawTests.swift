import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// A snapshot copies the last frame's pixels out of the compositor's own surface (nothing is
/// copied per frame), waiting while the next frame is being drawn: taken over and over from
/// another thread while frames of alternating colours are drawn (band by band), every one is a
/// whole frame — one colour, never part of one frame and part of the next (copied without
/// the lock, some are torn here).
@Suite struct SnapshotDuringDrawTests {
    @Test func snapshotsTakenWhileFramesAreDrawnAreNeverTorn() throws {
        let drawn = try AsyncDrawnServer(width: 320, height: 240, clientName: "snapshots")
        let (server, output, c) = (drawn.server, drawn.output, drawn.client)
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        // Forty full-frame layers, so that a frame takes a while to draw (band by band).
        let layers = (0..<40).map { LayerID(10 + $0) }
        server.send(.commit(Commit(sequence: 1, mediaTime: DrawnScene.start, commands: S.scene(layers.flatMap {
            [S.create($0)] + S.frame($0, 0, 0, 320, 240) + [S.set($0, .backgroundColor, .color(red)), S.add($0, to: 1)]
        }, width: 320, height: 240))), from: c)
        _ = try server.readMessages(of: c)

        final class Shots: @unchecked Sendable {
            let lock = NSLock()
            var torn: [UInt64] = []
            var taken = 0
        }
        let shots = Shots()
        let finished = DispatchSemaphore(value: 0)
        // `latestFrame` may be called from any thread (`FrameSnapshotting`).
        let source = SnapshotSource(output: output)
        let snapshotter = Thread {
            for _ in 0..<150 {
                let f = source.output.latestFrame(currentFrame: nil)
                let words = f.pixels.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
                shots.lock.lock()
                shots.taken += 1
                if let first = words.first, words.contains(where: { $0 != first }) { shots.torn.append(f.frame) }
                shots.lock.unlock()
            }
            finished.signal()
        }
        snapshotter.start()
        for k in 2..<150 {
            server.send(.commit(Commit(sequence: UInt64(k), mediaTime: server.frameTime, commands: layers.map {
                .setProperty($0, LayerKeyPath(.backgroundColor), .color(k % 2 == 0 ? blue : red))
            })), from: c)
            _ = try server.readMessages(of: c)
            // Every commit's frame handed off (a busy compositor makes frames skip) and drawn.
            repeat { server.step(seconds: 1.0 / 60) } while output.hasPendingWork
            _ = output.waitForFrame(server.frameNumber, timeout: 60)
        }
        finished.wait()
        #expect(shots.taken == 150)
        #expect(shots.torn.isEmpty, "torn snapshots of frames \(shots.torn)")
        #expect(output.statistics.framesDrawn >= 148)
    }
}
