import RenderCore

/// Layer contents whose pixels travel in shared memory instead of inside the frame: value
/// tag 12 (Protocol/PROTOCOL.md §7.4, "Shared-memory contents"). The sender writes the pixels
/// into a memfd, seals it (`F_SEAL_SHRINK | F_SEAL_WRITE` at least) and passes the descriptor
/// with the commit frame's first byte (`SCM_RIGHTS`); the value names it by its index among
/// the descriptors sent with that frame.
///
/// Body on the wire (33 bytes): `u32` descriptor index, `u32` width, `u32` height, `u32`
/// stride (bytes per row), `u8` format, `u64` offset, `u64` length. The pixels are rows of
/// `width × 4` bytes of premultiplied ARGB32 (as `Bitmap`), each row starting `stride` bytes
/// after the one before, the first at `offset`; `length` is `stride × height`.
///
/// The receiver decodes such a value into `.contents(Bitmap)` — the pixels copied once — so
/// nothing downstream of the decoder knows the difference.
public struct SharedBitmapReference: Hashable, Sendable, CustomStringConvertible {
    /// Index among the descriptors sent with the commit frame (0 = the first).
    public var descriptor: UInt32
    public var width: UInt32
    public var height: UInt32
    /// Bytes from one row's start to the next: at least `width × 4`, a multiple of 4.
    public var stride: UInt32
    public var format: SharedBitmapFormat
    /// Byte offset of the first row in the file.
    public var offset: UInt64
    /// Bytes the bitmap spans in the file: `stride × height`.
    public var length: UInt64

    public init(descriptor: UInt32, width: UInt32, height: UInt32, stride: UInt32,
                format: SharedBitmapFormat = .premultipliedARGB32, offset: UInt64 = 0, length: UInt64? = nil) {
        self.descriptor = descriptor; self.width = width; self.height = height; self.stride = stride
        self.format = format; self.offset = offset
        self.length = length ?? UInt64(stride) * UInt64(height)
    }

    /// The reference to a tightly packed bitmap at the start of descriptor `descriptor`.
    public init(descriptor: UInt32, packing bitmap: Bitmap) {
        self.init(descriptor: descriptor, width: UInt32(bitmap.width), height: UInt32(bitmap.height),
                  stride: UInt32(bitmap.width * 4))
    }

    public var description: String {
        "shared bitmap \(width)×\(height) (descriptor \(descriptor), stride \(stride), offset \(offset), length \(length))"
    }
}

/// Pixel formats of shared-memory contents (`u8`).
public enum SharedBitmapFormat: UInt8, Hashable, Sendable, CaseIterable {
    /// Premultiplied ARGB32 in native (little-endian) order: bytes B, G, R, A — `Bitmap`'s.
    case premultipliedARGB32 = 1
}

/// Turns the shared-memory references of one commit frame into bitmaps: the receiver's side
/// of value tag 12. The decoder calls it for each such value, in order, after checking the
/// value's fields and its size against `maxBitmapBytes`.
///
/// Thread affinity: the decoding thread.
public protocol SharedBitmapResolver: AnyObject {
    /// The pixels `reference` names, copied into a bitmap; throws why they cannot be taken
    /// (a missing, bad, unsealed or short descriptor, a limit).
    func bitmap(for reference: SharedBitmapReference) throws(SharedBitmapError) -> Bitmap
}

/// Why shared-memory contents were refused: an error code and a message that says what
/// happened to which descriptor and what to do (the decoder prefixes where in the frame).
public struct SharedBitmapError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: ErrorCode
    public var message: String
    public init(_ code: ErrorCode, _ message: String) { self.code = code; self.message = message }
    public var description: String { "\(code): \(message)" }
}

/// The sender's side: offered each bitmap as it is encoded, returns the reference to write
/// (tag 12) after passing the pixels into shared memory, or nil to send it inline (tag 10).
public typealias SharedBitmapSharer = (Bitmap) -> SharedBitmapReference?
