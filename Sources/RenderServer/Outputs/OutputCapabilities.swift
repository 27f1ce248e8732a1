/// What an output can do beyond `present`, declared through small protocols it adopts and
/// found through `FrameOutput`'s capability properties — never by downcasting to a concrete
/// output. An output that draws nothing (`HeadlessOutput`, a test's recorder) adopts none,
/// and every property is nil.
///
///     capability                      adopted by          asked by
///     FrameSnapshotting               CompositorOutput    snapshot requests (`rendersrvctl snapshot`)
///     CompositorStatisticsReporting   CompositorOutput    stats requests (the `compositor` section)
///     FrameReadyReporting             CompositorOutput    presentation feedback, the frame log's ready times
///     HitTesting                      CompositorOutput    input: what is under a point of the frame shown
extension FrameOutput {
    public var snapshotting: FrameSnapshotting? { nil }
    public var compositorStatistics: CompositorStatisticsReporting? { nil }
    public var frameReadyReporting: FrameReadyReporting? { nil }
    public var hitTesting: HitTesting? { nil }
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

extension CompositorOutput: FrameSnapshotting, CompositorStatisticsReporting, HitTesting {
    public var snapshotting: FrameSnapshotting? { self }
    public var compositorStatistics: CompositorStatisticsReporting? { self }
    public var frameReadyReporting: FrameReadyReporting? { self }
    public var hitTesting: HitTesting? { self }
}
