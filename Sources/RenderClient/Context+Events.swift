import Dispatch
import RenderCore
import RenderProtocol

extension Context {
    /// Feeds one server event to the context: what a `Connection` does for its events on
    /// the callback queue, and what tests do to simulate a server.
    ///
    /// - `commitApplied`: records it; animations removed by commits up to its sequence
    ///   whose stop the server did not report are stopped now (`finished == false`).
    /// - `animationStarted`: `animationDidStart` once per animation.
    /// - `animationsStarted`, `animationsFinished` (version 5): as the `animationStarted` and
    ///   `animationStopped` (finished) they stand for, in order.
    /// - `animationStopped`: `animationDidStop` once per animation; a finished animation that
    ///   is removed on completion leaves its layer; completion blocks whose animations have
    ///   all stopped run.
    /// - `springRetargeted`: the retargeted spring's mirror adopts the start the daemon
    ///   resolved (`adopt`).
    /// On a custom commit sink, the context's image of the session follows the stops and
    /// retargets too (a `Connection` does that on its I/O thread).
    /// - `commitPresented`: the presented handlers of the transactions that sent that
    ///   commit run (once all their commits were presented).
    /// - `error`: a non-fatal error rejected one commit whole — the animations it added are
    ///   stopped (`finished == false`) and `onError` is told. Fatal errors are reported by
    ///   `onError` too; `connectionDidEnd` follows.
    /// - `pointerEvent`, `keyEvent`: `onPointerEvent` / `onKeyEvent` with the layer named.
    /// - `trackerUpdate`: the tracked layer's model `bounds.origin` follows the daemon's
    ///   content offset (without a commit), then `onTrackerUpdate`.
    /// - `displayChanged`: `displaySize` and `refreshRate` take its values, then
    ///   `onDisplayChange` (told even when they were already current).
    /// Other messages are ignored.
    public func deliver(_ event: Message) {
        dispatchPrecondition(condition: .onQueue(queue))
        switch event {
        case let .commitApplied(a):
            lastApplied = a
            while removingHead < removing.count && removing[removingHead].sequence <= a.sequence {
                let r = removing[removingHead].record
                removingHead += 1
                finish(r, finished: false)
            }
            if removingHead == removing.count { removing.removeAll(keepingCapacity: true); removingHead = 0 }
            noteApplied(a.sequence)
            onCommitApplied?(a)
        case let .commitPresented(p):
            commitPresented(p)
        case let .springRetargeted(e):
            localMirror?.image.noteRetargeted(e)
            adopt(e)
        case let .animationStarted(s):
            guard let r = records[s.animationID], !r.didStart else { return }
            r.didStart = true
            r.delegate?.animationDidStart(r.animation)
        case let .animationStopped(s):
            localMirror?.image.noteStopped(s)
            guard let r = records[s.animationID] else { return }
            finish(r, finished: s.finished)
        case .animationsStarted, .animationsFinished:
            for e in event.events { deliver(e) }
        case let .pointerEvent(p):
            onPointerEvent?(p, layer(withID: p.layer))
        case let .keyEvent(k):
            onKeyEvent?(k, k.layer == 0 ? nil : layer(withID: k.layer))
        case let .trackerUpdate(u):
            if u.reason == .moved || u.state == .idle { localMirror?.image.noteTracker(u) }
            let l = layer(withID: u.layer)
            l?.trackerDidUpdate(u)
            onTrackerUpdate?(u, l)
        case let .displayChanged(d):
            displayChanged(d)
        case let .error(m):
            if !m.fatal && m.sequence != 0 {
                stopAnimations(ofCommit: m.sequence)
                presentationDiscarded(ofCommit: m.sequence)
            }
            onError?(.server(m))
        default:
            break
        }
    }

    /// Takes the display's new size and rate, then tells `onDisplayChange`.
    func displayChanged(_ d: DisplayChanged) {
        displaySize = Size(width: Double(d.width), height: Double(d.height))
        refreshRate = d.refreshRate
        onDisplayChange?(d)
    }

    /// The session ended (`Connection.onDisconnect`, or a test): every outstanding
    /// animation stops with `finished == false`, then `onDisconnect` is told.
    public func connectionDidEnd(_ error: ConnectionError) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !isDisconnected else { return }
        isDisconnected = true
        // Commits kept for a reconnection that will not come: their animations are
        // outstanding records, stopped below (with those whose removal was never acknowledged).
        resync = ResyncState()
        let outstanding = records.values.sorted { $0.id < $1.id }
        for r in outstanding { finish(r, finished: false) }
        removing.removeAll(); removingHead = 0
        discardAllPresentation()
        onDisconnect?(error)
    }

    /// Stops the animations a commit added that the server will never run (the commit
    /// was rejected or never sent).
    func stopAnimations(ofCommit sequence: UInt64) {
        let lost = records.values.filter { $0.sentInCommit == sequence }.sorted { $0.id < $1.id }
        for r in lost { finish(r, finished: false) }
    }

    /// Delivers an animation's one stop: leaves its layer if it should, tells the
    /// delegate, and runs the completion blocks it was the last member of.
    func finish(_ r: AnimationRecord, finished: Bool) {
        guard r.state != .stopped else { return }
        let wasAttached = r.state == .sent
        r.state = .stopped
        records[r.id] = nil
        if wasAttached, !finished || r.animation.isRemovedOnCompletion, let l = r.layer {
            l.animationEnded(r)
        } else if wasAttached && finished {
            r.heldOnServer = true
        }
        let d = r.delegate
        r.delegate = nil
        d?.animationDidStop(r.animation, finished: finished)
        let groups = r.groups
        r.groups = []
        for g in groups { if let block = g.memberStopped() { block() } }
    }

    /// The daemon applied a `retargetSpring` a little later than the commit that carried it
    /// was built, so the mirror `Layer.retargetSpring` computed then differs slightly from
    /// the spring the daemon runs. Here the record takes the daemon's start — value,
    /// per-component velocity and begin time — with the request's target and physics: the
    /// same `SpringRetargeting.spring` the daemon built, so `presentation()` evaluates what
    /// the daemon's frames show. An event for an animation no longer running is ignored.
    func adopt(_ e: SpringRetargeted) {
        guard let r = records[e.animationID], r.state == .sent, let request = r.retarget?.retarget,
              r.layerID == e.layer, e.from.kind == request.to.kind else { return }
        let physics = SpringAnimation(keyPath: request.keyPath, mass: request.mass, stiffness: request.stiffness,
                                      damping: request.damping)
        r.animation = SpringRetargeting.spring(physics: physics, keyPath: request.keyPath, from: e.from,
                                               velocity: e.velocity, to: request.to, beginTime: e.beginTime)
    }

    /// Sent animations not yet stopped (for tests and diagnostics).
    public var outstandingAnimationCount: Int { records.count }
}
