import ArgumentParser
import CSystem
import Foundation
import Glibc
import RenderCore
import RenderProtocol
import RenderServerHarness

/// `rendersrv-stress input`: the input path of a real `rendersrvd` (headless output drawing,
/// real clock) measured from outside, and the hit test measured in process.
///
///     injector ──injectInput (delay 0)──▶ rendersrvd: play on arrival, hit-test the shown list
///        t0                                  │ pointerEvent (mediaTime = when played)
///                                            ▼
///     client ◀────────────────────────── receipt t1              event → delivered = t1 − t0
///        │ pointerDown: commit a new background color, asking for commitPresented
///        ▼
///     rendersrvd: next frame shows it, pixels ready (readyTime)   input → photon = readyTime − t0
///
/// The client and the injector are two raw protocol connections (`WireClient`) read by this
/// one thread: the time stamps are taken right before the request is written and right
/// after the event is decoded, CLOCK_MONOTONIC on both sides (the daemon's media time too).
/// Presses are sent at evenly spread phases of the frame period (shuffled, aimed at the
/// daemon's vsync grid as `latency --phases stratified` does), as a user's would fall.
///
/// The hit test (`HitTestBenchmark`, RenderServerHarness): a 100,101-layer tree of mixed
/// geometry (`--hit-test-grid` 10) in an embedded server, `hitTest` on its render list
/// timed at points in front, at the back and outside everything — release builds only are
/// meaningful.
struct InputScenario: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "input",
        abstract: "Input against a real rendersrvd: injection → pointerEvent delivered, input → photon "
            + "(a press answered by a commit, until its pixels are ready), and hit-test time over 100,101 layers in process.")

    @Option(help: "Presses (each followed by a release) to inject.")
    var samples = 300

    @Option(help: "Frames per second of the daemon's clock.")
    var fps: Double = 60

    @Option(help: "Hit-test probe points of each kind (front, back, miss); 0 skips the hit test.")
    var hitTestProbes = 100

    @Option(help: "Timed rounds over the hit-test probes.")
    var hitTestRounds = 5

    @Option(help: "Groups per side of the hit-test tree (each 1,001 layers; 10: 100,101 layers).")
    var hitTestGrid = 10

    @Flag(help: "Print one JSON object.")
    var json = false

    func validate() throws {
        guard samples >= 10 else { throw ValidationError("--samples must be ≥ 10") }
        guard fps >= 1, fps <= 1000 else { throw ValidationError("--fps takes 1…1000") }
        guard hitTestProbes >= 0, hitTestRounds >= 1, (1...40).contains(hitTestGrid) else {
            throw ValidationError("--hit-test-probes ≥ 0, --hit-test-rounds ≥ 1, --hit-test-grid 1…40")
        }
    }

    struct Result: Codable {
        var samples: Int
        /// Injection written → pointerEvent read by the client (presses and releases), ms.
        var deliveryP50Ms: Double, deliveryP99Ms: Double
        /// The event's `mediaTime` (the daemon's clock when it played it) → read by the client, ms.
        var stampToReceiptP50Ms: Double, stampToReceiptP99Ms: Double
        /// Injection written → the event's `mediaTime` (the request's way in and its turn on the loop), ms.
        var injectToStampP50Ms: Double
        /// Injection written → `readyTime` of the frame showing the client's answer to the press, ms.
        var inputToPhotonP50Ms: Double, inputToPhotonP99Ms: Double
        /// The budget (DESIGN.md): one frame period + the compositor's ready time (p50), ms.
        var framePeriodMs: Double, composeP50Ms: Double, inputToPhotonBudgetMs: Double
        /// Hit test over the benchmark tree, ms per call: worst and median over every probe,
        /// and per kind (absent with `--hit-test-probes 0`).
        var hitTestLayers: Int?
        var hitTestMaxMs: Double?, hitTestP50Ms: Double?
        /// The slowest probe's fastest round (the walk without preemptions), ms.
        var hitTestWorstProbeMs: Double?
        var hitTestFrontP50Ms: Double?, hitTestBackMaxMs: Double?, hitTestMissMaxMs: Double?
        var hitTestWrongAnswers: Int?
        /// A fling on an interaction tracker (server-side scrolling): the largest distance, in
        /// points, between the positions the daemon's frames showed during its inertia and
        /// UIScrollView's closed form from the release (the state change's position, velocity
        /// and time), over `flingFrames` frames; the release velocity the daemon estimated.
        var flingMaxErrorPt: Double?
        var flingFrames: Int?
        var flingReleaseVelocity: Double?
        var loadAverage: Double
        var debugBuild: Bool
    }

    func run() throws {
        #if DEBUG
        if !json { print("warning: a debug build; measure with `swift build -c release --product rendersrv-stress`") }
        #endif
        let daemon = try DaemonProcess(arguments: ["--fps", String(fps)])
        defer { daemon.stop() }
        let client = try WireClient(path: daemon.socketPath)
        try client.hello("input-client")
        guard let welcome = client.welcome, welcome.version >= 3 else {
            throw WireClient.Failure(description: "rendersrvd negotiated protocol version \(client.welcome?.version ?? 0); input needs 3")
        }
        let injector = try WireClient(path: daemon.socketPath)
        try injector.hello("input-injector")

        // A 400 × 300 layer covering part of the display, shown before the first press (the
        // daemon hit-tests the list its compositor was last handed).
        let layer: LayerID = 1
        let frame = Rect(x: 100, y: 80, width: 400, height: 300)
        let shown = client.commitRequestingPresentation([
            .createLayer(layer, .layer), .setProperty(layer, .bounds, .rect(Rect(x: 0, y: 0, width: frame.width, height: frame.height))),
            .setProperty(layer, .position, .point(Point(x: frame.midX, y: frame.midY))),
            .setProperty(layer, .backgroundColor, .color(Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 1))), .setRoot(layer)])
        guard let first = client.waitPresented(shown, timeout: 10) else {
            throw WireClient.Failure(description: "the client's layer was never presented")
        }

        let period = 1 / welcome.refreshRate
        let pacer = PresentationSampler(client: client, periodNanoseconds: period * 1e9, phases: .stratified)
        let plan = (0..<samples).map { (Double($0) + 0.5) / Double(samples) }.shuffled()
        var reference = Int64((first.mediaTime * 1e9).rounded())
        var delivery: [Double] = [], stampToReceipt: [Double] = [], injectToStamp: [Double] = [], photon: [Double] = []
        var requestID: UInt32 = 0

        /// Injects one event at `point`; returns (t0, the event as read, t1), or nil.
        func inject(_ kind: InputEvent.Kind, at point: Point) throws -> (Int64, PointerEvent, Int64) {
            requestID += 1
            let id = requestID
            let event = InputEvent(kind: kind, x: point.x, y: point.y, button: 1, time: 0)
            let t0 = csys_monotonic_ns()
            injector.send(.injectInput(InjectInput(requestID: id, events: [InjectedEvent(delay: 0, event: event)])))
            guard let e = client.receive(until: { m -> PointerEvent? in
                if case let .pointerEvent(e) = m, e.kind == kind { return e }
                return nil
            }, timeout: 5) else {
                throw WireClient.Failure(description: "no \(kind) reached the client within 5 s (injection \(id))")
            }
            let t1 = csys_monotonic_ns()
            delivery.append(Double(t1 - t0) / 1e6)
            stampToReceipt.append((Double(t1) / 1e9 - e.mediaTime) * 1e3)
            injectToStamp.append((e.mediaTime - Double(t0) / 1e9) * 1e3)
            guard let answer = injector.receive(until: { m -> InputInjected? in
                if case let .inputInjected(r) = m, r.requestID == id { return r }
                return nil
            }, timeout: 5), answer.deliveries.first?.layer == layer else {
                throw WireClient.Failure(description: "injection \(id) was not answered, or not delivered to layer \(layer)")
            }
            return (t0, e, t1)
        }

        for i in 0..<samples {
            pacer.sleep(until: pacer.nextTime(atPhase: plan[i], reference: reference))
            let point = Point(x: frame.minX + 20 + Double(i % 37) * 9, y: frame.minY + 20 + Double(i % 23) * 11)
            let (t0, _, _) = try inject(.pointerDown, at: point)
            // The app's answer to the press: a visible change, with presentation feedback.
            let seq = client.commitRequestingPresentation([.setProperty(layer, .backgroundColor,
                .color(Color(red: Double(i % 2), green: 0.4, blue: 0.8, alpha: 1)))])
            guard let p = client.waitPresented(seq, timeout: 5) else {
                throw WireClient.Failure(description: "the answer to press \(i) was never presented")
            }
            reference = Int64((p.mediaTime * 1e9).rounded())
            if let ready = p.readyTime { photon.append((ready - Double(t0) / 1e9) * 1e3) }
            _ = try inject(.pointerUp, at: point)
        }
        let compose = client.stats()?.compositor?.readyP50 ?? 0
        let fling = try InputScenario.fling(client: client, injector: injector, layer: layer, frame: frame, period: period)

        var r = Result(samples: samples,
                       deliveryP50Ms: percentile(delivery, 50), deliveryP99Ms: percentile(delivery, 99),
                       stampToReceiptP50Ms: percentile(stampToReceipt, 50), stampToReceiptP99Ms: percentile(stampToReceipt, 99),
                       injectToStampP50Ms: percentile(injectToStamp, 50),
                       inputToPhotonP50Ms: percentile(photon, 50), inputToPhotonP99Ms: percentile(photon, 99),
                       framePeriodMs: period * 1e3, composeP50Ms: compose, inputToPhotonBudgetMs: period * 1e3 + compose,
                       flingMaxErrorPt: fling.maxError, flingFrames: fling.frames, flingReleaseVelocity: fling.velocity,
                       loadAverage: InputScenario.loadAverage(), debugBuild: InputScenario.isDebug)
        daemon.stop()

        if hitTestProbes > 0 {
            let scene = HitTestBenchmark.Scene(columns: hitTestGrid, rows: hitTestGrid, subgroups: 10)
            let h = HitTestBenchmark.run(scene: scene, probesPerKind: hitTestProbes, rounds: hitTestRounds)
            func kind(_ k: HitTestBenchmark.Probe.Kind) -> (p50Ms: Double, maxMs: Double) {
                h.byKind.first { $0.kind == k }.map { ($0.p50Ms, $0.maxMs) } ?? (.nan, .nan)
            }
            r.hitTestLayers = h.layers
            r.hitTestMaxMs = h.maxMs; r.hitTestP50Ms = h.p50Ms; r.hitTestWorstProbeMs = h.worstProbeMs
            r.hitTestFrontP50Ms = kind(.front).p50Ms; r.hitTestBackMaxMs = kind(.back).maxMs
            r.hitTestMissMaxMs = kind(.miss).maxMs
            r.hitTestWrongAnswers = h.wrongAnswers
        }

        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(r), as: UTF8.self))
            return
        }
        print(String(format: "rendersrvd at %.0f Hz, drawing headless; %d presses and %d releases injected; load average %.2f",
                     fps, samples, samples, r.loadAverage))
        print(String(format: "event → delivered          p50 %7.3f ms  p99 %7.3f ms   (injection written → pointerEvent read)",
                     r.deliveryP50Ms, r.deliveryP99Ms))
        print(String(format: "  daemon stamp → read      p50 %7.3f ms  p99 %7.3f ms   (written → stamp p50 %.3f ms)",
                     r.stampToReceiptP50Ms, r.stampToReceiptP99Ms, r.injectToStampP50Ms))
        print(String(format: "input → photon             p50 %7.2f ms  p99 %7.2f ms   (budget: within %.2f ms = one period "
                     + "%.2f ms + compose p50 %.2f ms)", r.inputToPhotonP50Ms, r.inputToPhotonP99Ms, r.inputToPhotonBudgetMs,
                     r.framePeriodMs, r.composeP50Ms))
        if let layers = r.hitTestLayers, let mx = r.hitTestMaxMs, let p50 = r.hitTestP50Ms {
            print(String(format: "hit test (in process)      p50 %7.4f ms  max %7.4f ms   (budget ≤ 1 ms over %d layers; slowest "
                         + "probe's best %.4f ms; front p50 %.4f ms, back max %.4f ms, miss max %.4f ms; %d wrong answers)",
                         p50, mx, layers, r.hitTestWorstProbeMs ?? .nan, r.hitTestFrontP50Ms ?? .nan,
                         r.hitTestBackMaxMs ?? .nan, r.hitTestMissMaxMs ?? .nan, r.hitTestWrongAnswers ?? 0))
        }
        print(String(format: "fling vs the closed form   max %.3g pt over %d frames of inertia (goal ≤ 0.5 pt; released at "
                     + "%.0f pt/s)", r.flingMaxErrorPt ?? .nan, r.flingFrames ?? 0, r.flingReleaseVelocity ?? .nan))
    }

    /// A fling on the client's layer with a vertical tracker: a press, moves at 2,400 pt/s
    /// for 0.1 s at 120 Hz, a release; then the trackerUpdates until it rests. Each position
    /// a frame showed in inertia is compared with x(t) = x₀ + v₀·(r^(1000 (t − t₀)) − 1) /
    /// (1000 ln r) from the inertia's start (the state change: release position, velocity
    /// and time).
    static func fling(client: WireClient, injector: WireClient, layer: LayerID, frame: Rect,
                      period: Double) throws -> (maxError: Double, frames: Int, velocity: Double) {
        let rate = TrackerConfiguration.normalDecelerationRate
        let seq = client.commit([.setTracker(layer, TrackerConfiguration(axes: .vertical,
                                                                         contentSize: Size(width: frame.width, height: 100_000)))])
        try client.requireApplied(seq, timeout: 10, "the tracker was not applied")
        let start = Point(x: frame.midX, y: frame.maxY - 20), speed = 2_400.0, steps = 12
        var events = [InjectedEvent(delay: 0, event: InputEvent(kind: .pointerDown, x: start.x, y: start.y, button: 1, time: 0))]
        for i in 1...steps {
            events.append(InjectedEvent(delay: 1.0 / 120, event: InputEvent(kind: .pointerMove, x: start.x,
                                                                            y: start.y - speed * Double(i) / 120, time: 0)))
        }
        events.append(InjectedEvent(delay: 0, event: InputEvent(kind: .pointerUp, x: start.x,
                                                                y: start.y - speed * Double(steps) / 120, button: 1, time: 0)))
        injector.send(.injectInput(InjectInput(requestID: 9_999, events: events)))
        var inertia: TrackerUpdate?
        var maxError = 0.0, frames = 0
        let deadline = Double(csys_monotonic_ns()) / 1e9 + 30
        while Double(csys_monotonic_ns()) / 1e9 < deadline {
            guard let u = client.receive(until: { m -> TrackerUpdate? in
                if case let .trackerUpdate(u) = m { return u }
                return nil
            }, timeout: 5) else { break }
            if u.reason == .stateChanged && u.state == .inertia { inertia = u; continue }
            if u.reason == .stateChanged && u.state == .idle && inertia != nil { break }
            guard let i = inertia, u.reason == .moved, u.state == .inertia else { continue }
            let k = 1000 * log(rate)
            let expected = i.position.y + i.velocity.y * (pow(rate, 1000 * (u.mediaTime - i.mediaTime)) - 1) / k
            maxError = max(maxError, abs(u.position.y - expected))
            frames += 1
        }
        guard let i = inertia, frames > 0 else {
            throw WireClient.Failure(description: "the fling never reached inertia (no trackerUpdate in inertia within 30 s)")
        }
        return (maxError, frames, abs(i.velocity.y))
    }

    static var isDebug: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// The 1-minute load average (/proc/loadavg).
    static func loadAverage() -> Double {
        guard let s = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return .nan }
        return Double(s.split(separator: " ").first ?? "") ?? .nan
    }
}
