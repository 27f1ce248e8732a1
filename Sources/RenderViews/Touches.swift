import Dispatch
import RenderClient
import RenderCore
import RenderProtocol

/// One pointer (the mouse, or a finger) in contact with a view (`UITouch`), as the daemon
/// reported it: it hit-tests on what it shows and captures the pointer for the view it
/// pressed until the release, so a touch's view stays the same from `began` to `ended`.
public struct Touch: Hashable, Sendable {
    /// Where the touch is in its life (`UITouch.Phase`): pressed, moving, lifted, or taken
    /// away (a scroll view's pan took it, or the window lost the pointer).
    public enum Phase: Sendable {
        /// Pressed.
        case began
        /// Moved while pressed.
        case moved
        /// Lifted.
        case ended
        /// Taken away before it ended.
        case cancelled
    }
    /// This event's phase.
    public var phase: Phase
    /// 0 for the mouse, a finger's id otherwise.
    public var pointerID: UInt32
    /// In the bounds space of the view the touch began on (`location(in: view)`).
    public var location: Point
    /// Display points (`location(in: nil)`).
    public var windowLocation: Point
    /// Media time of the event (seconds).
    public var timestamp: Double
    /// Taps counted by the view's tap recognizers are theirs; this is always 1.
    public var tapCount: Int { 1 }
}

/// Routes a context's pointer events to its views: the view whose layer the daemon hit (or
/// captured) gets `touchesBegan`/`Moved`/`Ended`/`Cancelled`, passed up the superviews by
/// the default implementations; the gesture recognizers of that view and its superviews see
/// the touches first. Installed on a context when its first view is created; a context
/// whose `onPointerEvent` is already set is left alone.
enum TouchDispatch {
    static func install(on context: Context) {
        guard context.onPointerEvent == nil else { return }
        context.onPointerEvent = { event, layer in deliver(event, to: layer) }
    }

    static func deliver(_ e: PointerEvent, to layer: Layer?) {
        guard let view = layer?.delegate as? View else { return }
        let phase: Touch.Phase
        switch e.kind {
        case .pointerDown: phase = .began
        case .pointerMove: guard e.buttons != 0 || e.pointerID != 0 else { return }; phase = .moved
        case .pointerUp: phase = .ended
        case .pointerCancel: phase = .cancelled
        default: return
        }
        let touch = Touch(phase: phase, pointerID: e.pointerID, location: e.location, windowLocation: e.windowLocation,
                          timestamp: e.mediaTime)
        var v: View? = view
        var point = e.location
        while let r = v {
            for g in r.gestureRecognizers where g.isEnabled { g.handle(touch, locationInView: point) }
            point = r.convertToSuperview(point)
            v = r.superview
        }
        let set: Set<Touch> = [touch]
        switch phase {
        case .began: view.touchesBegan(set, with: e)
        case .moved: view.touchesMoved(set, with: e)
        case .ended: view.touchesEnded(set, with: e)
        case .cancelled: view.touchesCancelled(set, with: e)
        }
    }
}

/// Recognises a gesture from the touches of the view it is attached to and of its subviews
/// (`UIGestureRecognizer`), then runs its action on the view's queue.
open class GestureRecognizer {
    /// `UIGestureRecognizer.State`: a discrete gesture (a tap) goes possible → ended (its
    /// action runs) or failed; a continuous one began → changed… → ended or cancelled.
    public enum State: Sendable {
        /// Watching touches; nothing recognised yet.
        case possible
        /// A continuous gesture began (the action runs).
        case began
        /// It changed (the action runs).
        case changed
        /// Recognised, or a continuous gesture ended (the action runs).
        case ended
        /// Taken away (its touches were cancelled).
        case cancelled
        /// The touches were not this gesture.
        case failed
    }
    /// The state last set (back to `possible` after ended, cancelled or failed).
    public private(set) var state: State = .possible
    /// A disabled recognizer sees no touches.
    public var isEnabled = true
    /// The view it is attached to (`addGestureRecognizer(_:)`).
    public internal(set) weak var view: View?
    let action: (GestureRecognizer) -> Void

    /// A recognizer that runs `action` when it recognises its gesture (on the view's queue).
    public init(action: @escaping (GestureRecognizer) -> Void) { self.action = action }

    /// Where the gesture is, in the attached view's bounds space.
    public internal(set) var location: Point = .zero

    /// A touch of the attached view or one of its subviews, at `point` in the attached
    /// view's space. Subclasses decide; `setState` reports.
    open func handle(_ touch: Touch, locationInView point: Point) {}

    /// Sets the state; `began`, `changed` and `ended` run the action. For subclasses.
    public func setState(_ s: State) {
        state = s
        if s == .ended || s == .began || s == .changed { action(self) }
        if s == .ended || s == .cancelled || s == .failed { state = .possible }
    }
}

/// A single tap (`UITapGestureRecognizer`): a press and its release within
/// `allowableMovement` points (10, as UIKit) of each other, in the attached view's bounds.
public final class TapGestureRecognizer: GestureRecognizer {
    private func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// Points the touch may move and still be a tap (UIKit's 10).
    public var allowableMovement: Double = 10
    private var start: (pointer: UInt32, point: Point)?

    public override func handle(_ touch: Touch, locationInView point: Point) {
        switch touch.phase {
        case .began:
            start = (touch.pointerID, point)
        case .moved:
            if let s = start, s.pointer == touch.pointerID,
               distance(point, s.point) > allowableMovement {
                start = nil
                setState(.failed)
            }
        case .ended:
            guard let s = start, s.pointer == touch.pointerID else { return }
            start = nil
            location = point
            let inside = view.map { v in
                let b = v.bounds
                return point.x >= b.minX && point.x < b.maxX && point.y >= b.minY && point.y < b.maxY
            } ?? false
            setState(inside && distance(point, s.point) <= allowableMovement ? .ended : .failed)
        case .cancelled:
            start = nil
            setState(.cancelled)
        }
    }
}

extension View {
    /// Attaches `g`: it sees the touches of this view and of its subviews.
    public func addGestureRecognizer(_ g: GestureRecognizer) {
        g.view = self
        gestureRecognizers.append(g)
    }

    /// Detaches `g`.
    public func removeGestureRecognizer(_ g: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === g }
        if g.view === self { g.view = nil }
    }

    /// A point of this view's bounds space in its superview's (frame origin and bounds
    /// origin; the layer's transform is not applied).
    func convertToSuperview(_ p: Point) -> Point {
        let f = frame, b = bounds
        return Point(x: p.x - b.origin.x + f.origin.x, y: p.y - b.origin.y + f.origin.y)
    }
}
