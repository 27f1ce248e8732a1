import ArgumentParser
import Foundation
import RenderServer
import RenderServerHarness

/// `rendersrv-stress composite`: the compositor's scenes of `rendersrv-bench --composite`
/// (`CompositorBenchmark` in RenderServer, reused as is): 1280×720, the cached compositor
/// against naive cairo on the same frames in the same run —
///   (a) 200 translucent rotated rounded layers, full damage (budget ≥ 3× faster);
///   (a') the same with shadows;
///   (b) one 100×100 layer moving over a static scene (budget ≥ 20× cheaper).
struct Composite: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compositor scenes (rendersrv-bench --composite): cached compositor vs naive cairo, same frames.")

    @Option(help: "Frames per scene.")
    var frames = 60

    @Option(help: "Scenes to run, comma-separated: a (full damage), shadows (a'), b (small damage), or all.")
    var scenes = "all"

    @Flag(help: "Print one JSON object.")
    var json = false

    static let sceneNames = ["a", "shadows", "b"]

    var chosen: [String] { scenes == "all" ? Composite.sceneNames : scenes.split(separator: ",").map(String.init) }

    func validate() throws {
        guard (1...10_000).contains(frames) else { throw ValidationError("--frames \(frames) is out of range; use 1…10000") }
        let unknown = chosen.filter { !Composite.sceneNames.contains($0) }
        guard unknown.isEmpty else {
            throw ValidationError("unknown scene \(unknown.joined(separator: ", ")); known: a, shadows, b, all")
        }
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
        for name in chosen {
            switch name {
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
            struct Out: Codable { var frames: Int; var scenes: [Scene] }
            try printJSON(Out(frames: frames, scenes: scenes))
            return
        }
        print("composite: 1280x720, \(frames) frames per scene, mean ms per frame (this process, one thread)")
        for s in scenes {
            var line = "\(s.name): compositor \(String(format: "%.3f", s.compositorMs)) ms, naive cairo "
                + "\(String(format: "%.3f", s.naiveMs)) ms, \(String(format: "%.1f", s.ratio))x"
            if let b = s.budgetRatio { line += " (budget ≥ \(Int(b))x: \(s.budgetMet == true ? "met" : "NOT met"))" }
            print(line)
        }
    }
}
