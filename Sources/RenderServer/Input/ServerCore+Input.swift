import RenderCore
import RenderProtocol

/// Input: events from a window output (`receiveInput`) or played from an injection request
/// (`injectInput`) are hit-tested on what the display shows and delivered to the session
/// that owns the layer hit — never to another client. A press captures its pointer for
/// that layer until the release, and gives its session the keyboard focus. Sessions that
/// negotiated protocol version 2 never receive input.
///
///     window / injection ─▶ receiveInput ─▶ hit test (shown list) ─▶ capture, focus
///                                                                 ─▶ pointerEvent / keyEvent
///                                                                    (motion held back for a
///                                                                     slow reader, coalesced)
///
/// Thread affinity: the loop thread.
extension ServerCore {
    /// What hit-tests: the output when it shows frames (its last handed-off list), else a
    /// list built from the stores now (`--output none`, embedded tests).
    /// The list is brought up to date once per event (`receiveInput`), not per question.
    var hitTester: HitTesting {
        if let h = output.hitTesting { return h }
        if fallbackHitTester == nil { fallbackHitTester = StoreHitTester() }
        return fallbackHitTester!
    }

    /// One input event, stamped with its media time; returns where it went.
    @discardableResult
    package func receiveInput(_ event: InputEvent) -> InputDelivery {
        inputEventsReceived.wrappingAdd(1, ordering: .relaxed)
        if output.hitTesting == nil, !event.isKey {
            if fallbackHitTester == nil { fallbackHitTester = StoreHitTester() }
            fallbackHitTester!.refresh(snapshot(target: lastFrameTime))
        }
        if event.isKey { return deliverKey(event) }
        return deliverPointer(event)
    }

    private func deliverKey(_ e: InputEvent) -> InputDelivery {
        guard let focus = input.focus, let s = session(focus.sessionID), s.receivesInput else { return .nowhere }
        let layer = s.store.kind(of: focus.layer) != nil ? focus.layer : 0
        sendInput(.keyEvent(KeyEvent(kind: e.kind, layer: layer, keysym: e.keysym, keycode: e.keycode,
                                     modifiers: e.modifiers, text: e.text, mediaTime: e.time)), to: s)
        return InputDelivery(sessionID: s.id, layer: layer)
    }

    /// What the user points at: nothing outside the display (as a window's `hitTest` finds
    /// nothing outside its bounds), even where a layer extends past its edge; else the
    /// topmost layer the presentation tree shows there. A pointer already captured goes on
    /// reaching its layer wherever it moves (`sendCaptured`).
    private func hitTestOnDisplay(_ point: Point) -> HitTestResult? {
        guard point.x >= 0, point.y >= 0, point.x < Double(displayWidth), point.y < Double(displayHeight) else { return nil }
        return hitTester.hitTest(point)
    }

    private func deliverPointer(_ e: InputEvent) -> InputDelivery {
        let point = Point(x: e.x, y: e.y)
        let pointer = e.pointerID
        let bit = InputRouter.bit(e.button)
        switch e.kind {
        case .pointerDown:
            if pointer == 0 { input.mouseButtons |= bit }
            if input.captures[pointer] != nil {
                // Another button while one is held: still the captured layer's.
                input.captures[pointer]!.buttons |= bit
                return sendCaptured(e)
            }
            guard let hit = hitTestOnDisplay(point) else { return .nowhere }
            guard input.captures.count < InputRouter.maxPointers else {
                logger.warning("input: \(InputRouter.maxPointers) pointers are down at once; pointer \(pointer) is ignored until one is released")
                return .nowhere
            }
            var capture = InputRouter.Capture(sessionID: hit.sessionID, layer: hit.layer, buttons: bit)
            let tracker = pressTracker(e, hit: hit, capture: &capture)
            input.captures[pointer] = capture
            input.focus = (hit.sessionID, hit.layer)
            var delivery = send(e, to: hit, buttons: pointer == 0 ? input.mouseButtons : bit)
            delivery.trackerLayer = tracker
            return delivery

        case .pointerMove:
            if let capture = input.captures[pointer] {
                guard capture.trackerLayer != 0 else { return sendCaptured(e) }
                return trackerMove(e, capture)
            }
            guard let hit = hitTestOnDisplay(point) else { return .nowhere }
            return send(e, to: hit, buttons: pointer == 0 ? input.mouseButtons : 0)

        case .pointerUp, .pointerCancel:
            if pointer == 0 { input.mouseButtons &= e.kind == .pointerCancel ? 0 : ~bit }
            guard input.captures[pointer] != nil else {
                guard e.kind == .pointerUp, let hit = hitTestOnDisplay(point) else { return .nowhere }
                return send(e, to: hit, buttons: pointer == 0 ? input.mouseButtons : 0)
            }
            input.captures[pointer]!.buttons &= e.kind == .pointerCancel ? 0 : ~bit
            let capture = input.captures[pointer]!
            let ends = capture.buttons == 0
            if ends { input.captures[pointer] = nil }
            var delivery = InputDelivery.nowhere
            if !capture.panning { delivery = sendCaptured(e, capture) }
            if capture.trackerLayer != 0, ends, let s = session(capture.sessionID) {
                _ = s.store.withTracker(capture.trackerLayer) { t in
                    if e.kind == .pointerUp { t.pointerUp(time: e.time) } else { t.pointerCancel(time: e.time) }
                }
                delivery.trackerLayer = capture.trackerLayer
            }
            return delivery

        case .scroll:
            guard let hit = hitTestOnDisplay(point) else { return .nowhere }
            if let s = session(hit.sessionID), let id = scrollingTracker(for: hit, in: s) {
                _ = s.store.withTracker(id) { $0.scroll(by: Point(x: e.scrollX, y: e.scrollY), time: e.time) }
                return InputDelivery(sessionID: 0, layer: 0, trackerLayer: id)
            }
            return send(e, to: hit, buttons: input.mouseButtons)

        case .keyDown, .keyUp:
            return .nowhere
        }
    }

    /// Sends `e` to the layer that captured its pointer, at the point in that layer's space
    /// as the display shows it now.
    private func sendCaptured(_ e: InputEvent) -> InputDelivery {
        guard let capture = input.captures[e.pointerID] else { return .nowhere }
        return sendCaptured(e, capture)
    }

    private func sendCaptured(_ e: InputEvent, _ capture: InputRouter.Capture) -> InputDelivery {
        guard let s = session(capture.sessionID) else { return .nowhere }
        let point = Point(x: e.x, y: e.y)
        let local = hitTester.convert(point, toLayer: capture.layer, of: capture.sessionID)
            ?? Point(x: Double.nan, y: Double.nan)
        let buttons = e.pointerID == 0 ? input.mouseButtons : capture.buttons
        return send(e, to: s, layer: capture.layer, location: local, buttons: buttons)
    }

    private func send(_ e: InputEvent, to hit: HitTestResult, buttons: UInt32) -> InputDelivery {
        guard let s = session(hit.sessionID) else { return .nowhere }
        return send(e, to: s, layer: hit.layer, location: hit.location, buttons: buttons)
    }

    private func send(_ e: InputEvent, to s: ClientSession, layer: LayerID, location: Point,
                      buttons: UInt32) -> InputDelivery {
        guard s.receivesInput else { return .nowhere }
        let event = PointerEvent(kind: e.kind, pointerID: e.pointerID, layer: layer, location: location,
                                 windowLocation: Point(x: e.x, y: e.y),
                                 button: e.kind == .pointerDown || e.kind == .pointerUp ? e.button : 0,
                                 buttons: buttons, modifiers: e.modifiers, scrollX: e.scrollX, scrollY: e.scrollY,
                                 mediaTime: e.time)
        if e.kind == .pointerMove {
            let key = InputRouter.motionKey(s.id, e.pointerID)
            if var held = input.heldMotion[key] {
                // Coalesced with the motion already held: the latest point stands for both.
                let count = held.coalesced &+ 1
                held = event
                held.coalesced = count
                input.heldMotion[key] = held
            } else if s.unreadBytes > InputRouter.motionBacklogBytes {
                input.heldMotion[key] = event
            } else {
                sendInput(.pointerEvent(event), to: s)
            }
        } else {
            sendInput(.pointerEvent(event), to: s)
        }
        return InputDelivery(sessionID: s.id, layer: layer)
    }

    // MARK: Interaction trackers

    /// The innermost tracker on the hit layer or its superlayers that can scroll, if any.
    private func scrollingTracker(for hit: HitTestResult, in s: ClientSession) -> LayerID? {
        guard !s.store.trackers.isEmpty else { return nil }
        for id in CollectionOfOne(hit.layer) + hit.ancestors {
            if let t = s.store.trackers[id], !t.tracker.scrollableAxes.isEmpty { return id }
        }
        return nil
    }

    /// A press: the innermost scrolling tracker over the hit layer sees it too (it may
    /// become a pan, and it catches content in motion). Returns that tracker's layer, or 0.
    private func pressTracker(_ e: InputEvent, hit: HitTestResult, capture: inout InputRouter.Capture) -> LayerID {
        guard let s = session(hit.sessionID), let id = scrollingTracker(for: hit, in: s) else { return 0 }
        let p = Point(x: e.x, y: e.y)
        let tester = hitTester
        guard let local = tester.convert(p, toLayer: id, of: s.id) else { return 0 }
        let ex = tester.convert(Point(x: p.x + 1, y: p.y), toLayer: id, of: s.id) ?? Point(x: local.x + 1, y: local.y)
        let ey = tester.convert(Point(x: p.x, y: p.y + 1), toLayer: id, of: s.id) ?? Point(x: local.x, y: local.y + 1)
        capture.trackerLayer = id
        capture.pressWindow = p
        capture.pressLocal = local
        capture.jacobian = (ex.x - local.x, ex.y - local.y, ey.x - local.x, ey.y - local.y)
        _ = s.store.withTracker(id) { $0.pointerDown(at: local, time: e.time) }
        return id
    }

    /// A move of a pointer pressed over a tracker: the tracker follows it; the moment its
    /// pan begins the client's press is cancelled (`pointerCancel`, as UIKit cancels the
    /// touches a scroll view takes), and from then on the gesture is the tracker's alone.
    private func trackerMove(_ e: InputEvent, _ capture: InputRouter.Capture) -> InputDelivery {
        guard let s = session(capture.sessionID) else { return .nowhere }
        let began = s.store.withTracker(capture.trackerLayer) { $0.pointerMove(to: capture.trackerPoint(Point(x: e.x, y: e.y)),
                                                                               time: e.time) } ?? false
        if capture.panning {
            return InputDelivery(sessionID: 0, layer: 0, trackerLayer: capture.trackerLayer)
        }
        if began {
            input.captures[e.pointerID]?.panning = true
            var cancel = e
            cancel.kind = .pointerCancel
            _ = sendCaptured(cancel, capture)
            return InputDelivery(sessionID: 0, layer: 0, trackerLayer: capture.trackerLayer)
        }
        var delivery = sendCaptured(e, capture)
        delivery.trackerLayer = capture.trackerLayer
        return delivery
    }

    /// At a frame's start: the moving trackers advance to the frame's time and move their
    /// content; their apps are told (sessions of protocol version 3).
    func advanceTrackers(to target: Double) {
        for s in sessions where !s.store.movingTrackers.isEmpty && !s.isFrozen {
            let tells = s.receivesInput
            s.appendingToOutbound { out in
                if tells {
                    s.store.advanceTrackers(to: target, events: &out)
                } else {
                    var scratch = MessageBuffer()
                    s.store.advanceTrackers(to: target, events: &scratch)
                }
            }
            markDirty(s)
        }
    }

    /// Sends an input message, after the session's held motion (order is kept).
    private func sendInput(_ message: Message, to s: ClientSession) {
        if !input.heldMotion.isEmpty { flushHeldMotion(of: s) }
        s.send(message)
        markDirty(s)
    }

    private func flushHeldMotion(of s: ClientSession) {
        for key in input.heldMotion.keys where key >> 32 == UInt64(s.id) {
            if let m = input.heldMotion.removeValue(forKey: key) { s.send(.pointerEvent(m)) }
        }
    }

    /// At a frame's start: held motion goes to the sessions that have caught up.
    func flushHeldMotion() {
        guard !input.heldMotion.isEmpty else { return }
        for (key, m) in input.heldMotion {
            guard let s = session(UInt32(truncatingIfNeeded: key >> 32)), s.isOpen else {
                input.heldMotion[key] = nil
                continue
            }
            guard s.unreadBytes <= InputRouter.motionBacklogBytes else { continue }
            input.heldMotion[key] = nil
            s.send(.pointerEvent(m))
            markDirty(s)
        }
    }

    func session(_ id: UInt32) -> ClientSession? {
        sessions.first { $0.id == id && $0.isOpen }
    }

    // MARK: Injection

    /// `injectInput`: checks the request (finite delays ≥ 0, within `maxInjectedEvents`
    /// waiting for the session), then plays what is due now and the rest at the start of
    /// the frames at or after their times.
    func injectInput(_ request: InjectInput, from s: ClientSession) {
        let what = "input injection \(request.requestID)"
        if let bad = request.events.firstIndex(where: { !$0.delay.isFinite || $0.delay < 0 }) {
            s.send(.error(ErrorMessage(code: .invalidValue, message: "\(what): event \(bad) has the delay "
                + "\(request.events[bad].delay) s; delays are finite seconds ≥ 0 after the previous event", fatal: false)))
            return
        }
        if let bad = request.events.firstIndex(where: { !$0.event.x.isFinite || !$0.event.y.isFinite }),
           request.events[bad].event.isPointer {
            s.send(.error(ErrorMessage(code: .invalidValue, message: "\(what): event \(bad) (\(request.events[bad].event.kind)) "
                + "is at a non-finite point; pointer events need finite display points", fatal: false)))
            return
        }
        let waiting = input.injectedPending[s.id] ?? 0
        let limit = Int(configuration.limits.maxInjectedEvents)
        guard waiting + request.events.count <= limit else {
            s.send(.error(ErrorMessage(code: .limitExceeded, message: "\(what): \(request.events.count) events with "
                + "\(waiting) still waiting exceed the limit maxInjectedEvents = \(limit) (\(Limits.ID.maxInjectedEvents.flag)); "
                + "wait for inputInjected before sending more", fatal: false)))
            return
        }
        let now = currentMediaTime
        guard !request.events.isEmpty else {
            s.send(.inputInjected(InputInjected(requestID: request.requestID, frame: frameNumber, deliveries: [])))
            return
        }
        input.injectedPending[s.id] = waiting + request.events.count
        input.injections.append(InputRouter.Injection(sessionID: s.id, requestID: request.requestID,
                                                      events: request.events, due: now + request.events[0].delay))
        playInjectedInput(upTo: now)
    }

    /// Plays every injected event due by `time`, each stamped with its due time; answers
    /// each request whose last event was played.
    func playInjectedInput(upTo time: Double) {
        guard input.hasScheduledInput else { return }
        var i = 0
        while i < input.injections.count {
            while input.injections[i].next < input.injections[i].events.count && input.injections[i].due <= time {
                var event = input.injections[i].events[input.injections[i].next].event
                event.time = input.injections[i].due
                let delivery = receiveInput(event)
                guard i < input.injections.count else { return }
                input.injections[i].deliveries.append(delivery)
                input.injections[i].next += 1
                input.injectedPending[input.injections[i].sessionID, default: 1] -= 1
                if input.injections[i].next < input.injections[i].events.count {
                    input.injections[i].due += input.injections[i].events[input.injections[i].next].delay
                }
            }
            let j = input.injections[i]
            if j.next == j.events.count {
                input.injections.remove(at: i)
                if let s = session(j.sessionID) {
                    s.send(.inputInjected(InputInjected(requestID: j.requestID, frame: frameNumber,
                                                        deliveries: j.deliveries)))
                    markDirty(s)
                }
            } else {
                i += 1
            }
        }
    }
}

/// Hit-testing for an output that shows no frames: a render list built from the stores
/// when an event needs it (incrementally, as the compositor's is).
final class StoreHitTester: HitTesting {
    private let builder = RenderListBuilder()

    func refresh(_ frame: FrameSnapshot) { _ = builder.build(frame) }

    func hitTest(_ point: Point) -> HitTestResult? { builder.hitTest(point) }

    func convert(_ point: Point, toLayer layer: LayerID, of sessionID: UInt32) -> Point? {
        builder.convert(point, toLayer: layer, of: sessionID)
    }
}
