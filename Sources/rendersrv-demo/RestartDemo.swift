import ArgumentParser
import Foundation
import Glibc
import RenderClient

/// `rendersrv-demo restart`: the daemon is killed mid-animation and started again; the
/// client survives it, replays its model, and the motion goes on where it would have been.
///
///     spawn rendersrvd (real clock) ─ N layers, each sliding for --duration s ─ applied
///     kill -9 ─▶ disconnected ─ spawn rendersrvd on the same socket ─ listening
///          ─▶ reconnecting n … ─▶ replay (the connection's thread) ─▶ reconnected ─▶ resynced
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

    @Option(name: .long, help: ArgumentHelp("Layers per transaction while building (0: all in one commit; each "
        + "layer takes 6 commands, so up to 33,333 layers fit maxCommandsPerCommit's default).", valueName: "n"))
    var layersPerCommit: Int = 5000

    @Flag(name: .long, help: "Also check the sampled layers on the first daemon, before killing it.")
    var checkBeforeKill = false

    @Option(name: .long, help: ArgumentHelp("Wait this long after the resync before checking (a slow client; past "
        + "--duration the layers are checked at rest).", valueName: "seconds"))
    var checkDelay: Double = 0

    func validate() throws {
        guard (1...50_000).contains(layers) else { throw ValidationError("--layers \(layers) is out of range; use 1…50000") }
        guard checkDelay.isFinite, checkDelay >= 0, checkDelay <= 600 else {
            throw ValidationError("--check-delay \(checkDelay) is out of range; use 0…600 seconds")
        }
        guard layersPerCommit >= 0 else {
            throw ValidationError("--layers-per-commit \(layersPerCommit) is negative; use 0 (one commit) or more")
        }
        guard duration.isFinite, duration >= 5 else {
            throw ValidationError("--duration \(duration) is too short; use at least 5 s so the layers still move after the restart")
        }
    }

    /// The context's reconnection events with the media time each arrived.
    final class Timeline: Sendable {
        let steps = Shared<[(t: Double, event: ReconnectEvent)]>([])
        let disconnected = DispatchSemaphore(value: 0)
        let resynced = DispatchSemaphore(value: 0)
        func time(_ match: (ReconnectEvent) -> Bool) -> Double? {
            steps.with { $0.first { match($0.event) }?.t }
        }
    }

    func run() throws {
        let first = try RestartDemo.spawn(socket: nil)
        // The private folder goes last, once both daemons are stopped (the second listens in it).
        defer { first.removeFolder() }
        defer { first.stop() }
        let queue = DispatchQueue(label: "rendersrv-demo.restart.main")
        let connection = try Connection(socketPath: first.socket, clientName: "rendersrv-demo restart", callbackQueue: queue)
        // Said goodbye to before the daemons stop: otherwise it would see the last one go and
        // start reconnecting while the demo exits.
        defer { connection.close() }
        let context = Context(connection: connection)
        let timeline = Timeline()
        let count = layers, seconds = duration, perCommit = layersPerCommit == 0 ? layers : layersPerCommit
        let built = queue.sync { () -> [Layer] in
            context.onError = { e in FileHandle.standardError.write(Data("rendersrv-demo restart: \(e)\n".utf8)) }
            context.onReconnect = { e in
                timeline.steps.with { $0.append((MediaTime.now(), e)) }
                if case .disconnected = e { timeline.disconnected.signal() }
                if case .resynced = e { timeline.resynced.signal() }
            }
            Transaction.begin()
            Transaction.disableActions = true
            let root = Layer()
            root.bounds = Rect(x: 0, y: 0, width: 1280, height: 720)
            context.rootLayer = root
            Transaction.commit()
            var all: [Layer] = []
            for i in 0..<count {
                // A transaction per 5,000 layers (by default) keeps each commit well within
                // maxCommandsPerCommit.
                if i % perCommit == 0 {
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
        // Up to 500 layers, evenly spread, with their curves' begin times as committed (read
        // now: a record leaves its layer once its animation has finished).
        let stride = max(1, count / 500)
        let sample = try queue.sync { () throws -> [Sampled] in
            try Swift.stride(from: 0, to: count, by: stride).map { i in
                guard let a = built[i].animation(forKey: "slide") else {
                    throw DemoError("layer \(built[i].id) has no animation right after its commit was applied")
                }
                return Sampled(layer: built[i].id, beginTime: a.timing.beginTime)
            }
        }
        let session = connection.welcome.sessionID
        if checkBeforeKill {
            let r = try RestartDemo.check(sample, socket: first.socket, session: session, seconds: seconds,
                                          daemon: "the first daemon")
            print("before the kill: " + r.summary)
            guard r.off == 0 else { throw ExitCode(1) }
        }
        // The demo kills the daemon mid-animation; a run slower than the animations (a debug
        // build at 30,000 layers) would measure nothing of the kind.
        let firstEnd = (sample.map(\.beginTime).min() ?? 0) + seconds
        guard MediaTime.now() < firstEnd - 1 else {
            throw DemoError("the animations (--duration \(fmt(seconds, 0)) s) are ending before the kill: building and "
                + "committing \(count) layers took \(fmt(MediaTime.now() - (firstEnd - seconds), 1)) s; pass a longer "
                + "--duration (or fewer --layers) so that the daemon is killed mid-animation")
        }
        let killed = MediaTime.now()
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        guard timeline.disconnected.wait(timeout: .now() + 30) == .success else {
            throw DemoError("the client did not notice the daemon's death within 30 s")
        }
        let spawned = MediaTime.now()
        let second = try RestartDemo.spawn(socket: first.socket)
        defer { second.stop() }
        defer { connection.close() }
        let listening = MediaTime.now()
        guard timeline.resynced.wait(timeout: .now() + 60) == .success else {
            throw DemoError("the client did not resync within 60 s of the restart: \(timeline.steps.with { $0.map(\.event) })")
        }
        let report = timeline.steps.with { s -> ResyncReport? in
            for (_, e) in s { if case let .resynced(r) = e { return r } }
            return nil
        }!
        let attempts = timeline.steps.with { s in s.filter { if case .reconnecting = $0.event { return true }; return false }.count }

        if checkDelay > 0 { Thread.sleep(forTimeInterval: checkDelay) }
        // The session the client holds on the new daemon (ids are each daemon's own: a
        // control client that reached it first would have taken the old one's number).
        let checked = try RestartDemo.check(sample, socket: second.socket, session: connection.welcome.sessionID,
                                            seconds: seconds,
                                            daemon: "the new daemon")
        let ms = { (a: Double, b: Double) in fmt((b - a) * 1000, 1) + " ms" }
        let reconnected = timeline.time { if case .reconnected = $0 { return true }; return false }!
        let resynced = timeline.time { if case .resynced = $0 { return true }; return false }!
        let disconnected = timeline.time { if case .disconnected = $0 { return true }; return false }!
        print("""
            rendersrv-demo restart: \(count) layers sliding for \(fmt(seconds, 0)) s
              kill -9 → client noticed        \(ms(killed, disconnected))
              restart → daemon listening      \(ms(spawned, listening))
              listening → reconnected         \(ms(listening, reconnected)) (\(attempts) attempt(s) in all; the replay \
            was written by the connection's thread before `reconnected` reached the client's queue)
              reconnected → resynced          \(ms(reconnected, resynced)) (replay: \(report.layers) layers, \
            \(report.animations) animations, \(report.replayCommits) commit(s))
              kill -9 → resynced              \(ms(killed, resynced))
              after the restart: \(checked.summary)
            """)
        guard checked.off == 0 else { throw ExitCode(1) }
    }

    /// A sampled layer and the begin time of its slide (media time, s).
    struct Sampled { let layer: LayerID; let beginTime: Double }

    /// What `check` found.
    struct Checked {
        var count = 0, off = 0, ended = 0
        var worst = 0.0
        var summary: String {
            "largest position error over \(count) layers \(String(format: "%.3g", worst)) points (limit 1e-6)"
                + (off > 0 ? ", \(off) layers off their curves" : "")
                + (ended > 0 ? "; \(ended) of them checked after their slide had ended (at their model x, 0)" : "")
        }
    }

    /// Where a sampled layer's x is at media time `t`: on its curve while its slide runs,
    /// then back at its model value 0 — the slide is removed on completion (fill mode
    /// `removed`), so it does not hold its end. The check used to expect the end (1200) and
    /// to evaluate every layer at one time fixed before its requests; a run slower than the
    /// slides (a debug build at 30,000 layers) then found "lost" animations that had simply
    /// finished, each reported by an `animationStopped(finished: true)`.
    static func expectedX(at t: Double, beginTime: Double, duration: Double) -> Double {
        guard t >= beginTime else { return 0 }
        return t < beginTime + duration ? 1200 * (t - beginTime) / duration : 0
    }

    /// Asks `daemon` (on `socket`) for each sampled layer's presentation 0.1 s after the
    /// request is made (a subtree of one layer each: small replies; a time in the future, so
    /// that a slide the daemon has retired had ended by then) and compares its x with the
    /// layer's `expectedX`; names the first three layers off on standard error.
    static func check(_ sample: [Sampled], socket: String, session: UInt32, seconds: Double,
                      daemon: String) throws -> Checked {
        let control = try ControlClient(socketPath: socket, clientName: "rendersrv-demo restart control")
        defer { control.close() }
        var r = Checked()
        for s in sample {
            let t = MediaTime.now() + 0.1
            let tree = try ServerTree(control.treeReply(presentation: true, at: t, session: session, layer: s.layer))
            guard let x = tree.layers[s.layer]?.properties.numbers("position")?.first else {
                throw DemoError("layer \(s.layer) is missing from \(daemon)'s tree")
            }
            let expected = expectedX(at: t, beginTime: s.beginTime, duration: seconds)
            r.count += 1
            if t >= s.beginTime + seconds { r.ended += 1 }
            let error = abs(x - expected)
            if !(error <= 1e-6) {
                r.off += 1
                if r.off <= 3 {
                    FileHandle.standardError.write(Data(("rendersrv-demo restart: layer \(s.layer) at x = \(x) at \(t), its curve "
                        + "says \(expected); its animations on \(daemon): \(tree.layers[s.layer]?.animations.map(\.key) ?? [])\n").utf8))
                }
            }
            r.worst = max(r.worst, error.isNaN ? .infinity : error)
        }
        return r
    }

    /// A real-clock rendersrvd on `socket` (a new private folder's when nil).
    final class Daemon {
        let socket: String
        /// The private folder made for the socket (nil when given a socket).
        private let folder: URL?
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
                folder = nil
            } else {
                let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rendersrv-demo-restart-\(getpid())")
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                chmod(dir.path, 0o700)
                self.socket = dir.appendingPathComponent("socket").path
                folder = dir
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

        /// Removes the private folder this daemon's socket was made in, and whatever a killed
        /// daemon left there; call it once every daemon on the socket has stopped.
        func removeFolder() {
            if let folder { try? FileManager.default.removeItem(at: folder) }
        }
    }

    static func spawn(socket: String?) throws -> Daemon { try Daemon(socket: socket) }
}
