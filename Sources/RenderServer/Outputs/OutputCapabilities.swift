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
///                                     X11Input (x11)      window's pointer, wheel, keys, touch
extension FrameOutput {
    public var snapshotting: FrameSnapshotting? { nil }
    public var compositorStatistics: CompositorStatisticsReporting? { nil }
    public var frameReadyReporting: FrameReadyReporting? { nil }
    public var hitTesting: HitTesting? { nil }
    public var inputSource: InputSource? { nil }
}

/// An output that keeps the last frame it drew, whole, for snapshots.
public protocol FrameSnapshotting: AnyObject {
    /// The last finished frame (frame 0, all black, before the first). When everything
    /// handed to the output is drawn and no frame was skipped since, the frames since were
    /// idle and the result carries `currentFrame`'s number. Copies the published pixels only.
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
    /// With an X11 window only (`Options.x11`): its input, read on a connection of its own
    /// (`X11Input`).
    public var inputSource: InputSource? { x11Input }
}
