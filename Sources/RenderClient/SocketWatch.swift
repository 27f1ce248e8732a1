#if canImport(Glibc)
import Glibc
#endif

/// Watches the folder of a socket path (inotify) so that a reconnection wait ends as soon as
/// a daemon binds its socket there again, instead of at the end of its backoff delay: a
/// restarted daemon is reached within milliseconds of listening whatever the backoff had
/// grown to. Without inotify (or without the folder) it only waits.
///
/// Thread affinity: the thread that reconnects (a `ConnectionCore`'s I/O thread, a
/// `ControlClient`'s caller).
final class SocketWatch {
    private let fd: Int32
    private let name: String

    /// IN_ATTRIB | IN_MOVED_TO | IN_CREATE: the socket file made, renamed in or changed.
    private static let events: UInt32 = 0x004 | 0x080 | 0x100

    init(path: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var fd = inotify_init1(Int32(O_NONBLOCK | O_CLOEXEC))
        if fd >= 0 && inotify_add_watch(fd, folder, SocketWatch.events) < 0 {
            Glibc.close(fd)
            fd = -1
        }
        self.fd = fd
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    /// Forgets the changes seen so far (call before the wait that should hear of the next).
    func drain() {
        guard fd >= 0 else { return }
        var buf = [UInt8](repeating: 0, count: 4096)
        while buf.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Waits up to `seconds`, in slices of at most `slice` seconds between which `stop` is
    /// asked; returns true as soon as the socket file changed (false: time ran out or
    /// `stop` said so).
    func wait(seconds: Double, slice: Double = 0.02, stop: () -> Bool) -> Bool {
        let deadline = MediaTime.now() + seconds
        while !stop() {
            let left = deadline - MediaTime.now()
            if left <= 0 { return false }
            let ms = Int32((min(left, slice) * 1000).rounded(.up))
            if fd < 0 {
                _ = poll(nil, 0, ms)
                continue
            }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, ms) > 0, changed() { return true }
        }
        return false
    }

    /// Whether the pending events name the socket file.
    private func changed() -> Bool {
        var buf = [UInt8](repeating: 0, count: 4096)
        var seen = false
        while true {
            let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return seen }
            // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }
            var at = 0
            while at + 16 <= n {
                let len = Int(buf[at + 12]) | Int(buf[at + 13]) << 8 | Int(buf[at + 14]) << 16 | Int(buf[at + 15]) << 24
                let nameBytes = buf[(at + 16)..<min(n, at + 16 + len)].prefix { $0 != 0 }
                if String(decoding: nameBytes, as: UTF8.self) == name { seen = true }
                at += 16 + len
            }
        }
    }
}
