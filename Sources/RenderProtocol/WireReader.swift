/// The throwing layer over `ByteReader` that the message decoders use: each read names
/// its field, and a short read, a bad tag or a bad count becomes a `ProtocolError` that
/// says which message, which field and which byte offset (counted from the frame's first
/// header byte).
///
/// Counts are checked against the bytes left *before* anything is reserved: a count of
/// `n` elements of at least `k` bytes each needs `n × k` bytes to follow, so a hostile
/// count can never make the decoder allocate more than the frame already holds.
struct WireReader {
    var bytes: ByteReader
    let type: MessageType
    /// Animation groups entered so far (bounded by `WireCodec.maxGroupDepth`).
    var groupDepth = 0
    /// Where inside a commit the cursor is, for error messages (-1: not in a command).
    var commitSequence: UInt64 = 0
    var commandIndex = -1
    /// Inside a commit's body (errors name its sequence).
    var inCommit = false
    /// The receiver's limits, checked on counts and names before anything is allocated
    /// (nil: only the frame's own size bounds them).
    let limits: Limits?
    /// Takes shared-memory contents (value tag 12); nil: such a value is refused.
    var sharedBitmaps: (any SharedBitmapResolver)?

    init(_ base: UnsafeRawBufferPointer, type: MessageType, limits: Limits? = nil) {
        bytes = ByteReader(base)
        self.type = type
        self.limits = limits
    }

    /// Offset of the cursor from the start of the frame (header included).
    var frameOffset: Int { bytes.offset &+ WireCodec.headerSize }

    // MARK: Errors (cold)

    /// `"commit 4, command 2, group level 1, at byte 120"`: where the cursor is.
    @inline(never)
    func location(at offset: Int) -> String {
        var s = "\(type) message"
        if commandIndex >= 0 { s += " (commit \(commitSequence), command \(commandIndex)" }
        if commandIndex >= 0 && groupDepth > 0 { s += ", inside \(groupDepth) group\(groupDepth == 1 ? "" : "s")" }
        if commandIndex >= 0 { s += ")" }
        return s + " at byte \(offset)"
    }

    @inline(never)
    func error(_ code: ErrorCode, _ what: String) -> ProtocolError {
        ProtocolError(code, "\(location(at: frameOffset)): \(what)", sequence: inCommit ? commitSequence : 0)
    }

    @inline(never)
    func error(_ code: ErrorCode, at offset: Int, _ what: String) -> ProtocolError {
        ProtocolError(code, "\(location(at: offset)): \(what)", sequence: inCommit ? commitSequence : 0)
    }

    @inline(never)
    func truncated(_ field: StaticString, needs: Int) -> ProtocolError {
        error(.malformed, "truncated reading \(field) (needs \(needs) bytes, \(bytes.remaining) left in the "
            + "payload); the frame's length does not cover its content, so the sender's encoder is broken: "
            + "drop the connection")
    }

    @inline(never)
    func badTag(_ field: StaticString, _ tag: UInt8, expected: String) -> ProtocolError {
        error(.malformed, at: frameOffset &- 1, "unknown \(field) tag \(tag) (expected \(expected)); the sender "
            + "speaks a different protocol revision or is broken")
    }

    // MARK: Fields

    @inline(__always)
    mutating func u8(_ field: StaticString) throws(ProtocolError) -> UInt8 {
        guard let v = bytes.readU8() else { throw truncated(field, needs: 1) }
        return v
    }
    @inline(__always)
    mutating func u16(_ field: StaticString) throws(ProtocolError) -> UInt16 {
        guard let v = bytes.readU16() else { throw truncated(field, needs: 2) }
        return v
    }
    @inline(__always)
    mutating func u32(_ field: StaticString) throws(ProtocolError) -> UInt32 {
        guard let v = bytes.readU32() else { throw truncated(field, needs: 4) }
        return v
    }
    @inline(__always)
    mutating func u64(_ field: StaticString) throws(ProtocolError) -> UInt64 {
        guard let v = bytes.readU64() else { throw truncated(field, needs: 8) }
        return v
    }
    @inline(__always)
    mutating func i32(_ field: StaticString) throws(ProtocolError) -> Int32 {
        guard let v = bytes.readI32() else { throw truncated(field, needs: 4) }
        return v
    }
    @inline(__always)
    mutating func f64(_ field: StaticString) throws(ProtocolError) -> Double {
        guard let v = bytes.readDouble() else { throw truncated(field, needs: 8) }
        return v
    }

    /// `u8` 0 (false) or 1 (true); anything else is malformed.
    @inline(__always)
    mutating func bool(_ field: StaticString) throws(ProtocolError) -> Bool {
        let v = try u8(field)
        guard v <= 1 else {
            throw error(.malformed, at: frameOffset &- 1, "\(field) is \(v); a boolean is the byte 0 or 1")
        }
        return v == 1
    }

    /// An optional's presence tag: `u8` 0 (absent) or 1 (present).
    @inline(__always)
    mutating func present(_ field: StaticString) throws(ProtocolError) -> Bool {
        try bool(field)
    }

    /// A `u32` element count, checked so that `count × minElementSize` bytes still follow.
    @inline(__always)
    mutating func count(_ field: StaticString, minElementSize: Int) throws(ProtocolError) -> Int {
        let n = Int(try u32(field))
        // n < 2^32 and minElementSize is small: the product cannot overflow Int64.
        guard n &* minElementSize <= bytes.remaining else {
            throw error(.malformed, "\(field) \(n) needs at least \(n &* minElementSize) more bytes but only "
                + "\(bytes.remaining) remain in the payload; the count is corrupt: drop the connection")
        }
        return n
    }

    /// A count that is also capped by one of the receiver's limits (`limitExceeded`).
    @inline(__always)
    mutating func count(_ field: StaticString, minElementSize: Int, limit: Limits.ID) throws(ProtocolError) -> Int {
        let start = frameOffset
        let n = try count(field, minElementSize: minElementSize)
        if let limits, n > Int(limits[limit]) { throw overLimit(field, n, limit, limits, at: start) }
        return n
    }

    @inline(never)
    func overLimit(_ field: StaticString, _ n: Int, _ limit: Limits.ID, _ limits: Limits, at offset: Int) -> ProtocolError {
        error(.limitExceeded, at: offset, limits.exceeded(limit, asked: n, what: "\(field)")
            + "; stay within the limits announced in welcome (split large commits, simplify animations)")
    }

    /// `u32` byte length, then that many bytes of valid UTF-8 (capped by `limit` when given).
    mutating func string(_ field: StaticString, limit: Limits.ID? = nil) throws(ProtocolError) -> String {
        let n: Int
        if let limit { n = try count(field, minElementSize: 1, limit: limit) } else { n = try count(field, minElementSize: 1) }
        let start = frameOffset
        guard let raw = bytes.readBytes(count: n) else { throw truncated(field, needs: n) }
        guard let s = String(validating: raw.assumingMemoryBound(to: UInt8.self), as: UTF8.self) else {
            throw error(.malformed, at: start, "\(field) (\(n) bytes) is not valid UTF-8; encode strings as UTF-8")
        }
        return s
    }

    /// `u32` byte length, then the bytes, copied.
    mutating func byteArray(_ field: StaticString) throws(ProtocolError) -> [UInt8] {
        let n = try count(field, minElementSize: 1)
        return try rawBytes(field, count: n)
    }

    /// Exactly `count` bytes, copied.
    mutating func rawBytes(_ field: StaticString, count n: Int) throws(ProtocolError) -> [UInt8] {
        guard let raw = bytes.readBytes(count: n) else { throw truncated(field, needs: n) }
        return [UInt8](raw)
    }

    /// Throws unless the payload has been read to its last byte.
    mutating func finish() throws(ProtocolError) {
        guard bytes.remaining == 0 else {
            throw error(.malformed, "\(bytes.remaining) trailing bytes after the \(type) message's last field; "
                + "the frame length disagrees with its content: drop the connection")
        }
    }
}
