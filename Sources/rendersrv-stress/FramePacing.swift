import Foundation
import RenderProtocol

/// Frame pacing figures computed from the daemon's frame log (never from tree dumps), over a
/// window of media time, for one way of animating ("engine").
///
/// Definitions (vsync k is the display's k-th refresh, `period` apart; a frame is produced
/// *for* a vsync, its `targetTime`):
///
/// - **expected**: the vsyncs whose time falls in the window.
/// - **produced**: those the daemon produced a frame for; **missed** = expected − produced
///   (the clock woke too late and skipped them, or slept because nothing needed a frame).
/// - **shown**: a produced frame that showed the engine's motion — `moved(record)`: for
///   server animations a frame that evaluated animated layers; for Dynamics a frame that
///   applied at least one commit since the previous frame (the only changes Dynamics makes
///   are its per-tick commits, so a frame without one shows the layers where they were).
/// - **drawn on time**: a shown frame whose pixels the compositor published before the
///   next vsync (when the daemon draws; a frame it coalesced into a later one was never on
///   screen). Kept apart from the figures below, which judge the frame loop: drawing runs
///   on its own thread and its cost is the compositor's (`composite`), not pacing's.
/// - **dropped** = expected − shown.
/// - **hitch time ratio** (Apple's definition, ms per s): each dropped vsync leaves the
///   previous picture on screen one period too long; the total of that lateness in ms,
///   divided by the window's length in s.
/// - **dropped-frame percentage** (Chrome's definition): the share of dropped vsyncs in
///   every 1 s window sliding one vsync at a time across the run; worst and p95.
/// - **frame interval**: the time between the clock's wake-ups of consecutive shown frames;
///   its error is |interval − period| (a vsync dropped between them makes it a period).
struct FramePacing: Codable {
    var expectedFrames: Int
    var producedFrames: Int
    var shownFrames: Int
    var missedFrames: Int
    var droppedFrames: Int
    /// Vsyncs the daemon itself counted as missed (woke too late) in the window.
    var daemonMissedVsyncs: Int
    /// Shown frames the compositor did not draw before the next vsync (or at all), and the
    /// hitch time ratio counting those as dropped too.
    var lateOrUndrawnFrames: Int
    var hitchRatioDrawnMsPerS: JSONNumber
    var hitchRatioMsPerS: JSONNumber
    var droppedPercentWorst: JSONNumber
    var droppedPercentP95: JSONNumber
    var intervalErrorP50Ms: JSONNumber
    var intervalErrorP99Ms: JSONNumber
    var intervalErrorMaxMs: JSONNumber

    /// One point of the interval chart: media time of the frame, interval before it (ms).
    struct Interval { var time: Double; var ms: Double }

    static func measure(_ records: [FrameLogReport.Record], period: Double, from t0: Double, to t1: Double,
                        moved: (FrameLogReport.Record) -> Bool) -> (FramePacing, [Interval]) {
        let inWindow = records.filter { $0.targetTime >= t0 - period / 4 && $0.targetTime <= t1 + period / 4 }
        // The vsync grid: anchored on a produced frame (targets lie on it exactly).
        let anchor = inWindow.first?.targetTime ?? t0
        func index(_ t: Double) -> Int { Int(((t - anchor) / period).rounded()) }
        let first = Int(((t0 - anchor) / period).rounded(.up)), last = Int(((t1 - anchor) / period).rounded(.down))
        let expected = max(0, last - first + 1)
        let drawing = inWindow.contains { $0.pixelsReadyTime != nil }
        var shown = [Bool](repeating: false, count: expected)
        var produced = 0, daemonMissed = 0, late = 0
        var intervals: [Interval] = []
        var lastShownWake: Double?
        for r in inWindow {
            let k = index(r.targetTime) - first
            guard k >= 0 && k < expected else { continue }
            produced += 1
            daemonMissed += Int(r.missed)
            guard moved(r) else { continue }
            if drawing {
                if let ready = r.pixelsReadyTime, ready <= r.targetTime + period {} else { late += 1 }
            }
            shown[k] = true
            if let w = lastShownWake { intervals.append(Interval(time: r.targetTime, ms: (r.wakeTime - w) * 1000)) }
            lastShownWake = r.wakeTime
        }
        let shownCount = shown.filter { $0 }.count
        let dropped = expected - shownCount
        let seconds = max(t1 - t0, period)
        // 1 s windows sliding by one vsync.
        let w = max(1, min(expected, Int((1 / period).rounded())))
        var percents: [Double] = []
        if expected > 0 {
            var inside = shown[0..<w].filter { !$0 }.count
            percents.append(Double(inside) / Double(w) * 100)
            if expected > w {
                for start in 1...(expected - w) {
                    if !shown[start - 1] { inside -= 1 }
                    if !shown[start + w - 1] { inside += 1 }
                    percents.append(Double(inside) / Double(w) * 100)
                }
            }
        }
        let errors = intervals.map { abs($0.ms - period * 1000) }
        let pacing = FramePacing(
            expectedFrames: expected, producedFrames: produced, shownFrames: shownCount,
            missedFrames: max(0, expected - produced), droppedFrames: dropped, daemonMissedVsyncs: daemonMissed,
            lateOrUndrawnFrames: late,
            hitchRatioDrawnMsPerS: JSONNumber(Double(dropped + late) * period * 1000 / seconds),
            hitchRatioMsPerS: JSONNumber(Double(dropped) * period * 1000 / seconds),
            droppedPercentWorst: JSONNumber(percents.max() ?? .nan),
            droppedPercentP95: JSONNumber(percentile(percents, 95)),
            intervalErrorP50Ms: JSONNumber(percentile(errors, 50)), intervalErrorP99Ms: JSONNumber(percentile(errors, 99)),
            intervalErrorMaxMs: JSONNumber(errors.max() ?? .nan))
        return (pacing, intervals)
    }
}

/// The `p`-th percentile (nearest rank) of `values`; NaN when empty.
func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let s = values.sorted()
    let rank = Int((p / 100 * Double(s.count)).rounded(.up)) - 1
    return s[min(s.count - 1, max(0, rank))]
}

/// Prints an Encodable as one line of JSON with sorted keys.
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}
