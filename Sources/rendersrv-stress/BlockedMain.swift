import ArgumentParser
import Dynamics
import Foundation
import RenderClient
import RenderPictures

/// `rendersrv-stress blocked-main`: N layers in motion while the client's main queue is
/// blocked, measured from the daemon's own frame log, for each engine on a fresh daemon:
///
///     server    each layer gets a repeating position.x animation (one commit); the daemon
///               evaluates it every frame — the client's main queue is not involved
///     dynamics  each layer gets a Dynamics (POP-style) custom animation that moves it on
///               every display-link tick: one commit per tick from the client's main queue
///
///     timeline  commit → --warmup s → main queue blocked --block s → --tail s → frame log
///
/// The client's "main queue" is the serial queue its `Context`, layers, display link and
/// Dynamics animator are confined to (`callbackQueue` of its `Connection`), the role
/// DispatchQueue.main plays in an app; blocking it is one work item that sleeps. Figures
/// are those of `FramePacing` over the whole timeline after the warm-up begins, plus the
/// blocked span alone; `--engine both` prints both engines side by side.
struct BlockedMainScenario: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blocked-main",
        abstract: "Frame pacing of N animated layers while the client's main queue is blocked (server animations vs Dynamics).")

    enum Engine: String, ExpressibleByArgument, CaseIterable { case server, dynamics, both }

    @Option(help: "Animated layers (1…100000).")
    var layers = 1_000

    @Option(help: "Seconds the client's main queue is blocked.")
    var block: Double = 5

    @Option(help: "Who animates: server, dynamics or both (one fresh daemon each).")
    var engine: Engine = .server

    @Option(help: "Seconds of motion before the block.")
    var warmup: Double = 1

    @Option(help: "Seconds of motion after the block.")
    var tail: Double = 1

    @Option(help: "Write a chart of frame intervals over time (blocked span shaded) to this PNG.")
    var chart: String?

    @Option(help: "rendersrvd's --output (headless draws every frame; none only evaluates).")
    var output = "headless"

    @Option(help: "rendersrvd's --compositor-threads (default: the daemon's own).")
    var compositorThreads: Int?

    @Flag(help: "Print one JSON object.")
    var json = false

    func validate() throws {
        guard (1...100_000).contains(layers) else { throw ValidationError("--layers \(layers) is out of range; use 1…100000") }
        guard block.isFinite, block > 0, block <= 600 else {
            throw ValidationError("--block \(block) is out of range; use more than 0 and at most 600 seconds")
        }
        guard warmup.isFinite, warmup >= 0.2, tail.isFinite, tail >= 0 else {
            throw ValidationError("--warmup must be at least 0.2 s and --tail at least 0 s")
        }
        guard ["headless", "none"].contains(output) else {
            throw ValidationError("--output \(output): use headless or none")
        }
    }

    /// One engine's run.
    struct Result: Codable {
        var engine: String
        var layers: Int
        var blockSeconds: Double
        var windowSeconds: Double
        var refreshRate: Double
        var expectedFrames: Int
        var producedFrames: Int
        var missedFrames: Int
        var droppedFrames: Int
        var hitchRatioMsPerS: JSONNumber
        var droppedPercentWorst: JSONNumber
        var droppedPercentP95: JSONNumber
        var intervalErrorP50Ms: JSONNumber
        var intervalErrorP99Ms: JSONNumber
        var intervalErrorMaxMs: JSONNumber
        var serverCpuPercent: JSONNumber
        /// The same figures for the blocked span alone.
        var blocked: FramePacing
        var whole: FramePacing
        /// Dynamics only: display-link ticks its main queue delivered, over the window and
        /// during the block, and frames that showed its layers move.
        var dynamicsTicks: Int?
        var dynamicsTicksDuringBlock: Int?
        var framesMoved: Int?
        var framesMovedDuringBlock: Int?
    }

    func run() throws {
        let engines: [Engine] = engine == .both ? [.server, .dynamics] : [engine]
        var results: [Result] = []
        var charts: [(Result, [FramePacing.Interval], Double, Double, Double)] = []
        for e in engines {
            let (r, intervals, t0, b0, b1) = try measure(e)
            results.append(r)
            charts.append((r, intervals, t0, b0, b1))
        }
        if let chart {
            let first = charts[0]
            let series = charts.enumerated().map { i, c in
                Chart.Series(name: "\(c.0.engine): frame interval (ms)", color: Chart.palette[i],
                             // Each interval spans the time since the frame before it.
                             points: c.1.flatMap { [(x: $0.time - $0.ms / 1000 - c.2, y: $0.ms), (x: $0.time - c.2, y: $0.ms)] })
            }
            let period = 1000 / first.0.refreshRate
            try Chart(title: "blocked-main: \(layers) layers, main queue blocked \(block) s", xLabel: "seconds",
                      yLabel: "ms (log scale)", series: series,
                      spans: [Chart.Span(label: "main queue blocked", from: first.3 - first.2, to: first.4 - first.2)],
                      reference: (label: String(format: "period %.2f ms", period), y: period), logY: true).write(to: chart)
        }
        if json {
            struct Out: Codable { var scenario: String; var results: [Result] }
            try printJSON(Out(scenario: "blocked-main", results: results))
        } else {
            print(table(results))
        }
    }

    /// A fresh daemon, the layers, the timeline; the frame log read once at the end.
    func measure(_ e: Engine) throws -> (Result, [FramePacing.Interval], Double, Double, Double) {
        let daemon = try DaemonProcess(arguments: ["--output", output]
                                       + (compositorThreads.map { ["--compositor-threads", "\($0)"] } ?? []))
        defer { daemon.stop() }
        let main = DispatchQueue(label: "rendersrv-stress.client-main")
        let connection = try Connection(socketPath: daemon.socketPath, clientName: "blocked-main-\(e.rawValue)",
                                        callbackQueue: main)
        defer { connection.close() }
        let control = try ControlClient(socketPath: daemon.socketPath, clientName: "blocked-main-observer", timeout: 30)
        defer { control.close() }
        let rate = connection.welcome.refreshRate
        let period = 1 / rate
        let count = layers
        let setup = main.sync { () -> (Context, DynamicAnimator?, UInt64) in
            let context = Context(connection: connection)
            let root = Layer(context: context)
            root.bounds = Rect(x: 0, y: 0, width: 1280, height: 720)
            root.position = Point(x: 640, y: 360)
            context.rootLayer = root
            let columns = 50
            var sublayers: [Layer] = []
            for i in 0..<count {
                let l = Layer(context: context)
                l.bounds = Rect(x: 0, y: 0, width: 12, height: 12)
                l.position = Point(x: 20 + Double(i % columns) * 24, y: 20 + Double((i / columns) % 28) * 24)
                l.backgroundColor = Color(red: 0.2 + 0.6 * Double(i % 7) / 7, green: 0.5, blue: 0.8, alpha: 0.9)
                root.addSublayer(l)
                sublayers.append(l)
            }
            var animator: DynamicAnimator?
            if e == .server {
                var a = Animation.basic(LayerKeyPath("position.x"), by: .number(60), duration: 1)
                a.timing.repeatCount = .infinity
                a.timing.autoreverses = true
                for l in sublayers { l.add(a, forKey: "sway") }
                Transaction.flush()
            } else {
                Transaction.flush()
                let dyn = DynamicAnimator(context: context)
                for l in sublayers {
                    let x0 = l.position.x
                    // Moves every tick: a 1 Hz sway of 30 points, as a POP custom animation would.
                    let sway = DynamicCustomAnimation { f in
                        f.layer.position = Point(x: x0 + 30 * sin(2 * .pi * f.elapsed), y: f.layer.position.y)
                        return false
                    }
                    try? dyn.add(sway, to: l, forKey: "sway")
                }
                animator = dyn
            }
            return (context, animator, context.lastSentSequence)
        }
        let animator = setup.1
        _ = try connection.waitUntilApplied(setup.2, timeout: 60)
        let cpu0 = daemon.cpuSeconds
        let t0 = MediaTime.now()
        Thread.sleep(forTimeInterval: warmup)
        // Block the client's main queue.
        let ticksBefore = main.sync { animator?.displayLink.ticksDelivered ?? 0 }
        let blockStart = MediaTime.now()
        let blockSeconds = block
        main.async { Thread.sleep(forTimeInterval: blockSeconds) }
        Thread.sleep(forTimeInterval: blockSeconds)
        let blockEnd = blockStart + blockSeconds
        // Ticks delivered while the queue was blocked (read from the display link's own lock).
        let ticksAtBlockEnd = animator?.displayLink.ticksDelivered ?? 0
        Thread.sleep(forTimeInterval: tail)
        let t1 = MediaTime.now()
        let cpu1 = daemon.cpuSeconds
        let ticksAfter = main.sync { animator?.displayLink.ticksDelivered ?? 0 }
        main.sync { animator?.displayLink.invalidate() }
        let records = try control.frameRecords()
        let moved: (FrameLogReport.Record) -> Bool = e == .server
            ? { !$0.idle && $0.animatedLayers > 0 } : { $0.commits > 0 }
        let (whole, intervals) = FramePacing.measure(records, period: period, from: t0, to: t1, moved: moved)
        let (blocked, _) = FramePacing.measure(records, period: period, from: blockStart, to: blockEnd, moved: moved)
        let result = Result(
            engine: e.rawValue, layers: layers, blockSeconds: block, windowSeconds: t1 - t0, refreshRate: rate,
            expectedFrames: whole.expectedFrames, producedFrames: whole.producedFrames, missedFrames: whole.missedFrames,
            droppedFrames: whole.droppedFrames, hitchRatioMsPerS: whole.hitchRatioMsPerS,
            droppedPercentWorst: whole.droppedPercentWorst, droppedPercentP95: whole.droppedPercentP95,
            intervalErrorP50Ms: whole.intervalErrorP50Ms, intervalErrorP99Ms: whole.intervalErrorP99Ms,
            intervalErrorMaxMs: whole.intervalErrorMaxMs,
            serverCpuPercent: JSONNumber((cpu1 - cpu0) / (t1 - t0) * 100), blocked: blocked, whole: whole,
            dynamicsTicks: e == .dynamics ? Int(ticksAfter) : nil,
            dynamicsTicksDuringBlock: e == .dynamics ? Int(ticksAtBlockEnd - ticksBefore) : nil,
            framesMoved: e == .dynamics ? whole.shownFrames : nil,
            framesMovedDuringBlock: e == .dynamics ? blocked.shownFrames : nil)
        return (result, intervals, t0, blockStart, blockEnd)
    }

    func table(_ results: [Result]) -> String {
        func f(_ v: JSONNumber, _ digits: Int = 2) -> String { v.value.isFinite ? String(format: "%.\(digits)f", v.value) : "-" }
        func opt(_ v: Int?) -> String { v.map(String.init) ?? "-" }
        let rows: [(String, (Result) -> String)] = [
            ("frames expected", { "\($0.expectedFrames)" }),
            ("frames produced", { "\($0.producedFrames)" }),
            ("missed frames (no frame for the vsync)", { "\($0.missedFrames)" }),
            ("dropped frames (motion not shown on time)", { "\($0.droppedFrames)" }),
            ("  of them during the block", { "\($0.blocked.droppedFrames) of \($0.blocked.expectedFrames)" }),
            ("hitch time ratio, ms/s", { f($0.hitchRatioMsPerS) }),
            ("shown frames not drawn before the next vsync", { "\($0.whole.lateOrUndrawnFrames)" }),
            ("  hitch ratio counting those too, ms/s", { f($0.whole.hitchRatioDrawnMsPerS) }),
            ("dropped % in 1 s windows, worst", { f($0.droppedPercentWorst, 1) }),
            ("dropped % in 1 s windows, p95", { f($0.droppedPercentP95, 1) }),
            ("frame-interval error p50, ms", { f($0.intervalErrorP50Ms, 3) }),
            ("frame-interval error p99, ms", { f($0.intervalErrorP99Ms, 3) }),
            ("frame-interval error max, ms", { f($0.intervalErrorMaxMs, 3) }),
            ("daemon CPU, %", { f($0.serverCpuPercent, 1) }),
            ("Dynamics ticks delivered (during block)", { $0.dynamicsTicks == nil ? "-" : "\(opt($0.dynamicsTicks)) (\(opt($0.dynamicsTicksDuringBlock)))" }),
            ("frames where the layers moved (during block)", { $0.framesMoved == nil ? "\($0.whole.shownFrames) (\($0.blocked.shownFrames))" : "\(opt($0.framesMoved)) (\(opt($0.framesMovedDuringBlock)))" }),
        ]
        let r0 = results[0]
        var lines = ["blocked-main: \(r0.layers) layers, main queue blocked \(r0.blockSeconds) s of a "
            + String(format: "%.1f", r0.windowSeconds) + " s window, daemon at \(Int(r0.refreshRate)) Hz"]
        lines.append("".padding(toLength: 46, withPad: " ", startingAt: 0)
            + results.map { $0.engine.padding(toLength: 16, withPad: " ", startingAt: 0) }.joined())
        for (name, value) in rows {
            lines.append(name.padding(toLength: 46, withPad: " ", startingAt: 0)
                + results.map { value($0).padding(toLength: 16, withPad: " ", startingAt: 0) }.joined())
        }
        return lines.joined(separator: "\n")
    }
}
