import ArgumentParser
import Foundation
import Glibc
import RenderClient
import RenderPictures
import RenderCore
import RenderProtocol

/// `rendersrv-stress soak`: a mixed load for `--minutes` against one daemon, its resident
/// memory and open descriptors sampled every second (at least twice, however slow the host).
///
/// Each second: a client joins (50 layers, 10 of them with a repeating animation) and,
/// above 8 clients, the oldest leaves; every client starts a batch of 40 finite animations
/// (0.5–2 s, so animations start and retire all the time) and changes a few properties;
/// one presentation subtree of a client is asked for; every client's events are read.
/// The frame log is read each second for missed vsyncs.
///
/// Flatness: after the warm-up (`--warmup`, default a fifth of the run, at most 60 s) the
/// RSS curve's highest and lowest samples are compared with the first sample after it
/// (goal: within 5 %); descriptors are counted beyond one per connected client (goal:
/// constant).
struct Soak: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Mixed load (clients joining and leaving, animations starting and retiring, tree queries) with the "
            + "daemon's RSS and descriptors sampled each second.")

    @Option(help: "Minutes to run (fractions allowed).")
    var minutes: Double = 10

    @Option(help: "Seconds of warm-up before the curve is judged (default: a fifth of the run, at most 60).")
    var warmup: Double?

    @Option(help: "Write a chart of RSS (MB) and descriptors over time to this PNG.")
    var chart: String?

    @Flag(help: "Print one JSON object.")
    var json = false

    func validate() throws {
        guard minutes.isFinite, minutes > 0, minutes <= 24 * 60 else { throw ValidationError("--minutes must be in (0, 1440]") }
        if let warmup, !(warmup.isFinite && warmup >= 0 && warmup < minutes * 60) {
            throw ValidationError("--warmup must be at least 0 and shorter than the run")
        }
    }

    struct Sample: Codable {
        var second: Double
        var rssMB: Double
        var descriptors: Int
        var clients: Int
    }

    struct Result: Codable {
        var seconds: Double
        var warmupSeconds: Double
        var clientsJoined: Int
        var clientsLeft: Int
        var animationsAdded: Int
        var treeQueries: Int
        var treeQueryFailures: Int
        var rssAfterWarmupMB: Double
        var rssMinMB: Double
        var rssMaxMB: Double
        var rssLastMB: Double
        var rssDriftPercent: Double
        var rssFlat: Bool
        var descriptorsBeyondClientsMin: Int
        var descriptorsBeyondClientsMax: Int
        var descriptorsConstant: Bool
        var frames: Int
        var missedFrames: Int
        var serverCpuPercent: Double
        var errors: [String]
        var samples: [Sample]
    }

    final class SoakClient {
        let wire: WireClient
        let session: UInt32
        var nextAnimation: UInt64 = 1
        init(_ wire: WireClient) { self.wire = wire; session = wire.welcome?.sessionID ?? 0 }
    }

    static let layersPerClient = 50

    func run() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop() }
        let control = try ControlClient(socketPath: daemon.socketPath, clientName: "soak-observer", timeout: 30)
        defer { control.close() }
        let total = minutes * 60
        let warm = warmup ?? min(60, total / 5)
        var clients: [SoakClient] = []
        var joined = 0, left = 0, added = 0, queries = 0, queryFailures = 0
        var errors: [String] = []
        var samples: [Sample] = []
        var lastFrame: UInt64 = 0, frames = 0, missed = 0
        let start = MediaTime.now()
        let cpu0 = daemon.cpuSeconds
        var second = 0
        // At least two samples, however slow the host: the drift compares samples.
        while MediaTime.now() - start < total || samples.count < 2 {
            second += 1
            // Join.
            do {
                let w = try WireClient(path: daemon.socketPath)
                try w.hello("soak-\(joined)")
                let c = SoakClient(w)
                var commands: [Command] = [.createLayer(1, .layer), .setRoot(1)]
                var sway = Animation.basic(LayerKeyPath("position.x"), by: .number(40), duration: 1)
                sway.timing.repeatCount = .infinity
                sway.timing.autoreverses = true
                for i in 2...(Soak.layersPerClient + 1) {
                    let id = LayerID(i)
                    commands += [.createLayer(id, .layer), .insertSublayer(parent: 1, child: id, index: UInt32.max),
                                 .setProperty(id, .bounds, .rect(Rect(x: 0, y: 0, width: 10, height: 10))),
                                 .setProperty(id, .position, .point(Soak.place(i, joined))),
                                 .setProperty(id, .backgroundColor, .color(Color(red: 0.3, green: 0.6, blue: 0.9, alpha: 0.8)))]
                    if i <= 11 {
                        commands.append(.addAnimation(id, key: "sway", animationID: c.nextAnimation, animation: sway))
                        c.nextAnimation += 1
                        added += 1
                    }
                }
                c.wire.commit(commands)
                clients.append(c)
                joined += 1
            } catch {
                errors.append("join \(joined): \(error)")
            }
            // Leave.
            if clients.count > 8 {
                let c = clients.removeFirst()
                c.wire.send(.goodbye(Goodbye(reason: "soak: leaving")))
                left += 1
            }
            // Animations starting and retiring; property changes.
            for (n, c) in clients.enumerated() {
                var commands: [Command] = []
                for k in 0..<40 {
                    let id = LayerID(2 + (k + second) % Soak.layersPerClient)
                    let duration = 0.5 + Double((k + n) % 4) * 0.5
                    let a = Animation.basic(.opacity, from: .number(0.2), to: .number(1), duration: duration)
                    commands.append(.addAnimation(id, key: "fade\(k % 10)", animationID: c.nextAnimation, animation: a))
                    c.nextAnimation += 1
                    added += 1
                }
                let changed = LayerID(2 + second % Soak.layersPerClient)
                let radius = AnimatableValue.number(Double(second % 5))
                commands.append(Command.setProperty(changed, LayerKeyPath("cornerRadius"), radius))
                c.wire.commit(commands)
                for m in c.wire.receiveAvailable() {
                    if case let .error(e) = m { errors.append("client \(c.session): \(e.code): \(e.message.prefix(120))") }
                }
            }
            // A tree query.
            if let c = clients.last {
                queries += 1
                do { _ = try control.treeReply(presentation: true, session: c.session, layer: 1) } catch {
                    queryFailures += 1
                    if errors.count < 20 { errors.append("tree query: \(error)") }
                }
            }
            // Frames since the last second.
            if let records = try? control.frameRecords(since: lastFrame), let last = records.last {
                lastFrame = last.frame
                frames += records.count
                missed += records.reduce(0) { $0 + Int($1.missed) }
            }
            samples.append(Sample(second: MediaTime.now() - start, rssMB: Double(daemon.residentBytes) / 1e6,
                                  descriptors: Soak.descriptors(of: daemon.pid), clients: clients.count))
            if !json && second % 30 == 0 {
                let s = samples.last!
                print(String(format: "%5.0f s  RSS %6.1f MB  descriptors %3d  clients %d  missed frames so far %d",
                             s.second, s.rssMB, s.descriptors, s.clients, missed))
            }
            // Until the next second.
            let next = start + Double(second)
            let wait = next - MediaTime.now()
            if wait > 0 { usleep(UInt32(wait * 1e6)) }
        }
        let elapsed = MediaTime.now() - start
        let cpu = (daemon.cpuSeconds - cpu0) / elapsed * 100
        let after = samples.filter { $0.second >= warm }
        let judged = after.isEmpty ? samples : after
        let base = judged.first?.rssMB ?? 0
        let rssMin = judged.map(\.rssMB).min() ?? 0, rssMax = judged.map(\.rssMB).max() ?? 0
        let drift = base > 0 ? max(rssMax - base, base - rssMin) / base * 100 : 0
        // The observer's connection and the connected soak clients each hold one descriptor.
        let beyond = judged.map { $0.descriptors - $0.clients - 1 }
        let r = Result(seconds: elapsed, warmupSeconds: warm, clientsJoined: joined, clientsLeft: left,
                       animationsAdded: added, treeQueries: queries, treeQueryFailures: queryFailures,
                       rssAfterWarmupMB: base, rssMinMB: rssMin, rssMaxMB: rssMax, rssLastMB: judged.last?.rssMB ?? 0,
                       rssDriftPercent: drift, rssFlat: drift <= 5,
                       descriptorsBeyondClientsMin: beyond.min() ?? 0, descriptorsBeyondClientsMax: beyond.max() ?? 0,
                       descriptorsConstant: beyond.min() == beyond.max(), frames: frames, missedFrames: missed,
                       serverCpuPercent: cpu, errors: Array(errors.prefix(20)), samples: samples)
        if let chart {
            try Chart(title: String(format: "soak: %.1f min, RSS and descriptors of rendersrvd", elapsed / 60),
                      xLabel: "seconds", yLabel: "MB / count",
                      series: [Chart.Series(name: "RSS (MB)", color: Chart.palette[0], points: samples.map { (x: $0.second, y: $0.rssMB) }),
                               Chart.Series(name: "open descriptors", color: Chart.palette[1],
                                            points: samples.map { (x: $0.second, y: Double($0.descriptors)) }),
                               Chart.Series(name: "connected soak clients", color: Chart.palette[2],
                                            points: samples.map { (x: $0.second, y: Double($0.clients)) })],
                      spans: warm > 0 ? [Chart.Span(label: "warm-up", from: 0, to: warm)] : []).write(to: chart)
        }
        if json { try printJSON(r); return }
        print(String(format: "soak: %.1f min; %d clients joined, %d left; %d animations added; %d tree queries (%d failed)",
                     elapsed / 60, joined, left, added, queries, queryFailures))
        print(String(format: "RSS after %.0f s warm-up %.1f MB; min %.1f, max %.1f, last %.1f MB: drift %.1f %% (goal ≤ 5 %%: %@)",
                     warm, base, rssMin, rssMax, r.rssLastMB, drift, r.rssFlat ? "met" : "NOT met"))
        print("descriptors beyond one per connection: \(r.descriptorsBeyondClientsMin)…\(r.descriptorsBeyondClientsMax) "
            + "(goal constant: \(r.descriptorsConstant ? "met" : "NOT met"))")
        print(String(format: "frames %d, missed vsyncs %d; daemon CPU %.0f %%", frames, missed, cpu))
        for e in errors.prefix(10) { print("  error: \(e)") }
    }

    /// Where layer `i` of the `n`-th client to join sits.
    static func place(_ i: Int, _ n: Int) -> Point {
        let x = (i * 37 + n * 53) % 1200, y = (i * 23) % 700
        return Point(x: Double(x), y: Double(y))
    }

    /// Open descriptors of a process (entries of /proc/<pid>/fd).
    static func descriptors(of pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }
}
