import Dispatch
import RenderCore
import RenderProtocol
import Testing
@testable import RenderClient

/// `Transaction.presentedHandler`: the commit asks for `commitPresented` only when a handler
/// is set, and the handler runs once on the callback queue with what the server reported
/// (or nil when the changes will never be shown).
@Suite struct PresentedHandlerTests {
    @Test func aTransactionWithAHandlerAsksAndHearsTheFrameThatShowedIt() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        #expect(h.lastCommit?.requestsPresentation == false, "no handler, no request")
        var heard: [PresentedFrame?] = []
        h.run {
            Transaction.begin()
            Transaction.setPresentedHandler { heard.append($0) }
            Transaction.disableActions = true
            l.opacity = 0.5
            Transaction.commit()
        }
        h.settle()
        let commit = try #require(h.lastCommit)
        #expect(commit.requestsPresentation)
        h.deliver(.commitApplied(CommitApplied(sequence: commit.sequence, frame: 4, mediaTime: 1000)))
        #expect(heard.isEmpty, "applied is not presented")
        h.deliver(.commitPresented(CommitPresented(sequence: commit.sequence, frame: 4, mediaTime: 1000.0625,
                                                   readyTime: 1000.0546875)))
        #expect(heard.count == 1)
        #expect(heard.first??.frame == 4 && heard.first??.readyTime == 1000.0546875)
        // Once only, and the next commit without a handler does not ask.
        h.deliver(.commitPresented(CommitPresented(sequence: commit.sequence, frame: 4, mediaTime: 1000.0625, readyTime: nil)))
        #expect(heard.count == 1)
        h.run { Transaction.disableActions = true; l.opacity = 1 }
        h.settle()
        #expect(h.lastCommit?.requestsPresentation == false)
    }

    @Test func nestedTransactionsShareTheOutermostCommit() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        var outer = 0, inner = 0
        h.run {
            Transaction.begin()
            Transaction.presentedHandler = { _ in outer += 1 }
            Transaction.disableActions = true
            l.opacity = 0.25
            Transaction.begin()
            Transaction.presentedHandler = { _ in inner += 1 }
            l.opacity = 0.75
            Transaction.commit()
            Transaction.commit()
        }
        h.settle()
        #expect(h.commits.count == 2)
        let commit = try #require(h.lastCommit)
        h.deliver(.commitPresented(CommitPresented(sequence: commit.sequence, frame: 9, mediaTime: 1, readyTime: nil)))
        #expect(outer == 1 && inner == 1)
    }

    @Test func withNothingToShowTheHandlerHearsNil() {
        let h = Harness()
        var heard: [PresentedFrame?] = []
        h.run { Transaction.presentedHandler = { heard.append($0) } }
        h.settle()
        #expect(h.commits.isEmpty)
        #expect(heard.count == 1 && heard[0] == nil)
    }

    @Test func aRejectedCommitOrAnEndedSessionGivesNil() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        var heard: [PresentedFrame?] = []
        for value in [0.5, 0.25] {
            h.run {
                Transaction.begin()
                Transaction.presentedHandler = { heard.append($0) }
                Transaction.disableActions = true
                l.opacity = value
                Transaction.commit()
            }
            h.settle()
        }
        let first = h.commits[h.commits.count - 2].sequence
        h.deliver(.error(ErrorMessage(code: .invalidValue, message: "rejected", fatal: false, sequence: first)))
        #expect(heard.count == 1 && heard[0] == nil)
        h.run { h.context.connectionDidEnd(.closedByClient) }
        #expect(heard.count == 2 && heard[1] == nil)
    }
}

/// `Layer.retargetSpring`: the command on the wire, the model at the target, and the
/// client's mirror continuous across the switch (it runs the daemon's `SpringRetargeting`).
@Suite struct RetargetSpringClientTests {
    @Test func retargetSendsTheCommandAndMirrorsTheServer() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        h.run {
            Transaction.disableActions = true
            l.add(.spring(SpringAnimation(keyPath: LayerKeyPath(.position), from: .point(Point(x: 0, y: 0)),
                                          to: .point(Point(x: 100, y: 50)))), forKey: "move")
        }
        h.settle()
        h.now += 0.1
        let t = h.now
        let before = h.run { l.presentation(at: t).position }
        let slightlyBefore = h.run { l.presentation(at: t - 1e-6).position }
        h.run { l.retargetSpring(forKey: "move", to: .point(Point(x: -40, y: 200)), stiffness: 300, damping: 20) }
        h.settle()
        let commit = try #require(h.lastCommit)
        guard case let .retargetSpring(layer, key, _, r)? = commit.commands.last else {
            Issue.record("no retargetSpring in \(commit.commands)"); return
        }
        #expect(layer == l.id && key == "move" && r.keyPath == LayerKeyPath(.position))
        #expect(r.to == .point(Point(x: -40, y: 200)) && r.stiffness == 300 && r.damping == 20 && r.mass == 1)
        #expect(!commit.commands.contains { if case .setProperty = $0 { return true }; return false },
                "the command sets the model on the server")
        #expect(h.run { l.model().position } == Point(x: -40, y: 200))
        #expect(h.run { l.animationKeys() } == ["move"])
        let after = h.run { l.presentation(at: t).position }
        let slightlyAfter = h.run { l.presentation(at: t + 1e-6).position }
        #expect(abs(before.x - after.x) < 1e-9 && abs(before.y - after.y) < 1e-9, "\(before) → \(after)")
        let vBefore = (before.x - slightlyBefore.x) / 1e-6, vAfter = (slightlyAfter.x - after.x) / 1e-6
        #expect(abs(vBefore - vAfter) < 0.1, "\(vBefore) → \(vAfter)")
    }
}
