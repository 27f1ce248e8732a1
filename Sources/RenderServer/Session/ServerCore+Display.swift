import RenderProtocol

/// The display's size and refresh rate while the daemon runs: a window's compositor
/// configures it anew (`Server.resizeDisplay`), or a control client asks (`resizeDisplay`,
/// `rendersrvctl resize`); both come here.
///
///     resize ─▶ displayWidth/Height, refreshRate ─▶ displayChanged to each v4+ session
///                                                ─▶ later welcomes carry the new values
///                                                ─▶ needsFrame: the next frame's snapshot
///                                                   has the new size (the output rebuilds)
extension ServerCore {
    /// What is wrong with a display of `width`×`height` points at `refreshRate` frames per
    /// second (nil: keep the current rate), as the end of an error message; nil when it is
    /// a display the daemon can have (each side 1…16,384 points, a rate in (0, 1000]).
    static func displayProblem(width: Int, height: Int, refreshRate: Double?) -> String? {
        let range = DisplayChanged.dimensions
        if width < Int(range.lowerBound) || width > Int(range.upperBound) || height < Int(range.lowerBound)
            || height > Int(range.upperBound) {
            return "a \(width)x\(height) display is out of range: width and height are "
                + "\(range.lowerBound)…\(range.upperBound) points each; ask for a size within that"
        }
        if let rate = refreshRate, !(rate.isFinite && rate > 0 && rate <= 1000) {
            return "a refresh rate of \(rate) Hz is out of range: use a rate above 0 and at most 1000 Hz"
        }
        return nil
    }

    /// The display is now `width`×`height` points at `refreshRate` frames per second (nil:
    /// the rate stays). From here on welcomes carry the new values; every session of
    /// protocol version 4 or later is sent `displayChanged`, after everything queued for it
    /// before (in order with its other events); the next frame is produced (`needsFrame`)
    /// and its snapshot has the new size, so a drawing output draws it whole at that size.
    /// Nothing happens when neither changes. The values must pass `displayProblem` (the
    /// callers check: `Server.resizeDisplay`, the control request).
    ///
    /// The frame clock keeps the period it was started with (the timerfd's grid, the manual
    /// clock's steps): a window output paced by its compositor's clock follows that clock;
    /// the rate here is what clients and stats are told.
    ///
    /// Thread affinity: the loop thread.
    package func resizeDisplay(width: Int, height: Int, refreshRate: Double? = nil) {
        precondition(ServerCore.displayProblem(width: width, height: height, refreshRate: refreshRate) == nil,
                     "resizeDisplay(\(width)x\(height), \(refreshRate.map { "\($0)" } ?? "same") Hz): "
                        + (ServerCore.displayProblem(width: width, height: height, refreshRate: refreshRate) ?? ""))
        let rate = refreshRate ?? self.refreshRate
        guard width != displayWidth || height != displayHeight || rate != self.refreshRate else { return }
        logger.info("display changed", metadata: [
            "from": "\(displayWidth)x\(displayHeight) at \(self.refreshRate) Hz", "to": "\(width)x\(height) at \(rate) Hz"])
        displayWidth = width
        displayHeight = height
        self.refreshRate = rate
        let change = DisplayChanged(width: UInt32(width), height: UInt32(height), refreshRate: rate)
        for s in sessions where s.receivesDisplayChanges {
            s.send(.displayChanged(change))
            markDirty(s)
        }
        changedSinceLastFrame = true
    }

    /// `resizeDisplay` from a control client: refused (not fatal) outside
    /// `DisplayChanged.dimensions`; else applied, then `displayResized` names the first
    /// frame at the size.
    func resizeDisplay(_ request: ResizeDisplay, from session: ClientSession) {
        let width = Int(request.width), height = Int(request.height)
        if let problem = ServerCore.displayProblem(width: width, height: height, refreshRate: nil) {
            session.send(.error(ErrorMessage(code: .invalidValue, message: "resize request \(request.requestID): "
                + problem + " (rendersrvctl resize WIDTHxHEIGHT)", fatal: false)))
            return
        }
        resizeDisplay(width: width, height: height)
        session.send(.displayResized(DisplayResized(requestID: request.requestID, frame: frameNumber + 1,
                                                    width: request.width, height: request.height)))
    }
}
