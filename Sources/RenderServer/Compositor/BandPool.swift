import CSystem
import Foundation
import Synchronization

/// Threads that draw a frame's bands beside the thread that calls `run` (the compositor
/// thread): with `helpers` helpers, `helpers + 1` threads take the bands one at a time
/// (whichever is free takes the next), each with a `BandPainter` of its own. The caller
/// draws too, and `run` returns when every band is drawn.
///
/// Per frame: one broadcast to wake the helpers, one atomic add per band taken and one per
/// band finished, one signal when the last band is done. A helper that wakes after the
/// bands are all taken finds none and sleeps again; the caller never waits for a helper that
/// has not started a band (a helper without a core costs nothing but its share of bands,
/// which the caller then draws itself).
///
/// Thread affinity: `run` and `stop` from one thread at a time (the rasterizer's).
final class BandPool: @unchecked Sendable {
    /// One frame's bands.
    private final class Job: @unchecked Sendable {
        let count: Int
        /// Interleaved: painter p draws bands p, p + painters, … (tests), else the next free.
        let painters: Int?
        let body: (_ painter: Int, _ band: Int) -> Void
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        init(count: Int, painters: Int?, body: @escaping (Int, Int) -> Void) {
            self.count = count; self.painters = painters; self.body = body
        }

        /// Draws bands with painter `painter` until none is left; true when this call drew
        /// the last one to finish.
        func work(_ painter: Int) -> Bool {
            var finishedLast = false
            var mine = painter
            while true {
                let k: Int
                if let painters { k = mine; mine += painters } else { k = next.wrappingAdd(1, ordering: .relaxed).oldValue }
                guard k < count else { return finishedLast }
                body(painter, k)
                // Releasing: the caller reads the band's pixels after it sees the count.
                if done.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == count { finishedLast = true }
            }
        }
    }

    let helpers: Int
    private let condition = NSCondition()
    // Under `condition`:
    private var job: Job?
    private var generation: UInt64 = 0
    private var stopping = false

    /// Starts `helpers` threads (at least one), named `rendersrv-bands-N`, each with
    /// `stackBytes` of stack (the walk's masks recurse: `Rasterizer.threadStackBytes`), at
    /// the compositor thread's lower priority.
    init(helpers: Int, stackBytes: Int) {
        self.helpers = max(1, helpers)
        for i in 1...self.helpers {
            let thread = Thread { [self] in self.helperLoop(painter: i) }
            thread.name = "rendersrv-bands-\(i)"
            thread.stackSize = stackBytes
            thread.start()
        }
    }

    /// Draws bands `0 ..< count` with `body(painter, band)`: painter 0 on the calling thread,
    /// painter i on helper i; with `interleaved` (tests), band k by painter k mod (helpers + 1).
    /// Returns when every band is drawn.
    func run(_ count: Int, interleaved: Bool = false, _ body: @escaping (_ painter: Int, _ band: Int) -> Void) {
        guard count > 0 else { return }
        let job = Job(count: count, painters: interleaved ? helpers + 1 : nil, body: body)
        condition.lock()
        self.job = job
        generation &+= 1
        condition.broadcast()
        condition.unlock()
        _ = job.work(0)
        guard job.done.load(ordering: .acquiring) < count else { clear(job); return }
        condition.lock()
        while job.done.load(ordering: .acquiring) < count { condition.wait() }
        if self.job === job { self.job = nil }
        condition.unlock()
    }

    private func clear(_ job: Job) {
        condition.lock()
        if self.job === job { self.job = nil }
        condition.unlock()
    }

    /// Ends the helper threads (they finish the band they are drawing first).
    func stop() {
        condition.lock(); stopping = true; condition.broadcast(); condition.unlock()
    }

    private func helperLoop(painter: Int) {
        _ = csys_set_thread_nice(5)
        var seen: UInt64 = 0
        while true {
            condition.lock()
            while generation == seen && !stopping { condition.wait() }
            if stopping { condition.unlock(); return }
            seen = generation
            let job = self.job
            condition.unlock()
            guard let job, job.work(painter) else { continue }
            // The last band finished: wake the caller.
            condition.lock(); condition.broadcast(); condition.unlock()
        }
    }

    /// The threads that draw bands on a machine with `cores` cores, the compositor thread
    /// included: one per core, two cores included. The loop thread is not left a core of its
    /// own: the drawing threads run at a lower priority (nice 5), so it goes first when it
    /// has work. Measured on 2 cores (README, Performance, "Compositor":
    /// `rendersrv-stress composite --scenes mixed --compositor-threads 1,2`): two threads drew
    /// 2,000 mixed layers in 0.55–0.6 × the time of one, and the clock missed no more vsyncs.
    static func automaticThreads(cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        max(1, min(cores, maxThreads))
    }

    /// Bands of a 720p frame are 12 (64 rows each): more threads would find none.
    static let maxThreads = 8
}
