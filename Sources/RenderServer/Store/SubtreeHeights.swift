/// The heights of a layer's sublayers' subtrees, as a count per height: what keeps every
/// layer's subtree height exact as layers move, in O(tree depth) per insert or removal (never
/// O(subtree)), so that an insert can be checked against the tree-depth limit at once.
///
/// A subtree's height counts its levels: a leaf's is 1, a layer's is 1 + the largest of its
/// sublayers'. Entries are sorted by height; a layer without sublayers holds none (an empty
/// array: no allocation). There are at most as many entries as distinct sublayer heights,
/// which the depth limit bounds.
struct ChildHeights: Equatable {
    struct Entry: Equatable {
        var height: UInt16
        var count: UInt32
    }
    private(set) var entries: [Entry] = []

    /// The largest sublayer height, 0 without sublayers.
    var maximum: Int { entries.last.map { Int($0.height) } ?? 0 }

    /// The height of the subtree these sublayers hang from.
    var subtreeHeight: Int { maximum + 1 }

    /// Where `height` is or would be inserted.
    private func position(of height: UInt16) -> Int {
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries[mid].height < height { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    mutating func add(_ height: Int) {
        let h = UInt16(clamping: height)
        let i = position(of: h)
        if i < entries.count && entries[i].height == h {
            entries[i].count += 1
        } else {
            entries.insert(Entry(height: h, count: 1), at: i)
        }
    }

    /// Removes one sublayer of `height` (which must have been added).
    mutating func remove(_ height: Int) {
        let h = UInt16(clamping: height)
        let i = position(of: h)
        guard i < entries.count && entries[i].height == h else {
            assertionFailure("ChildHeights.remove(\(height)): no sublayer of that height")
            return
        }
        if entries[i].count > 1 { entries[i].count -= 1 } else { entries.remove(at: i) }
    }
}

/// The one propagation loop both the store and the validator's pending view run when a
/// sublayer's subtree height enters or leaves a layer: update that layer's `ChildHeights`,
/// and while its own height changes, carry the change to its superlayer. O(depth).
enum SubtreeHeights {
    /// - Parameters:
    ///   - start: the layer whose sublayers changed.
    ///   - removing, adding: the sublayer subtree height that left, that arrived.
    ///   - update: applies (removing, adding) to a layer's `ChildHeights`, stores its new
    ///     height and returns (old height, new height, its superlayer or nil).
    ///   - Returns: the layers updated (for the slice's work count).
    @discardableResult
    static func propagate<Handle>(from start: Handle, removing: Int?, adding: Int?,
                                  update: (Handle, Int?, Int?) -> (old: Int, new: Int, parent: Handle?)) -> Int {
        var current: Handle? = start
        var removing = removing, adding = adding
        var steps = 0
        while let layer = current {
            steps += 1
            let (old, new, parent) = update(layer, removing, adding)
            if old == new { break }
            removing = old; adding = new
            current = parent
        }
        return steps
    }
}
