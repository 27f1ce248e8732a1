import CCairo
import Foundation
import Logging

/// `rendersrvd --record DIR [--record-every N]`: writes drawn frames as PNGs —
/// `DIR/frame-000120.png` — and one line per file to `DIR/frames.tsv`
/// (`frame<TAB>mediaTime<TAB>file`), which `rendersrvctl contact-sheet --recording DIR` reads.
///
/// A frame is written when its number reaches the next multiple of `every` past the last
/// one written (on a real clock the compositor may skip frames under load; the next drawn
/// one is written instead). A write that fails is logged and ends the recording.
///
/// Thread affinity: the compositor thread.
final class FrameRecorder {
    let directory: String
    let every: UInt64
    private var nextFrame: UInt64 = 0
    private var index: FileHandle?
    private var failed = false
    private let logger: Logger

    init(directory: String, every: Int, logger: Logger) throws {
        guard every >= 1 else {
            throw ImageFileError(description: "--record-every \(every): record at least every frame (1) or every Nth (N ≥ 1)")
        }
        self.directory = directory
        self.every = UInt64(every)
        self.logger = logger
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ImageFileError(description: "--record \(directory): cannot create the folder (\(error.localizedDescription))")
        }
        let indexPath = directory + "/frames.tsv"
        guard FileManager.default.createFile(atPath: indexPath, contents: Data("frame\tmediaTime\tfile\n".utf8)),
              let handle = FileHandle(forWritingAtPath: indexPath) else {
            throw ImageFileError(description: "--record \(directory): cannot write \(indexPath); is the folder writable?")
        }
        handle.seekToEndOfFile()
        index = handle
    }

    /// Writes the frame if it is due; returns whether it did.
    func frameDrawn(_ frame: UInt64, mediaTime: Double, surface: OpaquePointer) -> Bool {
        guard !failed, frame >= nextFrame else { return false }
        let name = "frame-" + String(format: "%06llu", frame) + ".png"
        let status = cairo_surface_write_to_png(surface, directory + "/" + name)
        guard status == CAIRO_STATUS_SUCCESS else {
            failed = true
            logger.error("recording stopped: cannot write \(directory)/\(name): \(String(cString: cairo_status_to_string(status)))")
            return false
        }
        index?.write(Data("\(frame)\t\(String(format: "%.6f", mediaTime))\t\(name)\n".utf8))
        nextFrame = (frame / every + 1) * every
        return true
    }

    deinit { try? index?.close() }
}
