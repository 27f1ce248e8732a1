/// What one session may use, announced in `welcome` (see `Protocol/PROTOCOL.md`, §11).
///
/// Every limit caps work that a client could otherwise make the server's loop thread do
/// in proportion to something it chooses. Each has a documented default, a `rendersrvd`
/// flag (`--max-layers` for `maxLayers`, and so on: the name in kebab case), and a wire id.
/// Going over one is a fatal `limitExceeded` error that names the limit, its value and
/// what was asked; the offending commit is applied not at all.
///
/// Sizes are in bytes, times in milliseconds.
public struct Limits: Hashable, Sendable {
    /// One frame, header included (checked from the header, before the body is buffered).
    public var maxFrameBytes: UInt32
    /// Layers alive at once in one session.
    public var maxLayers: UInt32
    /// Animations attached to one layer.
    public var maxAnimationsPerLayer: UInt32
    /// Animations attached over all of one session's layers (bounds one frame's events).
    public var maxAnimations: UInt32
    /// Values, key times, timing functions or path elements of one keyframe animation;
    /// children of one group.
    public var maxKeyframes: UInt32
    /// Pixel bytes of one bitmap.
    public var maxBitmapBytes: UInt32
    /// Commands in one commit (checked from the commit's count, before decoding them).
    public var maxCommandsPerCommit: UInt32
    /// Depth of a layer tree: a root alone has depth 1. A daemon accepts at most
    /// `maxTreeDepthCeiling`.
    public var maxTreeDepth: UInt32
    /// The deepest tree a daemon may be configured to accept: drawing, the structural checks
    /// and the walks over a tree are tested at this depth (a chain of masked layers, every
    /// level drawn); deeper configurations are refused at start.
    public static let maxTreeDepthCeiling: UInt32 = 4_096
    /// UTF-8 bytes of a client name or an animation key.
    public var maxNameBytes: UInt32
    /// Bytes waiting to be sent to one session at the start of a frame; a client that
    /// does not read for longer than that is disconnected. A prompt reader never is,
    /// whatever one frame sends it.
    public var maxSessionPendingBytes: UInt32
    /// Bytes of partially received frames held over all sessions (the daemon's inbound
    /// budget); a frame that would go over it closes its session.
    public var maxDaemonPendingBytes: UInt32
    /// Time from connecting to `hello`.
    public var handshakeTimeoutMilliseconds: UInt32
    /// Time a started frame may stop arriving before the session is closed.
    public var frameTimeoutMilliseconds: UInt32
    /// Descriptors sent with one commit frame (shared-memory contents, value tag 12). At
    /// most 64 take effect: the daemon's reads receive 64 descriptors at a time.
    public var maxDescriptorsPerCommit: UInt32
    /// Bytes of shared-memory contents (their `length`s) one commit takes in: what the daemon
    /// copies out of the client's shared memory for it (nothing stays mapped after).
    public var maxSharedBytesPerCommit: UInt32
    /// Bytes of contents (bitmap pixels) one session holds at once: its layers' contents,
    /// each distinct bitmap counted once however many layers show it, and the bitmaps inside
    /// its animations' values (contents keyframes, a basic animation's ends), each value
    /// counted. Checked as each command of a commit is, before the commit applies; released
    /// when contents are replaced or cleared, layers destroyed, animations removed, replaced
    /// or retired on completion, or the session ends.
    public var maxContentsBytesPerSession: UInt32
    /// Bytes of contents held over all sessions at once (the daemon's budget for them):
    /// as `maxContentsBytesPerSession`, summed over every session.
    public var maxContentsBytes: UInt32
    /// Input events one `injectInput` request carries, and events of a session's injections
    /// waiting to be played at once (version 3).
    public var maxInjectedEvents: UInt32

    public init(maxFrameBytes: UInt32 = 16 << 20, maxLayers: UInt32 = 100_000, maxAnimationsPerLayer: UInt32 = 256,
                maxAnimations: UInt32 = 100_000, maxKeyframes: UInt32 = 10_000, maxBitmapBytes: UInt32 = 8 << 20,
                maxCommandsPerCommit: UInt32 = 200_000, maxTreeDepth: UInt32 = 256, maxNameBytes: UInt32 = 256,
                maxSessionPendingBytes: UInt32 = 32 << 20, maxDaemonPendingBytes: UInt32 = 64 << 20,
                handshakeTimeoutMilliseconds: UInt32 = 5_000, frameTimeoutMilliseconds: UInt32 = 10_000,
                maxDescriptorsPerCommit: UInt32 = 16, maxSharedBytesPerCommit: UInt32 = 64 << 20,
                maxContentsBytesPerSession: UInt32 = 256 << 20, maxContentsBytes: UInt32 = 1 << 30,
                maxInjectedEvents: UInt32 = 10_000) {
        self.maxFrameBytes = maxFrameBytes; self.maxLayers = maxLayers
        self.maxAnimationsPerLayer = maxAnimationsPerLayer; self.maxAnimations = maxAnimations
        self.maxKeyframes = maxKeyframes; self.maxBitmapBytes = maxBitmapBytes
        self.maxCommandsPerCommit = maxCommandsPerCommit; self.maxTreeDepth = maxTreeDepth
        self.maxNameBytes = maxNameBytes; self.maxSessionPendingBytes = maxSessionPendingBytes
        self.maxDaemonPendingBytes = maxDaemonPendingBytes
        self.handshakeTimeoutMilliseconds = handshakeTimeoutMilliseconds
        self.frameTimeoutMilliseconds = frameTimeoutMilliseconds
        self.maxDescriptorsPerCommit = maxDescriptorsPerCommit
        self.maxSharedBytesPerCommit = maxSharedBytesPerCommit
        self.maxContentsBytesPerSession = maxContentsBytesPerSession
        self.maxContentsBytes = maxContentsBytes
        self.maxInjectedEvents = maxInjectedEvents
    }

    public static let `default` = Limits()

    /// Each limit's wire id (`welcome` carries `u16 id, u32 value` pairs), its name and
    /// its key path. Ids never change meaning; a receiver ignores ids it does not know.
    public enum ID: UInt16, CaseIterable, Sendable {
        case maxFrameBytes = 1, maxLayers, maxAnimationsPerLayer, maxKeyframes, maxBitmapBytes,
             maxCommandsPerCommit, maxTreeDepth, maxNameBytes, maxSessionPendingBytes, maxDaemonPendingBytes,
             handshakeTimeoutMilliseconds, frameTimeoutMilliseconds, maxAnimations,
             maxDescriptorsPerCommit, maxSharedBytesPerCommit, maxContentsBytesPerSession, maxContentsBytes,
             maxInjectedEvents

        /// The Swift name, as written in errors: `maxLayers`.
        public var name: String { "\(self)" }

        /// The daemon's flag: `--max-layers`.
        public var flag: String {
            var out = "--"
            for c in name {
                if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
            }
            return out
        }

        public var keyPath: WritableKeyPath<Limits, UInt32> {
            switch self {
            case .maxFrameBytes: \.maxFrameBytes
            case .maxLayers: \.maxLayers
            case .maxAnimationsPerLayer: \.maxAnimationsPerLayer
            case .maxAnimations: \.maxAnimations
            case .maxKeyframes: \.maxKeyframes
            case .maxBitmapBytes: \.maxBitmapBytes
            case .maxCommandsPerCommit: \.maxCommandsPerCommit
            case .maxTreeDepth: \.maxTreeDepth
            case .maxNameBytes: \.maxNameBytes
            case .maxSessionPendingBytes: \.maxSessionPendingBytes
            case .maxDaemonPendingBytes: \.maxDaemonPendingBytes
            case .handshakeTimeoutMilliseconds: \.handshakeTimeoutMilliseconds
            case .frameTimeoutMilliseconds: \.frameTimeoutMilliseconds
            case .maxDescriptorsPerCommit: \.maxDescriptorsPerCommit
            case .maxSharedBytesPerCommit: \.maxSharedBytesPerCommit
            case .maxContentsBytesPerSession: \.maxContentsBytesPerSession
            case .maxContentsBytes: \.maxContentsBytes
            case .maxInjectedEvents: \.maxInjectedEvents
            }
        }

        /// One line for `--help` and the README.
        public var summary: String {
            switch self {
            case .maxFrameBytes: "bytes in one frame, header included"
            case .maxLayers: "layers alive at once per client"
            case .maxAnimationsPerLayer: "animations attached to one layer"
            case .maxAnimations: "animations attached over all of a client's layers"
            case .maxKeyframes: "values, key times, timing functions or path elements of one keyframe animation; children of one group"
            case .maxBitmapBytes: "pixel bytes of one bitmap"
            case .maxCommandsPerCommit: "commands in one commit"
            case .maxTreeDepth: "depth of a client's layer tree (a lone root is 1), at most 4,096"
            case .maxNameBytes: "UTF-8 bytes of a client name or an animation key"
            case .maxSessionPendingBytes: "bytes waiting to be sent to one client when a frame starts"
            case .maxDaemonPendingBytes: "bytes of partly received frames over all clients"
            case .handshakeTimeoutMilliseconds: "milliseconds from connecting to hello"
            case .frameTimeoutMilliseconds: "milliseconds a started frame may stop arriving"
            case .maxDescriptorsPerCommit: "descriptors (shared-memory contents) sent with one commit, at most 64"
            case .maxSharedBytesPerCommit: "bytes of shared-memory contents one commit takes in"
            case .maxContentsBytesPerSession: "bytes of contents a client holds at once: layers' bitmaps (each counted once) and those in animation values"
            case .maxContentsBytes: "bytes of contents held over all clients at once"
            case .maxInjectedEvents: "input events in one injection request, and waiting to be played for one client"
            }
        }
    }

    public subscript(id: ID) -> UInt32 {
        get { self[keyPath: id.keyPath] }
        set { self[keyPath: id.keyPath] = newValue }
    }

    /// The error for asking `asked` of limit `id` (`"… exceeds the limit maxLayers = 100000"`).
    public func exceeded(_ id: ID, asked: some BinaryInteger, what: String) -> String {
        "\(what) \(asked) exceeds the limit \(id.name) = \(self[id])"
    }
}
