import Foundation
import Glibc
import RenderClient

/// A client session against a daemon on the manual clock, for the view demos: it spawns
/// `rendersrvd --clock manual` on a private socket (or uses `--socket`, which must name a
/// manual-clock daemon), connects, and records every commit it sends.
///
///     ui queue   — the app's main queue stand-in: views, layers, transactions live here
///     caller     — drives it: `ui { … }` runs one work item and its end-of-turn commit,
///                  `apply()` makes the daemon apply what was sent (one 1/60 s frame),
///                  `step(_:)` advances the daemon's clock, `server(…)` reads its trees
///
/// The context's clock is the daemon's (`Connection.serverMediaTime`), so a client-side
/// `presentation(at:)` and the server's tree agree at the same time.
final class ManualClockSession {
    let queue = DispatchQueue(label: "rendersrv-demo.ui")
    let connection: Connection
    let control: ControlClient
    private(set) var context: Context!
    /// Every commit sent, in order (written on `queue`).
    private(set) var commits: [Commit] = []
    private var daemon: Process?
    private var daemonStdin: Pipe?
    private var daemonDirectory: URL?
    /// Set with --contact-sheet: the frame after each clock step.
    var recorder: ContactSheetRecorder?

    init(socket: String?, name: String, contactSheet: String? = nil) throws {
        recorder = contactSheet.map(ContactSheetRecorder.init)
        var path = socket
        if path == nil {
            let (p, process, stdin) = try ManualClockSession.spawnDaemon()
            path = p; daemon = process; daemonStdin = stdin
            daemonDirectory = URL(fileURLWithPath: p).deletingLastPathComponent()
        }
        connection = try Connection(socketPath: path, clientName: name, callbackQueue: queue)
        guard connection.welcome.manualClock else {
            throw DemoError("the daemon at \(path!) runs on the real clock; start it with `rendersrvd --clock manual` "
                + "or leave out --socket to let the demo start one")
        }
        control = try ControlClient(socketPath: path, clientName: name + "-control")
        let conn = connection
        queue.sync {
            let c = Context(queue: queue, clock: { conn.serverMediaTime }, commitSink: { [unowned self] commit in
                self.commits.append(commit)
                do { try conn.send(commit) } catch {
                    FileHandle.standardError.write(Data("rendersrv-demo: commit \(commit.sequence) not sent: \(error)\n".utf8))
                }
            })
            conn.onEvent = { [weak c] m in c?.deliver(m) }
            conn.onError = { [weak c] m in c?.deliver(.error(m)) }
            conn.onDisconnect = { [weak c] e in c?.connectionDidEnd(e) }
            context = c
        }
    }

    var session: UInt32 { connection.welcome.sessionID }

    /// Runs `body` as one work item of the ui queue, then lets its end-of-turn commit go.
    func ui<T>(_ body: () throws -> T) rethrows -> T {
        let r = try queue.sync(execute: body)
        queue.sync {}
        return r
    }

    /// Makes the daemon apply everything sent so far (one frame of 1/60 s).
    func apply() throws {
        _ = try connection.ping()
        _ = try control.step(seconds: 1.0 / 60)
        let seq = ui { context.lastSentSequence }
        if seq > 0 { _ = try connection.waitUntilApplied(seq) }
        queue.sync {} // deliver what arrived with the acknowledgement
    }

    /// Advances the daemon's clock by `seconds` (one frame) and returns the new media time.
    @discardableResult
    func step(_ seconds: Double) throws -> Double {
        let s = try control.step(seconds: seconds)
        _ = try connection.ping() // events of that frame have arrived once the ping answers
        queue.sync {}
        try recorder?.capture(control, mediaTime: s.mediaTime)
        return s.mediaTime
    }

    /// The daemon's time now (its last frame).
    func serverTime() throws -> Double { try control.treeReply(presentation: false).mediaTime }

    /// The server's presentation (or model) properties of this session's layers at `t`.
    func server(presentation: Bool = true, at t: Double? = nil) throws -> ServerTree {
        try ServerTree(control.treeReply(presentation: presentation, at: t, session: session))
    }

    func close() {
        do {
            if let path = try recorder?.write() {
                FileHandle.standardError.write(Data("rendersrv-demo: contact sheet: \(path)\n".utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("rendersrv-demo: contact sheet: \(error)\n".utf8))
        }
        connection.close()
        control.close()
        if let d = daemon, d.isRunning {
            try? daemonStdin?.fileHandleForWriting.close()
            kill(d.processIdentifier, SIGTERM)
            d.waitUntilExit()
        }
        if let dir = daemonDirectory { try? FileManager.default.removeItem(at: dir) }
    }

    /// Starts `rendersrvd --clock manual` (found next to this executable) on a private socket
    /// and waits for its "listening" line.
    static func spawnDaemon() throws -> (String, Process, Pipe) {
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let binary = ProcessInfo.processInfo.environment["RENDERSRVD"].map { URL(fileURLWithPath: $0) }
            ?? exe.appendingPathComponent("rendersrvd")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw DemoError("rendersrvd not found at \(binary.path); build it (`swift build`), set RENDERSRVD, "
                + "or pass --socket of a daemon started with `rendersrvd --clock manual`")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rendersrv-demo-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let socket = dir.appendingPathComponent("socket").path
        let p = Process()
        p.executableURL = binary
        p.arguments = ["--socket", socket, "--clock", "manual", "--exit-on-stdin-eof", "--log-level", "warning"]
        let stdin = Pipe(), stderr = Pipe()
        p.standardInput = stdin
        p.standardError = stderr
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        try waitUntilListening(stderr)
        return (socket, p, stdin)
    }
}

/// The server's tree of one session, decoded (`TreeReport`): layers by id.
struct ServerTree {
    let mediaTime: Double
    let layers: [UInt32: TreeReport.Layer]

    init(_ reply: TreeReply) throws {
        mediaTime = reply.mediaTime
        let report: TreeReport
        do { report = try JSONDecoder().decode(TreeReport.self, from: Data(reply.json.utf8)) } catch {
            throw DemoError("the daemon's tree reply does not match its schema (\(error)): \(reply.json.prefix(200))")
        }
        var byID: [UInt32: TreeReport.Layer] = [:]
        for s in report.sessions { for l in s.layers { byID[l.id] = l } }
        layers = byID
    }

    /// A property's numbers (`position` → [x, y], `opacity` → [o], …).
    func numbers(_ key: String, of id: LayerID) -> [Double] {
        layers[id]?.properties.numbers(key) ?? []
    }

    func animationKeys(of id: LayerID) -> [String] {
        layers[id]?.animations.map(\.key) ?? []
    }
}

/// What the demos print about a commit: one line per command, readable.
enum CommitDescription {
    static func lines(_ c: Commit, names: [LayerID: String]) -> [String] {
        func n(_ id: LayerID) -> String { names[id].map { "\($0) (layer \(id))" } ?? "layer \(id)" }
        return c.commands.compactMap { cmd -> String? in
            switch cmd {
            case let .setProperty(l, k, v): return "set \(k) of \(n(l)) = \(v)"
            case let .addAnimation(l, key, _, a): return "add animation \"\(key)\" to \(n(l)): \(describe(a))"
            case let .removeAnimation(l, key): return "remove animation \"\(key)\" from \(n(l))"
            default: return nil
            }
        }
    }

    static func describe(_ a: Animation) -> String {
        var parts: [String] = []
        switch a.kind {
        case let .basic(b):
            parts.append("basic from \(b.from.map { "\($0)" } ?? "–") to \(b.to.map { "\($0)" } ?? "the model value")")
        case let .keyframe(k):
            parts.append("keyframe \(k.calculationMode) values [\(k.values.map { "\($0)" }.joined(separator: ", "))]")
            if let kt = k.keyTimes { parts.append("keyTimes \(kt)") }
            if let tfs = k.timingFunctions { parts.append("timing functions \(tfs)") }
        case let .spring(s):
            parts.append("spring mass \(s.mass) stiffness \(fmt(s.stiffness, 3)) damping \(fmt(s.damping, 3))")
        default:
            parts.append("\(a)")
        }
        parts.append("duration \(a.timing.duration) s")
        parts.append("fill \(a.timing.fillMode)")
        if let tf = a.timingFunction { parts.append("curve \(tf)") }
        return parts.joined(separator: ", ")
    }
}
