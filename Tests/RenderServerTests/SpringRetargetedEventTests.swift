import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// `springRetargeted` (0x0013, PROTOCOL.md §5.2) on the embedded server, manual clock at
/// 1000 s, 60 Hz: the event names where the daemon's new spring starts, and the spring a
/// client rebuilds from it (`SpringRetargeting.spring`) is the daemon's, bit for bit.
@Suite struct SpringRetargetedEventTests {
    static let period = 1.0 / 60

    /// A position spring (0, 0) → (100, 50) from 1000 s, then 6 frames (to 1000.1 s) and
    /// `lag` more seconds without a frame, as a commit arriving mid-period finds the clock.
    static func running(lag: Double) throws -> (EmbeddedServer, UInt32, Double) {
        let s = SpringRetargetServerTests.server()
        let c = try SpringRetargetServerTests.client(s)
        var spring = Animation.spring(SpringAnimation(keyPath: LayerKeyPath(.position), from: .point(Point(x: 0, y: 0)),
                                                      to: .point(Point(x: 100, y: 50)), stiffness: 100, damping: 10))
        spring.timing.beginTime = 1000
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: [
            .createLayer(1, .layer), .setProperty(1, .position, .point(Point(x: 100, y: 50))), .setRoot(1),
            .addAnimation(1, key: "move", animationID: 1, animation: spring)])), from: c)
        s.step(seconds: 6 * period)
        s.step(seconds: lag)
        _ = try s.readMessages(of: c)
        return (s, c, 1000 + 6 * period + lag)
    }

    static let request = SpringRetarget(keyPath: LayerKeyPath(.position), to: .point(Point(x: -40, y: 200)),
                                        stiffness: 300, damping: 20)

    /// The spring a client builds from the event and its own request.
    static func rebuilt(_ e: SpringRetargeted, _ r: SpringRetarget) -> Animation {
        SpringRetargeting.spring(physics: SpringAnimation(keyPath: r.keyPath, mass: r.mass, stiffness: r.stiffness,
                                                          damping: r.damping),
                                 keyPath: r.keyPath, from: e.from, velocity: e.velocity, to: r.to, beginTime: e.beginTime)
    }

    @Test func theEventRebuildsTheDaemonsSpringExactly() throws {
        // The client built its commit at 1000.1 s; the daemon applies it 4 ms later.
        let (s, c, applied) = try Self.running(lag: 0.004)
        s.send(.commit(Commit(sequence: 2, mediaTime: 1000 + 6 * Self.period, commands: [
            .retargetSpring(1, key: "move", animationID: 2, retarget: Self.request)])), from: c)
        let messages = try s.readMessages(of: c)
        guard case let .springRetargeted(e)? = messages.first(where: { if case .springRetargeted = $0 { return true }; return false })
        else { Issue.record("no springRetargeted in \(messages)"); return }
        #expect(e.animationID == 2 && e.layer == 1)
        #expect(e.mediaTime == applied && e.beginTime == applied) // the apply time, not the commit's
        let (model, attached) = SpringRetargetServerTests.layer(s, c)
        let daemon = try #require(attached.first?.animation)
        #expect(Self.rebuilt(e, Self.request) == daemon)
        // Its presentation is the daemon's at any time.
        for dt in [0.0, 0.01, 0.05, 0.2, 0.5] {
            let mine = Presentation.presentation(model: model, animations: [AttachedAnimation(key: "move",
                                                 animation: Self.rebuilt(e, Self.request))], at: applied + dt).position
            let theirs = Presentation.presentation(model: model, animations: attached, at: applied + dt).position
            #expect(abs(mine.x - theirs.x) <= 1e-9 && abs(mine.y - theirs.y) <= 1e-9, "at +\(dt): \(mine) vs \(theirs)")
        }
        // The velocity it carries is the old spring's at the apply time (moving, per component).
        guard case let .point(v) = e.velocity else { Issue.record("velocity \(e.velocity)"); return }
        #expect(abs(v.x) > 100 && abs(v.y) > 50)
    }

    /// A client replays its animations to a new daemon after a restart (§4.1) with
    /// `addAnimation`: a retargeted spring goes as animation kind 6 (§8), its per-component
    /// velocity included, and the new daemon runs exactly the spring the old one ran.
    @Test func aRetargetedSpringReplayedToANewDaemonKeepsItsVelocity() throws {
        let (s, c, applied) = try Self.running(lag: 0.004)
        s.send(.commit(Commit(sequence: 2, mediaTime: 1000 + 6 * Self.period, commands: [
            .retargetSpring(1, key: "move", animationID: 2, retarget: Self.request)])), from: c)
        _ = try s.readMessages(of: c)
        let (model, attached) = SpringRetargetServerTests.layer(s, c)
        let original = try #require(attached.first?.animation)
        guard case let .spring(spring) = original.kind, let velocity = spring.componentVelocity else {
            Issue.record("not a retargeted spring: \(original)"); return
        }
        #expect(velocity.contains { $0 != 0 })
        // The replay, on a new daemon.
        let replayed = SpringRetargetServerTests.server()
        let r = try SpringRetargetServerTests.client(replayed)
        replayed.send(.commit(Commit(sequence: 1, mediaTime: applied, commands: [
            .createLayer(1, .layer), .setProperty(1, .position, model.value(of: .position)), .setRoot(1),
            .addAnimation(1, key: "move", animationID: 2, animation: original)])), from: r)
        let acknowledged = try replayed.readMessages(of: r)
        #expect(acknowledged.contains { if case .commitApplied = $0 { return true }; return false }, "\(acknowledged)")
        let (_, replayedAttached) = SpringRetargetServerTests.layer(replayed, r)
        #expect(replayedAttached.first?.animation == original)
        for dt in [0.0, 0.05, 0.3] {
            let before = Presentation.presentation(model: model, animations: attached, at: applied + dt).position
            let after = Presentation.presentation(model: model, animations: replayedAttached, at: applied + dt).position
            #expect(before == after, "at +\(dt)")
        }
    }

    @Test func theEventComesAfterTheReplacedStopAndBeforeTheAcknowledgement() throws {
        let (s, c, applied) = try Self.running(lag: 0)
        s.send(.commit(Commit(sequence: 2, mediaTime: applied, commands: [
            .retargetSpring(1, key: "move", animationID: 2, retarget: Self.request)])), from: c)
        let kinds = try s.readMessages(of: c).map(\.type)
        #expect(kinds == [.animationStopped, .springRetargeted, .commitApplied])
    }

    @Test func aRejectedRetargetSendsNoEvent() throws {
        let (s, c, applied) = try Self.running(lag: 0)
        s.send(.commit(Commit(sequence: 2, mediaTime: applied, commands: [
            .retargetSpring(1, key: "move", animationID: 2,
                            retarget: SpringRetarget(keyPath: LayerKeyPath(.position), to: .point(Point(x: 1, y: 1)),
                                                     stiffness: -1, damping: 20))])), from: c)
        let m = try s.readMessages(of: c)
        #expect(!m.contains { $0.type == .springRetargeted }, "\(m)")
        #expect(m.contains { if case let .error(e) = $0 { return e.code == .invalidValue }; return false })
    }
}
