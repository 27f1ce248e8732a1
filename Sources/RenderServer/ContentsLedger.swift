import RenderCore
import RenderProtocol

/// The bytes of contents (bitmap pixels) one session's layers hold, for the limits
/// `maxContentsBytesPerSession` and `maxContentsBytes` (Protocol/PROTOCOL.md §11).
///
/// A bitmap is known by its pixel storage: layers that show one bitmap count it once, as
/// the daemon holds it once. (Each contents value that arrives over the wire is its own
/// copy, so the same image committed twice is two bitmaps.)
///
///     CommitValidator: setProperty contents / destroyLayer ─▶ `set(_:to:in:)` on the
///       commit's `Delta` (release the old bitmap, take the new one), then the check of
///       `bytes + delta.bytes` and `total.bytes + delta.bytes` against the limits
///     commit validated whole ─▶ `commit(_:)` folds the delta in (the commit then applies
///       whole: the store shows what the ledger counts)
///     session ends ─▶ `releaseAll()`
///
/// Accounting follows validation: a commit's bitmaps count from the moment it is accepted
/// (before it applies), so a commit another session sends meanwhile is checked against
/// them. A commit refused is never folded in (its session ends, and `releaseAll` returns
/// what the session held).
///
/// Thread affinity: the thread that owns the `ServerCore` (the loop thread in the daemon).
final class ContentsLedger {
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
        /// Change in the bytes held.
        var bytes = 0
    }

    let total: Total
    /// Bytes held by this session's layers (`Delta`s folded in so far).
    private(set) var bytes = 0
    /// Each layer showing contents: its bitmap's key.
    private var held: [LayerID: UInt] = [:]
    /// Each bitmap held: how many layers show it, and its bytes.
    private var bitmaps: [UInt: (layers: Int, bytes: Int)] = [:]

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

    /// Folds a validated commit's delta in (for this session and the daemon's total).
    func commit(_ delta: Delta) {
        guard delta != Delta() else { return }
        for (layer, key) in delta.held { held[layer] = key == 0 ? nil : key }
        for (key, change) in delta.layers where change != 0 {
            let now = (bitmaps[key]?.layers ?? 0) + change
            if now <= 0 {
                bitmaps[key] = nil
            } else {
                bitmaps[key] = (now, bitmaps[key]?.bytes ?? delta.sizes[key] ?? 0)
            }
        }
        bytes += delta.bytes
        total.add(delta.bytes)
    }

    /// The session ended: everything it held is released (idempotent).
    func releaseAll() {
        total.add(-bytes)
        bytes = 0
        held.removeAll()
        bitmaps.removeAll()
    }

    deinit { releaseAll() }
}
