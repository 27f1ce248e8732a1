/// The daemon's budget for input it holds before it is handled: partial frames (reserved
/// whole from each frame's header) and the payloads of streamed commits until decoded, over
/// all sessions (`Limits.maxDaemonPendingBytes`). The core owns it and lends it to each
/// session call that may reserve or release from it (`ClientSession.receive`, `resume`,
/// `stepJob`); a session that ends hands back what it held in its `ended` action.
struct InboundBudget: Equatable {
    /// The most bytes all sessions may hold at once.
    let limit: Int
    /// Bytes reserved now, over all sessions.
    private(set) var reserved = 0

    init(limit: Int) { self.limit = limit }

    /// Reserves `bytes` if they fit under the limit; false (nothing reserved) otherwise.
    mutating func reserve(_ bytes: Int) -> Bool {
        guard reserved + bytes <= limit else { return false }
        reserved += bytes
        return true
    }

    /// Gives back `bytes` reserved earlier.
    mutating func release(_ bytes: Int) { reserved -= bytes }
}
