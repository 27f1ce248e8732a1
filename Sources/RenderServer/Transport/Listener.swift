import CLibUV
import CSystem
import Glibc

/// The Unix-socket listener (`uv_pipe`) that accepts client connections.
///
/// Start-up, in `init`:
///
///     parent directory missing?  → create it (0700)
///     path exists, not a socket  → refuse (someone else's file)
///     path is a socket           → connect to it:
///         refused                → stale: unlink and reuse
///         accepted               → another daemon is live: refuse, naming its pid
///     bind, listen
///
/// Thread affinity: the loop thread (set-up runs on the creating thread before the loop).
final class Listener {
    let path: String
    /// Whether this listener created the socket file (and removes it on close); false for
    /// a socket passed by a service manager, whose file is the manager's.
    let ownsPath: Bool
    private let loop: Loop
    private let pipe: UnsafeMutablePointer<uv_pipe_t>
    private var closed = false
    /// Called on the loop thread with each accepted, initialised client pipe; the callee
    /// owns it from then on.
    var onConnection: ((UnsafeMutablePointer<uv_pipe_t>) -> Void)?

    init(loop: Loop, path: String) throws {
        self.loop = loop
        self.path = path
        ownsPath = true
        guard path.utf8.count <= 107 else {
            throw ServerError.badSocketPath(path: path, reason: "the path is \(path.utf8.count) bytes, longer than the "
                + "107 a Unix socket address holds; choose a shorter --socket path")
        }
        try Listener.createParentDirectory(of: path)
        switch Listener.probe(path) {
        case .absent:
            break
        case .stale:
            guard unlink(path) == 0 || errno == ENOENT else {
                throw ServerError.system(call: "unlink", errno: errno, context: "removing the stale socket \(path)")
            }
        case let .live(pid):
            throw ServerError.alreadyServing(path: path, pid: pid)
        case let .unusable(reason):
            throw ServerError.badSocketPath(path: path, reason: reason)
        }
        pipe = uvAllocate(uv_pipe_t.self)
        var rc = uv_pipe_init(loop.raw, pipe, 0)
        guard rc == 0 else { pipe.deallocate(); throw ServerError.libuv(call: "uv_pipe_init", code: rc) }
        pipe.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        rc = uv_pipe_bind(pipe, path)
        if rc == 0 {
            rc = uv_listen(uvStream(pipe), 128) { server, status in
                let listener = Unmanaged<Listener>.fromOpaque(server!.pointee.data).takeUnretainedValue()
                listener.accept(status: status)
            }
            if rc != 0 { unlink(path) }
        }
        guard rc == 0 else {
            uvCloseAndFree(pipe)
            closed = true
            throw ServerError.badSocketPath(path: path, reason: "bind/listen failed (\(uvErrorText(rc)))")
        }
    }

    /// Serves on a listening socket a service manager passed (already bound and listening:
    /// nothing is probed, created or, on close, removed).
    init(loop: Loop, activated: SocketActivation) throws {
        self.loop = loop
        path = activated.path
        ownsPath = false
        pipe = uvAllocate(uv_pipe_t.self)
        var rc = uv_pipe_init(loop.raw, pipe, 0)
        guard rc == 0 else { pipe.deallocate(); throw ServerError.libuv(call: "uv_pipe_init", code: rc) }
        pipe.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        rc = uv_pipe_open(pipe, activated.descriptor)
        if rc == 0 {
            rc = uv_listen(uvStream(pipe), 128) { server, status in
                let listener = Unmanaged<Listener>.fromOpaque(server!.pointee.data).takeUnretainedValue()
                listener.accept(status: status)
            }
        }
        guard rc == 0 else {
            uvCloseAndFree(pipe)
            closed = true
            throw ServerError.socketActivation("cannot serve on the passed descriptor \(activated.descriptor) "
                + "(\(activated.path)): \(uvErrorText(rc))")
        }
    }

    private func accept(status: Int32) {
        loop.preconditionInLoop()
        guard status == 0, !closed else { return }
        let client = uvAllocate(uv_pipe_t.self)
        // IPC mode: the pipe receives the descriptors clients pass with their commits
        // (shared-memory contents, SCM_RIGHTS); SocketConnection takes them from it.
        guard uv_pipe_init(loop.raw, client, 1) == 0 else { client.deallocate(); return }
        guard uv_accept(uvStream(pipe), uvStream(client)) == 0 else { uvCloseAndFree(client); return }
        if let onConnection { onConnection(client) } else { uvCloseAndFree(client) }
    }

    /// Stops listening and removes the socket file (only one it created). Idempotent.
    func close() {
        loop.preconditionInLoop()
        guard !closed else { return }
        closed = true
        uvCloseAndFree(pipe)
        if ownsPath { unlink(path) }
    }

    // MARK: Start-up checks

    enum ProbeResult: Equatable {
        case absent
        case stale
        case live(pid: Int32?)
        case unusable(String)
    }

    /// What is at `path`: nothing, a socket nobody answers on, a live daemon, or something
    /// that is not a socket.
    static func probe(_ path: String) -> ProbeResult {
        var st = stat()
        if lstat(path, &st) != 0 {
            return errno == ENOENT ? .absent : .unusable("stat failed (\(String(cString: strerror(errno))))")
        }
        guard (st.st_mode & S_IFMT) == S_IFSOCK else {
            return .unusable("the path exists and is not a socket; remove it or pass another --socket path")
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .unusable("socket() failed (\(String(cString: strerror(errno))))") }
        defer { Glibc.close(fd) }
        let rc = withUnixAddress(path) { addr, len in Glibc.connect(fd, addr, len) }
        if rc == 0 {
            var pid: Int32 = 0, uid: UInt32 = 0, gid: UInt32 = 0
            let known = csys_peer_credentials(fd, &pid, &uid, &gid) == 0 && pid > 0
            return .live(pid: known ? pid : nil)
        }
        switch errno {
        case ECONNREFUSED: return .stale
        case ENOENT: return .absent
        default: return .unusable("connecting to the existing socket failed (\(String(cString: strerror(errno)))); "
            + "remove it if no daemon uses it, or pass another --socket path")
        }
    }

    /// Creates the socket's parent directory (and missing ancestors) with mode 0700.
    /// The socket's folder must be the daemon user's and writable by nobody else — or a
    /// root-owned sticky folder such as /tmp, where nobody else can rename or remove our
    /// socket. Otherwise another user could replace the socket and read every client.
    static func checkOwnership(of folder: String, _ st: stat, socket: String) throws {
        let me = geteuid()
        let othersWrite = st.st_mode & (S_IWGRP | S_IWOTH) != 0
        let stickyRoot = st.st_uid == 0 && st.st_mode & S_ISVTX != 0
        if stickyRoot { return }
        guard st.st_uid == me else {
            throw ServerError.badSocketPath(path: socket, reason: "its folder \(folder) belongs to uid \(st.st_uid), "
                + "not to this user (uid \(me)); another user could replace the socket. Remove the folder (the daemon "
                + "creates it 0700) or choose another --socket")
        }
        guard !othersWrite else {
            throw ServerError.badSocketPath(path: socket, reason: "its folder \(folder) is writable by group or others "
                + "(mode \(String(st.st_mode & 0o7777, radix: 8))); another user could replace the socket. Run "
                + "chmod 700 \(folder), or choose another --socket")
        }
    }

    static func createParentDirectory(of path: String) throws {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let parent = String(path[..<slash])
        var st = stat()
        if stat(parent, &st) == 0 {
            guard (st.st_mode & S_IFMT) == S_IFDIR else {
                throw ServerError.badSocketPath(path: path, reason: "\(parent) is not a directory")
            }
            try checkOwnership(of: parent, st, socket: path)
            return
        }
        try createParentDirectory(of: parent)
        if mkdir(parent, 0o700) != 0 && errno != EEXIST {
            throw ServerError.system(call: "mkdir", errno: errno, context: "creating the socket directory \(parent)")
        }
    }
}

/// Calls `body` with a `sockaddr_un` for `path` (which must fit `sun_path`).
func withUnixAddress<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
    var addr = sockaddr_un()
    addr.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8.prefix(107))
    withUnsafeMutableBytes(of: &addr.sun_path) { raw in
        raw.initializeMemory(as: UInt8.self, repeating: 0)
        raw.copyBytes(from: bytes)
    }
    return withUnsafePointer(to: &addr) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
}
