// `rendersrv-bench --burst`: the frames that start and finish many animations at once (issue 7),
// run through the whole server core (`EmbeddedServer`: session, commit, frame, events encoded
// into the session's outbound bytes, the client's read) on a manual clock, no socket.
//
// One client commits `--layers` layers (default 10,000) with 4 opacity animations each
// (0.5 s, starting at the commit), reads its acknowledgement, then steps frames at 60 Hz one
// at a time: the first frame starts every animation (one animationStarted each), the frame at
// 0.5 s finishes every one (one animationStopped each, and the animations are retired). Each
// frame's wall time is printed; compare the burst frames with the steady ones of the same run
// (the machine is shared: only ratios inside one run mean much).
//
// Load-proof, per phase (instructions per animation):
//
//     valgrind --tool=callgrind --toggle-collect='*burstStartFrame*' rendersrv-bench --burst
//     valgrind --tool=callgrind --toggle-collect='*burstFinishFrame*' rendersrv-bench --burst
//     callgrind_annotate --inclusive=yes callgrind.out.<pid> | head -60
import RenderCore
import RenderProtocol
import RenderServer
import RenderServerHarness

/// The frame that starts the burst (its own symbol, for `--toggle-collect`: the three
/// functions differ in the constant they return with, so the linker cannot fold them into one).
@inline(never) func burstStartFrame(_ s: EmbeddedServer, _ c: UInt32) -> (bytes: Int, frame: Int) {
    s.step(seconds: 1.0 / 60)
    return (s.readBytes(of: c).count, 1)
}

/// The frame that finishes the burst.
@inline(never) func burstFinishFrame(_ s: EmbeddedServer, _ c: UInt32) -> (bytes: Int, frame: Int) {
    s.step(seconds: 1.0 / 60)
    return (s.readBytes(of: c).count, 2)
}

/// Any other frame.
@inline(never) func burstSteadyFrame(_ s: EmbeddedServer, _ c: UInt32) -> (bytes: Int, frame: Int) {
    s.step(seconds: 1.0 / 60)
    return (s.readBytes(of: c).count, 3)
}

func runBurst(layers: Int) {
    #if DEBUG
    print("warning: a debug build; measure with `swift build -c release --product rendersrv-bench`")
    #endif
    let perLayer = 4, start = 1000.0, duration = 0.5
    let s = EmbeddedServer(configuration: Configuration(clock: .manual(start: start)))
    let c = s.connect()
    s.send(.hello(Hello(clientName: "burst", pid: 1)), from: c)
    var commands: [Command] = []
    commands.reserveCapacity(layers * (perLayer + 1))
    var a = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: duration)
    a.timing.beginTime = start
    for i in 1...layers {
        commands.append(.createLayer(LayerID(i), .layer))
        for k in 0..<perLayer {
            commands.append(.addAnimation(LayerID(i), key: "k\(k)", animationID: UInt64(i * perLayer + k), animation: a))
        }
    }
    s.send(.commit(Commit(sequence: 1, mediaTime: start, commands: commands)), from: c)
    _ = s.readBytes(of: c)
    let animations = layers * perLayer
    print("rendersrv-bench --burst: \(layers) layers × \(perLayer) opacity animations (\(animations)), "
        + "\(format(duration, 1)) s, frames at 60 Hz")
    var t0 = monotonicNow()
    var bytes = burstStartFrame(s, c).bytes
    let startMs = (monotonicNow() - t0) * 1000
    print("start frame:  \(format(startMs, 2)) ms, \(bytes) bytes of events, "
        + "\(format(startMs * 1e6 / Double(animations), 0)) ns per animation")
    var steady: [Double] = []
    // The animations end at start + 0.5 s: frame 30 (frames are at start + n / 60).
    let finishFrame = Int((duration * 60).rounded(.up))
    for _ in 2..<finishFrame {
        t0 = monotonicNow()
        bytes = burstSteadyFrame(s, c).bytes
        steady.append((monotonicNow() - t0) * 1000)
        if bytes != 0 { print("unexpected: \(bytes) bytes of events on a steady frame") }
    }
    t0 = monotonicNow()
    bytes = burstFinishFrame(s, c).bytes
    let finishMs = (monotonicNow() - t0) * 1000
    let remaining = s.animationCount(of: c)
    print("finish frame: \(format(finishMs, 2)) ms, \(bytes) bytes of events, "
        + "\(format(finishMs * 1e6 / Double(animations), 0)) ns per animation (\(remaining) animations left)")
    steady.sort()
    if !steady.isEmpty {
        print("steady frames (\(steady.count)): median \(format(steady[steady.count / 2], 2)) ms, "
            + "max \(format(steady.last!, 2)) ms")
    }
}
