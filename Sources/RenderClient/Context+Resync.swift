import Dispatch
import RenderCore
import RenderProtocol

/// How a context survives the loss of its daemon session (the daemon crashed, was killed,
/// or restarted) when its connection reconnects.
///
///     up ──session lost──▶ down ──reconnected──▶ replay sent ──its commitApplied──▶ resynced (up)
///                          │  commits: built as usual (begin times resolved, records
///                          │  committed), then queued as markers (bounded)
///                          └─ the connection gives up ──▶ connectionDidEnd (everything stops)
///
/// **The model is the truth.** The replay is the context's current model, whole: every live
/// layer (in a tree or not) is created with every property ever set on it (the others
/// have Core Animation's defaults on the new daemon too), its layer timing, the hierarchy,
/// the root, and every attached animation in the order added, *as resolved when first
/// committed* (absolute begin times unchanged — media time is `CLOCK_MONOTONIC`, the same
/// clock in both daemons, so motion continues where it would have been). A running animation keeps its id, record,
/// delegate and completion groups: the new daemon reports its start (told to the delegate
/// only if it never started) and its end, and completion blocks then run. Animations whose
/// end passed while away and that are removed on completion are not replayed: they are
/// reported stopped (`finished == true`) when the replay is acknowledged, after `resynced`
/// (if the new session is lost first, the next replay finds them ended again). Finished animations held
/// by `isRemovedOnCompletion == false` are replayed (they keep filling).
///
/// **Queued commits.** A commit made while down is built as usual — its changes are in the
/// model, its animations resolved at its own commit time — so the replay already carries
/// all of its effect. What the model cannot carry is the commit's place in the sequence:
/// after the replay each queued commit is sent, in order, as an empty commit with its own
/// sequence number and media time, and the daemon's acknowledgement of it does what an
/// acknowledgement does (removals it made stop their animations, `onCommitApplied`,
/// `waitUntilApplied`). At most `maxQueuedCommits` are kept; past that a commit's
/// animations stop and `onError` gets `.resyncQueueFull`.
///
/// **Sequence numbers.** They keep increasing across sessions. When a session is lost the
/// context reserves `replayReserve` numbers above the last one used (later commits are
/// numbered above them; `lastSentSequence` counts only numbers used); the replay takes them
/// (several commits only when the model exceeds the new daemon's `maxFrameBytes` or
/// `maxCommandsPerCommit`), so it sorts below every queued commit and above every commit of
/// the lost session (`waitUntilApplied` of a lost commit returns with the replay's
/// acknowledgement, which contains its effect).
///
/// **Open transactions.** The replay waits until this context has no changes in an open
/// transaction (their commit comes first, queued, then the replay).
///
/// **Manual clocks.** A manual-clock daemon starts its own time grid when it starts; the
/// context's clock follows the new daemon's time (its welcome), while replayed animations
/// keep their absolute begin times, so where they stand on the new grid is up to whoever
/// steps that clock: nothing assumes continuity there.
struct ResyncState {
    /// Between the loss of a session and a replay sent whole.
    var isDown = false
    /// The first of the sequence numbers reserved for the replay; kept until the replay and
    /// every queued commit went out.
    var replayBase: UInt64?
    /// The highest number ever reserved: commits are numbered above it.
    var reservedTop: UInt64 = 0
    /// Commits made while down, oldest first.
    var queued: [QueuedCommit] = []
    /// A new session is up, and the replay waits for the open transaction's commit.
    var replayDue = false
    var welcome: Welcome?
    /// The replay was sent: `resynced` is reported when this sequence is acknowledged, and
    /// the animations that ended while away (not replayed) are then reported stopped.
    var awaiting: (sequence: UInt64, report: ResyncReport, completed: [AnimationRecord])?
    /// Layers released before a replay whose `destroyLayer` is still to be recorded: the
    /// new daemon never had them, so that command is left out.
    var destroyedBeforeReplay: Set<LayerID> = []

    struct QueuedCommit: Equatable {
        var sequence: UInt64
        var mediaTime: Double
    }
}

extension Context {
    /// Sequence numbers reserved for a replay (its commits, when it must be split).
    static let replayReserve: UInt64 = 1024

    /// Whether commits are being queued for a reconnection.
    public var isResyncing: Bool { resync.isDown }

    /// Commits made while disconnected and waiting for the replay.
    public var queuedCommitCount: Int { resync.queued.count }

    /// Feeds one reconnection step to the context: what a `Connection` does on the callback
    /// queue, and what tests do to simulate one. `disconnected` starts queuing;
    /// `reconnected` replays the model (now, or after the open transaction's commit) and
    /// sends the queued commits; `resynced` is reported once the replay is acknowledged.
    /// `onReconnect` is told of every step.
    public func deliver(reconnect event: ReconnectEvent) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !isDisconnected else { return }
        switch event {
        case .disconnected:
            sessionLost()
            onReconnect?(event)
        case .reconnecting, .gaveUp, .resynced:
            onReconnect?(event)
        case let .reconnected(welcome):
            sessionLost()
            resync.welcome = welcome
            onReconnect?(event)
            if isTouched { resync.replayDue = true } else { replay() }
        }
    }

    /// Sends a built commit, or queues it while the session is being replaced.
    func dispatch(_ commit: Commit) {
        if resync.isDown {
            enqueue(commit)
            return
        }
        do throws(ConnectionError) { try sink(commit) } catch {
            if willReconnect(after: error) {
                sessionLost()
                enqueue(commit)
            } else {
                reportError(error)
            }
        }
    }

    /// Whether a failed send means "the session is being replaced" (so the commit waits).
    private func willReconnect(after error: ConnectionError) -> Bool {
        guard let c = connection, c.reconnectPolicy != nil, !c.isEnded else { return false }
        switch error {
        case .commitTooLarge, .closedByClient, .reconnectFailed: return false
        default: return true
        }
    }

    private func enqueue(_ commit: Commit) {
        guard resync.queued.count < maxQueuedCommits else {
            reportError(.resyncQueueFull(sequence: commit.sequence, limit: maxQueuedCommits))
            return
        }
        resync.queued.append(.init(sequence: commit.sequence, mediaTime: commit.mediaTime))
    }

    /// A commit that will never reach a daemon: its animations and its removals stop.
    func abandon(_ sequence: UInt64) {
        stopAnimations(ofCommit: sequence)
        for (seq, r) in removing[removingHead...] where seq == sequence { finish(r, finished: false) }
    }

    /// The session is gone (idempotent while down): queue from now on; removals the lost
    /// daemon may not have applied stop now (the model no longer has those animations).
    func sessionLost() {
        resync.awaiting = nil
        guard !resync.isDown else { return }
        resync.isDown = true
        if resync.replayBase == nil {
            resync.replayBase = lastSentSequence + 1
            resync.reservedTop = lastSentSequence + Context.replayReserve
        }
        let lost = removing[removingHead...].map(\.record)
        removing.removeAll(); removingHead = 0
        for r in lost { finish(r, finished: false) }
    }

    /// Sends the model, then the queued commits (see `ResyncState`). Stays down when a send
    /// fails (the connection reports the next session, and the replay starts over).
    func replay() {
        resync.replayDue = false
        guard resync.isDown, !isDisconnected, let welcome = resync.welcome, let base = resync.replayBase else { return }
        let now = clock()
        var commands: [Command] = []
        var layers: [Layer] = []
        layers.reserveCapacity(liveLayers.count)
        for id in liveLayers.keys.sorted() {
            if let l = liveLayers[id]?.value { layers.append(l) } else { resync.destroyedBeforeReplay.insert(id) }
        }
        for l in layers { commands.append(.createLayer(l.id, l.kind)) }
        for l in layers where !l.timing.isIdentity { commands.append(.setTiming(l.id, l.timing)) }
        for l in layers {
            var mask = l.setMask
            while mask != 0 {
                let key = PropertyKey(rawValue: UInt8(mask.trailingZeroBitCount))!
                mask &= mask - 1
                commands.append(.setProperty(l.id, LayerKeyPath(key), l.storage.value(of: key)))
            }
        }
        for l in layers {
            for (i, child) in l.sublayers.enumerated() {
                commands.append(.insertSublayer(parent: l.id, child: child.id, index: UInt32(i)))
            }
        }
        if let root = rootLayer { commands.append(.setRoot(root.id)) }
        var animations = 0
        var completed: [AnimationRecord] = []
        for l in layers where !l.entries.isEmpty {
            var local: Double?
            for r in l.entries {
                let running = r.state == .sent
                guard running || r.heldOnServer else { continue }
                if running && r.animation.isRemovedOnCompletion {
                    let t = local ?? l.localTime(at: now)
                    local = t
                    if r.animation.timing.state(at: t).phase == .after {
                        completed.append(r)
                        continue
                    }
                }
                animations += 1
                commands.append(.addAnimation(l.id, key: r.key, animationID: r.id, animation: r.animation))
            }
        }
        guard let parts = split(commands, base: base, mediaTime: now, limits: welcome.limits) else { return }
        connection?.openCommitGate()
        for part in parts {
            do throws(ConnectionError) {
                if let connection { try connection.send(encoded: part.frame, sequence: part.commit.sequence) } else {
                    try sink(part.commit)
                }
            } catch {
                if !willReconnect(after: error) { reportError(error) }
                return
            }
            lastSentSequence = max(lastSentSequence, part.commit.sequence)
        }
        // Handlers waiting for commits the lost daemon had and never showed will not hear
        // from this one: they get nil. Those of queued commits wait on (sent below).
        let queuedSequences = Set(resync.queued.map(\.sequence))
        for sequence in presentedWaiters.keys.sorted() where !queuedSequences.contains(sequence) {
            presentationDiscarded(ofCommit: sequence)
        }
        let queuedCount = resync.queued.count
        while let q = resync.queued.first {
            do throws(ConnectionError) {
                // Its changes are in the replayed model; the empty commit keeps the sequence
                // (and a presented handler waiting for it hears when the new daemon shows it).
                try sink(Commit(sequence: q.sequence, mediaTime: q.mediaTime, commands: [],
                                requestsPresentation: presentedWaiters[q.sequence] != nil))
            } catch {
                if !willReconnect(after: error) { reportError(error) }
                return
            }
            resync.queued.removeFirst()
        }
        resync.isDown = false
        resync.replayBase = nil
        let last = parts.last!.commit.sequence
        let report = ResyncReport(sessionID: welcome.sessionID, layers: layers.count, animations: animations,
                                  completedWhileAway: completed.count, queuedCommits: queuedCount,
                                  replayCommits: parts.count, replaySequences: parts.first!.commit.sequence...last)
        resync.awaiting = (last, report, completed)
    }

    /// The replay's commitApplied arrived: report `resynced`, then the stops of the
    /// animations that ended while away (as the new daemon's first frame would have).
    func noteApplied(_ sequence: UInt64) {
        guard let a = resync.awaiting, sequence >= a.sequence else { return }
        resync.awaiting = nil
        onReconnect?(.resynced(a.report))
        for r in a.completed where r.state == .sent {
            if !r.didStart { r.didStart = true; r.delegate?.animationDidStart(r.animation) }
            finish(r, finished: true)
        }
    }

    /// The replay as commits numbered from `base`, each within the daemon's command count
    /// and frame size (a command list is halved until its frame fits), with their frames
    /// (encoded once). `nil` (with `onError` told, and the connection closed) when even
    /// that fails.
    private func split(_ commands: [Command], base: UInt64, mediaTime: Double,
                       limits: Limits) -> [(commit: Commit, frame: [UInt8])]? {
        let maxCommands = max(1, Int(limits.maxCommandsPerCommit))
        let maxBytes = Int(limits.maxFrameBytes)
        var pending: [ArraySlice<Command>] = []
        var start = 0
        repeat {
            let end = min(commands.count, start + maxCommands)
            pending.append(commands[start..<end])
            start = end
        } while start < commands.count
        var parts: [(commit: Commit, frame: [UInt8])] = []
        var i = 0
        while i < pending.count {
            let slice = pending[i]
            guard UInt64(parts.count) < Context.replayReserve else {
                fail(.commitTooLarge(sequence: base, bytes: commands.count, limit: Int(Context.replayReserve)))
                return nil
            }
            let commit = Commit(sequence: base + UInt64(parts.count), mediaTime: mediaTime, commands: Array(slice))
            let frame = WireCodec.encode(.commit(commit))
            if frame.count > maxBytes {
                guard slice.count > 1 else {
                    fail(.commitTooLarge(sequence: commit.sequence, bytes: frame.count, limit: maxBytes))
                    return nil
                }
                let mid = slice.startIndex + slice.count / 2
                pending.replaceSubrange(i...i, with: [slice[..<mid], slice[mid...]])
                continue
            }
            parts.append((commit, frame))
            i += 1
        }
        return parts
    }

    /// The replay cannot be sent to this daemon at all: say why and end the connection.
    private func fail(_ e: ConnectionError) {
        reportError(e)
        connection?.close(reason: "the client's model cannot be replayed within the daemon's limits")
    }
}
