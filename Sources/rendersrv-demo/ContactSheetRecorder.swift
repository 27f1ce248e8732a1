import CCairo
import Foundation
import RenderClient
import RenderPictures

/// The frames a demo steps through, captured from the daemon (snapshots over the protocol)
/// and tiled into one contact sheet, each tile labelled with its frame's time since the
/// demo's origin (the time its animations count from, or else the first capture). A frame
/// already captured is not tiled again (two samples at one time, or a time the clock had
/// already passed). Demos capture after each clock step when `--contact-sheet PATH` is given.
final class ContactSheetRecorder {
    let path: String
    private var tiles: [(surface: OpaquePointer, label: String)] = []
    private var start: Double?
    private var lastFrame: UInt64?
    /// At most this many tiles (later captures replace nothing: the sheet shows the first).
    let limit = 24

    init(path: String) { self.path = path }

    deinit { for t in tiles { cairo_surface_destroy(t.surface) } }

    /// The tiles' labels, in order.
    var labels: [String] { tiles.map(\.label) }

    /// Captures the daemon's latest frame, whose media time is `mediaTime`, labelled with its
    /// time since `origin` (else since the first capture).
    func capture(_ control: ControlClient, mediaTime: Double, origin: Double? = nil) throws {
        guard tiles.count < limit else { return }
        let shot = try control.snapshot()
        guard shot.width > 0, shot.height > 0 else {
            throw DemoError("the daemon sent an empty snapshot: it draws nothing (started with --output none?)")
        }
        guard shot.frame != lastFrame else { return }
        lastFrame = shot.frame
        let t0 = start ?? origin ?? mediaTime
        start = t0
        let surface = Picture(width: Int(shot.width), height: Int(shot.height), pixels: shot.pixels).surface()
        tiles.append((surface, String(format: "+%.3f s  (frame %llu)", mediaTime - t0, shot.frame)))
    }

    /// Writes the sheet; returns its path (nil when nothing was captured).
    @discardableResult
    func write() throws -> String? {
        guard !tiles.isEmpty else { return nil }
        let sheet = contactSheet(tiles)
        defer { cairo_surface_destroy(sheet) }
        try writePNG(sheet, to: path)
        return path
    }
}
