import CCairo
import Foundation
import RenderClient
import RenderPictures

/// The frames a demo steps through, captured from the daemon (snapshots over the protocol)
/// and tiled into one contact sheet, each tile labelled with its time since the first.
/// Demos capture after each clock step when `--contact-sheet PATH` is given.
final class ContactSheetRecorder {
    let path: String
    private var tiles: [(surface: OpaquePointer, label: String)] = []
    private var start: Double?
    /// At most this many tiles (later captures replace nothing: the sheet shows the first).
    let limit = 24

    init(path: String) { self.path = path }

    deinit { for t in tiles { cairo_surface_destroy(t.surface) } }

    /// Captures the daemon's latest frame, labelled with its media time.
    func capture(_ control: ControlClient, mediaTime: Double) throws {
        guard tiles.count < limit else { return }
        let shot = try control.snapshot()
        guard shot.width > 0, shot.height > 0 else {
            throw DemoError("the daemon sent an empty snapshot: it draws nothing (started with --output none?)")
        }
        let t0 = start ?? mediaTime
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
