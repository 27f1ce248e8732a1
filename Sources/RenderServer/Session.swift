import CLibUV
import CSystem
import Glibc
import Logging
import RenderCore
import RenderProtocol

/// What a session needs from the server that owns it. Called on the loop thread.
protocol SessionDelegate: AnyObject {
    /// The welcome for a session whose hello negotiated `version`.
    func welcome(for session: Session, version: UInt16) -> Welcome
    /// A control message (stats, tree, snapshot, clock step) from an established session.
    func session(_ session: Session, control message: Message)
    /// The session is closed for good: forget it. Called exactly once.
    func sessionDidClose(_ session: Session, reason: String)
}

/// One client connection: its socket, its protocol state, its namespace of layers and its
/// queue of commits waiting for the next frame.
///
///     socket bytes → FrameDecoder → SessionStateMachine → commit: CommitValidator → queue
///                                                         ping/goodbye: here
///                                                         control: delegate (Server)
///     frame: applyQueued (whole commits, in order) … flushEvents → socket
///
/// Outbound data goes straight to the socket when it can (`uv_try_write`), else into
/// libuv's write queue, which is bounded: a reader that stays too far behind is
/// disconnected with a logged reason, and nobody else notices.
///
/// Thread affinity: the loop thread, always.
final class Session: CustomStringConvertible {
    let id: UInt32
    private let loop: Loop
    private let pipe: UnsafeMutablePointer<uv_pipe_t>
    private weak var delegate: SessionDelegate?
    private var logger: Logger
    let limits: Limits
    private let maxQueuedBytes: Int
    private let maxQueuedMessages: Int

    /// The name the client gave in hello ("" before).
    private(set) var clientName = ""
    /// From hello, else from the socket's peer credentials (0 if unknown).
    private(set) var pid: Int32 = 0

    private var machine = SessionStateMachine()
    private var decoder: FrameDecoder
    private static let readBufferSize = 64 << 10
    private let readBuffer = UnsafeMutableRawPointer.allocate(byteCount: Session.readBufferSize, alignment: 16)

    /// The client's layers.
    let store = LayerStore()
    /// What the queued commits will do to `store` (for validating the next one).
    private var pending = CommitValidator.Pending()
    /// Validated commits waiting for the next frame, in sequence order.
    private(set) var queue: [Commit] = []
    /// The highest sequence applied so far.
    private(set) var appliedSequence: UInt64 = 0
    /// Messages produced by the current frame, sent in the frame's events phase.
    var frameEvents: [Message] = []

    private enum Phase { case open, draining, closed }
    private var phase = Phase.open
    private var pendingWrites = 0
    private var pendingWriteBytes = 0

    init(id: UInt32, loop: Loop, pipe: UnsafeMutablePointer<uv_pipe_t>, delegate: SessionDelegate,
         limits: Limits, maxQueuedBytes: Int, maxQueuedMessages: Int, logger: Logger) {
        self.id = id; self.loop = loop; self.pipe = pipe; self.delegate = delegate; self.limits = limits
        self.maxQueuedBytes = maxQueuedBytes; self.maxQueuedMessages = maxQueuedMessages
        self.decoder = FrameDecoder(maxFrameBytes: Int(limits.maxFrameBytes))
        self.logger = logger
        self.logger[metadataKey: "session"] = "\(id)"
        var fd: uv_os_fd_t = -1
        if uv_fileno(uvHandle(pipe), &fd) == 0 {
            var p: Int32 = 0, uid: UInt32 = 0, gid: UInt32 = 0
            if csys_peer_credentials(fd, &p, &uid, &gid) == 0 { pid = p }
        }
    }

    deinit { readBuffer.deallocate() }

    /// `client "demo" (pid 1234)`, for messages and logs.
    var description: String {
        let name = clientName.isEmpty ? "session \(id)" : "client \"\(clientName)\""
        return pid > 0 ? "\(name) (pid \(pid))" : name
    }

    var isEstablished: Bool { phase == .open && machine.isEstablished }
    var isOpen: Bool { phase == .open }

    /// Starts reading. The pipe holds a retained reference to the session until its close
    /// callback.
    func start() {
        loop.preconditionInLoop()
        pipe.pointee.data = Unmanaged.passRetained(self).toOpaque()
        let rc = uv_read_start(uvStream(pipe), { handle, _, buf in
            let session = Unmanaged<Session>.fromOpaque(handle!.pointee.data).takeUnretainedValue()
            buf!.pointee = uv_buf_init(session.readBuffer.assumingMemoryBound(to: CChar.self),
                                       UInt32(Session.readBufferSize))
        }, { stream, nread, _ in
            let session = Unmanaged<Session>.fromOpaque(stream!.pointee.data).takeUnretainedValue()
            session.didRead(nread)
        })
        if rc != 0 { close(reason: "cannot read from the socket (\(uvErrorText(rc)))") }
        logger.debug("connection accepted", metadata: ["pid": "\(pid)"])
    }

    // MARK: Reading

    private func didRead(_ nread: Int) {
        loop.preconditionInLoop()
        guard phase == .open else { return }
        if nread < 0 {
            if nread == Int(UV_EOF.rawValue) {
                close(reason: "the client closed the connection", level: .debug)
            } else {
                close(reason: "reading failed (\(uvErrorText(Int32(nread))))")
            }
            return
        }
        decoder.append(UnsafeRawBufferPointer(start: readBuffer, count: nread))
        while phase == .open {
            let message: Message
            do throws(ProtocolError) {
                guard let m = try decoder.next() else { return }
                message = m
            } catch {
                // The stream is out of sync for good: report and close.
                fail(ErrorMessage(code: error.code, message: "\(self): \(error.message)", fatal: true))
                return
            }
            handle(message)
        }
    }

    private func handle(_ message: Message) {
        switch machine.received(message) {
        case let .welcome(version, hello):
            clientName = hello.clientName
            if hello.pid > 0 { pid = hello.pid }
            logger[metadataKey: "client"] = "\(clientName)"
            guard let delegate else { return }
            send(.welcome(delegate.welcome(for: self, version: version)))
            logger.info("\(self) connected, protocol version \(version)")
        case let .deliver(m):
            dispatch(m)
        case let .fail(error):
            fail(error)
        case let .close(reason):
            close(reason: reason, level: .debug)
        case .ignore:
            break
        }
    }

    private func dispatch(_ message: Message) {
        switch message {
        case let .commit(commit):
            receive(commit)
        case let .ping(token):
            send(.pong(token))
        case .pong:
            break
        case let .error(e):
            logger.warning("\(self) reported an error \(e.code): \(e.message)")
        case .statsRequest, .treeRequest, .snapshotRequest, .clockStep:
            delegate?.session(self, control: message)
        default:
            fail(ErrorMessage(code: .internalError, message: "\(self): \(message.type) was not expected here",
                              fatal: true))
        }
    }

    /// Validates a commit against the tree as the queued commits will leave it, and
    /// queues it for the next frame; a commit that fails closes the session.
    private func receive(_ commit: Commit) {
        let validator = CommitValidator(limits: limits, client: description)
        do throws(CommitValidator.Rejection) {
            try validator.validate(commit, store: store, pending: &pending)
            queue.append(commit)
        } catch {
            fail(ErrorMessage(code: error.code, message: error.message, fatal: true, sequence: commit.sequence))
        }
    }

    // MARK: Frames

    /// Applies every queued commit, whole and in order, and queues `commitApplied`.
    /// Returns the number of commits applied.
    @discardableResult
    func applyQueued(frame: UInt64, mediaTime: Double) -> Int {
        loop.preconditionInLoop()
        guard phase == .open, !queue.isEmpty else { return 0 }
        for commit in queue {
            for command in commit.commands {
                store.apply(command, mediaTime: mediaTime, events: &frameEvents)
            }
            appliedSequence = commit.sequence
        }
        let count = queue.count
        queue.removeAll()
        pending.reset()
        frameEvents.append(.commitApplied(CommitApplied(sequence: appliedSequence, frame: frame, mediaTime: mediaTime)))
        return count
    }

    /// Sends the messages the frame produced.
    func flushEvents() {
        guard !frameEvents.isEmpty else { return }
        let events = frameEvents
        frameEvents.removeAll(keepingCapacity: true)
        for e in events where phase == .open { send(e) }
    }

    // MARK: Writing

    /// Sends one message. Dropped once the session is closing.
    func send(_ message: Message) {
        loop.preconditionInLoop()
        guard phase == .open else { return }
        write(WireCodec.encode(message))
    }

    private func write(_ bytes: [UInt8]) {
        var offset = 0
        if pendingWrites == 0 {
            let n = bytes.withUnsafeBufferPointer { p -> Int32 in
                var buf = uv_buf_init(UnsafeMutableRawPointer(mutating: p.baseAddress!).assumingMemoryBound(to: CChar.self),
                                      UInt32(p.count))
                return uv_try_write(uvStream(pipe), &buf, 1)
            }
            if n >= 0 {
                offset = Int(n)
                if offset == bytes.count { return }
            } else if n != UV_EAGAIN.rawValue {
                close(reason: "writing failed (\(uvErrorText(n)))", level: .debug)
                return
            }
        }
        let remaining = bytes.count - offset
        if pendingWrites >= maxQueuedMessages || (pendingWrites > 0 && pendingWriteBytes + remaining > maxQueuedBytes) {
            close(reason: "the client is not reading: \(pendingWriteBytes) bytes in \(pendingWrites) messages are "
                + "waiting to be sent (limits \(maxQueuedBytes) bytes, \(maxQueuedMessages) messages); read the "
                + "socket promptly (events arrive every frame)", level: .warning)
            return
        }
        // One block: the request, then the bytes.
        let stride = MemoryLayout<uv_write_t>.stride
        let block = UnsafeMutableRawPointer.allocate(byteCount: stride + remaining, alignment: 16)
        let req = block.bindMemory(to: uv_write_t.self, capacity: 1)
        bytes.withUnsafeBytes { src in
            (block + stride).copyMemory(from: src.baseAddress! + offset, byteCount: remaining)
        }
        req.pointee.data = UnsafeMutableRawPointer(bitPattern: remaining)
        var buf = uv_buf_init((block + stride).assumingMemoryBound(to: CChar.self), UInt32(remaining))
        let rc = uv_write(req, uvStream(pipe), &buf, 1) { req, status in
            let count = Int(bitPattern: req!.pointee.data)
            let session = Unmanaged<Session>.fromOpaque(req!.pointee.handle.pointee.data).takeUnretainedValue()
            UnsafeMutableRawPointer(req!).deallocate()
            session.didWrite(count: count, status: status)
        }
        guard rc == 0 else {
            block.deallocate()
            close(reason: "writing failed (\(uvErrorText(rc)))", level: .debug)
            return
        }
        pendingWrites += 1
        pendingWriteBytes += remaining
    }

    private func didWrite(count: Int, status: Int32) {
        pendingWrites -= 1
        pendingWriteBytes -= count
        if status < 0 && status != UV_ECANCELED.rawValue && phase == .open {
            close(reason: "writing failed (\(uvErrorText(status)))", level: .debug)
        }
        if phase == .draining && pendingWrites == 0 { closeHandle() }
    }

    // MARK: Closing

    /// Sends a fatal error, then closes once it is on its way.
    func fail(_ error: ErrorMessage) {
        guard phase == .open else { return }
        logger.notice("closing \(self): \(error.code): \(error.message)")
        send(.error(error))
        closeAfterFlush(reason: "\(error.code): \(error.message)")
    }

    /// Says goodbye (server shutting down), then closes once it is on its way.
    func sayGoodbye(_ reason: String) {
        guard phase == .open else { return }
        send(.goodbye(Goodbye(reason: reason)))
        closeAfterFlush(reason: reason)
    }

    /// Closes now, dropping unsent data.
    func close(reason: String, level: Logger.Level = .info) {
        guard phase != .closed else { return }
        if phase == .open {
            logger.log(level: level, "closing \(self): \(reason)")
            finish(reason: reason)
        }
        closeHandle()
    }

    /// Closes after the queued data has been handed to the kernel.
    private func closeAfterFlush(reason: String) {
        guard phase == .open else { return }
        finish(reason: reason)
        if pendingWrites == 0 { closeHandle() } else { phase = .draining }
    }

    /// The logical close: stop reading, drop the client's state, tell the server.
    private func finish(reason: String) {
        phase = .draining
        machine.markClosed()
        uv_read_stop(uvStream(pipe))
        queue.removeAll()
        frameEvents.removeAll()
        store.removeAll()
        delegate?.sessionDidClose(self, reason: reason)
    }

    private func closeHandle() {
        guard phase != .closed else { return }
        phase = .closed
        uv_close(uvHandle(pipe)) { handle in
            if let data = handle!.pointee.data { Unmanaged<Session>.fromOpaque(data).release() }
            UnsafeMutableRawPointer(handle!).deallocate()
        }
    }
}
