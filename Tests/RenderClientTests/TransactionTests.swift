import Dispatch
import Testing
@testable import RenderClient

@Suite struct TransactionTests {
    @Test func changesWithinOneTurnProduceExactlyOneCommit() {
        let h = Harness()
        let (a, b) = h.run { () -> (Layer, Layer) in
            let layers = (Layer(), Layer())
            #expect(h.commits.isEmpty, "the implicit transaction commits at the end of the work item, not before")
            return layers
        }
        h.settle()
        #expect(h.commits.count == 1)
        #expect(h.commits[0].sequence == 1)
        #expect(h.commits[0].commands.prefix(2) == [.createLayer(a.id, .layer), .createLayer(b.id, .layer)])

        h.run {
            Transaction.disableActions = true
            a.opacity = 0.5
            b.position = Point(x: 10, y: 20)
            a.addSublayer(b)
            h.context.rootLayer = a
        }
        h.settle()
        #expect(h.commits.count == 2)
        let c = h.commits[1]
        #expect(c.sequence == 2)
        #expect(c.mediaTime == 1000)
        #expect(c.commands == [
            .insertSublayer(parent: a.id, child: b.id, index: 0),
            .setRoot(a.id),
            .setProperty(a.id, .opacity, .number(0.5)),
            .setProperty(b.id, .position, .point(Point(x: 10, y: 20))),
        ])
        h.settle()
        #expect(h.commits.count == 2, "a turn with no changes sends nothing")
    }

    @Test func nestedExplicitTransactionsSendOnlyAtTheOutermostCommit() {
        let h = Harness()
        let l = h.committed { Layer() }
        h.run {
            Transaction.begin()
            Transaction.disableActions = true
            l.opacity = 0.1
            Transaction.begin()
            l.cornerRadius = 4
            Transaction.commit()
            #expect(h.commits.count == 1, "an inner commit sends nothing")
            #expect(Transaction.depth == 1)
            Transaction.commit()
            #expect(h.commits.count == 2, "the outermost commit sends at once")
            #expect(Transaction.depth == 0)
        }
        h.settle()
        #expect(h.commits.count == 2)
        #expect(h.commits[1].setProperties.map(\.keyPath) == [.opacity, LayerKeyPath(.cornerRadius)])
    }

    @Test func explicitTransactionInsideAnImplicitOneWaitsForTheEndOfTheTurn() {
        let h = Harness()
        let l = h.committed { Layer() }
        h.run {
            Transaction.disableActions = true // opens the implicit transaction
            l.opacity = 0.2
            Transaction.begin()
            l.borderWidth = 2
            Transaction.commit()
            #expect(h.commits.count == 1, "the implicit transaction below is the outermost")
        }
        h.settle()
        #expect(h.commits.count == 2)
        #expect(h.commits[1].setProperties.count == 2)
    }

    @Test func flushCommitsTheImplicitTransactionNow() {
        let h = Harness()
        h.run {
            _ = Layer()
            Transaction.flush()
            #expect(h.commits.count == 1)
            _ = Layer() // a new implicit transaction, committed at the end of the turn
        }
        h.settle()
        #expect(h.commits.count == 2)
    }

    @Test func settingsAreInheritedByNestedTransactions() {
        let h = Harness()
        h.run {
            Transaction.begin()
            Transaction.animationDuration = 2
            Transaction.disableActions = true
            Transaction.begin()
            #expect(Transaction.animationDuration == 2)
            #expect(Transaction.disableActions)
            Transaction.disableActions = false
            #expect(!Transaction.disableActions)
            Transaction.commit()
            #expect(Transaction.disableActions)
            Transaction.commit()
            #expect(Transaction.animationDuration == nil)
        }
    }

    @Test func coalescingSendsOneSetPropertyWithTheLastValue() {
        let h = Harness()
        let l = h.committed { Layer() }
        h.run {
            Transaction.disableActions = true
            l.opacity = 0.3
            l.opacity = 0.6
            l.opacity = 0.9
            try! l.setValue(.number(5), forKeyPath: "position.x")
            try! l.setValue(.number(7), forKeyPath: "position.y")
        }
        h.settle()
        #expect(h.commits.count == 2)
        #expect(h.commits[1].commands == [
            .setProperty(l.id, .position, .point(Point(x: 5, y: 7))),
            .setProperty(l.id, .opacity, .number(0.9)),
        ])
    }

    @Test func settingAnUnchangedValueDoesNothing() {
        let h = Harness()
        let l = h.committed { Layer() }
        h.run { l.opacity = 1; l.position = .zero }
        h.settle()
        #expect(h.commits.count == 1)
        #expect(l.animationKeys().isEmpty)
    }

    @Test func completionBlockWithNoAnimationsRunsOnceOnTheNextTurn() {
        let h = Harness()
        let l = h.committed { Layer() }
        var runs = 0
        h.run {
            Transaction.begin()
            Transaction.completionBlock = { runs += 1 }
            Transaction.disableActions = true
            l.opacity = 0.5
            Transaction.commit()
            #expect(runs == 0, "it runs on the turn after the commit, not inside it")
        }
        h.run {}
        #expect(runs == 1)
        h.settle()
        #expect(runs == 1)
    }

    @Test func completionBlockOfAnEmptyImplicitTransactionRuns() {
        let h = Harness()
        var runs = 0
        h.run { Transaction.completionBlock = { runs += 1 } }
        h.settle()
        #expect(runs == 1)
        #expect(h.commits.isEmpty)
    }

    @Test func completionBlockWaitsForEveryAnimationToStopAndRunsOnce() throws {
        let h = Harness()
        let (a, b) = h.committed { (Layer(), Layer()) }
        var runs = 0
        h.run {
            Transaction.begin()
            Transaction.completionBlock = { runs += 1 }
            a.opacity = 0                       // implicit animation
            b.add(.basic(.position, from: .point(.zero), duration: 1), forKey: "move")
            Transaction.commit()
        }
        h.settle()
        let added = try #require(h.lastCommit?.addedAnimations)
        #expect(added.count == 2)
        #expect(runs == 0)
        h.deliver(.animationStarted(AnimationStarted(animationID: added[0].id, layer: a.id, mediaTime: 1000)))
        h.deliver(.animationStopped(AnimationStopped(animationID: added[0].id, layer: a.id, finished: true, mediaTime: 1000.25)))
        #expect(runs == 0, "one animation is still running")
        h.deliver(.animationStopped(AnimationStopped(animationID: added[1].id, layer: b.id, finished: true, mediaTime: 1001)))
        #expect(runs == 1)
        h.deliver(.animationStopped(AnimationStopped(animationID: added[1].id, layer: b.id, finished: true, mediaTime: 1001)))
        h.settle()
        #expect(runs == 1, "a duplicate stop does not run it again")
    }

    @Test func nestedCompletionBlocksCountTheirOwnAnimations() throws {
        let h = Harness()
        let (a, b) = h.committed { (Layer(), Layer()) }
        var outer = 0, inner = 0
        h.run {
            Transaction.begin()
            Transaction.completionBlock = { outer += 1 }
            a.opacity = 0
            Transaction.begin()
            Transaction.completionBlock = { inner += 1 }
            b.opacity = 0
            Transaction.commit()
            Transaction.commit()
        }
        h.settle()
        let added = try #require(h.lastCommit?.addedAnimations)
        #expect(added.count == 2)
        h.deliver(.animationStopped(AnimationStopped(animationID: added[1].id, layer: b.id, finished: true, mediaTime: 0)))
        #expect(inner == 1)
        #expect(outer == 0, "the outer transaction also waits for the animation added outside the inner one")
        h.deliver(.animationStopped(AnimationStopped(animationID: added[0].id, layer: a.id, finished: true, mediaTime: 0)))
        #expect(outer == 1)
    }

    @Test func structuralChangesAndReleaseAreSentInOrder() {
        let h = Harness()
        var parent: Layer? = nil
        var child: Layer? = nil
        h.run {
            parent = Layer()
            child = Layer()
            parent!.addSublayer(child!)
        }
        h.settle()
        let (pid, cid) = (parent!.id, child!.id)
        #expect(h.commits[0].commands == [
            .createLayer(pid, .layer), .createLayer(cid, .layer), .insertSublayer(parent: pid, child: cid, index: 0),
        ])
        h.run {
            child!.removeFromSuperlayer()
            #expect(parent!.sublayers.isEmpty)
            #expect(child!.superlayer == nil)
            child = nil // released: destroyed on the server
        }
        h.settle()
        #expect(h.commits[1].commands == [.removeFromSuperlayer(cid), .destroyLayer(cid)])
    }

    @Test func shapeAndTextLayersCreateTheirKinds() {
        let h = Harness()
        let (s, t) = h.run { (ShapeLayer(), TextLayer()) }
        h.settle()
        #expect(h.commits[0].commands == [.createLayer(s.id, .shape), .createLayer(t.id, .text)])
        h.run {
            Transaction.disableActions = true
            s.path = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
            s.lineCap = "round"
            t.string = "hello"
        }
        h.settle()
        #expect(h.commits[1].setProperties.map(\.keyPath.description) == ["path", "lineCap", "string"])
        h.run {
            #expect(throws: KeyPathError.notOnLayerKind(keyPath: "string", kind: .shape)) {
                try s.setValue(.string("x"), forKeyPath: "string")
            }
        }
    }
}
