// `rendersrv-bench --hit-test`: what the daemon's hit test costs per pointer event over a
// large tree (DESIGN.md's budget: ≤ 1 ms over 100,000 layers). `HitTestBenchmark`
// (RenderServerHarness) builds its 100,101-layer tree of mixed geometry — a grid of groups,
// some masking, some rotated, each holding nested subgroups of small cells, some rotated —
// in an embedded server, builds the render list once as the compositor does, and times
// `hitTest` on it at probe points in front, at the back and outside everything (a miss
// visits every subtree no mask rules out: the worst case). Every probe's answer is checked
// against the layer the tree's layout puts there.
//
//     rendersrv-bench --hit-test [--probes 100] [--runs 5]
//
// Load-proof (instructions per hit test; perf has no hardware counters here):
//
//     objcopy --strip-debug rendersrv-bench rendersrv-bench.stripped
//     valgrind --tool=callgrind --toggle-collect='*hitTestProbes*' ./rendersrv-bench.stripped --hit-test --runs 1
import RenderServerHarness

/// The timed part alone (its own symbol, for `--toggle-collect`).
@inline(never) func hitTestProbes(_ rig: HitTestBenchmark.Rig, probes: Int, runs: Int) -> HitTestBenchmark.Result {
    HitTestBenchmark.run(rig, probesPerKind: probes, rounds: runs)
}

func runHitTestSuite(probes: Int, runs: Int) {
    #if DEBUG
    print("warning: a debug build; measure with `swift build -c release --product rendersrv-bench`")
    #endif
    let t0 = monotonicNow()
    let rig = HitTestBenchmark.Rig(.standard)
    let built = monotonicNow() - t0
    let r = hitTestProbes(rig, probes: probes, runs: runs)
    print("rendersrv-bench --hit-test: \(r.layers) layers (built and listed in \(format(built, 1)) s), \(r.probes) probes "
        + "× \(runs) timed rounds, ms per hit test")
    for k in r.byKind {
        print("  \(pad(k.kind.rawValue, 6)) p50 \(format(k.p50Ms, 4)) ms   max \(format(k.maxMs, 4)) ms")
    }
    print("  all    p50 \(format(r.p50Ms, 4)) ms   max \(format(r.maxMs, 4)) ms   (budget ≤ 1 ms: "
        + "\(r.maxMs <= 1 ? "met" : "NOT met"))")
    print("  slowest probe, its fastest round: \(format(r.worstProbeMs, 4)) ms (the walk without preemptions)")
    print("  answers: \(r.probes - r.wrongAnswers) of \(r.probes) as the layout says\(r.wrongAnswers == 0 ? "" : " — WRONG ANSWERS")")
}
