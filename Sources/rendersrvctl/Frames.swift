import ArgumentParser
import Foundation
import RenderClient

extension RenderSrvCtl {
    /// `rendersrvctl frames [--since N]`: the daemon's own record of its recent frames.
    struct Frames: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The daemon's per-frame records: target and wake times, missed vsyncs, commits, phase times, "
                + "animated layers, when the pixels were ready.")

        @OptionGroup var options: ConnectionOptions

        @Option(name: .long, help: ArgumentHelp("Only frames after this frame number (default: every frame kept).",
                                                valueName: "frame"))
        var since: UInt64 = 0

        @Option(name: .long, help: ArgumentHelp("At most this many records, the latest ones (0: all kept).",
                                                valueName: "n"))
        var last: Int = 0

        @Flag(name: .long, help: "Print the records as one JSON array.")
        var json = false

        func validate() throws {
            guard last >= 0 else { throw ValidationError("--last \(last) must be 0 (all) or more") }
        }

        func run() throws {
            let client = try options.connect()
            defer { client.close() }
            var records = perform("frame log") { try client.frameRecords(since: since) }
            if last > 0 && records.count > last { records.removeFirst(records.count - last) }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                print(String(decoding: try encoder.encode(records), as: UTF8.self))
                return
            }
            print(FramesTable(records).render())
        }
    }
}

/// The frame log as a table: one line per frame; times relative to the first frame's target.
struct FramesTable {
    let records: [FrameLogReport.Record]
    init(_ records: [FrameLogReport.Record]) { self.records = records }

    func render() -> String {
        guard let first = records.first else { return "no frames recorded (nothing has animated or changed yet)" }
        var lines = ["   frame   target s   wake +ms  interval ms  missed  commits  apply ms  eval ms  present ms  "
            + "animated  ready +ms"]
        var previousWake: Double?
        for r in records {
            let interval = previousWake.map { String(format: "%11.3f", (r.wakeTime - $0) * 1000) } ?? "          -"
            previousWake = r.wakeTime
            let ready = r.pixelsReadyTime.map { String(format: "%9.3f", ($0 - r.targetTime) * 1000) } ?? "        -"
            lines.append(String(format: "%8llu %10.4f %10.3f %@ %7u %8u %9.3f %8.3f %11.3f %9u  %@%@",
                                r.frame, r.targetTime - first.targetTime, (r.wakeTime - r.targetTime) * 1000,
                                interval, r.missed, r.commits, r.applyMs, r.evaluateMs, r.presentMs, r.animatedLayers,
                                ready, r.idle ? "  idle" : ""))
        }
        return lines.joined(separator: "\n")
    }
}
