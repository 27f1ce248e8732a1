import ArgumentParser
import CSystem
import Foundation
import Glibc
import RenderCore
import RenderProtocol

/// How `latency` places its commits on the frame period.
enum CommitPhases: String, ExpressibleByArgument, CaseIterable, Codable {
    /// After each `commitPresented`, sleep a random time in [0, period): uniform phases, but
    /// drawn at random, so the p50 of 1,000 waits carries a sampling error of about
    /// period / (2·√1000) ≈ 0.26 ms at 60 Hz (one standard error) — as large as what is
    /// being looked for.
    case random
    /// The i-th of n commits is sent at phase (k + 0.5)/n of the frame period, k a shuffled
    /// permutation of 0..<n, aimed at an absolute time on the daemon's vsync grid (learnt from
    /// the frame targets it reports): the same uniform distribution without the sampling
    /// error. The sleep's overshoot shifts every phase by about the same amount, and a
    /// circular shift of evenly spread phases is still evenly spread, so this adds no bias.
    case stratified
}

/// One commit → presented sample, CLOCK_MONOTONIC nanoseconds.
struct PresentationSample {
    var sent: Int64
    /// The target (vsync) of the frame that showed the commit.
    var target: Int64
    var frame: UInt64
    /// When its pixels were ready (nil without a compositor).
    var ready: Int64?
    /// When this process had read the `commitPresented`.
    var read: Int64
}

/// Sends `count` single-property commits asking for presentation feedback, each at a phase of
/// the frame period chosen by `phases`, and records when each was sent, which frame showed
/// it and when the feedback was read.
struct PresentationSampler {
    let client: WireClient
    let periodNanoseconds: Double
    let phases: CommitPhases

    func run(count: Int, layer: LayerID) -> [PresentationSample] {
        var generator = SystemRandomNumberGenerator()
        let plan = (0..<count).map { (Double($0) + 0.5) / Double(count) }.shuffled(using: &generator)
        var samples: [PresentationSample] = []
        samples.reserveCapacity(count)
        var gridReference: Int64? // a vsync (any frame's target), once one is known
        for i in 0..<count {
            if phases == .stratified, let reference = gridReference {
                sleep(until: nextTime(atPhase: plan[i], reference: reference))
            } else {
                usleep(UInt32(Double.random(in: 0..<periodNanoseconds, using: &generator) / 1e3))
            }
            let sent = csys_monotonic_ns()
            let seq = client.commitRequestingPresentation([.setProperty(layer, .opacity, .number(Double(i % 100) / 100))])
            guard let p = client.waitPresented(seq, timeout: 5) else { continue }
            let read = csys_monotonic_ns()
            let target = Int64((p.mediaTime * 1e9).rounded())
            gridReference = target
            samples.append(PresentationSample(sent: sent, target: target, frame: p.frame,
                                              ready: p.readyTime.map { Int64(($0 * 1e9).rounded()) }, read: read))
        }
        return samples
    }

    /// The first time at least 1 ms from now whose phase after the vsync grid through
    /// `reference` is `phase` (a fraction of the period).
    func nextTime(atPhase phase: Double, reference: Int64) -> Int64 {
        let earliest = csys_monotonic_ns() + 1_000_000
        let periods = ((Double(earliest - reference) / periodNanoseconds) - phase).rounded(.up)
        return reference + Int64(((periods + phase) * periodNanoseconds).rounded())
    }

    /// Waits until CLOCK_MONOTONIC `deadline` (ns): sleeps until 0.3 ms before it, then
    /// spins, so that the phase a commit is sent at is the planned one (a sleep alone
    /// overshoots by tens to hundreds of microseconds under load, unevenly).
    func sleep(until deadline: Int64) {
        let early = deadline - 300_000
        var ts = timespec(tv_sec: Int(early / 1_000_000_000), tv_nsec: Int(early % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
        while csys_monotonic_ns() < deadline {}
    }
}

/// Where commits fell on the vsync grid and which vsync showed them.
struct GridPlacement {
    /// Commits shown by the first vsync after they were sent, or by an earlier one (a frame
    /// that took them after its vsync), or by a later one (they missed the next), percent.
    var shownByNextPercent = Double.nan, shownEarlierPercent = Double.nan, shownLaterPercent = Double.nan
    /// Commit → frame target minus the wait to the next vsync, p50 and mean, ms: what the
    /// daemon's frame choice adds to (or takes from) the wait the grid imposes.
    var excessP50Ms = Double.nan, excessMeanMs = Double.nan
    /// p50 of the wait the grid imposes (sent → the next vsync), ms: half a period when
    /// phases are uniform.
    var gridWaitP50Ms = Double.nan

    init(_ samples: [PresentationSample], periodNanoseconds p: Double) {
        guard let reference = samples.first?.target else { return }
        var next = 0, earlier = 0, later = 0
        var excess: [Double] = [], wait: [Double] = []
        for s in samples {
            let phase = (Double(s.sent - reference).truncatingRemainder(dividingBy: p) + p)
                .truncatingRemainder(dividingBy: p)
            let nextVsync = Double(s.sent) + (p - phase)
            let k = ((Double(s.target) - nextVsync) / p).rounded()
            if k == 0 { next += 1 } else if k < 0 { earlier += 1 } else { later += 1 }
            excess.append((Double(s.target) - nextVsync) / 1e6)
            wait.append((p - phase) / 1e6)
        }
        let n = Double(samples.count)
        shownByNextPercent = Double(next) / n * 100
        shownEarlierPercent = Double(earlier) / n * 100
        shownLaterPercent = Double(later) / n * 100
        excessP50Ms = percentile(excess, 50)
        excessMeanMs = excess.reduce(0, +) / n
        gridWaitP50Ms = percentile(wait, 50)
    }
}
