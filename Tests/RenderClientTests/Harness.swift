import Dispatch
import RenderCore
import RenderProtocol
import Synchronization
import Testing
@testable import RenderClient

/// The tests drive a `RecordingContext`: commits recorded, a manual clock, events fed in.
typealias Harness = RecordingContext

/// Records start and stop calls.
final class RecordingDelegate: AnimationDelegate {
    var starts = 0
    var stops: [Bool] = []
    func animationDidStart(_ anim: Animation) { starts += 1 }
    func animationDidStop(_ anim: Animation, finished: Bool) { stops.append(finished) }
}

/// An action that records where it ran. Sendable: an action may be shared by layers of
/// several contexts (a class's default action is one object for every layer of the class,
/// on every queue), so its record is behind a mutex.
final class RecordingAction: Action, Sendable {
    let name: String
    private let record = Mutex<[(key: String, layer: LayerID)]>([])
    init(_ name: String) { self.name = name }
    func run(forKey key: String, on layer: Layer) { record.withLock { $0.append((key, layer.id)) } }
    /// Every run so far, oldest first.
    var runs: [(key: String, layer: LayerID)] { record.withLock { $0 } }
}

extension AnimatableValue {
    var numberValue: Double { number ?? .nan }
}
