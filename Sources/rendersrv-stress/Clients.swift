import ArgumentParser
import Foundation
import Glibc
import RenderClient
import RenderCore
import RenderProtocol

/// `rendersrv-stress clients`: C client processes (this binary, `client-worker`) each
/// committing a property change at `--rate` Hz for `--seconds`, against one daemon at its
/// display rate. Every commit must be acknowledged, in order: a `commitApplied` whose
/// sequence is not the previous one plus one is *reordered* (below it) or leaves a gap
/// (those commits count as *lost* unless acknowledged later); commits never acknowledged by
/// the end are lost. The daemon's frames over the same span come from its frame log.
struct Clients: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "C client processes committing at a rate: lost or reordered commits, and the daemon's missed frames.")

    @Option(help: "Client processes.")
    var count = 8

    @Option(help: "Commits per second per client.")
    var rate: Double = 100

    @Option(help: "Seconds of committing.")
    var seconds: Double = 3

    @Flag(help: "Print one JSON object.")
    var json = false

    func validate() throws {
        guard (1...512).contains(count) else { throw ValidationError("--count \(count) is out of range; use 1…512") }
        guard rate.isFinite, rate > 0, rate <= 10_000 else { throw ValidationError("--rate must be in (0, 10000] Hz") }
        guard seconds.isFinite, seconds > 0, seconds <= 3600 else { throw ValidationError("--seconds must be in (0, 3600]") }
    }

    struct Result: Codable {
        var clients: Int
        var rateHz: Double
        var seconds: Double
        var commitsSent: Int
        var commitsAcknowledged: Int
        var lostCommits: Int
        var reorderedCommits: Int
        var commitsPerSecond: Double
        /// The slowest client's achieved rate (it may fall behind when the machine is full).
        var slowestClientRateHz: Double
        var clientsFailed: Int
        /// Vsyncs the daemon's clock woke too late for (its own count, from the frame log).
        var missedFrames: Int
        /// Vsyncs in the span without a frame: missed, or nothing had changed since the last one.
        var vsyncsWithoutFrame: Int
        var expectedFrames: Int
        var producedFrames: Int
        var intervalErrorP99Ms: JSONNumber
        var serverCpuPercent: Double
        var failures: [String]
    }

    func run() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop() }
        let control = try ControlClient(socketPath: daemon.socketPath, clientName: "clients-observer", timeout: 30)
        defer { control.close() }
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        // Everyone starts together, once every process is up (about 20 ms each to spawn).
        let start = MediaTime.now() + 1 + Double(count) * 0.02
        var workers: [(Process, Pipe)] = []
        for i in 0..<count {
            let p = Process()
            p.executableURL = me
            p.arguments = ["client-worker", "--socket", daemon.socketPath, "--rate", "\(rate)", "--seconds", "\(seconds)",
                           "--start", "\(start)", "--index", "\(i)"]
            let out = Pipe()
            p.standardOutput = out
            p.standardInput = FileHandle.nullDevice
            try p.run()
            workers.append((p, out))
        }
        let cpu0 = daemon.cpuSeconds
        var reports: [ClientWorker.Report] = []
        var failures: [String] = []
        for (i, (p, out)) in workers.enumerated() {
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            if let r = try? JSONDecoder().decode(ClientWorker.Report.self, from: data) {
                reports.append(r)
                if let f = r.failure { failures.append("client \(i): \(f)") }
            } else {
                failures.append("client \(i) exited \(p.terminationStatus) without a report")
            }
        }
        let cpu = (daemon.cpuSeconds - cpu0) / max(0.001, MediaTime.now() - start) * 100
        let records = try control.frameRecords()
        let period = 1 / control.welcome.refreshRate
        // From the second vsync on: the first may come before any client's first commit.
        let (pacing, _) = FramePacing.measure(records, period: period, from: start + 2 * period, to: start + seconds,
                                              moved: { !$0.idle })
        let sent = reports.reduce(0) { $0 + $1.sent }, acked = reports.reduce(0) { $0 + $1.acknowledged }
        let r = Result(clients: count, rateHz: rate, seconds: seconds, commitsSent: sent, commitsAcknowledged: acked,
                       lostCommits: reports.reduce(0) { $0 + $1.lost } + (count - reports.count),
                       reorderedCommits: reports.reduce(0) { $0 + $1.reordered },
                       commitsPerSecond: Double(acked) / seconds,
                       slowestClientRateHz: reports.map { Double($0.sent) / seconds }.min() ?? 0,
                       clientsFailed: failures.count, missedFrames: pacing.daemonMissedVsyncs,
                       vsyncsWithoutFrame: pacing.missedFrames, expectedFrames: pacing.expectedFrames,
                       producedFrames: pacing.producedFrames, intervalErrorP99Ms: pacing.intervalErrorP99Ms,
                       serverCpuPercent: cpu, failures: Array(failures.prefix(10)))
        if json { try printJSON(r); return }
        print("clients: \(count) processes × \(rate) Hz for \(seconds) s against one daemon at \(Int(control.welcome.refreshRate)) Hz")
        print("commits sent \(sent), acknowledged \(acked) (\(String(format: "%.0f", r.commitsPerSecond))/s); lost "
            + "\(r.lostCommits), reordered \(r.reorderedCommits); slowest client \(String(format: "%.0f", r.slowestClientRateHz)) Hz")
        print("frames: \(pacing.expectedFrames) vsyncs, \(pacing.producedFrames) produced, \(pacing.daemonMissedVsyncs) missed "
            + "(\(pacing.missedFrames) without a frame); interval error p99 "
            + String(format: "%.2f ms; daemon CPU %.0f %%", pacing.intervalErrorP99Ms.value, cpu))
        for f in failures.prefix(10) { print("  \(f)") }
    }
}

/// `rendersrv-stress client-worker` (hidden; run by `clients`): one client committing one
/// property change per tick at `--rate` Hz from `--start` (media time), checking each
/// acknowledgement is the next sequence; prints a `Report` as JSON.
struct ClientWorker: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "client-worker",
        abstract: "One committing client (used by `clients`).", shouldDisplay: false)

    @Option var socket: String
    @Option var rate: Double
    @Option var seconds: Double
    @Option var start: Double
    @Option var index: Int = 0

    struct Report: Codable {
        var sent: Int
        var acknowledged: Int
        var lost: Int
        var reordered: Int
        var failure: String?
    }

    func run() throws {
        var report = Report(sent: 0, acknowledged: 0, lost: 0, reordered: 0, failure: nil)
        defer { try? printJSON(report) }
        let c: WireClient
        do {
            c = try WireClient(path: socket)
            try c.hello("client-\(index)")
        } catch {
            report.failure = "\(error)"
            return
        }
        do {
            try c.requireApplied(c.commit([.createLayer(1, .layer), .setRoot(1),
                                           .setProperty(1, .bounds, .rect(Rect(x: 0, y: 0, width: 8, height: 8))),
                                           .setProperty(1, .position, .point(Point(x: Double(index % 100) * 12, y: 10)))]),
                                 "the set-up commit was not acknowledged")
        } catch {
            report.failure = "\(error)"
            return
        }
        let base: UInt64 = 1
        var expected = base + 1
        var acknowledged = Set<UInt64>()
        func handle(_ m: Message) {
            switch m {
            case let .commitApplied(a):
                if a.sequence < expected { report.reordered += 1 } else { expected = a.sequence + 1 }
                acknowledged.insert(a.sequence)
            case let .error(e):
                report.failure = "\(e.code): \(e.message.prefix(160))"
            default: break
            }
        }
        let period = 1 / rate
        while MediaTime.now() < start { usleep(UInt32(min(100_000, max(100, (start - MediaTime.now()) * 1e6)))) }
        var next = start
        let end = start + seconds
        var sent: UInt64 = base
        while true {
            let now = MediaTime.now()
            if now >= end { break }
            if now < next {
                usleep(UInt32(max(50, (next - now) * 1e6)))
                continue
            }
            next += period
            sent = c.commit([.setProperty(1, .opacity, .number(Double(sent % 100) / 100))])
            report.sent += 1
            for m in c.receiveAvailable() { handle(m) }
        }
        let deadline = Date().addingTimeInterval(10)
        while acknowledged.count < report.sent, Date() < deadline, let m = c.receive(timeout: 1) { handle(m) }
        report.acknowledged = acknowledged.filter { $0 > base }.count
        report.lost = report.sent - report.acknowledged
        c.send(.goodbye(Goodbye(reason: "done")))
    }
}
