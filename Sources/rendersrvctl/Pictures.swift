// Snapshots and contact sheets: frames from the daemon (or from a --record folder) written
// as PNGs with cairo, tiles labelled with pango.
import ArgumentParser
import CCairo
import Foundation
import RenderClient
import RenderPictures

/// A media time on the command line: `1234.5` (absolute, as `tree --at`) or `+0.5`
/// (seconds after the daemon's latest frame).
struct TimeSpec: ExpressibleByArgument, CustomStringConvertible {
    var seconds: Double
    var relative: Bool
    init?(argument: String) {
        relative = argument.hasPrefix("+")
        guard let v = Double(relative ? String(argument.dropFirst()) : argument), v.isFinite else { return nil }
        seconds = v
    }
    init(seconds: Double, relative: Bool) { self.seconds = seconds; self.relative = relative }
    func resolve(now: Double) -> Double { relative ? now + seconds : seconds }
    var description: String { relative ? "+\(seconds)" : "\(seconds)" }
}

extension RenderSrvCtl {
    struct Snapshot: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the daemon's current frame as a PNG.",
            discussion: """
                With --at (manual clock only), the clock is first stepped to that media time (absolute seconds, \
                or +S after the latest frame) and the frame drawn at it is written.
                """)

        @OptionGroup var options: ConnectionOptions

        @Argument(help: ArgumentHelp("The PNG file to write.", valueName: "out.png"))
        var output: String

        @Option(name: .long, help: ArgumentHelp("Media time of the frame (manual clock): SECONDS or +SECONDS.", valueName: "time"))
        var at: TimeSpec?

        func run() throws {
            let client = try options.connect()
            if let at {
                guard client.welcome.manualClock else {
                    fail("--at needs a daemon on the manual clock (rendersrvd --clock manual); this one runs in real time")
                }
                let now = perform("clock query") { try client.step(seconds: 0) }.mediaTime
                let target = at.resolve(now: now)
                guard target >= now - 1e-9 else {
                    fail("--at \(at): media time \(target) is before the latest frame (\(now)); the clock only goes forward")
                }
                _ = perform("clock step to \(target)") { try client.step(seconds: target - now) }
            }
            let shot = perform("snapshot from rendersrvd at \(client.socketPath)") { try client.snapshot() }
            client.close()
            guard shot.width > 0, shot.height > 0 else { fail("the daemon sent an empty frame") }
            let s = Picture(width: Int(shot.width), height: Int(shot.height), pixels: shot.pixels).surface()
            perform("writing the snapshot") { try writePNG(s, to: output) }
            cairo_surface_destroy(s)
            print("\(output): frame \(shot.frame), \(shot.width)x\(shot.height)")
        }
    }

    struct ContactSheet: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "contact-sheet",
            abstract: "Tile N frames between two times into one PNG, each labelled with its time.",
            discussion: """
                From the daemon (manual clock): steps the clock from --from to --to in N-1 equal steps and \
                snapshots each frame (times are absolute media seconds, or +S after the latest frame). \
                From a recording (--recording DIR written by rendersrvd --record): picks N frames spread \
                evenly over the recorded ones (within --from/--to, absolute media seconds or +S after the \
                first recorded frame, when given). Labels give the time after the first tile.
                """)

        @OptionGroup var options: ConnectionOptions

        @Argument(help: ArgumentHelp("The PNG file to write.", valueName: "out.png"))
        var output: String

        @Option(name: .long, help: ArgumentHelp("First frame's media time.", valueName: "time")) var from: TimeSpec?
        @Option(name: .long, help: ArgumentHelp("Last frame's media time.", valueName: "time")) var to: TimeSpec?
        @Option(name: .long, help: ArgumentHelp("How many frames (2…100).", valueName: "n")) var frames: Int = 12
        @Option(name: .long, help: ArgumentHelp("Tiles per row (default: about the square root of N).", valueName: "n"))
        var columns: Int?
        @Option(name: .long, help: ArgumentHelp("A folder written by rendersrvd --record, instead of the daemon.", valueName: "dir"))
        var recording: String?

        func validate() throws {
            guard (2...100).contains(frames) else { throw ValidationError("--frames \(frames): use 2…100") }
            if let columns, columns < 1 { throw ValidationError("--columns must be at least 1") }
            if recording == nil && (from == nil || to == nil) {
                throw ValidationError("give --from and --to (manual clock), or --recording DIR")
            }
        }

        func run() throws {
            var tiles: [(surface: OpaquePointer, label: String)] = []
            if let recording { tiles = try fromRecording(recording) } else { tiles = try fromDaemon() }
            let sheet = contactSheet(tiles, columns: columns)
            perform("writing the contact sheet") { try writePNG(sheet, to: output) }
            cairo_surface_destroy(sheet)
            for t in tiles { cairo_surface_destroy(t.surface) }
            print(output)
        }

        func label(_ t: Double, _ t0: Double, frame: UInt64) -> String {
            String(format: "+%.3f s  (frame %llu)", t - t0, frame)
        }

        func fromDaemon() throws -> [(surface: OpaquePointer, label: String)] {
            let client = try options.connect()
            defer { client.close() }
            guard client.welcome.manualClock else {
                fail("contact-sheet --from/--to needs a daemon on the manual clock (rendersrvd --clock manual); "
                    + "for a real-clock daemon record frames (rendersrvd --record DIR) and use --recording DIR")
            }
            var now = perform("clock query") { try client.step(seconds: 0) }.mediaTime
            let t0 = from!.resolve(now: now), t1 = to!.resolve(now: now)
            guard t0 >= now - 1e-9, t1 > t0 else {
                fail("--from \(from!) --to \(to!): need latest frame (\(now)) ≤ from < to; the clock only goes forward")
            }
            var tiles: [(surface: OpaquePointer, label: String)] = []
            for i in 0..<frames {
                let target = t0 + (t1 - t0) * Double(i) / Double(frames - 1)
                let stepped = perform("clock step to \(target)") { try client.step(seconds: max(0, target - now)) }
                now = stepped.mediaTime
                let shot = perform("snapshot") { try client.snapshot() }
                let surface = Picture(width: Int(shot.width), height: Int(shot.height), pixels: shot.pixels).surface()
                tiles.append((surface, label(stepped.mediaTime, t0, frame: shot.frame)))
            }
            return tiles
        }

        func fromRecording(_ dir: String) throws -> [(surface: OpaquePointer, label: String)] {
            let indexPath = dir + "/frames.tsv"
            guard let text = try? String(contentsOfFile: indexPath, encoding: .utf8) else {
                fail("cannot read \(indexPath); is \(dir) a folder written by rendersrvd --record?")
            }
            var entries: [(frame: UInt64, time: Double, file: String)] = []
            for line in text.split(separator: "\n").dropFirst() {
                let f = line.split(separator: "\t")
                guard f.count == 3, let n = UInt64(f[0]), let t = Double(f[1]) else { continue }
                entries.append((n, t, String(f[2])))
            }
            guard let first = entries.first else { fail("\(indexPath) lists no frames") }
            let lo = from?.resolve(now: first.time) ?? -Double.infinity, hi = to?.resolve(now: first.time) ?? Double.infinity
            let chosen = entries.filter { $0.time >= lo - 1e-9 && $0.time <= hi + 1e-9 }
            guard !chosen.isEmpty else { fail("no recorded frame lies between \(lo) and \(hi)") }
            let count = min(frames, chosen.count)
            var picks: [Int] = []
            for i in 0..<count {
                let k = count == 1 ? 0 : Int((Double(i) * Double(chosen.count - 1) / Double(count - 1)).rounded())
                if picks.last != k { picks.append(k) }
            }
            let t0 = chosen[picks[0]].time
            return try picks.map { k in
                let e = chosen[k]
                return (try Picture.load(dir + "/" + e.file), label(e.time, t0, frame: e.frame))
            }
        }
    }
}
