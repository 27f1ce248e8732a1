import RenderCore
@testable import RenderProtocol
import Testing

/// Hostile input never traps: random garbage, garbage behind valid headers, mutated
/// vectors, hostile counts, deep nesting and invalid UTF-8 all end in "need more data" or
/// a typed `ProtocolError`. (A trap would crash the test process.)
@Suite struct RobustnessTests {
    /// Feeds `bytes` to both decoders; returns the error code, or nil when it decoded.
    @discardableResult
    static func feed(_ bytes: [UInt8]) -> ErrorCode? {
        var decoder = FrameDecoder(maxFrameBytes: 1 << 16)
        decoder.append(contentsOf: bytes)
        do {
            while try decoder.next() != nil {}
        } catch {
            #expect(decoder.hasFailed)
        }
        do {
            _ = try WireCodec.decode(frame: bytes)
            return nil
        } catch {
            #expect(!error.message.isEmpty)
            return error.code
        }
    }

    @Test func randomGarbage() {
        var rng = SeededRandom(seed: 0xBAD_5EED)
        for _ in 0..<20_000 {
            let n = Int.random(in: 0...64, using: &rng)
            let bytes = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
            Self.feed(bytes)
        }
    }

    /// Garbage payloads behind well-formed headers of every message type, so decoding gets
    /// past the header and into the fields.
    @Test func randomPayloadsBehindValidHeaders() {
        var rng = SeededRandom(seed: 42)
        var decodedSome = 0
        for i in 0..<20_000 {
            let type = MessageType.allCases[i % MessageType.allCases.count]
            let n = Int.random(in: 0...96, using: &rng)
            var payload = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
            // Small counts and tags make it past more checks.
            for k in payload.indices where Int.random(in: 0...3, using: &rng) == 0 { payload[k] = UInt8.random(in: 0...4, using: &rng) }
            var frame = [UInt8]()
            withUnsafeBytes(of: UInt32(n).littleEndian) { frame.append(contentsOf: $0) }
            withUnsafeBytes(of: type.rawValue.littleEndian) { frame.append(contentsOf: $0) }
            frame += [0, 0] + payload
            if Self.feed(frame) == nil { decodedSome += 1 }
        }
        #expect(decodedSome > 0, "no random payload decoded: the generator never reaches the success path")
    }

    /// Each vector with random bytes overwritten, inserted or removed.
    @Test func mutatedVectors() {
        var rng = SeededRandom(seed: 99)
        let frames = VectorCatalog.all.map { WireCodec.encode($0.message) }
        for i in 0..<20_000 {
            var bytes = frames[i % frames.count]
            for _ in 0 ..< Int.random(in: 1...4, using: &rng) {
                let k = Int.random(in: 0 ..< bytes.count, using: &rng)
                switch Int.random(in: 0...3, using: &rng) {
                case 0: bytes[k] = UInt8.random(in: 0...255, using: &rng)
                case 1: bytes[k] ^= 1 << UInt8.random(in: 0...7, using: &rng)
                case 2: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: k)
                default: if bytes.count > 1 { bytes.remove(at: k) }
                }
            }
            // Half the time keep the header's length consistent so the payload is parsed.
            if bytes.count >= 8 && Bool.random(using: &rng) {
                withUnsafeBytes(of: UInt32(bytes.count - 8).littleEndian) { for j in 0..<4 { bytes[j] = $0[j] } }
            }
            Self.feed(bytes)
        }
    }

    /// A commit claiming 4 billion commands in a 25-byte payload fails on the count,
    /// before any allocation.
    @Test func hostileCountsAreCheckedAgainstTheBytesLeft() {
        var w = ByteWriter()
        w.writeU32(25); w.writeU16(MessageType.commit.rawValue); w.writeU16(0)
        w.writeU64(1); w.writeDouble(0); w.writeU32(.max)
        w.writeU8(2); w.writeU32(1) // one destroyLayer
        do { _ = try WireCodec.decode(frame: w.bytes); Issue.record("hostile count accepted") } catch {
            #expect(error.code == .malformed)
            #expect(error.message.contains("command count"), "\(error)")
        }
    }

    static func nestedGroups(_ depth: Int) -> Animation {
        var a = Animation(.group(AnimationGroup(animations: [])), timing: MediaTiming(duration: 1))
        for _ in 1 ..< depth { a = Animation(.group(AnimationGroup(animations: [a])), timing: MediaTiming(duration: 1)) }
        return a
    }

    @Test func groupNestingIsBounded() throws {
        func message(_ depth: Int) -> Message {
            .commit(Commit(sequence: 1, mediaTime: 0, commands: [
                .addAnimation(1, key: "deep", animationID: 1, animation: Self.nestedGroups(depth))]))
        }
        let ok = message(WireCodec.maxGroupDepth)
        #expect(try WireCodec.decode(frame: WireCodec.encode(ok)) == ok)
        do {
            _ = try WireCodec.decode(frame: WireCodec.encode(message(WireCodec.maxGroupDepth + 1)))
            Issue.record("17 nested groups accepted")
        } catch {
            #expect(error.code == .malformed)
            #expect(error.message.contains("nested deeper"), "\(error)")
        }
        // Far deeper input (10,000 levels) fails at level 17 without exhausting the stack.
        var w = ByteWriter()
        w.writeU32(0); w.writeU16(MessageType.commit.rawValue); w.writeU16(0)
        w.writeU64(1); w.writeDouble(0); w.writeU32(1)
        w.writeU8(CommandTag.addAnimation.rawValue); w.writeU32(1); w.writeString("k"); w.writeU64(1)
        for _ in 0..<10_000 {
            w.write(MediaTiming(duration: 1)); w.writeU8(0); w.writeU8(1)
            w.writeU8(AnimationKindTag.group.rawValue); w.writeU32(1)
        }
        w.writeBytes([UInt8](repeating: 0, count: 60))
        var bytes = w.bytes
        withUnsafeBytes(of: UInt32(bytes.count - 8).littleEndian) { for j in 0..<4 { bytes[j] = $0[j] } }
        #expect(throws: ProtocolError.self) { try WireCodec.decode(frame: bytes) }
    }

    /// Animation kind 6 (a retargeted spring, §8) carries a velocity of `from`'s kind; one of
    /// another kind is malformed, named as such.
    @Test func aRetargetedSpringsVelocityOfAnotherKindIsMalformed() {
        func frame(velocity: AnimatableValue) -> [UInt8] {
            var w = ByteWriter()
            w.writeU32(0); w.writeU16(MessageType.commit.rawValue); w.writeU16(0)
            w.writeU64(1); w.writeDouble(0); w.writeU32(1)
            w.writeU8(CommandTag.addAnimation.rawValue); w.writeU32(1); w.writeString("move"); w.writeU64(1)
            w.write(MediaTiming(duration: 1)); w.writeU8(0); w.writeBool(true)
            w.writeU8(AnimationKindTag.retargetedSpring.rawValue)
            w.write(LayerKeyPath(.position))
            w.writeOptional(.point(Point(x: 0, y: 0))); w.writeOptional(.point(Point(x: 10, y: 20))); w.writeOptional(nil)
            w.writeBool(false); w.writeBool(false)
            w.writeDouble(1); w.writeDouble(100); w.writeDouble(10); w.writeDouble(0)
            w.write(velocity)
            var bytes = w.bytes
            withUnsafeBytes(of: UInt32(bytes.count - 8).littleEndian) { for j in 0..<4 { bytes[j] = $0[j] } }
            return bytes
        }
        do {
            let m = try WireCodec.decode(frame: frame(velocity: .point(Point(x: 3, y: -4))))
            guard case let .commit(c) = m, case let .addAnimation(_, _, _, a) = c.commands[0],
                  case let .spring(spring) = a.kind else { Issue.record("decoded \(m)"); return }
            #expect(spring.componentVelocity == [3, -4])
        } catch { Issue.record("a well-formed retargeted spring refused: \(error)") }
        do {
            _ = try WireCodec.decode(frame: frame(velocity: .number(3)))
            Issue.record("a number velocity for a point spring accepted")
        } catch {
            #expect(error.code == .malformed)
            #expect(error.message.contains("velocity"), "\(error)")
        }
    }

    @Test func invalidUTF8IsMalformed() {
        var w = ByteWriter()
        w.writeU32(4 + 3); w.writeU16(MessageType.goodbye.rawValue); w.writeU16(0)
        w.writeU32(3); w.writeBytes([0x61, 0xC3, 0x28]) // "a" then a broken two-byte sequence
        do { _ = try WireCodec.decode(frame: w.bytes); Issue.record("invalid UTF-8 accepted") } catch {
            #expect(error.code == .malformed)
            #expect(error.message.contains("UTF-8"), "\(error)")
        }
    }

    @Test func unknownTagsAreMalformedAndNamed() {
        // setProperty on layer 1 with property 99.
        var w = ByteWriter()
        w.writeU32(8 + 8 + 4 + 1 + 4 + 2 + 9); w.writeU16(MessageType.commit.rawValue); w.writeU16(0)
        w.writeU64(1); w.writeDouble(0); w.writeU32(1)
        w.writeU8(CommandTag.setProperty.rawValue); w.writeU32(1); w.writeU8(99); w.writeU8(0)
        w.write(AnimatableValue.number(1))
        do { _ = try WireCodec.decode(frame: w.bytes); Issue.record("unknown property accepted") } catch {
            #expect(error.code == .malformed)
            #expect(error.message.contains("key path property"), "\(error)")
            #expect(error.message.contains("command 0"), "\(error)")
        }
    }

    @Test func unknownErrorCodeAndBadBoolAreMalformed() {
        var e = ByteWriter()
        e.writeU32(2 + 1 + 8 + 4); e.writeU16(MessageType.error.rawValue); e.writeU16(0)
        e.writeU16(999); e.writeBool(true); e.writeU64(0); e.writeU32(0)
        #expect(Self.feed(e.bytes) == .malformed)

        var b = ByteWriter()
        b.writeU32(8 + 4 + 1 + 8); b.writeU16(MessageType.animationStopped.rawValue); b.writeU16(0)
        b.writeU64(1); b.writeU32(1); b.writeU8(2); b.writeDouble(0)
        #expect(Self.feed(b.bytes) == .malformed)
    }
}
