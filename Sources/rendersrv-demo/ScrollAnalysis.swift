import Foundation
import RenderClient
import RenderPictures

/// What `rendersrv-demo scroll` measured, from the daemon's own records: the
/// `trackerUpdate`s of both lists (each the content offset one of its frames showed, at that
/// frame's target time) and its frame log. Times in the report count from the block's start.
///
/// The fling is checked against UIScrollView's deceleration in closed form, from the first
/// frame of inertia (t₁, x₁, v₁) on: x(t) = x₁ + v₁·(rate^(1000(t−t₁)) − 1)/(1000·ln rate),
/// resting where less than 0.25 pt of glide is left. When that rest lies past the end of
/// the content the motion bounces, and the reference is `InteractionTracker` itself given
/// the same start (its rubber band and spring are RenderCore's closed forms too).
struct ScrollAnalysis {
    let blockStart: Double, blockEnd: Double, rate: Double
    let server: [TrackerSample], app: [TrackerSample]
    let frames: [FrameLogReport.Record]
    let configuration: TrackerConfiguration
    let viewport: Size

    var k: Double { 1000 * log(rate) }
    func inBlock(_ t: Double) -> Bool { t >= blockStart && t <= blockEnd }

    /// The samples that say where the content was: moves and applied requests.
    static func positions(_ s: [TrackerSample]) -> [TrackerSample] {
        s.filter { $0.reason == .moved || $0.reason == .requestApplied }
    }

    /// Distinct content offsets a list showed during the block: the one it held when the
    /// block began, and each it moved to on a frame inside it.
    static func distinctPositions(_ s: [TrackerSample], from: Double, to: Double) -> Int {
        let p = positions(s)
        let held = p.last { $0.mediaTime < from }?.y ?? 0
        var seen: Set<Double> = [held]
        for x in p where x.mediaTime >= from && x.mediaTime <= to { seen.insert(x.y) }
        return seen.count
    }

    var positionsDuringBlock: Int { Self.distinctPositions(server, from: blockStart, to: blockEnd) }

    /// Where a list's content was on each of `frames` (in time order): the position its last
    /// update at or before the frame's target time (plus `slack`) reported (the daemon's model
    /// holds it between updates).
    static func positions(of s: [TrackerSample], on frames: [FrameLogReport.Record],
                          slack: Double = 0) -> [(frame: FrameLogReport.Record, y: Double)] {
        let p = positions(s)
        var i = 0, y = 0.0
        return frames.map { f in
            while i < p.count && p[i].mediaTime <= f.targetTime + slack { y = p[i].y; i += 1 }
            return (f, y)
        }
    }

    /// Distinct positions of a list on those of `frames` whose pixels the compositor
    /// published (what reached the screen; the compositor may skip frames).
    static func drawnPositions(of s: [TrackerSample], on frames: [FrameLogReport.Record], slack: Double = 0) -> Int {
        Set(positions(of: s, on: frames, slack: slack).filter { $0.frame.pixelsReadyTime != nil }.map(\.y)).count
    }

    /// Where a list's content was on each of the daemon's frames from `from` to `to`.
    func shown(_ s: [TrackerSample], from: Double, to: Double) -> [(t: Double, y: Double)] {
        Self.positions(of: s, on: frames.filter { $0.targetTime >= from && $0.targetTime <= to }).map { ($0.frame.targetTime, $0.y) }
    }
    var appDrivenPositionsDuringBlock: Int { Self.distinctPositions(app, from: blockStart, to: blockEnd) }

    /// Distinct positions of the daemon-driven list on the frames of the block that were drawn.
    var drawnPositionsDuringBlock: Int { Self.drawnPositions(of: server, on: blockFrames) }
    var framesDrawnInBlock: Int { blockFrames.filter { $0.pixelsReadyTime != nil }.count }

    /// The fling's first position in the block: the daemon-driven list's first move on a
    /// frame inside it (the frame its pan began on).
    var firstMoveInBlock: TrackerSample? { server.first { $0.reason == .moved && inBlock($0.mediaTime) } }

    /// The frames the daemon produced after the fling's first move, up to the block's end or
    /// the reference's rest if that comes first (a missed vsync has no record). While the
    /// list is in motion each of them should move it, however few frames a loaded host let
    /// the daemon produce: the check is a share of them, not a count per second. The window
    /// ends at the closed form's rest, not the tracker's, so a fling that stops early leaves
    /// frames that show no new position.
    var framesAfterFirstMove: [FrameLogReport.Record] {
        guard let m = firstMoveInBlock else { return [] }
        let end = min(blockEnd, referenceRest?.t ?? blockEnd)
        return blockFrames.filter { $0.targetTime > m.mediaTime + Self.sameFrame && $0.targetTime <= end }
    }
    /// Of `framesAfterFirstMove`, those on which the list was at a new position: a `moved`
    /// update carries its frame's target time (the daemon sends one only when the position
    /// changed).
    var newPositionFramesAfterFirstMove: Int {
        let moves = server.filter { $0.reason == .moved }.map(\.mediaTime)
        return framesAfterFirstMove.filter { f in moves.contains { abs($0 - f.targetTime) <= Self.sameFrame } }.count
    }
    /// The frame log keeps target times to the nanosecond; a `trackerUpdate` has the exact one.
    static let sameFrame = 1e-6
    /// `newPositionFramesAfterFirstMove` over `framesAfterFirstMove` (0 when there are none).
    var newPositionShare: Double {
        let n = framesAfterFirstMove.count
        return n == 0 ? 0 : Double(newPositionFramesAfterFirstMove) / Double(n)
    }

    /// The daemon's frames from the release to the rest (to the last frame if it never rested).
    var flingFrames: [FrameLogReport.Record] {
        guard let r = release else { return [] }
        let end = rest?.mediaTime ?? .infinity
        return frames.filter { $0.targetTime >= r.mediaTime - Self.sameFrame && $0.targetTime <= end + Self.sameFrame }
    }
    var framesDrawnInFling: Int { flingFrames.filter { $0.pixelsReadyTime != nil }.count }
    /// Distinct positions of the daemon-driven list on the fling's frames whose pixels the
    /// compositor published: its motion reached the screen. Counted over the whole fling (some
    /// 270 frames at 60 Hz), not the block, which on a loaded host may hold few drawn frames.
    var drawnPositionsDuringFling: Int { Self.drawnPositions(of: server, on: flingFrames, slack: Self.sameFrame) }

    var blockFrames: [FrameLogReport.Record] { frames.filter { inBlock($0.targetTime) } }
    var framesInBlock: Int { blockFrames.count }
    var missedFrames: Int? { frames.isEmpty ? nil : blockFrames.reduce(0) { $0 + Int($1.missed) } }

    /// The first frame of inertia: where the closed form starts.
    var inertiaStart: TrackerSample? { server.first { $0.reason == .moved && $0.state == .inertia } }
    /// The release: the state change to inertia (at the release's time; its velocity is at
    /// the frame's time, so the release velocity is taken back along the decay).
    var release: TrackerSample? { server.first { $0.reason == .stateChanged && $0.state == .inertia } }
    var releaseVelocity: Double? {
        guard let r = release, let s = inertiaStart else { return nil }
        return s.velocityY * exp(-k * (s.mediaTime - r.mediaTime))
    }
    var rest: TrackerSample? {
        guard let s = inertiaStart else { return nil }
        return server.last { $0.state == .idle && $0.mediaTime >= s.mediaTime }
    }

    var maxOffset: Double { max(0, configuration.contentSize.height + configuration.contentInset.bottom - viewport.height) }
    /// Where the closed form rests, and when.
    var closedFormRest: (t: Double, y: Double)? {
        guard let s = inertiaStart, s.velocityY != 0 else { return nil }
        let tau = log(0.25 * abs(k) / abs(s.velocityY)) / k
        return (s.mediaTime + max(0, tau), s.y - s.velocityY / k - 0.25 * (s.velocityY > 0 ? 1 : -1))
    }
    /// The fling runs past an edge, so it bounces.
    var bounces: Bool {
        guard let r = closedFormRest else { return false }
        return r.y > maxOffset || r.y < -configuration.contentInset.top
    }

    /// The reference when the fling bounces: a tracker given the first inertia frame's
    /// position and velocity.
    var bounceReference: InteractionTracker? {
        guard bounces, let s = inertiaStart else { return nil }
        var tracker = InteractionTracker(configuration: configuration, viewport: viewport, position: Point(x: 0, y: s.y))
        _ = tracker.addVelocity(Point(x: 0, y: s.velocityY), time: s.mediaTime)
        return tracker
    }
    /// Where and when the reference comes to rest.
    var referenceRest: (t: Double, y: Double)? {
        if let b = bounceReference, let y = b.restingPosition?.y, let t = b.restingTime { return (t, y) }
        return closedFormRest
    }

    /// The reference position at media time `t` (after the first frame of inertia).
    func reference(at t: Double) -> Double? {
        guard let s = inertiaStart else { return nil }
        if let b = bounceReference { return b.position(at: t).y }
        guard let r = closedFormRest else { return nil }
        return t >= r.t ? r.y : s.y + s.velocityY * (exp(k * (t - s.mediaTime)) - 1) / k
    }

    /// The daemon's positions in inertia (and its rest) against the reference.
    var errors: [(t: Double, measured: Double, error: Double)] {
        guard let s = inertiaStart else { return [] }
        return Self.positions(server).filter { $0.mediaTime >= s.mediaTime }.compactMap { x in
            reference(at: x.mediaTime).map { (x.mediaTime, x.y, abs(x.y - $0)) }
        }
    }
    var maxError: Double? { errors.map(\.error).max() }

    var object: [String: Any] {
        let serverPositions = Self.positions(server)
        var o: [String: Any] = [
            "blockSeconds": blockEnd - blockStart,
            "positionsDuringBlock": positionsDuringBlock,
            "appDrivenPositionsDuringBlock": appDrivenPositionsDuringBlock,
            "framesInBlock": framesInBlock,
            "serverMovesInBlock": serverPositions.filter { inBlock($0.mediaTime) && $0.reason == .moved }.count,
            "bounced": bounces,
            "flingSamples": errors.count,
            "trackerStates": Self.states(server).map(\.description),
            "serverPositions": serverPositions.map { ["t": $0.mediaTime - blockStart, "y": $0.y, "state": "\($0.state)"] },
            "appPositions": Self.positions(app).map { ["t": $0.mediaTime - blockStart, "y": $0.y] },
        ]
        o["missedFrames"] = missedFrames ?? NSNull()
        // What a frame of the block cost the daemon: its loop thread's work (evaluate and hand
        // off) and the time from its target to its pixels (compose included), ms.
        let work = blockFrames.map { $0.evaluateMs + $0.presentMs }.sorted()
        let ready = blockFrames.compactMap { f in f.pixelsReadyTime.map { ($0 - f.targetTime) * 1000 } }.sorted()
        o["frameWorkMsMedian"] = work.isEmpty ? NSNull() : work[work.count / 2]
        o["frameWorkMsMax"] = work.last ?? NSNull()
        o["pixelsReadyMsMedian"] = ready.isEmpty ? NSNull() : ready[ready.count / 2]
        o["pixelsReadyMsMax"] = ready.last ?? NSNull()
        o["framesDrawnInBlock"] = framesDrawnInBlock
        o["drawnPositionsDuringBlock"] = drawnPositionsDuringBlock
        o["framesAfterFirstMove"] = framesAfterFirstMove.count
        o["newPositionFramesAfterFirstMove"] = newPositionFramesAfterFirstMove
        o["newPositionShare"] = newPositionShare
        o["framesInFling"] = flingFrames.count
        o["framesDrawnInFling"] = framesDrawnInFling
        o["drawnPositionsDuringFling"] = drawnPositionsDuringFling
        o["flingMaxErrorPt"] = maxError ?? NSNull()
        o["releaseVelocity"] = releaseVelocity ?? NSNull()
        o["releaseSeconds"] = release.map { $0.mediaTime - blockStart } ?? NSNull()
        o["restSeconds"] = rest.map { $0.mediaTime - blockStart } ?? NSNull()
        o["restPosition"] = rest?.y ?? NSNull()
        o["closedFormRestPosition"] = referenceRest?.y ?? NSNull()
        o["closedFormRestSeconds"] = referenceRest.map { $0.t - blockStart } ?? NSNull()
        let blockPositions = serverPositions.filter { inBlock($0.mediaTime) }
        o["positionAtBlockEnd"] = blockPositions.last?.y ?? NSNull()
        o["appPositionAtBlockEnd"] = Self.positions(app).last { $0.mediaTime <= blockEnd }?.y ?? 0
        return o
    }

    /// The tracker's successive states (consecutive repeats dropped).
    static func states(_ s: [TrackerSample]) -> [TrackerState] {
        var out: [TrackerState] = []
        for x in s where x.reason == .stateChanged && out.last != x.state { out.append(x.state) }
        return out
    }

    var human: String {
        let work = blockFrames.map { $0.evaluateMs + $0.presentMs }.sorted()
        let ready = blockFrames.compactMap { f in f.pixelsReadyTime.map { ($0 - f.targetTime) * 1000 } }.sorted()
        var h = "  daemon frames during the block: \(framesInBlock), \(missedFrames.map { "\($0)" } ?? "?") missed "
            + "(the daemon's frame log)"
        if let w = work.last {
            h += "; loop work per frame median \(fmt(work[work.count / 2], 2)) ms, max \(fmt(w, 2)) ms; "
                + "\(ready.count) drawn"
        }
        if let r = ready.last {
            h += ", target → pixels median \(fmt(ready[ready.count / 2], 2)) ms, max \(fmt(r, 2)) ms"
        }
        h += "\n"
        h += "  distinct scroll positions shown while the main queue was blocked: daemon-driven \(positionsDuringBlock), "
            + "app-driven \(appDrivenPositionsDuringBlock); daemon-driven on the frames drawn: \(drawnPositionsDuringBlock)\n"
        h += "  daemon-driven list after its first move in the block: \(newPositionFramesAfterFirstMove) of the daemon's "
            + "\(framesAfterFirstMove.count) frames showed a new position (\(fmt(100 * newPositionShare, 0)) %); over the fling "
            + "(release to rest) \(drawnPositionsDuringFling) distinct positions on the \(framesDrawnInFling) frames drawn of "
            + "its \(flingFrames.count)\n"
        if let r = release {
            h += "  release at +\(fmt(r.mediaTime - blockStart, 3)) s, \(fmt(releaseVelocity ?? .nan, 0)) pt/s; states "
                + Self.states(server).map(\.description).joined(separator: " → ") + "\n"
        }
        if let e = maxError, let c = referenceRest {
            h += "  fling vs the closed form (\(bounces ? "InteractionTracker, it bounces" : "UIScrollView's deceleration")): "
                + "\(errors.count) frames, max error \(String(format: "%.2g", e)) pt; rest "
                + "\(rest.map { "\(fmt($0.y, 2)) pt at +\(fmt($0.mediaTime - blockStart, 3)) s" } ?? "?") "
                + "(closed form \(fmt(c.y, 2)) pt at +\(fmt(c.t - blockStart, 3)) s)\n"
        }
        return h
    }

    /// Position over time: the daemon's frames (dots) on the closed form (line), the
    /// app-driven list's positions, the block shaded.
    func chart(title: String) -> Chart {
        var series: [Chart.Series] = []
        if let s = inertiaStart {
            let end = (rest?.mediaTime ?? referenceRest?.t ?? s.mediaTime + 5) + 0.2
            let curve = stride(from: s.mediaTime, through: end, by: 0.01).compactMap { t in
                reference(at: t).map { (x: t - blockStart, y: $0) }
            }
            series.append(Chart.Series(name: bounces ? "InteractionTracker (closed form, bounce)" : "closed form x(t)",
                                       color: Chart.palette[2], points: curve))
        }
        series.append(Chart.Series(name: "daemon-driven list: the daemon's frames", color: Chart.palette[0],
                                   points: Self.positions(server).map { (x: $0.mediaTime - blockStart, y: $0.y) }, style: .dots))
        // The app's list as the daemon's frames showed it (it holds still until main is free).
        let end = (rest?.mediaTime ?? blockEnd) + 0.2
        series.append(Chart.Series(name: "app-driven list (main-queue timer), as the daemon's frames showed it",
                                   color: Chart.palette[1],
                                   points: shown(app, from: blockStart, to: end).map { (x: $0.t - blockStart, y: $0.y) },
                                   style: .dots))
        return Chart(title: title, xLabel: "seconds since the block began", yLabel: "content offset y (pt)",
                     series: series, spans: [Chart.Span(label: "main queue blocked", from: 0, to: blockEnd - blockStart)])
    }
}
