import RenderCore
import RenderProtocol

/// The daemon's input state, loop thread: which layer each pointer is captured by (from a
/// press to its release), which session has the keyboard focus, motion held back for
/// clients that read slowly, and injected events waiting to be played. `ServerCore+Input`
/// routes each event through it.
///
/// Every part is bounded: captures by `maxPointers`; held motion by one event per
/// (session, pointer); injected events by `Limits.maxInjectedEvents` per session.
struct InputRouter {
    /// A pointer pressed on a layer: its events go to that layer's session until released.
    struct Capture {
        var sessionID: UInt32
        var layer: LayerID
        /// Buttons held (bit `b − 1`); a touch holds bit 0.
        var buttons: UInt32
        /// The interaction tracker the press also went to (the innermost on the hit layer or
        /// its superlayers that can scroll), 0 for none; once `panning`, the gesture is the
        /// tracker's alone (the client got `pointerCancel`).
        var trackerLayer: LayerID = 0
        var panning = false
        /// The press in display points and in the tracker layer's space, and the map from
        /// display deltas to that space at the press (the layer's own space moves as it
        /// scrolls, so the gesture keeps the map it began with).
        var pressWindow = Point.zero
        var pressLocal = Point.zero
        var jacobian = (a: 1.0, b: 0.0, c: 0.0, d: 1.0)

        /// A display point in the tracker layer's space, by the map taken at the press.
        func trackerPoint(_ p: Point) -> Point {
            let dx = p.x - pressWindow.x, dy = p.y - pressWindow.y
            return Point(x: pressLocal.x + jacobian.a * dx + jacobian.c * dy,
                         y: pressLocal.y + jacobian.b * dx + jacobian.d * dy)
        }
    }
    /// Pointers tracked at once (the mouse and up to 31 fingers); more are dropped, logged.
    static let maxPointers = 32
    var captures: [UInt32: Capture] = [:]
    /// Buttons of the mouse held now, whether captured or not.
    var mouseButtons: UInt32 = 0
    /// The session and layer the last press hit: key events go there.
    var focus: (sessionID: UInt32, layer: LayerID)?

    /// Motion not sent because its session had more than `motionBacklogBytes` unread: the
    /// latest per (session, pointer), sent at the next frame or before the session's next
    /// other event.
    var heldMotion: [UInt64: PointerEvent] = [:]
    /// Unread bytes above which a session's pointer motion is coalesced.
    static let motionBacklogBytes = 16 << 10

    /// An `injectInput` request being played.
    struct Injection {
        var sessionID: UInt32
        var requestID: UInt32
        var events: [InjectedEvent]
        var next = 0
        /// When `events[next]` is due (media time).
        var due: Double
        var deliveries: [InputDelivery] = []
    }
    var injections: [Injection] = []
    /// Events waiting to be played, per requesting session.
    var injectedPending: [UInt32: Int] = [:]

    var hasScheduledInput: Bool { !injections.isEmpty }

    static func motionKey(_ sessionID: UInt32, _ pointerID: UInt32) -> UInt64 { UInt64(sessionID) << 32 | UInt64(pointerID) }

    /// Forgets everything of a session that ended.
    mutating func forget(session id: UInt32) {
        captures = captures.filter { $0.value.sessionID != id }
        if focus?.sessionID == id { focus = nil }
        heldMotion = heldMotion.filter { $0.key >> 32 != UInt64(id) }
        injections.removeAll { $0.sessionID == id }
        injectedPending[id] = nil
    }

    /// The bit of `button` in a buttons mask (button 0, a touch, is bit 0 as the primary).
    static func bit(_ button: UInt8) -> UInt32 { button == 0 ? 1 : 1 << UInt32(min(31, button - 1)) }
}
