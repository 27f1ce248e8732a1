import CSystem
import Foundation
import Logging
import RenderCore
import RenderProtocol
import Synchronization

/// A value that crosses threads only to come back: it is created and used on the loop
/// thread alone, and merely carried by other threads in between (a control job's reply
/// handler, for instance). The compiler cannot see that confinement, so it is stated here.
package struct LoopBound<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}

/// A value handed to another thread only to be freed there; nothing reads it after the hand-off.
package final class ReleaseBox: @unchecked Sendable {
    private var value: Any?
    package init(_ value: Any) { self.value = value }
    /// What it holds (tests look at what was handed off).
    package var held: Any? { value }
}

/// The render server without sockets or libuv: client sessions, commits, the frame, the
/// animation engine, control requests, limits and timeouts. The daemon's `Server` wraps it
/// with a libuv loop, a Unix-socket listener and a timerfd; `EmbeddedServer` wraps it with
/// byte arrays and a hand-driven clock, so tests run every server rule deterministically.
///
///     transport                         ServerCore
///     ─────────                         ──────────
///     accept          ───────────────▶  connect(pid:uid:now:) → ClientSession
///     bytes read      ───────────────▶  receive(_:from:now:)     (commits apply on arrival)
///     frame tick      ───────────────▶  produceFrame(target:wakeNanoseconds:missed:)
///     periodic        ───────────────▶  tick(now:)              (handshake and frame timeouts)
///     connection end  ───────────────▶  connectionEnded(_:reason:)
///                     ◀───────────────  visitDirtySessions: write each one's outbound,
///                                        close those with a closeRequest
///
/// A `ClientSession` knows nothing of the core: each call into it returns actions (a
/// welcome to send, a commit slice to apply, a control request to answer, a value to free,
/// its end), which the core performs in order before letting it go on (`perform`).
///
/// The rule of the loop thread holds here: no work grows with something a client chooses
/// unless a limit caps it. Per frame, cost follows the animated layers (idle frames cost a
/// flag test); per message, its size, checked against `Limits` from headers first.
///
/// Thread affinity: one thread (the daemon's loop thread) calls everything.
package final class ServerCore {
    let configuration: Configuration
    var logger: Logger
    let output: FrameOutput
    /// The display's size in points and its refresh rate (frames per second) now: the
    /// configured ones until `resizeDisplay` changes them. Welcomes, frames and stats read
    /// these. (The frame clock keeps the configured period: see `resizeDisplay`.)
    package internal(set) var displayWidth: Int
    package internal(set) var displayHeight: Int
    package internal(set) var refreshRate: Double

    /// Open sessions, in connection order.
    package private(set) var sessions: [ClientSession] = []
    private var nextSessionID: UInt32 = 1
    /// Sessions with bytes to write or a close to perform, each once (`ClientSession.isMarkedDirty`).
    private var dirty: [ClientSession] = []
    /// The list `visitDirtySessions` walks: the two swap, so that a turn neither allocates a
    /// list nor hashes a session id (a ping's turn did both).
    private var handedOut: [ClientSession] = []

    var engine = AnimationEngine()
    package var stats = FrameStats()
    /// The last frames, one record each (`frameLogRequest`).
    package var frameLog = FrameLog()
    /// The number of the latest frame (0 before the first).
    package private(set) var frameNumber: UInt64 = 0
    /// The latest frame's target time (before the first frame: the clock's start).
    private(set) var lastFrameTime: Double
    private(set) var manualClock: ManualClock?
    /// The media time now for a real clock (CLOCK_MONOTONIC seconds).
    private let realMediaTime: () -> Double
    /// Something changed since the last frame that was drawn (a commit applied, a session
    /// ended): the next frame must do its work even if nothing animates.
    var changedSinceLastFrame = true
    /// Bytes of partial frames and streamed payloads held over all sessions
    /// (`Limits.maxDaemonPendingBytes`), lent to each session call that may reserve some.
    var inbound: InboundBudget
    /// Bytes reserved from `inbound` now.
    package var inboundReserved: Int { inbound.reserved }
    /// One loop turn's share of a large commit (`Configuration.commitSliceCommands`).
    var sliceBudget: SliceBudget { SliceBudget(units: configuration.commitSliceCommands) }
    /// Bytes of contents held over all sessions (`Limits.maxContentsBytes`).
    let contentsHeld = ContentsLedger.Total()
    /// Runs a job off the loop thread, then hands its result back on the loop thread. The
    /// daemon sets it (a control worker thread); nil runs the job at once, in line (the
    /// embedded driver: deterministic).
    package var offloader: ((_ job: @escaping @Sendable () -> Message, _ deliver: LoopBound<(Message) -> Void>) -> Void)?
    /// Control jobs waiting for the worker, bounded per session and in total.
    package var controlWork: ControlWork
    /// Input events received (from a window or played from injections); any thread reads it.
    package let inputEventsReceived = Atomic<UInt64>(0)
    /// Captures, focus, held motion and injected events (`ServerCore+Input`).
    var input = InputRouter()
    /// Hit-testing when the output shows no frames (`hitTester`).
    var fallbackHitTester: StoreHitTester?

    /// `mediaTime` gives the real clock's time (ignored with a manual clock).
    package init(configuration: Configuration, output: FrameOutput, mediaTime: @escaping () -> Double) {
        self.configuration = configuration
        self.logger = configuration.logger
        self.output = output
        self.realMediaTime = mediaTime
        displayWidth = configuration.displayWidth
        displayHeight = configuration.displayHeight
        refreshRate = configuration.refreshRate
        controlWork = ControlWork(limits: configuration.controlLimits)
        inbound = InboundBudget(limit: Int(configuration.limits.maxDaemonPendingBytes))
        switch configuration.clock {
        case .real:
            lastFrameTime = mediaTime()
        case let .manual(start):
            let origin = start ?? mediaTime()
            manualClock = ManualClock(origin: origin, period: 1 / configuration.refreshRate)
            lastFrameTime = origin
        }
    }

    /// The media time now: the manual clock's time, else the real clock's.
    var currentMediaTime: Double { manualClock?.now ?? realMediaTime() }

    // MARK: Sessions

    /// A new connection; `pid` and `uid` are the peer's credentials from the socket (nil
    /// when unknown). `now` is monotonic seconds (for timeouts).
    package func connect(pid: Int32?, uid: UInt32?, now: Double) -> ClientSession {
        let session = ClientSession(id: nextSessionID, limits: configuration.limits,
                                    commitStreamBytes: configuration.commitStreamBytes, contentsTotal: contentsHeld,
                                    pid: pid, uid: uid, now: now)
        nextSessionID &+= 1
        if nextSessionID == 0 { nextSessionID = 1 }
        sessions.append(session)
        logger.info("session \(session.id) connected", metadata: ["pid": "\(pid.map { "\($0)" } ?? "?")", "uid": "\(uid.map { "\($0)" } ?? "?")"])
        return session
    }

    /// `descriptors` came with the bytes; the session owns (and closes) them.
    ///
    /// `flushedByCaller`: the caller acts on this session's `outbound` and `closeRequest`
    /// itself after the call (the daemon's read path: `Server.flushTransport(reader:)`), so
    /// the session is not put on the dirty list for it (a list append and removal, and a
    /// retain and release, per read). Other sessions the call touched are, as always.
    package func receive(_ bytes: UnsafeRawBufferPointer, descriptors: [Int32] = [], from session: ClientSession,
                         now: Double, flushedByCaller: Bool = false) {
        perform(session.receive(bytes, descriptors: descriptors, now: now, inbound: &inbound, slice: sliceBudget),
                for: session, now: now)
        if !flushedByCaller { markDirty(session) }
    }

    /// The transport saw the connection end or fail.
    package func connectionEnded(_ session: ClientSession, reason: String) {
        perform(session.connectionEnded(reason), for: session, now: nil)
    }

    /// Performs what a session asked for, in order, then lets it go on with the messages it
    /// has buffered (`ClientSession.resume`), until it asks nothing more. `now` (monotonic
    /// seconds) is the time of the call that produced the actions; nil when it came from
    /// no read (an end, a timeout, a frame): the session then has nothing left to go on with.
    func perform(_ actions: [ClientSession.Action], for session: ClientSession, now: Double?) {
        var actions = actions
        while !actions.isEmpty {
            for action in actions { perform(action, for: session) }
            guard let now else { return }
            actions = session.resume(now: now, inbound: &inbound, slice: sliceBudget)
        }
    }

    /// How many session actions the core has performed (`ClientSession.Action`), counting up.
    /// A session changes what a frame must show only through actions (an applied commit, a
    /// control request, its end): when this has not moved over a read, the read changed
    /// nothing `needsFrame` reads (it held pings, or part of a frame).
    package private(set) var performedActionCount: UInt64 = 0

    private func perform(_ action: ClientSession.Action, for session: ClientSession) {
        performedActionCount &+= 1
        switch action {
        case let .welcome(version):
            session.send(.welcome(welcome(for: session, version: version)))
            logger.info("session \(session.id) established",
                        metadata: ["client": "\(session.description)", "version": "\(version)"])
        case let .apply(job):
            guard session.isOpen else { return }
            apply(job, to: session)
            if job.isApplied { acknowledge(job.commit, to: session, events: job.events) }
        case .jobStarted:
            jobStarted(session)
        case let .control(message):
            handleControl(message, from: session)
        case let .clientError(e):
            logger.warning("client reported an error", metadata: [
                "session": "\(session.id)", "code": "\(e.code)", "message": "\(LogText.escape(e.message, cap: 200))"])
        case let .release(box):
            releaser?(box)
        case let .ended(reason, inboundBytes, remains):
            inbound.release(inboundBytes)
            releaser?(remains)
            sessionDidEnd(session, reason: reason)
        }
    }

    func welcome(for session: ClientSession, version: UInt16) -> Welcome {
        Welcome(version: version, sessionID: session.id, displayWidth: UInt32(displayWidth),
                displayHeight: UInt32(displayHeight), refreshRate: refreshRate,
                mediaTime: currentMediaTime, manualClock: configuration.clock.isManual, limits: configuration.limits)
    }

    /// Called once by a session as it ends: forgets it and logs why.
    func sessionDidEnd(_ session: ClientSession, reason: String) {
        sessions.removeAll { $0 === session }
        busySessions.removeAll { $0 === session }
        controlWork.cancel(session: session.id)
        input.forget(session: session.id)
        awaitingFrameCount -= session.awaitingFrame.count
        session.awaitingFrame.removeAll()
        changedSinceLastFrame = true
        markDirty(session)
        logger.info("session \(session.id) ended", metadata: ["client": "\(session.description)", "reason": "\(reason)"])
    }

    func markDirty(_ session: ClientSession) {
        guard !session.isMarkedDirty else { return }
        session.isMarkedDirty = true
        dirty.append(session)
    }

    /// Calls `body` with each session whose `outbound` or `closeRequest` the transport must
    /// act on, once each, then forgets them (no reference is kept after the call). A session
    /// `body` marks dirty again is visited by the next call. Nothing to do costs one check.
    package func visitDirtySessions(_ body: (ClientSession) -> Void) {
        guard !dirty.isEmpty else { return }
        swap(&dirty, &handedOut)
        for s in handedOut { s.isMarkedDirty = false }
        for s in handedOut { body(s) }
        // Emptied element by element, keeping its storage (usually one session):
        // `removeAll(keepingCapacity:)` took 170 instructions a turn through `replaceSubrange`.
        while handedOut.popLast() != nil {}
    }

    /// Checks every session's handshake and partial-frame timeouts (monotonic seconds).
    package func tick(now: Double) {
        for s in sessions { perform(s.checkTimeouts(now: now), for: s, now: nil); if !s.isOpen { markDirty(s) } }
    }

    /// Whether any session has a timeout running (`ClientSession.hasRunningTimeout`): while
    /// none has, `tick` has nothing to check.
    package var hasRunningTimeouts: Bool { sessions.contains { $0.hasRunningTimeout } }

    /// Says goodbye to every session.
    func shutDown(reason: String) {
        for s in sessions { perform(s.sayGoodbye(reason), for: s, now: nil); markDirty(s) }
    }

    /// Frees a large value off the loop thread (the daemon sets it: freeing 100,000 nodes'
    /// small arrays costs tens of milliseconds of `free`); nil frees it here.
    package var releaser: ((ReleaseBox) -> Void)?

    /// Lets go of `value` without paying for its teardown on the loop thread.
    func releaseLater<T>(_ value: T) {
        let box = ReleaseBox(value)
        if let releaser { releaser(box) }
    }

    /// Queues a control job of `session` that holds `bytes` until it runs (`ControlWork`):
    /// refused with a non-fatal error when over a limit (the caller has copied nothing yet
    /// when it asks with `admitControl` first), else run on the control worker in turn and
    /// its reply sent to the session, if still open.
    func admitControl(bytes: Int, what: String, from session: ClientSession) -> Bool {
        do throws(ControlWork.Refusal) {
            try controlWork.admit(session: session.id, bytes: bytes, what: what)
            return true
        } catch {
            session.send(.error(ErrorMessage(code: .limitExceeded, message: error.message, fatal: false)))
            markDirty(session)
            return false
        }
    }

    /// Queues an admitted job (see `admitControl`) and starts the worker if it is idle.
    func submitControl(_ run: @escaping @Sendable () -> Message, bytes: Int, from session: ClientSession) {
        controlWork.enqueue(ControlWork.Job(session: session.id, bytes: bytes, run: run))
        runControlWork()
    }

    /// Hands the next job to the worker when it is idle. Without an offloader (the embedded
    /// driver) jobs run here, in line, one after another.
    private func runControlWork() {
        while let job = controlWork.next() {
            guard let offloader else {
                let reply = job.run()
                controlWork.finish()
                deliver(reply, to: job.session)
                continue
            }
            let session = job.session
            // Unowned, not weak (a weakly referenced object's retains take the slow path):
            // the reply is delivered on the loop thread, while the core runs it, or never.
            offloader(job.run, LoopBound { [unowned self] reply in
                self.controlWork.finish()
                self.deliver(reply, to: session)
                self.runControlWork()
            })
            return
        }
    }

    /// Sends a finished control reply to a session, if it is still open.
    func deliver(_ message: Message, to sessionID: UInt32) {
        guard let s = sessions.first(where: { $0.id == sessionID }), s.isOpen else { return }
        s.send(message)
        markDirty(s)
    }

    /// A control report as one line of JSON (sorted keys, numbers round-trip exact).
    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self)
    }

    // MARK: Commits

    /// Applies the next slice of a validated commit (all of it, or a slice of a large one)
    /// to its session's store (`CommitJob.applySlice`, one `sliceBudget`), at the current
    /// media time; the animations they stop are added to the job's `events`.
    func apply(_ job: ClientSession.CommitJob, to session: ClientSession) {
        let time = currentMediaTime
        let t0 = monotonicNanoseconds()
        job.applySlice(to: session.store, mediaTime: time, budget: sliceBudget)
        changedSinceLastFrame = true
        let spent = monotonicNanoseconds() - t0
        stats.record(.apply, nanoseconds: spent)
        frameLog.commitApplied(nanoseconds: spent)
    }

    /// Acknowledges an applied commit: the animations it stopped first, then
    /// `commitApplied` naming the frame that will first show it.
    func acknowledge(_ commit: Commit, to session: ClientSession, events: [Message]) {
        for e in events { session.send(e) }
        session.send(.commitApplied(CommitApplied(sequence: commit.sequence, frame: frameNumber + 1,
                                                  mediaTime: currentMediaTime)))
        if commit.requestsPresentation {
            session.awaitingFrame.append(commit.sequence)
            awaitingFrameCount += 1
        }
        markDirty(session)
    }

    // MARK: Presentation feedback

    /// Commits waiting for a frame to show them, over all sessions (a frame is due while
    /// any is: `needsFrame`).
    private(set) var awaitingFrameCount = 0
    /// Commits a frame has shown whose pixels the compositor has not reported ready yet
    /// (`FrameCompletion.drawnLater`), oldest first.
    private var awaitingPixels: [(session: UInt32, sequence: UInt64, frame: UInt64)] = []

    /// After frame `frame` (target time `target`) was handed to the output: every commit
    /// waiting in a session the frame showed (not frozen by a large commit) was shown by it.
    /// With an output that draws nothing, or draws before `present` returns, the feedback
    /// goes out now; else when the compositor reports the pixels (`frameReady`).
    private func resolvePresentation(frame: UInt64, target: Double, shown: [ClientSession]) {
        guard awaitingFrameCount > 0 else { return }
        let completion = output.completion
        var readyTime: Double?
        switch completion {
        case .whenPresented: readyTime = nil
        case .drawnWhenPresented: readyTime = manualClock != nil ? target : Double(monotonicNanoseconds()) / 1e9
        case .drawnLater: break
        }
        for s in shown where !s.awaitingFrame.isEmpty && s.isEstablished && !s.isFrozen {
            // Only the commits the output showed: a large tree built over several frames, or
            // an update spread over them, shows a commit later than it was applied.
            let upTo = output.presentedVersion(of: s.id) ?? .max
            var kept = 0
            for sequence in s.awaitingFrame {
                guard sequence <= upTo else { s.awaitingFrame[kept] = sequence; kept += 1; continue }
                awaitingFrameCount -= 1
                if completion == .drawnLater {
                    awaitingPixels.append((s.id, sequence, frame))
                } else {
                    s.send(.commitPresented(CommitPresented(sequence: sequence, frame: frame, mediaTime: target,
                                                            readyTime: readyTime)))
                }
            }
            s.awaitingFrame.removeLast(s.awaitingFrame.count - kept)
            markDirty(s)
        }
    }

    /// The compositor finished drawing `ready.frame` (on the loop thread): commits shown by
    /// it or by an earlier frame it skipped are presented, with this frame's number, target
    /// and ready times.
    package func frameReady(_ ready: FrameReady) {
        guard !awaitingPixels.isEmpty else { return }
        var kept = 0
        for entry in awaitingPixels {
            guard entry.frame <= ready.frame else { awaitingPixels[kept] = entry; kept += 1; continue }
            guard let s = sessions.first(where: { $0.id == entry.session }), s.isOpen else { continue }
            s.send(.commitPresented(CommitPresented(sequence: entry.sequence, frame: ready.frame,
                                                    mediaTime: ready.mediaTime,
                                                    readyTime: Double(ready.readyNanoseconds) / 1e9)))
            markDirty(s)
        }
        awaitingPixels.removeLast(awaitingPixels.count - kept)
    }

    // MARK: Large commits

    /// Sessions with a large commit in progress, in the order they started.
    private(set) var busySessions: [ClientSession] = []

    /// Whether large commits are in progress (the host calls `stepJobs` once per loop turn).
    package var hasJobs: Bool { !busySessions.isEmpty }

    func jobStarted(_ session: ClientSession) {
        if !busySessions.contains(where: { $0 === session }) { busySessions.append(session) }
    }

    /// One slice of each large commit in progress (monotonic `now` for the messages that
    /// waited behind one).
    package func stepJobs(now: Double) {
        for s in busySessions {
            // A finished job may be followed at once by the next large commit the client
            // sent (the session stays busy then).
            let validating = s.job.map { !$0.isApplying } ?? false
            let t0 = monotonicNanoseconds()
            let actions = s.stepJob(now: now, inbound: &inbound, slice: sliceBudget)
            if validating { stats.record(.validate, nanoseconds: monotonicNanoseconds() - t0) }
            perform(actions, for: s, now: now)
            markDirty(s)
        }
        busySessions.removeAll { $0.job == nil }
    }

    // MARK: Frames

    /// Whether a frame has work: something animates or changed since the last one, or the
    /// output has work left (`FrameOutput.hasPendingWork`: a skipped frame, a list built in slices).
    var needsFrame: Bool {
        changedSinceLastFrame || awaitingFrameCount > 0 || output.hasPendingWork || input.hasScheduledInput
            || sessions.contains { $0.store.animationCount > 0 || !$0.store.movingTrackers.isEmpty }
    }

    /// Produces one frame for target present time `target` (media time, seconds). A frame
    /// with nothing animated and nothing changed only advances the frame count.
    func produceFrame(target: Double, wakeNanoseconds: Int64, missed: UInt64) {
        frameNumber += 1
        stats.frameStarted(wakeNanoseconds: wakeNanoseconds, missed: missed)
        lastFrameTime = target
        for s in sessions { perform(s.checkBackPressure(), for: s, now: nil); if !s.isOpen { markDirty(s) } }
        // Input first: injected events due by this frame, motion held for slow readers.
        playInjectedInput(upTo: target)
        flushHeldMotion()
        advanceTrackers(to: target)
        var entry = FrameLog.Entry(frame: frameNumber, targetNanoseconds: Int64((target * 1e9).rounded()),
                                   wakeNanoseconds: wakeNanoseconds, missed: UInt32(clamping: missed))
        guard needsFrame else {
            stats.idleFrames += 1
            entry.idle = true
            frameLog.record(entry)
            return
        }
        changedSinceLastFrame = false
        let current = sessions
        let t0 = monotonicNanoseconds()
        var animated = 0
        for s in current where !s.isFrozen {
            // The events are encoded straight into the session's outbound bytes, in order.
            let (evaluated, wrote) = s.appendingToOutbound { outbound in
                let before = outbound.count
                return (engine.evaluate(s.store, at: target, events: &outbound), outbound.count != before)
            }
            animated += evaluated
            if wrote { markDirty(s) }
            // What the frame retired is freed off the loop thread.
            if s.store.hasRetired { releaseLater(s.store.takeRetired()) }
        }
        let t1 = monotonicNanoseconds()
        output.present(snapshot(target: target, of: current))
        let t2 = monotonicNanoseconds()
        stats.record(.evaluate, nanoseconds: t1 - t0)
        stats.record(.present, nanoseconds: t2 - t1)
        entry.evaluateNanoseconds = t1 - t0
        entry.presentNanoseconds = t2 - t1
        entry.animatedLayers = UInt32(clamping: animated)
        frameLog.record(entry)
        resolvePresentation(frame: frameNumber, target: target, shown: current)
    }

    func monotonicNanoseconds() -> Int64 { csys_monotonic_ns() }

    /// The frame the output is handed: every established session's tree, as presented now.
    func snapshot(target: Double, of current: [ClientSession]? = nil) -> FrameSnapshot {
        FrameSnapshot(frame: frameNumber, mediaTime: target, width: displayWidth, height: displayHeight,
                      trees: (current ?? sessions).filter(\.isEstablished).map {
                          PresentedTree(sessionID: $0.id, store: $0.store, version: $0.appliedSequence, isFrozen: $0.isFrozen)
                      })
    }

    /// Advances the manual clock by `seconds`, producing every frame it passes. Returns
    /// nil when the clock is real.
    package func stepManualClock(by seconds: Double) -> Int? {
        guard var clock = manualClock else { return nil }
        let times = clock.step(by: seconds)
        manualClock = clock
        for t in times { produceFrame(target: t, wakeNanoseconds: Int64((t * 1e9).rounded()), missed: 0) }
        return times.count
    }
}
