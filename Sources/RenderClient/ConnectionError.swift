#if canImport(Glibc)
import Glibc
#endif
import RenderProtocol

/// Why a connection to `rendersrvd` could not be made, failed, or ended. Each description
/// says what happened, to what, and what to do.
public enum ConnectionError: Error, Equatable, CustomStringConvertible {
    /// Nothing listens at the socket path (no file, or a stale one).
    case noDaemon(path: String, detail: String)
    /// The path does not fit a Unix socket address.
    case socketPathTooLong(path: String)
    /// A system call failed.
    case system(operation: String, path: String, errno: Int32)
    /// The server speaks no protocol version this client does.
    case versionUnsupported(path: String, message: String)
    /// The handshake did not produce a `welcome`.
    case handshakeFailed(path: String, detail: String)
    /// No answer in time.
    case timedOut(operation: String, path: String, seconds: Double)
    /// An error the server sent (fatal ones end the session).
    case server(ErrorMessage)
    /// The server closed the session on purpose.
    case goodbye(reason: String)
    /// The server closed the socket without a goodbye.
    case closed(path: String)
    /// This client closed the connection.
    case closedByClient
    /// The server sent bytes that do not decode.
    case malformed(path: String, ProtocolError)
    /// A commit's frame exceeds the server's `maxFrameBytes`; it was not sent.
    case commitTooLarge(sequence: UInt64, bytes: Int, limit: Int)
    /// The session was lost and reconnecting failed: `attempts` attempts over `seconds`
    /// seconds; `lastError` is why the last one failed (or why reconnection stopped).
    indirect case reconnectFailed(path: String, attempts: Int, seconds: Double, lastError: ConnectionError)
    /// A commit made while the daemon was unreachable found the context's queue of
    /// `limit` commits full: its animations were stopped (`finished == false`); its other
    /// changes stay in the model and reach the daemon with the replay.
    case resyncQueueFull(sequence: UInt64, limit: Int)
    /// A commit made while rendersrvd was unreachable would take the client's session past
    /// the last daemon's `limit` (`maxLayers`, `maxAnimations`): it was not kept for the next
    /// daemon (its animations were stopped).
    case limitWhileDisconnected(sequence: UInt64, limit: String, value: Int, wanted: Int)
    /// A commit numbered by the caller at or below `floor`, the last number the connection
    /// used or reserved for a replay: the daemon would refuse it (`sequenceOutOfOrder`,
    /// fatal). It was not sent.
    case sequenceTooLow(sequence: UInt64, floor: UInt64)

    /// What went wrong and, where there is one, what to do about it.
    public var description: String {
        switch self {
        case let .noDaemon(path, detail):
            return "no rendersrvd listening at \(path) (\(detail)): start rendersrvd, or pass --socket PATH / set "
                + "RENDERSRV_SOCKET to where it listens"
        case let .socketPathTooLong(path):
            return "socket path \(path) is \(path.utf8.count) bytes, longer than the \(SocketPath.maxLength) a Unix "
                + "socket address holds: use a shorter --socket path"
        case let .system(op, path, e):
            return "\(op) on \(path) failed: \(String(cString: strerror(e))) (errno \(e))"
        case let .versionUnsupported(path, message):
            return "rendersrvd at \(path) does not speak protocol versions \(ProtocolVersion.minimumSupported)…"
                + "\(ProtocolVersion.current): \(message); use a client and daemon from the same build"
        case let .handshakeFailed(path, detail):
            return "handshake with rendersrvd at \(path) failed: \(detail)"
        case let .timedOut(op, path, s):
            return "\(op) on \(path): no answer within \(s) s; is rendersrvd stalled or its clock manual and not stepped?"
        case let .server(m):
            return "rendersrvd reported \(m.fatal ? "a fatal" : "an") error \(m.code)"
                + (m.sequence != 0 ? " for commit \(m.sequence)" : "") + ": \(m.message)"
        case let .goodbye(reason):
            return "rendersrvd closed the session: \(reason)"
        case let .closed(path):
            return "rendersrvd at \(path) closed the connection without a goodbye (did it exit or crash?)"
        case .closedByClient:
            return "the connection was closed by this client"
        case let .malformed(path, e):
            return "rendersrvd at \(path) sent an undecodable message (\(e)); the connection was dropped"
        case let .commitTooLarge(seq, bytes, limit):
            return "commit \(seq) is \(bytes) bytes, above the server's frame limit of \(limit) bytes; it was not sent "
                + "— split the changes over several transactions or use smaller contents"
        case let .reconnectFailed(path, attempts, seconds, last):
            return "lost the session with rendersrvd at \(path) and could not reconnect after \(attempts) attempt(s) over "
                + "\((seconds * 10).rounded() / 10) s (last: \(last)); restart rendersrvd, or raise "
                + "ReconnectPolicy.maximumAttempts / maximumDuration"
        case let .resyncQueueFull(seq, limit):
            return "commit \(seq) was made while rendersrvd was unreachable and the queue of \(limit) commits waiting for "
                + "the reconnection is full: its animations were stopped (its property and tree changes stay in the "
                + "model and are replayed); raise Context.maxQueuedCommits or commit less often while disconnected"
        case let .sequenceTooLow(seq, floor):
            return "commit \(seq) was not sent: its sequence number is not above \(floor), the last one this connection "
                + "used or reserved for replaying the session after a daemon restart; number commits above "
                + "Connection.reservedSequenceTop and every number used before (a Context numbers its own)"
        case let .limitWhileDisconnected(seq, limit, value, wanted):
            return "commit \(seq) was made while rendersrvd was unreachable and would give the session \(wanted) of what "
                + "the daemon's \(limit) caps at \(value): it was not kept for the next daemon (which would have refused "
                + "the whole replay) and its animations were stopped; its changes stay in the model only — release layers or "
                + "remove animations, or start rendersrvd with a higher --\(limit == "maxLayers" ? "max-layers" : "max-animations")"
        }
    }
}
