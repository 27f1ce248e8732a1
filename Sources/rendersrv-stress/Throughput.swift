import ArgumentParser
import Foundation
import RenderCore
import RenderProtocol

/// `rendersrv-stress throughput`: how many commits, and how many property changes, one
/// connection gets through a daemon per second — commits pipelined (up to `--window`
/// unacknowledged), each counted when its `commitApplied` arrives.
///
///     phase 1  commits of one setProperty each           → commits per second
///     phase 2  commits of `--batch` setProperty each      → property changes per second
struct Throughput: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Commits per second and property changes per second through one connection (pipelined, acknowledged).")

    @Option(help: "Seconds each phase lasts.")
    var seconds: Double = 2

    @Option(help: "Property changes per commit in the second phase.")
    var batch = 1_000

    @Option(help: "Commits in flight (sent, not yet acknowledged) at most.")
    var window = 64

    @Option(help: "rendersrvd's --output (none: measure the IPC and apply path alone; headless also draws).")
    var output = "none"

    @Flag(help: "Print one JSON object.")
    var json = false

    func validate() throws {
        guard seconds.isFinite, seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be in (0, 600]") }
        guard (1...100_000).contains(batch) else { throw ValidationError("--batch \(batch) is out of range; use 1…100000") }
        guard (1...10_000).contains(window) else { throw ValidationError("--window \(window) is out of range; use 1…10000") }
        guard ["headless", "none"].contains(output) else { throw ValidationError("--output \(output): use headless or none") }
    }

    struct Result: Codable {
        var commitsPerSecond: Double
        var commitsAcknowledged: Int
        var propertyChangesPerSecond: Double
        var batchCommitsAcknowledged: Int
        var batch: Int
        var window: Int
        var serverCpuPercent: Double
        var errors: [String]
    }

    static let layerCount = 100

    func run() throws {
        let daemon = try DaemonProcess(arguments: ["--output", output])
        defer { daemon.stop() }
        let c = try WireClient(path: daemon.socketPath)
        try c.hello("throughput")
        var setup: [Command] = [.createLayer(1, .layer), .setRoot(1)]
        for i in 2...(Throughput.layerCount + 1) {
            setup += [.createLayer(LayerID(i), .layer), .insertSublayer(parent: 1, child: LayerID(i), index: UInt32.max)]
        }
        try c.requireApplied(c.commit(setup), "the set-up commit was not applied")
        var errors: [String] = []
        let cpu0 = daemon.cpuSeconds, wall0 = Date()
        var value = 0
        func changes(_ n: Int) -> [Command] {
            (0..<n).map { _ in
                value += 1
                return .setProperty(LayerID(2 + value % Throughput.layerCount), .opacity, .number(Double(value % 100) / 100))
            }
        }
        let single = pump(c, commitsOf: { changes(1) }, errors: &errors)
        let batched = pump(c, commitsOf: { changes(batch) }, errors: &errors)
        let cpu = (daemon.cpuSeconds - cpu0) / Date().timeIntervalSince(wall0) * 100
        let r = Result(commitsPerSecond: single.rate, commitsAcknowledged: single.acked,
                       propertyChangesPerSecond: batched.rate * Double(batch), batchCommitsAcknowledged: batched.acked,
                       batch: batch, window: window, serverCpuPercent: cpu, errors: errors)
        if json { try printJSON(r); return }
        print("throughput: one connection, up to \(window) commits in flight, \(seconds) s per phase, rendersrvd --output \(output)")
        print(String(format: "commits of 1 property change      %10.0f commits/s           (%d acknowledged)",
                     r.commitsPerSecond, r.commitsAcknowledged))
        print(String(format: "commits of %5d property changes %10.0f property changes/s  (%d commits acknowledged)",
                     batch, r.propertyChangesPerSecond, r.batchCommitsAcknowledged))
        print(String(format: "daemon CPU %.0f %%", cpu) + (errors.isEmpty ? "" : "; errors: \(errors.joined(separator: "; "))"))
    }

    /// Commits for `seconds`, keeping at most `window` unacknowledged; returns acknowledged
    /// commits per second over the time until the last acknowledgement.
    func pump(_ c: WireClient, commitsOf make: () -> [Command], errors: inout [String]) -> (rate: Double, acked: Int) {
        var sent: UInt64 = 0, first: UInt64 = 0, acked: UInt64 = 0
        let start = Date()
        let end = start.addingTimeInterval(seconds)
        func handle(_ m: Message) {
            switch m {
            case let .commitApplied(a): acked = max(acked, a.sequence)
            case let .error(e): errors.append("\(e.code): \(e.message.prefix(120))")
            default: break
            }
        }
        while Date() < end {
            if sent - max(acked, first) < UInt64(window) {
                let seq = c.commit(make())
                if first == 0 { first = seq - 1; acked = max(acked, first) }
                sent = seq
                for m in c.receiveAvailable() { handle(m) }
            } else if let m = c.receive(timeout: 5) {
                handle(m)
            } else {
                errors.append("no acknowledgement for 5 s"); break
            }
        }
        // The commits still in flight count once acknowledged.
        while acked < sent, let m = c.receive(timeout: 10) { handle(m) }
        let elapsed = Date().timeIntervalSince(start)
        let n = Int(acked - first)
        return (Double(n) / elapsed, n)
    }
}
