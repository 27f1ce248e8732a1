import Foundation
import Logging
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// Control asks an output what it can do through the capability protocols it adopts
/// (OutputCapabilities.swift), not by its concrete type: an output of the test's own that
/// adopts only `FrameSnapshotting` answers snapshots, and has no compositor section in stats.
@Suite struct OutputCapabilitiesTests {
    /// Draws nothing; hands out one fixed 2×1 frame as its latest.
    final class SnapshotOnlyOutput: FrameOutput, FrameSnapshotting {
        var snapshotting: FrameSnapshotting? { self }
        func present(_ frame: FrameSnapshot) {}
        func latestFrame(currentFrame: UInt64?) -> CompositedFrame {
            CompositedFrame(frame: currentFrame ?? 0, mediaTime: 0, width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6, 7, 8],
                            handedOffNanoseconds: 0, readyNanoseconds: 0)
        }
    }

    static func server(output: FrameOutput) -> EmbeddedServer {
        var log = Logger(label: "capabilities-test")
        log.logLevel = .critical
        return EmbeddedServer(configuration: Configuration(clock: .manual(start: 1000), logger: log), output: output)
    }

    @Test func anOutputThatKeepsFramesAnswersSnapshotsWhateverItsType() throws {
        let s = Self.server(output: SnapshotOnlyOutput())
        let c = try IsolationTests.client(s)
        s.step(seconds: 2.0 / 60)
        s.send(.snapshotRequest(SnapshotRequest(requestID: 4)), from: c)
        let m = try s.readMessages(of: c)
        guard case let .snapshotReply(r)? = m.first else { Issue.record("no snapshot reply: \(m)"); return }
        #expect(r.requestID == 4 && r.frame == 2 && r.width == 2 && r.height == 1)
        #expect(r.pixels == [1, 2, 3, 4, 5, 6, 7, 8])
    }

    @Test func statsHaveACompositorSectionOnlyForAnOutputThatReportsOne() throws {
        let s = Self.server(output: SnapshotOnlyOutput())
        let c = try IsolationTests.client(s)
        s.send(.statsRequest(requestID: 1), from: c)
        guard case let .statsReply(r)? = try s.readMessages(of: c).first else { Issue.record("no stats reply"); return }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.json.utf8)) as? [String: Any])
        #expect(json["compositor"] == nil || json["compositor"] is NSNull)
        #expect(json["frames"] != nil)
    }

    @Test func outputsThatDrawNothingDeclareNoCapability() {
        let headless: FrameOutput = HeadlessOutput()
        #expect(headless.snapshotting == nil && headless.compositorStatistics == nil
                && headless.frameReadyReporting == nil)
    }

    @Test func theCompositorDeclaresEveryCapability() throws {
        let output: FrameOutput = try CompositorOutput(.init(width: 8, height: 8, synchronous: true))
        #expect(output.snapshotting != nil && output.compositorStatistics != nil && output.frameReadyReporting != nil)
    }
}
