import CXCB
import CXTest
import Foundation
import Glibc
import Testing
import RenderClient
import XDisplaySupport

/// The issue's end-to-end test through the real X11 window: `rendersrvd --output x11` under
/// Xvfb, a client with a tall tracked layer, and a fling made with XTest — a press, fast
/// moves upward over a few frames, a release — as a real mouse would. The daemon's tracker
/// must scroll the content (read back from the daemon's presentation tree), keep it moving
/// after the release (inertia), and tell the client interacting → inertia → idle.
/// Cancelled with the reason when Xvfb cannot run; never skipped silently.
@Suite("End to end, X11 window: an XTest fling scrolls a tracker", .serialized)
struct X11TrackerFlingTests {
    /// A 320×240 viewport with an interaction tracker on 100 rows of 40 pt, each its own
    /// colour (content 4,000 pt tall; row 5, under a press at y 210, pure blue so that a test
    /// can see the frame shown), as the client's root. Tracker updates go to `updates`.
    static func trackedList(on client: Client, updates: Box<TrackerUpdate>) -> Layer {
        client.onMain { () -> Layer in
            client.context.onTrackerUpdate = { u, _ in updates.append(u) }
            let root = Layer()
            root.frame = Rect(x: 0, y: 0, width: 320, height: 240)
            root.backgroundColor = .black
            client.context.rootLayer = root
            let list = Layer()
            list.frame = Rect(x: 0, y: 0, width: 320, height: 240)
            list.masksToBounds = true
            for i in 0..<100 {
                let row = Layer()
                row.frame = Rect(x: 0, y: Double(i) * 40, width: 320, height: 40)
                row.backgroundColor = i == 5 ? Color(red: 0, green: 0, blue: 1)
                    : Color(red: Double(i % 5) / 4, green: Double(i % 7) / 6, blue: Double(i % 3) / 2)
                list.addSublayer(row)
            }
            root.addSublayer(list)
            list.setInteractionTracker(TrackerConfiguration(axes: .vertical, contentSize: Size(width: 320, height: 4000)))
            return list
        }
    }

    /// How far the daemon has scrolled `list` now (its presentation's bounds origin y).
    static func scrollOffset(of list: Layer, client: Client) throws -> Double? {
        let reply = try client.control.treeReply(presentation: true, session: client.session, layer: list.id)
        return try TreeDump(reply).numbers("bounds", of: list.id, session: client.session)?[1]
    }

    @Test func anXTestFlingOnTheWindowScrollsTheTrackedLayerWithInertia() throws {
        guard VirtualDisplay.xvfb != nil else {
            try Test.cancel("Xvfb is not installed (apt-get install xvfb), so the X11 window's fling cannot be tested")
        }
        let x: VirtualDisplay
        do { x = try VirtualDisplay() } catch {
            try Test.cancel("Xvfb cannot run here, so the X11 window's fling cannot be tested: \(error)")
        }
        defer { x.stop() }
        let daemon = try Daemon(clock: "real", fps: 60, extraArguments: ["--output", "x11", "--size", "320x240"],
                                environment: ["DISPLAY": x.display])
        defer { daemon.stop() }
        let client = try Client(daemon)
        let updates = Box<TrackerUpdate>()
        let list = Self.trackedList(on: client, updates: updates)
        _ = try client.connection.waitUntilApplied(client.onMain { client.context.lastSentSequence })
        func offset() throws -> Double? { try Self.scrollOffset(of: list, client: client) }
        #expect(try offset() == 0)
        // The daemon hit-tests a press on the frame its window last showed: wait until the
        // window shows the list (row 5, pure blue, under the press; the window is at the X
        // screen's origin) before pressing. Polled, with a deadline for a loaded host.
        let shown = try XDisplaySupport.poll(30) { () -> Bool? in
            let screen = try captureScreen(x.display, width: 320, height: 240)
            let i = (210 * 320 + 160) * 4
            return (screen[i], screen[i + 1], screen[i + 2]) == (255, 0, 0) ? true : nil
        }
        try #require(shown == true, "the X window never showed the list (row 5 blue at (160, 210)); daemon: \(daemon.stderrText)")

        // The fling: press at y 210, then move up 20 pt every 8 ms to y 30 (about 2,500 pt/s
        // over a few frames), and release there at once.
        let pointer = try XTestInjector(display: x.display)
        try pointer.move(160, 210)
        try pointer.press()
        for y in stride(from: 190, through: 30, by: -20) {
            usleep(8_000) // sleep-ok: pacing the fake pointer's moves in real time, as a hand would
            try pointer.move(160, Int16(y))
        }
        try pointer.release()

        // The tracker took the drag and went on by itself after the release.
        let released = try #require(try XDisplaySupport.poll(5) { updates.all.first { $0.reason == .stateChanged && $0.state == .inertia } },
                                    "no inertia after the release; updates: \(updates.all.map { "\($0.reason) \($0.state)" })")
        #expect(updates.all.contains { $0.reason == .stateChanged && $0.state == .interacting })
        #expect(released.velocity.y > 300, "the release velocity \(released.velocity) is a fast upward drag's")
        // Read twice from the daemon after the release: the content moved and keeps moving.
        let first = try #require(try XDisplaySupport.poll(5) { try offset().flatMap { $0 > 50 ? $0 : nil } },
                                 "the daemon's tracked layer did not scroll")
        let later = try #require(try XDisplaySupport.poll(5) { try offset().flatMap { $0 > first + 5 ? $0 : nil } },
                                 "the content stopped at \(first) pt right after the release (no inertia)")
        #expect(later > first)
        // It comes to rest, and the client hears it.
        let idle = try #require(try XDisplaySupport.poll(15) { updates.all.last { $0.reason == .stateChanged && $0.state == .idle } },
                                "the tracker never came to rest")
        let states = updates.all.filter { $0.reason == .stateChanged }.map(\.state)
        #expect(states == [.interacting, .inertia, .idle], "\(states)")
        #expect(try offset() == idle.position.y, "the daemon's content rests where it told the client")
        // At or past the later reading: equal when that reading came as late as the rest
        // (a test thread descheduled for the rest of the fling on a loaded host).
        #expect(idle.position.y >= later)
        #expect(client.onMain { list.bounds.origin.y } == idle.position.y, "the client's model follows the daemon")
    }
}
