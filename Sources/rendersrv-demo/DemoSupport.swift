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

/// Reads a just-started `rendersrvd`'s standard error until it says it is listening (its
/// startup line), then keeps draining it in the background. Throws with what it printed if
/// it exits first.
func waitUntilListening(_ stderr: Pipe) throws {
    var text = ""
    let handle = stderr.fileHandleForReading
    while !text.contains("listening on") {
        let chunk = handle.availableData
        if chunk.isEmpty { throw DemoError("rendersrvd exited before listening: \(text)") }
        text += String(decoding: chunk, as: UTF8.self)
    }
    // Keep draining on a thread of its own, with blocking reads until the daemon's end closes
    // (not Foundation's readability handler: its dispatch source can outlive the handle's
    // descriptor, which crashed libdispatch's event loop in a test process once).
    Thread.detachNewThread {
        while !handle.availableData.isEmpty {}
    }
}
