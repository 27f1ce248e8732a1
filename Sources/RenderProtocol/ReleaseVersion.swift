/// The release of this build of rendersrv (daemon, tools and libraries ship together), and
/// the line `--version` prints.
public enum ReleaseVersion {
    /// Semantic version of the release; bumped when the project ships.
    public static let current = "0.1.0"

    /// `rendersrvd 0.1.0 (wire protocol 2; speaks 2…2)`: what `--version` prints for `tool`.
    public static func line(for tool: String) -> String {
        let range = ProtocolVersion.minimumSupported == ProtocolVersion.current
            ? "\(ProtocolVersion.current)" : "\(ProtocolVersion.minimumSupported)…\(ProtocolVersion.current)"
        return "\(tool) \(current) (wire protocol \(ProtocolVersion.current); speaks \(range))"
    }
}
