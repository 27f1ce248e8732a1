import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// The bytes of contents held at once: `maxContentsBytesPerSession` (limit 16) and
/// `maxContentsBytes` (limit 17, over all sessions). On the embedded driver: bytes in,
/// bytes out, a manual clock.
@Suite struct ContentsLimitTests {
    /// 50×50 pixels: 10,000 bytes. `shade` makes each one a different image.
    static func bitmap(_ shade: Double) -> Bitmap {
        Bitmap(width: 50, height: 50, fill: Color(red: shade, green: 0.5, blue: 0.2, alpha: 1))
    }

    static func set(_ id: LayerID, _ b: Bitmap?) -> Command { .setProperty(id, LayerKeyPath(.contents), .contents(b)) }

    static let limits = Limits(maxContentsBytesPerSession: 25_000, maxContentsBytes: 45_000)

    static func ledger(_ s: EmbeddedServer, _ id: UInt32) -> ContentsLedger? {
        s.core.sessions.first { $0.id == id }?.contents
    }

    /// Sends a commit and expects it applied.
    static func commit(_ s: EmbeddedServer, _ id: UInt32, _ sequence: UInt64, _ commands: [Command]) throws {
        s.send(.commit(Commit(sequence: sequence, mediaTime: 0, commands: commands)), from: id)
        let m = try s.readMessages(of: id)
        #expect(m.contains { if case let .commitApplied(a) = $0 { return a.sequence == sequence }; return false },
                "commit \(sequence) was not applied: \(m)")
    }

    @Test func aSessionOverItsContentsLimitIsRefusedAndOthersGoOn() throws {
        let s = IsolationTests.server(Self.limits)
        let good = try IsolationTests.client(s, name: "good")
        let big = try IsolationTests.client(s, name: "big")
        try Self.commit(s, big, 1, [.createLayer(1, .layer), .createLayer(2, .layer), .createLayer(3, .layer),
                                    Self.set(1, Self.bitmap(0.1)), Self.set(2, Self.bitmap(0.2))])
        #expect(Self.ledger(s, big)?.bytes == 20_000)
        #expect(s.core.contentsHeld.bytes == 20_000)
        s.send(.commit(Commit(sequence: 2, mediaTime: 0, commands: [.createLayer(4, .layer), Self.set(3, Self.bitmap(0.3))])),
               from: big)
        let e = try #require(try IsolationTests.fatalError(s, big))
        #expect(e.code == .limitExceeded)
        #expect(e.sequence == 2)
        #expect(e.message.hasPrefix("layer 3 of client \"big\""), "\(e.message)")
        #expect(e.message.contains("a 50×50 bitmap of 10000 bytes"), "\(e.message)")
        #expect(e.message.contains("contents bytes held by this client's layers and animations 30000 exceeds the limit "
            + "maxContentsBytesPerSession = 25000"), "\(e.message)")
        #expect(e.message.hasSuffix("(command 1 of commit 2)"), "\(e.message)")
        // The session ended: what it held is released; the other client goes on.
        #expect(s.core.contentsHeld.bytes == 0)
        try IsolationTests.expectServed(s, good, sequence: 1)
    }

    @Test func replacingClearingAndDestroyingReleaseTheBytes() throws {
        let s = IsolationTests.server(Self.limits)
        let c = try IsolationTests.client(s)
        try Self.commit(s, c, 1, [.createLayer(1, .layer), .createLayer(2, .layer), .setRoot(1),
                                  .insertSublayer(parent: 1, child: 2, index: 0),
                                  Self.set(1, Self.bitmap(0.1)), Self.set(2, Self.bitmap(0.2))])
        #expect(Self.ledger(s, c)?.bytes == 20_000)
        // Replaced: the old bitmap leaves as the new one comes (even twice in one commit).
        try Self.commit(s, c, 2, [Self.set(1, Self.bitmap(0.3)), Self.set(1, Self.bitmap(0.4))])
        #expect(Self.ledger(s, c)?.bytes == 20_000)
        // Cleared, then a new layer takes the room.
        try Self.commit(s, c, 3, [Self.set(2, nil), .createLayer(3, .layer), Self.set(3, Self.bitmap(0.5))])
        #expect(Self.ledger(s, c)?.bytes == 20_000)
        // Destroyed (removing from the superlayer would not be enough: the layer lives on).
        try Self.commit(s, c, 4, [.destroyLayer(1), .createLayer(4, .layer), Self.set(4, Self.bitmap(0.6))])
        #expect(Self.ledger(s, c)?.bytes == 20_000)
        #expect(Self.ledger(s, c)?.bitmapCount == 2)
        #expect(s.core.contentsHeld.bytes == 20_000)
        s.step(seconds: 1.0 / 60)
        #expect(SharedContentsTests.contents(s, c, layer: 4) == Self.bitmap(0.6))
        // Still checked: a third bitmap is over.
        s.send(.commit(Commit(sequence: 5, mediaTime: 0, commands: [Self.set(2, Self.bitmap(0.7))])), from: c)
        let e = try #require(try IsolationTests.fatalError(s, c))
        #expect(e.message.contains("maxContentsBytesPerSession = 25000"), "\(e.message)")
    }

    @Test func theDaemonsBudgetIsSharedAndFreedWhenASessionEnds() throws {
        let s = IsolationTests.server(Self.limits)
        let a = try IsolationTests.client(s, name: "a")
        let b = try IsolationTests.client(s, name: "b")
        let c = try IsolationTests.client(s, name: "c")
        try Self.commit(s, a, 1, [.createLayer(1, .layer), .createLayer(2, .layer),
                                  Self.set(1, Self.bitmap(0.1)), Self.set(2, Self.bitmap(0.2))])
        try Self.commit(s, b, 1, [.createLayer(1, .layer), .createLayer(2, .layer),
                                  Self.set(1, Self.bitmap(0.1)), Self.set(2, Self.bitmap(0.2))])
        #expect(s.core.contentsHeld.bytes == 40_000)
        // c is within its own limit, but the daemon's is spent.
        s.send(.commit(Commit(sequence: 1, mediaTime: 0, commands: [.createLayer(7, .layer), Self.set(7, Self.bitmap(0.3))])),
               from: c)
        let e = try #require(try IsolationTests.fatalError(s, c))
        #expect(e.code == .limitExceeded)
        #expect(e.message.contains("contents bytes held over all clients 50000 exceeds the limit maxContentsBytes = 45000"),
                "\(e.message)")
        #expect(s.core.contentsHeld.bytes == 40_000)
        // a leaves: its bytes are free for the next client.
        s.disconnect(a)
        #expect(s.core.contentsHeld.bytes == 20_000)
        let d = try IsolationTests.client(s, name: "d")
        try Self.commit(s, d, 1, [.createLayer(1, .layer), .createLayer(2, .layer),
                                  Self.set(1, Self.bitmap(0.1)), Self.set(2, Self.bitmap(0.2))])
        #expect(s.core.contentsHeld.bytes == 40_000)
        try IsolationTests.expectServed(s, b, sequence: 2)
    }

    /// Over the wire every contents value is its own copy; a bitmap shown by several layers
    /// (the same storage) is held, and counted, once.
    @Test func oneBitmapOnSeveralLayersCountsOnce() throws {
        let ledger = ContentsLedger(total: ContentsLedger.Total())
        let validator = CommitValidator(limits: Limits(maxContentsBytesPerSession: 15_000), client: "client \"t\"",
                                        contents: ledger)
        let store = LayerStore()
        var pending = CommitValidator.Pending()
        let shared = Self.bitmap(0.5)
        let commit = Commit(sequence: 1, mediaTime: 0, commands: [.createLayer(1, .layer), .createLayer(2, .layer),
                                                                  .createLayer(3, .layer), Self.set(1, shared),
                                                                  Self.set(2, shared), Self.set(3, shared)])
        try validator.validate(commit, store: store, pending: &pending)
        #expect(pending.contents.bytes == 10_000)
        ledger.commit(pending.contents)
        pending.reset()
        #expect(ledger.bytes == 10_000 && ledger.bitmapCount == 1 && ledger.total.bytes == 10_000)
        var events: [Message] = []
        for command in commit.commands { store.apply(command, mediaTime: 0, events: &events) }
        // Two layers let go of it: still held by the third.
        try validator.validate(Commit(sequence: 2, mediaTime: 0, commands: [Self.set(1, nil), .destroyLayer(2)]),
                               store: store, pending: &pending)
        ledger.commit(pending.contents)
        pending.reset()
        #expect(ledger.bytes == 10_000 && ledger.bitmapCount == 1)
        // A second, different bitmap goes over 15,000 bytes; the ledger is unchanged.
        #expect(throws: CommitValidator.Rejection.self) {
            try validator.validate(Commit(sequence: 3, mediaTime: 0, commands: [Self.set(1, Self.bitmap(0.9))]),
                                   store: store, pending: &pending)
        }
        #expect(ledger.bytes == 10_000)
        ledger.releaseAll()
        #expect(ledger.total.bytes == 0)
    }

    // MARK: Bitmaps inside animation values

    /// Contents keyframes over `bitmaps` (one value each).
    static func flipbook(_ bitmaps: [Bitmap], duration: Double = 1, kept: Bool = false) -> Animation {
        let k = KeyframeAnimation(keyPath: LayerKeyPath(.contents), values: bitmaps.map { .contents($0) },
                                  calculationMode: .discrete)
        return Animation(.keyframe(k), timing: MediaTiming(beginTime: 1000, duration: duration), isRemovedOnCompletion: !kept)
    }

    static func add(_ id: LayerID, _ key: String, _ animationID: UInt64, _ a: Animation) -> Command {
        .addAnimation(id, key: key, animationID: animationID, animation: a)
    }

    /// Keyframes and basic animations of contents hold their bitmaps against the same
    /// limits as layers' contents, from the commit that adds them until they go: removed,
    /// replaced under their key, their layer destroyed, all removed, or retired by the frame
    /// that completes them (a kept one holds on).
    @Test func bitmapsInAnimationValuesCountUntilTheAnimationGoes() throws {
        let s = IsolationTests.server(Self.limits)
        let c = try IsolationTests.client(s)
        let ledger = try #require(Self.ledger(s, c))
        try Self.commit(s, c, 1, [.createLayer(1, .layer), .createLayer(2, .layer), .setRoot(1),
                                  Self.set(1, Self.bitmap(0.1)),
                                  Self.add(2, "flip", 1, Self.flipbook([Self.bitmap(0.2)]))])
        #expect(ledger.bytes == 20_000 && ledger.animationBytes == 10_000)
        #expect(s.core.contentsHeld.bytes == 20_000)
        // Replaced under its key by one without bitmaps: released.
        let fade = Animation(.basic(BasicAnimation(keyPath: .opacity, from: .number(0), to: .number(1))),
                             timing: MediaTiming(beginTime: 1000, duration: 1))
        try Self.commit(s, c, 2, [Self.add(2, "flip", 2, fade)])
        #expect(ledger.bytes == 10_000 && ledger.animationBytes == 0)
        // A basic animation's ends (in a group) count; removeAnimation releases them.
        let basic = Animation(.basic(BasicAnimation(keyPath: LayerKeyPath(.contents), from: .contents(Self.bitmap(0.3)),
                                                    to: .contents(nil))), timing: MediaTiming(duration: 1))
        let group = Animation(.group(AnimationGroup(animations: [basic])), timing: MediaTiming(beginTime: 1000, duration: 1))
        try Self.commit(s, c, 3, [Self.add(2, "group", 3, group)])
        #expect(ledger.bytes == 20_000)
        try Self.commit(s, c, 4, [.removeAnimation(2, key: "group")])
        #expect(ledger.bytes == 10_000)
        // removeAllAnimations and destroyLayer release what the layer's animations held.
        try Self.commit(s, c, 5, [Self.add(2, "a", 4, Self.flipbook([Self.bitmap(0.4)]))])
        #expect(ledger.bytes == 20_000)
        try Self.commit(s, c, 6, [.removeAllAnimations(2), Self.add(2, "b", 5, Self.flipbook([Self.bitmap(0.5)]))])
        #expect(ledger.bytes == 20_000)
        try Self.commit(s, c, 7, [.destroyLayer(2)])
        #expect(ledger.bytes == 10_000 && ledger.animationBytes == 0)
        #expect(s.core.contentsHeld.bytes == 10_000)
        // Retired by the frame that completes it (removed on completion); a kept one holds on.
        try Self.commit(s, c, 8, [.createLayer(3, .layer), .insertSublayer(parent: 1, child: 3, index: 0),
                                  Self.add(3, "once", 6, Self.flipbook([Self.bitmap(0.6)], duration: 0.5))])
        #expect(ledger.bytes == 20_000)
        s.step(seconds: 0.25)
        #expect(ledger.bytes == 20_000)
        s.step(seconds: 0.25)
        #expect(ledger.bytes == 10_000 && ledger.animationBytes == 0)
        #expect(s.core.contentsHeld.bytes == 10_000)
        try Self.commit(s, c, 9, [Self.add(3, "kept", 7, Self.flipbook([Self.bitmap(0.7)], duration: 0.5, kept: true))])
        s.step(seconds: 1)
        #expect(ledger.bytes == 20_000 && ledger.animationBytes == 10_000)
        // Over the limit: an animation's bitmaps are refused like a layer's.
        s.send(.commit(Commit(sequence: 10, mediaTime: 1000, commands: [
            Self.add(3, "more", 8, Self.flipbook([Self.bitmap(0.8)]))])), from: c)
        let e = try #require(try IsolationTests.fatalError(s, c))
        #expect(e.code == .limitExceeded && e.sequence == 10)
        #expect(e.message.hasPrefix("layer 3 of client \"c\" (pid 100): adding animation \"more\" (bitmaps of 10000 bytes in its "
            + "values): contents bytes held by this client's layers and animations 30000 exceeds the limit "
            + "maxContentsBytesPerSession = 25000"), "\(e.message)")
        #expect(e.message.contains("remove finished contents animations"), "\(e.message)")
        #expect(s.core.contentsHeld.bytes == 0)
    }

    /// The daemon's budget counts animations' bitmaps too; one bitmap in an animation value
    /// is bounded by `maxBitmapBytes` like a layer's.
    @Test func animationBitmapsCountAgainstTheDaemonsBudgetAndTheBitmapLimit() throws {
        let s = IsolationTests.server(Limits(maxBitmapBytes: 12_000, maxContentsBytesPerSession: 25_000,
                                             maxContentsBytes: 25_000))
        let a = try IsolationTests.client(s, name: "a")
        let b = try IsolationTests.client(s, name: "b")
        try Self.commit(s, a, 1, [.createLayer(1, .layer), Self.add(1, "flip", 1, Self.flipbook([Self.bitmap(0.1),
                                                                                                   Self.bitmap(0.2)]))])
        #expect(s.core.contentsHeld.bytes == 20_000)
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: [
            .createLayer(1, .layer), Self.add(1, "flip", 1, Self.flipbook([Self.bitmap(0.3)]))])), from: b)
        let e = try #require(try IsolationTests.fatalError(s, b))
        #expect(e.message.contains("contents bytes held over all clients 30000 exceeds the limit maxContentsBytes = 25000"),
                "\(e.message)")
        let big = Bitmap(width: 60, height: 60, fill: Color(red: 1, green: 0, blue: 0, alpha: 1)) // 14,400 bytes
        let c = try IsolationTests.client(s, name: "c")
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: [
            .createLayer(1, .layer), Self.add(1, "big", 1, Self.flipbook([big]))])), from: c)
        let f = try #require(try IsolationTests.fatalError(s, c))
        #expect(f.code == .limitExceeded)
        #expect(f.message.contains("animation of contents: value 0 is a bitmap of 14400 bytes, over the limit "
            + "maxBitmapBytes = 12000"), "\(f.message)")
        try IsolationTests.expectServed(s, a, sequence: 2)
    }

    /// `statsReply` reports the daemon's total, `clientsReply` each session's.
    @Test func contentsBytesAppearInStatsAndClientsReplies() throws {
        let s = IsolationTests.server(Self.limits)
        let a = try IsolationTests.client(s, name: "a")
        let b = try IsolationTests.client(s, name: "b")
        try Self.commit(s, a, 1, [.createLayer(1, .layer), Self.set(1, Self.bitmap(0.1))])
        try Self.commit(s, b, 1, [.createLayer(1, .layer), Self.add(1, "flip", 1, Self.flipbook([Self.bitmap(0.2)])),
                                  .createLayer(2, .layer), Self.set(2, Self.bitmap(0.3))])
        s.send(.statsRequest(requestID: 5), from: a)
        let stats = try s.readMessages(of: a).compactMap { if case let .statsReply(r) = $0 { return r.json }; return nil }
        let report = try JSONDecoder().decode(StatsReport.self, from: Data(try #require(stats.first).utf8))
        #expect(report.contentsBytes == 30_000)
        #expect(try #require(stats.first).contains("\"contentsBytes\":30000"))
        let clients = try OperationsTests.clients(s, asker: a)
        #expect(clients.sessions.map(\.contentsBytes) == [10_000, 20_000])
    }

    /// Shared-memory contents (value tag 12) are the daemon's copy: counted exactly as inline
    /// ones, on layers and inside animation values.
    @Test func sharedContentsCountAsInlineOnes() throws {
        let fds = SharedContentsTests.Memfds()
        let s = SharedContentsTests.server(Self.limits)
        let c = try IsolationTests.client(s)
        let a = Self.bitmap(0.1), b = Self.bitmap(0.2), d = Self.bitmap(0.3)
        let commit = Commit(sequence: 1, mediaTime: 1000, commands: [
            .createLayer(1, .layer), Self.set(1, a), Self.add(1, "flip", 1, Self.flipbook([b]))])
        s.write(SharedContentsTests.frame(commit, [SharedBitmapReference(descriptor: 0, packing: a),
                                                   SharedBitmapReference(descriptor: 1, packing: b)]),
                descriptors: [fds.make(a.pixels), fds.make(b.pixels)], from: c)
        #expect(SharedContentsTests.applied(try s.readMessages(of: c), 1))
        let ledger = try #require(Self.ledger(s, c))
        #expect(ledger.bytes == 20_000 && ledger.animationBytes == 10_000)
        let over = Commit(sequence: 2, mediaTime: 1000, commands: [.createLayer(2, .layer), Self.set(2, d)])
        s.write(SharedContentsTests.frame(over, [SharedBitmapReference(descriptor: 0, packing: d)]),
                descriptors: [fds.make(d.pixels)], from: c)
        let e = try #require(try IsolationTests.fatalError(s, c))
        #expect(e.code == .limitExceeded)
        #expect(e.message.contains("30000 exceeds the limit maxContentsBytesPerSession = 25000"), "\(e.message)")
        #expect(s.core.contentsHeld.bytes == 0)
        #expect(fds.openCount == 0)
    }
}
