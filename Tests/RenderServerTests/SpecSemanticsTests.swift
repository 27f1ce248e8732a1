import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// The sentences of PROTOCOL.md §9 ("Timing edge cases") and §10 that a client would
/// otherwise have to guess, each pinned to what the daemon does: values read from the
/// daemon's own presentation dump (`treeRequest` at an exact media time) on the embedded
/// server (manual clock at 1000 s, 60 Hz).
@Suite struct SpecSemanticsTests {
    static func server() -> EmbeddedServer {
        var configuration = Configuration(clock: .manual(start: 1000))
        configuration.logger.logLevel = .critical
        return EmbeddedServer(configuration: configuration)
    }

    /// A session with layer 1 (model opacity `opacity`) carrying `animation` under "a".
    static func session(_ animation: Animation, opacity: Double = 1, timing: LayerTiming? = nil) throws
        -> (EmbeddedServer, UInt32) {
        let s = server()
        let c = s.connect(pid: 1)
        s.send(.hello(Hello(clientName: "spec", pid: 1)), from: c)
        var commands: [Command] = [.createLayer(1, .layer), .setProperty(1, .opacity, .number(opacity)), .setRoot(1)]
        if let timing { commands.append(.setTiming(1, timing)) }
        commands.append(.addAnimation(1, key: "a", animationID: 1, animation: animation))
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: commands)), from: c)
        _ = try s.readMessages(of: c)
        return (s, c)
    }

    /// Layer 1 in the daemon's presentation dump at media time `t`.
    static func layer(_ s: EmbeddedServer, _ c: UInt32, at t: Double) throws -> [String: Any] {
        s.send(.treeRequest(TreeRequest(requestID: 9, presentation: true, mediaTime: t, sessionID: c, layer: 1)), from: c)
        let reply = try s.readMessages(of: c).compactMap { if case let .treeReply(r) = $0 { return r }; return nil }
        let json = try #require(reply.first?.json)
        let o = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let sessions = try #require(o["sessions"] as? [[String: Any]])
        let layers = try #require(sessions.first?["layers"] as? [[String: Any]])
        return try #require(layers.first)
    }

    static func opacity(_ s: EmbeddedServer, _ c: UInt32, at t: Double) throws -> Double {
        let l = try layer(s, c, at: t)
        return try #require((l["properties"] as? [String: Any])?["opacity"] as? Double)
    }

    static func states(_ s: EmbeddedServer, _ c: UInt32, at t: Double) throws -> [String] {
        ((try layer(s, c, at: t)["animations"] as? [[String: Any]]) ?? []).compactMap { $0["state"] as? String }
    }

    static func fade(from: Double = 0, to: Double = 1, timing: MediaTiming) -> Animation {
        Animation(.basic(BasicAnimation(keyPath: .opacity, from: .number(from), to: .number(to))), timing: timing)
    }

    /// §9: a time exactly on a cycle boundary inside the active time belongs to the cycle
    /// that starts there; the end of the active time belongs to the cycle that ends there.
    @Test func aRepeatCycleBoundaryBelongsToTheCycleThatStarts() throws {
        var kept = Self.fade(timing: MediaTiming(beginTime: 1000, duration: 1, repeatCount: 3, fillMode: .forwards))
        kept.isRemovedOnCompletion = false
        let (s, c) = try Self.session(kept, opacity: 0.5)
        #expect(try Self.opacity(s, c, at: 1001) == 0)        // cycle 1 at progress 0
        #expect(try Self.opacity(s, c, at: 1002.5) == 0.5)
        #expect(try Self.opacity(s, c, at: 1003) == 1)        // the end: the last cycle's end, filled
        #expect(try Self.states(s, c, at: 1003) == ["finished"]) // the end instant is past the end
        #expect(try Self.states(s, c, at: 1003 - 1e-9) == ["active"])
        let (r, rc) = try Self.session(Self.fade(timing: MediaTiming(beginTime: 1000, duration: 1, repeatCount: 2,
                                                                      autoreverses: true)), opacity: 0.5)
        #expect(try Self.opacity(r, rc, at: 1001) == 1)       // the turn of an autoreversing cycle
        #expect(try Self.opacity(r, rc, at: 1002) == 0)       // cycle 1 starts
        #expect(try Self.opacity(r, rc, at: 1004) == 0.5)     // ended, no fill: the model
    }

    /// §9: `speed` 0 before `beginTime` is before the start (pending; shown only with a
    /// backwards fill, at `timeOffset`); from `beginTime` on it holds at `timeOffset` for
    /// ever (active, never finishing).
    @Test func speedZeroIsPendingBeforeItsBeginTimeThenHolds() throws {
        let timing = MediaTiming(beginTime: 1001, duration: 1, speed: 0, timeOffset: 0.25)
        let (s, c) = try Self.session(Self.fade(timing: timing), opacity: 0.5)
        #expect(try Self.opacity(s, c, at: 1000.5) == 0.5)
        #expect(try Self.states(s, c, at: 1000.5) == ["pending"])
        #expect(try Self.opacity(s, c, at: 1001) == 0.25)
        #expect(try Self.opacity(s, c, at: 5000) == 0.25)
        #expect(try Self.states(s, c, at: 5000) == ["active"])
        var backwards = timing
        backwards.fillMode = .backwards
        let (b, bc) = try Self.session(Self.fade(timing: backwards), opacity: 0.5)
        #expect(try Self.opacity(b, bc, at: 1000.5) == 0.25)
    }

    /// §9: a duration of 0 on the wire is an active time of 0: finished from its begin
    /// time on (its end value only with a forwards fill on a kept animation), both events in
    /// one frame; before its begin time a backwards fill shows its start.
    @Test func aZeroDurationFinishesAtItsBeginTime() throws {
        var kept = Self.fade(from: 0.25, to: 0.75, timing: MediaTiming(beginTime: 1000.01, duration: 0, fillMode: .both))
        kept.isRemovedOnCompletion = false
        let (k, kc) = try Self.session(kept, opacity: 0.5)
        #expect(try Self.opacity(k, kc, at: 1000) == 0.25)    // before: a backwards fill shows from
        #expect(try Self.states(k, kc, at: 1000) == ["pending"])
        #expect(try Self.opacity(k, kc, at: 1000.01) == 0.75) // from its begin time: to
        #expect(try Self.states(k, kc, at: 1000.01) == ["finished"])
        let (s, c) = try Self.session(Self.fade(from: 0, to: 0.75, timing: MediaTiming(beginTime: 1000.01, duration: 0,
                                                                                        fillMode: .forwards)), opacity: 0.5)
        #expect(try Self.opacity(s, c, at: 1000) == 0.5)
        // Removed on completion: its forwards fill never shows.
        #expect(try Self.opacity(s, c, at: 1000.01) == 0.5)
        #expect(try Self.states(s, c, at: 1000.01) == ["completed"])
        s.step(seconds: 1.0 / 60)
        let events = try s.readMessages(of: c)
        #expect(events == [.animationStarted(AnimationStarted(animationID: 1, layer: 1, mediaTime: 1000 + 1.0 / 60)),
                           .animationStopped(AnimationStopped(animationID: 1, layer: 1, finished: true,
                                                              mediaTime: 1000 + 1.0 / 60))])
    }

    /// §9: discrete keyframes without key times split the duration into n equal parts (one
    /// per value), the last value from (n−1)/n on.
    @Test func discreteKeyframesWithoutKeyTimesHaveOneSegmentPerValue() throws {
        let k = KeyframeAnimation(keyPath: .opacity, values: [.number(0), .number(0.5), .number(1)],
                                  calculationMode: .discrete)
        let (s, c) = try Self.session(Animation(.keyframe(k), timing: MediaTiming(beginTime: 1000, duration: 3,
                                                                                   fillMode: .forwards)))
        #expect(try Self.opacity(s, c, at: 1000.999) == 0)
        #expect(try Self.opacity(s, c, at: 1001) == 0.5)
        #expect(try Self.opacity(s, c, at: 1002) == 1)
        #expect(try Self.opacity(s, c, at: 1003) == 1)
    }

    /// §9: an additive animation with only `by` runs from 0 to `by`, added to the value
    /// beneath it.
    @Test func anAdditiveByOnlyAnimationAddsProgressTimesBy() throws {
        let b = BasicAnimation(keyPath: .opacity, by: .number(0.5), isAdditive: true)
        let (s, c) = try Self.session(Animation(.basic(b), timing: MediaTiming(beginTime: 1000, duration: 1)), opacity: 0.25)
        #expect(try Self.opacity(s, c, at: 1000) == 0.25)
        #expect(try Self.opacity(s, c, at: 1000.5) == 0.5)
    }

    /// §9: a group's timing function warps the group's progress; its children run at
    /// (warped progress × group duration).
    @Test func aGroupsTimingFunctionWarpsItsChildrensTime() throws {
        let child = Self.fade(timing: MediaTiming(duration: 1))
        let group = Animation(.group(AnimationGroup(animations: [child])), timing: MediaTiming(beginTime: 1000, duration: 1),
                              timingFunction: .easeIn)
        let (s, c) = try Self.session(group, opacity: 0.5)
        let o = try Self.opacity(s, c, at: 1000.5)
        #expect(abs(o - 0.3153568125725393) < 1e-9, "\(o)")
        #expect(o == TimingFunction.easeIn.evaluate(0.5))
    }

    /// §9: begin times are in the layer's local time.
    @Test func beginTimesAreInTheLayersLocalTime() throws {
        // Local time = (t − 1000) × 2: the animation's begin time 1 is media time 1000.5.
        let (s, c) = try Self.session(Self.fade(timing: MediaTiming(beginTime: 1, duration: 1)), opacity: 0.5,
                                      timing: LayerTiming(beginTime: 1000, speed: 2))
        #expect(try Self.opacity(s, c, at: 1000.25) == 0.5)
        #expect(try Self.opacity(s, c, at: 1000.5) == 0)
        #expect(try Self.opacity(s, c, at: 1000.75) == 0.5) // local 1.5: halfway
    }

    /// §10: the dump lists a spring's settling duration, which is its resolved duration.
    @Test func theTreeDumpShowsASpringsSettlingDuration() throws {
        let spring = SpringAnimation(keyPath: .opacity, from: .number(0), to: .number(1), stiffness: 100, damping: 10)
        var a = Animation.spring(spring)
        a.timing.beginTime = 1000
        let (s, c) = try Self.session(a)
        let entry = try #require((try Self.layer(s, c, at: 1000.1)["animations"] as? [[String: Any]])?.first)
        let settling = try #require(entry["settlingDuration"] as? Double)
        #expect(abs(settling - 1.4103192630416055) < 1e-12)
        #expect(settling == spring.settlingDuration && a.timing.duration == settling)
    }

    /// §10: a removed-on-completion animation past its end that no frame has retired yet is
    /// `completed`; one that is kept is `finished`; after a frame, only the kept one is listed.
    @Test func completedAndFinishedAreDistinctInTheDump() throws {
        let (s, c) = try Self.session(Self.fade(timing: MediaTiming(beginTime: 1000, duration: 0.01)))
        #expect(try Self.states(s, c, at: 1000.005) == ["active"])
        #expect(try Self.states(s, c, at: 1001) == ["completed"])
        s.step(seconds: 1.0 / 60)
        #expect(try Self.states(s, c, at: 1001).isEmpty)
        var kept = Self.fade(timing: MediaTiming(beginTime: 1000, duration: 0.01, fillMode: .forwards))
        kept.isRemovedOnCompletion = false
        let (k, kc) = try Self.session(kept)
        #expect(try Self.states(k, kc, at: 1001) == ["finished"])
        k.step(seconds: 1.0 / 60)
        #expect(try Self.states(k, kc, at: 1001) == ["finished"])
    }

    /// §10: an animation removed on completion no longer applies at and past its end, even
    /// with a forwards (or both) fill and before a frame has retired it: a dump there shows
    /// the model (state `completed`), and so does the frame that finishes it. Kept, it fills.
    @Test(arguments: [MediaTiming.FillMode.forwards, .both])
    func aCompletedAnimationNoLongerAppliesPastItsEnd(fill: MediaTiming.FillMode) throws {
        // "a" fades opacity over 0.5 s; "b" keeps the layer animated (position) past it, so
        // the store keeps the presentation the finishing frame computed.
        let fade = Self.fade(from: 0, to: 1, timing: MediaTiming(beginTime: 1000, duration: 0.5, fillMode: fill))
        let (s, c) = try Self.session(fade, opacity: 0.25)
        let move = Animation(.basic(BasicAnimation(keyPath: .position, from: .point(Point(x: 0, y: 0)),
                                                   to: .point(Point(x: 10, y: 0)))),
                             timing: MediaTiming(beginTime: 1000, duration: 10))
        s.send(.commit(Commit(sequence: 2, mediaTime: 1000, commands: [.addAnimation(1, key: "b", animationID: 2,
                                                                                      animation: move)])), from: c)
        _ = try s.readMessages(of: c)
        #expect(try Self.opacity(s, c, at: 1000.25) == 0.5)
        #expect(try Self.opacity(s, c, at: 1000.5) == 0.25)   // the end instant: the model
        #expect(try Self.states(s, c, at: 1000.5) == ["completed", "active"])
        #expect(try Self.opacity(s, c, at: 1001) == 0.25)
        #expect(try Self.states(s, c, at: 1001) == ["completed", "active"])
        // The frame that finishes it shows the model too, then retires it.
        s.step(seconds: 0.5)
        let session = try #require(s.core.sessions.first { $0.id == c })
        #expect(session.store.presentation(of: 1)?.opacity == 0.25)
        #expect(try Self.states(s, c, at: 1001) == ["active"])
        // Kept (isRemovedOnCompletion false), the same animation fills.
        var kept = fade
        kept.isRemovedOnCompletion = false
        let (k, kc) = try Self.session(kept, opacity: 0.25)
        #expect(try Self.opacity(k, kc, at: 1000.5) == 1)
        #expect(try Self.states(k, kc, at: 1000.5) == ["finished"])
        k.step(seconds: 0.5)
        #expect(try Self.opacity(k, kc, at: 1001) == 1)
        let keptSession = try #require(k.core.sessions.first { $0.id == kc })
        #expect(keptSession.store.presentation(of: 1)?.opacity == 1)
    }

    /// §10: a subtree needs a session (layer ids are per session), and a layer that session
    /// has: otherwise `invalidCommand`, not fatal, naming the request.
    @Test func aSubtreeRequestNeedsASessionAndItsLayer() throws {
        let (s, c) = try Self.session(Self.fade(timing: MediaTiming(beginTime: 1000, duration: 1)))
        for (session, layer, says) in [(UInt32(0), LayerID(1), "a subtree (layer 1) needs a session id; layer ids are per session"),
                                       (c, 7, "session \(c) has no layer 7")] {
            s.send(.treeRequest(TreeRequest(requestID: 4, presentation: false, mediaTime: .nan, sessionID: session,
                                            layer: layer)), from: c)
            let m = try s.readMessages(of: c)
            guard case let .error(e)? = m.first else { Issue.record("no error: \(m)"); continue }
            #expect(e.code == .invalidCommand && !e.fatal && e.sequence == 0)
            #expect(e.message == "tree request 4: " + says, "\(e.message)")
            #expect(!s.isClosed(c))
        }
    }

    /// §10: the manual clock's frame k (k ≥ 1) has target time origin + k / refreshRate;
    /// a step produces the frames whose times fall in (now, now + seconds].
    @Test func theManualClocksFrameGridStartsOnePeriodAfterItsOrigin() throws {
        let s = Self.server()
        let c = s.connect(pid: 1)
        s.send(.hello(Hello(clientName: "clock", pid: 1)), from: c)
        _ = try s.readMessages(of: c)
        s.send(.clockStep(ClockStep(requestID: 1, seconds: 0.01)), from: c)
        // No frame yet: clockStepped names frame 0 at the origin (the last frame's time).
        #expect(try s.readMessages(of: c) == [.clockStepped(ClockStepped(requestID: 1, frame: 0, mediaTime: 1000))])
        s.send(.clockStep(ClockStep(requestID: 2, seconds: 0.01)), from: c)
        #expect(try s.readMessages(of: c) == [.clockStepped(ClockStepped(requestID: 2, frame: 1, mediaTime: 1000 + 1.0 / 60))])
        s.send(.clockStep(ClockStep(requestID: 3, seconds: 2.0 / 60)), from: c)
        #expect(try s.readMessages(of: c) == [.clockStepped(ClockStepped(requestID: 3, frame: 3, mediaTime: 1000 + 3.0 / 60))])
    }
}
