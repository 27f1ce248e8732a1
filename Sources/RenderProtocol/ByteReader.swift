/// A cursor over borrowed bytes with explicit little-endian reads — the reading half of
/// the codec's `ByteBuffer`-like pair (it reads exactly what `ByteWriter` writes).
///
/// Every read returns `nil` on a short read and then leaves the cursor where it was, so the
/// caller can report the field and offset. The reader borrows its bytes: use it only
/// inside the `withUnsafeBytes` (or similar) scope that produced `base`.
struct ByteReader {
    let base: UnsafeRawBufferPointer
    /// Bytes consumed so far, from `base`'s start.
    private(set) var offset: Int = 0

    init(_ base: UnsafeRawBufferPointer) { self.base = base }

    /// Moves the cursor to `offset` (a position an earlier reader over the same bytes
    /// reached), to resume reading there.
    mutating func seek(to offset: Int) { self.offset = min(max(0, offset), base.count) }

    /// Bytes left to read.
    @inline(__always) var remaining: Int { base.count &- offset }

    // MARK: Integers

    @inline(__always)
    mutating func readInteger<T: FixedWidthInteger>(as: T.Type = T.self) -> T? {
        let size = MemoryLayout<T>.size
        guard remaining >= size else { return nil }
        let v = base.loadUnaligned(fromByteOffset: offset, as: T.self)
        offset &+= size
        return T(littleEndian: v)
    }

    @inline(__always) mutating func readU8() -> UInt8? {
        guard offset < base.count else { return nil }
        let v = base[offset]
        offset &+= 1
        return v
    }
    @inline(__always) mutating func readU16() -> UInt16? { readInteger() }
    @inline(__always) mutating func readU32() -> UInt32? { readInteger() }
    @inline(__always) mutating func readU64() -> UInt64? { readInteger() }
    @inline(__always) mutating func readI32() -> Int32? { readInteger() }

    // MARK: Scalars

    /// IEEE-754 binary64, little-endian, bit for bit.
    @inline(__always)
    mutating func readDouble() -> Double? {
        guard let bits: UInt64 = readInteger() else { return nil }
        return Double(bitPattern: bits)
    }

    // MARK: Byte runs

    /// The next `count` bytes, borrowed (valid as long as `base`).
    @inline(__always)
    mutating func readBytes(count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, remaining >= count else { return nil }
        let slice = UnsafeRawBufferPointer(rebasing: base[offset ..< offset &+ count])
        offset &+= count
        return slice
    }
}
