import CSystem
import Glibc
import RenderCore
import RenderProtocol

/// The descriptors one client passed with its frames, and the shared-memory contents its
/// commits take from them (Protocol/PROTOCOL.md §7.4).
///
///     recvmsg (SCM_RIGHTS) ─▶ queue (arrival order) ─▶ commit decoding: value tag 12 names
///     descriptor n of its commit = queue[n] ─▶ checked, pixels copied once ─▶ Bitmap
///     commit decoded ─▶ its descriptors (the highest index named + 1) closed and dropped
///
/// A sender attaches a commit's descriptors to the commit frame's first byte, so they are
/// here by the time the whole frame is; the descriptors of the next frame may already be
/// queued behind them. Descriptors still queued when no frame is partly received and no
/// commit is being taken were sent with no commit that names them: a protocol error.
///
/// Decision: the daemon copies the pixels once, with `pread`, while it decodes the commit,
/// and closes the descriptor then; it maps nothing and keeps no descriptor. It requires the
/// memfd to be sealed against writing and shrinking (`F_SEAL_WRITE | F_SEAL_SHRINK`), so the
/// pixels it copies are exactly the ones the client committed: nobody can change them under
/// the daemon, and a short read cannot happen after the size check.
///
/// Every descriptor received is closed exactly once: when its commit has taken it, when
/// the commit or the session fails, or when the session ends (`closeAll`).
///
/// Thread affinity: the session's (the loop thread in the daemon).
package final class SharedMemoryIntake: SharedBitmapResolver {
    private let limits: Limits
    /// Received and not yet taken, in arrival order.
    package private(set) var queue: [Int32] = []
    /// The highest descriptor index the current commit named (-1: none), and the bytes it took.
    private var highestNamed = -1
    private var bytesTaken: UInt64 = 0

    init(limits: Limits) { self.limits = limits }

    deinit { closeAll() }

    /// The most descriptors a client may have queued: one commit's, and the next one's.
    var queueLimit: Int { 2 * Int(min(limits.maxDescriptorsPerCommit, 64)) }

    /// Takes ownership of descriptors just received. False when that queues more than
    /// `queueLimit` (the caller fails the session, which closes them all).
    func receive(_ descriptors: [Int32]) -> Bool {
        queue += descriptors
        return queue.count <= queueLimit
    }

    /// Starts decoding a message (a commit's descriptors are the first in the queue).
    func beginMessage() {
        highestNamed = -1; bytesTaken = 0
    }

    /// A message is decoded (a commit whole): closes and drops the descriptors it was sent
    /// with (none when it named none).
    func endMessage() {
        let n = min(queue.count, highestNamed + 1)
        if n > 0 {
            for fd in queue[..<n] { close(fd) }
            queue.removeFirst(n)
        }
        highestNamed = -1; bytesTaken = 0
    }

    /// Closes every descriptor held (a refused commit, the session's end).
    func closeAll() {
        for fd in queue { close(fd) }
        queue.removeAll()
        highestNamed = -1; bytesTaken = 0
    }

    // MARK: SharedBitmapResolver

    package func bitmap(for r: SharedBitmapReference) throws(SharedBitmapError) -> Bitmap {
        let what = "shared bitmap descriptor \(r.descriptor)"
        let cap = min(limits.maxDescriptorsPerCommit, 64)
        guard r.descriptor < cap else {
            throw SharedBitmapError(.limitExceeded, "\(what): " + limits.exceeded(.maxDescriptorsPerCommit,
                asked: UInt64(r.descriptor) + 1, what: "descriptors named by one commit") + (cap < limits.maxDescriptorsPerCommit
                ? " (64 at most take effect)" : "") + "; send further bitmaps in another commit or inline")
        }
        guard Int(r.descriptor) < queue.count else {
            throw SharedBitmapError(.invalidValue, "\(what) is missing: \(queue.count) descriptor"
                + "\(queue.count == 1 ? " came" : "s came") with the commit; attach every memfd the commit names to "
                + "its frame's first byte (sendmsg with SCM_RIGHTS)")
        }
        guard bytesTaken + r.length <= UInt64(limits.maxSharedBytesPerCommit) else {
            throw SharedBitmapError(.limitExceeded, "\(what): " + limits.exceeded(.maxSharedBytesPerCommit,
                asked: bytesTaken + r.length, what: "shared-memory bytes taken by one commit")
                + "; spread the bitmaps over several commits")
        }
        highestNamed = max(highestNamed, Int(r.descriptor))
        let fd = queue[Int(r.descriptor)]
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            throw SharedBitmapError(.invalidValue, "\(what): fstat failed (\(String(cString: strerror(errno))))")
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw SharedBitmapError(.invalidValue, "\(what) is not a memfd (it is \(Self.kind(st.st_mode))); write the "
                + "pixels into a memfd (memfd_create with MFD_ALLOW_SEALING) and send that")
        }
        let seals = csys_get_seals(fd)
        let needed = Int32(CSYS_SEAL_WRITE | CSYS_SEAL_SHRINK)
        guard seals >= 0, seals & needed == needed else {
            throw SharedBitmapError(.invalidValue, "\(what) is not sealed against writing and shrinking ("
                + (seals < 0 ? "it cannot carry seals: not a memfd made with MFD_ALLOW_SEALING" : "seals 0x\(String(seals, radix: 16))")
                + "); add F_SEAL_WRITE | F_SEAL_SHRINK (fcntl F_ADD_SEALS) before sending it")
        }
        let size = UInt64(max(0, st.st_size))
        guard size >= r.offset + r.length else {
            throw SharedBitmapError(.invalidValue, "\(what) holds \(size) bytes, fewer than offset \(r.offset) + length "
                + "\(r.length) = \(r.offset + r.length); write the whole bitmap before sealing")
        }
        bytesTaken += r.length
        return try copy(fd, r, what)
    }

    /// The pixels, packed into `Bitmap`'s rows of `width × 4` bytes.
    private func copy(_ fd: Int32, _ r: SharedBitmapReference, _ what: String) throws(SharedBitmapError) -> Bitmap {
        let w = Int(r.width), h = Int(r.height), row = w * 4, stride = Int(r.stride)
        var failure: String?
        let pixels = [UInt8](unsafeUninitializedCapacity: row * h) { buffer, count in
            let base = UnsafeMutableRawPointer(buffer.baseAddress!)
            if stride == row {
                failure = Self.readFully(fd, base, row * h, at: Int(r.offset))
            } else {
                for y in 0..<h where failure == nil {
                    failure = Self.readFully(fd, base + y * row, row, at: Int(r.offset) + y * stride)
                }
            }
            count = failure == nil ? row * h : 0
        }
        if let failure { throw SharedBitmapError(.invalidValue, "\(what): \(failure)") }
        do { return try Bitmap(width: w, height: h, pixels: pixels) } catch {
            throw SharedBitmapError(.invalidValue, "\(what): \(error)")
        }
    }

    private static func readFully(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int, at offset: Int) -> String? {
        var done = 0
        while done < n {
            let k = pread(fd, p + done, n - done, off_t(offset + done))
            if k > 0 { done += k; continue }
            if k < 0 && errno == EINTR { continue }
            return k == 0 ? "the file ended \(n - done) bytes early at offset \(offset + done)"
                : "reading at offset \(offset + done) failed (\(String(cString: strerror(errno))))"
        }
        return nil
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFSOCK: "a socket"
        case S_IFIFO: "a pipe"
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "not a regular file"
        }
    }
}
