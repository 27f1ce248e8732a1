import Foundation
import Testing
import RenderClient

/// Shared-memory contents with the real daemon: a client sets a 512×512 bitmap on a layer,
/// its `Connection` passes it in a sealed memfd (1 MiB, above the 64 KiB threshold), and a
/// snapshot shows it. The daemon's frame limit is 256 KiB, so the bitmap could not have
/// travelled inline.
@Suite("End to end, shared-memory contents")
struct SharedContentsEndToEndTests {
    /// Four quadrants: red, green, blue, white (premultiplied BGRA).
    static func quadrants(_ side: Int) -> Bitmap {
        var px = [UInt8](repeating: 0, count: side * side * 4)
        let colors: [[UInt8]] = [[0, 0, 255, 255], [0, 255, 0, 255], [255, 0, 0, 255], [255, 255, 255, 255]]
        for y in 0..<side {
            for x in 0..<side {
                let q = (y < side / 2 ? 0 : 2) + (x < side / 2 ? 0 : 1)
                px.replaceSubrange((y * side + x) * 4 ..< (y * side + x) * 4 + 4, with: colors[q])
            }
        }
        return try! Bitmap(width: side, height: side, pixels: px)
    }

    @Test func aSnapshotShowsA512BitmapSentInSharedMemory() throws {
        let daemon = try Daemon(clock: "manual", extraArguments: ["--size", "640x640", "--max-frame-bytes", "262144"])
        defer { daemon.stop() }
        let client = try Client(daemon, name: "e2e-shm")
        #expect(client.connection.sharedContentsThreshold <= 512 * 512 * 4)
        let bitmap = Self.quadrants(512)
        client.onMain {
            Transaction.begin()
            Transaction.disableActions = true
            let root = Layer()
            root.bounds = Rect(x: 0, y: 0, width: 640, height: 640)
            root.position = Point(320, 320)
            root.backgroundColor = Color(white: 0.5)
            client.context.rootLayer = root
            let picture = Layer()
            picture.bounds = Rect(x: 0, y: 0, width: 512, height: 512)
            picture.position = Point(320, 320)
            picture.contents = bitmap
            root.addSublayer(picture)
            Transaction.commit()
        }
        try client.applyCommits()
        #expect(client.connection.isConnected, "\(daemon.stderrText)")
        let shot = try client.control.snapshot()
        #expect(shot.width == 640 && shot.height == 640)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(shot.pixels[(y * 640 + x) * 4 ..< (y * 640 + x) * 4 + 4]) }
        // The layer covers 64…576 on both axes.
        #expect(pixel(64 + 128, 64 + 128) == [0, 0, 255, 255], "\(pixel(192, 192))")
        #expect(pixel(64 + 384, 64 + 128) == [0, 255, 0, 255], "\(pixel(448, 192))")
        #expect(pixel(64 + 128, 64 + 384) == [255, 0, 0, 255], "\(pixel(192, 448))")
        #expect(pixel(64 + 384, 64 + 384) == [255, 255, 255, 255], "\(pixel(448, 448))")
        #expect(pixel(20, 20) == [128, 128, 128, 255], "\(pixel(20, 20))")
        // Just inside each edge of the layer, the bitmap's own edge pixels.
        #expect(pixel(65, 65) == [0, 0, 255, 255], "\(pixel(65, 65))")
        #expect(pixel(574, 574) == [255, 255, 255, 255], "\(pixel(574, 574))")
    }
}
