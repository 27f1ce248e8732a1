import Foundation
import Testing
import RenderClient

/// The command-line contracts other tools rely on: `rendersrvctl` and `rendersrv-demo`,
/// run as processes against the real daemon.
@Suite("End to end, command-line tools")
struct CommandLineTests {
    /// Runs a built product to completion; returns its exit status and standard output.
    func run(_ product: String, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let p = Process()
        p.executableURL = try Daemon.binary(product)
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        // Read both pipes to EOF before waiting, so a chatty child cannot block.
        final class Box: @unchecked Sendable { var data = Data() } // written before the semaphore signals
        let errBox = Box()
        let errDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { errBox.data = err.fileHandleForReading.readDataToEndOfFile(); errDone.signal() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errDone.wait()
        let errData = errBox.data
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func rendersrvctlSpeaksItsContract() throws {
        let daemon = try Daemon(clock: "manual")
        defer { daemon.stop() }
        let s = daemon.socketPath
        // --socket before the subcommand, as the contract spells it.
        let step = try run("rendersrvctl", ["--socket", s, "step", "0.5"])
        #expect(step.status == 0, "\(step.error)")
        #expect(step.output.contains("frame 30"), "\(step.output)")
        let stats = try run("rendersrvctl", ["--socket", s, "stats", "--json"])
        #expect(stats.status == 0, "\(stats.error)")
        let o = try object(stats.output)
        #expect((o["frames"] as? NSNumber)?.intValue == 30)
        #expect((o["manualClock"] as? Bool) == true)
        let tree = try run("rendersrvctl", ["--socket", s, "tree", "--presentation", "--at", "12.5", "--json"])
        #expect(tree.status == 0, "\(tree.error)")
        let t = try object(tree.output)
        #expect((t["presentation"] as? Bool) == true)
        #expect((t["mediaTime"] as? NSNumber)?.doubleValue == 12.5)
        let ping = try run("rendersrvctl", ["--socket", s, "ping"])
        #expect(ping.status == 0 && ping.output.contains("µs"), "\(ping.output) \(ping.error)")
        let human = try run("rendersrvctl", ["--socket", s, "stats"])
        #expect(human.status == 0 && !human.output.isEmpty)
    }

    @Test func rendersrvctlInputPlaysGesturesAndSaysWhereTheyWent() throws {
        let daemon = try Daemon(clock: "manual")
        defer { daemon.stop() }
        let queue = DispatchQueue(label: "e2e.ctl.input")
        let connection = try Connection(socketPath: daemon.socketPath, clientName: "target", callbackQueue: queue)
        let context = Context(connection: connection)
        let layer = queue.sync { () -> Layer in
            let l = Layer(context: context)
            l.frame = Rect(x: 0, y: 0, width: 100, height: 100)
            context.rootLayer = l
            return l
        }
        queue.sync {}
        _ = try connection.waitUntilApplied(queue.sync { context.lastSentSequence })
        let s = daemon.socketPath
        _ = try run("rendersrvctl", ["--socket", s, "step", "0.02"])
        let tap = try run("rendersrvctl", ["--socket", s, "input", "tap", "50", "50"])
        #expect(tap.status == 0, "\(tap.error)")
        let session = connection.welcome.sessionID
        #expect(tap.output.contains("pointerDown: session \(session), layer \(layer.id)")
                && tap.output.contains("pointerUp: session \(session), layer \(layer.id)"), "\(tap.output)")
        let miss = try run("rendersrvctl", ["--socket", s, "input", "tap", "500", "500"])
        #expect(miss.status == 0 && miss.output.contains("pointerDown: nobody"), "\(miss.output)")
        let bad = try run("rendersrvctl", ["--socket", s, "input", "swipe", "1", "2"])
        #expect(bad.status != 0 && bad.error.contains("unknown gesture"), "\(bad.error)")
        withExtendedLifetime(context) {}
    }

    @Test func rendersrvctlExplainsAMissingDaemon() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-daemon-\(getpid())/socket").path
        let r = try run("rendersrvctl", ["--socket", missing, "stats"])
        #expect(r.status != 0)
        #expect(r.error.contains(missing) && r.error.contains("rendersrvd"), "\(r.error)")
    }

    @Test func blockedMainDemoReportsItsJSON() throws {
        let daemon = try Daemon(clock: "real", fps: 60)
        defer { daemon.stop() }
        let r = try run("rendersrv-demo", ["blocked-main", "--socket", daemon.socketPath, "--layers", "20",
                                           "--block", "0.5", "--duration", "1", "--json"])
        let o = try object(r.output)
        #expect((o["completionCount"] as? NSNumber)?.intValue == 1, "\(r.output) \(r.error)")
        #expect((o["finished"] as? Bool) == true)
        for key in ["framesExpected", "framesProduced", "missedFrames", "samplesDuringBlock"] {
            #expect(o[key] != nil, "missing \(key)")
        }
        #expect(((o["samplesDuringBlock"] as? [Any])?.count ?? 0) > 0)
        #expect((o["framesProduced"] as? NSNumber)?.doubleValue ?? 0 > 0)
    }

    /// The seeds' demos write a contact sheet of the frames they step through.
    @Test func demosWriteAContactSheet() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rendersrv-sheet-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let sheet = dir.appendingPathComponent("view-block.png").path
        let r = try run("rendersrv-demo", ["view-block", "--contact-sheet", sheet])
        #expect(r.status == 0, "\(r.error)")
        #expect(r.error.contains("contact sheet: \(sheet)"))
        let bytes = try #require(FileManager.default.contents(atPath: sheet))
        #expect(bytes.count > 1_000)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) // a PNG
    }

    /// The stress tool's contracts: the isolation scenarios report what the hostile client
    /// got, and latency reports the documented keys (no figure is asserted: speed is measured,
    /// not tested).
    @Test func rendersrvStressSpeaksItsContract() throws {
        // big-commit takes the real daemon through a large commit applied in slices.
        let iso = try run("rendersrv-stress", ["isolation", "--scenarios", "names,million-commands,big-commit",
                                               "--window", "1", "--json"])
        #expect(iso.status == 0, "\(iso.error)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(iso.output.utf8)) as? [String: Any])
        let rows = try #require(o["scenarios"] as? [[String: Any]])
        #expect(rows.map { $0["scenario"] as? String } == ["names", "million-commands", "big-commit"])
        #expect((rows[1]["outcome"] as? String)?.contains("maxCommandsPerCommit = 200000") == true)
        #expect((rows[2]["outcome"] as? String)?.contains("125002 commands acknowledged") == true, "\(rows[2])")
        #expect(rows.allSatisfy { $0["victimPingsLost"] as? Int == 0 })
        let lat = try run("rendersrv-stress", ["latency", "--block", "20", "--blocks", "1", "--json"])
        #expect(lat.status == 0, "\(lat.error)")
        let l = try #require(try JSONSerialization.jsonObject(with: Data(lat.output.utf8)) as? [String: Any])
        for key in ["pingRttP50Us", "pingRttP99Us", "rawRttP50Us", "rawRttP99Us", "ratioP50", "commitToAppliedP50Us",
                    "commitToPresentedP50Ms", "commitToPresentedP99Ms"] {
            #expect((l[key] as? NSNumber)?.doubleValue.isFinite == true, "\(key)")
        }
        // The libuv floor server answers the handshake and every ping (a lost pong leaves no
        // round trips: no finite p50), and its CPU split is reported beside the daemon's.
        let floor = try run("rendersrv-stress", ["latency", "--ping-only", "--libuv-floor", "--block", "20", "--blocks", "1", "--json"])
        #expect(floor.status == 0, "\(floor.error)")
        let f = try #require(try JSONSerialization.jsonObject(with: Data(floor.output.utf8)) as? [String: Any])
        for key in ["floorPingRttP50Us", "floorRatioP50", "pingRttP50Us", "rawRttP50Us"] {
            #expect((f[key] as? NSNumber)?.doubleValue.isFinite == true, "\(key) in \(f)")
        }
        let split = try #require(f["cpuNsPerRoundTrip"] as? [String: Any])
        #expect(Set(split.keys) == ["rawClient", "echo", "pingClient", "daemon", "floorClient", "floorServer"])
    }

    /// The frame log from the command line: every frame a step produced, in order.
    @Test func rendersrvctlPrintsTheFrameLog() throws {
        let daemon = try Daemon(clock: "manual")
        defer { daemon.stop() }
        let s = daemon.socketPath
        #expect(try run("rendersrvctl", ["--socket", s, "step", "0.25"]).status == 0)
        let frames = try run("rendersrvctl", ["--socket", s, "frames", "--json"])
        #expect(frames.status == 0, "\(frames.error)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(frames.output.utf8)) as? [[String: Any]])
        #expect(records.compactMap { $0["frame"] as? Int } == Array(1...15))
        let since = try run("rendersrvctl", ["--socket", s, "frames", "--since", "13"])
        #expect(since.status == 0 && since.output.split(separator: "\n").count == 3, "\(since.output)")
    }

    /// The stress scenarios' JSON contracts, with tiny parameters (speed is measured, never
    /// asserted; what must hold whatever the load is: every commit acknowledged in order).
    @Test func rendersrvStressScenariosSpeakTheirContract() throws {
        func finite(_ o: [String: Any], _ keys: [String], _ what: String) {
            for key in keys { #expect((o[key] as? NSNumber)?.doubleValue.isFinite == true, "\(what): \(key) in \(o)") }
        }
        let folder = NSTemporaryDirectory() + "rendersrv-stress-test-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let bm = try run("rendersrv-stress", ["blocked-main", "--layers", "10", "--block", "0.3", "--warmup", "0.2",
                                              "--tail", "0.2", "--engine", "both", "--json", "--chart", folder + "/bm.png"])
        #expect(bm.status == 0, "\(bm.error)")
        let results = try #require(try object(bm.output)["results"] as? [[String: Any]])
        #expect(results.map { $0["engine"] as? String } == ["server", "dynamics"])
        for r in results {
            finite(r, ["missedFrames", "hitchRatioMsPerS", "droppedPercentWorst", "droppedPercentP95", "serverCpuPercent",
                       "expectedFrames", "producedFrames", "droppedFrames"], "blocked-main")
            #expect((r["expectedFrames"] as? Int ?? 0) > 0)
        }
        #expect(results[1]["dynamicsTicks"] is Int && results[1]["framesMoved"] is Int)
        #expect(FileManager.default.fileExists(atPath: folder + "/bm.png"))

        let tp = try run("rendersrv-stress", ["throughput", "--seconds", "0.2", "--batch", "10", "--json"])
        #expect(tp.status == 0, "\(tp.error)")
        let t = try object(tp.output)
        finite(t, ["commitsPerSecond", "propertyChangesPerSecond"], "throughput")
        #expect((t["errors"] as? [String])?.isEmpty == true, "\(t)")

        let cl = try run("rendersrv-stress", ["clients", "--count", "2", "--rate", "50", "--seconds", "0.3", "--json"])
        #expect(cl.status == 0, "\(cl.error)")
        let c = try object(cl.output)
        finite(c, ["missedFrames", "commitsPerSecond"], "clients")
        #expect(c["lostCommits"] as? Int == 0 && c["reorderedCommits"] as? Int == 0 && c["clientsFailed"] as? Int == 0, "\(c)")
        #expect((c["commitsAcknowledged"] as? Int ?? 0) > 0)

        let ev = try run("rendersrv-stress", ["eval", "--layers", "50", "--seconds", "0.3", "--json"])
        #expect(ev.status == 0, "\(ev.error)")
        let e = try object(ev.output)
        finite(e, ["valuesPerSecond", "evaluateMeanMs"], "eval")
        #expect((e["frames"] as? Int ?? 0) > 0)

        // Only the small-damage scene: the full-damage ones take seconds in a debug build.
        let co = try run("rendersrv-stress", ["composite", "--frames", "1", "--scenes", "b", "--json"])
        #expect(co.status == 0, "\(co.error)")
        let scenes = try #require(try object(co.output)["scenes"] as? [[String: Any]])
        #expect(scenes.count == 1)
        for scene in scenes { finite(scene, ["compositorMs", "naiveMs", "ratio"], "composite") }

        // A 2 × 2 grid of groups (4,005 layers) for the hit test: the 100,101-layer tree takes
        // seconds to build in a debug build.
        let ip = try run("rendersrv-stress", ["input", "--samples", "10", "--hit-test-grid", "2", "--hit-test-probes", "3",
                                              "--hit-test-rounds", "1", "--json"])
        #expect(ip.status == 0, "\(ip.error)")
        let i = try object(ip.output)
        finite(i, ["deliveryP50Ms", "deliveryP99Ms", "inputToPhotonP50Ms", "inputToPhotonP99Ms", "hitTestMaxMs", "hitTestP50Ms",
                   "stampToReceiptP50Ms", "inputToPhotonBudgetMs"], "input")
        #expect(i["hitTestLayers"] as? Int == 4_005 && i["hitTestWrongAnswers"] as? Int == 0, "\(i)")
        finite(i, ["flingMaxErrorPt", "flingReleaseVelocity"], "input")
        #expect(((i["flingMaxErrorPt"] as? NSNumber)?.doubleValue ?? 1) <= 0.5, "\(i)")
        #expect(((i["flingFrames"] as? NSNumber)?.intValue ?? 0) > 30, "\(i)")

        let so = try run("rendersrv-stress", ["soak", "--minutes", "0.04", "--warmup", "1", "--json", "--chart", folder + "/soak.png"])
        #expect(so.status == 0, "\(so.error)")
        let k = try object(so.output)
        finite(k, ["rssAfterWarmupMB", "rssDriftPercent", "descriptorsBeyondClientsMin", "missedFrames"], "soak")
        #expect((k["samples"] as? [[String: Any]])?.count ?? 0 >= 2)
        #expect((k["errors"] as? [String])?.isEmpty == true, "\(k)")
        #expect(FileManager.default.fileExists(atPath: folder + "/soak.png"))
    }
}
