import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// Interaction trackers in the daemon (embedded server, manual clock, injected input): the
/// daemon moves a list's content under the pointer, flings and settles it with no commit
/// from the app, tells the app what happened, cancels the app's press when a pan begins,
/// and applies or ignores the app's requests by InteractionTracker's rule.
@Suite struct TrackerRoutingTests {
    static let period = 1.0 / 60
    typealias R = InputRoutingTests

    /// A 300×400 viewport (layer 1, the root, at the display's origin) over 40 rows of 50
    /// points (layers 10…49), with a vertical tracker on the root.
    static func list(_ s: EmbeddedServer, configuration: TrackerConfiguration? = nil) throws -> UInt32 {
        let rows = (0..<40).map { i in (LayerID(10 + i), Rect(x: 0, y: Double(i) * 50, width: 300, height: 50),
                                        [(PropertyKey, AnimatableValue)]()) }
        let c = try R.scene(s, name: "list", origin: .zero, size: 400, children: rows)
        var config = configuration ?? TrackerConfiguration(axes: .vertical, contentSize: Size(width: 400, height: 2000))
        if configuration == nil { config.contentSize = Size(width: 400, height: 2000) }
        s.send(.commit(Commit(sequence: 2, mediaTime: 1000, commands: [.setTracker(1, config)])), from: c)
        s.step(seconds: period)
        _ = try s.readMessages(of: c)
        return c
    }

    static func origin(_ s: EmbeddedServer, _ client: UInt32, _ layer: LayerID = 1) -> Point? {
        s.core.sessions.first { $0.id == client }?.store.node(layer)?.model.bounds.origin
    }

    static func updates(_ messages: [Message]) -> [TrackerUpdate] {
        messages.compactMap { if case let .trackerUpdate(u) = $0 { return u }; return nil }
    }

    @Test func aDragMovesTheContentUnderThePointerAndCancelsTheAppsPress() throws {
        let s = IsolationTests.server()
        let c = try Self.list(s)
        let ops = try IsolationTests.client(s, name: "ops")
        // Press on row 12 (y 100…150), then drag up 100 points over 5 frames, pause, release.
        s.send(.injectInput(InjectInput(requestID: 1, events: [R.press(150, 120)]
            + (1...5).map { R.move(150, 120 - Double($0) * 20, delay: Self.period) }
            + [R.release(150, 20, delay: 0.2)])), from: ops)
        for _ in 0..<6 { s.step(seconds: Self.period) }
        // The pan begins where the pointer crossed the 10-point threshold (the first move, 20
        // points down the drag), as UIKit's does: the content follows the 80 points after it.
        #expect(Self.origin(s, c) == Point(x: 0, y: 80), "\(String(describing: Self.origin(s, c)))")
        let got = try s.readMessages(of: c)
        let pointer = got.compactMap { m -> PointerEvent? in if case let .pointerEvent(p) = m { return p }; return nil }
        #expect(pointer.map(\.kind) == [.pointerDown, .pointerCancel]) // the pan took the press
        #expect(pointer.first?.layer == 12)
        let states = Self.updates(got).filter { $0.reason == .stateChanged }.map(\.state)
        #expect(states == [.interacting])
        let moves = Self.updates(got).filter { $0.reason == .moved }
        #expect(!moves.isEmpty && moves.last?.position == Point(x: 0, y: 80))
        for _ in 0..<15 { s.step(seconds: Self.period) } // the release after a pause: no fling
        guard case let .inputInjected(r)? = try s.readMessages(of: ops).last else { Issue.record("no reply"); return }
        #expect(r.deliveries.first == InputDelivery(sessionID: c, layer: 12, trackerLayer: 1))
        #expect(r.deliveries.dropFirst().allSatisfy { $0.sessionID == 0 && $0.trackerLayer == 1 })
        #expect(Self.origin(s, c) == Point(x: 0, y: 80))
        #expect(Self.updates(try s.readMessages(of: c)).map(\.state).last == .idle)
    }

    @Test func aFlingDeceleratesOnTheDaemonsFramesWhileTheAppSendsNothing() throws {
        let s = IsolationTests.server()
        let c = try Self.list(s)
        let ops = try IsolationTests.client(s, name: "ops")
        // 1,200 points per second upwards (the content scrolls down), released at once.
        let fling = [R.press(150, 300)] + (1...6).map { R.move(150, 300 - Double($0) * 20, delay: Self.period) }
            + [R.release(150, 180, delay: 0)]
        s.send(.injectInput(InjectInput(requestID: 1, events: fling)), from: ops)
        var positions: [Double] = []
        for _ in 0..<300 {
            s.step(seconds: Self.period)
            positions.append(Self.origin(s, c)?.y ?? .nan)
        }
        // Released at offset 100 (the pan began 20 points into the drag) moving 1,200 pt/s:
        // at UIScrollView's normal rate, v(t) = v₀·0.998^(1000 t), it glides
        // v₀ / (1000·−ln 0.998) ≈ 599.4 points, less the quarter point at which it stops.
        let rest = 100 + 1200 / (1000 * -log(0.998)) - 0.25
        #expect(abs(positions.last! - rest) < 0.5, "\(positions.last!) vs \(rest)")
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 }) // monotonic, no jumps back
        let distinct = Set(positions.prefix(90).map { ($0 * 100).rounded() }).count
        #expect(distinct > 85) // it moved on most frames: the daemon ran it, the app sent nothing
        let states = Self.updates(try s.readMessages(of: c)).filter { $0.reason == .stateChanged }.map(\.state)
        #expect(states.starts(with: [.interacting, .inertia]))
    }

    @Test func aTapOnARowIsTheAppsAndMovesNothing() throws {
        let s = IsolationTests.server()
        let c = try Self.list(s)
        let ops = try IsolationTests.client(s, name: "ops")
        let d = try R.inject(s, [R.press(150, 220), R.move(152, 223), R.release(152, 223)], from: ops)
        #expect(d.map(\.layer) == [14, 14, 14] && d.allSatisfy { $0.sessionID == c })
        s.step(seconds: Self.period)
        let pointer = try s.readMessages(of: c).compactMap { m -> PointerEvent? in
            if case let .pointerEvent(p) = m { return p }; return nil }
        #expect(pointer.map(\.kind) == [.pointerDown, .pointerMove, .pointerUp])
        #expect(Self.origin(s, c) == Point(x: 0, y: 0))
    }

    @Test func theAppsRequestsApplyAtRestAndAreIgnoredWhileTheUserDrags() throws {
        let s = IsolationTests.server()
        let c = try Self.list(s)
        let ops = try IsolationTests.client(s, name: "ops")
        s.send(.commit(Commit(sequence: 3, mediaTime: 1000, commands: [
            .trackerRequest(1, TrackerRequest(kind: .setPosition, requestID: 7, point: Point(x: 0, y: 500)))])), from: c)
        let applied = Self.updates(try s.readMessages(of: c))
        #expect(applied.map(\.reason) == [.requestApplied] && applied.first?.requestID == 7)
        s.step(seconds: Self.period)
        #expect(Self.origin(s, c) == Point(x: 0, y: 500))
        // The user presses and drags: a request now is ignored.
        _ = try R.inject(s, [R.press(150, 300), R.move(150, 280), R.move(150, 260)], from: ops)
        s.send(.commit(Commit(sequence: 4, mediaTime: 1000, commands: [
            .trackerRequest(1, TrackerRequest(kind: .setPosition, requestID: 8, point: Point(x: 0, y: 0)))])), from: c)
        let ignored = Self.updates(try s.readMessages(of: c)).filter { $0.requestID == 8 }
        #expect(ignored.map(\.reason) == [.requestIgnored])
        s.step(seconds: Self.period)
        #expect(Self.origin(s, c)!.y > 500)
    }

    @Test func theWheelScrollsWithinTheContent() throws {
        let s = IsolationTests.server()
        let c = try Self.list(s)
        let ops = try IsolationTests.client(s, name: "ops")
        let d = try R.inject(s, [InjectedEvent(delay: 0, event: InputEvent(kind: .scroll, x: 100, y: 100, scrollY: 120, time: 0))],
                             from: ops)
        #expect(d == [InputDelivery(sessionID: 0, layer: 0, trackerLayer: 1)])
        for _ in 0..<30 { s.step(seconds: Self.period) }
        #expect(Self.origin(s, c)?.y == 120)
        _ = try R.inject(s, [InjectedEvent(delay: 0, event: InputEvent(kind: .scroll, x: 100, y: 100, scrollY: -1000, time: 0))],
                         from: ops, id: 2)
        for _ in 0..<30 { s.step(seconds: Self.period) }
        #expect(Self.origin(s, c)?.y == 0) // clamped at the top
    }

    @Test func aCommitThatSetsTheBoundsKeepsTheTrackersOriginAndResizesTheViewport() throws {
        let s = IsolationTests.server()
        let c = try Self.list(s)
        s.send(.commit(Commit(sequence: 3, mediaTime: 1000, commands: [
            .trackerRequest(1, TrackerRequest(kind: .setPosition, requestID: 1, point: Point(x: 0, y: 300))),
            .setProperty(1, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 400, height: 600)))])), from: c)
        s.step(seconds: Self.period)
        #expect(Self.origin(s, c) == Point(x: 0, y: 300))
        let size = s.core.sessions.first { $0.id == c }?.store.node(1)?.model.bounds.size
        #expect(size == Size(width: 400, height: 600))
    }

    @Test func badTrackerCommandsRejectTheCommitWithClearErrors() throws {
        let s = IsolationTests.server()
        let c = try R.scene(s, name: "c", origin: .zero)
        s.send(.commit(Commit(sequence: 2, mediaTime: 1000, commands: [
            .trackerRequest(1, TrackerRequest(kind: .addVelocity, requestID: 3, point: Point(x: 0, y: 100)))])), from: c)
        let e = try IsolationTests.fatalError(s, c)
        #expect(e?.code == .invalidCommand && e?.message.contains("no interaction tracker") == true, "\(e?.message ?? "")")

        let d = try R.scene(s, name: "d", origin: .zero)
        var bad = TrackerConfiguration()
        bad.decelerationRate = 1.5
        s.send(.commit(Commit(sequence: 2, mediaTime: 1000, commands: [.setTracker(1, bad)])), from: d)
        let e2 = try IsolationTests.fatalError(s, d)
        #expect(e2?.code == .invalidValue && e2?.message.contains("decelerationRate 1.5") == true, "\(e2?.message ?? "")")
    }
}
