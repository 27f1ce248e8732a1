import Dispatch
import Foundation
import Testing
import RenderClient
import Dynamics

/// An app on a `RecordingContext` (no daemon, a clock set by hand at 1000 s): each snippet
/// runs as one work item of its queue, as app code runs on the main queue, and the test reads
/// back what that work item committed. Deterministic: no sleeps, no daemon.
final class App {
    let r = RecordingContext(label: "PortingTests")
    var context: Context { r.context }

    /// A standalone layer, 100 × 100, committed once, so later changes run the action search
    /// (implicit animations), as for a layer already on screen.
    func layer() -> CALayer {
        r.committed { () -> CALayer in
            let l = CALayer()
            l.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
            return l
        }
    }

    /// Runs `body` as one work item and returns the commits it made (its end-of-turn commit
    /// included).
    @discardableResult
    func commits(_ body: () throws -> Void) rethrows -> [Commit] {
        let n = r.commits.count
        try r.run(body)
        r.settle()
        return Array(r.commits(since: n))
    }

    /// The animations `body` added, as committed.
    func added(_ body: () throws -> Void) rethrows -> [Animation] {
        try commits(body).flatMap(\.addedAnimations).map(\.animation)
    }

    /// The property values `body` set, as committed, by key path.
    func sets(_ body: () throws -> Void) rethrows -> [String: AnimatableValue] {
        var d: [String: AnimatableValue] = [:]
        for c in try commits(body) { for s in c.setProperties { d[s.keyPath.description] = s.value } }
        return d
    }

    /// Runs `body` on the queue and returns its value (for reading layers).
    func read<T>(_ body: () -> T) -> T { r.run(body) }
}

/// A context whose clock is a manual display-link source, with the shared Dynamics animator
/// that `pop_add` uses installed on that source: frames fired by hand.
final class PopApp {
    let queue = DispatchQueue(label: "PortingTests.pop")
    let source = ManualDisplayLinkSource(origin: 1000)
    let context: Context
    private let sink = Locked<[Commit]>([])

    init() {
        let source = self.source, sink = self.sink
        context = Context(queue: queue, clock: { source.now() }, commitSink: { c in sink.withLock { $0.append(c) } })
        let context = self.context
        queue.sync {
            DynamicAnimator.setShared(DynamicAnimator(context: context, framesPerSecond: 60, source: source), for: context)
        }
    }

    var commits: [Commit] { sink.withLock { $0 } }

    @discardableResult
    func run<T>(_ body: () throws -> T) rethrows -> T { try queue.sync(execute: body) }
    func settle() { for _ in 0..<3 { queue.sync {} } }

    func layer() -> CALayer {
        let l = run { () -> CALayer in
            let l = CALayer(context: context)
            l.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            return l
        }
        settle()
        return l
    }

    /// Fires one vsync and runs its frame.
    func frame() { source.step(); queue.sync {} }

    /// Frames until `done()` or `limit`; returns how many ran.
    @discardableResult
    func frames(until done: () -> Bool, limit: Int = 1000) -> Int {
        var n = 0
        while !run(done) && n < limit { frame(); n += 1 }
        settle()
        return n
    }
}

/// A value shared by the test's thread and a queue.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ v: Value) { value = v }
    func withLock<R>(_ body: (inout Value) -> R) -> R { lock.lock(); defer { lock.unlock() }; return body(&value) }
}

extension Animation {
    var basic: BasicAnimation? { if case let .basic(b) = kind { return b }; return nil }
    var keyframe: KeyframeAnimation? { if case let .keyframe(k) = kind { return k }; return nil }
    var spring: SpringAnimation? { if case let .spring(s) = kind { return s }; return nil }
    var group: AnimationGroup? { if case let .group(g) = kind { return g }; return nil }
    var transition: Transition? { if case let .transition(t) = kind { return t }; return nil }
}

/// Records `CAAnimationDelegate` calls.
final class RecordingDelegate: CAAnimationDelegate {
    var started: [CAAnimation] = []
    var stopped: [(CAAnimation, Bool)] = []
    func animationDidStart(_ anim: CAAnimation) { started.append(anim) }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stopped.append((anim, flag)) }
}

/// Records `POPAnimationDelegate` calls, in order.
final class RecordingPopDelegate: POPAnimationDelegate {
    var events: [String] = []
    func pop_animationDidStart(_ anim: POPAnimation) { events.append("start") }
    func pop_animationDidReachToValue(_ anim: POPAnimation) { if events.last != "reach" { events.append("reach") } }
    func pop_animationDidStop(_ anim: POPAnimation, finished: Bool) { events.append("stop(\(finished))") }
}

func close(_ a: Double?, _ b: Double, _ eps: Double = 1e-9) -> Bool { a.map { abs($0 - b) <= eps } ?? false }
