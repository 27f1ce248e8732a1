import CXCB
import CXTest
import Foundation
import Glibc
import Testing
import RenderClient
import XDisplaySupport

/// The Wayland window's input end to end: Xvfb, weston's X11 backend in it (kiosk shell: the
/// daemon's window fills weston's output), the real `rendersrvd --output wayland` on that
/// weston, and a client. Pointer events are injected into Xvfb with XTest as a mouse would
/// make them; weston turns them into `wl_pointer` events for the daemon's window; the daemon's
/// `WaylandSeat` maps them, and its input path hit-tests and delivers them.
/// Cancelled with the reason when weston or Xvfb is missing; never skipped silently.
@Suite("End to end, Wayland window: input through weston's X11 backend", .serialized)
struct WaylandInputEndToEndTests {

    /// Xvfb, weston in it, and the daemon on that weston (real clock), stopped in that order's reverse.
    final class Rig {
        let x: VirtualDisplay
        let weston: Weston
        /// Where weston's window is on the X screen.
        let origin: (x: Int, y: Int)
        let daemon: Daemon
        let pointer: XTestInjector
        static let width = 320, height = 240

        init() throws {
            guard VirtualDisplay.xvfb != nil else {
                try Test.cancel("Xvfb is not installed (apt-get install xvfb), so the Wayland window's input cannot be tested")
            }
            if let missing = Weston.missing {
                try Test.cancel("\(missing), so the Wayland window's input cannot be tested")
            }
            x = try VirtualDisplay()
            do {
                weston = try Weston(.x11(display: x.display, width: Rig.width, height: Rig.height), shell: "kiosk-shell.so")
                let window = try #require(weston.x11Window)
                origin = (window.x, window.y)
            } catch {
                x.stop(); throw error
            }
            do {
                daemon = try Daemon(clock: "real", fps: 60,
                                    extraArguments: ["--output", "wayland", "--size", "\(Rig.width)x\(Rig.height)"],
                                    environment: weston.environment)
                pointer = try XTestInjector(display: x.display)
            } catch {
                weston.stop(); x.stop(); throw error
            }
        }

        func stop() { daemon.stop(); weston.stop(); x.stop() }

        /// Moves the pointer to the daemon's display point (x, y): weston's window is at `origin`.
        func move(_ px: Int, _ py: Int) throws {
            try pointer.move(Int16(origin.x + px), Int16(origin.y + py))
        }

        /// The X screen's pixel (B, G, R) at the daemon's display point (x, y).
        func pixel(_ px: Int, _ py: Int) throws -> (UInt8, UInt8, UInt8) {
            let w = origin.x + Rig.width, h = origin.y + Rig.height
            let screen = try captureScreen(x.display, width: w, height: h)
            let i = ((origin.y + py) * w + origin.x + px) * 4
            return (screen[i], screen[i + 1], screen[i + 2])
        }

        /// Waits until the X screen shows `colour` (B, G, R) at (x, y): the daemon's frame reached
        /// weston's output, so its surface is mapped there and the pointer can enter it.
        func waitUntilShown(_ px: Int, _ py: Int, _ colour: (UInt8, UInt8, UInt8)) throws {
            let shown = try XDisplaySupport.poll(10) { try pixel(px, py) == colour ? true : nil }
            guard shown == true else {
                throw Failure(description: "weston's window never showed the daemon's frame at (\(px), \(py)): "
                    + "pixel \(try pixel(px, py)), expected \(colour); daemon: \(daemon.stderrText); weston: \(weston.log)")
            }
        }
        struct Failure: Error, CustomStringConvertible { let description: String }
    }

    /// A black root with a red 100×50 button at (40, 60); what the client hears of the pointer
    /// and the keys. Returns once the daemon's frame is on weston's output.
    final class ButtonScene {
        let client: Client
        let button: Layer
        let pointerEvents = Box<PointerEvent>()
        let keyEvents = Box<KeyEvent>()

        init(_ rig: Rig) throws {
            let client = try Client(rig.daemon)
            self.client = client
            let (pointerEvents, keyEvents) = (self.pointerEvents, self.keyEvents)
            button = client.onMain { () -> Layer in
                client.context.onPointerEvent = { e, _ in pointerEvents.append(e) }
                client.context.onKeyEvent = { e, _ in keyEvents.append(e) }
                let root = Layer()
                root.frame = Rect(x: 0, y: 0, width: 320, height: 240)
                root.backgroundColor = .black
                client.context.rootLayer = root
                let button = Layer()
                button.frame = Rect(x: 40, y: 60, width: 100, height: 50)
                button.backgroundColor = Color(red: 1, green: 0, blue: 0)
                root.addSublayer(button)
                return button
            }
            _ = try client.connection.waitUntilApplied(client.onMain { client.context.lastSentSequence })
            try rig.waitUntilShown(90, 85, (0, 0, 255))
        }

        /// Waits until the client has heard `count` pointer events of `kind`.
        func waitFor(_ count: Int, _ kind: InputEvent.Kind, _ rig: Rig) throws -> [PointerEvent] {
            guard let e = XDisplaySupport.poll(10, {
                let e = pointerEvents.all.filter { $0.kind == kind }
                return e.count >= count ? e : nil
            }) else {
                throw Rig.Failure(description: "the client heard \(pointerEvents.all.map(\.kind)), not \(count) \(kind); "
                    + "daemon: \(rig.daemon.stderrText)")
            }
            return e
        }

        /// Waits until the client has heard key events that `done` accepts.
        func waitForKeys(_ rig: Rig, _ what: String, _ done: ([KeyEvent]) -> Bool) throws -> [KeyEvent] {
            guard let e = XDisplaySupport.poll(10, { done(keyEvents.all) ? keyEvents.all : nil }) else {
                throw Rig.Failure(description: "the client heard keys \(keyEvents.all.map { "\($0.kind) 0x\(String($0.keysym, radix: 16))" }), "
                    + "not \(what); daemon: \(rig.daemon.stderrText)")
            }
            return e
        }
    }

    @Test func aPressOnAClientsLayerReachesThatClient() throws {
        let rig = try Rig()
        defer { rig.stop() }
        let scene = try ButtonScene(rig)
        // Into the window from outside it (weston's pointer enters the daemon's surface), onto
        // the button; press and release there.
        try rig.move(200, 200)
        try rig.move(90, 85)
        try rig.pointer.press()
        try rig.pointer.release()
        _ = try scene.waitFor(1, .pointerUp, rig)
        let presses = scene.pointerEvents.all.filter { $0.kind == .pointerDown || $0.kind == .pointerUp }
        #expect(presses.map(\.kind) == [.pointerDown, .pointerUp])
        let down = try #require(presses.first)
        #expect(down.layer == scene.button.id, "the press hit the button layer")
        #expect(down.button == 1 && down.pointerID == 0)
        #expect(down.windowLocation == Point(x: 90, y: 85), "display points are weston's surface-local coordinates")
        #expect(down.location == Point(x: 50, y: 25), "in the button's own space")
        #expect(presses.last?.layer == scene.button.id && presses.last?.button == 1)
    }

    /// Wheel notches (X buttons 4–7, which weston's X11 backend sends as discrete axis steps)
    /// scroll 40 points each; keys reach the client the press gave the focus, with the keysym
    /// and text of weston's keymap, Shift applied from weston's modifier masks, and a held key
    /// repeats at the rate and after the delay weston announced (the daemon's repeat timer).
    @Test func wheelNotchesKeysAndKeyRepeatReachTheClient() throws {
        let rig = try Rig()
        defer { rig.stop() }
        let scene = try ButtonScene(rig)
        try rig.move(200, 200)
        try rig.move(90, 85)
        // The press gives the client the keyboard focus.
        try rig.pointer.press()
        try rig.pointer.release()
        _ = try scene.waitFor(1, .pointerUp, rig)

        for button: UInt8 in [5, 4, 7, 6] {
            try rig.pointer.fake(XCB_BUTTON_PRESS, detail: button)
            try rig.pointer.fake(XCB_BUTTON_RELEASE, detail: button)
        }
        let scrolls = try scene.waitFor(4, .scroll, rig)
        #expect(scrolls.map(\.scrollY) == [40, -40, 0, 0], "one notch down, up: 40 points each")
        #expect(scrolls.map(\.scrollX) == [0, 0, 40, -40], "one notch right, left")
        #expect(scrolls.allSatisfy { $0.layer == scene.button.id && $0.windowLocation == Point(x: 90, y: 85) })

        // Hold a (X keycode 38 = evdev 30 + 8) until it has repeated three times, then release.
        try rig.pointer.fake(XCB_KEY_PRESS, detail: 38)
        let held = try scene.waitForKeys(rig, "a down and three repeats") { $0.filter { $0.kind == .keyDown }.count >= 4 }
        try rig.pointer.fake(XCB_KEY_RELEASE, detail: 38)
        let keys = try scene.waitForKeys(rig, "a up") { $0.contains { $0.kind == .keyUp } }
        let downs = held.filter { $0.kind == .keyDown }
        #expect(downs.allSatisfy { $0.keysym == 0x61 && $0.keycode == 38 && $0.text == "a" && $0.layer == scene.button.id })
        #expect(keys.last?.kind == .keyUp && keys.last?.keysym == 0x61 && keys.last?.text == "")
        // Each repeat is due no earlier than the delay after the press plus its periods.
        let delay = Double(Weston.repeatDelay) / 1000, period = 1 / Double(Weston.repeatRate)
        for (k, d) in downs.dropFirst().prefix(3).enumerated() {
            #expect(d.mediaTime - downs[0].mediaTime >= delay + Double(k) * period - 1e-6,
                    "repeat \(k + 1) at \(d.mediaTime - downs[0].mediaTime) s after the press")
        }

        // Shift (X keycode 50) held: a types A, and the key event says Shift.
        try rig.pointer.fake(XCB_KEY_PRESS, detail: 50)
        try rig.pointer.fake(XCB_KEY_PRESS, detail: 38)
        try rig.pointer.fake(XCB_KEY_RELEASE, detail: 38)
        try rig.pointer.fake(XCB_KEY_RELEASE, detail: 50)
        let shifted = try scene.waitForKeys(rig, "A") { $0.contains { $0.kind == .keyDown && $0.keysym == 0x41 } }
        let capital = try #require(shifted.first { $0.kind == .keyDown && $0.keysym == 0x41 })
        #expect(capital.text == "A" && capital.modifiers.contains(.shift))
        #expect(shifted.contains { $0.kind == .keyDown && $0.keysym == 0xffe1 }, "Shift's own press")
    }

    /// As `X11TrackerFlingTests`, through weston: a press, fast moves upward, a release.
    @Test func aFlingThroughWestonScrollsTheTrackedLayerWithInertia() throws {
        let rig = try Rig()
        defer { rig.stop() }
        let client = try Client(rig.daemon)
        let updates = Box<TrackerUpdate>()
        let list = X11TrackerFlingTests.trackedList(on: client, updates: updates)
        _ = try client.connection.waitUntilApplied(client.onMain { client.context.lastSentSequence })
        try rig.waitUntilShown(160, 210, (255, 0, 0))
        func offset() throws -> Double? { try X11TrackerFlingTests.scrollOffset(of: list, client: client) }
        #expect(try offset() == 0)

        // The fling: press at y 210, then move up 20 pt every 8 ms to y 30 (about 2,500 pt/s),
        // and release there at once.
        try rig.move(200, 230)
        try rig.move(160, 210)
        try rig.pointer.press()
        for y in stride(from: 190, through: 30, by: -20) {
            usleep(8_000) // sleep-ok: pacing the fake pointer's moves in real time, as a hand would
            try rig.move(160, y)
        }
        try rig.pointer.release()

        let inertia = try #require(try XDisplaySupport.poll(5) { updates.all.first { $0.reason == .stateChanged && $0.state == .inertia } },
                                   "no inertia after the release; updates: \(updates.all.map { "\($0.reason) \($0.state)" }); daemon: \(rig.daemon.stderrText)")
        #expect(updates.all.contains { $0.reason == .stateChanged && $0.state == .interacting })
        #expect(inertia.velocity.y > 300, "the release velocity \(inertia.velocity) is a fast upward drag's")
        // Read twice from the daemon after the release: the content moved and keeps moving.
        let first = try #require(try XDisplaySupport.poll(5) { try offset().flatMap { $0 > 50 ? $0 : nil } },
                                 "the daemon's tracked layer did not scroll")
        let later = try #require(try XDisplaySupport.poll(5) { try offset().flatMap { $0 > first + 5 ? $0 : nil } },
                                 "the content stopped at \(first) pt right after the release (no inertia)")
        #expect(later > first)
        let idle = try #require(try XDisplaySupport.poll(15) { updates.all.last { $0.reason == .stateChanged && $0.state == .idle } },
                                "the tracker never came to rest")
        let states = updates.all.filter { $0.reason == .stateChanged }.map(\.state)
        #expect(states == [.interacting, .inertia, .idle], "\(states)")
        #expect(try offset() == idle.position.y, "the daemon's content rests where it told the client")
        // At or past the later reading: equal when that reading came as late as the rest
        // (a test thread descheduled for the rest of the fling on a loaded host).
        #expect(idle.position.y >= later)
    }
}
