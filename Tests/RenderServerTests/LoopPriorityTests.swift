import CSystem
import Foundation
import Glibc
import Logging
import Testing
@testable import RenderServer

/// `Configuration.loopNice`: the loop thread's nice value while the server runs, put back
/// when `run` returns; out-of-range values refused. Each server runs on a thread of its own
/// (the test pool's threads must not keep a changed priority).
@Suite struct LoopPriorityTests {
    /// The calling thread's nice value.
    static func threadNice() throws -> Int {
        var nice: Int32 = 0
        try #require(csys_get_thread_nice(&nice) == 0)
        return Int(nice)
    }

    /// Whether this process may raise a thread's priority to nice −5, the loop's default
    /// (and put it back).
    static var mayRaise: Bool { csys_may_raise_nice(-5) != 0 }

    /// Runs a server with `loopNice` on a new thread: the loop thread's nice value and the
    /// server's record of it while it runs and after, and the thread's nice value before and
    /// after.
    static func run(loopNice: Int?) throws -> (before: Int, during: Int, recorded: Int?, after: Int, recordedAfter: Int?) {
        let directory = TestServer.makeDirectory()
        defer { rmdir(directory) }
        var logger = Logger(label: "rendersrvd-test")
        logger.logLevel = .critical
        var configuration = Configuration(socketPath: directory + "/socket", clock: .manual(start: TestServer.start),
                                          logger: logger)
        configuration.loopNice = loopNice
        let server = try Server(configuration: configuration)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var before = 0, after = 0
        let thread = Thread {
            before = (try? threadNice()) ?? .min
            try? server.run()
            after = (try? threadNice()) ?? .min
            done.signal()
        }
        thread.start()
        let seen = ServerTimeoutTests.onLoop(server) { s in ((try? threadNice()) ?? .min, s.loopNice) }
        server.stop()
        #expect(done.wait(timeout: .now() + 10) == .success)
        let (during, recorded) = try #require(seen)
        // The loop has ended (the semaphore orders this read after it).
        return (before, during, recorded, after, server.loopNice)
    }

    @Test func theLoopThreadTakesALowerPriorityAskedFor() throws {
        // Lowering a thread's priority needs no privilege; putting it back does (when the
        // test runs unprivileged, the thread that ran the loop keeps 9, as logged).
        let r = try Self.run(loopNice: 9)
        #expect(r.during == 9 && r.recorded == 9, "\(r)")
        if Self.mayRaise { #expect(r.after == r.before && r.recordedAfter == nil, "\(r)") }
    }

    @Test func aRaisedPriorityIsTakenWhenAllowedAndOtherwiseLeft() throws {
        let r = try Self.run(loopNice: -5)
        if Self.mayRaise {
            #expect(r.during == -5 && r.recorded == -5 && r.after == r.before && r.recordedAfter == nil, "\(r)")
        } else {
            // Refused: the loop runs at the thread's own priority, and the server says it did not change it.
            #expect(r.during == r.before && r.recorded == nil, "\(r)")
        }
    }

    @Test func withoutALoopNiceTheThreadIsLeftAlone() throws {
        let r = try Self.run(loopNice: nil)
        #expect(r.during == r.before && r.recorded == nil && r.after == r.before, "\(r)")
    }

    @Test(arguments: [-21, 20])
    func anOutOfRangeLoopNiceIsRefused(_ nice: Int) throws {
        let directory = TestServer.makeDirectory()
        defer { rmdir(directory) }
        var configuration = Configuration(socketPath: directory + "/socket")
        configuration.loopNice = nice
        #expect {
            _ = try Server(configuration: configuration)
        } throws: { error in
            "\(error)".contains("loop nice \(nice) is out of range")
        }
    }
}
