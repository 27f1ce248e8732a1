import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// Input on the embedded server (bytes, manual clock, injected events): hit-testing by Core
/// Animation's rules on what the display shows, delivery only to the session that owns the
/// layer hit, capture from press to release, keyboard focus, coalescing for slow readers,
/// and the injection request's playback and checks.
@Suite struct InputRoutingTests {
    static let period = 1.0 / 60

    /// A client whose root is a `size` square at `origin` (display points), with `children`
    /// (id, frame in the root's space, extra properties) as sublayers in order.
    static func scene(_ s: EmbeddedServer, name: String, origin: Point, size: Double = 100,
                      children: [(LayerID, Rect, [(PropertyKey, AnimatableValue)])] = [],
                      version: UInt16? = nil) throws -> UInt32 {
        let id = s.connect(pid: 100)
        s.send(.hello(Hello(maxVersion: version ?? ProtocolVersion.current, clientName: name, pid: 100)), from: id)
        _ = try s.readMessages(of: id)
        var commands: [Command] = [.createLayer(1, .layer),
            .setProperty(1, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: size, height: size))),
            .setProperty(1, LayerKeyPath(.position), .point(Point(x: origin.x + size / 2, y: origin.y + size / 2))),
            .setRoot(1)]
        for (i, child) in children.enumerated() {
            let (cid, frame, props) = child
            commands += [.createLayer(cid, .layer),
                         .setProperty(cid, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: frame.width, height: frame.height))),
                         .setProperty(cid, LayerKeyPath(.position), .point(Point(x: frame.midX, y: frame.midY))),
                         .insertSublayer(parent: 1, child: cid, index: UInt32(i))]
            commands += props.map { .setProperty(cid, LayerKeyPath($0.0), $0.1) }
        }
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: commands)), from: id)
        s.step(seconds: period)
        _ = try s.readMessages(of: id)
        return id
    }

    static func press(_ x: Double, _ y: Double, delay: Double = 0) -> InjectedEvent {
        InjectedEvent(delay: delay, event: InputEvent(kind: .pointerDown, x: x, y: y, button: 1, time: 0))
    }
    static func move(_ x: Double, _ y: Double, delay: Double = 0) -> InjectedEvent {
        InjectedEvent(delay: delay, event: InputEvent(kind: .pointerMove, x: x, y: y, time: 0))
    }
    static func release(_ x: Double, _ y: Double, delay: Double = 0) -> InjectedEvent {
        InjectedEvent(delay: delay, event: InputEvent(kind: .pointerUp, x: x, y: y, button: 1, time: 0))
    }

    /// Injects `events` from `ops` and returns the reply's deliveries (the events must all
    /// be due at once).
    static func inject(_ s: EmbeddedServer, _ events: [InjectedEvent], from ops: UInt32, id: UInt32 = 1) throws -> [InputDelivery] {
        s.send(.injectInput(InjectInput(requestID: id, events: events)), from: ops)
        let m = try s.readMessages(of: ops)
        guard case let .inputInjected(r)? = m.last, r.requestID == id else {
            Issue.record("no inputInjected: \(m)")
            return []
        }
        return r.deliveries
    }

    static func pointerEvents(_ s: EmbeddedServer, _ id: UInt32) throws -> [PointerEvent] {
        try s.readMessages(of: id).compactMap { if case let .pointerEvent(p) = $0 { return p }; return nil }
    }

    /// A layer that extends past the display's edge is hit only where the display shows it:
    /// a press beyond the edge finds nothing (as a window's hitTest outside its bounds); a
    /// press inside, dragged past the edge, stays with its layer until the release.
    @Test func nothingIsHitOutsideTheDisplayButACaptureFollowsThePointerThere() throws {
        let s = IsolationTests.server()
        let (w, h) = (Double(s.display.width), Double(s.display.height))
        // A root 100 points larger than the display each way.
        let a = try Self.scene(s, name: "a", origin: Point(x: 0, y: 0), size: max(w, h) + 100)
        let ops = try IsolationTests.client(s, name: "ops")
        let outside = try Self.inject(s, [Self.press(w + 50, 10), Self.release(w + 50, 10),
                                          Self.press(10, h + 50), Self.release(10, h + 50),
                                          Self.press(-5, 10), Self.release(-5, 10)], from: ops)
        #expect(outside.allSatisfy { $0 == .nowhere }, "\(outside)")
        #expect(try Self.pointerEvents(s, a).isEmpty)
        let dragged = try Self.inject(s, [Self.press(w - 10, 10), Self.move(w + 50, 10), Self.release(w + 50, 10)],
                                      from: ops, id: 2)
        #expect(dragged == Array(repeating: InputDelivery(sessionID: a, layer: 1), count: 3))
        let got = try Self.pointerEvents(s, a)
        #expect(got.map(\.kind) == [.pointerDown, .pointerMove, .pointerUp])
        #expect(got.last?.location == Point(x: w + 50, y: 10))
    }

    @Test func aPressGoesOnlyToTheClientWhoseLayerItHitInThatLayersSpace() throws {
        let s = IsolationTests.server()
        let a = try Self.scene(s, name: "a", origin: Point(x: 0, y: 0))
        let b = try Self.scene(s, name: "b", origin: Point(x: 200, y: 0))
        let ops = try IsolationTests.client(s, name: "ops")

        let d = try Self.inject(s, [Self.press(250, 40), Self.release(250, 40)], from: ops)
        #expect(d == [InputDelivery(sessionID: b, layer: 1), InputDelivery(sessionID: b, layer: 1)])
        let got = try Self.pointerEvents(s, b)
        #expect(got.map(\.kind) == [.pointerDown, .pointerUp])
        #expect(got[0].location == Point(x: 50, y: 40) && got[0].windowLocation == Point(x: 250, y: 40))
        #expect(got[0].button == 1 && got[0].buttons == 1 && got[1].buttons == 0)
        #expect(got[0].mediaTime == 1000 + 2 * Self.period) // played at once: the time of the clock (two scenes stepped it)
        #expect(try Self.pointerEvents(s, a).isEmpty)
        #expect(try Self.pointerEvents(s, ops).isEmpty)
        // Nothing under the point: nobody gets it.
        #expect(try Self.inject(s, [Self.press(150, 40), Self.release(150, 40)], from: ops, id: 2)
                == [.nowhere, .nowhere])
    }

    @Test func sublayersAreTestedFrontToBackByZPositionThenOrder() throws {
        let s = IsolationTests.server()
        // 2 and 3 overlap at (30…50); 3 is later (in front). 4 overlaps 5 but has zPosition 1.
        let c = try Self.scene(s, name: "c", origin: .zero, size: 200, children: [
            (2, Rect(x: 10, y: 10, width: 40, height: 40), []),
            (3, Rect(x: 30, y: 30, width: 40, height: 40), []),
            (4, Rect(x: 100, y: 100, width: 40, height: 40), [(.zPosition, .number(1))]),
            (5, Rect(x: 110, y: 110, width: 40, height: 40), []),
        ])
        let ops = try IsolationTests.client(s, name: "ops")
        func hit(_ x: Double, _ y: Double, _ id: UInt32) throws -> LayerID {
            try Self.inject(s, [Self.press(x, y), Self.release(x, y)], from: ops, id: id)[0].layer
        }
        #expect(try hit(20, 20, 1) == 2)
        #expect(try hit(40, 40, 2) == 3)
        #expect(try hit(120, 120, 3) == 4)
        #expect(try hit(145, 145, 4) == 5)
        #expect(try hit(180, 20, 5) == 1) // the root itself
        _ = c
    }

    @Test func masksToBoundsHiddenTransparentAndOptedOutLayersAreNotHit() throws {
        let s = IsolationTests.server()
        // Layer 2 masks to its bounds (0…50); its sublayer 6 sticks out to 80. Layer 3 is
        // hidden, 4 transparent, 5 does not allow hit-testing; all over the root.
        let c = try Self.scene(s, name: "c", origin: .zero, size: 300, children: [
            (2, Rect(x: 0, y: 0, width: 50, height: 50), [(.masksToBounds, .bool(true))]),
            (3, Rect(x: 100, y: 0, width: 50, height: 50), [(.isHidden, .bool(true))]),
            (4, Rect(x: 150, y: 0, width: 50, height: 50), [(.opacity, .number(0))]),
            (5, Rect(x: 200, y: 0, width: 50, height: 50), [(.allowsHitTesting, .bool(false))]),
            (7, Rect(x: 0, y: 100, width: 50, height: 50), []),
        ])
        // 6 inside 2 (its frame in 2's space 20…80), 8 inside 7 sticking out to 90 (no clip).
        s.send(.commit(Commit(sequence: 2, mediaTime: 1000, commands: [
            .createLayer(6, .layer), .setProperty(6, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 60, height: 60))),
            .setProperty(6, LayerKeyPath(.position), .point(Point(x: 50, y: 50))), .insertSublayer(parent: 2, child: 6, index: 0),
            .createLayer(8, .layer), .setProperty(8, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 60, height: 60))),
            .setProperty(8, LayerKeyPath(.position), .point(Point(x: 60, y: 30))), .insertSublayer(parent: 7, child: 8, index: 0),
            .createLayer(9, .layer), .setProperty(9, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 10, height: 10))),
            .insertSublayer(parent: 5, child: 9, index: 0),
        ])), from: c)
        s.step(seconds: Self.period)
        _ = try s.readMessages(of: c)
        let ops = try IsolationTests.client(s, name: "ops")
        func hit(_ x: Double, _ y: Double, _ id: UInt32) throws -> LayerID {
            try Self.inject(s, [Self.press(x, y), Self.release(x, y)], from: ops, id: id)[0].layer
        }
        #expect(try hit(40, 40, 1) == 6)   // inside 2's bounds: its sublayer
        #expect(try hit(70, 40, 2) == 1)   // 6 outside 2's clip: not hit, the root is
        #expect(try hit(85, 110, 3) == 8)  // 8 outside 7's bounds, 7 does not clip
        #expect(try hit(120, 20, 4) == 1)  // hidden
        #expect(try hit(170, 20, 5) == 1)  // opacity 0
        #expect(try hit(203, 3, 6) == 1)   // 5 and its sublayer 9 opted out
    }

    @Test func aRotatedLayerIsHitInsideItsRotatedBoundsOnly() throws {
        let s = IsolationTests.server()
        // A 100×20 bar rotated 90° about its centre (150, 150): it covers x 140…160, y 100…200.
        _ = try Self.scene(s, name: "c", origin: .zero, size: 300, children: [
            (2, Rect(x: 100, y: 140, width: 100, height: 20), [(.transform, .transform(.rotation(angle: .pi / 2, x: 0, y: 0, z: 1)))]),
        ])
        let ops = try IsolationTests.client(s, name: "ops")
        let d = try Self.inject(s, [Self.press(150, 110), Self.release(150, 110),
                                    Self.press(110, 150), Self.release(110, 150)], from: ops)
        #expect(d.map(\.layer) == [2, 2, 1, 1])
    }

    @Test func hitTestingSeesThePresentationMidAnimation() throws {
        let s = IsolationTests.server()
        let c = try Self.scene(s, name: "c", origin: .zero, size: 400, children: [
            (2, Rect(x: 0, y: 0, width: 50, height: 50), []),
        ])
        // Layer 2 moves from x 25 to 325 over 1 s, linearly; its model is already at 325.
        var a = Animation.basic(LayerKeyPath(.position), from: .point(Point(x: 25, y: 25)), to: .point(Point(x: 325, y: 25)), duration: 1)
        a.timing.beginTime = 1000 + Self.period
        a.timingFunction = .linear
        s.send(.commit(Commit(sequence: 2, mediaTime: 1000 + Self.period, commands: [
            .setProperty(2, LayerKeyPath(.position), .point(Point(x: 325, y: 25))),
            .addAnimation(2, key: "slide", animationID: 1, animation: a)])), from: c)
        s.step(seconds: 0.5) // half way: the layer shows at x 150…200
        _ = try s.readMessages(of: c)
        let ops = try IsolationTests.client(s, name: "ops")
        let d = try Self.inject(s, [Self.press(175, 25), Self.release(175, 25), Self.press(310, 25), Self.release(310, 25)],
                                from: ops)
        #expect(d.map(\.layer) == [2, 2, 1, 1])
        let got = try Self.pointerEvents(s, c)
        #expect(abs(got[0].location.x - 25) < 3, "\(got[0].location)")
    }

    @Test func aPressCapturesItsPointerUntilReleaseAndTakesTheKeyboardFocus() throws {
        let s = IsolationTests.server()
        let a = try Self.scene(s, name: "a", origin: Point(x: 0, y: 0))
        let b = try Self.scene(s, name: "b", origin: Point(x: 200, y: 0))
        let ops = try IsolationTests.client(s, name: "ops")
        let key = InjectedEvent(delay: 0, event: InputEvent(kind: .keyDown, x: .nan, y: .nan, keysym: 0x61, keycode: 38,
                                                            text: "a", time: 0))
        // Keys before any press go nowhere.
        #expect(try Self.inject(s, [key], from: ops, id: 1) == [.nowhere])
        let d = try Self.inject(s, [Self.press(50, 50), Self.move(250, 50), Self.release(250, 50), key,
                                    Self.move(260, 50)], from: ops, id: 2)
        #expect(d == [InputDelivery(sessionID: a, layer: 1), InputDelivery(sessionID: a, layer: 1),
                      InputDelivery(sessionID: a, layer: 1), InputDelivery(sessionID: a, layer: 1),
                      InputDelivery(sessionID: b, layer: 1)])
        let got = try s.readMessages(of: a)
        guard got.count == 4, case let .pointerEvent(moved) = got[1], case let .keyEvent(k) = got[3] else {
            Issue.record("\(got)"); return
        }
        #expect(moved.location == Point(x: 250, y: 50) && moved.buttons == 1) // in a's space, outside its bounds
        #expect(k.layer == 1 && k.keysym == 0x61 && k.text == "a")
        #expect(try Self.pointerEvents(s, b).map(\.kind) == [.pointerMove]) // the hover after the release
    }

    @Test func aVersion2SessionIsHitButReceivesNoInput() throws {
        let s = IsolationTests.server()
        let old = try Self.scene(s, name: "old", origin: .zero, version: 2)
        let ops = try IsolationTests.client(s, name: "ops")
        #expect(try Self.inject(s, [Self.press(50, 50), Self.release(50, 50)], from: ops) == [.nowhere, .nowhere])
        #expect(try s.readMessages(of: old).isEmpty)
    }

    @Test func motionIsCoalescedForASlowReaderWhilePressesAndReleasesAreKept() throws {
        let s = IsolationTests.server()
        let c = try Self.scene(s, name: "c", origin: .zero, size: 400)
        let ops = try IsolationTests.client(s, name: "ops")
        var events = [Self.press(10, 10)]
        for i in 0..<400 { events.append(Self.move(10 + Double(i) * 0.5, 10)) }
        events.append(Self.release(300, 10))
        _ = try Self.inject(s, events, from: ops)
        let got = try Self.pointerEvents(s, c) // the client reads only now
        #expect(got.first?.kind == .pointerDown && got.last?.kind == .pointerUp)
        let moves = got.filter { $0.kind == .pointerMove }
        #expect(moves.count < 400 && moves.count > 100, "\(moves.count)")
        #expect(moves.reduce(0) { $0 + Int($1.coalesced) } == 400) // every move is accounted for
        #expect(moves.last?.windowLocation == Point(x: 10 + 399 * 0.5, y: 10)) // the latest point kept
    }

    @Test func injectedEventsPlayAtTheFramesTheirDelaysReach() throws {
        let s = IsolationTests.server()
        let c = try Self.scene(s, name: "c", origin: .zero)
        let ops = try IsolationTests.client(s, name: "ops")
        s.send(.injectInput(InjectInput(requestID: 7, events: [Self.press(10, 10), Self.move(20, 10, delay: 2 * Self.period),
                                                               Self.release(20, 10, delay: Self.period)])), from: ops)
        #expect(try Self.pointerEvents(s, c).map(\.kind) == [.pointerDown])
        #expect(try s.readMessages(of: ops).isEmpty)
        s.step(seconds: Self.period)
        #expect(try Self.pointerEvents(s, c).isEmpty)
        s.step(seconds: Self.period)
        let moved = try Self.pointerEvents(s, c)
        #expect(moved.map(\.kind) == [.pointerMove])
        #expect(abs(moved[0].mediaTime - (1000 + 3 * Self.period)) < 1e-9)
        s.step(seconds: Self.period)
        #expect(try Self.pointerEvents(s, c).map(\.kind) == [.pointerUp])
        guard case let .inputInjected(r)? = try s.readMessages(of: ops).first else { Issue.record("no reply"); return }
        #expect(r.requestID == 7 && r.deliveries.count == 3)
    }

    @Test func injectionsOverTheLimitOrWithBadDelaysAreRefusedAndNothingIsPlayed() throws {
        var limits = Limits.default
        limits.maxInjectedEvents = 4
        let s = IsolationTests.server(limits)
        let c = try Self.scene(s, name: "c", origin: .zero)
        let ops = try IsolationTests.client(s, name: "ops")
        s.send(.injectInput(InjectInput(requestID: 1, events: [Self.press(10, 10), Self.release(10, 10, delay: 1)])), from: ops)
        _ = try s.readMessages(of: ops)
        // Request 1's release still waits: 1 + 4 events are over the limit.
        s.send(.injectInput(InjectInput(requestID: 2, events: [Self.press(10, 10), Self.release(10, 10), Self.press(10, 10),
                                                               Self.release(10, 10)])), from: ops)
        guard case let .error(e)? = try s.readMessages(of: ops).first else { Issue.record("no error"); return }
        #expect(e.code == .limitExceeded && !e.fatal && e.message.contains("maxInjectedEvents = 4"), "\(e.message)")
        s.send(.injectInput(InjectInput(requestID: 3, events: [Self.press(10, 10, delay: -1)])), from: ops)
        guard case let .error(e2)? = try s.readMessages(of: ops).first else { Issue.record("no error"); return }
        #expect(e2.code == .invalidValue && !e2.fatal)
        #expect(!s.isClosed(ops))
        #expect(try Self.pointerEvents(s, c).map(\.kind) == [.pointerDown]) // only request 1's press
        // A request whose count is over the limit is refused from its count, fatally.
        s.send(.injectInput(InjectInput(requestID: 4, events: Array(repeating: Self.move(1, 1), count: 5))), from: ops)
        #expect(try IsolationTests.fatalError(s, ops)?.code == .limitExceeded)
    }

    @Test func aSessionThatEndsMidGestureLeavesNothingBehind() throws {
        let s = IsolationTests.server()
        let a = try Self.scene(s, name: "a", origin: .zero)
        let ops = try IsolationTests.client(s, name: "ops")
        _ = try Self.inject(s, [Self.press(50, 50)], from: ops)
        s.disconnect(a)
        s.step(seconds: Self.period)
        let b = try Self.scene(s, name: "b", origin: .zero)
        #expect(try Self.inject(s, [Self.move(60, 50), Self.release(60, 50)], from: ops, id: 2)
                == [InputDelivery(sessionID: b, layer: 1), InputDelivery(sessionID: b, layer: 1)])
    }
}
