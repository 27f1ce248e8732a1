import CXCB
import Foundation
import Glibc
import Testing
import RenderClient
import XDisplaySupport

/// `rendersrvd --output x11` under Xvfb: the window shows the same pixels as the headless
/// frame. Skipped when Xvfb is not installed (`apt-get install xvfb`).
@Suite("End to end, X11 output")
struct X11OutputTests {
    @Test(.enabled(if: VirtualDisplay.xvfb != nil), arguments: [true, false])
    func theWindowShowsTheHeadlessFrame(sharedMemory: Bool) throws {
        let x = try VirtualDisplay(sharedMemory: sharedMemory)
        defer { x.stop() }
        let daemon = try Daemon(clock: "manual", extraArguments: ["--output", "x11", "--size", "320x240"],
                                environment: ["DISPLAY": x.display])
        defer { daemon.stop() }
        #expect(daemon.stderrText.contains(sharedMemory ? "via MIT-SHM" : "via PutImage"), "\(daemon.stderrText)")
        let client = try Client(daemon)
        try PictureTests().scene(client)
        _ = try client.control.step(seconds: 0.5)
        let shot = try client.control.snapshot()
        let screen = try captureScreen(x.display, width: 320, height: 240)
        #expect(screen.count == shot.pixels.count)
        var differing = 0
        for i in stride(from: 0, to: min(screen.count, shot.pixels.count), by: 4) {
            if screen[i] != shot.pixels[i] || screen[i + 1] != shot.pixels[i + 1] || screen[i + 2] != shot.pixels[i + 2] {
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) pixels of the window differ from the headless frame")
        // The square really is there (not two black images).
        let i = (120 * 320 + 160) * 4
        #expect(Array(screen[i..<i + 3]) == [0, 0, 255])
    }

    @Test func withoutADisplayTheDaemonExplains() throws {
        #expect(throws: (any Error).self) {
            _ = try Daemon(clock: "manual", extraArguments: ["--output", "x11"], environment: ["DISPLAY": ":9999"])
        }
    }
}
