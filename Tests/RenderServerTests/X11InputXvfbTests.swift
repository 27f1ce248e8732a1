import CLibUV
import CSystem
import CXCB
import Foundation
import Logging
import RenderProtocol
import Testing
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

        init() throws {
            display = try X11InputXvfbTests.startDisplay()
            output = try CompositorOutput(.init(width: 320, height: 240, synchronous: true, x11: true,
                                                x11Display: display.display, logger: X11InputXvfbTests.quiet))
            input = try #require(output.x11Input)
            #expect(output.inputSource === input, "an output with an X11 window declares its input")
            loop = try Loop()
            inject = try XTestInjector(display: display.display)
            let sink = sink
            try input.start(loop: loop, mediaTime: { Double(csys_monotonic_ns()) / 1e9 }) { sink.events.append($0) }
        }

        /// Turns the loop until `done` holds or 5 s pass (a deadline, not a wait that passes).
        func pump(until done: ([InputEvent]) -> Bool) -> Bool {
            let deadline = csys_monotonic_ns() + 5_000_000_000
            while !done(sink.events) {
                if csys_monotonic_ns() > deadline { return false }
                uv_run(loop.raw, UV_RUN_NOWAIT)
                usleep(1000)
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

    /// What XI2 touch does here: Xvfb has XInput 2.2+, so touch events are selected, but it
    /// has no touch device (and XTest cannot fake touches), so none can arrive.
    @Test(.enabled(if: VirtualDisplay.xvfb != nil, Comment(rawValue: VirtualDisplay.missing)))
    func xvfbOffersXI2TouchButNoTouchDevice() throws {
        let rig = try Rig()
        defer { rig.finish() }
        #expect(rig.input.touch == .selected(devices: 0), "\(rig.input.touch)")
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
            usleep(1000)
        }
        #expect(inject.allEventMasks(of: window) & XCB_EVENT_MASK_BUTTON_PRESS.rawValue != 0, "the server never started the input")
        try inject.move(10, 10)
        try inject.click(button: 1)
        inject.sync()
        while ServerCore.inputStubCount(of: server.core) < 3 && csys_monotonic_ns() < deadline + 5_000_000_000 { usleep(1000) }
        #expect(ServerCore.inputStubCount(of: server.core) == 3, "move, down, up")
    }
}
