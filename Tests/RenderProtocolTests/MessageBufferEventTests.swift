import RenderCore
import Testing
@testable import RenderProtocol

/// `MessageBuffer`'s fixed-size event encoders write exactly what the general encoder
/// writes, and `consume` hands out the bytes in place.
@Suite struct MessageBufferEventTests {
    static let times: [Double] = [0, -0.0, 1000 + 1.0 / 60, .infinity, -1e300, .nan, .leastNonzeroMagnitude]

    @Test func animationEventsEncodeAsTheGeneralEncoderDoes() {
        for (n, t) in Self.times.enumerated() {
            let started = AnimationStarted(animationID: UInt64.max - UInt64(n), layer: LayerID(n * 7919), mediaTime: t)
            var direct = MessageBuffer(), general = MessageBuffer()
            direct.appendAnimationStarted(started)
            general.append(.animationStarted(started))
            #expect(direct.take() == general.take())
            #expect(WireCodec.encode(.animationStarted(started)).count == 28)
            for finished in [false, true] {
                let stopped = AnimationStopped(animationID: UInt64(n) << 40, layer: .max, finished: finished, mediaTime: t)
                direct.appendAnimationStopped(stopped)
                general.append(.animationStopped(stopped))
                #expect(direct.take() == WireCodec.encode(.animationStopped(stopped)))
                #expect(general.take() == WireCodec.encode(.animationStopped(stopped)))
            }
        }
    }

    @Test func manyEventsAfterOtherMessagesKeepTheirOrder() throws {
        var buffer = MessageBuffer()
        var expected: [UInt8] = []
        buffer.append(.pong(7)); expected += WireCodec.encode(.pong(7))
        buffer.reserveCapacity(adding: 28 * 10_000)
        for i in 0..<10_000 {
            let e = AnimationStarted(animationID: UInt64(i), layer: LayerID(i % 100), mediaTime: Double(i))
            buffer.appendAnimationStarted(e)
            expected += WireCodec.encode(.animationStarted(e))
        }
        let stop = AnimationStopped(animationID: 1, layer: 2, finished: true, mediaTime: 3)
        buffer.appendAnimationStopped(stop); expected += WireCodec.encode(.animationStopped(stop))
        let total = buffer.count
        #expect(total == expected.count)
        // Consumed in two parts, in place.
        var out: [UInt8] = []
        buffer.consume { bytes in out += bytes.prefix(1000); return 1000 }
        let left = buffer.count
        #expect(left == expected.count - 1000)
        buffer.consume { bytes in out += bytes; return bytes.count }
        let empty = buffer.isEmpty
        #expect(empty)
        #expect(out == expected)
        var decoder = FrameDecoder(maxFrameBytes: 1 << 20)
        decoder.append(contentsOf: out)
        var count = 0
        while try decoder.next() != nil { count += 1 }
        #expect(count == 10_002)
    }
}

@Suite struct MessageBufferMemoryTests {
    @Test func emptiedTheBufferReturnsToItsIdleSize() {
        var out = MessageBuffer()
        #expect(out.capacity == MessageBuffer.idleCapacity)
        let ping = Message.ping(1)
        let perMegabyte = 1_000_000 / WireCodec.encode(ping).count
        for _ in 0..<perMegabyte { out.append(ping) }
        #expect(out.capacity >= 1_000_000)
        _ = out.take()
        #expect(out.capacity == MessageBuffer.idleCapacity)
        // Written in parts (a socket that takes some), it shrinks when the last part is.
        for _ in 0..<perMegabyte { out.append(ping) }
        out.consume { $0.count / 2 }
        #expect(out.count > 0 && out.capacity >= 1_000_000)
        out.consume { $0.count }
        #expect(out.isEmpty && out.capacity == MessageBuffer.idleCapacity)
        for _ in 0..<perMegabyte { out.append(ping) }
        out.removeAll()
        #expect(out.capacity == MessageBuffer.idleCapacity)
    }
}

/// A run of lifecycle events encodes as the events one by one would.
@Suite struct LifecycleEventRunTests {
    @Test func aRunEncodesAsItsEventsOneByOne() {
        var events: [LifecycleEvent] = []
        for i in 0..<1_000 {
            events.append(LifecycleEvent(animationID: UInt64.max - UInt64(i) * 7_777, layer: LayerID(truncatingIfNeeded: i * 65_537),
                                         kind: i % 3 == 1 ? .finished : .started))
        }
        for t in MessageBufferEventTests.times {
            var run = MessageBuffer(), single = MessageBuffer()
            run.append(.pong(9)); single.append(.pong(9))
            events.withUnsafeBufferPointer { run.appendLifecycleEvents($0, mediaTime: t) }
            run.append(.pong(10))
            for e in events {
                switch e.kind {
                case .started: single.appendAnimationStarted(AnimationStarted(animationID: e.animationID, layer: e.layer, mediaTime: t))
                case .finished:
                    single.appendAnimationStopped(AnimationStopped(animationID: e.animationID, layer: e.layer, finished: true,
                                                                   mediaTime: t))
                }
                #expect(WireCodec.encode(e.message(at: t)).count == (e.kind == .started ? 28 : 29))
            }
            single.append(.pong(10))
            #expect(run.take() == single.take())
        }
        // An empty run writes nothing.
        var empty = MessageBuffer()
        [LifecycleEvent]().withUnsafeBufferPointer { empty.appendLifecycleEvents($0, mediaTime: 1) }
        let nothing = empty.isEmpty
        #expect(nothing)
    }
}

/// Version 5's runs: a stretch of one kind one frame, the events they stand for in order,
/// and what a decoder refuses.
@Suite struct AnimationRunTests {
    @Test func aBatchingBufferWritesTheStartsThenTheFinishesAsOneRunEach() throws {
        let kinds: [LifecycleEvent.Kind] = [.started, .started, .finished, .started, .finished, .finished, .finished, .started]
        let events = kinds.enumerated().map { i, k in LifecycleEvent(animationID: UInt64(100 + i), layer: LayerID(i % 3 + 1), kind: k) }
        var buffer = MessageBuffer()
        buffer.batchesLifecycleEvents = true
        events.withUnsafeBufferPointer { buffer.appendLifecycleEvents($0, mediaTime: 1000.5) }
        var decoder = FrameDecoder(maxFrameBytes: 1 << 20)
        decoder.append(contentsOf: buffer.take())
        var frames: [Message] = []
        while let m = try decoder.next() { frames.append(m) }
        #expect(frames.map(\.type) == [.animationsStarted, .animationsFinished])
        let startsFirst = events.filter { $0.kind == .started } + events.filter { $0.kind == .finished }
        #expect(frames.flatMap(\.events) == startsFirst.map { $0.message(at: 1000.5) })
        // 2 frames of 20 bytes and 8 entries of 12, against 28 or 29 an event.
        #expect(frames.reduce(0) { $0 + WireCodec.encode($1).count } == 2 * 20 + 8 * 12)
        // Only starts: one run.
        var starts = MessageBuffer()
        starts.batchesLifecycleEvents = true
        events.filter { $0.kind == .started }.withUnsafeBufferPointer { starts.appendLifecycleEvents($0, mediaTime: 1) }
        #expect(starts.count == 20 + 4 * 12)
        for f in frames { #expect(WireCodec.encode(f) == { var b = MessageBuffer(); b.append(f); return b.take() }()) }
    }

    @Test func aRunOfNoneOrOfMoreThanItsBytesIsMalformed() throws {
        func frame(count: UInt32, entries: Int) -> [UInt8] {
            var payload: [UInt8] = withUnsafeBytes(of: (1000.0).bitPattern.littleEndian, Array.init)
            payload += withUnsafeBytes(of: count.littleEndian, Array.init)
            payload += [UInt8](repeating: 7, count: entries * 12)
            return withUnsafeBytes(of: UInt32(payload.count).littleEndian, Array.init) + [0x22, 0x00, 0x00, 0x00] + payload
        }
        for (count, entries) in [(UInt32(0), 0), (2, 1), (UInt32.max, 1)] {
            var decoder = FrameDecoder(maxFrameBytes: 1 << 20)
            decoder.append(contentsOf: frame(count: count, entries: entries))
            #expect(throws: ProtocolError.self, "count \(count) with \(entries) entries") { _ = try decoder.next() }
        }
        var decoder = FrameDecoder(maxFrameBytes: 1 << 20)
        decoder.append(contentsOf: frame(count: 1, entries: 1))
        let run = try decoder.next()
        #expect(run?.events.count == 1)
    }
}
