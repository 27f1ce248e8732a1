import ArgumentParser
import Foundation
import RenderCore
import RenderProtocol
import RenderClient

/// `rendersrv-stress eval`: animated property values the daemon evaluates per second of
/// its evaluate phase, from its own frame log: `--layers` layers with `--animations`
/// repeating animations each (opacity, position, rotation, bounds, background color, in
/// that order; with `--mix`, each layer starts the list at its own place, so that one
/// animation per layer covers every kind), run for `--seconds` on the real clock. One value per attached animation per
/// frame; values per second = Σ(animated layers × animations per layer) / Σ evaluate time.
/// The evaluate phase runs on the loop thread alone, so this is a one-core figure.
struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Animated property values evaluated per second by a real daemon (from its frame log).")

    @Option(help: "Animated layers (1…100000).")
    var layers = 10_000

    @Option(help: "Animations per layer (1…5).")
    var animations = 3

    @Flag(help: "Rotate the kinds across layers (layer i starts the list at kind i mod 5).")
    var mix = false

    @Flag(help: "Give every layer a 6×6 coloured square, spread over the 1280×720 display (else they draw nothing).")
    var visible = false

    @Flag(help: "Leave the root (layer 1) without animations: each other layer's item is updated on its own.")
    var stillRoot = false

    @Option(help: "Seconds of frames measured.")
    var seconds: Double = 3

    @Option(help: "rendersrvd's --output (none: evaluation alone; headless also draws on another thread).")
    var output = "none"

    @Flag(help: "Print one JSON object.")
    var json = false

    @Option(help: "Extra rendersrvd flags, space-separated (e.g. \"--fps 120 --loop-nice -5\": a loop whose frames take longer than the period).")
    var daemonArguments: String = ""

    func validate() throws {
        guard (1...100_000).contains(layers) else { throw ValidationError("--layers \(layers) is out of range; use 1…100000") }
        guard (1...5).contains(animations) else { throw ValidationError("--animations \(animations) is out of range; use 1…5") }
        guard seconds.isFinite, seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be in (0, 600]") }
        guard ["headless", "none"].contains(output) else { throw ValidationError("--output \(output): use headless or none") }
    }

    struct Result: Codable {
        var layers: Int
        var animationsPerLayer: Int
        var frames: Int
        var valuesPerSecond: Double
        var evaluateMeanMs: Double
        var evaluateP99Ms: JSONNumber
        var evaluateMaxMs: JSONNumber
        var missedFrames: Int
        /// Frames produced per second of the window, the loop thread's hand-off to the
        /// output per frame (ms), and frames the compositor drew per second (`--output headless`).
        var framesPerSecond: Double
        var presentP50Ms: JSONNumber
        var presentP99Ms: JSONNumber
        var presentMaxMs: JSONNumber
        /// Frames whose evaluate + present took longer than the frame period.
        var framesOverPeriod: Int
        var drawnPerSecond: Double
        var budgetValuesPerSecond: Double
        var budgetMet: Bool
    }

    static func animationSet(_ count: Int) -> [Animation] {
        func repeating(_ a: Animation) -> Animation {
            var a = a
            a.timing.repeatCount = .infinity
            a.timing.autoreverses = true
            return a
        }
        let all: [Animation] = [
            .basic(.opacity, from: .number(0.2), to: .number(1), duration: 1),
            .basic(.position, from: .point(Point(x: 10, y: 10)), to: .point(Point(x: 400, y: 300)), duration: 1.3),
            .basic(LayerKeyPath("transform.rotation.z"), from: .number(0), to: .number(3.14), duration: 0.9),
            .basic(.bounds, from: .rect(Rect(x: 0, y: 0, width: 4, height: 4)), to: .rect(Rect(x: 0, y: 0, width: 20, height: 20)),
                   duration: 1.1),
            .basic(.backgroundColor, from: .color(Color(red: 1, green: 0, blue: 0, alpha: 1)),
                   to: .color(Color(red: 0, green: 0, blue: 1, alpha: 1)), duration: 0.7),
        ]
        return all.prefix(count).map(repeating)
    }

    func run() throws {
        #if DEBUG
        if !json { print("warning: a debug build; measure with `swift build -c release --product rendersrv-stress`") }
        #endif
        let daemon = try DaemonProcess(arguments: ["--output", output] + daemonArguments.split(separator: " ").map(String.init))
        defer { daemon.stop() }
        let c = try WireClient(path: daemon.socketPath)
        try c.hello("eval")
        let all = Eval.animationSet(5)
        // The root is the first animated layer, so that `--layers` counts every layer and the
        // daemon's default layer limit (100,000) admits the largest count.
        var commands: [Command] = [.createLayer(1, .layer), .setRoot(1)]
        for i in 0..<layers {
            let id = LayerID(i + 1)
            if i > 0 { commands += [.createLayer(id, .layer), .insertSublayer(parent: 1, child: id, index: UInt32.max)] }
            if visible {
                // A grid of 6×6 squares 4 points apart (over 1280×720 at 100,000 layers: rows overlap).
                let x = Double(i % 318) * 4 + 3, y = Double((i / 318) % 178) * 4 + 3
                commands += [.setProperty(id, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 6, height: 6))),
                             .setProperty(id, LayerKeyPath(.position), .point(Point(x: i == 0 ? 0 : x, y: i == 0 ? 0 : y))),
                             .setProperty(id, LayerKeyPath(.backgroundColor),
                                          .color(Color(red: Double(i % 7) / 7, green: 0.5, blue: 1 - Double(i % 5) / 5, alpha: 1)))]
                if i == 0 { commands.append(.setProperty(id, LayerKeyPath(.anchorPoint), .point(Point(x: 0, y: 0)))) }
            }
            for k in 0..<animations where !(stillRoot && i == 0) {
                let a = all[((mix ? i : 0) + k) % all.count]
                commands.append(.addAnimation(id, key: "a\(k)", animationID: UInt64(i * 8 + k + 1), animation: a))
            }
        }
        // In commits the daemon's command limit admits (its welcome says which).
        let perCommit = max(1, Int(c.welcome?.limits.maxCommandsPerCommit ?? 100_000))
        var last: UInt64 = 0
        for start in stride(from: 0, to: commands.count, by: perCommit) {
            last = c.commit(Array(commands[start..<min(start + perCommit, commands.count)]))
        }
        try c.requireApplied(last, timeout: 120,
                             "the animations' commits (\(commands.count) commands in commits of \(perCommit)) were not applied")
        // Events (animationStarted) are read away on another thread.
        Isolation.drainInBackground(c, for: seconds + 1.5)
        Thread.sleep(forTimeInterval: 0.5)
        let control = try ControlClient(socketPath: daemon.socketPath, clientName: "eval-observer", timeout: 30)
        defer { control.close() }
        let t0 = MediaTime.now()
        Thread.sleep(forTimeInterval: seconds)
        let t1 = MediaTime.now()
        let frames = try control.frameRecords().filter { $0.targetTime >= t0 && $0.targetTime <= t1 && !$0.idle }
        let values = frames.reduce(0.0) { $0 + Double($1.animatedLayers) * Double(animations) }
        let evalMs = frames.map(\.evaluateMs)
        let total = evalMs.reduce(0, +)
        // The daemon's frame period (ms): the shortest step between the frames' targets
        // (60 Hz unless --daemon-arguments set --fps).
        let period = zip(frames, frames.dropFirst()).map { ($1.targetTime - $0.targetTime) * 1000 }.filter { $0 > 0.1 }.min()
            ?? 1000.0 / 60
        let budget = 10e6
        let perSecond = total > 0 ? values / (total / 1000) : 0
        let r = Result(layers: layers, animationsPerLayer: animations, frames: frames.count, valuesPerSecond: perSecond,
                       evaluateMeanMs: frames.isEmpty ? 0 : total / Double(frames.count),
                       evaluateP99Ms: JSONNumber(percentile(evalMs, 99)), evaluateMaxMs: JSONNumber(evalMs.max() ?? .nan),
                       missedFrames: frames.reduce(0) { $0 + Int($1.missed) },
                       framesPerSecond: Double(frames.count) / (t1 - t0),
                       presentP50Ms: JSONNumber(percentile(frames.map(\.presentMs), 50)),
                       presentP99Ms: JSONNumber(percentile(frames.map(\.presentMs), 99)),
                       presentMaxMs: JSONNumber(frames.map(\.presentMs).max() ?? .nan),
                       framesOverPeriod: frames.filter { $0.evaluateMs + $0.presentMs > period }.count,
                       drawnPerSecond: Double(frames.filter { $0.pixelsReadyTime != nil }.count) / (t1 - t0),
                       budgetValuesPerSecond: budget,
                       budgetMet: perSecond >= budget)
        if json { try printJSON(r); return }
        print("eval: \(layers) layers × \(animations) repeating animations\(mix ? " (kinds mixed)" : ""), "
            + "\(visible ? "visible, " : "")\(frames.count) frames over \(seconds) s "
            + "(rendersrvd --output \(output))")
        print(String(format: "evaluate per frame: mean %.3f ms, p99 %.3f ms, max %.3f ms; missed vsyncs %d",
                     r.evaluateMeanMs, r.evaluateP99Ms.value, r.evaluateMaxMs.value, r.missedFrames))
        print(String(format: "frames %.1f per s; present (loop thread) p50 %.3f ms, p99 %.3f ms, max %.3f ms; "
                     + "evaluate + present over the %.1f ms period in %d frames; compositor drew %.1f frames per s",
                     r.framesPerSecond, r.presentP50Ms.value, r.presentP99Ms.value, r.presentMaxMs.value, period, r.framesOverPeriod,
                     r.drawnPerSecond))
        print(String(format: "%.1f M animated values per second of evaluation (one core); budget ≥ 10 M: %@",
                     perSecond / 1e6, r.budgetMet ? "met" : "NOT met"))
    }
}
