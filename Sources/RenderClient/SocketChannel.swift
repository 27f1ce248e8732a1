#if canImport(Glibc)
import Glibc
#endif
import CSystem
import RenderCore
import RenderProtocol

/// A connected Unix stream socket to `rendersrvd` with its frame decoder: connect,
/// handshake, blocking writes of whole frames, and reads with a deadline. The building
/// block of `Connection` (whose I/O thread reads it) and `ControlClient` (which reads it
/// on the caller's thread).
///
/// Not thread-safe: its owner serializes writes and reads.
final class SocketChannel {
    let path: String
    let fd: Int32
    var decoder = FrameDecoder()
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// The largest frame accepted from the server (a 4K snapshot is 33 MB).
    static let maxIncomingFrameBytes = 256 << 20

    private init(path: String, fd: Int32) { self.path = path; self.fd = fd }

    /// Connects to the daemon listening at `path`.
    static func connect(path: String) throws(ConnectionError) -> SocketChannel {
        guard path.utf8.count <= SocketPath.maxLength else { throw .socketPathTooLong(path: path) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system(operation: "socket()", path: path, errno: errno) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            raw.copyBytes(from: path.utf8)
            raw[path.utf8.count] = 0
        }
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        if rc != 0 {
            let e = errno
            Glibc.close(fd)
            switch e {
            case ENOENT: throw .noDaemon(path: path, detail: "no such socket")
            case ECONNREFUSED: throw .noDaemon(path: path, detail: "connection refused: a stale socket file")
            default: throw .system(operation: "connect()", path: path, errno: e)
            }
        }
        return SocketChannel(path: path, fd: fd)
    }

    /// Writes a whole frame, blocking until the kernel took every byte. `descriptors` go
    /// with its first byte (`SCM_RIGHTS`); the caller still owns (and closes) them.
    func write(_ bytes: [UInt8], descriptors: [Int32] = []) throws(ConnectionError) {
        try bytes.withUnsafeBytes { raw in Result { () throws(ConnectionError) in try write(raw, descriptors: descriptors) } }
            .get()
    }

    /// Writes one message as a whole frame, encoded without an allocation when it is small
    /// (`WireCodec.withEncodedFrame`: a ping or a pong).
    func write(_ message: Message) throws(ConnectionError) {
        try WireCodec.withEncodedFrame(message) { raw in Result { () throws(ConnectionError) in try write(raw) } }.get()
    }

    /// Writes `raw` (a whole frame or a run of them), as `write(_:descriptors:)` does.
    func write(_ raw: UnsafeRawBufferPointer, descriptors: [Int32] = []) throws(ConnectionError) {
        /// 0, or the errno that stopped the write.
        func send() -> Int32 {
            var offset = 0
            if !descriptors.isEmpty && raw.count > 0 {
                let n = descriptors.withUnsafeBufferPointer {
                    csys_send_with_fds(fd, raw.baseAddress!, raw.count, $0.baseAddress, Int32($0.count))
                }
                guard n > 0 else { return n < 0 ? Int32(-n) : EPIPE }
                offset = n
            }
            while offset < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n > 0 { offset += n; continue }
                if n < 0 && errno == EINTR { continue }
                return n < 0 ? errno : EPIPE
            }
            return 0
        }
        let failure = send()
        if failure != 0 {
            if failure == EPIPE || failure == ECONNRESET { throw .closed(path: path) }
            throw .system(operation: "send()", path: path, errno: failure)
        }
    }

    /// Reads whatever is available (blocking until something is, or `timeout` seconds
    /// pass: `nil` waits for ever). Returns false at end of stream.
    func fill(timeout: Double?) throws(ConnectionError) -> Bool {
        if let timeout {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            while true {
                let ms = Int32(max(0, min(timeout * 1000, Double(Int32.max))).rounded(.up))
                let rc = poll(&p, 1, ms)
                if rc > 0 { break }
                if rc == 0 { throw .timedOut(operation: "waiting for a reply", path: path, seconds: timeout) }
                if errno != EINTR { throw .system(operation: "poll()", path: path, errno: errno) }
            }
        }
        while true {
            let n = readBuffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                readBuffer.withUnsafeBytes { decoder.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
                return true
            }
            if n == 0 { return false }
            if errno == EINTR { continue }
            if errno == ECONNRESET { return false }
            throw .system(operation: "read()", path: path, errno: errno)
        }
    }

    /// The next decoded message, if a whole one is buffered.
    func nextBuffered() throws(ConnectionError) -> Message? {
        do { return try decoder.next() } catch { throw .malformed(path: path, error) }
    }

    /// The next message, reading until `deadline` (media time).
    func receive(deadline: Double, operation: String) throws(ConnectionError) -> Message {
        while true {
            if let m = try nextBuffered() { return m }
            let left = deadline - MediaTime.now()
            guard left > 0 else { throw .timedOut(operation: operation, path: path, seconds: 0) }
            let more: Bool
            do { more = try fill(timeout: left) } catch {
                if case .timedOut = error { throw .timedOut(operation: operation, path: path, seconds: left) }
                throw error
            }
            guard more else { throw .closed(path: path) }
        }
    }

    /// Sends `hello` and waits for `welcome` (at most `timeout` seconds). Adopts the
    /// server's frame limit for decoding.
    func handshake(clientName: String, timeout: Double) throws(ConnectionError) -> Welcome {
        // Within the default maxNameBytes: the server's own limit is known only from welcome.
        try write(WireCodec.encode(.hello(Hello(clientName: Hello.name(clientName), pid: getpid()))))
        let deadline = MediaTime.now() + timeout
        while true {
            let m: Message
            do { m = try receive(deadline: deadline, operation: "handshake (waiting for welcome)") } catch {
                if case .closed = error {
                    throw .handshakeFailed(path: path, detail: "the server closed the connection before its welcome")
                }
                throw error
            }
            switch m {
            case let .welcome(w):
                // Replies such as snapshots may exceed what the server accepts from clients.
                decoder = FrameDecoder(maxFrameBytes: max(Int(w.limits.maxFrameBytes), SocketChannel.maxIncomingFrameBytes))
                return w
            case let .error(e) where e.code == .versionUnsupported:
                throw .versionUnsupported(path: path, message: e.message)
            case let .error(e):
                throw .handshakeFailed(path: path, detail: "\(e.code): \(e.message)")
            case let .goodbye(g):
                throw .handshakeFailed(path: path, detail: "the server said goodbye: \(g.reason)")
            default:
                throw .handshakeFailed(path: path, detail: "expected welcome, got \(m.type)")
            }
        }
    }

    /// Ends both directions; a thread blocked reading wakes up with end of stream.
    func shutdownBoth() { _ = Glibc.shutdown(fd, Int32(SHUT_RDWR)) }

    func close() { _ = Glibc.close(fd) }
}
