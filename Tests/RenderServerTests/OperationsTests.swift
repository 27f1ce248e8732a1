import Foundation
import Glibc
import Logging
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// Operations on the embedded server (bytes, manual clock): the sessions list and kicking
/// a session; and the pieces of socket activation and readiness that need no daemon.
@Suite struct OperationsTests {
    static func server(log: LogRecorder? = nil) -> EmbeddedServer {
        let logger = log.map { r in Logger(label: "ops-test", factory: { _ in r }) }
        return IsolationTests.server(.default, logger: logger)
    }

    static func clients(_ s: EmbeddedServer, asker: UInt32, id: UInt32 = 1) throws -> ClientsReport {
        s.send(.clientsRequest(requestID: id), from: asker)
        let messages = try s.readMessages(of: asker)
        guard case let .clientsReply(r)? = messages.first(where: { $0.type == .clientsReply }), r.requestID == id else {
            Issue.record("no clientsReply: \(messages)")
            return ClientsReport(sessions: [])
        }
        return try JSONDecoder().decode(ClientsReport.self, from: Data(r.json.utf8))
    }

    @Test func clientsListsEverySessionWithItsCredentialsCountsAndQueue() throws {
        let s = Self.server()
        let app = s.connect(pid: 4242, uid: 1000)
        s.send(.hello(Hello(clientName: "demo \"app\"", pid: 77)), from: app)
        _ = s.readBytes(of: app)
        var a = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1)
        a.timing.beginTime = 1000 // the server's clock starts at 1000 s (the client resolves 0 to its commit time)
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: [
            .createLayer(1, .layer), .createLayer(2, .layer), .insertSublayer(parent: 1, child: 2, index: 0),
            .addAnimation(2, key: "fade", animationID: 9, animation: a)])), from: app)
        // The app does not read: its commitApplied stays queued; a frame adds animationStarted.
        s.step(seconds: 1.0 / 60)
        let queued = s.unreadBytes(of: app)
        #expect(queued > 0)
        let pending = s.connect() // no credentials, no hello yet
        let ops = try IsolationTests.client(s, name: "ops")

        let report = try Self.clients(s, asker: ops)
        #expect(report.sessions.map(\.id) == [app, pending, ops])
        let row = report.sessions[0]
        #expect(row.pid == 4242 && row.helloPID == 77 && row.uid == 1000)
        #expect(row.name == "demo \"app\"" && row.established)
        #expect(row.layers == 2 && row.animations == 1)
        #expect(row.queuedBytes == queued)
        #expect(row.appliedSequence == 1)
        let waiting = report.sessions[1]
        #expect(waiting.pid == nil && waiting.uid == nil && !waiting.established && waiting.name == "")
        #expect(report.sessions[2].pid == 100 && report.sessions[2].name == "ops")
        // The JSON writes unknown credentials as null, as PROTOCOL.md says.
        s.send(.clientsRequest(requestID: 2), from: ops)
        guard case let .clientsReply(raw)? = try s.readMessages(of: ops).first else { Issue.record("no reply"); return }
        #expect(raw.json.contains(#""pid":null"#) && raw.json.contains(#""uid":null"#), "\(raw.json)")

        // Once the app reads, nothing is queued for it.
        _ = s.readBytes(of: app)
        #expect(try Self.clients(s, asker: ops, id: 3).sessions[0].queuedBytes == 0)
    }

    @Test func kickEndsTheSessionWithAnOperatorErrorLoggedOnce() throws {
        let log = LogRecorder()
        let s = Self.server(log: log)
        let victim = try IsolationTests.client(s, name: "victim")
        let bystander = try IsolationTests.client(s, name: "bystander")
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: [.createLayer(1, .layer)])), from: victim)
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: [.createLayer(1, .layer)])), from: bystander)
        _ = s.readBytes(of: victim); _ = s.readBytes(of: bystander)
        let ops = try IsolationTests.client(s, name: "ops")

        s.send(.kickRequest(KickRequest(requestID: 5, sessionID: victim, reason: "stuck in a loop")), from: ops)
        let reply = try s.readMessages(of: ops)
        #expect(reply == [.kickReply(KickReply(requestID: 5, sessionID: victim, client: "client \"victim\" (pid 100)"))])
        // The victim reads a fatal error naming the operator, then the connection ends.
        let got = try s.readMessages(of: victim)
        guard case let .error(e)? = got.last else { Issue.record("no error: \(got)"); return }
        #expect(e.fatal && e.code == .endedByOperator)
        #expect(e.message.contains("ended by an operator") && e.message.contains("stuck in a loop")
                && e.message.contains("client \"ops\""), "\(e.message)")
        #expect(s.isClosed(victim))
        #expect(s.layerCount(of: victim) == 0)
        // Logged once, with the reason; the others go on.
        let ended = log.lines.filter { $0.contains("session \(victim) ended") }
        #expect(ended.count == 1, "\(log.lines)")
        #expect(ended.first?.contains("kicked by an operator") == true && ended.first?.contains("stuck in a loop") == true)
        #expect(!s.isClosed(bystander) && s.layerCount(of: bystander) == 1)
        #expect(try Self.clients(s, asker: ops).sessions.map(\.id) == [bystander, ops])

        // Kicking it again, or an id never used, is refused without ending the asker.
        for id in [victim, 999] {
            s.send(.kickRequest(KickRequest(requestID: 6, sessionID: id)), from: ops)
            guard case let .error(refused)? = try s.readMessages(of: ops).first else { Issue.record("no refusal"); return }
            #expect(!refused.fatal && refused.code == .invalidCommand)
            #expect(refused.message.contains("no open session \(id)") && refused.message.contains("rendersrvctl clients"),
                    "\(refused.message)")
        }
        // So is kicking oneself (goodbye does that).
        s.send(.kickRequest(KickRequest(requestID: 7, sessionID: ops)), from: ops)
        guard case let .error(own)? = try s.readMessages(of: ops).first else { Issue.record("no refusal"); return }
        #expect(!own.fatal && own.message.contains("requester's own"))
        #expect(!s.isClosed(ops))
        #expect(log.lines.filter { $0.contains("ended") }.count == 1)
    }

    @Test func kickEndsASessionInTheMiddleOfALargeCommit() throws {
        var configuration = Configuration(clock: .manual(start: 1000), logger: Logger(label: "ops-test", factory: { _ in SwiftLogNoOpLogHandler() }))
        configuration.commitSliceCommands = 100
        let s = EmbeddedServer(configuration: configuration)
        s.finishesLargeCommits = false
        let big = try IsolationTests.client(s, name: "big")
        let ops = try IsolationTests.client(s, name: "ops")
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: (1...1_000).map { .createLayer(LayerID($0), .layer) })),
               from: big)
        #expect(s.runLoopTurn())
        s.send(.kickRequest(KickRequest(requestID: 1, sessionID: big)), from: ops)
        guard case .kickReply? = try s.readMessages(of: ops).first else { Issue.record("no reply"); return }
        #expect(s.isClosed(big))
        #expect(!s.runLoopTurn(), "the kicked session's commit must stop with it")
        #expect(s.layerCount(of: big) == 0 && s.inboundReservedBytes == 0)
    }
}

/// `SocketActivation` and `ServiceNotifier` on real descriptors, in process.
@Suite struct ServiceManagerTests {
    static func temporaryDirectory() throws -> String {
        let dir = "/tmp/rendersrv-ops-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A Unix socket of `type` bound to `path`, listening when `listen` is true.
    static func socket(_ type: Int32, path: String, listen: Bool) -> Int32 {
        let fd = Glibc.socket(AF_UNIX, type | Int32(SOCK_CLOEXEC.rawValue), 0)
        _ = withUnixAddress(path) { Glibc.bind(fd, $0, $1) }
        if listen { _ = Glibc.listen(fd, 8) }
        return fd
    }

    @Test func aPassedListeningSocketIsTakenWithItsPath() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fd = Self.socket(Int32(SOCK_STREAM.rawValue), path: dir + "/socket", listen: true)
        defer { close(fd) }
        let env = ["LISTEN_FDS": "1", "LISTEN_PID": "\(getpid())", "LISTEN_FDNAMES": "rendersrvd.socket"]
        let taken = try #require(try SocketActivation.fromEnvironment(env, descriptor: fd))
        #expect(taken == SocketActivation(descriptor: fd, path: dir + "/socket"))
        #expect(try SocketActivation.fromEnvironment([:]) == nil)
    }

    @Test func whatCannotBeServedIsRefusedClearly() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let me = "\(getpid())"
        func refusal(_ env: [String: String], descriptor: Int32 = 3) -> String {
            do {
                _ = try SocketActivation.fromEnvironment(env, descriptor: descriptor)
                return "accepted"
            } catch { return "\(error)" }
        }
        #expect(refusal(["LISTEN_FDS": "1", "LISTEN_PID": "1"]).contains("names another process"))
        #expect(refusal(["LISTEN_FDS": "1"]).contains("LISTEN_PID is not"))
        #expect(refusal(["LISTEN_PID": me]).contains("LISTEN_FDS is not"))
        #expect(refusal(["LISTEN_FDS": "2", "LISTEN_PID": me]).contains("exactly one listening socket"))
        #expect(refusal(["LISTEN_FDS": "x", "LISTEN_PID": me]).contains("not a descriptor count"))
        let env = ["LISTEN_FDS": "1", "LISTEN_PID": me]
        var pipeFDs: [Int32] = [0, 0]
        _ = pipe(&pipeFDs)
        defer { close(pipeFDs[0]); close(pipeFDs[1]) }
        #expect(refusal(env, descriptor: pipeFDs[0]).contains("is not a socket"))
        let datagram = Self.socket(Int32(SOCK_DGRAM.rawValue), path: dir + "/dgram", listen: false)
        defer { close(datagram) }
        #expect(refusal(env, descriptor: datagram).contains("is not a stream socket"))
        let idle = Self.socket(Int32(SOCK_STREAM.rawValue), path: dir + "/idle", listen: false)
        defer { close(idle) }
        #expect(refusal(env, descriptor: idle).contains("not listening"))
        let inet = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(inet) }
        #expect(refusal(env, descriptor: inet).contains("not a Unix-domain socket"))
    }

    /// Reads one datagram from `fd`, waiting at most 5 s for it (poll on the descriptor).
    static func receive(_ fd: Int32) -> String? {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, 5_000) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buffer, buffer.count, 0)
        return n > 0 ? String(decoding: buffer[..<n], as: UTF8.self) : nil
    }

    @Test func readinessReachesAPathAndAnAbstractSocket() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let byPath = Self.socket(Int32(SOCK_DGRAM.rawValue), path: dir + "/notify", listen: false)
        defer { close(byPath) }
        try ServiceNotifier(socket: dir + "/notify").ready(status: "serving on x\ny")
        let ready = try #require(Self.receive(byPath))
        #expect(ready.hasPrefix("READY=1\n") && ready.contains("STATUS=serving on x y\n")
                && ready.contains("MAINPID=\(getpid())\n"), "\(ready)")

        // "@name": the abstract namespace (a leading NUL, no terminator in the address).
        let name = "rendersrv-ops-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let abstract = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(abstract) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in raw[0] = 0; for (i, b) in bytes.enumerated() { raw[i + 1] = b } }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + bytes.count)
        let rc = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(abstract, $0, length) } }
        #expect(rc == 0)
        try ServiceNotifier(socket: "@" + name).stopping(status: "shutting down")
        #expect(Self.receive(abstract) == "STOPPING=1\nSTATUS=shutting down\n")

        #expect(ServiceNotifier.fromEnvironment(["NOTIFY_SOCKET": ""]) == nil)
        #expect(throws: ServerError.self) { try ServiceNotifier(socket: dir + "/nobody").ready(status: "x") }
    }

    /// A server on an activated socket serves it and, stopping, leaves the file alone.
    @Test func anActivatedSocketIsServedAndNotRemoved() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/socket"
        let fd = Self.socket(Int32(SOCK_STREAM.rawValue), path: path, listen: true)
        var configuration = Configuration(clock: .manual(start: 1000),
                                          logger: Logger(label: "ops-test", factory: { _ in SwiftLogNoOpLogHandler() }))
        configuration.activatedSocket = SocketActivation(descriptor: fd, path: path)
        let server = try Server(configuration: configuration)
        #expect(server.socketPath == path)
        try server.start()
        let c = try TestClient(path: path)
        try c.send(.hello(Hello(clientName: "activated", pid: getpid())))
        guard case .welcome = try c.receive() else { Issue.record("no welcome"); return }
        try c.send(.ping(3))
        #expect(try c.receive() == .pong(3))
        server.stop()
        var st = stat()
        #expect(lstat(path, &st) == 0, "the service manager's socket file must stay")
    }
}

@Suite struct HeapTrimmerTests {
    @Test func theHeapIsTrimmedAtMostOncePerInterval() {
        nonisolated(unsafe) var trims: [Int] = []
        var now = 0
        let trimmer = HeapTrimmer(interval: 5, trim: { trims.append(now) })
        var delays: [Double?] = []
        for t in [0, 5, 10, 30] {
            now = t
            delays.append(trimmer.released(now: Double(t)))
        }
        #expect(trims == [0, 5, 10, 30])
        #expect(delays.allSatisfy { $0 == nil })
    }

    @Test func aReleaseTooSoonAfterATrimSchedulesOneTrimAtTheIntervalsEnd() {
        nonisolated(unsafe) var trims: [Double] = []
        var now = 0.0
        let trimmer = HeapTrimmer(interval: 5, trim: { trims.append(now) })
        #expect(trimmer.released(now: 0) == nil)
        // The rest of a burst: the first asks for a trim at 5, the others ride on it.
        now = 1
        #expect(trimmer.released(now: 1) == 4)
        now = 4
        #expect(trimmer.released(now: 4) == nil)
        #expect(trims == [0])
        now = 5
        trimmer.deferredTrim(now: 5)
        #expect(trims == [0, 5])
        // Counted from the deferred trim.
        now = 6
        #expect(trimmer.released(now: 6) == 4)
        now = 10
        trimmer.deferredTrim(now: 10)
        now = 15
        #expect(trimmer.released(now: 15) == nil)
        #expect(trims == [0, 5, 10, 15])
    }
}
