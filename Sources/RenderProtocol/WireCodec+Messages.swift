import RenderCore

// The payload of every message and the encoding of every command. The field order here
// is the field order of `Protocol/PROTOCOL.md`, "Messages" and "Commands"; change both
// together (and add vectors) or not at all.

extension Message {
    /// The message's wire type (the frame header's type field).
    public var type: MessageType {
        switch self {
        case .hello: return .hello
        case .welcome: return .welcome
        case .commit: return .commit
        case .commitApplied: return .commitApplied
        case .commitPresented: return .commitPresented
        case .springRetargeted: return .springRetargeted
        case .animationStarted: return .animationStarted
        case .animationStopped: return .animationStopped
        case .animationsStarted: return .animationsStarted
        case .animationsFinished: return .animationsFinished
        case .error: return .error
        case .ping: return .ping
        case .pong: return .pong
        case .goodbye: return .goodbye
        case .statsRequest: return .statsRequest
        case .statsReply: return .statsReply
        case .treeRequest: return .treeRequest
        case .treeReply: return .treeReply
        case .snapshotRequest: return .snapshotRequest
        case .snapshotReply: return .snapshotReply
        case .clockStep: return .clockStep
        case .clockStepped: return .clockStepped
        case .frameLogRequest: return .frameLogRequest
        case .frameLogReply: return .frameLogReply
        case .clientsRequest: return .clientsRequest
        case .clientsReply: return .clientsReply
        case .kickRequest: return .kickRequest
        case .kickReply: return .kickReply
        case .pointerEvent: return .pointerEvent
        case .keyEvent: return .keyEvent
        case .injectInput: return .injectInput
        case .inputInjected: return .inputInjected
        case .trackerUpdate: return .trackerUpdate
        case .displayChanged: return .displayChanged
        case .resizeDisplay: return .resizeDisplay
        case .displayResized: return .displayResized
        }
    }

    /// The frame header's flags: `Commit.presentationFlag` on a commit that asks for
    /// presentation feedback, else 0.
    var headerFlags: UInt16 {
        if case let .commit(c) = self, c.requestsPresentation { return Commit.presentationFlag }
        return 0
    }

    /// A capacity to reserve for the encoding (not exact).
    var encodedSizeEstimate: Int {
        switch self {
        case let .commit(c): return 32 &+ c.commands.count &* 48
        case let .snapshotReply(s): return 40 &+ s.pixels.count
        case let .statsReply(s): return 16 &+ s.json.utf8.count
        case let .treeReply(t): return 24 &+ t.json.utf8.count
        case let .frameLogReply(f): return 16 &+ f.json.utf8.count
        case let .clientsReply(c): return 16 &+ c.json.utf8.count
        case let .kickRequest(k): return 20 &+ k.reason.utf8.count
        case let .kickReply(k): return 20 &+ k.client.utf8.count
        case .pointerEvent: return 96
        case let .injectInput(i): return 16 &+ i.events.count &* 72
        case let .inputInjected(i): return 24 &+ i.deliveries.count &* 12
        default: return 64
        }
    }
}

/// Command tags (`u8`), the first byte of each command.
enum CommandTag: UInt8, CaseIterable {
    case createLayer = 1
    case destroyLayer = 2
    case setProperty = 3
    case insertSublayer = 4
    case removeFromSuperlayer = 5
    case setRoot = 6
    case addAnimation = 7
    case removeAnimation = 8
    case removeAllAnimations = 9
    case setTiming = 10
    case retargetSpring = 11
    case setTracker = 12
    case removeTracker = 13
    case trackerRequest = 14
}

extension Command {
    var tag: CommandTag {
        switch self {
        case .createLayer: return .createLayer
        case .destroyLayer: return .destroyLayer
        case .setProperty: return .setProperty
        case .insertSublayer: return .insertSublayer
        case .removeFromSuperlayer: return .removeFromSuperlayer
        case .setRoot: return .setRoot
        case .addAnimation: return .addAnimation
        case .removeAnimation: return .removeAnimation
        case .removeAllAnimations: return .removeAllAnimations
        case .setTiming: return .setTiming
        case .retargetSpring: return .retargetSpring
        case .setTracker: return .setTracker
        case .removeTracker: return .removeTracker
        case .trackerRequest: return .trackerRequest
        }
    }
}

// MARK: - Encoding

extension ByteWriter {
    mutating func writePayload(of message: Message) {
        switch message {
        case let .hello(h):
            writeU16(h.minVersion); writeU16(h.maxVersion); writeString(h.clientName); writeI32(h.pid)
        case let .welcome(w):
            writeU16(w.version); writeU32(w.sessionID); writeU32(w.displayWidth); writeU32(w.displayHeight)
            writeDouble(w.refreshRate); writeDouble(w.mediaTime); writeBool(w.manualClock)
            write(w.limits)
        case let .commit(c):
            writeU64(c.sequence); writeDouble(c.mediaTime); writeCount(c.commands.count)
            for command in c.commands { write(command) }
        case let .commitApplied(a):
            writeU64(a.sequence); writeU64(a.frame); writeDouble(a.mediaTime)
        case let .commitPresented(p):
            writeU64(p.sequence); writeU64(p.frame); writeDouble(p.mediaTime)
            if let ready = p.readyTime { writeU8(1); writeDouble(ready) } else { writeU8(0) }
        case let .springRetargeted(r):
            writeU64(r.animationID); writeU32(r.layer); writeDouble(r.mediaTime); writeDouble(r.beginTime)
            write(r.from); write(r.velocity)
        case let .animationStarted(s):
            writeU64(s.animationID); writeU32(s.layer); writeDouble(s.mediaTime)
        case let .animationStopped(s):
            writeU64(s.animationID); writeU32(s.layer); writeBool(s.finished); writeDouble(s.mediaTime)
        case let .animationsStarted(r), let .animationsFinished(r):
            writeDouble(r.mediaTime); writeCount(r.animations.count)
            for a in r.animations { writeU64(a.animationID); writeU32(a.layer) }
        case let .error(e):
            writeU16(e.code.rawValue); writeBool(e.fatal); writeU64(e.sequence); writeString(e.message)
        case let .ping(token), let .pong(token):
            writeU64(token)
        case let .goodbye(g):
            writeString(g.reason)
        case let .statsRequest(requestID):
            writeU32(requestID)
        case let .statsReply(s):
            writeU32(s.requestID); writeString(s.json)
        case let .treeRequest(t):
            writeU32(t.requestID); writeBool(t.presentation); writeDouble(t.mediaTime); writeU32(t.sessionID)
            writeU32(t.layer)
        case let .treeReply(t):
            writeU32(t.requestID); writeDouble(t.mediaTime); writeString(t.json)
        case let .snapshotRequest(s):
            writeU32(s.requestID)
        case let .snapshotReply(s):
            writeU32(s.requestID); writeU64(s.frame); writeU32(s.width); writeU32(s.height)
            writeLengthPrefixedBytes(s.pixels)
        case let .clockStep(c):
            writeU32(c.requestID); writeDouble(c.seconds)
        case let .clockStepped(c):
            writeU32(c.requestID); writeU64(c.frame); writeDouble(c.mediaTime)
        case let .frameLogRequest(f):
            writeU32(f.requestID); writeU64(f.sinceFrame); writeU32(f.maxRecords)
        case let .frameLogReply(f):
            writeU32(f.requestID); writeString(f.json)
        case let .clientsRequest(requestID):
            writeU32(requestID)
        case let .clientsReply(c):
            writeU32(c.requestID); writeString(c.json)
        case let .kickRequest(k):
            writeU32(k.requestID); writeU32(k.sessionID); writeString(k.reason)
        case let .kickReply(k):
            writeU32(k.requestID); writeU32(k.sessionID); writeString(k.client)
        case let .pointerEvent(p):
            writeU8(p.kind.rawValue); writeU32(p.pointerID); writeU32(p.layer)
            writeDouble(p.location.x); writeDouble(p.location.y)
            writeDouble(p.windowLocation.x); writeDouble(p.windowLocation.y)
            writeU8(p.button); writeU32(p.buttons); writeU32(p.modifiers.rawValue)
            writeDouble(p.scrollX); writeDouble(p.scrollY); writeU32(p.coalesced); writeDouble(p.mediaTime)
        case let .keyEvent(k):
            writeU8(k.kind.rawValue); writeU32(k.layer); writeU32(k.keysym); writeU32(k.keycode)
            writeU32(k.modifiers.rawValue); writeString(k.text); writeDouble(k.mediaTime)
        case let .injectInput(i):
            writeU32(i.requestID); writeCount(i.events.count)
            for e in i.events {
                writeDouble(e.delay)
                let v = e.event
                writeU8(v.kind.rawValue); writeU32(v.pointerID); writeDouble(v.x); writeDouble(v.y); writeU8(v.button)
                writeU32(v.modifiers.rawValue); writeDouble(v.scrollX); writeDouble(v.scrollY)
                writeU32(v.keysym); writeU32(v.keycode); writeString(v.text)
            }
        case let .inputInjected(i):
            writeU32(i.requestID); writeU64(i.frame); writeCount(i.deliveries.count)
            for d in i.deliveries { writeU32(d.sessionID); writeU32(d.layer); writeU32(d.trackerLayer) }
        case let .trackerUpdate(t):
            writeU32(t.layer); writeU8(t.reason.rawValue); writeU8(t.state.rawValue); writeU32(t.requestID)
            writeDouble(t.position.x); writeDouble(t.position.y); writeDouble(t.velocity.x); writeDouble(t.velocity.y)
            writeDouble(t.restingPosition.x); writeDouble(t.restingPosition.y); writeDouble(t.mediaTime)
        case let .displayChanged(d):
            writeU32(d.width); writeU32(d.height); writeDouble(d.refreshRate)
        case let .resizeDisplay(r):
            writeU32(r.requestID); writeU32(r.width); writeU32(r.height)
        case let .displayResized(r):
            writeU32(r.requestID); writeU64(r.frame); writeU32(r.width); writeU32(r.height)
        }
    }

    /// `u16` count, then that many `u16` id, `u32` value pairs, in id order.
    mutating func write(_ l: Limits) {
        writeU16(UInt16(Limits.ID.allCases.count))
        for id in Limits.ID.allCases.sorted(by: { $0.rawValue < $1.rawValue }) {
            writeU16(id.rawValue); writeU32(l[id])
        }
    }

    mutating func write(_ command: Command) {
        writeU8(command.tag.rawValue)
        switch command {
        case let .createLayer(id, kind):
            writeU32(id); writeU8(kind.rawValue)
        case let .destroyLayer(id), let .removeFromSuperlayer(id), let .setRoot(id), let .removeAllAnimations(id),
             let .removeTracker(id):
            writeU32(id)
        case let .setProperty(id, keyPath, value):
            writeU32(id); write(keyPath); write(value)
        case let .insertSublayer(parent, child, index):
            writeU32(parent); writeU32(child); writeU32(index)
        case let .addAnimation(id, key, animationID, animation):
            writeU32(id); writeString(key); writeU64(animationID); write(animation)
        case let .removeAnimation(id, key):
            writeU32(id); writeString(key)
        case let .setTiming(id, t):
            writeU32(id); writeDouble(t.beginTime); writeDouble(t.speed); writeDouble(t.timeOffset)
        case let .retargetSpring(id, key, animationID, r):
            writeU32(id); writeString(key); writeU64(animationID); write(r.keyPath); write(r.to)
            writeDouble(r.mass); writeDouble(r.stiffness); writeDouble(r.damping)
        case let .setTracker(id, c):
            writeU32(id); writeU8(c.axes.rawValue)
            writeDouble(c.contentSize.width); writeDouble(c.contentSize.height)
            writeDouble(c.contentInset.top); writeDouble(c.contentInset.left)
            writeDouble(c.contentInset.bottom); writeDouble(c.contentInset.right)
            writeDouble(c.decelerationRate)
            var flags: UInt8 = 0
            if c.bounces { flags |= 1 }
            if c.alwaysBounceHorizontal { flags |= 2 }
            if c.alwaysBounceVertical { flags |= 4 }
            if c.isPagingEnabled { flags |= 8 }
            if c.isEnabled { flags |= 16 }
            writeU8(flags); writeDouble(c.minimumDragDistance)
            writeCount(c.snapPointsX.count); for v in c.snapPointsX { writeDouble(v) }
            writeCount(c.snapPointsY.count); for v in c.snapPointsY { writeDouble(v) }
        case let .trackerRequest(id, r):
            writeU32(id); writeU32(r.requestID); writeU8(r.kind.rawValue)
            writeDouble(r.point.x); writeDouble(r.point.y); writeDouble(r.duration)
        }
    }
}

// MARK: - Decoding

extension WireReader {
    mutating func message() throws(ProtocolError) -> Message {
        switch type {
        case .hello:
            let minV = try u16("minVersion"), maxV = try u16("maxVersion")
            let name = try string("clientName", limit: .maxNameBytes)
            return .hello(Hello(minVersion: minV, maxVersion: maxV, clientName: name, pid: try i32("pid")))
        case .welcome:
            let version = try u16("version"), session = try u32("sessionID")
            let w = try u32("displayWidth"), h = try u32("displayHeight")
            let rate = try f64("refreshRate"), time = try f64("mediaTime"), manual = try bool("manualClock")
            return .welcome(Welcome(version: version, sessionID: session, displayWidth: w, displayHeight: h,
                                    refreshRate: rate, mediaTime: time, manualClock: manual, limits: try announcedLimits()))
        case .commit:
            return .commit(try commit())
        case .commitApplied:
            let seq = try u64("sequence"), frame = try u64("frame")
            return .commitApplied(CommitApplied(sequence: seq, frame: frame, mediaTime: try f64("mediaTime")))
        case .commitPresented:
            let seq = try u64("sequence"), frame = try u64("frame"), time = try f64("mediaTime")
            let ready: Double? = try present("readyTime presence") ? try f64("readyTime") : nil
            return .commitPresented(CommitPresented(sequence: seq, frame: frame, mediaTime: time, readyTime: ready))
        case .springRetargeted:
            return .springRetargeted(try springRetargeted())
        case .animationStarted:
            let id = try u64("animationID"), layer = try u32("layer")
            return .animationStarted(AnimationStarted(animationID: id, layer: layer, mediaTime: try f64("mediaTime")))
        case .animationStopped:
            let id = try u64("animationID"), layer = try u32("layer"), finished = try bool("finished")
            return .animationStopped(AnimationStopped(animationID: id, layer: layer, finished: finished,
                                                      mediaTime: try f64("mediaTime")))
        case .animationsStarted:
            return .animationsStarted(try animationRun())
        case .animationsFinished:
            return .animationsFinished(try animationRun())
        case .error:
            let raw = try u16("error code")
            guard let code = ErrorCode(rawValue: raw) else {
                throw error(.malformed, "unknown error code \(raw) (expected 1…\(ErrorCode.allCases.count))")
            }
            let fatal = try bool("fatal"), seq = try u64("sequence")
            return .error(ErrorMessage(code: code, message: try string("message"), fatal: fatal, sequence: seq))
        case .ping:
            return .ping(try u64("token"))
        case .pong:
            return .pong(try u64("token"))
        case .goodbye:
            return .goodbye(Goodbye(reason: try string("reason")))
        case .statsRequest:
            return .statsRequest(requestID: try u32("requestID"))
        case .statsReply:
            let id = try u32("requestID")
            return .statsReply(StatsReply(requestID: id, json: try string("json")))
        case .treeRequest:
            let id = try u32("requestID"), presentation = try bool("presentation"), time = try f64("mediaTime")
            let session = try u32("sessionID")
            return .treeRequest(TreeRequest(requestID: id, presentation: presentation, mediaTime: time,
                                            sessionID: session, layer: try u32("layer")))
        case .treeReply:
            let id = try u32("requestID"), time = try f64("mediaTime")
            return .treeReply(TreeReply(requestID: id, mediaTime: time, json: try string("json")))
        case .snapshotRequest:
            return .snapshotRequest(SnapshotRequest(requestID: try u32("requestID")))
        case .snapshotReply:
            return .snapshotReply(try snapshotReply())
        case .clockStep:
            let id = try u32("requestID")
            return .clockStep(ClockStep(requestID: id, seconds: try f64("seconds")))
        case .clockStepped:
            let id = try u32("requestID"), frame = try u64("frame")
            return .clockStepped(ClockStepped(requestID: id, frame: frame, mediaTime: try f64("mediaTime")))
        case .frameLogRequest:
            let id = try u32("requestID"), since = try u64("sinceFrame")
            return .frameLogRequest(FrameLogRequest(requestID: id, sinceFrame: since, maxRecords: try u32("maxRecords")))
        case .frameLogReply:
            let id = try u32("requestID")
            return .frameLogReply(FrameLogReply(requestID: id, json: try string("json")))
        case .clientsRequest:
            return .clientsRequest(requestID: try u32("requestID"))
        case .clientsReply:
            let id = try u32("requestID")
            return .clientsReply(ClientsReply(requestID: id, json: try string("json")))
        case .kickRequest:
            let id = try u32("requestID"), session = try u32("sessionID")
            return .kickRequest(KickRequest(requestID: id, sessionID: session, reason: try string("reason")))
        case .kickReply:
            let id = try u32("requestID"), session = try u32("sessionID")
            return .kickReply(KickReply(requestID: id, sessionID: session, client: try string("client")))
        case .pointerEvent:
            return .pointerEvent(try pointerEvent())
        case .keyEvent:
            let kind = try inputKind(allowed: [.keyDown, .keyUp])
            let layer = try u32("layer"), keysym = try u32("keysym"), keycode = try u32("keycode")
            let modifiers = InputModifiers(rawValue: try u32("modifiers")), text = try string("text")
            return .keyEvent(KeyEvent(kind: kind, layer: layer, keysym: keysym, keycode: keycode, modifiers: modifiers,
                                      text: text, mediaTime: try f64("mediaTime")))
        case .injectInput:
            return .injectInput(try injectInput())
        case .inputInjected:
            let id = try u32("requestID"), frame = try u64("frame")
            let n = try count("delivery count", minElementSize: 12)
            var deliveries: [InputDelivery] = []
            deliveries.reserveCapacity(n)
            for _ in 0..<n {
                let session = try u32("sessionID"), layer = try u32("layer")
                deliveries.append(InputDelivery(sessionID: session, layer: layer, trackerLayer: try u32("trackerLayer")))
            }
            return .inputInjected(InputInjected(requestID: id, frame: frame, deliveries: deliveries))
        case .trackerUpdate:
            let layer = try u32("layer")
            let rawReason = try u8("tracker update reason")
            guard let reason = TrackerUpdate.Reason(rawValue: rawReason) else {
                throw badTag("tracker update reason", rawReason,
                             expected: "1 stateChanged, 2 moved, 3 requestApplied, 4 requestIgnored")
            }
            let rawState = try u8("tracker state")
            guard let state = TrackerState(rawValue: rawState) else {
                throw badTag("tracker state", rawState, expected: "0 idle, 1 interacting, 2 inertia, 3 animating")
            }
            let requestID = try u32("requestID")
            let x = try f64("x"), y = try f64("y"), vx = try f64("velocityX"), vy = try f64("velocityY")
            let rx = try f64("restX"), ry = try f64("restY")
            return .trackerUpdate(TrackerUpdate(layer: layer, reason: reason, state: state, requestID: requestID,
                                                position: Point(x: x, y: y), velocity: Point(x: vx, y: vy),
                                                restingPosition: Point(x: rx, y: ry), mediaTime: try f64("mediaTime")))
        case .displayChanged:
            let w = try u32("width"), h = try u32("height")
            return .displayChanged(DisplayChanged(width: w, height: h, refreshRate: try f64("refreshRate")))
        case .resizeDisplay:
            let id = try u32("requestID"), w = try u32("width")
            return .resizeDisplay(ResizeDisplay(requestID: id, width: w, height: try u32("height")))
        case .displayResized:
            let id = try u32("requestID"), frame = try u64("frame"), w = try u32("width")
            return .displayResized(DisplayResized(requestID: id, frame: frame, width: w, height: try u32("height")))
        }
    }

    /// An input event kind (`u8`), one of `allowed` (else malformed).
    mutating func inputKind(allowed: [InputEvent.Kind]) throws(ProtocolError) -> InputEvent.Kind {
        let raw = try u8("input kind")
        guard let kind = InputEvent.Kind(rawValue: raw), allowed.contains(kind) else {
            throw badTag("input kind", raw, expected: allowed.map { "\($0.rawValue) \($0)" }.joined(separator: ", "))
        }
        return kind
    }

    mutating func pointerEvent() throws(ProtocolError) -> PointerEvent {
        let kind = try inputKind(allowed: [.pointerDown, .pointerMove, .pointerUp, .pointerCancel, .scroll])
        let pointer = try u32("pointerID"), layer = try u32("layer")
        let x = try f64("x"), y = try f64("y"), wx = try f64("windowX"), wy = try f64("windowY")
        let button = try u8("button"), buttons = try u32("buttons")
        let modifiers = InputModifiers(rawValue: try u32("modifiers"))
        let sx = try f64("scrollX"), sy = try f64("scrollY"), coalesced = try u32("coalesced")
        return PointerEvent(kind: kind, pointerID: pointer, layer: layer, location: Point(x: x, y: y),
                            windowLocation: Point(x: wx, y: wy), button: button, buttons: buttons, modifiers: modifiers,
                            scrollX: sx, scrollY: sy, coalesced: coalesced, mediaTime: try f64("mediaTime"))
    }

    /// `injectInput`: the event count is checked against `maxInjectedEvents` before any
    /// event is read (the smallest event is 62 bytes: its fields and an empty text).
    mutating func injectInput() throws(ProtocolError) -> InjectInput {
        let id = try u32("requestID")
        let n = try count("injected event count", minElementSize: 62, limit: .maxInjectedEvents)
        var events: [InjectedEvent] = []
        events.reserveCapacity(n)
        for _ in 0..<n {
            let delay = try f64("delay")
            let kind = try inputKind(allowed: InputEvent.Kind.allCases)
            let pointer = try u32("pointerID"), x = try f64("x"), y = try f64("y"), button = try u8("button")
            let modifiers = InputModifiers(rawValue: try u32("modifiers"))
            let sx = try f64("scrollX"), sy = try f64("scrollY")
            let keysym = try u32("keysym"), keycode = try u32("keycode"), text = try string("text")
            events.append(InjectedEvent(delay: delay, event: InputEvent(
                kind: kind, pointerID: pointer, x: x, y: y, button: button, modifiers: modifiers, scrollX: sx,
                scrollY: sy, keysym: keysym, keycode: keycode, text: text, time: 0)))
        }
        return InjectInput(requestID: id, events: events)
    }

    /// A `u16` count, then pairs of `u16` id and `u32` value (6 bytes each: the count is
    /// checked against the bytes left, as every count is), written in ascending id order and
    /// accepted in any; an unknown id is skipped (a newer server), a missing one keeps its
    /// default, a repeated one (known or not) is malformed.
    mutating func announcedLimits() throws(ProtocolError) -> Limits {
        let n = Int(try u16("limits count"))
        guard n &* 6 <= bytes.remaining else {
            throw error(.malformed, "limits count \(n) needs at least \(n &* 6) more bytes (6 per id/value pair) but only "
                + "\(bytes.remaining) remain in the payload; the count is corrupt: drop the connection")
        }
        var l = Limits.default
        var seen: Set<UInt16> = []
        for _ in 0..<n {
            let raw = try u16("limit id"), value = try u32("limit value")
            guard seen.insert(raw).inserted else {
                throw error(.malformed, "limit id \(raw) appears twice in welcome; each limit is sent once")
            }
            if let id = Limits.ID(rawValue: raw) { l[id] = value }
        }
        return l
    }

    /// `springRetargeted`: `from` a number, point, size, rect or color, `velocity` of the
    /// same kind (else malformed).
    mutating func springRetargeted() throws(ProtocolError) -> SpringRetargeted {
        let id = try u64("animationID"), layer = try u32("layer")
        let time = try f64("mediaTime"), begin = try f64("beginTime")
        let fromOffset = frameOffset
        let from = try value("from")
        guard SpringAnimation.canRetarget(from.kind) else {
            throw error(.malformed, at: fromOffset, "springRetargeted's from is a \(from.kind); a retargeted spring "
                + "starts from a number, point, size, rect or color")
        }
        let velocityOffset = frameOffset
        let velocity = try value("velocity")
        guard velocity.kind == from.kind else {
            throw error(.malformed, at: velocityOffset, "springRetargeted's velocity is a \(velocity.kind) where its "
                + "from is a \(from.kind); the velocity has from's kind (one number per component)")
        }
        return SpringRetargeted(animationID: id, layer: layer, mediaTime: time, beginTime: begin, from: from,
                                velocity: velocity)
    }

    mutating func snapshotReply() throws(ProtocolError) -> SnapshotReply {
        let id = try u32("requestID"), frame = try u64("frame")
        let w = try u32("width"), h = try u32("height")
        let start = frameOffset
        let pixels = try byteArray("pixels length")
        let expected = UInt64(w) &* UInt64(h) &* 4
        guard UInt64(pixels.count) == expected else {
            throw error(.malformed, at: start, "\(pixels.count) pixel bytes for a \(w)×\(h) image, which needs "
                + "width × height × 4 = \(expected)")
        }
        return SnapshotReply(requestID: id, frame: frame, width: w, height: h, pixels: pixels)
    }

    mutating func commit() throws(ProtocolError) -> Commit {
        let sequence = try u64("sequence"), time = try f64("mediaTime")
        commitSequence = sequence
        inCommit = true
        defer { inCommit = false }
        // The smallest command (a tag and a layer id) is 5 bytes.
        let n = try count("command count", minElementSize: 5, limit: .maxCommandsPerCommit)
        var commands = [Command]()
        commands.reserveCapacity(n)
        commitSequence = sequence
        for i in 0..<n {
            commandIndex = i
            commands.append(try command())
        }
        commandIndex = -1
        return Commit(sequence: sequence, mediaTime: time, commands: commands)
    }

    mutating func command() throws(ProtocolError) -> Command {
        let raw = try u8("command")
        guard let tag = CommandTag(rawValue: raw) else {
            throw badTag("command", raw, expected: "1…\(CommandTag.allCases.count)")
        }
        switch tag {
        case .createLayer:
            let id = try u32("layer")
            let k = try u8("layer kind")
            guard let kind = LayerKind(rawValue: k) else {
                throw badTag("layer kind", k, expected: "0 layer, 1 shape, 2 text")
            }
            return .createLayer(id, kind)
        case .destroyLayer:
            return .destroyLayer(try u32("layer"))
        case .setProperty:
            let id = try u32("layer")
            let keyPath = try layerKeyPath()
            return .setProperty(id, keyPath, try value("value"))
        case .insertSublayer:
            let parent = try u32("parent"), child = try u32("child")
            return .insertSublayer(parent: parent, child: child, index: try u32("index"))
        case .removeFromSuperlayer:
            return .removeFromSuperlayer(try u32("layer"))
        case .setRoot:
            return .setRoot(try u32("layer"))
        case .addAnimation:
            let id = try u32("layer"), key = try string("animation key", limit: .maxNameBytes), animationID = try u64("animationID")
            return .addAnimation(id, key: key, animationID: animationID, animation: try animation())
        case .removeAnimation:
            let id = try u32("layer")
            return .removeAnimation(id, key: try string("animation key", limit: .maxNameBytes))
        case .removeAllAnimations:
            return .removeAllAnimations(try u32("layer"))
        case .setTiming:
            let id = try u32("layer")
            let begin = try f64("timing.beginTime"), speed = try f64("timing.speed"), offset = try f64("timing.timeOffset")
            return .setTiming(id, LayerTiming(beginTime: begin, speed: speed, timeOffset: offset))
        case .retargetSpring:
            let id = try u32("layer"), key = try string("animation key", limit: .maxNameBytes), animationID = try u64("animationID")
            let keyPath = try layerKeyPath(), to = try value("to")
            let mass = try f64("mass"), stiffness = try f64("stiffness"), damping = try f64("damping")
            return .retargetSpring(id, key: key, animationID: animationID,
                                   retarget: SpringRetarget(keyPath: keyPath, to: to, mass: mass, stiffness: stiffness,
                                                            damping: damping))
        case .setTracker:
            return .setTracker(try u32("layer"), try trackerConfiguration())
        case .removeTracker:
            return .removeTracker(try u32("layer"))
        case .trackerRequest:
            let id = try u32("layer"), requestID = try u32("requestID")
            let raw = try u8("tracker request kind")
            guard let kind = TrackerRequest.Kind(rawValue: raw) else {
                throw badTag("tracker request kind", raw, expected: "1 setPosition, 2 animatePosition, 3 addVelocity, 4 stopMotion")
            }
            let x = try f64("x"), y = try f64("y")
            return .trackerRequest(id, TrackerRequest(kind: kind, requestID: requestID, point: Point(x: x, y: y),
                                                      duration: try f64("duration")))
        }
    }

    /// `setTracker`'s configuration: axes (bits 0 horizontal, 1 vertical; others malformed),
    /// content size, insets, rate, flags (bits 0–4; others malformed), drag distance, then
    /// the snap points, each list's count checked against `maxKeyframes` first.
    mutating func trackerConfiguration() throws(ProtocolError) -> TrackerConfiguration {
        let axes = try u8("tracker axes")
        guard axes & ~3 == 0 else { throw badTag("tracker axes", axes, expected: "bits 0 (horizontal) and 1 (vertical)") }
        let w = try f64("contentSize.width"), h = try f64("contentSize.height")
        let top = try f64("contentInset.top"), left = try f64("contentInset.left")
        let bottom = try f64("contentInset.bottom"), right = try f64("contentInset.right")
        let rate = try f64("decelerationRate")
        let flags = try u8("tracker flags")
        guard flags & ~31 == 0 else {
            throw badTag("tracker flags", flags, expected: "bits 0 bounces, 1 alwaysBounceHorizontal, 2 alwaysBounceVertical, "
                + "3 isPagingEnabled, 4 isEnabled")
        }
        let drag = try f64("minimumDragDistance")
        let nx = try count("snap point count", minElementSize: 8, limit: .maxKeyframes)
        var xs: [Double] = []
        xs.reserveCapacity(nx)
        for _ in 0..<nx { xs.append(try f64("snap point")) }
        let ny = try count("snap point count", minElementSize: 8, limit: .maxKeyframes)
        var ys: [Double] = []
        ys.reserveCapacity(ny)
        for _ in 0..<ny { ys.append(try f64("snap point")) }
        return TrackerConfiguration(axes: TrackerAxes(rawValue: axes), contentSize: Size(width: w, height: h),
                                    contentInset: EdgeInsets(top: top, left: left, bottom: bottom, right: right),
                                    decelerationRate: rate, bounces: flags & 1 != 0, alwaysBounceHorizontal: flags & 2 != 0,
                                    alwaysBounceVertical: flags & 4 != 0, isPagingEnabled: flags & 8 != 0,
                                    isEnabled: flags & 16 != 0, minimumDragDistance: drag, snapPointsX: xs, snapPointsY: ys)
    }
}

extension WireReader {
    /// An `animationsStarted` or `animationsFinished` payload: the time, then a non-empty
    /// count of (animation id, layer) pairs.
    mutating func animationRun() throws(ProtocolError) -> AnimationRun {
        let time = try f64("mediaTime")
        let n = try count("animation count", minElementSize: 12)
        guard n > 0 else { throw error(.malformed, "animation count 0: a run names at least one animation") }
        var animations: [AnimationRun.Entry] = []
        animations.reserveCapacity(n)
        for _ in 0..<n {
            let id = try u64("animationID")
            animations.append(AnimationRun.Entry(animationID: id, layer: try u32("layer")))
        }
        return AnimationRun(mediaTime: time, animations: animations)
    }
}
