import Foundation
import Testing
import RenderClient

/// End to end on the real rendersrvd with a manual clock: a transaction's presented handler
/// hears the frame that drew it, and a retargeted spring is the same on both sides (the
/// client mirrors the daemon's retarget to 1e-9).
@Suite("End to end, presentation feedback and spring retarget")
struct FeedbackEndToEndTests {
    /// The manual clock's time as the daemon sums it (origin, then each step added).
    final class SteppedClock: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Double
        init(_ start: Double) { value = start }
        var now: Double { lock.lock(); defer { lock.unlock() }; return value }
        func add(_ s: Double) { lock.lock(); value += s; lock.unlock() }
    }

    @Test func presentedHandlerAndRetargetAgainstTheDaemon() throws {
        let daemon = try Daemon(clock: "manual")
        defer { daemon.stop() }
        let queue = DispatchQueue(label: "e2e.feedback.main")
        let connection = try Connection(socketPath: daemon.socketPath, clientName: "feedback", callbackQueue: queue)
        let clock = SteppedClock(connection.welcome.mediaTime)
        let context = Context(connection: connection, clock: { clock.now })
        let control = try ControlClient(socketPath: daemon.socketPath, clientName: "feedback-control")
        func onMain<T>(_ body: () -> T) -> T { let r = queue.sync(execute: body); queue.sync {}; return r }
        func step(_ s: Double) throws { _ = try control.step(seconds: s); clock.add(s) }

        let presented = DispatchSemaphore(value: 0)
        let heard = NSLock()
        var frames: [PresentedFrame?] = []
        let layer = onMain { () -> Layer in
            let l = Layer(context: context)
            l.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
            l.backgroundColor = Color(red: 1, green: 0, blue: 0)
            context.rootLayer = l
            Transaction.disableActions = true
            Transaction.presentedHandler = { f in heard.lock(); frames.append(f); heard.unlock(); presented.signal() }
            l.add(.spring(SpringAnimation(keyPath: LayerKeyPath(.position), from: .point(Point(x: 0, y: 0)),
                                          to: .point(Point(x: 100, y: 50)), stiffness: 100, damping: 10)), forKey: "move")
            return l
        }
        _ = try connection.ping()
        let applied = try connection.waitUntilApplied(onMain { context.lastSentSequence })
        try step(1.0 / 60)
        #expect(presented.wait(timeout: .now() + 5) == .success)
        heard.lock(); let first = frames.first ?? nil; heard.unlock()
        let frame = try #require(first)
        #expect(frame.frame == applied.frame)
        // The manual clock's compositor draws each frame before the step returns: ready at its target.
        #expect(frame.readyTime == frame.mediaTime)

        try step(0.1)
        let t = clock.now
        onMain { layer.retargetSpring(forKey: "move", to: .point(Point(x: -40, y: 200)), stiffness: 300, damping: 20) }
        _ = try connection.ping()
        _ = try connection.waitUntilApplied(onMain { context.lastSentSequence })
        for dt in [0.0, 0.05, 0.2, 0.6] {
            let dump = try TreeDump(control.treeReply(presentation: true, at: t + dt))
            let server = try #require(dump.numbers("position", of: layer.id, session: connection.welcome.sessionID))
            let client = onMain { layer.presentation(at: t + dt).position }
            #expect(abs(server[0] - client.x) < 1e-9 && abs(server[1] - client.y) < 1e-9,
                    "+\(dt) s: server \(server), client \(client)")
        }
        let model = try TreeDump(control.treeReply(presentation: false))
        #expect(model.numbers("position", of: layer.id, session: connection.welcome.sessionID) == [-40, 200])
        withExtendedLifetime(context) {}
    }
}
