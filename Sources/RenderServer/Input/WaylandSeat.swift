import CLibUV
import CWayland
import Glibc
import Logging
import RenderProtocol

/// Input of the daemon's Wayland window, from one `wl_seat`: its pointer, keyboard and
/// touch, each got when the seat's capabilities include it and released when they stop doing so.
///
///     compositor ─▶ wl_display (the window's, dispatched on the loop thread)
///                     ├─ wl_seat.capabilities ─▶ get / release wl_pointer, wl_keyboard, wl_touch
///                     ├─ wl_keyboard.keymap ─▶ XKBKeyboard (the fd mapped, compiled, closed)
///                     └─ pointer / keyboard / touch events ─▶ WaylandEventMapper ─▶ deliver(InputEvent)
///     repeat timer (uv_timer on the loop) ─▶ WaylandEventMapper (.repeatTimer) ─▶ deliver
///
/// Wayland leaves two things to the client that X did itself: the keyboard state (the
/// compositor sends the keymap once and modifier masks as they change; `XKBKeyboard` applies
/// them) and key repeat (the compositor sends the rate and the delay; `KeyRepeat` decides,
/// a libuv timer fires).
///
/// Time: each event is stamped with `mediaTime()` when its listener runs, i.e. when the
/// window dispatches what it read from the display; the compositor's millisecond timestamps
/// (its own clock, 32 bits) are not used, as X's are not by `X11Input`.
///
/// Lifecycle: `init` adds the seat's listener (events before `start` keep the state current
/// — the keymap, the focus, the pointer's place — and deliver nothing); `start` starts
/// delivering and creates the repeat timer; `stop` releases the pointer, keyboard and touch
/// objects and the timer, and ignores the seat from then on (idempotent). The listeners'
/// `data` is this object, unretained: the window keeps it as long as it keeps the `wl_seat`
/// proxy, and destroys the proxy before dropping it. While started, the timer holds it alive.
///
/// Thread affinity: the loop thread (the window dispatches the display there), except that
/// events dispatched while the window sets up, before `start`, run on the thread doing it.
final class WaylandSeat: InputSource {
    let seat: OpaquePointer
    let version: UInt32
    let surface: OpaquePointer
    private let logger: Logger
    /// Surface-local coordinates are divided by this to give display points (1 until HiDPI lands).
    var scale: Double {
        get { mapper.scale }
        set { mapper.scale = newValue }
    }

    /// Points of the surface above the display: the window's title bar (see `onTitleBar`).
    var topInset: Double {
        get { mapper.topInset }
        set { mapper.topInset = newValue }
    }
    /// Called for a button pressed with the pointer over the title bar (surface-local points:
    /// x, y from the surface's top, the evdev button, the press's serial); that press and
    /// its release are not delivered as input. Loop thread.
    var onTitleBar: ((_ x: Double, _ y: Double, _ button: UInt32, _ serial: UInt32) -> Void)?
    /// A press went to the title bar and its release has not come.
    private var titleBarPress = false

    private var pointer: OpaquePointer?
    private var keyboard: OpaquePointer?
    private var touch: OpaquePointer?
    private var keys: XKBKeyboard?
    private var mapper: WaylandEventMapper
    private var loop: Loop?
    private var timer: UnsafeMutablePointer<uv_timer_t>?
    private var mediaTime: () -> Double = { 0 }
    private var deliver: ((InputEvent) -> Void)?
    private var stopped = false
    /// Events handed to `deliver` since `start`.
    private(set) var delivered = 0
    /// The seat's capabilities (`WL_SEAT_CAPABILITY_*`) as last announced.
    private(set) var capabilities: UInt32 = 0
    /// Whether key events carry keysyms and text (the compositor sent an XKB keymap that compiled).
    var hasKeymap: Bool { keys != nil }

    /// `seat`: a bound wl_seat proxy (the window binds version min(advertised, 7)); `surface`: the
    /// window's wl_surface (enter events for other surfaces are ignored). Adds its listeners here.
    init(seat: OpaquePointer, version: UInt32, surface: OpaquePointer, logger: Logger) {
        self.seat = seat; self.version = version; self.surface = surface; self.logger = logger
        mapper = WaylandEventMapper(pointerVersion: version)
        if wl_seat_add_listener(seat, Listeners.seat, Unmanaged.passUnretained(self).toOpaque()) != 0 {
            logger.error("""
                window input: the wl_seat proxy already has a listener, so its pointer, keyboard and touch \
                cannot be followed; the window must leave the seat's events to WaylandSeat (no input is read)
                """)
        }
    }

    deinit {
        // Never started, or stopped: only proxies got before `start` can be left.
        releaseDevices()
    }

    /// Starts delivering: each event is stamped with `mediaTime()` when its listener runs and
    /// handed to `deliver` on the loop thread, in order. Creates the key-repeat timer on `loop`.
    func start(loop: Loop, mediaTime: @escaping () -> Double, deliver: @escaping (InputEvent) -> Void) {
        loop.preconditionInLoop()
        precondition(self.loop == nil, "WaylandSeat.start: already started")
        // The window ended (and stopped its input) before the server started it: nothing to read.
        guard !stopped else { return }
        self.loop = loop
        self.mediaTime = mediaTime
        self.deliver = deliver
        delivered = 0
        // A key held since before the start does not begin repeating now.
        mapper.cancelRepeat()
        let timer = uvAllocate(uv_timer_t.self)
        uv_timer_init(loop.raw, timer)
        // The timer holds the seat alive while started; `stop` releases it.
        timer.pointee.data = Unmanaged.passRetained(self).toOpaque()
        self.timer = timer
        scheduleRepeat()
        let devices = [(WL_SEAT_CAPABILITY_POINTER, "pointer"), (WL_SEAT_CAPABILITY_KEYBOARD, "keyboard"),
                       (WL_SEAT_CAPABILITY_TOUCH, "touch")].filter { capabilities & $0.0.rawValue != 0 }.map(\.1)
        logger.debug("""
            window input from wl_seat version \(version): \(devices.isEmpty ? "no devices yet" : devices.joined(separator: ", ")); \
            \(keys != nil ? "keymap from the compositor" : "no keymap yet")
            """)
    }

    /// Releases the pointer, keyboard and touch objects and the repeat timer; nothing is
    /// delivered afterwards, and later capabilities are ignored. Idempotent.
    func stop() {
        guard !stopped else { return }
        loop?.preconditionInLoop()
        stopped = true
        deliver = nil
        releaseDevices()
        keys = nil
        guard let timer else { return }
        self.timer = nil
        uv_timer_stop(timer)
        uvCloseAndFree(timer)
        // Last: this may have been the last reference.
        Unmanaged.passUnretained(self).release()
    }

    private func releaseDevices() {
        if let p = pointer { version >= WL_POINTER_RELEASE_SINCE_VERSION ? wl_pointer_release(p) : wl_pointer_destroy(p) }
        if let k = keyboard { version >= WL_KEYBOARD_RELEASE_SINCE_VERSION ? wl_keyboard_release(k) : wl_keyboard_destroy(k) }
        if let t = touch { version >= WL_TOUCH_RELEASE_SINCE_VERSION ? wl_touch_release(t) : wl_touch_destroy(t) }
        pointer = nil; keyboard = nil; touch = nil
    }

    // MARK: - Events

    fileprivate func seatCapabilities(_ caps: UInt32) {
        guard !stopped else { return }
        capabilities = caps
        let data = Unmanaged.passUnretained(self).toOpaque()
        let wantsPointer = caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        if wantsPointer, pointer == nil, let p = wl_seat_get_pointer(seat) {
            _ = wl_pointer_add_listener(p, Listeners.pointer, data)
            pointer = p
        } else if !wantsPointer, let p = pointer {
            version >= WL_POINTER_RELEASE_SINCE_VERSION ? wl_pointer_release(p) : wl_pointer_destroy(p)
            pointer = nil
            handle(.pointerRemoved)
        }
        let wantsKeyboard = caps & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        if wantsKeyboard, keyboard == nil, let k = wl_seat_get_keyboard(seat) {
            _ = wl_keyboard_add_listener(k, Listeners.keyboard, data)
            keyboard = k
        } else if !wantsKeyboard, let k = keyboard {
            version >= WL_KEYBOARD_RELEASE_SINCE_VERSION ? wl_keyboard_release(k) : wl_keyboard_destroy(k)
            keyboard = nil
            keys = nil
            handle(.keyboardRemoved)
        }
        let wantsTouch = caps & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        if wantsTouch, touch == nil, let t = wl_seat_get_touch(seat) {
            _ = wl_touch_add_listener(t, Listeners.touch, data)
            touch = t
        } else if !wantsTouch, let t = touch {
            version >= WL_TOUCH_RELEASE_SINCE_VERSION ? wl_touch_release(t) : wl_touch_destroy(t)
            touch = nil
            handle(.touchRemoved)
        }
    }

    /// `wl_keyboard.keymap`: the fd is always closed; a keymap that cannot be read leaves key
    /// events with keycodes and modifiers only.
    fileprivate func keymap(format: UInt32, fd: Int32, size: UInt32) {
        defer { close(fd) }
        guard !stopped else { return }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue else {
            keys = nil
            logger.warning("window input: the compositor sent no XKB keymap (format \(format)); key events carry no keysym or text")
            return
        }
        do {
            keys = try XKBKeyboard(keymapFile: fd, size: Int(size))
            logger.debug("window input: keymap from the compositor (\(size) bytes)")
        } catch {
            keys = nil
            logger.warning("window input: \(error); key events carry no keysym or text")
        }
    }

    /// Maps one event, delivers what it makes (once started), and re-arms the repeat timer.
    fileprivate func handle(_ event: WaylandInput) {
        guard !stopped else { return }
        loop?.preconditionInLoop()
        let time = mediaTime()
        mapper.map(event, time: time, keys: keys) { e in
            guard let deliver else { return }
            delivered += 1
            logger.trace("window input: \(e)")
            deliver(e)
        }
        switch event {
        case .key, .keyboardEnter, .keyboardLeave, .keyboardRemoved, .repeatInfo, .repeatTimer: scheduleRepeat()
        default: break
        }
    }

    /// Arms the timer for the next key repeat, or stops it when no key repeats.
    private func scheduleRepeat() {
        guard let timer else { return }
        guard let due = mapper.nextRepeat else {
            uv_timer_stop(timer)
            return
        }
        let ms = max(0, (due - mediaTime()) * 1000).rounded(.up)
        uv_timer_start(timer, { t in
            Unmanaged<WaylandSeat>.fromOpaque(t!.pointee.data).takeUnretainedValue().handle(.repeatTimer)
        }, UInt64(ms), 0)
    }

    fileprivate func onSurface(_ s: OpaquePointer?) -> Bool { s == surface }

    /// A pointer button: to the title bar when it is pressed over it with no other button held
    /// (the whole press, release included), else to the input path.
    fileprivate func button(serial: UInt32, button: UInt32, state: UInt32) {
        let pressed = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
        // A move or resize the compositor runs from the bar takes the pointer: its release may
        // never come here, so a new press starts afresh.
        if pressed { titleBarPress = false }
        if pressed, mapper.held == 0, mapper.pointerInside, mapper.y < 0, let hook = onTitleBar {
            titleBarPress = true
            hook(mapper.x, mapper.y + mapper.topInset, button, serial)
            return
        }
        if titleBarPress {
            titleBarPress = false
            return
        }
        handle(.pointerButton(button: button, state: state))
    }
}

/// The listener tables, allocated once for the process (libwayland keeps pointers to them);
/// each entry is a closure that captures nothing and finds its `WaylandSeat` through `data`.
/// Filled field by field from zeroed memory, so that newer libwayland headers (with events of
/// versions above the 7 the window binds, never sent to it) compile unchanged.
private enum Listeners {
    static func owner(_ data: UnsafeMutableRawPointer?) -> WaylandSeat {
        Unmanaged<WaylandSeat>.fromOpaque(data!).takeUnretainedValue()
    }

    static func zeroed<T>(_: T.Type) -> UnsafeMutablePointer<T> {
        let p = UnsafeMutablePointer<T>.allocate(capacity: 1)
        UnsafeMutableRawPointer(p).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
        return p
    }

    nonisolated(unsafe) static let seat: UnsafeMutablePointer<wl_seat_listener> = {
        let l = zeroed(wl_seat_listener.self)
        l.pointee.capabilities = { data, _, caps in Listeners.owner(data).seatCapabilities(caps) }
        l.pointee.name = { _, _, _ in }
        return l
    }()

    nonisolated(unsafe) static let pointer: UnsafeMutablePointer<wl_pointer_listener> = {
        let l = zeroed(wl_pointer_listener.self)
        l.pointee.enter = { data, _, _, surface, x, y in
            let s = Listeners.owner(data)
            s.handle(.pointerEnter(onSurface: s.onSurface(surface), x: x, y: y))
        }
        l.pointee.leave = { data, _, _, _ in Listeners.owner(data).handle(.pointerLeave) }
        l.pointee.motion = { data, _, _, x, y in Listeners.owner(data).handle(.pointerMotion(x: x, y: y)) }
        l.pointee.button = { data, _, serial, _, button, state in
            Listeners.owner(data).button(serial: serial, button: button, state: state)
        }
        l.pointee.axis = { data, _, _, axis, value in Listeners.owner(data).handle(.pointerAxis(axis: axis, value: value)) }
        l.pointee.frame = { data, _ in Listeners.owner(data).handle(.pointerFrame) }
        l.pointee.axis_source = { data, _, source in Listeners.owner(data).handle(.pointerAxisSource(source)) }
        l.pointee.axis_stop = { data, _, _, axis in Listeners.owner(data).handle(.pointerAxisStop(axis: axis)) }
        l.pointee.axis_discrete = { data, _, axis, discrete in
            Listeners.owner(data).handle(.pointerAxisDiscrete(axis: axis, discrete: discrete))
        }
        l.pointee.axis_value120 = { data, _, axis, value120 in
            Listeners.owner(data).handle(.pointerAxisValue120(axis: axis, value120: value120))
        }
        return l
    }()

    nonisolated(unsafe) static let keyboard: UnsafeMutablePointer<wl_keyboard_listener> = {
        let l = zeroed(wl_keyboard_listener.self)
        l.pointee.keymap = { data, _, format, fd, size in Listeners.owner(data).keymap(format: format, fd: fd, size: size) }
        l.pointee.enter = { data, _, _, surface, _ in
            let s = Listeners.owner(data)
            s.handle(.keyboardEnter(onSurface: s.onSurface(surface)))
        }
        l.pointee.leave = { data, _, _, _ in Listeners.owner(data).handle(.keyboardLeave) }
        l.pointee.key = { data, _, _, _, key, state in Listeners.owner(data).handle(.key(key: key, state: state)) }
        l.pointee.modifiers = { data, _, _, depressed, latched, locked, group in
            Listeners.owner(data).handle(.modifiers(depressed: depressed, latched: latched, locked: locked, group: group))
        }
        l.pointee.repeat_info = { data, _, rate, delay in Listeners.owner(data).handle(.repeatInfo(rate: rate, delay: delay)) }
        return l
    }()

    nonisolated(unsafe) static let touch: UnsafeMutablePointer<wl_touch_listener> = {
        let l = zeroed(wl_touch_listener.self)
        l.pointee.down = { data, _, _, _, surface, id, x, y in
            let s = Listeners.owner(data)
            s.handle(.touchDown(id: id, onSurface: s.onSurface(surface), x: x, y: y))
        }
        l.pointee.up = { data, _, _, _, id in Listeners.owner(data).handle(.touchUp(id: id)) }
        l.pointee.motion = { data, _, _, id, x, y in Listeners.owner(data).handle(.touchMotion(id: id, x: x, y: y)) }
        l.pointee.frame = { data, _ in Listeners.owner(data).handle(.touchFrame) }
        l.pointee.cancel = { data, _ in Listeners.owner(data).handle(.touchCancel) }
        l.pointee.shape = { _, _, _, _, _ in }
        l.pointee.orientation = { _, _, _, _ in }
        return l
    }()
}
