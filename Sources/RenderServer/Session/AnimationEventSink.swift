import RenderProtocol

/// Where the animation engine and the layer store put the animation events they produce
/// (`animationStarted`, `animationStopped`), in the order they happen.
///
/// The server's frame hands the engine the session's outbound `MessageBuffer` itself, so each
/// event is encoded straight into the bytes the transport writes — 28 or 29 bytes with one
/// capacity check, no `Message` built, queued, copied, switched on and destroyed per event
/// (a frame that starts or finishes 40,000 animations made 40,000 of each). Tests and
/// `ServerBenchmarks` collect into a `[Message]` instead: both see the same events in the same
/// order.
///
/// Thread affinity: that of its owner (the loop thread for a session's buffer).
package protocol AnimationEventSink: ~Copyable {
    mutating func appendAnimationStarted(_ event: AnimationStarted)
    mutating func appendAnimationStopped(_ event: AnimationStopped)
    /// Makes room for `count` more `animationStarted` at once (a frame that starts 100,000
    /// animations would otherwise grow the bytes by doubling: copies, and fresh pages each
    /// time).
    mutating func reserveForAnimationsStarting(_ count: Int)
}

extension MessageBuffer: AnimationEventSink {
    /// The bytes of one encoded `animationStarted` (header and payload).
    static let animationStartedBytes = 28

    package mutating func reserveForAnimationsStarting(_ count: Int) {
        reserveCapacity(adding: count * MessageBuffer.animationStartedBytes)
    }
}

extension Array: AnimationEventSink where Element == Message {
    package mutating func appendAnimationStarted(_ event: AnimationStarted) { append(.animationStarted(event)) }
    package mutating func appendAnimationStopped(_ event: AnimationStopped) { append(.animationStopped(event)) }
    package mutating func reserveForAnimationsStarting(_ count: Int) { reserveCapacity(self.count + count) }
}
