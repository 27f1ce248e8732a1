import Foundation
import Glibc
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer

/// A session that ends with a fatal error *drains*: what was queued goes out, the error last,
/// before the socket closes (`SocketConnection`). Its client may be blocked writing a large
/// frame at that moment, reading nothing until the write ends: the daemon reads and drops what
/// arrives while draining, so that write ends and the client gets its error; a client that
/// takes nothing is cut after `frameTimeoutMilliseconds`.
@Suite struct DrainingTests {
    /// Pings the client sends without reading: their pongs (1.6 MB) fill its socket (about
    /// 200 KB by default here) many times over, so that the daemon's write of the error
    /// cannot finish at once (the connection drains).
    static let unreadPings = 100_000

    /// The client's writes give up after 10 s instead of blocking forever (the test fails
    /// rather than hangs if the daemon stops reading).
    static func limitWrites(of c: TestClient) {
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(c.fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    static func fillWithPongs(_ c: TestClient) throws {
        var burst: [UInt8] = []
        for i in 0..<unreadPings { burst += WireCodec.encode(.ping(UInt64(i))) }
        try c.sendRaw(burst)
    }

    /// A frame header announcing an unknown message type: a fatal error.
    static let garbage: [UInt8] = [4, 0, 0, 0, 0xEE, 0xEE, 0, 0, 1, 2, 3, 4]

    @Test func aClientBlockedWritingWhenItsSessionFailsStillGetsItsError() throws {
        let s = try TestServer()
        let c = try s.connect(name: "blocked")
        Self.limitWrites(of: c)
        try Self.fillWithPongs(c)
        try c.sendRaw(Self.garbage)
        // Eight megabytes more, in one blocking write, as a client sending a large commit
        // does: the daemon stopped taking this session's messages, but reads and drops them.
        try c.sendRaw([UInt8](repeating: 0xAB, count: 8 << 20))
        let messages = try c.receiveUntilClosed()
        let pongs = messages.filter { if case .pong = $0 { return true }; return false }.count
        #expect(pongs == Self.unreadPings)
        guard case let .error(e)? = messages.last else { Issue.record("expected the error last, got \(messages.suffix(2))"); return }
        #expect(e.fatal && e.code == .unknownMessageType)
        // The daemon serves others as before.
        let other = try s.connect(name: "other")
        try other.send(.ping(7))
        #expect(try other.receive() == .pong(7))
    }

    @Test func aClientThatTakesNothingIsCutAfterTheFrameTimeout() throws {
        var limits = Limits.default
        limits.frameTimeoutMilliseconds = 200
        let s = try TestServer(limits: limits)
        let c = try s.connect(name: "deaf")
        Self.limitWrites(of: c)
        try Self.fillWithPongs(c)
        try c.sendRaw(Self.garbage)
        // Nothing read: the daemon closes its end once the 200 ms are over (the peer's hang-up
        // shows without reading; the test gives it 10 s).
        let rdhup: Int16 = 0x2000 // POLLRDHUP (Glibc as Swift imports it lacks it: _GNU_SOURCE)
        var p = pollfd(fd: c.fd, events: rdhup, revents: 0)
        #expect(poll(&p, 1, 10_000) == 1 && p.revents & (rdhup | Int16(POLLHUP)) != 0)
        // What was in the socket still reads; the rest, the error with it, was dropped.
        let messages = try c.receiveUntilClosed()
        #expect(messages.count < Self.unreadPings)
        if case .error? = messages.last { Issue.record("the error arrived: the connection was not cut") }
    }
}
