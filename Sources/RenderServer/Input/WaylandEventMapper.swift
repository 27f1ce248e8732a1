import CWayland
import RenderProtocol

/// One event of a `wl_seat`'s pointer, keyboard or touch, as its listener received it:
/// coordinates are surface-local `wl_fixed_t` (24.8 fixed point), buttons and keys evdev codes.
/// What the listener resolved is folded in (`onSurface`: the event names the window's surface).
/// Serials and the compositor's millisecond timestamps are left out (see `WaylandEventMapper`).
enum WaylandInput: Equatable {
    case pointerEnter(onSurface: Bool, x: Int32, y: Int32)
    case pointerLeave
    case pointerMotion(x: Int32, y: Int32)
    /// `state`: `WL_POINTER_BUTTON_STATE_*`.
    case pointerButton(button: UInt32, state: UInt32)
    /// `axis`: `WL_POINTER_AXIS_*`; `value` surface units (positive: down, right).
    case pointerAxis(axis: UInt32, value: Int32)
    case pointerAxisSource(UInt32)
    case pointerAxisStop(axis: UInt32)
    /// Version 5 to 7: wheel notches of the axis event in the same frame.
    case pointerAxisDiscrete(axis: UInt32, discrete: Int32)
    /// Version 8 and up: wheel notches × 120 (high-resolution wheels send fractions).
    case pointerAxisValue120(axis: UInt32, value120: Int32)
    /// Version 5 and up: the end of a group of pointer events that happened together.
    case pointerFrame
    /// The seat lost its pointer (capabilities changed).
    case pointerRemoved

    case keyboardEnter(onSurface: Bool)
    case keyboardLeave
    /// `key`: the evdev code; `state`: `WL_KEYBOARD_KEY_STATE_*`.
    case key(key: UInt32, state: UInt32)
    case modifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32)
    /// Repeats per second (0: none) and milliseconds before the first.
    case repeatInfo(rate: Int32, delay: Int32)
    /// The owner's repeat timer fired.
    case repeatTimer
    /// The seat lost its keyboard.
    case keyboardRemoved

    case touchDown(id: Int32, onSurface: Bool, x: Int32, y: Int32)
    case touchUp(id: Int32)
    case touchMotion(id: Int32, x: Int32, y: Int32)
    case touchFrame
    case touchCancel
    /// The seat lost its touch device.
    case touchRemoved
}

/// A keyboard whose state the client keeps: Wayland sends the modifier masks and leaves
/// applying them, and key repeat, to the client. `XKBKeyboard` is one.
protocol KeyboardState: KeyTranslating {
    /// The compositor's serialized modifier masks and group (`wl_keyboard.modifiers`).
    func updateMasks(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32)
    /// The effective modifiers, X's mask layout.
    var modifiers: UInt32 { get }
    /// Whether the keymap lets `keycode` (xkb numbering: evdev + 8) repeat.
    func repeats(keycode: UInt32) -> Bool
}

/// Turns a `wl_seat`'s events into `InputEvent`s, as `X11EventMapper` does for X: the same
/// buttons, notches, cancels, focus and touch ids. A value type with no connection: tests feed
/// it `WaylandInput`s. `WaylandSeat` receives the events and owns one.
///
///     Wayland event                        InputEvent
///     ─────────────                        ──────────
///     pointer.button BTN_LEFT/MIDDLE/RIGHT pointerDown / pointerUp, button 1 / 2 / 3
///     pointer.button BTN_SIDE, BTN_BACK    button 8 (back); BTN_EXTRA, BTN_FORWARD: 9 (forward)
///     pointer.motion                       pointerMove
///     pointer.axis (+ discrete / value120) scroll: one notch = 40 pt (value120 / 120 × 40,
///                                          discrete × 40); without either (a touchpad, or
///                                          version < 5) the value in surface units ÷ `scale`;
///                                          positive y shows what is further down, as on X
///     pointer.frame (version ≥ 5)          the frame's axis events as one scroll (x and y)
///     pointer.leave, keyboard.leave,       pointerCancel while a button is held; the rest of
///     pointer lost                         that gesture (its releases) is dropped
///     keyboard.key                         keyDown / keyUp, keycode = evdev + 8, keysym and
///                                          text from the keymap (`KeyboardState`)
///     repeat timer                         keyDown of the repeating key (`KeyRepeat`)
///     touch.down / motion / up             pointerDown / pointerMove / pointerUp, pointer id =
///                                          the touch id + 1 (Wayland numbers from 0; 0 is the
///                                          mouse's here), button 0
///     touch.cancel, touch lost             pointerCancel for each touch down
///
/// Coordinates: surface-local, divided by `scale` to give display points. Enter emits nothing
/// (as on X) but makes the position known; after a leave key events have a NaN position.
/// Events for another surface (a pointer enter, a touch down elsewhere) are ignored, and so
/// is the pointer until it enters the window. Pointer events carry the keyboard's modifiers
/// (Wayland's pointer has none of its own); they are cleared when the keyboard focus leaves.
///
/// Frames: Wayland groups a pointer's events into frames (version 5); the axis events of a
/// frame become one scroll event, emitted at the frame, or earlier when another pointer event
/// of the same frame follows them, so that the order is kept. Touch frames change nothing:
/// every touch event is an `InputEvent` of its own.
///
/// The compositor's millisecond timestamps are not used: each event carries the `time` it is
/// mapped with, the daemon's media time when it was read (see `WaylandSeat`).
struct WaylandEventMapper {
    /// Surface-local units per display point.
    var scale: Double = 1
    /// Points of the surface above the display (the window's own title bar): subtracted from
    /// every y, so the display's points start below it (a point in the bar has y < 0).
    var topInset: Double = 0
    /// The bound `wl_pointer` version: from 5 axis events wait for the frame.
    var pointerVersion: UInt32
    /// The keyboard's modifiers (X's layout), carried by pointer and touch events.
    private(set) var modifiers: InputModifiers = []
    /// Buttons held (bit `b` for button `b`) that the sink saw pressed.
    private(set) var held: UInt16 = 0
    /// Buttons still held from a gesture that was cancelled: their releases are dropped.
    private(set) var abandoned: UInt16 = 0
    /// Whether the pointer is in the window's surface.
    private(set) var pointerInside = false
    /// Where the pointer was last seen in the window (display points), NaN when outside.
    private(set) var x = Double.nan
    private(set) var y = Double.nan
    /// Whether the window has the keyboard focus.
    private(set) var keyboardFocus = false
    /// Key repeat: which key, when.
    private(set) var keyRepeat = KeyRepeat()
    /// Touch points down on the window: Wayland id → last position (display points). A
    /// compositor has a few (one per finger).
    private(set) var touches: [(id: Int32, x: Double, y: Double)] = []
    /// Axis events of the current frame, not yet emitted.
    private var axis = PendingAxis()

    /// Axis steps gathered over one frame, per axis (0 vertical, 1 horizontal).
    private struct PendingAxis {
        var value: (Double, Double) = (0, 0)
        var discrete: (Int32?, Int32?) = (nil, nil)
        var value120: (Int32?, Int32?) = (nil, nil)
        var any = false
    }

    init(pointerVersion: UInt32, scale: Double = 1) {
        self.pointerVersion = pointerVersion; self.scale = scale
    }

    /// Stops a key's repeat (delivery starts: a key held since before does not repeat).
    mutating func cancelRepeat() { keyRepeat.cancel() }

    /// When the repeating key's next repeat is due (media time), nil when none is held.
    var nextRepeat: Double? { keyRepeat.deadline }

    // Linux input event codes (linux/input-event-codes.h).
    static let btnLeft: UInt32 = 0x110, btnRight: UInt32 = 0x111, btnMiddle: UInt32 = 0x112
    static let btnSide: UInt32 = 0x113, btnExtra: UInt32 = 0x114, btnForward: UInt32 = 0x115, btnBack: UInt32 = 0x116

    /// The `InputEvent` button of an evdev button code (0: not one the daemon passes on).
    static func button(evdev code: UInt32) -> UInt8 {
        switch code {
        case btnLeft: 1
        case btnMiddle: 2
        case btnRight: 3
        case btnSide, btnBack: 8
        case btnExtra, btnForward: 9
        default: 0
        }
    }

    /// Maps one event read at media time `time`, calling `emit` for each input event it makes
    /// (none, one, or one per touch for a cancel). `keys`: the keymap and its state, nil
    /// while the compositor has sent none.
    mutating func map(_ event: WaylandInput, time: Double, keys: KeyboardState?, emit: (InputEvent) -> Void) {
        switch event {
        case .pointerAxis, .pointerAxisDiscrete, .pointerAxisValue120, .pointerAxisSource, .pointerAxisStop, .pointerFrame:
            break
        default:
            flushAxis(time: time, emit: emit)
        }
        switch event {
        case let .pointerEnter(onSurface, px, py):
            pointerInside = onSurface
            if onSurface { moveTo(px, py) }
        case .pointerLeave, .pointerRemoved:
            cancel(time: time, emit: emit)
            pointerInside = false
            x = .nan; y = .nan
        case let .pointerMotion(px, py):
            guard pointerInside else { return }
            moveTo(px, py)
            emit(InputEvent(kind: .pointerMove, x: x, y: y, modifiers: modifiers, time: time))
        case let .pointerButton(code, state):
            guard pointerInside else { return }
            pointerButton(Self.button(evdev: code), pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue,
                          time: time, emit: emit)
        case let .pointerAxis(axisNumber, value):
            guard pointerInside, axisNumber <= 1 else { return }
            if axisNumber == 0 { axis.value.0 += Double(value) / 256 } else { axis.value.1 += Double(value) / 256 }
            axis.any = true
            if pointerVersion < WL_POINTER_FRAME_SINCE_VERSION { flushAxis(time: time, emit: emit) }
        case let .pointerAxisDiscrete(axisNumber, steps):
            guard pointerInside, axisNumber <= 1 else { return }
            if axisNumber == 0 { axis.discrete.0 = (axis.discrete.0 ?? 0) + steps } else { axis.discrete.1 = (axis.discrete.1 ?? 0) + steps }
            axis.any = true
        case let .pointerAxisValue120(axisNumber, v120):
            guard pointerInside, axisNumber <= 1 else { return }
            if axisNumber == 0 { axis.value120.0 = (axis.value120.0 ?? 0) + v120 } else { axis.value120.1 = (axis.value120.1 ?? 0) + v120 }
            axis.any = true
        case .pointerAxisSource, .pointerAxisStop:
            // The source only says what the steps mean, which discrete / value120 already
            // tell; a stop (a touchpad's fingers lifted) moves nothing: the daemon's tracker
            // decides its own inertia.
            return
        case .pointerFrame:
            flushAxis(time: time, emit: emit)

        case let .keyboardEnter(onSurface):
            keyboardFocus = onSurface
        case .keyboardLeave, .keyboardRemoved:
            keyboardFocus = false
            keyRepeat.cancel()
            modifiers = []
            cancel(time: time, emit: emit)
        case let .key(key, state):
            guard keyboardFocus else { return }
            let keycode = key + 8
            let down = state != WL_KEYBOARD_KEY_STATE_RELEASED.rawValue
            let (keysym, text) = keys?.translate(keycode: keycode) ?? (0, "")
            emit(InputEvent(kind: down ? .keyDown : .keyUp, x: x, y: y, modifiers: modifiers,
                            keysym: keysym, keycode: keycode, text: down ? text : "", time: time))
            if state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue {
                keyRepeat.press(keycode, repeats: keys?.repeats(keycode: keycode) ?? false, at: time)
            } else if !down {
                keyRepeat.release(keycode)
            }
        case let .modifiers(depressed, latched, locked, group):
            if let keys {
                keys.updateMasks(depressed: depressed, latched: latched, locked: locked, group: group)
                modifiers = InputModifiers(rawValue: keys.modifiers)
            } else {
                // No keymap to read the masks with: xkbcommon numbers the eight real
                // modifiers first, in X's order, so the low byte means what X's does.
                modifiers = InputModifiers(rawValue: (depressed | latched | locked) & 0xFF)
            }
        case let .repeatInfo(rate, delay):
            keyRepeat.configure(rate: rate, delay: delay)
        case .repeatTimer:
            guard keyboardFocus, let keycode = keyRepeat.step(at: time) else { return }
            let (keysym, text) = keys?.translate(keycode: keycode) ?? (0, "")
            emit(InputEvent(kind: .keyDown, x: x, y: y, modifiers: modifiers,
                            keysym: keysym, keycode: keycode, text: text, time: time))

        case let .touchDown(id, onSurface, px, py):
            guard onSurface, id >= 0, !touches.contains(where: { $0.id == id }) else { return }
            let (tx, ty) = points(px, py)
            touches.append((id, tx, ty))
            emit(InputEvent(kind: .pointerDown, pointerID: UInt32(id) + 1, x: tx, y: ty, modifiers: modifiers, time: time))
        case let .touchMotion(id, px, py):
            guard let i = touches.firstIndex(where: { $0.id == id }) else { return }
            let (tx, ty) = points(px, py)
            touches[i].x = tx; touches[i].y = ty
            emit(InputEvent(kind: .pointerMove, pointerID: UInt32(id) + 1, x: tx, y: ty, modifiers: modifiers, time: time))
        case let .touchUp(id):
            guard let i = touches.firstIndex(where: { $0.id == id }) else { return }
            let t = touches.remove(at: i)
            emit(InputEvent(kind: .pointerUp, pointerID: UInt32(id) + 1, x: t.x, y: t.y, modifiers: modifiers, time: time))
        case .touchFrame:
            return
        case .touchCancel, .touchRemoved:
            let cancelled = touches
            touches = []
            for t in cancelled {
                emit(InputEvent(kind: .pointerCancel, pointerID: UInt32(t.id) + 1, x: t.x, y: t.y, modifiers: modifiers, time: time))
            }
        }
    }

    private mutating func pointerButton(_ button: UInt8, pressed: Bool, time: Double, emit: (InputEvent) -> Void) {
        guard button != 0 else { return }
        let bit: UInt16 = 1 << UInt16(button)
        if pressed {
            held |= bit
            abandoned &= ~bit
            emit(InputEvent(kind: .pointerDown, x: x, y: y, button: button, modifiers: modifiers, time: time))
        } else if held & bit != 0 {
            held &= ~bit
            emit(InputEvent(kind: .pointerUp, x: x, y: y, button: button, modifiers: modifiers, time: time))
        } else {
            // The release of a cancelled gesture's button, or of a press never seen.
            abandoned &= ~bit
        }
    }

    /// The window lost the pointer or the keyboard focus: a gesture under way ends without a release.
    private mutating func cancel(time: Double, emit: (InputEvent) -> Void) {
        guard held != 0 else { return }
        abandoned |= held
        held = 0
        emit(InputEvent(kind: .pointerCancel, x: x, y: y, modifiers: modifiers, time: time))
    }

    /// Emits the axis steps gathered since the last scroll as one scroll event.
    private mutating func flushAxis(time: Double, emit: (InputEvent) -> Void) {
        guard axis.any else { return }
        let a = axis
        axis = PendingAxis()
        let dx = delta(value: a.value.1, discrete: a.discrete.1, value120: a.value120.1)
        let dy = delta(value: a.value.0, discrete: a.discrete.0, value120: a.value120.0)
        guard dx != 0 || dy != 0 else { return }
        emit(InputEvent(kind: .scroll, x: x, y: y, modifiers: modifiers, scrollX: dx, scrollY: dy, time: time))
    }

    /// Points one axis scrolls: wheel notches at 40 points each where the compositor counted
    /// them, else its value in surface units.
    private func delta(value: Double, discrete: Int32?, value120: Int32?) -> Double {
        if let value120 { return Double(value120) / 120 * InputEvent.pointsPerWheelNotch }
        if let discrete { return Double(discrete) * InputEvent.pointsPerWheelNotch }
        return value / scale
    }

    private mutating func moveTo(_ px: Int32, _ py: Int32) {
        (x, y) = points(px, py)
    }

    private func points(_ px: Int32, _ py: Int32) -> (Double, Double) {
        (Double(px) / 256 / scale, Double(py) / 256 / scale - topInset)
    }
}
