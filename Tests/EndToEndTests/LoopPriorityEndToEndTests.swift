import CSystem
import Foundation
import Glibc
import RenderClient
import Testing

/// The real daemon runs its loop thread (the process's main thread) at nice −20 unless told
/// otherwise (`--loop-nice`), when it may raise a priority; otherwise at the priority it
/// started with.
@Suite("End to end, the loop thread's priority")
struct LoopPriorityEndToEndTests {
    /// The nice value of a process's main thread, from /proc/PID/stat (field 19; the command
    /// name before it is in parentheses and may hold spaces).
    static func nice(of pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/task/\(pid)/stat", encoding: .utf8)
        let fields = try #require(stat.split(separator: ")").last).split(separator: " ")
        // After ")": field 3 (state) is the first, so field 19 is the 17th.
        return try #require(Int(fields[16]))
    }

    /// The daemon's nice value once its loop runs: the listening line comes before the loop
    /// starts, a handshake's welcome after.
    static func loopNice(of daemon: Daemon) throws -> Int {
        let connection = try Connection(socketPath: daemon.socketPath, clientName: "priority",
                                        callbackQueue: DispatchQueue(label: "priority"))
        defer { connection.close() }
        return try nice(of: daemon.process.processIdentifier)
    }

    /// Whether this process may raise a thread's priority as far as −20 (anyone may lower
    /// their own).
    static var mayRaise: Bool { csys_may_raise_nice(-20) != 0 }

    @Test func theDaemonsLoopRunsAboveItsClientsWhenAllowed() throws {
        let daemon = try Daemon(clock: "real")
        defer { daemon.stop() }
        let nice = try Self.loopNice(of: daemon)
        if Self.mayRaise {
            #expect(nice == -20, "rendersrvd's loop thread runs at nice \(nice)")
        } else {
            #expect(nice == Int(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)),
                    "without the privilege the loop keeps the priority it started with, not \(nice)")
        }
    }

    @Test func aLoopNiceAskedForIsTheLoopThreads() throws {
        // A negative value follows the flag as its own argument (the option takes it as a value,
        // not as a flag) where this process may raise a priority; a lowered one anywhere.
        let asked = Self.mayRaise ? -3 : 7
        let daemon = try Daemon(clock: "real", extraArguments: ["--loop-nice", "\(asked)"])
        defer { daemon.stop() }
        #expect(try Self.loopNice(of: daemon) == asked)
    }
}
