import RenderCore

/// The version this build speaks. A client offers a range; the server picks the highest
/// version both support (see `Protocol/PROTOCOL.md`, "Versions").
public enum ProtocolVersion {
    public static let current: UInt16 = 5
    public static let minimumSupported: UInt16 = 2
}

/// A client's name for one of its layers. Ids are per session: a client cannot name
/// another client's layer. 0 is never a valid id.
public typealias LayerID = UInt32

/// Every message of the protocol. Directions: C→S client to server, S→C server to client.
///
/// The few large, rare payloads are `indirect` (boxed), so a message is about 40 bytes and
/// moving one through decoding and dispatch copies that much: with `springRetargeted` inline
/// a message was 297 bytes, copied some twenty times per ping on the daemon's loop.
public enum Message: Hashable, Sendable {
    /// C→S, first message on a connection.
    case hello(Hello)
    /// S→C, the answer to `hello`.
    indirect case welcome(Welcome)
    /// C→S: one transaction, applied whole on arrival (shown whole by the next frame).
    case commit(Commit)
    /// S→C, for every commit, as soon as it is applied.
    case commitApplied(CommitApplied)
    /// S→C, for a commit that asked for it (`Commit.requestsPresentation`): the frame that
    /// first showed it was finished.
    case commitPresented(CommitPresented)
    /// S→C: a `retargetSpring` as the server applied it (the new spring's start), before
    /// that commit's `commitApplied`.
    indirect case springRetargeted(SpringRetargeted)
    /// S→C: an animation's first active frame.
    case animationStarted(AnimationStarted)
    /// S→C: an animation completed (`finished`) or was removed or replaced.
    case animationStopped(AnimationStopped)
    /// S→C (version 5): a frame's `animationStarted` events in one message.
    indirect case animationsStarted(AnimationRun)
    /// S→C (version 5): a frame's `animationStopped(finished: true)` events in one message.
    indirect case animationsFinished(AnimationRun)
    /// Either way; fatal errors close the connection after being sent.
    indirect case error(ErrorMessage)
    /// Either way; answered by `pong` with the same token.
    case ping(UInt64)
    case pong(UInt64)
    /// Either way, before closing on purpose.
    case goodbye(Goodbye)
    /// C→S control requests and their S→C replies.
    case statsRequest(requestID: UInt32)
    case statsReply(StatsReply)
    case treeRequest(TreeRequest)
    case treeReply(TreeReply)
    case snapshotRequest(SnapshotRequest)
    case snapshotReply(SnapshotReply)
    /// Manual clock: advance by `seconds` in frames of the display's period.
    case clockStep(ClockStep)
    case clockStepped(ClockStepped)
    /// The daemon's per-frame records (§10, "frameLogRequest → frameLogReply").
    case frameLogRequest(FrameLogRequest)
    case frameLogReply(FrameLogReply)
    /// Operations: the open sessions (`rendersrvctl clients`), and ending one (`kick`).
    case clientsRequest(requestID: UInt32)
    case clientsReply(ClientsReply)
    case kickRequest(KickRequest)
    case kickReply(KickReply)
    /// S→C (version 3): a pointer event on one of the session's layers (§5.3).
    case pointerEvent(PointerEvent)
    /// S→C (version 3): a key pressed or released while the session has the keyboard focus.
    case keyEvent(KeyEvent)
    /// C→S (version 3): play input events as if they came from the window (§10).
    indirect case injectInput(InjectInput)
    /// S→C: the injected events were played; where each one went.
    indirect case inputInjected(InputInjected)
    /// S→C (version 3): an interaction tracker's state or position changed, or a request
    /// was applied or ignored (§6.2).
    case trackerUpdate(TrackerUpdate)
    /// S→C (version 4): the display changed size or refresh rate (§5.4).
    case displayChanged(DisplayChanged)
    /// C→S (version 4): resize the display, as its window would be (§10).
    case resizeDisplay(ResizeDisplay)
    /// S→C: the display was resized; the first frame at the new size.
    case displayResized(DisplayResized)
}

/// The wire number of each message type (the frame header's type field).
public enum MessageType: UInt16, Sendable, CaseIterable {
    case hello = 0x0001
    case welcome = 0x0002
    case commit = 0x0010
    case commitApplied = 0x0011
    case commitPresented = 0x0012
    case springRetargeted = 0x0013
    case animationStarted = 0x0020
    case animationStopped = 0x0021
    case animationsStarted = 0x0022
    case animationsFinished = 0x0023
    case error = 0x0030
    case ping = 0x0040
    case pong = 0x0041
    case goodbye = 0x0042
    case statsRequest = 0x0100
    case statsReply = 0x0101
    case treeRequest = 0x0102
    case treeReply = 0x0103
    case snapshotRequest = 0x0104
    case snapshotReply = 0x0105
    case clockStep = 0x0106
    case clockStepped = 0x0107
    case frameLogRequest = 0x0108
    case frameLogReply = 0x0109
    case clientsRequest = 0x010A
    case clientsReply = 0x010B
    case kickRequest = 0x010C
    case kickReply = 0x010D
    case injectInput = 0x010E
    case inputInjected = 0x010F
    case resizeDisplay = 0x0110
    case displayResized = 0x0111
    case pointerEvent = 0x0050
    case keyEvent = 0x0051
    case trackerUpdate = 0x0052
    case displayChanged = 0x0053
}

public struct Hello: Hashable, Sendable {
    public var minVersion: UInt16
    public var maxVersion: UInt16
    public var clientName: String
    public var pid: Int32
    public init(minVersion: UInt16 = ProtocolVersion.minimumSupported, maxVersion: UInt16 = ProtocolVersion.current,
                clientName: String, pid: Int32) {
        self.minVersion = minVersion; self.maxVersion = maxVersion; self.clientName = clientName; self.pid = pid
    }

    /// `name` cut at a character boundary to at most `maxBytes` UTF-8 bytes: a client sends
    /// `hello` before it knows the server's `maxNameBytes`, so it keeps to the default (a
    /// longer name ends the session with `limitExceeded`, PROTOCOL.md §5).
    public static func name(_ name: String, fitting maxBytes: Int = Int(Limits.default.maxNameBytes)) -> String {
        guard name.utf8.count > maxBytes else { return name }
        var out = "", bytes = 0
        for c in name {
            let n = c.utf8.count
            guard bytes + n <= maxBytes else { break }
            out.append(c)
            bytes += n
        }
        return out
    }
}

public struct Welcome: Hashable, Sendable {
    public var version: UInt16
    public var sessionID: UInt32
    public var displayWidth: UInt32
    public var displayHeight: UInt32
    /// Frames per second.
    public var refreshRate: Double
    /// The server's media time when it sent the welcome (CLOCK_MONOTONIC seconds), or its
    /// manual clock's time.
    public var mediaTime: Double
    public var manualClock: Bool
    public var limits: Limits
    public init(version: UInt16, sessionID: UInt32, displayWidth: UInt32, displayHeight: UInt32, refreshRate: Double,
                mediaTime: Double, manualClock: Bool, limits: Limits) {
        self.version = version; self.sessionID = sessionID; self.displayWidth = displayWidth
        self.displayHeight = displayHeight; self.refreshRate = refreshRate; self.mediaTime = mediaTime
        self.manualClock = manualClock; self.limits = limits
    }
}

/// One transaction's delta.
public struct Commit: Hashable, Sendable {
    /// Strictly increasing per session, starting at 1.
    public var sequence: UInt64
    /// The media time the client resolved `beginTime == 0` animations to.
    public var mediaTime: Double
    public var commands: [Command]
    /// Asks for `commitPresented` once the frame that first shows this commit is finished
    /// (bit 0 of the commit frame's header flags, `Commit.presentationFlag`).
    public var requestsPresentation: Bool
    public init(sequence: UInt64, mediaTime: Double, commands: [Command], requestsPresentation: Bool = false) {
        self.sequence = sequence; self.mediaTime = mediaTime; self.commands = commands
        self.requestsPresentation = requestsPresentation
    }

    /// The commit frame's header flag asking for presentation feedback.
    public static let presentationFlag: UInt16 = 0x0001
}

/// One change inside a commit; applied in order.
public enum Command: Hashable, Sendable {
    case createLayer(LayerID, LayerKind)
    /// Destroys the layer and removes it from its superlayer; its sublayers are detached,
    /// not destroyed.
    case destroyLayer(LayerID)
    case setProperty(LayerID, LayerKeyPath, AnimatableValue)
    /// Inserts `child` into `parent`'s sublayers at `index` (clamped to the count),
    /// removing it from any previous superlayer first.
    case insertSublayer(parent: LayerID, child: LayerID, index: UInt32)
    case removeFromSuperlayer(LayerID)
    /// The layer drawn as this client's root on the display (0 for none).
    case setRoot(LayerID)
    /// Adds (or replaces, under the same key) an animation. `animationID` names it in
    /// `animationStarted`/`animationStopped`; its begin time is resolved.
    case addAnimation(LayerID, key: String, animationID: UInt64, animation: Animation)
    case removeAnimation(LayerID, key: String)
    case removeAllAnimations(LayerID)
    case setTiming(LayerID, LayerTiming)
    /// Replaces the spring under `key` by one towards `retarget.to` that starts from the
    /// running spring's value and velocity when the server applies the commit (or, without
    /// a running spring under that key on that key path, from the presentation value at
    /// rest). `animationID` names the new spring in events.
    case retargetSpring(LayerID, key: String, animationID: UInt64, retarget: SpringRetarget)
    /// Version 3: attaches an interaction tracker to the layer, or reconfigures the one it
    /// has (PROTOCOL.md §6.2): the daemon then scrolls the layer's content (its
    /// `bounds.origin`) under the user's pointer, with inertia, bounce, paging and snapping.
    case setTracker(LayerID, TrackerConfiguration)
    /// Version 3: detaches the layer's tracker (a no-op when it has none); the content stays
    /// where it is.
    case removeTracker(LayerID)
    /// Version 3: the app moves the tracked content (`setContentOffset`, flicks it, stops it).
    case trackerRequest(LayerID, TrackerRequest)
}

/// What the app asks of a layer's interaction tracker. While the user drags, every request
/// is ignored (InteractionTracker's rule: the hand wins); `trackerUpdate` says which.
public struct TrackerRequest: Hashable, Sendable {
    public enum Kind: UInt8, Sendable, CaseIterable {
        /// Jump to `point` (clamped to the content), stopping any motion.
        case setPosition = 1
        /// Move to `point` (clamped): over `duration` seconds ease-in-ease-out, or with a
        /// critically damped spring when `duration` is 0.
        case animatePosition = 2
        /// Add `point` as a velocity (points per second) to the motion: a programmatic flick.
        case addVelocity = 3
        /// Stop inertia or an animation where the content is.
        case stopMotion = 4
    }
    public var kind: Kind
    /// Named in the `trackerUpdate` that answers it.
    public var requestID: UInt32
    public var point: Point
    /// Seconds, for `animatePosition`; 0 for a spring.
    public var duration: Double
    public init(kind: Kind, requestID: UInt32, point: Point = .zero, duration: Double = 0) {
        self.kind = kind; self.requestID = requestID; self.point = point; self.duration = duration
    }
}

/// What `retargetSpring` asks for: the key path, the new target and the new spring's physics.
public struct SpringRetarget: Hashable, Sendable {
    public var keyPath: LayerKeyPath
    /// The new target, of the key path's value kind (number, point, size, rect or color).
    public var to: AnimatableValue
    /// Kilograms (> 0), newtons per metre (> 0), newton-seconds per metre (≥ 0).
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    public init(keyPath: LayerKeyPath, to: AnimatableValue, mass: Double = 1, stiffness: Double = 100,
                damping: Double = 10) {
        self.keyPath = keyPath; self.to = to; self.mass = mass; self.stiffness = stiffness; self.damping = damping
    }
}

public struct CommitApplied: Hashable, Sendable {
    /// The commit applied (the highest sequence applied so far).
    public var sequence: UInt64
    /// The frame that will first show it.
    public var frame: UInt64
    /// The server's media time when it was applied.
    public var mediaTime: Double
    public init(sequence: UInt64, frame: UInt64, mediaTime: Double) {
        self.sequence = sequence; self.frame = frame; self.mediaTime = mediaTime
    }
}

/// Presentation feedback for one commit (Wayland's `wp_presentation_feedback.presented`).
/// Where a `retargetSpring` started, as the server resolved it when it applied the command
/// (PROTOCOL.md §5 and §6.1): the new spring is the command's `to`, mass, stiffness and
/// damping, from `from` moving at `velocity`, beginning at `beginTime`. A client's mirror
/// that adopts these (`SpringRetargeting.spring(physics:keyPath:from:velocity:to:beginTime:)`)
/// evaluates exactly what the daemon does.
public struct SpringRetargeted: Hashable, Sendable {
    /// The new spring's id (the command's `animationID`).
    public var animationID: UInt64
    public var layer: LayerID
    /// The media time the command was applied (the commit's `commitApplied.mediaTime`), s.
    public var mediaTime: Double
    /// The new spring's begin time: the layer's local time at `mediaTime` (s).
    public var beginTime: Double
    /// The key path's value at the switch (the new spring's `from`); a number, point, size,
    /// rect or color.
    public var from: AnimatableValue
    /// The velocity at the switch, per component of `from`'s kind, key-path units per second
    /// of the layer's local time; the same kind as `from` (all zero: it starts at rest).
    public var velocity: AnimatableValue
    public init(animationID: UInt64, layer: LayerID, mediaTime: Double, beginTime: Double, from: AnimatableValue,
                velocity: AnimatableValue) {
        self.animationID = animationID; self.layer = layer; self.mediaTime = mediaTime; self.beginTime = beginTime
        self.from = from; self.velocity = velocity
    }
}

public struct CommitPresented: Hashable, Sendable {
    /// The commit that asked for it.
    public var sequence: UInt64
    /// The first frame that showed the commit (at or after the frame `commitApplied` named:
    /// later when the session was applying a large commit, or the compositor skipped a frame).
    public var frame: UInt64
    /// That frame's target present time (media time, seconds).
    public var mediaTime: Double
    /// Media time (seconds) at which the frame's pixels were ready; nil when no compositor
    /// drew it (`--output none`: the frame was finished when its evaluation ended). On a
    /// manual clock, the frame's target time.
    public var readyTime: Double?
    public init(sequence: UInt64, frame: UInt64, mediaTime: Double, readyTime: Double?) {
        self.sequence = sequence; self.frame = frame; self.mediaTime = mediaTime; self.readyTime = readyTime
    }
}

/// Animations one frame started or finished, at that frame's media time: what a session of
/// version 5 receives instead of one `animationStarted` or `animationStopped(finished: true)`
/// each (12 bytes an animation on the wire instead of 28 or 29). Never empty.
public struct AnimationRun: Hashable, Sendable {
    /// One animation of the run.
    public struct Entry: Hashable, Sendable {
        /// As given in `addAnimation`.
        public var animationID: UInt64
        /// The layer it runs on.
        public var layer: LayerID
        public init(animationID: UInt64, layer: LayerID) { self.animationID = animationID; self.layer = layer }
    }
    /// The target time of the frame where the events happened.
    public var mediaTime: Double
    /// In the order of their events.
    public var animations: [Entry]
    public init(mediaTime: Double, animations: [Entry]) { self.mediaTime = mediaTime; self.animations = animations }
}

extension Message {
    /// The message as the one-event messages it stands for: `animationsStarted` as an
    /// `animationStarted` per animation, `animationsFinished` as an `animationStopped`
    /// (finished) per animation, in order; any other message itself. A receiver that handles
    /// events one by one (`RenderClient`'s connection) reads version 5's runs through it.
    public var events: [Message] {
        switch self {
        case let .animationsStarted(r):
            return r.animations.map { LifecycleEvent(animationID: $0.animationID, layer: $0.layer, kind: .started)
                .message(at: r.mediaTime) }
        case let .animationsFinished(r):
            return r.animations.map { LifecycleEvent(animationID: $0.animationID, layer: $0.layer, kind: .finished)
                .message(at: r.mediaTime) }
        default:
            return [self]
        }
    }
}

public struct AnimationStarted: Hashable, Sendable {
    public var animationID: UInt64
    public var layer: LayerID
    public var mediaTime: Double
    public init(animationID: UInt64, layer: LayerID, mediaTime: Double) {
        self.animationID = animationID; self.layer = layer; self.mediaTime = mediaTime
    }
}

public struct AnimationStopped: Hashable, Sendable {
    public var animationID: UInt64
    public var layer: LayerID
    public var finished: Bool
    public var mediaTime: Double
    public init(animationID: UInt64, layer: LayerID, finished: Bool, mediaTime: Double) {
        self.animationID = animationID; self.layer = layer; self.finished = finished; self.mediaTime = mediaTime
    }
}

/// Protocol error codes; see `Protocol/PROTOCOL.md` for each one's meaning.
public enum ErrorCode: UInt16, Sendable, CaseIterable {
    case malformed = 1
    case unknownMessageType = 2
    case frameTooLarge = 3
    case versionUnsupported = 4
    case handshakeRequired = 5
    case unknownLayer = 6
    case duplicateLayer = 7
    case limitExceeded = 8
    case invalidValue = 9
    case invalidCommand = 10
    case sequenceOutOfOrder = 11
    case cycle = 12
    case unsupported = 13
    case internalError = 14
    /// An operator ended the session (`kickRequest`, `rendersrvctl kick`): nothing the
    /// client sent was wrong, and the server did not fail.
    case endedByOperator = 15
}

public struct ErrorMessage: Hashable, Sendable {
    public var code: ErrorCode
    /// What happened, to what, and what to do.
    public var message: String
    /// The connection closes after a fatal error.
    public var fatal: Bool
    /// The commit the error belongs to, or 0.
    public var sequence: UInt64
    public init(code: ErrorCode, message: String, fatal: Bool, sequence: UInt64 = 0) {
        self.code = code; self.message = message; self.fatal = fatal; self.sequence = sequence
    }
}

public struct Goodbye: Hashable, Sendable {
    public var reason: String
    public init(reason: String) { self.reason = reason }
}

/// Server statistics; the histogram summaries are in milliseconds.
public struct StatsReply: Hashable, Sendable {
    public var requestID: UInt32
    /// The statistics as one JSON object (schema in `Protocol/PROTOCOL.md`).
    public var json: String
    public init(requestID: UInt32, json: String) { self.requestID = requestID; self.json = json }
}

public struct TreeRequest: Hashable, Sendable {
    public var requestID: UInt32
    /// Presentation tree (evaluated at `mediaTime`) instead of the model tree.
    public var presentation: Bool
    /// Media time to evaluate at; NaN means the latest frame's time.
    public var mediaTime: Double
    /// Dump only this session's tree (a session id from `welcome`), or 0 for every
    /// established session — what the control tools use.
    public var sessionID: UInt32
    /// Dump only the subtree rooted at this layer of the chosen session (which must be one
    /// session), or 0 for whole trees. A reply holds at most the server's
    /// `maxTreeReplyLayers` layers; a larger dump is refused with a non-fatal error.
    public var layer: LayerID
    public init(requestID: UInt32, presentation: Bool, mediaTime: Double = .nan, sessionID: UInt32 = 0,
                layer: LayerID = 0) {
        self.requestID = requestID; self.presentation = presentation; self.mediaTime = mediaTime; self.sessionID = sessionID
        self.layer = layer
    }
    public static func == (a: Self, b: Self) -> Bool {
        a.requestID == b.requestID && a.presentation == b.presentation && a.sessionID == b.sessionID
            && a.layer == b.layer
            && (a.mediaTime == b.mediaTime || (a.mediaTime.isNaN && b.mediaTime.isNaN))
    }
    public func hash(into h: inout Hasher) { h.combine(requestID); h.combine(presentation); h.combine(sessionID); h.combine(layer) }
}

public struct TreeReply: Hashable, Sendable {
    public var requestID: UInt32
    public var mediaTime: Double
    /// The tree as JSON (schema in `Protocol/PROTOCOL.md`).
    public var json: String
    public init(requestID: UInt32, mediaTime: Double, json: String) {
        self.requestID = requestID; self.mediaTime = mediaTime; self.json = json
    }
}

public struct SnapshotRequest: Hashable, Sendable {
    public var requestID: UInt32
    public init(requestID: UInt32) { self.requestID = requestID }
}

public struct SnapshotReply: Hashable, Sendable {
    public var requestID: UInt32
    public var frame: UInt64
    /// The display size; before the first drawn frame the pixels are opaque black.
    public var width: UInt32
    public var height: UInt32
    /// Premultiplied ARGB32, native byte order, rows of width × 4 bytes.
    public var pixels: [UInt8]
    public init(requestID: UInt32, frame: UInt64, width: UInt32, height: UInt32, pixels: [UInt8]) {
        self.requestID = requestID; self.frame = frame; self.width = width; self.height = height; self.pixels = pixels
    }
}

public struct ClockStep: Hashable, Sendable {
    public var requestID: UInt32
    /// Seconds to advance; the server produces every frame whose target time falls in
    /// the interval. Must be ≥ 0.
    public var seconds: Double
    public init(requestID: UInt32, seconds: Double) { self.requestID = requestID; self.seconds = seconds }
}

public struct ClockStepped: Hashable, Sendable {
    public var requestID: UInt32
    public var frame: UInt64
    public var mediaTime: Double
    public init(requestID: UInt32, frame: UInt64, mediaTime: Double) {
        self.requestID = requestID; self.frame = frame; self.mediaTime = mediaTime
    }
}

/// Asks for the records of the frames after `sinceFrame` that the daemon still keeps, oldest
/// first, at most `maxRecords` of them (the server caps a reply at
/// `FrameLogReport.maxRecordsPerReply`; 0 asks for that cap). Page through a longer log by
/// asking again from the last frame received.
public struct FrameLogRequest: Hashable, Sendable {
    public var requestID: UInt32
    /// Frames numbered above this one; 0 for the oldest kept.
    public var sinceFrame: UInt64
    public var maxRecords: UInt32
    public init(requestID: UInt32, sinceFrame: UInt64, maxRecords: UInt32) {
        self.requestID = requestID; self.sinceFrame = sinceFrame; self.maxRecords = maxRecords
    }
}

public struct FrameLogReply: Hashable, Sendable {
    public var requestID: UInt32
    /// The records as one JSON object (`FrameLogReport`, schema in `Protocol/PROTOCOL.md` §10).
    public var json: String
    public init(requestID: UInt32, json: String) { self.requestID = requestID; self.json = json }
}

/// The open sessions, as one JSON object (`ClientsReport`, schema in `Protocol/PROTOCOL.md` §10).
public struct ClientsReply: Hashable, Sendable {
    public var requestID: UInt32
    public var json: String
    public init(requestID: UInt32, json: String) { self.requestID = requestID; self.json = json }
}

/// Ends another session: the server sends it a fatal error saying an operator ended it
/// (with `reason`, when not empty) and closes it.
public struct KickRequest: Hashable, Sendable {
    public var requestID: UInt32
    /// The session to end (an id from `welcome` or `clientsReply`); never the requester's own.
    public var sessionID: UInt32
    /// Why, for the kicked client and the log; may be empty.
    public var reason: String
    public init(requestID: UInt32, sessionID: UInt32, reason: String = "") {
        self.requestID = requestID; self.sessionID = sessionID; self.reason = reason
    }
}

/// The session was ended: its error is queued and it is closing.
public struct KickReply: Hashable, Sendable {
    public var requestID: UInt32
    public var sessionID: UInt32
    /// How the server named the session it ended: `client "demo" (pid 1234)`.
    public var client: String
    public init(requestID: UInt32, sessionID: UInt32, client: String) {
        self.requestID = requestID; self.sessionID = sessionID; self.client = client
    }
}
