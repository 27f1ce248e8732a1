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

    /// The `ping` or `pong` at the start of `bytes` (the 16 bytes of a whole, valid frame
    /// at most `maxFrameBytes` long), or nil: not one, or not all of it received yet, or
    /// malformed — for the general decoder to take or to reject.
    @inline(__always)
    static func decodePingOrPong(_ bytes: UnsafeRawBufferPointer, maxFrameBytes: Int) -> Message? {
        guard bytes.count >= 16, maxFrameBytes >= 16 else { return nil }
        // Length 8, then the type's low byte 0x40 (ping) or 0x41 (pong), high byte 0, flags 0.
        let head = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
        let token = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        switch head {
        case 8 | UInt64(MessageType.ping.rawValue) << 32: return .ping(token)
        case 8 | UInt64(MessageType.pong.rawValue) << 32: return .pong(token)
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
        var small: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let n = withUnsafeMutableBytes(of: &small) { encodeSmallFrame(message, into: $0.baseAddress!) }
        if n > 0 {
            return withUnsafeBytes(of: &small) { body(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
        }
        var result: R?
        withGeneralFrame(message) { result = body($0) }
        return result!
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
