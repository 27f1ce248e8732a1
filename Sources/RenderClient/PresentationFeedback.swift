import Dispatch
import RenderProtocol

/// When the changes of a transaction first reached the display: the server's
/// `commitPresented` for the transaction's commit (Wayland's presentation feedback; in Core
/// Animation's terms, the frame that first showed a `CATransaction`).
public struct PresentedFrame: Sendable, Equatable, CustomStringConvertible {
    /// The commit that carried the changes (the last one, when the transaction touched
    /// several contexts).
    public var sequence: UInt64
    /// The first frame that showed them.
    public var frame: UInt64
    /// That frame's target present time (media time, seconds).
    public var mediaTime: Double
    /// Media time (seconds) at which the frame's pixels were ready; nil when the server
    /// draws nothing (`--output none`: the frame was finished at the end of its evaluation).
    public var readyTime: Double?

    /// The feedback the daemon's `commitPresented` message carries.
    public init(_ p: CommitPresented) {
        sequence = p.sequence; frame = p.frame; mediaTime = p.mediaTime; readyTime = p.readyTime
    }

    /// The commit, its frame and times, for logs.
    public var description: String {
        "commit \(sequence) presented by frame \(frame) at \(mediaTime) s"
            + (readyTime.map { ", pixels ready at \($0) s" } ?? "")
    }
}

/// The presented handlers of the transactions sealed by one send, waiting for the
/// `commitPresented` of every commit that send made (one per touched context).
///
/// The handlers run once, on the callback queue: with the feedback of the commit presented
/// last when all were presented, or with nil as soon as one of them never will be (the
/// commit was rejected, or the session ended before it was shown).
final class PresentedGroup {
    private var handlers: [(PresentedFrame?) -> Void]
    private var remaining: Int
    private var latest: PresentedFrame?

    init(handlers: [(PresentedFrame?) -> Void], commits: Int) {
        self.handlers = handlers; self.remaining = commits
    }

    /// One of its commits was presented; returns the call to make if that was the last.
    func presented(_ p: PresentedFrame) -> (() -> Void)? {
        remaining -= 1
        if latest == nil || p.frame >= latest!.frame { latest = p }
        return remaining == 0 ? take(latest) : nil
    }

    /// One of its commits will never be presented.
    func discarded() -> (() -> Void)? { take(nil) }

    private func take(_ value: PresentedFrame?) -> (() -> Void)? {
        guard !handlers.isEmpty else { return nil }
        let hs = handlers
        handlers = []
        return { for h in hs { h(value) } }
    }
}

extension Context {
    /// Runs the presented handlers waiting for commit `p.sequence`.
    func commitPresented(_ p: CommitPresented) {
        guard let groups = presentedWaiters.removeValue(forKey: p.sequence) else { return }
        let frame = PresentedFrame(p)
        for g in groups { g.presented(frame)?() }
    }

    /// Commit `sequence` will never be presented: its waiting handlers get nil.
    func presentationDiscarded(ofCommit sequence: UInt64) {
        guard let groups = presentedWaiters.removeValue(forKey: sequence) else { return }
        for g in groups { g.discarded()?() }
    }

    /// The session ended: every waiting handler gets nil, in commit order.
    func discardAllPresentation() {
        for sequence in presentedWaiters.keys.sorted() { presentationDiscarded(ofCommit: sequence) }
    }
}
