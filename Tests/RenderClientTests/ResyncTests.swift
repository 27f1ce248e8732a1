import Dispatch
import RenderCore
import RenderProtocol
import Testing
@testable import RenderClient

/// A context whose daemon restarts: the replay (what is sent, in what order), commits made
/// while disconnected, completion of animations in flight, the queue bound. Socket-free:
/// the harness records commits and the test feeds the reconnection steps a `Connection`
/// would deliver.
@Suite struct ResyncTests {
    static let lost = ConnectionError.closed(path: "/tmp/resync-tests/socket")
    static func welcome(session: UInt32 = 8, limits: Limits = .default) -> Welcome {
        Welcome(version: 2, sessionID: session, displayWidth: 640, displayHeight: 480, refreshRate: 60,
                mediaTime: 1000, manualClock: false, limits: limits)
    }

    /// Collects the context's reconnection events and applied sequences (on its queue).
    final class Events {
        var steps: [ReconnectEvent] = []
        var applied: [UInt64] = []
        var errors: [ConnectionError] = []
        var resynced: [ResyncReport] {
            steps.compactMap { if case let .resynced(r) = $0 { return r }; return nil }
        }
    }

    func observe(_ h: Harness) -> Events {
        let e = Events()
        h.run {
            h.context.onReconnect = { e.steps.append($0) }
            h.context.onCommitApplied = { e.applied.append($0.sequence) }
            h.context.onError = { e.errors.append($0) }
        }
        return e
    }

    func restart(_ h: Harness, session: UInt32 = 8, limits: Limits = .default) {
        h.run { h.context.deliver(reconnect: .disconnected(Self.lost)) }
        h.settle()
        h.run { h.context.deliver(reconnect: .reconnected(Self.welcome(session: session, limits: limits))) }
        h.settle()
    }

    @Test func backoffDoublesFromTenMillisecondsToOneSecond() {
        let p = ReconnectPolicy.standard
        let delays = (1...9).map { p.delay(beforeAttempt: $0) }
        #expect(delays == [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1, 1])
        #expect(p.retries(after: .closed(path: "x")))
        #expect(!p.retries(after: .goodbye(reason: "daemon shutting down")))
        #expect(ReconnectPolicy(afterGoodbye: true).retries(after: .goodbye(reason: "daemon shutting down")))
        #expect(!p.retries(after: .server(ErrorMessage(code: .limitExceeded, message: "m", fatal: true))))
        #expect(!p.retries(after: .closedByClient))
    }

    @Test func replayRecreatesTheWholeModelInOrder() throws {
        let h = Harness()
        let events = observe(h)
        let held = RecordingDelegate(), done = RecordingDelegate(), running = RecordingDelegate()
        let (root, child, grandchild, loose) = h.committed { () -> (Layer, Layer, ShapeLayer, Layer) in
            let root = Layer(), child = Layer(), grandchild = ShapeLayer(), loose = Layer()
            root.bounds = Rect(x: 0, y: 0, width: 640, height: 480)
            root.addSublayer(child)
            child.addSublayer(grandchild)
            h.context.rootLayer = root
            child.position = Point(x: 10, y: 20)
            child.speed = 0.5
            grandchild.strokeEnd = 0.25
            loose.opacity = 0.5
            return (root, child, grandchild, loose)
        }
        // Three animations: one held at its end, one finished and removed, one running.
        h.run {
            var hold = Animation.basic("opacity", from: .number(0), to: .number(0.8), duration: 1)
            hold.timing.fillMode = .forwards
            hold.isRemovedOnCompletion = false
            root.add(hold, forKey: "hold", delegate: held)
            child.add(.basic("opacity", from: .number(0), to: .number(1), duration: 1), forKey: "done", delegate: done)
            var move = Animation.basic("position.x", from: .number(0), to: .number(100), duration: 30)
            move.timing.beginTime = 1000.5
            grandchild.add(move, forKey: "move", delegate: running)
        }
        h.settle()
        let added = try #require(h.lastCommit?.addedAnimations)
        #expect(added.count == 3)
        h.now = 1001.5
        for a in added where a.key != "move" {
            h.deliver(.animationStopped(AnimationStopped(animationID: a.id, layer: a.layer, finished: true, mediaTime: 1001)))
        }
        #expect(held.stops == [true] && done.stops == [true] && running.stops.isEmpty)
        let before = h.commits.count
        let lastBefore = try #require(h.lastCommit).sequence

        restart(h)
        let replay = try #require(h.lastCommit)
        #expect(h.commits.count == before + 1, "the replay is one commit")
        #expect(replay.sequence == lastBefore + 1)
        let ids = [root.id, child.id, grandchild.id, loose.id]
        var expected: [Command] = [.createLayer(ids[0], .layer), .createLayer(ids[1], .layer),
                                   .createLayer(ids[2], .shape), .createLayer(ids[3], .layer),
                                   .setTiming(ids[1], LayerTiming(beginTime: 0, speed: 0.5, timeOffset: 0)),
                                   .setProperty(ids[0], "bounds", .rect(Rect(x: 0, y: 0, width: 640, height: 480))),
                                   .setProperty(ids[1], "position", .point(Point(x: 10, y: 20))),
                                   .setProperty(ids[2], "strokeEnd", .number(0.25)),
                                   .setProperty(ids[3], "opacity", .number(0.5)),
                                   .insertSublayer(parent: ids[0], child: ids[1], index: 0),
                                   .insertSublayer(parent: ids[1], child: ids[2], index: 0),
                                   .setRoot(ids[0])]
        for a in added where a.key != "done" {
            expected.append(.addAnimation(a.layer, key: a.key, animationID: a.id, animation: a.animation))
        }
        #expect(replay.commands == expected)
        let move = try #require(replay.addedAnimations.first { $0.key == "move" })
        #expect(move.animation.timing.beginTime == 1000.5, "the original absolute begin time")
        #expect(events.resynced.isEmpty, "resynced waits for the daemon's acknowledgement")
        h.deliver(.commitApplied(CommitApplied(sequence: replay.sequence, frame: 1, mediaTime: 1001.6)))
        #expect(events.resynced == [ResyncReport(sessionID: 8, layers: 4, animations: 2, completedWhileAway: 0,
                                                 queuedCommits: 0, replayCommits: 1,
                                                 replaySequences: replay.sequence...replay.sequence)])
        #expect(events.steps.count == 3)
        #expect(events.steps.first == .disconnected(Self.lost))
    }

    @Test func animationsInFlightCompleteAfterTheResyncWithTheirCompletionBlocks() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        let d = RecordingDelegate()
        var completions = 0
        h.run {
            Transaction.completionBlock = { completions += 1 }
            l.add(.basic("opacity", from: .number(0), to: .number(1), duration: 10), forKey: "fade", delegate: d)
        }
        h.settle()
        let a = try #require(h.lastCommit?.addedAnimations.first)
        h.deliver(.animationStarted(AnimationStarted(animationID: a.id, layer: l.id, mediaTime: 1000)))
        restart(h)
        #expect(d.stops.isEmpty && completions == 0, "a restart is not the end of the animation")
        let replayed = try #require(h.lastCommit?.addedAnimations.first)
        #expect(replayed.id == a.id && replayed.animation == a.animation)
        // The new daemon reports the start again and the end: one start, one finished stop.
        h.deliver(.animationStarted(AnimationStarted(animationID: a.id, layer: l.id, mediaTime: 1005)))
        h.deliver(.animationStopped(AnimationStopped(animationID: a.id, layer: l.id, finished: true, mediaTime: 1010)))
        h.settle()
        #expect(d.starts == 1 && d.stops == [true] && completions == 1)
    }

    @Test func anAnimationThatEndedWhileAwayIsNotReplayedAndFinishes() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        let d = RecordingDelegate()
        var completions = 0
        h.run {
            Transaction.completionBlock = { completions += 1 }
            l.add(.basic("opacity", from: .number(0), to: .number(1), duration: 1), forKey: "fade", delegate: d)
        }
        h.settle()
        h.now = 1002 // past its end; the old daemon died before reporting it
        restart(h)
        let replay = try #require(h.lastCommit)
        #expect(replay.addedAnimations.isEmpty)
        #expect(d.stops.isEmpty, "reported once the new daemon has the model")
        h.deliver(.commitApplied(CommitApplied(sequence: replay.sequence, frame: 1, mediaTime: 1002)))
        h.settle()
        #expect(d.starts == 1 && d.stops == [true] && completions == 1)
        h.run { #expect(l.animationKeys().isEmpty) }
    }

    @Test func commitsMadeWhileDisconnectedAreQueuedAndSentInOrderAfterTheReplay() throws {
        let h = Harness()
        let events = observe(h)
        let root = h.committed { () -> Layer in
            let r = Layer()
            h.context.rootLayer = r
            return r
        }
        let sentBefore = h.commits.count
        h.run { h.context.deliver(reconnect: .disconnected(Self.lost)) }
        var completions: [Int] = []
        let d = RecordingDelegate()
        h.now = 1001
        h.run { Transaction.perform(disableActions: true) { root.opacity = 0.5 } }
        h.settle()
        h.now = 1002
        let badge = h.run { () -> Layer in
            let b = Layer()
            root.addSublayer(b)
            return b
        }
        h.settle()
        h.now = 1003
        h.run {
            Transaction.completionBlock = { completions.append(3) }
            badge.add(.basic("position.y", from: .number(0), to: .number(50), duration: 5), forKey: "drop", delegate: d)
        }
        h.settle()
        #expect(h.commits.count == sentBefore, "nothing is sent while disconnected")
        h.run { #expect(h.context.queuedCommitCount == 3 && h.context.isResyncing) }

        h.now = 1004
        h.run { h.context.deliver(reconnect: .reconnected(Self.welcome())) }
        h.settle()
        let sent = Array(h.commits(since: sentBefore))
        #expect(sent.count == 4, "the replay, then the three queued commits")
        let replay = sent[0]
        #expect(replay.commands.contains(.setProperty(root.id, "opacity", .number(0.5))))
        #expect(replay.commands.contains(.createLayer(badge.id, .layer)))
        #expect(replay.commands.contains(.insertSublayer(parent: root.id, child: badge.id, index: 0)))
        let drop = try #require(replay.addedAnimations.first)
        #expect(drop.animation.timing.beginTime == 1003, "resolved at its own commit time, not at the replay")
        let queued = sent[1...]
        #expect(queued.allSatisfy { $0.commands.isEmpty && $0.sequence > replay.sequence })
        #expect(queued.map(\.mediaTime) == [1001, 1002, 1003])
        #expect(zip(queued.dropLast(), queued.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
        h.run { #expect(h.context.lastSentSequence == queued.last!.sequence) }

        for c in sent { h.deliver(.commitApplied(CommitApplied(sequence: c.sequence, frame: 1, mediaTime: 1004))) }
        #expect(events.applied.suffix(4) == sent.map(\.sequence))
        #expect(events.resynced.first?.queuedCommits == 3)
        h.deliver(.animationStopped(AnimationStopped(animationID: drop.id, layer: badge.id, finished: true, mediaTime: 1008)))
        h.settle()
        #expect(d.stops == [true] && completions == [3])
    }

    @Test func aRemovalMadeWhileDisconnectedStopsItsAnimationWhenItsCommitIsApplied() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        let d = RecordingDelegate()
        h.run { l.add(.basic("opacity", from: .number(0), duration: 10), forKey: "k", delegate: d) }
        h.settle()
        h.run { h.context.deliver(reconnect: .disconnected(Self.lost)) }
        h.run { l.removeAnimation(forKey: "k") }
        h.settle()
        #expect(d.stops.isEmpty)
        h.run { h.context.deliver(reconnect: .reconnected(Self.welcome())) }
        h.settle()
        let sent = h.commits.suffix(2)
        #expect(sent.first?.addedAnimations.isEmpty == true, "the removed animation is not replayed")
        h.deliver(.commitApplied(CommitApplied(sequence: sent.last!.sequence, frame: 1, mediaTime: 1000)))
        #expect(d.stops == [false])
    }

    @Test func theQueueBoundRefusesACommitClearly() throws {
        let h = Harness()
        let events = observe(h)
        let l = h.committed { Layer() }
        h.run {
            h.context.maxQueuedCommits = 2
            h.context.deliver(reconnect: .disconnected(Self.lost))
        }
        for x in [1.0, 2.0] {
            h.run { Transaction.perform(disableActions: true) { l.position = Point(x: x, y: 0) } }
            h.settle()
        }
        let d = RecordingDelegate()
        h.run { l.add(.basic("opacity", from: .number(0), duration: 1), forKey: "late", delegate: d) }
        h.settle()
        let error = try #require(events.errors.first)
        guard case let .resyncQueueFull(sequence, limit) = error else {
            Issue.record("expected resyncQueueFull, got \(error)")
            return
        }
        #expect(limit == 2 && sequence > 0)
        #expect(error.description.contains("maxQueuedCommits") && error.description.contains("animations were stopped"))
        #expect(d.stops == [false])
        h.run {
            #expect(h.context.queuedCommitCount == 2)
            #expect(l.animationKeys().isEmpty)
        }
        // The queued commits' changes are replayed.
        restart(h)
        let replay = try #require(h.commits.suffix(3).first)
        #expect(replay.commands.contains(.setProperty(l.id, "position", .point(Point(x: 2, y: 0)))))
    }

    @Test func anOpenTransactionDoesNotHoldTheReplayBack() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        let sentBefore = h.commits.count
        h.run { h.context.deliver(reconnect: .disconnected(Self.lost)) }
        h.run {
            Transaction.perform(disableActions: true) { l.opacity = 0.25 }
            Transaction.begin()
            Transaction.disableActions = true
            l.cornerRadius = 4
            h.context.deliver(reconnect: .reconnected(Self.welcome()))
            #expect(h.commits.count == sentBefore + 2, "what was committed goes at once: the replay, then the marker")
            Transaction.commit()
        }
        h.settle()
        let sent = Array(h.commits(since: sentBefore))
        #expect(sent.count == 3)
        #expect(sent[0].commands == [.createLayer(l.id, .layer), .setProperty(l.id, "opacity", .number(0.25))])
        #expect(sent[1].commands.isEmpty, "the commit made while down, as a marker")
        #expect(sent[2].commands == [.setProperty(l.id, "cornerRadius", .number(4))], "the open transaction's commit follows")
        #expect(sent[0].sequence < sent[1].sequence && sent[1].sequence < sent[2].sequence)
    }

    @Test func aLayerReleasedElsewhereBeforeTheReplayIsReplayedThenDestroyed() throws {
        let h = Harness()
        var doomed: Layer? = h.committed { Layer() }
        let keep = h.committed { Layer() }
        let doomedID = doomed!.id
        h.run { h.context.deliver(reconnect: .disconnected(Self.lost)) }
        let before = h.commits.count
        // Released off the queue: its destruction is recorded on a later turn, after the replay.
        h.queue.suspend()
        let context = h.context
        h.queue.async { context.deliver(reconnect: .reconnected(Self.welcome())) }
        doomed = nil
        h.queue.resume()
        h.settle()
        let sent = Array(h.commits(since: before))
        // The replay is what the lost daemon held; the release is a commit like any other.
        #expect(sent.first?.commands == [.createLayer(doomedID, .layer), .createLayer(keep.id, .layer)])
        #expect(sent.last?.commands == [.destroyLayer(doomedID)])
        h.run { #expect(!h.context.isResyncing) }
    }

    @Test func aReplayAboveTheDaemonsLimitsIsSplitIntoConsecutiveCommits() throws {
        let h = Harness()
        let layers = h.committed { () -> [Layer] in
            let root = Layer()
            h.context.rootLayer = root
            return [root] + (0..<9).map { i in
                let l = Layer()
                l.opacity = 0.5
                root.addSublayer(l)
                return l
            }
        }
        let before = h.commits.count
        var limits = Limits.default
        limits.maxCommandsPerCommit = 8
        restart(h, limits: limits)
        let parts = Array(h.commits(since: before))
        #expect(parts.count > 1 && parts.allSatisfy { $0.commands.count <= 8 })
        #expect(zip(parts.dropLast(), parts.dropFirst()).allSatisfy { $0.sequence + 1 == $1.sequence })
        let all = parts.flatMap(\.commands)
        #expect(all.count == 10 + 9 + 9 + 1, "creates, opacities, inserts, the root")
        #expect(all.last == .setRoot(layers[0].id))
    }

    @Test func givingUpStopsEverythingQueued() throws {
        let h = Harness()
        let events = observe(h)
        let l = h.committed { Layer() }
        h.run { h.context.deliver(reconnect: .disconnected(Self.lost)) }
        let d = RecordingDelegate()
        var completions = 0
        h.run {
            Transaction.completionBlock = { completions += 1 }
            l.add(.basic("opacity", from: .number(0), duration: 10), forKey: "k", delegate: d)
        }
        h.settle()
        let final = ConnectionError.reconnectFailed(path: "/tmp/resync-tests/socket", attempts: 3, seconds: 0.07,
                                                    lastError: .noDaemon(path: "/tmp/resync-tests/socket", detail: "no such socket"))
        h.run {
            h.context.deliver(reconnect: .gaveUp(final))
            h.context.connectionDidEnd(final)
        }
        h.settle()
        #expect(d.stops == [false] && completions == 1)
        #expect(events.steps.last == .gaveUp(final))
        #expect(final.description.contains("could not reconnect after 3 attempt(s)"))
        h.run { #expect(h.context.queuedCommitCount == 0 && h.context.isDisconnected) }
    }

    /// `connectionDidEnd`: an animation whose removal the daemon never acknowledged — sent
    /// before the loss, or made while down — tells its delegate `finished == false` once,
    /// and nothing after (a late stop or acknowledgement) tells it again.
    @Test func theEndStopsAnimationsWhoseRemovalWasNeverAcknowledgedOnce() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        let sentRemoval = RecordingDelegate(), downRemoval = RecordingDelegate(), replaced = RecordingDelegate()
        var completions = 0
        h.run {
            Transaction.completionBlock = { completions += 1 }
            l.add(.basic("opacity", from: .number(0), duration: 10), forKey: "a", delegate: sentRemoval)
            l.add(.basic("cornerRadius", from: .number(0), duration: 10), forKey: "b", delegate: downRemoval)
            l.add(.basic("borderWidth", from: .number(0), duration: 10), forKey: "c", delegate: replaced)
        }
        h.acknowledgeAll()
        let added = try #require(h.lastCommit?.addedAnimations)
        // Removed in a commit the daemon never acknowledges.
        h.run { l.removeAnimation(forKey: "a") }
        h.settle()
        h.run { h.context.deliver(reconnect: .disconnected(Self.lost)) }
        // Removed, and replaced, while down.
        h.run {
            l.removeAnimation(forKey: "b")
            l.add(.basic("borderWidth", from: .number(1), duration: 10), forKey: "c")
        }
        h.settle()
        #expect(sentRemoval.stops.isEmpty && downRemoval.stops.isEmpty && replaced.stops.isEmpty,
                "not before the daemon acknowledged the removal, or the session ended")
        let final = ConnectionError.reconnectFailed(path: "/tmp/resync-tests/socket", attempts: 1, seconds: 0,
                                                    lastError: .closed(path: "/tmp/resync-tests/socket"))
        h.run {
            h.context.deliver(reconnect: .gaveUp(final))
            h.context.connectionDidEnd(final)
        }
        h.settle()
        #expect(sentRemoval.stops == [false] && downRemoval.stops == [false] && replaced.stops == [false])
        #expect(completions == 1)
        // Late words from the lost daemon change nothing.
        for a in added {
            h.deliver(.animationStopped(AnimationStopped(animationID: a.id, layer: a.layer, finished: true, mediaTime: 1010)))
        }
        h.deliver(.commitApplied(CommitApplied(sequence: 1 << 20, frame: 1, mediaTime: 1010)))
        h.settle()
        #expect(sentRemoval.stops == [false] && downRemoval.stops == [false] && replaced.stops == [false])
        #expect(completions == 1)
        h.run { #expect(h.context.outstandingAnimationCount == 0) }
    }
}
