import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer

/// A read of pings leaves the real frame clock as it is (`Server.flushTransport`'s
/// `performedBefore`): a paused clock stays paused, a commit that needs frames starts it,
/// and once nothing animates the frames themselves pause it, however many pings arrive.
@Suite struct ServerClockPauseTests {
    /// Whether the daemon's real clock is paused (nil: no answer from the loop thread).
    static func clockPaused(_ server: Server) -> Bool? {
        ServerTimeoutTests.onLoop(server) { $0.realClock?.isPaused ?? false } ?? nil
    }

    /// Pings `client` until the clock is `paused` or not (at most 10 s); whether it came to be.
    static func pingUntil(_ server: Server, _ client: TestClient, paused: Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(10)
        var token: UInt64 = 100
        while Date() < deadline {
            token += 1
            try client.send(.ping(token))
            // Animation events may come before the pong.
            _ = try client.receive(until: { if case .pong(token) = $0 { return true }; return nil })
            if clockPaused(server) == paused { return true }
            usleep(5_000) // sleep-ok: paces pings against the real-clock loop thread while waiting for its frames, under a 10 s deadline
        }
        return false
    }

    @Test func pingsLeaveTheClockToTheFrames() throws {
        let s = try TestServer(clock: .real)
        let a = try s.connect(name: "a")
        // Nothing to draw: the handshake's flush paused the clock, and pings keep it paused.
        #expect(try Self.pingUntil(s.server, a, paused: true))
        for token: UInt64 in 1 ... 20 {
            try a.send(.ping(token))
            guard case .pong(token) = try a.receive() else { Issue.record("no pong \(token)"); return }
        }
        #expect(Self.clockPaused(s.server) == true)

        // A commit with a 1 s animation starts it; while only pings arrive, the frames go on
        // and, once the animation is over, pause it.
        let begin = Server.monotonicSeconds() // media time: the animation runs from now
        _ = try a.commit([.createLayer(1, .layer), .setRoot(1),
                          .addAnimation(1, key: "fade", animationID: 1,
                                        animation: .basic(.opacity, from: .number(0), to: .number(1), duration: 1)
                                            .resolved(beginTime: begin, duration: 1))],
                         mediaTime: begin)
        _ = try a.receive(until: { if case let .commitApplied(x) = $0 { return x }; return nil })
        #expect(Self.clockPaused(s.server) == false, "a commit that needs frames starts the clock")
        for token: UInt64 in 21 ... 40 {
            try a.send(.ping(token))
            _ = try a.receive(until: { if case .pong(token) = $0 { return true }; return nil })
        }
        if Server.monotonicSeconds() < begin + 0.9 {
            #expect(Self.clockPaused(s.server) == false, "pings paused the clock while an animation ran")
        }
        #expect(try Self.pingUntil(s.server, a, paused: true), "the clock ran on after the animation ended")
    }
}
