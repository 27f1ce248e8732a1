import Histogram
import RenderProtocol

/// What the server measures, recorded on the loop thread once per frame.
///
/// - frame interval: the time between consecutive frames' wake-ups, in microseconds
///   (for the manual clock, between their target times);
/// - phase durations, in nanoseconds: apply (per commit, on arrival), evaluate and present
///   (per frame that had work);
/// - frames that had no work (nothing animated or changed: idle);
/// - frames produced and vsyncs missed (the real clock woke too late for them).
package struct FrameStats {
    private(set) var frames: UInt64 = 0
    private(set) var missedFrames: UInt64 = 0
    /// Frames with nothing to do (nothing animated, nothing changed).
    package var idleFrames: UInt64 = 0
    /// Microseconds, up to a minute.
    private(set) var frameInterval = Histogram<UInt64>(highestTrackableValue: 60_000_000,
                                                       numberOfSignificantValueDigits: .three)
    /// Nanoseconds, up to a minute, by phase.
    private(set) var phases = [Histogram<UInt64>](repeating: Histogram<UInt64>(highestTrackableValue: 60_000_000_000,
                                                                                numberOfSignificantValueDigits: .three),
                                                  count: Phase.allCases.count)
    private var lastWake: Int64?

    enum Phase: Int, CaseIterable {
        case validate, apply, evaluate, present
        var name: String { "\(self)" }
    }

    /// Records the start of a frame woken at `wake` (ns) after `missed` skipped vsyncs.
    mutating func frameStarted(wakeNanoseconds wake: Int64, missed: UInt64) {
        frames += 1
        missedFrames += missed
        if let last = lastWake, wake >= last {
            _ = frameInterval.record(min(UInt64((wake - last) / 1000), frameInterval.highestTrackableValue))
        }
        lastWake = wake
    }

    /// The frame clock slept (nothing needed frames): the next interval is not a frame
    /// interval.
    mutating func clockResumed() { lastWake = nil }

    mutating func record(_ phase: Phase, nanoseconds: Int64) {
        let v = UInt64(max(0, nanoseconds))
        _ = phases[phase.rawValue].record(min(v, phases[phase.rawValue].highestTrackableValue))
    }

    /// Frames per second measured from the mean frame interval (0 before two frames).
    var measuredFPS: Double {
        frameInterval.totalCount > 0 && frameInterval.mean > 0 ? 1e6 / frameInterval.mean : 0
    }
}

extension ServerCore {
    /// The `statsReply` document (`StatsReport`, schema in `Protocol/PROTOCOL.md`):
    /// counts, frame-interval percentiles, per-phase percentiles, durations in milliseconds.
    /// Built on the loop thread: its size is fixed.
    func statsReport() -> StatsReport {
        let established = sessions.filter(\.isEstablished)
        let fi = stats.frameInterval
        let empty = fi.totalCount == 0
        let interval = StatsReport.Summary(
            p50: empty ? 0 : Double(fi.valueAtPercentile(50)) / 1000, p90: empty ? 0 : Double(fi.valueAtPercentile(90)) / 1000,
            p99: empty ? 0 : Double(fi.valueAtPercentile(99)) / 1000, max: empty ? 0 : Double(fi.max) / 1000,
            mean: empty ? 0 : fi.mean / 1000)
        var phases: [String: StatsReport.Summary] = [:]
        for phase in FrameStats.Phase.allCases {
            let h = stats.phases[phase.rawValue]
            let none = h.totalCount == 0
            phases[phase.name] = StatsReport.Summary(p50: none ? 0 : Double(h.valueAtPercentile(50)) / 1e6,
                                                     p99: none ? 0 : Double(h.valueAtPercentile(99)) / 1e6,
                                                     max: none ? 0 : Double(h.max) / 1e6)
        }
        let compositor = output.compositorStatistics.map { o -> StatsReport.Compositor in
            let c = o.statistics
            return StatsReport.Compositor(framesDrawn: c.framesDrawn, framesCoalesced: c.framesCoalesced,
                                          framesSkipped: c.framesSkipped,
                                          framesWithoutDamage: c.framesWithoutDamage, drawP50: c.drawP50,
                                          drawP99: c.drawP99, readyP50: c.readyP50, readyP99: c.readyP99,
                                          lastDamagePixels: c.lastDamagePixels, bitmapsRendered: c.bitmapsRendered,
                                          recordedFrames: c.recordedFrames)
        }
        return StatsReport(frames: stats.frames, missedFrames: stats.missedFrames, idleFrames: stats.idleFrames,
                           clients: established.count,
                           layers: established.reduce(0) { $0 + $1.store.layerCount },
                           animations: established.reduce(0) { $0 + $1.store.animationCount },
                           contentsBytes: contentsHeld.bytes,
                           frameInterval: interval, phases: phases, fps: stats.measuredFPS,
                           refreshRate: refreshRate, manualClock: configuration.clock.isManual,
                           mediaTime: currentMediaTime, displayWidth: displayWidth, displayHeight: displayHeight,
                           compositor: compositor)
    }
}
