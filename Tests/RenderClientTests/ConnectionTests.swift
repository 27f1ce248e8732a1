import Dispatch
import Foundation
import Testing
@testable import RenderClient

@Suite struct ConnectionTests {
    @Test func noDaemonSaysWhereAndWhatToDo() {
        let path = "/tmp/rendersrv-client-tests-\(getpid())/nothing-here"
        do {
            _ = try Connection(socketPath: path, clientName: "t", callbackQueue: DispatchQueue(label: "t"))
            Issue.record("connecting to nothing succeeded")
        } catch let e as ConnectionError {
            #expect(e == .noDaemon(path: path, detail: "no such socket"))
            #expect(e.description.contains(path) && e.description.contains("start rendersrvd"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func unsupportedVersionIsReported() throws {
        let peer = try ScriptedPeer { m in
            guard case .hello = m else { return [] }
            return [.error(ErrorMessage(code: .versionUnsupported, message: "server speaks 7…9", fatal: true))]
        }
        #expect(throws: ConnectionError.versionUnsupported(path: peer.path, message: "server speaks 7…9")) {
            _ = try Connection(socketPath: peer.path, clientName: "t", callbackQueue: DispatchQueue(label: "t"))
        }
    }

    @Test func commitsEventsPingAndGoodbyeOverARealSocket() throws {
        // The peer acknowledges each commit and runs each added animation to completion.
        let peer = try ScriptedPeer { m in
            switch m {
            case .hello: return [.welcome(ScriptedPeer.welcome)]
            case let .ping(t): return [.pong(t)]
            case let .commit(c):
                var out: [Message] = [.commitApplied(CommitApplied(sequence: c.sequence, frame: c.sequence, mediaTime: c.mediaTime))]
                for case let .addAnimation(layer, _, id, _) in c.commands {
                    out.append(.animationStarted(AnimationStarted(animationID: id, layer: layer, mediaTime: c.mediaTime)))
                    out.append(.animationStopped(AnimationStopped(animationID: id, layer: layer, finished: true, mediaTime: c.mediaTime)))
                }
                return out
            default: return []
            }
        }
        let queue = DispatchQueue(label: "ConnectionTests.callback")
        let connection = try Connection(socketPath: peer.path, clientName: "tester", callbackQueue: queue)
        #expect(connection.welcome == ScriptedPeer.welcome)
        let context = Context(connection: connection)

        let stopped = DispatchSemaphore(value: 0)
        let completed = DispatchSemaphore(value: 0)
        let delegate = AnimationBlockDelegate(stop: { _, finished in if finished { stopped.signal() } })
        let layer = queue.sync { () -> Layer in
            let l = Layer()
            context.rootLayer = l
            Transaction.completionBlock = { completed.signal() }
            l.add(.basic(.opacity, from: .number(0), duration: 1), forKey: "fade", delegate: delegate)
            return l
        }
        #expect(stopped.wait(timeout: .now() + 10) == .success)
        #expect(completed.wait(timeout: .now() + 10) == .success)
        let applied = try connection.waitUntilApplied(1, timeout: 10)
        #expect(applied.sequence == 1)
        let rtt = try connection.ping()
        #expect(rtt > 0)

        let hello = peer.received.withLock { $0.first }
        guard case let .hello(h)? = hello else { Issue.record("first message was not hello"); return }
        #expect(h.clientName == "tester" && h.pid == getpid())
        let commit = peer.received.withLock { $0.compactMap { if case let .commit(c) = $0 { return c }; return nil }.first }
        #expect(commit?.commands.first == .createLayer(layer.id, .layer))

        // The server leaves: the context hears why.
        let ended = DispatchSemaphore(value: 0)
        var reason: ConnectionError?
        queue.sync { context.onDisconnect = { reason = $0; ended.signal() } }
        peer.send([.goodbye(Goodbye(reason: "daemon shutting down"))])
        #expect(ended.wait(timeout: .now() + 10) == .success)
        queue.sync {
            #expect(reason == .goodbye(reason: "daemon shutting down"))
            #expect(context.isDisconnected)
        }
        #expect(!connection.isConnected)
        #expect(throws: ConnectionError.goodbye(reason: "daemon shutting down")) { try connection.ping() }
    }

    @Test func fatalServerErrorEndsTheSessionWithItsMessage() throws {
        let fatal = ErrorMessage(code: .limitExceeded, message: "client \"t\": 100001 layers exceed the limit 100000",
                                 fatal: true, sequence: 1)
        let peer = try ScriptedPeer { m in
            switch m {
            case .hello: return [.welcome(ScriptedPeer.welcome)]
            case .commit: return [.error(fatal), .goodbye(Goodbye(reason: "protocol error"))]
            default: return []
            }
        }
        let queue = DispatchQueue(label: "ConnectionTests.fatal")
        let connection = try Connection(socketPath: peer.path, clientName: "t", callbackQueue: queue)
        var errors: [ErrorMessage] = []
        var ends: [ConnectionError] = []
        let ended = DispatchSemaphore(value: 0)
        connection.onError = { errors.append($0) }
        connection.onDisconnect = { ends.append($0); ended.signal() }
        try connection.send(Commit(sequence: 1, mediaTime: 0, commands: [.createLayer(1, .layer)]))
        #expect(ended.wait(timeout: .now() + 10) == .success)
        queue.sync {
            #expect(errors == [fatal])
            #expect(ends == [.goodbye(reason: "protocol error")])
        }
    }

    @Test func controlClientRequestsAndReplies() throws {
        let peer = try ScriptedPeer { m in
            switch m {
            case .hello: return [.welcome(ScriptedPeer.welcome)]
            case let .statsRequest(id):
                // An unrelated event first: the client skips it.
                return [.commitApplied(CommitApplied(sequence: 0, frame: 1, mediaTime: 1)),
                        .statsReply(StatsReply(requestID: id, json: "{\"frames\":3}"))]
            case let .treeRequest(r):
                return [.treeReply(TreeReply(requestID: r.requestID, mediaTime: r.mediaTime.isNaN ? 5 : r.mediaTime,
                                             json: r.presentation ? "{\"presentation\":true}" : "{}"))]
            case let .clockStep(s):
                return [.clockStepped(ClockStepped(requestID: s.requestID, frame: 60, mediaTime: 1 + s.seconds))]
            case let .ping(t): return [.pong(t)]
            case .snapshotRequest:
                return [.error(ErrorMessage(code: .unsupported, message: "no compositor output", fatal: false))]
            default: return []
            }
        }
        let control = try ControlClient(socketPath: peer.path, clientName: "ctl")
        #expect(control.welcome.sessionID == 7)
        #expect(try control.stats() == "{\"frames\":3}")
        #expect(try control.tree(presentation: true, at: 2.5) == "{\"presentation\":true}")
        #expect(try control.treeReply().mediaTime == 5)
        #expect(try control.step(seconds: 1) == ClockStepped(requestID: 4, frame: 60, mediaTime: 2))
        #expect(try control.ping() > 0)
        #expect(throws: ConnectionError.server(ErrorMessage(code: .unsupported, message: "no compositor output", fatal: false))) {
            _ = try control.snapshot()
        }
        let trees = peer.received.withLock { $0.compactMap { if case let .treeRequest(r) = $0 { return r }; return nil } }
        #expect(trees.first == TreeRequest(requestID: 2, presentation: true, mediaTime: 2.5, sessionID: 0))
    }

    @Test func contextOnAManualClockDaemonUsesTheServersTime() throws {
        let peer = try ScriptedPeer { m in
            switch m {
            case .hello:
                var w = ScriptedPeer.welcome
                w.manualClock = true
                w.mediaTime = 42.5
                return [.welcome(w)]
            case let .ping(t): return [.pong(t)]
            default: return []
            }
        }
        let queue = DispatchQueue(label: "ConnectionTests.manual")
        let connection = try Connection(socketPath: peer.path, clientName: "t", callbackQueue: queue)
        let context = Context(connection: connection)
        let layer = queue.sync { () -> Layer in
            let l = Layer()
            Transaction.flush()
            return l
        }
        _ = try connection.ping() // the peer has read the commit
        let commit = peer.received.withLock { $0.compactMap { if case let .commit(c) = $0 { return c }; return nil }.first }
        #expect(commit?.mediaTime == 42.5)
        #expect(commit?.commands == [.createLayer(layer.id, .layer)])
        #expect(connection.serverMediaTime == 42.5)
    }

    @Test func commitAboveTheServersFrameLimitIsNotSentAndItsAnimationsStop() throws {
        let peer = try ScriptedPeer { m in
            guard case .hello = m else { return [] }
            var w = ScriptedPeer.welcome
            w.limits.maxFrameBytes = 200
            return [.welcome(w)]
        }
        let queue = DispatchQueue(label: "ConnectionTests.limit")
        let connection = try Connection(socketPath: peer.path, clientName: "t", callbackQueue: queue)
        let context = Context(connection: connection)
        let stopped = DispatchSemaphore(value: 0)
        var errors: [ConnectionError] = []
        let delegate = AnimationBlockDelegate(stop: { _, finished in if !finished { stopped.signal() } })
        let layer = queue.sync { () -> Layer in
            context.onError = { errors.append($0) }
            let l = Layer()
            l.add(.keyframe(.opacity, values: (0..<40).map { .number(Double($0) / 40) }, duration: 1), forKey: "k",
                  delegate: delegate)
            return l
        }
        #expect(stopped.wait(timeout: .now() + 10) == .success)
        queue.sync {
            #expect(errors.count == 1)
            guard case let .commitTooLarge(sequence, bytes, limit)? = errors.first else {
                Issue.record("expected commitTooLarge, got \(errors)"); return
            }
            #expect(sequence == 1 && bytes > 200 && limit == 200)
            #expect(errors.first!.description.contains("split the changes"))
            #expect(layer.animationKeys().isEmpty)
        }
        // The refused commit's number is not used again (its records refer to it).
        queue.sync { Transaction.perform(disableActions: true) { layer.opacity = 0.5 } }
        queue.sync { #expect(context.lastSentSequence == 2) }
    }

    @Test func mediaTimeIsTheMonotonicClock() {
        let a = MediaTime.now()
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        let b = MediaTime.now()
        let mono = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        #expect(a <= mono && mono <= b)
    }
}
