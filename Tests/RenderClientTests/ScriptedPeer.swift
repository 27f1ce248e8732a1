import Foundation
import Glibc
@testable import RenderClient

/// A one-connection server on a private Unix socket that answers each client message with
/// whatever `respond` returns: enough of the daemon's side to exercise `Connection` and
/// `ControlClient` without `rendersrvd`. It speaks the real codec; it is no daemon.
final class ScriptedPeer {
    let path: String
    private let listenFD: Int32
    private var clientFD: Int32 = -1
    private let respond: (Message) -> [Message]
    private let acceptsMany: Bool
    private let sendLock = NSLock()
    /// Every message received, in order.
    private(set) var received = Locked<[Message]>([])

    /// `respond` runs on the peer's thread; return `[]` to stay silent. Returning a
    /// `goodbye` closes the connection after sending it. With `acceptsMany` the peer
    /// accepts the next connection when one ends (a daemon that comes back, for
    /// reconnection tests); otherwise it serves one.
    init(acceptsMany: Bool = false, _ respond: @escaping (Message) -> [Message]) throws {
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
    }

    /// Stops accepting connections (the serving thread ends once its client leaves).
    func stopAccepting() { Glibc.shutdown(listenFD, Int32(SHUT_RDWR)) }

    /// Ends the current connection without a goodbye, as a daemon that was killed would.
    /// Safe from `respond`.
    func dropClient() {
        sendLock.lock(); defer { sendLock.unlock() }
        if clientFD >= 0 { Glibc.shutdown(clientFD, Int32(SHUT_RDWR)) }
    }

    /// Sends messages to the client, unprompted.
    func send(_ messages: [Message]) {
        sendLock.lock(); defer { sendLock.unlock() }
        for m in messages {
            let bytes = WireCodec.encode(m)
            _ = bytes.withUnsafeBytes { Glibc.send(clientFD, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
    }

    private func serve() {
        repeat {
            let fd = accept(listenFD, nil, nil)
            guard fd >= 0 else { return }
            sendLock.lock(); clientFD = fd; sendLock.unlock()
            serveClient()
        } while acceptsMany
    }

    private func serveClient() {
        var decoder = FrameDecoder()
        var buf = [UInt8](repeating: 0, count: 65536)
        loop: while true {
            let n = buf.withUnsafeMutableBytes { read(clientFD, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            buf.withUnsafeBytes { decoder.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            while let m = try? decoder.next() {
                received.withLock { $0.append(m) }
                let replies = respond(m)
                send(replies)
                if replies.contains(where: { if case .goodbye = $0 { return true }; return false }) { break loop }
            }
        }
        sendLock.lock()
        Glibc.shutdown(clientFD, Int32(SHUT_RDWR))
        Glibc.close(clientFD)
        clientFD = -1
        sendLock.unlock()
    }

    static let welcome = Welcome(version: 1, sessionID: 7, displayWidth: 640, displayHeight: 480, refreshRate: 60,
                                 mediaTime: 1, manualClock: true, limits: .default)
}
