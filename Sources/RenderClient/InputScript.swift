import RenderCore
import RenderProtocol

/// Ready-made gestures for `ControlClient.injectInput` (and `rendersrvctl input`): event
/// sequences a daemon plays as if a user made them at its window. Points are display
/// points; times are seconds of the daemon's clock.
public enum InputScript {
    /// Samples per second of the moves a drag or fling plays (a 120 Hz pointer).
    public static let sampleRate: Double = 120

    /// A press of `button` (1 primary) at `p`, or with `pointer` ≠ 0 a finger touching.
    public static func press(at p: Point, button: UInt8 = 1, pointer: UInt32 = 0, delay: Double = 0) -> InjectedEvent {
        InjectedEvent(delay: delay, event: InputEvent(kind: .pointerDown, pointerID: pointer, x: p.x, y: p.y,
                                                      button: pointer == 0 ? button : 0, time: 0))
    }

    /// The pointer (or finger `pointer`) moving to `p`.
    public static func move(to p: Point, pointer: UInt32 = 0, delay: Double = 0) -> InjectedEvent {
        InjectedEvent(delay: delay, event: InputEvent(kind: .pointerMove, pointerID: pointer, x: p.x, y: p.y, time: 0))
    }

    /// The release of `button` (or the lift of finger `pointer`) at `p`.
    public static func release(at p: Point, button: UInt8 = 1, pointer: UInt32 = 0, delay: Double = 0) -> InjectedEvent {
        InjectedEvent(delay: delay, event: InputEvent(kind: .pointerUp, pointerID: pointer, x: p.x, y: p.y,
                                                      button: pointer == 0 ? button : 0, time: 0))
    }

    /// A press and a release at `p`, `hold` seconds apart.
    public static func tap(at p: Point, hold: Double = 0.05) -> [InjectedEvent] {
        [press(at: p), release(at: p, delay: hold)]
    }

    /// Press at `from`, move in a straight line to `to` over `duration` seconds (at
    /// `sampleRate`), and release there after `pause` seconds without moving (a pause of
    /// 0.1 s or more ends it without a fling).
    public static func drag(from: Point, to: Point, duration: Double, pause: Double = 0) -> [InjectedEvent] {
        let steps = max(1, Int((duration * sampleRate).rounded()))
        var events = [press(at: from)]
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            events.append(move(to: Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f),
                               delay: duration / Double(steps)))
        }
        events.append(release(at: to, delay: pause))
        return events
    }

    /// A flick: press at `from`, move at a constant `velocity` (points per second) for
    /// `duration` seconds, release without pausing — the release velocity a tracker
    /// estimates is `velocity`.
    public static func fling(from: Point, velocity: Point, duration: Double = 0.1) -> [InjectedEvent] {
        drag(from: from, to: Point(x: from.x + velocity.x * duration, y: from.y + velocity.y * duration),
             duration: duration)
    }

    /// One wheel event at `p`: the content moves by `dx`, `dy` points (positive `dy` shows
    /// what is further down; a notch is `InputEvent.pointsPerWheelNotch`).
    public static func scroll(at p: Point, dx: Double = 0, dy: Double) -> InjectedEvent {
        InjectedEvent(delay: 0, event: InputEvent(kind: .scroll, x: p.x, y: p.y, scrollX: dx, scrollY: dy, time: 0))
    }

    /// A key pressed and released: `keysym` (X's; for a character, its Unicode code point
    /// below 0x100, or 0x0100_0000 + the code point above), and the text it types.
    public static func key(_ keysym: UInt32, text: String = "", modifiers: InputModifiers = [],
                           hold: Double = 0.05) -> [InjectedEvent] {
        [InjectedEvent(delay: 0, event: InputEvent(kind: .keyDown, x: .nan, y: .nan, modifiers: modifiers,
                                                   keysym: keysym, text: text, time: 0)),
         InjectedEvent(delay: hold, event: InputEvent(kind: .keyUp, x: .nan, y: .nan, modifiers: modifiers,
                                                      keysym: keysym, time: 0))]
    }

    /// The keysym X gives a character (Latin-1 directly, the rest as 0x0100_0000 + code point).
    public static func keysym(for c: Character) -> UInt32 {
        guard let v = c.unicodeScalars.first?.value else { return 0 }
        return v < 0x100 ? v : 0x0100_0000 + v
    }
}
