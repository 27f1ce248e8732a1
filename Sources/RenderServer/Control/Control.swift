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
            let what = "tree request \(request.requestID)"
            // The job counts first: a client asking faster than it is answered is refused
            // before anything is selected or copied.
            guard admitControl(bytes: 0, what: what, from: session) else { return }
            do {
                let selection = try treeSelection(request)
                let bytes = ServerCore.heldByteCount(layers: selection.reduce(0) { $0 + $1.1.count },
                                                     animations: ServerCore.animationCount(of: selection))
                guard admitControl(bytes: bytes, what: what, from: session) else { return }
                let snapshot = treeSnapshot(request, of: selection)
                let requestID = request.requestID
                submitControl({
                    Message.treeReply(TreeReply(requestID: requestID, mediaTime: snapshot.mediaTime,
                                                json: ServerCore.json(ServerCore.report(of: snapshot))))
                }, bytes: bytes, from: session)
            } catch {
                session.send(.error(ErrorMessage(code: .invalidCommand, message: "\(what): " + error.message,
                                                 fatal: false)))
            }

        case let .snapshotRequest(request):
            // On the manual clock every stepped frame is drawn before the step returns: the
            // frame is copied here, in order with the steps. On the real clock the compositor
            // may be drawing the next frame, which the copy waits for: off the loop thread.
            guard !configuration.clock.isManual, let compositor = output.snapshotting else {
                session.send(snapshotReply(request))
                return
            }
            let bytes = 40 + displayWidth * displayHeight * 4
            guard admitControl(bytes: bytes, what: "snapshot request \(request.requestID)", from: session) else { return }
            let source = SnapshotSource(output: compositor), frame = frameNumber
            let limit = Int(configuration.limits.maxFrameBytes)
            submitControl({ ServerCore.snapshotReply(request, of: source.output.latestFrame(currentFrame: frame), limit: limit) },
                          bytes: bytes, from: session)

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

        case let .frameLogRequest(request):
            answerFrameLog(request, to: session)

        case let .clientsRequest(requestID):
            session.send(.clientsReply(ClientsReply(requestID: requestID, json: ServerCore.json(clientsReport()))))

        case let .kickRequest(request):
            kick(request, from: session)

        case let .injectInput(request):
            injectInput(request, from: session)

        case let .resizeDisplay(request):
            resizeDisplay(request, from: session)

        default:
            break
        }
    }

    /// The `clientsReply` document: every open session, in connection order. Built on the
    /// loop thread: a few numbers per session (sessions are bounded by the descriptors the
    /// daemon may open).
    func clientsReport() -> ClientsReport {
        ClientsReport(sessions: sessions.filter(\.isOpen).map { s in
            ClientsReport.Session(id: s.id, pid: s.peerPID, helloPID: s.helloPID, uid: s.uid, name: s.clientName,
                                  established: s.isEstablished, layers: s.store.layerCount,
                                  animations: s.store.animationCount, contentsBytes: s.contents.bytes,
                                  queuedBytes: s.unreadBytes,
                                  appliedSequence: s.appliedSequence)
        })
    }

    /// Ends the session `request` names (an operator's `rendersrvctl kick`): it gets a fatal
    /// error saying so; the requester gets `kickReply`. Its own session, or one that is not
    /// open, is refused with a non-fatal `invalidCommand`.
    func kick(_ request: KickRequest, from session: ClientSession) {
        guard request.sessionID != session.id else {
            session.send(.error(ErrorMessage(code: .invalidCommand, message: "kick request \(request.requestID): "
                + "session \(request.sessionID) is the requester's own; to end it, send goodbye", fatal: false)))
            return
        }
        guard let target = sessions.first(where: { $0.id == request.sessionID }), target.isOpen else {
            let open = sessions.filter(\.isOpen).map { "\($0.id)" }.prefix(20).joined(separator: ", ")
            session.send(.error(ErrorMessage(code: .invalidCommand, message: "kick request \(request.requestID): no "
                + "open session \(request.sessionID) (open: \(open.isEmpty ? "none" : open)); list them with "
                + "rendersrvctl clients", fatal: false)))
            return
        }
        let client = target.description
        perform(target.kick(by: session.description, reason: request.reason), for: target, now: nil)
        markDirty(target)
        session.send(.kickReply(KickReply(requestID: request.requestID, sessionID: request.sessionID, client: client)))
    }

    /// The latest composited frame, or a non-fatal error when this daemon does not draw or
    /// the frame would not fit in one message. On a real clock the reply carries the last
    /// frame whose pixels are ready (its number says which): copied on the control worker,
    /// since the compositor may be drawing the next one (`CompositorOutput.latestFrame`
    /// waits for it). On the manual clock every stepped frame is drawn before the step
    /// returns, so it is the latest frame, copied here. No drawing on the loop thread.
    func snapshotReply(_ request: SnapshotRequest) -> Message {
        guard let compositor = output.snapshotting else {
            return .error(ErrorMessage(code: .unsupported, message: "snapshot request \(request.requestID): this rendersrvd "
                + "runs with --output none, which draws nothing; start it with --output headless (the default)",
                fatal: false))
        }
        return ServerCore.snapshotReply(request, of: compositor.latestFrame(currentFrame: frameNumber),
                                        limit: Int(configuration.limits.maxFrameBytes))
    }

    /// `f` as the reply to `request`, or a non-fatal error when it is over `limit` bytes.
    /// Any thread.
    static func snapshotReply(_ request: SnapshotRequest, of f: CompositedFrame, limit: Int) -> Message {
        let bytes = 40 + f.pixels.count
        guard bytes <= limit else {
            return .error(ErrorMessage(code: .invalidValue, message: "snapshot request \(request.requestID): a "
                + "\(f.width)x\(f.height) frame is \(bytes) bytes, over the frame limit of \(limit) "
                + "bytes; start rendersrvd with a larger --max-frame-bytes or a smaller --size", fatal: false))
        }
        return .snapshotReply(SnapshotReply(requestID: request.requestID, frame: f.frame, width: UInt32(f.width),
                                            height: UInt32(f.height), pixels: f.pixels))
    }
}

/// An output's snapshots, handed to the control worker: `FrameSnapshotting.latestFrame` may
/// be called from any thread (the output's other members stay on the loop thread).
struct SnapshotSource: @unchecked Sendable {
    let output: any FrameSnapshotting
}
