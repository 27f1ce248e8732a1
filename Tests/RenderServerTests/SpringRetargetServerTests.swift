import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// `retargetSpring` (command 11) on the embedded server, manual clock at 1000 s, 60 Hz: the
/// running spring is replaced in place at the time the commit is applied, with value and
/// velocity continuous; events; the fallback without a running spring; validation.
@Suite struct SpringRetargetServerTests {
    static let period = 1.0 / 60

    static func server() -> EmbeddedServer {
        var configuration = Configuration(clock: .manual(start: 1000))
        configuration.logger.logLevel = .critical
        return EmbeddedServer(configuration: configuration)
    }

    static func client(_ s: EmbeddedServer) throws -> UInt32 {
        let id = s.connect(pid: 100)
        s.send(.hello(Hello(clientName: "retarget", pid: 100)), from: id)
        _ = try s.readMessages(of: id)
        return id
    }

    /// Layer 1's model and attached animations, as the server holds them.
    static func layer(_ s: EmbeddedServer, _ c: UInt32) -> (LayerProperties, [AttachedAnimation]) {
        let store = s.core.sessions.first { $0.id == c }!.store
        let node = store.node(1)!
        return (node.model, node.animationIndex >= 0 ? store.animations[Int(node.animationIndex)].attached(in: store.table) : [])
    }

    static func position(_ l: (LayerProperties, [AttachedAnimation]), at t: Double) -> Point {
        Presentation.presentation(model: l.0, animations: l.1, at: t).position
    }

    @Test func aRunningSpringIsReplacedWithPositionAndVelocityContinuous() throws {
        let (s, c, _) = try SpringRetargetedEventTests.running(lag: 0) // t = 1000.1
        let before = Self.layer(s, c)
        let t = 1000 + 6 * Self.period
        s.send(.commit(Commit(sequence: 2, mediaTime: t, commands: [
            .retargetSpring(1, key: "move", animationID: 2,
                            retarget: SpringRetarget(keyPath: LayerKeyPath(.position), to: .point(Point(x: -40, y: 200)),
                                                     stiffness: 300, damping: 20))])), from: c)
        // The old spring stops unfinished at the apply time; the new one's start is reported;
        // then the acknowledgement.
        let messages = try s.readMessages(of: c)
        #expect(messages.count == 3)
        #expect(messages.first == .animationStopped(AnimationStopped(animationID: 1, layer: 1, finished: false, mediaTime: t)))
        if case let .springRetargeted(e)? = messages.dropFirst().first {
            #expect(e.animationID == 2 && e.layer == 1 && e.mediaTime == t && e.beginTime == t)
        } else {
            Issue.record("no springRetargeted second in \(messages)")
        }
        #expect(messages.last == .commitApplied(CommitApplied(sequence: 2, frame: 7, mediaTime: t)))
        let after = Self.layer(s, c)
        #expect(after.1.map(\.key) == ["move"])
        #expect(after.0.position == Point(x: -40, y: 200)) // the model rests at the target
        let h = 1e-6
        let p0 = Self.position(before, at: t), p1 = Self.position(after, at: t)
        #expect(abs(p0.x - p1.x) < 1e-9 && abs(p0.y - p1.y) < 1e-9, "\(p0) → \(p1)")
        let left = Self.position(before, at: t - h), right = Self.position(after, at: t + h)
        let vLeft = Point(x: (p0.x - left.x) / h, y: (p0.y - left.y) / h)
        let vRight = Point(x: (right.x - p1.x) / h, y: (right.y - p1.y) / h)
        #expect(abs(vLeft.x - vRight.x) < 0.1 && abs(vLeft.y - vRight.y) < 0.1, "\(vLeft) → \(vRight)")
        #expect(abs(vLeft.x) > 100) // it was moving
        // PROTOCOL.md §6.1's worked numbers.
        #expect(abs(p1.x - 34.02998466) < 1e-7 && abs(p1.y - 17.01499233) < 1e-7, "\(p1)")
        #expect(abs(vLeft.x - 533.5071951) < 0.01 && abs(vLeft.y - 266.7535976) < 0.01, "\(vLeft)")
        let half = Self.position(after, at: t + 0.05), tenth = Self.position(after, at: t + 0.1)
        #expect(abs(half.x - 29.62658891) < 1e-6 && abs(half.y - 72.07286840) < 1e-6, "\(half)")
        #expect(abs(tenth.x + 3.02284582) < 1e-6 && abs(tenth.y - 149.33903911) < 1e-6, "\(tenth)")
        // The new spring starts on the next frame.
        s.step(seconds: Self.period)
        #expect(try s.readMessages(of: c).contains(.animationStarted(AnimationStarted(animationID: 2, layer: 1,
                                                                                      mediaTime: t + Self.period))))
    }

    @Test func withoutARunningSpringASpringAtRestStartsFromThePresentation() throws {
        let s = Self.server()
        let c = try Self.client(s)
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: [
            .createLayer(1, .layer), .setProperty(1, .opacity, .number(0.2)),
            .retargetSpring(1, key: "fade", animationID: 7,
                            retarget: SpringRetarget(keyPath: LayerKeyPath(.opacity), to: .number(1)))])), from: c)
        #expect(try s.readMessages(of: c) == [
            .springRetargeted(SpringRetargeted(animationID: 7, layer: 1, mediaTime: 1000, beginTime: 1000,
                                               from: .number(0.2), velocity: .number(0))),
            .commitApplied(CommitApplied(sequence: 1, frame: 1, mediaTime: 1000))])
        let l = Self.layer(s, c)
        #expect(l.0.opacity == 1)
        guard case let .spring(spring)? = l.1.first?.animation.kind else { Issue.record("no spring: \(l.1)"); return }
        #expect(spring.from == .number(0.2) && spring.to == .number(1) && spring.componentVelocity == nil)
        #expect(l.1[0].animation.timing.beginTime == 1000)
    }

    @Test func retargetingAWholeTransformOrTheWrongKindIsInvalid() throws {
        for (keyPath, value) in [(LayerKeyPath(.transform), AnimatableValue.transform(.identity)),
                                 (LayerKeyPath(.position), .number(1))] {
            let s = Self.server()
            let c = try Self.client(s)
            s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: [
                .createLayer(1, .layer),
                .retargetSpring(1, key: "k", animationID: 1, retarget: SpringRetarget(keyPath: keyPath, to: value))])),
                   from: c)
            let m = try s.readMessages(of: c)
            guard case let .error(e)? = m.first else { Issue.record("no error: \(m)"); continue }
            #expect(e.code == .invalidValue && e.fatal && e.sequence == 1)
            #expect(e.message.contains("retargetSpring"), "\(e.message)")
            #expect(s.isClosed(c))
        }
    }
}
