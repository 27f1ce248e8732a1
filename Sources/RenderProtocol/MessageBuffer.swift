/// Many messages encoded back to back into one growing buffer — what a sender queues for
/// one write — with no allocation per message once the buffer has grown.
///
///     var out = MessageBuffer()
///     for e in events { out.append(e) }
///     socket.write(out.take())
public struct MessageBuffer: ~Copyable {
    private var writer = ByteWriter(reservingCapacity: 4096)

    public init() {}

    /// Bytes waiting.
    public var count: Int { writer.count }
    public var isEmpty: Bool { writer.count == 0 }

    /// Encodes one whole frame (header and payload) at the end.
    public mutating func append(_ message: Message) {
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

    /// The bytes waiting, copied out once; the buffer is emptied (and shrunk back when one
    /// burst grew it past 1 MiB).
    public mutating func take() -> [UInt8] {
        let bytes = writer.bytes
        writer.removeAll(keepingCapacity: 1 << 20)
        return bytes
    }

    /// Drops what is waiting.
    public mutating func removeAll() { writer.removeAll(keepingCapacity: 1 << 20) }
}
