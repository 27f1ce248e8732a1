import Foundation
import RenderClient

/// One sample of the server's presentation of the delegate's layer.
struct PresentationSample {
    /// Media time of the frame the server evaluated, s.
    var mediaTime: Double
    /// The layer's presented `position.y`, points.
    var y: Double
    /// When the request was sent and its reply read (`MediaTime.now()`), s; for samples
    /// taken after the fact at a frame's time (blocked-main), that frame's target time.
    var requested: Double
    var answered: Double
}

struct DemoError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// A value shared between threads, behind a lock.
/// Its value is only touched under its lock, so it may be shared between threads.
final class Shared<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ v: Value) { value = v }
    func with<R>(_ body: (inout Value) -> R) -> R {
        lock.lock(); defer { lock.unlock() }
        return body(&value)
    }
}

/// Records the delegate animation's start and stop (on the main queue).
final class StopRecorder: AnimationDelegate {
    var onStart: () -> Void = {}
    var onStop: (Bool) -> Void = { _ in }
    func animationDidStart(_ anim: Animation) { onStart() }
    func animationDidStop(_ anim: Animation, finished: Bool) { onStop(finished) }
}

/// `value` with `digits` decimals.
func fmt(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
