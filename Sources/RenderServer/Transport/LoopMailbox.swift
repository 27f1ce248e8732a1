import CLibUV
import Foundation

/// What other threads hand to the loop thread: jobs (`Server.runOnLoop`: control replies,
/// tests' probes) and the frames the compositor finished drawing, in the order they were
/// posted, each post waking the loop through its `uv_async_t`.
///
/// It is an object of its own, not part of `Server`, so that the compositor's frame-ready
/// handler can hold it (strongly: it refers to no server) where it would otherwise hold a
/// weak reference to the server. A weakly referenced object keeps its reference counts in a
/// side table for good, and every retain and release of it then takes the runtime's slow
/// path (about 80 instructions each): the server is retained on every message's path.
///
/// Thread affinity: `post`, `wake` and `close` from any thread; `take` on the loop thread.
/// Once closed (the loop is shutting down, or the server is gone) posts are dropped and
/// the async handle is never touched again.
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
    private let async: UnsafeMutablePointer<uv_async_t>

    /// `async`: the loop's wake-up handle, owned by the server (it closes it after `close()`).
    init(async: UnsafeMutablePointer<uv_async_t>) { self.async = async }

    /// Queues `item` and wakes the loop; dropped once closed.
    func post(_ item: Item) {
        lock.lock()
        defer { lock.unlock() }
        guard isOpen else { return }
        items.append(item)
        uv_async_send(async)
    }

    /// Wakes the loop with nothing posted (a stop request); nothing once closed.
    func wake() {
        lock.lock()
        defer { lock.unlock() }
        if isOpen { uv_async_send(async) }
    }

    /// What was posted since the last call, in order. Loop thread.
    func take() -> [Item] {
        lock.lock()
        defer { lock.unlock() }
        guard !items.isEmpty else { return [] }
        let taken = items
        items = []
        return taken
    }

    /// Drops what is queued and every later post: after this the async handle may be closed.
    func close() {
        lock.lock()
        isOpen = false
        let dropped = items
        items = []
        lock.unlock()
        withExtendedLifetime(dropped) {} // released outside the lock
    }
}
