import RenderCore

/// What a layer hands its sublayers (or its mask's layers), Chromium's property trees' way:
/// one node shared by the siblings instead of a copy in each item. An item refers to the
/// node it was handed (`ItemRecord.space`); rebuilding its subtree alone starts from it.
struct SpaceNode: Sendable {
    /// The map from the superlayer's (flattened, sublayer-transformed) space to the screen:
    /// the sublayers' `parentWorld` (the transform node).
    var world: Transform3D
    /// The ancestors' clip in screen pixels (the clip node): the sublayers' `clipBounds`.
    var clip: PixelRect
    /// The superlayer's effective opacity (the sublayers' `parentOpacity`).
    var opacity: Double
    /// The sublayers' depth.
    var depth: Int
}

/// A session's space nodes, in chunks shared by the lists handed off (as `ContentColumn`).
struct SpaceColumn: Sendable {
    static let chunkShift = 6
    static let chunkMask = (1 << chunkShift) - 1
    private var chunks: [[SpaceNode]] = []
    private(set) var count = 0

    init() {}

    @inline(__always)
    subscript(id: Int32) -> SpaceNode {
        get { chunks[Int(id) >> SpaceColumn.chunkShift][Int(id) & SpaceColumn.chunkMask] }
        set { chunks[Int(id) >> SpaceColumn.chunkShift][Int(id) & SpaceColumn.chunkMask] = newValue }
    }

    mutating func append(_ node: SpaceNode) -> Int32 {
        if count & SpaceColumn.chunkMask == 0 {
            var chunk: [SpaceNode] = []
            chunk.reserveCapacity(1 << SpaceColumn.chunkShift)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(node)
        count += 1
        return Int32(count - 1)
    }
}

/// Makes a session's space nodes (see `SpaceNode`). A node is never changed once made (a
/// scroll makes shifted copies), so the blocks that share it — the one shown and an update
/// under way — stay apart; nodes no item of the block refers to are freed by `collect` and
/// their ids reused.
///
/// Thread affinity: the loop thread.
final class SpaceTable {
    private(set) var column = SpaceColumn()
    private var free: [Int32] = []
    private(set) var madeSinceCollect = 0
    private var liveAtCollect = 0

    var liveCount: Int { column.count - free.count }

    func make(_ node: SpaceNode) -> Int32 {
        madeSinceCollect += 1
        if let id = free.popLast() {
            column[id] = node
            return id
        }
        return column.append(node)
    }

    var shouldCollect: Bool { madeSinceCollect > max(1_024, liveAtCollect) }

    /// Frees the nodes none of `items` refers to (as `ContentTable.collect`).
    func collect(keeping items: RenderItems) {
        var used = [Bool](repeating: false, count: column.count)
        items.forEachSpaceID { used[Int($0)] = true }
        for id in free { used[Int(id)] = true }
        for (i, isUsed) in used.enumerated() where !isUsed { free.append(Int32(i)) }
        madeSinceCollect = 0
        liveAtCollect = liveCount
    }
}
