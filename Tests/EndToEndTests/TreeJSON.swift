import Foundation
import RenderClient

/// The server's tree dump, decoded (`TreeReport`): layers by session and id.
struct TreeDump {
    let mediaTime: Double
    private let layers: [UInt32: [UInt32: TreeReport.Layer]]

    init(_ reply: TreeReply) throws {
        mediaTime = reply.mediaTime
        let report = try JSONDecoder().decode(TreeReport.self, from: Data(reply.json.utf8))
        var result: [UInt32: [UInt32: TreeReport.Layer]] = [:]
        for s in report.sessions {
            result[s.session] = Dictionary(s.layers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        }
        layers = result
    }

    func layer(_ id: LayerID, session: UInt32) -> TreeReport.Layer? { layers[session]?[id] }

    func numbers(_ key: String, of id: LayerID, session: UInt32) -> [Double]? {
        layer(id, session: session)?.properties.numbers(key)
    }

    func animationKeys(of id: LayerID, session: UInt32) -> [String] {
        layer(id, session: session)?.animations.map(\.key) ?? []
    }
}

/// Statistics from the daemon's `stats` JSON.
struct Stats {
    let frames: Double, missedFrames: Double, frameIntervalP99: Double
    init(_ json: String) throws {
        let report = try JSONDecoder().decode(StatsReport.self, from: Data(json.utf8))
        frames = Double(report.frames)
        missedFrames = Double(report.missedFrames)
        frameIntervalP99 = report.frameInterval.p99
    }
}

/// Records an animation delegate's callbacks (from the callback queue) for the test thread.
final class DelegateRecorder: AnimationDelegate {
    private let lock = NSLock()
    private var _started = 0
    private var _stops: [Bool] = []
    let stopped = DispatchSemaphore(value: 0)
    var started: Int { lock.lock(); defer { lock.unlock() }; return _started }
    var stops: [Bool] { lock.lock(); defer { lock.unlock() }; return _stops }
    func animationDidStart(_ anim: Animation) { lock.lock(); _started += 1; lock.unlock() }
    func animationDidStop(_ anim: Animation, finished: Bool) {
        lock.lock(); _stops.append(finished); lock.unlock()
        stopped.signal()
    }
}

/// A client session against a daemon: a connection whose callback queue stands in for the
/// app's main queue, its context, and a control connection.
final class Client {
    let queue = DispatchQueue(label: "e2e.main")
    let connection: Connection
    let context: Context
    let control: ControlClient
    var session: UInt32 { connection.welcome.sessionID }

    init(_ daemon: Daemon, name: String = "e2e") throws {
        connection = try Connection(socketPath: daemon.socketPath, clientName: name, callbackQueue: queue)
        context = Context(connection: connection)
        control = try ControlClient(socketPath: daemon.socketPath, clientName: name + "-control")
    }

    /// Runs `body` as one work item of the callback queue; its implicit transaction is
    /// committed at the end of that item, which `sync` then waits for.
    func onMain<T>(_ body: () throws -> T) rethrows -> T {
        let r = try queue.sync(execute: body)
        queue.sync {} // the end-of-turn flush is its own work item
        return r
    }

    /// Makes the server apply everything committed so far: a ping proves it has read the
    /// commits; a manual step of one frame applies them.
    func applyCommits(step: Double = 1.0 / 60) throws {
        _ = try connection.ping()
        _ = try control.step(seconds: step)
        let seq = onMain { context.lastSentSequence }
        if seq > 0 { _ = try connection.waitUntilApplied(seq) }
    }
}
