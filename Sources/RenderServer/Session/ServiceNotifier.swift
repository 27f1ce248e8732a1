import CSystem
import Glibc

/// Readiness and status for a service manager, as `sd_notify(3)` sends them, written by
/// hand (no libsystemd): one datagram of `KEY=value` lines to the Unix socket named in
/// `NOTIFY_SOCKET` — a path, or `@name` in the abstract namespace.
///
///     READY=1            the socket is listening and the loop runs (Type=notify units
///                        wait for it before starting what depends on the daemon)
///     STOPPING=1         shutdown began
///     STATUS=…           one line for `systemctl status`
///     MAINPID=<pid>      the daemon's pid
///
/// A failed send is logged by the caller and otherwise ignored: the daemon serves either way.
public struct ServiceNotifier: Equatable, Sendable {
    /// The socket name from `NOTIFY_SOCKET`.
    public let socket: String

    public init(socket: String) { self.socket = socket }

    /// The notifier `NOTIFY_SOCKET` names, nil when it is unset or empty.
    public static func fromEnvironment(_ environment: [String: String]) -> ServiceNotifier? {
        guard let name = environment["NOTIFY_SOCKET"], !name.isEmpty else { return nil }
        return ServiceNotifier(socket: name)
    }

    /// Sends `fields` as one datagram (`KEY=value` lines). Throws the errno text on failure.
    public func send(_ fields: [(String, String)]) throws(ServerError) {
        let message = fields.map { "\($0.0)=\($0.1.replacingNewlines)" }.joined(separator: "\n") + "\n"
        let rc = csys_notify_datagram(socket, message)
        if rc == -EINVAL {
            throw .invalidConfiguration("NOTIFY_SOCKET=\(socket) is not a socket name (a path or @abstract-name of at "
                + "most 107 bytes); unset it, or let the service manager set it")
        }
        guard rc == 0 else {
            throw .system(call: "sendto", errno: -rc, context: "notifying the service manager at NOTIFY_SOCKET=\(socket)")
        }
    }

    /// `READY=1`, the status line and our pid.
    public func ready(status: String) throws(ServerError) {
        try send([("READY", "1"), ("STATUS", status), ("MAINPID", "\(getpid())")])
    }

    /// `STOPPING=1` and the status line.
    public func stopping(status: String) throws(ServerError) {
        try send([("STOPPING", "1"), ("STATUS", status)])
    }
}

private extension String {
    /// A value on one line (a newline would start a new field).
    var replacingNewlines: String { split(whereSeparator: \.isNewline).joined(separator: " ") }
}
