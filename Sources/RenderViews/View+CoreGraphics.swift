import Foundation
import RenderClient

// UIKit code passes Core Graphics geometry: `View(frame: CGRect(...))`, `view.frame = …`,
// `view.center = CGPoint(...)`. As for `Layer` (RenderClient's `PortingSpellings`), a
// constrained protocol extension adds these spellings beside the `Rect`/`Point` ones; where
// nothing decides (`let f = view.frame`, `View(frame: .zero)`), the view's own win.

extension View: PortingSpellings {}

/// Views' geometry in Core Graphics types (`CGRect`, `CGPoint`), beside the `Rect`/`Point` ones.
extension PortingSpellings where Self: View {
    /// A view with a Core Graphics frame (`UIView(frame:)`).
    public init(frame: CGRect, context: Context? = nil) {
        self.init(frame: Rect(frame), context: context)
    }
    /// `frame` in Core Graphics types (see `View.frame`).
    public var frame: CGRect {
        get { CGRect((self as View).frame) }
        set { (self as View).frame = Rect(newValue) }
    }
    /// `bounds` in Core Graphics types.
    public var bounds: CGRect {
        get { CGRect((self as View).bounds) }
        set { (self as View).bounds = Rect(newValue) }
    }
    /// `center` in Core Graphics types.
    public var center: CGPoint {
        get { CGPoint((self as View).center) }
        set { (self as View).center = Point(newValue) }
    }
}
