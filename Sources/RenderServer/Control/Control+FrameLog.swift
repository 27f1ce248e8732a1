import RenderProtocol

extension ServerCore {
    /// Answers a `frameLogRequest`: on the loop thread only the asked records are copied out
    /// of the ring (at most `FrameLogReport.maxRecordsPerReply`, a bounded copy of plain
    /// values); the compositor's ready times and the JSON are added off the loop thread and
    /// the reply is delivered when ready (at once on the embedded server, which has no
    /// control worker).
    func answerFrameLog(_ request: FrameLogRequest, to session: ClientSession) {
        let what = "frame-log request \(request.requestID)"
        let cap = FrameLogReport.maxRecordsPerReply
        let bytes = cap * MemoryLayout<FrameLog.Entry>.stride // the most records a reply copies
        guard admitControl(bytes: bytes, what: what, from: session) else { return }
        let limit = request.maxRecords == 0 ? cap : min(cap, Int(request.maxRecords))
        let (entries, hasMore) = frameLog.entries(after: request.sinceFrame, limit: limit)
        let header = FrameLogReport(refreshRate: configuration.refreshRate, manualClock: configuration.clock.isManual,
                                    capacity: frameLog.capacity, oldestFrame: frameLog.oldestFrame,
                                    latestFrame: frameLog.latestFrame, hasMore: hasMore, records: [])
        // Carried to the control worker, which only calls its lock-protected
        // `readyNanoseconds` (any thread).
        let compositor = output.frameReadyReporting.map(LoopBound.init)
        let job = LoopBound((entries, compositor))
        let requestID = request.requestID
        submitControl({
            let (entries, compositor) = job.value
            let ready = compositor?.value.readyNanoseconds(of: entries.map(\.frame)) ?? []
            var report = header
            report.records = entries.enumerated().map { i, e in
                FrameLogReport.Record(
                    frame: e.frame, targetTime: Double(e.targetNanoseconds) / 1e9, wakeTime: Double(e.wakeNanoseconds) / 1e9,
                    missed: e.missed, idle: e.idle, commits: e.commits, applyMs: Double(e.applyNanoseconds) / 1e6,
                    evaluateMs: Double(e.evaluateNanoseconds) / 1e6, presentMs: Double(e.presentNanoseconds) / 1e6,
                    animatedLayers: e.animatedLayers,
                    pixelsReadyTime: i < ready.count ? ready[i].map { Double($0) / 1e9 } : nil)
            }
            return .frameLogReply(FrameLogReply(requestID: requestID, json: ServerCore.json(report)))
        }, bytes: bytes, from: session)
    }
}
