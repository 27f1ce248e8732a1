import CSystem
import Foundation

/// What other threads hand to the loop thread: jobs (`Server.runOnLoop`: control replies,
/// tests' probes) and the frames the compositor finished drawing, in the order they were
/// posted, each post waking the loop through the mailbox's eventfd, which the server polls.
///
/// An eventfd and not libuv's `uv_async_t`: `uv_async_send` marks its handle busy, writes to
/// wake the loop, then marks it done, and a loop that finds the handle still busy spins and
/// calls `sched_yield` until it is done. A loop thread that runs above the poster on the same
/// CPU (`Configuration.loopNice`; the compositor's threads run at nice 5) is woken by that
/// write, takes the CPU, and spins while the poster cannot get it back: at nice −20 the
/// compositor's "pixels ready" reached the loop 0.5 ms late. A write to an eventfd leaves
/// nothing half done.
///
/// It is an object of its own, not part of `Server`, so that the compositor's frame-ready
/// handler can hold it (strongly: it refers to no server) where it would otherwise hold a
/// weak reference to the server. A weakly referenced object keeps its reference counts in a
/// side table for good, and every retain and release of it then takes the runtime's slow
/// path (about 80 instructions each): the server is retained on every message's path.
///
/// Thread affinity: `post`, `wake` and `close` from any thread; `take` on the loop thread.
/// Once closed (the loop is shutting down, or the server is gone) posts are dropped and
/// the eventfd is never written again; it is closed with the mailbox.
final class LoopMailbox: @unchecked Sendable {
    /// One posted item.
    enum Item: Sendable {
        case job(@Sendable () -> Void)
        /// The compositor finished a frame (`ServerCore.frameReady`).
        case frameReady(FrameReady)
    }

    private let lock = NSLock()
    private var items: [Item] = []          // guarded by `lock`
    private var isOpen = true               // guarded by `lock`
    /// The eventfd a post makes readable: the server polls it on the loop and calls `take`.
    let descriptor: Int32

    init() throws {
        let fd = csys_eventfd()
        guard fd >= 0 else { throw ServerError.system(call: "eventfd", errno: -fd, context: "the loop's mailbox") }
        descriptor = fd
    }

    deinit { Glibc.close(descriptor) }

    /// Queues `item` and wakes the loop; dropped once closed. Only the post that finds the
    /// queue empty writes to the eventfd: while items wait, it is readable already, or the
    /// loop has read it back and is about to take them (`take` reads it before it locks). The
    /// write comes after the lock is let go, so a loop it wakes never waits for the lock; the
    /// descriptor stays open as long as the mailbox, so a write after `close` is harmless.
    func post(_ item: Item) {
        lock.lock()
        guard isOpen else { lock.unlock(); return }
        let wasEmpty = items.isEmpty
        items.append(item)
        lock.unlock()
        if wasEmpty { _ = csys_eventfd_signal(descriptor) }
    }

    /// Wakes the loop with nothing posted (a stop request); nothing once closed.
    func wake() {
        lock.lock()
        let open = isOpen
        lock.unlock()
        if open { _ = csys_eventfd_signal(descriptor) }
    }

    /// What was posted since the last call, in order; the eventfd read back to 0 first (a post
    /// after that makes it readable again). Loop thread.
    func take() -> [Item] {
        csys_eventfd_drain(descriptor)
        lock.lock()
        defer { lock.unlock() }
        guard !items.isEmpty else { return [] }
        let taken = items
        items = []
        return taken
    }

    /// Drops what is queued and every later post: after this the server may stop polling.
    func close() {
        lock.lock()
        isOpen = false
        let dropped = items
        items = []
        lock.unlock()
        withExtendedLifetime(dropped) {} // released outside the lock
    }
}
