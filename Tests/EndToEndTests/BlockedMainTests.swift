import Foundation
import Testing
import RenderClient

/// The mission: animations keep running on the server while the client's main queue is
/// blocked. Real clock at 60 Hz.
@Suite("End to end, blocked main queue")
struct BlockedMainTests {
    @Test func animationsContinueWhileTheMainQueueIsBlocked() throws {
        let daemon = try Daemon(clock: "real", fps: 60)
        defer { daemon.stop() }
        let client = try Client(daemon)
        let recorder = DelegateRecorder()
        let completed = DispatchSemaphore(value: 0)
        let completions = Counter()
        let tracked = client.onMain { () -> Layer in
            Transaction.begin()
            Transaction.completionBlock = { completions.increment(); completed.signal() }
            let root = Layer()
            root.bounds = Rect(x: 0, y: 0, width: 1280, height: 720)
            client.context.rootLayer = root
            var first: Layer?
            for i in 0..<100 {
                let l = Layer()
                l.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
                l.position = Point(Double(i * 12), 0)
                root.addSublayer(l)
                l.add(Animation.basic("position.y", from: .number(0), to: .number(600), duration: 2),
                      forKey: "fall", delegate: first == nil ? recorder : nil)
                if first == nil { first = l }
            }
            Transaction.commit()
            return first!
        }
        let seq = client.onMain { client.context.lastSentSequence }
        let applied = try client.connection.waitUntilApplied(seq)
        let statsBefore = try Stats(client.control.stats())

        // Block the client's main queue for 1.5 s: a real block, not a yield.
        let blockStarted = DispatchSemaphore(value: 0)
        client.queue.async {
            blockStarted.signal()
            usleep(1_500_000) // sleep-ok: this is the blocked main thread under test
        }
        blockStarted.wait()
        let blockStart = MediaTime.now()
        // Read the presentation from outside, half-way through the block.
        var mid: Double = .nan
        var midTime = 0.0
        while MediaTime.now() < blockStart + 1.5 {
            let reply = try client.control.treeReply(presentation: true)
            if reply.mediaTime >= blockStart + 0.75 {
                mid = try TreeDump(reply).numbers("position", of: tracked.id, session: client.session)?[1] ?? .nan
                midTime = reply.mediaTime
                break
            }
        }
        let statsMid = try Stats(client.control.stats())
        client.queue.sync {} // the block ends
        let framesDuringBlock = statsMid.frames - statsBefore.frames
        let missed = statsMid.missedFrames - statsBefore.missedFrames
        print("blocked main: \(Int(framesDuringBlock)) frames in \(String(format: "%.2f", midTime - blockStart)) s "
            + "of block, \(Int(missed)) missed, frame interval p99 \(statsMid.frameIntervalP99) ms")

        // Mid-block the layer is mid-animation, where the timing says it should be.
        let progress = (midTime - applied.mediaTime) / 2
        #expect(mid > 0 && mid < 600, "presentation mid-block was \(mid)")
        #expect(abs(mid - 600 * min(max(progress, 0), 1)) < 600 * 0.05)
        // Frames kept coming while the client was blocked (the count itself is reported,
        // not asserted tightly: a loaded CI machine may miss some).
        #expect(framesDuringBlock >= 0.5 * (midTime - blockStart) * 60)

        // After the block: one completion, finished = true.
        #expect(completed.wait(timeout: .now() + 10) == .success)
        #expect(recorder.stopped.wait(timeout: .now() + 10) == .success)
        client.queue.sync {}
        #expect(completions.value == 1)
        #expect(recorder.stops == [true])
        #expect(recorder.started == 1)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func increment() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}
