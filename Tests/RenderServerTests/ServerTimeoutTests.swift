import Foundation
import RenderProtocol
import Testing
@testable import RenderServer

/// The daemon's timeout checks stop while no session has a timeout running (so that its
/// loop sleeps without a deadline) and start again when one has: a silent connection and a
/// stalled frame are still closed at their timeouts.
@Suite struct ServerTimeoutTests {
    /// Runs `body` on the server's loop thread and returns its result.
    static func onLoop<T: Sendable>(_ server: Server, _ body: @escaping @Sendable (Server) -> T) -> T? {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: T?
        server.runOnLoop { result = body(server); done.signal() }
        guard done.wait(timeout: .now() + 10) == .success else { return nil }
        return result
    }

    /// Waits (at most 10 s) until the checks have stopped: the first tick with nothing to check.
    static func waitUntilChecksStop(_ server: Server) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if onLoop(server, { $0.timeoutChecksRun }) == false { return true }
            usleep(20_000) // sleep-ok: polls the real-clock loop thread (the 100 ms timeout timer) for a condition, under a 10 s deadline
        }
        return false
    }

    @Test func timeoutsStillCloseSessionsAfterTheChecksStopped() throws {
        var limits = Limits.default
        limits.handshakeTimeoutMilliseconds = 200
        limits.frameTimeoutMilliseconds = 200
        let s = try TestServer(limits: limits)
        let a = try s.connect(name: "a")
        try a.send(.ping(1))
        guard case .pong(1) = try a.receive() else { Issue.record("no pong"); return }
        #expect(Self.waitUntilChecksStop(s.server), "an established client with nothing buffered needs no checks")

        // A connection that never says hello starts them again and is closed at its timeout.
        let silent = try TestClient(path: s.path)
        guard case let .error(e)? = try silent.receiveUntilClosed().last else { Issue.record("no error"); return }
        #expect(e.code == .handshakeRequired)
        #expect(Self.waitUntilChecksStop(s.server))

        // Part of a frame starts them again; the frame's timeout closes the session.
        try a.sendRaw(Array(WireCodec.encode(.ping(2)).prefix(10)))
        guard case let .error(f)? = try a.receiveUntilClosed().last else { Issue.record("no error"); return }
        #expect(f.message.contains("frameTimeoutMilliseconds"), "\(f.message)")
        #expect(Self.waitUntilChecksStop(s.server))
    }
}
