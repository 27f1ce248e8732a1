import Logging
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// Version 5's runs of animation events (`animationsStarted`, `animationsFinished`,
/// PROTOCOL.md §5.5): a session of version 5 gets a frame's events in runs, one of version 4
/// one message each — the same events in each frame, each animation's start before its
/// finish.
@Suite struct EventRunTests {
    /// A connected client of `version` that added `count` fades of 0.1 s beginning at 1000,
    /// every fifth over before the first frame (its start and finish in one frame).
    static func client(_ s: EmbeddedServer, version: UInt16, count: Int) throws -> UInt32 {
        let c = s.connect(pid: 100)
        s.send(.hello(Hello(maxVersion: version, clientName: "v\(version)", pid: 100)), from: c)
        guard case let .welcome(w)? = try s.readMessages(of: c).first else { throw ProtocolError(.malformed, "no welcome") }
        #expect(w.version == version)
        var commands: [Command] = []
        for i in 1...count {
            let id = LayerID(i)
            var fade = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: i % 5 == 0 ? 0.001 : 0.1)
            fade.timing.beginTime = 1000
            commands += [.createLayer(id, .layer), .addAnimation(id, key: "f", animationID: UInt64(i), animation: fade)]
        }
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: commands)), from: c)
        return c
    }

    @Test func aVersion5SessionGetsRunsAndAVersion4OneTheSameEventsOneByOne() throws {
        var log = Logger(label: "event-runs")
        log.logLevel = .critical
        let s = EmbeddedServer(configuration: Configuration(clock: .manual(start: 1000), logger: log))
        let count = 5_000
        let old = try Self.client(s, version: 4, count: count), new = try Self.client(s, version: 5, count: count)
        _ = s.readBytes(of: old); _ = s.readBytes(of: new)
        var oldCount = 0, newCount = 0
        var oldBytes = 0, newBytes = 0
        var started = Set<UInt64>()
        for frame in 1...8 {
            s.step(seconds: 1.0 / 60)
            let oldWire = try s.readWireMessages(of: old), newWire = try s.readWireMessages(of: new)
            oldBytes += oldWire.reduce(0) { $0 + WireCodec.encode($1).count }
            newBytes += newWire.reduce(0) { $0 + WireCodec.encode($1).count }
            for m in oldWire {
                switch m {
                case .animationStarted, .animationStopped: break
                default: Issue.record("frame \(frame): version 4 got \(m)")
                }
            }
            for m in newWire {
                switch m {
                case let .animationsStarted(r), let .animationsFinished(r):
                    #expect(!r.animations.isEmpty && r.animations.count <= LifecycleRun.capacity)
                    #expect(r.mediaTime == 1000 + Double(frame) / 60)
                default: Issue.record("frame \(frame): version 5 got \(m)")
                }
            }
            // The same events in the frame, in some order; each start before its finish.
            let newEvents = newWire.flatMap(\.events)
            #expect(Set(newEvents) == Set(oldWire) && newEvents.count == oldWire.count, "frame \(frame)")
            for m in newEvents {
                switch m {
                case let .animationStarted(e): started.insert(e.animationID)
                case let .animationStopped(e): #expect(started.contains(e.animationID) && e.finished)
                default: break
                }
            }
            oldCount += oldWire.count
            newCount += newEvents.count
        }
        // Every animation started and finished.
        #expect(oldCount == 2 * count && newCount == 2 * count && started.count == count)
        // 12 bytes an animation (and 20 a run) against 28 and 29.
        #expect(newBytes < oldBytes / 2, "\(newBytes) vs \(oldBytes)")
    }

    /// A client that sends a run (a server-to-client message) is refused.
    @Test func aClientMustNotSendARun() throws {
        var log = Logger(label: "event-runs")
        log.logLevel = .critical
        let s = EmbeddedServer(configuration: Configuration(clock: .manual(start: 1000), logger: log))
        let c = s.connect(pid: 100)
        s.send(.hello(Hello(clientName: "c", pid: 100)), from: c)
        _ = s.readBytes(of: c)
        s.send(.animationsStarted(AnimationRun(mediaTime: 1, animations: [AnimationRun.Entry(animationID: 1, layer: 1)])), from: c)
        let reply = try s.readMessages(of: c)
        guard case let .error(e)? = reply.first else { Issue.record("no error: \(reply)"); return }
        #expect(e.code == .invalidCommand && e.fatal)
        #expect(e.message.contains("animationsStarted is a server-to-client message"), "\(e.message)")
        #expect(s.isClosed(c))
    }
}
