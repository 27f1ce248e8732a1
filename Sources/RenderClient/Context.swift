import Dispatch
import RenderCore
import RenderProtocol

/// Ties a layer world to a server session: allocates layer ids (from 1) and animation ids
/// (from 1), turns each transaction's changes into a `Commit`, and routes the server's
/// events (`commitApplied`, `animationStarted`, `animationStopped`, errors) to animation
/// delegates and transaction completion blocks.
///
///     Layer changes ─▶ Transaction (per callback queue) ─▶ Context.commitDelta ─▶ commit sink
///     server events ─▶ Connection (I/O thread) ─▶ callback queue ─▶ Context.deliver(_:)
///
/// A context usually wraps a `Connection` (`init(connection:)`). For tests, or another
/// transport, it takes any commit sink and is fed events with `deliver(_:)` and
/// `connectionDidEnd(_:)`.
///
/// Surviving a daemon restart (see `Context+Resync.swift`): when its connection loses the
/// session and reconnects, the connection replays what the lost daemon held (the image of
/// the commits sent, `SessionImage`) at once, on its own thread, then the commits made in
/// between; the context follows on its queue (`onReconnect`, `resynced`, the stops of
/// animations that ended while away). A context on a custom commit sink keeps the same
/// image itself and replays it through the sink when fed `reconnected`.
///
/// Thread affinity: a context, its layers and its transactions belong to its callback
/// queue; every method runs there (checked with `dispatchPrecondition`) unless it says
/// otherwise. Layers created without an explicit context use the first live context of the
/// queue they are created on (`Context.current`).
///
/// Sendable only so that its queue's work items may carry it: it is confined to `queue`
/// (checked with `dispatchPrecondition`).
public final class Context: @unchecked Sendable {
    /// The queue layers are used on and events are delivered on.
    public let queue: DispatchQueue
    /// The connection commits go to, if the context was made with one.
    public let connection: Connection?
    /// The media-time source for commits and `presentation()`, seconds: `MediaTime.now`,
    /// the server's time for a manual-clock daemon, or what the creator injected.
    public let clock: () -> Double

    /// Server errors that do not end the session (a rejected commit: the model and the
    /// server's tree may now differ), commits too large to send and failed writes.
    public var onError: ((ConnectionError) -> Void)?
    /// The connection ended for good (no reconnect policy, a non-retryable end, or the
    /// policy gave up); outstanding animations have been stopped (`finished == false`). A
    /// session that is being replaced is reported by `onReconnect` instead.
    public var onDisconnect: ((ConnectionError) -> Void)?
    /// Every `commitApplied` event, after the context has processed it.
    public var onCommitApplied: ((CommitApplied) -> Void)?
    /// A pointer event the daemon delivered to one of this context's layers (protocol
    /// version 3, PROTOCOL.md §5.3): the press, moves and release of a pointer captured by
    /// the layer it pressed, hover and wheel events over a layer. The layer is nil when it
    /// was released since. On the context's queue, in the order the daemon sent them.
    public var onPointerEvent: ((PointerEvent, Layer?) -> Void)?
    /// A key event while this context has the keyboard focus (its layer took the last
    /// press); the layer is the one pressed, nil when released since.
    public var onKeyEvent: ((KeyEvent, Layer?) -> Void)?
    /// An interaction tracker of this context's layers reported its state, its position
    /// (at most once a frame) or the fate of a request (PROTOCOL.md §6.2). By then the
    /// layer's model `bounds.origin` already follows the reported position.
    public var onTrackerUpdate: ((TrackerUpdate, Layer?) -> Void)?
    /// The display changed size or refresh rate (protocol version 4, PROTOCOL.md §5.4): its
    /// window was resized or moved to another monitor, or `rendersrvctl resize` asked. By
    /// then `displaySize` and `refreshRate` hold the new values; a root layer sized to the
    /// display is the app's to resize. On the context's queue, in order with the other
    /// events. Also told after a reconnection to a daemon whose display differs.
    public var onDisplayChange: ((DisplayChanged) -> Void)?
    /// The display's size in points, as the daemon last said: its welcome, then each
    /// `displayChanged`. Zero for a context on a custom commit sink until it is delivered a
    /// `displayChanged` or a reconnection's welcome (`deliver(reconnect:)`).
    public internal(set) var displaySize: Size
    /// The display's refresh rate in frames per second, as the daemon last said (0 while
    /// `displaySize` is zero).
    public internal(set) var refreshRate: Double
    /// Each step of replacing a lost session: `disconnected`, `reconnecting` (per attempt),
    /// `reconnected`, then `resynced` once the new daemon applied the replay (what the lost
    /// daemon held, written by the connection as soon as it was back), or
    /// `gaveUp` (then `onDisconnect`).
    public var onReconnect: ((ReconnectEvent) -> Void)?
    /// How many commits made while disconnected are kept for the reconnection (≥ 0). Past
    /// it a commit's animations are stopped and `onError` gets `.resyncQueueFull` (its other
    /// changes still reach the new daemon with the replay).
    public var maxQueuedCommits: Int {
        get { connection?.maxQueuedCommits ?? localMirror?.maxMarkers ?? 0 }
        set {
            precondition(newValue >= 0, "Context.maxQueuedCommits must not be negative")
            if let connection { connection.maxQueuedCommits = newValue } else { localMirror?.maxMarkers = newValue }
        }
    }

    /// The sequence number of the last commit sent or queued (0 before the first; a
    /// replay's commits count too).
    public internal(set) var lastSentSequence: UInt64 = 0
    /// The last `commitApplied` received, if any.
    public internal(set) var lastApplied: CommitApplied?
    /// Whether the session ended (`connectionDidEnd`).
    public internal(set) var isDisconnected = false

    let transactions: TransactionQueue
    /// A custom commit sink (contexts made without a connection).
    let commitSink: ((Commit) -> Void)?
    /// What a custom sink's session holds and the numbering across sessions (a
    /// connection keeps its own: `ConnectionCore.mirror`).
    var localMirror: SessionMirror?
    /// The reconnection as the context follows it (see `Context+Resync.swift`).
    var resync = ResyncState()
    private var nextLayerID: LayerID = 1
    private var nextAnimationID: UInt64 = 1
    var delta = CommitDelta()
    /// Set while the context has changes in the open transaction (owned by `TransactionQueue`).
    var isTouched = false
    /// Sent animations not yet stopped, by id.
    var records: [UInt64: AnimationRecord] = [:]
    /// Animations removed client-side, by the commit that removed them, oldest first.
    var removing: [(sequence: UInt64, record: AnimationRecord)] = []
    var removingHead = 0
    /// Presented handlers waiting for the `commitPresented` of a sent commit, by sequence.
    var presentedWaiters: [UInt64: [PresentedGroup]] = [:]
    /// Layers marked by `setNeedsLayout()` since the last layout pass.
    var layoutRequests: [Weak<Layer>] = []
    /// Every live layer of the context by id: input names layers by id (`layer(withID:)`).
    var liveLayers: [LayerID: Weak<Layer>] = [:]

    /// A context whose commits go to `commitSink`, on `queue`. Any thread.
    public init(queue: DispatchQueue = .main, clock: @escaping () -> Double = MediaTime.now,
                commitSink: @escaping (Commit) -> Void) {
        self.queue = queue
        self.clock = clock
        self.commitSink = commitSink
        self.localMirror = SessionMirror()
        self.connection = nil
        displaySize = .zero
        refreshRate = 0
        self.transactions = TransactionQueue.attached(to: queue)
        transactions.register(self)
    }

    /// A context on `connection`'s callback queue that sends its commits there and takes
    /// its events from it. Any thread. One context per connection.
    ///
    /// - Parameters:
    ///   - connection: an established connection to the daemon; its callback queue becomes
    ///     the context's queue.
    ///   - clock: the media time of commits and `presentation()`. By default
    ///     `MediaTime.now` for a daemon on the real clock (the same `CLOCK_MONOTONIC` in both
    ///     processes); for a daemon on a manual clock, the server's time as last heard
    ///     (`Connection.serverMediaTime`), since its clock only moves when stepped. Tests that
    ///     step the clock themselves may pass the stepped time.
    public init(connection: Connection, clock: (() -> Double)? = nil) {
        self.queue = connection.callbackQueue
        if let clock {
            self.clock = clock
        } else if connection.welcome.manualClock {
            self.clock = { [unowned connection] in connection.serverMediaTime }
        } else {
            self.clock = MediaTime.now
        }
        self.connection = connection
        self.commitSink = nil
        let welcome = connection.welcome
        displaySize = Size(width: Double(welcome.displayWidth), height: Double(welcome.displayHeight))
        refreshRate = welcome.refreshRate
        self.transactions = TransactionQueue.attached(to: queue)
        transactions.register(self)
        connection.core.handlers.withLock { h in
            h.replayed = { [weak self] outcome in self?.noteReplayed(outcome) }
        }
        connection.onEvent = { [weak self] m in self?.deliver(m) }
        connection.onError = { [weak self] m in self?.deliver(.error(m)) }
        connection.onDisconnect = { [weak self] e in self?.connectionDidEnd(e) }
        connection.onReconnect = { [weak self] e in self?.deliver(reconnect: e) }
    }

    /// The context layers created on the current queue belong to by default: the first
    /// live context created on it. `nil` off every context's queue.
    public static var current: Context? { TransactionQueue.current?.defaultContext }

    /// The layer drawn as this client's root on the display.
    public var rootLayer: Layer? {
        didSet {
            dispatchPrecondition(condition: .onQueue(queue))
            if let r = rootLayer { precondition(r.context === self, "the root layer belongs to another context") }
            guard rootLayer !== oldValue else { return }
            willChange()
            delta.structural.append(.setRoot(rootLayer?.id ?? 0))
        }
    }

    /// The context's live layer with `id` (the id input events name), if any.
    public func layer(withID id: LayerID) -> Layer? {
        dispatchPrecondition(condition: .onQueue(queue))
        return liveLayers[id]?.value
    }

    // MARK: Ids

    func allocateLayerID() -> LayerID {
        precondition(nextLayerID != 0, "context ran out of layer ids (2^32 − 1 layers created)")
        defer { nextLayerID &+= 1 }
        return nextLayerID
    }

    func allocateAnimationID() -> UInt64 {
        defer { nextAnimationID += 1 }
        return nextAnimationID
    }

    // MARK: Recording changes

    /// Opens the implicit transaction if needed and marks this context as changed in it.
    func willChange() { transactions.willChange(self) }

    func layerCreated(_ layer: Layer, kind: LayerKind) {
        willChange()
        liveLayers[layer.id] = Weak(layer)
        delta.created.append(.createLayer(layer.id, kind))
        delta.createdLayers.append(Weak(layer))
    }

    /// A layer was released: its server counterpart is destroyed and its animations end.
    /// Any thread (hops to the queue).
    func layerReleased(_ id: LayerID, records: [AnimationRecord]) {
        if TransactionQueue.current === transactions {
            recordRelease(id, records: records)
        } else {
            queue.async { [self] in recordRelease(id, records: records) }
        }
    }

    private func recordRelease(_ id: LayerID, records: [AnimationRecord]) {
        willChange()
        if liveLayers[id]?.value == nil { liveLayers[id] = nil }
        for r in records { detach(r) }
        delta.destroyed.append(id)
    }

    /// Queues an add (the record is pending until the commit).
    func queueAdd(_ r: AnimationRecord) {
        r.deltaIndex = delta.animationOps.count
        delta.animationOps.append(.add(r))
    }

    func queueAnimationOp(_ op: CommitDelta.AnimationOp) { delta.animationOps.append(op) }
    func queueTrackerOp(_ command: Command) { willChange(); delta.trackerOps.append(command) }

    /// An animation left its layer client-side (removed, replaced or layer released).
    func detach(_ r: AnimationRecord) {
        switch r.state {
        case .pending:
            r.state = .dropped
            if r.deltaIndex >= 0 && r.deltaIndex < delta.animationOps.count { delta.animationOps[r.deltaIndex] = nil }
            delta.droppedRecords.append(r)
        case .sent:
            r.state = .removing
            delta.removedRecords.append(r)
        case .removing, .dropped, .stopped:
            break
        }
    }

    // MARK: Committing

    /// Lays out every layer marked since the last pass (and what that layout marks in turn),
    /// before the outermost commit builds its delta. Traps when layout keeps invalidating
    /// itself for 100 rounds (a layout loop).
    func layoutPendingLayers() {
        var rounds = 0
        while !layoutRequests.isEmpty {
            rounds += 1
            precondition(rounds <= 100, "layout did not settle after 100 passes: a layoutSublayers / layoutSubviews "
                + "keeps calling setNeedsLayout on a layer it lays out; make layout idempotent")
            let requests = layoutRequests
            layoutRequests = []
            for w in requests {
                if let l = w.value, l.needsLayout { l.layoutIfNeeded() }
            }
        }
    }

    /// Turns the open delta into one commit and hands it to the sink. Called by the
    /// transaction machinery when the outermost transaction commits. With
    /// `requestingPresentation` the commit asks the server for `commitPresented`. Returns
    /// the commit's sequence, or nil when nothing was sent.
    @discardableResult
    func commitDelta(requestingPresentation: Bool = false) -> UInt64? {
        let d = delta
        delta = CommitDelta()
        guard !d.isEmpty else { return nil }
        if isDisconnected {
            // Nowhere to send it: the changes stay in the model; the animations stop.
            for w in d.propertyLayers { w.value?.dirtyMask = 0; w.value?.baseModel = nil }
            for w in d.timingLayers { w.value?.timingDirty = false }
            var stops = d.droppedRecords
            for case let .add(r)? in d.animationOps where r.state == .pending { r.state = .dropped; stops.append(r) }
            let records = stops
            queue.async { [self] in for r in records { finish(r, finished: false) } }
            return nil
        }
        let now = clock()
        var commands = d.created
        commands.append(contentsOf: d.structural)
        for w in d.createdLayers { w.value?.isCommitted = true }
        for w in d.timingLayers {
            guard let l = w.value, l.timingDirty else { continue }
            l.timingDirty = false
            commands.append(.setTiming(l.id, l.timing))
        }
        for w in d.propertyLayers {
            guard let l = w.value else { continue }
            var mask = l.dirtyMask
            while mask != 0 {
                let bit = UInt8(mask.trailingZeroBitCount)
                mask &= mask - 1
                let key = PropertyKey(rawValue: bit)!
                commands.append(.setProperty(l.id, LayerKeyPath(key), l.storage.value(of: key)))
            }
            l.dirtyMask = 0
            l.baseModel = nil
        }
        commands.append(contentsOf: d.trackerOps)
        var dropped = d.droppedRecords
        var sent: [AnimationRecord] = []
        for case let op? in d.animationOps {
            switch op {
            case let .add(r):
                guard r.state == .pending, let l = r.layer else {
                    if r.state == .pending { r.state = .dropped; dropped.append(r) }
                    continue
                }
                let local = Presentation.localTime(at: now, timings: l.timingChain)
                if let retarget = r.retarget {
                    // Mirror what the server computes when it applies the command.
                    r.animation = l.mirror(retarget.retarget, key: r.key, prior: retarget.priorModelValue,
                                           replacing: retarget.replaced, at: nil, layerTime: local, excluding: r).animation
                    r.state = .sent
                    sent.append(r)
                    commands.append(.retargetSpring(l.id, key: r.key, animationID: r.id, retarget: retarget.retarget))
                    continue
                }
                r.animation = r.animation.resolved(beginTime: local, duration: r.defaultDuration)
                r.state = .sent
                sent.append(r)
                commands.append(.addAnimation(l.id, key: r.key, animationID: r.id, animation: r.animation))
            case let .remove(id, key):
                commands.append(.removeAnimation(id, key: key))
            case let .removeAll(id):
                commands.append(.removeAllAnimations(id))
            }
        }
        for id in d.destroyed { commands.append(.destroyLayer(id)) }

        var sentSequence: UInt64?
        if !commands.isEmpty {
            let commands = commands
            let build = { (sequence: UInt64) in
                Commit(sequence: sequence, mediaTime: now, commands: commands, requestsPresentation: requestingPresentation)
            }
            var failure: ConnectionError?
            var sequence: UInt64?
            do throws(ConnectionError) { sequence = try send(build) } catch {
                failure = error
                switch error {
                case let .commitTooLarge(s, _, _), let .resyncQueueFull(s, _), let .limitWhileDisconnected(s, _, _, _):
                    sequence = s
                default: sequence = nil
                }
            }
            if let sequence {
                lastSentSequence = max(lastSentSequence, sequence)
                sentSequence = sequence
                for r in sent { r.sentInCommit = sequence; records[r.id] = r }
                for r in d.removedRecords where r.state == .removing { removing.append((sequence, r)) }
            } else {
                // Never numbered (the connection is over): its animations stop.
                for r in sent { records[r.id] = r }
                let lost = sent
                queue.async { [self] in for r in lost { finish(r, finished: false) } }
            }
            if let failure { reportError(failure) }
        }
        if !dropped.isEmpty {
            // After the commit, on a later turn, as the server's stops would come.
            let stops = dropped
            queue.async { [self] in for r in stops { finish(r, finished: false) } }
        }
        return sentSequence
    }

    /// Numbers, records and sends a commit: through the connection (which keeps the image
    /// and numbers it atomically with a replay), or through the custom sink with this
    /// context's own mirror (kept for the next daemon while down).
    private func send(_ build: (UInt64) -> Commit) throws(ConnectionError) -> UInt64 {
        if let connection { return try connection.sendNumbered(build) }
        let commit = build(localMirror!.nextSequence())
        if localMirror!.isDown {
            try localMirror!.absorb(commit)
        } else {
            localMirror!.sent(commit)
            commitSink!(commit)
        }
        return commit.sequence
    }

    /// Registers `group` to hear the `commitPresented` of commit `sequence`.
    func awaitPresentation(of sequence: UInt64, in group: PresentedGroup) {
        presentedWaiters[sequence, default: []].append(group)
    }

    /// A commit could not be sent (too large, or the session is ending): its animations
    /// will never run, so they stop; `onError` is told. Called from the sink, inside
    /// `commitDelta`.
    func reportError(_ e: ConnectionError) {
        queue.async { [self] in
            switch e {
            case let .commitTooLarge(sequence, _, _):
                stopAnimations(ofCommit: sequence)
                presentationDiscarded(ofCommit: sequence)
            case let .resyncQueueFull(sequence, _), let .limitWhileDisconnected(sequence, _, _, _):
                abandon(sequence)
                presentationDiscarded(ofCommit: sequence)
            default: break
            }
            onError?(e)
        }
    }
}
