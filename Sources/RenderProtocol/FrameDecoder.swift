/// Splits a byte stream into messages: append whatever the socket delivered, then call
/// `next()` until it returns `nil` ("need more data").
///
///     var decoder = FrameDecoder(maxFrameBytes: Int(limits.maxFrameBytes))
///     decoder.append(readBuffer)
///     while let message = try decoder.next() { handle(message) }
///
/// A frame larger than `maxFrameBytes` (header included) is rejected as soon as its
/// header has arrived, before its body is buffered (`frameTooLarge`); bad flags and
/// unknown message types are rejected at the header too. After `next()` throws, the
/// stream is out of sync for good: every later call throws the same error and appended
/// bytes are dropped — close the connection.
///
/// Not thread-safe: one decoder per connection, used from the connection's thread.
public struct FrameDecoder: Sendable {
    /// The largest frame accepted, header included, in bytes.
    public let maxFrameBytes: Int
    /// The receiver's limits, checked on counts and names inside messages before they are
    /// decoded (nil: only `maxFrameBytes` applies).
    public let limits: Limits?
    // Usable from inline code: `partialFrameLength` and `bufferedByteCount` are inlined into
    // their callers, so that reading them from a decoder stored in a class (a server's
    // session, after every read) does not copy the decoder first (about 200 instructions).
    //
    // `buffer` is storage: its first `end` bytes were received, those before `readIndex`
    // consumed; the rest is room, kept zeroed-or-stale between reads. Emptying and refilling
    // it moves no array count (an array's `removeAll(keepingCapacity:)` and
    // `append(contentsOf:)` took 180 instructions of a 16-byte ping): bytes are copied in
    // with one `memcpy`, and a consumed buffer is reset by setting two integers.
    @usableFromInline internal private(set) var buffer: [UInt8] = []
    /// Bytes of `buffer` before this index are consumed.
    @usableFromInline internal private(set) var readIndex = 0
    /// Bytes of `buffer` received (`readIndex...end` are unread).
    @usableFromInline internal private(set) var end = 0
    @usableFromInline internal private(set) var failure: ProtocolError?

    public init(maxFrameBytes: Int = Int(Limits.default.maxFrameBytes)) {
        self.maxFrameBytes = maxFrameBytes
        self.limits = nil
    }

    /// A decoder that enforces `limits` (frame size from headers, counts and names from
    /// the fields that announce them).
    public init(limits: Limits) {
        self.maxFrameBytes = Int(limits.maxFrameBytes)
        self.limits = limits
    }

    /// The whole length (header included) of the frame being received, once its header has
    /// arrived and while its body has not; nil between frames. A receiver budgets memory
    /// with it before buffering the body.
    @inlinable
    public var partialFrameLength: Int? {
        guard failure == nil, end &- readIndex >= WireCodec.headerSize else { return nil }
        let length = buffer.withUnsafeBytes { all -> Int? in
            WireCodec.header(of: UnsafeRawBufferPointer(rebasing: all[readIndex ..< end]))?.frameLength
        }
        guard let length, length > end &- readIndex else { return nil }
        return length
    }

    /// Bytes received but not yet returned as messages.
    @inlinable
    public var bufferedByteCount: Int { end &- readIndex }

    /// Whether a previous `next()` threw (the stream is unusable).
    public var hasFailed: Bool { failure != nil }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, !bytes.isEmpty else { return }
        compact()
        if buffer.count &- end < bytes.count {
            // Grows as an array grows (doubling), zero-filled: the room is then written in place.
            buffer.append(contentsOf: repeatElement(0, count: max(bytes.count &- (buffer.count &- end), buffer.count)))
        }
        let at = end
        buffer.withUnsafeMutableBytes { all in
            (all.baseAddress! + at).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        }
        end &+= bytes.count
    }

    public mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        guard failure == nil else { return }
        let array = Array(bytes)
        array.withUnsafeBytes { append($0) }
    }

    /// nil = need more data. After it throws, the stream is unusable (the peer must be dropped).
    public mutating func next() throws(ProtocolError) -> Message? {
        guard let decoded = try next(streamingCommitsLargerThan: Int.max) else { return nil }
        // Consumed, so the message moves out (matching the optional copied it through the
        // runtime's value witnesses: about 110 instructions a message).
        switch consume decoded {
        case let .message(m): return m
        case let .commit(stream): preconditionFailure("a commit of \(stream.count) commands streamed unasked")
        }
    }

    /// What `next(streamingCommitsLargerThan:)` returns.
    public enum Decoded: Sendable {
        case message(Message)
        /// A commit frame larger than the threshold, its commands not yet decoded (the
        /// header and the count are checked). Boxed: rare, and four times a message's size.
        indirect case commit(CommitStream)
    }

    /// As `next()`, but a commit frame of more than `threshold` bytes comes back as a
    /// `CommitStream`, to be decoded a slice at a time.
    ///
    /// `sharedBitmaps` takes the shared-memory contents of a commit decoded whole (a
    /// streamed one's are taken as its commands are: `CommitStream.next`).
    public mutating func next(streamingCommitsLargerThan threshold: Int,
                              sharedBitmaps: (any SharedBitmapResolver)? = nil) throws(ProtocolError) -> Decoded? {
        if let failure { throw failure }
        guard end &- readIndex >= WireCodec.headerSize else { return nil }
        let start = readIndex, stop = end, limit = maxFrameBytes
        // A small fixed-size message, whole and valid (ping, pong, commitApplied, statsRequest,
        // clientsRequest): a few loads, no general decoder (`SmallFrame`).
        if let small = buffer.withUnsafeBytes({ all in
            SmallFrame.decode(UnsafeRawBufferPointer(rebasing: all[start ..< stop]), maxFrameBytes: limit)
        }) {
            consumeFrame(length: small.length)
            return .message(small.message)
        }
        return try nextFrame(streamingCommitsLargerThan: threshold, sharedBitmaps: sharedBitmaps)
    }

    /// The general decoder's step of `next(streamingCommitsLargerThan:sharedBitmaps:)`, out
    /// of line: a ping's call does not set up its frame (about 60 instructions).
    @inline(never)
    private mutating func nextFrame(streamingCommitsLargerThan threshold: Int,
                                    sharedBitmaps: (any SharedBitmapResolver)?) throws(ProtocolError) -> Decoded? {
        let start = readIndex, stop = end, limit = maxFrameBytes, limits = self.limits
        let step: Step = buffer.withUnsafeBytes { all in
            let rest = UnsafeRawBufferPointer(rebasing: all[start ..< stop])
            guard let header = WireCodec.header(of: rest) else { return .needMoreData }
            let type: MessageType
            do throws(ProtocolError) {
                type = try WireCodec.validate(header, maxFrameBytes: limit)
            } catch {
                return .failed(error)
            }
            guard rest.count >= header.frameLength else { return .needMoreData }
            let payload = UnsafeRawBufferPointer(rebasing: rest[WireCodec.headerSize ..< header.frameLength])
            if type == .commit && header.frameLength > threshold {
                do throws(ProtocolError) {
                    return .decoded(.commit(try CommitStream(payload: [UInt8](payload), limits: limits,
                                                             flags: header.flags)),
                                    frameLength: header.frameLength)
                } catch {
                    return .failed(error)
                }
            }
            switch WireCodec.decodePayload(type, payload, limits: limits, flags: header.flags, sharedBitmaps: sharedBitmaps) {
            case let .success(message): return .decoded(.message(message), frameLength: header.frameLength)
            case let .failure(error): return .failed(error)
            }
        }
        // Consumed: the decoded message moves out (a copy went through the runtime's generic
        // tuple copy, about 170 instructions a message).
        switch consume step {
        case .needMoreData:
            return nil
        case let .decoded(decoded, frameLength):
            consumeFrame(length: frameLength)
            return decoded
        case let .failed(error):
            failure = error
            buffer = []
            readIndex = 0
            end = 0
            throw error
        }
    }

    private enum Step {
        case needMoreData
        case decoded(Decoded, frameLength: Int)
        case failed(ProtocolError)
    }

    /// Marks the frame of `length` bytes at `readIndex` as returned.
    @inline(__always)
    private mutating func consumeFrame(length: Int) {
        readIndex &+= length
        if readIndex == end {
            // Keep the storage for the next read unless one huge frame grew it.
            if buffer.count > 1 << 20 { buffer = [] }
            readIndex = 0
            end = 0
        }
    }

    /// Drops consumed bytes so the buffer only holds what is still unread.
    private mutating func compact() {
        guard readIndex > 0 else { return }
        let from = readIndex, count = end &- readIndex
        buffer.withUnsafeMutableBytes { all in
            all.baseAddress!.copyMemory(from: all.baseAddress! + from, byteCount: count)
        }
        readIndex = 0
        end = count
    }
}
