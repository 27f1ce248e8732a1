import Dispatch
import Testing
@testable import RenderViews
import RenderClient

/// A context on a private serial queue whose commits are collected, with a manual clock
/// (after RenderClientTests' harness). Drive it with `run { … }` (one work item of the
/// callback queue) and `settle()`; feed it server events with `deliver(_:)`.
final class Harness {
    let queue = DispatchQueue(label: "RenderViewsTests.callback")
    final class Sink {
        var now = 1000.0
        var commits: [Commit] = []
    }
    let sink = Sink()
    let context: Context

    /// Media time the context reads (seconds); set it between work items.
    var now: Double {
        get { sink.now }
        set { sink.now = newValue }
    }
    var commits: [Commit] { sink.commits }
    var lastCommit: Commit? { commits.last }

    init() {
        let sink = self.sink
        context = Context(queue: queue, clock: { sink.now }, commitSink: { sink.commits.append($0) })
    }

    @discardableResult
    func run<T>(_ body: () throws -> T) rethrows -> T { try queue.sync(execute: body) }

    /// Lets the work the queue scheduled for itself run (the end-of-turn flush, then what it
    /// schedules for the next turns).
    func settle() { for _ in 0..<4 { queue.sync {} } }

    /// Creates views (or layers) and commits them, so their later changes run the action search.
    func committed<T>(_ make: () -> T) -> T {
        let v = run(make)
        settle()
        return v
    }

    func deliver(_ m: Message) { run { context.deliver(m) } }

    /// Tells the context that every animation sent so far stopped (`finished`), as the server
    /// would when they end.
    func stopAll(finished: Bool) {
        let added = commits.flatMap(\.addedAnimations)
        for a in added {
            deliver(.animationStopped(AnimationStopped(animationID: a.id, layer: a.layer, finished: finished, mediaTime: now)))
        }
        settle()
    }

    /// Tells the context that the server applied every commit sent so far.
    func acknowledgeAll() {
        deliver(.commitApplied(CommitApplied(sequence: UInt64(commits.count), frame: 1, mediaTime: now)))
        settle()
    }

    /// Every command after commit index `from`.
    func commits(since index: Int) -> ArraySlice<Commit> { commits[min(index, commits.count)...] }
}

extension Commit {
    var setProperties: [(layer: LayerID, keyPath: LayerKeyPath, value: AnimatableValue)] {
        commands.compactMap { if case let .setProperty(l, k, v) = $0 { return (l, k, v) }; return nil }
    }
    var addedAnimations: [(layer: LayerID, key: String, id: UInt64, animation: Animation)] {
        commands.compactMap {
            if case let .addAnimation(l, key, id, a) = $0 { return (l, key, id, a) }
            return nil
        }
    }
}

extension AnimatableValue {
    var numberValue: Double { number ?? .nan }
}

func close(_ a: Double, _ b: Double, _ tol: Double = 1e-6) -> Bool { abs(a - b) <= tol }
func close(_ a: Point, _ b: Point, _ tol: Double = 1e-6) -> Bool { abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol }
