import ArgumentParser
import Foundation
import Glibc
import RenderClient

/// `rendersrv-demo restart`: the daemon is killed mid-animation and started again; the
/// client survives it, replays its model, and the motion goes on where it would have been.
///
///     spawn rendersrvd (real clock) ─ N layers, each sliding for --duration s ─ applied
///     kill -9 ─▶ disconnected ─ spawn rendersrvd on the same socket ─ listening
///          ─▶ reconnecting n … ─▶ reconnected ─▶ replay ─▶ resynced
///     the new daemon's presentation at now + 0.1 s against the curves of up to 500 layers
///
/// Prints how long each step took and the largest difference between the new daemon's
/// positions and the curves. Exit status 0 only when the client resynced and every sampled
/// position is within 1e-6 points of its curve.
struct RestartDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restart",
        abstract: "Kill rendersrvd mid-animation, start it again, and measure the client's resync.")

    @Option(name: .long, help: ArgumentHelp("Animated layers (1…50000).", valueName: "n"))
    var layers: Int = 1000

    @Option(name: .long, help: ArgumentHelp("Seconds each layer slides for (≥ 5).", valueName: "seconds"))
    var duration: Double = 30

    func validate() throws {
        guard (1...50_000).contains(layers) else { throw ValidationError("--layers \(layers) is out of range; use 1…50000") }
        guard duration.isFinite, duration >= 5 else {
            throw ValidationError("--duration \(duration) is too short; use at least 5 s so the layers still move after the restart")
        }
    }

    /// The context's reconnection events with the media time each arrived.
    final class Timeline: Sendable {
        let steps = Shared<[(t: Double, event: ReconnectEvent)]>([])
        let disconnected = DispatchSemaphore(value: 0)
        let resynced = DispatchSemaphore(value: 0)
        /// When the work item that replayed the model ended.
        let replayed = Shared<Double>(0)
        func time(_ match: (ReconnectEvent) -> Bool) -> Double? {
            steps.with { $0.first { match($0.event) }?.t }
        }
    }

    func run() throws {
        let first = try RestartDemo.spawn(socket: nil)
        defer { first.stop() }
        let queue = DispatchQueue(label: "rendersrv-demo.restart.main")
        let connection = try Connection(socketPath: first.socket, clientName: "rendersrv-demo restart", callbackQueue: queue)
        let context = Context(connection: connection)
        let timeline = Timeline()
        let count = layers, seconds = duration
        let built = queue.sync { () -> [Layer] in
            context.onError = { e in FileHandle.standardError.write(Data("rendersrv-demo restart: \(e)\n".utf8)) }
            context.onReconnect = { e in
                timeline.steps.with { $0.append((MediaTime.now(), e)) }
                if case .disconnected = e { timeline.disconnected.signal() }
                if case .resynced = e { timeline.resynced.signal() }
                // The replay runs right after this callback, in the same work item: the next
                // work item starts when it is done.
                if case .reconnected = e { queue.async { timeline.replayed.with { $0 = MediaTime.now() } } }
            }
            Transaction.begin()
            Transaction.disableActions = true
            let root = Layer()
            root.bounds = Rect(x: 0, y: 0, width: 1280, height: 720)
            context.rootLayer = root
            Transaction.commit()
            var all: [Layer] = []
            for i in 0..<count {
                // A transaction per 5,000 layers keeps each commit within maxCommandsPerCommit.
                if i % 5000 == 0 {
                    if i > 0 { Transaction.commit() }
                    Transaction.begin()
                    Transaction.disableActions = true
                }
                let l = Layer()
                l.bounds = Rect(x: 0, y: 0, width: 8, height: 8)
                l.position = Point(x: 0, y: Double(i % 720))
                l.backgroundColor = Color(red: 0.2, green: 0.5, blue: 1, alpha: 1)
                root.addSublayer(l)
                l.add(.basic("position.x", from: .number(0), to: .number(1200), duration: seconds, timingFunction: .linear),
                      forKey: "slide")
                all.append(l)
            }
            Transaction.commit()
            return all
        }
        try connection.waitUntilApplied(queue.sync { context.lastSentSequence }, timeout: 60)

        let killed = MediaTime.now()
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        guard timeline.disconnected.wait(timeout: .now() + 30) == .success else {
            throw DemoError("the client did not notice the daemon's death within 30 s")
        }
        let spawned = MediaTime.now()
        let second = try RestartDemo.spawn(socket: first.socket)
        defer { second.stop() }
        let listening = MediaTime.now()
        guard timeline.resynced.wait(timeout: .now() + 60) == .success else {
            throw DemoError("the client did not resync within 60 s of the restart: \(timeline.steps.with { $0.map(\.event) })")
        }
        let report = timeline.steps.with { s -> ResyncReport? in
            for (_, e) in s { if case let .resynced(r) = e { return r } }
            return nil
        }!
        let attempts = timeline.steps.with { s in s.filter { if case .reconnecting = $0.event { return true }; return false }.count }

        // Up to 500 layers, evenly spread, each asked for alone (a subtree of one layer):
        // small replies, whatever --layers is.
        let control = try ControlClient(socketPath: second.socket, clientName: "rendersrv-demo restart control")
        defer { control.close() }
        let t = MediaTime.now() + 0.1
        let stride = max(1, count / 500)
        let sample = try queue.sync { () throws -> [(LayerID, Double)] in
            try Swift.stride(from: 0, to: count, by: stride).map { i in
                let l = built[i]
                guard let a = l.animation(forKey: "slide") else {
                    throw DemoError("layer \(l.id) lost its animation (outstanding animations: \(context.outstandingAnimationCount))")
                }
                return (l.id, a.timing.beginTime)
            }
        }
        let session = connection.welcome.sessionID
        var worst = 0.0, off = 0
        for (id, begin) in sample {
            let tree = try ServerTree(control.treeReply(presentation: true, at: t, session: session, layer: id))
            guard let x = tree.layers[id]?.properties.numbers("position")?.first else {
                throw DemoError("layer \(id) is missing from the new daemon's tree")
            }
            let expected = 1200 * min(1, max(0, (t - begin) / seconds))
            if abs(x - expected) > 1e-6 {
                off += 1
                if off <= 3 {
                    FileHandle.standardError.write(Data(("rendersrv-demo restart: layer \(id) at x = \(x), its curve says "
                        + "\(expected); its animations on the new daemon: \(tree.layers[id]?.animations.map(\.key) ?? [])\n").utf8))
                }
            }
            worst = max(worst, abs(x - expected))
        }
        let ms = { (a: Double, b: Double) in fmt((b - a) * 1000, 1) + " ms" }
        let reconnected = timeline.time { if case .reconnected = $0 { return true }; return false }!
        let resynced = timeline.time { if case .resynced = $0 { return true }; return false }!
        let disconnected = timeline.time { if case .disconnected = $0 { return true }; return false }!
        print("""
            rendersrv-demo restart: \(count) layers sliding for \(fmt(seconds, 0)) s
              kill -9 → client noticed        \(ms(killed, disconnected))
              restart → daemon listening      \(ms(spawned, listening))
              listening → reconnected         \(ms(listening, reconnected)) (\(attempts) attempt(s) in all)
              reconnected → resynced          \(ms(reconnected, resynced)) (replay: \(report.layers) layers, \
            \(report.animations) animations, \(report.replayCommits) commit(s))
                of which on the client's queue \(ms(reconnected, timeline.replayed.with { $0 })) (building, encoding and writing the replay)
              kill -9 → resynced              \(ms(killed, resynced))
              largest position error at now + 0.1 s over \(sample.count) layers: \(String(format: "%.3g", worst)) points (limit 1e-6)\
            \(off > 0 ? ", \(off) layers off their curves" : "")
            """)
        guard worst <= 1e-6 else { throw ExitCode(1) }
    }

    /// A real-clock rendersrvd on `socket` (a new private folder's when nil).
    final class Daemon {
        let socket: String
        let process = Process()
        private let stdin = Pipe()

        init(socket: String?) throws {
            let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            let binary = ProcessInfo.processInfo.environment["RENDERSRVD"].map { URL(fileURLWithPath: $0) }
                ?? exe.appendingPathComponent("rendersrvd")
            guard FileManager.default.isExecutableFile(atPath: binary.path) else {
                throw DemoError("rendersrvd not found at \(binary.path); build it (`swift build`) or set RENDERSRVD")
            }
            if let socket {
                self.socket = socket
            } else {
                let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rendersrv-demo-restart-\(getpid())")
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                chmod(dir.path, 0o700)
                self.socket = dir.appendingPathComponent("socket").path
            }
            process.executableURL = binary
            process.arguments = ["--socket", self.socket, "--clock", "real", "--exit-on-stdin-eof", "--log-level", "warning"]
            let stderr = Pipe()
            process.standardInput = stdin
            process.standardError = stderr
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            try waitUntilListening(stderr)
        }

        func stop() {
            guard process.isRunning else { return }
            try? stdin.fileHandleForWriting.close()
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
    }

    static func spawn(socket: String?) throws -> Daemon { try Daemon(socket: socket) }
}
