#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the daemon listens, resolved the same way by `rendersrvd` and by clients:
///
/// 1. an explicit path (`--socket PATH`),
/// 2. else `RENDERSRV_SOCKET` from the environment,
/// 3. else `$XDG_RUNTIME_DIR/rendersrvd/socket`,
/// 4. else `/tmp/rendersrvd-$UID/socket`.
public enum SocketPath {
    /// The longest path a Unix socket address holds (`sun_path` less the terminator).
    public static let maxLength = 107

    public static func resolve(explicit: String? = nil, environment: [String: String],
                               uid: UInt32 = getuid()) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let env = environment["RENDERSRV_SOCKET"], !env.isEmpty { return env }
        if let xdg = environment["XDG_RUNTIME_DIR"], !xdg.isEmpty { return xdg + "/rendersrvd/socket" }
        return "/tmp/rendersrvd-\(uid)/socket"
    }

    /// The process environment as a dictionary.
    public static var processEnvironment: [String: String] {
        var result = [String: String]()
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") {
                result[String(s[..<eq])] = String(s[s.index(after: eq)...])
            }
            p += 1
        }
        return result
    }
}
