import Foundation
import Glibc
@testable import RenderClient
import Synchronization

/// A one-connection server on a private Unix socket that answers each client message with
/// whatever `respond` returns: enough of the daemon's side to exercise `Connection` and
/// `ControlClient` without `rendersrvd`. It speaks the real codec; it is no daemon.
///
/// Threads: the peer's own thread accepts, reads and calls `respond`; the test sends,
/// drops the client and reads `received` from its thread. The connected descriptor is
/// behind `clientFD`'s mutex (sends and the shutdown hold it), `received` behind its lock.
final class ScriptedPeer: Sendable {
    let path: String
    private let listenFD: Int32
    /// The connected client's descriptor, -1 between connections. Set and closed by the
    /// peer's thread; held by every send and by `dropClient`, so no send uses a closed one.
    private let clientFD = Mutex<Int32>(-1)
    private let respond: @Sendable (Message) -> [Message]
    private let acceptsMany: Bool
    /// Every message received, in order.
    let received = Locked<[Message]>([])

    /// `respond` runs on the peer's thread (so it is `@Sendable`: what it shares with the
    /// test must be locked); return `[]` to stay silent. Returning a `goodbye` closes the
    /// connection after sending it. With `acceptsMany` the peer accepts the next connection
    /// when one ends (a daemon that comes back, for reconnection tests); otherwise it serves one.
    init(acceptsMany: Bool = false, _ respond: @escaping @Sendable (Message) -> [Message]) throws {
        self.acceptsMany = acceptsMany
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rc-peer-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        path = dir.appendingPathComponent("s").path
        self.respond = respond
        listenFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let p = path
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in raw.copyBytes(from: p.utf8); raw[p.utf8.count] = 0 }
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listenFD, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        precondition(rc == 0 && listen(listenFD, 4) == 0, "peer socket: \(String(cString: strerror(errno)))")
        let t = Thread { [self] in serve() }
        t.start()
    }

    deinit {
        Glibc.shutdown(listenFD, Int32(SHUT_RDWR)) // wakes a blocked accept
        Glibc.close(listenFD)
        unlink(path)
        rmdir(URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    /// Stops accepting connections (the serving thread ends once its client leaves).
    func stopAccepting() { Glibc.shutdown(listenFD, Int32(SHUT_RDWR)) }

    /// Ends the current connection without a goodbye, as a daemon that was killed would.
    /// Safe from `respond`.
    func dropClient() {
        clientFD.withLock { fd in
            if fd >= 0 { Glibc.shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    /// Sends messages to the client, unprompted.
    func send(_ messages: [Message]) {
        clientFD.withLock { fd in
            for m in messages {
                let bytes = WireCodec.encode(m)
                _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
        }
    }

    private func serve() {
        repeat {
            let fd = accept(listenFD, nil, nil)
            guard fd >= 0 else { return }
            clientFD.withLock { $0 = fd }
            serveClient(fd)
        } while acceptsMany
    }

    /// Reads `fd` (this thread's until it closes it) and answers, until the client leaves.
    private func serveClient(_ fd: Int32) {
        var decoder = FrameDecoder()
        var buf = [UInt8](repeating: 0, count: 65536)
        loop: while true {
            let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            buf.withUnsafeBytes { decoder.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            while let m = try? decoder.next() {
                received.withLock { $0.append(m) }
                let replies = respond(m)
                send(replies)
                if replies.contains(where: { if case .goodbye = $0 { return true }; return false }) { break loop }
            }
        }
        clientFD.withLock { current in
            Glibc.shutdown(current, Int32(SHUT_RDWR))
            Glibc.close(current)
            current = -1
        }
    }

    static let welcome = Welcome(version: 1, sessionID: 7, displayWidth: 640, displayHeight: 480, refreshRate: 60,
                                 mediaTime: 1, manualClock: true, limits: .default)
}
