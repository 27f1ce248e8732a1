/// An append-only byte buffer with explicit little-endian writes — the writing half of
/// the codec's `ByteBuffer`-like pair (`ByteReader` reads exactly what this writes).
///
/// Every multi-byte quantity is little-endian; doubles are IEEE-754 binary64. Lengths and
/// counts are `u32`. Writers never fail: sizes beyond `UInt32.max` are programming errors
/// and trap with a message.
///
/// The writer owns a growable raw buffer (it is `~Copyable`, so it cannot be copied by
/// accident and frees its buffer when it goes away); `bytes` copies the result out once.
struct ByteWriter: ~Copyable {
    private var storage: UnsafeMutableRawPointer
    /// Bytes allocated.
    private(set) var capacity: Int
    /// Bytes written so far.
    private(set) var count: Int = 0
    /// Offered every bitmap value as it is written: a reference it returns is written as
    /// shared-memory contents (value tag 12) instead of the pixels (nil: always inline).
    var shareBitmap: SharedBitmapSharer?

    init(reservingCapacity capacity: Int = 64) {
        self.capacity = max(capacity, 16)
        storage = .allocate(byteCount: self.capacity, alignment: 8)
    }

    deinit { storage.deallocate() }

    /// Forgets what was written, keeping the buffer (up to `keepingCapacity` bytes).
    mutating func removeAll(keepingCapacity limit: Int) {
        count = 0
        if capacity > limit {
            storage.deallocate()
            capacity = max(limit, 16)
            storage = .allocate(byteCount: capacity, alignment: 8)
        }
    }

    /// The bytes written, copied into an array.
    var bytes: [UInt8] {
        [UInt8](UnsafeRawBufferPointer(start: storage, count: count))
    }

    /// Claims the next `n` bytes and returns where they start.
    @inline(__always)
    mutating func claim(_ n: Int) -> UnsafeMutableRawPointer {
        if n > capacity &- count { grow(minimumCapacity: count + n) }
        let p = storage + count
        count &+= n
        return p
    }

    @inline(never)
    private mutating func grow(minimumCapacity: Int) {
        let newCapacity = max(minimumCapacity, capacity * 2)
        let newStorage = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        newStorage.copyMemory(from: storage, byteCount: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }

    /// Makes room for `n` more bytes.
    mutating func reserveCapacity(adding n: Int) {
        if n > capacity &- count { grow(minimumCapacity: count + n) }
    }

    /// The bytes written, in place (valid only during the call).
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        body(UnsafeRawBufferPointer(start: storage, count: count))
    }

    /// Drops the first `n` bytes written (moving the rest to the front); once none is left,
    /// forgets them as `removeAll(keepingCapacity:)` does.
    mutating func removeFirst(_ n: Int, keepingCapacity limit: Int) {
        precondition(n >= 0 && n <= count, "removeFirst(\(n)) of \(count) bytes")
        if n == count { removeAll(keepingCapacity: limit); return }
        if n > 0 { storage.copyMemory(from: storage + n, byteCount: count - n) } // overlapping: memmove
        count -= n
    }

    /// A whole frame of a fixed-size payload in one claim: the header (`payloadBytes`,
    /// `type`, no flags), then `payload` writes the `payloadBytes` bytes at the pointer it is
    /// given (little-endian, as every write here).
    @inline(__always)
    mutating func writeFixedFrame(type: UInt16, payloadBytes: Int, _ payload: (UnsafeMutableRawPointer) -> Void) {
        let p = claim(8 &+ payloadBytes)
        p.storeBytes(of: UInt32(truncatingIfNeeded: payloadBytes).littleEndian, as: UInt32.self)
        p.storeBytes(of: type.littleEndian, toByteOffset: 4, as: UInt16.self)
        p.storeBytes(of: UInt16(0), toByteOffset: 6, as: UInt16.self)
        payload(p + 8)
    }

    /// A small fixed-size message's whole frame (`SmallFrame`) in one claim; false, writing
    /// nothing, when the message is not one of them.
    @inline(__always)
    mutating func writeSmallFrame(_ message: borrowing Message) -> Bool {
        if SmallFrame.capacity > capacity &- count { grow(minimumCapacity: count &+ SmallFrame.capacity) }
        let n = SmallFrame.encode(message, into: storage + count)
        count &+= n
        return n > 0
    }

    // MARK: Integers

    @inline(__always)
    mutating func writeInteger<T: FixedWidthInteger>(_ value: T) {
        claim(MemoryLayout<T>.size).storeBytes(of: value.littleEndian, as: T.self)
    }

    /// Overwrites the integer at `offset` (used to patch a length written ahead).
    mutating func setInteger<T: FixedWidthInteger>(_ value: T, at offset: Int) {
        precondition(offset >= 0 && offset + MemoryLayout<T>.size <= count, "setInteger at \(offset) outside the \(count) bytes written")
        (storage + offset).storeBytes(of: value.littleEndian, as: T.self)
    }

    @inline(__always) mutating func writeU8(_ v: UInt8) { claim(1).storeBytes(of: v, as: UInt8.self) }
    @inline(__always) mutating func writeU16(_ v: UInt16) { writeInteger(v) }
    @inline(__always) mutating func writeU32(_ v: UInt32) { writeInteger(v) }
    @inline(__always) mutating func writeU64(_ v: UInt64) { writeInteger(v) }
    @inline(__always) mutating func writeI32(_ v: Int32) { writeInteger(v) }

    /// A count or length as `u32`; traps beyond `UInt32.max` (no frame can hold that).
    @inline(__always)
    mutating func writeCount(_ n: Int) {
        guard let v = UInt32(exactly: n) else {
            preconditionFailure("count \(n) does not fit the wire's u32 (frames are limited to 4 GiB)")
        }
        writeInteger(v)
    }

    // MARK: Scalars

    /// IEEE-754 binary64, little-endian. NaN payloads and signed zeros are kept bit for bit.
    @inline(__always)
    mutating func writeDouble(_ v: Double) { writeInteger(v.bitPattern) }

    /// `u8` 0 or 1.
    @inline(__always)
    mutating func writeBool(_ v: Bool) { writeU8(v ? 1 : 0) }

    // MARK: Byte runs

    /// `u32` byte length, then the UTF-8 bytes (no terminator).
    mutating func writeString(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            writeCount(utf8.count)
            writeBytes(UnsafeRawBufferPointer(utf8))
        }
    }

    /// The bytes as they are, without a length.
    mutating func writeBytes(_ b: UnsafeRawBufferPointer) {
        guard let base = b.baseAddress, b.count > 0 else { return }
        claim(b.count).copyMemory(from: base, byteCount: b.count)
    }

    /// The bytes as they are, without a length.
    mutating func writeBytes(_ b: [UInt8]) {
        b.withUnsafeBytes { writeBytes($0) }
    }

    /// `u32` length, then the bytes.
    mutating func writeLengthPrefixedBytes(_ b: [UInt8]) {
        writeCount(b.count)
        writeBytes(b)
    }
}
