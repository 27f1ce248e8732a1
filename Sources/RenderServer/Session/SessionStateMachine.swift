import RenderProtocol

/// A connection's protocol state, as a value: each received message goes in, what to do
/// comes out. The `ClientSession` performs the actions (sending, closing); this type never
/// touches a socket, so it is tested on its own.
///
///     awaitingHello ──hello, common version──▶ established ──goodbye / fatal──▶ closed
///           │                                      │
///           └── anything else, or no common ───────┴──▶ closed (after a fatal error)
///               version
struct SessionStateMachine: Equatable {
    enum State: Equatable {
        case awaitingHello
        case established(version: UInt16)
        case closed
    }

    /// What the owner must do with a received message.
    enum Action: Equatable {
        /// Answer the hello with a welcome at `version`; the session is established.
        case welcome(version: UInt16, hello: Hello)
        /// Handle the message (the session is established).
        case deliver(Message)
        /// Send this fatal error, then close.
        case fail(ErrorMessage)
        /// Close without a reply (the client said goodbye).
        case close(reason: String)
        /// Nothing to do (the session is already closed).
        case ignore
    }

    private(set) var state: State = .awaitingHello

    /// The supported range of this server (`ProtocolVersion.minimumSupported…current`).
    let supported: ClosedRange<UInt16>

    init(supported: ClosedRange<UInt16> = ProtocolVersion.minimumSupported...ProtocolVersion.current) {
        self.supported = supported
    }

    /// The highest version in both ranges, or nil when they do not overlap (or the
    /// client's range is empty).
    static func negotiate(client: ClosedRange<UInt16>?, server: ClosedRange<UInt16>) -> UInt16? {
        guard let client else { return nil }
        let low = max(client.lowerBound, server.lowerBound), high = min(client.upperBound, server.upperBound)
        return low <= high ? high : nil
    }

    mutating func received(_ message: consuming Message) -> Action {
        switch state {
        case .closed:
            return .ignore
        case .awaitingHello:
            guard case let .hello(hello) = message else {
                if case .goodbye = message { state = .closed; return .close(reason: "goodbye before hello") }
                state = .closed
                return .fail(ErrorMessage(code: .handshakeRequired, message: "received \(message.type) before hello: "
                    + "the first message on a connection must be hello (see Protocol/PROTOCOL.md, \"Handshake\")",
                    fatal: true))
            }
            let offered = hello.minVersion <= hello.maxVersion ? hello.minVersion...hello.maxVersion : nil
            guard let version = SessionStateMachine.negotiate(client: offered, server: supported) else {
                state = .closed
                return .fail(ErrorMessage(code: .versionUnsupported, message: "client \"\(hello.clientName)\" "
                    + "(pid \(hello.pid)) offers protocol versions \(hello.minVersion)…\(hello.maxVersion); this "
                    + "rendersrvd speaks \(supported.lowerBound)…\(supported.upperBound): upgrade the older side",
                    fatal: true))
            }
            state = .established(version: version)
            return .welcome(version: version, hello: hello)
        case .established:
            switch message {
            case let .goodbye(g):
                state = .closed
                return .close(reason: g.reason.isEmpty ? "goodbye" : "goodbye: \(g.reason)")
            case .hello:
                state = .closed
                return .fail(ErrorMessage(code: .invalidCommand, message: "hello sent twice on one connection: "
                    + "open a new connection to start a new session", fatal: true))
            case .welcome, .commitApplied, .commitPresented, .springRetargeted, .animationStarted, .animationStopped,
                 .animationsStarted, .animationsFinished, .statsReply,
                 .treeReply, .snapshotReply, .clockStepped, .frameLogReply, .clientsReply, .kickReply, .pointerEvent,
                 .keyEvent, .inputInjected, .trackerUpdate, .displayChanged, .displayResized:
                state = .closed
                return .fail(ErrorMessage(code: .invalidCommand, message: "\(message.type) is a server-to-client "
                    + "message; a client must not send it", fatal: true))
            case let .error(e) where e.fatal:
                state = .closed
                return .close(reason: "client reported a fatal error \(e.code): \(e.message)")
            default:
                return .deliver(message)
            }
        }
    }

    /// Marks the session closed (after the owner closed it for its own reasons).
    mutating func markClosed() { state = .closed }

    var isEstablished: Bool { if case .established = state { return true }; return false }
    /// The negotiated protocol version (nil before the handshake or once closed).
    var version: UInt16? { if case let .established(v) = state { return v }; return nil }
}
