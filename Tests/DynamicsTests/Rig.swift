import Dispatch
import Synchronization
import Testing
@testable import Dynamics
import RenderClient

/// A context on a private serial queue with a manual clock, its commits collected, and a
/// Dynamics animator whose display link is driven by hand (60 Hz, grid from t = 1000 s).
/// `frame()` fires one vsync and runs its tick: deterministic frames, no waiting.
///
/// The context's clock is the vsync source's time (behind the source's lock): it has moved
/// to a vsync before that vsync's tick runs on the queue, as a manual-clock app's would.
/// The commits are appended on the queue and read by the test's thread, so they are behind
/// a mutex (`Sink`).
final class Rig {
    let queue = DispatchQueue(label: "DynamicsTests.callback")
    let context: Context
    let source = ManualDisplayLinkSource(origin: 1000)
    /// The commits sent, oldest first: appended on the queue, read from the test's thread.
    final class Sink: Sendable {
        private let sent = Mutex<[Commit]>([])
        func append(_ commit: Commit) { sent.withLock { $0.append(commit) } }
        var commits: [Commit] { sent.withLock { $0 } }
    }
    let sink = Sink()
    private(set) var animator: DynamicAnimator!
    static let period = 1.0 / 60

    init(fps: Double = 60) {
        let source = self.source, sink = self.sink
        context = Context(queue: queue, clock: { source.now() }, commitSink: { sink.append($0) })
        let context = self.context
        animator = queue.sync { DynamicAnimator(context: context, framesPerSecond: fps, source: source) }
    }

    var commits: [Commit] { sink.commits }

    @discardableResult
    func run<T>(_ body: () throws -> T) rethrows -> T { try queue.sync(execute: body) }

    /// Lets the queue's self-scheduled work run (end-of-turn flushes, next-turn callbacks).
    func settle() { for _ in 0..<3 { queue.sync {} } }

    /// A layer created and committed, so the test sees only what Dynamics commits after.
    func layer(position: Point = Point(x: 0, y: 0), kind: Layer.Type = Layer.self) -> Layer {
        let l = run { () -> Layer in
            let l = kind.init(context: context)
            l.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            l.position = position
            return l
        }
        settle()
        return l
    }

    /// Fires the next vsync and runs its tick; returns the tick's target time (the time the
    /// frame was evaluated at).
    @discardableResult
    func frame() -> Double {
        let t = source.step()
        queue.sync {}
        return t + Rig.period
    }

    /// Runs frames until `done()` holds or `limit` frames have run; returns how many ran.
    @discardableResult
    func frames(until done: () -> Bool, limit: Int = 2000) -> Int {
        var n = 0
        while !run(done) && n < limit { frame(); n += 1 }
        return n
    }
}

extension Commit {
    var sets: [(layer: LayerID, keyPath: LayerKeyPath, value: AnimatableValue)] {
        commands.compactMap { if case let .setProperty(l, k, v) = $0 { return (l, k, v) }; return nil }
    }
    var animationAdds: Int {
        commands.reduce(0) { n, c in if case .addAnimation = c { return n + 1 }; return n }
    }
}

/// Records completion calls.
final class Completions {
    var calls: [Bool] = []
    func block() -> (DynamicAnimation, Bool) -> Void { { [self] _, f in calls.append(f) } }
}

func x(_ v: AnimatableValue?) -> Double { v?.point?.x ?? v?.number ?? .nan }
