import CXCB
import Foundation
import Glibc
import RenderClient
import RenderProtocol
import Testing

/// The compositor resizes the daemon's window while a client is connected, and the client is
/// told: Xvfb, weston's X11 backend in it with the kiosk shell (every toplevel fills its
/// output), and the real `rendersrvd --output wayland --size 160x120`. The kiosk shell sizes
/// the window to weston's 320×240 output before any client connects (the client is welcomed
/// at 320×240); then weston's output window on the X server is made 400×300, as a user
/// resizing a nested compositor would: weston resizes its output, the shell configures the
/// window again, and the daemon's display follows — the client hears `displayChanged`, its
/// context and welcome follow, and the daemon's frames and weston's output show 400×300.
/// Cancelled with the reason when weston or Xvfb is missing.
@Suite("End to end, Wayland window: resized by the compositor", .serialized)
struct WaylandResizeEndToEndTests {
    typealias Box = X11TrackerFlingTests.Box

    @Test func theCompositorResizesTheWindowWhileAClientIsConnected() throws {
        guard X11OutputTests.xvfb != nil else {
            try Test.cancel("Xvfb is not installed (apt-get install xvfb), so a compositor's resize cannot be tested")
        }
        if let missing = Weston.missing { try Test.cancel("\(missing), so a compositor's resize cannot be tested") }
        let x = try X11OutputTests.VirtualDisplay()
        defer { x.stop() }
        let weston = try Weston(.x11(display: x.display, width: 320, height: 240), shell: "kiosk-shell.so")
        defer { weston.stop() }
        let output = try #require(weston.x11Window)
        let daemon = try Daemon(clock: "real", extraArguments: ["--output", "wayland", "--size", "160x120", "--log-level", "info"],
                                environment: weston.environment)
        defer { daemon.stop() }
        let client = try Client(daemon)
        #expect(client.connection.welcome.displayWidth == 320 && client.connection.welcome.displayHeight == 240,
                "the kiosk shell sized the window before the client came")
        let changes = Box<DisplayChanged>()
        client.onMain {
            client.context.onDisplayChange = { changes.append($0) }
            Transaction.begin()
            Transaction.disableActions = true
            let root = Layer()
            root.frame = Rect(x: 0, y: 0, width: 160, height: 120)
            root.backgroundColor = Color(red: 1, green: 0, blue: 1)
            client.context.rootLayer = root
            Transaction.commit()
        }
        // Weston's output window on the X server becomes 400x300.
        var screenNumber: Int32 = 0
        let c = try #require(xcb_connect(x.display, &screenNumber))
        defer { xcb_disconnect(c) }
        let size: [UInt32] = [400, 300]
        xcb_configure_window(c, output.id, UInt16(XCB_CONFIG_WINDOW_WIDTH.rawValue | XCB_CONFIG_WINDOW_HEIGHT.rawValue), size)
        xcb_flush(c)

        let change = try #require(try WaylandInputEndToEndTests.poll(10) { changes.all.first },
                                  "no displayChanged after weston's output grew: \(daemon.stderrText)")
        #expect(change.width == 400 && change.height == 300, "\(change)")
        #expect(changes.all.count == 1, "\(changes.all)")
        let contextSize = client.onMain { client.context.displaySize }
        #expect(contextSize == Size(width: 400, height: 300), "the context says \(contextSize)")
        #expect(client.connection.welcome.displayWidth == 400 && client.connection.welcome.displayHeight == 300,
                "the connection's welcome follows")
        // The daemon draws 400x300 frames: the magenta root in the top-left corner, black beyond.
        let frame = try #require(try WaylandInputEndToEndTests.poll(10) { () -> SnapshotReply? in
            let f = try client.control.snapshot()
            return f.width == 400 && f.height == 300 ? f : nil
        }, "the daemon's frames never took the window's size")
        func bgr(_ px: Int, _ py: Int) -> [UInt8] { let i = (py * 400 + px) * 4; return Array(frame.pixels[i..<i + 3]) }
        #expect(bgr(80, 60) == [255, 0, 255] && bgr(300, 250) == [0, 0, 0])
        // And weston's output shows them, to its new edges.
        let shown = try WaylandInputEndToEndTests.poll(10) { () -> Bool? in
            let w = output.x + 400, h = output.y + 300
            let screen = try X11OutputTests.capture(x.display, width: w, height: h)
            func at(_ px: Int, _ py: Int) -> [UInt8] {
                let i = ((output.y + py) * w + output.x + px) * 4
                return Array(screen[i..<i + 3])
            }
            return at(80, 60) == [255, 0, 255] && at(159, 119) == [255, 0, 255] && at(160, 120) == [0, 0, 0]
                && at(399, 299) == [0, 0, 0] ? true : nil
        }
        #expect(shown == true, "weston's output does not show the 400x300 frame")
    }
}
