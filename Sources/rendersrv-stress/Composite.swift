import ArgumentParser
import Foundation
import RenderClient
import RenderCore
import RenderProtocol
import RenderServer
import RenderServerHarness

/// `rendersrv-stress composite`: the compositor's scenes of `rendersrv-bench --composite`
/// (`CompositorBenchmark` in RenderServer, reused as is): 1280×720, the cached compositor
/// against naive cairo on the same frames in the same run —
///   (a) 200 translucent rotated rounded layers, full damage (budget ≥ 3× faster);
///   (a') the same with shadows;
///   (b) one 100×100 layer moving over a static scene (budget ≥ 20× cheaper);
/// and, through a private `rendersrvd` on the real clock (not in `all`):
///   mixed: `--layers` animated layers of mixed kinds (scene (c): rounded layers moving, stars
///   spinning, text fading) at 1280×720, 60 Hz, for each `--compositor-threads` count in
///   turn, `--rounds` times: how many vsyncs got a picture drawn before the next one (budget:
///   2,000 layers hold 60 Hz on 2 cores), from the daemon's frame log and statistics;
///   memory: the daemon's resident memory per layer for `--layers` plain visible layers
///   (6×6 squares, no animation), with `--output none` (the store alone) and `headless`
///   (the compositor attached: render items, damage state), in turn, `--rounds` times;
///   memory-animated: the same layers, each with one opacity animation repeating for ever
///   (issue 21's budget: 1 KiB per layer with one animation).
struct Composite: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compositor scenes (rendersrv-bench --composite): cached compositor vs naive cairo, same frames.")

    @Option(help: "Frames per scene.")
    var frames = 60

    @Option(help: "Scenes to run, comma-separated: a (full damage), shadows (a'), b (small damage), or all.")
    var scenes = "all"

    @Option(help: "mixed: animated layers (1…100000).")
    var layers = 2_000

    @Option(help: "mixed: seconds measured per daemon (after 1 s of warm-up).")
    var seconds: Double = 5

    @Option(help: "mixed: rendersrvd --compositor-threads values, comma-separated, each run in turn (auto: the daemon's default).")
    var compositorThreads = "1,2"

    @Option(help: "mixed: rounds of the thread counts (alternated, for ratios in one run).")
    var rounds = 1

    @Option(help: ArgumentHelp("mixed: write each round's frames (target, wake, build, pixels ready) into this folder.",
                               valueName: "folder"))
    var frameTimes: String?

    @Flag(help: "Print one JSON object.")
    var json = false

    static let sceneNames = ["a", "shadows", "b"]
    static let knownScenes = sceneNames + ["mixed", "memory", "memory-animated"]

    var chosen: [String] { scenes == "all" ? Composite.sceneNames : scenes.split(separator: ",").map(String.init) }

    var threadCounts: [String] { compositorThreads.split(separator: ",").map(String.init) }

    func validate() throws {
        guard (1...10_000).contains(frames) else { throw ValidationError("--frames \(frames) is out of range; use 1…10000") }
        let unknown = chosen.filter { !Composite.knownScenes.contains($0) }
        guard unknown.isEmpty else {
            throw ValidationError("unknown scene \(unknown.joined(separator: ", ")); known: a, shadows, b, mixed, memory, memory-animated, all")
        }
        guard (1...100_000).contains(layers) else { throw ValidationError("--layers \(layers) is out of range; use 1…100000") }
        guard seconds.isFinite, seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be in (0, 600]") }
        guard (1...100).contains(rounds) else { throw ValidationError("--rounds \(rounds) is out of range; use 1…100") }
        guard !threadCounts.isEmpty, threadCounts.allSatisfy({ $0 == "auto" || (Int($0).map { (1...8).contains($0) } ?? false) })
        else { throw ValidationError("--compositor-threads takes 1…8 or auto, comma-separated, e.g. 1,2") }
    }

    struct Scene: Codable {
        var name: String
        var compositorMs: Double
        var naiveMs: Double
        var ratio: Double
        var budgetRatio: Double?
        var budgetMet: Bool?
    }

    func run() throws {
        #if DEBUG
        if !json { print("warning: a debug build; measure with `swift build -c release --product rendersrv-stress`") }
        #endif
        var results: [(CompositorBenchmark.Result, Double?)] = []
        var mixed: [Mixed] = []
        var memory: [Memory] = []
        for name in chosen {
            switch name {
            case "memory", "memory-animated":
                for round in 1...rounds {
                    for output in ["none", "headless"] {
                        memory.append(try runMemory(output: output, round: round, animated: name == "memory-animated"))
                    }
                }
            case "mixed":
                for round in 1...rounds {
                    for t in threadCounts { mixed.append(try runMixed(threads: t, round: round)) }
                }
            case "a": results.append((CompositorBenchmark.fullDamage(frames: frames), 3))
            case "shadows": results.append((CompositorBenchmark.fullDamage(shadows: true, frames: max(1, frames / 4)), nil))
            default: results.append((CompositorBenchmark.smallDamage(frames: frames), 20))
            }
        }
        let scenes = results.map { r, budget in
            Scene(name: r.name, compositorMs: r.cachedMs, naiveMs: r.naiveMs, ratio: r.ratio, budgetRatio: budget,
                  budgetMet: budget.map { r.ratio >= $0 })
        }
        if json {
            struct Out: Codable { var frames: Int; var scenes: [Scene]; var mixed: [Mixed]; var memory: [Memory] }
            try printJSON(Out(frames: frames, scenes: scenes, mixed: mixed, memory: memory))
            return
        }
        for m in mixed {
            print(String(format: "mixed: %d layers, %@ compositor thread%@ (round %d): %d of %d vsyncs drawn on time (%.1f per s), "
                         + "%d missed by the clock, %d frames skipped by a busy compositor; draw p50 %.2f ms, p99 %.2f ms; "
                         + "evaluate + present p50 %.2f ms; budget 60 Hz: %@",
                         m.layers, m.threads, m.threads == "1" ? "" : "s", m.round, m.drawnOnTime, m.vsyncs,
                         m.drawnOnTimePerSecond, m.missedVsyncs, m.framesSkipped, m.drawP50Ms, m.drawP99Ms,
                         m.loopP50Ms, m.holds60Hz ? "held" : "NOT held"))
        }
        for m in memory {
            print(String(format: "memory: %d %@, --output %@ (round %d): RSS %.1f → %.1f MB, %.0f B per layer",
                         m.layers, m.animated ? "layers with one animation" : "plain layers", m.output, m.round, Double(m.residentBefore) / 1e6, Double(m.residentAfter) / 1e6,
                         m.bytesPerLayer))
        }
        guard !scenes.isEmpty else { return }
        print("composite: 1280x720, \(frames) frames per scene, mean ms per frame (this process, one thread)")
        for s in scenes {
            var line = "\(s.name): compositor \(String(format: "%.3f", s.compositorMs)) ms, naive cairo "
                + "\(String(format: "%.3f", s.naiveMs)) ms, \(String(format: "%.1f", s.ratio))x"
            if let b = s.budgetRatio { line += " (budget ≥ \(Int(b))x: \(s.budgetMet == true ? "met" : "NOT met"))" }
            print(line)
        }
    }

    /// One daemon's figures for the mixed scene.
    struct Mixed: Codable {
        var layers: Int
        var threads: String
        var round: Int
        /// Vsyncs in the window, those that got a picture published before the next vsync
        /// (and per second), those the clock missed, frames the loop skipped for a busy compositor.
        var vsyncs: Int
        var drawnOnTime: Int
        var drawnOnTimePerSecond: Double
        var missedVsyncs: Int
        var framesSkipped: Int
        /// The compositor's draw time (ms, its statistics over the whole run).
        var drawP50Ms: Double
        var drawP99Ms: Double
        /// The loop thread's evaluate + present per frame, p50 (ms).
        var loopP50Ms: Double
        /// At most 1 % of the window's vsyncs without a picture on time.
        var holds60Hz: Bool
    }

    func runMixed(threads: String, round: Int) throws -> Mixed {
        var arguments = ["--output", "headless", "--fps", "60", "--size", "1280x720"]
        if threads != "auto" { arguments += ["--compositor-threads", threads] }
        let daemon = try DaemonProcess(arguments: arguments)
        defer { daemon.stop() }
        let c = try WireClient(path: daemon.socketPath)
        try c.hello("composite-mixed")
        let commands = CompositorBenchmark.mixedScene(layers: layers)
        let perCommit = max(1, Int(c.welcome?.limits.maxCommandsPerCommit ?? 100_000))
        var last: UInt64 = 0
        for start in stride(from: 0, to: commands.count, by: perCommit) {
            last = c.commit(Array(commands[start..<min(start + perCommit, commands.count)]))
        }
        try c.requireApplied(last, timeout: 120, "the mixed scene's commits were not applied")
        Isolation.drainInBackground(c, for: seconds + 2)
        // Warm-up: every layer's bitmap rendered, the first frames' work done.
        Thread.sleep(forTimeInterval: 1)
        let control = try ControlClient(socketPath: daemon.socketPath, clientName: "composite-observer", timeout: 30)
        defer { control.close() }
        // An older daemon's report (issue 21's starting binary: no display size) does not
        // decode; its draw times then read nan, and the frame log still times every frame.
        func compositorStatistics() -> StatsReport.Compositor? {
            (try? JSONDecoder().decode(StatsReport.self, from: Data(control.stats().utf8)))?.compositor
        }
        let before = compositorStatistics()
        let t0 = MediaTime.now()
        Thread.sleep(forTimeInterval: seconds)
        let t1 = MediaTime.now()
        // The window's last frames are still being drawn: read the log once their pixels had
        // time to be published (else they count as not drawn on time).
        Thread.sleep(forTimeInterval: 0.1)
        let records = try control.frameRecords()
        if let folder = frameTimes { try writeFrameTimes(records, from: t0, to: t1, folder: folder, threads: threads, round: round) }
        let after = compositorStatistics()
        let period = 1.0 / 60
        let (pacing, _) = FramePacing.measure(records, period: period, from: t0, to: t1, moved: { $0.animatedLayers > 0 })
        let onTime = pacing.shownFrames - pacing.lateOrUndrawnFrames
        let inWindow = records.filter { $0.targetTime >= t0 && $0.targetTime <= t1 && !$0.idle }
        return Mixed(layers: layers, threads: threads, round: round, vsyncs: pacing.expectedFrames, drawnOnTime: onTime,
                     drawnOnTimePerSecond: Double(onTime) / (t1 - t0), missedVsyncs: pacing.missedFrames,
                     framesSkipped: Int((after?.framesSkipped ?? 0) - (before?.framesSkipped ?? 0)),
                     drawP50Ms: after?.drawP50 ?? .nan, drawP99Ms: after?.drawP99 ?? .nan,
                     loopP50Ms: percentile(inWindow.map { $0.evaluateMs + $0.presentMs }, 50),
                     holds60Hz: pacing.expectedFrames > 0 && Double(onTime) >= 0.99 * Double(pacing.expectedFrames))
    }

    /// One line per frame of the window: its number, its target time (ms from the window's
    /// start), when the clock woke, the loop's evaluate and hand-off (list build), and when
    /// its pixels were published (ms after the target; "-" for a frame not drawn: skipped by a
    /// busy compositor or coalesced). A frame is on time when that is at most one period.
    func writeFrameTimes(_ records: [FrameLogReport.Record], from t0: Double, to t1: Double, folder: String,
                         threads: String, round: Int) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var text = "frame\ttarget_ms\twake_after_target_ms\tevaluate_ms\tpresent_ms\tready_after_target_ms\n"
        for r in records where r.targetTime >= t0 && r.targetTime <= t1 {
            let ready = r.pixelsReadyTime.map { String(format: "%.2f", ($0 - r.targetTime) * 1000) } ?? "-"
            text += String(format: "%d\t%.2f\t%.2f\t%.2f\t%.2f\t", Int(r.frame), (r.targetTime - t0) * 1000,
                           (r.wakeTime - r.targetTime) * 1000, r.evaluateMs, r.presentMs) + ready + "\n"
        }
        let path = (folder as NSString).appendingPathComponent("mixed-\(layers)-threads-\(threads)-round-\(round).tsv")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The daemon's resident memory before and after `layers` plain layers were committed
    /// and (headless) drawn.
    struct Memory: Codable {
        var layers: Int
        /// Each layer has one animation.
        var animated: Bool
        var output: String
        var round: Int
        var residentBefore: Int
        var residentAfter: Int
        var bytesPerLayer: Double
    }

    func runMemory(output: String, round: Int, animated: Bool) throws -> Memory {
        let daemon = try DaemonProcess(arguments: ["--output", output, "--size", "1280x720"])
        defer { daemon.stop() }
        let c = try WireClient(path: daemon.socketPath)
        try c.hello("composite-memory")
        Thread.sleep(forTimeInterval: 0.3)
        let before = daemon.residentBytes
        var commands: [Command] = [.createLayer(1, .layer), .setRoot(1),
                                   .setProperty(1, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 1280, height: 720))),
                                   .setProperty(1, LayerKeyPath(.anchorPoint), .point(Point(x: 0, y: 0)))]
        for i in 0..<layers {
            let id = LayerID(i + 2)
            commands += [.createLayer(id, .layer), .insertSublayer(parent: 1, child: id, index: UInt32.max),
                         .setProperty(id, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 6, height: 6))),
                         .setProperty(id, LayerKeyPath(.position), .point(Point(x: Double(i % 318) * 4 + 3,
                                                                                y: Double((i / 318) % 178) * 4 + 3))),
                         .setProperty(id, LayerKeyPath(.backgroundColor),
                                      .color(Color(red: Double(i % 7) / 7, green: 0.5, blue: 1 - Double(i % 5) / 5, alpha: 1)))]
            if animated {
                let timing = MediaTiming(duration: 1 + Double(i % 7) * 0.13, repeatCount: .infinity, autoreverses: true)
                commands.append(.addAnimation(id, key: "opacity", animationID: UInt64(i + 1),
                                              animation: Animation(.basic(BasicAnimation(keyPath: .opacity, from: .number(0.2),
                                                                                         to: .number(1))),
                                                                   timing: timing, timingFunction: .easeInEaseOut)))
            }
        }
        let perCommit = max(1, Int(c.welcome?.limits.maxCommandsPerCommit ?? 100_000))
        var last: UInt64 = 0
        for start in stride(from: 0, to: commands.count, by: perCommit) {
            last = c.commit(Array(commands[start..<min(start + perCommit, commands.count)]))
        }
        try c.requireApplied(last, timeout: 120, "the layers' commits were not applied")
        // The whole list is built 4,096 items a frame, then drawn; the release queue frees
        // the decoded commands meanwhile, and gives the heap's free pages back at most 5 s
        // after (`HeapTrimmer`): what is measured is what the layers keep, not the commits'
        // passing.
        Thread.sleep(forTimeInterval: 6 + Double(layers) / 4_096 / 60)
        let after = daemon.residentBytes
        return Memory(layers: layers, animated: animated, output: output, round: round, residentBefore: before, residentAfter: after,
                      bytesPerLayer: Double(after - before) / Double(layers))
    }
}
