import ArgumentParser
import Foundation
import RenderClient
import RenderViews
import Components

/// `rendersrv-demo scroll`: a fling keeps decelerating while the app's main thread is
/// blocked, because the daemon's interaction tracker — not the app — moves the list; beside
/// it the same fling driven by the app on its main queue freezes.
///
///     main queue: two CollectionHost<Int> lists side by side, --rows component rows each,
///                 the rows over the fling's travel attached (preloadDistance; --preload-all: every row) ─ commit
///     presented (Transaction.presentedHandler, main queue): the app's scroller is armed (a 60 Hz
///                 main-queue timer that sets the right list's contentOffset from the
///                 deceleration's closed form), then main really sleeps for --block
///     injector thread (right after the block starts): a control connection injects a
///                 fling over the left list (InputScript.fling, 0.1 s at --velocity upward)
///     snapshot thread: ControlClient.snapshot() ten times across the block, twice after
///     main queue (unblocked): the trackerUpdates the daemon sent meanwhile (its positions at
///                 its own frames) arrive; the demo waits for the fling to rest, reads the
///                 daemon's frame log, writes the contact sheet and the chart, reports
///
/// The positions are the daemon's own: each `trackerUpdate` carries the content offset a
/// frame showed and that frame's target time; the frame log says which frames were drawn.
/// Exit status 0 only when at least 80 % of the frames the daemon produced in the block after
/// the fling's first move (at least two of them) showed the left list at a new position, the
/// frames drawn from the release to the rest showed it in more than one position, and, with
/// --allowed-missed-frames, the daemon missed at most that many frames in the block. The
/// checks are shares of the frames the daemon produced and counts over the whole fling, not
/// frames per second of the block: a loaded host makes the daemon miss frames, which the
/// report gives but only --allowed-missed-frames makes a failure.
struct ScrollDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scroll",
        abstract: "A fling on a daemon-driven list decelerates while the app's main thread is blocked; an app-driven one freezes.")

    @Option(name: .long, help: ArgumentHelp("The daemon's Unix socket (default: as rendersrvd resolves it); the daemon must "
                                            + "run a real clock and draw (not --output none).", valueName: "path"))
    var socket: String?

    @Option(name: .long, help: ArgumentHelp("Rows in each list (10…10000).", valueName: "n"))
    var rows: Int = 1000

    @Option(name: .long, help: ArgumentHelp("Seconds to block the main thread for.", valueName: "seconds"))
    var block: Double = 2

    @Option(name: .long, help: ArgumentHelp("The fling's speed, points per second (upward: the list scrolls down).",
                                            valueName: "pt/s"))
    var velocity: Double = 4000

    @Option(name: .long, help: ArgumentHelp("Frames the daemon may miss during the block before the demo fails "
                                            + "(default: missed frames are reported, not checked).", valueName: "n"))
    var allowedMissedFrames: Int?

    @Flag(name: .long, help: "Attach every row up front (default: the rows within the fling's travel of the visible rect).")
    var preloadAll = false

    @Option(name: .long, help: ArgumentHelp("Write scroll-contact-sheet.png and scroll-chart.png into this folder.",
                                            valueName: "dir"))
    var out: String?

    @Flag(name: .long, help: "Print one JSON object with the results instead of a human report.")
    var json = false

    func validate() throws {
        guard (10...10_000).contains(rows) else { throw ValidationError("--rows \(rows) is out of range; use 10…10000") }
        guard block.isFinite, block >= 0.2, block <= 30 else {
            throw ValidationError("--block \(block) is out of range; use 0.2…30 seconds")
        }
        guard velocity.isFinite, (100...20_000).contains(velocity) else {
            throw ValidationError("--velocity \(velocity) is out of range; use 100…20000 points per second")
        }
        if let allowedMissedFrames, allowedMissedFrames < 0 {
            throw ValidationError("--allowed-missed-frames must be ≥ 0")
        }
    }

    func run() throws {
        let scenario: ScrollScenario
        do {
            if let out { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) }
            scenario = try ScrollScenario(socket: socket, rowCount: rows, blockSeconds: block, velocity: velocity,
                                          allowedMissed: allowedMissedFrames, preloadAll: preloadAll, outDir: out,
                                          json: json)
        } catch {
            FileHandle.standardError.write(Data("rendersrv-demo scroll: error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        DispatchQueue.main.async { scenario.build() }
        dispatchMain()
    }
}

/// The rows both lists show: a colour that varies with the index and the index as a label.
enum ScrollRows {
    static let height = 44.0

    static func color(_ i: Int) -> Color {
        // A hue wheel every 36 rows, darkened so white text reads on it.
        let h = Double(i % 36) / 36 * 6, x = 1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)
        let (r, g, b): (Double, Double, Double) = switch Int(h) {
        case 0: (1, x, 0)
        case 1: (x, 1, 0)
        case 2: (0, 1, x)
        case 3: (0, x, 1)
        case 4: (x, 0, 1)
        default: (1, 0, x)
        }
        return Color(red: 0.15 + 0.55 * r, green: 0.15 + 0.55 * g, blue: 0.15 + 0.55 * b)
    }

    static func row(_ i: Int) -> Component {
        FlexboxComponent(view: ViewConfiguration([.backgroundColor(color(i))]),
                         size: ComponentSize(height: .points(height)),
                         style: FlexboxStyle(justifyContent: .center, padding: Edges(all: 10)),
                         children: [FlexboxChild(LabelComponent("row \(i)", fontSize: 17, color: .white))])
    }
}

/// The app's own scroller (a main-thread scroller such as POP's decay on a display link):
/// a 60 Hz timer on the main queue sets the list's `contentOffset` from the same gesture as
/// the injected fling — the finger's drag at `velocity` for `dragDuration` seconds from
/// `pressTime`, then UIScrollView's deceleration in closed form from the release,
/// x(t) = x₁ + v·(rate^(1000t) − 1)/(1000·ln rate), clamped to the content; it stops when
/// less than a quarter point of glide is left. Main queue only.
final class AppScroller {
    let host: ScrollView
    let pressTime: Double, dragDuration: Double, v0: Double, x0: Double, rate: Double
    private var timer: DispatchSourceTimer?
    private(set) var ticks = 0

    init(host: ScrollView, pressTime: Double, dragDuration: Double, velocity: Double, rate: Double) {
        self.host = host; self.pressTime = pressTime; self.dragDuration = dragDuration; v0 = velocity
        x0 = host.contentOffset.y; self.rate = rate
    }

    var k: Double { 1000 * log(rate) }

    /// The gesture's position at media time `t`, points (before clamping), and its velocity.
    func motion(at t: Double) -> (y: Double, v: Double) {
        let release = pressTime + dragDuration
        if t <= pressTime { return (x0, 0) }
        if t <= release { return (x0 + v0 * (t - pressTime), v0) }
        let tau = t - release
        return (x0 + v0 * dragDuration + v0 * (exp(k * tau) - 1) / k, v0 * exp(k * tau))
    }

    func begin() {
        dispatchPrecondition(condition: .onQueue(.main))
        let t = DispatchSource.makeTimerSource(queue: .main)
        t.schedule(deadline: .now(), repeating: .nanoseconds(16_666_667))
        let me = QueueBound(self) // main queue to main queue
        t.setEventHandler { me.value.tick() }
        timer = t
        t.resume()
    }

    var isDone: Bool { timer == nil }

    private func tick() {
        let now = MediaTime.now()
        guard now > pressTime else { return }
        ticks += 1
        let m = motion(at: now)
        let maxY = max(0, host.contentSize.height - host.bounds.height)
        let y = min(maxY, max(0, m.y))
        host.contentOffset = Point(x: host.contentOffset.x, y: y)
        if now > pressTime + dragDuration && abs(m.v / k) < 0.25 || y == maxY || y == 0 && m.v < 0 {
            timer?.cancel()
            timer = nil
        }
    }
}

/// What the daemon said about one list's tracker: one `trackerUpdate`.
struct TrackerSample {
    var mediaTime: Double
    var y: Double
    var velocityY: Double
    var state: TrackerState
    var reason: TrackerUpdate.Reason
}

/// The scenario's state and steps. Properties marked "main" are confined to the main queue.
final class ScrollScenario {
    let rowCount: Int
    let blockSeconds: Double
    let velocity: Double
    /// nil: missed frames are reported, not checked.
    let allowedMissed: Int?
    let preloadAll: Bool
    let outDir: String?
    let json: Bool
    /// The injected fling's drag: 0.1 s at `velocity` before the release.
    let flingDuration = 0.1

    let connection: Connection
    let context: Context
    let inputClient: ControlClient
    let snapshotClient: ControlClient
    let statsClient: ControlClient

    // main
    var serverList: CollectionHost<Int>!
    var appList: CollectionHost<Int>!
    var scroller: AppScroller?
    var serverSamples: [TrackerSample] = []
    var appSamples: [TrackerSample] = []
    var errors: [String] = []
    var buildSeconds = 0.0
    var layerCount = 0
    /// Rows of each list attached when they were shown (before the fling).
    var attachedAtBuild = 0
    var committedAt = 0.0
    var presentedAt = 0.0
    var hitTestReadyAt = 0.0
    var presentedFrame: PresentedFrame?
    var blockStart = 0.0
    var blockEnd = 0.0
    var finishScheduled = false
    var deadline = 0.0

    // shared with the helper threads
    let injected = Shared<(reply: InputInjected?, error: String?)>((nil, nil))
    let recorder: ContactSheetRecorder?
    let snapshotErrors = Shared<[String]>([])
    let helpersDone = DispatchGroup()

    init(socket: String?, rowCount: Int, blockSeconds: Double, velocity: Double, allowedMissed: Int?, preloadAll: Bool,
         outDir: String?, json: Bool) throws {
        self.rowCount = rowCount; self.blockSeconds = blockSeconds; self.velocity = velocity
        self.allowedMissed = allowedMissed; self.preloadAll = preloadAll; self.outDir = outDir; self.json = json
        connection = try Connection(socketPath: socket, clientName: "rendersrv-demo scroll", callbackQueue: .main)
        guard !connection.welcome.manualClock else {
            throw DemoError("rendersrvd at \(connection.socketPath) runs a manual clock, so nothing moves while the app "
                + "blocks; start it with --clock real")
        }
        guard connection.welcome.version >= 3 else {
            throw DemoError("rendersrvd at \(connection.socketPath) speaks protocol version \(connection.welcome.version); "
                + "interaction trackers need version 3 or later")
        }
        context = Context(connection: connection)
        inputClient = try ControlClient(socketPath: connection.socketPath, clientName: "rendersrv-demo scroll input")
        snapshotClient = try ControlClient(socketPath: connection.socketPath, clientName: "rendersrv-demo scroll snapshots")
        statsClient = try ControlClient(socketPath: connection.socketPath, clientName: "rendersrv-demo scroll stats")
        recorder = outDir.map { ContactSheetRecorder(path: ($0 as NSString).appendingPathComponent("scroll-contact-sheet.png")) }
    }

    var rate: Double { TrackerConfiguration.normalDecelerationRate }

    /// How far the fling carries the content: the drag, then the deceleration's projection
    /// v/|1000·ln rate| (points), with a screenful of margin for the tracker's estimate.
    var preloadDistance: Double {
        preloadAll ? Double(rowCount) * ScrollRows.height
            : (velocity * flingDuration + velocity / abs(1000 * log(rate)) + 200).rounded(.up)
    }

    // MARK: Steps

    /// Main queue: the two lists, the rows within `preloadDistance` attached, in one transaction.
    func build() {
        context.onError = { [unowned self] e in errors.append("\(e)") }
        context.onDisconnect = { [unowned self] e in
            errors.append("session ended: \(e)")
            scheduleFinish(after: 0)
        }
        context.onTrackerUpdate = { [unowned self] u, _ in record(u) }
        let width = Double(connection.welcome.displayWidth), height = Double(connection.welcome.displayHeight)
        let margin = 16.0, header = 34.0
        let listWidth = ((width - 3 * margin) / 2).rounded(.down), listHeight = height - header - margin
        let started = MediaTime.now()
        Transaction.begin()
        let root = View(frame: Rect(x: 0, y: 0, width: width, height: height), context: context)
        root.backgroundColor = Color(red: 0.1, green: 0.1, blue: 0.12)
        context.rootLayer = root.layer
        var lists: [CollectionHost<Int>] = []
        for (i, title) in ["daemon-driven (interaction tracker)", "app-driven (main-queue timer)"].enumerated() {
            let x = margin + Double(i) * (listWidth + margin)
            let label = TextLayer(context: context)
            label.frame = Rect(x: x, y: 6, width: listWidth, height: header - 8)
            label.string = title
            label.fontSize = 16
            label.foregroundColor = .white
            root.layer.addSublayer(label)
            let list = CollectionHost<Int>(frame: Rect(x: x, y: header, width: listWidth, height: listHeight),
                                           context: context) { ScrollRows.row($0) }
            list.layer.name = i == 0 ? "daemon-driven list" : "app-driven list"
            list.backgroundColor = Color(white: 0.2)
            // The rows over the fling's whole travel are attached up front: the daemon scrolls
            // through rows it already has, and no attach pass needs the (blocked) main queue.
            // Attaching all of them (--preload-all) costs three layers a row in the daemon.
            list.preloadDistance = preloadDistance
            list.apply(.init(insertions: (0..<rowCount).map { (index: $0, model: $0) }), mode: .synchronous)
            root.addSubview(list)
            lists.append(list)
        }
        serverList = lists[0]; appList = lists[1]
        Transaction.presentedHandler = { [unowned self] f in didPresent(f) }
        Transaction.commit()
        committedAt = MediaTime.now()
        buildSeconds = committedAt - started
        layerCount = Self.count(root.layer)
        attachedAtBuild = (0..<serverList.numberOfRows).filter { serverList.isRowMounted($0) }.count
        // Presented: the daemon drew the lists; block then, so the fling lands on what it shows.
        let me = QueueBound(self) // main queue to main queue
        DispatchQueue.main.asyncAfter(deadline: .now() + 60) {
            guard me.value.presentedAt == 0, !me.value.finishScheduled else { return }
            me.value.errors.append("the lists' commit was not presented within 60 s")
            me.value.scheduleFinish(after: 0)
        }
    }

    /// Main queue: the commit that shows the lists was presented (`frame` nil: not drawn).
    /// Input is hit-tested on the frame the output last showed, which for a first frame of
    /// thousands of layers can trail the presentation: a helper thread hovers the pointer
    /// where the fling will press until the daemon says it is over this app's list (a
    /// deadline of 10 s), then main blocks.
    func didPresent(_ frame: PresentedFrame?) {
        presentedAt = MediaTime.now()
        presentedFrame = frame
        let point = flingStart, session = connection.welcome.sessionID
        nonisolated(unsafe) let scenario = self
        Thread.detachNewThread {
            let deadline = MediaTime.now() + 10
            var hit = false
            var failure: String?
            while !hit && MediaTime.now() < deadline {
                do {
                    let reply = try scenario.inputClient.injectInput([InputScript.move(to: point)])
                    hit = reply.deliveries.first?.sessionID == session
                } catch {
                    failure = "hovering over the list: \(error)"
                    break
                }
                if !hit { Thread.sleep(forTimeInterval: 0.02) } // polling the daemon with a deadline
            }
            let ready = MediaTime.now()
            DispatchQueue.main.async {
                scenario.hitTestReadyAt = ready
                if hit { scenario.blockMainThread(); return }
                scenario.errors.append(failure ?? "the daemon never hit-tested \(point) onto the list within 10 s of "
                    + "presenting it")
                scenario.scheduleFinish(after: 0)
            }
        }
    }

    /// Where the fling presses: the daemon-driven list's middle, three quarters down.
    var flingStart: Point {
        let frame = serverList.frame
        return Point(x: frame.midX, y: frame.minY + frame.height * 0.75)
    }

    static func count(_ layer: Layer) -> Int { 1 + (layer.sublayers ?? []).reduce(0) { $0 + count($1) } }

    /// Main queue: each trackerUpdate the daemon sent (they queue up while main is blocked).
    func record(_ u: TrackerUpdate) {
        let s = TrackerSample(mediaTime: u.mediaTime, y: u.position.y, velocityY: u.velocity.y, state: u.state, reason: u.reason)
        if u.layer == serverList?.layer.id { serverSamples.append(s) }
        if u.layer == appList?.layer.id { appSamples.append(s) }
        if blockEnd > 0 { checkDone() }
    }

    /// Main queue: arms the app's scroller, starts the helpers, then really blocks (nanosleep)
    /// for `blockSeconds`.
    func blockMainThread() {
        dispatchPrecondition(condition: .onQueue(.main))
        blockStart = MediaTime.now()
        // The app's fling is the injected one's gesture, from when it is injected; its timer
        // cannot fire until the block is over.
        let scroller = AppScroller(host: appList, pressTime: blockStart, dragDuration: flingDuration, velocity: velocity,
                                   rate: rate)
        scroller.begin()
        self.scroller = scroller
        let events = InputScript.fling(from: flingStart, velocity: Point(x: 0, y: -velocity), duration: flingDuration)
        nonisolated(unsafe) let scenario = self
        let start = blockStart, block = blockSeconds
        helpersDone.enter()
        Thread.detachNewThread {
            defer { scenario.helpersDone.leave() }
            do {
                let reply = try scenario.inputClient.injectInput(events)
                scenario.injected.with { $0.reply = reply }
            } catch {
                scenario.injected.with { $0.error = "injecting the fling: \(error)" }
            }
        }
        if let found = recorder {
            // The snapshot thread alone uses the recorder until `finish` waits for it.
            nonisolated(unsafe) let recorder = found
            helpersDone.enter()
            Thread.detachNewThread {
                defer { scenario.helpersDone.leave() }
                // Ten snapshots across the block, two after it (the app-driven list catching up).
                var times: [Double] = (0..<10).map { (i: Int) -> Double in start + block * (0.05 + 0.9 * Double(i) / 9) }
                times += [start + block + 0.15, start + block + 0.4]
                for t in times {
                    let wait = t - MediaTime.now()
                    if wait > 0 { Thread.sleep(forTimeInterval: wait) } // pacing the captures, not waiting for a result
                    do { try recorder.capture(scenario.snapshotClient, mediaTime: MediaTime.now(), origin: start) } catch {
                        scenario.snapshotErrors.with { $0.append("snapshot: \(error)") }
                        return
                    }
                }
            }
        }
        FileHandle.standardError.write(Data("rendersrv-demo scroll: blocking the main thread for \(blockSeconds) s\n".utf8))
        let end = blockStart + blockSeconds
        while true {
            let remaining = end - MediaTime.now()
            if remaining <= 0 { break }
            var ts = timespec(tv_sec: Int(remaining), tv_nsec: Int((remaining - remaining.rounded(.down)) * 1e9))
            nanosleep(&ts, nil)
        }
        blockEnd = MediaTime.now()
        // The fling rests about 4.5 s after a 4000 pt/s release; give it 15 s.
        deadline = blockEnd + 15
        let me = QueueBound(self) // main queue to main queue
        DispatchQueue.main.asyncAfter(deadline: .now() + 15) { me.value.giveUp() }
        checkDone()
    }

    private func giveUp() {
        guard !finishScheduled else { return }
        errors.append("timed out: 15 s after the block the daemon-driven list had not come to rest "
            + "(\(serverSamples.count) tracker updates, last state \(serverSamples.last.map { "\($0.state)" } ?? "none"))")
        scheduleFinish(after: 0)
    }

    /// Main queue: done once the daemon-driven fling rested (idle after inertia) and the
    /// app's scroller stopped.
    func checkDone() {
        let sawInertia = serverSamples.contains { $0.state == .inertia }
        guard sawInertia, serverSamples.last?.state == .idle, scroller?.isDone ?? true else { return }
        scheduleFinish(after: 0.1)
    }

    func scheduleFinish(after seconds: Double) {
        guard !finishScheduled else { return }
        finishScheduled = true
        let me = QueueBound(self) // main queue to main queue
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { me.value.finish() }
    }

    // MARK: Report

    func finish() {
        _ = helpersDone.wait(timeout: .now() + 30)
        var frames: [FrameLogReport.Record] = []
        do { frames = try statsClient.frameRecords() } catch { errors.append("reading the frame log: \(error)") }
        let analysis = ScrollAnalysis(blockStart: blockStart, blockEnd: blockEnd, rate: rate, server: serverSamples,
                                      app: appSamples, frames: frames, configuration: serverList.trackerConfiguration,
                                      viewport: serverList.bounds.size)
        var pictures: [String] = []
        var failures = errors + snapshotErrors.with { $0 }
        if let e = injected.with({ $0.error }) { failures.append(e) }
        do {
            if let path = try recorder?.write() { pictures.append(path) }
            if let outDir {
                let path = (outDir as NSString).appendingPathComponent("scroll-chart.png")
                try analysis.chart(title: "scroll: \(rowCount) rows, fling \(fmt(velocity, 0)) pt/s, main queue blocked "
                                   + "\(fmt(blockSeconds, 2)) s").write(to: path)
                pictures.append(path)
            }
        } catch {
            failures.append("pictures: \(error)")
        }
        // Shares of the frames the daemon produced, and counts over the whole fling: what a
        // loaded host changes (how many frames the block holds, how many were drawn) is reported.
        if analysis.firstMoveInBlock == nil {
            failures.append("the daemon-driven list did not move during the block (\(analysis.positionsDuringBlock) position)")
        } else if analysis.framesAfterFirstMove.count < 2 || analysis.newPositionShare < 0.8 {
            failures.append("after its first move in the block the daemon-driven list was at a new position on "
                + "\(analysis.newPositionFramesAfterFirstMove) of the daemon's \(analysis.framesAfterFirstMove.count) frames "
                + "(needs at least 80 % of at least 2)")
        }
        if let allowedMissed, let missed = analysis.missedFrames, missed > allowedMissed {
            failures.append("the daemon missed \(missed) frames during the block (allowed \(allowedMissed))")
        }
        if analysis.release == nil { failures.append("the daemon-driven list was never released into inertia") }
        else if analysis.flingFrames.isEmpty { failures.append("the frame log holds no frame of the fling") }
        else if analysis.drawnPositionsDuringFling < 2 {
            failures.append("the daemon drew \(analysis.framesDrawnInFling) of the fling's \(analysis.flingFrames.count) frames, "
                + "showing the list in \(analysis.drawnPositionsDuringFling) position(s), so its motion never reached the screen")
        }

        var object = analysis.object
        object["rows"] = rowCount
        object["layers"] = layerCount
        object["preloadDistance"] = preloadDistance
        object["attachedRows"] = attachedAtBuild
        object["buildSeconds"] = buildSeconds
        object["commitToPresentedSeconds"] = presentedAt - committedAt
        object["presentedToHitTestableSeconds"] = hitTestReadyAt - presentedAt
        object["velocity"] = velocity
        object["refreshRate"] = connection.welcome.refreshRate
        object["injectedEvents"] = injected.with { $0.reply?.deliveries.count ?? 0 }
        object["deliveries"] = injected.with { $0.reply?.deliveries.map { "\($0.sessionID)/\($0.layer)/\($0.trackerLayer)" } ?? [] }
        object["serverListLayer"] = Int(serverList.layer.id)
        object["trackerTookFling"] = injected.with { $0.reply?.deliveries.contains { $0.trackerLayer == serverList.layer.id } ?? false }
        object["appScrollerTicks"] = scroller?.ticks ?? 0
        object["pictures"] = pictures
        object["ok"] = failures.isEmpty
        object["failures"] = failures
        if json {
            let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            var h = "scroll: \(rowCount) rows × 2 lists (\(attachedAtBuild) attached in each: \(fmt(preloadDistance, 0)) pt of "
                + "preload), \(layerCount) layers (built and mounted in \(fmt(buildSeconds, 2)) s, "
                + "presented \(fmt(presentedAt - committedAt, 2)) s after the commit); fling \(fmt(velocity, 0)) pt/s; main "
                + "queue blocked \(fmt(blockEnd - blockStart, 3)) s\n"
            h += analysis.human
            h += pictures.map { "  picture: \($0)\n" }.joined()
            h += failures.isEmpty ? "  OK" : "  FAILED"
            print(h)
        }
        for f in failures { FileHandle.standardError.write(Data("rendersrv-demo scroll: FAILED: \(f)\n".utf8)) }
        inputClient.close(); snapshotClient.close(); statsClient.close()
        connection.close(reason: "demo finished")
        exit(failures.isEmpty ? 0 : 1)
    }
}
