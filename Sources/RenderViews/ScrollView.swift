import RenderClient
import RenderCore
import RenderProtocol

/// What a scroll view tells its delegate (`UIScrollViewDelegate`), on the view's queue when
/// it is free: the daemon scrolled meanwhile, so these report what the user already saw.
public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed (at most once a frame while it moves).
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// The user's pan began (the tracker went interacting).
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// The user let go; `decelerate` when the content goes on moving by itself.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// Inertia began (after a release, or a programmatic flick).
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    /// Inertia came to rest.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    /// A `setContentOffset(_:animated: true)` finished.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
}

/// Every method is optional, as in UIKit: the defaults do nothing.
extension ScrollViewDelegate {
    /// Nothing.
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    /// Nothing.
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    /// Nothing.
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    /// Nothing.
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    /// Nothing.
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    /// Nothing.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}

/// A view whose subviews scroll (`UIScrollView`), driven by the daemon: its layer carries an
/// interaction tracker, so dragging, flinging, bouncing and paging run on the daemon's frames
/// and go on at full rate while this process's main thread is blocked. The delegate hears
/// about it when the main queue is free again; `contentOffset` then already says where the
/// content is.
///
/// Differences from UIKit: `contentOffset` set while the user drags is ignored (the hand
/// wins, as Windows Composition's InteractionTracker rules; UIKit would jump); there is no
/// zooming, no scroll indicators and no `contentInsetAdjustmentBehavior`.
open class ScrollView: View {
    /// The size of the content, in points (`contentSize`).
    public var contentSize: Size = .zero { didSet { updateTracker() } }
    /// Extra scrollable space around the content (`contentInset`).
    public var contentInset: EdgeInsets = .zero { didSet { updateTracker() } }
    /// Whether the user may scroll (`isScrollEnabled`).
    public var isScrollEnabled = true { didSet { updateTracker() } }
    /// Whether the content rubber-bands past its edges and bounces back (`bounces`).
    public var bounces = true { didSet { updateTracker() } }
    /// Whether the content scrolls and bounces vertically even when it is not taller than
    /// the view (`alwaysBounceVertical`).
    public var alwaysBounceVertical = false { didSet { updateTracker() } }
    /// Likewise horizontally (`alwaysBounceHorizontal`).
    public var alwaysBounceHorizontal = false { didSet { updateTracker() } }
    /// Whether a release settles on a multiple of the view's size (`isPagingEnabled`).
    public var isPagingEnabled = false { didSet { updateTracker() } }
    /// How fast inertia slows (`UIScrollView.DecelerationRate`): the fraction of velocity
    /// kept per millisecond, `.normal` 0.998 or `.fast` 0.99.
    public var decelerationRate: DecelerationRate = .normal { didSet { updateTracker() } }
    /// Content offsets inertia comes to rest on (InteractionTracker's resting points; UIKit
    /// has `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` instead, which
    /// would need the main thread at the release). Empty for none.
    public var snapOffsetsX: [Double] = [] { didSet { updateTracker() } }
    /// Vertical resting offsets, as `snapOffsetsX`.
    public var snapOffsetsY: [Double] = [] { didSet { updateTracker() } }
    /// Told of scrolling on the view's queue (`UIScrollViewDelegate`); weak.
    public weak var delegate: ScrollViewDelegate?

    /// The user's finger or pointer holds the content (`isTracking`/`isDragging`).
    public private(set) var isDragging = false
    /// The same as `isDragging` here (UIKit sets it at the touch, before the pan).
    public var isTracking: Bool { isDragging }
    /// The content moves by itself after a release (`isDecelerating`).
    public private(set) var isDecelerating = false

    /// The fraction of its velocity inertia keeps per millisecond (`UIScrollView.DecelerationRate`).
    public struct DecelerationRate: Hashable, Sendable {
        /// In 0 < rawValue < 1.
        public var rawValue: Double
        /// A rate of your own (0 < rawValue < 1).
        public init(rawValue: Double) { self.rawValue = rawValue }
        /// UIKit's default, 0.998: a long glide.
        public static let normal = DecelerationRate(rawValue: TrackerConfiguration.normalDecelerationRate)
        /// 0.99: a short glide (paging and pickers).
        public static let fast = DecelerationRate(rawValue: TrackerConfiguration.fastDecelerationRate)
    }

    /// A scroll view with `frame`, its layer carrying a tracker (vertical and horizontal, by
    /// the content's size), clipping its content to its bounds as UIKit's does.
    public required init(frame: Rect = .zero, context: Context? = nil) {
        super.init(frame: frame, context: context)
        clipsToBounds = true
        updateTracker()
    }

    /// Where the content is: the view's `bounds.origin`, as the daemon last reported it
    /// (or as set). Setting it jumps there (`setContentOffset(_:animated: false)`).
    public var contentOffset: Point {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }

    /// Moves the content to `offset`, with the daemon's spring when `animated`. Without
    /// animation the model takes the offset at once (as UIKit's does); the daemon clamps it
    /// to the content and its report brings the model to where the content is. Ignored by
    /// the daemon while the user drags (its report says where the content is instead).
    public func setContentOffset(_ offset: Point, animated: Bool) {
        layer.requestTracker(animated ? .animatePosition : .setPosition, point: offset)
        guard !animated, offset != bounds.origin else { return }
        View.performWithoutAnimation { bounds = Rect(origin: offset, size: bounds.size) }
        contentOffsetDidChange()
    }

    /// The content offset changed: set by the app, or reported by the daemon as the user
    /// scrolls. Subclasses attach what came into view (`CollectionHost` does); call super.
    open func contentOffsetDidChange() {}

    /// A programmatic flick: adds `velocity` (points per second) to the motion.
    public func addVelocity(_ velocity: Point) { layer.requestTracker(.addVelocity, point: velocity) }

    /// Stops inertia where the content is.
    public func stopScrolling() { layer.requestTracker(.stopMotion) }

    /// The tracker's configuration from the scroll view's properties.
    public var trackerConfiguration: TrackerConfiguration {
        TrackerConfiguration(axes: .both, contentSize: contentSize, contentInset: contentInset,
                             decelerationRate: decelerationRate.rawValue, bounces: bounces,
                             alwaysBounceHorizontal: alwaysBounceHorizontal, alwaysBounceVertical: alwaysBounceVertical,
                             isPagingEnabled: isPagingEnabled, isEnabled: isScrollEnabled,
                             snapPointsX: snapOffsetsX, snapPointsY: snapOffsetsY)
    }

    private func updateTracker() { layer.setInteractionTracker(trackerConfiguration) }

    open override func layer(_ layer: Layer, trackerDidUpdate update: TrackerUpdate) {
        switch update.reason {
        case .moved, .requestApplied:
            contentOffsetDidChange()
            delegate?.scrollViewDidScroll(self)
        case .requestIgnored:
            break
        case .stateChanged:
            let was = (dragging: isDragging, decelerating: isDecelerating)
            isDragging = update.state == .interacting
            isDecelerating = update.state == .inertia
            if isDragging && !was.dragging { delegate?.scrollViewWillBeginDragging(self) }
            if was.dragging && !isDragging {
                delegate?.scrollViewDidEndDragging(self, willDecelerate: update.state == .inertia)
                if update.state == .inertia { delegate?.scrollViewWillBeginDecelerating(self) }
            } else if isDecelerating && !was.decelerating {
                delegate?.scrollViewWillBeginDecelerating(self)
            }
            if was.decelerating && !isDecelerating { delegate?.scrollViewDidEndDecelerating(self) }
            if update.state == .idle && trackerWasAnimating { delegate?.scrollViewDidEndScrollingAnimation(self) }
            trackerWasAnimating = update.state == .animating
        }
    }
    private var trackerWasAnimating = false
}
