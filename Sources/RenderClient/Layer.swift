import Dispatch
import RenderCore
import RenderProtocol

/// A model layer (`CALayer`): properties, a place in the layer tree, animations, and the
/// action search that turns property changes into implicit animations. Its server
/// counterpart is created with it, changed by the transactions that change it, and
/// destroyed when it is released.
///
/// Thread affinity: a layer belongs to its context's callback queue (the main queue by
/// default). Create it, change it, add animations and ask for its presentation there;
/// mutations and `presentation()` check it with `dispatchPrecondition`. Plain property
/// reads are not checked but are only meaningful there too.
///
/// Every change is recorded in the queue's current transaction (an implicit one is opened
/// if none is), and becomes part of the next commit. A change to an animatable property
/// of a layer that has been committed once runs the action search (`action(forKey:)`), so
/// a standalone layer animates it implicitly; changes made before the layer's first commit
/// take effect without animation, as in Core Animation.
open class Layer {
    /// The context whose server session holds this layer's counterpart.
    public let context: Context
    /// The layer's id in its session (from 1; never reused).
    public let id: LayerID

    /// The model values.
    var storage = LayerProperties()
    /// The model as it was before the open transaction's first change (for the "old
    /// presentation value" of implicit animations); `nil` when unchanged.
    var baseModel: LayerProperties?
    /// `1 << PropertyKey.rawValue` for every property changed in the open transaction.
    var dirtyMask: UInt64 = 0
    /// `1 << PropertyKey.rawValue` for every property ever set: what a replay to a
    /// restarted daemon sends (the others have their default values).
    var setMask: UInt64 = 0
    var timingDirty = false
    /// The layer's `createLayer` has been sent.
    var isCommitted = false
    /// Attached animations in the order added (pending ones included).
    var entries: [AnimationRecord] = []
    /// Marked by `setNeedsLayout()`; cleared when laid out.
    public internal(set) var needsLayout = false

    /// The superlayer, if the layer is in a tree.
    public private(set) weak var superlayer: Layer?
    /// The sublayers, back to front.
    public private(set) var sublayers: [Layer] = []
    /// The layer set as `mask` (kept alive by this layer, as `CALayer` retains its mask).
    var maskLayer: Layer?
    /// The layer whose `mask` this one is.
    public internal(set) weak var maskedLayer: Layer?

    /// Asked first for the action of each property change (a view, for its backing layer).
    public weak var delegate: LayerDelegate?
    /// Actions by key, searched after the delegate. `NullAction()` stops the search.
    public var actions: [String: Action] = [:]
    /// Searched after `actions`: its `"actions"` entry (a `[String: Action]`), then its
    /// `"style"` entry (another style dictionary) recursively, as Core Animation does.
    /// Other entries are kept for the app's use; they do not provide property defaults.
    public var style: [String: Any] = [:]
    /// A name for debugging and tree dumps (client side only).
    public var name: String?
    /// Values stored under keys that are no layer property (`setValue(_:forKey:)`, as
    /// `CALayer` keeps arbitrary keys). Client side only.
    var userValues: [String: Any] = [:]

    /// The layer's own timing, applied to its subtree and its animations
    /// (`local = (parent − beginTime) × speed + timeOffset`).
    public internal(set) var timing = LayerTiming.identity
    /// The interaction tracker attached (`setInteractionTracker`), and what the daemon last
    /// said of it (`Layer+Tracker.swift`).
    public internal(set) var interactionTracker: TrackerConfiguration?
    /// The tracker's state as the daemon last reported it (`.idle` without a tracker).
    public internal(set) var trackerState: TrackerState = .idle
    var nextTrackerRequest: UInt32 = 1
    /// While the daemon reports inertia: the same model run from its last report, so
    /// `presentation(at:)` follows the content between reports (`Layer+Tracker.swift`).
    var trackerMirror: (tracker: InteractionTracker, since: Double)?

    /// The kind of layer the server draws for this class.
    class var layerKind: LayerKind { .layer }
    /// What the daemon draws for this layer: `.layer`, `.shape` or `.text`, from its class.
    public var kind: LayerKind { type(of: self).layerKind }

    /// A layer in `context`, or in `Context.current` (the first live context of the queue
    /// this runs on). Traps off a context's queue. `required`, so that a layer class chosen
    /// at run time (a view's `layerClass`) can be instantiated.
    public required init(context: Context? = nil) {
        guard let c = context ?? Context.current else {
            preconditionFailure("Layer created with no context: connect first (`let context = try Context.connect()`, "
                + "or make a Context) and create layers on that context's queue (the main queue by default)")
        }
        dispatchPrecondition(condition: .onQueue(c.queue))
        self.context = c
        self.id = c.allocateLayerID()
        c.layerCreated(self, kind: kind)
    }

    deinit {
        context.layerReleased(id, records: entries)
    }

    /// The action for a change of `key` (`CALayer.actionForKey:`), searched in order:
    ///
    /// 1. the delegate's `action(for:forKey:)`,
    /// 2. `actions[key]`,
    /// 3. `style["actions"][key]`, then the nested `style["style"]` dictionaries,
    /// 4. the class's `defaultAction(forKey:)`,
    /// 5. the built-in implicit animation, for an animatable property of this layer kind: a
    ///    basic animation from the old presentation value (now) to the new model value,
    ///    lasting the transaction's `animationDuration` (or 0.25 s), with its timing
    ///    function.
    ///
    /// The first step that gives an action ends the search; a `NullAction` ends it with no
    /// action (`nil` is returned). Called before the model value changes. Subclasses may
    /// override it (call `super`).
    open func action(forKey key: String) -> Action? {
        searchAction(forKey: key)
    }

    /// The class's action for `key`, searched after the delegate, `actions` and `style`
    /// (`+[CALayer defaultActionForKey:]`). `nil` here lets the built-in implicit animation
    /// apply; return `NullAction()` to suppress it for a key.
    open class func defaultAction(forKey key: String) -> Action? { nil }

    /// Lays out the sublayers during a layout pass (see `setNeedsLayout()`); by default
    /// asks the delegate (`layoutSublayers(of:)`). Subclasses may override it (call `super`
    /// to keep the delegate's layout).
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    // MARK: Tree

    /// Appends `layer` to the sublayers (removing it from its previous superlayer).
    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: sublayers.count)
    }

    /// Inserts `layer` into the sublayers at `index` (clamped to the count), removing it
    /// from its previous superlayer first. Traps on a layer of another context or on a
    /// cycle (inserting an ancestor).
    public func insertSublayer(_ layer: Layer, at index: Int) {
        dispatchPrecondition(condition: .onQueue(context.queue))
        precondition(layer.context === context,
                     "layer \(layer.id) belongs to another context than layer \(id); layers of different sessions cannot nest")
        var a: Layer? = self
        while let x = a {
            precondition(x !== layer, "inserting layer \(layer.id) into layer \(id) would make a cycle (it is an ancestor)")
            a = x.superlayer
        }
        precondition(layer.maskedLayer == nil, "layer \(layer.id) is the mask of layer \(layer.maskedLayer!.id) and a mask "
            + "cannot also be a sublayer; set that layer's mask to nil first")
        context.willChange()
        if let old = layer.superlayer, let i = old.sublayers.firstIndex(where: { $0 === layer }) {
            old.sublayers.remove(at: i)
        }
        let at = max(0, min(index, sublayers.count))
        sublayers.insert(layer, at: at)
        layer.superlayer = self
        context.delta.structural.append(.insertSublayer(parent: id, child: layer.id, index: UInt32(at)))
    }

    /// Inserts `layer` just below `sibling` (or at the back when `nil` / not a sublayer).
    public func insertSublayer(_ layer: Layer, below sibling: Layer?) {
        var i = sibling.flatMap { s in sublayers.firstIndex { $0 === s } } ?? 0
        // Moving a sublayer that sits before the sibling: the index shifts once it is removed.
        if let j = sublayers.firstIndex(where: { $0 === layer }), j < i { i -= 1 }
        insertSublayer(layer, at: i)
    }

    /// Inserts `layer` just above `sibling` (or at the front when `nil` / not a sublayer).
    public func insertSublayer(_ layer: Layer, above sibling: Layer?) {
        var i = sibling.flatMap { s in sublayers.firstIndex { $0 === s } }.map { $0 + 1 } ?? sublayers.count
        if let j = sublayers.firstIndex(where: { $0 === layer }), j < i { i -= 1 }
        insertSublayer(layer, at: i)
    }

    /// Detaches the layer from its superlayer. Does nothing when it has none.
    public func removeFromSuperlayer() {
        dispatchPrecondition(condition: .onQueue(context.queue))
        guard let parent = superlayer else { return }
        context.willChange()
        if let i = parent.sublayers.firstIndex(where: { $0 === self }) { parent.sublayers.remove(at: i) }
        superlayer = nil
        context.delta.structural.append(.removeFromSuperlayer(id))
    }

    // MARK: Timing

    /// In the superlayer's time space, seconds.
    public var beginTime: Double {
        get { timing.beginTime }
        set { var t = timing; t.beginTime = newValue; setTiming(t) }
    }

    /// Rate of the layer's local time relative to its parent's (0 pauses the subtree).
    public var speed: Double {
        get { timing.speed }
        set { var t = timing; t.speed = newValue; setTiming(t) }
    }

    /// Added to the local time, seconds.
    public var timeOffset: Double {
        get { timing.timeOffset }
        set { var t = timing; t.timeOffset = newValue; setTiming(t) }
    }

    /// Sets the whole layer timing (no action search: timing is not animatable).
    public func setTiming(_ t: LayerTiming) {
        dispatchPrecondition(condition: .onQueue(context.queue))
        guard t != timing else { return }
        context.willChange()
        timing = t
        if !timingDirty {
            timingDirty = true
            context.delta.timingLayers.append(Weak(self))
        }
    }

    /// The timings from the outermost ancestor down to this layer (identities skipped:
    /// they leave the time unchanged), as `Presentation.localTime` takes them.
    var timingChain: [LayerTiming] {
        var chain: [LayerTiming] = []
        var l: Layer? = self
        while let x = l {
            if !x.timing.isIdentity { chain.append(x.timing) }
            l = x.superlayer
        }
        chain.reverse()
        return chain
    }

    /// The layer's local time at media time `t` (its ancestors' timings and its own applied).
    public func localTime(at t: Double) -> Double {
        Presentation.localTime(at: t, timings: timingChain)
    }

    // MARK: Geometry

    /// The layer's rectangle in its superlayer's space: derived from `position`, `bounds`,
    /// `anchorPoint` and `transform` (the bounding box of the transformed bounds). Setting
    /// it sets `bounds.size` and `position`; as in Core Animation the result is undefined
    /// when `transform` is not the identity.
    public var frame: Rect {
        get {
            let p = storage
            guard !p.transform.isIdentity else { return p.frame }
            let w = p.bounds.width, h = p.bounds.height
            let x0 = -p.anchorPoint.x * w, y0 = -p.anchorPoint.y * h
            let corners = [Point(x: x0, y: y0), Point(x: x0 + w, y: y0), Point(x: x0, y: y0 + h), Point(x: x0 + w, y: y0 + h)]
                .map { p.transform.apply(to: $0) }
            let minX = corners.map(\.x).min()!, maxX = corners.map(\.x).max()!
            let minY = corners.map(\.y).min()!, maxY = corners.map(\.y).max()!
            return Rect(x: p.position.x + minX, y: p.position.y + minY, width: maxX - minX, height: maxY - minY)
        }
        set {
            bounds = Rect(origin: bounds.origin, size: newValue.size)
            position = Point(x: newValue.origin.x + anchorPoint.x * newValue.width,
                             y: newValue.origin.y + anchorPoint.y * newValue.height)
        }
    }

    /// The model values, a copy (`CALayer.model()`).
    public func model() -> LayerProperties { storage }
}

extension Layer: CustomStringConvertible {
    /// The class, id, name and frame, for logs.
    public var description: String {
        "<\(type(of: self)) \(id)\(name.map { " \"\($0)\"" } ?? "") frame \(frame)>"
    }
}
