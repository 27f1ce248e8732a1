/// The binary wire codec: one `Message` ⇄ one frame.
///
///     frame   = header payload
///     header  = u32 payloadLength   bytes after the 8-byte header
///               u16 messageType     `MessageType.rawValue`
///               u16 flags           0, except bit 0 of a commit (`Commit.presentationFlag`);
///                                   any other bit is malformed
///
/// Everything is little-endian; doubles are IEEE-754 binary64; strings are a `u32` byte
/// length plus UTF-8; arrays a `u32` count plus the elements; optionals a `u8` 0/1 tag
/// plus the value when 1. The full layout of every message is in `Protocol/PROTOCOL.md`.
///
/// Decoding never traps on input: truncations, unknown tags, trailing bytes, invalid
/// UTF-8, counts larger than the bytes that follow, and animation groups nested deeper
/// than `maxGroupDepth` all throw a `ProtocolError`. Use `FrameDecoder` on a byte stream.
public enum WireCodec {
    /// Bytes in a frame header: payload length (4), message type (2), flags (2).
    public static let headerSize: Int = 8

    /// The deepest nesting of animation groups a message may carry (a group inside a
    /// group … 16 levels); one more is malformed. Bounds the decoder's recursion.
    public static let maxGroupDepth = 16

    /// The whole frame: header + payload.
    ///
    /// Traps only when the payload exceeds 4 GiB (a programming error: no peer accepts a
    /// frame above its `Limits.maxFrameBytes`; check `frame.count` against it before sending).
    public static func encode(_ message: Message) -> [UInt8] {
        encode(message, sharingBitmaps: nil)
    }

    /// As `encode(_:)`, offering each bitmap value to `share`: one it takes is written as
    /// shared-memory contents (value tag 12, `SharedBitmapReference`), the others inline.
    /// The caller sends the descriptors `share` collected with the frame's first byte.
    public static func encode(_ message: Message, sharingBitmaps share: SharedBitmapSharer?) -> [UInt8] {
        // A small fixed-size message is written once, into the array (no writer to free).
        if let small = withSmallFrame(message, { [UInt8]($0) }) { return small }
        return encodeGeneral(message, sharingBitmaps: share).bytes
    }

    /// The general encoder: every message, into a writer of its own.
    static func encodeGeneral(_ message: Message, sharingBitmaps share: SharedBitmapSharer?) -> ByteWriter {
        var w = ByteWriter(reservingCapacity: message.encodedSizeEstimate)
        w.shareBitmap = share
        w.writeU32(0) // patched below
        w.writeU16(message.type.rawValue)
        w.writeU16(message.headerFlags)
        w.writePayload(of: message)
        guard let length = UInt32(exactly: w.count &- headerSize) else {
            preconditionFailure("\(message.type) payload of \(w.count - headerSize) bytes exceeds the wire's 4 GiB frame limit")
        }
        w.setInteger(length, at: 0)
        return w
    }


    /// Decodes one whole frame (header included); throws ProtocolError.
    ///
    /// The frame's header length must equal `frame.count − headerSize` exactly.
    public static func decode(frame: some Collection<UInt8>,
                              sharedBitmaps: (any SharedBitmapResolver)? = nil) throws(ProtocolError) -> Message {
        if let result = frame.withContiguousStorageIfAvailable({ decode(frameBytes: UnsafeRawBufferPointer($0),
                                                                       sharedBitmaps: sharedBitmaps) }) {
            return try result.get()
        }
        let copy = [UInt8](frame)
        return try copy.withUnsafeBytes { decode(frameBytes: $0, sharedBitmaps: sharedBitmaps) }.get()
    }

    /// The fields of a frame header.
    public struct FrameHeader: Hashable, Sendable {
        /// Bytes after the header.
        public var payloadLength: UInt32
        public var messageType: UInt16
        public var flags: UInt16
        /// Header plus payload, in bytes.
        public var frameLength: Int { Int(payloadLength) + WireCodec.headerSize }
    }

    /// Reads the header at the start of `bytes`; `nil` when fewer than `headerSize` bytes.
    public static func header(of bytes: UnsafeRawBufferPointer) -> FrameHeader? {
        var r = ByteReader(bytes)
        guard let length = r.readU32(), let type = r.readU16(), let flags = r.readU16() else { return nil }
        return FrameHeader(payloadLength: length, messageType: type, flags: flags)
    }

    /// Validates a header before its payload is read: the frame fits `maxFrameBytes`
    /// (`frameTooLarge`), the type is known (`unknownMessageType`) and the flags hold only
    /// the type's bits (`malformed`): bit 0 on a commit, nothing on any other message.
    public static func validate(_ h: FrameHeader, maxFrameBytes: Int) throws(ProtocolError) -> MessageType {
        guard h.frameLength <= maxFrameBytes else {
            throw ProtocolError(.frameTooLarge, "frame header announces \(h.frameLength) bytes (type 0x"
                + hex(h.messageType) + "), above the limit of \(maxFrameBytes) bytes; split large changes into "
                + "several commits or send smaller contents")
        }
        guard let type = MessageType(rawValue: h.messageType) else {
            throw ProtocolError(.unknownMessageType, "frame header at byte 4: unknown message type 0x"
                + hex(h.messageType) + "; this server speaks protocol version \(ProtocolVersion.current) (see "
                + "Protocol/PROTOCOL.md for the message types)")
        }
        guard h.flags & ~allowedFlags(type) == 0 else {
            throw ProtocolError(.malformed, "\(type) frame header at byte 6: flags 0x" + hex(h.flags)
                + (allowedFlags(type) == 0 ? " must be 0" : " may only hold 0x" + hex(allowedFlags(type)))
                + " in protocol version \(ProtocolVersion.current)")
        }
        return type
    }

    static func decode(frameBytes: UnsafeRawBufferPointer,
                       sharedBitmaps: (any SharedBitmapResolver)? = nil) -> Result<Message, ProtocolError> {
        guard let h = header(of: frameBytes) else {
            return .failure(ProtocolError(.malformed, "frame of \(frameBytes.count) bytes is shorter than the "
                + "\(headerSize)-byte header"))
        }
        let type: MessageType
        do { type = try validate(h, maxFrameBytes: Int.max) } catch { return .failure(error) }
        guard h.frameLength == frameBytes.count else {
            return .failure(ProtocolError(.malformed, "\(type) frame header announces a \(h.payloadLength)-byte "
                + "payload but \(frameBytes.count - headerSize) bytes follow the header; pass exactly one whole frame"))
        }
        return decodePayload(type, UnsafeRawBufferPointer(rebasing: frameBytes[headerSize...]), flags: h.flags,
                             sharedBitmaps: sharedBitmaps)
    }

    /// Decodes a payload (the bytes after the header) of a message of `type`; `flags` are
    /// the header's (already validated).
    static func decodePayload(_ type: MessageType, _ payload: UnsafeRawBufferPointer,
                              limits: Limits? = nil, flags: UInt16 = 0,
                              sharedBitmaps: (any SharedBitmapResolver)? = nil) -> Result<Message, ProtocolError> {
        var r = WireReader(payload, type: type, limits: limits)
        r.sharedBitmaps = sharedBitmaps
        do {
            var m = try r.message()
            try r.finish()
            if case var .commit(c) = m, flags & Commit.presentationFlag != 0 {
                c.requestsPresentation = true
                m = .commit(c)
            }
            return .success(m)
        } catch {
            return .failure(error)
        }
    }

    /// The header flag bits a message of this type may carry.
    static func allowedFlags(_ type: MessageType) -> UInt16 { type == .commit ? Commit.presentationFlag : 0 }

    static func hex(_ v: UInt16) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}
