import CSystem
import Glibc

/// A listening socket handed over by a service manager (systemd's socket activation), as
/// `sd_listen_fds(3)` describes it: the manager binds and listens, then starts the daemon
/// with the socket as descriptor 3 and the environment
///
///     LISTEN_PID=<the daemon's pid>   LISTEN_FDS=1   (LISTEN_FDNAMES=<name>, ignored)
///
/// rendersrvd takes exactly one socket, a listening Unix stream socket; anything else is
/// refused with an error saying what was found. A daemon started this way never creates or
/// removes the socket file: it belongs to the manager (the `.socket` unit), which keeps it
/// across restarts so that clients connecting meanwhile wait in the backlog.
public struct SocketActivation: Equatable, Sendable {
    /// The first passed descriptor (`SD_LISTEN_FDS_START`).
    public static let firstDescriptor: Int32 = 3
    /// The variables the manager sets; the daemon unsets them (`unsetEnvironment`) so that
    /// nothing it starts mistakes them for its own.
    public static let variables = ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"]

    /// The listening descriptor.
    public var descriptor: Int32
    /// The address it is bound to: a path, `@name` for an abstract one, "" when unbound.
    public var path: String

    public init(descriptor: Int32, path: String) { self.descriptor = descriptor; self.path = path }

    /// The activated socket, nil when the environment passes none (no `LISTEN_FDS`), or an
    /// error when it passes something rendersrvd cannot serve on. `pid` is this process's.
    public static func fromEnvironment(_ environment: [String: String], pid: Int32 = getpid(),
                                       descriptor: Int32 = firstDescriptor) throws(ServerError) -> SocketActivation? {
        guard let fds = environment["LISTEN_FDS"] else {
            if environment["LISTEN_PID"] != nil {
                throw .socketActivation("LISTEN_PID is set but LISTEN_FDS is not; a service manager sets both "
                    + "(LISTEN_FDS=1 with the socket as descriptor 3)")
            }
            return nil
        }
        guard let listenPID = environment["LISTEN_PID"] else {
            throw .socketActivation("LISTEN_FDS=\(fds) is set but LISTEN_PID is not; the manager must set "
                + "LISTEN_PID to the daemon's pid (systemd does; by hand: sh -c 'LISTEN_PID=$$ exec rendersrvd')")
        }
        guard let owner = Int32(listenPID), owner > 0 else {
            throw .socketActivation("LISTEN_PID=\"\(listenPID)\" is not a process id")
        }
        guard owner == pid else {
            throw .socketActivation("LISTEN_PID=\(owner) names another process (this rendersrvd is pid \(pid)): "
                + "the sockets were passed to it, not to us; start rendersrvd from the unit itself, or unset "
                + "LISTEN_FDS and LISTEN_PID")
        }
        guard let count = Int(fds), count >= 0 else {
            throw .socketActivation("LISTEN_FDS=\"\(fds)\" is not a descriptor count")
        }
        guard count == 1 else {
            throw .socketActivation("LISTEN_FDS=\(count): rendersrvd takes exactly one listening socket; give its "
                + ".socket unit a single ListenStream= line")
        }
        var buffer = [CChar](repeating: 0, count: 256)
        let rc = csys_check_listening_unix_stream(descriptor, &buffer, buffer.count)
        let what: String
        switch rc {
        case 0:
            let path = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            return SocketActivation(descriptor: descriptor, path: path)
        case 1: what = "is not a socket"
        case 2: what = "is not a Unix-domain socket (rendersrvd serves on AF_UNIX only)"
        case 3: what = "is not a stream socket (use ListenStream=, not ListenDatagram= or ListenSequentialPacket=)"
        case 4: what = "is a socket that is not listening"
        default: what = "cannot be inspected (\(String(cString: strerror(-rc))))"
        }
        throw .socketActivation("descriptor \(descriptor), passed with LISTEN_FDS=1, \(what); pass one listening "
            + "Unix stream socket (ListenStream=%t/rendersrvd/socket)")
    }

    /// Removes the activation variables from this process's environment.
    public static func unsetEnvironment() {
        for name in variables { unsetenv(name) }
    }
}
