import Foundation
import Glibc
import RenderProtocol

/// A blocking protocol client on a raw Unix socket, written from `Protocol/PROTOCOL.md`'s
/// framing alone: what a hostile or careless third-party client can do, byte for byte.
/// Every read waits at most `timeout` seconds.
final class WireClient {
    struct Failure: Error, CustomStringConvertible { let description: String }

    let fd: Int32
    private var decoder = FrameDecoder(maxFrameBytes: Int.max)
    var timeout: Double = 10
    private(set) var welcome: Welcome?
    /// The server closed the connection (a read returned end of stream or failed, or a send
    /// failed): every later `receive` returns nil at once. Loops that run until a deadline
    /// stop here instead of spinning on a dead socket, which would take a core from the
    /// daemon being measured.
    private(set) var atEndOfStream = false
    /// The last error the server sent (a fatal one precedes its closing the connection):
    /// what a failed wait reports instead of a bare "not applied".
    private(set) var lastError: ErrorMessage?
    private var sequence: UInt64 = 0
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in raw.copyBytes(from: path.utf8); raw[path.utf8.count] = 0 }
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard rc == 0 else { Glibc.close(fd); throw Failure(description: "connect \(path): errno \(errno)") }
    }

    deinit { Glibc.close(fd) }

    /// Sends bytes; false when the server has closed the connection.
    @discardableResult
    func sendRaw(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n <= 0 {
                if n < 0 && errno == EINTR { continue }
                atEndOfStream = true
                return false
            }
            offset += n
        }
        return true
    }

    @discardableResult
    func send(_ m: Message) -> Bool { sendRaw(WireCodec.encode(m)) }

    /// Events of a run (protocol version 5) not yet handed out, from `pendingNext` on.
    private var pending: [Message] = []
    private var pendingNext = 0

    /// The next message; nil at end of stream or after `timeout`. A run of animation
    /// events (version 5) comes as the events it stands for (`Message.events`), as
    /// RenderClient's connection reads it.
    func receive(timeout: Double? = nil) -> Message? {
        if pendingNext < pending.count {
            defer { pendingNext += 1; if pendingNext == pending.count { pending = []; pendingNext = 0 } }
            return pending[pendingNext]
        }
        let deadline = Date().timeIntervalSince1970 + (timeout ?? self.timeout)
        while true {
            if let m = try? decoder.next() {
                switch m {
                case let .error(e):
                    lastError = e
                    return m
                case .animationsStarted, .animationsFinished:
                    let events = m.events
                    if events.count > 1 { pending = Array(events.dropFirst()); pendingNext = 0 }
                    return events[0]
                default:
                    return m
                }
            }
            let left = deadline - Date().timeIntervalSince1970
            guard left > 0 else { return nil }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(left * 1000) + 1) > 0 else { return nil }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n <= 0 {
                if n < 0 && errno == EINTR { continue }
                atEndOfStream = true
                return nil
            }
            buffer.withUnsafeBytes { decoder.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
        }
    }

    /// Every message already readable, without waiting (runs of events as their events).
    func receiveAvailable() -> [Message] {
        var out = Array(pending[pendingNext...])
        pending = []; pendingNext = 0
        while true {
            while let m = try? decoder.next() {
                if case let .error(e) = m { lastError = e }
                out += m.events
            }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 0) > 0 else { return out }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n <= 0 { return out }
            buffer.withUnsafeBytes { decoder.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
        }
    }

    /// Receives until `match` says yes; nil on end of stream or timeout.
    func receive<T>(until match: (Message) -> T?, timeout: Double? = nil) -> T? {
        let deadline = Date().timeIntervalSince1970 + (timeout ?? self.timeout)
        while true {
            let left = deadline - Date().timeIntervalSince1970
            guard left > 0, let m = receive(timeout: left) else { return nil }
            if let t = match(m) { return t }
        }
    }

    /// The fatal error the server closes with, if any, reading until the end.
    func closingError(timeout: Double = 10) -> ErrorMessage? {
        var last: ErrorMessage?
        while let m = receive(timeout: timeout) { if case let .error(e) = m { last = e } }
        return last
    }

    func hello(_ name: String) throws {
        send(.hello(Hello(clientName: name, pid: getpid())))
        guard let w = receive(until: { if case let .welcome(w) = $0 { return w }; return nil }) else {
            throw Failure(description: "no welcome for \(name)")
        }
        welcome = w
    }

    /// Sends a commit with the next sequence; returns the sequence.
    @discardableResult
    func commit(_ commands: [Command]) -> UInt64 {
        sequence += 1
        send(.commit(Commit(sequence: sequence, mediaTime: 0, commands: commands)))
        return sequence
    }

    /// Sends a commit with the next sequence asking for presentation feedback; returns the sequence.
    func commitRequestingPresentation(_ commands: [Command]) -> UInt64 {
        sequence += 1
        send(.commit(Commit(sequence: sequence, mediaTime: 0, commands: commands, requestsPresentation: true)))
        return sequence
    }

    /// Waits for the commitPresented of `sequence` (reading everything before it).
    func waitPresented(_ sequence: UInt64, timeout: Double = 30) -> CommitPresented? {
        receive(until: { if case let .commitPresented(p) = $0, p.sequence == sequence { return p }; return nil },
                timeout: timeout)
    }

    /// Waits for the commitApplied of `sequence` (reading everything before it).
    func waitApplied(_ sequence: UInt64, timeout: Double = 30) -> Bool {
        receive(until: { if case let .commitApplied(a) = $0, a.sequence >= sequence { return true }; return nil },
                timeout: timeout) ?? false
    }

    /// `waitApplied`, throwing when it fails: "`what`: " and why (`failure`).
    func requireApplied(_ sequence: UInt64, timeout: Double = 30, _ what: @autoclosure () -> String) throws {
        guard waitApplied(sequence, timeout: timeout) else { throw failure(what(), timeout: timeout) }
    }

    /// Why a wait for `what` failed, for an error message: the server's error when it sent
    /// one (a refused commit: a limit, a malformed command), else that the connection
    /// closed, else that nothing came within `timeout` seconds.
    private func failure(_ what: String, timeout: Double) -> Failure {
        if let e = lastError {
            return Failure(description: "\(what): rendersrvd answered \(e.code) (\(e.fatal ? "fatal" : "not fatal")"
                           + "\(e.sequence > 0 ? ", commit \(e.sequence)" : "")): \(e.message)")
        }
        if atEndOfStream { return Failure(description: "\(what): rendersrvd closed the connection without an error") }
        return Failure(description: "\(what): no answer from rendersrvd within \(Int(timeout)) s")
    }

    /// One ping round trip, seconds (nil when none came back).
    func ping(_ token: UInt64, timeout: Double = 10) -> Double? {
        let start = Date().timeIntervalSince1970
        send(.ping(token))
        guard receive(until: { if case .pong(token) = $0 { return true }; return nil }, timeout: timeout) != nil else {
            return nil
        }
        return Date().timeIntervalSince1970 - start
    }

    func stats() -> StatsReport? {
        send(.statsRequest(requestID: 77))
        guard let r = receive(until: { if case let .statsReply(r) = $0, r.requestID == 77 { return r }; return nil })
        else { return nil }
        return try? JSONDecoder().decode(StatsReport.self, from: Data(r.json.utf8))
    }
}
