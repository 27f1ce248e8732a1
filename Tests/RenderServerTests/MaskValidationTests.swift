import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// The checks on `mask` and on the values of wire 21, 22, 43 and 54, against the pending
/// view and against the store once applied (both must agree).
@Suite struct MaskValidationTests {
    let validator = CommitValidator(limits: .default, client: "client \"demo\" (pid 1234)")

    func commit(_ sequence: UInt64, _ commands: [Command]) -> Commit {
        Commit(sequence: sequence, mediaTime: 0, commands: commands)
    }

    /// Validates `setup` then `commands` in one commit; returns the rejection, if any.
    func rejection(_ commands: [Command], after setup: [Command] = [], applied: Bool = false) -> CommitValidator.Rejection? {
        let store = LayerStore()
        var pending = CommitValidator.Pending()
        do {
            if applied {
                try validator.validate(commit(1, setup), store: store, pending: &pending)
                var events: [Message] = []
                for c in setup { store.apply(c, mediaTime: 0, events: &events) }
                pending.reset()
                try validator.validate(commit(2, commands), store: store, pending: &pending)
            } else {
                try validator.validate(commit(1, setup + commands), store: store, pending: &pending)
            }
            return nil
        } catch {
            return error
        }
    }

    static let three: [Command] = [.createLayer(1, .layer), .createLayer(2, .layer), .createLayer(3, .layer)]

    @Test(arguments: [false, true]) func aMaskIsAccepted(applied: Bool) {
        #expect(rejection([.setProperty(1, LayerKeyPath(.mask), .layer(2))], after: Self.three, applied: applied) == nil)
        #expect(rejection([.setProperty(1, LayerKeyPath(.mask), .layer(0))], after: Self.three, applied: applied) == nil)
    }

    @Test(arguments: [false, true]) func aLayerCannotBeItsOwnMask(applied: Bool) throws {
        let e = try #require(rejection([.setProperty(1, LayerKeyPath(.mask), .layer(1))], after: Self.three, applied: applied))
        #expect(e.code == .invalidValue)
        #expect(e.message.contains("layer 1 of client \"demo\" (pid 1234): a layer cannot be its own mask"))
    }

    @Test(arguments: [false, true]) func aMaskMustExist(applied: Bool) throws {
        let e = try #require(rejection([.setProperty(1, LayerKeyPath(.mask), .layer(9))], after: Self.three, applied: applied))
        #expect(e.code == .unknownLayer)
        #expect(e.message.contains("its mask, layer 9, does not exist"))
    }

    @Test(arguments: [false, true]) func aMaskCannotHaveASuperlayer(applied: Bool) throws {
        let e = try #require(rejection([.setProperty(1, LayerKeyPath(.mask), .layer(2))],
                                       after: Self.three + [.insertSublayer(parent: 3, child: 2, index: 0)], applied: applied))
        #expect(e.code == .invalidValue)
        #expect(e.message.contains("is a sublayer of layer 3; a mask cannot have a superlayer"))
    }

    @Test(arguments: [false, true]) func aMaskCannotBeInsertedAsASublayer(applied: Bool) throws {
        let e = try #require(rejection([.insertSublayer(parent: 3, child: 2, index: 0)],
                                       after: Self.three + [.setProperty(1, LayerKeyPath(.mask), .layer(2))], applied: applied))
        #expect(e.code == .invalidCommand)
        #expect(e.message.contains("it is the mask of layer 1 and a mask cannot also be a sublayer"))
        // Unset first, then it may.
        #expect(rejection([.setProperty(1, LayerKeyPath(.mask), .layer(0)), .insertSublayer(parent: 3, child: 2, index: 0)],
                          after: Self.three + [.setProperty(1, LayerKeyPath(.mask), .layer(2))], applied: applied) == nil)
    }

    @Test(arguments: [false, true]) func aMaskMasksOneLayer(applied: Bool) throws {
        let e = try #require(rejection([.setProperty(3, LayerKeyPath(.mask), .layer(2))],
                                       after: Self.three + [.setProperty(1, LayerKeyPath(.mask), .layer(2))], applied: applied))
        #expect(e.code == .invalidValue)
        #expect(e.message.contains("is already the mask of layer 1"))
    }

    @Test(arguments: [false, true]) func anAncestorCannotBeAMask(applied: Bool) throws {
        // 1 ⊃ 2: 2 masked by 1 is a cycle.
        let e = try #require(rejection([.setProperty(2, LayerKeyPath(.mask), .layer(1))],
                                       after: Self.three + [.insertSublayer(parent: 1, child: 2, index: 0)], applied: applied))
        #expect(e.code == .cycle)
        #expect(e.message.contains("its mask, layer 1, is one of its ancestors"))
        // 1 masked by 2, then 2 masked by 1: a cycle through masks.
        let m = try #require(rejection([.setProperty(2, LayerKeyPath(.mask), .layer(1))],
                                       after: Self.three + [.setProperty(1, LayerKeyPath(.mask), .layer(2))], applied: applied))
        #expect(m.code == .cycle)
    }

    @Test(arguments: [false, true]) func aMaskCannotBeTheRoot(applied: Bool) throws {
        let masked = Self.three + [.setProperty(1, LayerKeyPath(.mask), .layer(2))]
        let e = try #require(rejection([.setRoot(2)], after: masked, applied: applied))
        #expect(e.code == .invalidCommand)
        #expect(e.message.hasPrefix("layer 2 of client \"demo\" (pid 1234): it is the mask of layer 1 and a mask cannot "
            + "also be the root"), "\(e.message)")
        #expect(e.message.contains("set layer 1's mask to none first, or make another layer the root"), "\(e.message)")
        // Unmasked first, it may; the masked layer itself may be the root.
        #expect(rejection([.setProperty(1, LayerKeyPath(.mask), .layer(0)), .setRoot(2)], after: masked, applied: applied) == nil)
        #expect(rejection([.setRoot(1)], after: masked, applied: applied) == nil)
        // The other way round: the root cannot be made a mask, until another layer is the root.
        let rooted = Self.three + [.setRoot(2)]
        let r = try #require(rejection([.setProperty(1, LayerKeyPath(.mask), .layer(2))], after: rooted, applied: applied))
        #expect(r.code == .invalidValue)
        #expect(r.message.contains("its mask, layer 2, is this client's root layer; a root cannot also be a mask"),
                "\(r.message)")
        #expect(rejection([.setRoot(3), .setProperty(1, LayerKeyPath(.mask), .layer(2))], after: rooted,
                          applied: applied) == nil)
        #expect(rejection([.setRoot(0), .setProperty(1, LayerKeyPath(.mask), .layer(2))], after: rooted,
                          applied: applied) == nil)
        // A destroyed root is no root: its id may come back as a mask.
        #expect(rejection([.destroyLayer(2), .createLayer(2, .layer), .setProperty(1, LayerKeyPath(.mask), .layer(2))],
                          after: rooted, applied: applied) == nil)
    }

    /// On the daemon: the session that sets a mask as its root gets a fatal error naming the
    /// layers and what to do; the others go on.
    @Test func aMaskAsRootEndsOnlyThatSession() throws {
        let s = IsolationTests.server()
        let good = try IsolationTests.client(s, name: "good")
        let bad = try IsolationTests.client(s, name: "bad")
        s.send(.commit(Commit(sequence: 1, mediaTime: 0, commands: Self.three + [.setProperty(1, LayerKeyPath(.mask), .layer(2)),
                                                                                   .setRoot(2)])), from: bad)
        let e = try #require(try IsolationTests.fatalError(s, bad))
        #expect(e.code == .invalidCommand && e.sequence == 1)
        #expect(e.message.contains("layer 2 of client \"bad\""), "\(e.message)")
        #expect(e.message.hasSuffix("(command 4 of commit 1)"), "\(e.message)")
        try IsolationTests.expectServed(s, good, sequence: 1)
    }

    @Test func destroyingAMaskUnmasksItsLayer() throws {
        let store = LayerStore()
        var events: [Message] = []
        for c in Self.three + [.setProperty(1, LayerKeyPath(.mask), .layer(2))] { store.apply(c, mediaTime: 0, events: &events) }
        #expect(store.maskOwner(of: 2) == 1)
        store.apply(.destroyLayer(2), mediaTime: 0, events: &events)
        #expect(store.node(1)?.model.mask == 0)
        // The id may come back as an ordinary layer, inserted anywhere.
        var pending = CommitValidator.Pending()
        try validator.validate(commit(1, [.createLayer(2, .layer), .insertSublayer(parent: 3, child: 2, index: 0)]),
                               store: store, pending: &pending)
    }

    @Test func animatingMaskIsRefused() throws {
        let e = try #require(rejection([.addAnimation(1, key: "m", animationID: 1,
                                                      animation: .basic(LayerKeyPath(.mask), to: .layer(2), duration: 1))],
                                       after: Self.three))
        #expect(e.code == .invalidValue)
        #expect(e.message.contains("mask cannot be animated"))
    }

    @Test func valuesAreChecked() throws {
        let cases: [(Command, String)] = [
            (.setProperty(1, LayerKeyPath(.contentsGravity), .string("middle")), "contentsGravity \"middle\" is not a gravity"),
            (.setProperty(1, LayerKeyPath(.contentsScale), .number(0)), "contentsScale 0.0 must be a finite number > 0"),
            (.setProperty(2, LayerKeyPath(.lineDashPattern), .numbers([4, -1])), "must hold finite lengths ≥ 0"),
            (.setProperty(2, LayerKeyPath(.lineDashPattern), .numbers([0, 0])), "not all 0"),
            (.setProperty(3, LayerKeyPath(.truncationMode), .string("both")), "truncationMode \"both\" is not a truncation mode"),
        ]
        for (command, text) in cases {
            let e = try #require(rejection([command], after: [.createLayer(1, .layer), .createLayer(2, .shape),
                                                               .createLayer(3, .text)]), "\(command)")
            #expect(e.code == .invalidValue)
            #expect(e.message.contains(text), "\(e.message)")
        }
        // Text properties exist on text layers only.
        let e = try #require(rejection([.setProperty(1, LayerKeyPath(.truncationMode), .string("end"))],
                                       after: [.createLayer(1, .layer)]))
        #expect(e.code == .invalidCommand)
        #expect(rejection([.setProperty(1, LayerKeyPath(.contentsGravity), .string("topLeft")),
                           .setProperty(2, LayerKeyPath(.lineDashPattern), .numbers([])),
                           .setProperty(3, LayerKeyPath(.truncationMode), .string("middle"))],
                          after: [.createLayer(1, .layer), .createLayer(2, .shape), .createLayer(3, .text)]) == nil)
    }
}
