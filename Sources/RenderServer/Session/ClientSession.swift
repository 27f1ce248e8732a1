import Glibc
import Logging
import RenderCore
import RenderProtocol

/// One client's state on the server, with no socket and no reference to the core: its
/// framing, handshake, namespace of layers, commit validation and the bytes waiting to go
/// out. Each call takes what it needs from outside as arguments (the daemon's inbound
/// budget, one turn's slice budget, the time) and returns what its owner must do
/// (`Action`), in order; the owner (`ServerCore`) performs the actions, then calls `resume`
/// so that the session goes on with the messages it has buffered.
///
///     bytes in ─▶ FrameDecoder (limits from headers) ─▶ SessionStateMachine
///                   hello → .welcome       │ commit → CommitValidator → .apply(job) (applied on arrival)
///                   ping → pong (in place) │ control → .control(request)
///     outbound: every message is encoded into `outbound`; the transport drains it
///
/// A call that returns an action that needs the owner before the next message (a welcome,
/// an apply, a control request) stops there: whatever the owner sends in answer is queued
/// before the replies to later messages. Messages that need nobody (ping) are answered in
/// place, with no action.
///
/// A `ClientSession` touches no socket. The only descriptors it sees are those a client
/// passed with its frames (shared-memory contents), which it owns from then on and closes
/// (`SharedMemoryIntake`). Its transport (the libuv `Server`, or
/// `EmbeddedServer` in tests) hands it received bytes, drains `outbound` after each call,
/// reports how many bytes it still holds unsent (`transportBacklog`), and closes the
/// connection once `closeRequest` is set and the bytes before it are written.
///
/// Thread affinity: whatever thread owns the `ServerCore` (the loop thread in the daemon).
package final class ClientSession: CustomStringConvertible {
    /// What the owner must do, in the order returned.
    enum Action {
        /// Send a welcome at `version` (the owner knows the display, the clock and the time),
        /// then log that the session is established.
        case welcome(version: UInt16)
        /// Apply the next slice of `job`'s validated commands to `store`
        /// (`CommitJob.applySlice`) and, once all are applied, acknowledge the commit
        /// (its stopped animations, then `commitApplied`); then `resume`.
        case apply(CommitJob)
        /// A large commit started: give the session a `stepJob` each loop turn until its `job`
        /// is nil. Its socket is not read meanwhile.
        case jobStarted
        /// Answer this control request (stats, tree, snapshot, clock step, frame log, clients,
        /// kick) from the session.
        case control(Message)
        /// The client reported a non-fatal error: log it.
        case clientError(ErrorMessage)
        /// Free this value off the loop thread (`ServerCore.releaseLater`).
        case release(ReleaseBox)
        /// The session ended: give back the `inboundBytes` it held of the inbound budget, free
        /// `remains` (its layers) off the loop thread, forget it and log `reason` once.
        case ended(reason: String, inboundBytes: Int, remains: ReleaseBox)
    }

    /// Why a session ends, logged once.
    package struct CloseRequest: Equatable {
        /// Logged as is (client text in it is already escaped).
        package var reason: String
        /// Write what is queued (a goodbye or a fatal error) before closing.
        package var flush: Bool
    }

    package let id: UInt32
    let limits: Limits
    /// A commit frame larger than this (bytes) is decoded a slice per turn
    /// (`Configuration.commitStreamBytes`).
    let commitStreamBytes: Int
    /// The name the client gave in hello ("" before), as received.
    private(set) var clientName = ""
    /// In the core's list of sessions the transport must flush (`ServerCore.markDirty`).
    var isMarkedDirty = false
    /// From hello, else from the socket's peer credentials (0 if unknown).
    private(set) var pid: Int32
    /// The peer's pid and uid from the socket (`SO_PEERCRED`); nil when the transport has
    /// none (the embedded server, unless a test gives them).
    let peerPID: Int32?
    let uid: UInt32?
    /// The pid the client wrote in hello (0 before hello).
    private(set) var helloPID: Int32 = 0
    /// When the connection was accepted, and when a frame last made progress (monotonic
    /// seconds): the handshake and frame timeouts count from them.
    let connectedAt: Double
    private(set) var lastProgress: Double

    private var machine = SessionStateMachine()
    private(set) var decoder: FrameDecoder
    /// Bytes reserved from the daemon's inbound budget for the frame being received.
    private(set) var reservedInboundBytes = 0
    /// Bytes of a streamed commit's payload held while it is decoded (also counted in the
    /// daemon's inbound budget).
    private var reservedStreamBytes = 0

    /// The client's layers.
    package let store = LayerStore()
    /// Descriptors received and not yet taken by a commit; the shared-memory contents.
    package let intake: SharedMemoryIntake
    /// The bytes of contents the client's layers hold (with the daemon's total).
    let contents: ContentsLedger
    private var pending = CommitValidator.Pending()
    /// The highest sequence applied so far.
    private(set) var appliedSequence: UInt64 = 0
    /// Applied commits that asked for presentation feedback and no frame has shown yet
    /// (ascending sequences; see `ServerCore.resolvePresentation`).
    var awaitingFrame: [UInt64] = []

    /// Encoded messages not yet taken by the transport.
    private var outbound = MessageBuffer()
    /// Bytes the transport took but has not yet written to the socket (it keeps this
    /// up to date); with `outbound`, what the client has not read.
    package var transportBacklog = 0
    /// Set when the session must end; the transport closes the connection (after writing
    /// `outbound` when `flush`).
    package private(set) var closeRequest: CloseRequest?

    /// What the current call will return (always emptied before a call returns).
    private var actions: [Action] = []
    /// A commit validated whole on arrival, handed to the owner to apply (`Action.apply`);
    /// `resume` looks at how far the owner got.
    private var inLine: CommitJob?

    /// `contentsTotal` is the daemon's count of contents bytes over all sessions; `pid` and
    /// `uid` the peer's credentials from the socket (nil when unknown); `now` monotonic
    /// seconds (timeouts count from it).
    init(id: UInt32, limits: Limits, commitStreamBytes: Int, contentsTotal: ContentsLedger.Total, pid: Int32?,
         uid: UInt32?, now: Double) {
        self.id = id; self.limits = limits; self.commitStreamBytes = commitStreamBytes
        self.pid = pid ?? 0; self.peerPID = pid; self.uid = uid
        connectedAt = now; lastProgress = now
        decoder = FrameDecoder(limits: limits)
        intake = SharedMemoryIntake(limits: limits)
        contents = ContentsLedger(total: contentsTotal)
        store.contentsLedger = contents
    }

    /// The actions gathered by the current call, handed to the owner.
    private func takeActions() -> [Action] {
        guard !actions.isEmpty else { return [] }
        defer { actions = [] }
        return actions
    }

    /// `client "demo" (pid 1234)`, with the name escaped and capped for logs and messages.
    package var description: String {
        let name = clientName.isEmpty ? "session \(id)" : "client \"\(LogText.escape(clientName, cap: 64))\""
        return pid > 0 ? "\(name) (pid \(pid))" : name
    }

    var isEstablished: Bool { closeRequest == nil && machine.isEstablished }
    /// Whether the session speaks protocol version 3 or later, so it may be sent input
    /// (`pointerEvent`, `keyEvent`) and interaction messages.
    var receivesInput: Bool { closeRequest == nil && (machine.version ?? 0) >= 3 }
    /// Whether the session speaks protocol version 4 or later, so it is told when the
    /// display changes (`displayChanged`).
    var receivesDisplayChanges: Bool { closeRequest == nil && (machine.version ?? 0) >= 4 }
    var isOpen: Bool { closeRequest == nil }
    /// Bytes the outbound buffer holds allocated.
    package var outboundCapacity: Int { outbound.capacity }
    /// What the client has not read yet, in bytes.
    var unreadBytes: Int { outbound.count + transportBacklog }

    // MARK: Receiving

    /// Takes bytes the client sent: frames them, handles the whole messages in order until
    /// one needs the owner (see `Action`), and keeps the daemon's `inbound` budget for a
    /// partial frame. After performing the actions returned, the owner calls `resume`.
    ///
    /// `descriptors` came with the bytes (`SCM_RIGHTS`): the session owns them from now on
    /// and closes each once (at once when it has ended).
    func receive(_ bytes: UnsafeRawBufferPointer, descriptors: [Int32] = [], now: Double,
                 inbound: inout InboundBudget, slice: SliceBudget) -> [Action] {
        guard isOpen else {
            for fd in descriptors { _ = Glibc.close(fd) }
            return []
        }
        if !descriptors.isEmpty, !intake.receive(descriptors) {
            fail(ErrorMessage(code: .limitExceeded, message: "\(self): \(intake.queue.count) descriptors are "
                + "waiting for the commits that name them, over the \(intake.queueLimit) that two commits may bring (limit "
                + "maxDescriptorsPerCommit = \(limits.maxDescriptorsPerCommit)); send descriptors only with the commit "
                + "whose values name them", fatal: true))
            return takeActions()
        }
        if !bytes.isEmpty {
            lastProgress = now
            decoder.append(bytes)
        }
        handleBuffered(now: now, inbound: &inbound, slice: slice)
        return takeActions()
    }

    /// Goes on after the owner performed the actions of the previous call: takes note of a
    /// commit the owner applied, then handles the messages still buffered, until one needs
    /// the owner again. Returns nothing when the session is waiting for bytes or a turn.
    func resume(now: Double, inbound: inout InboundBudget, slice: SliceBudget) -> [Action] {
        guard isOpen else { return takeActions() }
        if let commit = inLine {
            inLine = nil
            guard commit.isApplied else {
                // Part of it is in the store now: the session is frozen until the rest is.
                start(commit)
                handleBuffered(now: now, inbound: &inbound, slice: slice)
                return takeActions()
            }
            appliedSequence = commit.commit.sequence
        } else if let job, job.isApplied {
            appliedSequence = job.commit.sequence
            // Its commands are freed off the loop thread: releasing 200,000 decoded commands
            // (their animations, keys and values) took 9–10 ms.
            actions.append(.release(ReleaseBox(job.commit.commands)))
            job.commit.commands = []
            self.job = nil
            releaseStreamReservation(&inbound) // done once decoding ended; a job never outlives its reservation
        }
        handleBuffered(now: now, inbound: &inbound, slice: slice)
        return takeActions()
    }

    /// Handles the whole messages buffered, in order — stopping at a message whose actions
    /// the owner must perform first (it resumes), and at a large commit, which is taken a
    /// slice per loop turn (`job`); the messages after it wait for it.
    private func handleBuffered(now: Double, inbound: inout InboundBudget, slice: SliceBudget) {
        while isOpen && job == nil {
            guard actions.isEmpty else { return }
            let decoded: FrameDecoder.Decoded
            intake.beginMessage()
            do throws(ProtocolError) {
                guard let d = try decoder.next(streamingCommitsLargerThan: commitStreamBytes, sharedBitmaps: intake)
                else { return finishReceiving(&inbound) }
                decoded = d
            } catch {
                fail(ErrorMessage(code: error.code, message: "\(self): \(error.message)", fatal: true,
                                  sequence: error.sequence))
                return
            }
            // Consumed, so the message moves out (destroying what was left of the optional
            // went through the runtime's generic value witnesses: about 120 instructions).
            switch consume decoded {
            case let .message(m):
                intake.endMessage()
                handle(m, now: now, slice: slice)
            case let .commit(stream):
                receive(stream, inbound: &inbound, slice: slice)
            }
        }
        finishReceiving(&inbound)
    }

    private func finishReceiving(_ inbound: inout InboundBudget) {
        guard isOpen else { return }
        if job == nil && decoder.bufferedByteCount == 0 && !intake.queue.isEmpty {
            return fail(ErrorMessage(code: .invalidValue, message: "\(self): \(intake.queue.count) descriptor"
                + "\(intake.queue.count == 1 ? "" : "s") arrived that no commit names (each descriptor sent with a "
                + "frame must be named by a shared-memory contents value of that commit, indices 0…n−1); send "
                + "descriptors only with the commit that uses them", fatal: true))
        }
        reserveInboundBudget(&inbound)
    }

    /// A commit too large to decode in one turn: its header and count are checked, its
    /// commands will be decoded, validated and applied a slice per turn.
    private func receive(_ stream: CommitStream, inbound: inout InboundBudget, slice: SliceBudget) {
        guard machine.isEstablished else {
            // Let the handshake state machine answer a commit before hello.
            return handle(.commit(Commit(sequence: stream.sequence, mediaTime: stream.mediaTime, commands: [])),
                          now: lastProgress, slice: slice)
        }
        // Nothing to take a slice at a time (CommitStream checked that nothing follows the
        // count): an empty commit, taken whole.
        guard stream.count > 0 else {
            return receive(Commit(sequence: stream.sequence, mediaTime: stream.mediaTime, commands: []),
                           slice: slice)
        }
        let validator = CommitValidator(limits: limits, client: description, contents: contents)
        let header = Commit(sequence: stream.sequence, mediaTime: stream.mediaTime, commands: [],
                            requestsPresentation: stream.requestsPresentation)
        do throws(CommitValidator.Rejection) {
            try validator.begin(header, pending: &pending)
        } catch {
            return fail(ErrorMessage(code: error.code, message: error.message, fatal: true, sequence: stream.sequence))
        }
        // The payload stays in memory until decoded: it counts against the daemon's budget
        // as it did while it arrived.
        inbound.release(reservedInboundBytes) // the frame has arrived whole
        reservedInboundBytes = 0
        guard inbound.reserve(stream.payloadBytes) else {
            return fail(ErrorMessage(code: .limitExceeded, message: "\(self): a commit of \(stream.payloadBytes) bytes "
                + "would bring the daemon's pending input to \(inbound.reserved + stream.payloadBytes) bytes, over "
                + "the limit maxDaemonPendingBytes = \(inbound.limit); send smaller commits, or retry when the daemon "
                + "is less loaded", fatal: true, sequence: stream.sequence))
        }
        reservedStreamBytes = stream.payloadBytes
        let job = CommitJob(commit: header, stream: stream, validator: validator)
        // Room for every command at once: growing by doubling copies megabytes in one slice.
        job.commit.commands.reserveCapacity(stream.count)
        reserveValidation(commands: stream.count)
        start(job)
    }

    /// Reserves the whole of a partial frame from the daemon's budget as soon as its header
    /// is in (before its body is buffered); releases it when no frame is partial.
    private func reserveInboundBudget(_ inbound: inout InboundBudget) {
        // Between frames (after nearly every read) without asking for the partial length,
        // which copies the decoder to read it.
        let wanted = decoder.bufferedByteCount < WireCodec.headerSize ? 0 : decoder.partialFrameLength ?? 0
        guard wanted != reservedInboundBytes else { return }
        inbound.release(reservedInboundBytes)
        reservedInboundBytes = 0
        guard wanted > 0 else { return }
        guard inbound.reserve(wanted) else {
            fail(ErrorMessage(code: .limitExceeded, message: "\(self): a frame of \(wanted) bytes would bring the "
                + "daemon's partly received frames to \(inbound.reserved + wanted) bytes, over the limit "
                + "maxDaemonPendingBytes = \(inbound.limit); send smaller frames, or retry when the daemon is less "
                + "loaded", fatal: true))
            return
        }
        reservedInboundBytes = wanted
    }

    private func releaseStreamReservation(_ inbound: inout InboundBudget) {
        inbound.release(reservedStreamBytes)
        reservedStreamBytes = 0
    }

    /// Bytes of the daemon's inbound budget this session holds (a partial frame, a streamed
    /// commit's payload).
    var heldInboundBytes: Int { reservedInboundBytes + reservedStreamBytes }

    private func handle(_ message: consuming Message, now: Double, slice: SliceBudget) {
        // The message moves through the state machine and back (a copy of it, and the
        // action's destruction, took about 230 instructions a message).
        let action = machine.received(consume message)
        switch consume action {
        case let .welcome(version, hello):
            clientName = hello.clientName
            helloPID = hello.pid
            if hello.pid > 0 { pid = hello.pid }
            // Version 5 takes a frame's animation events as runs (`animationsStarted`,
            // `animationsFinished`): 12 bytes an animation instead of 28.
            outbound.batchesLifecycleEvents = version >= 5
            actions.append(.welcome(version: version))
        case let .deliver(m):
            dispatch(m, now: now, slice: slice)
        case let .fail(error):
            fail(error)
        case let .close(reason):
            end(CloseRequest(reason: LogText.escape(reason, cap: 200), flush: false))
        case .ignore:
            break
        }
    }

    private func dispatch(_ message: Message, now: Double, slice: SliceBudget) {
        // Every request adds to what the client must read: one that asks without reading
        // is cut here, not only when a frame starts.
        cutIfNotReading()
        guard isOpen else { return }
        switch message {
        case let .commit(commit):
            receive(commit, slice: slice)
        case let .ping(token):
            send(.pong(token))
        case .pong:
            break
        case let .error(e):
            actions.append(.clientError(e))
        case .statsRequest, .treeRequest, .snapshotRequest, .clockStep, .frameLogRequest, .clientsRequest, .kickRequest,
             .injectInput, .resizeDisplay:
            actions.append(.control(message))
        default:
            fail(ErrorMessage(code: .internalError, message: "\(self): \(message.type) was not expected here",
                              fatal: true))
        }
    }

    /// Validates a whole commit against the tree, then has the owner apply it and
    /// acknowledge it (`Action.apply`): the next frame shows all of it, never half. A commit
    /// that does not fit one loop turn's `slice` — more than `commitSliceCommands` commands,
    /// or fewer whose work on a wide or deep tree adds up to as much — becomes a `job`, taken
    /// a slice per loop turn from where this turn left it.
    private func receive(_ commit: Commit, slice budget: SliceBudget) {
        let validator = CommitValidator(limits: limits, client: description, contents: contents)
        let n = commit.commands.count
        var validated = 0
        do throws(CommitValidator.Rejection) {
            try validator.begin(commit, pending: &pending)
            if n > budget.units {
                reserveValidation(commands: n)
                start(CommitJob(commit: commit, stream: nil, validator: validator))
                return
            }
            validated = try validator.validate(commit, commands: 0..<n, store: store, pending: &pending, budget: budget)
        } catch {
            fail(ErrorMessage(code: error.code, message: error.message, fatal: true, sequence: commit.sequence))
            return
        }
        guard validated == n else {
            start(CommitJob(commit: commit, stream: nil, validator: validator, validated: validated))
            return
        }
        contents.commit(pending.contents)
        pending.reset()
        let job = CommitJob(commit: commit, stream: nil, validator: validator, validated: n)
        inLine = job
        actions.append(.apply(job))
    }

    private func start(_ job: CommitJob) {
        self.job = job
        actions.append(.jobStarted)
    }

    // MARK: Large commits

    /// A commit too large for one loop turn: its commands are validated, then applied, one
    /// `SliceBudget` per turn, with frames (and every other client) served in
    /// between. While it validates, frames show this client's tree as it was; while it
    /// applies, the session is `isFrozen`: frames skip its animations and outputs keep its
    /// last picture, so no frame shows part of the commit. Messages after it wait.
    final class CommitJob {
        /// Its commands so far (all of them once decoded).
        var commit: Commit
        /// The undecoded rest of a streamed commit.
        var stream: CommitStream?
        let validator: CommitValidator
        /// Commands in the commit.
        let total: Int
        /// Commands validated, then commands applied.
        var validated = 0
        var applied = 0
        /// Animations the commit stopped (replaced or removed), sent before its acknowledgement.
        var events: [Message] = []
        /// A job that starts where a turn left the commit: `validated` commands checked,
        /// `applied` applied (with the stops they reported in `events`).
        init(commit: Commit, stream: CommitStream?, validator: CommitValidator, validated: Int = 0, applied: Int = 0,
             events: [Message] = []) {
            self.commit = commit; self.stream = stream; self.validator = validator
            self.validated = validated; self.applied = applied; self.events = events
            total = stream?.count ?? commit.commands.count
        }
        var isApplying: Bool { validated == total }
        /// Whether every command is in the store (the owner acknowledges the commit then).
        var isApplied: Bool { applied == total }

        /// Applies validated commands to `store` from `applied`, in order, until `budget` is
        /// spent (see `SliceBudget`) or none is left; the animations they stop are added to
        /// `events`. `mediaTime` is the time a commit's animations with no begin time start at.
        func applySlice(to store: LayerStore, mediaTime: Double, budget: SliceBudget) {
            let start = applied, work0 = store.work
            let n = commit.commands.count
            var index = start
            while index < n {
                store.apply(commit.commands[index], mediaTime: mediaTime, events: &events)
                index += 1
                if budget.isSpent(commands: index - start, work: store.work &- work0) { break }
            }
            applied = index
        }
    }

    /// The large commit being taken, if any.
    private(set) var job: CommitJob?

    /// Applying a large commit: frames must not show this session's tree.
    package var isFrozen: Bool { job?.isApplying ?? false }

    /// Sizes the validator's view of touched layers for a large commit at once: growing it
    /// while 100,000 layers arrive rehashes every entry, once in a single 30 ms slice.
    private func reserveValidation(commands: Int) {
        pending.touched.reserveCapacity(min(commands, Int(limits.maxLayers)))
    }

    /// Takes the next slice of the job: decoding and validating here, or, once validated,
    /// an `apply` action for the owner (who then calls `resume`, which finishes the job when
    /// its last command is applied and goes on with the messages that waited behind it).
    /// The job is done when `job` is nil.
    func stepJob(now: Double, inbound: inout InboundBudget, slice: SliceBudget) -> [Action] {
        guard isOpen, let job else { return takeActions() }
        guard !job.isApplying else {
            actions.append(.apply(job))
            return takeActions()
        }
        if var stream = job.stream {
            do throws(ProtocolError) {
                try stream.next(upTo: slice.units, appendingTo: &job.commit.commands, sharedBitmaps: intake)
            } catch {
                self.job = nil
                fail(ErrorMessage(code: error.code, message: "\(self): \(error.message)", fatal: true,
                                  sequence: error.sequence))
                return takeActions()
            }
            job.stream = stream.isComplete ? nil : stream
            if stream.isComplete { releaseStreamReservation(&inbound); intake.endMessage() }
        }
        let range = job.validated ..< job.commit.commands.count
        do throws(CommitValidator.Rejection) {
            job.validated = try job.validator.validate(job.commit, commands: range, store: store, pending: &pending,
                                                       budget: slice)
        } catch {
            self.job = nil
            fail(ErrorMessage(code: error.code, message: error.message, fatal: true, sequence: job.commit.sequence))
            return takeActions()
        }
        if job.isApplying {
            // What the whole commit adds is known now: grow the store's arrays once.
            store.reserve(layers: pending.layerDelta, animated: pending.animationDelta, limit: Int(limits.maxLayers),
                          animationLimit: Int(limits.maxAnimations))
            actions.append(.release(ReleaseBox(pending.touched)))
            contents.commit(pending.contents)
            pending.reset()
        }
        return takeActions()
    }

    // MARK: Sending

    /// Encodes a message into `outbound`. Dropped once the session is ending.
    func send(_ message: Message) {
        guard isOpen else { return }
        outbound.append(message)
    }

    /// Runs `body` with the outbound buffer itself, so that a frame's animation events are
    /// encoded into it in place (`AnimationEventSink`), after what is already queued. A session
    /// that is ending gets a scratch buffer instead, dropped after the call (as `send` drops).
    func appendingToOutbound<R>(_ body: (inout MessageBuffer) -> R) -> R {
        guard isOpen else {
            var scratch = MessageBuffer()
            return body(&scratch)
        }
        return body(&outbound)
    }

    /// Takes the bytes waiting to go out (the transport writes them).
    package func takeOutbound() -> [UInt8] { outbound.take() }

    /// Hands the bytes waiting to go out to `body` in place (no copy); they are all dropped
    /// afterwards (the transport has written them or queued a copy of the rest).
    func drainOutbound(_ body: (UnsafeRawBufferPointer) -> Void) {
        guard !outbound.isEmpty else { return }
        outbound.consume { bytes in body(bytes); return bytes.count }
    }

    /// Called as a frame starts: a client that left more than `maxSessionPendingBytes`
    /// unread since earlier frames is not reading; it is disconnected with a logged reason.
    /// A prompt reader has read the previous frames' events, so however many events this
    /// frame produces, it stays.
    func checkBackPressure() -> [Action] {
        cutIfNotReading()
        return takeActions()
    }

    private func cutIfNotReading() {
        guard isOpen, unreadBytes > Int(limits.maxSessionPendingBytes) else { return }
        end(CloseRequest(reason: "not reading: \(unreadBytes) bytes are waiting to be sent, over the limit "
            + "maxSessionPendingBytes = \(limits.maxSessionPendingBytes) (read the socket promptly: events arrive "
            + "every frame)", flush: false))
    }

    /// Whether a timeout runs that `checkTimeouts` may find expired: the handshake's (no
    /// hello yet) or a frame's (part of one buffered).
    var hasRunningTimeout: Bool { isOpen && (!machine.isEstablished || decoder.bufferedByteCount > 0) }

    /// Closes a session whose handshake or partial frame has stalled.
    func checkTimeouts(now: Double) -> [Action] {
        defer { actions = [] }
        guard isOpen else { return actions }
        if !machine.isEstablished, now - connectedAt > Double(limits.handshakeTimeoutMilliseconds) / 1000 {
            fail(ErrorMessage(code: .handshakeRequired, message: "\(self): no hello within "
                + "\(limits.handshakeTimeoutMilliseconds) ms of connecting (limit handshakeTimeoutMilliseconds); "
                + "send hello first", fatal: true))
        } else if decoder.bufferedByteCount > 0,
                  now - lastProgress > Double(limits.frameTimeoutMilliseconds) / 1000 {
            fail(ErrorMessage(code: .malformed, message: "\(self): a frame stopped arriving: \(decoder.bufferedByteCount) "
                + "bytes of it came, then nothing for \(limits.frameTimeoutMilliseconds) ms (limit "
                + "frameTimeoutMilliseconds); send each frame whole", fatal: true))
        }
        return actions
    }

    // MARK: Ending

    /// Sends a fatal error, then ends once it is written.
    private func fail(_ error: ErrorMessage) {
        guard isOpen else { return }
        send(.error(error))
        end(CloseRequest(reason: "\(error.code): \(error.message)", flush: true))
    }

    /// Ends the session on an operator's request (`kickRequest` from `requester`): a fatal
    /// error saying so is sent, then the session closes once it is written. The end is
    /// logged once, with the reason.
    func kick(by requester: String, reason: String) -> [Action] {
        guard isOpen else { return [] }
        let why = reason.isEmpty ? "" : ": \(LogText.escape(reason, cap: 200))"
        send(.error(ErrorMessage(code: .endedByOperator, message: "\(self): session \(id) was ended by an operator "
            + "(rendersrvctl kick, from \(requester))\(why); your layers and animations are gone: reconnect to start "
            + "a new session", fatal: true)))
        end(CloseRequest(reason: "kicked by an operator (\(requester))\(why)", flush: true))
        return takeActions()
    }

    /// Says goodbye (the server is shutting down), then ends once it is written.
    func sayGoodbye(_ reason: String) -> [Action] {
        guard isOpen else { return [] }
        send(.goodbye(Goodbye(reason: reason)))
        end(CloseRequest(reason: "server shutting down: \(reason)", flush: true))
        return takeActions()
    }

    /// The transport saw the connection end (EOF, an error, a failed write).
    func connectionEnded(_ reason: String) -> [Action] {
        end(CloseRequest(reason: reason, flush: false))
        return takeActions()
    }

    /// Ends the session once: drops its layers, and asks the owner (`Action.ended`) to give
    /// back its share of the inbound budget, free its layers and log the reason once. Later
    /// messages are ignored.
    private func end(_ request: CloseRequest) {
        guard closeRequest == nil else { return }
        closeRequest = request
        machine.markClosed()
        let held = heldInboundBytes
        reservedInboundBytes = 0; reservedStreamBytes = 0
        job = nil
        inLine = nil
        decoder = FrameDecoder(limits: limits)
        intake.closeAll()
        contents.releaseAll()
        if !request.flush { outbound.removeAll() }
        actions.append(.ended(reason: request.reason, inboundBytes: held, remains: ReleaseBox(store.takeAll())))
    }
}
