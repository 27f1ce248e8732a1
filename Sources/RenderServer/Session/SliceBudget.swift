/// How much of a large commit one loop turn may take, in units: each command costs one,
/// and each `entriesPerUnit` entries of extra work it does (sublayer-list entries scanned
/// or shifted, subtree nodes invalidated: `LayerStore.work`, `CommitValidator.Pending.work`)
/// one more. A command that moves a layer among 20,000 siblings, or invalidates a subtree of
/// 20,000 layers, thus counts about as much as 20 plain commands, and a slice holds a
/// bounded amount of work whatever the tree's shape — not merely a bounded number of
/// commands.
///
/// The count is deterministic (no clock), so tests see the same slices on every run.
struct SliceBudget: Sendable {
    /// The units one turn may spend.
    var units: Int
    /// Entries of extra work that cost as much as one command (measured: scanning or
    /// shifting 1,024 entries of a sublayer list takes about what applying a plain
    /// command takes, 1–3 µs).
    static let entriesPerUnit = 1_024
    /// Entries one step up an ancestor path counts as (a cycle and depth check walking up from
    /// an insert's parent, a subtree height carried up): a step is one or two table lookups
    /// and, in the validator, a node copied into the commit's view. Measured with
    /// `rendersrv-stress isolation --scenarios deep-chain --daemon-arguments="--max-tree-depth
    /// 4096"` (a 4,096-deep chain inserted a layer at a time): at 32 entries a step the
    /// longest validation slice took 19.8 ms, so a step counts 128. The first `freeAncestorSteps` of a walk are part of its
    /// command's unit (a tree a few dozen levels deep slices as before); a commit that inserts
    /// a chain a layer at a time walks O(depth) per insert, so a deep chain's commit is spread
    /// over turns by this count.
    static let entriesPerAncestorStep = 128
    static let freeAncestorSteps = 32

    /// The work entries of a walk of `steps` ancestors.
    @inline(__always)
    static func ancestorWork(steps: Int) -> Int { max(0, steps - freeAncestorSteps) * entriesPerAncestorStep }

    static let unlimited = SliceBudget(units: .max)

    /// Whether `commands` commands that did `work` extra entries have spent the budget.
    @inline(__always)
    func isSpent(commands: Int, work: Int) -> Bool {
        units != .max && commands + work / SliceBudget.entriesPerUnit >= units
    }
}
