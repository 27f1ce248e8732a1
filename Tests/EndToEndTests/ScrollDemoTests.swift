import Foundation
import Testing
import RenderClient

/// `rendersrv-demo scroll` against the real rendersrvd (real clock: the demo needs frames
/// while its main queue sleeps): the daemon-driven list keeps moving through the block on
/// the daemon's frames, the app-driven one shows one position, and the daemon's positions
/// are UIScrollView's deceleration. Nothing about speed is asserted: on a loaded machine the
/// daemon may miss a frame, so the demo is given a generous allowance and the test checks
/// what does not depend on load.
@Suite("End to end, scroll demo")
struct ScrollDemoTests {
    func number(_ any: Any?) -> Double { (any as? NSNumber)?.doubleValue ?? .nan }

    @Test func aFlingKeepsScrollingWhileTheMainQueueIsBlocked() throws {
        let daemon = try Daemon(clock: "real", fps: 60, extraArguments: ["--size", "480x360"])
        defer { daemon.stop() }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("scroll-demo-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try CommandLineTests().run("rendersrv-demo", ["scroll", "--socket", daemon.socketPath, "--rows", "200",
                                                              "--block", "0.5", "--allowed-missed-frames", "15",
                                                              "--out", out, "--json"])
        #expect(r.status == 0, "scroll: \(r.error)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.output.utf8)) as? [String: Any], "\(r.output)")
        #expect(o["ok"] as? Bool == true, "\(o["failures"] ?? "")")
        #expect(number(o["rows"]) == 200)
        #expect(o["trackerTookFling"] as? Bool == true, "the fling went to the daemon-driven list's tracker")
        // 0.5 s at 60 Hz is 30 frames; more than 10 distinct positions even if some were missed.
        #expect(number(o["positionsDuringBlock"]) > 10)
        #expect(number(o["drawnPositionsDuringBlock"]) > 5, "the motion reached the screen")
        #expect(number(o["appDrivenPositionsDuringBlock"]) == 1, "the app-driven list is frozen while main is blocked")
        #expect(number(o["missedFrames"]) <= 15)
        #expect(o["trackerStates"] as? [String] == ["interacting", "inertia", "idle"])
        // The daemon's positions are the closed form from its first frame of inertia, and it
        // rests where the closed form does (within the quarter point the rule leaves).
        #expect(number(o["flingSamples"]) > 20)
        #expect(number(o["flingMaxErrorPt"]) < 0.01)
        #expect(abs(number(o["restPosition"]) - number(o["closedFormRestPosition"])) < 0.01)
        #expect(o["bounced"] as? Bool == false)
        // Released downward fast (the tracker's estimate over the last 100 ms of moves played
        // on the daemon's frames: about 4000 pt/s, less exact when frames run late).
        #expect(number(o["releaseVelocity"]) > 1000)
        let pictures = try #require(o["pictures"] as? [String])
        #expect(pictures.count == 2)
        for p in pictures { #expect(FileManager.default.fileExists(atPath: p), "\(p)") }
    }
}
