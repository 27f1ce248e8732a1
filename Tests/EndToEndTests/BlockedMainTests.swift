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
        try client.connection.waitUntilApplied(seq)
        // The animation's own begin time (the commit's, which the daemon evaluates from): the
        // expected position does not depend on how long the commit took to be applied.
        let fall = try #require(client.onMain { tracked.animation(forKey: "fall") })
        let statsBefore = try Stats(client.control.stats())

        // Block the client's main queue for 1.5 s: a real block, not a yield.
        let blockStarted = DispatchSemaphore(value: 0)
        let block = Locked<(start: Double, end: Double)>((0, 0))
        client.queue.async {
            let start = MediaTime.now()
            blockStarted.signal()
            usleep(1_500_000) // sleep-ok: this is the blocked main thread under test
            block.set((start, MediaTime.now()))
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
        let (blockBegan, blockEnded) = block.get()
        // The daemon's own record of the frames it produced while main was blocked: those
        // whose target time fell in the block and that evaluated the animations.
        let framesDuringBlock = try client.control.frameRecords().filter {
            $0.targetTime >= blockBegan && $0.targetTime <= blockEnded && $0.animatedLayers > 0
        }.count
        let missed = statsMid.missedFrames - statsBefore.missedFrames
        print("blocked main: \(framesDuringBlock) frames in the \(String(format: "%.2f", blockEnded - blockBegan)) s "
            + "block, \(Int(missed)) missed by mid-block, frame interval p99 \(statsMid.frameIntervalP99) ms")

        // Mid-block the layer is mid-animation, exactly where its timing says it is at the
        // time the daemon evaluated (linear, 2 s from the animation's begin time).
        #expect(mid > 0 && mid < 600, "presentation mid-block was \(mid)")
        let progress = (midTime - fall.timing.beginTime) / 2
        #expect(abs(mid - 600 * min(max(progress, 0), 1)) < 1e-6, "at \(midTime): \(mid), begin \(fall.timing.beginTime)")
        // Frames kept coming while the client was blocked: the count is load-dependent (a
        // loaded host misses frames), so it is reported, and only a few are asked for.
        #expect(framesDuringBlock >= 3, "\(framesDuringBlock) animated frames in the block")

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
