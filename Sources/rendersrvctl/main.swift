// rendersrvctl — inspect and drive a running rendersrvd over its control messages:
// statistics, layer trees (model or presentation), manual clock steps, pings, snapshots
// and contact sheets.
import ArgumentParser
import Foundation
import RenderClient

/// Options every subcommand shares. Declared in the root command and in each subcommand
/// (`@OptionGroup`), so `--socket` is accepted before the subcommand name
/// (`rendersrvctl --socket PATH stats`) as well as after it.
struct ConnectionOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("""
        The daemon's Unix socket. Default: $RENDERSRV_SOCKET, else $XDG_RUNTIME_DIR/rendersrvd/socket, \
        else /tmp/rendersrvd-$UID/socket.
        """, valueName: "path"))
    var socket: String?

    @Option(name: .long, help: ArgumentHelp("Seconds to wait for each reply.", valueName: "seconds"))
    var timeout: Double = 5

    func validate() throws {
        if let socket, socket.isEmpty { throw ValidationError("--socket needs a path") }
        guard timeout.isFinite, timeout > 0 else {
            throw ValidationError("--timeout \(timeout) must be a positive number of seconds")
        }
    }

    /// The path the connection goes to (`--socket`, else the environment's default).
    var resolvedPath: String {
        SocketPath.resolve(explicit: socket, environment: SocketPath.processEnvironment)
    }

    /// Connects a control client, or fails with the reason and what to do.
    func connect() throws -> ControlClient {
        do {
            return try ControlClient(socketPath: resolvedPath, clientName: "rendersrvctl", timeout: timeout)
        } catch {
            fail("\(error)")
        }
    }
}

/// Prints `message` to standard error prefixed with the tool's name, and exits 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("rendersrvctl: error: \(message)\n".utf8))
    exit(1)
}

/// Runs a control request, turning its error into a message and exit code 1.
func perform<T>(_ what: String, _ body: () throws -> T) -> T {
    do { return try body() } catch { fail("\(what): \(error)") }
}

/// Parses a JSON object the daemon sent.
func decodeReport<T: Decodable>(_ type: T.Type, _ json: String, what: String) -> T {
    do {
        return try JSONDecoder().decode(T.self, from: Data(json.utf8))
    } catch {
        fail("the daemon's \(what) reply does not match its schema (\(error)): \(json.prefix(200))")
    }
}

struct RenderSrvCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rendersrvctl",
        abstract: "Inspect and drive a running rendersrvd: stats, frames, sessions, layer trees, clock steps, pings, snapshots, contact sheets, input, display size.",
        version: ReleaseVersion.line(for: "rendersrvctl"),
        subcommands: [Stats.self, Frames.self, Clients.self, Kick.self, Tree.self, Step.self, Ping.self, Snapshot.self,
                      ContactSheet.self, Input.self, Resize.self])

    @OptionGroup var options: ConnectionOptions
}

extension RenderSrvCtl {
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Frame, client, layer and animation counts, frame-interval and phase percentiles.")

        @OptionGroup var options: ConnectionOptions

        @Flag(name: .long, help: "Print the daemon's JSON as is.")
        var json = false

        func run() throws {
            let client = try options.connect()
            let text = perform("stats from rendersrvd at \(client.socketPath)") { try client.stats() }
            client.close()
            if json { print(text); return }
            print(StatsTable(decodeReport(StatsReport.self, text, what: "stats")).render())
        }
    }

    struct Tree: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Dump the layer trees: model values, or the presentation at a media time.")

        @OptionGroup var options: ConnectionOptions

        @Flag(name: .long, help: "Evaluate animations (the presentation tree) instead of the model.")
        var presentation = false

        @Option(name: .long, help: ArgumentHelp("""
            Media time to evaluate the presentation at, s (implies --presentation; default: the latest frame's time).
            """, valueName: "seconds"))
        var at: Double?

        @Option(name: .long, help: ArgumentHelp("Only this session (0: every session).", valueName: "id"))
        var session: UInt32 = 0

        @Option(name: .long, help: ArgumentHelp("Only the subtree of this layer (needs --session).", valueName: "id"))
        var layer: UInt32 = 0

        @Flag(name: .long, help: "Print the daemon's JSON as is.")
        var json = false

        func validate() throws {
            if let at, !at.isFinite { throw ValidationError("--at needs a finite media time in seconds") }
            if layer != 0 && session == 0 { throw ValidationError("--layer needs --session: layer ids are per session") }
        }

        func run() throws {
            let client = try options.connect()
            let reply = perform("tree from rendersrvd at \(client.socketPath)") {
                try client.treeReply(presentation: presentation || at != nil, at: at, session: session, layer: layer)
            }
            client.close()
            if json { print(reply.json); return }
            print(TreeDump(decodeReport(TreeReport.self, reply.json, what: "tree")).render(), terminator: "")
        }
    }

    struct Step: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Advance a manual-clock daemon by SECONDS, producing the frames that fall in it.")

        @OptionGroup var options: ConnectionOptions

        @Argument(help: ArgumentHelp("Seconds to advance (≥ 0).", valueName: "seconds"))
        var seconds: Double

        func validate() throws {
            guard seconds.isFinite, seconds >= 0 else {
                throw ValidationError("step needs a finite, non-negative number of seconds, not \(seconds)")
            }
        }

        func run() throws {
            let client = try options.connect()
            let r = perform("clock step on rendersrvd at \(client.socketPath)") { try client.step(seconds: seconds) }
            client.close()
            print("frame \(r.frame), media time \(String(format: "%.6f", r.mediaTime)) s")
        }
    }

    struct Ping: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Round trip of a ping to the daemon, µs.")

        @OptionGroup var options: ConnectionOptions

        func run() throws {
            let client = try options.connect()
            let seconds = perform("ping to rendersrvd at \(client.socketPath)") { try client.ping() }
            client.close()
            print("pong from \(client.socketPath) in \(Int((seconds * 1e6).rounded())) µs")
        }
    }
}

// MARK: Human output

/// A number as a human reads it: integers without a fraction, others to `digits` places,
/// non-finite ones as "null".
func format(_ d: Double, digits: Int = 2) -> String {
    guard d.isFinite else { return "null" }
    if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
    return String(format: "%.\(digits)f", d)
}

/// `rendersrvctl stats` without `--json`: one line per statistic.
struct StatsTable {
    let stats: StatsReport
    init(_ stats: StatsReport) { self.stats = stats }

    func render() -> String {
        var lines: [String] = []
        func row(_ name: String, _ value: String) { lines.append(name.padding(toLength: 18, withPad: " ", startingAt: 0) + value) }
        row("frames", "\(stats.frames) (\(stats.idleFrames) with nothing to do)")
        row("missed frames", "\(stats.missedFrames)")
        row("fps", "\(format(stats.fps)) (display \(format(stats.refreshRate)) Hz, \(stats.manualClock ? "manual" : "real") clock)")
        row("display", "\(stats.displayWidth)x\(stats.displayHeight) points")
        row("media time", "\(format(stats.mediaTime, digits: 3)) s")
        row("clients", "\(stats.clients)")
        row("layers", "\(stats.layers)")
        row("animations", "\(stats.animations)")
        row("contents", "\(stats.contentsBytes) bytes (layers' bitmaps and those in animations, every client)")
        let fi = stats.frameInterval
        let parts = [("p50", fi.p50), ("p90", fi.p90), ("p99", fi.p99), ("max", fi.max), ("mean", fi.mean)]
            .compactMap { name, v in v.map { "\(name) \(format($0, digits: 3))" } }
        row("frame interval", parts.joined(separator: "  ") + "  ms")
        lines.append("phases (ms)")
        let known = ["validate", "apply", "evaluate", "present"]
        let names = known.filter { stats.phases[$0] != nil } + stats.phases.keys.filter { !known.contains($0) }.sorted()
        for name in names {
            let p = stats.phases[name]!
            row("  " + name, "p50 \(format(p.p50, digits: 3))  p99 \(format(p.p99, digits: 3))")
        }
        return lines.joined(separator: "\n")
    }
}

/// `rendersrvctl tree` without `--json`: each session's layers, indented by depth.
struct TreeDump {
    let tree: TreeReport
    init(_ tree: TreeReport) { self.tree = tree }

    func render() -> String {
        var out = "\(tree.presentation ? "presentation" : "model") tree at media time \(format(tree.mediaTime, digits: 3)) s\n"
        if tree.sessions.isEmpty { out += "(no sessions)\n" }
        for s in tree.sessions {
            out += "session \(s.session) \"\(s.client)\" pid \(s.pid), root \(s.root.map(String.init) ?? "none"), "
                + "\(s.layers.count) layers\n"
            let byID = Dictionary(s.layers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            var printed = Set<UInt32>()
            func emit(_ id: UInt32, depth: Int) {
                guard let l = byID[id], printed.insert(id).inserted else { return }
                out += String(repeating: "  ", count: depth + 1) + line(l, isRoot: id == s.root) + "\n"
                for child in l.sublayers { emit(child, depth: depth + 1) }
            }
            if let root = s.root { emit(root, depth: 0) }
            // Trees not under the root (detached layers, or a subtree's top), by ascending id.
            for l in s.layers where l.superlayer == nil || byID[l.superlayer!] == nil { emit(l.id, depth: 0) }
        }
        return out
    }

    private func line(_ l: TreeReport.Layer, isRoot: Bool) -> String {
        let p = l.properties
        func list(_ v: [JSONNumber]) -> String { "[" + v.map { format($0.value) }.joined(separator: ", ") + "]" }
        var s = "#\(l.id) \(l.kind)\(isRoot ? " (root)" : "")"
        s += "  position \(list(p.position))  bounds \(list(p.bounds))  opacity \(format(p.opacity.value, digits: 3))"
        if p.hidden { s += "  hidden" }
        if !l.animations.isEmpty {
            s += "  animations [" + l.animations.map { "\($0.key)#\($0.id) \($0.state)" }.joined(separator: ", ") + "]"
        }
        return s
    }
}

RenderSrvCtl.main()
