import Dispatch
import Testing
@testable import RenderViews
import RenderClient

/// The tests drive a `RecordingContext` (RenderClient): commits recorded, a manual clock.
typealias Harness = RecordingContext

extension RecordingContext {
    /// Tells the context that every animation sent so far stopped (`finished`).
    func stopAll(finished: Bool) { stopAnimations(since: 0, finished: finished) }
}

extension AnimatableValue {
    var numberValue: Double { number ?? .nan }
}

func close(_ a: Double, _ b: Double, _ tol: Double = 1e-6) -> Bool { abs(a - b) <= tol }
func close(_ a: Point, _ b: Point, _ tol: Double = 1e-6) -> Bool { abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol }
