/// Many messages encoded back to back into one growing buffer — what a sender queues for
/// one write — with no allocation per message once the buffer has grown.
///
///     var out = MessageBuffer()
///     for e in events { out.append(e) }
///     socket.write(out.take())
///
/// Memory: emptied (`take`, a `consume` of everything, `removeAll`), the buffer returns to
/// its idle size (4 KiB), so a burst (40,000 events: 1.1 MB) is not kept after it is
/// written. A sender that queues more every frame grows it again (a frame's events reserve
/// their room at once: one allocation, no doublings), which costs far less than encoding.
public struct MessageBuffer: ~Copyable {
    /// What an idle buffer holds.
    public static let idleCapacity = 4096
    var writer = ByteWriter(reservingCapacity: MessageBuffer.idleCapacity)
    /// Whether `appendLifecycleEvents` writes a frame's events as version 5's runs
    /// (`animationsStarted`, `animationsFinished`) rather than one message each: set for a
    /// session that negotiated version 5 or later.
    public var batchesLifecycleEvents = false

    public init() {}

    /// Bytes allocated for what waits.
    public var capacity: Int { writer.capacity }

    /// Forgets every byte, back to the idle size.
    private mutating func empty() { writer.removeAll(keepingCapacity: MessageBuffer.idleCapacity) }

    /// Bytes waiting.
    public var count: Int { writer.count }
    public var isEmpty: Bool { writer.count == 0 }

    /// Encodes one whole frame (header and payload) at the end.
    public mutating func append(_ message: Message) {
        // A pong or a commitApplied: a few stores (`SmallFrame`), no walk of the general encoder.
        if writer.writeSmallFrame(message) { return }
        let start = writer.count
        writer.writeU32(0) // patched below
        writer.writeU16(message.type.rawValue)
        writer.writeU16(0)
        writer.writePayload(of: message)
        guard let length = UInt32(exactly: writer.count &- start &- WireCodec.headerSize) else {
            preconditionFailure("\(message.type) payload exceeds the wire's 4 GiB frame limit")
        }
        writer.setInteger(length, at: start)
    }

    /// Encodes an `animationStarted` frame, byte for byte what `append(.animationStarted(e))`
    /// writes (28 bytes), without building a `Message`: a frame that starts tens of thousands
    /// of animations encodes each event with one capacity check and five stores.
    @inline(__always)
    public mutating func appendAnimationStarted(_ e: AnimationStarted) {
        writer.writeFixedFrame(type: MessageType.animationStarted.rawValue, payloadBytes: 20) { p in
            p.storeBytes(of: e.animationID.littleEndian, toByteOffset: 0, as: UInt64.self)
            p.storeBytes(of: e.layer.littleEndian, toByteOffset: 8, as: UInt32.self)
            p.storeBytes(of: e.mediaTime.bitPattern.littleEndian, toByteOffset: 12, as: UInt64.self)
        }
    }

    /// Encodes an `animationStopped` frame, byte for byte what `append(.animationStopped(e))`
    /// writes (29 bytes), without building a `Message`.
    @inline(__always)
    public mutating func appendAnimationStopped(_ e: AnimationStopped) {
        writer.writeFixedFrame(type: MessageType.animationStopped.rawValue, payloadBytes: 21) { p in
            p.storeBytes(of: e.animationID.littleEndian, toByteOffset: 0, as: UInt64.self)
            p.storeBytes(of: e.layer.littleEndian, toByteOffset: 8, as: UInt32.self)
            p.storeBytes(of: UInt8(e.finished ? 1 : 0), toByteOffset: 12, as: UInt8.self)
            p.storeBytes(of: e.mediaTime.bitPattern.littleEndian, toByteOffset: 13, as: UInt64.self)
        }
    }

    /// Makes room for `bytes` more bytes at once (one growth instead of several doublings).
    public mutating func reserveCapacity(adding bytes: Int) { writer.reserveCapacity(adding: bytes) }

    /// Calls `body` with the bytes waiting, in place (no copy); `body` returns how many of
    /// them it consumed (written to a socket, say), which are then dropped from the front.
    /// The buffer shrinks back, as in `take()`, once it is empty.
    public mutating func consume(_ body: (UnsafeRawBufferPointer) -> Int) {
        let n = writer.withUnsafeBytes { body($0) }
        if n == writer.count { return empty() }
        writer.removeFirst(n, keepingCapacity: .max)
    }

    /// The bytes waiting, copied out once; the buffer is emptied (and shrunk back after a
    /// burst: see the type's doc).
    public mutating func take() -> [UInt8] {
        let bytes = writer.bytes
        empty()
        return bytes
    }

    /// Drops what is waiting.
    public mutating func removeAll() { empty() }
}
