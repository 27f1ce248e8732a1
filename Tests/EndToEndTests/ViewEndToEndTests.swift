import Foundation
import Testing
import RenderViews

/// RenderViews against the real rendersrvd on the manual clock: the view demos' output,
/// and property animators that run and hold in the server while the client's callback
/// queue is blocked.
@Suite("End to end, views")
struct ViewEndToEndTests {
    func demo(_ name: String, _ daemon: Daemon) throws -> [String: Any] {
        let r = try CommandLineTests().run("rendersrv-demo", [name, "--socket", daemon.socketPath, "--json"])
        #expect(r.status == 0, "\(name): \(r.error)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.output.utf8)) as? [String: Any], "\(r.output)")
    }

    func numbers(_ any: Any?) -> [Double] { (any as? [NSNumber])?.map(\.doubleValue) ?? [] }

    @Test func viewBlockDemoAnimatesOnlyInsideTheBlock() throws {
        let daemon = try Daemon(clock: "manual")
        defer { daemon.stop() }
        let o = try demo("view-block", daemon)
        let commits = try #require(o["commits"] as? [[String: Any]])
        #expect(commits.count == 2)
        #expect((commits[0]["animations"] as? [Any])?.isEmpty == true, "outside a block: no animation on the wire")
        let inside = try #require((commits[1]["animations"] as? [[String: Any]])?.first)
        #expect(inside["kind"] as? String == "basic" && inside["key"] as? String == "position")
        #expect(numbers(inside["from"]) == [50, 150] && inside["to"] == nil)
        #expect((inside["duration"] as? NSNumber)?.doubleValue == 1 && inside["fill"] as? String == "both")
        #expect(numbers(inside["timingFunction"]) == [0.42, 0, 0.58, 1])
        let samples = try #require(o["samples"] as? [[String: Any]])
        #expect(samples.count == 6)
        for s in samples {
            let f = (s["fraction"] as? NSNumber)?.doubleValue ?? -1
            let out = numbers(s["outside"]), inn = numbers(s["inside"]), client = numbers(s["clientInside"])
            #expect(out == [350, 50], "the change outside the block took effect at once")
            #expect(abs(inn[0] - client[0]) < 1e-9, "server and client agree at \(f)")
            let p = min(f, 1)
            let eased = TimingFunction.easeInEaseOut.evaluate(p)
            #expect(abs(inn[0] - (50 + 300 * eased)) < 1e-6, "inside.x at \(f): \(inn[0])")
        }
        #expect((o["completions"] as? [Bool]) == [true])
    }

    @Test func popBlockDemoPopsAndComesBack() throws {
        let daemon = try Daemon(clock: "manual")
        defer { daemon.stop() }
        let o = try demo("pop-block", daemon)
        let commits = try #require(o["commits"] as? [[String: Any]])
        let animations = try #require(commits.first?["animations"] as? [[String: Any]])
        #expect(Set(animations.compactMap { $0["key"] as? String }) == ["position", "bounds", "backgroundColor", "transform"])
        for a in animations {
            #expect(a["kind"] as? String == "keyframe")
            #expect(numbers(a["keyTimes"]) == [0, 0.35, 1])
            let values = (a["values"] as? [[NSNumber]]) ?? []
            #expect(values.count == 3 && values.first == values.last, "old → new → old")
        }
        let sets = try #require(commits.first?["setProperties"] as? [[String: Any]])
        #expect(sets.contains { $0["keyPath"] as? String == "position" && numbers($0["value"]) == [50, 60] },
                "the model goes back to the old value")
        let samples = try #require(o["samples"] as? [[String: Any]])
        func sample(_ f: Double) -> [String: Any]? { samples.first { ($0["fraction"] as? NSNumber)?.doubleValue == f } }
        let peak = try #require(sample(0.35)), end = try #require(sample(1.05))
        #expect(abs(((peak["movedY"] as? NSNumber)?.doubleValue ?? 0) - 10) < 1e-6)
        #expect(abs(((peak["resizedWidth"] as? NSNumber)?.doubleValue ?? 0) - 100) < 1e-6)
        #expect(abs(((peak["rotatedAngle"] as? NSNumber)?.doubleValue ?? 0) - Double.pi / 2) < 1e-6)
        #expect(abs(((end["movedY"] as? NSNumber)?.doubleValue ?? 0) - 60) < 1e-9)
        #expect(abs(((end["resizedWidth"] as? NSNumber)?.doubleValue ?? 0) - 60) < 1e-9)
        #expect((o["completions"] as? NSNumber)?.intValue == 1)
    }

    /// Blocks the client's callback queue until `release` is signalled.
    func block(_ client: SteppedClient) -> DispatchSemaphore {
        let release = DispatchSemaphore(value: 0), blocked = DispatchSemaphore(value: 0)
        client.queue.async { blocked.signal(); release.wait() }
        blocked.wait()
        return release
    }

    func serverX(_ client: SteppedClient, _ view: View) throws -> Double {
        let dump = try TreeDump(client.control.treeReply(presentation: true))
        return try #require(dump.numbers("position", of: view.layer.id, session: client.session))[0]
    }

    /// A linear 1 s animator moving a view's center from x 50 to 150, started and applied.
    func runningAnimator(_ client: SteppedClient) throws -> (View, PropertyAnimator, Double) {
        let (v, a) = client.onMain { () -> (View, PropertyAnimator) in
            let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 200))
            client.context.rootLayer = root.layer
            let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            root.addSubview(v)
            return (v, PropertyAnimator(duration: 1, curve: .linear) { v.center = Point(x: 150, y: 50) })
        }
        try client.applyCommits()
        client.onMain { a.startAnimation() }
        try client.applyCommits()
        let begin = client.onMain { v.layer.animation(forKey: "position")?.timing.beginTime ?? .nan }
        return (v, a, begin)
    }

    @Test func aRunningAnimatorProgressesWhileTheClientIsBlocked() throws {
        let daemon = try Daemon(clock: "manual")
        defer { daemon.stop() }
        let client = try SteppedClient(daemon)
        let (v, a, begin) = try runningAnimator(client)
        var ended: [PropertyAnimator.Position] = []
        client.onMain { a.addCompletion { ended.append($0) } }
        let release = block(client)
        var t = try client.control.treeReply(presentation: false).mediaTime
        var xs: [Double] = []
        for _ in 0..<3 {
            t = try client.step(seconds: 0.25).mediaTime
            let x = try serverX(client, v)
            #expect(abs(x - (50 + 100 * min(1, t - begin))) < 1e-6, "at +\(t - begin) s the server shows \(x)")
            xs.append(x)
        }
        #expect(xs == xs.sorted() && xs.last! > xs.first!, "moved while the client was blocked: \(xs)")
        release.signal()
        _ = try client.step(seconds: 0.5)
        // The completion comes after the animator's final commit is acknowledged: a round
        // trip or more after the stop, later still on a loaded machine. Wait for it on
        // events (each ping is a round trip), not on time.
        let deadline = Date().addingTimeInterval(10)
        repeat {
            _ = try client.connection.ping()
            client.queue.sync {}
        } while client.queue.sync(execute: { ended.isEmpty }) && Date() < deadline
        #expect(ended == [.end])
        try client.applyCommits()
        let dump = try TreeDump(client.control.treeReply(presentation: false))
        #expect(dump.animationKeys(of: v.layer.id, session: client.session).isEmpty,
                "the held end was removed with the final model value")
        #expect(dump.numbers("position", of: v.layer.id, session: client.session) == [150, 50])
    }

    @Test func aPausedOrScrubbedAnimatorHoldsWhileTheClientIsBlocked() throws {
        let daemon = try Daemon(clock: "manual")
        defer { daemon.stop() }
        let client = try SteppedClient(daemon)
        let (v, a, begin) = try runningAnimator(client)
        let now = try client.control.treeReply(presentation: false).mediaTime
        _ = try client.step(seconds: begin + 0.3 - now)
        _ = try client.connection.ping()
        client.onMain { a.pauseAnimation() }
        try client.applyCommits()
        let held = try serverX(client, v)
        #expect(abs(held - 80) < 1e-6, "paused at 30 %: \(held)")
        var release = block(client)
        for _ in 0..<4 {
            _ = try client.step(seconds: 0.5)
            #expect(abs(try serverX(client, v) - held) < 1e-9, "a paused animator holds in the server")
        }
        release.signal()
        client.onMain { a.fractionComplete = 0.9 }
        try client.applyCommits()
        release = block(client)
        for _ in 0..<3 {
            _ = try client.step(seconds: 0.5)
            #expect(abs(try serverX(client, v) - 140) < 1e-6, "scrubbed to 90 % and held")
        }
        release.signal()
        client.onMain { a.stopAnimation(true) }
    }
}

/// A client whose context's clock is the daemon's time as this test steps it: the manual
/// clock's time only reaches a connection with its events, so a client that must act "now"
/// between steps (pause, scrub) is given the stepped time directly.
final class SteppedClient {
    let queue = DispatchQueue(label: "e2e.views.main")
    let connection: Connection
    let context: Context
    let control: ControlClient
    private let time: Locked
    var session: UInt32 { connection.welcome.sessionID }

    final class Locked: @unchecked Sendable {
        private let lock = NSLock()
        private var t = 0.0
        var value: Double {
            get { lock.lock(); defer { lock.unlock() }; return t }
            set { lock.lock(); t = newValue; lock.unlock() }
        }
    }

    init(_ daemon: Daemon) throws {
        connection = try Connection(socketPath: daemon.socketPath, clientName: "e2e-views", callbackQueue: queue)
        control = try ControlClient(socketPath: daemon.socketPath, clientName: "e2e-views-control")
        let time = Locked()
        self.time = time
        time.value = try control.treeReply(presentation: false).mediaTime
        context = Context(connection: connection, clock: { time.value })
    }

    /// Steps the daemon's clock and the context's with it.
    @discardableResult
    func step(seconds: Double) throws -> ClockStepped {
        let r = try control.step(seconds: seconds)
        time.value = r.mediaTime
        return r
    }

    func onMain<T>(_ body: () throws -> T) rethrows -> T {
        let r = try queue.sync(execute: body)
        queue.sync {}
        return r
    }

    func applyCommits() throws {
        _ = try connection.ping()
        try step(seconds: 1.0 / 60)
        let seq = onMain { context.lastSentSequence }
        if seq > 0 { _ = try connection.waitUntilApplied(seq) }
    }
}
