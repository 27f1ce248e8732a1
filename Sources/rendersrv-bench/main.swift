// rendersrv-bench: how fast Presentation.evaluate turns models plus animations into
// presentation values — the work the server does for every animated layer on every frame —
// and (`--server`) how long the server's whole per-frame animation step takes on a layer
// store, and (`--memory`) how much memory a layer costs the daemon.
//
//     rendersrv-bench [--layers 1000] [--frames 600] [--runs 3] [--kind mix|<kind>|all]
//     rendersrv-bench --server [--counts 1000,10000,100000] [--per-layer 1] [--frames 120] [--runs 3]
//     rendersrv-bench --memory [--layers 100000]
//     rendersrv-bench --hit-test [--probes 100] [--runs 5]   (HitTestSuite.swift)
//
// `--server` builds, through `ServerBenchmarks.Tree` (validated commits applied to a
// `LayerStore`, as a session does), a root with `count` sublayers each carrying `per-layer`
// animations of the mixed kinds below, and times `AnimationEngine.evaluate` per frame at
// 120 Hz frame times: mean, worst and fastest ms per frame (best run), animated values per second.
// Then the deep-chain case: a chain of layers at the depth limit (and 2,000 deep with the
// limit raised), one animation per layer. Finally it searches the largest count whose
// worst frame stays within 16.7 ms (60 Hz).
//
// `--memory` builds `layers` plain layers (position, bounds, background color set, under one
// root; with `--per-layer N`, each with N running animations) and prints resident memory (/proc/self/statm) before and after, per layer, along
// with the MemoryLayout sizes of the store's per-layer parts. Run it at two counts and take
// the difference over the difference in counts to cancel fixed costs.
//
// It builds `layers` layers with three running animations each, evaluates every layer at
// `frames` successive frame times (120 Hz), and reports animated property values evaluated
// per second: one value per applied animation per evaluation (every animation here repeats
// for ever, autoreversing — the costliest timing path — so applied means active). `--kind
// all` (the default) runs the mix and then each kind alone. The clock is CLOCK_MONOTONIC;
// the best of `runs` timed runs is reported, after one untimed warm-up run. The checksum
// sums presentation values over every run: equal checksums mean equal results.
//
// Allocation: evaluation of these kinds is meant not to allocate. Check it with valgrind,
// which counts every heap allocation:
//     valgrind ./rendersrv-bench --kind mix --frames 10 --runs 1   # "total heap usage: N allocs"
//     valgrind ./rendersrv-bench --kind mix --frames 20 --runs 1
// The two totals are equal when a frame allocates nothing.
//
//     rendersrv-bench --composite [--frames 60]
//
// The compositor instead (CompositorBenchmark in RenderServer), at 1280x720, each scene
// measured against naive cairo (every layer's vectors, every frame, whole frame) in the same
// run: (a) 200 translucent rotated scaled rounded bordered layers, all spinning (full
// damage), and (a') the same with blurred shadows; (b) one 100x100 layer moving over 200 static ones; (c) the largest count of
// animated layers of mixed kinds whose loop-thread and compositor-thread work both fit a
// 60 Hz period on every one of 120 frames.
import RenderCore
import RenderProtocol
import RenderServer
import RenderServerHarness
#if canImport(Glibc)
import Glibc
#endif

/// Seconds on CLOCK_MONOTONIC.
func monotonicNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// The animation kinds measured, each as a server would hold it after a commit.
enum Kind: String, CaseIterable {
    case opacity            // basic, opacity, easeInEaseOut
    case position           // basic, position, easeInEaseOut
    case spring             // spring on position
    case rotationKeyframes  // keyframes on transform.rotation.z
    case transform          // basic on the whole transform (decomposition + slerp)
    case color              // basic on backgroundColor

    /// A running animation of this kind for layer `i` (durations vary so layers differ: seven
    /// durations and eleven begin times, 77 timings in all; with `distinctTiming`, every layer
    /// begins at a time of its own, so no two layers share a timing).
    func animation(layer i: Int, distinctTiming: Bool = false) -> Animation {
        let d = 1.0 + Double(i % 7) * 0.13
        var timing = MediaTiming(beginTime: distinctTiming ? 1e-7 * Double(i) : 0.001 * Double(i % 11), duration: d,
                                 repeatCount: .infinity, autoreverses: true)
        let x = Double(i % 40) * 30, y = Double(i / 40) * 20
        switch self {
        case .opacity:
            return Animation(.basic(BasicAnimation(keyPath: .opacity, from: .number(0.2), to: .number(1))),
                             timing: timing, timingFunction: .easeInEaseOut)
        case .position:
            return Animation(.basic(BasicAnimation(keyPath: .position, from: .point(Point(x, y)),
                                                   to: .point(Point(x + 200, y + 100)))),
                             timing: timing, timingFunction: .easeInEaseOut)
        case .spring:
            let s = SpringAnimation(keyPath: .position, from: .point(Point(x, y)), to: .point(Point(x + 150, y - 60)),
                                    dampingRatio: 0.6, response: 0.5 + Double(i % 5) * 0.05)
            timing.duration = s.settlingDuration
            return Animation(.spring(s), timing: timing)
        case .rotationKeyframes:
            let k = KeyframeAnimation(keyPath: LayerKeyPath(.transform, .rotationZ),
                                      values: [.number(0), .number(.pi / 2), .number(.pi), .number(2 * .pi)],
                                      keyTimes: [0, 0.3, 0.6, 1])
            return Animation(.keyframe(k), timing: timing)
        case .transform:
            let to = Transform3D.rotation(angle: .pi / 3, x: 0, y: 0, z: 1).scaled(x: 1.5, y: 1.5)
                .translated(x: 20, y: 0)
            return Animation(.basic(BasicAnimation(keyPath: .transform, from: .transform(.identity), to: .transform(to))),
                             timing: timing, timingFunction: .easeInEaseOut)
        case .color:
            return Animation(.basic(BasicAnimation(keyPath: .backgroundColor, from: .color(.red),
                                                   to: .color(Color(red: 0.1, green: 0.4, blue: 1, alpha: 0.8)))),
                             timing: timing, timingFunction: .easeInEaseOut)
        }
    }
}

/// A layer's model and animations as a store holds them between commits: immutable during
/// the run, so evaluation reads them in place (a `let` of a class is never copied out to be
/// passed along).
final class BenchLayer {
    let model: LayerProperties
    let animations: [AttachedAnimation]
    init(model: LayerProperties, animations: [AttachedAnimation]) { self.model = model; self.animations = animations }
}

/// The layers plus the presentation and lifecycle buffers evaluation writes into (reused
/// every frame).
struct BenchLayers {
    var layers: [BenchLayer] = []
    var presentations: [LayerProperties] = []
    var lifecycles: [[AnimationLifecycle]] = []
}

/// Layers whose three animations are `kinds(i)`.
func makeLayers(count: Int, kinds: (Int) -> [Kind]) -> BenchLayers {
    var layers = BenchLayers()
    for i in 0..<count {
        var model = LayerProperties()
        model.position = Point(Double(i % 40) * 30, Double(i / 40) * 20)
        model.bounds = Rect(x: 0, y: 0, width: 24, height: 16)
        model.backgroundColor = .gray
        let animations = kinds(i).enumerated().map { slot, kind in
            AttachedAnimation(key: "\(kind.rawValue)-\(slot)", animation: kind.animation(layer: i + slot))
        }
        layers.layers.append(BenchLayer(model: model, animations: animations))
        layers.presentations.append(model)
        layers.lifecycles.append([AnimationLifecycle](repeating: .pending, count: animations.count))
    }
    return layers
}

/// The mix: every layer gets three different kinds, and over six layers each kind appears
/// three times.
func mixKinds(_ i: Int) -> [Kind] {
    let all = Kind.allCases
    return [all[i % 6], all[(i + 1) % 6], all[(i + 3) % 6]]
}

/// Evaluates every layer at `frames` frame times from `start`; returns the number of values
/// evaluated (applied animations) and a checksum that keeps the work observable.
@inline(never)
func run(_ layers: inout BenchLayers, frames: Int, start: Double) -> (values: Int, checksum: Double) {
    var values = 0
    var checksum = 0.0
    let frameInterval = 1.0 / 120
    let count = layers.layers.count
    for f in 0..<frames {
        let t = start + Double(f) * frameInterval
        for i in 0..<count {
            let layer = layers.layers[i]
            Presentation.evaluate(model: layer.model, animations: layer.animations, layerTime: t,
                                  into: &layers.presentations[i], lifecycle: &layers.lifecycles[i])
            for state in layers.lifecycles[i] where state == .active { values += 1 }
            checksum += layers.presentations[i].opacity + layers.presentations[i].position.x
                + layers.presentations[i].transform.m12 + layers.presentations[i].backgroundColor.blue
        }
    }
    return (values, checksum)
}

struct Measurement {
    var valuesPerSecond: Double
    var nanosecondsPerValue: Double
    var microsecondsPerFrame: Double
    var checksum: Double
}

/// Best of `runs` timed runs after one warm-up.
func measure(layers count: Int, frames: Int, runs: Int, kinds: @escaping (Int) -> [Kind]) -> Measurement {
    var layers = makeLayers(count: count, kinds: kinds)
    _ = run(&layers, frames: max(1, frames / 10), start: 0.5)
    var best = Measurement(valuesPerSecond: 0, nanosecondsPerValue: 0, microsecondsPerFrame: 0, checksum: 0)
    var total = 0.0
    for r in 0..<max(1, runs) {
        let t0 = monotonicNow()
        let (values, checksum) = run(&layers, frames: frames, start: 1 + Double(r) * 7.3)
        let elapsed = monotonicNow() - t0
        total += checksum
        let rate = Double(values) / elapsed
        if rate > best.valuesPerSecond {
            best = Measurement(valuesPerSecond: rate, nanosecondsPerValue: elapsed / Double(values) * 1e9,
                               microsecondsPerFrame: elapsed / Double(frames) * 1e6, checksum: 0)
        }
    }
    best.checksum = total
    return best
}

/// `x` with `digits` decimals (no Foundation here).
func format(_ x: Double, _ digits: Int) -> String {
    var p = 1.0
    for _ in 0..<digits { p *= 10 }
    let scaled = (x * p).rounded()
    guard scaled.isFinite, abs(scaled) < 9e15 else { return "\(x)" }
    let n = Int(scaled)
    let whole = "\(abs(n) / Int(p))", frac = "\(abs(n) % Int(p))"
    let sign = n < 0 ? "-" : ""
    if digits == 0 { return sign + whole }
    return sign + whole + "." + String(repeating: "0", count: digits - frac.count) + frac
}

func pad(_ s: String, _ width: Int) -> String { s.count >= width ? s : s + String(repeating: " ", count: width - s.count) }

func report(_ name: String, _ m: Measurement) {
    print("\(pad(name, 20)) \(pad(format(m.valuesPerSecond / 1e6, 2), 8)) M values/s   "
          + "\(pad(format(m.nanosecondsPerValue, 1), 6)) ns/value   "
          + "\(format(m.microsecondsPerFrame, 0)) µs per frame of all layers")
}

// MARK: - Command line

struct Options {
    var layers = 1000, frames = 600, runs = 3
    var kind = "all"
    var server = false, memory = false
    var counts = [1000, 10_000, 100_000]
    var perLayer = 1
    var framesGiven = false, layersGiven = false, perLayerGiven = false
    /// `--server` only: skip the deep chains and the 60 Hz search (for profiling).
    var countsOnly = false
    /// `--server --distinct-timings`: no two layers' animations share a timing (the frame's
    /// shared timings find nothing to share: their worst case).
    var distinctTimings = false
    /// `--server --event-messages`: the frames' events one message each (a session of
    /// protocol version 2–4) instead of in runs (version 5, the default).
    var eventMessages = false
    /// `--server` with `--kind K`: every layer animates with kind K (for profiling one kind).
    var serverKinds: [Kind] { Kind(rawValue: kind).map { [$0] } ?? Kind.allCases }

    var composite = false
    /// `--composite`: the threads that draw bands, each measured in turn (scene (c)).
    var threads = [1]
    /// `--burst`: the frames that start and finish many animations at once (BurstSuite.swift).
    var burst = false
    /// `--commit`: one large commit through the embedded core, turn by turn (CommitSuite.swift).
    var commit = false
    /// `--commit --chain`: the layers in one chain at the deepest accepted depth.
    var chain = false
    /// `--hit-test`: hit-test time over 100,101 layers (HitTestSuite.swift); `--probes` per kind.
    var hitTest = false
    var probes = 100
    var runsGiven = false

    static let usage = "usage: rendersrv-bench [--layers N] [--frames N] [--runs N] [--kind all|mix|"
        + Kind.allCases.map(\.rawValue).joined(separator: "|") + "]\n"
        + "       rendersrv-bench --server [--counts N,N,…] [--per-layer 1…6] [--frames N] [--runs N] [--counts-only]\n"
        + "                       [--kind K] [--distinct-timings] [--event-messages]\n"
        + "       rendersrv-bench --memory [--layers N] [--per-layer N]\n"
        + "       rendersrv-bench --burst [--layers N]\n"
        + "       rendersrv-bench --commit [--chain] [--layers N] [--runs N]\n"
        + "       rendersrv-bench --hit-test [--probes N] [--runs N]\n"
        + "       rendersrv-bench --composite [--frames N] [--capacity LAYERS [--threads N,N,…] [--runs N]]\n"
        + "                       [--scene a|a'|b [--compositor-only]]"

    /// Parses the arguments; exits with status 2 and a message on a bad one.
    static func parse(_ args: [String]) -> Options {
        var o = Options()
        var rest = args[...]
        func fail(_ message: String) -> Never { print("rendersrv-bench: \(message)\n\(usage)"); exit(2) }
        func positive(_ name: String) -> Int {
            guard let v = rest.popFirst(), let n = Int(v), n > 0 else { fail("\(name) needs a positive integer") }
            return n
        }
        while let a = rest.popFirst() {
            switch a {
            case "--layers": o.layers = positive(a); o.layersGiven = true
            case "--frames": o.frames = positive(a); o.framesGiven = true
            case "--server": o.server = true
            case "--counts-only": o.countsOnly = true
            case "--distinct-timings": o.distinctTimings = true
            case "--event-messages": o.eventMessages = true
            case "--memory": o.memory = true
            case "--per-layer":
                o.perLayer = positive(a); o.perLayerGiven = true
                guard o.perLayer <= 6 else { fail("--per-layer takes 1 to 6") }
            case "--counts":
                guard let v = rest.popFirst() else { fail("--counts needs a list such as 1000,10000") }
                let parts = v.split(separator: ",").map { Int($0) }
                guard !parts.isEmpty, parts.allSatisfy({ ($0 ?? 0) > 0 }) else {
                    fail("--counts takes positive integers separated by commas, got \"\(v)\"")
                }
                o.counts = parts.map { $0! }
            case "--runs": o.runs = positive(a); o.runsGiven = true
            case "--hit-test": o.hitTest = true
            case "--probes": o.probes = positive(a)
            case "--kind":
                guard let v = rest.popFirst(), v == "all" || v == "mix" || Kind(rawValue: v) != nil else {
                    fail("--kind takes all, mix or one of the kinds")
                }
                o.kind = v
            case "--composite": o.composite = true
            case "--burst": o.burst = true
            case "--commit": o.commit = true
            case "--chain": o.chain = true
            case "--capacity": _ = positive(a)
            case "--threads":
                guard let v = rest.popFirst() else { fail("--threads needs a list such as 1,2") }
                let parts = v.split(separator: ",").map { Int($0) }
                guard !parts.isEmpty, parts.allSatisfy({ (1...8).contains($0 ?? 0) }) else {
                    fail("--threads takes thread counts 1…8 separated by commas, got \"\(v)\"")
                }
                o.threads = parts.map { $0! }
            case "--list", "--compositor-only", "--handoff", "--animated-root": break
            case "--scene":
                guard let v = rest.popFirst(), ["a", "a'", "b"].contains(v) else { fail("--scene takes a, a' or b") }
            case "-h", "--help": print(usage); exit(0)
            default: fail("unknown argument \"\(a)\"")
            }
        }
        return o
    }
}

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
if options.server { runServerSuite(options); exit(0) }
if options.memory { runMemory(options); exit(0) }
if options.hitTest { runHitTestSuite(probes: options.probes, runs: options.runsGiven ? options.runs : 5); exit(0) }
if options.burst { runBurst(layers: options.layersGiven ? options.layers : 10_000); exit(0) }
if options.commit {
    runCommitSuite(layers: options.layersGiven ? options.layers : 100_000, runs: options.runs, chain: options.chain)
    exit(0)
}

if options.composite {
    #if DEBUG
    print("warning: a debug build; measure with `swift build -c release --product rendersrv-bench`")
    #endif
    let frames = CommandLine.arguments.contains("--frames") ? options.frames : 60
    if let i = CommandLine.arguments.firstIndex(of: "--capacity"), i + 1 < CommandLine.arguments.count,
       let n = Int(CommandLine.arguments[i + 1]), n > 0 {
        // Only scene (c) at one count (for profiling).
        if CommandLine.arguments.contains("--handoff") {
            let frames = CommandLine.arguments.contains("--frames") ? options.frames : 120
            let r = CompositorBenchmark.handOffCost(layers: n, frames: frames,
                                                    animatedRoot: CommandLine.arguments.contains("--animated-root"))
            print("hand-off, \(n) animated layers: per frame mean \(format(r.meanMs, 2)) ms, p50 \(format(r.p50Ms, 2)) ms, "
                + "max \(format(r.maxMs, 2)) ms; items built per frame at most \(r.itemsPerFrameMax); "
                + "\(r.pictures) pictures in \(r.frames) frames")
            exit(0)
        }
        if CommandLine.arguments.contains("--list") {
            let r = CompositorBenchmark.renderListCost(layers: n)
            print("render list, \(n) layers: \(format(r.perFrame, 2)) ms per frame (whole build \(format(r.firstBuild, 2)) ms, "
                + "after a one-property commit \(format(r.afterPropertyCommit, 2)) ms; after an insertion, sliced: longest frame "
                + "\(format(r.slicedInsertLongest, 2)) ms, shown after \(r.slicedInsertFrames) frames)")
            exit(0)
        }
        // Each thread count in turn, `--runs` times (alternated: compare within one run).
        let runs = CommandLine.arguments.contains("--runs") ? options.runs : 1
        for run in 1...runs {
            for t in options.threads {
                let c = CompositorBenchmark.capacity(layers: n, threads: t)
                print("\(n) layers, \(t) thread\(t == 1 ? "" : "s") (run \(run)): loop max \(format(c.loopMax, 2)) ms "
                    + "(mean \(format(c.loopMean, 2))), draw max \(format(c.drawMax, 2)) ms (mean \(format(c.drawMean, 2))), "
                    + "missed \(c.missed)/120")
            }
        }
        exit(0)
    }
    if let i = CommandLine.arguments.firstIndex(of: "--scene"), i + 1 < CommandLine.arguments.count {
        // One scene only (for profiling): a, a' or b.
        // With --compositor-only, only the compositor draws (profiling it alone; no ratio).
        let name = CommandLine.arguments[i + 1], only = CommandLine.arguments.contains("--compositor-only")
        let r = name == "b" ? CompositorBenchmark.smallDamage(frames: frames, compositorOnly: only)
            : CompositorBenchmark.fullDamage(shadows: name == "a'", frames: frames, compositorOnly: only)
        print("\(r.name): compositor \(format(r.cachedMs, 3)) ms, naive cairo \(format(r.naiveMs, 3)) ms, \(format(r.ratio, 1))x "
            + "(with cairo fills in one pass: \(format(r.cairoFillsMs, 3)) ms, \(format(r.cairoFillsRatio, 1))x)")
        exit(0)
    }
    print("rendersrv-bench --composite: 1280x720, \(frames) frames per scene, mean ms per frame")
    for r in [CompositorBenchmark.fullDamage(frames: frames), CompositorBenchmark.fullDamage(shadows: true, frames: max(1, frames / 4)),
              CompositorBenchmark.smallDamage(frames: frames)] {
        print("\(r.name): compositor \(format(r.cachedMs, 3)) ms, naive cairo \(format(r.naiveMs, 3)) ms, "
            + "\(format(r.ratio, 1))x (with cairo fills in one pass: \(format(r.cairoFillsMs, 3)) ms, \(format(r.cairoFillsRatio, 1))x)")
    }
    for t in options.threads {
        print("(c) animated layers of mixed kinds at 60 Hz (loop = evaluate + render list; draw = compositor thread"
            + "\(t == 1 ? "" : " and \(t - 1) helper\(t == 2 ? "" : "s")")):")
        var best = 0
        for n in [250, 500, 1000, 1500, 2000, 3000, 4000, 6000, 8000] {
            let c = CompositorBenchmark.capacity(layers: n, threads: t)
            print("  \(n) layers: loop max \(format(c.loopMax, 2)) ms (mean \(format(c.loopMean, 2))), draw max "
                + "\(format(c.drawMax, 2)) ms (mean \(format(c.drawMean, 2))), missed \(c.missed)/120")
            if c.missed == 0 { best = n } else { break }
        }
        print("  largest count with zero missed frames: \(best)")
    }
    print("render list on the loop thread (one layer animating among N static ones):")
    for n in [1_000, 10_000, 100_000] {
        let r = CompositorBenchmark.renderListCost(layers: n)
        print("  \(n) layers: \(format(r.perFrame, 2)) ms per frame; the whole build \(format(r.firstBuild, 2)) ms; "
            + "after a commit setting one layer's color \(format(r.afterPropertyCommit, 2)) ms; after one inserting a layer "
            + "(sliced) at most \(format(r.slicedInsertLongest, 2)) ms a frame, shown after \(r.slicedInsertFrames) frames")
    }
    exit(0)
}
let layerCount = options.layers, frameCount = options.frames, runCount = options.runs, which = options.kind

print("rendersrv-bench: Presentation.evaluate, \(layerCount) layers × 3 animations, \(frameCount) frames at 120 Hz, best of \(runCount)")
#if DEBUG
print("warning: a debug build; measure with `swift run -c release rendersrv-bench`")
#endif
var checksum = 0.0
if which == "all" || which == "mix" {
    let m = measure(layers: layerCount, frames: frameCount, runs: runCount, kinds: mixKinds)
    report("mix", m)
    checksum += m.checksum
    let budget = 10e6
    print("  budget ≥ \(format(budget / 1e6, 0)) M values/s per core: \(m.valuesPerSecond >= budget ? "met" : "NOT met")")
}
if which != "mix" {
    if which == "all" { print("per kind (3 animations of one kind on every layer):") }
    for kind in Kind.allCases where which == "all" || which == kind.rawValue {
        let m = measure(layers: layerCount, frames: frameCount, runs: runCount, kinds: { _ in [kind, kind, kind] })
        report("  " + kind.rawValue, m)
        checksum += m.checksum
    }
}
print("checksum \(checksum)")
