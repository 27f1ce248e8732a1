import Dispatch
import Testing
@testable import RenderClient

/// A context on a private serial queue whose commits are collected, with a manual clock.
/// Drive it with `run { … }` (one work item of the callback queue) and `settle()`.
final class Harness {
    let queue = DispatchQueue(label: "RenderClientTests.callback")
    /// What the context's closures share (they may outlive the harness: layers released
    /// at the end of a test still commit their destruction).
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
    /// Read on the queue or between work items (the queue is idle after `run`/`settle`).
    var commits: [Commit] { sink.commits }

    init() {
        let sink = self.sink
        context = Context(queue: queue, clock: { sink.now }, commitSink: { sink.commits.append($0) })
    }

    /// Runs `body` as one work item of the callback queue.
    @discardableResult
    func run<T>(_ body: () throws -> T) rethrows -> T { try queue.sync(execute: body) }

    /// Lets the work the queue scheduled for itself run: the end-of-turn flush, then what
    /// it schedules for the next turn (completion blocks, synthesized stops).
    func settle() { for _ in 0..<3 { queue.sync {} } }

    /// Creates layers and commits them, so their later changes run the action search.
    func committed<T>(_ make: () -> T) -> T {
        let l = run(make)
        settle()
        return l
    }

    var lastCommit: Commit? { commits.last }

    /// Feeds a server event on the callback queue.
    func deliver(_ m: Message) { run { context.deliver(m) } }
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

/// Records start and stop calls.
final class RecordingDelegate: AnimationDelegate {
    var starts = 0
    var stops: [Bool] = []
    func animationDidStart(_ anim: Animation) { starts += 1 }
    func animationDidStop(_ anim: Animation, finished: Bool) { stops.append(finished) }
}

/// An action that records where it ran.
final class RecordingAction: Action {
    let name: String
    var runs: [(key: String, layer: LayerID)] = []
    init(_ name: String) { self.name = name }
    func run(forKey key: String, on layer: Layer) { runs.append((key, layer.id)) }
}

extension AnimatableValue {
    var numberValue: Double { number ?? .nan }
}
