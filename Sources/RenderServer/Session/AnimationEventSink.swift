import RenderProtocol

/// Where the animation engine puts the animation events a frame produces
/// (`animationStarted`, `animationStopped(finished: true)`), in the order they happen.
///
/// The frame's walk collects its events into a small run of its own (`LifecycleEvent`s,
/// 16 bytes each) and hands the run over when it fills and when the walk ends. The server's
/// frame hands the engine the session's outbound `MessageBuffer` itself, which encodes a
/// run straight into the bytes the transport writes (`appendLifecycleEvents`: one capacity
/// check a run, and no `Message` built, queued, copied, switched on and destroyed per event,
/// as a frame that starts 100,000 animations would otherwise make). Tests and
/// `ServerBenchmarks` collect into a `[Message]` instead: both see the same events in the
/// same order.
///
/// Thread affinity: that of its owner (the loop thread for a session's buffer).
package protocol AnimationEventSink: ~Copyable {
    /// Appends `events`, in order, at `mediaTime`.
    mutating func appendLifecycleEvents(_ events: UnsafeBufferPointer<LifecycleEvent>, mediaTime: Double)
    /// Makes room for `count` more `animationStarted` at once (a frame that starts 100,000
    /// animations would otherwise grow the bytes by doubling: copies, and fresh pages each
    /// time).
    mutating func reserveForAnimationsStarting(_ count: Int)
}

extension MessageBuffer: AnimationEventSink {
    package mutating func reserveForAnimationsStarting(_ count: Int) {
        reserveCapacity(forAnimationsStarting: count, runLength: LifecycleRun.capacity)
    }
}

extension Array: AnimationEventSink where Element == Message {
    package mutating func appendLifecycleEvents(_ events: UnsafeBufferPointer<LifecycleEvent>, mediaTime: Double) {
        for e in events { append(e.message(at: mediaTime)) }
    }
    package mutating func reserveForAnimationsStarting(_ count: Int) { reserveCapacity(self.count + count) }
}
