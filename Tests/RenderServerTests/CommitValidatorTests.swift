import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer

@Suite struct CommitValidatorTests {
    let validator = CommitValidator(limits: .default, client: "client \"demo\" (pid 1234)")

    func commit(_ sequence: UInt64, _ commands: [Command]) -> Commit {
        Commit(sequence: sequence, mediaTime: 0, commands: commands)
    }

    @Test func aRejectedCommitLeavesTheStoreUntouched() throws {
        let store = LayerStore()
        var pending = CommitValidator.Pending()
        #expect(throws: CommitValidator.Rejection.self) {
            try validator.validate(commit(1, [.createLayer(1, .layer), .setProperty(2, .opacity, .number(0))]),
                                   store: store, pending: &pending)
        }
        #expect(store.layerCount == 0)
    }

    @Test func messagesNameTheLayerTheClientAndWhatToDo() {
        let store = LayerStore()
        var pending = CommitValidator.Pending()
        do {
            try validator.validate(commit(1, [.setProperty(42, .opacity, .number(0))]), store: store, pending: &pending)
            Issue.record("accepted an unknown layer")
        } catch {
            #expect(error.code == .unknownLayer)
            #expect(error.message.hasPrefix("layer 42 of client \"demo\" (pid 1234): no such layer"))
            #expect(error.message.contains("create it before using it"))
            #expect(error.message.hasSuffix("(command 0 of commit 1)"))
        }
    }

    @Test func pendingTracksQueuedStructureUntilApplied() throws {
        let store = LayerStore()
        var pending = CommitValidator.Pending()
        try validator.validate(commit(1, [.createLayer(1, .layer), .createLayer(2, .layer),
                                          .insertSublayer(parent: 1, child: 2, index: 0)]), store: store, pending: &pending)
        // Layer 2 exists only in the pending view so far.
        #expect(store.layerCount == 0)
        try validator.validate(commit(2, [.addAnimation(2, key: "a", animationID: 1,
                                                        animation: .basic(.opacity, to: .number(1), duration: 1))]),
                               store: store, pending: &pending)
        // Apply both, as a frame would, and reset the view.
        var events: [Message] = []
        for c in [commit(1, [.createLayer(1, .layer), .createLayer(2, .layer), .insertSublayer(parent: 1, child: 2, index: 0)]),
                  commit(2, [.addAnimation(2, key: "a", animationID: 1, animation: .basic(.opacity, to: .number(1), duration: 1))])] {
            for command in c.commands { store.apply(command, mediaTime: 0, events: &events) }
        }
        pending.reset()
        #expect(store.layerCount == 2 && store.animationCount == 1)
        // Now the store itself rejects a cycle.
        #expect(throws: CommitValidator.Rejection.self) {
            try validator.validate(commit(3, [.insertSublayer(parent: 2, child: 1, index: 0)]), store: store, pending: &pending)
        }
    }

    @Test func replacingUnderAKeyDoesNotCountTowardsTheLimit() throws {
        var limits = Limits.default
        limits.maxAnimationsPerLayer = 2
        let v = CommitValidator(limits: limits, client: "c")
        let store = LayerStore()
        var pending = CommitValidator.Pending()
        let a = Animation.basic(.opacity, to: .number(1), duration: 1)
        try v.validate(commit(1, [.createLayer(1, .layer), .addAnimation(1, key: "x", animationID: 1, animation: a),
                                  .addAnimation(1, key: "y", animationID: 2, animation: a),
                                  .addAnimation(1, key: "x", animationID: 3, animation: a)]), store: store, pending: &pending)
        #expect(throws: CommitValidator.Rejection.self) {
            try v.validate(commit(2, [.addAnimation(1, key: "z", animationID: 4, animation: a)]), store: store, pending: &pending)
        }
        var p2 = CommitValidator.Pending()
        try v.validate(commit(1, [.createLayer(1, .layer), .addAnimation(1, key: "x", animationID: 1, animation: a),
                                  .addAnimation(1, key: "y", animationID: 2, animation: a), .removeAnimation(1, key: "x"),
                                  .addAnimation(1, key: "z", animationID: 4, animation: a)]), store: store, pending: &p2)
    }

    @Test func contentsAboveTheBitmapLimitAreRefused() throws {
        var limits = Limits.default
        limits.maxBitmapBytes = 1000
        let v = CommitValidator(limits: limits, client: "c")
        var pending = CommitValidator.Pending()
        let big = Bitmap(width: 20, height: 20, fill: .red) // 1600 bytes
        do {
            try v.validate(commit(1, [.createLayer(1, .layer), .setProperty(1, LayerKeyPath(.contents), .contents(big))]),
                           store: LayerStore(), pending: &pending)
            Issue.record("accepted oversized contents")
        } catch {
            #expect(error.code == .limitExceeded)
        }
    }
}

@Suite struct ControlReportJSONTests {
    @Test func numbersRoundTripExactlyAndNonFiniteOnesAreNull() throws {
        struct Doc: Codable, Equatable { var a: [JSONNumber]; var s: String }
        let doc = Doc(a: [0.1, JSONNumber(.nan), JSONNumber(-.infinity), 1e-300, JSONNumber(1000 + 1.0 / 60)],
                      s: "q\"b\\n\n\u{1}é")
        let json = ServerCore.json(doc)
        #expect(json.contains("null,null"))
        let back = try JSONDecoder().decode(Doc.self, from: Data(json.utf8))
        #expect(back.a[0].value == 0.1 && back.a[3].value == 1e-300 && back.a[4].value == 1000 + 1.0 / 60)
        #expect(back.a[1].value.isNaN && back.a[2].value.isNaN)
        #expect(back.s == doc.s)
    }
}
