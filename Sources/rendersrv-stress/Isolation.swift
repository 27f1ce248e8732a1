import ArgumentParser
import Foundation
import Glibc
import RenderCore
import RenderProtocol

/// `rendersrv-stress isolation`: each way one client could make the daemon's loop thread
/// do work of a size it chooses, tried against a fresh real `rendersrvd` while a victim
/// client animates 100 layers and pings: the victim's ping, the daemon's frames and memory,
/// and what the hostile client got.
struct Isolation: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure one client's effect on another: each hostile pattern against a fresh rendersrvd.")

    @Option(help: "Scenarios to run (comma-separated), or all: \(Isolation.scenarioNames.joined(separator: ", ")).")
    var scenarios: String = "all"

    @Option(help: "Seconds each scenario's window lasts.")
    var window: Double = 3

    @Option(help: "Animations each commit of slow-reader and prompt-reader starts (a commit every 16 ms; each animation lasts 50 ms, so it sends a start and a stop event).")
    var flood: Int = 300

    @Flag(help: "Print one JSON object.")
    var json = false

    @Option(help: "Extra rendersrvd flags for every scenario's daemon, space-separated (e.g. \"--max-tree-depth 20000\").")
    var daemonArguments: String = ""

    static let scenarioNames = ["deep-chain", "deep-animate", "tree-poll", "tree-flood", "huge-tree", "event-burst", "slow-reader", "prompt-reader", "slow-burst", "partial-frames",
                                "million-commands", "no-hello", "names", "big-commit", "many-animated", "sigterm-busy"]

    func validate() throws {
        let unknown = chosen.filter { !Isolation.scenarioNames.contains($0) }
        guard unknown.isEmpty else {
            throw ValidationError("unknown scenario \(unknown.joined(separator: ", ")); known: "
                + Isolation.scenarioNames.joined(separator: ", "))
        }
        guard window >= 1 else { throw ValidationError("--window must be at least 1 second") }
        guard (1...100_000).contains(flood) else { throw ValidationError("--flood must be 1…100000 animations a commit") }
    }

    var chosen: [String] {
        scenarios == "all" ? Isolation.scenarioNames : scenarios.split(separator: ",").map(String.init)
    }

    func run() throws {
        var rows: [Row] = []
        for name in chosen {
            let row = try Isolation.run(name, window: window, flood: flood,
                                        daemonArguments: daemonArguments.split(separator: " ").map(String.init))
            rows.append(row)
            if !json { print(row.line) }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(["scenarios": rows]), as: UTF8.self))
        }
    }

    /// One scenario's figures.
    struct Row: Codable {
        var scenario: String
        var outcome: String
        var victimPingP50Ms: Double
        var victimPingP99Ms: Double
        var victimPingMaxMs: Double
        var victimPingsLost: Int
        var framesPerSecond: Double
        var missedFrames: UInt64
        var frameIntervalMaxMs: Double
        var daemonRSSMB: Double
        /// The daemon's own per-phase figures over its life (ms): the longest commit slice
        /// (apply) and frame evaluation at p99.
        var applyP99Ms: Double
        var evaluateP99Ms: Double
        /// The longest apply slice, frame evaluation and frame hand-off to the output (ms).
        var validateMaxMs: Double
        var applyMaxMs: Double
        var evaluateMaxMs: Double
        var presentMaxMs: Double

        /// As JSON, a figure that could not be measured (the daemon had gone) is null.
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(scenario, forKey: .scenario); try c.encode(outcome, forKey: .outcome)
            try c.encode(victimPingsLost, forKey: .victimPingsLost); try c.encode(missedFrames, forKey: .missedFrames)
            let numbers: [(Double, CodingKeys)] = [
                (victimPingP50Ms, .victimPingP50Ms), (victimPingP99Ms, .victimPingP99Ms), (victimPingMaxMs, .victimPingMaxMs),
                (framesPerSecond, .framesPerSecond), (frameIntervalMaxMs, .frameIntervalMaxMs), (daemonRSSMB, .daemonRSSMB),
                (applyP99Ms, .applyP99Ms), (evaluateP99Ms, .evaluateP99Ms), (validateMaxMs, .validateMaxMs),
                (applyMaxMs, .applyMaxMs), (evaluateMaxMs, .evaluateMaxMs), (presentMaxMs, .presentMaxMs)]
            for (v, key) in numbers { try c.encode(JSONNumber(v), forKey: key) }
        }

        var line: String {
            scenario.padding(toLength: 17, withPad: " ", startingAt: 0) + String(format: " ping p50 %6.2f p99 %7.2f max %7.2f ms  lost %d  %5.1f fps  missed %4llu  worst interval %7.1f ms  RSS %6.1f MB\n    daemon: validate max %.1f, apply p99 %.1f max %.1f, evaluate p99 %.1f max %.1f, present max %.1f ms\n    → %@",
                   victimPingP50Ms, victimPingP99Ms, victimPingMaxMs, victimPingsLost,
                   framesPerSecond, missedFrames, frameIntervalMaxMs, daemonRSSMB, validateMaxMs, applyP99Ms, applyMaxMs, evaluateP99Ms,
                   evaluateMaxMs, presentMaxMs,
                   outcome as NSString)
        }
    }

    // MARK: The harness

    static func run(_ name: String, window: Double, flood: Int = 300, daemonArguments: [String] = []) throws -> Row {
        let daemon = try DaemonProcess(arguments: daemonArguments)
        defer { daemon.stop() }
        let victim = try WireClient(path: daemon.socketPath)
        try victim.hello("victim")
        victim.waitApplied(victim.commit(animatedLayers(count: 100, firstID: 1, depth: 1)))
        let observer = try WireClient(path: daemon.socketPath)
        try observer.hello("observer")
        let before = observer.stats()
        let pinger = Pinger(victim)
        pinger.start()
        let started = Date()
        var outcome = ""
        do {
            outcome = try attack(name, daemon: daemon, window: window, flood: flood)
        } catch {
            outcome = "harness error: \(error)"
        }
        while Date().timeIntervalSince(started) < window { usleep(10_000) }
        let rtts = pinger.stop()
        let after = observer.stats()
        let elapsed = Date().timeIntervalSince(started)
        let sorted = rtts.compactMap { $0 }.sorted()
        func pct(_ p: Double) -> Double { sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1000 }
        // Without the stats after the window (the daemon has gone: sigterm-busy) the frame
        // figures are unknown (NaN, and 0 missed), never a difference from zero.
        let frames = after.map { Double($0.frames) - Double(before?.frames ?? 0) } ?? .nan
        return Row(scenario: name, outcome: outcome, victimPingP50Ms: pct(0.5), victimPingP99Ms: pct(0.99),
                   victimPingMaxMs: sorted.last.map { $0 * 1000 } ?? .nan, victimPingsLost: rtts.filter { $0 == nil }.count,
                   framesPerSecond: frames / elapsed,
                   missedFrames: after.map { $0.missedFrames - min($0.missedFrames, before?.missedFrames ?? 0) } ?? 0,
                   frameIntervalMaxMs: after?.frameInterval.max ?? .nan,
                   daemonRSSMB: Double(daemon.residentBytes) / 1e6,
                   applyP99Ms: after?.phases["apply"]?.p99 ?? .nan, evaluateP99Ms: after?.phases["evaluate"]?.p99 ?? .nan,
                   validateMaxMs: after?.phases["validate"]?.max ?? .nan, applyMaxMs: after?.phases["apply"]?.max ?? .nan, evaluateMaxMs: after?.phases["evaluate"]?.max ?? .nan,
                   presentMaxMs: after?.phases["present"]?.max ?? .nan)
    }

    /// Pings from the victim every 2 ms on its own thread.
    /// `rtts` and `stopFlag` are under `lock`; `client` is used by the pinger thread only,
    /// from `start` until `stop` returns.
    final class Pinger: @unchecked Sendable {
        let client: WireClient
        private let lock = NSLock()
        private var stopFlag = false
        private var rtts: [Double?] = []
        private let done = DispatchSemaphore(value: 0)
        init(_ c: WireClient) { client = c }
        func start() {
            Thread.detachNewThread { [self] in
                var token: UInt64 = 1000
                while !lock.withLock({ stopFlag }) {
                    token += 1
                    let rtt = client.ping(token, timeout: 5)
                    lock.withLock { rtts.append(rtt) }
                    usleep(2_000)
                }
                done.signal()
            }
        }
        func stop() -> [Double?] {
            lock.withLock { stopFlag = true }
            done.wait()
            return lock.withLock { rtts }
        }
    }

    /// `count` layers, each with an ever-repeating opacity animation, in chains of `depth`.
    static func animatedLayers(count: Int, firstID: Int, depth: Int, key: String = "a") -> [Command] {
        var c: [Command] = []
        c.reserveCapacity(count * 3)
        var a = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1)
        a.timing.repeatCount = .infinity
        a.timing.autoreverses = true
        for i in 0..<count {
            let id = LayerID(firstID + i)
            c.append(.createLayer(id, .layer))
            if i % depth != 0 { c.append(.insertSublayer(parent: id - 1, child: id, index: 0)) }
            c.append(.addAnimation(id, key: key, animationID: UInt64(id), animation: a))
        }
        return c
    }

    static func describe(_ e: ErrorMessage?) -> String {
        guard let e else { return "no error; connection kept" }
        let text = e.message.count > 160 ? String(e.message.prefix(160)) + "…" : e.message
        return "closed with \(e.code): \(text)"
    }

    static func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
}
