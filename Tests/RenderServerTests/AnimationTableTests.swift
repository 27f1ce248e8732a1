import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer

/// The store keeps an animation once: as its row when the row stands for it, whole otherwise
/// (`AnimationTable`); what is not the frame's gets the animations back as added.
@Suite struct AnimationTableTests {
    func apply(_ store: LayerStore, _ commands: [Command], at t: Double = 0) -> [Message] {
        var events: [Message] = []
        for c in commands { store.apply(c, mediaTime: t, events: &events) }
        return events
    }

    static let fade = Animation.basic(.opacity, from: .number(0.2), to: .number(1), duration: 2)
    static let nudge = Animation.spring(SpringAnimation(keyPath: .position, from: .point(Point(0, 0)), to: .point(Point(5, 5)),
                                                        mass: 2, stiffness: 50, damping: 4))
    static let group = Animation.group([.basic(.opacity, from: .number(0), to: .number(1), duration: 1)], duration: 1)
    static let spin = Animation.basic(LayerKeyPath(.transform, .rotationZ), from: .number(0), to: .number(3), duration: 1)

    @Test func onlyAnimationsNoRowStandsForAreKeptWhole() {
        let store = LayerStore()
        _ = apply(store, [.createLayer(1, .layer),
                          .addAnimation(1, key: "fade", animationID: 1, animation: Self.fade),
                          .addAnimation(1, key: "group", animationID: 2, animation: Self.group),
                          .addAnimation(1, key: "nudge", animationID: 3, animation: Self.nudge),
                          .addAnimation(1, key: "spin", animationID: 4, animation: Self.spin)])
        let state = store.animation(of: 1)!
        let first = Int(state.first)
        #expect((0..<4).map { store.table.isKept(first + $0) } == [false, true, false, true])
        #expect(store.attachedAnimations(of: 1) == [AttachedAnimation(key: "fade", animation: Self.fade),
                                                   AttachedAnimation(key: "group", animation: Self.group),
                                                   AttachedAnimation(key: "nudge", animation: Self.nudge),
                                                   AttachedAnimation(key: "spin", animation: Self.spin)])
        #expect(store.animationKeys(of: 1) == ["fade", "group", "nudge", "spin"])
        #expect(store.records(of: 1).map(\.id) == [1, 2, 3, 4])
        // Removing the group by key hands the kept animation over to be freed off the loop.
        let events = apply(store, [.removeAnimation(1, key: "group")], at: 0.5)
        #expect(events == [.animationStopped(AnimationStopped(animationID: 2, layer: 1, finished: false, mediaTime: 0.5))])
        #expect(store.hasRetired)
        #expect(Array(store.takeRetired()) == [Self.group])
        #expect(!store.hasRetired)
        #expect(store.attachedAnimations(of: 1).map(\.key) == ["fade", "nudge", "spin"])
        #expect(store.records(of: 1).map(\.id) == [1, 3, 4])
        // A key nobody holds removes nothing; replacing under a key keeps the order of the rest.
        _ = apply(store, [.removeAnimation(1, key: "none"),
                          .addAnimation(1, key: "fade", animationID: 5, animation: Self.group)])
        #expect(store.attachedAnimations(of: 1) == [AttachedAnimation(key: "nudge", animation: Self.nudge),
                                                   AttachedAnimation(key: "spin", animation: Self.spin),
                                                   AttachedAnimation(key: "fade", animation: Self.group)])
        #expect(store.records(of: 1).map(\.id) == [3, 4, 5])
    }

    @Test func keysAreCountedAcrossLayersAndGoWithTheirLast() {
        let store = LayerStore()
        _ = apply(store, [.createLayer(1, .layer), .createLayer(2, .layer),
                          .addAnimation(1, key: "fade", animationID: 1, animation: Self.fade),
                          .addAnimation(2, key: "fade", animationID: 2, animation: Self.fade)])
        let index = store.table.keys.index(of: "fade")
        #expect(index != nil)
        _ = apply(store, [.removeAllAnimations(1)])
        #expect(store.table.keys.index(of: "fade") == index)
        #expect(store.animationKeys(of: 2) == ["fade"])
        _ = apply(store, [.destroyLayer(2)])
        #expect(store.table.keys.index(of: "fade") == nil)
        _ = apply(store, [.addAnimation(1, key: "other", animationID: 3, animation: Self.fade)])
        #expect(store.animationKeys(of: 1) == ["other"])
    }

    /// Rows name their curves by index: a timing function shared by many rows is kept once
    /// and counted, a spring's constants in an entry of their own, none (linear) is entry 0;
    /// the animations come back with their own timing functions.
    @Test func curvesAreKeptOnceAndGoWithTheirLastRow() {
        var eased = Self.fade
        eased.timingFunction = .easeInEaseOut
        var easedIn = Self.fade
        easedIn.timingFunction = .easeIn
        let store = LayerStore()
        _ = apply(store, [.createLayer(1, .layer), .createLayer(2, .layer), .createLayer(3, .layer),
                          .addAnimation(1, key: "fade", animationID: 1, animation: eased),
                          .addAnimation(2, key: "fade", animationID: 2, animation: eased),
                          .addAnimation(3, key: "nudge", animationID: 3, animation: Self.nudge),
                          .addAnimation(3, key: "fade", animationID: 4, animation: Self.fade),
                          .addAnimation(3, key: "in", animationID: 5, animation: easedIn)])
        func curves(_ id: LayerID) -> [UInt32] { store.animation(of: id)!.rows(in: store.table).map(\.curve) }
        let shared = curves(1)[0]
        #expect(shared != 0 && curves(2) == [shared])
        let three = curves(3)
        #expect(three[0] != 0 && three[0] != shared, "a spring's constants: an entry of their own")
        #expect(three[1] == 0, "linear: the curve of none")
        #expect(three[2] != 0 && three[2] != shared && three[2] != three[0])
        #expect(store.table.curves.holders(of: PlanCurve(.easeInEaseOut)) == 2)
        #expect(store.table.curves.column.base![Int(three[0])].isSpring)
        #expect(store.attachedAnimations(of: 1) == [AttachedAnimation(key: "fade", animation: eased)])
        #expect(store.attachedAnimations(of: 3).map(\.animation) == [Self.nudge, Self.fade, easedIn])
        _ = apply(store, [.removeAllAnimations(1)])
        #expect(store.table.curves.holders(of: PlanCurve(.easeInEaseOut)) == 1)
        #expect(curves(2) == [shared])
        _ = apply(store, [.destroyLayer(2)])
        #expect(store.table.curves.holders(of: PlanCurve(.easeInEaseOut)) == 0)
        // The freed entry is reused by the next curve.
        _ = apply(store, [.addAnimation(1, key: "fade", animationID: 6, animation: eased)])
        #expect(curves(1) == [shared])
        #expect(store.attachedAnimations(of: 1) == [AttachedAnimation(key: "fade", animation: eased)])
    }

    /// Equal springs share an entry as equal timing functions do (the frame's walk shares the
    /// timed progress of rows with equal timings and equal curve indices: `TimingMemo`), and
    /// it goes with its last holder; a different spring gets another.
    @Test func equalSpringsShareOneCurve() {
        var stiffer = Self.nudge
        if case var .spring(s) = stiffer.kind { s.stiffness = 80; stiffer.kind = .spring(s) }
        let store = LayerStore()
        _ = apply(store, [.createLayer(1, .layer), .createLayer(2, .layer), .createLayer(3, .layer),
                          .addAnimation(1, key: "nudge", animationID: 1, animation: Self.nudge),
                          .addAnimation(2, key: "nudge", animationID: 2, animation: Self.nudge),
                          .addAnimation(3, key: "nudge", animationID: 3, animation: stiffer)])
        func curve(_ id: LayerID) -> UInt32 { store.animation(of: id)!.rows(in: store.table)[0].curve }
        let spring = curve(1)
        #expect(spring != 0 && curve(2) == spring && curve(3) != spring && curve(3) != 0)
        let constants = store.table.curves.column.base![Int(spring)]
        #expect(constants.isSpring && store.table.curves.holders(of: constants) == 2)
        _ = apply(store, [.destroyLayer(1)])
        #expect(store.table.curves.holders(of: constants) == 1 && curve(2) == spring)
        _ = apply(store, [.destroyLayer(2)])
        #expect(store.table.curves.holders(of: constants) == 0)
        #expect(store.attachedAnimations(of: 3).map(\.animation) == [stiffer])
    }

    /// A commit past 4,096 animations takes room for the client's `maxAnimations` rows at
    /// once: the row columns do not move (nor leave outgrown blocks behind) as they arrive.
    @Test func aLargeCommitReservesTheRowColumnsOnce() {
        let store = LayerStore()
        store.reserve(layers: 5_000, animated: 5_000, limit: 10_000, animationLimit: 20_000)
        #expect(store.table.planned.capacity >= 20_000)
        #expect(store.table.spans.capacity >= 20_000 && store.table.records.capacity >= 20_000)
        let base = store.table.planned.base
        var commands: [Command] = []
        for i in 1...5_000 {
            commands += [.createLayer(LayerID(i), .layer),
                         .addAnimation(LayerID(i), key: "fade", animationID: UInt64(i), animation: Self.fade)]
        }
        _ = apply(store, commands)
        #expect(store.table.planned.base == base)
        #expect(store.table.rowsHandedOut == 5_000)
        // Small stores take what they need.
        let small = LayerStore()
        small.reserve(layers: 10, animated: 10, limit: 10_000, animationLimit: 20_000)
        #expect(small.table.planned.capacity < 1_000)
    }
}
