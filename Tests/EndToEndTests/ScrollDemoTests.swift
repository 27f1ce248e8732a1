import Foundation
import Testing
import RenderClient

/// `rendersrv-demo scroll` against the real rendersrvd (real clock: the demo needs frames
/// while its main queue sleeps): the daemon-driven list keeps moving through the block on
/// the daemon's frames, the app-driven one shows one position, and the daemon's positions
/// are UIScrollView's deceleration. Nothing about speed is asserted: on a loaded machine the
/// daemon misses frames and its compositor skips some, so the checks are shares of the frames
/// the daemon did produce and counts over the whole fling; missed frames are reported only.
@Suite("End to end, scroll demo")
struct ScrollDemoTests {
    func number(_ any: Any?) -> Double { (any as? NSNumber)?.doubleValue ?? .nan }

    @Test func aFlingKeepsScrollingWhileTheMainQueueIsBlocked() throws {
        let daemon = try Daemon(clock: "real", fps: 60, extraArguments: ["--size", "480x360"])
        defer { daemon.stop() }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("scroll-demo-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try CommandLineTests().run("rendersrv-demo", ["scroll", "--socket", daemon.socketPath, "--rows", "200",
                                                              "--block", "1",
                                                              "--out", out, "--json"])
        #expect(r.status == 0, "scroll: \(r.error)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.output.utf8)) as? [String: Any], "\(r.output)")
        #expect(o["ok"] as? Bool == true, "\(o["failures"] ?? "")")
        #expect(number(o["rows"]) == 200)
        #expect(o["trackerTookFling"] as? Bool == true, "the fling went to the daemon-driven list's tracker")
        // Every frame the daemon produced after the fling's first move showed the list at a new
        // position (80 %: one frame's slack in five), however many a loaded host let it produce
        // in the block (a 1 s block, so the fling's start leaves it a few even when late).
        let afterMove = number(o["framesAfterFirstMove"]), moved = number(o["newPositionFramesAfterFirstMove"])
        #expect(afterMove >= 2, "frames of the block after the first move: \(afterMove)")
        #expect(moved >= 0.8 * afterMove, "\(moved) of \(afterMove) frames after the first move showed a new position")
        // The motion reached the screen: distinct positions on the frames drawn from the
        // release to the rest (some 270 frames at 60 Hz, about half of them drawn by a debug
        // daemon; none or one position if the compositor skipped the moving list's frames).
        #expect(number(o["drawnPositionsDuringFling"]) > 5,
                "\(o["drawnPositionsDuringFling"] ?? "") positions on \(o["framesDrawnInFling"] ?? "") frames drawn")
        #expect(number(o["appDrivenPositionsDuringBlock"]) == 1, "the app-driven list is frozen while main is blocked")
        print("scroll demo: \(Int(moved)) of \(Int(afterMove)) frames after the first move at a new position; "
            + "\(o["framesInBlock"] ?? "?") frames in the block, \(o["missedFrames"] ?? "?") missed (reported, not checked); "
            + "\(o["framesDrawnInFling"] ?? "?") of the fling's \(o["framesInFling"] ?? "?") frames drawn")
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
