import Foundation
import Glibc
import RenderClient
import RenderCore
import RenderPictures
import Testing
import XDisplaySupport

/// `rendersrvd --output wayland` under weston's headless backend: the window shows the
/// headless frame pixel for pixel, the compositor paces the frames, a lost compositor ends
/// the daemon (or not, with `--keep-running`), and what a user can get wrong is explained.
/// Skipped, saying why, only where weston is not installed.
@Suite("End to end, Wayland output", .serialized)
struct WaylandOutputTests {
    static let available = Weston.missing == nil

    /// Every pixel of the window (weston's output, the window fullscreen on it) equals the
    /// daemon's own frame.
    @Test(.enabled(if: WaylandOutputTests.available, "\(Weston.missing ?? "")"))
    func theWindowShowsTheHeadlessFrame() throws {
        let weston = try Weston(.headless(width: 320, height: 240))
        defer { weston.stop() }
        let daemon = try Daemon(clock: "manual", extraArguments: ["--output", "wayland", "--fullscreen", "--size", "320x240"],
                                environment: weston.environment)
        defer { daemon.stop() }
        let client = try Client(daemon)
        try PictureTests().scene(client)
        _ = try client.control.step(seconds: 0.5)
        let frame = try client.control.snapshot()
        let screen = try weston.screenshot()
        #expect(screen.width == 320 && screen.height == 240)
        #expect(screen.pixels.count == frame.pixels.count)
        var differing = 0
        for i in stride(from: 0, to: min(screen.pixels.count, frame.pixels.count), by: 4)
        where screen.pixels[i..<i + 3] != frame.pixels[i..<i + 3] {
            differing += 1
        }
        #expect(differing == 0, "\(differing) pixels of the window differ from the daemon's frame: \(daemon.stderrText)")
        // The square is really there, halfway along its path (not two black pictures).
        let i = (120 * 320 + 160) * 4
        #expect(Array(screen.pixels[i..<i + 3]) == [0, 0, 255], "BGR at the square's centre")
        // Another step: the window follows.
        _ = try client.control.step(seconds: 0.25)
        let later = try weston.screenshot()
        let j = (120 * 320 + 220) * 4
        #expect(Array(later.pixels[j..<j + 3]) == [0, 0, 255], "the square moved on to x = 220")
        #expect(Array(later.pixels[i..<i + 3]) != [0, 0, 255], "and left x = 160")
    }

    /// A compositor that sizes the window (here: fullscreen on a 400×300 output) sizes the
    /// display: clients are welcomed with the window's size, and the window still shows the
    /// daemon's frame pixel for pixel.
    @Test(.enabled(if: WaylandOutputTests.available, "\(Weston.missing ?? "")"))
    func theCompositorSizesTheDisplay() throws {
        let weston = try Weston(.headless(width: 400, height: 300))
        defer { weston.stop() }
        let daemon = try Daemon(clock: "manual", extraArguments: ["--output", "wayland", "--fullscreen", "--size", "320x240",
                                                                  "--log-level", "info"],
                                environment: weston.environment)
        defer { daemon.stop() }
        let client = try Client(daemon)
        #expect(client.connection.welcome.displayWidth == 400 && client.connection.welcome.displayHeight == 300,
                "welcomed with \(client.connection.welcome.displayWidth)x\(client.connection.welcome.displayHeight)")
        try PictureTests().scene(client)
        _ = try client.control.step(seconds: 0.5)
        let frame = try client.control.snapshot()
        let screen = try weston.screenshot()
        #expect(frame.width == 400 && frame.height == 300)
        #expect(WaylandOutputTests.differing(screen, frame.pixels) == 0, "the window differs from the frame")
    }

    /// On a HiDPI output (scale 2) the display stays in points and the window's buffers are
    /// drawn at two pixels a point: the frame, the window and weston's output are 640×480
    /// pixels for a 320×240-point display, equal pixel for pixel, with the layers' edges
    /// where twice their points put them.
    @Test(.enabled(if: WaylandOutputTests.available, "\(Weston.missing ?? "")"))
    func aHiDPIOutputGetsFramesAtItsScale() throws {
        let weston = try Weston(.headless(width: 320, height: 240, scale: 2))
        defer { weston.stop() }
        let daemon = try Daemon(clock: "manual", extraArguments: ["--output", "wayland", "--fullscreen", "--size", "320x240"],
                                environment: weston.environment)
        defer { daemon.stop() }
        let client = try Client(daemon)
        #expect(client.connection.welcome.displayWidth == 320 && client.connection.welcome.displayHeight == 240)
        try PictureTests().scene(client)
        _ = try client.control.step(seconds: 0.5)
        let frame = try client.control.snapshot()
        let screen = try weston.screenshot()
        #expect(frame.width == 640 && frame.height == 480, "frame \(frame.width)x\(frame.height)")
        #expect(screen.width == 640 && screen.height == 480, "weston's output \(screen.width)x\(screen.height)")
        #expect(WaylandOutputTests.differing(screen, frame.pixels) == 0, "the window differs from the frame")
        // The 40-point square is 80 pixels wide (78 wholly red, at a fractional position).
        let red = (0..<640).filter { x in let i = (240 * 640 + x) * 4; return Array(screen.pixels[i..<i + 3]) == [0, 0, 255] }
        #expect((78...80).contains(red.count), "\(red.count) red pixels across the square's row")
    }

    /// A compositor that draws no decorations (weston offers no xdg-decoration): the window
    /// draws its own title bar, 28 points above the display, with the title and a close cross;
    /// the frame below it is the daemon's, pixel for pixel, and the display stays the size
    /// asked for. Fullscreen windows (the other tests) have none.
    @Test(.enabled(if: WaylandOutputTests.available, "\(Weston.missing ?? "")"))
    func withoutServerDecorationsTheWindowDrawsATitleBar() throws {
        let weston = try Weston(.headless(width: 640, height: 480))
        defer { weston.stop() }
        let daemon = try Daemon(clock: "manual", extraArguments: ["--output", "wayland", "--size", "200x120"],
                                environment: weston.environment)
        defer { daemon.stop() }
        let client = try Client(daemon)
        #expect(client.connection.welcome.displayWidth == 200 && client.connection.welcome.displayHeight == 120)
        client.onMain {
            Transaction.begin()
            Transaction.disableActions = true
            let root = Layer()
            root.frame = Rect(x: 0, y: 0, width: 200, height: 120)
            root.backgroundColor = Color(red: 1, green: 0, blue: 1)
            client.context.rootLayer = root
            Transaction.commit()
        }
        try client.applyCommits()
        let frame = try client.control.snapshot()
        let screen = try weston.screenshot()
        func bgr(_ x: Int, _ y: Int) -> [UInt8] { let i = (y * screen.width + x) * 4; return Array(screen.pixels[i..<i + 3]) }
        // Where the shell put the window: the magenta frame.
        var box: (x: Int, y: Int)?
        search: for y in 0..<screen.height { for x in 0..<screen.width where bgr(x, y) == [255, 0, 255] { box = (x, y); break search } }
        let origin = try #require(box, "the frame is not on weston's output")
        #expect(origin.y >= 28, "no room for a bar above the frame at y = \(origin.y)")
        // The frame, pixel for pixel, under the bar.
        var differing = 0
        for y in 0..<120 { for x in 0..<200 {
            let i = (y * 200 + x) * 4
            if bgr(origin.x + x, origin.y + y) != Array(frame.pixels[i..<i + 3]) { differing += 1 }
        } }
        #expect(differing == 0, "\(differing) pixels of the frame differ")
        // The bar: 28 rows of one dark grey across the window's width, with light ink (the
        // title, the cross) in it, and not beyond the window.
        let barTop = origin.y - 28
        let shade = bgr(origin.x + 2, barTop + 2)
        #expect(shade[0] == shade[1] && shade[1] == shade[2] && shade[0] < 80, "bar colour \(shade)")
        #expect(bgr(origin.x + 2, barTop + 25) == shade && bgr(origin.x + 197, barTop + 2) == shade)
        let ink = (barTop..<origin.y).flatMap { y in (origin.x..<origin.x + 200).map { bgr($0, y) } }.filter { $0[0] > 140 }
        #expect(ink.count > 100, "\(ink.count) light pixels: no title or cross drawn")
        #expect(bgr(origin.x + 2, barTop - 1) != shade, "the bar is 28 rows, no more")
    }

    /// Pixels whose colour differs between a screenshot and a frame of the same size (BGR).
    static func differing(_ screen: Picture, _ pixels: [UInt8]) -> Int {
        guard screen.pixels.count == pixels.count else { return max(screen.pixels.count, pixels.count) / 4 }
        var n = 0
        for i in stride(from: 0, to: pixels.count, by: 4) where screen.pixels[i..<i + 3] != pixels[i..<i + 3] { n += 1 }
        return n
    }

    /// On the real clock the compositor's refresh (weston's headless output: 60 Hz) paces the
    /// frames, not the daemon's `--fps` (20 here: a timerfd would space frames 50 ms apart),
    /// and each frame's ready time is when weston presented it: on its 60 Hz grid.
    @Test(.enabled(if: WaylandOutputTests.available, "\(Weston.missing ?? "")"))
    func theCompositorPacesTheFrames() throws {
        let weston = try Weston(.headless(width: 320, height: 240))
        defer { weston.stop() }
        let daemon = try Daemon(clock: "real", fps: 20,
                                extraArguments: ["--output", "wayland", "--fullscreen", "--size", "320x240"],
                                environment: weston.environment)
        defer { daemon.stop() }
        let client = try Client(daemon)
        // Clients are told the compositor's rate, not --fps.
        #expect(abs(client.connection.welcome.refreshRate - 60) < 0.1, "welcomed at \(client.connection.welcome.refreshRate) Hz")
        client.onMain {
            Transaction.begin()
            Transaction.disableActions = true
            let root = Layer()
            root.bounds = Rect(x: 0, y: 0, width: 320, height: 240)
            root.position = Point(160, 120)
            let square = Layer()
            square.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
            square.backgroundColor = .red
            root.addSublayer(square)
            client.context.rootLayer = root
            var move = Animation.basic("position.x", from: .number(20), to: .number(300), duration: 0.5)
            move.timing.repeatCount = .infinity
            square.add(move, forKey: "move")
            Transaction.commit()
        }
        // Collect 60 animated frames (about a second at 60 Hz, two or three in a slow build).
        var records: [FrameLogReport.Record] = []
        let deadline = Date().addingTimeInterval(20)
        while records.filter({ $0.animatedLayers > 0 }).count < 60 {
            guard Date() < deadline else { Issue.record("only \(records.count) frames in 20 s"); return }
            usleep(100_000) // sleep-ok: waits for the daemon's real-clock frames (another process), under a deadline
            records = try client.control.frameRecords()
        }
        let animated = records.filter { $0.animatedLayers > 0 }
        let intervals = zip(animated, animated.dropFirst()).map { ($1.targetTime - $0.targetTime) * 1000 }.sorted()
        // The 20 Hz timerfd spaces frames 50 ms apart (a late wake shortens only the one
        // interval after it); weston's refresh paces them at 16.7 ms or a few refreshes. The
        // shorter intervals tell the two apart however many refreshes a loaded host skips.
        let short = intervals[intervals.count / 10]
        #expect(short < 30, "frame intervals' 10th percentile \(short) ms: the 20 Hz timerfd (50 ms) paced the frames, not weston")
        // Ready times are when weston presented the frames (presentation feedback): at its
        // repaint after the commit at the earliest, which starts 7 ms before a refresh, so at
        // least ~8 ms after the frame's wake; the pixels of this one-layer scene are published
        // within a few ms of it.
        let lags = animated.compactMap { r in r.pixelsReadyTime.map { ($0 - r.wakeTime) * 1000 } }.sorted()
        #expect(lags.count >= 10, "\(lags.count) of \(animated.count) frames have a ready time")
        #expect(lags.isEmpty || lags[lags.count / 2] >= 8, "median wake → ready \(lags.isEmpty ? 0 : lags[lags.count / 2]) ms")
        // And frames are evaluated for when they are seen: the target is the presentation,
        // within a refresh once the lag is learnt.
        // At the median: a loaded host makes some frames late, but a daemon that evaluated for
        // its wake instead of the presentation would be a whole lag (tens of ms) off on every one.
        let offsets = animated.dropFirst(10).compactMap { r in r.pixelsReadyTime.map { abs($0 - r.targetTime) * 1000 } }.sorted()
        #expect(!offsets.isEmpty && offsets[offsets.count / 2] < 4,
                "median |presented − target| \(offsets.isEmpty ? .nan : offsets[offsets.count / 2]) ms; the largest: \(offsets.suffix(8))")
        // commitPresented says the same: a commit's feedback carries its frame's presentation time.
        let presented = Box<PresentedFrame?>()
        client.onMain {
            Transaction.begin()
            Transaction.presentedHandler = { presented.append($0) }
            client.context.rootLayer?.backgroundColor = .blue
            Transaction.commit()
        }
        let feedback = try #require(try XDisplaySupport.poll(10) { presented.all.first ?? nil }, "no commitPresented")
        let shown = try #require(try client.control.frameRecords().first { $0.frame == feedback.frame })
        let ready = try #require(feedback.readyTime)
        #expect(abs(ready - (shown.pixelsReadyTime ?? 0)) < 1e-6, "commitPresented \(ready), frame log \(shown.pixelsReadyTime ?? 0)")
        #expect((ready - shown.wakeTime) * 1000 >= 8, "presented \((ready - shown.wakeTime) * 1000) ms after the frame's wake")
    }

    /// The compositor goes away: the daemon says so and stops; with `--keep-running` it goes on
    /// serving clients and drawing frames in memory.
    @Test(.enabled(if: WaylandOutputTests.available, "\(Weston.missing ?? "")"), arguments: [false, true])
    func aLostCompositorEndsTheWindow(keepRunning: Bool) throws {
        let weston = try Weston(.headless(width: 320, height: 240))
        let daemon = try Daemon(clock: "real", extraArguments: ["--output", "wayland", "--size", "320x240", "--log-level", "notice"]
                                    + (keepRunning ? ["--keep-running"] : []),
                                environment: weston.environment)
        defer { daemon.stop() }
        let client = try Client(daemon)
        weston.stop()
        let deadline = Date().addingTimeInterval(20)
        while !daemon.stderrText.contains("lost the connection to the Wayland compositor") {
            guard Date() < deadline else {
                Issue.record("no log of the lost compositor (rendersrvd \(daemon.process.isRunning ? "still runs" : "exited, status \(daemon.process.terminationStatus)")): \(daemon.stderrText)")
                return
            }
            usleep(10_000) // sleep-ok: waits for the daemon (another process) to notice, under a deadline
        }
        if keepRunning {
            #expect(daemon.stderrText.contains("keeps running"))
            _ = try client.control.ping()
            client.onMain {
                let root = Layer()
                root.bounds = Rect(x: 0, y: 0, width: 320, height: 240)
                root.position = Point(160, 120)
                root.backgroundColor = .red
                client.context.rootLayer = root
            }
            let seq = client.onMain { client.context.lastSentSequence }
            _ = try client.connection.waitUntilApplied(seq)
            // Frames go on without the window: the red root is drawn in memory.
            var red = false
            while !red {
                guard Date() < deadline else { Issue.record("no frame drawn after the window ended"); return }
                let shot = try client.control.snapshot()
                red = Array(shot.pixels[0..<3]) == [0, 0, 255]
                if !red { usleep(10_000) } // sleep-ok: waits for the daemon's real-clock frame, under a deadline
            }
        } else {
            while daemon.process.isRunning {
                guard Date() < deadline else { Issue.record("rendersrvd did not stop: \(daemon.stderrText)"); return }
                usleep(10_000) // sleep-ok: waits for the daemon (another process) to exit, under a deadline
            }
            #expect(daemon.stderrText.contains("--keep-running"), "the log says how to keep it running")
        }
    }

    /// What a user can get wrong is refused at start, saying what was found and what to do.
    @Test(.enabled(if: WaylandOutputTests.available, "\(Weston.missing ?? "")"))
    func startErrorsSayWhatToDo() throws {
        func failure(_ environment: [String: String], _ arguments: [String] = ["--output", "wayland"]) -> String {
            do {
                let d = try Daemon(clock: "manual", extraArguments: arguments, environment: environment)
                d.stop()
                return "(it started)"
            } catch {
                return "\(error)"
            }
        }
        let noDisplay = failure(["WAYLAND_DISPLAY": ""])
        #expect(noDisplay.contains("set WAYLAND_DISPLAY") && noDisplay.contains("--wayland-display"), "\(noDisplay)")
        let nowhere = failure(["XDG_RUNTIME_DIR": FileManager.default.temporaryDirectory.path], ["--output", "wayland", "--wayland-display", "no-such-compositor"])
        #expect(nowhere.contains("cannot connect to the Wayland display \"no-such-compositor\""), "\(nowhere)")
        // A compositor without xdg-shell: weston's fullscreen shell.
        let weston = try Weston(.headless(width: 320, height: 240), shell: "fullscreen-shell.so")
        defer { weston.stop() }
        let noShell = failure(weston.environment)
        #expect(noShell.contains("offers no xdg_wm_base") && noShell.contains("it offers:"), "\(noShell)")
        let misuse = failure([:], ["--output", "headless", "--keep-running"])
        #expect(misuse.contains("--keep-running is for the Wayland window"), "\(misuse)")
    }
}
