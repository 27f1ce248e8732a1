import Foundation
import Testing
import RenderClient

/// Shared-memory contents with the real daemon: a client sets a 512×512 bitmap on a layer,
/// its `Connection` passes it in a sealed memfd (1 MiB, above the 64 KiB threshold), and a
/// snapshot shows it. The daemon's frame limit is 512 KiB, so the bitmap could not have
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
        // A 320×320 snapshot (400 KiB) fits a 512 KiB frame; the 1 MiB bitmap would not.
        let daemon = try Daemon(clock: "manual", extraArguments: ["--size", "320x320", "--max-frame-bytes", "524288"])
        defer { daemon.stop() }
        let client = try Client(daemon, name: "e2e-shm")
        #expect(client.connection.sharedContentsThreshold <= 512 * 512 * 4)
        let bitmap = Self.quadrants(512)
        func daemonDescriptors() -> Int {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(daemon.process.processIdentifier)/fd")) ?? []).count
        }
        _ = try client.connection.ping()
        let descriptorsBefore = daemonDescriptors()
        #expect(descriptorsBefore > 0)
        client.onMain {
            Transaction.begin()
            Transaction.disableActions = true
            let root = Layer()
            root.bounds = Rect(x: 0, y: 0, width: 320, height: 320)
            root.position = Point(160, 160)
            root.backgroundColor = Color(white: 0.5)
            client.context.rootLayer = root
            let picture = Layer()
            picture.bounds = Rect(x: 0, y: 0, width: 512, height: 512)
            picture.position = Point(32 + 256, 32 + 256)   // covers 32…544 on both axes, unscaled
            picture.contents = bitmap
            root.addSublayer(picture)
            Transaction.commit()
        }
        try client.applyCommits()
        #expect(client.connection.isConnected, "\(daemon.stderrText)")
        #expect(daemonDescriptors() == descriptorsBefore, "the daemon closed the memfd it received")
        let shot = try client.control.snapshot()
        #expect(shot.width == 320 && shot.height == 320)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(shot.pixels[(y * 320 + x) * 4 ..< (y * 320 + x) * 4 + 4]) }
        #expect(pixel(10, 10) == [128, 128, 128, 255], "\(pixel(10, 10))")
        #expect(pixel(100, 100) == [0, 0, 255, 255], "\(pixel(100, 100))")
        #expect(pixel(300, 100) == [0, 255, 0, 255], "\(pixel(300, 100))")
        #expect(pixel(100, 300) == [255, 0, 0, 255], "\(pixel(100, 300))")
        #expect(pixel(300, 300) == [255, 255, 255, 255], "\(pixel(300, 300))")
        // The bitmap's first pixel, and the quadrant seams, exactly where they belong.
        #expect(pixel(32, 32) == [0, 0, 255, 255], "\(pixel(32, 32))")
        #expect(pixel(287, 100) == [0, 0, 255, 255] && pixel(288, 100) == [0, 255, 0, 255], "\(pixel(287, 100)) \(pixel(288, 100))")
    }
}
