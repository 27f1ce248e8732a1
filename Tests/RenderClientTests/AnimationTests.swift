import Testing
@testable import RenderClient

@Suite struct AnimationTests {
    @Test func replacingACommittedAnimationMarksItReplacedAndStopsItOnce() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        let first = RecordingDelegate(), second = RecordingDelegate()
        h.run { l.add(.basic(.opacity, from: .number(0), to: .number(1), duration: 1), forKey: "fade", delegate: first) }
        h.settle()
        let a = try #require(h.lastCommit?.addedAnimations.first)
        h.deliver(.animationStarted(AnimationStarted(animationID: a.id, layer: l.id, mediaTime: 1000)))
        #expect(first.starts == 1)

        h.run { l.add(.basic(.opacity, from: .number(1), to: .number(0), duration: 1), forKey: "fade", delegate: second) }
        h.settle()
        let commit = try #require(h.lastCommit)
        #expect(commit.commands.count == 1, "the add replaces on the server; no separate removal")
        let b = try #require(commit.addedAnimations.first)
        #expect(b.key == "fade" && b.id != a.id)
        h.run {
            #expect(l.animationKeys() == ["fade"])
            #expect(h.context.records[a.id]?.state == .removing, "the client marks the old one replaced")
        }
        #expect(first.stops.isEmpty, "its stop is the server's to report")

        h.deliver(.animationStopped(AnimationStopped(animationID: a.id, layer: l.id, finished: false, mediaTime: 1000.1)))
        #expect(first.stops == [false])
        // The acknowledgement of the replacing commit finds nothing left to synthesize.
        h.deliver(.commitApplied(CommitApplied(sequence: commit.sequence, frame: 7, mediaTime: 1000.1)))
        #expect(first.stops == [false])
        #expect(second.stops.isEmpty)
    }

    @Test func removalTheServerDoesNotReportIsStoppedWhenItsCommitIsApplied() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        let d = RecordingDelegate()
        h.run { l.add(.basic(.opacity, from: .number(0), duration: 1), forKey: "k", delegate: d) }
        h.settle()
        let a = try #require(h.lastCommit?.addedAnimations.first)
        h.run { l.removeAnimation(forKey: "k") }
        h.settle()
        let removal = try #require(h.lastCommit)
        #expect(removal.commands == [.removeAnimation(l.id, key: "k")])
        #expect(d.stops.isEmpty)
        h.deliver(.commitApplied(CommitApplied(sequence: removal.sequence, frame: 3, mediaTime: 1000)))
        #expect(d.stops == [false])
        h.deliver(.animationStopped(AnimationStopped(animationID: a.id, layer: l.id, finished: false, mediaTime: 1000)))
        #expect(d.stops == [false], "a late stop is a duplicate")
    }

    @Test func animationAddedAndReplacedInOneTransactionIsNeverSent() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        let dropped = RecordingDelegate(), kept = RecordingDelegate()
        var completions = 0
        h.run {
            Transaction.completionBlock = { completions += 1 }
            l.add(.basic(.opacity, from: .number(0), duration: 1), forKey: "k", delegate: dropped)
            l.add(.basic(.opacity, from: .number(0.5), duration: 1), forKey: "k", delegate: kept)
            Transaction.flush()
            #expect(dropped.stops.isEmpty, "stopped on the turn after the commit")
        }
        h.settle()
        let added = try #require(h.lastCommit?.addedAnimations)
        #expect(added.count == 1)
        #expect(added.first?.animation.kind == .basic(BasicAnimation(keyPath: .opacity, from: .number(0.5))))
        #expect(dropped.stops == [false])
        #expect(dropped.starts == 0)
        #expect(completions == 0, "the kept animation is still running")
        h.deliver(.animationStopped(AnimationStopped(animationID: added[0].id, layer: l.id, finished: true, mediaTime: 1001)))
        #expect(kept.stops == [true])
        #expect(completions == 1)
    }

    @Test func removingAPendingAnimationSendsNothing() {
        let h = Harness()
        let l = h.committed { Layer() }
        let d = RecordingDelegate()
        h.run {
            l.add(.basic(.opacity, from: .number(0), duration: 1), forKey: "k", delegate: d)
            l.removeAnimation(forKey: "k")
        }
        h.settle()
        #expect(h.commits.count == 1, "nothing to send")
        #expect(d.stops == [false])
    }

    @Test func removeAllAnimationsStopsEveryOne() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        let d1 = RecordingDelegate(), d2 = RecordingDelegate()
        h.run {
            l.add(.basic(.opacity, from: .number(0), duration: 1), forKey: "a", delegate: d1)
            l.add(.basic("cornerRadius", from: .number(9), duration: 1), forKey: nil, delegate: d2)
            #expect(l.animationKeys() == ["a"], "private keys are not listed")
        }
        h.settle()
        h.run { l.removeAllAnimations() }
        h.settle()
        let c = try #require(h.lastCommit)
        #expect(c.commands == [.removeAllAnimations(l.id)])
        h.deliver(.commitApplied(CommitApplied(sequence: c.sequence, frame: 1, mediaTime: 1000)))
        #expect(d1.stops == [false] && d2.stops == [false])
    }

    @Test func finishedAnimationLeavesTheLayerUnlessKept() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        var kept = Animation.basic(.opacity, from: .number(0), duration: 1)
        kept.isRemovedOnCompletion = false
        kept.timing.fillMode = .forwards
        h.run {
            l.add(.basic(.position, from: .point(.zero), duration: 1), forKey: "move")
            l.add(kept, forKey: "fade")
        }
        h.settle()
        let added = try #require(h.lastCommit?.addedAnimations)
        for a in added {
            h.deliver(.animationStopped(AnimationStopped(animationID: a.id, layer: l.id, finished: true, mediaTime: 1001)))
        }
        h.run { #expect(l.animationKeys() == ["fade"]) }
    }

    @Test func rejectedCommitAndDisconnectStopOutstandingAnimations() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        let d1 = RecordingDelegate(), d2 = RecordingDelegate()
        var errors: [ConnectionError] = [], ended: [ConnectionError] = []
        h.run {
            h.context.onError = { errors.append($0) }
            h.context.onDisconnect = { ended.append($0) }
            l.add(.basic(.opacity, from: .number(0), duration: 1), forKey: "a", delegate: d1)
        }
        h.settle()
        let rejected = try #require(h.lastCommit)
        h.run { l.add(.basic("cornerRadius", from: .number(3), duration: 1), forKey: "b", delegate: d2) }
        h.settle()
        let err = ErrorMessage(code: .unknownLayer, message: "layer 99 of client \"t\": no such layer", fatal: false,
                               sequence: rejected.sequence)
        h.deliver(.error(err))
        #expect(d1.stops == [false])
        #expect(d2.stops.isEmpty)
        #expect(errors == [.server(err)])
        h.run { h.context.connectionDidEnd(.goodbye(reason: "daemon shutting down")) }
        #expect(d2.stops == [false])
        #expect(ended == [.goodbye(reason: "daemon shutting down")])
        h.run { #expect(h.context.outstandingAnimationCount == 0) }
    }

    @Test func startIsDeliveredOnce() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        let d = RecordingDelegate()
        h.run { l.add(.basic(.opacity, from: .number(0), duration: 1), forKey: "a", delegate: d) }
        h.settle()
        let a = try #require(h.lastCommit?.addedAnimations.first)
        let started = Message.animationStarted(AnimationStarted(animationID: a.id, layer: l.id, mediaTime: 1000))
        h.deliver(started)
        h.deliver(started)
        #expect(d.starts == 1)
    }

    @Test func basicAnimationWithoutEndpointsStartsFromThePreviousPresentationValue() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        h.run {
            Transaction.disableActions = true // the ComponentKit pattern: configure, then animate
            l.bounds = Rect(x: 0, y: 0, width: 100, height: 40)
            l.add(Animation(.basic(BasicAnimation(keyPath: "bounds.size.width")), timing: MediaTiming(duration: 1)),
                  forKey: "grow")
        }
        h.settle()
        let a = try #require(h.lastCommit?.addedAnimations.first)
        #expect(a.animation.kind == .basic(BasicAnimation(keyPath: "bounds.size.width", from: .number(0))))
    }

    @Test func animationIdsAndSequencesCountFromOne() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        #expect(l.id == 1)
        #expect(h.commits.first?.sequence == 1)
        h.run { l.add(.basic(.opacity, from: .number(0), duration: 1), forKey: "a") }
        h.settle()
        #expect(h.lastCommit?.sequence == 2)
        #expect(h.lastCommit?.addedAnimations.first?.id == 1)
    }
}

@Suite struct DisconnectedContextTests {
    @Test func afterTheSessionEndsCommitsAreNotSentAndNewAnimationsStop() {
        let h = Harness()
        let l = h.committed { Layer() }
        let d = RecordingDelegate()
        h.run { h.context.connectionDidEnd(.closed(path: "/tmp/x")) }
        h.run {
            l.opacity = 0.5
            l.add(.basic(.opacity, from: .number(0), duration: 1), forKey: "a", delegate: d)
        }
        h.settle()
        #expect(h.commits.count == 1)
        #expect(d.stops == [false])
        h.run { #expect(l.opacity == 0.5, "the model keeps the change") }
    }
}

/// Version 5's runs reach delegates as the events they stand for.
@Suite struct AnimationRunDeliveryTests {
    @Test func aRunStartsAndFinishesEachOfItsAnimations() throws {
        let h = Harness()
        let a = h.committed { Layer() }, b = h.committed { Layer() }
        let da = RecordingDelegate(), db = RecordingDelegate()
        h.run {
            a.add(.basic(.opacity, from: .number(0), to: .number(1), duration: 1), forKey: "fade", delegate: da)
            b.add(.basic(.opacity, from: .number(0), to: .number(1), duration: 1), forKey: "fade", delegate: db)
        }
        h.settle()
        let added = try #require(h.lastCommit?.addedAnimations)
        #expect(added.count == 2)
        let entries = zip(added, [a, b]).map { AnimationRun.Entry(animationID: $0.id, layer: $1.id) }
        h.deliver(.animationsStarted(AnimationRun(mediaTime: 1000, animations: entries)))
        #expect(da.starts == 1 && db.starts == 1)
        h.deliver(.animationsFinished(AnimationRun(mediaTime: 1001, animations: entries)))
        #expect(da.stops == [true] && db.stops == [true])
    }
}
