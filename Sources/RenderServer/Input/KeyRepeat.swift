/// When a held key repeats, for a window system that leaves key repeat to its clients
/// (Wayland: the compositor sends only the rate and the delay, `wl_keyboard.repeat_info`).
/// A value stepped with the time: no timer inside, so tests drive it by hand. The owner
/// arms a timer for `deadline` and calls `step(at:)` when it fires.
///
///     press a (repeats) at t ──▶ deadline t + delay
///     step(at: ≥ deadline)  ──▶ a; deadline += 1 / rate
///     release a, cancel, press of another repeating key, configure(rate: 0) ──▶ no deadline
///
/// Rules (those of weston's and GTK's clients):
/// - Only a key the keymap says repeats (`xkb_keymap_key_repeats`) starts repeating; a key
///   that does not (a modifier) leaves the repeat of the key held before running, so
///   holding a, then Shift, types a a a A A.
/// - The newest repeating key takes over; releasing any other key changes nothing.
/// - A late step repeats once and starts the period again from then: a loop that was busy
///   loses repeats rather than delivering them in a burst.
///
/// Units: `rate` repeats per second (0: keys do not repeat), `delay` milliseconds, times
/// seconds of media time.
struct KeyRepeat: Equatable {
    /// Repeats per second; 0 turns repeat off.
    private(set) var rate: Int32
    /// Milliseconds from the press to the first repeat.
    private(set) var delay: Int32
    /// The key repeating (or waiting for its delay to pass), nil when none.
    private(set) var key: UInt32?
    /// When the next repeat is due; nil when no key repeats.
    private(set) var deadline: Double?

    /// The X server's defaults (25 per second after 660 ms), used until the window system
    /// says otherwise (Wayland before `wl_keyboard` version 4 never does).
    init(rate: Int32 = 25, delay: Int32 = 660) {
        self.rate = max(0, rate); self.delay = max(0, delay)
    }

    /// Seconds between two repeats (meaningless when `rate` is 0).
    var interval: Double { 1 / Double(max(rate, 1)) }

    /// New rate and delay. A key waiting keeps its deadline; rate 0 stops it.
    mutating func configure(rate: Int32, delay: Int32) {
        self.rate = max(0, rate); self.delay = max(0, delay)
        if self.rate == 0 { cancel() }
    }

    /// A key went down at `time`; `repeats` says whether the keymap lets it repeat.
    mutating func press(_ keycode: UInt32, repeats: Bool, at time: Double) {
        guard repeats, rate > 0 else { return }
        key = keycode
        deadline = time + Double(delay) / 1000
    }

    /// A key went up: if it is the repeating one, repeat stops.
    mutating func release(_ keycode: UInt32) {
        if key == keycode { cancel() }
    }

    /// Repeat stops (the window lost the keyboard focus, the keyboard went away).
    mutating func cancel() {
        key = nil; deadline = nil
    }

    /// The key to repeat at `now`, if one is due, and the deadline moved to the next repeat.
    mutating func step(at now: Double) -> UInt32? {
        guard let key, let due = deadline, now >= due else { return nil }
        let next = due + interval
        deadline = next > now ? next : now + interval
        return key
    }
}
