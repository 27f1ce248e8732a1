import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer

/// The validator's structural checks: cycles and the tree-depth limit, against the store and
/// against commits still queued, with subtree heights kept as layers move.
@Suite struct TreeDepthTests {
    let client = "client \"deep\" (pid 7)"

    func validator(depth: Int = 512) -> CommitValidator {
        CommitValidator(limits: .default, client: client, maxTreeDepth: depth)
    }

    /// Layers `first…last`, each inserted into the one before (`first` into `parent` unless 0).
    func chain(_ first: LayerID, _ last: LayerID, under parent: LayerID = 0) -> [Command] {
        var commands: [Command] = []
        for id in first...last {
            commands.append(.createLayer(id, .layer))
            let p = id == first ? parent : id - 1
            if p != 0 { commands.append(.insertSublayer(parent: p, child: id, index: UInt32.max)) }
        }
        return commands
    }

    func apply(_ store: LayerStore, _ commands: [Command]) {
        var events: [Message] = []
        for c in commands { store.apply(c, mediaTime: 0, events: &events) }
    }

    @Test func aTwentyThousandDeepChainIsRefusedNamingTheLimit() {
        let store = LayerStore()
        var pending = CommitValidator.Pending()
        do {
            try validator().validate(Commit(sequence: 1, mediaTime: 0, commands: chain(1, 20_000)), store: store,
                                     pending: &pending)
            Issue.record("a 20,000-deep chain was accepted")
        } catch {
            #expect(error.code == .limitExceeded)
            // The 513th layer is the first too deep: the limit, its value and the depth asked.
            #expect(error.message.hasPrefix("layer 513 of client \"deep\" (pid 7): inserting it into layer 512 makes "
                                            + "the tree 513 layers deep"))
            #expect(error.message.contains("tree-depth limit maxTreeDepth = 512"))
            #expect(error.message.contains("flatten the hierarchy"))
        }
        #expect(store.layerCount == 0)
    }

    @Test func aChainAtTheLimitIsAcceptedAndOneMoreIsNot() throws {
        let store = LayerStore()
        var pending = CommitValidator.Pending()
        let v = validator()
        let commands = chain(1, 512)
        try v.validate(Commit(sequence: 1, mediaTime: 0, commands: commands), store: store, pending: &pending)
        apply(store, commands)
        pending.reset()
        #expect(store.height(of: 1) == 512)
        #expect(throws: CommitValidator.Rejection.self) {
            try v.validate(Commit(sequence: 2, mediaTime: 0, commands: chain(513, 513, under: 512)), store: store,
                           pending: &pending)
        }
    }

    /// Moving a subtree checks its height, which is maintained (not measured) and drops when
    /// its deep part leaves.
    @Test func movingASubtreeChecksItsHeight() throws {
        let store = LayerStore()
        var pending = CommitValidator.Pending()
        let v = validator(depth: 10)
        // A: 1…5 (depth 5). B: 101…106 (height 6). 5 + 6 = 11 > 10.
        let setup = chain(1, 5) + chain(101, 106)
        try v.validate(Commit(sequence: 1, mediaTime: 0, commands: setup), store: store, pending: &pending)
        apply(store, setup)
        pending.reset()
        do {
            try v.validate(Commit(sequence: 2, mediaTime: 0, commands: [.insertSublayer(parent: 5, child: 101, index: 0)]),
                           store: store, pending: &pending)
            Issue.record("an 11-deep tree was accepted under a limit of 10")
        } catch {
            #expect(error.code == .limitExceeded)
            #expect(error.message.contains("makes the tree 11 layers deep (layer 5 is at depth 5 and the subtree of "
                                           + "layer 101 is 6 deep), above the tree-depth limit maxTreeDepth = 10"))
        }
        // Cut B's last layer off first, in the same commit: now 5 + 5 = 10 fits.
        var p2 = CommitValidator.Pending()
        p2.lastSequence = 2
        let fits: [Command] = [.removeFromSuperlayer(106), .insertSublayer(parent: 5, child: 101, index: 0)]
        try v.validate(Commit(sequence: 3, mediaTime: 0, commands: fits), store: store, pending: &p2)
        // And a queued commit sees the queued one: B's leaf back under 105 is 11 deep again.
        #expect(throws: CommitValidator.Rejection.self) {
            try v.validate(Commit(sequence: 4, mediaTime: 0, commands: [.insertSublayer(parent: 105, child: 106, index: 0)]),
                           store: store, pending: &p2)
        }
        // Applied, the store's heights agree.
        apply(store, fits)
        #expect(store.height(of: 1) == 10)
        #expect(store.height(of: 101) == 5)
        #expect(store.height(of: 106) == 1)
    }

    @Test func cyclesAreRefused() throws {
        let store = LayerStore()
        var pending = CommitValidator.Pending()
        let v = validator()
        try v.validate(Commit(sequence: 1, mediaTime: 0, commands: chain(1, 4)), store: store, pending: &pending)
        for (parent, child) in [(4, 1), (3, 2), (2, 2)] as [(LayerID, LayerID)] {
            var p = pending
            do {
                try v.validate(Commit(sequence: 2, mediaTime: 0, commands: [.insertSublayer(parent: parent, child: child,
                                                                                            index: 0)]),
                               store: store, pending: &p)
                Issue.record("inserting \(child) into \(parent) was accepted")
            } catch {
                #expect(error.code == .cycle)
                #expect(error.message.contains("inserting it into layer \(parent) makes a cycle"))
            }
        }
        // Reordering among siblings and moving up are fine.
        try v.validate(Commit(sequence: 2, mediaTime: 0, commands: [.insertSublayer(parent: 1, child: 4, index: 0),
                                                                     .insertSublayer(parent: 1, child: 3, index: 0)]),
                       store: store, pending: &pending)
    }

    /// A legal tree of a few thousand layers, wide and fairly deep, built top-down and then
    /// rearranged, is accepted and its heights are exact.
    @Test func aLegalDeepishTreeIsAccepted() throws {
        let store = LayerStore()
        var pending = CommitValidator.Pending()
        let v = validator()
        var commands: [Command] = [.createLayer(1, .layer), .setRoot(1)]
        var next: LayerID = 2
        // 20 branches, each a chain of 100 with 2 leaves hanging off every 10th layer.
        for _ in 0..<20 {
            var parent: LayerID = 1
            for depth in 0..<100 {
                let id = next; next += 1
                commands += [.createLayer(id, .layer), .insertSublayer(parent: parent, child: id, index: UInt32.max)]
                if depth % 10 == 0 {
                    for _ in 0..<2 {
                        let leaf = next; next += 1
                        commands += [.createLayer(leaf, .layer), .insertSublayer(parent: id, child: leaf, index: 0)]
                    }
                }
                parent = id
            }
        }
        try v.validate(Commit(sequence: 1, mediaTime: 0, commands: commands), store: store, pending: &pending)
        apply(store, commands)
        pending.reset()
        #expect(store.height(of: 1) == 101)
        // Stack four branches end to end: 1 + 4 × 100 = 401 deep, within 512.
        let firstOfBranch: (Int) -> LayerID = { b in 2 + LayerID(b * 120) }
        let lastOfBranch: (Int) -> LayerID = { b in firstOfBranch(b) + 119 }   // the 100th layer of the chain
        var moves: [Command] = []
        for b in 1..<4 { moves.append(.insertSublayer(parent: lastOfBranch(b - 1), child: firstOfBranch(b), index: 0)) }
        try v.validate(Commit(sequence: 2, mediaTime: 0, commands: moves), store: store, pending: &pending)
        apply(store, moves)
        #expect(store.height(of: 1) == 401)
        // A fifth would make 501; a sixth 601 — refused.
        try v.validate(Commit(sequence: 3, mediaTime: 0, commands: [.insertSublayer(parent: lastOfBranch(3),
                                                                                    child: firstOfBranch(4), index: 0)]),
                       store: store, pending: &pending)
        #expect(throws: CommitValidator.Rejection.self) {
            try v.validate(Commit(sequence: 4, mediaTime: 0, commands: [.insertSublayer(parent: lastOfBranch(4),
                                                                                        child: firstOfBranch(5), index: 0)]),
                           store: store, pending: &pending)
        }
    }
}
