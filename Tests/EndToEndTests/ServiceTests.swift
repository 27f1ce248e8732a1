import Foundation
import Glibc
import RenderClient
import Testing

/// The daemon as a service: started the way systemd starts it (socket activation and
/// readiness), and the operator's tools (`--version`, `rendersrvctl clients`, `kick`).
@Suite("End to end, service")
struct ServiceTests {
    /// A Unix socket bound to `address` (a path, or "@name" in the abstract namespace).
    static func bound(_ type: Int32, _ address: String) throws -> Int32 {
        let fd = socket(AF_UNIX, type | Int32(SOCK_CLOEXEC.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(address.utf8)
        let abstract = address.hasPrefix("@")
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
            if abstract { raw[0] = 0 }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
        let rc = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        guard rc == 0 else { let e = errno; close(fd); throw DaemonError.exited("bind \(address): \(String(cString: strerror(e)))") }
        return fd
    }

    /// Datagrams from the daemon's notifications until one contains `field`, or 20 s pass
    /// (poll on the socket: the wait ends as soon as the datagram arrives).
    static func await(_ field: String, on fd: Int32, seen: inout String) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 1_000) >= 0 else { return false }
            guard p.revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { seen += String(decoding: buffer[..<n], as: UTF8.self) }
            if seen.split(separator: "\n").contains(Substring(field)) { return true }
        }
        return false
    }

    /// Starts rendersrvd as systemd would for a `.socket` + `Type=notify` `.service` pair:
    /// the test binds and listens, the daemon gets the socket as descriptor 3 with
    /// LISTEN_FDS=1 and LISTEN_PID set to its own pid (by `sh`, which sets it to `$$` and
    /// execs the daemon in the same process), and NOTIFY_SOCKET naming an abstract socket
    /// the test reads. The daemon reports READY=1, serves, reports STOPPING=1 on SIGTERM and
    /// leaves the socket file (the manager's) in place.
    @Test func socketActivationAndReadiness() throws {
        let dir = "/tmp/rendersrv-e2e-activation-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/socket"
        var listening = try Self.bound(Int32(SOCK_STREAM.rawValue), path)
        if listening == 3 { listening = fcntl(3, F_DUPFD_CLOEXEC, 10); close(3) } // dup2(3, 3) would keep close-on-exec
        defer { close(listening) }
        #expect(listen(listening, 16) == 0)
        let notifyName = "@rendersrv-e2e-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let notify = try Self.bound(Int32(SOCK_DGRAM.rawValue), notifyName)
        defer { close(notify) }

        var stdinPipe: [Int32] = [0, 0]
        #expect(pipe(&stdinPipe) == 0)
        let log = dir + "/stderr"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, listening, 3) // dup2 clears close-on-exec
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

        let daemon = try Daemon.binary("rendersrvd").path
        let arguments = ["/bin/sh", "-c", #"LISTEN_PID=$$ exec "$0" "$@""#, daemon,
                         "--clock", "manual", "--exit-on-stdin-eof", "--log-level", "info"]
        var environment = ProcessInfo.processInfo.environment
        environment["LISTEN_FDS"] = "1"
        environment["LISTEN_FDNAMES"] = "rendersrvd.socket"
        environment["NOTIFY_SOCKET"] = notifyName
        environment["RENDERSRV_SOCKET"] = nil
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        close(stdinPipe[0])
        #expect(rc == 0)
        guard rc == 0 else { close(stdinPipe[1]); return }
        // No hang whatever happens: the daemon exits on stdin EOF, and is killed after 30 s.
        final class Reaped: @unchecked Sendable { var done = false; let lock = NSLock() }
        let reaped = Reaped()
        let child = pid
        DispatchQueue.global().asyncAfter(deadline: .now() + 30) {
            reaped.lock.lock(); defer { reaped.lock.unlock() }
            if !reaped.done { kill(child, SIGKILL) }
        }
        defer {
            close(stdinPipe[1])
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            reaped.lock.lock(); reaped.done = true; reaped.lock.unlock()
        }
        func stderrText() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

        var notifications = ""
        #expect(Self.await("READY=1", on: notify, seen: &notifications), "no READY=1: \(notifications) \(stderrText())")
        #expect(notifications.contains("MAINPID=\(pid)"), "\(notifications)")
        #expect(notifications.contains("STATUS=serving on \(path)"), "\(notifications)")

        let client = try ControlClient(socketPath: path, clientName: "activation-test")
        #expect(try client.ping() >= 0)
        let report = try JSONDecoder().decode(ClientsReport.self, from: Data(try client.clients().utf8))
        #expect(report.sessions.map(\.name) == ["activation-test"])
        #expect(report.sessions.first?.pid == getpid() && report.sessions.first?.uid == getuid())
        client.close()

        kill(pid, SIGTERM)
        #expect(Self.await("STOPPING=1", on: notify, seen: &notifications), "no STOPPING=1: \(notifications)")
        var status: Int32 = 0
        close(stdinPipe[1])
        stdinPipe[1] = -1
        #expect(waitpid(pid, &status, 0) == pid)
        reaped.lock.lock(); reaped.done = true; reaped.lock.unlock()
        #expect(status & 0x7f == 0 && (status >> 8) & 0xff == 0, "exit status \(status): \(stderrText())")
        var st = stat()
        #expect(lstat(path, &st) == 0, "the daemon removed the socket file the service manager owns")
        #expect(stderrText().contains("socket from the service manager"), "\(stderrText())")
    }

    @Test func aSocketPassedToAnotherProcessIsRefused() throws {
        // LISTEN_PID names the test process, not the daemon: the daemon must refuse.
        let p = Process()
        p.executableURL = try Daemon.binary("rendersrvd")
        p.arguments = ["--clock", "manual"]
        var env = ProcessInfo.processInfo.environment
        env["LISTEN_FDS"] = "1"
        env["LISTEN_PID"] = "\(getpid())"
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(text.contains("LISTEN_PID=\(getpid()) names another process"), "\(text)")
    }

    @Test func clientsAndKickFromTheCommandLine() throws {
        let daemon = try Daemon(clock: "manual")
        defer { daemon.stop() }
        // The victim is an app connection: its I/O thread reads the error as it arrives.
        let victim = try Connection(socketPath: daemon.socketPath, clientName: "victim",
                                    callbackQueue: DispatchQueue(label: "victim"))
        final class Ended: @unchecked Sendable { var error: ConnectionError? } // written before the semaphore signals
        let ended = Ended(), disconnected = DispatchSemaphore(value: 0)
        victim.onDisconnect = { error in ended.error = error; disconnected.signal() }
        let tools = CommandLineTests()
        let table = try tools.run("rendersrvctl", ["--socket", daemon.socketPath, "clients"])
        #expect(table.status == 0, "\(table.error)")
        let rows = table.output.split(separator: "\n")
        #expect(rows.first?.hasPrefix("ID") == true && rows.first?.contains("QUEUED") == true, "\(table.output)")
        let victimRow = try #require(rows.first { $0.contains("\"victim\"") }, "\(table.output)")
        #expect(victimRow.contains(" \(getpid()) ") && victimRow.contains(" \(getuid()) "), "\(victimRow)")
        #expect(rows.contains { $0.contains("(this rendersrvctl)") }, "\(table.output)")

        let json = try tools.run("rendersrvctl", ["--socket", daemon.socketPath, "clients", "--json"])
        let report = try JSONDecoder().decode(ClientsReport.self, from: Data(json.output.utf8))
        let id = try #require(report.sessions.first { $0.name == "victim" }?.id)
        #expect(id == victim.welcome.sessionID)

        let kicked = try tools.run("rendersrvctl", ["--socket", daemon.socketPath, "kick", "\(id)", "--reason", "e2e test"])
        #expect(kicked.status == 0 && kicked.output.contains("ended session \(id), client \"victim\""),
                "\(kicked.output) \(kicked.error)")
        #expect(disconnected.wait(timeout: .now() + 10) == .success, "the kicked client's session is still open")
        guard case let .server(e)? = ended.error else { Issue.record("ended with \(String(describing: ended.error))"); return }
        #expect(e.fatal && e.message.contains("ended by an operator") && e.message.contains("e2e test"), "\(e)")
        #expect(!victim.isConnected)
        // A control client that is kicked learns why at its next request.
        let tool = try ControlClient(socketPath: daemon.socketPath, clientName: "kicked-tool")
        _ = try tools.run("rendersrvctl", ["--socket", daemon.socketPath, "kick", "\(tool.welcome.sessionID)"])
        do {
            _ = try tool.ping()
            Issue.record("the kicked tool's session is still open")
        } catch let ConnectionError.server(e) {
            #expect(e.fatal && e.message.contains("ended by an operator"), "\(e)")
        }
        let again = try tools.run("rendersrvctl", ["--socket", daemon.socketPath, "kick", "\(id)"])
        #expect(again.status == 1 && again.error.contains("no open session \(id)"), "\(again.error)")
    }

    @Test func versionNamesTheProtocol() throws {
        let tools = CommandLineTests()
        for tool in ["rendersrvd", "rendersrvctl"] {
            let r = try tools.run(tool, ["--version"])
            #expect(r.status == 0)
            #expect(r.output == ReleaseVersion.line(for: tool) + "\n", "\(r.output)")
            #expect(r.output.contains("wire protocol \(ProtocolVersion.current)"))
        }
    }
}
