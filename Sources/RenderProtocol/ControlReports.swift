/// The JSON documents of the control replies (`statsReply.json`, `treeReply.json`), as
/// Codable types: the daemon encodes them, `rendersrvctl`, the demos and the tests decode
/// them. Their schema is in `Protocol/PROTOCOL.md` §10; times in milliseconds unless a
/// field says seconds.

/// A number that is written as JSON `null` when it is NaN or infinite (JSON has no such
/// numbers) and read back as NaN.
public struct JSONNumber: Codable, Hashable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var value: Double
    public init(_ value: Double) { self.value = value }
    public init(floatLiteral value: Double) { self.value = value }
    public init(integerLiteral value: Int) { self.value = Double(value) }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        value = c.decodeNil() ? .nan : try c.decode(Double.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        if value.isFinite { try c.encode(value) } else { try c.encodeNil() }
    }
}

/// `statsReply.json`.
public struct StatsReport: Codable, Hashable, Sendable {
    /// Percentiles of a histogram, milliseconds (0 when empty).
    public struct Summary: Codable, Hashable, Sendable {
        public var p50: Double
        public var p90: Double?
        public var p99: Double
        public var max: Double?
        public var mean: Double?
        public init(p50: Double, p90: Double? = nil, p99: Double, max: Double? = nil, mean: Double? = nil) {
            self.p50 = p50; self.p90 = p90; self.p99 = p99; self.max = max; self.mean = mean
        }
    }

    /// Frames produced (with work or idle), vsyncs missed, and frames that had nothing to do.
    public var frames: UInt64
    public var missedFrames: UInt64
    public var idleFrames: UInt64
    /// Established sessions, and their layers and animations.
    public var clients: Int
    public var layers: Int
    public var animations: Int
    /// Bytes of contents (bitmap pixels) held over every session: layers' contents and the
    /// bitmaps inside animation values, the quantity `maxContentsBytes` bounds.
    public var contentsBytes: Int
    /// Time between consecutive frames' wake-ups.
    public var frameInterval: Summary
    /// Per phase: `apply` (per commit), `evaluate` and `present` (per frame with work).
    public var phases: [String: Summary]
    /// Measured from the mean frame interval.
    public var fps: Double
    /// The display's refresh rate now, frames per second (the configured one until a window
    /// reports another).
    public var refreshRate: Double
    public var manualClock: Bool
    /// The daemon's media time when it answered, seconds.
    public var mediaTime: Double
    /// The display's size now, points (the configured one until it is resized: a window's
    /// compositor, `resizeDisplay`).
    public var displayWidth: Int
    /// The display's height now, points.
    public var displayHeight: Int
    /// The compositor's figures, when the daemon draws.
    public var compositor: Compositor?

    /// The compositor thread's counters and timings (ms): frames drawn, frames replaced by
    /// a newer one before they were drawn, frames the loop thread did not hand off (the
    /// compositor was still busy with the previous one, or the frame's list was still being
    /// built in slices), frames with nothing to redraw; draw time; ready = from the loop
    /// thread's hand-off to pixels ready.
    public struct Compositor: Codable, Hashable, Sendable {
        public var framesDrawn: UInt64
        public var framesCoalesced: UInt64
        public var framesSkipped: UInt64
        public var framesWithoutDamage: UInt64
        public var drawP50: Double
        public var drawP99: Double
        public var readyP50: Double
        public var readyP99: Double
        public var lastDamagePixels: Int
        public var bitmapsRendered: Int
        public var recordedFrames: Int
        public init(framesDrawn: UInt64, framesCoalesced: UInt64, framesSkipped: UInt64 = 0, framesWithoutDamage: UInt64,
                    drawP50: Double, drawP99: Double, readyP50: Double, readyP99: Double, lastDamagePixels: Int,
                    bitmapsRendered: Int, recordedFrames: Int) {
            self.framesDrawn = framesDrawn; self.framesCoalesced = framesCoalesced; self.framesSkipped = framesSkipped
            self.framesWithoutDamage = framesWithoutDamage; self.drawP50 = drawP50; self.drawP99 = drawP99
            self.readyP50 = readyP50; self.readyP99 = readyP99; self.lastDamagePixels = lastDamagePixels
            self.bitmapsRendered = bitmapsRendered; self.recordedFrames = recordedFrames
        }
    }

    public init(frames: UInt64, missedFrames: UInt64, idleFrames: UInt64, clients: Int, layers: Int, animations: Int,
                contentsBytes: Int = 0, frameInterval: Summary, phases: [String: Summary], fps: Double,
                refreshRate: Double, manualClock: Bool, mediaTime: Double, displayWidth: Int = 0, displayHeight: Int = 0,
                compositor: Compositor? = nil) {
        self.frames = frames; self.missedFrames = missedFrames; self.idleFrames = idleFrames
        self.clients = clients; self.layers = layers; self.animations = animations; self.contentsBytes = contentsBytes
        self.frameInterval = frameInterval; self.phases = phases; self.fps = fps
        self.refreshRate = refreshRate; self.manualClock = manualClock; self.mediaTime = mediaTime
        self.displayWidth = displayWidth; self.displayHeight = displayHeight
        self.compositor = compositor
    }
}

/// `treeReply.json`: the model or presentation trees of one session or of every one.
public struct TreeReport: Codable, Hashable, Sendable {
    /// The media time the tree describes, seconds.
    public var mediaTime: Double
    public var presentation: Bool
    public var sessions: [Session]

    public init(mediaTime: Double, presentation: Bool, sessions: [Session]) {
        self.mediaTime = mediaTime; self.presentation = presentation; self.sessions = sessions
    }

    public struct Session: Codable, Hashable, Sendable {
        public var session: UInt32
        public var client: String
        public var pid: Int32
        /// The layer the client displays, nil for none.
        public var root: UInt32?
        /// By ascending id.
        public var layers: [Layer]
        public init(session: UInt32, client: String, pid: Int32, root: UInt32?, layers: [Layer]) {
            self.session = session; self.client = client; self.pid = pid; self.root = root; self.layers = layers
        }

        /// A layer by id.
        public func layer(_ id: UInt32) -> Layer? { layers.first { $0.id == id } }

        enum CodingKeys: String, CodingKey { case session, client, pid, root, layers }
        /// `root` is written as null when there is none (the schema's `id|null`).
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(session, forKey: .session); try c.encode(client, forKey: .client)
            try c.encode(pid, forKey: .pid); try c.encode(root, forKey: .root); try c.encode(layers, forKey: .layers)
        }
    }

    public struct Layer: Codable, Hashable, Sendable {
        public var id: UInt32
        /// "layer", "shape" or "text".
        public var kind: String
        public var superlayer: UInt32?
        public var sublayers: [UInt32]
        public var timing: Timing
        public var properties: Properties
        public var animations: [AnimationEntry]
        public init(id: UInt32, kind: String, superlayer: UInt32?, sublayers: [UInt32], timing: Timing,
                    properties: Properties, animations: [AnimationEntry]) {
            self.id = id; self.kind = kind; self.superlayer = superlayer; self.sublayers = sublayers
            self.timing = timing; self.properties = properties; self.animations = animations
        }

        enum CodingKeys: String, CodingKey { case id, kind, superlayer, sublayers, timing, properties, animations }
        /// `superlayer` is written as null when there is none.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id); try c.encode(kind, forKey: .kind)
            try c.encode(superlayer, forKey: .superlayer); try c.encode(sublayers, forKey: .sublayers)
            try c.encode(timing, forKey: .timing); try c.encode(properties, forKey: .properties)
            try c.encode(animations, forKey: .animations)
        }
    }

    public struct Timing: Codable, Hashable, Sendable {
        public var beginTime: JSONNumber
        public var speed: JSONNumber
        public var timeOffset: JSONNumber
        public init(beginTime: JSONNumber, speed: JSONNumber, timeOffset: JSONNumber) {
            self.beginTime = beginTime; self.speed = speed; self.timeOffset = timeOffset
        }
    }

    public struct AnimationEntry: Codable, Hashable, Sendable {
        public var key: String
        public var id: UInt64
        /// "pending" (before its begin time), "active", "finished" (completed and kept:
        /// `isRemovedOnCompletion` false) or "completed" (completed and removed on
        /// completion, but no frame has retired it yet).
        public var state: String
        /// Springs only: the settling duration, seconds (their resolved duration).
        public var settlingDuration: Double?
        public init(key: String, id: UInt64, state: String, settlingDuration: Double? = nil) {
            self.key = key; self.id = id; self.state = state; self.settlingDuration = settlingDuration
        }
    }

    /// Points and sizes as `[x, y]`, rectangles `[x, y, w, h]`, colours `[r, g, b, a]`,
    /// matrices their 16 entries row by row; shape and text fields only on those kinds.
    public struct Properties: Codable, Hashable, Sendable {
        public var position: [JSONNumber]
        public var bounds: [JSONNumber]
        public var anchorPoint: [JSONNumber]
        public var zPosition: JSONNumber
        public var transform: [JSONNumber]
        public var sublayerTransform: [JSONNumber]
        public var opacity: JSONNumber
        public var backgroundColor: [JSONNumber]
        public var borderColor: [JSONNumber]
        public var borderWidth: JSONNumber
        public var cornerRadius: JSONNumber
        public var shadowColor: [JSONNumber]
        public var shadowOpacity: JSONNumber
        public var shadowOffset: [JSONNumber]
        public var shadowRadius: JSONNumber
        public var contentsRect: [JSONNumber]
        public var hidden: Bool
        public var masksToBounds: Bool
        /// The contents bitmap's size, nil without contents.
        public var contents: ContentsSize?
        // Shape layers.
        /// The number of path elements.
        public var path: Int?
        public var fillColor: [JSONNumber]?
        public var strokeColor: [JSONNumber]?
        public var lineWidth: JSONNumber?
        public var strokeStart: JSONNumber?
        public var strokeEnd: JSONNumber?
        // Text layers.
        public var string: String?
        public var fontSize: JSONNumber?
        public var foregroundColor: [JSONNumber]?
        // Wire 20–23, 43, 54 (absent from older servers' replies).
        /// The mask layer's id; absent without a mask.
        public var mask: UInt32?
        public var contentsGravity: String?
        public var contentsScale: JSONNumber?
        /// The number of shadow path elements; absent without a shadow path.
        public var shadowPath: Int?
        /// Shape layers: the dash pattern (empty: solid) and its phase.
        public var lineDashPattern: [JSONNumber]?
        public var lineDashPhase: JSONNumber?
        /// Text layers.
        public var truncationMode: String?

        public init(position: [JSONNumber], bounds: [JSONNumber], anchorPoint: [JSONNumber], zPosition: JSONNumber,
                    transform: [JSONNumber], sublayerTransform: [JSONNumber], opacity: JSONNumber,
                    backgroundColor: [JSONNumber], borderColor: [JSONNumber], borderWidth: JSONNumber,
                    cornerRadius: JSONNumber, shadowColor: [JSONNumber], shadowOpacity: JSONNumber,
                    shadowOffset: [JSONNumber], shadowRadius: JSONNumber, contentsRect: [JSONNumber], hidden: Bool,
                    masksToBounds: Bool, contents: ContentsSize?) {
            self.position = position; self.bounds = bounds; self.anchorPoint = anchorPoint; self.zPosition = zPosition
            self.transform = transform; self.sublayerTransform = sublayerTransform; self.opacity = opacity
            self.backgroundColor = backgroundColor; self.borderColor = borderColor; self.borderWidth = borderWidth
            self.cornerRadius = cornerRadius; self.shadowColor = shadowColor; self.shadowOpacity = shadowOpacity
            self.shadowOffset = shadowOffset; self.shadowRadius = shadowRadius; self.contentsRect = contentsRect
            self.hidden = hidden; self.masksToBounds = masksToBounds; self.contents = contents
        }
    }

    public struct ContentsSize: Codable, Hashable, Sendable {
        public var width: Int
        public var height: Int
        public init(width: Int, height: Int) { self.width = width; self.height = height }
    }
}

extension TreeReport.Properties {
    /// A numeric property by its JSON key (`"position"`, `"opacity"`, …), as numbers; nil
    /// for an unknown key or one this layer's kind does not have.
    public func numbers(_ key: String) -> [Double]? {
        let list: [JSONNumber]?
        switch key {
        case "position": list = position
        case "bounds": list = bounds
        case "anchorPoint": list = anchorPoint
        case "zPosition": list = [zPosition]
        case "transform": list = transform
        case "sublayerTransform": list = sublayerTransform
        case "opacity": list = [opacity]
        case "backgroundColor": list = backgroundColor
        case "borderColor": list = borderColor
        case "borderWidth": list = [borderWidth]
        case "cornerRadius": list = [cornerRadius]
        case "shadowColor": list = shadowColor
        case "shadowOpacity": list = [shadowOpacity]
        case "shadowOffset": list = shadowOffset
        case "shadowRadius": list = [shadowRadius]
        case "contentsRect": list = contentsRect
        case "fillColor": list = fillColor
        case "strokeColor": list = strokeColor
        case "lineWidth": list = lineWidth.map { [$0] }
        case "strokeStart": list = strokeStart.map { [$0] }
        case "strokeEnd": list = strokeEnd.map { [$0] }
        case "fontSize": list = fontSize.map { [$0] }
        case "contentsScale": list = contentsScale.map { [$0] }
        case "lineDashPattern": list = lineDashPattern
        case "lineDashPhase": list = lineDashPhase.map { [$0] }
        case "foregroundColor": list = foregroundColor
        default: list = nil
        }
        return list?.map(\.value)
    }
}

/// `frameLogReply.json`: the daemon's own record of its recent frames, oldest first — what
/// frame pacing measurements read instead of sampling trees (asking for it never changes a
/// frame: the records are copied from a fixed ring on the loop thread and encoded off it).
public struct FrameLogReport: Codable, Hashable, Sendable {
    /// The most records the daemon keeps (the ring's size): at 60 Hz, 136 s of frames.
    public static let capacity = 8_192
    /// The most records one reply carries, whatever the request asked for.
    public static let maxRecordsPerReply = 1_024

    /// One frame, as the loop thread produced it.
    public struct Record: Codable, Hashable, Sendable {
        /// The frame's number (counts from 1, as in `commitApplied`).
        public var frame: UInt64
        /// The vsync the frame was produced for, media time (s): it is evaluated at this time.
        public var targetTime: Double
        /// When the frame clock woke for it, media time (s); on the manual clock, `targetTime`.
        public var wakeTime: Double
        /// Vsyncs that passed without a frame just before this one (the clock woke too late).
        public var missed: UInt32
        /// Nothing animated and nothing changed: the frame did no work.
        public var idle: Bool
        /// Commits (or slices of large ones) applied since the previous frame: what this frame
        /// shows for the first time.
        public var commits: UInt32
        /// Time spent applying those commits, ms.
        public var applyMs: Double
        /// Evaluating the animations and handing the frame to the output, ms (0 when idle).
        public var evaluateMs: Double
        public var presentMs: Double
        /// Layers with animations evaluated in this frame.
        public var animatedLayers: UInt32
        /// When the compositor published this frame's pixels, media time (s); absent when
        /// it did not draw this frame (idle, coalesced into a later one, `--output none`)
        /// or no longer remembers it.
        public var pixelsReadyTime: Double?

        public init(frame: UInt64, targetTime: Double, wakeTime: Double, missed: UInt32, idle: Bool, commits: UInt32,
                    applyMs: Double, evaluateMs: Double, presentMs: Double, animatedLayers: UInt32,
                    pixelsReadyTime: Double? = nil) {
            self.frame = frame; self.targetTime = targetTime; self.wakeTime = wakeTime; self.missed = missed
            self.idle = idle; self.commits = commits; self.applyMs = applyMs; self.evaluateMs = evaluateMs
            self.presentMs = presentMs; self.animatedLayers = animatedLayers; self.pixelsReadyTime = pixelsReadyTime
        }
    }

    /// The configured display rate (frames per second) and whether the clock is manual.
    public var refreshRate: Double
    public var manualClock: Bool
    /// `FrameLogReport.capacity` of the daemon that answered.
    public var capacity: Int
    /// The oldest frame still kept and the latest frame produced (0 before the first).
    public var oldestFrame: UInt64
    public var latestFrame: UInt64
    /// More frames after the last record returned: ask again from it.
    public var hasMore: Bool
    public var records: [Record]

    public init(refreshRate: Double, manualClock: Bool, capacity: Int, oldestFrame: UInt64, latestFrame: UInt64,
                hasMore: Bool, records: [Record]) {
        self.refreshRate = refreshRate; self.manualClock = manualClock; self.capacity = capacity
        self.oldestFrame = oldestFrame; self.latestFrame = latestFrame; self.hasMore = hasMore; self.records = records
    }
}

/// `clientsReply.json`: every open session of the daemon, in connection order.
public struct ClientsReport: Codable, Hashable, Sendable {
    public var sessions: [Session]
    public init(sessions: [Session]) { self.sessions = sessions }

    public struct Session: Codable, Hashable, Sendable {
        /// The session id (`welcome.sessionID`; what `kickRequest` names).
        public var id: UInt32
        /// The peer's process id from the socket (`SO_PEERCRED`), nil when the transport
        /// has none (an in-process server).
        public var pid: Int32?
        /// The pid the client wrote in `hello` (informational; 0 before hello).
        public var helloPID: Int32
        /// The peer's user id from the socket, nil when unknown.
        public var uid: UInt32?
        /// The name from `hello` ("" before hello).
        public var name: String
        /// Whether the handshake is done (false: connected, no hello yet).
        public var established: Bool
        /// Layers alive and animations attached in the session's namespace.
        public var layers: Int
        public var animations: Int
        /// Bytes of contents the session holds: its layers' bitmaps and those inside its
        /// animations' values (the quantity `maxContentsBytesPerSession` bounds).
        public var contentsBytes: Int
        /// Bytes sent to the session that it has not read yet (queued in the daemon and in
        /// its write queue); the session is cut when this passes `maxSessionPendingBytes`.
        public var queuedBytes: Int
        /// The highest commit sequence applied.
        public var appliedSequence: UInt64
        public init(id: UInt32, pid: Int32?, helloPID: Int32, uid: UInt32?, name: String, established: Bool,
                    layers: Int, animations: Int, contentsBytes: Int = 0, queuedBytes: Int, appliedSequence: UInt64) {
            self.id = id; self.pid = pid; self.helloPID = helloPID; self.uid = uid; self.name = name
            self.established = established; self.layers = layers; self.animations = animations
            self.contentsBytes = contentsBytes
            self.queuedBytes = queuedBytes; self.appliedSequence = appliedSequence
        }

        enum CodingKeys: String, CodingKey {
            case id, pid, helloPID, uid, name, established, layers, animations, contentsBytes, queuedBytes,
                 appliedSequence
        }
        /// `pid` and `uid` are written as null when unknown.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id); try c.encode(pid, forKey: .pid); try c.encode(helloPID, forKey: .helloPID)
            try c.encode(uid, forKey: .uid); try c.encode(name, forKey: .name)
            try c.encode(established, forKey: .established); try c.encode(layers, forKey: .layers)
            try c.encode(animations, forKey: .animations); try c.encode(contentsBytes, forKey: .contentsBytes)
            try c.encode(queuedBytes, forKey: .queuedBytes)
            try c.encode(appliedSequence, forKey: .appliedSequence)
        }
    }
}
