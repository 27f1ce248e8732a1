import RenderCore
import RenderProtocol

/// A sender's side of surviving a daemon restart: the image of what the session holds
/// (`SessionImage`), the numbering of commits across sessions, and the commits made while
/// no session was up. The one mechanism behind both owners: `ConnectionCore` (behind its
/// lock; the replay is written by the I/O thread as soon as a new session is up, whatever
/// the app's queue is doing) and a `Context` on a custom commit sink (on its queue, when
/// it is fed `reconnected`).
///
///     up ──sessionLost()──▶ down ──planReplay(…) … written ──replaySent(_:)──▶ up
///        sent(_:)              absorb(_:) (image + marker, bounded)
///
/// **Sequence numbers** (Protocol/PROTOCOL.md §4.1). When a session is lost, `replayReserve`
/// numbers above the last one used are reserved; the replay takes them from the bottom, and
/// every commit numbered from then on (`nextSequence()`) is above them. So the replay sorts
/// above every commit of the lost session (its acknowledgement covers theirs: it carries
/// their effect) and below every commit made while down. Those are applied to the image
/// (the replay carries their changes) and sent after the replay, in order, as commits with
/// no commands, their own sequence numbers and media times (markers): the daemon
/// acknowledges each, which drives the app's bookkeeping in order.
struct SessionMirror {
    /// Sequence numbers reserved for a replay (its commits, when it must be split).
    static let replayReserve: UInt64 = 1024

    /// A commit made while no session was up.
    struct Marker: Equatable {
        var sequence: UInt64
        var mediaTime: Double
        var requestsPresentation: Bool
    }

    /// A replay ready to be written: its commits with their frames, then the markers.
    struct Plan {
        var parts: [(commit: Commit, frame: [UInt8])]
        var markers: [Marker]
        var layers: Int
        var animations: Int
        /// Animations that ended while away (removed on completion): not replayed.
        var completed: [UInt64]
        var sequences: ClosedRange<UInt64> { parts.first!.commit.sequence...parts.last!.commit.sequence }
    }

    var image = SessionImage()
    /// The highest sequence number used (sent, absorbed or replayed).
    private(set) var lastSequence: UInt64 = 0
    /// The highest number ever reserved: commits are numbered above it.
    private(set) var reservedTop: UInt64 = 0
    /// The first number reserved for the replay; set from the loss of a session until a
    /// replay was written whole.
    private(set) var replayBase: UInt64?
    /// Commits made while down, oldest first.
    private(set) var markers: [Marker] = []
    /// How many markers are kept (≥ 0); past it a commit's animations are left out and it
    /// is refused with `.resyncQueueFull` (its other changes stay in the image).
    var maxMarkers = 4096
    /// The last daemon's limits: while down, a commit that would take the image past its
    /// `maxLayers` or `maxAnimations` is not kept (the next daemon would refuse the replay).
    var limits = Limits.default
    /// Animations found ended by a replay that was not written whole: reported with the
    /// next replay that is.
    private var completedPending: [UInt64] = []

    /// Whether a session was lost and its replacement has not had its replay yet.
    var isDown: Bool { replayBase != nil }

    /// The number the next commit takes.
    func nextSequence() -> UInt64 { max(lastSequence, reservedTop) + 1 }

    /// A commit went to the current session.
    mutating func sent(_ commit: Commit) {
        image.apply(commit)
        lastSequence = max(lastSequence, commit.sequence)
    }

    /// A number was used for a commit that was not sent (too large): not to be used again,
    /// so that what refers to it (the context's records of that commit) stays unambiguous.
    mutating func skipped(_ sequence: UInt64) { lastSequence = max(lastSequence, sequence) }

    /// The session is gone (idempotent while down): reserve the replay's numbers.
    mutating func sessionLost() {
        guard replayBase == nil else { return }
        replayBase = lastSequence + 1
        reservedTop = max(reservedTop, lastSequence + SessionMirror.replayReserve)
    }

    /// A commit made while down: into the image, and a marker to send after the replay.
    /// Past `maxMarkers` its animations are left out and `.resyncQueueFull` is thrown (its
    /// other changes are kept: they reach the next daemon with the replay).
    mutating func absorb(_ commit: Commit) throws(ConnectionError) {
        lastSequence = max(lastSequence, commit.sequence)
        // While up the daemon caps what the image mirrors; while down, the same limits,
        // counted before the commit's own removals.
        var creates = 0, adds = 0
        for c in commit.commands {
            switch c {
            case .createLayer: creates += 1
            case .addAnimation, .retargetSpring: adds += 1
            default: break
            }
        }
        if image.layers.count + creates > Int(limits.maxLayers) {
            throw .limitWhileDisconnected(sequence: commit.sequence, limit: "maxLayers", value: Int(limits.maxLayers),
                                          wanted: image.layers.count + creates)
        }
        if image.animationCount + adds > Int(limits.maxAnimations) {
            throw .limitWhileDisconnected(sequence: commit.sequence, limit: "maxAnimations",
                                          value: Int(limits.maxAnimations), wanted: image.animationCount + adds)
        }
        guard markers.count < maxMarkers else {
            for c in commit.commands {
                switch c {
                case .addAnimation, .retargetSpring: continue
                default: image.apply(c)
                }
            }
            throw .resyncQueueFull(sequence: commit.sequence, limit: maxMarkers)
        }
        image.apply(commit)
        markers.append(Marker(sequence: commit.sequence, mediaTime: commit.mediaTime,
                              requestsPresentation: commit.requestsPresentation))
    }

    /// A connection that never committed has nothing to replay: it is up again as it was.
    mutating func skipReplayIfUnused() -> Bool {
        guard lastSequence == 0, markers.isEmpty, image.isEmpty else { return false }
        replayBase = nil
        reservedTop = 0
        return true
    }

    /// The replay of the image for a new session with `limits`, at media time `now`: the
    /// commands split into commits numbered from `replayBase`, each within the daemon's
    /// command count and frame size (a list is halved until its frame fits), encoded once.
    /// Throws `.commitTooLarge` when it cannot fit (a command alone above the frame limit,
    /// or more commits than the reserve).
    mutating func planReplay(limits: Limits, now: Double) throws(ConnectionError) -> Plan {
        let base = replayBase ?? (lastSequence + 1)
        let r = image.replayCommands(at: now)
        completedPending += r.completed.map(\.id)
        // With nothing to recreate, one empty commit still acknowledges the lost session's commits.
        let maxCommands = max(1, Int(limits.maxCommandsPerCommit))
        let maxBytes = Int(limits.maxFrameBytes)
        var pending: [ArraySlice<Command>] = []
        var start = 0
        repeat {
            let end = min(r.commands.count, start + maxCommands)
            pending.append(r.commands[start..<end])
            start = end
        } while start < r.commands.count
        var parts: [(commit: Commit, frame: [UInt8])] = []
        var i = 0
        while i < pending.count {
            let slice = pending[i]
            guard UInt64(parts.count) < SessionMirror.replayReserve else {
                throw .commitTooLarge(sequence: base, bytes: r.commands.count, limit: Int(SessionMirror.replayReserve))
            }
            let commit = Commit(sequence: base + UInt64(parts.count), mediaTime: now, commands: Array(slice))
            let frame = WireCodec.encode(.commit(commit))
            if frame.count > maxBytes {
                guard slice.count > 1 else { throw .commitTooLarge(sequence: commit.sequence, bytes: frame.count, limit: maxBytes) }
                let mid = slice.startIndex + slice.count / 2
                pending.replaceSubrange(i...i, with: [slice[..<mid], slice[mid...]])
                continue
            }
            parts.append((commit, frame))
            i += 1
        }
        return Plan(parts: parts, markers: markers, layers: r.layers, animations: r.animations,
                    completed: completedPending)
    }

    /// The plan was written whole: the session is up again.
    mutating func replaySent(_ plan: Plan) {
        lastSequence = max(lastSequence, plan.parts.last!.commit.sequence)
        if let m = plan.markers.last { lastSequence = max(lastSequence, m.sequence) }
        markers.removeFirst(min(plan.markers.count, markers.count))
        completedPending = []
        replayBase = nil
    }
}

/// What a replay sent, for the context that reports it (`Context.noteReplayed`).
struct ReplayOutcome {
    var welcome: Welcome
    var sequences: ClosedRange<UInt64>
    var parts: Int
    var layers: Int
    var animations: Int
    var markers: Int
    /// Animations that ended while away and were not replayed (their stops were lost).
    var completed: [UInt64]

    init(_ plan: SessionMirror.Plan, welcome: Welcome) {
        self.welcome = welcome
        sequences = plan.sequences
        parts = plan.parts.count
        layers = plan.layers
        animations = plan.animations
        markers = plan.markers.count
        completed = plan.completed
    }
}
