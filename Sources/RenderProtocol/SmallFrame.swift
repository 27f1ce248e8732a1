/// The few messages whose frame has a fixed size of at most `capacity` bytes — `ping`,
/// `pong`, `commitApplied`, `statsRequest`, `clientsRequest` — encoded and decoded with
/// plain stores and loads, byte for byte what the general codec writes and reads
/// (`ByteWriter.writePayload`, `WireReader.message`; the vectors of `Protocol/` check both).
///
/// A round trip of the protocol's ping is two of these frames. Through the general codec
/// each end paid for a heap buffer (encoding), a reader carrying the receiver's limits and
/// bitmap resolver, and a switch over every message type (decoding): most of the user-space
/// work of a 16-byte message on either end.
///
/// Decoding takes only a frame that is valid as it stands (known type, flags 0, the
/// type's exact length, within `maxFrameBytes`); anything else goes through the general
/// decoder, which says what is wrong with it.
enum SmallFrame {
    /// The largest small frame, header included, in bytes (`commitApplied`: 8 + 24).
    static let capacity = 32

    /// Writes `message` as one whole frame at `p` (room for `capacity` bytes) and returns
    /// its length in bytes; 0, writing nothing, when the message is not one of the small ones.
    @inline(__always)
    static func encode(_ message: borrowing Message, into p: UnsafeMutableRawPointer) -> Int {
        switch message {
        case let .ping(token):
            return fixed(.ping, payload: 8, at: p) { $0.storeBytes(of: token.littleEndian, as: UInt64.self) }
        case let .pong(token):
            return fixed(.pong, payload: 8, at: p) { $0.storeBytes(of: token.littleEndian, as: UInt64.self) }
        case let .commitApplied(a):
            return fixed(.commitApplied, payload: 24, at: p) {
                $0.storeBytes(of: a.sequence.littleEndian, toByteOffset: 0, as: UInt64.self)
                $0.storeBytes(of: a.frame.littleEndian, toByteOffset: 8, as: UInt64.self)
                $0.storeBytes(of: a.mediaTime.bitPattern.littleEndian, toByteOffset: 16, as: UInt64.self)
            }
        case let .statsRequest(id):
            return fixed(.statsRequest, payload: 4, at: p) { $0.storeBytes(of: id.littleEndian, as: UInt32.self) }
        case let .clientsRequest(id):
            return fixed(.clientsRequest, payload: 4, at: p) { $0.storeBytes(of: id.littleEndian, as: UInt32.self) }
        default:
            return 0
        }
    }

    /// The header (`payload` bytes, `type`, flags 0), then the payload `body` stores at the
    /// pointer it is given; returns the frame's length.
    @inline(__always)
    private static func fixed(_ type: MessageType, payload: Int, at p: UnsafeMutableRawPointer,
                              _ body: (UnsafeMutableRawPointer) -> Void) -> Int {
        p.storeBytes(of: UInt32(truncatingIfNeeded: payload).littleEndian, as: UInt32.self)
        p.storeBytes(of: type.rawValue.littleEndian, toByteOffset: 4, as: UInt16.self)
        p.storeBytes(of: UInt16(0), toByteOffset: 6, as: UInt16.self)
        body(p + WireCodec.headerSize)
        return WireCodec.headerSize &+ payload
    }

    /// The small message whose frame starts `bytes`, and that frame's length, or nil: not
    /// a small one, not all of it received yet, longer than `maxFrameBytes`, or malformed
    /// (flags set, a length that is not its type's) — for the general decoder to take or to
    /// reject with its reason. One load for the header, one or three for the payload.
    @inline(__always)
    static func decode(_ bytes: UnsafeRawBufferPointer, maxFrameBytes: Int) -> (message: Message, length: Int)? {
        guard bytes.count >= WireCodec.headerSize else { return nil }
        // Length (4 bytes), type (2), flags (2), little-endian.
        let head = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
        let payload = Int(truncatingIfNeeded: head & 0xFFFF_FFFF), length = WireCodec.headerSize &+ payload
        guard head >> 48 == 0, payload <= capacity, length <= bytes.count, length <= maxFrameBytes else { return nil }
        let type = UInt16(truncatingIfNeeded: head >> 32)
        @inline(__always) func u64(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: WireCodec.headerSize &+ offset, as: UInt64.self))
        }
        @inline(__always) func u32() -> UInt32 {
            UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: WireCodec.headerSize, as: UInt32.self))
        }
        switch payload {
        case 8 where type == MessageType.ping.rawValue: return (.ping(u64(0)), length)
        case 8 where type == MessageType.pong.rawValue: return (.pong(u64(0)), length)
        case 24 where type == MessageType.commitApplied.rawValue:
            return (.commitApplied(CommitApplied(sequence: u64(0), frame: u64(8), mediaTime: Double(bitPattern: u64(16)))),
                    length)
        case 4 where type == MessageType.statsRequest.rawValue: return (.statsRequest(requestID: u32()), length)
        case 4 where type == MessageType.clientsRequest.rawValue: return (.clientsRequest(requestID: u32()), length)
        default: return nil
        }
    }
}

extension WireCodec {
    /// Calls `body` with `message` encoded as one whole frame (valid only during the call):
    /// a small fixed-size message (ping, pong, commitApplied, statsRequest, clientsRequest)
    /// from stack storage, with no allocation; any other from the encoder's own buffer, with
    /// no copy into an array. What a sender that writes the frame at once should use.
    ///
    /// Traps as `encode(_:)` does, only on a payload above 4 GiB.
    @inlinable
    public static func withEncodedFrame<R>(_ message: Message, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let small = withSmallFrame(message, body) { return small }
        var result: R?
        withGeneralFrame(message) { result = body($0) }
        return result!
    }

    /// `body` with the frame of `message` encoded on the stack when it is a small one
    /// (`SmallFrame`), valid during the call; nil, calling nothing, for any other message.
    @inlinable
    static func withSmallFrame<R>(_ message: Message, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
        var small: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let n = withUnsafeMutableBytes(of: &small) { encodeSmallFrame(message, into: $0.baseAddress!) }
        guard n > 0 else { return nil }
        return withUnsafeBytes(of: &small) { body(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
    }

    /// `SmallFrame.encode`, for inlinable code: room for 32 bytes at `p`; returns the
    /// frame's length, or 0 when `message` is not a small one.
    @usableFromInline
    static func encodeSmallFrame(_ message: Message, into p: UnsafeMutableRawPointer) -> Int {
        SmallFrame.encode(message, into: p)
    }

    /// Calls `body` with `message` encoded by the general encoder, in its buffer.
    @usableFromInline
    static func withGeneralFrame(_ message: Message, _ body: (UnsafeRawBufferPointer) -> Void) {
        encodeGeneral(message, sharingBitmaps: nil).withUnsafeBytes(body)
    }
}
