import Foundation
import Testing
import RenderClient

/// End to end on a manual clock: the real rendersrvd, frames only when the test steps them.
@Suite("End to end, manual clock")
struct ManualClockTests {
    /// Server presentation equals the client's `presentation()` at the same times.
    @Test func serverAndClientPresentationsAgree() throws {
        let daemon = try Daemon(clock: "manual")
        defer { daemon.stop() }
        let client = try Client(daemon)
        let (ids, layers) = client.onMain { () -> ([LayerID], [Layer]) in
            Transaction.begin()
            let root = Layer()
            root.bounds = Rect(x: 0, y: 0, width: 800, height: 600)
            client.context.rootLayer = root
            let a = Layer(), b = Layer(), c = Layer(), d = Layer()
            for l in [a, b, c, d] { root.addSublayer(l); l.bounds = Rect(x: 0, y: 0, width: 50, height: 50) }
            var basic = Animation.basic("position", from: .point(Point(0, 0)), to: .point(Point(300, 200)),
                                        duration: 1, timingFunction: .easeInEaseOut)
            basic.timing.autoreverses = true
            a.add(basic, forKey: "move")
            b.add(Animation.keyframe("opacity", values: [.number(0), .number(1), .number(0.25)],
                                     keyTimes: [0, 0.3, 1], duration: 1.2), forKey: "fade")
            c.add(.spring(SpringAnimation(keyPath: "position.x", from: .number(0), to: .number(400),
                                          dampingRatio: 0.4, response: 0.5)), forKey: "spring")
            // A slowed subtree: layer timing composes with the animation's.
            d.speed = 0.5
            d.add(Animation.basic("transform.rotation.z", from: .number(0), to: .number(3 * Double.pi / 2),
                                  duration: 1), forKey: "spin")
            Transaction.commit()
            return ([a.id, b.id, c.id, d.id], [a, b, c, d])
        }
        try client.applyCommits()
        let start = try client.control.treeReply(presentation: true).mediaTime
        for dt in [0.0, 0.05, 0.2, 0.5, 0.77, 1.1, 1.6] {
            let t = start + dt
            let dump = try TreeDump(client.control.treeReply(presentation: true, at: t))
            let local = client.onMain { layers.map { $0.presentation(at: t) } }
            for (i, id) in ids.enumerated() {
                let p = local[i]
                let pos = try #require(dump.numbers("position", of: id, session: client.session))
                #expect(abs(pos[0] - p.position.x) < 1e-9 && abs(pos[1] - p.position.y) < 1e-9,
                        "layer \(id) position at +\(dt) s: server \(pos), client \(p.position)")
                let op = try #require(dump.numbers("opacity", of: id, session: client.session))
                #expect(abs(op[0] - p.opacity) < 1e-9, "layer \(id) opacity at +\(dt) s")
                let tr = try #require(dump.numbers("transform", of: id, session: client.session))
                #expect(zip(tr, p.transform.rows).allSatisfy { abs($0 - $1) < 1e-9 }, "layer \(id) transform at +\(dt) s")
            }
        }
        // Stepped frames: the latest frame's presentation also agrees, and it moves.
        var lastX = -1.0
        for _ in 0..<3 {
            _ = try client.control.step(seconds: 0.1)
            let reply = try client.control.treeReply(presentation: true)
            let dump = try TreeDump(reply)
            let p = client.onMain { layers[0].presentation(at: reply.mediaTime) }
            let pos = try #require(dump.numbers("position", of: ids[0], session: client.session))
            #expect(abs(pos[0] - p.position.x) < 1e-9)
            #expect(pos[0] > lastX)
            lastX = pos[0]
        }
    }

    /// Replacing an animation under the same key stops the old one with finished = false;
    /// a completed one stops with finished = true.
    @Test func replacingAnAnimationStopsTheOldOneUnfinished() throws {
        let daemon = try Daemon(clock: "manual")
        defer { daemon.stop() }
        let client = try Client(daemon)
        let first = DelegateRecorder(), second = DelegateRecorder()
        let layer = client.onMain { () -> Layer in
            let l = Layer()
            client.context.rootLayer = l
            l.add(Animation.basic("opacity", from: .number(0), to: .number(1), duration: 1), forKey: "fade", delegate: first)
            return l
        }
        try client.applyCommits()
        client.onMain {
            layer.add(Animation.basic("opacity", from: .number(1), to: .number(0), duration: 0.2), forKey: "fade",
                      delegate: second)
        }
        try client.applyCommits()
        #expect(first.stopped.wait(timeout: .now() + 5) == .success)
        client.queue.sync {}
        #expect(first.stops == [false])
        #expect(first.started == 1)
        // The replacement runs to completion.
        _ = try client.control.step(seconds: 0.5)
        #expect(second.stopped.wait(timeout: .now() + 5) == .success)
        client.queue.sync {}
        #expect(second.stops == [true])
        #expect(second.started == 1)
    }

    /// Transactions: one commit per queue turn, nested transactions send once,
    /// disableActions suppresses implicit animations, a completion block without
    /// animations runs at once.
    @Test func transactionsCommitWhole() throws {
        let daemon = try Daemon(clock: "manual")
        defer { daemon.stop() }
        let client = try Client(daemon)
        let (a, b) = client.onMain { () -> (Layer, Layer) in
            let a = Layer(), b = Layer()
            client.context.rootLayer = a
            a.addSublayer(b)
            return (a, b)
        }
        try client.applyCommits()
        let before = client.onMain { client.context.lastSentSequence }
        // Several changes in one turn: one commit.
        client.onMain {
            a.position = Point(10, 20); b.opacity = 0.5; b.position = Point(1, 2); a.bounds = Rect(x: 0, y: 0, width: 9, height: 9)
        }
        #expect(client.onMain { client.context.lastSentSequence } == before + 1)
        // Nested explicit transactions: only the outermost sends.
        client.onMain {
            Transaction.begin()
            Transaction.begin(); b.zPosition = 3; Transaction.commit()
            #expect(client.context.lastSentSequence == before + 1)
            Transaction.begin(); b.cornerRadius = 4; Transaction.commit()
            Transaction.commit()
            #expect(client.context.lastSentSequence == before + 2)
        }
        try client.applyCommits()
        let dump = try TreeDump(client.control.treeReply(presentation: false))
        #expect(dump.numbers("position", of: a.id, session: client.session) == [10, 20])
        #expect(dump.numbers("zPosition", of: b.id, session: client.session) == [3])
        #expect(dump.numbers("cornerRadius", of: b.id, session: client.session) == [4])
        // Standalone layers animate implicitly; disableActions suppresses it.
        #expect(dump.animationKeys(of: b.id, session: client.session).contains("opacity"))
        client.onMain {
            b.removeAllAnimations()
            Transaction.begin(); Transaction.disableActions = true
            b.opacity = 0.1
            Transaction.commit()
        }
        try client.applyCommits()
        let after = try TreeDump(client.control.treeReply(presentation: false))
        #expect(after.animationKeys(of: b.id, session: client.session).isEmpty)
        // Completion block with no animation: runs on the next turn, once.
        let done = DispatchSemaphore(value: 0)
        var count = 0
        client.onMain {
            Transaction.begin(); Transaction.disableActions = true
            Transaction.completionBlock = { count += 1; done.signal() }
            a.position = Point(5, 5)
            Transaction.commit()
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        client.queue.sync {}
        #expect(count == 1)
    }

    /// The action search order (delegate, actions, style, default) and the null action,
    /// as seen by the server.
    @Test func actionSearchAndNullAction() throws {
        final class Delegate: LayerDelegate {
            func action(for layer: Layer, forKey key: String) -> Action? {
                key == "opacity" ? NullAction() : nil
            }
        }
        let daemon = try Daemon(clock: "manual")
        defer { daemon.stop() }
        let client = try Client(daemon)
        let delegate = Delegate()
        let (viewLike, custom, plain) = client.onMain { () -> (Layer, Layer, Layer) in
            let root = Layer()
            client.context.rootLayer = root
            let v = Layer(), c = Layer(), p = Layer()
            [v, c, p].forEach(root.addSublayer)
            v.delegate = delegate
            c.actions["position"] = Animation.basic("position.y", by: .number(40), duration: 3)
            c.style = ["actions": ["opacity": NullAction()]]
            return (v, c, p)
        }
        try client.applyCommits()
        client.onMain {
            viewLike.opacity = 0.5     // delegate: null action, no animation
            viewLike.position = Point(3, 3) // delegate says nil: search goes on to the default
            custom.position = Point(7, 7) // actions dictionary
            custom.opacity = 0.2          // style's null action
            plain.opacity = 0.3           // default implicit animation
        }
        try client.applyCommits()
        let dump = try TreeDump(client.control.treeReply(presentation: false))
        let s = client.session
        #expect(!dump.animationKeys(of: viewLike.id, session: s).contains("opacity"))
        #expect(dump.animationKeys(of: viewLike.id, session: s).contains("position"))
        #expect(dump.animationKeys(of: custom.id, session: s) == ["position"])
        #expect(dump.animationKeys(of: plain.id, session: s) == ["opacity"])
        // The custom action's animation is the one the server runs: y goes up by 40 over 3 s.
        let t = dump.mediaTime + 1.5
        let mid = try TreeDump(client.control.treeReply(presentation: true, at: t))
        let y = try #require(mid.numbers("position", of: custom.id, session: s))
        let expected = client.onMain { custom.presentation(at: t).position.y }
        #expect(abs(y[1] - expected) < 1e-9)
    }
}
