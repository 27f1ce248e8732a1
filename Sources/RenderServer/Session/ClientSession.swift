import Glibc
import Logging
import RenderCore
import RenderProtocol

/// One client's state on the server, with no socket: its framing, handshake, namespace of
/// layers, commit validation and the bytes waiting to go out.
///
///     bytes in ─▶ FrameDecoder (limits from headers) ─▶ SessionStateMachine
///                   hello → welcome │ commit → CommitValidator → LayerStore (applied on arrival)
///                   ping → pong     │ control → ServerCore
///     outbound: every message is encoded into `outbound`; the transport drains it
///
/// A `ClientSession` touches no socket. The only descriptors it sees are those a client
/// passed with its frames (shared-memory contents), which it owns from then on and closes
/// (`SharedMemoryIntake`). Its transport (the libuv `Server`, or
/// `EmbeddedServer` in tests) hands it received bytes, drains `outbound` after each call,
/// reports how many bytes it still holds unsent (`transportBacklog`), and closes the
/// connection once `closeRequest` is set and the bytes before it are written.
///
/// Thread affinity: whatever thread owns the `ServerCore` (the loop thread in the daemon).
final class ClientSession: CustomStringConvertible {
    /// Why a session ends, logged once.
    struct CloseRequest: Equatable {
        /// Logged as is (client text in it is already escaped).
        var reason: String
        /// Write what is queued (a goodbye or a fatal error) before closing.
        var flush: Bool
    }

    let id: UInt32
    let limits: Limits
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
    let store = LayerStore()
    /// Descriptors received and not yet taken by a commit; the shared-memory contents.
    let intake: SharedMemoryIntake
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
    var transportBacklog = 0
    /// Set when the session must end; the transport closes the connection (after writing
    /// `outbound` when `flush`).
    private(set) var closeRequest: CloseRequest?

    unowned let core: ServerCore

    init(id: UInt32, core: ServerCore, pid: Int32?, uid: UInt32?, now: Double) {
        self.id = id; self.core = core; self.limits = core.configuration.limits
        self.pid = pid ?? 0; self.peerPID = pid; self.uid = uid
        connectedAt = now; lastProgress = now
        decoder = FrameDecoder(limits: core.configuration.limits)
        intake = SharedMemoryIntake(limits: core.configuration.limits)
        contents = ContentsLedger(total: core.contentsHeld)
        store.contentsLedger = contents
    }

    /// `client "demo" (pid 1234)`, with the name escaped and capped for logs and messages.
    var description: String {
        let name = clientName.isEmpty ? "session \(id)" : "client \"\(LogText.escape(clientName, cap: 64))\""
        return pid > 0 ? "\(name) (pid \(pid))" : name
    }

    var isEstablished: Bool { closeRequest == nil && machine.isEstablished }
    var isOpen: Bool { closeRequest == nil }
    /// Bytes the outbound buffer holds allocated.
    var outboundCapacity: Int { outbound.capacity }
    /// What the client has not read yet, in bytes.
    var unreadBytes: Int { outbound.count + transportBacklog }

    // MARK: Receiving

    /// Takes bytes the client sent: frames them, handles every whole message, and keeps
    /// the daemon's inbound budget for a partial frame.
    ///
    /// `descriptors` came with the bytes (`SCM_RIGHTS`): the session owns them from now on
    /// and closes each once (at once when it has ended).
    func receive(_ bytes: UnsafeRawBufferPointer, descriptors: [Int32] = [], now: Double) {
        guard isOpen else {
            for fd in descriptors { _ = Glibc.close(fd) }
            return
        }
        if !descriptors.isEmpty, !intake.receive(descriptors) {
            return fail(ErrorMessage(code: .limitExceeded, message: "\(self): \(intake.queue.count) descriptors are "
                + "waiting for the commits that name them, over the \(intake.queueLimit) that two commits may bring (limit "
                + "maxDescriptorsPerCommit = \(limits.maxDescriptorsPerCommit)); send descriptors only with the commit "
                + "whose values name them", fatal: true))
        }
        guard !bytes.isEmpty else { return handleBuffered(now: now) }
        lastProgress = now
        decoder.append(bytes)
        handleBuffered(now: now)
    }

    /// Handles the whole messages buffered, in order — stopping at a large commit, which is
    /// taken a slice per loop turn (`job`); the messages after it wait for it.
    func handleBuffered(now: Double) {
        while isOpen && job == nil {
            let message: Message
            intake.beginMessage()
            do throws(ProtocolError) {
                switch try decoder.next(streamingCommitsLargerThan: core.configuration.commitStreamBytes,
                                        sharedBitmaps: intake) {
                case nil:
                    return finishReceiving()
                case let .message(m)?:
                    intake.endMessage()
                    message = m
                case let .commit(stream)?:
                    receive(stream)
                    continue
                }
            } catch {
                releaseInboundReservation()
                fail(ErrorMessage(code: error.code, message: "\(self): \(error.message)", fatal: true,
                                  sequence: error.sequence))
                return
            }
            handle(message, now: now)
        }
        finishReceiving()
    }

    private func finishReceiving() {
        guard isOpen else { return }
        if job == nil && decoder.bufferedByteCount == 0 && !intake.queue.isEmpty {
            return fail(ErrorMessage(code: .invalidValue, message: "\(self): \(intake.queue.count) descriptor"
                + "\(intake.queue.count == 1 ? "" : "s") arrived that no commit names (each descriptor sent with a "
                + "frame must be named by a shared-memory contents value of that commit, indices 0…n−1); send "
                + "descriptors only with the commit that uses them", fatal: true))
        }
        reserveInboundBudget()
    }

    /// A commit too large to decode in one turn: its header and count are checked, its
    /// commands will be decoded, validated and applied a slice per turn.
    private func receive(_ stream: CommitStream) {
        guard machine.isEstablished else {
            // Let the handshake state machine answer a commit before hello.
            return handle(.commit(Commit(sequence: stream.sequence, mediaTime: stream.mediaTime, commands: [])),
                          now: lastProgress)
        }
        // Nothing to take a slice at a time (CommitStream checked that nothing follows the
        // count): an empty commit, taken whole.
        guard stream.count > 0 else {
            return receive(Commit(sequence: stream.sequence, mediaTime: stream.mediaTime, commands: []))
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
        core.inboundReserved -= reservedInboundBytes // the frame has arrived whole
        reservedInboundBytes = 0
        let budget = Int(limits.maxDaemonPendingBytes)
        guard core.inboundReserved + stream.payloadBytes <= budget else {
            return fail(ErrorMessage(code: .limitExceeded, message: "\(self): a commit of \(stream.payloadBytes) bytes "
                + "would bring the daemon's pending input to \(core.inboundReserved + stream.payloadBytes) bytes, over "
                + "the limit maxDaemonPendingBytes = \(budget); send smaller commits, or retry when the daemon is less "
                + "loaded", fatal: true, sequence: stream.sequence))
        }
        core.inboundReserved += stream.payloadBytes
        reservedStreamBytes = stream.payloadBytes
        let job = CommitJob(commit: header, stream: stream, validator: validator)
        // Room for every command at once: growing by doubling copies megabytes in one slice.
        job.commit.commands.reserveCapacity(stream.count)
        reserveValidation(commands: stream.count)
        start(job)
    }

    /// Reserves the whole of a partial frame from the daemon's budget as soon as its header
    /// is in (before its body is buffered); releases it when no frame is partial.
    private func reserveInboundBudget() {
        let wanted = decoder.partialFrameLength ?? 0
        guard wanted != reservedInboundBytes else { return }
        core.inboundReserved -= reservedInboundBytes
        reservedInboundBytes = 0
        guard wanted > 0 else { return }
        let budget = Int(limits.maxDaemonPendingBytes)
        guard core.inboundReserved + wanted <= budget else {
            fail(ErrorMessage(code: .limitExceeded, message: "\(self): a frame of \(wanted) bytes would bring the "
                + "daemon's partly received frames to \(core.inboundReserved + wanted) bytes, over the limit "
                + "maxDaemonPendingBytes = \(budget); send smaller frames, or retry when the daemon is less loaded",
                fatal: true))
            return
        }
        core.inboundReserved += wanted
        reservedInboundBytes = wanted
    }

    private func releaseStreamReservation() {
        core.inboundReserved -= reservedStreamBytes
        reservedStreamBytes = 0
    }

    private func releaseInboundReservation() {
        releaseStreamReservation()
        core.inboundReserved -= reservedInboundBytes
        reservedInboundBytes = 0
    }

    private func handle(_ message: Message, now: Double) {
        switch machine.received(message) {
        case let .welcome(version, hello):
            clientName = hello.clientName
            helloPID = hello.pid
            if hello.pid > 0 { pid = hello.pid }
            send(.welcome(core.welcome(for: self, version: version)))
            core.logger.info("session \(id) established", metadata: ["client": "\(description)", "version": "\(version)"])
        case let .deliver(m):
            dispatch(m, now: now)
        case let .fail(error):
            fail(error)
        case let .close(reason):
            end(CloseRequest(reason: LogText.escape(reason, cap: 200), flush: false))
        case .ignore:
            break
        }
    }

    private func dispatch(_ message: Message, now: Double) {
        // Every request adds to what the client must read: one that asks without reading
        // is cut here, not only when a frame starts.
        checkBackPressure()
        guard isOpen else { return }
        switch message {
        case let .commit(commit):
            receive(commit)
        case let .ping(token):
            send(.pong(token))
        case .pong:
            break
        case let .error(e):
            core.logger.warning("client reported an error", metadata: [
                "session": "\(id)", "code": "\(e.code)", "message": "\(LogText.escape(e.message, cap: 200))"])
        case .statsRequest, .treeRequest, .snapshotRequest, .clockStep, .frameLogRequest, .clientsRequest, .kickRequest:
            core.handleControl(message, from: self)
        default:
            fail(ErrorMessage(code: .internalError, message: "\(self): \(message.type) was not expected here",
                              fatal: true))
        }
    }

    /// Validates a whole commit against the tree, then applies it, in order, and
    /// acknowledges it: the next frame shows all of it, never half. A commit that does not
    /// fit one loop turn's `sliceBudget` — more than `commitSliceCommands` commands, or
    /// fewer whose work on a wide or deep tree adds up to as much — becomes a `job`, taken a
    /// slice per loop turn from where this turn left it.
    private func receive(_ commit: Commit) {
        let validator = CommitValidator(limits: limits, client: description, contents: contents)
        let budget = sliceBudget, n = commit.commands.count
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
        var events: [Message] = []
        let applied = core.apply(commit, from: 0, to: self, budget: budget, events: &events)
        guard applied == n else {
            // Part of it is in the store now: the session is frozen until the rest is.
            start(CommitJob(commit: commit, stream: nil, validator: validator, validated: n, applied: applied,
                            events: events))
            return
        }
        core.acknowledge(commit, to: self, events: events)
        appliedSequence = commit.sequence
    }

    /// One loop turn's share of a commit (see `SliceBudget`).
    private var sliceBudget: SliceBudget { SliceBudget(units: core.configuration.commitSliceCommands) }

    private func start(_ job: CommitJob) {
        self.job = job
        core.jobStarted(self)
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
    }

    /// The large commit being taken, if any.
    private(set) var job: CommitJob?

    /// Applying a large commit: frames must not show this session's tree.
    var isFrozen: Bool { job?.isApplying ?? false }

    /// Sizes the validator's view of touched layers for a large commit at once: growing it
    /// while 100,000 layers arrive rehashes every entry, once in a single 30 ms slice.
    private func reserveValidation(commands: Int) {
        pending.touched.reserveCapacity(min(commands, Int(limits.maxLayers)))
    }

    /// Takes the next slice of the job; true when the job is finished (or the session ended).
    func stepJob(now: Double) -> Bool {
        guard isOpen, let job else { return true }
        let n = job.total, slice = sliceBudget.units
        if !job.isApplying {
            let t0 = core.monotonicNanoseconds()
            defer { core.stats.record(.validate, nanoseconds: core.monotonicNanoseconds() - t0) }
            if var stream = job.stream {
                do throws(ProtocolError) {
                    try stream.next(upTo: slice, appendingTo: &job.commit.commands, sharedBitmaps: intake)
                } catch {
                    self.job = nil
                    fail(ErrorMessage(code: error.code, message: "\(self): \(error.message)", fatal: true,
                                      sequence: error.sequence))
                    return true
                }
                job.stream = stream.isComplete ? nil : stream
                if stream.isComplete { releaseStreamReservation(); intake.endMessage() }
            }
            let range = job.validated ..< job.commit.commands.count
            do throws(CommitValidator.Rejection) {
                job.validated = try job.validator.validate(job.commit, commands: range, store: store, pending: &pending,
                                                           budget: sliceBudget)
            } catch {
                self.job = nil
                fail(ErrorMessage(code: error.code, message: error.message, fatal: true, sequence: job.commit.sequence))
                return true
            }
            if job.isApplying {
                // What the whole commit adds is known now: grow the store's arrays once.
                store.reserve(layers: pending.layerDelta, animated: pending.animationDelta, limit: Int(limits.maxLayers))
                core.releaseLater(pending.touched)
                contents.commit(pending.contents)
                pending.reset()
            }
            return false
        }
        job.applied = core.apply(job.commit, from: job.applied, to: self, budget: sliceBudget, events: &job.events)
        guard job.applied == n else { return false }
        core.acknowledge(job.commit, to: self, events: job.events)
        appliedSequence = job.commit.sequence
        // Its commands are freed off the loop thread: releasing 200,000 decoded commands
        // (their animations, keys and values) took 9–10 ms.
        core.releaseLater(job.commit.commands)
        job.commit.commands = []
        self.job = nil
        releaseStreamReservation() // done once decoding ended; a job never outlives its reservation
        handleBuffered(now: now)
        return true
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
    func takeOutbound() -> [UInt8] { outbound.take() }

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
    func checkBackPressure() {
        guard isOpen, unreadBytes > Int(limits.maxSessionPendingBytes) else { return }
        end(CloseRequest(reason: "not reading: \(unreadBytes) bytes are waiting to be sent, over the limit "
            + "maxSessionPendingBytes = \(limits.maxSessionPendingBytes) (read the socket promptly: events arrive "
            + "every frame)", flush: false))
    }

    /// Closes a session whose handshake or partial frame has stalled.
    func checkTimeouts(now: Double) {
        guard isOpen else { return }
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
    }

    // MARK: Ending

    /// Sends a fatal error, then ends once it is written.
    func fail(_ error: ErrorMessage) {
        guard isOpen else { return }
        send(.error(error))
        end(CloseRequest(reason: "\(error.code): \(error.message)", flush: true))
    }

    /// Ends the session on an operator's request (`kickRequest` from `requester`): a fatal
    /// error saying so is sent, then the session closes once it is written. The end is
    /// logged once, with the reason.
    func kick(by requester: String, reason: String) {
        guard isOpen else { return }
        let why = reason.isEmpty ? "" : ": \(LogText.escape(reason, cap: 200))"
        send(.error(ErrorMessage(code: .endedByOperator, message: "\(self): session \(id) was ended by an operator "
            + "(rendersrvctl kick, from \(requester))\(why); your layers and animations are gone: reconnect to start "
            + "a new session", fatal: true)))
        end(CloseRequest(reason: "kicked by an operator (\(requester))\(why)", flush: true))
    }

    /// Says goodbye (the server is shutting down), then ends once it is written.
    func sayGoodbye(_ reason: String) {
        guard isOpen else { return }
        send(.goodbye(Goodbye(reason: reason)))
        end(CloseRequest(reason: "server shutting down: \(reason)", flush: true))
    }

    /// The transport saw the connection end (EOF, an error, a failed write).
    func connectionEnded(_ reason: String) {
        end(CloseRequest(reason: reason, flush: false))
    }

    /// Ends the session once: drops its layers and budget, and tells the core (which logs
    /// the reason once). Later messages are ignored.
    private func end(_ request: CloseRequest) {
        guard closeRequest == nil else { return }
        closeRequest = request
        machine.markClosed()
        releaseInboundReservation()
        job = nil
        decoder = FrameDecoder(limits: limits)
        intake.closeAll()
        contents.releaseAll()
        if !request.flush { outbound.removeAll() }
        core.releaseLater(store.takeAll())
        core.sessionDidEnd(self, reason: request.reason)
    }
}
