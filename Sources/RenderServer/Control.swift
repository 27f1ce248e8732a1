import RenderProtocol

/// Control requests: any established session may send them (`rendersrvctl` and tests do).
/// Errors here are non-fatal: the requester gets an error message and goes on.
extension ServerCore {
    /// The most frames one `clockStep` may produce (a guard against a step of years).
    static let maxFramesPerStep = 1_000_000

    func handleControl(_ message: Message, from session: ClientSession) {
        switch message {
        case let .statsRequest(requestID):
            session.send(.statsReply(StatsReply(requestID: requestID, json: ServerCore.json(statsReport()))))

        case let .treeRequest(request):
            do {
                let snapshot = try treeSnapshot(request)
                let sessionID = session.id, requestID = request.requestID
                offload({
                    Message.treeReply(TreeReply(requestID: requestID, mediaTime: snapshot.mediaTime,
                                                json: ServerCore.json(ServerCore.report(of: snapshot))))
                }, then: { [weak self] reply in self?.deliver(reply, to: sessionID) })
            } catch {
                session.send(.error(ErrorMessage(code: .invalidCommand, message: "tree request \(request.requestID): "
                    + error.message, fatal: false)))
            }

        case let .snapshotRequest(request):
            session.send(.error(ErrorMessage(code: .unsupported, message: "snapshot request \(request.requestID): "
                + "snapshots come with the compositor, which this rendersrvd does not have yet (frames are headless); "
                + "use a tree dump (treeRequest) to inspect what would be drawn", fatal: false)))

        case let .clockStep(step):
            guard configuration.clock.isManual else {
                session.send(.error(ErrorMessage(code: .unsupported, message: "clock step \(step.requestID): this "
                    + "rendersrvd runs on the real clock; start it with --clock manual to step frames by hand",
                    fatal: false)))
                return
            }
            let frames = step.seconds * configuration.refreshRate
            guard step.seconds.isFinite, step.seconds >= 0, frames <= Double(ServerCore.maxFramesPerStep) else {
                session.send(.error(ErrorMessage(code: .invalidValue, message: "clock step \(step.requestID): "
                    + "\(step.seconds) s is not a step the clock can take; use 0 ≤ seconds ≤ "
                    + "\(Double(ServerCore.maxFramesPerStep) / configuration.refreshRate) per step", fatal: false)))
                return
            }
            _ = stepManualClock(by: step.seconds)
            session.send(.clockStepped(ClockStepped(requestID: step.requestID, frame: frameNumber,
                                                    mediaTime: lastFrameTime)))

        default:
            break
        }
    }
}
