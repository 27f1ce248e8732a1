import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer

/// `ClientSession` alone, on bytes: no socket, no core. The test plays the owner: it hands
/// the session bytes with an inbound budget and a slice budget, looks at the actions it
/// returns, performs them by hand (applying a commit slice, sending a reply) and resumes it.
@Suite struct ClientSessionTests {
    /// A session and what its owner lends it.
    final class Owner {
        let session: ClientSession
        var inbound: InboundBudget
        let slice: SliceBudget

        init(inboundLimit: Int = 1 << 20, slice: Int = 2_048) {
            session = ClientSession(id: 7, limits: .default, commitStreamBytes: 64 << 10,
                                    contentsTotal: ContentsLedger.Total(), pid: 4242, uid: 1000, now: 0)
            inbound = InboundBudget(limit: inboundLimit)
            self.slice = SliceBudget(units: slice)
        }

        func receive(_ bytes: [UInt8], now: Double = 0) -> [ClientSession.Action] {
            bytes.withUnsafeBytes { session.receive($0, now: now, inbound: &inbound, slice: slice) }
        }

        func receive(_ messages: Message...) -> [ClientSession.Action] {
            receive(messages.flatMap { WireCodec.encode($0) })
        }

        func resume() -> [ClientSession.Action] { session.resume(now: 0, inbound: &inbound, slice: slice) }

        func stepJob() -> [ClientSession.Action] { session.stepJob(now: 0, inbound: &inbound, slice: slice) }

        /// What the session queued for the client, decoded.
        func sent() throws -> [Message] {
            var decoder = FrameDecoder(maxFrameBytes: Int.max)
            decoder.append(contentsOf: session.takeOutbound())
            var out: [Message] = []
            while let m = try decoder.next() { out.append(m) }
            return out
        }

        /// Hello, the welcome action answered with a stand-in, and nothing else.
        func establish() throws {
            let actions = receive(.hello(Hello(clientName: "demo", pid: 4242)))
            #expect(actions.map(ClientSessionTests.describe) == ["welcome \(ProtocolVersion.current)"])
            #expect(resume().isEmpty)
            #expect(session.isEstablished)
        }
    }

    /// A short, comparable name for an action.
    static func describe(_ action: ClientSession.Action) -> String {
        switch action {
        case let .welcome(version): return "welcome \(version)"
        case let .apply(job): return "apply \(job.commit.sequence) from \(job.applied) of \(job.total)"
        case .jobStarted: return "jobStarted"
        case let .control(m): return "control \(m.type)"
        case let .clientError(e): return "clientError \(e.code)"
        case .release: return "release"
        case let .ended(reason, bytes, _): return "ended \(bytes): \(reason)"
        }
    }

    static let creates: [Command] = [.createLayer(1, .layer), .setRoot(1)]

    @Test func helloAsksTheOwnerForAWelcomeAndPingIsAnsweredInPlace() throws {
        let o = Owner()
        try o.establish()
        #expect(try o.sent().isEmpty) // the welcome is the owner's to send
        #expect(o.receive(.ping(9)).isEmpty)
        #expect(try o.sent() == [.pong(9)])
    }

    @Test func messagesAfterOneThatNeedsTheOwnerWaitUntilItResumes() throws {
        let o = Owner()
        let actions = o.receive(.hello(Hello(clientName: "demo", pid: 1)), .ping(1), .statsRequest(requestID: 3), .ping(2))
        #expect(actions.map(ClientSessionTests.describe) == ["welcome \(ProtocolVersion.current)"])
        #expect(try o.sent().isEmpty) // the ping after hello waits for the welcome
        o.session.send(.pong(1000)) // the owner's answer, standing in for the welcome
        #expect(o.resume().map(ClientSessionTests.describe) == ["control statsRequest"])
        o.session.send(.pong(2000)) // standing in for the stats reply
        #expect(o.resume().isEmpty)
        #expect(try o.sent() == [.pong(1000), .pong(1), .pong(2000), .pong(2)])
    }

    @Test func aCommitIsValidatedThenHandedToTheOwnerToApply() throws {
        let o = Owner()
        try o.establish()
        let actions = o.receive(.commit(Commit(sequence: 1, mediaTime: 0, commands: Self.creates)), .ping(5))
        #expect(actions.map(ClientSessionTests.describe) == ["apply 1 from 0 of 2"])
        #expect(o.session.store.layerCount == 0) // validated, not applied: that is the owner's
        #expect(o.session.appliedSequence == 0)
        guard case let .apply(job) = actions.first else { return }
        job.applySlice(to: o.session.store, mediaTime: 1000, budget: o.slice)
        #expect(job.isApplied)
        #expect(o.resume().isEmpty)
        #expect(o.session.appliedSequence == 1)
        #expect(o.session.store.layerCount == 1)
        #expect(!o.session.isFrozen && o.session.job == nil)
        // The acknowledgement is the owner's; the ping after the commit was answered after it.
        #expect(try o.sent() == [.pong(5)])
    }

    @Test func aCommitThatDoesNotFitASliceIsTakenATurnAtATime() throws {
        let o = Owner(slice: 4)
        try o.establish()
        let commands = (1...10).map { Command.createLayer(LayerID($0), .layer) }
        #expect(o.receive(.commit(Commit(sequence: 1, mediaTime: 0, commands: commands))).map(ClientSessionTests.describe) == ["jobStarted"])
        var log: [String] = []
        var turns = 0
        while o.session.job != nil {
            turns += 1
            var actions = o.stepJob()
            while !actions.isEmpty {
                for action in actions {
                    log.append(Self.describe(action))
                    if case let .apply(job) = action {
                        #expect(o.session.isFrozen) // no frame may show part of it
                        job.applySlice(to: o.session.store, mediaTime: 1000, budget: o.slice)
                    }
                }
                actions = o.resume()
            }
        }
        // Three turns validate (4 + 4 + 2 commands), three apply; the validator's table is
        // freed off the loop once validated, the commands once applied.
        #expect(turns == 6)
        #expect(log == ["release", "apply 1 from 0 of 10", "apply 1 from 4 of 10", "apply 1 from 8 of 10", "release"])
        #expect(o.session.appliedSequence == 1 && o.session.store.layerCount == 10)
        #expect(!o.session.isFrozen)
    }

    @Test func aMessageBeforeHelloEndsTheSessionWithAFatalError() throws {
        let o = Owner()
        let actions = o.receive(.ping(1))
        #expect(actions.count == 1)
        guard case let .ended(reason, bytes, _) = actions.first else { Issue.record("expected an end"); return }
        #expect(reason.hasPrefix("handshakeRequired") && bytes == 0)
        #expect(!o.session.isOpen && o.session.closeRequest?.flush == true)
        guard case let .error(e)? = try o.sent().first else { Issue.record("expected an error"); return }
        #expect(e.code == .handshakeRequired && e.fatal)
        #expect(o.receive(.ping(2)).isEmpty) // later bytes are ignored
    }

    @Test func aPartialFrameHoldsTheInboundBudgetUntilItIsWhole() throws {
        let o = Owner()
        try o.establish()
        let frame = WireCodec.encode(.commit(Commit(sequence: 1, mediaTime: 0, commands: Self.creates)))
        #expect(o.receive(Array(frame[..<20])).isEmpty)
        #expect(o.inbound.reserved == frame.count)
        #expect(o.session.heldInboundBytes == frame.count)
        let actions = o.receive(Array(frame[20...]))
        #expect(actions.map(ClientSessionTests.describe) == ["apply 1 from 0 of 2"])
        guard case let .apply(job) = actions.first else { return }
        job.applySlice(to: o.session.store, mediaTime: 1000, budget: o.slice)
        // The reservation is settled when the session has handled what it buffered.
        #expect(o.resume().isEmpty)
        #expect(o.inbound.reserved == 0 && o.session.heldInboundBytes == 0)
    }

    @Test func aFrameOverTheDaemonsInboundBudgetEndsTheSession() throws {
        let o = Owner(inboundLimit: 100)
        try o.establish()
        let reserved = o.inbound.reserve(60) // another session's partial frame
        #expect(reserved)
        let frame = WireCodec.encode(.commit(Commit(sequence: 1, mediaTime: 0,
                                                    commands: (1...20).map { .createLayer(LayerID($0), .layer) })))
        #expect(frame.count > 40)
        let actions = o.receive(Array(frame[..<16]))
        guard case let .ended(reason, bytes, _) = actions.first, actions.count == 1 else {
            Issue.record("expected an end, got \(actions.map(Self.describe))"); return
        }
        #expect(reason.contains("maxDaemonPendingBytes") && bytes == 0)
        #expect(o.inbound.reserved == 60) // nothing was taken
    }

    @Test func aSessionThatEndsGivesBackWhatItHeld() throws {
        let o = Owner()
        try o.establish()
        let frame = WireCodec.encode(.commit(Commit(sequence: 1, mediaTime: 0, commands: Self.creates)))
        _ = o.receive(Array(frame[..<20]))
        let actions = o.session.connectionEnded("the client closed the connection")
        #expect(actions.map(ClientSessionTests.describe) == ["ended \(frame.count): the client closed the connection"])
        #expect(o.session.heldInboundBytes == 0)
        #expect(o.session.connectionEnded("again").isEmpty) // an end is reported once
    }

    @Test func aClientsNonFatalErrorIsTheOwnersToLog() throws {
        let o = Owner()
        try o.establish()
        let actions = o.receive(.error(ErrorMessage(code: .internalError, message: "oops", fatal: false)))
        #expect(actions.map(ClientSessionTests.describe) == ["clientError internalError"])
        #expect(o.session.isOpen)
    }

    @Test func aStalledHandshakeTimesOut() throws {
        let o = Owner()
        #expect(o.session.checkTimeouts(now: 1).isEmpty)
        let late = Double(Limits.default.handshakeTimeoutMilliseconds) / 1000 + 1
        let actions = o.session.checkTimeouts(now: late)
        #expect(actions.count == 1)
        guard case let .ended(reason, _, _) = actions.first else { Issue.record("expected an end"); return }
        #expect(reason.contains("no hello within"))
    }
}
