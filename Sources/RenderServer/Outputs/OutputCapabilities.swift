import RenderProtocol

/// What an output can do beyond `present`, declared through small protocols it adopts and
/// found through `FrameOutput`'s capability properties — never by downcasting to a concrete
/// output. Each property is the output itself, or the part of it that does the work (the
/// X11 window's input reader), when it has the capability. An output that draws nothing
/// (`HeadlessOutput`, a test's recorder) adopts none, and every property is nil.
///
///     capability                      adopted by          asked by
///     FrameSnapshotting               CompositorOutput    snapshot requests (`rendersrvctl snapshot`)
///     CompositorStatisticsReporting   CompositorOutput    stats requests (the `compositor` section)
///     FrameReadyReporting             CompositorOutput    presentation feedback, the frame log's ready times
///     HitTesting                      CompositorOutput    input: what is under a point of the frame shown
///     InputSource                     CompositorOutput's  the server, when its loop starts: the
///                                     X11Input (x11),     window's pointer, wheel, keys, touch
///                                     WaylandSeat (wayland)
///     WindowDisplay                   CompositorOutput's  the server's frame clock (paced by the
///                                     WaylandWindow       compositor), display resizes, the
///                                     (wayland)           window's end
extension FrameOutput {
    public var snapshotting: FrameSnapshotting? { nil }
    public var compositorStatistics: CompositorStatisticsReporting? { nil }
    public var frameReadyReporting: FrameReadyReporting? { nil }
    public var hitTesting: HitTesting? { nil }
    public var inputSource: InputSource? { nil }
    public var windowDisplay: WindowDisplay? { nil }
}

/// An output that keeps the last frame it drew, whole, for snapshots.
public protocol FrameSnapshotting: AnyObject {
    /// The last finished frame (frame 0, all black, before the first). When everything
    /// handed to the output is drawn and no frame was skipped since, the frames since were
    /// idle and the result carries `currentFrame`'s number. Any thread: copies the last
    /// frame's pixels, waiting while the next one is being drawn (so not on the loop thread
    /// of a real clock: `ServerCore`'s snapshots run on the control worker there).
    func latestFrame(currentFrame: UInt64?) -> CompositedFrame
}

/// An output with a compositor that counts what it did (frames drawn and skipped, draw
/// times, damage).
public protocol CompositorStatisticsReporting: AnyObject {
    /// The counters now; any thread.
    var statistics: CompositorOutput.Statistics { get }
}

/// An output whose window produces input: pointer, wheel, keys, touch. The server starts it
/// once its loop runs and hands every event to its input path (`ServerCore.receiveInput`),
/// on the loop thread; it stops it when shutting down.
public protocol InputSource: AnyObject {
    /// Starts reading input on `loop`. Each event is stamped with `mediaTime()` (the daemon's
    /// media time, seconds) when it is read, and handed to `deliver` on the loop thread, in
    /// the order the window produced them. Coordinates are display points. Throws when the
    /// input cannot be read (the display refuses a second connection, another client holds
    /// the window's button presses); the output goes on showing frames. Loop thread; once.
    func start(loop: Loop, mediaTime: @escaping () -> Double, deliver: @escaping (InputEvent) -> Void) throws
    /// Stops reading; nothing is delivered after it returns. Idempotent; a source never
    /// started does nothing. Loop thread.
    func stop()
}

extension CompositorOutput: FrameSnapshotting, CompositorStatisticsReporting, HitTesting {
    public var snapshotting: FrameSnapshotting? { self }
    public var compositorStatistics: CompositorStatisticsReporting? { self }
    public var frameReadyReporting: FrameReadyReporting? { self }
    public var hitTesting: HitTesting? { self }
    /// With an X11 window (`Options.x11`): its input, read on a connection of its own
    /// (`X11Input`). With a Wayland window (`Options.wayland`) whose compositor offers a seat:
    /// the seat's input, dispatched with the window's connection (`WaylandSeat`).
    public var inputSource: InputSource? { x11Input ?? waylandWindow?.input }
    /// With a Wayland window only (`Options.wayland`).
    public var windowDisplay: WindowDisplay? { waylandWindow }
}

/// An output shown in a window of a display server that paces its frames, sizes the window
/// and may close it (the Wayland window). The server starts it once its loop runs: while the
/// window paces frames (`pacesFrames`), its `frameDue` events drive the frame clock instead
/// of the daemon's timerfd; once it ends, the daemon's own clock takes over (or the daemon
/// stops, as configured).
public protocol WindowDisplay: AnyObject {
    /// Starts on `loop`; `events` are called on the loop thread from then on until `stop`.
    /// Loop thread; once.
    func start(loop: Loop, events: WindowDisplayEvents) throws
    /// Whether the server wants frames (something animates, changed, or the output has work
    /// left). While it does, the window makes frames due at its compositor's pace. Loop thread.
    func setFramesWanted(_ wanted: Bool)
    /// Whether the window paces frames now: false once it has ended, and with the manual
    /// clock (steps drive frames then).
    var pacesFrames: Bool { get }
    /// Ends the window; nothing is called afterwards. Idempotent. Loop thread.
    func stop()
}

/// What a `WindowDisplay` tells the server, on the loop thread.
public struct WindowDisplayEvents {
    /// A frame is due: its target present time (media time, seconds), the wake time
    /// (CLOCK_MONOTONIC ns) and the refreshes missed before it.
    public var frameDue: (_ target: Double, _ wakeNanoseconds: Int64, _ missed: UInt64) -> Void
    /// The compositor gave the window a new size (points) or moved it to an output with
    /// another refresh rate (Hz; nil: the rate stays as it is).
    public var resized: (_ width: Int, _ height: Int, _ refreshRate: Double?) -> Void
    /// The window is gone: closed by the compositor (the user) or its connection was lost;
    /// `reason` says which, for the log.
    public var ended: (_ reason: String) -> Void
    /// The window needs a frame drawn again though nothing in the trees changed (it moved to
    /// an output with another scale): the server makes sure a frame comes.
    public var redraw: () -> Void
    public init(frameDue: @escaping (Double, Int64, UInt64) -> Void, resized: @escaping (Int, Int, Double?) -> Void,
                ended: @escaping (String) -> Void, redraw: @escaping () -> Void) {
        self.frameDue = frameDue; self.resized = resized; self.ended = ended; self.redraw = redraw
    }
}
