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
    private let sendLock = NSLock()
    /// Every message received, in order.
    private(set) var received = Locked<[Message]>([])

    /// `respond` runs on the peer's thread; return `[]` to stay silent. Returning a
    /// `goodbye` closes the connection after sending it.
    init(_ respond: @escaping (Message) -> [Message]) throws {
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
        Glibc.close(listenFD)
        unlink(path)
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
        clientFD = accept(listenFD, nil, nil)
        guard clientFD >= 0 else { return }
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
        sendLock.unlock()
    }

    static let welcome = Welcome(version: 1, sessionID: 7, displayWidth: 640, displayHeight: 480, refreshRate: 60,
                                 mediaTime: 1, manualClock: true, limits: .default)
}
