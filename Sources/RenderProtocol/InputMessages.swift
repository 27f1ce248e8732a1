import RenderCore

/// A pointer event delivered to the session that owns the layer it hit (or the layer that
/// captured the pointer when it was pressed), PROTOCOL.md §5.3. Version 3.
public struct PointerEvent: Hashable, Sendable {
    /// `pointerDown`, `pointerMove`, `pointerUp`, `pointerCancel` or `scroll`.
    public var kind: InputEvent.Kind
    /// 0 for the mouse, a touch point's id for a finger.
    public var pointerID: UInt32
    /// The hit layer: the frontmost of the session's layers under the point, or while a
    /// button is held (from press to release) the layer the press hit.
    public var layer: LayerID
    /// The point in `layer`'s own coordinate space (its bounds space, as
    /// `CALayer.convert(_:from: nil)` gives), through the layer's presentation at the frame
    /// the user saw.
    public var location: Point
    /// The point in display points (the root layers' space).
    public var windowLocation: Point
    /// The button that changed (`pointerDown`, `pointerUp`): 1 primary, 2 middle, 3 secondary;
    /// 0 otherwise.
    public var button: UInt8
    /// The buttons held after this event, bit `b − 1` for button `b`.
    public var buttons: UInt32
    public var modifiers: InputModifiers
    /// `scroll`: how far the content should move, in points (InputEvent's convention).
    public var scrollX: Double
    public var scrollY: Double
    /// Events this one stands for (≥ 1): motion the server merged because the client was
    /// reading slowly; the point is the latest.
    public var coalesced: UInt32
    /// When it happened (media time, seconds).
    public var mediaTime: Double

    public init(kind: InputEvent.Kind, pointerID: UInt32 = 0, layer: LayerID, location: Point, windowLocation: Point,
                button: UInt8 = 0, buttons: UInt32 = 0, modifiers: InputModifiers = [], scrollX: Double = 0,
                scrollY: Double = 0, coalesced: UInt32 = 1, mediaTime: Double) {
        self.kind = kind; self.pointerID = pointerID; self.layer = layer; self.location = location
        self.windowLocation = windowLocation; self.button = button; self.buttons = buttons; self.modifiers = modifiers
        self.scrollX = scrollX; self.scrollY = scrollY; self.coalesced = coalesced; self.mediaTime = mediaTime
    }
}

/// A key event delivered to the session with the keyboard focus (the session whose layer
/// the last press hit), PROTOCOL.md §5.3. Version 3.
public struct KeyEvent: Hashable, Sendable {
    /// `keyDown` or `keyUp`.
    public var kind: InputEvent.Kind
    /// The focused layer (the layer the last press hit), 0 when it is gone.
    public var layer: LayerID
    /// X keysym with the modifiers applied, hardware keycode, typed text (UTF-8).
    public var keysym: UInt32
    public var keycode: UInt32
    public var modifiers: InputModifiers
    public var text: String
    public var mediaTime: Double

    public init(kind: InputEvent.Kind, layer: LayerID, keysym: UInt32, keycode: UInt32, modifiers: InputModifiers = [],
                text: String = "", mediaTime: Double) {
        self.kind = kind; self.layer = layer; self.keysym = keysym; self.keycode = keycode
        self.modifiers = modifiers; self.text = text; self.mediaTime = mediaTime
    }
}

/// Input events for the daemon to play as if they came from its window (tests, scripts,
/// `rendersrvctl input`), PROTOCOL.md §10. Each event is played `delay` seconds of the
/// daemon's clock after the one before it (the first after the request arrives), at the
/// start of the first frame at or after that time, and stamped with that time: on a manual
/// clock, playback follows `clockStep`s exactly.
public struct InjectInput: Hashable, Sendable {
    public var requestID: UInt32
    public var events: [InjectedEvent]
    public init(requestID: UInt32, events: [InjectedEvent]) { self.requestID = requestID; self.events = events }
}

/// One event of an `InjectInput`: `event.time` is ignored on the wire (the server stamps it).
public struct InjectedEvent: Hashable, Sendable {
    /// Seconds after the previous event (≥ 0, finite).
    public var delay: Double
    public var event: InputEvent
    public init(delay: Double, event: InputEvent) { self.delay = delay; self.event = event }
}

/// The answer to `injectInput`, sent when its last event was played: per event, in order,
/// where it went.
public struct InputInjected: Hashable, Sendable {
    public var requestID: UInt32
    /// The frame at whose start the last event was played.
    public var frame: UInt64
    public var deliveries: [InputDelivery]
    public init(requestID: UInt32, frame: UInt64, deliveries: [InputDelivery]) {
        self.requestID = requestID; self.frame = frame; self.deliveries = deliveries
    }
}

/// Where one input event went: the session and layer it was delivered to (0 and 0: no
/// session got it — nothing was hit, or nobody had the keyboard focus), and the layer of
/// the interaction tracker that took it, if one did (0: none).
public struct InputDelivery: Hashable, Sendable {
    public var sessionID: UInt32
    public var layer: LayerID
    public var trackerLayer: LayerID
    public init(sessionID: UInt32, layer: LayerID, trackerLayer: LayerID = 0) {
        self.sessionID = sessionID; self.layer = layer; self.trackerLayer = trackerLayer
    }
    public static let nowhere = InputDelivery(sessionID: 0, layer: 0)
}

/// What an interaction tracker tells its app (PROTOCOL.md §6.2): the app is told, not
/// asked, so its model can follow what the user sees. Positions are content offsets (the
/// tracked layer's `bounds.origin`), points; velocities points per second.
public struct TrackerUpdate: Hashable, Sendable {
    public enum Reason: UInt8, Sendable, CaseIterable {
        /// The state changed (`state` is the new one) at `mediaTime`.
        case stateChanged = 1
        /// The content moved: at most one per frame, the frame's position.
        case moved = 2
        /// The request `requestID` was applied.
        case requestApplied = 3
        /// The request `requestID` was ignored: the user was interacting.
        case requestIgnored = 4
    }
    public var layer: LayerID
    public var reason: Reason
    public var state: TrackerState
    /// The request answered (`requestApplied`, `requestIgnored`), else 0.
    public var requestID: UInt32
    public var position: Point
    public var velocity: Point
    /// Where inertia or an animation will come to rest; the position when there is none.
    public var restingPosition: Point
    public var mediaTime: Double
    public init(layer: LayerID, reason: Reason, state: TrackerState, requestID: UInt32 = 0, position: Point,
                velocity: Point = .zero, restingPosition: Point, mediaTime: Double) {
        self.layer = layer; self.reason = reason; self.state = state; self.requestID = requestID
        self.position = position; self.velocity = velocity; self.restingPosition = restingPosition
        self.mediaTime = mediaTime
    }
}
