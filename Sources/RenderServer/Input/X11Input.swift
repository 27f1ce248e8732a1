import CLibUV
import CXCB
import Glibc
import Logging
import RenderProtocol

/// The input of the window `X11Window` shows frames in, read on the loop thread over an X
/// connection of its own.
///
///     X server ──(input connection: its own socket)──▶ uv_poll on the loop ─▶ xcb_poll_for_event
///        │                                                ─▶ XKB state / keymap (XKBKeyboard)
///        │                                                ─▶ X11EventMapper ─▶ deliver(InputEvent)
///        └──(the window's connection, compositor thread: Expose only; draws, round trips)
///
/// Why a second connection: X lets one client only select ButtonPress on a window, and the
/// compositor thread's connection makes round trips (a sync after each MIT-SHM update), during
/// which xcb moves arriving events into its queue where no poll would see them. This
/// connection selects on the window the other created: buttons, motion, keys, enter and leave,
/// focus changes; the XKB events that keep the keymap and modifier state current
/// (`XKBKeyboard`); and XInput 2.2 touch where the server has it (else core events only,
/// logged once at debug level). Key repeats arrive as repeated keyDowns (XKB's detectable
/// auto-repeat, where the server grants it).
///
/// Time: each event is stamped with `mediaTime()` when it is read — the daemon's media time,
/// CLOCK_MONOTONIC seconds with the real clock. X's own timestamps (milliseconds of the
/// server's clock, 32 bits, wrapping every 49.7 days) are not used: a local Xorg happens to
/// take them from CLOCK_MONOTONIC, but nothing in the protocol says so, and a remote server's
/// clock is unrelated. Reading follows the event by the loop's latency (well under a frame).
///
/// Lifecycle: `init` records the display and the window and opens nothing; `start` connects,
/// selects and polls; `stop` closes everything (idempotent). While started, the poll handle
/// holds the input alive.
///
/// Thread affinity: `start`, `stop` and the delivery run on the loop thread.
final class X11Input: InputSource {
    /// The X display (resolved: never empty) and the window to read.
    let display: String
    let window: UInt32
    /// Window pixels per display point (1: the window shows the display at its size).
    let pixelsPerPoint: Double
    private let logger: Logger

    private var loop: Loop?
    private var connection: OpaquePointer?
    private var poll: UnsafeMutablePointer<uv_poll_t>?
    private var mapper: X11EventMapper
    private var keyboard: XKBKeyboard?
    /// XKB's first event code on this connection; nil when XKB could not be set up.
    private var xkbEventBase: UInt8?
    private var mediaTime: () -> Double = { 0 }
    private var deliver: (InputEvent) -> Void = { _ in }

    /// What XI2 touch does on this display (set by `start`).
    enum Touch: Equatable, CustomStringConvertible {
        case notStarted
        /// Touch events are selected; `devices` input devices had a touch class at start.
        case selected(devices: Int)
        /// Core events only, and why.
        case unavailable(String)
        var description: String {
            switch self {
            case .notStarted: "not started"
            case let .selected(n): "XI 2.2 touch selected (\(n) touch device\(n == 1 ? "" : "s") now)"
            case let .unavailable(why): "no XI2 touch (\(why)); core pointer events only"
            }
        }
    }
    private(set) var touch = Touch.notStarted
    /// Whether key events carry keysyms and text (the keymap could be read).
    var hasKeymap: Bool { keyboard != nil }
    /// Events handed to `deliver` since `start`.
    private(set) var delivered = 0

    struct StartError: Error, CustomStringConvertible { let description: String }

    init(display: String, window: UInt32, pixelsPerPoint: Double = 1, logger: Logger) {
        self.display = display; self.window = window; self.pixelsPerPoint = pixelsPerPoint; self.logger = logger
        mapper = X11EventMapper(pixelsPerPoint: pixelsPerPoint)
    }

    /// Connects to the display, selects the window's input and polls the connection on
    /// `loop`: each event read is stamped with `mediaTime()` and handed to `deliver`, on the
    /// loop thread. Throws when the display cannot be opened or the window's input cannot be
    /// selected (another client selects its button presses; the window is gone).
    func start(loop: Loop, mediaTime: @escaping () -> Double, deliver: @escaping (InputEvent) -> Void) throws {
        loop.preconditionInLoop()
        precondition(connection == nil, "X11Input.start: already started")
        var screen: Int32 = 0
        guard let c = xcb_connect(display, &screen), xcb_connection_has_error(c) == 0 else {
            throw StartError(description: "window input: cannot open the X display \"\(display)\" a second time "
                + "(the window's own connection is open; has the server reached its client limit?)")
        }
        let mask: UInt32 = XCB_EVENT_MASK_BUTTON_PRESS.rawValue | XCB_EVENT_MASK_BUTTON_RELEASE.rawValue
            | XCB_EVENT_MASK_POINTER_MOTION.rawValue | XCB_EVENT_MASK_KEY_PRESS.rawValue
            | XCB_EVENT_MASK_KEY_RELEASE.rawValue | XCB_EVENT_MASK_ENTER_WINDOW.rawValue
            | XCB_EVENT_MASK_LEAVE_WINDOW.rawValue | XCB_EVENT_MASK_FOCUS_CHANGE.rawValue
        let cookie = withUnsafePointer(to: mask) { xcb_change_window_attributes_checked(c, window, XCB_CW_EVENT_MASK.rawValue, $0) }
        if let error = xcb_request_check(c, cookie) {
            let code = error.pointee.error_code
            free(error)
            xcb_disconnect(c)
            let why = switch code {
            case 10: "another X client already selects button presses on it (X allows one)"
            case 3: "the window no longer exists"
            default: "X error \(code)"
            }
            throw StartError(description: "window input: cannot select the input of window 0x\(String(window, radix: 16)) "
                + "on \"\(display)\": \(why)")
        }
        connection = c
        self.loop = loop
        self.mediaTime = mediaTime
        self.deliver = deliver
        delivered = 0
        setUpKeyboard(c)
        setUpTouch(c)
        let keys = keyboard != nil ? "keymap from the server" : "no keymap (keys without keysyms or text)"
        logger.debug("window input on \"\(display)\" window 0x\(String(window, radix: 16)): \(touch); \(keys)")

        let poll = uvAllocate(uv_poll_t.self)
        var rc = uv_poll_init(loop.raw, poll, xcb_get_file_descriptor(c))
        guard rc == 0 else {
            poll.deallocate()
            close()
            throw ServerError.libuv(call: "uv_poll_init(X input connection)", code: rc)
        }
        // The open handle holds the input alive; `stop` releases it.
        poll.pointee.data = Unmanaged.passRetained(self).toOpaque()
        self.poll = poll
        rc = uv_poll_start(poll, Int32(UV_READABLE.rawValue)) { handle, status, _ in
            let input = Unmanaged<X11Input>.fromOpaque(handle!.pointee.data).takeUnretainedValue()
            input.readable(status: status)
        }
        guard rc == 0 else {
            stop()
            throw ServerError.libuv(call: "uv_poll_start(X input connection)", code: rc)
        }
        // The set-up's round trips may have queued events that no poll will announce.
        drain()
    }

    /// Stops reading and closes the connection. Idempotent; loop thread.
    func stop() {
        guard connection != nil else { return }
        loop?.preconditionInLoop()
        close()
    }

    private func close() {
        keyboard = nil
        xkbEventBase = nil
        if let c = connection { xcb_disconnect(c) }
        connection = nil
        deliver = { _ in }
        guard let poll else { return }
        self.poll = nil
        uv_poll_stop(poll)
        uvCloseAndFree(poll)
        // Last: this may have been the last reference.
        Unmanaged.passUnretained(self).release()
    }

    /// XKB: the core keyboard's keymap and state, the events that keep them current, and
    /// detectable auto-repeat. Without it key events carry keycodes and modifiers only.
    private func setUpKeyboard(_ c: OpaquePointer) {
        var major: UInt16 = 0, minor: UInt16 = 0, base: UInt8 = 0, baseError: UInt8 = 0
        guard xkb_x11_setup_xkb_extension(c, UInt16(XKB_X11_MIN_MAJOR_XKB_VERSION), UInt16(XKB_X11_MIN_MINOR_XKB_VERSION),
                                          XKB_X11_SETUP_XKB_EXTENSION_NO_FLAGS, &major, &minor, &base, &baseError) == 1 else {
            logger.warning("window input on \"\(display)\": the X server has no XKB 1.0; key events carry no keysym or text")
            return
        }
        do {
            let k = try XKBKeyboard(connection: c)
            if let error = xcb_request_check(c, cxcb_xkb_select_events(c, UInt16(k.deviceID))) {
                logger.warning("""
                    window input on "\(display)": XKB events not selected (X error \(error.pointee.error_code)); \
                    the keymap and modifier state are read once
                    """)
                free(error)
            }
            let flags = XCB_XKB_PER_CLIENT_FLAG_DETECTABLE_AUTO_REPEAT.rawValue
            free(xcb_xkb_per_client_flags_reply(c, xcb_xkb_per_client_flags(c, UInt16(XCB_XKB_ID_USE_CORE_KBD.rawValue),
                                                                            flags, flags, 0, 0, 0), nil))
            keyboard = k
            xkbEventBase = base
        } catch {
            logger.warning("window input on \"\(display)\": \(error); key events carry no keysym or text")
        }
    }

    /// XI 2.2 touch on the window, where the server has it.
    private func setUpTouch(_ c: OpaquePointer) {
        let opcode = cxcb_xinput_opcode(c)
        guard opcode != 0 else { touch = .unavailable("the server has no XInputExtension"); return }
        guard let version = xcb_input_xi_query_version_reply(c, xcb_input_xi_query_version(c, 2, 2), nil) else {
            touch = .unavailable("XIQueryVersion failed"); return
        }
        let (major, minor) = (version.pointee.major_version, version.pointee.minor_version)
        free(version)
        guard major > 2 || (major == 2 && minor >= 2) else {
            touch = .unavailable("the server has XInput \(major).\(minor); touch needs 2.2"); return
        }
        if let error = xcb_request_check(c, cxcb_select_touch(c, window)) {
            touch = .unavailable("selecting touch events failed with X error \(error.pointee.error_code)")
            free(error)
            return
        }
        mapper.xinputOpcode = opcode
        touch = .selected(devices: Int(cxcb_touch_device_count(c)))
    }

    private func readable(status: Int32) {
        loop?.preconditionInLoop()
        if status < 0 {
            logger.error("window input on \"\(display)\": polling the X connection failed (\(uvErrorText(status))); input is no longer read")
            stop()
            return
        }
        drain()
    }

    /// Handles every event xcb has, read or queued.
    private func drain() {
        while let c = connection, let event = xcb_poll_for_event(c) {
            handle(UnsafeRawPointer(event))
            free(event)
        }
        if let c = connection, xcb_connection_has_error(c) != 0 {
            logger.error("window input: the connection to X display \"\(display)\" broke; input is no longer read")
            stop()
        }
    }

    private func handle(_ event: UnsafeRawPointer) {
        let type = event.load(as: UInt8.self) & 0x7F
        if type == 0 {
            // An error for a request of ours (the window was destroyed, say): nothing to deliver.
            logger.debug("window input: X error \(event.load(fromByteOffset: 1, as: UInt8.self))")
            return
        }
        if let base = xkbEventBase, type == base {
            keyboardEvent(event)
            return
        }
        mapper.map(event, time: mediaTime(), keys: keyboard) { e in
            delivered += 1
            logger.trace("window input: \(e)")
            deliver(e)
        }
    }

    /// An XKB event: the modifier state changed, or the keymap did.
    private func keyboardEvent(_ event: UnsafeRawPointer) {
        guard let keyboard, let c = connection else { return }
        switch event.load(fromByteOffset: 1, as: UInt8.self) {
        case UInt8(XCB_XKB_STATE_NOTIFY):
            let e = event.loadUnaligned(as: xcb_xkb_state_notify_event_t.self)
            guard Int32(e.deviceID) == keyboard.deviceID else { return }
            keyboard.update(baseMods: UInt32(e.baseMods), latchedMods: UInt32(e.latchedMods), lockedMods: UInt32(e.lockedMods),
                            baseGroup: Int32(e.baseGroup), latchedGroup: Int32(e.latchedGroup),
                            lockedGroup: Int32(Int8(bitPattern: e.lockedGroup)))
        case UInt8(XCB_XKB_NEW_KEYBOARD_NOTIFY):
            let e = event.loadUnaligned(as: xcb_xkb_new_keyboard_notify_event_t.self)
            guard Int32(e.deviceID) == keyboard.deviceID, e.changed & UInt16(XCB_XKB_NKN_DETAIL_KEYCODES.rawValue) != 0 else { return }
            reloadKeymap(keyboard, c)
        case UInt8(XCB_XKB_MAP_NOTIFY):
            let e = event.loadUnaligned(as: xcb_xkb_map_notify_event_t.self)
            guard Int32(e.deviceID) == keyboard.deviceID else { return }
            reloadKeymap(keyboard, c)
        default:
            return
        }
    }

    private func reloadKeymap(_ keyboard: XKBKeyboard, _ c: OpaquePointer) {
        if !keyboard.reload(connection: c) {
            logger.warning("window input on \"\(display)\": the keyboard's new keymap could not be read; keeping the old one")
        }
    }
}
