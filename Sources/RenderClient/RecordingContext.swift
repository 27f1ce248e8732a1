import Dispatch
import RenderCore
import RenderProtocol

/// A `Context` with no daemon: its commits are recorded, its clock is set by hand, and
/// server events are fed in by the caller — the client library's embedded driver, for
/// testing code built on layers, views or components deterministically.
///
///     let r = RecordingContext()
///     let layer = r.committed { Layer(context: r.context) }
///     r.run { layer.opacity = 0.5 }          // one work item of the callback queue
///     r.settle()                             // its end-of-turn commit
///     r.lastCommit?.setProperties            // what went on the wire
///     r.now += 0.1                           // the media time the context reads
///     r.stopAnimations(finished: true)       // as the server would report
///
/// Thread affinity: call it from one thread that is not its `queue`; the layers belong to
/// `queue` (use them inside `run`). The clock and the commits are shared by that thread and
/// the queue (which may commit on its own: an end-of-turn flush, a layer released off the
/// queue), so they are behind a lock; set `now` between work items for deterministic times.
public final class RecordingContext {
    /// The context's callback queue (stands in for the app's main queue).
    public let queue: DispatchQueue
    /// The context to make layers in: its commits are recorded, its clock is `now`.
    public let context: Context

    /// What the context's closures share with the caller's thread (they may outlive this
    /// object: layers released at the end of a test still commit their destruction).
    struct Sink {
        var now: Double
        var commits: [Commit] = []
    }
    private let sink: Locked<Sink>

    /// A context on a new serial queue, whose clock starts at `now` (media time, seconds).
    public init(label: String = "RecordingContext", now: Double = 1000) {
        queue = DispatchQueue(label: label)
        let sink = Locked(Sink(now: now))
        self.sink = sink
        context = Context(queue: queue, clock: { sink.withLock { $0.now } },
                          commitSink: { commit in sink.withLock { $0.commits.append(commit) } })
    }

    /// The media time the context reads, seconds; set it between work items.
    public var now: Double {
        get { sink.withLock { $0.now } }
        set { sink.withLock { $0.now = newValue } }
    }

    /// Every commit so far (a `run`'s end-of-turn commit is here once `settle()` returns).
    public var commits: [Commit] { sink.withLock { $0.commits } }
    /// The latest commit, `nil` before the first.
    public var lastCommit: Commit? { sink.withLock { $0.commits.last } }
    /// The commits from index `index` on.
    public func commits(since index: Int) -> ArraySlice<Commit> {
        sink.withLock { $0.commits[min(index, $0.commits.count)...] }
    }

    /// Runs `body` as one work item of the callback queue.
    @discardableResult
    public func run<T>(_ body: () throws -> T) rethrows -> T { try queue.sync(execute: body) }

    /// Lets the work the queue scheduled for itself run: the end-of-turn flush, then what it
    /// schedules for the next turns (completion blocks, synthesized stops).
    public func settle() { for _ in 0..<4 { queue.sync {} } }

    /// Runs `make` as one work item and lets its commit go out: what it creates is on the
    /// "server" before later changes run the action search.
    public func committed<T>(_ make: () -> T) -> T {
        let value = run(make)
        settle()
        return value
    }

    /// Feeds a server event, on the callback queue.
    public func deliver(_ message: Message) { run { context.deliver(message) } }

    /// Reports every animation added by the commits from index `from` on as stopped, as the
    /// server would when they end (`finished`) or are removed. The work the queue scheduled
    /// for itself runs first (`settle()`), so a commit still waiting for its end-of-turn
    /// flush counts as sent.
    public func stopAnimations(since from: Int = 0, finished: Bool = true) {
        settle()
        for commit in commits(since: from) {
            for a in commit.addedAnimations {
                deliver(.animationStopped(AnimationStopped(animationID: a.id, layer: a.layer, finished: finished,
                                                           mediaTime: now)))
            }
        }
        settle()
    }

    /// Reports every commit sent so far as applied (after `settle()`, as `stopAnimations`).
    public func acknowledgeAll() {
        settle()
        guard let last = commits.last else { return }
        deliver(.commitApplied(CommitApplied(sequence: last.sequence, frame: 1, mediaTime: now)))
        settle()
    }
}

/// What a commit carries, by kind of command, for tests that read a `RecordingContext`'s commits.
extension Commit {
    /// The commit's `setProperty` commands.
    public var setProperties: [(layer: LayerID, keyPath: LayerKeyPath, value: AnimatableValue)] {
        commands.compactMap { if case let .setProperty(l, k, v) = $0 { return (l, k, v) }; return nil }
    }

    /// The commit's `addAnimation` commands.
    public var addedAnimations: [(layer: LayerID, key: String, id: UInt64, animation: Animation)] {
        commands.compactMap {
            if case let .addAnimation(l, key, id, a) = $0 { return (l, key, id, a) }
            return nil
        }
    }
}
