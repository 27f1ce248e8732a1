import RenderProtocol

/// What happens to a session that was lost and is being restored, in order:
///
///     disconnected(why) ─▶ reconnecting(1, …) ─▶ reconnecting(2, …) ─▶ … ─┬─▶ reconnected(welcome) ─▶ resynced(…)
///                                                                        └─▶ gaveUp(error)
///
/// A `Connection` reports `disconnected`, `reconnecting`, `reconnected` and `gaveUp`
/// (`Connection.onReconnect`); a `Context` forwards them and adds `resynced` once the new
/// daemon applied the replay of what the lost one held (`Context.onReconnect`). On the callback queue, in
/// order with the other events. After `gaveUp`, `onDisconnect` follows with the same error.
public enum ReconnectEvent: Equatable, Sendable, CustomStringConvertible {
    /// The session was lost (`error` says how); reconnection starts. Commits made from now
    /// on are kept for the next daemon (by the connection, which may have replayed already
    /// when this reaches a blocked queue).
    case disconnected(ConnectionError)
    /// Attempt `attempt` (from 1) is made after waiting `delay` seconds; `lastError` is why
    /// the previous attempt failed (`nil` before the first).
    case reconnecting(attempt: Int, delay: Double, lastError: ConnectionError?)
    /// A new session is up (its welcome). A `Connection` has already written the replay of
    /// what the lost daemon held to it; a `Context` on a custom sink replays when told this.
    case reconnected(Welcome)
    /// What the lost daemon held is on the new one again: the replay was applied.
    case resynced(ResyncReport)
    /// Reconnection stopped (attempts or time exhausted, a non-retryable failure, or the
    /// client closed); the connection is over.
    case gaveUp(ConnectionError)

    /// The step and its details, for logs.
    public var description: String {
        switch self {
        case let .disconnected(e): return "disconnected: \(e)"
        case let .reconnecting(n, d, last):
            return "reconnecting, attempt \(n) after \(d) s" + (last.map { " (previous attempt: \($0))" } ?? "")
        case let .reconnected(w): return "reconnected: session \(w.sessionID)"
        case let .resynced(r): return "resynced: \(r)"
        case let .gaveUp(e): return "gave up reconnecting: \(e)"
        }
    }
}

/// What a context replayed to a new daemon after reconnecting.
public struct ResyncReport: Hashable, Sendable, CustomStringConvertible {
    /// The new session's id.
    public var sessionID: UInt32
    /// Layers recreated (every live layer of the context, in or out of a tree).
    public var layers: Int
    /// Animations re-added with their original begin times (running ones, and finished
    /// ones held by `isRemovedOnCompletion == false`).
    public var animations: Int
    /// Animations that had completed by the replay (removed on completion, their stop lost
    /// with the old daemon): not replayed, reported stopped with `finished == true`.
    public var completedWhileAway: Int
    /// Commits made while disconnected, sent after the replay in order.
    public var queuedCommits: Int
    /// Commits the replay took (more than one only when it exceeds the daemon's frame or
    /// command limits).
    public var replayCommits: Int
    /// The sequence numbers of the replay's commits.
    public var replaySequences: ClosedRange<UInt64>

    /// A report with those counts (a context makes it; public for tests and custom sinks).
    public init(sessionID: UInt32, layers: Int, animations: Int, completedWhileAway: Int, queuedCommits: Int,
                replayCommits: Int, replaySequences: ClosedRange<UInt64>) {
        self.sessionID = sessionID; self.layers = layers; self.animations = animations
        self.completedWhileAway = completedWhileAway; self.queuedCommits = queuedCommits
        self.replayCommits = replayCommits; self.replaySequences = replaySequences
    }

    /// The counts in one line, for logs.
    public var description: String {
        "session \(sessionID): \(layers) layers, \(animations) animations replayed in \(replayCommits) commit(s) "
            + "(sequences \(replaySequences.lowerBound)…\(replaySequences.upperBound)), \(completedWhileAway) completed "
            + "while away, \(queuedCommits) queued commits sent"
    }
}
