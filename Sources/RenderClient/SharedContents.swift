import CSystem
#if canImport(Glibc)
import Glibc
#endif
import RenderCore
import RenderProtocol

/// The client's side of shared-memory contents (Protocol/PROTOCOL.md §7.4): while one
/// commit is encoded, each bitmap of at least `threshold` bytes is copied into its own
/// memfd, sealed (`F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL`: the daemon
/// refuses unsealed ones, and nobody can change the pixels after the commit), and written as
/// a reference to that descriptor (value tag 12) instead of inline (tag 10). The descriptors
/// then go with the frame's first byte (`SCM_RIGHTS`) and are closed here once sent.
///
/// A bitmap stays inline when it is below the threshold, when the commit already carries
/// `maxDescriptors` shared bitmaps or `maxBytes` shared bytes (the server's limits
/// `maxDescriptorsPerCommit` and `maxSharedBytesPerCommit`), or when the memfd cannot be made.
///
/// Thread affinity: the committing thread, for one commit.
final class SharedContentsPacker {
    let threshold: Int
    let maxDescriptors: Int
    let maxBytes: Int
    /// The memfds made so far, in descriptor-index order.
    private(set) var descriptors: [Int32] = []
    private var bytes = 0

    init(threshold: Int, limits: Limits) {
        self.threshold = threshold
        maxDescriptors = Int(min(limits.maxDescriptorsPerCommit, 64))
        maxBytes = Int(limits.maxSharedBytesPerCommit)
    }

    /// The reference to write for `bitmap`, or nil to send it inline.
    func share(_ bitmap: Bitmap) -> SharedBitmapReference? {
        guard bitmap.byteCount >= threshold, descriptors.count < maxDescriptors,
              bytes + bitmap.byteCount <= maxBytes else { return nil }
        let fd = bitmap.pixels.withUnsafeBytes { csys_sealed_memfd("rendersrv-contents", $0.baseAddress, $0.count) }
        guard fd >= 0 else { return nil }
        descriptors.append(fd)
        bytes += bitmap.byteCount
        return SharedBitmapReference(descriptor: UInt32(descriptors.count - 1), packing: bitmap)
    }

    /// Closes every memfd made (after the frame was sent, or when it was not).
    func closeAll() {
        for fd in descriptors { _ = close(fd) }
        descriptors.removeAll()
        bytes = 0
    }

    deinit { closeAll() }
}
