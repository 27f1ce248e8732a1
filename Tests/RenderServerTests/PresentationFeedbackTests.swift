import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// `commitPresented` on the embedded server (bytes in, bytes out, manual clock at 1000 s,
/// 60 Hz): sent only for commits that ask (header flag bit 0), once the frame that first
/// shows the commit is finished, naming that frame.
@Suite struct PresentationFeedbackTests {
    static let period = 1.0 / 60

    static func server(output: FrameOutput = HeadlessOutput(), sliced: Bool = false) -> EmbeddedServer {
        var configuration = Configuration(clock: .manual(start: 1000))
        configuration.logger.logLevel = .critical
        if sliced { configuration.commitSliceCommands = 1_000 }
        let s = EmbeddedServer(configuration: configuration, output: output)
        s.finishesLargeCommits = !sliced
        return s
    }

    static func client(_ s: EmbeddedServer) throws -> UInt32 {
        let id = s.connect(pid: 100)
        s.send(.hello(Hello(clientName: "feedback", pid: 100)), from: id)
        _ = try s.readMessages(of: id)
        return id
    }

    static func presented(_ messages: [Message]) -> [CommitPresented] {
        messages.compactMap { if case let .commitPresented(p) = $0 { return p }; return nil }
    }

    static func commit(_ sequence: UInt64, _ commands: [Command], asks: Bool = true) -> Message {
        .commit(Commit(sequence: sequence, mediaTime: 0, commands: commands, requestsPresentation: asks))
    }

    @Test func aCommitThatDoesNotAskGetsNoFeedback() throws {
        let s = Self.server()
        let c = try Self.client(s)
        s.send(Self.commit(1, [.createLayer(1, .layer), .setRoot(1)], asks: false), from: c)
        for _ in 0..<3 { s.step(seconds: Self.period) }
        let m = try s.readMessages(of: c)
        #expect(m == [.commitApplied(CommitApplied(sequence: 1, frame: 1, mediaTime: 1000))])
    }

    @Test func aCommitThatAsksIsPresentedByTheNextFrameAfterItsEvaluation() throws {
        let s = Self.server()
        let c = try Self.client(s)
        s.send(Self.commit(1, [.createLayer(1, .layer), .setRoot(1)]), from: c)
        // Applied on arrival, not yet shown: no feedback before a frame.
        #expect(try s.readMessages(of: c) == [.commitApplied(CommitApplied(sequence: 1, frame: 1, mediaTime: 1000))])
        s.step(seconds: Self.period)
        // --output none: finished at the end of the frame's evaluation, no ready time.
        #expect(try s.readMessages(of: c) == [.commitPresented(CommitPresented(
            sequence: 1, frame: 1, mediaTime: 1000 + Self.period, readyTime: nil))])
        // Once only.
        s.step(seconds: Self.period)
        #expect(Self.presented(try s.readMessages(of: c)).isEmpty)
    }

    @Test func severalCommitsInOneFrameAreEachPresentedByItInOrder() throws {
        let s = Self.server()
        let c = try Self.client(s)
        s.send(Self.commit(1, [.createLayer(1, .layer), .setRoot(1)]), from: c)
        s.send(Self.commit(2, [.setProperty(1, .opacity, .number(0.5))], asks: false), from: c)
        s.send(Self.commit(3, [.setProperty(1, .opacity, .number(0.25))]), from: c)
        s.step(seconds: Self.period) // frame 1
        s.send(Self.commit(4, [.setProperty(1, .opacity, .number(1))]), from: c)
        s.step(seconds: 2 * Self.period) // frames 2 and 3
        let p = Self.presented(try s.readMessages(of: c))
        #expect(p.map(\.sequence) == [1, 3, 4])
        #expect(p.map(\.frame) == [1, 1, 2])
        #expect(p[2].mediaTime == 1000 + 2 * Self.period)
    }

    @Test func feedbackIsPerSession() throws {
        let s = Self.server()
        let a = try Self.client(s), b = try Self.client(s)
        s.send(Self.commit(1, [.createLayer(1, .layer)]), from: a)
        s.send(Self.commit(1, [.createLayer(1, .layer)], asks: false), from: b)
        s.step(seconds: Self.period)
        #expect(Self.presented(try s.readMessages(of: a)).map(\.sequence) == [1])
        #expect(Self.presented(try s.readMessages(of: b)).isEmpty)
    }

    /// A commit applied before a large commit starts applying is not shown while the large
    /// one applies in slices (the session is frozen: outputs keep its last picture); both
    /// are presented by the first frame after the large commit's last slice.
    @Test func aFrozenSessionReportsNothingUntilItsTreeShows() throws {
        let s = Self.server(sliced: true)
        let c = try Self.client(s)
        s.send(Self.commit(1, [.createLayer(1, .layer), .setRoot(1)]), from: c)
        var big: [Command] = []
        for i in 2...2_500 {
            big += [.createLayer(LayerID(i), .layer), .insertSublayer(parent: 1, child: LayerID(i), index: UInt32.max)]
        }
        s.send(Self.commit(2, big), from: c) // 4,998 commands: 5 slices to validate, 5 to apply
        // Validation runs with no frame between: then the session applies and is frozen.
        while !s.isApplyingLargeCommit(c) { #expect(s.runLoopTurn()) }
        var framesWhileFrozen = 0
        while s.isApplyingLargeCommit(c) {
            s.step(seconds: Self.period)
            framesWhileFrozen += 1
            #expect(Self.presented(try s.readMessages(of: c)).isEmpty)
            s.runLoopTurn()
        }
        #expect(framesWhileFrozen == 5)
        let acknowledged = try s.readMessages(of: c)
        #expect(acknowledged.contains { if case let .commitApplied(a) = $0 { return a.sequence == 2 && a.frame == 6 }; return false })
        s.step(seconds: Self.period)
        let p = Self.presented(try s.readMessages(of: c))
        // Commit 1's commitApplied named frame 1; frames 1…5 showed the old tree.
        #expect(p == [CommitPresented(sequence: 1, frame: 6, mediaTime: 1000 + 6 * Self.period, readyTime: nil),
                      CommitPresented(sequence: 2, frame: 6, mediaTime: 1000 + 6 * Self.period, readyTime: nil)])
    }

    @Test func aSessionThatEndsWithFeedbackPendingLeavesNothingBehind() throws {
        let s = Self.server()
        let c = try Self.client(s)
        s.send(Self.commit(1, [.createLayer(1, .layer)]), from: c)
        s.disconnect(c)
        s.step(seconds: Self.period)
        // Nothing waits for a frame any more: the next one is idle.
        let idle = s.idleFrames
        s.step(seconds: Self.period)
        #expect(s.idleFrames == idle + 1)
    }

    /// With a compositor drawing each stepped frame before the step returns (the manual
    /// clock's synchronous compositor), the feedback carries a ready time: the frame's
    /// target time, since a manual clock has no other instant to give.
    @Test func aDrawnFrameCarriesItsReadyTime() throws {
        let output = try CompositorOutput(.init(width: 64, height: 48, synchronous: true))
        #expect(output.completion == .drawnWhenPresented)
        let s = Self.server(output: output)
        let c = try Self.client(s)
        s.send(Self.commit(1, [.createLayer(1, .layer), .setProperty(1, .bounds, .rect(Rect(x: 0, y: 0, width: 10, height: 10))),
                               .setProperty(1, .backgroundColor, .color(Color(red: 1, green: 0, blue: 0, alpha: 1))),
                               .setRoot(1)]), from: c)
        s.step(seconds: Self.period)
        let p = Self.presented(try s.readMessages(of: c))
        #expect(p == [CommitPresented(sequence: 1, frame: 1, mediaTime: 1000 + Self.period, readyTime: 1000 + Self.period)])
        #expect(output.lastReady.frame == 1)
    }

    /// The real clock's asynchronous compositor: presentation waits for the pixels; a frame
    /// the compositor skipped is presented by the later frame it drew.
    @Test func pixelsReadyLaterPresentWithTheDrawnFrame() throws {
        let output = DeferredOutput()
        let s = Self.server(output: output)
        let c = try Self.client(s)
        s.send(Self.commit(1, [.createLayer(1, .layer)]), from: c)
        s.step(seconds: Self.period) // frame 1, not drawn yet
        #expect(Self.presented(try s.readMessages(of: c)).isEmpty)
        s.send(Self.commit(2, [.setProperty(1, .opacity, .number(0.5))]), from: c)
        s.step(seconds: Self.period) // frame 2
        // The compositor skipped frame 1 and drew frame 2, ready at 1000.04 s.
        s.frameReady(FrameReady(frame: 2, mediaTime: 1000 + 2 * Self.period, readyNanoseconds: 1_000_040_000_000))
        #expect(Self.presented(try s.readMessages(of: c)) == [
            CommitPresented(sequence: 1, frame: 2, mediaTime: 1000 + 2 * Self.period, readyTime: 1000.04),
            CommitPresented(sequence: 2, frame: 2, mediaTime: 1000 + 2 * Self.period, readyTime: 1000.04)])
    }
}

/// An output whose pixels are reported later (by the test calling `ServerCore.frameReady`).
final class DeferredOutput: FrameOutput {
    var completion: FrameCompletion { .drawnLater }
    func present(_ frame: FrameSnapshot) {}
}
