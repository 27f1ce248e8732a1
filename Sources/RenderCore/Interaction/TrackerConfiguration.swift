// What an interaction tracker is told ahead of time: which axes scroll, the content's size
// and insets, the deceleration rate, bouncing, paging and snap points. The app declares
// these (InteractionTracker's model); the daemon's frame then runs the motion alone.

/// The axes an ``InteractionTracker`` lets the user scroll along.
public struct TrackerAxes: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// Bit 0 horizontal, bit 1 vertical (the wire's encoding too).
    public let rawValue: UInt8
    /// The axes of the set bits (bits above 1 are kept but mean nothing).
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Along x: the content offset's x changes.
    public static let horizontal = TrackerAxes(rawValue: 1 << 0)
    /// Along y: the content offset's y changes.
    public static let vertical = TrackerAxes(rawValue: 1 << 1)
    /// Both axes.
    public static let both: TrackerAxes = [.horizontal, .vertical]
    /// "horizontal", "vertical", "both" or "none".
    public var description: String {
        switch (contains(.horizontal), contains(.vertical)) {
        case (true, true): return "both"
        case (true, false): return "horizontal"
        case (false, true): return "vertical"
        case (false, false): return "none"
        }
    }
}

/// Insets of a rectangle on its four edges, in points (`UIEdgeInsets`): positive values
/// inset, negative values outset.
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// The inset of the top edge (the minimum y offset is −top), points.
    public var top: Double
    /// The inset of the left edge (the minimum x offset is −left), points.
    public var left: Double
    /// The inset of the bottom edge: extra room below the content, points.
    public var bottom: Double
    /// The inset of the right edge: extra room right of the content, points.
    public var right: Double
    /// Insets of the given edges, 0 for the others.
    @inlinable public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// No insets.
    public static let zero = EdgeInsets()
    /// "{top t, left l, bottom b, right r}".
    public var description: String { "{top \(top), left \(left), bottom \(bottom), right \(right)}" }
}

/// How an ``InteractionTracker`` scrolls: `UIScrollView`'s scrolling properties, declared
/// ahead of time so the daemon can run pan, fling, bounce, paging and snapping alone.
///
/// Offsets are content offsets (`UIScrollView.contentOffset`: the tracked layer's
/// `bounds.origin`), in points. The range the content rests in is, per axis,
///
///     min = −inset.left                      (y: −inset.top)
///     max = max(min, contentSize.width + inset.right − viewport.width)
///
/// An axis scrolls under the user's hand when it is in `axes`, `isEnabled` is set, and the
/// content is larger than the viewport on it or `alwaysBounce…` is set for it. The app's
/// requests (`setPosition`, `animatePosition`, `addVelocity`) move within the range on
/// either axis whatever `axes` and `isEnabled` say, as `setContentOffset` does on a scroll
/// view whose `isScrollEnabled` is false.
///
/// Values a peer sends may be odd: ``problems()`` names each one (the protocol layer
/// rejects such a configuration with its messages); the tracker itself uses
/// ``sanitized()``, so it never traps or produces NaN positions whatever it is given.
public struct TrackerConfiguration: Hashable, Sendable, CustomStringConvertible {
    /// The axes the user may scroll along.
    public var axes: TrackerAxes
    /// The content's size, in points (`contentSize`), ≥ 0.
    public var contentSize: Size
    /// Extra scrollable space around the content, in points (`contentInset`).
    public var contentInset: EdgeInsets
    /// The fraction of its velocity the inertia keeps per millisecond, in 0 < rate < 1:
    /// `UIScrollView.DecelerationRate.normal` is 0.998, `.fast` 0.99.
    public var decelerationRate: Double
    /// Whether the content rubber-bands past its edges while dragged and bounces back after
    /// a fling reaches them (`bounces`); without it, the content stops at the edges.
    public var bounces: Bool
    /// Whether the horizontal axis bounces (and so scrolls) even when the content is not
    /// wider than the viewport (`alwaysBounceHorizontal`). Needs `bounces`.
    public var alwaysBounceHorizontal: Bool
    /// Whether the vertical axis bounces even when the content is not taller than the
    /// viewport (`alwaysBounceVertical`). Needs `bounces`.
    public var alwaysBounceVertical: Bool
    /// Whether a release settles on a multiple of the viewport's size from the minimum
    /// offset, at most one page from where the drag began (`isPagingEnabled`).
    public var isPagingEnabled: Bool
    /// Whether the user may scroll at all (`isScrollEnabled`). The app's requests still apply.
    public var isEnabled: Bool
    /// How far, in points, the pointer moves along a scrolling axis before a press becomes
    /// a pan (≥ 0). UIKit's pan recognizer uses about 10 points.
    public var minimumDragDistance: Double
    /// Horizontal content offsets the inertia comes to rest on (InteractionTracker's
    /// resting-value inertia modifiers); empty for none. Unordered; the protocol bounds
    /// their number.
    public var snapPointsX: [Double]
    /// Vertical content offsets the inertia comes to rest on; empty for none.
    public var snapPointsY: [Double]

    /// `UIScrollView.DecelerationRate.normal`.
    public static let normalDecelerationRate = 0.998
    /// `UIScrollView.DecelerationRate.fast`.
    public static let fastDecelerationRate = 0.99
    /// The default minimum drag distance, in points (UIKit's pan threshold).
    public static let defaultMinimumDragDistance = 10.0

    /// A configuration of the given values; the defaults are `UIScrollView`'s (a vertical
    /// list, normal deceleration, bouncing, no paging, a 10-point drag threshold) with no
    /// content, so nothing scrolls until `contentSize` is set.
    public init(axes: TrackerAxes = .vertical, contentSize: Size = .zero, contentInset: EdgeInsets = .zero,
                decelerationRate: Double = TrackerConfiguration.normalDecelerationRate, bounces: Bool = true,
                alwaysBounceHorizontal: Bool = false, alwaysBounceVertical: Bool = false,
                isPagingEnabled: Bool = false, isEnabled: Bool = true,
                minimumDragDistance: Double = TrackerConfiguration.defaultMinimumDragDistance,
                snapPointsX: [Double] = [], snapPointsY: [Double] = []) {
        self.axes = axes; self.contentSize = contentSize; self.contentInset = contentInset
        self.decelerationRate = decelerationRate; self.bounces = bounces
        self.alwaysBounceHorizontal = alwaysBounceHorizontal; self.alwaysBounceVertical = alwaysBounceVertical
        self.isPagingEnabled = isPagingEnabled; self.isEnabled = isEnabled
        self.minimumDragDistance = minimumDragDistance
        self.snapPointsX = snapPointsX; self.snapPointsY = snapPointsY
    }

    /// A vertical list's configuration: `UIScrollView`'s defaults (normal deceleration,
    /// bouncing, no paging, a 10-point drag threshold) with no content yet.
    public static let `default` = TrackerConfiguration()

    /// What is wrong with the values, one sentence each naming the field, the value and
    /// what is allowed; empty when the configuration is valid.
    public func problems() -> [String] {
        var out = [String]()
        func finite(_ name: String, _ v: Double) {
            if !v.isFinite { out.append("\(name) \(v) is not a finite number of points") }
        }
        for (name, v) in [("contentSize.width", contentSize.width), ("contentSize.height", contentSize.height)] {
            if !v.isFinite || v < 0 { out.append("\(name) \(v): use a finite size ≥ 0 points") }
        }
        finite("contentInset.top", contentInset.top); finite("contentInset.left", contentInset.left)
        finite("contentInset.bottom", contentInset.bottom); finite("contentInset.right", contentInset.right)
        if !(decelerationRate > 0 && decelerationRate < 1) {
            out.append("decelerationRate \(decelerationRate): use a fraction kept per millisecond in 0 < rate < 1 "
                + "(UIScrollView's normal 0.998, fast 0.99)")
        }
        if !minimumDragDistance.isFinite || minimumDragDistance < 0 {
            out.append("minimumDragDistance \(minimumDragDistance): use a finite distance ≥ 0 points")
        }
        for (name, points) in [("snapPointsX", snapPointsX), ("snapPointsY", snapPointsY)] {
            if let i = points.firstIndex(where: { !$0.isFinite }) {
                out.append("\(name)[\(i)] \(points[i]) is not a finite content offset")
            }
        }
        return out
    }

    /// The configuration with every odd value replaced by a usable one: non-finite or
    /// negative sizes and distances by 0, non-finite insets by 0, a deceleration rate outside
    /// 0 < rate < 1 by the normal rate, non-finite snap points dropped. Valid configurations
    /// come back unchanged.
    public func sanitized() -> TrackerConfiguration {
        func size(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }
        func offset(_ v: Double) -> Double { v.isFinite ? v : 0 }
        var c = self
        c.contentSize = Size(width: size(contentSize.width), height: size(contentSize.height))
        c.contentInset = EdgeInsets(top: offset(contentInset.top), left: offset(contentInset.left),
                                    bottom: offset(contentInset.bottom), right: offset(contentInset.right))
        if !(decelerationRate > 0 && decelerationRate < 1) { c.decelerationRate = Self.normalDecelerationRate }
        c.minimumDragDistance = size(minimumDragDistance)
        if snapPointsX.contains(where: { !$0.isFinite }) { c.snapPointsX = snapPointsX.filter(\.isFinite) }
        if snapPointsY.contains(where: { !$0.isFinite }) { c.snapPointsY = snapPointsY.filter(\.isFinite) }
        return c
    }

    /// The values that differ from a plain vertical list, for logs and test failures.
    public var description: String {
        var s = "tracker(\(axes), content \(contentSize), inset \(contentInset), rate \(decelerationRate)"
        if !bounces { s += ", no bounce" }
        if alwaysBounceHorizontal { s += ", always bounce horizontal" }
        if alwaysBounceVertical { s += ", always bounce vertical" }
        if isPagingEnabled { s += ", paging" }
        if !isEnabled { s += ", disabled" }
        s += ", drag \(minimumDragDistance)"
        if !snapPointsX.isEmpty { s += ", snap x \(snapPointsX)" }
        if !snapPointsY.isEmpty { s += ", snap y \(snapPointsY)" }
        return s + ")"
    }
}
