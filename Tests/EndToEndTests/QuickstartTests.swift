import Foundation
import Testing

/// The README's Quickstart (`rendersrv-quickstart`) against a real daemon on the real clock:
/// it connects with no name and the default socket (`RENDERSRV_SOCKET`), animates, blocks
/// its main thread for 2 s, and exits from the fade's completion block.
@Suite("End to end, the README's Quickstart")
struct QuickstartTests {
    @Test func quickstartRunsToItsCompletionBlock() throws {
        let daemon = try Daemon(clock: "real")
        defer { daemon.stop() }
        let p = Process()
        p.executableURL = try Daemon.binary("rendersrv-quickstart")
        p.environment = ProcessInfo.processInfo.environment.merging(["RENDERSRV_SOCKET": daemon.socketPath]) { _, new in new }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(output)\n\(daemon.stderrText)")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.prefix(2) == ["main thread was blocked 2 s; the daemon kept animating", "faded"],
                "the fade finished during the block; its completion block ran when the main queue was free")
        #expect(lines.count == 3 && lines[2].hasPrefix("snapshot of frame ") && lines[2].hasSuffix(" pixels"),
                "the completion block took a snapshot: \(output)")
    }
}
