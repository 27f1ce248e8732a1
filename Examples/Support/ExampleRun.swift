// What every example needs and is no part of its lesson: a rendersrvd to talk to, a
// contact sheet of the frames it drew, and a watchdog so that a stuck example fails
// instead of hanging CI.
//
// The contact sheet is made of snapshots taken through `ControlClient` (RenderClient's
// control connection: what `rendersrvctl snapshot` uses) on a thread of its own, at the
// moments the example chooses, and tiled by RenderPictures. That works with any real-clock
// daemon, the one started here or the one RENDERSRV_SOCKET names, and goes on while the
// example's main thread is blocked — which is what SpringsUnderBlock has to show.
// (`rendersrvctl contact-sheet` would need a manual-clock daemon it steps itself, or a
// daemon started with `--record DIR`.)
import Foundation
import Glibc
import RenderClient
import RenderPictures

/// One run of an example: the daemon it talks to, the contact sheet it writes, a watchdog.
///
///     let run = ExampleRun("HelloLayer")            // a daemon, and HelloLayer.png to come
///     let context = try Context.connect(socketPath: run.socketPath)
///     …
///     run.record(every: 0.1, count: 12)             // snapshots from now on, off the main thread
///     …
///     run.finish()                                   // waits for them, writes the sheet, exits 0
///
/// Usage of an example: `Example [OUT.png]`. The daemon is `RENDERSRV_SOCKET`'s if that is
/// set (it must run on the real clock and draw: not `--output none`), else a `rendersrvd`
/// started on a private socket for this run and stopped at its end: `RENDERSRVD` names the
/// binary, else the newest of the project's `.build/{debug,release}/rendersrvd`, else the
/// `PATH`'s.
///
/// Threads: create it and call `record` (once) and `finish` on the main thread; `caption`
/// on any; `presented` is for `record`'s `note` (the recorder's thread). What the recorder
/// and the main thread share is behind `lock`, hence `@unchecked Sendable`.
public final class ExampleRun: @unchecked Sendable {
    /// The example's name, used in messages and the default output file.
    public let name: String
    /// The socket of the daemon the example should connect to.
    public let socketPath: String
    /// Where the contact sheet is written: the first argument, else `<name>.png`.
    public let outputPath: String

    private let control: ControlClient
    private var daemon: Process?
    private var daemonStdin: Pipe?
    private var privateFolder: URL?
    private let lock = NSLock()
    private var tiles: [(picture: Picture, label: String)] = []
    private var recorder: Thread?
    private var captionText: String?
    private let recorded = DispatchSemaphore(value: 0)

    /// Starts or finds the daemon and arms a watchdog that fails the run after
    /// `timeout` seconds. Prints why and exits 1 when there is no usable daemon.
    public init(_ name: String, timeout: Double = 60) {
        self.name = name
        let args = CommandLine.arguments.dropFirst()
        if args.contains("--help") || args.contains("-h") {
            print("usage: \(name) [OUT.png]   (RENDERSRV_SOCKET: use that daemon; RENDERSRVD: the rendersrvd to start)")
            exit(0)
        }
        outputPath = args.first ?? "\(name).png"
        do {
            if let socket = ProcessInfo.processInfo.environment["RENDERSRV_SOCKET"], !socket.isEmpty {
                socketPath = socket
            } else {
                let folder = FileManager.default.temporaryDirectory
                    .appendingPathComponent("rendersrv-\(name)-\(getpid())")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                privateFolder = folder
                socketPath = folder.appendingPathComponent("socket").path
                (daemon, daemonStdin) = try ExampleRun.startDaemon(socket: socketPath)
            }
            control = try ControlClient(socketPath: socketPath, clientName: "\(name)-sheet")
        } catch {
            ExampleRun.fail(name, "\(error)")
        }
        guard !control.welcome.manualClock else {
            ExampleRun.fail(name, "the daemon at \(socketPath) runs on the manual clock; the examples need the real "
                + "clock (unset RENDERSRV_SOCKET to let the example start its own daemon)")
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            ExampleRun.fail(name, "did not finish within \(timeout) s")
        }
    }

    /// Starts taking a snapshot of the daemon's latest frame every `interval` seconds,
    /// `count` of them, the first now, on a thread of its own (so it goes on while the main
    /// thread is blocked). Each tile is labelled with its time since this call, then
    /// `note(t)`'s text (which runs on that thread), then the `caption`. A snapshot taken
    /// before the daemon drew its first frame (all black) is taken again. `finish` waits for the last.
    public func record(every interval: Double, count: Int, note: (@Sendable (Double) -> String)? = nil) {
        precondition(recorder == nil, "record(every:count:) is called once per run")
        let thread = Thread { [self] in
            let start = MediaTime.now()
            for k in 0..<count {
                let due = start + Double(k) * interval
                let wait = due - MediaTime.now()
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
                do {
                    // The tile's time is when its picture came back: a snapshot may wait for a
                    // draw under way, and the note reads the daemon right after it.
                    var shot = try control.snapshot()
                    var t = MediaTime.now() - start
                    // Nothing drawn yet (the first commit is on its way): the daemon sends
                    // opaque black until its first drawn frame. Ask again.
                    while ExampleRun.isUndrawn(shot) && t < 2 {
                        Thread.sleep(forTimeInterval: 0.005)
                        shot = try control.snapshot()
                        t = MediaTime.now() - start
                    }
                    let picture = Picture(width: Int(shot.width), height: Int(shot.height), pixels: shot.pixels)
                    var label = String(format: "+%.2f s", t)
                    if let note { label += "  " + note(t) }
                    lock.withLock {
                        if let captionText { label += "  " + captionText }
                        tiles.append((picture, label))
                    }
                } catch {
                    ExampleRun.fail(name, "snapshot: \(error)")
                }
            }
            recorded.signal()
        }
        thread.name = "\(name) contact sheet"
        recorder = thread
        thread.start()
    }

    /// Whether a snapshot is the daemon's picture before its first drawn frame: every pixel
    /// opaque black (premultiplied ARGB32 in native byte order: bytes 0, 0, 0, 255).
    static func isUndrawn(_ shot: SnapshotReply) -> Bool {
        shot.pixels.withUnsafeBytes { raw in
            raw.bindMemory(to: UInt32.self).allSatisfy { $0 == 0xFF00_0000 }
        }
    }

    /// Text added to the labels of the tiles taken from now on (`nil`: none), such as
    /// "main thread blocked" while it is. Any thread.
    public func caption(_ text: String?) {
        lock.withLock { captionText = text }
    }

    /// A property of one of `session`'s layers as the daemon presents it now (its latest
    /// frame): `"position"` → [x, y], `"opacity"` → [o], …; empty when unknown. For
    /// `record`'s `note`: it asks the daemon over the recorder's control connection.
    public func presented(_ key: String, of layer: LayerID, session: UInt32) -> [Double] {
        do {
            let reply = try control.treeReply(presentation: true, session: session, layer: layer)
            let report = try JSONDecoder().decode(TreeReport.self, from: Data(reply.json.utf8))
            return report.sessions.first?.layer(layer)?.properties.numbers(key) ?? []
        } catch {
            ExampleRun.fail(name, "tree of layer \(layer): \(error)")
        }
    }

    /// Waits for the recording to end, writes the contact sheet, prints `summary` and the
    /// sheet's path, stops the daemon it started and exits with status 0.
    public func finish(_ summary: String? = nil) -> Never {
        if recorder != nil { recorded.wait() }
        let tiles = lock.withLock { self.tiles }
        do {
            try writeContactSheet(tiles, columns: 4, to: outputPath)
        } catch {
            ExampleRun.fail(name, "\(error)")
        }
        if let summary { print(summary) }
        print("\(name): contact sheet of \(tiles.count) frames: \(outputPath)")
        control.close()
        stopDaemon()
        exit(0)
    }

    /// Prints `message` as the example's error and exits with status 1 (the daemon the run
    /// started exits too: its standard input closes with this process).
    public static func fail(_ name: String, _ message: String) -> Never {
        FileHandle.standardError.write(Data("\(name): error: \(message)\n".utf8))
        exit(1)
    }

    private func stopDaemon() {
        if let d = daemon, d.isRunning {
            try? daemonStdin?.fileHandleForWriting.close()
            kill(d.processIdentifier, SIGTERM)
            d.waitUntilExit()
        }
        if let folder = privateFolder { try? FileManager.default.removeItem(at: folder) }
    }

    /// `rendersrvd` on the real clock on `socket`, 640×360 at 60 Hz, headless; it exits when
    /// this process does (its standard input closes). Returns once it listens.
    private static func startDaemon(socket: String) throws -> (Process, Pipe) {
        let binary = try findDaemon()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = ["--socket", socket, "--size", "640x360", "--exit-on-stdin-eof", "--log-level", "warning"]
        let stdin = Pipe(), stderr = Pipe()
        p.standardInput = stdin
        p.standardError = stderr
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        // Its first line says it listens; later ones (warnings) go to our standard error.
        var text = ""
        let handle = stderr.fileHandleForReading
        while !text.contains("listening on") {
            let chunk = handle.availableData
            if chunk.isEmpty { throw ExampleError("\(binary) exited before listening: \(text)") }
            text += String(decoding: chunk, as: UTF8.self)
        }
        handle.readabilityHandler = { h in
            let d = h.availableData
            if !d.isEmpty { FileHandle.standardError.write(d) }
        }
        return (p, stdin)
    }

    /// `RENDERSRVD`, else the newest `rendersrvd` of the project's build folder (this file
    /// is `Examples/Support/ExampleRun.swift` in it), else the `PATH`'s.
    private static func findDaemon() throws -> String {
        let fm = FileManager.default
        if let p = ProcessInfo.processInfo.environment["RENDERSRVD"], !p.isEmpty {
            guard fm.isExecutableFile(atPath: p) else { throw ExampleError("RENDERSRVD=\(p) is not an executable") }
            return p
        }
        let project = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let built = ["debug", "release"].map { project.appendingPathComponent(".build/\($0)/rendersrvd").path }
            .filter { fm.isExecutableFile(atPath: $0) }
        func modified(_ p: String) -> Date {
            ((try? fm.attributesOfItem(atPath: p))?[.modificationDate] as? Date) ?? .distantPast
        }
        if let newest = built.max(by: { modified($0) < modified($1) }) { return newest }
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let p = "\(dir)/rendersrvd"
            if fm.isExecutableFile(atPath: p) { return p }
        }
        throw ExampleError("no rendersrvd: build it (`swift build --product rendersrvd` in \(project.path)), "
            + "set RENDERSRVD to its path, or set RENDERSRV_SOCKET to a running daemon's socket")
    }
}

/// An example's own error: what went wrong, in words.
struct ExampleError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
