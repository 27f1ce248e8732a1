import Foundation
import Testing
import RenderClient

/// Pixels from the real daemon: snapshots over the protocol, `rendersrvctl snapshot` and
/// `contact-sheet`, and `rendersrvd --record`.
@Suite("End to end, pictures")
struct PictureTests {
    let cli = CommandLineTests()

    /// A grey root and a red 40×40 square moving from x 40 to x 280 over 1 s.
    func scene(_ client: Client) throws {
        client.onMain {
            Transaction.begin()
            Transaction.disableActions = true
            let root = Layer()
            root.bounds = Rect(x: 0, y: 0, width: 320, height: 240)
            root.position = Point(160, 120)
            root.backgroundColor = Color(white: 0.5)
            client.context.rootLayer = root
            let square = Layer()
            square.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
            square.position = Point(40, 120)
            square.backgroundColor = .red
            root.addSublayer(square)
            square.add(Animation.basic("position.x", from: .number(40), to: .number(280), duration: 1), forKey: "move")
            Transaction.commit()
        }
        try client.applyCommits()
    }

    static func isPNG(_ path: String) -> Bool {
        guard let d = FileManager.default.contents(atPath: path), d.count > 8 else { return false }
        return Array(d.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    }

    @Test func snapshotsShowTheFrameAtTheirTime() throws {
        let daemon = try Daemon(clock: "manual", extraArguments: ["--size", "320x240"])
        defer { daemon.stop() }
        let client = try Client(daemon)
        try scene(client)
        _ = try client.control.step(seconds: 0.5)
        let shot = try client.control.snapshot()
        #expect(shot.width == 320 && shot.height == 240)
        // BGRA: the square is near x = 160 half-way; the root is grey elsewhere.
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(shot.pixels[(y * 320 + x) * 4..<(y * 320 + x) * 4 + 4]) }
        #expect(pixel(160, 120) == [0, 0, 255, 255], "\(pixel(160, 120))")
        #expect(pixel(40, 120) == [128, 128, 128, 255], "\(pixel(40, 120))")

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rendersrv-pictures-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("snap.png").path
        let r = try cli.run("rendersrvctl", ["--socket", daemon.socketPath, "snapshot", png, "--at", "+0.25"])
        #expect(r.status == 0, "\(r.error)")
        #expect(Self.isPNG(png))
        let sheet = dir.appendingPathComponent("sheet.png").path
        let s = try cli.run("rendersrvctl", ["--socket", daemon.socketPath, "contact-sheet", sheet, "--from", "+0", "--to", "+0.5",
                                            "--frames", "4"])
        #expect(s.status == 0, "\(s.error)")
        #expect(Self.isPNG(sheet))
        // The clock only goes forward.
        let back = try cli.run("rendersrvctl", ["--socket", daemon.socketPath, "snapshot", png, "--at", "1"])
        #expect(back.status != 0 && back.error.contains("only goes forward"), "\(back.error)")
    }

    @Test func recordingWritesAPNGSequenceAndAnIndex() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rendersrv-record-\(getpid())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let daemon = try Daemon(clock: "manual", extraArguments: ["--size", "160x120", "--record", dir.path, "--record-every", "10"])
        defer { daemon.stop() }
        let client = try Client(daemon)
        try scene(client)
        _ = try client.control.step(seconds: 1)
        let index = try String(contentsOfFile: dir.appendingPathComponent("frames.tsv").path, encoding: .utf8)
        let lines = index.split(separator: "\n").dropFirst()
        #expect(lines.count >= 6, "\(index)")
        for line in lines {
            let file = String(line.split(separator: "\t")[2])
            #expect(Self.isPNG(dir.appendingPathComponent(file).path), "\(file)")
        }
        let sheet = dir.appendingPathComponent("sheet.png").path
        let s = try cli.run("rendersrvctl", ["contact-sheet", sheet, "--recording", dir.path, "--frames", "4"])
        #expect(s.status == 0, "\(s.error)")
        #expect(Self.isPNG(sheet))
    }

    @Test func snapshotsAreRefusedWithOutputNone() throws {
        let daemon = try Daemon(clock: "manual", extraArguments: ["--output", "none"])
        defer { daemon.stop() }
        let control = try ControlClient(socketPath: daemon.socketPath)
        #expect(throws: (any Error).self) { try control.snapshot() }
    }
}
