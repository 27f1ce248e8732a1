import Foundation
import Glibc
import Synchronization

/// A real `rendersrvd` child process on a private socket, for end-to-end tests.
///
/// The child runs with `--exit-on-stdin-eof`, so it dies with the test process even if the
/// test crashes; `stop()` closes stdin, sends SIGTERM, and SIGKILLs after a grace period, so
/// no test can hang on a child that ignores signals (see NOTES-platform.md).
///
/// Threads: the test makes, reads and stops it; after start-up the child's stderr is appended
/// by a thread of its own (blocking reads until the child's end closes), so the text is
/// behind a mutex.
final class Daemon: Sendable {
    let socketPath: String
    let process = Process()
    private let stdinPipe = Pipe()
    private let stderrPipe = Pipe()
    private let stderrCollected = Mutex("")
    /// What the child wrote to stderr so far.
    var stderrText: String { stderrCollected.withLock { $0 } }

    /// Starts the daemon and returns once it has printed its "listening" line. With
    /// `socketPath` it listens there (another daemon's, to stand in for a restart), else on a
    /// new private folder's socket.
    init(clock: String = "manual", fps: Int = 60, extraArguments: [String] = [], environment: [String: String] = [:],
         socketPath: String? = nil) throws {
        if let socketPath {
            self.socketPath = socketPath
        } else {
            let dir = FileManager.default.temporaryDirectory
                .appendingPathComponent("rendersrv-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            self.socketPath = dir.appendingPathComponent("socket").path
        }
        process.executableURL = try Daemon.binary("rendersrvd")
        process.arguments = ["--socket", self.socketPath, "--clock", clock, "--fps", "\(fps)",
                             "--exit-on-stdin-eof", "--log-level", "warning"] + extraArguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        process.standardInput = stdinPipe
        process.standardError = stderrPipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait for the readiness line (event-driven: blocking reads of the child's stderr).
        let handle = stderrPipe.fileHandleForReading
        let deadline = Date().addingTimeInterval(30)
        var text = ""
        while !text.contains("listening on") {
            let chunk = handle.availableData
            if chunk.isEmpty {
                throw DaemonError.exited("rendersrvd exited before listening: \(text)")
            }
            text += String(decoding: chunk, as: UTF8.self)
            if Date() > deadline { stop(); throw DaemonError.exited("rendersrvd did not start within 30 s: \(text)") }
        }
        stderrCollected.withLock { $0 = text }
        // Keep draining stderr so the child never blocks on a full pipe: blocking reads on a
        // thread of its own until the child's end closes. Not Foundation's readability
        // handler: its dispatch source outlived the handle's descriptor when the handle was
        // closed (corelibs closes the descriptor while the source's cancellation is still
        // pending), and libdispatch's event loop crashed the test process once in CI
        // (`_dispatch_event_loop_drain`, "Bad pointer dereference"; swift-subprocess #47 is
        // the same crash). The thread holds the handle, so the descriptor stays open until the
        // thread has read its end.
        Thread.detachNewThread { [weak self] in
            while true {
                let d = handle.availableData
                if d.isEmpty { return }
                self?.stderrCollected.withLock { $0 += String(decoding: d, as: UTF8.self) }
            }
        }
    }

    /// Stops the daemon: stdin EOF and SIGTERM, then SIGKILL if it is still alive.
    func stop() {
        guard process.isRunning else { return }
        try? stdinPipe.fileHandleForWriting.close()
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline {
            var status: Int32 = 0
            if waitpid(process.processIdentifier, &status, WNOHANG) != 0 { break }
            usleep(10_000) // sleep-ok: polling a child's exit with a hard deadline
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Stops the daemon and removes its private folder once empty (a daemon that exits
    /// cleanly removes its socket). A folder another daemon still listens in (a restart
    /// test's) stays until that one's `deinit`: both try, the last one finds it empty.
    deinit {
        stop()
        let folder = URL(fileURLWithPath: socketPath).deletingLastPathComponent()
        if folder.lastPathComponent.hasPrefix("rendersrv-e2e-") { rmdir(folder.path) }
    }

    /// A built product of the package (`rendersrvd`, `rendersrvctl`, …): `RENDERSRVD` from
    /// the environment for the daemon, else next to the test bundle, else in `.build/debug`.
    static func binary(_ name: String) throws -> URL {
        if name == "rendersrvd", let p = ProcessInfo.processInfo.environment["RENDERSRVD"] { return URL(fileURLWithPath: p) }
        var candidates: [URL] = []
        let bundleDir = Bundle.main.bundleURL
        candidates.append(bundleDir.appendingPathComponent(name))
        candidates.append(bundleDir.deletingLastPathComponent().appendingPathComponent(name))
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        candidates.append(exe.appendingPathComponent(name))
        candidates.append(exe.deletingLastPathComponent().appendingPathComponent(name))
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(package.appendingPathComponent(".build/debug/" + name))
        for c in candidates where FileManager.default.isExecutableFile(atPath: c.path) { return c }
        throw DaemonError.notBuilt("\(name) is not built; run `swift build` first (looked in \(candidates.map(\.path)))")
    }
}

enum DaemonError: Error, CustomStringConvertible {
    case notBuilt(String), exited(String)
    var description: String {
        switch self { case let .notBuilt(s), let .exited(s): return s }
    }
}
