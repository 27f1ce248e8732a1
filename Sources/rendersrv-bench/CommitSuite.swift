// `rendersrv-bench --commit`: one client's large commits through the whole server core
// (`EmbeddedServer`: bytes in, decoding, validation and application a slice per loop turn,
// frames, events out) on a manual clock, no socket, each loop turn timed on its own.
//
// The client builds `--layers` layers (default 100,000) under one root, each with an opacity
// animation (repeating, autoreversing, as `rendersrv-stress isolation --scenarios
// many-animated` sends), in as few commits as the daemon's command limit allows. It reports,
// per run: the turns that decode and validate, the turns that apply (the session frozen),
// the longest and the median of each, then the first frame that shows the commit (every
// animation starts: one `animationStarted` each) and the median of ten frames after it.
// Every turn should be well under a frame period (16.7 ms at 60 Hz), the first frame near
// the steady ones. What the daemon frees off the loop thread is kept aside and freed after
// the timing (`EmbeddedServer.defersReleases`), as the daemon's release queue would.
//
// The machine is shared: compare turns with frames of the same run, and builds alternated.
// Load-proof, the first frame alone:
//
//     valgrind --tool=callgrind --toggle-collect='*commitFirstFrame*' rendersrv-bench --commit --runs 1
import RenderCore
import RenderProtocol
import RenderServer
import RenderServerHarness

/// The frame that first shows the commits (its own symbol, for callgrind's
/// `--toggle-collect='*commitFirstFrame*'`).
@inline(never) func commitFirstFrame(_ s: EmbeddedServer) {
    s.step(seconds: 1.0 / 60)
}

/// With `chain`, the layers form one chain instead (each inserted into the one before, a
/// layer at a time, the depth limit raised to `Limits.maxTreeDepthCeiling`): the structural
/// checks' ancestor walks, O(depth) per insert, are what the turns hold.
func runCommitSuite(layers: Int, runs: Int, chain: Bool = false) {
    #if DEBUG
    print("warning: a debug build; measure with `swift build -c release --product rendersrv-bench`")
    #endif
    var limits = Limits.default
    if chain { limits.maxTreeDepth = Limits.maxTreeDepthCeiling }
    let count = min(layers, chain ? Int(limits.maxTreeDepth) : Int(limits.maxLayers))
    var a = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1)
    a.timing.repeatCount = .infinity
    a.timing.autoreverses = true
    var commands: [Command] = [.createLayer(1, .layer), .setRoot(1),
                               .addAnimation(1, key: "a", animationID: 1, animation: a)]
    commands.reserveCapacity(3 * count)
    for i in 2...max(2, count) {
        let id = LayerID(i)
        commands += [.createLayer(id, .layer), .insertSublayer(parent: chain ? id - 1 : 1, child: id, index: UInt32.max),
                     .addAnimation(id, key: "a", animationID: UInt64(i), animation: a)]
    }
    if chain {
        // As rendersrv-stress isolation's deep-chain sends it: each layer sized and colored too.
        for i in 1...max(1, count) {
            commands += [.setProperty(LayerID(i), .bounds, .rect(Rect(x: 0, y: 0, width: 10, height: 10))),
                         .setProperty(LayerID(i), .backgroundColor, .color(Color(red: 0, green: 0.5, blue: 1, alpha: 0.1)))]
        }
    }
    let perCommit = Int(limits.maxCommandsPerCommit)
    let commits = stride(from: 0, to: commands.count, by: perCommit).map {
        Array(commands[$0 ..< min($0 + perCommit, commands.count)])
    }
    print("rendersrv-bench --commit: \(count) animated layers \(chain ? "in one chain" : "under one root"), \(commands.count) commands "
          + "in \(commits.count) commit(s) (maxCommandsPerCommit \(perCommit)), slices of "
          + "\(Configuration().commitSliceCommands) units")
    for run in 1...max(1, runs) {
        let s = EmbeddedServer(configuration: Configuration(clock: .manual(start: 1000), limits: limits))
        s.finishesLargeCommits = false
        s.defersReleases = true
        let c = s.connect()
        s.send(.hello(Hello(clientName: "commit", pid: 1)), from: c)
        _ = s.readBytes(of: c)
        var validating: [Double] = [], applying: [Double] = []
        for (k, commit) in commits.enumerated() {
            var encoder = MessageBuffer() // the client's side: not timed
            encoder.append(.commit(Commit(sequence: UInt64(k + 1), mediaTime: 0, commands: commit)))
            let bytes = encoder.take()
            var t0 = monotonicNow()
            s.write(bytes, from: c) // the bytes arrive: decoding starts
            validating.append((monotonicNow() - t0) * 1000)
            while true {
                let frozen = s.isApplyingLargeCommit(c)
                t0 = monotonicNow()
                guard s.runLoopTurn() else { break }
                let ms = (monotonicNow() - t0) * 1000
                if frozen { applying.append(ms) } else { validating.append(ms) }
            }
        }
        let acknowledged = s.readBytes(of: c).count
        var t0 = monotonicNow()
        commitFirstFrame(s)
        let first = (monotonicNow() - t0) * 1000
        let firstParts = s.latestFrameMilliseconds ?? (0, 0)
        let events = s.readBytes(of: c).count
        var steady: [Double] = []
        for _ in 0..<10 {
            t0 = monotonicNow()
            s.step(seconds: 1.0 / 60)
            steady.append((monotonicNow() - t0) * 1000)
            _ = s.readBytes(of: c)
        }
        s.dropReleasedValues()
        func summary(_ xs: [Double]) -> String {
            guard !xs.isEmpty else { return "none" }
            let sorted = xs.sorted()
            let at = xs.firstIndex(of: sorted.last!)!
            return "\(xs.count) turns, longest \(format(sorted.last!, 2)) ms (turn \(at)), median \(format(sorted[sorted.count / 2], 2)) ms"
        }
        print("run \(run): decode and validate: \(summary(validating)); apply: \(summary(applying)); "
              + "\(s.animationCount(of: c)) animations (\(acknowledged) bytes of acknowledgements)")
        print("       first frame \(format(first, 2)) ms (evaluation \(format(firstParts.evaluate, 2)), presentation "
              + "\(format(firstParts.present, 2)); \(events) bytes of events), the ten after it: median "
              + "\(format(steady.sorted()[steady.count / 2], 2)) ms, longest \(format(steady.max()!, 2)) ms")
    }
}
