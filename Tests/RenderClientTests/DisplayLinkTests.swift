import Dispatch
import Testing
@testable import RenderClient

@Suite("Display link")
struct DisplayLinkTests {
    final class Ticks { var all: [DisplayLink.Tick] = [] }

    @Test func ticksOnTheQueueAtTargetTimesOfTheGrid() {
        let queue = DispatchQueue(label: "DisplayLinkTests")
        let source = ManualDisplayLinkSource(origin: 50)
        let ticks = Ticks()
        let link = DisplayLink(queue: queue, framesPerSecond: 120, source: source) { t in
            dispatchPrecondition(condition: .onQueue(queue))
            ticks.all.append(t)
        }
        #expect(source.isRunning && abs(source.period - 1.0 / 120) < 1e-15)
        for _ in 0..<3 { source.step(); queue.sync {} }
        #expect(ticks.all.map(\.index) == [1, 2, 3])
        for (i, t) in ticks.all.enumerated() {
            #expect(abs(t.timestamp - (50 + Double(i + 1) / 120)) < 1e-9)
            #expect(abs(t.targetTimestamp - t.timestamp - 1.0 / 120) < 1e-12 && t.duration == 1.0 / 120)
            #expect(t.skippedVsyncs == 0)
        }
        #expect(link.ticksDelivered == 3 && link.vsyncsReceived == 3 && link.vsyncsSkipped == 0)
    }

    @Test func busyQueueCoalescesVsyncsIntoOneTick() {
        let queue = DispatchQueue(label: "DisplayLinkTests")
        let source = ManualDisplayLinkSource()
        let ticks = Ticks()
        let link = DisplayLink(queue: queue, source: source) { ticks.all.append($0) }
        let release = DispatchSemaphore(value: 0), blocked = DispatchSemaphore(value: 0)
        queue.async { blocked.signal(); release.wait() }
        blocked.wait()
        var last = 0.0
        for _ in 0..<5 { last = source.step() }
        release.signal()
        queue.sync {}
        #expect(ticks.all.count == 1)
        #expect(ticks.all.first?.timestamp == last, "the latest vsync, not the first")
        #expect(ticks.all.first?.skippedVsyncs == 4)
        #expect(link.vsyncsSkipped == 4 && link.vsyncsReceived == 5 && link.ticksDelivered == 1)
    }

    @Test func pauseStopsTheSourceAndInvalidateEndsIt() {
        let queue = DispatchQueue(label: "DisplayLinkTests")
        let source = ManualDisplayLinkSource()
        let ticks = Ticks()
        let link = DisplayLink(queue: queue, source: source, paused: true) { ticks.all.append($0) }
        #expect(!source.isRunning)
        source.step(); queue.sync {}
        #expect(ticks.all.isEmpty)
        link.isPaused = false
        source.step(); queue.sync {}
        #expect(ticks.all.count == 1)
        // A vsync queued behind a busy queue, then a pause: its tick is dropped.
        let release = DispatchSemaphore(value: 0), blocked = DispatchSemaphore(value: 0)
        queue.async { blocked.signal(); release.wait() }
        blocked.wait()
        source.step()
        link.isPaused = true
        release.signal()
        queue.sync {}
        #expect(ticks.all.count == 1)
        link.isPaused = false
        link.invalidate()
        #expect(link.isInvalidated && !source.isRunning)
        source.step(); queue.sync {}
        #expect(ticks.all.count == 1)
        link.isPaused = false
        #expect(!source.isRunning, "an invalidated link stays stopped")
    }

    /// The real clock: ticks arrive (waits for three, as a display would give them) on the
    /// 1/fps grid of media time, in order. Checks where the ticks fall, not how fast.
    @Test func timerSourceTicksOnTheMediaTimeGrid() {
        let queue = DispatchQueue(label: "DisplayLinkTests")
        let got = DispatchSemaphore(value: 0)
        let ticks = Ticks()
        let link = DisplayLink(queue: queue, framesPerSecond: 100) { t in
            ticks.all.append(t)
            if ticks.all.count == 3 { got.signal() }
        }
        #expect(got.wait(timeout: .now() + 10) == .success)
        link.invalidate()
        let seen = queue.sync { ticks.all.prefix(3) }
        for t in seen {
            let k = t.timestamp * 100
            #expect(abs(k - k.rounded()) < 1e-6, "on the grid: \(t.timestamp)")
        }
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
    }

    /// On a connection: the daemon's refresh rate and callback queue; for a manual-clock
    /// daemon a manual source whose grid starts at the welcome's media time.
    @Test func onAConnectionFollowsTheWelcome() throws {
        var welcome = ScriptedPeer.welcome
        welcome.refreshRate = 90
        welcome.mediaTime = 12.5
        let peer = try ScriptedPeer { [welcome] m in
            if case .hello = m { return [.welcome(welcome)] }
            return []
        }
        let queue = DispatchQueue(label: "DisplayLinkTests.connection")
        let connection = try Connection(socketPath: peer.path, clientName: "t", callbackQueue: queue)
        defer { connection.close() }
        let ticks = Ticks()
        let link = DisplayLink(connection: connection) { ticks.all.append($0) }
        #expect(link.framesPerSecond == 90 && link.queue === queue)
        let source = try #require(link.source as? ManualDisplayLinkSource)
        #expect(source.origin == 12.5)
        source.step(); queue.sync {}
        #expect(abs((ticks.all.first?.timestamp ?? 0) - (12.5 + 1.0 / 90)) < 1e-12)
        link.invalidate()
    }

    /// A link made before the daemon's refresh rate changes follows it from the next vsync:
    /// its rate, its source's period (the new grid) and its ticks' duration.
    @Test func onAConnectionFollowsARefreshRateChange() throws {
        var welcome = ScriptedPeer.welcome
        welcome.refreshRate = 60
        welcome.mediaTime = 100
        let peer = try ScriptedPeer { [welcome] m in
            if case .hello = m { return [.welcome(welcome)] }
            return []
        }
        let queue = DispatchQueue(label: "DisplayLinkTests.rate")
        let connection = try Connection(socketPath: peer.path, clientName: "t", callbackQueue: queue)
        defer { connection.close() }
        let ticks = Ticks()
        let link = DisplayLink(connection: connection) { ticks.all.append($0) }
        defer { link.invalidate() }
        let source = try #require(link.source as? ManualDisplayLinkSource)
        source.step(); queue.sync {}
        #expect(link.framesPerSecond == 60 && ticks.all.last?.duration == 1.0 / 60)

        let heard = DispatchSemaphore(value: 0)
        let context = Context(connection: connection)
        queue.sync { context.onDisplayChange = { _ in heard.signal() } }
        peer.send([.displayChanged(DisplayChanged(width: 640, height: 480, refreshRate: 120))])
        #expect(heard.wait(timeout: .now() + 10) == .success)
        let before = source.now()
        source.step(); queue.sync {}
        #expect(link.framesPerSecond == 120 && source.period == 1.0 / 120)
        #expect(ticks.all.last?.duration == 1.0 / 120)
        let next = source.step(); queue.sync {}
        #expect(abs(next - before - 1.0 / 60 - 1.0 / 120) < 1e-9, "the vsync after the change is on the 120 Hz grid")
        #expect(ticks.all.count == 3)
    }
}
