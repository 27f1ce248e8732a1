import RenderProtocol

/// The daemon's own record of its last `FrameLogReport.capacity` frames (8,192: 136 s at
/// 60 Hz), for pacing measurements that must not perturb what they measure.
///
/// A fixed ring of plain records allocated once: recording a frame writes one slot and
/// allocates nothing. Commits applied between frames are summed into the next frame's
/// record (`commitApplied`). `records(after:limit:)` copies at most
/// `FrameLogReport.maxRecordsPerReply` slots: the only work a `frameLogRequest` does on
/// the loop thread (the JSON is built off it).
///
/// Thread affinity: the loop thread (owned by `ServerCore`).
package struct FrameLog {
    /// One frame; times in CLOCK_MONOTONIC nanoseconds, durations in nanoseconds.
    package struct Entry {
        var frame: UInt64 = 0
        var targetNanoseconds: Int64 = 0
        var wakeNanoseconds: Int64 = 0
        var missed: UInt32 = 0
        var idle = false
        var commits: UInt32 = 0
        var applyNanoseconds: Int64 = 0
        package var evaluateNanoseconds: Int64 = 0
        package var presentNanoseconds: Int64 = 0
        var animatedLayers: UInt32 = 0
    }

    let capacity: Int
    private var ring: ContiguousArray<Entry>
    /// Entries written so far (the next goes to `written % capacity`).
    private(set) var written = 0
    /// Commits applied since the last recorded frame, and their apply time (ns).
    private var pendingCommits: UInt32 = 0
    private var pendingApplyNanoseconds: Int64 = 0

    init(capacity: Int = FrameLogReport.capacity) {
        precondition(capacity > 0, "a frame log keeps at least one frame")
        self.capacity = capacity
        ring = ContiguousArray(repeating: Entry(), count: capacity)
    }

    /// A commit (or a slice of a large one) was applied, taking `nanoseconds`.
    mutating func commitApplied(nanoseconds: Int64) {
        pendingCommits &+= 1
        pendingApplyNanoseconds &+= max(0, nanoseconds)
    }

    /// Records a frame; the commits applied since the previous one are its own.
    mutating func record(_ entry: Entry) {
        var e = entry
        e.commits = pendingCommits
        e.applyNanoseconds = pendingApplyNanoseconds
        pendingCommits = 0
        pendingApplyNanoseconds = 0
        ring[written % capacity] = e
        written += 1
    }

    /// The oldest kept frame's number, 0 when none.
    var oldestFrame: UInt64 { written == 0 ? 0 : ring[written > capacity ? written % capacity : 0].frame }
    /// The latest recorded frame's number, 0 when none.
    package var latestFrame: UInt64 { written == 0 ? 0 : ring[(written - 1) % capacity].frame }

    /// Up to `limit` entries of frames numbered above `frame`, oldest first, and whether
    /// more follow. Frame numbers increase by one per entry, so the first one is found by
    /// arithmetic.
    package func entries(after frame: UInt64, limit: Int) -> (entries: [Entry], hasMore: Bool) {
        let kept = min(written, capacity)
        guard kept > 0, limit > 0 else { return ([], false) }
        let oldest = oldestFrame
        // Index (0 = oldest kept) of the first frame above `frame`.
        let skip = frame < oldest ? 0 : Int(min(UInt64(kept), frame - oldest + 1))
        let available = kept - skip
        let n = min(available, limit)
        let first = written - kept + skip
        var out: [Entry] = []
        out.reserveCapacity(n)
        for i in 0..<n { out.append(ring[(first + i) % capacity]) }
        return (out, available > n)
    }
}
