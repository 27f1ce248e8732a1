/// The attempts that replace a lost session, shared by `Connection` (on its I/O thread) and
/// `ControlClient` (on the caller's thread): wait the policy's delay — cut short when the
/// socket file is made again (`SocketWatch`), after which a few attempts follow at short
/// intervals (a daemon that bound its socket may not listen yet) — connect, handshake; until
/// a new session is up, the policy gives up, `stop` says so, or the daemon refuses this
/// client's protocol (it will not change its mind).
enum Reconnector {
    /// Attempts made at short intervals after the socket file changed, before the policy's
    /// delays apply again, and their interval (s).
    static let quickAttemptsAfterChange = 20
    static let quickDelay = 0.005

    /// A handshaken channel to the daemon at `path`, or why there is none:
    /// `.reconnectFailed` (attempts or time exhausted; a refused protocol), `.closedByClient`
    /// (`stop`). `report` hears each `reconnecting` step. `watch` should be made as soon as the
    /// session is known lost (before anyone is told), so no change of the socket is missed.
    static func connect(path: String, clientName: String, policy: ReconnectPolicy, watch: SocketWatch,
                        stop: () -> Bool,
                        report: (ReconnectEvent) -> Void) -> Result<(SocketChannel, Welcome), ConnectionError> {
        let started = MediaTime.now()
        var lastError: ConnectionError?
        var attempt = 0
        var quick = 0
        while true {
            attempt += 1
            let elapsed = MediaTime.now() - started
            if attempt > policy.maximumAttempts || elapsed >= policy.maximumDuration {
                let last = lastError ?? .closed(path: path)
                return .failure(.reconnectFailed(path: path, attempts: attempt - 1, seconds: elapsed, lastError: last))
            }
            let delay = quick > 0 ? min(quickDelay, policy.delay(beforeAttempt: attempt)) : policy.delay(beforeAttempt: attempt)
            quick = max(0, quick - 1)
            report(.reconnecting(attempt: attempt, delay: delay, lastError: lastError))
            if watch.wait(seconds: delay, stop: stop) { quick = quickAttemptsAfterChange }
            if stop() { return .failure(.closedByClient) }
            do throws(ConnectionError) {
                let fresh = try SocketChannel.connect(path: path)
                do { return .success((fresh, try fresh.handshake(clientName: clientName, timeout: policy.handshakeTimeout))) } catch {
                    fresh.close()
                    throw error
                }
            } catch {
                lastError = error
                switch error {
                case .noDaemon, .closed, .timedOut, .system, .handshakeFailed: continue
                default:
                    let elapsed = MediaTime.now() - started
                    return .failure(.reconnectFailed(path: path, attempts: attempt, seconds: elapsed, lastError: error))
                }
            }
        }
    }
}
