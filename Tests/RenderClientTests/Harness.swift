import Dispatch
import RenderCore
import RenderProtocol
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
