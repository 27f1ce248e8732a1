import Dispatch
import RenderCore
import RenderProtocol

/// How a context survives the loss of its daemon session (the daemon crashed, was killed,
/// or restarted) when its connection reconnects.
///
///     connection (I/O thread): up ──lost──▶ down ──new session──▶ replay + markers written ──▶ up
///     context (its queue):      disconnected … reconnected, replayed ──the replay's commitApplied──▶ resynced
///
/// **What the daemon held is the truth.** The replay is not built from the app's model on
/// the app's queue: the sender keeps the image of what the daemon holds — the sum of the
/// commits it sent, as the daemon applied them (`SessionImage`, in `SessionMirror`) — and
/// writes it to the new daemon as soon as the connection is back, on the connection's I/O
/// thread, whatever the callback queue is doing (a main thread blocked for seconds does not
/// keep the screen empty). Every layer the daemon had is created with every property set on
/// it (the others have Core Animation's defaults on the new daemon too), its layer timing,
/// the hierarchy, the root, and every attached animation in the daemon's order *as
/// committed* (absolute begin times unchanged — media time is `CLOCK_MONOTONIC`, the same
/// clock in both daemons, so motion continues where it would have been). A running
/// animation keeps its id, record, delegate and completion groups: the new daemon reports
/// its start (told to the delegate only if it never started) and its end, and completion
/// blocks then run. Animations whose end passed while away and that are removed on
/// completion are not replayed: they are reported stopped (`finished == true`) when the
/// replay is acknowledged, after `resynced`. Finished animations held by
/// `isRemovedOnCompletion == false` are replayed (they keep filling).
///
/// **Commits made while down** (the context may not know yet: its queue may be blocked) are
/// built as usual — begin times resolved at their own commit — and go into the image, so
/// the replay carries their effect; after the replay each is sent, in order, as a commit
/// with no commands and its own sequence number and media time, and the daemon's
/// acknowledgement of it does what an acknowledgement does (removals it made stop their
/// animations, `onCommitApplied`, `waitUntilApplied`). At most `maxQueuedCommits` are kept;
/// past that a commit's animations are left out and stopped, and `onError` gets
/// `.resyncQueueFull`.
///
/// **Sequence numbers.** They keep increasing across sessions. When a session is lost the
/// sender reserves `SessionMirror.replayReserve` numbers above the last one used (later
/// commits are numbered above them; `lastSentSequence` counts only numbers used); the
/// replay takes them (several commits only when it exceeds the new daemon's `maxFrameBytes`
/// or `maxCommandsPerCommit`), so it sorts below every queued commit and above every commit
/// of the lost session (`waitUntilApplied` of a lost commit returns with the replay's
/// acknowledgement, which contains its effect).
///
/// **Open transactions** do not hold the replay back: it is what was committed; their
/// commit follows it.
///
/// **Manual clocks.** A manual-clock daemon starts its own time grid when it starts; the
/// context's clock follows the new daemon's time (its welcome), while replayed animations
/// keep their absolute begin times, so where they stand on the new grid is up to whoever
/// steps that clock: nothing assumes continuity there.
struct ResyncState {
    /// Between `disconnected` and the replay's outcome.
    var isDown = false
    /// The replay was sent: `resynced` is reported when this sequence is acknowledged, and
    /// the animations that ended while away (not replayed) are then reported stopped.
    var awaiting: (sequence: UInt64, report: ResyncReport, completed: [UInt64])?
    /// Animations found ended by a replay whose session was lost before its acknowledgement.
    var completedCarried: [UInt64] = []
}

extension Context {
    /// Sequence numbers reserved for a replay (its commits, when it must be split).
    static let replayReserve: UInt64 = SessionMirror.replayReserve

    /// Whether the context is following the replacement of a lost session (from
    /// `disconnected` until the replay was sent).
    public var isResyncing: Bool { resync.isDown }

    /// Commits made while disconnected and waiting for the replay.
    public var queuedCommitCount: Int {
        if isDisconnected { return 0 }
        return connection?.core.mirror.withLock { $0.markers.count } ?? localMirror?.markers.count ?? 0
    }

    /// Feeds one reconnection step to the context: what a `Connection` does on the callback
    /// queue, and what tests do to simulate one. `onReconnect` is told of every step. With a
    /// connection, the replay was written by the connection already; with a custom commit
    /// sink, `disconnected` starts keeping commits for the next daemon and `reconnected`
    /// replays this context's image through the sink, then the commits kept. `resynced` is
    /// reported once the replay is acknowledged. A `reconnected` whose welcome has another
    /// display than `displaySize`/`refreshRate` is heard as a display change too
    /// (`onDisplayChange`, after `onReconnect`).
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
            onReconnect?(event)
            let display = DisplayChanged(width: welcome.displayWidth, height: welcome.displayHeight,
                                         refreshRate: welcome.refreshRate)
            if displaySize != Size(width: Double(display.width), height: Double(display.height))
                || refreshRate != display.refreshRate {
                // The new daemon's display is another: heard as a change.
                displayChanged(display)
            }
            if connection == nil { replayLocally(to: welcome) }
        }
    }

    /// The session is gone: a replay still unacknowledged will not be; the animations it
    /// found ended are reported with the next one.
    func sessionLost() {
        if let a = resync.awaiting { resync.completedCarried += a.completed }
        resync.awaiting = nil
        resync.isDown = true
        localMirror?.sessionLost()
    }

    /// A custom sink's replay: this context's image, then the commits kept while down.
    private func replayLocally(to welcome: Welcome) {
        guard localMirror?.isDown == true, let sink = commitSink else { return }
        let plan: SessionMirror.Plan
        do throws(ConnectionError) { plan = try localMirror!.planReplay(limits: welcome.limits, now: clock()) } catch {
            reportError(error)
            return
        }
        for part in plan.parts { sink(part.commit) }
        for m in plan.markers {
            sink(Commit(sequence: m.sequence, mediaTime: m.mediaTime, commands: [], requestsPresentation: m.requestsPresentation))
        }
        localMirror!.replaySent(plan)
        localMirror!.limits = welcome.limits
        noteReplayed(ReplayOutcome(plan, welcome: welcome))
    }

    /// The replay went out (written by the connection's I/O thread, or through the sink):
    /// `resynced` waits for its acknowledgement. Presented handlers waiting for commits the
    /// lost daemon had and never showed will not hear from this one: they get nil; those of
    /// commits made while down wait on (their markers ask again).
    func noteReplayed(_ outcome: ReplayOutcome) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !isDisconnected else { return }
        resync.isDown = false
        lastSentSequence = max(lastSentSequence, outcome.sequences.upperBound)
        for sequence in presentedWaiters.keys.sorted() where sequence < outcome.sequences.lowerBound {
            presentationDiscarded(ofCommit: sequence)
        }
        let completed = resync.completedCarried + outcome.completed
        resync.completedCarried = []
        let report = ResyncReport(sessionID: outcome.welcome.sessionID, layers: outcome.layers,
                                  animations: outcome.animations, completedWhileAway: completed.count,
                                  queuedCommits: outcome.markers, replayCommits: outcome.parts,
                                  replaySequences: outcome.sequences)
        resync.awaiting = (outcome.sequences.upperBound, report, completed)
    }

    /// A commit that will never reach a daemon: its animations and its removals stop.
    func abandon(_ sequence: UInt64) {
        stopAnimations(ofCommit: sequence)
        for (seq, r) in removing[removingHead...] where seq == sequence { finish(r, finished: false) }
    }

    /// The replay's commitApplied arrived: report `resynced`, then the stops of the
    /// animations that ended while away (as the new daemon's first frame would have).
    func noteApplied(_ sequence: UInt64) {
        guard let a = resync.awaiting, sequence >= a.sequence else { return }
        resync.awaiting = nil
        onReconnect?(.resynced(a.report))
        for id in a.completed {
            guard let r = records[id], r.state == .sent else { continue }
            if !r.didStart { r.didStart = true; r.delegate?.animationDidStart(r.animation) }
            finish(r, finished: true)
        }
    }
}
