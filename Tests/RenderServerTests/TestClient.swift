import Foundation
import Glibc
import Logging
import RenderCore
import RenderProtocol
@testable import RenderServer

/// A tiny blocking client for talking to an in-process server: a POSIX Unix socket plus
/// the wire codec. Every read waits at most `timeout` seconds (then throws), so no test
/// can hang on a server that does not answer.
final class TestClient {
    enum Failure: Error, CustomStringConvertible {
        case connect(String), timeout(String), closed, unexpected(String)
        var description: String {
            switch self {
            case let .connect(s): return "connect failed: \(s)"
            case let .timeout(s): return "timed out waiting for \(s)"
            case .closed: return "the server closed the connection"
            case let .unexpected(s): return "unexpected: \(s)"
            }
        }
    }

    let fd: Int32
    private var decoder = FrameDecoder()
    private var backlog: [Message] = []
    var timeout: Double = 10
    private var nextSequence: UInt64 = 1
    private var nextRequest: UInt32 = 1
    private(set) var welcome: Welcome?

    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure.connect("socket: \(errno)") }
        let rc = withUnixAddress(path) { connect(fd, $0, $1) }
        guard rc == 0 else {
            let e = errno
            Glibc.close(fd)
            throw Failure.connect("\(path): \(String(cString: strerror(e)))")
        }
    }

    deinit { Glibc.close(fd) }

    // MARK: Sending

    func sendRaw(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure.closed }
            offset += n
        }
    }

    func send(_ message: Message) throws { try sendRaw(WireCodec.encode(message)) }

    // MARK: Receiving

    /// The next message; throws `closed` at EOF and `timeout` after `timeout` seconds. A
    /// run of animation events (version 5) comes as the events it stands for
    /// (`Message.events`), as `RenderClient`'s connection reads it.
    func receive() throws -> Message {
        if !backlog.isEmpty { return backlog.removeFirst() }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let m = try decoder.next() {
                let events = m.events
                backlog += events.dropFirst()
                return events[0]
            }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(timeout * 1000))
            guard ready > 0 else { throw Failure.timeout("a message") }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n == 0 { throw Failure.closed }
            if n < 0 { if errno == EINTR { continue }; throw Failure.closed }
            buffer.withUnsafeBytes { decoder.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
        }
    }

    /// Receives until `match` returns a value; the messages before it are returned too.
    func receive<T>(until match: (Message) -> T?) throws -> (T, before: [Message]) {
        var before: [Message] = []
        while true {
            let m = try receive()
            if let t = match(m) { return (t, before) }
            before.append(m)
        }
    }

    /// Every message until the server closes the connection.
    func receiveUntilClosed() throws -> [Message] {
        var all: [Message] = []
        while true {
            do { all.append(try receive()) } catch Failure.closed { return all }
        }
    }

    // MARK: Conversations

    @discardableResult
    func hello(name: String = "test", pid: Int32 = 4242, minVersion: UInt16 = ProtocolVersion.minimumSupported,
               maxVersion: UInt16 = ProtocolVersion.current) throws -> Welcome {
        try send(.hello(Hello(minVersion: minVersion, maxVersion: maxVersion, clientName: name, pid: pid)))
        let m = try receive()
        guard case let .welcome(w) = m else { throw Failure.unexpected("\(m) instead of welcome") }
        welcome = w
        return w
    }

    /// Sends a commit with the next sequence number; returns that sequence.
    @discardableResult
    func commit(_ commands: [Command], mediaTime: Double = 0) throws -> UInt64 {
        let sequence = nextSequence
        nextSequence += 1
        try send(.commit(Commit(sequence: sequence, mediaTime: mediaTime, commands: commands)))
        return sequence
    }

    /// A ping round trip: everything sent before it has been handled by the server.
    func sync() throws {
        let token = UInt64(nextRequest); nextRequest += 1
        try send(.ping(token))
        _ = try receive(until: { if case .pong(token) = $0 { return true }; return nil })
    }

    /// Steps the manual clock; returns the reply and the events that came before it.
    func step(_ seconds: Double) throws -> (ClockStepped, events: [Message]) {
        let id = nextRequest; nextRequest += 1
        try send(.clockStep(ClockStep(requestID: id, seconds: seconds)))
        let (stepped, before) = try receive(until: { if case let .clockStepped(s) = $0, s.requestID == id { return s }; return nil })
        return (stepped, before)
    }

    func tree(presentation: Bool, at mediaTime: Double = .nan, session: UInt32 = 0) throws -> (TreeReply, [String: Any]) {
        let id = nextRequest; nextRequest += 1
        try send(.treeRequest(TreeRequest(requestID: id, presentation: presentation, mediaTime: mediaTime,
                                          sessionID: session)))
        let (reply, _) = try receive(until: { if case let .treeReply(r) = $0, r.requestID == id { return r }; return nil })
        let object = try JSONSerialization.jsonObject(with: Data(reply.json.utf8)) as! [String: Any]
        return (reply, object)
    }

    func stats() throws -> [String: Any] {
        let id = nextRequest; nextRequest += 1
        try send(.statsRequest(requestID: id))
        let (reply, _) = try receive(until: { if case let .statsReply(r) = $0, r.requestID == id { return r }; return nil })
        return try JSONSerialization.jsonObject(with: Data(reply.json.utf8)) as! [String: Any]
    }
}

/// An in-process server on a private socket with a manual clock starting at `start`.
final class TestServer {
    static let start = 1000.0
    let server: Server
    let directory: String
    var path: String { server.socketPath }

    init(clock: Configuration.Clock = .manual(start: TestServer.start), limits: Limits = .default,
         maxPendingBytes: UInt32? = nil, spinAfterReads: Double? = nil) throws {
        directory = TestServer.makeDirectory()
        var logger = Logger(label: "rendersrvd-test")
        logger.logLevel = .critical
        var limits = limits
        if let maxPendingBytes { limits.maxSessionPendingBytes = maxPendingBytes }
        var configuration = Configuration(socketPath: directory + "/socket", clock: clock, limits: limits,
                                          logger: logger)
        if let spinAfterReads { configuration.spinAfterReads = spinAfterReads }
        server = try Server(configuration: configuration)
        try server.start()
    }

    static func makeDirectory() -> String {
        var template = Array((NSTemporaryDirectory() + "rendersrv-test-XXXXXX").utf8CString)
        let dir = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        return dir
    }

    func connect(name: String = "test") throws -> TestClient {
        let c = try TestClient(path: path)
        try c.hello(name: name)
        return c
    }

    deinit {
        server.stop()
        rmdir(directory)
    }
}

/// Frame `k`'s time on a 60 Hz manual clock starting at `TestServer.start`.
func frameTime(_ k: UInt64, rate: Double = 60) -> Double { TestServer.start + Double(k) * (1 / rate) }
