import Foundation
import RenderClient
import RenderViews
import Components

/// What the component demos share: a session with a daemon on the manual clock, driven from
/// the demo's thread. The context's callback queue is a private serial queue (`onQueue`
/// runs one work item there and lets its end-of-turn commit go out); its clock is the
/// daemon's, as this demo last stepped it, so commit times and presentation agree exactly.
///
/// Every commit is recorded on its way to the socket, so the demo can print what it sent;
/// presentation values come from the daemon's tree dump at a chosen media time and from the
/// client's `presentation(at:)`, which must agree.
final class ComponentDemo {
    let name: String
    let queue = DispatchQueue(label: "rendersrv-demo.components")
    let connection: Connection
    let control: ControlClient
    private(set) var context: Context!
    /// The daemon's media time as last stepped, s.
    private(set) var now: Double
    private let commitLog = Shared<[Commit]>([])
    private var reportedCommits = 0

    var lines: [String] = []
    var commitsJSON: [[String: Any]] = []
    var samplesJSON: [[String: Any]] = []
    var failures: [String] = []
    /// Set with --contact-sheet: frames at the sampled times.
    var recorder: ContactSheetRecorder?

    init(name: String, socket: String?) throws {
        self.name = name
        connection = try Connection(socketPath: socket, clientName: "rendersrv-demo \(name)", callbackQueue: queue)
        guard connection.welcome.manualClock else {
            connection.close(reason: "wrong clock")
            throw DemoError("rendersrvd at \(connection.socketPath) runs a real clock; the \(name) demo steps time itself: "
                + "start the daemon with --clock manual")
        }
        control = try ControlClient(socketPath: connection.socketPath, clientName: "rendersrv-demo \(name) control")
        now = try control.treeReply().mediaTime
        let log = commitLog, conn = connection
        queue.sync {
            let ctx = Context(queue: queue, clock: { [unowned self] in self.now }, commitSink: { commit in
                log.with { $0.append(commit) }
                do { try conn.send(commit) } catch { FileHandle.standardError.write(Data("rendersrv-demo: send failed: \(error)\n".utf8)) }
            })
            context = ctx
            conn.onEvent = { [weak ctx] m in ctx?.deliver(m) }
            conn.onError = { [weak ctx] e in ctx?.deliver(.error(e)) }
            conn.onDisconnect = { [weak ctx] e in ctx?.connectionDidEnd(e) }
        }
    }

    /// Runs `body` as one work item of the callback queue, then lets its commit go out.
    @discardableResult
    func onQueue<T>(_ body: () throws -> T) rethrows -> T {
        let r = try queue.sync(execute: body)
        queue.sync {}
        queue.sync {}
        return r
    }

    /// Waits until the daemon applied everything sent (a frame step applies commits).
    func applyCommits() throws {
        _ = try connection.ping()
        let seq = onQueue { context.lastSentSequence }
        try step(1.0 / 60)
        if seq > 0 { _ = try connection.waitUntilApplied(seq) }
    }

    /// Advances the daemon's clock.
    func step(_ seconds: Double) throws {
        now = try control.step(seconds: seconds).mediaTime
    }

    // MARK: Reporting what was committed

    /// Records the commits sent since the last call under `title`; returns their animations.
    @discardableResult
    func reportCommits(_ title: String) -> [(layer: LayerID, key: String, animation: Animation)] {
        let all = commitLog.with { $0 }
        let new = all[reportedCommits...]
        reportedCommits = all.count
        var anims: [(LayerID, String, Animation)] = []
        var created = 0, sets = 0, structural = 0
        for c in new {
            for cmd in c.commands {
                switch cmd {
                case let .addAnimation(l, key, _, a): anims.append((l, key, a))
                case .createLayer: created += 1
                case .setProperty: sets += 1
                default: structural += 1
                }
            }
        }
        lines.append("\(title): \(new.count) commit(s): \(created) layers created, \(sets) properties set, "
            + "\(structural) other commands, \(anims.count) animation(s)")
        for (l, key, a) in anims { lines.append("    layer \(l) \"\(key)\": \(describe(a))") }
        commitsJSON.append(["title": title, "commits": new.count, "layersCreated": created, "propertiesSet": sets,
                            "animations": anims.map { ["layer": Int($0.0), "key": $0.1, "animation": json($0.2)] as [String: Any] }])
        return anims
    }

    func describe(_ a: Animation) -> String {
        switch a.kind {
        case let .basic(b):
            return "basic \(b.keyPath) from \(b.from.map { "\($0)" } ?? "-") to \(b.to.map { "\($0)" } ?? "model"), "
                + "\(fmt(a.timing.duration, 3)) s, \(a.timingFunction.map { "\($0)" } ?? "linear"), fill \(a.timing.fillMode)"
        case let .spring(s):
            return "spring \(s.keyPath) from \(s.from.map { "\($0)" } ?? "-"), ζ \(fmt(s.dampingRatio, 3)), stiffness "
                + "\(fmt(s.stiffness, 1)), v0 \(s.initialVelocity), \(fmt(a.timing.duration, 3)) s"
        case let .group(g):
            return "group of \(g.animations.count), \(fmt(a.timing.duration, 3)) s: " + g.animations.map(describe).joined(separator: "; ")
        default:
            return "\(a)"
        }
    }

    func json(_ a: Animation) -> [String: Any] {
        var o: [String: Any] = ["duration": a.timing.duration, "beginTime": a.timing.beginTime, "fillMode": "\(a.timing.fillMode)"]
        switch a.kind {
        case let .basic(b):
            o["kind"] = "basic"; o["keyPath"] = b.keyPath.description
            o["from"] = b.from.map { "\($0)" } ?? NSNull(); o["to"] = b.to.map { "\($0)" } ?? NSNull()
        case let .spring(s):
            o["kind"] = "spring"; o["keyPath"] = s.keyPath.description; o["dampingRatio"] = s.dampingRatio
            o["from"] = s.from.map { "\($0)" } ?? NSNull()
        case let .group(g):
            o["kind"] = "group"; o["animations"] = g.animations.map(json)
        default:
            o["kind"] = "\(a)"
        }
        return o
    }

    // MARK: Presentation samples

    /// The daemon's presentation of `layer`'s `property` at media time `t` (numbers as the
    /// tree dump gives them) and the client's, recorded under `label`; a mismatch is a failure.
    @discardableResult
    func sample(_ label: String, layer: Layer, _ key: PropertyKey, at t: Double, since start: Double) throws -> [Double] {
        if let recorder {
            // Draw the frame at the sample's time for the contact sheet (a time the clock has
            // passed already — the commit's own frame — shows the current frame, labelled
            // with its own time since `start`).
            if t > now { try step(t - now) }
            try recorder.capture(control, mediaTime: now, origin: start)
        }
        let reply = try control.treeReply(presentation: true, at: t, session: connection.welcome.sessionID)
        let server = try ComponentDemo.numbers(key.name, of: layer.id, in: reply.json)
        let client = onQueue { ComponentDemo.numbers(layer.presentation(at: t).value(of: key)) }
        if zip(server, client).contains(where: { abs($0 - $1) > 1e-6 }) || server.count != client.count {
            failures.append("\(label) \(key) at +\(fmt(t - start, 3)) s: server \(server), client \(client)")
        }
        lines.append("    +\(fmt(t - start, 3)) s  \(label) \(key.name) = \(server.map { fmt($0, 3) }.joined(separator: ", "))")
        samplesJSON.append(["label": label, "property": key.name, "t": t - start, "server": server, "client": client])
        return server
    }

    static func numbers(_ v: AnimatableValue) -> [Double] {
        switch v {
        case let .number(x): return [x]
        case let .point(p): return [p.x, p.y]
        case let .size(s): return [s.width, s.height]
        case let .rect(r): return [r.origin.x, r.origin.y, r.width, r.height]
        case let .color(c): return [c.red, c.green, c.blue, c.alpha]
        case let .transform(t): return t.rows
        default: return []
        }
    }

    static func numbers(_ key: String, of id: LayerID, in json: String) throws -> [Double] {
        guard let o = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw DemoError("the daemon's tree dump is not a JSON object")
        }
        for s in o["sessions"] as? [[String: Any]] ?? [] {
            for l in s["layers"] as? [[String: Any]] ?? [] where (l["id"] as? NSNumber)?.uint32Value == id {
                let p = l["properties"] as? [String: Any] ?? [:]
                if let a = p[key] as? [NSNumber] { return a.map(\.doubleValue) }
                if let n = p[key] as? NSNumber { return [n.doubleValue] }
                throw DemoError("layer \(id) has no \(key) in the daemon's tree dump")
            }
        }
        throw DemoError("layer \(id) is not in the daemon's tree dump")
    }

    func check(_ condition: Bool, _ failure: @autoclosure () -> String) {
        if !condition { failures.append(failure()) }
    }

    /// Prints the report and exits: 0 when every check held.
    func finish(json asJSON: Bool) -> Never {
        control.close()
        connection.close(reason: "demo finished")
        if asJSON {
            var o: [String: Any] = ["demo": name, "steps": commitsJSON, "samples": samplesJSON, "failures": failures,
                                    "ok": failures.isEmpty]
            if let recorder { o["contactSheet"] = ["path": recorder.path, "tiles": recorder.labels] }
            let data = try! JSONSerialization.data(withJSONObject: o, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(([name] + lines + [failures.isEmpty ? "  OK" : "  FAILED"]).joined(separator: "\n"))
        }
        for f in failures { FileHandle.standardError.write(Data("rendersrv-demo: FAILED: \(f)\n".utf8)) }
        exit(failures.isEmpty ? 0 : 1)
    }

    /// A host view as the client's root layer, with a dark background.
    func makeRoot(_ host: View) {
        onQueue {
            host.backgroundColor = Color(white: 0.1)
            context.rootLayer = host.layer
        }
    }
}
