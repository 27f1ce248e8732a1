import RenderProtocol
import Testing
@testable import RenderServer

@Suite struct SessionStateMachineTests {
    let hello = Hello(clientName: "demo", pid: 1234)

    @Test func negotiatesTheHighestCommonVersion() {
        #expect(SessionStateMachine.negotiate(client: 1...3, server: 1...2) == 2)
        #expect(SessionStateMachine.negotiate(client: 2...5, server: 1...4) == 4)
        #expect(SessionStateMachine.negotiate(client: 1...1, server: 1...4) == 1)
        #expect(SessionStateMachine.negotiate(client: 5...6, server: 1...4) == nil)
        #expect(SessionStateMachine.negotiate(client: nil, server: 1...4) == nil)
    }

    @Test func helloEstablishesTheSession() {
        var m = SessionStateMachine()
        #expect(m.received(.hello(hello)) == .welcome(version: ProtocolVersion.current, hello: hello))
        #expect(m.isEstablished)
        #expect(m.received(.ping(7)) == .deliver(.ping(7)))
        #expect(m.received(.statsRequest(requestID: 1)) == .deliver(.statsRequest(requestID: 1)))
    }

    @Test func anythingBeforeHelloIsAHandshakeError() {
        var m = SessionStateMachine()
        guard case let .fail(e) = m.received(.ping(1)) else { Issue.record("expected a failure"); return }
        #expect(e.code == .handshakeRequired)
        #expect(e.fatal)
        #expect(m.state == .closed)
        #expect(m.received(.hello(hello)) == .ignore)
    }

    @Test func noCommonVersionFails() {
        var m = SessionStateMachine(supported: 1...1)
        let h = Hello(minVersion: 2, maxVersion: 3, clientName: "future", pid: 9)
        guard case let .fail(e) = m.received(.hello(h)) else { Issue.record("expected a failure"); return }
        #expect(e.code == .versionUnsupported)
        #expect(e.message.contains("2…3"))
        #expect(m.state == .closed)
        // An inverted range is no range at all.
        var m2 = SessionStateMachine()
        guard case .fail = m2.received(.hello(Hello(minVersion: 3, maxVersion: 1, clientName: "x", pid: 1))) else {
            Issue.record("expected a failure"); return
        }
    }

    @Test func goodbyeCloses() {
        var m = SessionStateMachine()
        _ = m.received(.hello(hello))
        #expect(m.received(.goodbye(Goodbye(reason: "done"))) == .close(reason: "goodbye: done"))
        #expect(m.received(.ping(1)) == .ignore)
    }

    @Test func secondHelloAndServerMessagesAreFatal() {
        var m = SessionStateMachine()
        _ = m.received(.hello(hello))
        guard case let .fail(e) = m.received(.hello(hello)) else { Issue.record("expected a failure"); return }
        #expect(e.code == .invalidCommand && e.fatal)

        var m2 = SessionStateMachine()
        _ = m2.received(.hello(hello))
        let reply = Message.commitApplied(CommitApplied(sequence: 1, frame: 1, mediaTime: 0))
        guard case let .fail(e2) = m2.received(reply) else { Issue.record("expected a failure"); return }
        #expect(e2.message.contains("server-to-client"))
    }
}
