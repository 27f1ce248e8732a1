import CCairo
import CLibUV
import CSystem
import CWayland
import Foundation
import Glibc
import Logging

/// `rendersrvd --output wayland`: a window on the Wayland compositor named by
/// `WAYLAND_DISPLAY` (or `--wayland-display`), an `xdg_toplevel` showing each drawn frame,
/// paced by the compositor's clock.
///
///     compositor thread                     loop thread (owns the connection)
///      draw → stage: damage copied into      ├ uv_poll on the display's fd: events dispatched
///      a free wl_shm buffer ──uv_async──▶    │   (configure, close, frame callbacks, feedback,
///                                            │   buffer releases, the seat's input)
///                                            ├ commit: attach, damage_buffer, frame callback,
///                                            │   presentation feedback, wl_surface.commit
///                                            └ frame callback done → the next frame is due
///
/// Pacing (`WindowDisplay`): while the server wants frames, each frame callback makes the next
/// frame due, targeted at the compositor's next refresh (from `wp_presentation` feedback where
/// offered, else the output's refresh rate); a window the compositor does not repaint (hidden,
/// minimised) gets no callbacks and costs nothing. Presentation feedback's time (else the
/// frame callback's) is the frame's ready time, so `commitPresented` and the frame log say when
/// a frame reached the screen.
///
/// Size: the display size in points is the window's size; its buffers have the scale of the
/// output it is on (the largest, when on several), so a HiDPI output gets frames drawn at
/// its resolution while clients keep working in points. A configure event
/// with a size resizes the display through `WindowDisplayEvents.resized`; the compositor's
/// close request and a lost connection end the window through `ended`.
///
/// Thread affinity: `init` on the thread that creates the output (before the loop runs), then
/// the loop thread, except `stage` (the compositor thread).
final class WaylandWindow: @unchecked Sendable {
    struct OpenError: Error, CustomStringConvertible { let description: String }

    /// The display's name as connected (`WAYLAND_DISPLAY` or `--wayland-display`).
    let displayName: String
    let logger: Logger
    private let synchronous: Bool
    private let display: OpaquePointer
    private let registry: OpaquePointer
    private var compositor: OpaquePointer?
    private var shm: OpaquePointer?
    private var wmBase: OpaquePointer?
    private var presentation: OpaquePointer?
    /// xdg-decoration, where offered: the compositor draws the window's title bar.
    private var decorationManager: OpaquePointer?
    private var decoration: OpaquePointer?
    /// The mode the compositor chose (`zxdg_toplevel_decoration_v1.configure`), nil until told.
    private var decorationMode: UInt32?
    /// The window's title (its own title bar shows it).
    private var title = "rendersrvd"
    /// The toplevel's states from the last configure (`XDG_TOPLEVEL_STATE_*`).
    private var pendingStates: Set<UInt32> = []
    private var states: Set<UInt32> = []
    /// Points of the window's own title bar above the display: 0 when the compositor draws
    /// decorations or the window is fullscreen. Loop thread (the compositor thread reads
    /// `titleBarArt` under `lock`).
    private(set) var titleBarPoints = 0
    /// Height of the window's own title bar, points.
    static let titleBarHeight = 28
    /// The seat, when the compositor offers one (its input: `WaylandSeat`).
    private(set) var seat: (proxy: OpaquePointer, version: UInt32)?
    /// The seat's global (registry name, version to bind), bound once the surface exists.
    private var seatGlobal: (name: UInt32, version: UInt32)?
    /// The window's input, from the seat (nil when the compositor offers none): the output's
    /// `InputSource`. Kept after the window ends (stopped) so that stopping it stays idempotent.
    private(set) var input: WaylandSeat?
    private var outputs: [(proxy: OpaquePointer, refreshMilliHertz: Int32, scale: Int32)] = []
    /// The outputs the surface is on (`wl_surface.enter`/`leave`).
    private var entered: Set<OpaquePointer> = []
    private var shmFormats: Set<UInt32> = []
    private var interfaces: [String] = []
    /// The presentation clock (`wp_presentation.clock_id`), CLOCK_MONOTONIC until told.
    private var presentationClock: clockid_t = CLOCK_MONOTONIC

    private(set) var surface: OpaquePointer!
    private var xdgSurface: OpaquePointer!
    private var toplevel: OpaquePointer!
    private var buffers: WaylandBuffers!
    /// The buffers' events (their releases) come on a queue of their own, dispatched without
    /// the window's other events: a manual-clock step that shows many frames in one loop turn
    /// gets its buffers back between them without running input or configure handlers inside
    /// the server's frame.
    private var bufferQueue: OpaquePointer?
    private var shmForBuffers: OpaquePointer?
    private var format: UInt32 = 0

    /// The size the compositor asked for last (0: the window chooses), and whether an
    /// `xdg_surface.configure` arrived.
    private var configuredSize: (width: Int32, height: Int32) = (0, 0)
    private var configured = false
    /// The display size in pixels (= points) the window shows now.
    private(set) var width: Int
    private(set) var height: Int

    private let listeners = WaylandListeners()
    private var events: WindowDisplayEvents?
    private var loop: Loop?
    private var poll: UnsafeMutablePointer<uv_poll_t>?
    private var async: UnsafeMutablePointer<uv_async_t>?
    private var soon: UnsafeMutablePointer<uv_timer_t>?
    /// The window closed or its connection broke (nothing more is shown or reported).
    private var ended = false
    private var tornDown = false

    // Pacing (loop thread).
    private var framesWanted = false
    private var callback: OpaquePointer?
    private var tickDue = false
    private var lastTargetIndex: UInt64?
    /// The compositor's refresh: grid origin (monotonic ns of the last presentation) and period.
    private var grid: VsyncGrid
    private var gridFromFeedback = false
    /// Frames handed to the compositor thread, and the latest committed to the surface.
    private var lastHandedOff: UInt64 = 0
    private var committedFrame: (frame: UInt64, mediaTime: Double)?
    private var feedbacks: [(proxy: OpaquePointer, frame: UInt64, mediaTime: Double, wake: Int64)] = []
    /// When the last frame was made due (ns), and how long after its wake the last presented
    /// frame reached the screen (ns; 0 until feedback says).
    private var lastTickWake: Int64 = 0
    private var presentationLag: Int64 = 0
    /// A drawn frame was reported presented (`FrameReady`, loop thread).
    var presented: ((FrameReady) -> Void)?

    // Staged by the compositor thread, under `lock` (with `tornDown`).
    private let lock = NSLock()
    private var stagedFrame: (frame: UInt64, mediaTime: Double)?
    private var stagedDamage: [PixelRect] = []
    /// The pixels per point of the staged buffer.
    private var stagedScale = 1
    /// Rows of title bar above the frame in the buffer written last.
    private var writtenInset = 0
    /// Frames whose buffers could not be staged (all held): their damage waits.
    private(set) var framesNotShown = 0

    /// Connects to `display` (nil: `WAYLAND_DISPLAY`), checks the compositor offers what the
    /// window needs and maps a `width`×`height` toplevel titled `title`. Throws `OpenError`
    /// saying what was found and what to do.
    /// With `fullscreen` the window asks to fill its output (the display then takes the
    /// output's size, through a configure event).
    init(display name: String?, width: Int, height: Int, title: String = "rendersrvd", fullscreen: Bool = false,
         synchronous: Bool, logger: Logger) throws {
        let env = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }
        guard let name = name ?? env, !name.isEmpty else {
            throw OpenError(description: "--output wayland needs a Wayland compositor: set WAYLAND_DISPLAY "
                + "(e.g. WAYLAND_DISPLAY=wayland-0, inside a Wayland session it is set for you) or pass --wayland-display NAME")
        }
        if !name.hasPrefix("/") && getenv("XDG_RUNTIME_DIR") == nil {
            throw OpenError(description: "--output wayland: the Wayland display \"\(name)\" is a socket in XDG_RUNTIME_DIR, "
                + "which is not set; set it (usually /run/user/$(id -u)) or pass the socket's full path to --wayland-display")
        }
        guard let d = wl_display_connect(name) else {
            let reason = String(cString: strerror(errno))
            throw OpenError(description: "--output wayland: cannot connect to the Wayland display \"\(name)\" (\(reason)); "
                + "is a compositor running there (weston, GNOME, KDE, sway), and is XDG_RUNTIME_DIR the folder of its socket?")
        }
        display = d
        displayName = name
        self.width = width; self.height = height; self.synchronous = synchronous; self.logger = logger
        grid = VsyncGrid(originNanoseconds: csys_monotonic_ns(), periodNanoseconds: 1e9 / 60)
        registry = wl_display_get_registry(d)
        let me = Unmanaged.passUnretained(self).toOpaque()
        listeners.install(self)
        wl_registry_add_listener(registry, listeners.registry, me)
        do {
            try roundTrip("listing the compositor's globals")
            // Second round trip: the bound globals' first events (shm formats, output modes,
            // the presentation clock).
            try roundTrip("reading the compositor's formats and outputs")
            try checkGlobals()
            try createWindow(title: title, fullscreen: fullscreen)
        } catch {
            tearDown()
            throw error
        }
        logger.info("Wayland window on \"\(name)\": \(width)x\(height), \(presentation == nil ? "paced by frame callbacks" : "paced by frame callbacks and presentation feedback")\(seatGlobal == nil ? ", no seat (no input)" : "")")
    }

    deinit {
        tearDown()
    }

    private func roundTrip(_ what: String) throws {
        if wl_display_roundtrip(display) < 0 {
            throw OpenError(description: "--output wayland: the compositor at \"\(displayName)\" broke the connection while "
                + "\(what) (\(String(cString: strerror(errno))), protocol error \(wl_display_get_error(display)))")
        }
    }

    private func checkGlobals() throws {
        let offered = interfaces.sorted().joined(separator: ", ")
        guard compositor != nil, shm != nil else {
            throw OpenError(description: "--output wayland: the compositor at \"\(displayName)\" offers no "
                + "\(compositor == nil ? "wl_compositor" : "wl_shm") (it offers: \(offered)); rendersrvd needs a compositor "
                + "with shared-memory buffers")
        }
        guard wmBase != nil else {
            throw OpenError(description: "--output wayland: the compositor at \"\(displayName)\" offers no xdg_wm_base "
                + "(it offers: \(offered)); rendersrvd's window is an xdg-shell toplevel: use a desktop compositor "
                + "(weston, GNOME, KDE, sway) or a kiosk shell that speaks xdg-shell")
        }
        // XRGB8888 (the frame is opaque) or ARGB8888: both are the cairo ARGB32 layout.
        if shmFormats.contains(WL_SHM_FORMAT_XRGB8888.rawValue) {
            format = WL_SHM_FORMAT_XRGB8888.rawValue
        } else if shmFormats.contains(WL_SHM_FORMAT_ARGB8888.rawValue) {
            format = WL_SHM_FORMAT_ARGB8888.rawValue
        } else {
            let found = shmFormats.sorted().map { String(format: "0x%08x", $0) }.joined(separator: ", ")
            throw OpenError(description: "--output wayland: the compositor at \"\(displayName)\" offers no shm format "
                + "rendersrvd draws in (it offers \(found.isEmpty ? "none" : found); rendersrvd needs XRGB8888 or ARGB8888, "
                + "which the protocol requires of every compositor: report this to the compositor's authors)")
        }
        if let mHz = outputs.first(where: { $0.refreshMilliHertz > 0 })?.refreshMilliHertz {
            grid = VsyncGrid(originNanoseconds: grid.originNanoseconds, periodNanoseconds: 1e12 / Double(mHz))
        }
    }

    private func createWindow(title: String, fullscreen: Bool) throws {
        let me = Unmanaged.passUnretained(self).toOpaque()
        surface = wl_compositor_create_surface(compositor)
        wl_surface_add_listener(surface, listeners.surface, me)
        bufferScale = chosenScale()
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)
        xdg_surface_add_listener(xdgSurface, listeners.xdgSurface, me)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        xdg_toplevel_add_listener(toplevel, listeners.toplevel, me)
        self.title = title
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, "rendersrvd")
        if fullscreen { xdg_toplevel_set_fullscreen(toplevel, nil) }
        if let m = decorationManager {
            decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(m, toplevel)
            zxdg_toplevel_decoration_v1_add_listener(decoration, listeners.decoration, me)
            zxdg_toplevel_decoration_v1_set_mode(decoration, UInt32(ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue))
        }
        // The seat is bound now, its listener added before any dispatch, so that its first
        // event (the capabilities) is not dropped, and it knows the surface its enters name.
        if let g = seatGlobal {
            let proxy = OpaquePointer(wl_registry_bind(registry, g.name, cwl_seat_interface(), g.version))!
            seat = (proxy, g.version)
            let seatInput = WaylandSeat(seat: proxy, version: g.version, surface: surface, logger: logger)
            seatInput.onTitleBar = { [unowned self] x, y, button, serial in self.titleBarPressed(x, y, button, serial) }
            input = seatInput
        }
        wl_surface_commit(surface)
        // The first configure comes before the first buffer may be attached.
        for _ in 0..<8 where !configured { try roundTrip("waiting for the window's first configure") }
        guard configured else {
            throw OpenError(description: "--output wayland: the compositor at \"\(displayName)\" never configured the window")
        }
        if decoration != nil { try roundTrip("waiting for the decoration mode") }
        updateTitleBar()
        bufferQueue = wl_display_create_queue(display)
        let wrapper = OpaquePointer(wl_proxy_create_wrapper(UnsafeMutableRawPointer(shm!)))
        wl_proxy_set_queue(wrapper, bufferQueue)
        shmForBuffers = wrapper
        buffers = WaylandBuffers(shm: wrapper!, format: format, width: width, height: height)
    }

    /// Destroys every Wayland object and disconnects. Idempotent (loop thread, or the
    /// creating thread when set-up failed).
    private func tearDown() {
        lock.lock()
        let already = tornDown
        tornDown = true // `stage` stops touching the buffers
        lock.unlock()
        guard !already else { return }
        if let p = poll { uv_poll_stop(p); uvCloseAndFree(p); poll = nil }
        if let a = async { uvCloseAndFree(a); async = nil }
        if let t = soon { uv_timer_stop(t); uvCloseAndFree(t); soon = nil }
        for f in feedbacks { wp_presentation_feedback_destroy(f.proxy) }
        feedbacks = []
        if let c = callback { wl_callback_destroy(c); callback = nil }
        buffers?.destroyAll()
        if let w = shmForBuffers { wl_proxy_wrapper_destroy(UnsafeMutableRawPointer(w)); shmForBuffers = nil }
        input?.onTitleBar = nil
        if let d = decoration { zxdg_toplevel_decoration_v1_destroy(d); decoration = nil }
        if let m = decorationManager { zxdg_decoration_manager_v1_destroy(m); decorationManager = nil }
        if let t = toplevel { xdg_toplevel_destroy(t); toplevel = nil }
        if let x = xdgSurface { xdg_surface_destroy(x); xdgSurface = nil }
        if let s = surface { wl_surface_destroy(s); surface = nil }
        // The input first: it releases its pointer, keyboard and touch, and ignores the seat.
        input?.stop()
        if let s = seat { wl_seat_destroy(s.proxy); seat = nil }
        for o in outputs { wl_output_destroy(o.proxy) }
        outputs = []
        if let p = presentation { wp_presentation_destroy(p); presentation = nil }
        if let w = wmBase { xdg_wm_base_destroy(w); wmBase = nil }
        if let s = shm { wl_shm_destroy(s); shm = nil }
        if let c = compositor { wl_compositor_destroy(c); compositor = nil }
        wl_registry_destroy(registry)
        if let q = bufferQueue { wl_event_queue_destroy(q); bufferQueue = nil }
        wl_display_flush(display)
        wl_display_disconnect(display)
        ended = true
    }

    // MARK: Running on the loop

    /// Starts dispatching the connection's events on `loop`. Loop thread; once.
    func start(loop: Loop, events: WindowDisplayEvents) throws {
        loop.preconditionInLoop()
        self.loop = loop
        self.events = events
        let me = Unmanaged.passUnretained(self).toOpaque()
        let p = uvAllocate(uv_poll_t.self)
        var rc = uv_poll_init(loop.raw, p, wl_display_get_fd(display))
        guard rc == 0 else { p.deallocate(); throw ServerError.libuv(call: "uv_poll_init(wayland)", code: rc) }
        p.pointee.data = me
        poll = p
        rc = uv_poll_start(p, Int32(UV_READABLE.rawValue)) { handle, status, events in
            let window = Unmanaged<WaylandWindow>.fromOpaque(handle!.pointee.data).takeUnretainedValue()
            window.readable(status: status, events: events)
        }
        guard rc == 0 else { throw ServerError.libuv(call: "uv_poll_start(wayland)", code: rc) }
        let a = uvAllocate(uv_async_t.self)
        rc = uv_async_init(loop.raw, a) { handle in
            let window = Unmanaged<WaylandWindow>.fromOpaque(handle!.pointee.data).takeUnretainedValue()
            window.commitStaged(roundTrip: false)
        }
        guard rc == 0 else { a.deallocate(); throw ServerError.libuv(call: "uv_async_init(wayland)", code: rc) }
        a.pointee.data = me
        async = a
        let t = uvAllocate(uv_timer_t.self)
        uv_timer_init(loop.raw, t)
        t.pointee.data = me
        soon = t
        // The first configure may have asked for another size than the daemon's; the
        // compositor's refresh rate replaces the configured one.
        applyConfigure()
        reportRate()
        // Events read during set-up's round trips.
        dispatchSoon()
    }

    /// Ends the window: destroys it and disconnects (nothing is reported afterwards).
    /// Idempotent. Loop thread.
    func stop() {
        if let loop { loop.preconditionInLoop() }
        events = nil
        tearDown()
    }

    /// Whether the window still paces frames (false once it closed or its connection broke).
    var pacesFrames: Bool { !ended && !synchronous }

    /// Whether drawn frames are reported by the window (`presented`) when they reach the
    /// screen; false with the manual clock and once the window has ended. Any thread.
    var reportsPresentation: Bool {
        lock.lock(); defer { lock.unlock() }
        return !tornDown && !synchronous
    }

    /// Runs a dispatch in the next loop turn: events already read from the socket (by a round
    /// trip) wait in libwayland's queue, and the socket will not become readable for them.
    private func dispatchSoon() {
        guard let soon else { return }
        uv_timer_start(soon, { handle in
            let window = Unmanaged<WaylandWindow>.fromOpaque(handle!.pointee.data).takeUnretainedValue()
            window.service()
        }, 0, 0)
    }

    private func readable(status: Int32, events: Int32) {
        guard !ended else { return }
        // libuv reports an error on the socket (the compositor died: POLLERR) as UV_EBADF.
        if status < 0 { lose(connectionError("polling its socket (\(uvErrorText(status)))")); return }
        if events & Int32(UV_READABLE.rawValue) != 0 {
            // The reading protocol: dispatch what is queued, then read what arrived.
            while wl_display_prepare_read(display) != 0 {
                if wl_display_dispatch_pending(display) < 0 { lose(connectionError("dispatching")); return }
            }
            if wl_display_read_events(display) < 0 { lose(connectionError("reading")); return }
        }
        if events & Int32(UV_WRITABLE.rawValue) != 0, let poll {
            uv_poll_start(poll, Int32(UV_READABLE.rawValue)) { handle, status, events in
                let window = Unmanaged<WaylandWindow>.fromOpaque(handle!.pointee.data).takeUnretainedValue()
                window.readable(status: status, events: events)
            }
        }
        service()
    }

    /// Dispatches queued events, then makes the frame that became due, then flushes.
    private func service() {
        guard !ended else { return }
        if wl_display_dispatch_pending(display) < 0 { lose(connectionError("dispatching")); return }
        if let q = bufferQueue, wl_display_dispatch_queue_pending(display, q) < 0 { lose(connectionError("dispatching")); return }
        if closeRequested {
            closeRequested = false
            end("the compositor closed the window (its close button, or the session asked)")
            return
        }
        applyConfigure()
        if tickDue && framesWanted && callback == nil { tick() }
        flush()
    }

    private func flush() {
        guard !ended else { return }
        if wl_display_flush(display) < 0 {
            if errno == EAGAIN, let poll {
                // The socket is full: write the rest when it drains.
                uv_poll_start(poll, Int32(UV_READABLE.rawValue | UV_WRITABLE.rawValue)) { handle, status, events in
                    let window = Unmanaged<WaylandWindow>.fromOpaque(handle!.pointee.data).takeUnretainedValue()
                    window.readable(status: status, events: events)
                }
            } else {
                lose(connectionError("writing"))
            }
        }
    }

    private func connectionError(_ doing: String) -> String {
        let code = wl_display_get_error(display)
        return "lost the connection to the Wayland compositor \"\(displayName)\" while \(doing) "
            + "(\(String(cString: strerror(code != 0 ? code : errno))))"
    }

    private func lose(_ reason: String) { end(reason) }

    private func end(_ reason: String) {
        guard !ended else { return }
        let handler = events
        events = nil
        tearDown()
        handler?.ended(reason)
    }

    // MARK: Pacing

    /// Whether the server wants frames. While it does, each frame callback makes one due; when
    /// none is awaited, one is due at once. Loop thread.
    func setFramesWanted(_ wanted: Bool) {
        framesWanted = wanted
        logger.trace("wayland: frames wanted \(wanted), callback \(callback != nil), tickDue \(tickDue)")
        guard wanted, !ended, callback == nil else { return }
        tickDue = true
        dispatchSoon()
    }

    /// A frame is due: its target is the compositor's next refresh after now.
    private func tick() {
        logger.trace("wayland: tick")
        tickDue = false
        let now = csys_monotonic_ns()
        lastTickWake = now
        // The frame will be shown at the first refresh at least the last frame's lag (its
        // wake to its presentation) after now, less half a period of slack: a compositor that
        // shows a commit two refreshes after its frame callback (weston's headless backend
        // does) gets frames evaluated for when they are really seen.
        let lead = max(0, presentationLag - Int64(grid.periodNanoseconds / 2))
        let c = grid.catchUp(armed: 0, now: now + lead)
        let target = c.next
        var missed: UInt64 = 0
        if let last = lastTargetIndex, gridFromFeedback, target > last + 1 { missed = target - last - 1 }
        lastTargetIndex = target
        events?.frameDue(Double(grid.deadline(target)) / 1e9, now, missed)
        // Nothing handed to the compositor thread (the frame was skipped, or the output had
        // nothing to draw): ask for the next callback anyway, or pacing would stop.
        if !ended, callback == nil, lastHandedOff <= (committedFrame?.frame ?? 0) {
            requestCallback()
            wl_surface_commit(surface)
        }
    }

    /// Forgets the last target (the server stopped wanting frames: a gap is not a miss).
    private func pauseAccounting() { lastTargetIndex = nil }

    private func requestCallback() {
        guard callback == nil, let surface else { return }
        callback = wl_surface_frame(surface)
        wl_callback_add_listener(callback, listeners.frame, Unmanaged.passUnretained(self).toOpaque())
    }

    func frameDone(_ c: OpaquePointer) {
        logger.trace("wayland: frame done, wanted \(framesWanted)")
        guard c == callback else { wl_callback_destroy(c); return }
        wl_callback_destroy(c)
        callback = nil
        if presentation == nil, let f = committedFrame {
            presented?(FrameReady(frame: f.frame, mediaTime: f.mediaTime, readyNanoseconds: csys_monotonic_ns()))
        }
        if framesWanted { tickDue = true } else { pauseAccounting() }
    }

    // MARK: Frames from the compositor thread

    /// The loop thread handed frame `frame` to the compositor thread. Loop thread.
    func frameHandedOff(_ frame: UInt64) { lastHandedOff = frame }

    /// Copies a drawn frame's damage into a free buffer and asks the loop thread to show it.
    /// Compositor thread.
    /// Does nothing once the window has ended.
    func stage(_ surfaceImage: OpaquePointer, damage: [PixelRect], frame: UInt64, mediaTime: Double, scale: Int) {
        lock.lock()
        guard !tornDown else { lock.unlock(); return }
        let bar = titleBarArt(scale: scale)
        let inset = bar?.rows ?? 0
        // A frame with no damage is still written when the bar changed or came or went.
        let barDue = (bar.map { $0.version != shownBar } ?? false) || inset != writtenInset
        var shown = true
        var wrote = false
        if !damage.isEmpty || barDue {
            if let w = buffers.write(surfaceImage, damage: damage, titleBar: bar) {
                wrote = true
                writtenInset = inset
                if w.paintedBar {
                    stagedDamage.append(PixelRect(x: 0, y: 0, width: Int(cairo_image_surface_get_width(surfaceImage)), height: inset))
                }
            } else {
                shown = false
            }
        }
        stagedFrame = (frame, mediaTime)
        if wrote { stagedScale = scale }
        stagedDamage += damage.map { PixelRect(x: $0.x, y: $0.y + inset, width: $0.width, height: $0.height) }
        if stagedDamage.count > WaylandBuffers.maxRects {
            var box = stagedDamage[0]
            for r in stagedDamage.dropFirst() { box = box.union(r) }
            stagedDamage = [box]
        }
        if !shown { framesNotShown += 1 }
        lock.unlock()
        if !synchronous, let async { uv_async_send(async) }
    }

    /// Shows what the compositor thread staged: attaches the newest buffer with the damage
    /// since the last one, asks for a frame callback and feedback, commits. With `roundTrip`
    /// (the manual clock) waits until the compositor has processed the commit, so a frame is
    /// in the window when its step returns. Loop thread.
    func commitStaged(roundTrip: Bool) {
        guard !ended else { return }
        lock.lock()
        let frame = stagedFrame
        stagedFrame = nil
        let buffer = buffers.takeStaged()
        var damage: [PixelRect] = []
        if buffer != nil { damage = stagedDamage; stagedDamage = [] }
        let scale = stagedScale
        if let buffer { shownBar = buffer.titleBar }
        lock.unlock()
        logger.trace("wayland: commit staged \(frame?.frame ?? 0) buffer \(buffer != nil)")
        guard let frame else { return }
        if let buffer {
            if scale != attachedScale {
                wl_surface_set_buffer_scale(surface, Int32(scale))
                attachedScale = scale
            }
            wl_surface_attach(surface, buffer.proxy, 0, 0)
            if (buffer.width, buffer.height) != attachedSize {
                // Another size (a resize, the bar came or went): all of it is new.
                attachedSize = (buffer.width, buffer.height)
                wl_surface_damage_buffer(surface, 0, 0, Int32.max, Int32.max)
            } else {
                for r in damage { wl_surface_damage_buffer(surface, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height)) }
            }
            // The window is the buffer, bar included (points).
            xdg_surface_set_window_geometry(xdgSurface, 0, 0, Int32(buffer.width / scale), Int32(buffer.height / scale))
        }
        committedFrame = frame
        if !synchronous { requestCallback() }
        if let presentation {
            let fb = wp_presentation_feedback(presentation, surface)!
            wp_presentation_feedback_add_listener(fb, listeners.feedback, Unmanaged.passUnretained(self).toOpaque())
            feedbacks.append((fb, frame.frame, frame.mediaTime, lastTickWake))
        }
        wl_surface_commit(surface)
        if roundTrip, let queue = bufferQueue {
            // On the buffers' queue: only their releases and the sync's reply are dispatched
            // here; the window's other events wait for the loop (a dispatch inside `present`
            // would re-enter the server).
            if wl_display_roundtrip_queue(display, queue) < 0 { lose(connectionError("committing")); return }
            dispatchSoon()
        } else {
            flush()
        }
    }

    func feedbackPresented(_ proxy: OpaquePointer, seconds: UInt64, nanoseconds: UInt32, refresh: UInt32) {
        guard let i = feedbacks.firstIndex(where: { $0.proxy == proxy }) else { wp_presentation_feedback_destroy(proxy); return }
        let f = feedbacks.remove(at: i)
        wp_presentation_feedback_destroy(proxy)
        // The presentation clock may not be CLOCK_MONOTONIC (weston's headless backend uses
        // CLOCK_MONOTONIC_RAW): move the time onto the media clock by the two clocks' offset now.
        var ts = timespec()
        clock_gettime(presentationClock, &ts)
        let clockNow = Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
        let at = Int64(seconds) * 1_000_000_000 + Int64(nanoseconds) + (csys_monotonic_ns() - clockNow)
        if refresh > 0 {
            grid = VsyncGrid(originNanoseconds: at, periodNanoseconds: Double(refresh))
            gridFromFeedback = true
        } else {
            grid = VsyncGrid(originNanoseconds: at, periodNanoseconds: grid.periodNanoseconds)
        }
        if f.wake > 0 && !synchronous { presentationLag = min(max(0, at - f.wake), 250_000_000) }
        reportRate()
        presented?(FrameReady(frame: f.frame, mediaTime: f.mediaTime, readyNanoseconds: at))
    }

    func feedbackDiscarded(_ proxy: OpaquePointer) {
        // A later commit replaced it before a repaint: that commit's feedback reports it.
        feedbacks.removeAll { $0.proxy == proxy }
        wp_presentation_feedback_destroy(proxy)
    }

    /// The compositor's refresh rate now (Hz).
    var refreshRate: Double { 1e9 / grid.periodNanoseconds }
    /// The rate last told to the server (nil: none yet).
    private var reportedRate: Double?

    /// Tells the server the compositor's refresh rate when it differs from what it was told
    /// (by more than 0.1 %: feedback's period is exact, a mode's rounded to mHz): clients hear
    /// it as a display change. Not with the manual clock, whose steps set the pace.
    private func reportRate() {
        guard !synchronous, !ended, let events else { return }
        let rate = refreshRate
        if let r = reportedRate, abs(r - rate) <= r * 0.001 { return }
        reportedRate = rate
        events.resized(width, height, rate)
    }

    // MARK: Configure and close

    var closeRequested = false
    private var configureSerial: UInt32?

    func toplevelConfigured(width w: Int32, height h: Int32, states: Set<UInt32>) {
        configuredSize = (w, h)
        pendingStates = states
    }

    func decorationConfigured(mode: UInt32) { decorationMode = mode }

    func surfaceConfigured(serial: UInt32) {
        configured = true
        xdg_surface_ack_configure(xdgSurface, serial)
        configureSerial = serial
        states = pendingStates
        updateTitleBar()
    }

    // MARK: The window's own title bar

    /// What the compositor thread paints (under `lock`): nil without a bar.
    private var barSpec: (points: Int, version: Int, activated: Bool, title: String)?
    /// The bar's version in the buffer attached last (under `lock`).
    private var shownBar: Int?
    private var barVersion = 0

    /// Draws a title bar of its own when the compositor draws none (no xdg-decoration, or it
    /// asked for client-side decorations) and the window is not fullscreen. Loop thread, or the
    /// creating thread during set-up.
    private func updateTitleBar() {
        let serverSide = decoration != nil && decorationMode != UInt32(ZXDG_TOPLEVEL_DECORATION_V1_MODE_CLIENT_SIDE.rawValue)
        let fullscreen = states.contains(XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue)
        let points = serverSide || fullscreen ? 0 : WaylandWindow.titleBarHeight
        let activated = states.contains(XDG_TOPLEVEL_STATE_ACTIVATED.rawValue)
        lock.lock()
        let old = barSpec
        if points == 0 {
            barSpec = nil
        } else if old == nil || old!.points != points || old!.activated != activated {
            barVersion += 1
            barSpec = (points, barVersion, activated, title)
        }
        let changed = (old?.version ?? -1) != (barSpec?.version ?? -1)
        lock.unlock()
        titleBarPoints = points
        input?.topInset = Double(points)
        if changed, events != nil { events?.redraw() }
    }

    /// Whether the bar the window should show is not in the buffer attached last: a frame is
    /// needed even if nothing else changed. Loop thread.
    var titleBarPending: Bool {
        lock.lock(); defer { lock.unlock() }
        return barSpec.map { spec in shownBar.map { $0 / 16 } != spec.version } ?? false
    }

    /// The bar for a buffer at `scale` pixels per point (under `lock`).
    private func titleBarArt(scale: Int) -> WaylandBuffers.TitleBar? {
        guard let spec = barSpec else { return nil }
        return WaylandBuffers.TitleBar(rows: spec.points * scale, version: spec.version * 16 + scale) { cr, w, h in
            WaylandWindow.paintTitleBar(cr, width: Double(w) / Double(scale), height: Double(h) / Double(scale),
                                        scale: Double(scale), title: spec.title, activated: spec.activated)
        }
    }

    /// A dark bar, the title centred, a close cross at the right end (the square of the bar's
    /// height that `titleBarPressed` treats as the close button).
    static func paintTitleBar(_ cr: OpaquePointer, width: Double, height: Double, scale: Double, title: String,
                              activated: Bool) {
        cairo_scale(cr, scale, scale)
        let shade = activated ? 0.17 : 0.25
        cairo_set_source_rgb(cr, shade, shade, shade)
        cairo_paint(cr)
        let ink = activated ? 0.92 : 0.6
        cairo_set_source_rgb(cr, ink, ink, ink)
        cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, 13)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, title, &extents)
        cairo_move_to(cr, ((width - height - extents.width) / 2 - extents.x_bearing).rounded(),
                      (height / 2 - extents.height / 2 - extents.y_bearing).rounded())
        cairo_show_text(cr, title)
        let (cx, cy, r) = (width - height / 2, height / 2, 5.0)
        cairo_set_line_width(cr, 1.6)
        cairo_move_to(cr, cx - r, cy - r); cairo_line_to(cr, cx + r, cy + r)
        cairo_move_to(cr, cx + r, cy - r); cairo_line_to(cr, cx - r, cy + r)
        cairo_stroke(cr)
    }

    /// A button pressed on the window's own title bar (surface points): the left button on
    /// the close cross closes the window, elsewhere it moves it; the right one opens the
    /// compositor's window menu. Loop thread (from the seat's dispatch).
    private func titleBarPressed(_ x: Double, _ y: Double, _ button: UInt32, _ serial: UInt32) {
        guard let seat, let toplevel else { return }
        switch button {
        case WaylandEventMapper.btnLeft where x >= Double(width - titleBarPoints):
            closeRequested = true // acted on after the dispatch (`service`)
        case WaylandEventMapper.btnLeft:
            xdg_toplevel_move(toplevel, seat.proxy, serial)
            logger.debug("Wayland window: the title bar was pressed; the compositor moves the window")
        case WaylandEventMapper.btnRight:
            xdg_toplevel_show_window_menu(toplevel, seat.proxy, serial, Int32(x), Int32(y))
        default:
            break
        }
    }

    /// After a configure sequence: a size the compositor chose that differs from the
    /// display's resizes it (0 means "the window decides": the size stays).
    private func applyConfigure() {
        guard configureSerial != nil, let events else { return }
        configureSerial = nil
        // The compositor sizes the window; the display is what is below the window's own bar.
        let (w, h) = (Int(configuredSize.width), max(1, Int(configuredSize.height) - titleBarPoints))
        guard w > 0, configuredSize.height > 0, w != width || h != height else {
            // The acknowledged state (activated, fullscreen, …) applies at the next commit; a
            // shell may not show the window before it (weston's kiosk shell does not).
            if committedFrame != nil { wl_surface_commit(surface) }
            return
        }
        logger.info("Wayland window resized by the compositor: \(width)x\(height) → \(w)x\(h)")
        width = w; height = h
        // With the manual clock the steps set the pace: the rate stays the server's.
        if !synchronous { reportedRate = refreshRate }
        events.resized(w, h, synchronous ? nil : refreshRate)
    }

    // MARK: Globals

    func global(name: UInt32, interface: String, version: UInt32) {
        interfaces.append(interface)
        let me = Unmanaged.passUnretained(self).toOpaque()
        func bind(_ i: UnsafePointer<wl_interface>?, _ v: UInt32) -> OpaquePointer {
            OpaquePointer(wl_registry_bind(registry, name, i, min(version, v)))
        }
        switch interface {
        case "wl_compositor" where compositor == nil:
            compositor = bind(cwl_compositor_interface(), 4)
        case "wl_shm" where shm == nil:
            shm = bind(cwl_shm_interface(), 1)
            wl_shm_add_listener(shm, listeners.shm, me)
        case "xdg_wm_base" where wmBase == nil:
            wmBase = bind(cxdg_wm_base_interface(), 4)
            xdg_wm_base_add_listener(wmBase, listeners.wmBase, me)
        case "wp_presentation" where presentation == nil:
            presentation = bind(cwp_presentation_interface(), 1)
            wp_presentation_add_listener(presentation, listeners.presentation, me)
        case "zxdg_decoration_manager_v1" where decorationManager == nil:
            decorationManager = bind(czxdg_decoration_manager_v1_interface(), 1)
        case "wl_seat" where seatGlobal == nil:
            seatGlobal = (name, min(version, 7))
        case "wl_output":
            let o = bind(cwl_output_interface(), 2)
            outputs.append((o, 0, 1))
            wl_output_add_listener(o, listeners.output, me)
        default:
            break
        }
    }

    func shmFormat(_ f: UInt32) { shmFormats.insert(f) }
    func ping(_ serial: UInt32) { xdg_wm_base_pong(wmBase, serial); flush() }
    func presentationClockID(_ id: UInt32) { presentationClock = clockid_t(id) }
    /// Pixels per point of the window's buffers: the largest scale of the outputs the
    /// window is on (before it is on any, of all outputs), so that it is sharp on each.
    /// Loop thread (read by the output when it builds a frame).
    private(set) var bufferScale = 1
    /// The scale of the buffer attached last (`wl_surface.set_buffer_scale` goes with it).
    private var attachedScale = 1
    /// The pixel size of the buffer attached last.
    private var attachedSize = (0, 0)

    private func chosenScale() -> Int {
        let on = outputs.filter { entered.contains($0.proxy) }
        return Int(max(1, (on.isEmpty ? outputs : on).map(\.scale).max() ?? 1))
    }

    private func updateScale() {
        let s = chosenScale()
        guard s != bufferScale else { return }
        logger.info("Wayland window: buffer scale \(bufferScale) → \(s) (the display stays \(width)x\(height) points)")
        bufferScale = s
        events?.redraw()
    }

    func surfaceEntered(_ o: OpaquePointer) { entered.insert(o); updateScale() }
    func surfaceLeft(_ o: OpaquePointer) { entered.remove(o); updateScale() }
    func outputScale(_ o: OpaquePointer, _ scale: Int32) {
        guard let i = outputs.firstIndex(where: { $0.proxy == o }) else { return }
        outputs[i].scale = max(1, scale)
        if surface != nil { updateScale() }
    }

    func outputMode(_ o: OpaquePointer, current: Bool, refresh: Int32) {
        guard current, let i = outputs.firstIndex(where: { $0.proxy == o }) else { return }
        outputs[i].refreshMilliHertz = refresh
        if refresh > 0 && !gridFromFeedback {
            grid = VsyncGrid(originNanoseconds: grid.originNanoseconds, periodNanoseconds: 1e12 / Double(refresh))
            reportRate()
        }
    }
}

extension WaylandWindow: WindowDisplay {}
