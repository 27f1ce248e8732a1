import Logging
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// Control work queued off the loop thread is bounded per client and in total, served in
/// turn, and cancelled with its session (issue 18: a client that asked for 2,500 trees and
/// never read held 2 GB and kept the worker busy for minutes after it was dropped). The
/// embedded server holds the jobs as the daemon's worker would (`defersControlJobs`).
@Suite struct ControlWorkTests {
    static func server(_ limits: ControlLimits = ControlLimits()) -> EmbeddedServer {
        var configuration = Configuration(clock: .manual(start: 1000))
        configuration.logger.logLevel = .critical
        configuration.controlLimits = limits
        let s = EmbeddedServer(configuration: configuration)
        s.defersControlJobs = true
        return s
    }

    /// A client with `layers` layers under one root.
    static func owner(_ s: EmbeddedServer, layers: Int) throws -> UInt32 {
        let id = try IsolationTests.client(s, name: "owner")
        var commands: [Command] = (1...layers).map { .createLayer(LayerID($0), .layer) }
        commands += (2...max(2, layers)).filter { $0 <= layers }.map { .insertSublayer(parent: 1, child: LayerID($0), index: UInt32.max) }
        s.send(.commit(Commit(sequence: 1, mediaTime: 0, commands: commands)), from: id)
        _ = s.readBytes(of: id)
        return id
    }

    static func ask(_ s: EmbeddedServer, _ from: UInt32, ids: ClosedRange<UInt32>, session: UInt32 = 0) {
        for i in ids { s.send(.treeRequest(TreeRequest(requestID: i, presentation: true, sessionID: session)), from: from) }
    }

    /// The request ids of the tree replies, and the messages of the errors, read now.
    static func answers(_ s: EmbeddedServer, _ id: UInt32) throws -> (replies: [UInt32], errors: [ErrorMessage]) {
        var replies: [UInt32] = [], errors: [ErrorMessage] = []
        for m in try s.readMessages(of: id) {
            if case let .treeReply(r) = m { replies.append(r.requestID) }
            if case let .error(e) = m { errors.append(e) }
        }
        return (replies, errors)
    }

    @Test func aClientAskingFasterThanItIsAnsweredIsRefusedPastItsJobs() throws {
        let s = Self.server(ControlLimits(jobsPerSession: 3))
        let owner = try Self.owner(s, layers: 10)
        let asker = try IsolationTests.client(s, name: "asker")
        Self.ask(s, asker, ids: 1...2_500, session: owner)
        // Three wait for the worker; the other 2,497 were refused at once, non-fatally,
        // each saying why and what to do, and nothing of them is held.
        let (replies, errors) = try Self.answers(s, asker)
        #expect(replies.isEmpty)
        #expect(errors.count == 2_497)
        #expect(errors.allSatisfy { !$0.fatal && $0.code == .limitExceeded })
        let first = try #require(errors.first)
        #expect(first.message.contains("tree request 4 refused"), "\(first.message)")
        #expect(first.message.contains("--max-control-jobs-per-client 3"), "\(first.message)")
        #expect(s.controlJobs.jobs == 3)
        #expect(s.controlJobs.bytes == 3 * ServerCore.heldByteCount(layers: 10))
        #expect(s.runControlJobs() == 3)
        #expect(try Self.answers(s, asker).replies == [1, 2, 3])
        #expect(s.controlJobs == (0, 0))
        // Answered, it may ask again.
        Self.ask(s, asker, ids: 5000...5000, session: owner)
        #expect(s.runControlJobs() == 1)
        #expect(try Self.answers(s, asker).replies == [5000])
        #expect(!s.isClosed(asker))
    }

    @Test func bytesAreBoundedPerClientAndOverAllClients() throws {
        let one = ServerCore.heldByteCount(layers: 100)
        let s = Self.server(ControlLimits(jobsPerSession: 100, bytesPerSession: 2 * one, jobs: 100, bytes: 3 * one))
        let owner = try Self.owner(s, layers: 100)
        let a = try IsolationTests.client(s, name: "a")
        let b = try IsolationTests.client(s, name: "b")
        Self.ask(s, a, ids: 1...3, session: owner)
        let refusedA = try Self.answers(s, a).errors
        #expect(refusedA.count == 1)
        #expect(refusedA.first?.message.contains("--max-control-bytes-per-client") == true, "\(refusedA)")
        Self.ask(s, b, ids: 1...2, session: owner)
        let refusedB = try Self.answers(s, b).errors
        #expect(refusedB.count == 1)
        #expect(refusedB.first?.message.contains("over all clients") == true, "\(refusedB)")
        #expect(refusedB.first?.message.contains("--max-control-bytes") == true, "\(refusedB)")
        #expect(s.controlJobs == (3, 3 * one))
        s.runControlJobs()
        #expect(s.controlJobs == (0, 0))
    }

    @Test func clientsTakeTurnsSoAQueueDelaysOthersByOneJob() throws {
        let s = Self.server(ControlLimits(jobsPerSession: 8))
        let owner = try Self.owner(s, layers: 10)
        let greedy = try IsolationTests.client(s, name: "greedy")
        let other = try IsolationTests.client(s, name: "other")
        Self.ask(s, greedy, ids: 1...8, session: owner)
        Self.ask(s, other, ids: 100...100, session: owner)
        // The worker runs greedy's first job; the next one is other's, not greedy's second.
        #expect(s.runControlJobs(1) == 1)
        #expect(try Self.answers(s, greedy).replies == [1])
        #expect(s.runControlJobs(1) == 1)
        #expect(try Self.answers(s, other).replies == [100])
        #expect(try Self.answers(s, greedy).replies.isEmpty)
        s.runControlJobs()
        #expect(try Self.answers(s, greedy).replies == Array(2...8))
    }

    @Test func aClientThatAsksAgainAfterEachReplyDoesNotStarveAnother() throws {
        let s = Self.server(ControlLimits(jobsPerSession: 4))
        let owner = try Self.owner(s, layers: 10)
        let a = try IsolationTests.client(s, name: "a")
        let b = try IsolationTests.client(s, name: "b")
        Self.ask(s, b, ids: 1...4, session: owner)
        Self.ask(s, a, ids: 1...1, session: owner)
        var order: [String] = []
        for round in UInt32(2)...7 {
            #expect(s.runControlJobs(1) == 1)
            if !(try Self.answers(s, a).replies.isEmpty) {
                order.append("a")
                Self.ask(s, a, ids: round...round, session: owner)
            }
            if !(try Self.answers(s, b).replies.isEmpty) { order.append("b") }
        }
        #expect(order == ["b", "a", "b", "a", "b", "a"])
    }

    @Test func aDroppedClientsWaitingWorkIsCancelled() throws {
        let s = Self.server(ControlLimits(jobsPerSession: 8))
        let owner = try Self.owner(s, layers: 10)
        let greedy = try IsolationTests.client(s, name: "greedy")
        let other = try IsolationTests.client(s, name: "other")
        Self.ask(s, greedy, ids: 1...8, session: owner)
        #expect(s.controlJobs.jobs == 8)
        s.disconnect(greedy)
        // The job the worker had stays counted until it returns; the seven waiting are gone.
        #expect(s.controlJobs.jobs == 1)
        Self.ask(s, other, ids: 1...1, session: owner)
        // The worker's next job after the running one is other's.
        #expect(s.runControlJobs() == 2)
        #expect(try Self.answers(s, other).replies == [1])
        #expect(s.controlJobs == (0, 0))
    }

    @Test func frameLogRequestsCountAgainstTheSameLimits() throws {
        let s = Self.server(ControlLimits(jobsPerSession: 2))
        let asker = try IsolationTests.client(s, name: "asker")
        for i in UInt32(1)...5 {
            s.send(.frameLogRequest(FrameLogRequest(requestID: i, sinceFrame: 0, maxRecords: 0)), from: asker)
        }
        let messages = try s.readMessages(of: asker)
        #expect(messages.filter { if case .error = $0 { return true }; return false }.count == 3)
        #expect(s.runControlJobs() == 2)
        let replies = try s.readMessages(of: asker).filter { if case .frameLogReply = $0 { return true }; return false }
        #expect(replies.count == 2)
    }

    @Test func withoutAWorkerJobsRunInLineAndHoldNothing() throws {
        let s = Self.server(ControlLimits(jobsPerSession: 1))
        s.defersControlJobs = false
        let owner = try Self.owner(s, layers: 5)
        let asker = try IsolationTests.client(s, name: "asker")
        Self.ask(s, asker, ids: 1...10, session: owner)
        let (replies, errors) = try Self.answers(s, asker)
        #expect(replies == Array(1...10))
        #expect(errors.isEmpty)
        #expect(s.controlJobs == (0, 0))
    }
}
