import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// Presentation feedback waits for a frame that shows the commit: a large tree the render
/// list builds over several frames (`sliceItems` per frame) is not "presented" by the frames
/// that still show what came before it.
@Suite struct PresentedVersionTests {
    /// An output that builds a render list each frame, as the compositor does, with small slices.
    final class SlicingOutput: FrameOutput {
        let builder = RenderListBuilder(sliceItems: 50, updateItems: 50)
        func present(_ frame: FrameSnapshot) { _ = builder.build(frame) }
        var hasPendingWork: Bool { builder.hasWorkUnderWay }
        func presentedVersion(of sessionID: UInt32) -> UInt64? { builder.presentedVersion(of: sessionID) }
        var snapshotting: FrameSnapshotting? { nil }
        var compositorStatistics: CompositorStatisticsReporting? { nil }
        var frameReadyReporting: FrameReadyReporting? { nil }
        var hitTesting: HitTesting? { nil }
        var inputSource: InputSource? { nil }
    }

    @Test func aTreeBuiltOverSeveralFramesIsPresentedByTheFrameThatShowsIt() throws {
        let output = SlicingOutput()
        let s = EmbeddedServer(configuration: Configuration(clock: .manual(start: 1000)), output: output)
        let c = s.connect(pid: 1)
        s.send(.hello(Hello(clientName: "big", pid: 1)), from: c)
        _ = try s.readMessages(of: c)
        var cmds: [Command] = [.createLayer(1, .layer), .setProperty(1, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 100, height: 100))),
                               .setRoot(1)]
        for i in 0..<200 {
            let id = LayerID(2 + i)
            cmds += [.createLayer(id, .layer), .setProperty(id, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 4, height: 4))),
                     .insertSublayer(parent: 1, child: id, index: UInt32(i))]
        }
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: cmds, requestsPresentation: true)), from: c)
        _ = try s.readMessages(of: c)
        var presentedAt: UInt64?
        var frames: UInt64 = 0
        for _ in 0..<20 where presentedAt == nil {
            s.step(seconds: 1.0 / 60)
            frames += 1
            for m in try s.readMessages(of: c) { if case let .commitPresented(p) = m { presentedAt = p.frame } }
            if presentedAt == nil { #expect(output.builder.presentedVersion(of: c) == 0) }
        }
        // 201 layers at 50 items a frame: the fifth frame shows the tree (not the first).
        #expect(presentedAt != nil && presentedAt! >= 5, "\(String(describing: presentedAt))")
        #expect(output.builder.presentedVersion(of: c) == nil)
    }
}
