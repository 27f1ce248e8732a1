import ArgumentParser
import CSystem
import Foundation
import Glibc
import Histogram
import RenderCore
import RenderProtocol

/// `rendersrv-stress latency`: the protocol's round trip against the floor of the machine,
/// measured comparably — a raw Unix-socket ping-pong of the same size between two
/// processes, the echo process pinned where the daemon is, this process pinned apart from
/// both, both pairs warmed up, and their blocks alternated in the same run. Percentiles of
/// round trips and latencies come from HdrHistogram (3 significant digits).
struct Latency: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Protocol ping vs raw Unix-socket ping-pong (same size, same placement, alternating blocks), "
            + "commit → applied, and commit → presented (the frame that first shows a commit is drawn).")

    @Option(help: "Round trips per block.")
    var block = 1_000

    @Option(help: "Blocks of each kind (alternating).")
    var blocks = 10

    @Flag(help: "Print one JSON object.")
    var json = false

    @Option(help: ArgumentHelp("Where commits fall on the frame period: stratified (evenly spread phases, shuffled, "
        + "aimed at the daemon's vsync grid) or random (a random sleep after each feedback)."))
    var phases: CommitPhases = .stratified

    @Option(help: ArgumentHelp("Write one CSV row per commit → presented sample (send, frame target, pixels ready "
        + "and read times as CLOCK_MONOTONIC ns, the frame number): where each commit fell on the frame grid.",
        valueName: "file"))
    var trace: String?

    @Option(help: ArgumentHelp("Where the processes run: split (this client on the first CPU, the daemon and the "
        + "echo process on the last) or same-cpu (all on the first CPU: the round trip is two context switches, "
        + "no cross-CPU wake-up)."))
    var placement: Placement = .split

    @Flag(help: "Measure only the pings (skip commit → applied and → presented).")
    var pingOnly = false

    @Option(help: ArgumentHelp("Another rendersrvd binary (the one before a change, say): its ping blocks alternate "
        + "with the raw and protocol blocks in the same run, placed as the daemon is.", valueName: "path"))
    var baselineDaemon: String?

    @Option(help: ArgumentHelp("Extra rendersrvd flags for the baseline daemon, space-separated (with "
        + "--baseline-daemon; e.g. --baseline-arguments=\"--spin-after-reads 0\" against this same binary)."))
    var baselineArguments: String = ""

    @Option(help: ArgumentHelp("How the protocol ping waits for its pong: blocking (a blocking recv, as the raw "
        + "ping-pong waits) or polling (poll, then recv: WireClient's way, for its timeouts; one more system call per "
        + "round trip)."))
    var pinger: PingerKind = .blocking

    @Flag(help: ArgumentHelp("Alternate a third server's pings too: the least a libuv server does for a ping (`floor-server`: "
        + "the daemon's read path — an IPC pipe, epoll, one write a reply — and no protocol work). Splits the protocol's "
        + "ratio into the event loop's share and the daemon's own."))
    var libuvFloor = false

    enum Placement: String, ExpressibleByArgument, Codable { case split, sameCPU = "same-cpu" }
    enum PingerKind: String, ExpressibleByArgument, Codable { case blocking, polling }

    func validate() throws {
        guard block >= 10, blocks >= 1 else { throw ValidationError("--block must be ≥ 10 and --blocks ≥ 1") }
        if let baselineDaemon, !FileManager.default.isExecutableFile(atPath: baselineDaemon) {
            throw ValidationError("--baseline-daemon \(baselineDaemon) is not an executable file")
        }
    }

    /// The ping measurement alone (`--ping-only`), with the baseline daemon's when given.
    struct PingResult: Codable {
        var pingRttP50Us: Double, pingRttP99Us: Double
        var rawRttP50Us: Double, rawRttP99Us: Double
        var ratioP50: Double
        var baselinePingRttP50Us: Double?, baselineRatioP50: Double?
        /// The libuv floor's (`--libuv-floor`, `rendersrv-stress floor-server`).
        var floorPingRttP50Us: Double?, floorRatioP50: Double?
        var placement: String
        var pinger: PingerKind
        /// CPU nanoseconds per round trip, mean over the blocks: this client during the raw
        /// blocks (`rawClient`) and the ping blocks (`pingClient`), the echo process, the
        /// daemon's loop thread (and the baseline's and the floor's, when given).
        var cpuNsPerRoundTrip: [String: Double]
    }

    /// CPU time of two ends over some blocks, nanoseconds.
    struct CPUSplit { var client = 0.0, server = 0.0 }

    struct Result: Codable {
        var pingRttP50Us: Double, pingRttP99Us: Double
        var rawRttP50Us: Double, rawRttP99Us: Double
        var ratioP50: Double
        var commitToAppliedP50Us: Double, commitToAppliedP99Us: Double
        /// From sending a commit at a random phase of the frame period to reading its
        /// `commitPresented` (its frame drawn), ms.
        var commitToPresentedP50Ms: Double, commitToPresentedP99Ms: Double
        /// From sending the commit to its frame's pixels being ready (the message's readyTime),
        /// ms: the rest of commit → presented is the message's way back.
        var commitToReadyP50Ms: Double
        /// From sending the commit to the target time (vsync) of the frame that showed it, ms:
        /// the wait for the frame; ready − target is the frame's wake-up, evaluation and compose.
        var commitToTargetP50Ms: Double
        /// The display's frame period, and the compositor's hand-off → pixels-ready time (p50), ms:
        /// the budget is p50 ≤ framePeriodMs / 2 + composeP50Ms.
        var framePeriodMs: Double, composeP50Ms: Double
        var placement: String
        /// How commits were placed on the frame period (`--phases`).
        var phases: CommitPhases
        /// Which vsync showed each commit, against the first one after it was sent (percent),
        /// and what the daemon's choice of frame added to the wait the grid imposes (ms).
        var shownByNextVsyncPercent: Double, shownByEarlierVsyncPercent: Double, shownByLaterVsyncPercent: Double
        var frameChoiceExcessP50Ms: Double, frameChoiceExcessMeanMs: Double
        /// p50 of sent → the next vsync (the grid's own wait; half a period for uniform phases), ms.
        var gridWaitP50Ms: Double
        /// p50 of frame target → pixels ready, and of pixels ready → feedback read, ms.
        var targetToReadyP50Ms: Double, readyToReadP50Ms: Double
    }

    func run() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop() }
        let echo = try EchoProcess()
        defer { echo.stop() }
        // Servers whose pings alternate with the daemon's, placed as it is: the baseline daemon
        // (`--baseline-daemon`), the least a libuv server does for a ping (`--libuv-floor`).
        // `server`: the key of its end's CPU time in `cpuNsPerRoundTrip`.
        var others: [(name: String, server: String, process: DaemonProcess)] = []
        defer { for o in others { o.process.stop() } }
        if let baselineDaemon {
            others.append(("baseline", "baselineDaemon",
                           try DaemonProcess(arguments: baselineArguments.split(separator: " ").map(String.init),
                                             binary: baselineDaemon)))
        }
        if libuvFloor {
            others.append(("floor", "floorServer",
                           try DaemonProcess(binary: CommandLine.arguments[0], subcommand: ["floor-server"])))
        }
        // Placement: split puts the daemons and the echo on the last CPU, this process on the
        // first; same-cpu puts everything on the first.
        let cpus = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        var placement = "unpinned (one CPU)"
        if cpus >= 2 {
            let serverCPU = self.placement == .split ? cpus - 1 : 0
            for pid in [daemon.pid, echo.pid] + others.map(\.process.pid) { pin(pid: pid, cpu: serverCPU) }
            pin(pid: 0, cpu: 0)
            placement = self.placement == .split ? "client on CPU 0; daemon and echo on CPU \(serverCPU)"
                : "client, daemon and echo on CPU 0"
        }
        let client = try WireClient(path: daemon.socketPath)
        try client.hello("latency")
        let otherClients = try others.map { o in
            let c = try WireClient(path: o.process.socketPath)
            try c.hello("latency")
            return c
        }
        let raw = try RawPingPong(path: echo.socketPath)
        // The protocol's pings (the clients' decoders are empty after hello: nothing else comes unasked).
        func pingFunction(_ c: WireClient) -> (UInt64) -> Double? {
            switch pinger {
            case .polling: return { c.ping($0) }
            case .blocking: let p = BlockingPinger(c); return { p.ping($0) }
            }
        }
        let ping = pingFunction(client)
        let otherPings = otherClients.map(pingFunction)
        // Warm them up.
        for i in 0..<2_000 {
            _ = ping(UInt64(i)); _ = raw.roundTrip(UInt64(i))
            for p in otherPings { _ = p(UInt64(i)) }
        }
        var protocolRtts: [Double] = [], rawRtts: [Double] = []
        var otherRtts = [[Double]](repeating: [], count: others.count)
        var token: UInt64 = 10_000
        // CPU time of each side over its blocks (this thread's clock; the server's main
        // thread, its loop, from /proc), to split a round trip's cost between the two ends.
        var cpu = (raw: CPUSplit(), ping: CPUSplit())
        var otherCPU = [CPUSplit](repeating: CPUSplit(), count: others.count)
        func timed(_ split: inout CPUSplit, server: Int32, _ body: () -> Void) {
            let c0 = threadCPUNanoseconds(), s0 = runNanoseconds(of: server)
            body()
            split.client += threadCPUNanoseconds() - c0
            split.server += runNanoseconds(of: server) - s0
        }
        for _ in 0..<blocks {
            timed(&cpu.raw, server: echo.pid) {
                for _ in 0..<block { token += 1; if let r = raw.roundTrip(token) { rawRtts.append(r) } }
            }
            timed(&cpu.ping, server: daemon.pid) {
                for _ in 0..<block { token += 1; if let r = ping(token) { protocolRtts.append(r) } }
            }
            for (i, other) in others.enumerated() {
                timed(&otherCPU[i], server: other.process.pid) {
                    for _ in 0..<block { token += 1; if let r = otherPings[i](token) { otherRtts[i].append(r) } }
                }
            }
        }
        let perTrip = Double(blocks * block)
        if pingOnly {
            func p(_ a: [Double], _ q: Double) -> Double { Latency.histogram(of: a).valueAtPercentile(q).microseconds }
            let rawP50 = p(rawRtts, 50)
            let otherP50 = otherRtts.map { $0.isEmpty ? nil : p($0, 50) }
            func other(_ name: String) -> (p50: Double, ratio: Double)? {
                guard let i = others.firstIndex(where: { $0.name == name }), let p50 = otherP50[i] else { return nil }
                return (p50, p50 / rawP50)
            }
            var cpuSplit = ["rawClient": cpu.raw.client / perTrip, "echo": cpu.raw.server / perTrip,
                            "pingClient": cpu.ping.client / perTrip, "daemon": cpu.ping.server / perTrip]
            for (i, o) in others.enumerated() {
                cpuSplit[o.name + "Client"] = otherCPU[i].client / perTrip
                cpuSplit[o.server] = otherCPU[i].server / perTrip
            }
            let r = PingResult(pingRttP50Us: p(protocolRtts, 50), pingRttP99Us: p(protocolRtts, 99),
                               rawRttP50Us: rawP50, rawRttP99Us: p(rawRtts, 99), ratioP50: p(protocolRtts, 50) / rawP50,
                               baselinePingRttP50Us: other("baseline")?.p50, baselineRatioP50: other("baseline")?.ratio,
                               floorPingRttP50Us: other("floor")?.p50, floorRatioP50: other("floor")?.ratio,
                               placement: placement, pinger: pinger, cpuNsPerRoundTrip: cpuSplit)
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                print(String(decoding: try encoder.encode(r), as: UTF8.self))
            } else {
                print("placement: \(r.placement); pinger \(r.pinger.rawValue); \(blocks) alternating blocks of \(block) round trips each, 16-byte messages")
                print(String(format: "raw Unix-socket ping-pong  p50 %7.1f µs  p99 %7.1f µs", r.rawRttP50Us, r.rawRttP99Us))
                if let f = r.floorPingRttP50Us, let ratio = r.floorRatioP50 {
                    print(String(format: "libuv floor's ping         p50 %7.1f µs                 (p50 ratio %.2f×)", f, ratio))
                }
                print(String(format: "protocol ping              p50 %7.1f µs  p99 %7.1f µs   (p50 ratio %.2f×)",
                             r.pingRttP50Us, r.pingRttP99Us, r.ratioP50))
                if let b = r.baselinePingRttP50Us, let ratio = r.baselineRatioP50 {
                    print(String(format: "baseline daemon's ping     p50 %7.1f µs                 (p50 ratio %.2f×)", b, ratio))
                }
                print("CPU ns per round trip: " + r.cpuNsPerRoundTrip.sorted { $0.key < $1.key }
                    .map { "\($0.key) \(Int($0.value.rounded()))" }.joined(separator: ", "))
            }
            return
        }
        // Commit → applied: one setProperty per commit.
        // A visible 200 × 200 layer, so that a presented frame is also a composed one.
        _ = client.waitApplied(client.commit([
            .createLayer(1, .layer), .setProperty(1, .bounds, .rect(Rect(x: 0, y: 0, width: 200, height: 200))),
            .setProperty(1, .position, .point(Point(x: 200, y: 200))),
            .setProperty(1, .backgroundColor, .color(Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 1))), .setRoot(1)]))
        var applied: [Double] = []
        for i in 0..<block {
            let t0 = Date()
            let seq = client.commit([.setProperty(1, .opacity, .number(Double(i % 100) / 100))])
            if client.waitApplied(seq, timeout: 5) { applied.append(Date().timeIntervalSince(t0)) }
        }
        // Commit → presented: each commit at a uniformly spread phase of the frame period (as
        // input would come; `--phases`), timed until its commitPresented is read.
        let period = 1 / (client.welcome?.refreshRate ?? 60)
        let samples = PresentationSampler(client: client, periodNanoseconds: period * 1e9, phases: phases)
            .run(count: block, layer: 1)
        let presented = samples.map { Double($0.read - $0.sent) / 1e9 }
        let ready = samples.compactMap { s in s.ready.map { Double($0 - s.sent) / 1e9 } }
        let target = samples.map { Double($0.target - $0.sent) / 1e9 }
        let grid = GridPlacement(samples, periodNanoseconds: period * 1e9)
        if let trace {
            let rows = ["sentNs,targetNs,frame,readyNs,readNs"]
                + samples.map { "\($0.sent),\($0.target),\($0.frame),\($0.ready.map(String.init) ?? ""),\($0.read)" }
            try (rows.joined(separator: "\n") + "\n").write(toFile: trace, atomically: true, encoding: .utf8)
        }
        let compose = client.stats()?.compositor?.readyP50 ?? 0
        // Round trips and latencies (never negative) go through HdrHistogram; the offsets
        // from the grid (a commit shown by the vsync just before it is sent has a negative
        // commit → target) through the sorted samples.
        func pct(_ a: [Double], _ p: Double) -> Double {
            guard !a.isEmpty else { return .nan }
            if a.allSatisfy({ $0 >= 0 }) { return Latency.histogram(of: a).valueAtPercentile(p * 100).microseconds }
            let s = a.sorted()
            return s[min(s.count - 1, Int(Double(s.count) * p))] * 1e6
        }
        let r = Result(pingRttP50Us: pct(protocolRtts, 0.5), pingRttP99Us: pct(protocolRtts, 0.99),
                       rawRttP50Us: pct(rawRtts, 0.5), rawRttP99Us: pct(rawRtts, 0.99),
                       ratioP50: pct(protocolRtts, 0.5) / pct(rawRtts, 0.5),
                       commitToAppliedP50Us: pct(applied, 0.5), commitToAppliedP99Us: pct(applied, 0.99),
                       commitToPresentedP50Ms: pct(presented, 0.5) / 1000, commitToPresentedP99Ms: pct(presented, 0.99) / 1000,
                       commitToReadyP50Ms: pct(ready, 0.5) / 1000, commitToTargetP50Ms: pct(target, 0.5) / 1000,
                       framePeriodMs: period * 1000, composeP50Ms: compose, placement: placement, phases: phases,
                       shownByNextVsyncPercent: grid.shownByNextPercent,
                       shownByEarlierVsyncPercent: grid.shownEarlierPercent,
                       shownByLaterVsyncPercent: grid.shownLaterPercent,
                       frameChoiceExcessP50Ms: grid.excessP50Ms, frameChoiceExcessMeanMs: grid.excessMeanMs,
                       gridWaitP50Ms: grid.gridWaitP50Ms,
                       targetToReadyP50Ms: percentile(samples.compactMap { s in s.ready.map { Double($0 - s.target) / 1e6 } }, 50),
                       readyToReadP50Ms: percentile(samples.compactMap { s in s.ready.map { Double(s.read - $0) / 1e6 } }, 50))
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(r), as: UTF8.self))
        } else {
            print("placement: \(r.placement); \(blocks) alternating blocks of \(block) round trips each, 16-byte messages")
            print(String(format: "raw Unix-socket ping-pong  p50 %7.1f µs  p99 %7.1f µs", r.rawRttP50Us, r.rawRttP99Us))
            print(String(format: "protocol ping              p50 %7.1f µs  p99 %7.1f µs   (p50 ratio %.2f×, budget ≤ 1.1× split, ≤ 1.2× same-cpu)",
                         r.pingRttP50Us, r.pingRttP99Us, r.ratioP50))
            print(String(format: "commit → applied           p50 %7.1f µs  p99 %7.1f µs", r.commitToAppliedP50Us,
                         r.commitToAppliedP99Us))
            print(String(format: "commit → presented         p50 %7.2f ms  p99 %7.2f ms   (budget p50 ≤ %.2f ms = half "
                         + "of %.2f ms + compose p50 %.2f ms)", r.commitToPresentedP50Ms, r.commitToPresentedP99Ms,
                         r.framePeriodMs / 2 + r.composeP50Ms, r.framePeriodMs, r.composeP50Ms))
            print(String(format: "commit → frame target      p50 %7.2f ms   commit → pixels ready p50 %.2f ms "
                         + "(from the message's mediaTime and readyTime)", r.commitToTargetP50Ms, r.commitToReadyP50Ms))
            print(String(format: "  phases %@: grid wait p50 %.2f ms; shown by the next vsync %.1f %%, an earlier one %.1f %%, "
                         + "a later one %.1f %%; frame choice adds p50 %.3f ms, mean %.3f ms",
                         r.phases.rawValue, r.gridWaitP50Ms, r.shownByNextVsyncPercent, r.shownByEarlierVsyncPercent,
                         r.shownByLaterVsyncPercent, r.frameChoiceExcessP50Ms, r.frameChoiceExcessMeanMs))
            print(String(format: "  frame target → pixels ready p50 %.3f ms; pixels ready → feedback read p50 %.3f ms",
                         r.targetToReadyP50Ms, r.readyToReadP50Ms))
        }
    }

    /// The samples (seconds, not negative) in an HdrHistogram of nanoseconds: 3 significant
    /// digits, up to a minute.
    static func histogram(of samples: [Double]) -> Histogram<UInt64> {
        var h = Histogram<UInt64>(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
        for v in samples { _ = h.record(min(UInt64((v * 1e9).rounded()), h.highestTrackableValue)) }
        return h
    }

    /// This thread's CPU time, nanoseconds.
    func threadCPUNanoseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1e9 + Double(t.tv_nsec)
    }

    /// The time a process's main thread has run on a CPU, nanoseconds (/proc/PID/schedstat).
    func runNanoseconds(of pid: Int32) -> Double {
        guard let s = try? String(contentsOfFile: "/proc/\(pid)/schedstat", encoding: .utf8) else { return .nan }
        return Double(s.split(separator: " ").first ?? "") ?? .nan
    }

    /// Pins a process (0: this one) to one CPU.
    func pin(pid: Int32, cpu: Int) { _ = csys_pin_to_cpu(pid, Int32(cpu)) }
}

/// The raw floor: 16 bytes out, the same 16 bytes back, on a Unix socket.
final class RawPingPong {
    let fd: Int32
    init(path: String) throws {
        let c = try WireClient(path: path)
        fd = dup(c.fd)
    }
    deinit { Glibc.close(fd) }

    func roundTrip(_ token: UInt64) -> Double? {
        var out = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: token.littleEndian) { out.replaceSubrange(8..<16, with: $0) }
        let t0 = Date()
        guard out.withUnsafeBytes({ Glibc.send(fd, $0.baseAddress, 16, Int32(MSG_NOSIGNAL)) }) == 16 else { return nil }
        var got = 0
        var buf = [UInt8](repeating: 0, count: 16)
        while got < 16 {
            let n = buf.withUnsafeMutableBytes { recv(fd, $0.baseAddress! + got, 16 - got, 0) }
            if n <= 0 { return nil }
            got += n
        }
        return Date().timeIntervalSince(t0)
    }
}

/// The protocol's ping waiting as `RawPingPong` does: the ping encoded by `WireCodec`
/// (`withEncodedFrame`), sent, and the socket read with a blocking `recv` into a
/// `FrameDecoder` until the pong is decoded — the same system calls and the same wait as
/// the raw ping-pong, so that the two differ by the protocol's work at both ends only.
/// (`WireClient.ping` polls before each read, for its timeout: one more system call and
/// wake-up path a round trip, about 1 µs of CPU on one CPU.) Reads a duplicate of the
/// client's socket, after its hello.
///
/// Its state is one stored struct, reached once a round trip: a class's stored properties
/// are checked for exclusive access at run time in this target (about 100 instructions
/// an access, some 500 a round trip when the decoder and the buffer were properties of
/// the class: the raw client's locals pay none).
final class BlockingPinger {
    let fd: Int32
    private var state = State()

    private struct State {
        var decoder = FrameDecoder(maxFrameBytes: Int.max)
        var buffer = [UInt8](repeating: 0, count: 4096)

        /// Sends the ping on `fd` and reads until its pong; false when the connection failed.
        mutating func roundTrip(_ token: UInt64, fd: Int32) -> Bool {
            // Encoded as a client library encodes it (`RenderClient`'s `Connection` too): on the stack.
            let sent = WireCodec.withEncodedFrame(.ping(token)) { frame in
                Glibc.send(fd, frame.baseAddress, frame.count, Int32(MSG_NOSIGNAL)) == frame.count
            }
            guard sent else { return false }
            while true {
                do {
                    while let m = try decoder.next() { if case .pong(token) = m { return true } }
                } catch {
                    return false
                }
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                buffer.withUnsafeBytes { decoder.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            }
        }
    }

    init(_ client: WireClient) { fd = dup(client.fd) }
    deinit { Glibc.close(fd) }

    /// One round trip, seconds (nil when the connection failed).
    func ping(_ token: UInt64) -> Double? {
        let t0 = Date()
        guard state.roundTrip(token, fd: fd) else { return nil }
        return Date().timeIntervalSince(t0)
    }
}

/// `rendersrv-stress echo-server`, run as a child: echoes everything on one connection.
final class EchoProcess {
    let process = Process()
    let folder: String
    var socketPath: String { folder + "/echo" }
    var pid: Int32 { process.processIdentifier }

    init() throws {
        var template = Array((NSTemporaryDirectory() + "rendersrv-echo-XXXXXX").utf8CString)
        folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        process.arguments = ["echo-server", "--socket", socketPath]
        process.standardInput = Pipe()
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: socketPath) { return }
            usleep(2_000)
        }
        throw WireClient.Failure(description: "the echo server did not start")
    }

    func stop() {
        if process.isRunning { kill(pid, SIGKILL); process.waitUntilExit() }
        unlink(socketPath); rmdir(folder)
    }
}

struct EchoServer: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "echo-server",
        abstract: "Echo one Unix-socket connection byte for byte (the latency floor; used by `latency`).",
        shouldDisplay: false)

    @Option var socket: String

    func run() throws {
        let listener = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let path = socket
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in raw.copyBytes(from: path.utf8); raw[path.utf8.count] = 0 }
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard rc == 0, listen(listener, 1) == 0 else { throw ExitCode.failure }
        let c = accept(listener, nil, nil)
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buf.withUnsafeMutableBytes { recv(c, $0.baseAddress!, $0.count, 0) }
            if n <= 0 { break }
            var sent = 0
            while sent < n {
                let m = buf.withUnsafeBytes { Glibc.send(c, $0.baseAddress! + sent, n - sent, Int32(MSG_NOSIGNAL)) }
                if m <= 0 { return }
                sent += m
            }
        }
    }
}

extension UInt64 {
    /// Nanoseconds as microseconds.
    fileprivate var microseconds: Double { Double(self) / 1e3 }
}
