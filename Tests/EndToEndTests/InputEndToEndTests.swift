import Foundation
import Testing
import RenderClient
import XDisplaySupport
import RenderViews

/// End to end on the real rendersrvd: `injectInput` (what `rendersrvctl input` sends) is
/// hit-tested on the daemon's frame and delivered only to the client whose layer it hit,
/// through `Connection` to the view's tap recognizer; the other client hears nothing.
@Suite("End to end, input")
struct InputEndToEndTests {
    @Test func aTapInjectedAtTheDaemonReachesTheTappedClientsViewOnly() throws {
        let daemon = try Daemon(clock: "manual")
        defer { daemon.stop() }
        let queueA = DispatchQueue(label: "e2e.input.a"), queueB = DispatchQueue(label: "e2e.input.b")
        let a = try Connection(socketPath: daemon.socketPath, clientName: "a", callbackQueue: queueA)
        let b = try Connection(socketPath: daemon.socketPath, clientName: "b", callbackQueue: queueB)
        #expect(a.welcome.version >= 3) // input is version 3 and later
        let contextA = Context(connection: a), contextB = Context(connection: b)
        let control = try ControlClient(socketPath: daemon.socketPath, clientName: "input-control")
        let taps = Box<Point>(), heardByB = Box<PointerEvent>()
        let tapped = DispatchSemaphore(value: 0), bHeard = DispatchSemaphore(value: 0)

        let row = queueA.sync { () -> View in
            let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200), context: contextA)
            let row = View(frame: Rect(x: 0, y: 50, width: 200, height: 40), context: contextA)
            row.backgroundColor = Color(red: 0, green: 0.5, blue: 1)
            root.addSubview(row)
            row.addGestureRecognizer(TapGestureRecognizer { g in taps.append(g.location); tapped.signal() })
            contextA.rootLayer = root.layer
            return row
        }
        queueB.sync {
            let other = Layer(context: contextB)
            other.frame = Rect(x: 300, y: 0, width: 100, height: 100)
            contextB.rootLayer = other
            contextB.onPointerEvent = { e, _ in heardByB.append(e); bHeard.signal() }
        }
        queueA.sync {}; queueB.sync {}
        _ = try a.waitUntilApplied(queueA.sync { contextA.lastSentSequence })
        _ = try b.waitUntilApplied(queueB.sync { contextB.lastSentSequence })
        _ = try control.step(seconds: 1.0 / 60)

        let reply = try control.injectInput(InputScript.tap(at: Point(x: 60, y: 75), hold: 0))
        #expect(reply.deliveries.map(\.sessionID) == [a.welcome.sessionID, a.welcome.sessionID])
        #expect(reply.deliveries.map(\.layer) == [row.layer.id, row.layer.id])
        #expect(tapped.wait(timeout: .now() + 10) == .success)
        #expect(taps.all == [Point(x: 60, y: 25)]) // in the row's own space
        // A press on b's layer goes to b alone.
        let other = try control.injectInput([InputScript.press(at: Point(x: 350, y: 50))])
        #expect(other.deliveries.map(\.sessionID) == [b.welcome.sessionID])
        #expect(bHeard.wait(timeout: .now() + 10) == .success)
        _ = try a.ping(); queueA.sync {}
        #expect(taps.all.count == 1) // a heard nothing of it
        #expect(heardByB.all.map(\.kind) == [.pointerDown])
        #expect(heardByB.all.first?.location == Point(x: 50, y: 50))
        withExtendedLifetime((contextA, contextB)) {}
    }
}

/// The client's mirror of a tracker in inertia predicts where the daemon puts the content:
/// `presentation(at:)` between reports, against the daemon's own frame (manual clock).
@Suite("End to end, tracker mirror")
struct TrackerMirrorEndToEndTests {
    @Test func theClientsPresentationFollowsTheDaemonsInertiaBetweenReports() throws {
        let daemon = try Daemon(clock: "manual")
        defer { daemon.stop() }
        let queue = DispatchQueue(label: "e2e.tracker.mirror")
        let connection = try Connection(socketPath: daemon.socketPath, clientName: "mirror", callbackQueue: queue)
        let clock = FeedbackEndToEndTests.SteppedClock(connection.welcome.mediaTime)
        let context = Context(connection: connection, clock: { clock.now })
        let control = try ControlClient(socketPath: daemon.socketPath, clientName: "mirror-control")
        let states = Box<TrackerState>()
        let inertia = DispatchSemaphore(value: 0)
        let layer = queue.sync { () -> Layer in
            let l = Layer(context: context)
            l.frame = Rect(x: 0, y: 0, width: 300, height: 400)
            context.rootLayer = l
            l.setInteractionTracker(TrackerConfiguration(axes: .vertical, contentSize: Size(width: 300, height: 20_000)))
            context.onTrackerUpdate = { u, _ in
                if u.reason == .stateChanged { states.append(u.state) }
                if u.reason == .stateChanged && u.state == .inertia { inertia.signal() }
            }
            return l
        }
        queue.sync {}
        _ = try connection.waitUntilApplied(queue.sync { context.lastSentSequence })
        queue.sync { _ = layer.requestTracker(.addVelocity, point: Point(x: 0, y: 2500)) }
        queue.sync {}
        _ = try connection.waitUntilApplied(queue.sync { context.lastSentSequence })
        for _ in 0..<6 { _ = try control.step(seconds: 1.0 / 60); clock.add(1.0 / 60) }
        #expect(inertia.wait(timeout: .now() + 10) == .success)
        queue.sync {} // the update's other handlers (the layer's mirror) ran before the signal
        // What the client predicts for 0.25 s on, before the daemon gets there.
        let later = clock.now + 0.25
        let predicted = queue.sync { layer.presentation(at: later).bounds.origin.y }
        _ = try control.step(seconds: 0.25); clock.add(0.25)
        let dump = try TreeDump(control.treeReply(presentation: false))
        let bounds = try #require(dump.numbers("bounds", of: layer.id, session: connection.welcome.sessionID))
        #expect(abs(bounds[1] - predicted) < 0.01, "client \(predicted), daemon \(bounds[1])")
        #expect(bounds[1] > 100)
        withExtendedLifetime(context) {}
    }
}
