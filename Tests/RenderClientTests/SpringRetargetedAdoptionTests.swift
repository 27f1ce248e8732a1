import RenderCore
import RenderProtocol
import Testing
@testable import RenderClient

/// `springRetargeted` (PROTOCOL.md §5.2): the client's mirror of a retargeted spring is a
/// guess made when the commit was built; the daemon's spring starts when the commit is
/// applied, a little later. Once the event arrives, `presentation()` is the daemon's.
@Suite struct SpringRetargetedAdoptionTests {
    static let request = (to: AnimatableValue.point(Point(x: -40, y: 200)), stiffness: 300.0, damping: 20.0)

    /// A layer with a position spring (0, 0) → (100, 50), retargeted 0.1 s in; returns the
    /// harness, the layer, the model before the retarget, the spring as sent, the commit
    /// time and the new spring's id.
    static func retargeted() throws -> (Harness, Layer, LayerProperties, Animation, Double, UInt64) {
        let h = Harness()
        let l = h.committed { Layer() }
        h.run {
            Transaction.disableActions = true
            l.add(.spring(SpringAnimation(keyPath: LayerKeyPath(.position), from: .point(Point(x: 0, y: 0)),
                                          to: .point(Point(x: 100, y: 50)))), forKey: "move")
        }
        h.settle()
        let sent = try #require(h.lastCommit?.addedAnimations.last?.animation)
        h.now += 0.1
        let built = h.now
        let prior = h.run { l.model() }
        h.run { l.retargetSpring(forKey: "move", to: request.to, stiffness: request.stiffness, damping: request.damping) }
        h.settle()
        guard case let .retargetSpring(_, _, id, _)? = h.lastCommit?.commands.last else {
            Issue.record("no retargetSpring in \(String(describing: h.lastCommit))"); throw Failure()
        }
        return (h, l, prior, sent, built, id)
    }

    struct Failure: Error {}

    /// What the daemon computes applying the retarget at `applied` (it runs the same
    /// `SpringRetargeting.retarget` over its model and attached spring).
    static func daemonSpring(prior: LayerProperties, sent: Animation, applied: Double) -> Animation {
        SpringRetargeting.retarget(model: prior, attached: [AttachedAnimation(key: "move", animation: sent)], key: "move",
                                   keyPath: LayerKeyPath(.position), to: request.to,
                                   physics: SpringAnimation(keyPath: LayerKeyPath(.position), stiffness: request.stiffness,
                                                            damping: request.damping),
                                   layerTime: applied).animation
    }

    @Test func afterTheEventPresentationIsTheDaemons() throws {
        let (h, l, prior, sent, built, id) = try Self.retargeted()
        let applied = built + 0.004 // the daemon applied it 4 ms after the client built it
        let daemon = Self.daemonSpring(prior: prior, sent: sent, applied: applied)
        guard case let .spring(spring) = daemon.kind, let from = spring.from else { Issue.record("\(daemon)"); return }
        let velocity = AnimatableValue(kind: from.kind, components: spring.componentVelocity ?? [0, 0])!
        var model = prior
        model.position = Point(x: -40, y: 200)
        func daemonPosition(_ t: Double) -> Point {
            Presentation.presentation(model: model, animations: [AttachedAnimation(key: "move", animation: daemon)], at: t)
                .position
        }
        // Before the event: the mirror started at the commit's time, so it is off.
        let guess = h.run { l.presentation(at: applied + 0.05).position }
        let truth = daemonPosition(applied + 0.05)
        #expect(abs(guess.x - truth.x) > 1e-3, "the guess \(guess) already matched \(truth)")

        h.deliver(.springRetargeted(SpringRetargeted(animationID: id, layer: l.id, mediaTime: applied, beginTime: applied,
                                                     from: from, velocity: velocity)))
        for dt in [0.0, 0.001, 0.05, 0.2, 0.6] {
            let mine = h.run { l.presentation(at: applied + dt).position }
            let theirs = daemonPosition(applied + dt)
            #expect(abs(mine.x - theirs.x) <= 1e-9 && abs(mine.y - theirs.y) <= 1e-9, "at +\(dt): \(mine) vs \(theirs)")
        }
        #expect(h.run { l.animation(forKey: "move") } == daemon)
    }

    @Test func anEventForAnotherAnimationOrAStoppedOneChangesNothing() throws {
        let (h, l, _, _, built, id) = try Self.retargeted()
        let before = h.run { l.animation(forKey: "move") }
        let event = SpringRetargeted(animationID: id + 100, layer: l.id, mediaTime: built, beginTime: built,
                                     from: .point(Point(x: 7, y: 7)), velocity: .point(Point(x: 0, y: 0)))
        h.deliver(.springRetargeted(event))
        #expect(h.run { l.animation(forKey: "move") } == before)
        // Stopped (removed) before the event arrived: ignored.
        h.run { l.removeAnimation(forKey: "move") }
        h.settle()
        h.deliver(.animationStopped(AnimationStopped(animationID: id, layer: l.id, finished: false, mediaTime: built)))
        var late = event
        late.animationID = id
        h.deliver(.springRetargeted(late))
        #expect(h.run { l.animation(forKey: "move") } == nil)
    }
}
