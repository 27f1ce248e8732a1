// The server suite (`--server`) and the memory measurement (`--memory`) of rendersrv-bench:
// see the header of main.swift for what each reports.
import RenderCore
import RenderProtocol
import RenderServer
import RenderServerHarness
#if canImport(Glibc)
import Glibc
#endif

/// Builds one client's tree: layer 1 is the root; layers 2… are its sublayers (`chain:
/// false`) or each the sublayer of the one before (`chain: true`). Each gets `perLayer`
/// animations of distinct kinds, rotating through `kinds` (by default `Kind.allCases`). Commands
/// go in commits of at most 10,000.
func buildTree(count: Int, perLayer: Int, chain: Bool, maxTreeDepth: Int = 512,
               plain: Bool = false, kinds: [Kind] = Kind.allCases, distinctTimings: Bool = false) throws -> ServerBenchmarks.Tree {
    var limits = Limits.default
    limits.maxLayers = max(limits.maxLayers, UInt32(count + 1))
    limits.maxAnimations = max(limits.maxAnimations, UInt32(count * perLayer))
    let tree = ServerBenchmarks.Tree(limits: limits, maxTreeDepth: maxTreeDepth)
    var commands: [Command] = [.createLayer(1, .layer), .setRoot(1)]
    var animationID: UInt64 = 0
    func flush(force: Bool) throws {
        if force || commands.count >= 10_000 {
            try tree.commit(commands)
            commands.removeAll(keepingCapacity: true)
        }
    }
    for i in 0..<count {
        let id = LayerID(i + 2)
        commands.append(.createLayer(id, .layer))
        commands.append(.setProperty(id, LayerKeyPath(.position), .point(Point(Double(i % 40) * 30, Double(i / 40) * 20))))
        commands.append(.setProperty(id, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 24, height: 16))))
        commands.append(.setProperty(id, LayerKeyPath(.backgroundColor), .color(.gray)))
        commands.append(.insertSublayer(parent: chain ? id - 1 : 1, child: id, index: UInt32.max))
        if !plain {
            for k in 0..<perLayer {
                let kind = kinds[(i + k) % kinds.count]
                animationID += 1
                commands.append(.addAnimation(id, key: "\(kind.rawValue)-\(k)", animationID: animationID,
                                              animation: kind.animation(layer: i + k, distinctTiming: distinctTimings)))
            }
        }
        try flush(force: false)
    }
    try flush(force: true)
    return tree
}

struct FrameMeasurement {
    var meanMilliseconds: Double
    /// This thread's CPU time per frame (CLOCK_THREAD_CPUTIME_ID): less disturbed than wall
    /// time by other processes on a shared machine.
    var cpuMilliseconds: Double = 0
    var worstMilliseconds: Double
    /// The fastest frame of the kept run: the least disturbed by other processes, so the
    /// steadiest figure for comparing two builds on a shared machine.
    var fastestMilliseconds: Double = .infinity
    /// The first frame after the tree was built (every layer evaluated in full): wall time,
    /// and this thread's CPU time (the budget's figure: issue 21 asks for at most 1.2 × a
    /// steady frame, compared CPU to CPU so that a preemption does not decide it).
    var firstMilliseconds: Double = 0
    var firstCPUMilliseconds: Double = 0
    /// The median CPU time of the frames right after the first (the nine warm-up frames,
    /// which the kept runs leave out, each timed on its own): the first frame's neighbours,
    /// run within the same tenth of a second. The first frame's ratio to it is the steadier
    /// reading of the budget on a shared machine, whose slow spells last seconds — the kept
    /// run's mean is the best of `runs`, measured later, so a single first frame caught in a
    /// spell reads up to twice its cost against it.
    var neighbourCPUMilliseconds: Double = 0
    /// Minor page faults this thread took in the first frame, and per steady frame: memory
    /// touched for the first time is paid in the kernel, which CPU-time comparisons see and
    /// an instruction count does not.
    var firstPageFaults = 0
    var steadyPageFaults = 0.0
    var valuesPerSecond: Double
    /// The last frame's lookups of shared timings, and how many found one.
    var sharedTimings = (lookups: 0, hits: 0)
}

/// Times `frames` frames at 120 Hz frame times after 10 untimed ones; the best of `runs`
/// (by mean) is kept.
func measureFrames(_ tree: ServerBenchmarks.Tree, frames: Int, runs: Int) -> FrameMeasurement {
    let interval = 1.0 / 120
    var t = 1.0
    // The first frame evaluates every layer in full (its presentation from its model, its
    // world timing, its span): timed apart.
    let first0 = monotonicNow(), firstCPU0 = threadCPUNow(), firstFaults0 = threadMinorFaults()
    tree.frame(at: t); t += interval
    let first = monotonicNow() - first0, firstCPU = threadCPUNow() - firstCPU0
    let firstFaults = threadMinorFaults() - firstFaults0
    var neighbours: [Double] = []
    for _ in 1..<10 {
        let cpu0 = threadCPUNow()
        tree.frame(at: t); t += interval
        neighbours.append(threadCPUNow() - cpu0)
    }
    neighbours.sort()
    var best = FrameMeasurement(meanMilliseconds: .infinity, worstMilliseconds: .infinity, valuesPerSecond: 0)
    best.firstMilliseconds = first * 1e3
    best.firstCPUMilliseconds = firstCPU * 1e3
    best.firstPageFaults = firstFaults
    best.neighbourCPUMilliseconds = neighbours[neighbours.count / 2] * 1e3
    for _ in 0..<max(1, runs) {
        var total = 0.0, worst = 0.0, fastest = Double.infinity
        let cpu0 = threadCPUNow(), faults0 = threadMinorFaults()
        for _ in 0..<frames {
            let t0 = monotonicNow()
            tree.frame(at: t)
            let dt = monotonicNow() - t0
            total += dt; worst = max(worst, dt); fastest = min(fastest, dt)
            t += interval
        }
        let cpu = (threadCPUNow() - cpu0) / Double(frames)
        let faults = Double(threadMinorFaults() - faults0) / Double(frames)
        let mean = total / Double(frames)
        if mean * 1e3 < best.meanMilliseconds {
            best = FrameMeasurement(meanMilliseconds: mean * 1e3, cpuMilliseconds: cpu * 1e3,
                                    worstMilliseconds: worst * 1e3, fastestMilliseconds: fastest * 1e3,
                                    firstMilliseconds: best.firstMilliseconds,
                                    firstCPUMilliseconds: best.firstCPUMilliseconds,
                                    neighbourCPUMilliseconds: best.neighbourCPUMilliseconds,
                                    firstPageFaults: best.firstPageFaults, steadyPageFaults: faults,
                                    valuesPerSecond: Double(tree.animationCount) / mean,
                                    sharedTimings: tree.sharedTimings)
        }
    }
    return best
}

func reportFrames(_ name: String, _ m: FrameMeasurement) {
    print("\(pad(name, 34)) \(pad(format(m.meanMilliseconds, 3), 8)) ms/frame mean   "
          + "\(pad(format(m.cpuMilliseconds, 3), 8)) ms CPU   "
          + "\(pad(format(m.worstMilliseconds, 3), 8)) ms worst   \(pad(format(m.fastestMilliseconds, 3), 8)) ms fastest   "
          + "\(format(m.valuesPerSecond / 1e6, 2)) M values/s   first frame \(format(m.firstMilliseconds, 1)) ms "
          + "(\(format(m.firstCPUMilliseconds, 1)) ms CPU, \(format(m.firstCPUMilliseconds / m.cpuMilliseconds, 2)) × a steady frame's, \(format(m.firstCPUMilliseconds / m.neighbourCPUMilliseconds, 2)) × the median of the 9 after it; \(m.firstPageFaults) page faults, "
          + "\(format(m.steadyPageFaults, 1)) a steady frame); shared timings found \(m.sharedTimings.hits) of "
          + "\(m.sharedTimings.lookups)")
}

func runServerSuite(_ o: Options) {
    let frames = o.framesGiven ? o.frames : 120
    print("rendersrv-bench --server: AnimationEngine.evaluate on a LayerStore, \(o.perLayer) animation(s) per layer "
          + "(mixed kinds), \(frames) frames at 120 Hz, best of \(o.runs)")
    #if DEBUG
    print("warning: a debug build; measure with `swift build -c release --product rendersrv-bench`")
    #endif
    do {
        var results: [(count: Int, m: FrameMeasurement)] = []
        for count in o.counts {
            let t0 = monotonicNow()
            let tree = try buildTree(count: count, perLayer: o.perLayer, chain: false, kinds: o.serverKinds,
                                     distinctTimings: o.distinctTimings)
            if o.eventMessages { tree.encodesEventRuns = false }
            let built = monotonicNow() - t0
            let m = measureFrames(tree, frames: frames, runs: o.runs)
            reportFrames("\(count) animated layers", m)
            print("  (built in \(format(built * 1e3, 0)) ms: validating \(format(tree.validateSeconds * 1e3, 0)) ms, "
                  + "applying \(format(tree.applySeconds * 1e3, 0)) ms, "
                  + "\(format((tree.validateSeconds + tree.applySeconds) / Double(count) * 1e6, 2)) µs per layer)")
            results.append((count, m))
        }
        if o.countsOnly { return }
        // Moving layers among many siblings: each of 20,000 sublayers of the root re-inserted
        // at index 0 in one commit (removal from a sublayer list is O(siblings)).
        do {
            let tree = try buildTree(count: 20_000, perLayer: 0, chain: false, plain: true)
            let (v0, a0) = (tree.validateSeconds, tree.applySeconds)
            try tree.commit((0..<20_000).map { .insertSublayer(parent: 1, child: LayerID($0 + 2), index: 0) })
            print("\(pad("move 20000 siblings to the front", 34)) validating \(format((tree.validateSeconds - v0) * 1e3, 1)) ms, "
                  + "applying \(format((tree.applySeconds - a0) * 1e3, 1)) ms")
        }
        for (depth, limit) in [(511, 512), (2000, 2001)] {
            let t0 = monotonicNow()
            let tree = try buildTree(count: depth, perLayer: 1, chain: true, maxTreeDepth: limit)
            let built = monotonicNow() - t0
            let m = measureFrames(tree, frames: frames, runs: o.runs)
            reportFrames("chain \(depth + 1) deep, 1 each", m)
            print("  (built and applied in \(format(built * 1e3, 0)) ms)")
        }
        // The largest count whose worst frame holds 60 Hz, starting from the per-layer cost
        // of the largest count measured.
        if let last = results.last {
            let perLayer = last.m.meanMilliseconds / Double(last.count)
            var candidate = Int(16.7 / perLayer / 1.25)
            for _ in 0..<6 {
                let tree = try buildTree(count: candidate, perLayer: o.perLayer, chain: false)
                let m = measureFrames(tree, frames: frames, runs: o.runs)
                if m.worstMilliseconds <= 16.7 {
                    reportFrames("holds 60 Hz: \(candidate) layers", m)
                    break
                }
                reportFrames("misses 60 Hz: \(candidate) layers", m)
                candidate = candidate * 8 / 10
            }
        }
    } catch {
        print("rendersrv-bench: the tree was refused: \(error)")
        exit(1)
    }
}

/// Seconds of this thread's CPU time.
func threadCPUNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Minor page faults this thread has taken (getrusage(RUSAGE_THREAD)).
func threadMinorFaults() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(1), &usage) // RUSAGE_THREAD (Linux; Glibc hides the name without _GNU_SOURCE)
    return usage.ru_minflt
}

/// Resident memory of this process in bytes (/proc/self/statm).
func residentBytes() -> Int {
    guard let f = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(f) }
    var size = 0, resident = 0
    guard withUnsafeMutablePointer(to: &size, { s in
        withUnsafeMutablePointer(to: &resident) { r in fscanf_ints(f, s, r) }
    }) else { return 0 }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Reads two integers from a stream (Swift cannot call the variadic `fscanf`).
func fscanf_ints(_ f: UnsafeMutablePointer<FILE>, _ a: UnsafeMutablePointer<Int>, _ b: UnsafeMutablePointer<Int>) -> Bool {
    var buffer = [CChar](repeating: 0, count: 128)
    guard fgets(&buffer, 128, f) != nil else { return false }
    let text = String(cString: buffer)
    let parts = text.split(separator: " ").compactMap { Int($0.trimmingCharacters()) }
    guard parts.count >= 2 else { return false }
    a.pointee = parts[0]; b.pointee = parts[1]
    return true
}

extension Substring {
    func trimmingCharacters() -> Substring {
        var s = self
        while let c = s.last, c == "\n" || c == " " { s = s.dropLast() }
        return s
    }
}

func runMemory(_ o: Options) {
    let count = o.layersGiven ? o.layers : 100_000
    for (name, bytes) in ServerBenchmarks.layoutSizes { print("MemoryLayout<\(name)>.stride = \(bytes) B") }
    let before = residentBytes()
    do {
        let animated = o.perLayerGiven
        let tree = try buildTree(count: count, perLayer: o.perLayer, chain: false, plain: !animated)
        let after = residentBytes()
        print("\(tree.layerCount) \(animated ? "layers with \(o.perLayer) animation(s) each" : "plain layers"): resident \(before / 1024) KiB → \(after / 1024) KiB, "
              + "\(format(Double(after - before) / Double(count), 0)) B per layer")
        withExtendedLifetime(tree) {}
    } catch {
        print("rendersrv-bench: the tree was refused: \(error)")
        exit(1)
    }
}
