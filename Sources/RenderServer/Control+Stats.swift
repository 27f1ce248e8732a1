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
struct FrameStats {
    private(set) var frames: UInt64 = 0
    private(set) var missedFrames: UInt64 = 0
    /// Frames with nothing to do (nothing animated, nothing changed).
    var idleFrames: UInt64 = 0
    /// Microseconds, up to a minute.
    private(set) var frameInterval = Histogram<UInt64>(highestTrackableValue: 60_000_000,
                                                       numberOfSignificantValueDigits: .three)
    /// Nanoseconds, up to a minute, by phase.
    private(set) var phases = [Histogram<UInt64>](repeating: Histogram<UInt64>(highestTrackableValue: 60_000_000_000,
                                                                                numberOfSignificantValueDigits: .three),
                                                  count: Phase.allCases.count)
    private var lastWake: Int64?

    enum Phase: Int, CaseIterable {
        case apply, evaluate, present
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
    /// The `statsReply` JSON (schema in `Protocol/PROTOCOL.md`): counts, frame-interval
    /// percentiles, per-phase percentiles, all durations in milliseconds.
    ///
    ///     {"frames":N,"missedFrames":N,"idleFrames":N,"clients":N,"layers":N,"animations":N,
    ///      "frameInterval":{"p50":ms,"p90":ms,"p99":ms,"max":ms,"mean":ms},
    ///      "phases":{"apply":{"p50":ms,"p99":ms},"evaluate":…,"present":…},
    ///      "fps":N,"refreshRate":N,"manualClock":bool,"mediaTime":seconds,
    ///      "compositor":{"framesDrawn":N,"framesCoalesced":N,"framesWithoutDamage":N,"drawP50":ms,"drawP99":ms,
    ///                    "readyP50":ms,"readyP99":ms,"lastDamagePixels":N,"bitmapsRendered":N,"recordedFrames":N}}
    /// (`compositor` only when the daemon draws; ready = loop hand-off → pixels ready)
    func statsJSON() -> String {
        let established = sessions.filter(\.isEstablished)
        var w = JSONWriter()
        w.beginObject()
        w.member("frames", stats.frames)
        w.member("missedFrames", stats.missedFrames)
        w.member("idleFrames", stats.idleFrames)
        w.member("clients", established.count)
        w.member("layers", established.reduce(0) { $0 + $1.store.layerCount })
        w.member("animations", established.reduce(0) { $0 + $1.store.animationCount })
        let fi = stats.frameInterval
        w.key("frameInterval")
        w.beginObject()
        let empty = fi.totalCount == 0
        w.member("p50", empty ? 0 : Double(fi.valueAtPercentile(50)) / 1000)
        w.member("p90", empty ? 0 : Double(fi.valueAtPercentile(90)) / 1000)
        w.member("p99", empty ? 0 : Double(fi.valueAtPercentile(99)) / 1000)
        w.member("max", empty ? 0 : Double(fi.max) / 1000)
        w.member("mean", empty ? 0 : fi.mean / 1000)
        w.endObject()
        w.key("phases")
        w.beginObject()
        for phase in FrameStats.Phase.allCases {
            let h = stats.phases[phase.rawValue]
            let none = h.totalCount == 0
            w.key(phase.name)
            w.beginObject()
            w.member("p50", none ? 0 : Double(h.valueAtPercentile(50)) / 1e6)
            w.member("p99", none ? 0 : Double(h.valueAtPercentile(99)) / 1e6)
            w.endObject()
        }
        w.endObject()
        w.member("fps", stats.measuredFPS)
        w.member("refreshRate", configuration.refreshRate)
        w.member("manualClock", configuration.clock.isManual)
        w.member("mediaTime", currentMediaTime)
        if let compositor = output as? CompositorOutput {
            let c = compositor.statistics
            w.key("compositor")
            w.beginObject()
            w.member("framesDrawn", c.framesDrawn)
            w.member("framesCoalesced", c.framesCoalesced)
            w.member("framesWithoutDamage", c.framesWithoutDamage)
            w.member("drawP50", c.drawP50)
            w.member("drawP99", c.drawP99)
            w.member("readyP50", c.readyP50)
            w.member("readyP99", c.readyP99)
            w.member("lastDamagePixels", c.lastDamagePixels)
            w.member("bitmapsRendered", c.bitmapsRendered)
            w.member("recordedFrames", c.recordedFrames)
            w.endObject()
        }
        w.endObject()
        return w.output
    }
}
