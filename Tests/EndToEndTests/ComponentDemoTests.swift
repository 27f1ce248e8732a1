import Foundation
import Testing

/// The seeds' component examples, run as `rendersrv-demo` processes against the real daemon
/// on the manual clock: what they commit and the daemon's presentation values at set times.
@Suite("End to end, component demos")
struct ComponentDemoTests {
    /// Runs `rendersrv-demo <name> --json` against a fresh manual-clock daemon.
    func runDemo(_ name: String) throws -> [String: Any] {
        let daemon = try Daemon(clock: "manual")
        defer { daemon.stop() }
        let r = try CommandLineTests().run("rendersrv-demo", [name, "--socket", daemon.socketPath, "--json"])
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.output.utf8)) as? [String: Any], "\(r.output) \(r.error)")
        #expect(r.status == 0, "\(name) failed: \(o["failures"] ?? r.error)")
        #expect((o["ok"] as? Bool) == true)
        return o
    }

    func steps(_ o: [String: Any]) -> [[String: Any]] { o["steps"] as? [[String: Any]] ?? [] }
    func animations(_ step: [String: Any]) -> [[String: Any]] {
        (step["animations"] as? [[String: Any]] ?? []).compactMap { $0["animation"] as? [String: Any] }
    }
    /// The server's values of `label`/`property` samples, by time offset.
    func samples(_ o: [String: Any], _ label: String, _ property: String) -> [(t: Double, value: [Double])] {
        (o["samples"] as? [[String: Any]] ?? []).filter { $0["label"] as? String == label && $0["property"] as? String == property }
            .map { (($0["t"] as? NSNumber)?.doubleValue ?? .nan, ($0["server"] as? [NSNumber] ?? []).map(\.doubleValue)) }
    }

    @Test func fadeFadesInOnInitialMount() throws {
        let o = try runDemo("fade")
        let a = animations(try #require(steps(o).first))
        #expect(a.count == 1 && a[0]["keyPath"] as? String == "opacity" && a[0]["from"] as? String == "0.0")
        let s = samples(o, "banner", "opacity")
        #expect(s.first?.value == [0] && s.first { abs($0.t - 0.5) < 1e-9 }?.value == [1])
        #expect(s.first { abs($0.t - 0.25) < 1e-9 }.map { $0.value[0] > 0.5 && $0.value[0] < 1 } == true)
    }

    @Test func aContactSheetsTilesAreTheSampledFramesLabelledWithTheirTimes() throws {
        let daemon = try Daemon(clock: "manual")
        defer { daemon.stop() }
        let sheet = FileManager.default.temporaryDirectory.appendingPathComponent("fade-sheet-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: sheet) }
        let r = try CommandLineTests().run("rendersrv-demo", ["fade", "--socket", daemon.socketPath, "--json",
                                                              "--contact-sheet", sheet])
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.output.utf8)) as? [String: Any], "\(r.error)")
        let tiles = try #require((o["contactSheet"] as? [String: Any])?["tiles"] as? [String], "\(o)")
        // Samples at +0 (the commit's frame has passed it: that frame, +1/60 s), +0.1, +0.25,
        // +0.5, +0.75: one tile each, labelled with its frame's own time since the commit.
        #expect(tiles.map { $0.prefix(8) } == ["+0.017 s", "+0.100 s", "+0.250 s", "+0.500 s", "+0.750 s"], "\(tiles)")
        #expect(PictureTests.isPNG(sheet))
    }

    @Test func quoteScalesTheOverlayInOnlyWhenItAppears() throws {
        let o = try runDemo("quote")
        #expect(steps(o).map { animations($0).count } == [0, 1, 0])
        #expect(animations(steps(o)[1]).first?["keyPath"] as? String == "transform.scale")
        let s = samples(o, "overlay", "transform")
        #expect(s.first?.value.first == 0 && s.first { abs($0.t - 0.2) < 1e-9 }?.value.first == 1)
    }

    @Test func articleExpandsWithASpringAndTheRowsBelowReflow() throws {
        let o = try runDemo("article")
        let expand = animations(steps(o)[1])
        #expect(!expand.isEmpty && expand.allSatisfy { $0["kind"] as? String == "spring" })
        #expect(expand.allSatisfy { abs((($0["dampingRatio"] as? NSNumber)?.doubleValue ?? 0) - 0.7) < 1e-9 })
        let second = samples(o, "second row", "position").map { $0.value[1] }
        let third = samples(o, "third row", "position").map { $0.value[1] }
        #expect(second.first == 153 && abs((second.last ?? 0) - 313) < 0.2, "\(second)")
        #expect(zip(second, third).allSatisfy { abs($1 - $0 - 102) < 1e-9 }, "the rows below move together")
    }

    @Test func changeExampleAnimatesEachPropertyOnlyWhenItsFlagChanged() throws {
        let o = try runDemo("change-example")
        let keyPaths = steps(o).map { animations($0).compactMap { $0["keyPath"] as? String }.sorted() }
        #expect(keyPaths == [[], ["backgroundColor"], ["position"], ["backgroundColor", "position"], []])
        let pos = samples(o, "box", "position").map { $0.value[0] }
        #expect(pos.prefix(3) == [30, pos[1], 370] && pos[1] > 30 && pos[1] < 370)
    }
}
