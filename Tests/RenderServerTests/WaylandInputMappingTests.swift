import CSystem
import CWayland
import Glibc
import RenderProtocol
import Testing
@testable import RenderServer

/// `WaylandEventMapper` on `wl_seat` events built in memory: buttons, axis steps (continuous,
/// discrete, value120) and their frames, cancelled gestures, focus, keys through a keymap that
/// travels as a compositor sends it (text in a sealed memfd), key repeat, touch sequences.
@Suite struct WaylandInputMappingTests {
    /// A mapper and what it emitted.
    struct Rig {
        var mapper: WaylandEventMapper
        var keys: KeyboardState?
        var events: [InputEvent] = []
        var time = 10.0

        init(version: UInt32 = 7) { mapper = WaylandEventMapper(pointerVersion: version) }

        mutating func feed(_ event: WaylandInput) {
            var out: [InputEvent] = []
            mapper.map(event, time: time, keys: keys) { out.append($0) }
            events += out
        }
        /// Takes what was emitted since the last call.
        mutating func take() -> [InputEvent] { defer { events = [] }; return events }
    }

    /// Surface-local coordinates as `wl_fixed_t` (24.8).
    static func fixed(_ v: Double) -> Int32 { Int32((v * 256).rounded()) }
    static let pressed = WL_POINTER_BUTTON_STATE_PRESSED.rawValue
    static let released = WL_POINTER_BUTTON_STATE_RELEASED.rawValue
    static let vertical = WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue
    static let horizontal = WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue
    static let keyDown = WL_KEYBOARD_KEY_STATE_PRESSED.rawValue
    static let keyUp = WL_KEYBOARD_KEY_STATE_RELEASED.rawValue

    static func enter(_ x: Double, _ y: Double) -> WaylandInput { .pointerEnter(onSurface: true, x: fixed(x), y: fixed(y)) }
    static func motion(_ x: Double, _ y: Double) -> WaylandInput { .pointerMotion(x: fixed(x), y: fixed(y)) }

    // MARK: - Pointer

    @Test func evdevButtonsMapToTheButtonsX11Numbers() {
        var r = Rig()
        r.feed(Self.enter(10.5, 20.25))
        // BTN_LEFT, BTN_MIDDLE, BTN_RIGHT, BTN_SIDE, BTN_EXTRA, BTN_BACK, BTN_FORWARD.
        for code: UInt32 in [0x110, 0x112, 0x111, 0x113, 0x114, 0x116, 0x115] {
            r.feed(.pointerButton(button: code, state: Self.pressed))
            r.feed(.pointerButton(button: code, state: Self.released))
        }
        // BTN_TASK (0x117): none of the buttons the daemon passes on.
        r.feed(.pointerButton(button: 0x117, state: Self.pressed))
        r.feed(.pointerButton(button: 0x117, state: Self.released))
        let e = r.take()
        #expect(e.map(\.kind) == Array(repeating: [InputEvent.Kind.pointerDown, .pointerUp], count: 7).flatMap { $0 })
        #expect(e.map(\.button) == [1, 1, 2, 2, 3, 3, 8, 8, 9, 9, 8, 8, 9, 9])
        #expect(e.allSatisfy { $0.pointerID == 0 && $0.time == 10 && $0.x == 10.5 && $0.y == 20.25 })
        #expect(r.mapper.held == 0)
    }

    @Test func motionIsAPointerMoveInPointsAtTheScale() {
        var r = Rig()
        r.mapper.scale = 2
        r.feed(Self.enter(0, 0))
        r.feed(Self.motion(100, 51))
        r.feed(.pointerButton(button: 0x110, state: Self.pressed))
        let e = r.take()
        #expect(e.count == 2, "enter emits nothing")
        #expect(e[0].kind == .pointerMove && e[0].x == 50 && e[0].y == 25.5 && e[0].button == 0)
        #expect(e[1].kind == .pointerDown && e[1].x == 50 && e[1].y == 25.5 && e[1].button == 1)
    }

    @Test func thePointerOnAnotherSurfaceIsIgnored() {
        var r = Rig()
        r.feed(Self.motion(1, 1))
        r.feed(.pointerEnter(onSurface: false, x: 0, y: 0))
        r.feed(Self.motion(2, 2))
        r.feed(.pointerButton(button: 0x110, state: Self.pressed))
        r.feed(.pointerAxis(axis: Self.vertical, value: Self.fixed(10)))
        r.feed(.pointerFrame)
        #expect(r.take().isEmpty)
        r.feed(.pointerLeave)
        r.feed(Self.enter(3, 4))
        r.feed(Self.motion(5, 6))
        #expect(r.take().map(\.kind) == [.pointerMove])
    }

    @Test func aWheelNotchScrollsFortyPointsFromDiscreteSteps() {
        var r = Rig(version: 7)
        r.feed(Self.enter(5, 6))
        // One notch down (weston sends 10 surface units with it), then one to the left.
        r.feed(.pointerAxisSource(WL_POINTER_AXIS_SOURCE_WHEEL.rawValue))
        r.feed(.pointerAxisDiscrete(axis: Self.vertical, discrete: 1))
        r.feed(.pointerAxis(axis: Self.vertical, value: Self.fixed(10)))
        #expect(r.take().isEmpty, "axis events wait for their frame")
        r.feed(.pointerFrame)
        r.feed(.pointerAxisDiscrete(axis: Self.horizontal, discrete: -1))
        r.feed(.pointerAxis(axis: Self.horizontal, value: Self.fixed(-10)))
        r.feed(.pointerFrame)
        // Two notches up and one right in one frame: one scroll event.
        r.feed(.pointerAxisDiscrete(axis: Self.vertical, discrete: -2))
        r.feed(.pointerAxis(axis: Self.vertical, value: Self.fixed(-20)))
        r.feed(.pointerAxisDiscrete(axis: Self.horizontal, discrete: 1))
        r.feed(.pointerAxis(axis: Self.horizontal, value: Self.fixed(10)))
        r.feed(.pointerFrame)
        let e = r.take()
        #expect(e.count == 3 && e.allSatisfy { $0.kind == .scroll && $0.x == 5 && $0.y == 6 && $0.button == 0 })
        #expect(e.map(\.scrollY) == [40, 0, -80])
        #expect(e.map(\.scrollX) == [0, -40, 40])
        #expect(r.mapper.held == 0)
    }

    @Test func value120CountsNotchesAndTheirFractions() {
        var r = Rig(version: 8)
        r.feed(Self.enter(0, 0))
        r.feed(.pointerAxisValue120(axis: Self.vertical, value120: 120))
        r.feed(.pointerAxis(axis: Self.vertical, value: Self.fixed(15)))
        r.feed(.pointerFrame)
        // A high-resolution wheel: half a notch up, then a quarter right.
        r.feed(.pointerAxisValue120(axis: Self.vertical, value120: -60))
        r.feed(.pointerAxis(axis: Self.vertical, value: Self.fixed(-7.5)))
        r.feed(.pointerFrame)
        r.feed(.pointerAxisValue120(axis: Self.horizontal, value120: 30))
        r.feed(.pointerAxis(axis: Self.horizontal, value: Self.fixed(3.75)))
        r.feed(.pointerFrame)
        let e = r.take()
        #expect(e.map(\.scrollY) == [40, -20, 0])
        #expect(e.map(\.scrollX) == [0, 0, 10])
    }

    @Test func aTouchpadScrollsItsSurfaceUnitsDividedByTheScale() {
        var r = Rig(version: 7)
        r.mapper.scale = 2
        r.feed(Self.enter(0, 0))
        r.feed(.pointerAxisSource(WL_POINTER_AXIS_SOURCE_FINGER.rawValue))
        r.feed(.pointerAxis(axis: Self.vertical, value: Self.fixed(7.5)))
        r.feed(.pointerAxis(axis: Self.horizontal, value: Self.fixed(-3)))
        r.feed(.pointerFrame)
        r.feed(.pointerAxisStop(axis: Self.vertical))
        r.feed(.pointerFrame)
        let e = r.take()
        #expect(e.count == 1, "a stop scrolls nothing")
        #expect(e.first?.scrollY == 3.75 && e.first?.scrollX == -1.5)
    }

    @Test func beforeVersion5EachAxisEventScrollsAtOnce() {
        var r = Rig(version: 4)
        r.feed(Self.enter(1, 2))
        r.feed(.pointerAxis(axis: Self.vertical, value: Self.fixed(10)))
        r.feed(.pointerAxis(axis: Self.horizontal, value: Self.fixed(-15)))
        let e = r.take()
        #expect(e.map(\.kind) == [.scroll, .scroll])
        #expect(e.map(\.scrollY) == [10, 0] && e.map(\.scrollX) == [0, -15])
    }

    @Test func aFramesAxisComesBeforeTheButtonThatFollowsIt() {
        var r = Rig(version: 7)
        r.feed(Self.enter(1, 1))
        r.feed(.pointerAxisDiscrete(axis: Self.vertical, discrete: 1))
        r.feed(.pointerAxis(axis: Self.vertical, value: Self.fixed(10)))
        r.feed(.pointerButton(button: 0x110, state: Self.pressed))
        r.feed(.pointerFrame)
        #expect(r.take().map(\.kind) == [.scroll, .pointerDown])
    }

    @Test func leavingWhilePressedCancelsAndDropsTheRestOfThatGesture() {
        var r = Rig()
        r.feed(Self.enter(10, 10))
        r.feed(.pointerButton(button: 0x110, state: Self.pressed))
        r.feed(Self.motion(20, 10))
        r.feed(.pointerLeave)
        let cancelled = r.take()
        #expect(cancelled.map(\.kind) == [.pointerDown, .pointerMove, .pointerCancel])
        #expect(cancelled.last?.x == 20 && cancelled.last?.y == 10, "the cancel is where the pointer was last seen")
        #expect(r.mapper.held == 0 && r.mapper.abandoned == 2)
        // Back in the window with the button still down: its release is dropped.
        r.feed(Self.enter(5, 5))
        r.feed(.pointerButton(button: 0x110, state: Self.released))
        #expect(r.take().isEmpty)
        #expect(r.mapper.abandoned == 0)
        r.feed(.pointerButton(button: 0x111, state: Self.pressed))
        r.feed(.pointerButton(button: 0x111, state: Self.released))
        #expect(r.take().map(\.button) == [3, 3])
    }

    @Test func losingTheKeyboardFocusOrThePointerDuringAPressCancelsIt() {
        var r = Rig()
        r.feed(Self.enter(3, 4))
        r.feed(.keyboardEnter(onSurface: true))
        r.feed(.keyboardLeave)
        #expect(r.take().isEmpty, "no gesture, nothing to cancel")
        r.feed(.pointerButton(button: 0x110, state: Self.pressed))
        r.feed(.keyboardLeave)
        r.feed(.pointerButton(button: 0x110, state: Self.released))
        #expect(r.take().map(\.kind) == [.pointerDown, .pointerCancel])
        r.feed(.pointerButton(button: 0x112, state: Self.pressed))
        r.feed(.pointerRemoved)
        #expect(r.take().map(\.kind) == [.pointerDown, .pointerCancel])
        #expect(!r.mapper.pointerInside && r.mapper.x.isNaN)
    }

    // MARK: - Touch

    @Test func touchesArePointerEventsWithTheTouchIDPlusOne() {
        var r = Rig()
        r.feed(.touchDown(id: 0, onSurface: true, x: Self.fixed(10.5), y: Self.fixed(20.25)))
        r.feed(.touchFrame)
        r.feed(.touchMotion(id: 0, x: Self.fixed(12), y: Self.fixed(22)))
        r.feed(.touchDown(id: 1, onSurface: true, x: Self.fixed(100), y: Self.fixed(100)))
        r.feed(.touchFrame)
        r.feed(.touchUp(id: 0))
        r.feed(.touchFrame)
        // A finger down on another surface, and what follows for it: nothing.
        r.feed(.touchDown(id: 2, onSurface: false, x: 0, y: 0))
        r.feed(.touchMotion(id: 2, x: 0, y: 0))
        r.feed(.touchUp(id: 2))
        r.feed(.touchUp(id: 1))
        let e = r.take()
        #expect(e.map(\.kind) == [.pointerDown, .pointerMove, .pointerDown, .pointerUp, .pointerUp])
        #expect(e.map(\.pointerID) == [1, 1, 2, 1, 2])
        #expect(e.allSatisfy { $0.button == 0 })
        #expect(e[0].x == 10.5 && e[0].y == 20.25)
        #expect(e[3].x == 12 && e[3].y == 22, "an up is where its finger last was")
        #expect(r.mapper.held == 0 && r.mapper.touches.isEmpty, "touches are not buttons")
    }

    @Test func aTouchCancelCancelsEveryFingerDown() {
        var r = Rig()
        r.feed(.touchDown(id: 3, onSurface: true, x: Self.fixed(1), y: Self.fixed(2)))
        r.feed(.touchDown(id: 4, onSurface: true, x: Self.fixed(3), y: Self.fixed(4)))
        r.feed(.touchFrame)
        _ = r.take()
        r.feed(.touchCancel)
        r.feed(.touchUp(id: 3))
        let e = r.take()
        #expect(e.map(\.kind) == [.pointerCancel, .pointerCancel])
        #expect(e.map(\.pointerID) == [4, 5])
        #expect(e[1].x == 3 && e[1].y == 4)
        r.feed(.touchDown(id: 7, onSurface: true, x: 0, y: 0))
        r.feed(.touchRemoved)
        #expect(r.take().map(\.kind) == [.pointerDown, .pointerCancel])
    }

    // MARK: - Keyboard

    /// The "us" keymap compiled from names, sent as a compositor sends it: its text in a
    /// sealed memfd, NUL included, mapped and compiled by the receiver.
    static func keyboardFromFile() throws -> XKBKeyboard {
        let text = try XKBKeyboard(layout: "us").keymapText
        #expect(text.hasPrefix("xkb_keymap {"))
        var bytes = Array(text.utf8)
        bytes.append(0)
        let fd = csys_sealed_memfd("keymap", bytes, bytes.count)
        #expect(fd >= 0)
        defer { close(fd) }
        return try XKBKeyboard(keymapFile: fd, size: bytes.count)
    }

    @Test func aKeymapFileCompilesAndKeysCarryItsKeysymsAndText() throws {
        let keyboard = try Self.keyboardFromFile()
        var r = Rig()
        r.keys = keyboard
        r.feed(Self.enter(3, 4))
        r.feed(.keyboardEnter(onSurface: true))
        // evdev 30 is A (xkb keycode 38), 42 left Shift, 28 Return.
        r.feed(.key(key: 30, state: Self.keyDown))
        r.feed(.key(key: 30, state: Self.keyUp))
        r.feed(.key(key: 42, state: Self.keyDown))
        // The compositor's masks after Shift went down: Shift depressed.
        r.feed(.modifiers(depressed: 1, latched: 0, locked: 0, group: 0))
        r.feed(.key(key: 30, state: Self.keyDown))
        r.feed(Self.motion(6, 7))
        r.feed(.key(key: 30, state: Self.keyUp))
        r.feed(.key(key: 42, state: Self.keyUp))
        r.feed(.modifiers(depressed: 0, latched: 0, locked: 0, group: 0))
        r.feed(.key(key: 28, state: Self.keyDown))
        let e = r.take()
        #expect(e.map(\.kind) == [.keyDown, .keyUp, .keyDown, .keyDown, .pointerMove, .keyUp, .keyUp, .keyDown])
        #expect(e[0].keysym == 0x61 && e[0].text == "a" && e[0].keycode == 38 && e[0].modifiers == [])
        #expect(e[0].x == 3 && e[0].y == 4)
        #expect(e[1].keysym == 0x61 && e[1].text == "", "a release types nothing")
        #expect(e[2].keysym == 0xffe1 && e[2].keycode == 50 && e[2].modifiers == [], "Shift's own press: before the masks")
        #expect(e[3].keysym == 0x41 && e[3].text == "A" && e[3].modifiers == .shift)
        #expect(e[4].modifiers == .shift, "pointer events carry the keyboard's modifiers")
        #expect(e[7].keysym == 0xff0d && e[7].text == "\r" && e[7].modifiers == [])
    }

    @Test func masksOfCapsLockAndControlReadThroughTheKeymap() throws {
        let keyboard = try Self.keyboardFromFile()
        var r = Rig()
        r.keys = keyboard
        r.feed(.keyboardEnter(onSurface: true))
        // Lock locked (bit 1), Control depressed (bit 2): xkbcommon's indices of the real modifiers.
        r.feed(.modifiers(depressed: 4, latched: 0, locked: 2, group: 0))
        r.feed(.key(key: 30, state: Self.keyDown))
        let e = r.take()
        #expect(e.first?.modifiers == [.capsLock, .control])
        #expect(e.first?.keysym == 0x41, "Caps Lock makes a capital")
    }

    @Test func withoutAKeymapKeysCarryKeycodesAndTheMasksLowByte() {
        var r = Rig()
        r.feed(.keyboardEnter(onSurface: true))
        r.feed(.modifiers(depressed: 0x01 | 0x100, latched: 0, locked: 0x10, group: 0))
        r.feed(.key(key: 30, state: Self.keyDown))
        r.feed(.repeatTimer)
        let e = r.take()
        #expect(e.count == 1 && e[0].keycode == 38 && e[0].keysym == 0 && e[0].text == "")
        #expect(e[0].modifiers == [.shift, .numLock])
        #expect(e[0].x.isNaN, "no pointer in the window: no position")
        #expect(r.mapper.nextRepeat == nil, "without a keymap nothing says a key repeats")
    }

    @Test func keysWithoutTheFocusAreIgnoredAndLeavingClearsTheModifiers() throws {
        var r = Rig()
        r.keys = try Self.keyboardFromFile()
        r.feed(.key(key: 30, state: Self.keyDown))
        r.feed(.keyboardEnter(onSurface: false))
        r.feed(.key(key: 30, state: Self.keyDown))
        #expect(r.take().isEmpty)
        r.feed(.keyboardEnter(onSurface: true))
        r.feed(.modifiers(depressed: 1, latched: 0, locked: 0, group: 0))
        r.feed(.keyboardLeave)
        r.feed(Self.enter(1, 1))
        r.feed(Self.motion(2, 2))
        #expect(r.take().map(\.modifiers) == [[]])
    }

    @Test func aHeldKeyRepeatsAtTheCompositorsRateAfterItsDelay() throws {
        var r = Rig()
        r.keys = try Self.keyboardFromFile()
        r.feed(.keyboardEnter(onSurface: true))
        r.feed(.repeatInfo(rate: 10, delay: 500))
        r.time = 0
        r.feed(.key(key: 30, state: Self.keyDown))
        #expect(r.mapper.nextRepeat == 0.5)
        r.time = 0.4
        r.feed(.repeatTimer)
        #expect(r.take().count == 1, "early: no repeat")
        for t in [0.5, 0.6, 0.7] {
            r.time = t
            r.feed(.repeatTimer)
        }
        // Shift (which does not repeat) goes down: the repeat goes on, in capitals.
        r.feed(.key(key: 42, state: Self.keyDown))
        r.feed(.modifiers(depressed: 1, latched: 0, locked: 0, group: 0))
        r.time = 0.8
        r.feed(.repeatTimer)
        let repeats = r.take()
        #expect(repeats.map(\.kind) == [.keyDown, .keyDown, .keyDown, .keyDown, .keyDown])
        #expect(repeats.map(\.text) == ["a", "a", "a", "", "A"])
        #expect(repeats.map(\.time) == [0.5, 0.6, 0.7, 0.7, 0.8])
        #expect(abs(r.mapper.nextRepeat! - 0.9) < 1e-9)
        // Another key that repeats takes over, after its own delay; its release stops repeat.
        r.feed(.key(key: 48, state: Self.keyDown))
        #expect(r.mapper.nextRepeat == 1.3)
        r.feed(.key(key: 30, state: Self.keyUp))
        #expect(r.mapper.nextRepeat == 1.3, "releasing the key that stopped repeating changes nothing")
        r.time = 1.3
        r.feed(.repeatTimer)
        #expect(r.take().map(\.text) == ["B", "", "B"], "B's press, a's release, B's repeat")
        r.feed(.key(key: 48, state: Self.keyUp))
        #expect(r.mapper.nextRepeat == nil)
        r.time = 5
        r.feed(.repeatTimer)
        #expect(r.take().map(\.kind) == [.keyUp], "released: no repeat")
    }

    @Test func rateZeroAndLeavingStopRepeat() throws {
        var r = Rig()
        r.keys = try Self.keyboardFromFile()
        r.feed(.keyboardEnter(onSurface: true))
        r.feed(.repeatInfo(rate: 0, delay: 200))
        r.time = 0
        r.feed(.key(key: 30, state: Self.keyDown))
        #expect(r.mapper.nextRepeat == nil, "rate 0: keys do not repeat")
        r.feed(.repeatInfo(rate: 30, delay: 200))
        r.feed(.key(key: 31, state: Self.keyDown))
        #expect(r.mapper.nextRepeat == 0.2)
        r.feed(.keyboardLeave)
        #expect(r.mapper.nextRepeat == nil)
        r.time = 1
        r.feed(.repeatTimer)
        #expect(r.take().map(\.kind) == [.keyDown, .keyDown])
    }
}

/// `KeyRepeat` stepped with a manual time.
@Suite struct KeyRepeatTests {
    @Test func aRepeatingKeyIsDueAfterTheDelayThenAtTheRate() {
        var k = KeyRepeat(rate: 4, delay: 300)
        #expect(k.step(at: 100) == nil, "nothing held")
        k.press(38, repeats: true, at: 1)
        #expect(k.deadline == 1.3)
        #expect(k.step(at: 1.29) == nil)
        #expect(k.step(at: 1.3) == 38)
        #expect(k.deadline == 1.55)
        #expect(k.step(at: 1.5) == nil)
        #expect(k.step(at: 1.56) == 38)
        #expect(k.deadline == 1.8, "the period runs from the deadline, not from a slightly late step")
    }

    @Test func aLateStepRepeatsOnceAndRestartsThePeriod() {
        var k = KeyRepeat(rate: 10, delay: 0)
        k.press(38, repeats: true, at: 0)
        #expect(k.step(at: 0) == 38)
        // The loop was busy for a second: one repeat, not ten.
        #expect(k.step(at: 1.05) == 38)
        #expect(k.step(at: 1.06) == nil)
        #expect(abs(k.deadline! - 1.15) < 1e-9)
    }

    @Test func keysThatDoNotRepeatLeaveTheRepeatAloneAndTheNewestRepeatingKeyWins() {
        var k = KeyRepeat(rate: 25, delay: 600)
        k.press(38, repeats: true, at: 0)
        k.press(50, repeats: false, at: 0.1)
        #expect(k.key == 38 && k.deadline == 0.6)
        k.release(50)
        #expect(k.key == 38)
        k.press(56, repeats: true, at: 0.2)
        #expect(k.key == 56 && k.deadline == 0.8)
        k.release(38)
        #expect(k.key == 56)
        k.release(56)
        #expect(k.key == nil && k.deadline == nil)
    }

    @Test func rateZeroTurnsRepeatOffAndCancelStopsIt() {
        var k = KeyRepeat()
        #expect(k.rate == 25 && k.delay == 660, "the X server's defaults until told")
        k.press(38, repeats: true, at: 0)
        k.configure(rate: 0, delay: 100)
        #expect(k.deadline == nil)
        k.press(38, repeats: true, at: 1)
        #expect(k.deadline == nil)
        k.configure(rate: 5, delay: 100)
        k.press(38, repeats: true, at: 1)
        #expect(k.deadline == 1.1)
        k.cancel()
        #expect(k.step(at: 10) == nil)
        k.configure(rate: -3, delay: -1)
        #expect(k.rate == 0 && k.delay == 0, "negative values from a compositor are clamped")
    }
}

/// `XKBKeyboard`'s keymap text and files, as a Wayland compositor sends them.
@Suite struct XKBKeymapTextTests {
    @Test func textWithoutANULCompilesAndGarbageOrAnEmptyFileThrows() throws {
        let text = Array(try XKBKeyboard(layout: "us").keymapText.utf8)
        let keyboard = try text.withUnsafeBytes { try XKBKeyboard(keymapText: $0) }
        #expect(keyboard.translate(keycode: 38) == (0x61, "a"))
        #expect(keyboard.repeats(keycode: 38) && !keyboard.repeats(keycode: 50), "letters repeat, Shift does not")
        let garbage = Array("xkb_keymap { nonsense".utf8)
        #expect(throws: XKBKeyboard.SetupError.self) { try garbage.withUnsafeBytes { try XKBKeyboard(keymapText: $0) } }
        let fd = csys_sealed_memfd("empty", nil, 0)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(throws: XKBKeyboard.SetupError.self) { try XKBKeyboard(keymapFile: fd, size: 0) }
    }
}
