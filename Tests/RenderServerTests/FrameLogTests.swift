import Foundation
import Logging
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// The daemon's per-frame record and the `frameLogRequest` that reads it, on the embedded
/// server and a manual clock.
@Suite struct FrameLogTests {
    static let start = 1000.0

    static func server(output: FrameOutput = HeadlessOutput()) -> EmbeddedServer {
        var configuration = Configuration(clock: .manual(start: start))
        configuration.logger.logLevel = .critical
        return EmbeddedServer(configuration: configuration, output: output)
    }

    static func client(_ s: EmbeddedServer, name: String = "c") throws -> UInt32 {
        let id = s.connect(pid: 100)
        s.send(.hello(Hello(clientName: name, pid: 100)), from: id)
        _ = try s.readMessages(of: id)
        return id
    }

    /// Sends a frame log request and decodes the one reply.
    static func log(_ s: EmbeddedServer, _ id: UInt32, since: UInt64 = 0, max: UInt32 = 0) throws -> FrameLogReport {
        s.send(.frameLogRequest(FrameLogRequest(requestID: 9, sinceFrame: since, maxRecords: max)), from: id)
        let replies = try s.readMessages(of: id).compactMap { m -> FrameLogReply? in
            if case let .frameLogReply(r) = m { return r }
            return nil
        }
        try #require(replies.count == 1)
        #expect(replies[0].requestID == 9)
        return try JSONDecoder().decode(FrameLogReport.self, from: Data(replies[0].json.utf8))
    }

    static func repeating(_ layers: ClosedRange<LayerID>) -> [Command] {
        var a = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1)
        a.timing.repeatCount = .infinity
        return layers.flatMap { id -> [Command] in
            [.createLayer(id, .layer), .addAnimation(id, key: "fade", animationID: UInt64(id), animation: a)]
        }
    }

    @Test func eachFrameIsRecordedWithItsTimesCommitsAndAnimatedLayers() throws {
        let s = Self.server()
        let c = try Self.client(s)
        s.send(.commit(Commit(sequence: 1, mediaTime: 0, commands: Self.repeating(1...3))), from: c)
        s.send(.commit(Commit(sequence: 2, mediaTime: 0, commands: [])), from: c)
        s.step(seconds: 3.0 / 60)
        let report = try Self.log(s, c)
        #expect(report.refreshRate == 60 && report.manualClock)
        #expect(report.capacity == FrameLogReport.capacity)
        #expect(report.oldestFrame == 1 && report.latestFrame == 3 && !report.hasMore)
        #expect(report.records.map(\.frame) == [1, 2, 3])
        for (k, r) in report.records.enumerated() {
            let target = Self.start + Double(k + 1) / 60
            #expect(abs(r.targetTime - target) < 1e-6)
            #expect(r.wakeTime == r.targetTime, "on the manual clock a frame wakes at its target")
            #expect(r.missed == 0 && !r.idle)
            #expect(r.animatedLayers == 3)
            #expect(r.evaluateMs >= 0 && r.presentMs >= 0)
            #expect(r.pixelsReadyTime == nil, "the headless output draws nothing")
        }
        // Both commits arrived before frame 1: that frame shows them; the others none.
        #expect(report.records.map(\.commits) == [2, 0, 0])
        #expect(report.records[0].applyMs > 0)
    }

    @Test func framesWithNothingToDoAreRecordedIdle() throws {
        let s = Self.server()
        let c = try Self.client(s)
        s.send(.commit(Commit(sequence: 1, mediaTime: 0, commands: [.createLayer(1, .layer), .setRoot(1)])), from: c)
        s.step(seconds: 3.0 / 60)
        let records = try Self.log(s, c).records
        #expect(records.map(\.idle) == [false, true, true])
        #expect(records.map(\.animatedLayers) == [0, 0, 0])
        #expect(records[1].evaluateMs == 0)
    }

    @Test func repliesArePagedFromAFrameAndCapped() throws {
        let s = Self.server()
        let c = try Self.client(s)
        s.send(.commit(Commit(sequence: 1, mediaTime: 0, commands: Self.repeating(1...1))), from: c)
        s.step(seconds: 1100.0 / 60)
        #expect(s.frameNumber == 1100)
        // Since frame 10, five at a time.
        var page = try Self.log(s, c, since: 10, max: 5)
        #expect(page.records.map(\.frame) == [11, 12, 13, 14, 15] && page.hasMore)
        page = try Self.log(s, c, since: 1098, max: 5)
        #expect(page.records.map(\.frame) == [1099, 1100] && !page.hasMore)
        page = try Self.log(s, c, since: 1100)
        #expect(page.records.isEmpty && !page.hasMore)
        // Asking for everything is capped at the per-reply maximum.
        page = try Self.log(s, c, since: 0, max: 0)
        #expect(page.records.count == FrameLogReport.maxRecordsPerReply && page.hasMore)
        #expect(page.records.first?.frame == 1)
        page = try Self.log(s, c, since: 0, max: 100_000)
        #expect(page.records.count == FrameLogReport.maxRecordsPerReply)
    }

    @Test func askingProducesNoFrameAndChangesNoRecord() throws {
        let s = Self.server()
        let c = try Self.client(s)
        s.send(.commit(Commit(sequence: 1, mediaTime: 0, commands: Self.repeating(1...2))), from: c)
        s.step(seconds: 2.0 / 60)
        let first = try Self.log(s, c)
        let second = try Self.log(s, c)
        #expect(s.frameNumber == 2)
        #expect(first == second)
        // Requests are not commits: the next frame shows none.
        s.step(seconds: 1.0 / 60)
        #expect(try Self.log(s, c, since: 2).records.map(\.commits) == [0])
    }

    @Test func theRingKeepsTheLatestFramesAndPagesAcrossItsWrap() {
        var log = FrameLog(capacity: 4)
        #expect(log.oldestFrame == 0 && log.latestFrame == 0)
        #expect(log.entries(after: 0, limit: 10).entries.isEmpty)
        for f in 1...10 as ClosedRange<UInt64> {
            if f == 9 { log.commitApplied(nanoseconds: 5); log.commitApplied(nanoseconds: 7) }
            log.record(FrameLog.Entry(frame: f))
        }
        #expect(log.oldestFrame == 7 && log.latestFrame == 10)
        #expect(log.entries(after: 0, limit: 10).entries.map(\.frame) == [7, 8, 9, 10])
        #expect(log.entries(after: 8, limit: 10).entries.map(\.frame) == [9, 10])
        let two = log.entries(after: 6, limit: 2)
        #expect(two.entries.map(\.frame) == [7, 8] && two.hasMore)
        #expect(log.entries(after: 10, limit: 10).entries.isEmpty)
        let nine = log.entries(after: 8, limit: 1).entries[0]
        #expect(nine.commits == 2 && nine.applyNanoseconds == 12)
    }

    @Test func drawnFramesCarryTheirPixelsReadyTime() throws {
        var log = Logger(label: "frame-log-test")
        log.logLevel = .critical
        let output = try CompositorOutput(.init(width: 32, height: 24, synchronous: true, logger: log))
        let s = Self.server(output: output)
        let c = try Self.client(s)
        var commands: [Command] = [.createLayer(1, .layer), .setRoot(1),
                                   .setProperty(1, .bounds, .rect(Rect(x: 0, y: 0, width: 10, height: 10))),
                                   .setProperty(1, .backgroundColor, .color(Color(red: 1, green: 0, blue: 0, alpha: 1)))]
        var fade = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1)
        fade.timing.repeatCount = .infinity
        commands.append(.addAnimation(1, key: "fade", animationID: 1, animation: fade))
        s.send(.commit(Commit(sequence: 1, mediaTime: 0, commands: commands)), from: c)
        s.step(seconds: 2.0 / 60)
        let records = try Self.log(s, c).records
        #expect(records.count == 2)
        for r in records {
            // The synchronous compositor draws every frame; its clock is the real monotonic one.
            let ready = try #require(r.pixelsReadyTime)
            #expect(ready > 0)
        }
    }
}
