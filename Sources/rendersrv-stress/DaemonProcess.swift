import Foundation
import Glibc

/// A private `rendersrvd` for one measurement: its own socket folder, tied to this process
/// through standard input (`--exit-on-stdin-eof`), stopped with SIGTERM.
///
/// Its log goes nowhere (it runs at `--log-level error`), unless
/// `RENDERSRV_STRESS_DAEMON_LOG=FILE` is in the environment: then every daemon the tool
/// starts logs at `info` (each session's start and end with its reason, refusals, cuts),
/// appended to FILE — what to read when a run fails for a reason the wire did not carry.
final class DaemonProcess {
    let process = Process()
    let folder: String
    var socketPath: String { folder + "/socket" }
    private let stdin = Pipe()

    /// `rendersrvd` beside this executable, else on the PATH.
    static func binary() -> String {
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let beside = me.deletingLastPathComponent().appendingPathComponent("rendersrvd").path
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : "rendersrvd"
    }

    /// `binary`: the daemon to run (default `DaemonProcess.binary()`); `subcommand`: words
    /// before its options (`rendersrv-stress floor-server`, which takes rendersrvd's).
    init(arguments: [String] = [], binary: String = DaemonProcess.binary(), subcommand: [String] = []) throws {
        var template = Array((NSTemporaryDirectory() + "rendersrv-stress-XXXXXX").utf8CString)
        folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        process.executableURL = URL(fileURLWithPath: binary.contains("/") ? binary : "/usr/bin/env")
        let logPath = ProcessInfo.processInfo.environment["RENDERSRV_STRESS_DAEMON_LOG"].flatMap { $0.isEmpty ? nil : $0 }
        process.arguments = (binary.contains("/") ? [] : [binary]) + subcommand
            + ["--socket", socketPath, "--exit-on-stdin-eof", "--log-level", logPath == nil ? "error" : "info"] + arguments
        process.standardInput = stdin
        process.standardError = FileHandle.nullDevice
        if let logPath {
            let fd = open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                let reason = String(cString: strerror(errno))
                rmdir(folder)
                throw WireClient.Failure(description: "RENDERSRV_STRESS_DAEMON_LOG=\(logPath): cannot open it for appending "
                                         + "(\(reason)); name a file this user may write, or unset it")
            }
            process.standardError = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        }
        try process.run()
        // Ready when the socket accepts.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let c = try? WireClient(path: socketPath) { _ = c; return }
            usleep(5_000)
        }
        throw WireClient.Failure(description: "rendersrvd did not start listening on \(socketPath)")
    }

    var pid: Int32 { process.processIdentifier }

    /// Resident memory, bytes (from /proc).
    var residentBytes: Int {
        guard let s = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in s.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
        }
        return 0
    }

    /// User + system CPU seconds so far (from /proc).
    var cpuSeconds: Double {
        guard let s = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = s.lastIndex(of: ")") else { return 0 }
        let fields = s[s.index(after: close)...].split(separator: " ")
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// SIGTERM, then waits; returns seconds until it exited (SIGKILL after 10 s).
    @discardableResult
    func stop() -> Double {
        let start = Date()
        if process.isRunning { kill(pid, SIGTERM) }
        while process.isRunning && Date().timeIntervalSince(start) < 10 { usleep(1_000) }
        if process.isRunning { kill(pid, SIGKILL); process.waitUntilExit() }
        try? stdin.fileHandleForWriting.close()
        rmdir(folder)
        return Date().timeIntervalSince(start)
    }
}
