import Foundation
import Testing
import RenderClient

/// `rendersrv-demo dynamics` against the real rendersrvd: a spring computed in the app,
/// one commit per frame, read back from the server.
@Suite("End to end, Dynamics")
struct DynamicsDemoTests {
    func demo(_ daemon: Daemon, _ extra: [String] = []) throws -> [String: Any] {
        let r = try CommandLineTests().run("rendersrv-demo", ["dynamics", "--socket", daemon.socketPath, "--json"] + extra)
        #expect(r.status == 0, "dynamics: \(r.error)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.output.utf8)) as? [String: Any], "\(r.output)")
    }

    func number(_ any: Any?) -> Double { (any as? NSNumber)?.doubleValue ?? .nan }

    /// On the manual clock: the server shows the client's value at every frame, the motion is
    /// the spring's closed form, the retarget is continuous, and it ends on the new target.
    @Test(arguments: [60, 120])
    func springOnTheManualClock(fps: Int) throws {
        let daemon = try Daemon(clock: "manual", fps: fps)
        defer { daemon.stop() }
        let o = try demo(daemon)
        #expect(o["clock"] as? String == "manual" && number(o["fps"]) == Double(fps))
        #expect((o["completions"] as? [Bool]) == [true])
        #expect(o["serverAgreed"] as? Bool == true)
        #expect(number(o["finalX"]) == 200 && number(o["serverFinalX"]) == 200)
        let samples = try #require(o["samples"] as? [[String: Any]])
        #expect(Double(samples.count) == number(o["framesRun"]))
        #expect(number(o["commitCount"]) == Double(samples.count - 1), "one commit per frame after the first (which applies the start value)")
        for s in samples { #expect(abs(number(s["x"]) - number(s["serverX"])) < 1e-9, "frame \(number(s["frame"]))") }
        // Frames a period apart, and the motion before the retarget is the closed form of
        // m·x″ + c·x′ + k·x = 0 from 300 pt away at rest.
        let spring = try #require(o["spring"] as? [String: Any])
        let k = number(spring["tension"]), c = number(spring["friction"]), m = number(spring["mass"])
        let w0 = (k / m).squareRoot(), zeta = c / (2 * (k * m).squareRoot()), wd = w0 * (1 - zeta * zeta).squareRoot()
        let t0 = number(samples[0]["t"])
        let retarget = try #require(o["retarget"] as? [String: Any])
        let switchFrame = Int(exactly: number(retarget["frame"])) ?? 0
        #expect(switchFrame == 8)
        for s in samples.prefix(switchFrame) {
            let t = number(s["t"]) - t0
            let remaining = exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
            #expect(abs(number(s["x"]) - (350 - 300 * remaining)) < 1e-6, "at \(t) s")
        }
        for (a, b) in zip(samples, samples.dropFirst()) {
            #expect(abs(number(b["t"]) - number(a["t"]) - 1 / Double(fps)) < 1e-6)
        }
        #expect(number(retarget["valueBefore"]) == number(retarget["valueAfter"]))
        #expect(number(retarget["velocityBefore"]) == number(retarget["velocityAfter"]))
        #expect(number(retarget["velocityAfter"]) > 0, "still moving out when sent back")
    }

    /// On the real clock: the display link follows the daemon's refresh rate (from the
    /// welcome) and the spring ends where the server shows it. Nothing about speed is asserted.
    @Test func springOnTheRealClock() throws {
        let daemon = try Daemon(clock: "real", fps: 120)
        defer { daemon.stop() }
        let o = try demo(daemon, ["--retarget-after", "0"])
        #expect(o["clock"] as? String == "real" && number(o["fps"]) == 120)
        #expect((o["completions"] as? [Bool]) == [true])
        #expect(number(o["finalX"]) == 350 && number(o["serverFinalX"]) == 350)
        let samples = try #require(o["samples"] as? [[String: Any]])
        #expect(samples.count > 5)
        for s in samples {
            let k = number(s["t"]) * 120
            #expect(abs(k - k.rounded()) < 1e-6, "target times on the 120 Hz grid")
        }
    }
}
