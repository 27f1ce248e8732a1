/// A commit decoded a slice of commands at a time, for a receiver that must not spend the
/// time to decode a large commit in one go (the server takes one slice per loop turn).
///
///     var stream = try CommitStream(payload: payload, limits: limits)  // header and count
///     while !stream.isComplete { commands += try stream.next(upTo: 2048) }
///
/// The header, the command count (against `maxCommandsPerCommit`) and every command are
/// checked exactly as `WireCodec.decode` checks them; errors name the commit, the command
/// and the byte offset in the frame.
public struct CommitStream: Sendable {
    private let payload: [UInt8]
    private let limits: Limits?
    public let sequence: UInt64
    /// The media time the client resolved the commit's zero begin times to.
    public let mediaTime: Double
    /// Commands in the commit.
    public let count: Int
    /// The header asked for presentation feedback (`Commit.presentationFlag`).
    public let requestsPresentation: Bool
    /// Bytes of the payload held until the last command is decoded.
    public var payloadBytes: Int { payload.count }
    /// Commands decoded so far.
    public private(set) var decodedCount = 0
    /// Where the next command starts in `payload`.
    private var offset = 0

    /// Reads the commit's header from its payload (the bytes after the frame header).
    /// `flags` are the frame header's (already validated).
    public init(payload: [UInt8], limits: Limits?, flags: UInt16 = 0) throws(ProtocolError) {
        self.payload = payload
        self.limits = limits
        self.requestsPresentation = flags & Commit.presentationFlag != 0
        let header: Result<(UInt64, Double, Int, Int), ProtocolError> = payload.withUnsafeBytes { raw in
            var r = WireReader(raw, type: .commit, limits: limits)
            do throws(ProtocolError) {
                let sequence = try r.u64("sequence"), time = try r.f64("mediaTime")
                r.commitSequence = sequence
                r.inCommit = true
                let n = try r.count("command count", minElementSize: 5, limit: .maxCommandsPerCommit)
                // With no command to decode, no later call checks the end: a commit of 0
                // commands must end here (else it was complete, yet carried bytes nobody read).
                if n == 0 { try r.finish() }
                return .success((sequence, time, n, r.bytes.offset))
            } catch {
                return .failure(error)
            }
        }
        (sequence, mediaTime, count, offset) = try header.get()
    }

    public var isComplete: Bool { decodedCount == count }

    /// Decodes up to `max` more commands; after the last one, checks that nothing follows.
    public mutating func next(upTo max: Int) throws(ProtocolError) -> [Command] {
        var out: [Command] = []
        try next(upTo: max, appendingTo: &out, sharedBitmaps: nil)
        return out
    }

    /// As `next(upTo:)`, appending straight to `commands` (no intermediate array).
    /// `sharedBitmaps` takes the slice's shared-memory contents (value tag 12).
    public mutating func next(upTo max: Int, appendingTo commands: inout [Command],
                              sharedBitmaps: (any SharedBitmapResolver)? = nil) throws(ProtocolError) {
        let start = decodedCount, end = Swift.min(count, decodedCount + Swift.max(1, max))
        let (sequence, limits, offset) = (self.sequence, self.limits, self.offset)
        let last = end == count
        let result: Result<Int, ProtocolError> = payload.withUnsafeBytes { raw in
            var r = WireReader(raw, type: .commit, limits: limits)
            r.sharedBitmaps = sharedBitmaps
            r.bytes.seek(to: offset)
            r.commitSequence = sequence
            r.inCommit = true
            do throws(ProtocolError) {
                for i in start..<end {
                    r.commandIndex = i
                    commands.append(try r.command())
                }
                r.commandIndex = -1
                if last { try r.finish() }
                return .success(r.bytes.offset)
            } catch {
                return .failure(error)
            }
        }
        self.offset = try result.get()
        decodedCount = end
    }
}
