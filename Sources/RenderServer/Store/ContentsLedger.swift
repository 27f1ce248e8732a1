import RenderCore
import RenderProtocol

/// The bytes of contents (bitmap pixels) one session's layers hold, for the limits
/// `maxContentsBytesPerSession` and `maxContentsBytes` (Protocol/PROTOCOL.md §11).
///
/// A bitmap is known by its pixel storage: layers that show one bitmap count it once, as
/// the daemon holds it once. (Each contents value that arrives over the wire is its own
/// copy, so the same image committed twice is two bitmaps.) Bitmaps inside animation values
/// (contents keyframes, a basic animation's ends, in groups too) count as well, per
/// animation: each attached animation holds the bytes of every bitmap in its values, from
/// the commit that adds it until it goes (removed, replaced under its key, its layer
/// destroyed, or retired by the frame that completes it).
///
///     CommitValidator: setProperty contents / destroyLayer ─▶ `set(_:to:in:)` on the
///       commit's `Delta` (release the old bitmap, take the new one); addAnimation,
///       retargetSpring, removeAnimation ─▶ `setAnimation(_:key:bytes:in:)`;
///       removeAllAnimations, destroyLayer ─▶ `clearAnimations(of:in:)`; then the check of
///       `bytes + delta.bytes` and `total.bytes + delta.bytes` against the limits
///     commit validated whole ─▶ `commit(_:)` folds the delta in (the commit then applies
///       whole: the store shows what the ledger counts)
///     a frame retires animations removed on completion ─▶ `retired(_:of:)` (the store
///       calls it, only for layers whose animations hold bitmaps)
///     session ends ─▶ `releaseAll()`
///
/// Accounting follows validation: a commit's bitmaps count from the moment it is accepted
/// (before it applies), so a commit another session sends meanwhile is checked against
/// them. A commit refused is never folded in (its session ends, and `releaseAll` returns
/// what the session held).
///
/// Thread affinity: the thread that owns the `ServerCore` (the loop thread in the daemon).
package final class ContentsLedger {
    /// Bytes of contents held over all sessions (one per `ServerCore`, shared by its sessions).
    final class Total {
        private(set) var bytes = 0
        fileprivate func add(_ n: Int) { bytes += n }
    }

    /// What a commit's commands checked so far change, over the ledger.
    struct Delta: Equatable {
        /// Each touched layer's bitmap (by `key(of:)`; 0 for none).
        var held: [LayerID: UInt] = [:]
        /// Change in the number of layers showing each bitmap.
        var layers: [UInt: Int] = [:]
        /// Sizes of bitmaps the ledger does not hold yet.
        var sizes: [UInt: Int] = [:]
        /// Change in the bytes held (layers' contents and animations' bitmaps).
        var bytes = 0
        /// Animations' bitmap bytes by layer, as the commands checked so far leave them.
        var animations: [LayerID: AnimationEntry] = [:]
        /// The part of `bytes` that is animations'.
        var animationBytes = 0
    }

    /// One layer's animations in a `Delta`: `cleared` when all of them went (then only
    /// `keys` hold anything), and the bytes each key set since holds (0: none).
    struct AnimationEntry: Equatable {
        var cleared = false
        var keys: [String: Int] = [:]
    }

    let total: Total
    /// Bytes held by this session's layers (`Delta`s folded in so far).
    private(set) var bytes = 0
    /// Each layer showing contents: its bitmap's key.
    private var held: [LayerID: UInt] = [:]
    /// Each bitmap held: how many layers show it, and its bytes.
    private var bitmaps: [UInt: (layers: Int, bytes: Int)] = [:]
    /// Bytes of the bitmaps inside each attached animation that holds any, by layer and key.
    private var animationHeld: [LayerID: [String: Int]] = [:]
    /// The part of `bytes` held inside animation values.
    private(set) var animationBytes = 0

    /// Whether some animation holds bitmaps (the frame's retirement asks the ledger only then).
    var holdsAnimationContents: Bool { !animationHeld.isEmpty }

    /// Whether an animation of `layer` holds bitmaps.
    func holdsAnimationContents(of layer: LayerID) -> Bool { animationHeld[layer] != nil }

    init(total: Total) { self.total = total }

    /// Distinct bitmaps held (for tests and statistics).
    var bitmapCount: Int { bitmaps.count }

    /// A bitmap's identity: the address of its pixel storage (never 0; a bitmap has at
    /// least one pixel). Valid while the bitmap is alive, which it is while a layer or a
    /// commit being taken holds it.
    static func key(of bitmap: Bitmap) -> UInt {
        bitmap.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    /// Records in `delta` that `layer` shows `bitmap` (nil: no contents, or destroyed) from
    /// now on: its previous bitmap is released (its bytes leave when no layer shows it any
    /// more), the new one taken (its bytes come in unless a layer shows it already).
    /// Returns true when the bytes held may have grown (the caller checks the limits).
    func set(_ layer: LayerID, to bitmap: Bitmap?, in delta: inout Delta) -> Bool {
        let new = bitmap.map(Self.key(of:)) ?? 0
        let old = delta.held[layer] ?? held[layer] ?? 0
        guard old != new else { return false }
        delta.held[layer] = new
        if old != 0 {
            delta.layers[old, default: 0] -= 1
            if layers(showing: old, delta) == 0 { delta.bytes -= size(of: old, delta) }
        }
        guard let bitmap else { return false }
        if bitmaps[new] == nil && delta.sizes[new] == nil { delta.sizes[new] = bitmap.byteCount }
        delta.layers[new, default: 0] += 1
        guard layers(showing: new, delta) == 1 else { return false }
        delta.bytes += bitmap.byteCount
        return true
    }

    private func layers(showing key: UInt, _ delta: Delta) -> Int {
        (bitmaps[key]?.layers ?? 0) + (delta.layers[key] ?? 0)
    }

    private func size(of key: UInt, _ delta: Delta) -> Int {
        bitmaps[key]?.bytes ?? delta.sizes[key] ?? 0
    }

    /// The bytes animation `key` of `layer` holds as the commands checked so far leave it.
    private func animationBytes(_ layer: LayerID, _ key: String, _ delta: Delta) -> Int {
        if let entry = delta.animations[layer] {
            if let n = entry.keys[key] { return n }
            if entry.cleared { return 0 }
        }
        return animationHeld[layer]?[key] ?? 0
    }

    /// Records in `delta` that animation `key` of `layer` holds `n` bytes of bitmaps from now
    /// on (0: it holds none, or it is removed or replaced by one without any). Returns true
    /// when the bytes held grew (the caller checks the limits).
    func setAnimation(_ layer: LayerID, key: String, bytes n: Int, in delta: inout Delta) -> Bool {
        let old = animationBytes(layer, key, delta)
        guard old != n else { return false }
        delta.animations[layer, default: AnimationEntry()].keys[key] = n
        delta.bytes += n - old
        delta.animationBytes += n - old
        return n > old
    }

    /// Records in `delta` that every animation of `layer` is gone (`removeAllAnimations`,
    /// `destroyLayer`). O(its animations that hold bitmaps).
    func clearAnimations(of layer: LayerID, in delta: inout Delta) {
        let entry = delta.animations[layer]
        let stored = entry?.cleared == true ? nil : animationHeld[layer]
        guard entry != nil || stored != nil else { return }
        var released = entry?.keys.values.reduce(0, +) ?? 0
        for (key, n) in stored ?? [:] where entry?.keys[key] == nil { released += n }
        delta.animations[layer] = AnimationEntry(cleared: true)
        delta.bytes -= released
        delta.animationBytes -= released
    }

    /// Animations `keys` of `layer` were removed on completion by a frame: what they held is
    /// released at once, for the session and the daemon. O(keys); called only for a layer
    /// with animations (`holdsAnimationContents`).
    func retired(_ keys: [String], of layer: LayerID) {
        guard var held = animationHeld[layer] else { return }
        var released = 0
        for key in keys { released += held.removeValue(forKey: key) ?? 0 }
        guard released != 0 else { return }
        animationHeld[layer] = held.isEmpty ? nil : held
        animationBytes -= released
        bytes -= released
        total.add(-released)
    }

    /// Folds a validated commit's delta in (for this session and the daemon's total).
    func commit(_ delta: Delta) {
        guard delta != Delta() else { return }
        // Animations by what they hold now (a frame may have retired some since the
        // commit was checked: what is set here is absolute).
        var animationChange = 0
        for (layer, entry) in delta.animations {
            var keys = entry.cleared ? [:] : animationHeld[layer] ?? [:]
            if entry.cleared { animationChange -= animationHeld[layer]?.values.reduce(0, +) ?? 0 }
            for (key, n) in entry.keys {
                animationChange += n - (keys[key] ?? 0)
                keys[key] = n == 0 ? nil : n
            }
            animationHeld[layer] = keys.isEmpty ? nil : keys
        }
        animationBytes += animationChange
        for (layer, key) in delta.held { held[layer] = key == 0 ? nil : key }
        for (key, change) in delta.layers where change != 0 {
            let now = (bitmaps[key]?.layers ?? 0) + change
            if now <= 0 {
                bitmaps[key] = nil
            } else {
                bitmaps[key] = (now, bitmaps[key]?.bytes ?? delta.sizes[key] ?? 0)
            }
        }
        let change = delta.bytes - delta.animationBytes + animationChange
        bytes += change
        total.add(change)
    }

    /// The session ended: everything it held is released (idempotent).
    func releaseAll() {
        total.add(-bytes)
        bytes = 0
        held.removeAll()
        bitmaps.removeAll()
        animationHeld.removeAll()
        animationBytes = 0
    }

    deinit { releaseAll() }
}
