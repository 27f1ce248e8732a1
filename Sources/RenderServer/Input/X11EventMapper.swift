import CXCB
import RenderProtocol

/// Turns the X events of one window into `InputEvent`s: core pointer and key events and
/// XInput 2.2 touch events. A value type with no connection: tests feed it event structs built
/// in memory. `X11Input` reads the events and owns one.
///
///     X event                          InputEvent
///     ───────                          ──────────
///     ButtonPress 1 / 2 / 3            pointerDown button 1 (primary) / 2 (middle) / 3 (secondary)
///     ButtonPress 8 / 9                pointerDown button 8 (back) / 9 (forward)
///     ButtonRelease of those           pointerUp, same button
///     ButtonPress 4 / 5                scroll y −40 / +40 (one notch up / down: wheel down shows
///                                      what is further down, positive y)
///     ButtonPress 6 / 7                scroll x −40 / +40 (left / right); releases of 4–7: nothing
///     MotionNotify                     pointerMove
///     LeaveNotify, FocusOut            pointerCancel while a button is held; the rest of that
///                                      gesture (its motion, its releases) is dropped
///     KeyPress / KeyRelease            keyDown / keyUp: keysym and text from `KeyTranslating`
///     XI TouchBegin / Update / End     pointerDown / pointerMove / pointerUp, pointer id = the
///                                      touch id (X numbers touches from 1), button 0
///
/// Coordinates: window pixels divided by `pixelsPerPoint` (1 today: the window is the display
/// at its size). Modifiers: the low eight bits of the event's state, which X lays out as
/// `InputModifiers` does (buttons held, bits 8–12, are not modifiers). EnterNotify emits
/// nothing (the motion that follows says where the pointer is) but makes the position known
/// again for key events; after a LeaveNotify their position is NaN.
///
/// X's millisecond timestamps are not used: each event carries the `time` it is mapped with,
/// the daemon's media time when it was read (see `X11Input`).
struct X11EventMapper {
    /// Window pixels per display point.
    var pixelsPerPoint: Double = 1
    /// XInput's major opcode: XI2 events are GenericEvents of that extension (0: none).
    var xinputOpcode: UInt8 = 0
    /// Buttons held (bit `b` for button `b`) that the sink saw pressed.
    private(set) var held: UInt16 = 0
    /// Buttons still held from a gesture that was cancelled: their motion and releases are dropped.
    private(set) var abandoned: UInt16 = 0
    /// Where the pointer was last seen in the window (display points), NaN when outside.
    private(set) var x = Double.nan
    private(set) var y = Double.nan

    init(pixelsPerPoint: Double = 1, xinputOpcode: UInt8 = 0) {
        self.pixelsPerPoint = pixelsPerPoint; self.xinputOpcode = xinputOpcode
    }

    /// Maps one event (an `xcb_generic_event_t` and the rest of its struct) read at media time
    /// `time`, calling `emit` for each input event it makes (none, or one).
    mutating func map(_ event: UnsafeRawPointer, time: Double, keys: KeyTranslating?, emit: (InputEvent) -> Void) {
        let type = event.load(as: UInt8.self) & 0x7F
        switch type {
        case UInt8(XCB_BUTTON_PRESS), UInt8(XCB_BUTTON_RELEASE):
            let e = event.loadUnaligned(as: xcb_button_press_event_t.self)
            pointerButton(e.detail, pressed: type == UInt8(XCB_BUTTON_PRESS), x: e.event_x, y: e.event_y,
                          state: e.state, time: time, emit: emit)
        case UInt8(XCB_MOTION_NOTIFY):
            let e = event.loadUnaligned(as: xcb_motion_notify_event_t.self)
            moveTo(e.event_x, e.event_y)
            if held == 0 && abandoned != 0 { return }
            emit(InputEvent(kind: .pointerMove, x: x, y: y, modifiers: Self.modifiers(e.state), time: time))
        case UInt8(XCB_ENTER_NOTIFY):
            let e = event.loadUnaligned(as: xcb_enter_notify_event_t.self)
            moveTo(e.event_x, e.event_y)
        case UInt8(XCB_LEAVE_NOTIFY):
            let e = event.loadUnaligned(as: xcb_leave_notify_event_t.self)
            moveTo(e.event_x, e.event_y)
            cancel(modifiers: Self.modifiers(e.state), time: time, emit: emit)
            x = .nan; y = .nan
        case UInt8(XCB_FOCUS_OUT):
            cancel(modifiers: [], time: time, emit: emit)
        case UInt8(XCB_KEY_PRESS), UInt8(XCB_KEY_RELEASE):
            let e = event.loadUnaligned(as: xcb_key_press_event_t.self)
            let down = type == UInt8(XCB_KEY_PRESS)
            let keycode = UInt32(e.detail)
            let (keysym, text) = keys?.translate(keycode: keycode) ?? (0, "")
            emit(InputEvent(kind: down ? .keyDown : .keyUp, x: x, y: y, modifiers: Self.modifiers(e.state),
                            keysym: keysym, keycode: keycode, text: down ? text : "", time: time))
        case UInt8(XCB_GE_GENERIC):
            let g = event.loadUnaligned(as: xcb_ge_generic_event_t.self)
            guard xinputOpcode != 0, g.extension == xinputOpcode else { return }
            touch(event, type: g.event_type, time: time, emit: emit)
        default:
            return
        }
    }

    private mutating func pointerButton(_ button: UInt8, pressed: Bool, x px: Int16, y py: Int16, state: UInt16,
                                        time: Double, emit: (InputEvent) -> Void) {
        moveTo(px, py)
        let modifiers = Self.modifiers(state)
        switch button {
        case 4...7:
            guard pressed else { return }
            let notch = InputEvent.pointsPerWheelNotch
            let (dx, dy): (Double, Double) = switch button {
            case 4: (0, -notch)
            case 5: (0, notch)
            case 6: (-notch, 0)
            default: (notch, 0)
            }
            emit(InputEvent(kind: .scroll, x: x, y: y, modifiers: modifiers, scrollX: dx, scrollY: dy, time: time))
        case 1, 2, 3, 8, 9:
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
        default:
            return
        }
    }

    /// The window lost the pointer or the focus: a gesture under way ends without a release.
    private mutating func cancel(modifiers: InputModifiers, time: Double, emit: (InputEvent) -> Void) {
        guard held != 0 else { return }
        abandoned |= held
        held = 0
        emit(InputEvent(kind: .pointerCancel, x: x, y: y, modifiers: modifiers, time: time))
    }

    private mutating func touch(_ event: UnsafeRawPointer, type: UInt16, time: Double, emit: (InputEvent) -> Void) {
        let kind: InputEvent.Kind
        switch type {
        case UInt16(XCB_INPUT_TOUCH_BEGIN): kind = .pointerDown
        case UInt16(XCB_INPUT_TOUCH_UPDATE): kind = .pointerMove
        case UInt16(XCB_INPUT_TOUCH_END): kind = .pointerUp
        default: return
        }
        // Begin, update and end share one layout.
        let e = event.loadUnaligned(as: xcb_input_touch_begin_event_t.self)
        // The X server numbers touches from 1 and skips 0 when the count wraps (dix/touch.c);
        // 0 is the mouse's id here, so a touch claiming it is not passed on.
        guard e.detail != 0 else { return }
        emit(InputEvent(kind: kind, pointerID: e.detail,
                        x: Double(e.event_x) / 65536 / pixelsPerPoint, y: Double(e.event_y) / 65536 / pixelsPerPoint,
                        modifiers: Self.modifiers(UInt16(truncatingIfNeeded: e.mods.effective)), time: time))
    }

    private mutating func moveTo(_ px: Int16, _ py: Int16) {
        x = Double(px) / pixelsPerPoint
        y = Double(py) / pixelsPerPoint
    }

    /// The modifier bits of an X state mask (Shift … Mod5; the button bits dropped).
    static func modifiers(_ state: UInt16) -> InputModifiers { InputModifiers(rawValue: UInt32(state & 0xFF)) }
}

/// A keyboard's keymap and state: what a keycode means now.
protocol KeyTranslating: AnyObject {
    /// The keysym of `keycode` with the current modifiers and group applied, and the text it
    /// types (UTF-8; empty when it types nothing).
    func translate(keycode: UInt32) -> (keysym: UInt32, text: String)
}
