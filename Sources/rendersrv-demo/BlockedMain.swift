import ArgumentParser
import Foundation
import RenderClient

/// `rendersrv-demo blocked-main`: animations keep running while the client's main thread
/// is blocked, because the server — not the client — evaluates them on its own frame clock.
///
///     main queue: one Transaction (completion block) ─ root + N layers, each with a
///                 position and an opacity animation ─ commit
///     background: waitUntilApplied ─▶ main queue: sleep(--block)
///     follower thread (while main sleeps): the daemon's frame log, read every 250 ms
///                 (a small bounded request each, served off the daemon's loop): if the
///                 daemon is killed and restarted meanwhile, the frames of both daemons
///     sampler thread (once main wakes): the block's frames, then the presentation of the
///                 first layer at up to 12 of the current daemon's frames' own target times
///                 → (t, y)
///     main queue (unblocked): delegate's didStop and the completion block arrive;
///                 0.5 s more to catch a duplicate completion ─ report ─ exit
///
/// A daemon restarted during the block (`kill -9`, then `rendersrvd` again on the same
/// socket) is survived: the connection replays the app's layers and animations to the new
/// daemon from its own thread while main still sleeps, and the report says so, with the
/// frames of both daemons and when the new one first drew the app's layers moving.
///
/// Exit status 0 only when the completion block ran exactly once, the delegate's
/// animation finished, and the sampled y rose strictly across the block (after a restart:
/// across the new daemon's frames, when it drew at least two in the block).
struct BlockedMain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blocked-main",
        abstract: "Block the client's main thread while the server keeps animating its layers.")

    @Option(name: .long, help: ArgumentHelp("The daemon's Unix socket (default: as rendersrvd resolves it).",
                                            valueName: "path"))
    var socket: String?

    @Option(name: .long, help: ArgumentHelp("Animated layers to create (1…10000).", valueName: "n"))
    var layers: Int = 100

    @Option(name: .long, help: ArgumentHelp("Seconds to block the main thread for.", valueName: "seconds"))
    var block: Double = 1.5

    @Option(name: .long, help: ArgumentHelp("Duration of each layer's animations, s; at least --block + 0.25 so "
                                            + "the layers still move when the block ends (default: --block + 0.5).",
                                            valueName: "seconds"))
    var duration: Double?

    /// The animations' duration: as given, else half a second past the block.
    var animationDuration: Double { duration ?? block + 0.5 }

    @Flag(name: .long, help: "Print one JSON object with the results instead of a human report.")
    var json = false

    func validate() throws {
        guard (1...10_000).contains(layers) else {
            throw ValidationError("--layers \(layers) is out of range; use 1…10000")
        }
        guard block.isFinite, block > 0, block <= 60 else {
            throw ValidationError("--block \(block) is out of range; use more than 0 and at most 60 seconds")
        }
        if let duration, !(duration.isFinite && duration >= block + 0.25) {
            throw ValidationError("--duration \(duration) must be at least --block + 0.25 s (\(block + 0.25)) so the "
                + "layers are still moving when the block ends")
        }
    }

    func run() throws {
        let scenario: BlockedMainScenario
        do {
            scenario = try BlockedMainScenario(socket: socket, layerCount: layers, blockSeconds: block,
                                               animationDuration: animationDuration, json: json)
        } catch {
            FileHandle.standardError.write(Data("rendersrv-demo: error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        DispatchQueue.main.async { scenario.buildAndCommit() }
        dispatchMain()
    }
}

/// The scenario's state and steps. Properties marked "main" are confined to the main queue.
final class BlockedMainScenario {
    let layerCount: Int
    let blockSeconds: Double
    let animationDuration: Double
    let json: Bool

    let connection: Connection
    let context: Context
    /// The frame log and the presentation samples, read after the block (sampler thread only).
    let statsClient: ControlClient
    let treeClient: ControlClient

    // main
    var root: Layer?
    var layers: [Layer] = []
    var completionCount = 0
    var didStart = false
    /// The main-queue heartbeat (every 20 ms from the commit on): its last beat and the
    /// longest gap between beats, s — the time the main queue could not run anything.
    var lastBeat = 0.0
    var longestMainStall = 0.0
    var stopCount = 0
    var finished: Bool?
    var errors: [String] = []
    var blockStart = 0.0
    var blockEnd = 0.0
    var finishScheduled = false
    var committedAt = 0.0

    // shared with the sampler thread
    let samples = Shared<[PresentationSample]>([])
    /// The daemon's records of the frames whose target times fall in the block.
    let blockFrames = Shared<[FrameLogReport.Record]>([])
    let samplerErrors = Shared<[String]>([])
    let blockOver = Shared(false)
    let samplerStart = DispatchSemaphore(value: 0)
    let samplerDone = DispatchSemaphore(value: 0)
    /// The frame log as the follower read it, one array per daemon (a restart starts the next).
    let frameSegments = Shared<[[FrameLogReport.Record]]>([[]])
    let followerErrors = Shared<[String]>([])
    let followerDone = DispatchSemaphore(value: 0)
    /// main: the context's reconnection steps (they arrive once main is free again).
    var reconnectSteps: [(t: Double, event: ReconnectEvent)] = []
    let delegate = StopRecorder()

    init(socket: String?, layerCount: Int, blockSeconds: Double, animationDuration: Double, json: Bool) throws {
        self.layerCount = layerCount
        self.blockSeconds = blockSeconds
        self.animationDuration = animationDuration
        self.json = json
        connection = try Connection(socketPath: socket, clientName: "rendersrv-demo", callbackQueue: .main)
        guard !connection.welcome.manualClock else {
            throw DemoError("rendersrvd at \(connection.socketPath) runs a manual clock, so nothing animates while the "
                + "client blocks; start it with --clock real")
        }
        context = Context(connection: connection)
        statsClient = try ControlClient(socketPath: connection.socketPath, clientName: "rendersrv-demo stats")
        treeClient = try ControlClient(socketPath: connection.socketPath, clientName: "rendersrv-demo sampler")
    }

    // MARK: Steps

    /// Main queue: one explicit transaction with a completion block: the root, and every
    /// layer with a position and an opacity animation.
    func buildAndCommit() {
        context.onError = { [unowned self] e in errors.append("\(e)") }
        context.onReconnect = { [unowned self] e in reconnectSteps.append((MediaTime.now(), e)) }
        context.onDisconnect = { [unowned self] e in
            errors.append("session ended: \(e)")
            scheduleFinish(after: 0)
        }
        delegate.onStart = { [unowned self] in didStart = true }
        delegate.onStop = { [unowned self] f in
            stopCount += 1
            finished = f
            checkDone()
        }

        let width = Double(connection.welcome.displayWidth), height = Double(connection.welcome.displayHeight)
        Transaction.begin()
        Transaction.completionBlock = { [unowned self] in
            completionCount += 1
            checkDone()
        }
        let root = Layer(context: context)
        root.name = "root"
        root.bounds = Rect(x: 0, y: 0, width: width, height: height)
        root.anchorPoint = Point(x: 0, y: 0)
        root.position = Point(x: 0, y: 0)
        root.backgroundColor = Color(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
        context.rootLayer = root
        self.root = root
        for i in 0..<layerCount {
            let layer = Layer(context: context)
            let x = 10 + (width - 20) * Double(i) / Double(max(layerCount - 1, 1))
            layer.name = "dot \(i)"
            layer.bounds = Rect(x: 0, y: 0, width: 8, height: 8)
            layer.cornerRadius = 4
            layer.backgroundColor = Color(red: 0.2 + 0.8 * Double(i) / Double(layerCount), green: 0.6, blue: 0.9, alpha: 1)
            // The model holds the end state; the animations run from the start to it.
            layer.position = Point(x: x, y: 600)
            layer.opacity = 0.3
            root.addSublayer(layer)
            var fall = Animation.basic(.position, from: .point(Point(x: x, y: 0)), to: .point(Point(x: x, y: 600)),
                                       duration: animationDuration)
            // The reported layer keeps its finished animation, so its presentation at the
            // block's frame times can still be evaluated when the samples are taken.
            if i == 0 { fall.isRemovedOnCompletion = false }
            layer.add(fall, forKey: "fall", delegate: i == 0 ? delegate : nil)
            layer.add(.basic(.opacity, from: .number(1), to: .number(0.3), duration: animationDuration),
                      forKey: "fade")
            layers.append(layer)
        }
        Transaction.commit()
        committedAt = MediaTime.now()
        heartbeat()
        let sequence = context.lastSentSequence

        // Off the main queue: wait for the server to apply the commit, then block main.
        // The waiting thread only waits on the connection (thread-safe) and hops back to the
        // main queue, where the scenario's state lives.
        nonisolated(unsafe) let scenario = self
        Thread.detachNewThread { [connection] in
            do {
                try connection.waitUntilApplied(sequence, timeout: 5)
            } catch {
                let message = "commit \(sequence) was not applied: \(error)"
                DispatchQueue.main.async {
                    scenario.errors.append(message)
                    scenario.scheduleFinish(after: 0)
                }
                return
            }
            DispatchQueue.main.async { scenario.blockMainThread() }
        }
    }

    /// Main queue: beats every 20 ms until the report, measuring the longest stall.
    func heartbeat() {
        let now = MediaTime.now()
        if lastBeat > 0 { longestMainStall = max(longestMainStall, now - lastBeat) }
        lastBeat = now
        if !finishScheduled {
            let me = QueueBound(self) // main queue to main queue
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.02) { me.value.heartbeat() }
        }
    }

    /// Main queue: really blocks it (`nanosleep`) for `blockSeconds`; then the sampler
    /// thread reads what the daemon did meanwhile.
    func blockMainThread() {
        dispatchPrecondition(condition: .onQueue(.main))
        // The sampler reads fields the main queue set before it signals `samplerStart`, and
        // writes only `Shared` values.
        nonisolated(unsafe) let scenario = self
        Thread.detachNewThread { scenario.sample() }
        blockStart = MediaTime.now()
        Thread.detachNewThread { scenario.followFrameLog() }
        // For whoever drives the demo (a test that restarts the daemon during the block).
        FileHandle.standardError.write(Data("rendersrv-demo: blocking the main thread for \(blockSeconds) s\n".utf8))
        let end = blockStart + blockSeconds
        while true {
            let remaining = end - MediaTime.now()
            if remaining <= 0 { break }
            var ts = timespec(tv_sec: Int(remaining), tv_nsec: Int((remaining - remaining.rounded(.down)) * 1e9))
            nanosleep(&ts, nil)
        }
        blockEnd = MediaTime.now()
        blockOver.with { $0 = true }
        samplerStart.signal()
        // Give up waiting for the stops 5 s after the block.
        let me = QueueBound(self) // main queue to main queue
        DispatchQueue.main.asyncAfter(deadline: .now() + 5) { me.value.giveUpWaiting() }
        checkDone()
    }

    /// Main queue, 5 s after the block: the stops never came.
    private func giveUpWaiting() {
        if !finishScheduled {
            errors.append("timed out: 5 s after the block, completion ran \(completionCount)× and the delegate's "
                + "didStop \(stopCount)×")
            scheduleFinish(after: 0)
        }
    }

    /// Follower thread, from the block's start until it is over: reads the daemon's frame
    /// log every 250 ms, so that the frames of a daemon killed during the block are known;
    /// when its control client had to reconnect (a new daemon), the next records go into a
    /// new segment, read from that daemon's first frame.
    func followFrameLog() {
        defer { followerDone.signal() }
        var since: UInt64 = 0
        var reconnections = statsClient.reconnections
        while true {
            let over = blockOver.with { $0 }
            do {
                let records = try statsClient.frameRecords(since: since)
                if statsClient.reconnections != reconnections {
                    // Read from the new daemon: its frames are numbered from its own start.
                    reconnections = statsClient.reconnections
                    let fresh = try statsClient.frameRecords(since: 0)
                    frameSegments.with { $0.append(fresh) }
                    since = fresh.last?.frame ?? 0
                } else {
                    frameSegments.with { $0[$0.count - 1] += records }
                    since = records.last?.frame ?? since
                }
            } catch {
                followerErrors.with { $0.append("reading the frame log: \(error)") }
                return
            }
            if over { return }
            Thread.sleep(forTimeInterval: 0.25)
        }
    }

    /// Whether the control clients found a new daemon (a restart during the block).
    var restarted: Bool { frameSegments.with { $0.count } > 1 }

    /// Sampler thread, once the block is over: the frames whose target times fell in the
    /// block (the follower's, of every daemon), then the delegate's layer's presentation
    /// evaluated by the daemon that holds the session now at up to 12 of its frames' target
    /// times (what those frames showed; evaluating a past time has no effect on the
    /// animations).
    func sample() {
        samplerStart.wait()
        defer { samplerDone.signal() }
        guard blockEnd > 0 else { return }
        _ = followerDone.wait(timeout: .now() + 30)
        let layerID = Int(layers.first?.id ?? 0)
        let session = connection.welcome.sessionID
        do {
            let segments = frameSegments.with { $0 }
            let frames = segments.joined().filter { $0.targetTime >= blockStart && $0.targetTime <= blockEnd }
            blockFrames.with { $0 = frames }
            let current = segments.last ?? []
            let animated = current.filter { $0.animatedLayers > 0 && $0.targetTime >= committedAt
                && $0.targetTime >= blockStart && $0.targetTime <= blockEnd }
            let step = max(1, animated.count / 12)
            for r in stride(from: 0, to: animated.count, by: step).map({ animated[$0] }) {
                let reply = try treeClient.treeReply(presentation: true, at: r.targetTime, session: session,
                                                     layer: LayerID(layerID))
                guard let y = Self.positionY(ofLayer: layerID, in: reply.json) else {
                    throw DemoError("layer \(layerID) has no position in the presentation tree")
                }
                samples.with { $0.append(PresentationSample(mediaTime: reply.mediaTime, y: y, requested: r.targetTime,
                                                           answered: r.targetTime)) }
            }
        } catch {
            samplerErrors.with { $0.append("reading the block's frames: \(error)") }
        }
    }

    static func positionY(ofLayer id: Int, in json: String) -> Double? {
        guard let tree = try? JSONDecoder().decode(TreeReport.self, from: Data(json.utf8)) else { return nil }
        for s in tree.sessions {
            if let l = s.layer(UInt32(id)), l.properties.position.count == 2 { return l.properties.position[1].value }
        }
        return nil
    }

    /// Main queue: once the block is over, the completion ran and the delegate stopped,
    /// waits 0.5 s more for a duplicate completion, then reports.
    func checkDone() {
        guard blockEnd > 0, completionCount >= 1, stopCount >= 1 else { return }
        scheduleFinish(after: 0.5)
    }

    func scheduleFinish(after seconds: Double) {
        guard !finishScheduled else { return }
        finishScheduled = true
        let me = QueueBound(self) // main queue to main queue
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { me.value.finish() }
    }

    // MARK: Report

    func finish() {
        blockOver.with { $0 = true }
        samplerStart.signal()  // in case the block never began
        _ = samplerDone.wait(timeout: .now() + 10)
        let report = makeReport()
        if json {
            let data = try! JSONSerialization.data(withJSONObject: report.object, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(report.human)
        }
        if !report.failures.isEmpty {
            for f in report.failures { FileHandle.standardError.write(Data("rendersrv-demo: FAILED: \(f)\n".utf8)) }
        }
        statsClient.close(); treeClient.close(); connection.close(reason: "demo finished")
        exit(report.failures.isEmpty ? 0 : 1)
    }

    struct Report {
        var object: [String: Any]
        var human: String
        var failures: [String]
    }

    func makeReport() -> Report {
        let all = samples.with { $0 }
        // Commits apply on arrival, so the block can start before the first frame that shows
        // the animations: a sample of a frame older than the commit shows the model value.
        let during = all.filter { $0.requested >= blockStart && $0.answered <= blockEnd && $0.mediaTime >= committedAt }
        let rate = connection.welcome.refreshRate
        let framesExpected = blockSeconds * rate
        // From the daemon's frame log: the frames whose target times fell in the block.
        let frames = blockFrames.with { $0 }
        let framesProduced: Double? = frames.isEmpty ? nil : Double(frames.count)
        let missed: Double? = frames.isEmpty ? nil : Double(frames.reduce(0) { $0 + Int($1.missed) })
        let measured: Double? = blockEnd > 0 ? blockEnd - blockStart : nil
        let intervals = zip(frames, frames.dropFirst()).map { ($1.wakeTime - $0.wakeTime) * 1000 }.sorted()
        let intervalP99: Double? = intervals.isEmpty ? nil
            : intervals[min(intervals.count - 1, Int((0.99 * Double(intervals.count)).rounded(.up)) - 1)]
        let increasing = during.count >= 2 && zip(during, during.dropFirst()).allSatisfy { $1.y > $0.y }

        var failures = errors + samplerErrors.with { $0 } + followerErrors.with { $0 }
        // A restart: the frames of each daemon in the block, and when the new one first drew
        // the app's layers moving (its frame log's first animated frame).
        let segments = frameSegments.with { $0 }.map { seg in
            seg.filter { $0.targetTime >= blockStart && $0.targetTime <= blockEnd }
        }
        let newDaemon = restarted ? segments.last ?? [] : []
        let firstMoving = newDaemon.first { $0.animatedLayers > 0 }
        let resynced = reconnectSteps.compactMap { s -> ResyncReport? in
            if case let .resynced(r) = s.event { return r }; return nil
        }.last
        if completionCount != 1 { failures.append("the completion block ran \(completionCount) times, not once") }
        if finished != true {
            failures.append(finished == nil ? "the delegate's animationDidStop never arrived"
                                            : "the delegate's animation stopped unfinished (finished == false)")
        }
        if stopCount > 1 { failures.append("the delegate's animationDidStop arrived \(stopCount) times") }
        let mustRise = !restarted || during.count >= 2
        if !increasing && mustRise {
            failures.append("the presented y did not rise strictly across the block ("
                + "\(during.count) samples: \(during.map { fmt($0.y, 1) }.joined(separator: ", ")))")
        }

        var object: [String: Any] = [
            "layers": layerCount,
            "blockSeconds": blockSeconds,
            "animationSeconds": animationDuration,
            "refreshRate": rate,
            "framesExpected": framesExpected,
            "completionCount": completionCount,
            "finished": finished ?? false,
            "didStart": didStart,
            "didStopCount": stopCount,
            // The longest time the main queue ran nothing (≈ blockSeconds: it really was blocked).
            "mainQueueLongestStallSeconds": longestMainStall,
            "samplesDuringBlock": during.map { ["t": $0.mediaTime - blockStart, "mediaTime": $0.mediaTime, "y": $0.y] },
            "yIncreasing": increasing,
            "ok": failures.isEmpty,
            "failures": failures,
        ]
        object["framesProduced"] = framesProduced ?? NSNull()
        object["missedFrames"] = missed ?? NSNull()
        object["measuredBlockSeconds"] = measured ?? NSNull()
        object["frameIntervalP99Ms"] = intervalP99 ?? NSNull()
        object["daemonRestarted"] = restarted
        if restarted {
            object["framesByDaemon"] = segments.map(\.count)
            object["newDaemonFirstFrameSeconds"] = newDaemon.first.map { $0.targetTime - blockStart } ?? NSNull()
            object["newDaemonFirstMovingFrameSeconds"] = firstMoving.map { $0.targetTime - blockStart } ?? NSNull()
            object["newDaemonMovingFrames"] = newDaemon.filter { $0.animatedLayers > 0 }.count
            object["replayedLayers"] = resynced?.layers ?? NSNull()
            object["replayedAnimations"] = resynced?.animations ?? NSNull()
        }

        var h = "blocked-main: \(layerCount) layers, \(fmt(animationDuration, 2)) s animations, main thread blocked "
            + "\(fmt(blockEnd - blockStart, 3)) s\n"
        h += "  server frames during the block: \(framesProduced.map { fmt($0, 0) } ?? "?") produced, "
            + "\(fmt(framesExpected, 1)) expected at \(fmt(rate, 0)) Hz; \(missed.map { fmt($0, 0) } ?? "?") missed; "
            + "frame interval p99 \(intervalP99.map { fmt($0, 2) } ?? "?") ms (the daemon's frame log)\n"
        if restarted {
            let counts = segments.enumerated().map { "daemon \($0.offset + 1): \($0.element.count)" }.joined(separator: ", ")
            h += "  rendersrvd restarted during the block: frames \(counts) (the first daemon's as read before it died)\n"
            if let f = newDaemon.first {
                h += "    the new daemon's first frame at +\(fmt(f.targetTime - blockStart, 3)) s into the block"
                h += firstMoving.map { ", the app's layers moving on it from +\(fmt($0.targetTime - blockStart, 3)) s "
                    + "(\(fmt(($0.targetTime - f.targetTime) * 1000, 1)) ms after its first frame; \($0.animatedLayers) "
                    + "animated layers)" } ?? ", the app's layers not yet moving on it when the block ended"
                h += "\n"
            }
            if let r = resynced { h += "    resynced (told once main was free): \(r)\n" }
        }
        if let first = during.first, let last = during.last {
            h += "  presented y of layer #\(layers.first.map { "\($0.id)" } ?? "?") while blocked: \(during.count) samples, \(fmt(first.y, 1)) → \(fmt(last.y, 1))"
                + (increasing ? " (rising)" : " (NOT rising)") + "\n"
        } else {
            h += "  presented y of layer #\(layers.first.map { "\($0.id)" } ?? "?") while blocked: no samples\n"
        }
        h += "  completion block: \(completionCount)×; delegate: didStart \(didStart), finished \(finished.map { "\($0)" } ?? "never")\n"
        h += "  main queue heartbeat (every 20 ms): longest stall \(fmt(longestMainStall, 3)) s\n"
        h += failures.isEmpty ? "  OK" : "  FAILED"
        return Report(object: object, human: h, failures: failures)
    }
}
