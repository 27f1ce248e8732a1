import CSystem
import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer

/// The loop thread's spin after reads (`Loop.run`, `Configuration.spinAfterReads`): it polls
/// instead of sleeping for a while after a client's read, serves the frame clock and timers
/// as any turn does, ends when the server stops, and is not done for a client that could only
/// run on the loop thread's one CPU.
@Suite struct LoopSpinTests {
    /// Turns the loop ran polling instead of sleeping (nil: no answer from the loop thread).
    static func spinTurns(_ server: Server) -> UInt64? {
        ServerTimeoutTests.onLoop(server) { $0.loop.spinTurns }
    }

    /// `csys_may_run_apart`: false only when the calling thread has one CPU and the other
    /// party none but that one. Asked on a thread of its own, which is pinned and then ends
    /// (a pinned test-pool thread would stay pinned for the tests after).
    @Test func aPartyConfinedToTheLoopThreadsOnlyCPUIsNotApart() throws {
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var answers: (thread: Int32, process: Int32, pinned: Int32, selfPinned: Int32)?
        let thread = Thread {
            // Unpinned: this thread (pid 0: the caller) may run beside itself when there are
            // two CPUs.
            let unpinned = csys_may_run_apart(0)
            let process = csys_may_run_apart(getpid())
            _ = csys_pin_to_cpu(0, 0)
            // Pinned to CPU 0: itself is confined to its own CPU; the process's main thread
            // (never pinned) is not, when there is another CPU.
            answers = (unpinned, process, csys_may_run_apart(getpid()), csys_may_run_apart(0))
            done.signal()
        }
        thread.start()
        #expect(done.wait(timeout: .now() + 10) == .success)
        let a = try #require(answers)
        #expect(a.selfPinned == 0, "a thread pinned to one CPU is not apart from itself")
        if online > 1 {
            #expect(a.thread == 1 && a.process == 1 && a.pinned == 1,
                    "with \(online) CPUs, unpinned parties may run apart: \(a)")
        } else {
            #expect(a.thread == 0 && a.pinned == 0, "one CPU online: nobody runs apart: \(a)")
        }
    }

    /// A client that pings back to back keeps a spinning loop awake (it never sleeps between
    /// its pings); the frames of a running animation still come on time meanwhile, and the
    /// server stops while spinning. Without a spin, the loop never polls instead of sleeping.
    /// (On a machine with one CPU online the client can only run on the loop's: no spin.)
    @Test(arguments: [0.001, 0])
    func aSpinningLoopServesFramesAndStops(spin: Double) throws {
        let s = try TestServer(clock: .real, spinAfterReads: spin)
        let a = try s.connect(name: "a")
        let begin = Server.monotonicSeconds()
        _ = try a.commit([.createLayer(1, .layer), .setRoot(1),
                          .addAnimation(1, key: "fade", animationID: 1,
                                        animation: .basic(.opacity, from: .number(0), to: .number(1), duration: 60)
                                            .resolved(beginTime: begin, duration: 60))],
                         mediaTime: begin)
        _ = try a.receive(until: { if case let .commitApplied(x) = $0 { return x }; return nil })
        func frames() throws -> Int { try #require(try a.stats()["frames"] as? Int) }
        let first = try frames()
        // Pings, each sent as its pong arrives, until five more frames were produced (at
        // most 10 s): the loop serves the timerfd in its polling turns.
        let deadline = Date().addingTimeInterval(10)
        var token: UInt64 = 0, last = first
        while Date() < deadline && last < first + 5 {
            for _ in 0 ..< 200 {
                token += 1
                try a.send(.ping(token))
                _ = try a.receive(until: { if case .pong(token) = $0 { return true }; return nil })
            }
            last = try frames()
        }
        #expect(last >= first + 5, "frames went from \(first) to \(last) while the client pinged")
        let turns = try #require(Self.spinTurns(s.server))
        if spin > 0 && sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 {
            #expect(turns > 0, "the loop never polled after a read")
        } else if spin == 0 {
            #expect(turns == 0, "a loop configured not to spin polled \(turns) turns")
        }
        s.server.stop()
    }

    @Test func aSpinOutOfRangeIsRefusedWithTheRange() {
        for bad in [-1e-6, 0.002, .nan, .infinity] {
            var configuration = Configuration(socketPath: "/nonexistent/socket", clock: .manual(start: 0))
            configuration.spinAfterReads = bad
            #expect(throws: ServerError.self) { try configuration.validate() }
            do { try configuration.validate() } catch {
                #expect("\(error)".contains("up to 0.001"), "\(error)")
            }
        }
    }
}
