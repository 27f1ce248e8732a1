import Foundation
import Glibc
import RenderClient
import Testing

/// The real daemon ends cleanly on each termination signal: clients get a goodbye, the
/// socket is removed, the exit status is 0.
@Suite("End to end, signals and the socket folder", .serialized)
struct SignalTests {
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func eachTerminationSignalEndsTheDaemonCleanly(_ signal: Int32) throws {
        let daemon = try Daemon(clock: "real")
        let connection = try Connection(socketPath: daemon.socketPath, clientName: "signals",
                                        callbackQueue: DispatchQueue(label: "signals"))
        let ended = DispatchSemaphore(value: 0)
        let reason = Locked<ConnectionError?>(nil)
        connection.onDisconnect = { e in reason.set(e); ended.signal() }
        kill(daemon.process.processIdentifier, signal)
        daemon.process.waitUntilExit()
        #expect(daemon.process.terminationReason == .exit)
        #expect(daemon.process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
        #expect(ended.wait(timeout: .now() + 10) == .success)
        if case let .goodbye(text)? = reason.get() {
            #expect(text.contains("shutting down"))
        } else {
            Issue.record("the client learned of the end as \(String(describing: reason.get())), not as a goodbye")
        }
    }

    @Test func aSocketFolderOthersCanWriteIsRefused() throws {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("rendersrv-e2e-open-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        chmod(dir.path, 0o777)
        let p = Process()
        p.executableURL = try Daemon.binary("rendersrvd")
        p.arguments = ["--socket", dir.appendingPathComponent("s").path, "--exit-on-stdin-eof"]
        let err = Pipe()
        p.standardError = err
        p.standardInput = Pipe()
        try p.run()
        p.waitUntilExit()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(p.terminationStatus != 0)
        #expect(text.contains("writable by group or others"), "\(text)")
        #expect(text.contains("chmod 700"))
    }
}

/// A value behind a lock, for callbacks on other queues.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ v: Value) { value = v }
    func get() -> Value { lock.lock(); defer { lock.unlock() }; return value }
    func set(_ v: Value) { lock.lock(); value = v; lock.unlock() }
}
