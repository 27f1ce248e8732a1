import CCairo
import CXCB
import Glibc

/// `rendersrvd --output x11`: a window on the X server named by `DISPLAY` that shows each
/// drawn frame. With MIT-SHM (a local server that has it) damaged rectangles are copied into
/// a shared segment holding a whole frame and shown with `ShmPutImage`, then a round trip
/// makes sure the server has read them before the segment is written again; otherwise they
/// travel through the socket with `PutImage` (ZPixmap, in strips that fit the server's
/// request limit). An Expose sends the whole frame again. With `synchronous` (the manual
/// clock) every update ends with a round trip, so a frame is on screen when its step returns.
/// The window's input is read by `X11Input`, on a connection of its own.
///
/// The window keeps the size it was opened at. After the display is resized
/// (`ServerCore.resizeDisplay`) it shows the frame's top-left part: a larger frame is cut at
/// the window's right and bottom edges, and where a smaller frame does not reach the window
/// is black (its background). Pointer input keeps mapping window pixels to display points
/// one to one, so it lands where the frame is shown.
///
/// Thread affinity: the compositor thread (after `init`).
final class X11Window {
    let width: Int
    let height: Int
    /// The display's name as opened (`DISPLAY` resolved): where `X11Input` connects too.
    let displayName: String
    private let connection: OpaquePointer
    private let window: xcb_window_t
    private let gc: xcb_gcontext_t
    private let depth: UInt8
    private let maxRequestBytes: Int
    private let synchronous: Bool
    private var failed = false
    private var scratch: [UInt8] = []
    /// The part of the window the last frame covered (the frame's size, cut to the window's).
    private var lastShown: PixelRect
    /// The MIT-SHM segment (a whole frame), when the server could attach it.
    private var shm: (segment: xcb_shm_seg_t, address: UnsafeMutableRawPointer)?

    struct OpenError: Error, CustomStringConvertible { let description: String }

    /// Opens `display` (nil: `DISPLAY`) and maps a `width`×`height` window titled `title`.
    init(display: String?, width: Int, height: Int, title: String = "rendersrvd", synchronous: Bool) throws {
        let name = display ?? getenv("DISPLAY").map { String(cString: $0) }
        guard let name, !name.isEmpty else {
            throw OpenError(description: "--output x11 needs an X display: set DISPLAY (e.g. DISPLAY=:0) or run under Xvfb")
        }
        var screenNumber: Int32 = 0
        guard let c = xcb_connect(name, &screenNumber), xcb_connection_has_error(c) == 0 else {
            throw OpenError(description: "--output x11: cannot open the X display \"\(name)\" (is an X server running there, "
                + "and may this user connect to it?)")
        }
        var it = xcb_setup_roots_iterator(xcb_get_setup(c))
        for _ in 0..<max(0, screenNumber) { xcb_screen_next(&it) }
        guard let screen = it.data else {
            xcb_disconnect(c)
            throw OpenError(description: "--output x11: display \"\(name)\" has no screen \(screenNumber)")
        }
        guard screen.pointee.root_depth == 24 || screen.pointee.root_depth == 32 else {
            xcb_disconnect(c)
            throw OpenError(description: "--output x11: the screen of \"\(name)\" is \(screen.pointee.root_depth)-bit; "
                + "rendersrvd needs a 24- or 32-bit TrueColor screen")
        }
        guard width <= Int(UInt16.max), height <= Int(UInt16.max) else {
            xcb_disconnect(c)
            throw OpenError(description: "--output x11: a \(width)x\(height) window is larger than X allows")
        }
        connection = c
        displayName = name
        self.width = width; self.height = height; self.synchronous = synchronous
        lastShown = PixelRect(x: 0, y: 0, width: width, height: height)
        depth = screen.pointee.root_depth
        maxRequestBytes = Int(xcb_get_maximum_request_length(c)) * 4
        window = xcb_generate_id(c)
        // Exposure only: the window's input is selected by `X11Input`'s own connection (X lets
        // one client select button presses, and this connection's round trips would hide events).
        let values: [UInt32] = [screen.pointee.black_pixel, XCB_EVENT_MASK_EXPOSURE.rawValue]
        xcb_create_window(c, UInt8(XCB_COPY_FROM_PARENT), window, screen.pointee.root, 0, 0, UInt16(width), UInt16(height), 0,
                          UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), screen.pointee.root_visual,
                          XCB_CW_BACK_PIXEL.rawValue | XCB_CW_EVENT_MASK.rawValue, values)
        xcb_change_property(c, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, XCB_ATOM_WM_NAME.rawValue,
                            XCB_ATOM_STRING.rawValue, 8, UInt32(title.utf8.count), title)
        // WM_HINTS with the input hint: a window manager gives the window the keyboard focus
        // (ICCCM 4.1.7, "passive" input), whose keys `X11Input` reads.
        let hints: [UInt32] = [1 /* InputHint */, 1 /* input */, 0, 0, 0, 0, 0, 0, 0]
        xcb_change_property(c, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, XCB_ATOM_WM_HINTS.rawValue,
                            XCB_ATOM_WM_HINTS.rawValue, 32, UInt32(hints.count), hints)
        gc = xcb_generate_id(c)
        xcb_create_gc(c, gc, window, 0, nil)
        xcb_map_window(c, window)
        sync()
        shm = attachSharedMemory()
    }

    deinit {
        if let shm { xcb_shm_detach(connection, shm.segment); sync(); shmdt(shm.address) }
        xcb_disconnect(connection)
    }

    /// Whether frames go through MIT-SHM.
    var usesSharedMemory: Bool { shm != nil }

    private func attachSharedMemory() -> (xcb_shm_seg_t, UnsafeMutableRawPointer)? {
        // Asking an X server for an extension it lacks breaks the connection: check first.
        guard cxcb_shm_present(connection) != 0,
              let version = xcb_shm_query_version_reply(connection, xcb_shm_query_version(connection), nil) else { return nil }
        free(version)
        let id = shmget(0 /* IPC_PRIVATE */, width * height * 4, 0o1000 /* IPC_CREAT */ | 0o600)
        guard id >= 0 else { return nil }
        defer { shmctl(id, 0 /* IPC_RMID: freed once both sides detach */, nil) }
        guard let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        let segment = xcb_generate_id(connection)
        let cookie = xcb_shm_attach_checked(connection, segment, UInt32(id), 0)
        if let error = xcb_request_check(connection, cookie) {
            free(error)
            shmdt(address)
            return nil
        }
        return (segment, address)
    }

    /// The window's id (for tests that capture it).
    var windowID: UInt32 { window }

    /// Shows the damaged rectangles of `surface` (an ARGB32 cairo image: the window's size,
    /// or another after the display was resized; only the part inside both is shown).
    func show(_ surface: OpaquePointer, damage: [PixelRect]) {
        guard !failed, let data = cairo_data(surface) else { return }
        let shown = PixelRect(x: 0, y: 0, width: min(width, Int(cairo_image_surface_get_width(surface))),
                              height: min(height, Int(cairo_image_surface_get_height(surface))))
        var rects = damage
        if shown.width != lastShown.width || shown.height != lastShown.height {
            // The display was resized: the whole frame again, and black where it no longer reaches.
            if shown.width < width {
                xcb_clear_area(connection, 0, window, Int16(shown.width), 0, UInt16(width - shown.width), UInt16(height))
            }
            if shown.height < height {
                xcb_clear_area(connection, 0, window, 0, Int16(shown.height), UInt16(width), UInt16(height - shown.height))
            }
            lastShown = shown
            rects = [shown]
        }
        // Exposed parts (the window was mapped or uncovered): send the whole frame.
        while let event = xcb_poll_for_event(connection) {
            if event.pointee.response_type & 0x7F == UInt8(XCB_EXPOSE) { rects = [shown] }
            free(event)
        }
        rects = rects.map { $0.intersection(shown) }.filter { !$0.isEmpty }
        let stride = cairo_stride(surface)
        if let shm {
            for r in rects {
                for y in r.y..<r.maxY {
                    (shm.address + (y * width + r.x) * 4).copyMemory(from: data + y * stride + r.x * 4, byteCount: r.width * 4)
                }
                xcb_shm_put_image(connection, window, gc, UInt16(width), UInt16(height), UInt16(r.x), UInt16(r.y),
                                  UInt16(r.width), UInt16(r.height), Int16(r.x), Int16(r.y), depth,
                                  UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), 0, shm.segment, 0)
            }
            // The server must have read the segment before the next frame writes it.
            if !rects.isEmpty { sync() }
            if xcb_connection_has_error(connection) != 0 { failed = true }
            return
        }
        for r in rects {
            let rowBytes = r.width * 4
            let rowsPerRequest = max(1, (maxRequestBytes - 64) / max(1, rowBytes))
            var y = r.y
            while y < r.maxY {
                let rows = min(rowsPerRequest, r.maxY - y)
                let count = rows * rowBytes
                if scratch.count < count { scratch = [UInt8](repeating: 0, count: count) }
                scratch.withUnsafeMutableBytes { buf in
                    for k in 0..<rows {
                        (buf.baseAddress! + k * rowBytes).copyMemory(from: data + (y + k) * stride + r.x * 4, byteCount: rowBytes)
                    }
                    _ = xcb_put_image(connection, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), window, gc, UInt16(r.width),
                                      UInt16(rows), Int16(r.x), Int16(y), 0, depth, UInt32(count),
                                      buf.baseAddress!.assumingMemoryBound(to: UInt8.self))
                }
                y += rows
            }
        }
        if synchronous { sync() } else { xcb_flush(connection) }
        if xcb_connection_has_error(connection) != 0 { failed = true }
    }

    /// A round trip: everything sent so far has been processed by the server.
    private func sync() {
        let cookie = xcb_get_input_focus(connection)
        if let reply = xcb_get_input_focus_reply(connection, cookie, nil) { free(reply) }
    }

    /// Whether the connection broke (the window is no longer updated).
    var isBroken: Bool { failed }
}
