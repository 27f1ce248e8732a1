import CXCB
import RenderProtocol
import Testing
@testable import RenderServer

/// `X11EventMapper` on X event structs built in memory: buttons, wheel notches, modifiers,
/// motion, cancelled gestures, keys through a real xkbcommon keymap, XI2 touch.
@Suite struct X11InputMappingTests {
    /// A mapper and what it emitted.
    struct Rig {
        var mapper = X11EventMapper()
        var keys: KeyTranslating?
        var events: [InputEvent] = []
        var time = 10.0

        mutating func feed<Event>(_ event: Event) {
            var out: [InputEvent] = []
            withUnsafeBytes(of: event) { raw in
                mapper.map(raw.baseAddress!, time: time, keys: keys) { out.append($0) }
            }
            events += out
        }
        /// Takes what was emitted since the last call.
        mutating func take() -> [InputEvent] { defer { events = [] }; return events }
    }

    static func button(_ pressed: Bool, _ button: UInt8, x: Int16, y: Int16, state: UInt16 = 0) -> xcb_button_press_event_t {
        var e = xcb_button_press_event_t()
        e.response_type = UInt8(pressed ? XCB_BUTTON_PRESS : XCB_BUTTON_RELEASE)
        e.detail = button; e.event_x = x; e.event_y = y; e.state = state
        return e
    }

    static func motion(x: Int16, y: Int16, state: UInt16 = 0) -> xcb_motion_notify_event_t {
        var e = xcb_motion_notify_event_t()
        e.response_type = UInt8(XCB_MOTION_NOTIFY); e.event_x = x; e.event_y = y; e.state = state
        return e
    }

    static func crossing(enter: Bool, x: Int16, y: Int16) -> xcb_leave_notify_event_t {
        var e = xcb_leave_notify_event_t()
        e.response_type = UInt8(enter ? XCB_ENTER_NOTIFY : XCB_LEAVE_NOTIFY); e.event_x = x; e.event_y = y
        return e
    }

    static func key(_ pressed: Bool, _ keycode: UInt8, state: UInt16 = 0) -> xcb_key_press_event_t {
        var e = xcb_key_press_event_t()
        e.response_type = UInt8(pressed ? XCB_KEY_PRESS : XCB_KEY_RELEASE); e.detail = keycode; e.state = state
        return e
    }

    static func touch(_ type: Int32, id: UInt32, x: Double, y: Double, opcode: UInt8) -> xcb_input_touch_begin_event_t {
        var e = xcb_input_touch_begin_event_t()
        e.response_type = UInt8(XCB_GE_GENERIC); e.extension = opcode; e.event_type = UInt16(type)
        e.detail = id; e.event_x = Int32(x * 65536); e.event_y = Int32(y * 65536)
        return e
    }

    @Test func buttonsOneToThreeAndBackForwardPressAndRelease() {
        var r = Rig()
        for b: UInt8 in [1, 2, 3, 8, 9] {
            r.feed(Self.button(true, b, x: 10, y: 20))
            r.feed(Self.button(false, b, x: 11, y: 21))
        }
        let e = r.take()
        #expect(e.map(\.kind) == Array(repeating: [InputEvent.Kind.pointerDown, .pointerUp], count: 5).flatMap { $0 })
        #expect(e.map(\.button) == [1, 1, 2, 2, 3, 3, 8, 8, 9, 9])
        #expect(e.allSatisfy { $0.pointerID == 0 && $0.time == 10 && $0.scrollX == 0 && $0.scrollY == 0 })
        #expect(e[0].x == 10 && e[0].y == 20 && e[1].x == 11 && e[1].y == 21)
    }

    @Test func eachWheelNotchScrollsFortyPointsAndReleasesSayNothing() {
        var r = Rig()
        for b: UInt8 in [4, 5, 6, 7] {
            r.feed(Self.button(true, b, x: 5, y: 6))
            r.feed(Self.button(false, b, x: 5, y: 6))
        }
        let e = r.take()
        #expect(e.count == 4 && e.allSatisfy { $0.kind == .scroll && $0.button == 0 && $0.x == 5 && $0.y == 6 })
        // Up, down (positive: shows what is further down), left, right.
        #expect(e.map(\.scrollY) == [-40, 40, 0, 0])
        #expect(e.map(\.scrollX) == [0, 0, -40, 40])
        #expect(InputEvent.pointsPerWheelNotch == 40)
        #expect(r.mapper.held == 0, "wheel buttons are never held")
    }

    @Test func modifiersAreTheStateMaskWithoutItsButtons() {
        var r = Rig()
        // Shift | Control | Mod1 | Mod4, with Button1 and Button3 held (bits 8 and 10).
        r.feed(Self.motion(x: 1, y: 2, state: 0x01 | 0x04 | 0x08 | 0x40 | 0x100 | 0x400))
        r.feed(Self.button(true, 1, x: 1, y: 2, state: 0x02 | 0x10))
        let e = r.take()
        #expect(e[0].modifiers == [.shift, .control, .alt, .super])
        #expect(e[0].modifiers.rawValue == 0x4D)
        #expect(e[1].modifiers == [.capsLock, .numLock])
    }

    @Test func motionIsAPointerMoveInPointsAtTheScaleFactor() {
        var r = Rig()
        r.mapper.pixelsPerPoint = 2
        r.feed(Self.motion(x: 100, y: 51))
        r.feed(Self.button(true, 1, x: 10, y: 10))
        let e = r.take()
        #expect(e[0].kind == .pointerMove && e[0].x == 50 && e[0].y == 25.5 && e[0].button == 0)
        #expect(e[1].kind == .pointerDown && e[1].x == 5 && e[1].y == 5)
    }

    @Test func leavingWhilePressedCancelsAndDropsTheRestOfThatGesture() {
        var r = Rig()
        r.feed(Self.button(true, 1, x: 10, y: 10))
        r.feed(Self.motion(x: 20, y: 10, state: 0x100))
        r.feed(Self.crossing(enter: false, x: -1, y: 10))
        // The implicit grab still reports the drag outside, then the release: both dropped.
        r.feed(Self.motion(x: -30, y: 10, state: 0x100))
        r.feed(Self.button(false, 1, x: -30, y: 10, state: 0x100))
        #expect(r.take().map(\.kind) == [.pointerDown, .pointerMove, .pointerCancel])
        #expect(r.mapper.held == 0 && r.mapper.abandoned == 0)
        // Back in the window, a new gesture.
        r.feed(Self.crossing(enter: true, x: 5, y: 5))
        r.feed(Self.motion(x: 6, y: 5))
        r.feed(Self.button(true, 3, x: 6, y: 5))
        r.feed(Self.button(false, 3, x: 6, y: 5))
        let e = r.take()
        #expect(e.map(\.kind) == [.pointerMove, .pointerDown, .pointerUp])
        #expect(e[1].button == 3)
    }

    @Test func theCancelIsWhereThePointerLeft() {
        var r = Rig()
        r.feed(Self.button(true, 2, x: 10, y: 10))
        r.feed(Self.crossing(enter: false, x: 319, y: 7))
        let e = r.take()
        #expect(e.last?.kind == .pointerCancel && e.last?.x == 319 && e.last?.y == 7 && e.last?.button == 0)
    }

    @Test func losingTheFocusDuringAPressCancelsIt() {
        var r = Rig()
        var focusOut = xcb_focus_out_event_t()
        focusOut.response_type = UInt8(XCB_FOCUS_OUT)
        r.feed(focusOut)
        #expect(r.take().isEmpty, "no gesture, nothing to cancel")
        r.feed(Self.button(true, 1, x: 3, y: 4))
        r.feed(focusOut)
        r.feed(Self.button(false, 1, x: 3, y: 4))
        #expect(r.take().map(\.kind) == [.pointerDown, .pointerCancel])
    }

    @Test func leavingWithNoButtonHeldSaysNothingAndKeysThenHaveNoPosition() {
        var r = Rig()
        r.feed(Self.motion(x: 3, y: 4))
        r.feed(Self.key(true, 38))
        r.feed(Self.crossing(enter: false, x: 400, y: 4))
        r.feed(Self.key(false, 38))
        let e = r.take()
        #expect(e.map(\.kind) == [.pointerMove, .keyDown, .keyUp])
        #expect(e[1].x == 3 && e[1].y == 4)
        #expect(e[2].x.isNaN && e[2].y.isNaN)
        #expect(e[1].keycode == 38 && e[1].keysym == 0 && e[1].text == "", "no keymap: keycode only")
    }

    /// evdev keycodes (X numbers them evdev + 8): 38 is A, 50 left Shift, 36 Return.
    @Test func keysCarryTheKeysymAndTextOfTheKeymapWithModifiersApplied() throws {
        let keyboard = try XKBKeyboard(layout: "us")
        var r = Rig()
        r.keys = keyboard
        r.feed(Self.key(true, 38))
        r.feed(Self.key(false, 38))
        keyboard.updateKey(50, down: true)
        #expect(keyboard.modifiers == InputModifiers.shift.rawValue)
        r.feed(Self.key(true, 38, state: 0x01))
        r.feed(Self.key(false, 38, state: 0x01))
        keyboard.updateKey(50, down: false)
        r.feed(Self.key(true, 36))
        let e = r.take()
        #expect(e.map(\.kind) == [.keyDown, .keyUp, .keyDown, .keyUp, .keyDown])
        #expect(e[0].keysym == 0x61 && e[0].text == "a" && e[0].modifiers == [] && e[0].keycode == 38)
        #expect(e[1].keysym == 0x61 && e[1].text == "", "a release types nothing")
        #expect(e[2].keysym == 0x41 && e[2].text == "A" && e[2].modifiers == .shift)
        #expect(e[4].keysym == 0xff0d && e[4].text == "\r")
    }

    @Test func xi2TouchesArePointerEventsWithTheTouchID() {
        var r = Rig()
        r.mapper.xinputOpcode = 131
        r.feed(Self.touch(XCB_INPUT_TOUCH_BEGIN, id: 5, x: 10.5, y: 20.25, opcode: 131))
        r.feed(Self.touch(XCB_INPUT_TOUCH_UPDATE, id: 5, x: 12, y: 22, opcode: 131))
        r.feed(Self.touch(XCB_INPUT_TOUCH_BEGIN, id: 6, x: 100, y: 100, opcode: 131))
        r.feed(Self.touch(XCB_INPUT_TOUCH_END, id: 5, x: 12, y: 22, opcode: 131))
        // Another extension's generic event, and a touch numbered 0 (the mouse's id): nothing.
        r.feed(Self.touch(XCB_INPUT_TOUCH_BEGIN, id: 7, x: 1, y: 1, opcode: 140))
        r.feed(Self.touch(XCB_INPUT_TOUCH_BEGIN, id: 0, x: 1, y: 1, opcode: 131))
        let e = r.take()
        #expect(e.map(\.kind) == [.pointerDown, .pointerMove, .pointerDown, .pointerUp])
        #expect(e.map(\.pointerID) == [5, 5, 6, 5])
        #expect(e.allSatisfy { $0.button == 0 })
        #expect(e[0].x == 10.5 && e[0].y == 20.25)
        #expect(r.mapper.held == 0, "touches are not buttons")
    }

    @Test func withoutXInputGenericEventsAreIgnored() {
        var r = Rig()
        r.feed(Self.touch(XCB_INPUT_TOUCH_BEGIN, id: 5, x: 1, y: 1, opcode: 131))
        #expect(r.take().isEmpty)
    }
}
