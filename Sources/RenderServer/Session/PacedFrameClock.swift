/// What drives the server's frames on a real clock: the timerfd (`RealFrameClock`), or a
/// window whose compositor paces them (`PacedFrameClock`). Loop thread.
protocol FrameTicker: AnyObject {
    /// Called for each frame: target present time (media time, s), wake time (ns), vsyncs
    /// missed before it.
    var onFrame: ((_ target: Double, _ wakeNanoseconds: Int64, _ missed: UInt64) -> Void)? { get set }
    var isPaused: Bool { get }
    func start() throws
    /// Stops producing frames until `resume` (nothing needs one).
    func pause()
    func resume(latch: Int64)
    func stop()
}

extension RealFrameClock: FrameTicker {}

/// The frame clock of a window output that paces frames (`WindowDisplay`: Wayland frame
/// callbacks and presentation feedback): while the window paces, frames come when its
/// compositor is ready for one, and pausing tells the window frames are not wanted (a window
/// that is not repainted costs nothing). Once the window has ended (the daemon keeps running
/// headless), the timerfd clock at the configured rate takes over.
///
/// Thread affinity: the loop thread.
final class PacedFrameClock: FrameTicker {
    private let window: WindowDisplay
    private let fallback: RealFrameClock
    private let loop: Loop
    /// Events of the window other than frames (resize, end), passed on by the server.
    private let resized: (Int, Int, Double?) -> Void
    private let ended: (String) -> Void
    private let redraw: () -> Void
    var onFrame: ((Double, Int64, UInt64) -> Void)?
    private(set) var isPaused = false
    private var stopped = false

    init(window: WindowDisplay, loop: Loop, refreshRate: Double, resized: @escaping (Int, Int, Double?) -> Void,
         ended: @escaping (String) -> Void, redraw: @escaping () -> Void) throws {
        self.window = window; self.loop = loop; self.resized = resized; self.ended = ended; self.redraw = redraw
        fallback = try RealFrameClock(loop: loop, refreshRate: refreshRate)
    }

    func start() throws {
        loop.preconditionInLoop()
        fallback.onFrame = { [unowned self] target, wake, missed in
            if !self.window.pacesFrames { self.onFrame?(target, wake, missed) }
        }
        try fallback.start()
        fallback.pause()
        try window.start(loop: loop, events: WindowDisplayEvents(
            frameDue: { [unowned self] target, wake, missed in
                if !self.isPaused && !self.stopped { self.onFrame?(target, wake, missed) }
            },
            resized: { [unowned self] w, h, rate in self.resized(w, h, rate) },
            ended: { [unowned self] reason in
                // The window's pace is gone: the timerfd's takes over while frames are wanted.
                if !self.isPaused && !self.stopped { self.fallback.resume(latch: 0) }
                self.ended(reason)
            },
            redraw: { [unowned self] in self.redraw() }))
        window.setFramesWanted(!isPaused)
    }

    func pause() {
        guard !isPaused, !stopped else { return }
        isPaused = true
        if window.pacesFrames { window.setFramesWanted(false) } else { fallback.pause() }
    }

    func resume(latch: Int64) {
        guard isPaused, !stopped else { return }
        isPaused = false
        if window.pacesFrames { window.setFramesWanted(true) } else { fallback.resume(latch: latch) }
    }

    func stop() {
        guard !stopped else { return }
        stopped = true
        fallback.stop()
        window.stop()
    }
}
