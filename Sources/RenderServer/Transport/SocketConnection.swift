import CLibUV
import CSystem
import Glibc
import RenderProtocol

/// One client's socket: reads bytes into its `ClientSession` and writes the session's
/// outbound bytes, straight to the kernel when it can (one `write(2)` while libuv queues
/// nothing, as `uv_try_write` would do), else through libuv's write queue, whose size it
/// reports to the session as back-pressure.
///
/// The pipe is in libuv's IPC mode: descriptors a client passes with its bytes
/// (`SCM_RIGHTS`, shared-memory contents) come out of libuv as pending handles of type
/// `UV_FILE` before the read callback of the bytes they came with. libuv hands a pending
/// descriptor over only by `uv_accept` into a stream handle, so each is accepted into a
/// scratch pipe handle, duplicated (close-on-exec) and the scratch handle closed; the
/// duplicate goes to the session with the bytes, and the session closes it.
///
/// Closing after a fatal error or a goodbye (`ClientSession.CloseRequest.flush`), the
/// connection *drains*: it writes what is queued, the error last, and only then closes. A
/// client blocked writing a large frame reads nothing until its write ends, and its socket
/// is full because the daemon stopped reading it: so while draining, what arrives is read
/// and dropped (descriptors closed), the write ends, and the client gets to its error. A
/// peer that has not taken everything within its session's `frameTimeoutMilliseconds` is
/// cut (logged), so that no connection waits on its client forever.
///
/// Thread affinity: the loop thread, always.
final class SocketConnection {
    let session: ClientSession
    private let loop: Loop
    private let pipe: UnsafeMutablePointer<uv_pipe_t>
    private unowned let server: Server

    private enum Phase { case open, draining, closed }
    private var phase = Phase.open
    private var pendingWrites = 0
    private var pendingWriteBytes = 0 { didSet { session.transportBacklog = pendingWriteBytes } }
    /// While draining: cuts the connection when the client has not taken the rest in time.
    private var drainTimer: UnsafeMutablePointer<uv_timer_t>?
    /// Bytes read and dropped while draining.
    private var droppedBytes = 0

    init(session: ClientSession, loop: Loop, pipe: UnsafeMutablePointer<uv_pipe_t>, server: Server) {
        self.session = session; self.loop = loop; self.pipe = pipe; self.server = server
    }

    /// The peer's pid and uid from `SO_PEERCRED` (nil when unavailable).
    static func peerCredentials(of pipe: UnsafeMutablePointer<uv_pipe_t>) -> (pid: Int32, uid: UInt32)? {
        var fd: uv_os_fd_t = -1
        guard uv_fileno(uvHandle(pipe), &fd) == 0 else { return nil }
        var p: Int32 = 0, uid: UInt32 = 0, gid: UInt32 = 0
        return csys_peer_credentials(fd, &p, &uid, &gid) == 0 ? (p, uid) : nil
    }

    /// Starts reading. The pipe holds a retained reference to the connection until its
    /// close callback.
    func start() {
        loop.preconditionInLoop()
        var fd: uv_os_fd_t = -1
        if uv_fileno(uvHandle(pipe), &fd) == 0 { descriptor = fd }
        pipe.pointee.data = Unmanaged.passRetained(self).toOpaque()
        if loop.spinNanoseconds > 0 {
            spinsAfterReads = session.peerPID.map { csys_may_run_apart($0) != 0 } ?? true
        }
        startReading()
    }

    /// Whether the loop spins after this client's reads (`Loop.run`): it is configured to, and
    /// the client may run on another CPU than the loop thread (asked once, at the start).
    private var spinsAfterReads = false

    /// The socket's descriptor (libuv's), written to directly while libuv queues nothing
    /// (`write`); -1 when libuv would not tell it, and every write then goes through libuv.
    private var descriptor: Int32 = -1

    private func startReading() {
        // The loop's read buffer, shared by every connection (`Loop.readBuffer`).
        let rc = uv_read_start(uvStream(pipe), { handle, _, buf in
            buf!.pointee = Loop.readBuffer(of: handle!)
        }, { stream, nread, buf in
            let c = Unmanaged<SocketConnection>.fromOpaque(stream!.pointee.data).takeUnretainedValue()
            c.didRead(nread, into: UnsafeRawPointer(buf!.pointee.base))
        })
        if rc != 0 { server.core.connectionEnded(session, reason: "cannot read from the socket (\(uvErrorText(rc)))") }
    }

    /// `nread` bytes arrived at `bytes` (the loop's read buffer), or the read failed (< 0).
    private func didRead(_ nread: Int, into bytes: UnsafeRawPointer?) {
        loop.preconditionInLoop()
        guard phase == .open else {
            // Draining: the session has ended, nothing it sends now is taken. The peer gone,
            // nothing more can reach it.
            guard phase == .draining else { return }
            if nread < 0 { closeHandle() } else { droppedBytes += nread; takeDescriptors().forEach { _ = Glibc.close($0) } }
            return
        }
        if spinsAfterReads { loop.reads &+= 1 }
        // One strong reference for the whole call (each use of the unowned reference is an
        // unowned-to-strong load on an object with a side table, about 80 instructions).
        let server = self.server
        let performedBefore = server.core.performedActionCount
        if nread < 0 {
            let reason = nread == Int(UV_EOF.rawValue) ? "the client closed the connection"
                : "reading failed (\(uvErrorText(Int32(nread))))"
            server.core.connectionEnded(session, reason: reason)
        } else if nread > 0 {
            // The session is flushed below, by itself: not put on the core's dirty list.
            let descriptors = uv_pipe_pending_count(pipe) > 0 ? takeDescriptors() : []
            server.core.receive(UnsafeRawBufferPointer(start: bytes, count: nread), descriptors: descriptors,
                                from: session, now: Server.monotonicSeconds(), flushedByCaller: true)
            if session.hasRunningTimeout { server.resumeTimeoutChecks() }
        }
        server.flushTransport(reader: self, performedBefore: performedBefore)
    }

    /// The descriptors libuv received with the latest read, as plain descriptors the caller
    /// owns.
    private func takeDescriptors() -> [Int32] {
        var out: [Int32] = []
        while uv_pipe_pending_count(pipe) > 0 {
            let scratch = uvAllocate(uv_pipe_t.self)
            guard uv_pipe_init(loop.raw, scratch, 0) == 0 else { scratch.deallocate(); break }
            var fd: uv_os_fd_t = -1
            if uv_accept(uvStream(pipe), uvStream(scratch)) == 0, uv_fileno(uvHandle(scratch), &fd) == 0 {
                let copy = csys_dup_cloexec(fd)
                if copy >= 0 {
                    out.append(copy)
                } else {
                    server.core.logger.warning("could not duplicate a received descriptor",
                                               metadata: ["session": "\(session.id)", "errno": "\(-copy)"])
                }
            }
            uvCloseAndFree(scratch)
        }
        return out
    }

    /// Writes what the session queued, and closes when it asked to. While the session is
    /// taking a large commit, its socket is not read (the client waits, not the daemon).
    func flush() {
        loop.preconditionInLoop()
        guard phase == .open else { return }
        setReading(session.job == nil)
        if session.closeRequest?.flush != false {
            // Written from the session's buffer in place: a burst frame's megabyte of events
            // is copied once by the kernel, and only what the socket did not take is copied
            // into a write request.
            // A failure ends the session after the drain (ending it empties the buffer).
            var failure: String?
            session.drainOutbound { failure = write($0) }
            if let failure { server.core.connectionEnded(session, reason: failure) }
        }
        guard phase == .open, let request = session.closeRequest else { return }
        guard request.flush && pendingWrites > 0 else {
            uv_read_stop(uvStream(pipe))
            return closeHandle()
        }
        phase = .draining
        if !reading { reading = true; startReading() }
        let patience = UInt64(session.limits.frameTimeoutMilliseconds)
        drainTimer = server.startTimer(after: patience, repeat: 0) { [weak self] server in
            guard let self, self.phase == .draining else { return }
            server.core.logger.notice("cut: the client did not read what was left to send within \(patience) ms (limit frameTimeoutMilliseconds)", metadata: ["session": "\(self.session.id)",
                                                                 "unsent": "\(self.pendingWriteBytes)",
                                                                 "dropped": "\(self.droppedBytes)"])
            self.closeHandle()
        }
    }

    private var reading = true

    private func setReading(_ on: Bool) {
        guard on != reading, session.closeRequest == nil else { return }
        reading = on
        if on { startReading() } else { uv_read_stop(uvStream(pipe)) }
    }

    /// Closes now, dropping unsent data (shutdown grace period over).
    func cut() {
        closeHandle()
    }

    /// Writes `bytes` (valid only during the call): straight to the kernel when nothing is
    /// queued before them, the rest (or all) copied into one libuv write request. Returns why
    /// writing failed, if it did (the caller ends the session: not here, while the session's
    /// buffer is lent out).
    private func write(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard !bytes.isEmpty else { return nil }
        var offset = 0
        if pendingWrites == 0 && descriptor >= 0 {
            // What `uv_try_write` does with nothing queued — one `write(2)` on the non-blocking
            // socket — without its checks and buffer set-up (about 120 instructions a reply).
            var n: Int
            repeat { n = Glibc.write(descriptor, bytes.baseAddress!, bytes.count) } while n < 0 && errno == EINTR
            if n >= 0 {
                offset = n
                if offset == bytes.count { return nil }
            } else if errno != EAGAIN && errno != EWOULDBLOCK {
                return "writing failed (\(uvErrorText(-errno)))"
            }
        }
        // One block: the request, then the bytes.
        let remaining = bytes.count - offset
        let stride = MemoryLayout<uv_write_t>.stride
        let block = UnsafeMutableRawPointer.allocate(byteCount: stride + remaining, alignment: 16)
        let req = block.bindMemory(to: uv_write_t.self, capacity: 1)
        (block + stride).copyMemory(from: bytes.baseAddress! + offset, byteCount: remaining)
        req.pointee.data = UnsafeMutableRawPointer(bitPattern: remaining)
        var buf = uv_buf_init((block + stride).assumingMemoryBound(to: CChar.self), UInt32(remaining))
        let rc = uv_write(req, uvStream(pipe), &buf, 1) { req, status in
            let count = Int(bitPattern: req!.pointee.data)
            let c = Unmanaged<SocketConnection>.fromOpaque(req!.pointee.handle.pointee.data).takeUnretainedValue()
            UnsafeMutableRawPointer(req!).deallocate()
            c.didWrite(count: count, status: status)
        }
        guard rc == 0 else {
            block.deallocate()
            return "writing failed (\(uvErrorText(rc)))"
        }
        pendingWrites += 1
        pendingWriteBytes += remaining
        return nil
    }

    private func didWrite(count: Int, status: Int32) {
        pendingWrites -= 1
        pendingWriteBytes -= count
        if status < 0 && status != UV_ECANCELED.rawValue && phase == .open {
            server.core.connectionEnded(session, reason: "writing failed (\(uvErrorText(status)))")
            server.flushTransport()
        }
        if phase == .draining && pendingWrites == 0 { closeHandle() }
    }

    private func closeHandle() {
        guard phase != .closed else { return }
        phase = .closed
        server.closeTimer(&drainTimer)
        server.connectionClosed(self)
        uv_close(uvHandle(pipe)) { handle in
            if let data = handle!.pointee.data { Unmanaged<SocketConnection>.fromOpaque(data).release() }
            UnsafeMutableRawPointer(handle!).deallocate()
        }
    }
}
