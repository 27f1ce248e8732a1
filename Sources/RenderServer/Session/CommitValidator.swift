import RenderCore
import RenderProtocol

/// Checks a whole commit before any of it is applied: a commit is applied whole or not at
/// all.
///
/// A commit's commands must each be checked against the tree as the commands before them
/// in the same commit leave it, and a large commit is checked a slice at a time before any
/// of it applies. `Pending` is that view: the store plus the structural effect of the
/// commands checked so far, kept as copies of just the layers they touch. It is emptied
/// when the commit applies.
///
/// What is checked, per command: the layer exists (or, for `createLayer`, does not); the
/// key path exists on the layer's kind and the value has the key path's kind; an insert
/// creates no cycle and no layer deeper than `maxTreeDepth` (both in O(depth limit): see
/// `checkStructure`); the limits (layers per client, animations per layer, keyframes,
/// bitmap bytes, commands per commit, contents bytes held by the session and by the daemon,
/// in layers' contents and in animation values — see `ContentsLedger`); a mask is neither
/// in a tree nor the root; animation timing values are numbers (no NaN, no negative
/// duration); and the commit's sequence is above the previous one.
package struct CommitValidator {
    let limits: Limits
    /// Names the client in messages: `client "demo" (pid 1234)`.
    let client: String
    /// The deepest a layer may sit: a root layer is at depth 1, its sublayers at 2, …
    /// (`Limits.maxTreeDepth`, announced in welcome).
    let maxTreeDepth: Int
    /// The session's contents bytes (`maxContentsBytesPerSession`, `maxContentsBytes`);
    /// nil: contents are not counted.
    let contents: ContentsLedger?

    /// The tree-depth limit used when none is given.
    static let defaultMaxTreeDepth = Int(Limits.default.maxTreeDepth)

    package init(limits: Limits, client: String, maxTreeDepth: Int? = nil, contents: ContentsLedger? = nil) {
        self.limits = limits
        self.client = client
        self.maxTreeDepth = maxTreeDepth ?? Int(limits.maxTreeDepth)
        self.contents = contents
    }

    /// A failed check: the error to send (fatal: the session closes).
    package struct Rejection: Error, Equatable {
        var code: ErrorCode
        package var message: String
    }

    /// The structure of one layer as the commands checked so far leave it.
    struct ShadowNode: Equatable {
        var kind: LayerKind
        var superlayer: LayerID
        var sublayers: [LayerID]
        /// nil until a command needs them: then loaded from the store.
        var animationKeys: Set<String>?
        /// Levels of the subtree rooted here (1 for a leaf) and its sublayers' heights.
        var height: Int
        var childHeights: ChildHeights
        /// The layer's mask (0 for none) and the layer it is the mask of (0 for none).
        var mask: LayerID = 0
        var maskOf: LayerID = 0
        /// The layer has an interaction tracker.
        var hasTracker = false
    }

    /// The store as it will be once the commands checked so far apply (structure only).
    package struct Pending {
        package init() {}
        /// Layers touched by the commands checked so far; `nil` = destroyed.
        var touched: [LayerID: ShadowNode?] = [:]
        /// Layers created minus layers destroyed by the commands checked so far.
        var layerDelta = 0
        /// Animations added minus animations removed (by key, layer or destruction).
        var animationDelta = 0
        /// Work done checking beyond the commands themselves, as a running count: sublayer-list
        /// entries copied, scanned or shifted (see `LayerStore.work`).
        var work = 0
        /// The highest sequence received (validated or queued).
        var lastSequence: UInt64 = 0
        /// Contents set or dropped by the commands checked so far (`CommitValidator.contents`),
        /// folded into the ledger once the commit is validated whole.
        var contents = ContentsLedger.Delta()
        /// The root as the commands checked so far leave it; nil: the store's.
        var root: LayerID?
        package mutating func reset() {
            touched = [:]; layerDelta = 0; animationDelta = 0; contents = ContentsLedger.Delta(); root = nil
        }
    }

    /// Validates `commit` against `store` plus `pending`, and on success records its
    /// effect in `pending`. On failure `pending` is left half-updated: the session closes.
    package func validate(_ commit: Commit, store: LayerStore, pending: inout Pending) throws(Rejection) {
        try begin(commit, pending: &pending)
        try validate(commit, commands: commit.commands.indices, store: store, pending: &pending)
    }

    /// The checks of the commit as a whole (sequence, command count), before its commands.
    func begin(_ commit: Commit, pending: inout Pending) throws(Rejection) {
        guard commit.sequence > pending.lastSequence else {
            throw Rejection(code: .sequenceOutOfOrder, message: "\(client): commit sequence \(commit.sequence) "
                + "does not follow \(pending.lastSequence); sequences must increase by commit, starting at 1")
        }
        pending.lastSequence = commit.sequence
        guard commit.commands.count <= Int(limits.maxCommandsPerCommit) else {
            throw Rejection(code: .limitExceeded, message: "\(client): commit \(commit.sequence) has "
                + "\(commit.commands.count) commands, above the limit \(limits.maxCommandsPerCommit); split the "
                + "transaction into several commits")
        }
    }

    /// Checks `commit.commands[range]` against the store plus `pending`, which holds the
    /// effect of the commands before `range` (a large commit is checked a slice at a time).
    func validate(_ commit: Commit, commands range: Range<Int>, store: LayerStore,
                  pending: inout Pending) throws(Rejection) {
        _ = try validate(commit, commands: range, store: store, pending: &pending, budget: .unlimited)
    }

    /// Checks `commit.commands[range]` in order until `budget` is spent (counting the
    /// commands checked and `pending.work` added), and returns the index after the last
    /// command checked: `range.upperBound` when all were.
    func validate(_ commit: Commit, commands range: Range<Int>, store: LayerStore, pending: inout Pending,
                  budget: SliceBudget) throws(Rejection) -> Int {
        // Move `pending` into the view (no copy of its dictionary), and back on success.
        var view = View(store: store, pending: Pending())
        swap(&view.pending, &pending)
        let work0 = view.pending.work
        var index = range.lowerBound
        while index < range.upperBound {
            do throws(Rejection) {
                try check(commit.commands[index], in: &view)
            } catch {
                throw Rejection(code: error.code, message: error.message + " (command \(index) of commit \(commit.sequence))")
            }
            index += 1
            if budget.isSpent(commands: index - range.lowerBound, work: view.pending.work &- work0) { break }
        }
        swap(&view.pending, &pending)
        return index
    }

    // MARK: One command

    private func check(_ command: Command, in view: inout View) throws(Rejection) {
        switch command {
        case let .createLayer(id, kind):
            guard id != 0 else { throw invalid(.invalidCommand, "layer id 0 is reserved; number layers from 1") }
            guard !view.exists(id) else {
                throw invalid(.duplicateLayer, layer: id, "created twice; destroy it first or use a new id")
            }
            guard view.layerCount + 1 <= Int(limits.maxLayers) else {
                throw invalid(.limitExceeded, layer: id, "creating it exceeds the limit of \(limits.maxLayers) "
                    + "layers per client; destroy layers you no longer use")
            }
            view.set(id, ShadowNode(kind: kind, superlayer: 0, sublayers: [], animationKeys: [], height: 1,
                                    childHeights: ChildHeights()))
            view.pending.layerDelta += 1
        case let .destroyLayer(id):
            _ = try existing(id, view)
            let sublayers = view.node(id)?.sublayers ?? []
            view.pending.work &+= sublayers.count
            let animations = view.animationKeys(of: id).count
            view.detach(id)
            // As the store does: a destroyed mask unmasks its layer, a destroyed masked
            // layer frees its mask.
            if let n = view.node(id) {
                if n.maskOf != 0 { view.modify(n.maskOf) { $0.mask = 0 } }
                if n.mask != 0 { view.modify(n.mask) { $0.maskOf = 0 } }
            }
            for child in sublayers { view.modify(child) { $0.superlayer = 0 } }
            _ = contents?.set(id, to: nil, in: &view.pending.contents)
            contents?.clearAnimations(of: id, in: &view.pending.contents)
            if view.root == id { view.pending.root = 0 }
            view.set(id, nil)
            view.pending.layerDelta -= 1
            view.pending.animationDelta -= animations
        case let .setProperty(id, keyPath, value):
            let kind = try existing(id, view)
            try checkKeyPath(keyPath, on: kind, layer: id)
            guard value.kind == keyPath.valueKind else {
                throw invalid(.invalidValue, layer: id, "\(keyPath) takes a \(keyPath.valueKind) value, got a "
                    + "\(value.kind)")
            }
            if case let .contents(bitmap?) = value, bitmap.byteCount > Int(limits.maxBitmapBytes) {
                throw invalid(.limitExceeded, layer: id, "contents of \(bitmap.byteCount) bytes exceed the limit "
                    + "\(limits.maxBitmapBytes); scale the image down")
            }
            try checkPropertyValue(keyPath.property, value, layer: id)
            if case let .contents(bitmap) = value, keyPath.property == .contents {
                try checkContents(bitmap, of: id, in: &view)
            }
            if case let .layer(mask) = value, keyPath.property == .mask {
                try checkMask(mask, of: id, view)
                let old = view.node(id)?.mask ?? 0
                if old != 0 && old != mask { view.modify(old) { $0.maskOf = 0 } }
                if mask != 0 { view.modify(mask) { $0.maskOf = id } }
                view.modify(id) { $0.mask = mask }
            }
        case let .insertSublayer(parent, child, _):
            _ = try existing(parent, view)
            _ = try existing(child, view)
            let owner = view.node(child)?.maskOf ?? 0
            guard owner == 0 else {
                throw invalid(.invalidCommand, layer: child, "it is the mask of layer \(owner) and a mask cannot also be "
                    + "a sublayer (Core Animation's masks have no superlayer); set layer \(owner)'s mask to none first")
            }
            try checkStructure(inserting: child, into: parent, &view)
            view.detach(child)
            let height = view.height(of: child)
            view.modify(parent) { $0.sublayers.append(child) }
            view.modify(child) { $0.superlayer = parent }
            view.propagateHeight(from: parent, removing: nil, adding: height)
        case let .removeFromSuperlayer(id):
            _ = try existing(id, view)
            view.detach(id)
        case let .setRoot(id):
            if id != 0 {
                _ = try existing(id, view)
                let owner = view.node(id)?.maskOf ?? 0
                guard owner == 0 else {
                    throw invalid(.invalidCommand, layer: id, "it is the mask of layer \(owner) and a mask cannot also be "
                        + "the root (a mask is drawn only through the layer it masks); set layer \(owner)'s mask to none "
                        + "first, or make another layer the root")
                }
            }
            view.pending.root = id
        case let .addAnimation(id, key, _, animation):
            let kind = try existing(id, view)
            try checkAnimation(animation, on: kind, layer: id, depth: 0)
            try checkNewKey(key, on: id, in: &view)
            try checkAnimationContents(animation.contentsBytes, key: key, of: id, in: &view)
        case let .retargetSpring(id, key, _, r):
            let kind = try existing(id, view)
            try checkKeyPath(r.keyPath, on: kind, layer: id)
            guard r.to.kind == r.keyPath.valueKind else {
                throw invalid(.invalidValue, layer: id, "retargetSpring \"\(key)\": \(r.keyPath) takes a "
                    + "\(r.keyPath.valueKind) value, got a \(r.to.kind)")
            }
            guard SpringAnimation.canRetarget(r.to.kind) else {
                throw invalid(.invalidValue, layer: id, "retargetSpring \"\(key)\": \(r.keyPath) is a \(r.to.kind); "
                    + "a spring retargets numbers, points, sizes, rects and colors (for a transform, retarget a "
                    + "component such as transform.scale or transform.translation)")
            }
            guard r.mass > 0, r.stiffness > 0, r.damping >= 0, r.mass.isFinite, r.stiffness.isFinite,
                  r.damping.isFinite, (r.to.components ?? []).allSatisfy(\.isFinite) else {
                throw invalid(.invalidValue, layer: id, "retargetSpring \"\(key)\" of \(r.keyPath): mass \(r.mass) and "
                    + "stiffness \(r.stiffness) must be finite and > 0, damping \(r.damping) finite and ≥ 0, the "
                    + "target finite")
            }
            try checkNewKey(key, on: id, in: &view)
            try checkAnimationContents(0, key: key, of: id, in: &view)
        case let .removeAnimation(id, key):
            _ = try existing(id, view)
            var keys = view.animationKeys(of: id)
            if keys.remove(key) != nil {
                view.pending.animationDelta -= 1
                view.modify(id) { $0.animationKeys = keys }
                try checkAnimationContents(0, key: key, of: id, in: &view)
            }
        case let .removeAllAnimations(id):
            _ = try existing(id, view)
            let count = view.animationKeys(of: id).count
            if count > 0 {
                view.pending.animationDelta -= count
                view.modify(id) { $0.animationKeys = [] }
                contents?.clearAnimations(of: id, in: &view.pending.contents)
            }
        case let .setTiming(id, timing):
            _ = try existing(id, view)
            guard timing.beginTime.isFinite, timing.speed.isFinite, timing.timeOffset.isFinite else {
                throw invalid(.invalidValue, layer: id, "timing (beginTime \(timing.beginTime), speed "
                    + "\(timing.speed), timeOffset \(timing.timeOffset)) must be finite numbers")
            }
        case let .setTracker(id, configuration):
            _ = try existing(id, view)
            let problems = configuration.problems()
            guard problems.isEmpty else {
                throw invalid(.invalidValue, layer: id, "setTracker: " + problems.joined(separator: "; "))
            }
            view.modify(id) { $0.hasTracker = true }
        case let .removeTracker(id):
            _ = try existing(id, view)
            view.modify(id) { $0.hasTracker = false }
        case let .trackerRequest(id, request):
            _ = try existing(id, view)
            guard view.node(id)?.hasTracker == true else {
                throw invalid(.invalidCommand, layer: id, "trackerRequest \(request.requestID) (\(request.kind)): the "
                    + "layer has no interaction tracker; attach one with setTracker first")
            }
            guard request.point.x.isFinite, request.point.y.isFinite, request.duration.isFinite, request.duration >= 0 else {
                throw invalid(.invalidValue, layer: id, "trackerRequest \(request.requestID) (\(request.kind)): point "
                    + "(\(request.point.x), \(request.point.y)) must be finite and duration \(request.duration) finite "
                    + "and ≥ 0 seconds")
            }
        }
    }

    /// Layer `id` shows `bitmap` (nil: none) from now on: the contents bytes the session and
    /// the daemon hold, each bitmap counted once, must stay within `maxContentsBytesPerSession`
    /// and `maxContentsBytes` (what the layer showed before is released first).
    private func checkContents(_ bitmap: Bitmap?, of id: LayerID, in view: inout View) throws(Rejection) {
        guard let ledger = contents, ledger.set(id, to: bitmap, in: &view.pending.contents), let bitmap else { return }
        try checkContentsLimits(ledger, layer: id, view, what: "setting its contents (a \(bitmap.width)×\(bitmap.height) "
            + "bitmap of \(bitmap.byteCount) bytes): ", advice: "scale images down, show one bitmap on several layers, or "
            + "clear the contents of layers you no longer show")
    }

    /// Animation `key` of layer `id` holds `bytes` of bitmaps in its values from now on (0:
    /// none, or it goes): counted against the same limits as layers' contents.
    private func checkAnimationContents(_ bytes: Int, key: String, of id: LayerID, in view: inout View) throws(Rejection) {
        guard let ledger = contents, ledger.setAnimation(id, key: key, bytes: bytes, in: &view.pending.contents) else {
            return
        }
        try checkContentsLimits(ledger, layer: id, view, what: "adding animation \"\(key)\" (bitmaps of \(bytes) bytes "
            + "in its values): ", advice: "animate fewer or smaller contents, or remove finished contents animations")
    }

    /// The contents bytes the session and the daemon would hold with the commands checked
    /// so far: within `maxContentsBytesPerSession` and `maxContentsBytes`.
    private func checkContentsLimits(_ ledger: ContentsLedger, layer id: LayerID, _ view: View, what: String,
                                     advice: String) throws(Rejection) {
        let session = ledger.bytes + view.pending.contents.bytes
        guard session <= Int(limits.maxContentsBytesPerSession) else {
            throw invalid(.limitExceeded, layer: id, what + limits.exceeded(.maxContentsBytesPerSession,
                asked: session, what: "contents bytes held by this client's layers and animations") + "; " + advice)
        }
        let daemon = ledger.total.bytes + view.pending.contents.bytes
        guard daemon <= Int(limits.maxContentsBytes) else {
            throw invalid(.limitExceeded, layer: id, what + limits.exceeded(.maxContentsBytes,
                asked: daemon, what: "contents bytes held over all clients")
                + "; the daemon's budget for contents is spent (other clients hold most of it): use smaller images, "
                + "or retry when other clients hold less")
        }
    }

    /// An animation under `key` joins layer `id` (replacing any under that key): the
    /// per-layer and per-session animation limits.
    private func checkNewKey(_ key: String, on id: LayerID, in view: inout View) throws(Rejection) {
        var keys = view.animationKeys(of: id)
        if !keys.contains(key) {
            guard keys.count + 1 <= Int(limits.maxAnimationsPerLayer) else {
                throw invalid(.limitExceeded, layer: id, "adding animation \"\(key)\" exceeds the limit of "
                    + "\(limits.maxAnimationsPerLayer) animations per layer; remove finished animations or "
                    + "reuse keys")
            }
            guard view.animationCount + 1 <= Int(limits.maxAnimations) else {
                throw invalid(.limitExceeded, layer: id, "adding animation \"\(key)\" makes \(view.animationCount + 1) "
                    + "animations, over the limit maxAnimations = \(limits.maxAnimations); remove finished "
                    + "animations (isRemovedOnCompletion) or animate fewer layers")
            }
            keys.insert(key)
            view.pending.animationDelta += 1
            view.modify(id) { $0.animationKeys = keys }
        }
    }

    /// The structural checks of inserting `child` into `parent`, in O(depth limit): walking
    /// up from `parent` finds a cycle (the child is the parent or one of its ancestors) and
    /// the parent's depth; the child's subtree height is maintained, not measured.
    private func checkStructure(inserting child: LayerID, into parent: LayerID, _ view: inout View) throws(Rejection) {
        var depth = 0
        var ancestor = parent
        defer { view.pending.work &+= SliceBudget.ancestorWork(steps: depth) }
        while ancestor != 0 {
            if ancestor == child {
                throw invalid(.cycle, layer: child, "inserting it into layer \(parent) makes a cycle (it is "
                    + "\(parent == child ? "that layer" : "an ancestor of it")); remove it from the tree first")
            }
            depth += 1
            // The tree obeys the limit, so this walk ends within it; stop regardless.
            if depth > maxTreeDepth { break }
            ancestor = view.superlayer(of: ancestor)
        }
        let height = view.height(of: child)
        guard depth + height <= maxTreeDepth else {
            throw invalid(.limitExceeded, layer: child, "inserting it into layer \(parent) makes the tree "
                + "\(depth + height) layers deep (layer \(parent) is at depth \(depth) and the subtree of layer "
                + "\(child) is \(height) deep), above the tree-depth limit maxTreeDepth = \(maxTreeDepth); flatten "
                + "the hierarchy")
        }
    }

    /// Checks making `mask` (0: none) the mask of `layer`, as Core Animation allows it: the
    /// mask exists, is neither the layer itself nor one of its ancestors (through superlayers
    /// and the layers they mask), has no superlayer and masks no other layer.
    private func checkMask(_ mask: LayerID, of layer: LayerID, _ view: View) throws(Rejection) {
        guard mask != 0 else { return }
        guard view.exists(mask) else {
            throw invalid(.unknownLayer, layer: layer, "its mask, layer \(mask), does not exist; create the mask layer "
                + "before setting it")
        }
        guard mask != layer else {
            throw invalid(.invalidValue, layer: layer, "a layer cannot be its own mask; use another layer")
        }
        let superlayer = view.superlayer(of: mask)
        guard superlayer == 0 else {
            throw invalid(.invalidValue, layer: layer, "its mask, layer \(mask), is a sublayer of layer \(superlayer); a "
                + "mask cannot have a superlayer (as in Core Animation): remove it from its superlayer first")
        }
        guard mask != view.root else {
            throw invalid(.invalidValue, layer: layer, "its mask, layer \(mask), is this client's root layer; a root cannot "
                + "also be a mask (a mask is drawn only through the layer it masks): set another root (or none) first, "
                + "or use another layer as the mask")
        }
        let owner = view.node(mask)?.maskOf ?? 0
        guard owner == 0 || owner == layer else {
            throw invalid(.invalidValue, layer: layer, "its mask, layer \(mask), is already the mask of layer \(owner); a "
                + "layer masks one layer at most: set layer \(owner)'s mask to none first, or use another layer")
        }
        // Up from `layer` through superlayers and masked layers: the mask must not be there.
        var up = layer, steps = 0
        while up != 0 && steps <= 2 * maxTreeDepth + 2 {
            let next = view.superlayer(of: up)
            up = next != 0 ? next : (view.node(up)?.maskOf ?? 0)
            steps += 1
            if up == mask {
                throw invalid(.cycle, layer: layer, "its mask, layer \(mask), is one of its ancestors (or masks one); a "
                    + "layer cannot be masked by an ancestor: use a layer outside its tree")
            }
        }
    }

    /// Checks values the value kind alone does not restrict: the names of `contentsGravity`
    /// and `truncationMode`, a finite positive `contentsScale`, a dash pattern of finite
    /// lengths ≥ 0 that are not all 0.
    private func checkPropertyValue(_ property: PropertyKey, _ value: AnimatableValue, layer: LayerID) throws(Rejection) {
        switch (property, value) {
        case let (.contentsGravity, .string(s)):
            guard LayerContentGravity(name: s) != nil else {
                throw invalid(.invalidValue, layer: layer, "contentsGravity \"\(s)\" is not a gravity; use one of "
                    + LayerContentGravity.allCases.map(\.rawValue).joined(separator: ", "))
            }
        case let (.truncationMode, .string(s)):
            guard ["none", "start", "middle", "end"].contains(s) else {
                throw invalid(.invalidValue, layer: layer, "truncationMode \"\(s)\" is not a truncation mode; use none, "
                    + "start, middle or end")
            }
        case let (.contentsScale, .number(n)):
            guard n.isFinite, n > 0 else {
                throw invalid(.invalidValue, layer: layer, "contentsScale \(n) must be a finite number > 0 (bitmap pixels "
                    + "per point; 1 by default)")
            }
        case let (.lineDashPattern, .numbers(list)):
            guard list.allSatisfy({ $0.isFinite && $0 >= 0 }), list.isEmpty || list.contains(where: { $0 > 0 }) else {
                throw invalid(.invalidValue, layer: layer, "lineDashPattern \(list) must hold finite lengths ≥ 0, not all "
                    + "0 (an empty pattern strokes solid)")
            }
        default: break
        }
    }

    /// The layer's kind; throws when it does not exist.
    private func existing(_ id: LayerID, _ view: View) throws(Rejection) -> LayerKind {
        guard let kind = view.kind(of: id) else {
            throw invalid(.unknownLayer, layer: id, "no such layer (never created, or destroyed); create it "
                + "before using it")
        }
        return kind
    }

    private func checkKeyPath(_ keyPath: LayerKeyPath, on kind: LayerKind, layer: LayerID) throws(Rejection) {
        guard keyPath.property.exists(on: kind) else {
            throw invalid(.invalidCommand, layer: layer, "\(keyPath) does not exist on a \(kind) layer; use a "
                + "\(keyPath.property.layerKinds.map(\.description).sorted().joined(separator: " or ")) layer")
        }
    }

    /// Checks an animation's key paths, value kinds, keyframe count and timing.
    private func checkAnimation(_ a: Animation, on kind: LayerKind, layer: LayerID, depth: Int) throws(Rejection) {
        let t = a.timing
        guard !t.beginTime.isNaN, t.duration.isFinite, t.duration >= 0, t.speed.isFinite, t.timeOffset.isFinite,
              !t.repeatCount.isNaN, t.repeatCount >= 0, t.repeatDuration.isFinite, t.repeatDuration >= 0 else {
            throw invalid(.invalidValue, layer: layer, "animation timing (\(t)) must hold finite numbers, a "
                + "duration ≥ 0 and a repeat count ≥ 0")
        }
        func checkValue(_ v: AnimatableValue?, _ kp: LayerKeyPath, _ what: String) throws(Rejection) {
            guard kp.property != .mask else {
                throw invalid(.invalidValue, layer: layer, "mask cannot be animated (it names a layer); set it, and "
                    + "animate the mask layer's own properties instead")
            }
            guard let v else { return }
            try checkPropertyValue(kp.property, v, layer: layer)
            if case let .contents(bitmap?) = v, bitmap.byteCount > Int(limits.maxBitmapBytes) {
                throw invalid(.limitExceeded, layer: layer, "animation of \(kp): \(what) is a bitmap of "
                    + "\(bitmap.byteCount) bytes, over the limit maxBitmapBytes = \(limits.maxBitmapBytes); scale the "
                    + "image down")
            }
            guard v.kind == kp.valueKind else {
                throw invalid(.invalidValue, layer: layer, "animation of \(kp): \(what) is a \(v.kind), the key "
                    + "path takes a \(kp.valueKind)")
            }
        }
        switch a.kind {
        case let .basic(b):
            try checkKeyPath(b.keyPath, on: kind, layer: layer)
            try checkValue(b.from, b.keyPath, "from"); try checkValue(b.to, b.keyPath, "to")
            try checkValue(b.by, b.keyPath, "by")
        case let .spring(s):
            try checkKeyPath(s.keyPath, on: kind, layer: layer)
            try checkValue(s.from, s.keyPath, "from"); try checkValue(s.to, s.keyPath, "to")
            try checkValue(s.by, s.keyPath, "by")
            guard s.mass > 0, s.stiffness > 0, s.damping >= 0, s.mass.isFinite, s.stiffness.isFinite,
                  s.damping.isFinite, s.initialVelocity.isFinite else {
                throw invalid(.invalidValue, layer: layer, "spring of \(s.keyPath): mass \(s.mass) and stiffness "
                    + "\(s.stiffness) must be > 0 and damping \(s.damping) ≥ 0")
            }
        case let .keyframe(k):
            try checkKeyPath(k.keyPath, on: kind, layer: layer)
            let count = max(k.values.count, k.path?.elements.count ?? 0, k.keyTimes?.count ?? 0)
            guard count <= Int(limits.maxKeyframes) else {
                throw invalid(.limitExceeded, layer: layer, "keyframe count \(count) exceeds the limit "
                    + "\(limits.maxKeyframes); sample the animation more coarsely or split it")
            }
            for (i, v) in k.values.enumerated() { try checkValue(v, k.keyPath, "value \(i)") }
            if let path = k.path, !path.isEmpty, k.keyPath.valueKind != .point {
                throw invalid(.invalidValue, layer: layer, "keyframe path animation of \(k.keyPath): a path drives "
                    + "only point key paths such as position")
            }
        case let .group(g):
            guard g.animations.count <= Int(limits.maxKeyframes) else {
                throw invalid(.limitExceeded, layer: layer, "animation group of \(g.animations.count) animations "
                    + "exceeds the limit \(limits.maxKeyframes); split it")
            }
            for child in g.animations { try checkAnimation(child, on: kind, layer: layer, depth: depth + 1) }
        case .transition:
            break
        }
    }

    private func invalid(_ code: ErrorCode, _ text: String) -> Rejection {
        Rejection(code: code, message: "\(client): \(text)")
    }

    private func invalid(_ code: ErrorCode, layer: LayerID, _ text: String) -> Rejection {
        Rejection(code: code, message: "layer \(layer) of \(client): \(text)")
    }

    // MARK: The view

    /// The store overlaid with `pending`.
    struct View {
        let store: LayerStore
        var pending: Pending

        var layerCount: Int { store.layerCount + pending.layerDelta }
        /// The client's root (0 for none).
        var root: LayerID { pending.root ?? store.root }
        var animationCount: Int { store.animationCount + pending.animationDelta }

        func exists(_ id: LayerID) -> Bool {
            if let entry = pending.touched[id] { return entry != nil }
            return store.slot(of: id) != nil
        }

        /// The layer's structure (its animation keys left unloaded).
        func node(_ id: LayerID) -> ShadowNode? {
            if let entry = pending.touched[id] { return entry }
            guard let n = store.node(id) else { return nil }
            return ShadowNode(kind: n.kind, superlayer: n.superlayer, sublayers: n.sublayers, animationKeys: nil,
                              height: Int(n.height), childHeights: store.childHeights(of: id), mask: n.model.mask, maskOf: n.maskOf,
                              hasTracker: store.hasTracker(id))
        }

        /// nil for a layer that does not exist (read without copying its structure).
        func kind(of id: LayerID) -> LayerKind? {
            if let entry = pending.touched[id] { return entry?.kind }
            return store.kind(of: id)
        }

        /// 0 for none (or an unknown layer).
        func superlayer(of id: LayerID) -> LayerID {
            if let entry = pending.touched[id] { return entry?.superlayer ?? 0 }
            return store.superlayer(of: id) ?? 0
        }

        /// The height of the subtree rooted at `id` (1 for a leaf).
        func height(of id: LayerID) -> Int {
            if let entry = pending.touched[id] { return entry?.height ?? 1 }
            return store.height(of: id) ?? 1
        }

        func animationKeys(of id: LayerID) -> Set<String> {
            if let entry = pending.touched[id], let keys = entry?.animationKeys { return keys }
            return Set(store.animationKeys(of: id))
        }

        mutating func set(_ id: LayerID, _ node: ShadowNode?) {
            pending.touched[id] = .some(node)
        }

        /// Changes an existing layer's shadow in place (copied from the store first if untouched).
        mutating func modify(_ id: LayerID, _ body: (inout ShadowNode) -> Void) {
            if pending.touched[id] == nil {
                guard let n = node(id) else { return }
                pending.work &+= n.sublayers.count
                pending.touched[id] = .some(n)
            }
            guard pending.touched[id]! != nil else { return }
            body(&pending.touched[id]!!)
        }

        /// Removes `id` from its superlayer (as the store will), updating heights above it.
        mutating func detach(_ id: LayerID) {
            let parent = superlayer(of: id)
            guard parent != 0 else { return }
            let height = height(of: id)
            var scanned = 0
            modify(parent) { p in
                scanned = p.sublayers.count
                if let i = p.sublayers.firstIndex(of: id) { p.sublayers.remove(at: i) }
            }
            pending.work &+= scanned
            modify(id) { $0.superlayer = 0 }
            propagateHeight(from: parent, removing: height, adding: nil)
        }

        /// As `LayerStore` does: carries a sublayer height change up the ancestor path.
        mutating func propagateHeight(from start: LayerID, removing: Int?, adding: Int?) {
            let steps = SubtreeHeights.propagate(from: start, removing: removing, adding: adding) { id, removing, adding in
                var result = (old: 1, new: 1, parent: LayerID?.none)
                modify(id) { n in
                    let old = n.height
                    if let r = removing { n.childHeights.remove(r) }
                    if let a = adding { n.childHeights.add(a) }
                    n.height = n.childHeights.subtreeHeight
                    result = (old, n.height, n.superlayer == 0 ? nil : n.superlayer)
                }
                return result
            }
            pending.work &+= SliceBudget.ancestorWork(steps: steps)
        }
    }
}

extension Animation {
    /// Pixel bytes of the bitmaps inside the animation's values — contents keyframes, a basic
    /// or spring animation's ends, its children's in a group — each value counted: what
    /// holding it costs the daemon (`ContentsLedger`). O(its values), 0 at once for an
    /// animation that does not animate `contents`.
    var contentsBytes: Int {
        func bytes(_ v: AnimatableValue?) -> Int {
            if case let .contents(bitmap?) = v { return bitmap.byteCount }
            return 0
        }
        switch kind {
        case let .basic(b):
            return b.keyPath.property == .contents ? bytes(b.from) + bytes(b.to) + bytes(b.by) : 0
        case let .spring(s):
            return s.keyPath.property == .contents ? bytes(s.from) + bytes(s.to) + bytes(s.by) : 0
        case let .keyframe(k):
            return k.keyPath.property == .contents ? k.values.reduce(0) { $0 + bytes($1) } : 0
        case let .group(g):
            return g.animations.reduce(0) { $0 + $1.contentsBytes }
        case .transition:
            return 0
        }
    }
}
