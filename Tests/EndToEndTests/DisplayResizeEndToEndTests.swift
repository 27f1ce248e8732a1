import Dispatch
import Foundation
import Testing
import XDisplaySupport
import RenderClient

/// The real rendersrvd resized while it runs (PROTOCOL.md §5.4): `rendersrvctl resize` and
/// `ControlClient.resizeDisplay` change what snapshots return, and an app hears it.
@Suite("End to end, display resize")
struct DisplayResizeEndToEndTests {
    let cli = CommandLineTests()

    @Test func resizingChangesWhatSnapshotsReturnAndTheAppHearsIt() throws {
        let daemon = try Daemon(clock: "manual", extraArguments: ["--size", "160x120"])
        defer { daemon.stop() }
        let client = try Client(daemon)
        let heard = DispatchSemaphore(value: 0)
        var sizes: [Size] = []
        client.onMain {
            client.context.onDisplayChange = { _ in sizes.append(client.context.displaySize); heard.signal() }
            Transaction.begin()
            Transaction.disableActions = true
            let root = Layer()
            root.bounds = Rect(x: 0, y: 0, width: 160, height: 120)
            root.position = Point(80, 60)
            root.backgroundColor = .red
            client.context.rootLayer = root
            // Beyond the 160×120 display: shown once it is larger.
            let square = Layer()
            square.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
            square.position = Point(220, 170)
            square.backgroundColor = .blue
            root.addSublayer(square)
            Transaction.commit()
        }
        try client.applyCommits()
        let before = try client.control.snapshot()
        #expect(before.width == 160 && before.height == 120)
        #expect(client.onMain { client.context.displaySize } == Size(width: 160, height: 120))

        // rendersrvctl resize: the command line, then the next frame is drawn at the size.
        let r = try cli.run("rendersrvctl", ["--socket", daemon.socketPath, "resize", "320x240"])
        #expect(r.status == 0, "\(r.error)")
        #expect(r.output.hasPrefix("display 320x240 from frame "), "\(r.output)")
        _ = try client.control.step(seconds: 1.0 / 60)
        let after = try client.control.snapshot()
        #expect(after.width == 320 && after.height == 240 && after.pixels.count == 320 * 240 * 4)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(after.pixels[(y * 320 + x) * 4..<(y * 320 + x) * 4 + 4]) }
        #expect(pixel(220, 170) == [255, 0, 0, 255], "the square (BGRA blue): \(pixel(220, 170))")
        #expect(pixel(80, 60) == [0, 0, 255, 255], "the root (BGRA red): \(pixel(80, 60))")
        #expect(heard.wait(timeout: .now() + 10) == .success)
        #expect(client.onMain { sizes } == [Size(width: 320, height: 240)])
        #expect(client.connection.welcome.displayWidth == 320)

        // Through the control client; a later client's welcome has the size; a bad size is refused.
        let reply = try client.control.resizeDisplay(width: 200, height: 100)
        _ = try client.control.step(seconds: 1.0 / 60)
        let small = try client.control.snapshot()
        #expect(small.width == 200 && small.height == 100 && small.frame >= reply.frame)
        let later = try ControlClient(socketPath: daemon.socketPath)
        #expect(later.welcome.displayWidth == 200 && later.welcome.displayHeight == 100)
        let bad = try cli.run("rendersrvctl", ["--socket", daemon.socketPath, "resize", "0x100"])
        #expect(bad.status != 0 && bad.error.contains("1…16384"), "\(bad.error)")
        #expect(throws: ConnectionError.self) { try later.resizeDisplay(width: 20_000, height: 100) }
        #expect(try later.snapshot().width == 200)
    }

    /// `--output x11`: the window keeps its 320×240 and shows the frame's top-left part — all
    /// of the window for a larger frame, and black past a smaller one's edges.
    @Test(.enabled(if: VirtualDisplay.xvfb != nil), arguments: [true, false])
    func theX11WindowShowsTheTopLeftOfAResizedFrame(sharedMemory: Bool) throws {
        let x = try VirtualDisplay(sharedMemory: sharedMemory)
        defer { x.stop() }
        let daemon = try Daemon(clock: "manual", extraArguments: ["--output", "x11", "--size", "320x240"],
                                environment: ["DISPLAY": x.display])
        defer { daemon.stop() }
        let client = try Client(daemon)
        try PictureTests().scene(client)
        /// Pixels of the window (BGRX) that differ from the snapshot's top-left part, and the
        /// window's pixels past the snapshot that are not black.
        func compare() throws -> (differing: Int, notBlack: Int, width: Int) {
            _ = try client.control.step(seconds: 0.25)
            let shot = try client.control.snapshot()
            let screen = try captureScreen(x.display, width: 320, height: 240)
            var differing = 0, notBlack = 0
            for y in 0..<240 {
                for x in 0..<320 {
                    let i = (y * 320 + x) * 4
                    if x < Int(shot.width) && y < Int(shot.height) {
                        let j = (y * Int(shot.width) + x) * 4
                        if screen[i..<i + 3] != shot.pixels[j..<j + 3] { differing += 1 }
                    } else if screen[i..<i + 3] != [0, 0, 0] {
                        notBlack += 1
                    }
                }
            }
            return (differing, notBlack, Int(shot.width))
        }
        _ = try client.control.resizeDisplay(width: 400, height: 300)
        let larger = try compare()
        #expect(larger.width == 400 && larger.differing == 0, "\(larger)")
        _ = try client.control.resizeDisplay(width: 200, height: 100)
        let smaller = try compare()
        #expect(smaller.width == 200 && smaller.differing == 0 && smaller.notBlack == 0, "\(smaller)")
        // The grey root really is in the window's top-left part (not two black images).
        let screen = try captureScreen(x.display, width: 320, height: 240)
        #expect(Array(screen[(10 * 320 + 10) * 4..<(10 * 320 + 10) * 4 + 3]) == [128, 128, 128])
    }
}
