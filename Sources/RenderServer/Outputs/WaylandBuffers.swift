import CCairo
import CSystem
import CWayland
import Foundation
import Glibc

/// The `wl_shm` buffers a Wayland window shows its frames in: each a memfd mapped into the
/// daemon and shared with the compositor. The compositor thread copies a drawn frame's
/// damage into a buffer the compositor is not holding (`write`); the loop thread attaches it
/// (`attach`) and marks it held until the compositor's `release`. Buffers are made as needed,
/// up to `maxBuffers`, so drawing never waits for the compositor to let one go: two suffice
/// while the compositor releases the shown buffer at its next repaint, a third covers a frame
/// drawn while one is shown and one is queued.
///
/// Each buffer keeps the damage it has missed since it was last written (every frame's damage
/// is added to every buffer), so a write copies exactly what that buffer lacks.
///
/// Thread affinity: `write` on the compositor thread; everything else on the loop thread;
/// the buffers' states are shared under `lock`. `write` may make a buffer (wl_shm requests):
/// libwayland-client serialises requests from any thread, and a new buffer has no events
/// before the loop thread attaches it, so its listener is in place before any can come.
final class WaylandBuffers: @unchecked Sendable {
    /// One buffer. `held`: attached and not released by the compositor (loop thread sets it
    /// at attach, clears it at release). `staged`: written and waiting to be attached.
    final class Buffer {
        let proxy: OpaquePointer
        let memory: UnsafeMutableRawPointer
        let bytes: Int
        let width: Int
        let height: Int
        var held = false
        var staged = false
        /// Rectangles of the frame this buffer lacks (nil: all of it).
        var missing: [PixelRect]? = nil
        /// The title bar art it holds (`TitleBar.version`), nil for none.
        var titleBar: Int?
        init(proxy: OpaquePointer, memory: UnsafeMutableRawPointer, bytes: Int, width: Int, height: Int) {
            self.proxy = proxy; self.memory = memory; self.bytes = bytes; self.width = width; self.height = height
        }
    }

    /// More buffers than this and a frame is not shown (its damage waits for the next one).
    static let maxBuffers = 4
    /// Damage lists longer than this are merged into their bounding box.
    static let maxRects = 16

    private let shm: OpaquePointer
    private let format: UInt32
    private let lock = NSLock()
    private var buffers: [Buffer] = []     // under `lock`
    /// The buffer size now (the display's pixels); buffers of another size are destroyed
    /// once released.
    private var width: Int
    private var height: Int
    private let releaseListener: UnsafeMutablePointer<wl_buffer_listener>

    init(shm: OpaquePointer, format: UInt32, width: Int, height: Int) {
        self.shm = shm; self.format = format; self.width = width; self.height = height
        releaseListener = .allocate(capacity: 1)
        UnsafeMutableRawPointer(releaseListener).initializeMemory(as: UInt8.self, repeating: 0,
                                                                  count: MemoryLayout<wl_buffer_listener>.size)
        releaseListener.pointee.release = { data, proxy in
            guard let data, let proxy else { return }
            Unmanaged<WaylandBuffers>.fromOpaque(data).takeUnretainedValue().released(proxy)
        }
    }

    /// Destroys every buffer (loop thread, at the window's end).
    func destroyAll() {
        lock.lock()
        let all = buffers
        buffers = []
        lock.unlock()
        for b in all { destroy(b) }
    }

    deinit { releaseListener.deallocate() }

    /// The window's own title bar, drawn above the frame when the compositor draws none:
    /// `rows` pixel rows at the buffer's top, painted by `paint` (a cairo context on those rows,
    /// their width and height in pixels); a new `version` repaints it in every buffer.
    struct TitleBar {
        var rows: Int
        var version: Int
        var paint: (_ cr: OpaquePointer, _ width: Int, _ height: Int) -> Void
    }

    /// Copies `damage` of `surface` (a cairo ARGB32 image of the display's size) into a buffer
    /// the compositor does not hold, below `titleBar`'s rows, with whatever else that buffer
    /// lacks (and the bar, when it holds another), and marks it staged. Returns the buffer and
    /// whether its bar was painted, nil when no buffer is free and no more may be made (the
    /// frame is not shown; its damage stays recorded in every buffer). Compositor thread.
    func write(_ surface: OpaquePointer, damage: [PixelRect], titleBar: TitleBar?) -> (buffer: Buffer, paintedBar: Bool)? {
        guard let data = cairo_data(surface) else { return nil }
        let inset = titleBar?.rows ?? 0
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface)) + inset
        let stride = cairo_stride(surface)
        lock.lock()
        var unused: [Buffer] = []
        if w != width || h != height {
            // The display changed size: buffers of the old size the compositor does not hold
            // go now (held ones when released), so they do not count against `maxBuffers`.
            width = w; height = h
            unused = buffers.filter { !$0.held && ($0.width != w || $0.height != h) }
            buffers.removeAll { b in unused.contains { $0 === b } }
        }
        for b in buffers where b.missing != nil { add(damage, to: b) }
        // A buffer staged but not attached yet is overwritten by the newer frame (the loop
        // attaches whatever is staged last).
        var chosen = buffers.first { !$0.held && $0.width == w && $0.height == h && $0.staged }
            ?? buffers.first { !$0.held && $0.width == w && $0.height == h }
        lock.unlock()
        for b in unused { destroy(b) }
        if chosen == nil {
            chosen = make(width: w, height: h)
            guard let made = chosen else { return nil }
            lock.lock()
            buffers.append(made)
            lock.unlock()
        }
        let b = chosen!
        let rects = b.missing ?? [PixelRect(x: 0, y: 0, width: w, height: h - inset)]
        for r in rects {
            for y in r.y..<r.maxY {
                (b.memory + ((y + inset) * w + r.x) * 4).copyMemory(from: data + y * stride + r.x * 4, byteCount: r.width * 4)
            }
        }
        var painted = false
        if let bar = titleBar, bar.rows > 0, b.titleBar != bar.version,
           let rowsSurface = cairo_image_surface_create_for_data(b.memory.assumingMemoryBound(to: UInt8.self),
                                                                  CAIRO_FORMAT_RGB24, Int32(w), Int32(bar.rows), Int32(w * 4)) {
            if let cr = cairo_create(rowsSurface) {
                bar.paint(cr, w, bar.rows)
                cairo_destroy(cr)
            }
            cairo_surface_flush(rowsSurface)
            cairo_surface_destroy(rowsSurface)
            b.titleBar = bar.version
            painted = true
        }
        lock.lock()
        b.missing = []
        for other in buffers where other !== b && other.staged { other.staged = false }
        b.staged = true
        lock.unlock()
        return (b, painted)
    }


    /// The staged buffer, marked held (the loop thread attaches it now), or nil.
    func takeStaged() -> Buffer? {
        lock.lock(); defer { lock.unlock() }
        guard let b = buffers.first(where: { $0.staged }) else { return nil }
        b.staged = false
        b.held = true
        return b
    }

    /// How many buffers exist (for the log and tests).
    var count: Int { lock.lock(); defer { lock.unlock() }; return buffers.count }

    private func released(_ proxy: OpaquePointer) {
        lock.lock()
        guard let i = buffers.firstIndex(where: { $0.proxy == proxy }) else { lock.unlock(); return }
        let b = buffers[i]
        b.held = false
        // A buffer of an old size is no use any more.
        let stale = b.width != width || b.height != height
        if stale { buffers.remove(at: i) }
        lock.unlock()
        if stale { destroy(b) }
    }

    private func add(_ damage: [PixelRect], to b: Buffer) {
        guard var missing = b.missing else { return }
        missing += damage
        if missing.count > WaylandBuffers.maxRects {
            var box = missing[0]
            for r in missing.dropFirst() { box = box.union(r) }
            missing = [box]
        }
        b.missing = missing
    }

    /// A new buffer of the display's size in a memfd (nil when the limit is reached or the
    /// memory cannot be had; the reason is not fatal: the frame waits for a released buffer).
    private func make(width w: Int, height h: Int) -> Buffer? {
        lock.lock()
        let n = buffers.count
        lock.unlock()
        guard n < WaylandBuffers.maxBuffers, w > 0, h > 0 else { return nil }
        let bytes = w * h * 4
        let fd = csys_memfd("rendersrvd-wayland-buffer", 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard ftruncate(fd, off_t(bytes)) == 0,
              let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), memory != MAP_FAILED else { return nil }
        guard let pool = wl_shm_create_pool(shm, fd, Int32(bytes)) else { munmap(memory, bytes); return nil }
        let proxy = wl_shm_pool_create_buffer(pool, 0, Int32(w), Int32(h), Int32(w * 4), format)
        wl_shm_pool_destroy(pool) // the buffer keeps the pool's memory
        guard let proxy else { munmap(memory, bytes); return nil }
        let b = Buffer(proxy: proxy, memory: memory, bytes: bytes, width: w, height: h)
        wl_buffer_add_listener(proxy, releaseListener, Unmanaged.passUnretained(self).toOpaque())
        return b
    }

    private func destroy(_ b: Buffer) {
        wl_buffer_destroy(b.proxy)
        munmap(b.memory, b.bytes)
    }
}
