/// A protocol violation found while decoding or handling a message: a typed error that
/// says what happened, where (message type, byte offset, field) and what to do.
///
/// The codec throws it for every malformed input — truncated payloads, unknown tags,
/// trailing bytes, invalid UTF-8, oversize frames, nesting too deep — and never traps on
/// input. A receiver turns it into a fatal `error` message (`ErrorMessage(error)`) and
/// closes the connection: after a decoding error the stream is out of sync.
public struct ProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: ErrorCode
    /// What happened, where (message type, byte offset, field) and what to do.
    public var message: String
    /// The commit the error was found in (its sequence), or 0.
    public var sequence: UInt64 = 0

    public init(_ code: ErrorCode, _ message: String, sequence: UInt64 = 0) {
        self.code = code; self.message = message; self.sequence = sequence
    }

    public init(code: ErrorCode, message: String) {
        self.init(code, message)
    }

    public var description: String { "\(code) (\(code.rawValue)): \(message)" }
}

extension ErrorCode: CustomStringConvertible {
    /// The code's name as written in the spec (`malformed`, `frameTooLarge`, …).
    public var description: String {
        switch self {
        case .malformed: return "malformed"
        case .unknownMessageType: return "unknownMessageType"
        case .frameTooLarge: return "frameTooLarge"
        case .versionUnsupported: return "versionUnsupported"
        case .handshakeRequired: return "handshakeRequired"
        case .unknownLayer: return "unknownLayer"
        case .duplicateLayer: return "duplicateLayer"
        case .limitExceeded: return "limitExceeded"
        case .invalidValue: return "invalidValue"
        case .invalidCommand: return "invalidCommand"
        case .sequenceOutOfOrder: return "sequenceOutOfOrder"
        case .cycle: return "cycle"
        case .unsupported: return "unsupported"
        case .internalError: return "internalError"
        case .endedByOperator: return "endedByOperator"
        }
    }
}

extension ErrorMessage {
    /// The `error` message that reports `error`. Decoding errors are always fatal: after
    /// one, the byte stream is out of sync (see `Protocol/PROTOCOL.md`, "Errors").
    public init(_ error: ProtocolError, fatal: Bool = true, sequence: UInt64 = 0) {
        self.init(code: error.code, message: error.message, fatal: fatal, sequence: sequence)
    }
}
