import RenderCore
import RenderProtocol

/// What a daemon session holds of one client: the sum of the commits sent to it — layers,
/// their kinds, timings, properties, hierarchy, the root and the attached animations as
/// committed (absolute begin times, resolved durations), contents included — kept by the
/// sender as it sends, so that a daemon that restarted can be given the same state again
/// without asking the app's model (whose thread may be blocked).
///
///     commit sent ──apply(_:)──▶ image ◀──noteStopped / noteRetargeted── the daemon's events
///                                  │
///     new session ──replayCommands(at:)──▶ createLayer … setTiming … setProperty …
///                                          insertSublayer … setRoot … addAnimation …
///
/// It follows the daemon's own rules for each command (`LayerStore.apply`): a destroyed
/// layer leaves its superlayer, detaches its sublayers, unmasks the layer it masked and
/// stops being the root; an animation added under a key in use replaces it at the end of
/// the list; an animation the daemon reports finished and removed on completion leaves.
/// So it is bounded by what the daemon held, which the daemon's limits cap (§11), and
/// applying a commit costs in proportion to the commit (a structural command also to the
/// siblings it shifts, as on the daemon).
///
/// A value type with no thread of its own: its owner serializes access (`ConnectionCore`
/// behind a lock; a `Context` on a custom commit sink on its queue).
struct SessionImage {
    /// One layer as the daemon holds it.
    struct LayerState {
        var kind: LayerKind
        var timing = LayerTiming.identity
        /// Properties set, in the order they were last set; a later set of the same key path,
        /// or of the whole property, drops the earlier entry (so the list stays bounded by
        /// the property's key paths, and replaying it in order gives the same values).
        var properties: [(keyPath: LayerKeyPath, value: AnimatableValue)] = []
        var superlayer: LayerID = 0
        var sublayers: [LayerID] = []
        /// The layer whose mask this one is (0: none).
        var maskOf: LayerID = 0
        /// Attached animations in the daemon's order.
        var animations: [Attached] = []
        /// The interaction tracker attached (version 3) and the content offset the daemon
        /// last reported for it (`noteTracker`).
        var tracker: TrackerConfiguration?
        var trackerPosition: Point?
    }

    /// One attached animation.
    struct Attached {
        var key: String
        var id: UInt64
        /// As committed (resolved); `nil` for a retargeted spring whose start the daemon has
        /// not reported yet (`springRetargeted`).
        var animation: Animation?
        /// For an unresolved retarget: the request, and the animation it replaced (if any).
        var retarget: SpringRetarget?
        var replaced: (id: UInt64, key: String, animation: Animation)?
    }

    private(set) var layers: [LayerID: LayerState] = [:]
    private(set) var root: LayerID = 0
    /// Attached animations over all layers.
    private(set) var animationCount = 0

    var isEmpty: Bool { layers.isEmpty && root == 0 }

    // MARK: Applying what is sent

    /// Applies every command of a commit sent (or to be replayed) to the session.
    mutating func apply(_ commit: Commit) {
        for c in commit.commands { apply(c) }
    }

    mutating func apply(_ command: Command) {
        switch command {
        case let .createLayer(id, kind):
            guard layers[id] == nil else { return }
            layers[id] = LayerState(kind: kind)
        case let .destroyLayer(id):
            destroy(id)
        case let .setProperty(id, keyPath, value):
            guard layers[id] != nil else { return }
            if keyPath.property == .mask, case let .layer(newMask) = value { relinkMask(of: id, to: newMask) }
            set(keyPath, value, of: id)
        case let .insertSublayer(parent, child, index):
            guard layers[parent] != nil, layers[child] != nil else { return }
            detach(child)
            let count = layers[parent]!.sublayers.count
            layers[parent]!.sublayers.insert(child, at: min(Int(index), count))
            layers[child]!.superlayer = parent
        case let .removeFromSuperlayer(id):
            detach(id)
        case let .setRoot(id):
            root = id
        case let .addAnimation(id, key, animationID, animation):
            guard layers[id] != nil else { return }
            removeAnimations(of: id) { $0.key == key }
            layers[id]!.animations.append(Attached(key: key, id: animationID, animation: animation))
            animationCount += 1
        case let .removeAnimation(id, key):
            removeAnimations(of: id) { $0.key == key }
        case let .removeAllAnimations(id):
            removeAnimations(of: id) { _ in true }
        case let .setTiming(id, timing):
            guard layers[id] != nil else { return }
            layers[id]!.timing = timing
        case let .retargetSpring(id, key, animationID, retarget):
            guard layers[id] != nil else { return }
            // The daemon computes the new spring's start when it applies the command and
            // reports it (`noteRetargeted`); until then the request and what it replaced stand in.
            var entry = Attached(key: key, id: animationID, animation: nil, retarget: retarget)
            if let i = layers[id]!.animations.firstIndex(where: { $0.key == key }) {
                let old = layers[id]!.animations[i]
                if let a = old.animation { entry.replaced = (old.id, old.key, a) } else { entry.replaced = old.replaced }
                layers[id]!.animations[i] = entry
            } else {
                layers[id]!.animations.append(entry)
                animationCount += 1
            }
            set(retarget.keyPath, retarget.to, of: id)
        case let .setTracker(id, configuration):
            guard layers[id] != nil else { return }
            layers[id]!.tracker = configuration
        case let .removeTracker(id):
            guard layers[id] != nil else { return }
            layers[id]!.tracker = nil
            layers[id]!.trackerPosition = nil
        case .trackerRequest:
            break // its effect comes back as a trackerUpdate (`noteTracker`)
        }
    }

    /// The daemon reported a tracker's content offset: a replay puts the content back there.
    mutating func noteTracker(_ u: TrackerUpdate) {
        guard layers[u.layer]?.tracker != nil else { return }
        layers[u.layer]!.trackerPosition = u.position
    }

    private mutating func set(_ keyPath: LayerKeyPath, _ value: AnimatableValue, of id: LayerID) {
        layers[id]!.properties.removeAll {
            $0.keyPath.property == keyPath.property && (keyPath.component == .whole || $0.keyPath == keyPath)
        }
        layers[id]!.properties.append((keyPath, value))
    }

    private mutating func relinkMask(of id: LayerID, to newMask: LayerID) {
        if let old = currentMask(of: id), old != 0, layers[old]?.maskOf == id { layers[old]!.maskOf = 0 }
        if newMask != 0, layers[newMask] != nil { layers[newMask]!.maskOf = id }
    }

    private func currentMask(of id: LayerID) -> LayerID? {
        guard let p = layers[id]?.properties.last(where: { $0.keyPath.property == .mask }),
              case let .layer(m) = p.value else { return nil }
        return m
    }

    private mutating func detach(_ child: LayerID) {
        guard let parent = layers[child]?.superlayer, parent != 0 else { return }
        layers[child]!.superlayer = 0
        if let i = layers[parent]?.sublayers.firstIndex(of: child) { layers[parent]!.sublayers.remove(at: i) }
    }

    private mutating func destroy(_ id: LayerID) {
        guard let l = layers[id] else { return }
        detach(id)
        animationCount -= l.animations.count
        // A destroyed mask unmasks its layer; a destroyed masked layer frees its mask.
        if l.maskOf != 0, layers[l.maskOf] != nil, currentMask(of: l.maskOf) == id {
            layers[l.maskOf]!.properties.removeAll { $0.keyPath.property == .mask }
        }
        if let m = currentMask(of: id), m != 0, layers[m]?.maskOf == id { layers[m]!.maskOf = 0 }
        for child in l.sublayers where layers[child] != nil { layers[child]!.superlayer = 0 }
        if root == id { root = 0 }
        layers[id] = nil
    }

    private mutating func removeAnimations(of id: LayerID, where match: (Attached) -> Bool) {
        guard let before = layers[id]?.animations.count, before > 0 else { return }
        layers[id]!.animations.removeAll(where: match)
        animationCount -= before - layers[id]!.animations.count
    }

    // MARK: The daemon's events

    /// The daemon stopped animation `animationID` of `layer`: it leaves unless it finished
    /// and is kept on completion (it holds its end until removed).
    mutating func noteStopped(_ e: AnimationStopped) {
        guard let i = layers[e.layer]?.animations.firstIndex(where: { $0.id == e.animationID }) else { return }
        if e.finished, let a = layers[e.layer]!.animations[i].animation, !a.isRemovedOnCompletion { return }
        layers[e.layer]!.animations.remove(at: i)
        animationCount -= 1
    }

    /// The daemon resolved a retargeted spring's start: the image takes the spring it runs
    /// (`SpringRetargeting.spring`, as the daemon built it).
    mutating func noteRetargeted(_ e: SpringRetargeted) {
        guard let i = layers[e.layer]?.animations.firstIndex(where: { $0.id == e.animationID }),
              let request = layers[e.layer]!.animations[i].retarget, e.from.kind == request.to.kind else { return }
        let physics = SpringAnimation(keyPath: request.keyPath, mass: request.mass, stiffness: request.stiffness,
                                      damping: request.damping)
        layers[e.layer]!.animations[i].animation = SpringRetargeting.spring(
            physics: physics, keyPath: request.keyPath, from: e.from, velocity: e.velocity, to: request.to,
            beginTime: e.beginTime)
        layers[e.layer]!.animations[i].retarget = nil
        layers[e.layer]!.animations[i].replaced = nil
    }

    // MARK: Replaying

    /// What a replay sends and leaves out.
    struct Replay {
        var commands: [Command] = []
        var layers = 0
        var animations = 0
        /// Animations that ended while no daemon ran them and are removed on completion:
        /// left out of the replay (and of the image); their stop was lost with the daemon.
        var completed: [(id: UInt64, layer: LayerID)] = []
    }

    /// The commands that give a new, empty session this image, in the order of
    /// Protocol/PROTOCOL.md §4.1: `createLayer` by ascending id, `setTiming`, `setProperty`
    /// (in the order set), `insertSublayer` at 0, 1, 2, …, `setRoot`, then `addAnimation` per
    /// layer in the order attached, as committed. Animations removed on completion whose
    /// active time ended by media time `now` are left out and leave the image.
    mutating func replayCommands(at now: Double) -> Replay {
        var r = Replay()
        let ids = layers.keys.sorted()
        r.layers = ids.count
        r.commands.reserveCapacity(ids.count * 4 + animationCount)
        for id in ids { r.commands.append(.createLayer(id, layers[id]!.kind)) }
        for id in ids where !layers[id]!.timing.isIdentity { r.commands.append(.setTiming(id, layers[id]!.timing)) }
        for id in ids {
            for p in layers[id]!.properties { r.commands.append(.setProperty(id, p.keyPath, p.value)) }
        }
        for id in ids {
            for (i, child) in layers[id]!.sublayers.enumerated() {
                r.commands.append(.insertSublayer(parent: id, child: child, index: UInt32(i)))
            }
        }
        if root != 0 { r.commands.append(.setRoot(root)) }
        for id in ids {
            guard let tracker = layers[id]!.tracker else { continue }
            r.commands.append(.setTracker(id, tracker))
            if let p = layers[id]!.trackerPosition {
                r.commands.append(.trackerRequest(id, TrackerRequest(kind: .setPosition, requestID: 0, point: p)))
            }
        }
        for id in ids where !layers[id]!.animations.isEmpty {
            var local: Double?
            var kept: [Attached] = []
            for a in layers[id]!.animations {
                if let animation = a.animation {
                    if animation.isRemovedOnCompletion {
                        let t = local ?? localTime(of: id, at: now)
                        local = t
                        if animation.timing.state(at: t).phase == .after {
                            r.completed.append((a.id, id))
                            continue
                        }
                    }
                    r.commands.append(.addAnimation(id, key: a.key, animationID: a.id, animation: animation))
                } else if let retarget = a.retarget {
                    // Its start was never reported: the spring it replaced, then the request
                    // again (the new daemon starts it from that spring's state now).
                    if let old = a.replaced {
                        r.commands.append(.addAnimation(id, key: a.key, animationID: old.id, animation: old.animation))
                    }
                    r.commands.append(.retargetSpring(id, key: a.key, animationID: a.id, retarget: retarget))
                }
                kept.append(a)
            }
            r.animations += kept.count
            animationCount -= layers[id]!.animations.count - kept.count
            layers[id]!.animations = kept
        }
        return r
    }

    /// A layer's local time at media time `t`, through its ancestors' timings and its own.
    func localTime(of id: LayerID, at t: Double) -> Double {
        var chain: [LayerTiming] = []
        var l: LayerID = id
        var depth = 0
        while l != 0, let s = layers[l], depth <= 1024 {
            if !s.timing.isIdentity { chain.append(s.timing) }
            l = s.superlayer
            depth += 1
        }
        return Presentation.localTime(at: t, timings: chain.reversed())
    }
}
