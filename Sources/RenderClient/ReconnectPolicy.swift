/// How a `Connection` reconnects after it loses its session to `rendersrvd` (the daemon
/// crashed, was killed, or — with `afterGoodbye` — restarted on purpose).
///
/// Attempt *n* (from 1) waits `delay(beforeAttempt: n)` seconds first: `initialDelay`
/// multiplied by `multiplier` for each earlier attempt, capped at `maximumDelay` — with
/// the defaults 10 ms, 20 ms, 40 ms, … 640 ms, then 1 s. Reconnection gives up when
/// `maximumAttempts` attempts failed or `maximumDuration` seconds passed since the session
/// was lost, whichever comes first.
///
/// Only a session that ended without the client asking is retried: end of stream without
/// a goodbye (`ConnectionError.closed`), a failed read, or a goodbye when `afterGoodbye`.
/// A fatal protocol error, an undecodable message or `close()` end the connection for good
/// (reconnecting would repeat them).
public struct ReconnectPolicy: Hashable, Sendable, CustomStringConvertible {
    /// Wait before the first attempt, seconds (> 0).
    public var initialDelay: Double
    /// Factor between consecutive waits (≥ 1).
    public var multiplier: Double
    /// Cap on one wait, seconds.
    public var maximumDelay: Double
    /// Attempts before giving up (≥ 1).
    public var maximumAttempts: Int
    /// Seconds after the loss of the session after which no further attempt starts.
    public var maximumDuration: Double
    /// How long one attempt may wait for the new daemon's `welcome`, seconds.
    public var handshakeTimeout: Double
    /// Whether a `goodbye` from the daemon (it shut down on purpose, e.g. for a restart, or
    /// dropped a client that stopped reading) is retried too. Off by default: a goodbye
    /// means the daemon ended the session deliberately.
    public var afterGoodbye: Bool

    /// A policy; the defaults are `standard`'s. Traps on a non-positive `initialDelay`, a
    /// `multiplier` below 1, a `maximumDelay` below `initialDelay`, no attempts or a negative
    /// `maximumDuration`.
    public init(initialDelay: Double = 0.010, multiplier: Double = 2, maximumDelay: Double = 1,
                maximumAttempts: Int = 120, maximumDuration: Double = 60, handshakeTimeout: Double = 5,
                afterGoodbye: Bool = false) {
        precondition(initialDelay > 0 && initialDelay.isFinite, "ReconnectPolicy.initialDelay must be a positive number of seconds")
        precondition(multiplier >= 1, "ReconnectPolicy.multiplier must be at least 1")
        precondition(maximumDelay >= initialDelay, "ReconnectPolicy.maximumDelay must be at least initialDelay")
        precondition(maximumAttempts >= 1, "ReconnectPolicy.maximumAttempts must be at least 1")
        precondition(maximumDuration >= 0, "ReconnectPolicy.maximumDuration must not be negative")
        self.initialDelay = initialDelay; self.multiplier = multiplier; self.maximumDelay = maximumDelay
        self.maximumAttempts = maximumAttempts; self.maximumDuration = maximumDuration
        self.handshakeTimeout = handshakeTimeout; self.afterGoodbye = afterGoodbye
    }

    /// 10 ms doubling to 1 s, at most 120 attempts or 60 s; not after a goodbye.
    public static let standard = ReconnectPolicy()

    /// The wait before attempt `n` (from 1), seconds.
    public func delay(beforeAttempt n: Int) -> Double {
        var d = initialDelay
        var i = 1
        while i < n && d < maximumDelay { d *= multiplier; i += 1 }
        return min(d, maximumDelay)
    }

    /// Whether a session that ended with `error` is retried.
    public func retries(after error: ConnectionError) -> Bool {
        switch error {
        case .closed, .system: return true
        case .goodbye: return afterGoodbye
        default: return false
        }
    }

    /// The waits and limits in one line, for logs.
    public var description: String {
        "reconnect after \(initialDelay) s ×\(multiplier) up to \(maximumDelay) s, at most \(maximumAttempts) attempts "
            + "or \(maximumDuration) s\(afterGoodbye ? ", also after a goodbye" : "")"
    }
}
