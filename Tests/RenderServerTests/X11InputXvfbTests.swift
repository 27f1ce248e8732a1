import CLibUV
import CSystem
import CXCB
import Foundation
import Logging
import RenderProtocol
import Synchronization
import Testing
import XDisplaySupport
@testable import RenderServer

/// The X11 window output's input under Xvfb, in-process: XTest fakes a pointer and a
/// keyboard as a real device would; the window's `InputSource`, started on a loop the test
/// turns, must hand the sink what happened. Cancelled (with the reason) when Xvfb is missing
/// or cannot start, never skipped silently.
@Suite("X11 window input under Xvfb", .serialized)
struct X11InputXvfbTests {
    static let quiet = Logger(label: "x11-input-test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A private Xvfb, or the test cancelled with the reason it cannot run.
    static func startDisplay() throws -> VirtualDisplay {
        do { return try VirtualDisplay() } catch {
            try Test.cancel("Xvfb cannot run here, so the window's input cannot be tested: \(error)")
        }
    }

    /// The events the source delivered (loop thread: the test's).
    final class Sink { var events: [InputEvent] = [] }

    /// A display, a 320×240 window output on it, its input started on `loop`, an injector.
    final class Rig {
        let display: VirtualDisplay
        let output: CompositorOutput
        let input: X11Input
        let loop: Loop
        let sink = Sink()
        let inject: XTestInjector
        /// What every client selected on the window before the input started: the window's
        /// own connection alone.
        let masksBeforeStart: UInt32

        init() throws {
            display = try X11InputXvfbTests.startDisplay()
            output = try CompositorOutput(.init(width: 320, height: 240, synchronous: true, x11: true,
                                                x11Display: display.display, logger: X11InputXvfbTests.quiet))
            input = try #require(output.x11Input)
            #expect(output.inputSource === input, "an output with an X11 window declares its input")
            loop = try Loop()
            inject = try XTestInjector(display: display.display)
            masksBeforeStart = inject.allEventMasks(of: input.window)
            let sink = sink
            try input.start(loop: loop, mediaTime: { Double(csys_monotonic_ns()) / 1e9 }) { sink.events.append($0) }
        }

        /// Turns the loop until `done` holds or 5 s pass (a deadline, not a wait that passes).
        func pump(until done: ([InputEvent]) -> Bool) -> Bool {
            let deadline = csys_monotonic_ns() + 5_000_000_000
            while !done(sink.events) {
                if csys_monotonic_ns() > deadline { return false }
                uv_run(loop.raw, UV_RUN_NOWAIT)
                usleep(1000) // sleep-ok: a poll interval under a 5 s deadline; the events come from another process (the X server)
            }
            return true
        }

        func finish() {
            input.stop()
            #expect(loop.close() == 0, "the input's poll handle must be closed by stop()")
            display.stop()
        }
    }

    @Test(.enabled(if: VirtualDisplay.xvfb != nil, Comment(rawValue: VirtualDisplay.missing)))
    func aClickADragAndAShiftedKeyReachTheSink() throws {
        let rig = try Rig()
        defer { rig.finish() }
        let shift = try rig.inject.keycode(of: 0xffe1), a = try rig.inject.keycode(of: 0x61)
        rig.inject.focus(rig.input.window)
        try rig.inject.move(40, 50)
        try rig.inject.press(button: 1)
        try rig.inject.move(60, 70)
        try rig.inject.move(61, 72)
        try rig.inject.release(button: 1)
        try rig.inject.press(key: shift)
        try rig.inject.press(key: a)
        try rig.inject.release(key: a)
        try rig.inject.release(key: shift)
        rig.inject.sync()
        let complete = rig.pump { $0.contains { $0.kind == .keyUp && $0.keysym == 0xffe1 } }
        let events = rig.sink.events
        #expect(complete, "the shift release never arrived: \(events)")

        let down = try #require(events.first { $0.kind == .pointerDown }, "\(events)")
        #expect(down.x == 40 && down.y == 50 && down.button == 1 && down.pointerID == 0)
        let moves = events.filter { $0.kind == .pointerMove }
        #expect(moves.contains { $0.x == 60 && $0.y == 70 } && moves.contains { $0.x == 61 && $0.y == 72 }, "\(moves)")
        let up = try #require(events.first { $0.kind == .pointerUp }, "\(events)")
        #expect(up.x == 61 && up.y == 72 && up.button == 1)
        #expect(!events.contains { $0.kind == .pointerCancel })

        let keyDown = try #require(events.first { $0.kind == .keyDown && $0.keycode == UInt32(a) }, "\(events)")
        #expect(rig.input.hasKeymap)
        #expect(keyDown.keysym == 0x41 && keyDown.text == "A", "\(keyDown)")
        #expect(keyDown.modifiers == .shift)
        #expect(keyDown.x == 61 && keyDown.y == 72, "a key event carries where the pointer is")
        let keyUp = try #require(events.first { $0.kind == .keyUp && $0.keycode == UInt32(a) })
        #expect(keyUp.text == "" && keyUp.modifiers == .shift)

        // In the order the window produced them, stamped at reading (non-decreasing media time).
        let order = events.map(\.kind).filter { $0 != .pointerMove }
        #expect(order == [.pointerDown, .pointerUp, .keyDown, .keyDown, .keyUp, .keyUp], "\(order)")
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(rig.input.delivered == events.count)
    }

    @Test(.enabled(if: VirtualDisplay.xvfb != nil, Comment(rawValue: VirtualDisplay.missing)))
    func aWheelNotchScrollsAndDraggingOutOfTheWindowCancels() throws {
        let rig = try Rig()
        defer { rig.finish() }
        try rig.inject.move(100, 100)
        try rig.inject.click(button: 5)
        try rig.inject.click(button: 4)
        try rig.inject.click(button: 7)
        try rig.inject.press(button: 1)
        try rig.inject.move(400, 300)  // out of the 320×240 window
        try rig.inject.move(410, 310)
        try rig.inject.release(button: 1)
        try rig.inject.move(100, 90)   // back in: hovering again
        rig.inject.sync()
        #expect(rig.pump { $0.contains { $0.kind == .pointerMove && $0.y == 90 } }, "\(rig.sink.events)")
        let events = rig.sink.events.filter { $0.kind != .pointerMove || $0.y == 90 }
        #expect(events.map(\.kind) == [.scroll, .scroll, .scroll, .pointerDown, .pointerCancel, .pointerMove], "\(events)")
        #expect(events.prefix(3).map(\.scrollY) == [40, -40, 0] && events.prefix(3).map(\.scrollX) == [0, 0, 40])
        #expect(events[0].x == 100 && events[0].y == 100)
        // No move is reported from outside during the cancelled drag.
        #expect(!rig.sink.events.contains { $0.x >= 320 && $0.kind == .pointerMove })
        #expect(events[4].x >= 319)
    }

    /// The window's own connection (the compositor thread's, which makes round trips)
    /// selects Exposure only; the input connection adds the input events.
    @Test(.enabled(if: VirtualDisplay.xvfb != nil, Comment(rawValue: VirtualDisplay.missing)))
    func onlyTheInputConnectionSelectsInput() throws {
        let rig = try Rig()
        defer { rig.finish() }
        #expect(rig.masksBeforeStart == XCB_EVENT_MASK_EXPOSURE.rawValue)
        let input: [xcb_event_mask_t] = [XCB_EVENT_MASK_BUTTON_PRESS, XCB_EVENT_MASK_BUTTON_RELEASE,
                                         XCB_EVENT_MASK_POINTER_MOTION, XCB_EVENT_MASK_KEY_PRESS, XCB_EVENT_MASK_KEY_RELEASE,
                                         XCB_EVENT_MASK_ENTER_WINDOW, XCB_EVENT_MASK_LEAVE_WINDOW, XCB_EVENT_MASK_FOCUS_CHANGE]
        #expect(rig.inject.allEventMasks(of: rig.input.window)
                == input.reduce(XCB_EVENT_MASK_EXPOSURE.rawValue) { $0 | $1.rawValue })
    }

    /// The window loses the keyboard focus while a button is held: the press is cancelled and
    /// its release says nothing.
    @Test(.enabled(if: VirtualDisplay.xvfb != nil, Comment(rawValue: VirtualDisplay.missing)))
    func losingTheFocusDuringAPressCancelsIt() throws {
        let rig = try Rig()
        defer { rig.finish() }
        rig.inject.focus(rig.input.window)
        try rig.inject.move(30, 30)
        try rig.inject.press(button: 1)
        // XTest's events are processed after requests sent later may be: the press first.
        rig.inject.sync()
        #expect(rig.pump { $0.contains { $0.kind == .pointerDown } }, "\(rig.sink.events)")
        rig.inject.focus(0) // None
        try rig.inject.release(button: 1)
        try rig.inject.move(35, 35)
        rig.inject.sync()
        #expect(rig.pump { $0.contains { $0.kind == .pointerMove && $0.x == 35 } }, "\(rig.sink.events)")
        let kinds = rig.sink.events.map(\.kind).filter { $0 != .pointerMove }
        #expect(kinds == [.pointerDown, .pointerCancel], "\(rig.sink.events)")
    }

    /// What XI2 touch does here: Xvfb has XInput 2.2+, so touch events are selected, but it
    /// has no touch device (and XTest cannot fake touches), so none can arrive.
    @Test(.enabled(if: VirtualDisplay.xvfb != nil, Comment(rawValue: VirtualDisplay.missing)))
    func xvfbOffersXI2TouchButNoTouchDevice() throws {
        let rig = try Rig()
        defer { rig.finish() }
        #expect(rig.input.touch == .selected(devices: 0), "\(rig.input.touch)")
    }

    /// A keymap changed on the server (here the core mapping, as `xmodmap` changes it) is read
    /// again: XKB's MapNotify arrives before the next key, whose keysym is the new one.
    @Test(.enabled(if: VirtualDisplay.xvfb != nil, Comment(rawValue: VirtualDisplay.missing)))
    func aKeymapChangedOnTheServerIsReadAgain() throws {
        let rig = try Rig()
        defer { rig.finish() }
        let a = try rig.inject.keycode(of: 0x61)
        rig.inject.focus(rig.input.window)
        try rig.inject.move(10, 10)
        try rig.inject.press(key: a)
        try rig.inject.release(key: a)
        // XTest queues faked events for the server's input processing, which a request sent
        // after them may overtake: the first key is read before the keymap changes.
        rig.inject.sync()
        #expect(rig.pump { $0.contains { $0.kind == .keyUp } }, "\(rig.sink.events)")
        try rig.inject.remap(a, to: [0x71, 0x51])  // q Q
        try rig.inject.press(key: a)
        try rig.inject.release(key: a)
        rig.inject.sync()
        #expect(rig.pump { $0.filter { $0.kind == .keyUp }.count == 2 }, "\(rig.sink.events)")
        let downs = rig.sink.events.filter { $0.kind == .keyDown }
        #expect(downs.map(\.keysym) == [0x61, 0x71] && downs.map(\.text) == ["a", "q"], "\(downs)")
        #expect(downs.allSatisfy { $0.keycode == UInt32(a) })
    }

    /// X lets one client select a window's button presses: a second reader is refused with a
    /// message that says so, and the first goes on reading.
    @Test(.enabled(if: VirtualDisplay.xvfb != nil, Comment(rawValue: VirtualDisplay.missing)))
    func aSecondReaderOfTheSameWindowIsRefusedAndSaysWhy() throws {
        let rig = try Rig()
        defer { rig.finish() }
        let second = X11Input(display: rig.display.display, window: rig.input.window, logger: Self.quiet)
        let error = #expect(throws: X11Input.StartError.self) {
            try second.start(loop: rig.loop, mediaTime: { 0 }) { _ in }
        }
        #expect(error?.description.contains("another X client already selects button presses") == true, "\(String(describing: error))")
        second.stop()
        try rig.inject.move(5, 6)
        rig.inject.sync()
        #expect(rig.pump { $0.contains { $0.kind == .pointerMove && $0.x == 5 && $0.y == 6 } }, "\(rig.sink.events)")
    }

    /// The daemon wiring: a `Server` whose output has an X11 window starts its input when the
    /// loop runs and hands each event to `ServerCore.receiveInput`.
    @Test(.enabled(if: VirtualDisplay.xvfb != nil, Comment(rawValue: VirtualDisplay.missing)))
    func theServerHandsTheWindowsInputToItsCore() throws {
        let display = try Self.startDisplay()
        defer { display.stop() }
        let output = try CompositorOutput(.init(width: 320, height: 240, synchronous: true, x11: true,
                                                x11Display: display.display, logger: Self.quiet))
        let window = try #require(output.x11Input).window
        let dir = NSTemporaryDirectory() + "rendersrv-x11input-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let server = try Server(configuration: Configuration(socketPath: dir + "/socket", clock: .manual(start: 1000),
                                                             output: output, logger: Self.quiet))
        try server.start()
        defer { server.stop() }
        let inject = try XTestInjector(display: display.display)
        // The loop has started the input once another client selects the window's button presses.
        let deadline = csys_monotonic_ns() + 5_000_000_000
        while inject.allEventMasks(of: window) & XCB_EVENT_MASK_BUTTON_PRESS.rawValue == 0 && csys_monotonic_ns() < deadline {
            usleep(1000) // sleep-ok: polls the X server (another process) for the selection, under a deadline
        }
        #expect(inject.allEventMasks(of: window) & XCB_EVENT_MASK_BUTTON_PRESS.rawValue != 0, "the server never started the input")
        try inject.move(10, 10)
        try inject.click(button: 1)
        inject.sync()
        while server.core.inputEventsReceived.load(ordering: .relaxed) < 3 && csys_monotonic_ns() < deadline + 5_000_000_000 {
            usleep(1000) // sleep-ok: polls the daemon's loop thread, fed by the X server, under a deadline
        }
        #expect(server.core.inputEventsReceived.load(ordering: .relaxed) == 3, "move, down, up")
    }
}
