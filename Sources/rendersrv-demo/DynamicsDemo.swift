import ArgumentParser
import Dynamics
import Foundation
import RenderClient

/// `rendersrv-demo dynamics`: a layer moved by a spring computed in the app (Dynamics, POP's
/// model), one commit of the model value per display-link frame — the opposite of handing
/// the daemon an animation. Half-way the spring is retargeted: value and velocity carry on.
///
///     manual clock (default: starts `rendersrvd --clock manual`):
///         per frame: vsync k (ManualDisplayLinkSource) ─▶ tick on the ui queue evaluates at
///         the target time and commits ─▶ daemon clock steps one period to that time and
///         applies the commit ─▶ the server's presentation of the layer is read back and
///         compared with the client's value
///     real clock (`--socket` of a daemon on the real clock): the display link runs on the
///         real clock at the daemon's refresh rate; the client's values are printed as they
///         are computed and the server's value is read once the spring is done
///
/// Exit status 0 only when the spring finished (completion `true` once) on its target and,
/// on the manual clock, the server showed the client's value at every frame.
struct DynamicsDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dynamics",
        abstract: "Move a layer with a spring computed in the app (Dynamics): one commit per display-link frame.")

    @Option(name: .long, help: ArgumentHelp("A daemon's socket (default: start one on the manual clock).", valueName: "path"))
    var socket: String?

    @Option(name: .long, help: ArgumentHelp("Also write the frames after each clock step, tiled, to this PNG.",
                                            valueName: "path"))
    var contactSheet: String?


    @Option(name: .long, help: ArgumentHelp("POP's springBounciness (0…20).", valueName: "b"))
    var bounciness: Double = 4

    @Option(name: .long, help: ArgumentHelp("POP's springSpeed (0…20).", valueName: "s"))
    var speed: Double = 12

    @Option(name: .long, help: ArgumentHelp("How far the layer moves along x, points (1…2000).", valueName: "points"))
    var distance: Double = 300

    @Option(name: .long, help: ArgumentHelp("Retarget the spring back half-way after this many frames (0: never).",
                                            valueName: "frames"))
    var retargetAfter: Int = 8

    @Option(name: .long, help: ArgumentHelp("Layers moved by springs at once (1…10000); the first one is reported.",
                                            valueName: "n"))
    var layers: Int = 1

    @Flag(name: .long, help: "Print one JSON object instead of the report.")
    var json = false

    func validate() throws {
        guard bounciness.isFinite, (0...20).contains(bounciness) else {
            throw ValidationError("--bounciness \(bounciness) is out of range; use 0…20 (POP's default is 4)")
        }
        guard speed.isFinite, speed > 0, speed <= 20 else {
            throw ValidationError("--speed \(speed) is out of range; use more than 0 and at most 20 (POP's default is 12)")
        }
        guard distance.isFinite, (1...2000).contains(distance) else {
            throw ValidationError("--distance \(distance) is out of range; use 1…2000 points")
        }
        guard (1...10_000).contains(layers) else {
            throw ValidationError("--layers \(layers) is out of range; use 1…10000")
        }
        guard (0...600).contains(retargetAfter) else {
            throw ValidationError("--retarget-after \(retargetAfter) is out of range; use 0 (never) … 600 frames")
        }
    }

    func run() throws {
        do {
            let report = ViewDemoReport(demo: "dynamics", json: json)
            let ok: Bool
            if let socket, try !DynamicsDemo.isManualClock(socket) {
                ok = try realClock(socket: socket, report: report)
            } else {
                ok = try manualClock(report: report)
            }
            report.finish()
            if !ok { throw ExitCode.failure }
        } catch let e as ExitCode {
            throw e
        } catch {
            FileHandle.standardError.write(Data("rendersrv-demo dynamics: error: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }

    static func isManualClock(_ socket: String) throws -> Bool {
        let c = try Connection(socketPath: socket, clientName: "dynamics-probe", callbackQueue: DispatchQueue(label: "probe"))
        defer { c.close() }
        return c.welcome.manualClock
    }

    func makeSpring(to x: Double) throws -> DynamicSpringAnimation {
        let s = try DynamicSpringAnimation(keyPath: "position.x", toValue: .number(x))
        s.springBounciness = bounciness
        s.springSpeed = speed
        return s
    }

    static let startX = 50.0

    /// `count` more layers under `parent`, each with a spring of `position.y` (the load of a
    /// scene with many layers in motion); the first, reported layer moves along x.
    func addCompanions(_ count: Int, to parent: Layer, animator: DynamicAnimator) throws {
        for i in 0..<count {
            let l = Layer(context: parent.context)
            l.bounds = Rect(x: 0, y: 0, width: 4, height: 4)
            l.position = Point(x: Double(i % 100) * 4, y: 10)
            parent.addSublayer(l)
            let s = try DynamicSpringAnimation(keyPath: "position.y", toValue: .number(190 - Double(i % 7) * 10))
            s.springBounciness = bounciness
            s.springSpeed = speed
            try animator.add(s, to: l, forKey: "y")
        }
    }

    /// Mean and max of the frames' compute times, ms.
    final class FrameTimes {
        var total = 0.0, max = 0.0, count = 0
        func add(_ s: Double) { total += s; max = Swift.max(max, s); count += 1 }
        var meanMs: Double { count > 0 ? total / Double(count) * 1000 : 0 }
        var maxMs: Double { max * 1000 }
    }

    /// On a manual-clock daemon: frame by frame, the server's value read back each time.
    func manualClock(report: ViewDemoReport) throws -> Bool {
        let s = try ManualClockSession(socket: socket, name: "dynamics", contactSheet: contactSheet)
        defer { s.close() }
        let fps = s.connection.welcome.refreshRate > 0 ? s.connection.welcome.refreshRate : 60
        let period = 1 / fps
        let box = s.ui { () -> Layer in
            let root = Layer()
            root.bounds = Rect(x: 0, y: 0, width: 2 * DynamicsDemo.startX + distance, height: 200)
            root.position = Point(x: root.bounds.width / 2, y: 100)
            s.context.rootLayer = root
            let box = Layer()
            box.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
            box.position = Point(x: DynamicsDemo.startX, y: 100)
            box.backgroundColor = Color(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)
            root.addSublayer(box)
            return box
        }
        try s.apply()
        // The display link's grid: its first vsync is the daemon's time now, so each tick's
        // target time is the daemon's next frame.
        let now = try s.serverTime()
        let source = ManualDisplayLinkSource(origin: now - period)
        let animator = s.ui { DynamicAnimator(context: s.context, framesPerSecond: fps, source: source) }
        let target = DynamicsDemo.startX + distance
        let spring = try makeSpring(to: target)
        let completions = Shared<[Bool]>([])
        spring.completionBlock = { _, finished in completions.with { $0.append(finished) } }
        try s.ui {
            try animator.add(spring, to: box, forKey: "x")
            try addCompanions(layers - 1, to: box.superlayer!, animator: animator)
        }
        let frameTimes = FrameTimes()
        s.ui { animator.onFrame = { _ in frameTimes.add(animator.lastFrameSeconds) } }
        report.say("dynamics: \(layers) layer\(layers == 1 ? "" : "s") on a daemon on the manual clock at \(fmt(fps, 0)) Hz (session \(s.session)); spring "
            + "bounciness \(bounciness) speed \(speed) → tension \(fmt(spring.dynamicsTension, 2)) friction "
            + "\(fmt(spring.dynamicsFriction, 2)) mass \(spring.dynamicsMass) (ζ \(fmt(spring.dampingRatio, 3))); "
            + "position.x \(DynamicsDemo.startX) → \(target)")
        report.set("clock", "manual")
        report.set("fps", fps)
        report.set("spring", ["bounciness": bounciness, "speed": speed, "tension": spring.dynamicsTension,
                              "friction": spring.dynamicsFriction, "mass": spring.dynamicsMass])
        report.set("target", target)
        let commitsBefore = s.ui { s.commits.count }
        var agree = true
        var frame = 0
        var retargetTo = target
        while completions.with({ $0.isEmpty }) && frame < 600 {
            source.step()
            s.queue.sync {} // the tick: evaluate at the target time, commit
            // The daemon steps one period, to that time, and applies the commit.
            _ = try s.connection.ping()
            let stepped = try s.control.step(seconds: period)
            if frame % 4 == 0 { try s.recorder?.capture(s.control, mediaTime: stepped.mediaTime) }
            let seq = s.ui { s.context.lastSentSequence }
            if seq > 0 { _ = try s.connection.waitUntilApplied(seq) }
            let (t, x, v) = s.ui { (spring.lastFrameTime ?? 0, box.position.x, spring.velocity.number ?? 0) }
            let serverX = try ServerTree(s.control.treeReply(presentation: true, session: s.session, layer: box.id)).numbers("position", of: box.id).first ?? .nan
            if abs(serverX - x) > 1e-9 { agree = false }
            report.sample(["frame": frame, "t": t, "x": x, "velocity": v, "serverX": serverX],
                          line: "frame \(frame)  t \(fmt(t, 4))  x \(fmt(x, 3))  v \(fmt(v, 1)) pt/s  server x \(fmt(serverX, 3))")
            frame += 1
            if frame == retargetAfter {
                retargetTo = DynamicsDemo.startX + distance / 2
                let (before, vBefore, after, vAfter) = s.ui { () -> (Double, Double, Double, Double) in
                    let b = spring.value(at: t)?.number ?? .nan, vb = spring.velocity(at: t)?.number ?? .nan
                    spring.toValue = .number(retargetTo)
                    return (b, vb, spring.value(at: t)?.number ?? .nan, spring.velocity(at: t)?.number ?? .nan)
                }
                report.say("retarget to \(retargetTo) at t \(fmt(t, 4)): x \(fmt(before, 6)) → \(fmt(after, 6)), "
                    + "velocity \(fmt(vBefore, 6)) → \(fmt(vAfter, 6)) pt/s (continuous)")
                report.set("retarget", ["frame": frame, "t": t, "to": retargetTo, "valueBefore": before, "valueAfter": after,
                                        "velocityBefore": vBefore, "velocityAfter": vAfter])
            }
        }
        let commits = s.ui { s.commits.count } - commitsBefore
        let finalX = s.ui { box.position.x }
        let serverFinal = try ServerTree(s.control.treeReply(presentation: true, session: s.session, layer: box.id)).numbers("position", of: box.id).first ?? .nan
        let calls = completions.with { $0 }
        report.say("done after \(frame) frames: \(commits) commits (one per frame that moved it), "
            + "\(animator.displayLink.ticksDelivered) ticks; completion \(calls); model x \(finalX), server x \(serverFinal); "
            + (agree ? "the server showed the client's value at every frame" : "THE SERVER DISAGREED with the client"))
        report.say("frame compute on the client (\(layers) layers): mean \(fmt(frameTimes.meanMs, 3)) ms, max \(fmt(frameTimes.maxMs, 3)) ms")
        report.set("layers", layers)
        report.set("frameComputeMsMean", frameTimes.meanMs)
        report.set("frameComputeMsMax", frameTimes.maxMs)
        report.set("framesRun", frame)
        report.set("commitCount", commits)
        report.set("ticks", Int(animator.displayLink.ticksDelivered))
        report.set("completions", calls)
        report.set("finalX", finalX)
        report.set("serverFinalX", serverFinal)
        report.set("serverAgreed", agree)
        return calls == [true] && finalX == retargetTo && serverFinal == retargetTo && agree
    }

    /// On a real-clock daemon: the display link on the real clock at the daemon's rate.
    func realClock(socket: String, report: ViewDemoReport) throws -> Bool {
        let queue = DispatchQueue(label: "rendersrv-demo.dynamics")
        let connection = try Connection(socketPath: socket, clientName: "dynamics", callbackQueue: queue)
        defer { connection.close() }
        let control = try ControlClient(socketPath: socket, clientName: "dynamics-control")
        defer { control.close() }
        let target = DynamicsDemo.startX + distance
        let spring = try makeSpring(to: target)
        let finished = DispatchSemaphore(value: 0)
        let completions = Shared<[Bool]>([])
        spring.completionBlock = { _, f in completions.with { $0.append(f) }; finished.signal() }
        let retargetTo = retargetAfter > 0 ? DynamicsDemo.startX + distance / 2 : target
        let frameTimes = FrameTimes()
        let retargetAfter = self.retargetAfter
        let (context, box, animator) = try queue.sync { () -> (Context, Layer, DynamicAnimator) in
            let context = Context(connection: connection)
            let root = Layer(context: context)
            root.bounds = Rect(x: 0, y: 0, width: 2 * DynamicsDemo.startX + distance, height: 200)
            root.position = Point(x: root.bounds.width / 2, y: 100)
            context.rootLayer = root
            let box = Layer(context: context)
            box.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
            box.position = Point(x: DynamicsDemo.startX, y: 100)
            box.backgroundColor = Color(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)
            root.addSublayer(box)
            Transaction.flush()
            let animator = DynamicAnimator(context: context)
            animator.onFrame = { tick in
                frameTimes.add(animator.lastFrameSeconds)
                report.sample(["frame": Int(tick.index), "t": tick.targetTimestamp, "x": box.position.x,
                               "velocity": spring.velocity.number ?? 0, "skipped": Int(tick.skippedVsyncs)],
                              line: "tick \(tick.index)  t \(fmt(tick.targetTimestamp, 4))  x \(fmt(box.position.x, 3))  "
                                + "v \(fmt(spring.velocity.number ?? 0, 1)) pt/s" + (tick.skippedVsyncs > 0 ? "  (\(tick.skippedVsyncs) vsyncs skipped)" : ""))
                if tick.index == UInt64(retargetAfter) {
                    spring.toValue = .number(retargetTo)
                    report.say("retarget to \(retargetTo): velocity carries on at \(fmt(spring.velocity.number ?? 0, 1)) pt/s")
                }
            }
            try animator.add(spring, to: box, forKey: "x")
            try addCompanions(layers - 1, to: root, animator: animator)
            return (context, box, animator)
        }
        report.say("dynamics: a daemon on the real clock at \(fmt(animator.displayLink.framesPerSecond, 0)) Hz; spring "
            + "bounciness \(bounciness) speed \(speed) (ζ \(fmt(spring.dampingRatio, 3))); position.x \(DynamicsDemo.startX) → \(target)")
        report.set("clock", "real")
        report.set("fps", animator.displayLink.framesPerSecond)
        report.set("target", target)
        guard finished.wait(timeout: .now() + 30) == .success else {
            throw DemoError("the spring did not finish within 30 s (ticks delivered: \(animator.displayLink.ticksDelivered))")
        }
        let seq = queue.sync { context.lastSentSequence }
        _ = try connection.waitUntilApplied(seq)
        let finalX = queue.sync { box.position.x }
        let tree = try ServerTree(control.treeReply(presentation: false, session: connection.welcome.sessionID, layer: box.id))
        let serverX = tree.numbers("position", of: box.id).first ?? .nan
        let calls = completions.with { $0 }
        report.say("done: \(animator.displayLink.ticksDelivered) ticks, \(animator.commitsSent) commits, "
            + "\(animator.displayLink.vsyncsSkipped) vsyncs skipped; completion \(calls); model x \(finalX), server x \(serverX)")
        report.say("frame compute on the client (\(layers) layers): mean \(fmt(frameTimes.meanMs, 3)) ms, max \(fmt(frameTimes.maxMs, 3)) ms")
        report.set("layers", layers)
        report.set("frameComputeMsMean", frameTimes.meanMs)
        report.set("frameComputeMsMax", frameTimes.maxMs)
        report.set("vsyncsSkipped", Int(animator.displayLink.vsyncsSkipped))
        report.set("ticks", Int(animator.displayLink.ticksDelivered))
        report.set("commitCount", Int(animator.commitsSent))
        report.set("completions", calls)
        report.set("finalX", finalX)
        report.set("serverFinalX", serverX)
        queue.sync { animator.displayLink.invalidate() }
        return calls == [true] && finalX == retargetTo && serverX == retargetTo
    }
}
