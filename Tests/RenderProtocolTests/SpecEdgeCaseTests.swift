import Foundation
import RenderCore
@testable import RenderProtocol
import Testing

/// The places where PROTOCOL.md once left a third-party implementer guessing, each pinned
/// to what the decoder does (the invalid vectors fail with the right code; these check that
/// they fail for the reason the spec gives, and that their valid twins decode).
@Suite struct SpecEdgeCaseTests {
    static func invalid(_ name: String) throws -> [UInt8] {
        try VectorFiles.read(VectorFiles.invalidDirectory.appendingPathComponent(name)).bytes
    }

    static func error(_ bytes: [UInt8], limits: Limits? = nil) -> ProtocolError? {
        var decoder = limits.map(FrameDecoder.init(limits:)) ?? FrameDecoder()
        decoder.append(contentsOf: bytes)
        do {
            _ = try decoder.next()
            return nil
        } catch {
            return error
        }
    }

    static func u16(_ v: UInt16) -> [UInt8] { withUnsafeBytes(of: v.littleEndian, Array.init) }
    static func u32(_ v: UInt32) -> [UInt8] { withUnsafeBytes(of: v.littleEndian, Array.init) }

    /// A welcome (session 7, 1280×720 at 60 Hz, time 1000) with `pairs` as its limits.
    static func welcome(_ pairs: [(UInt16, UInt32)], count: Int? = nil) -> [UInt8] {
        var w = ByteWriter()
        w.writeU16(2); w.writeU32(7); w.writeU32(1280); w.writeU32(720); w.writeDouble(60); w.writeDouble(1000)
        w.writeBool(false)
        var payload = w.bytes + u16(UInt16(count ?? pairs.count))
        for (id, value) in pairs { payload += u16(id) + u32(value) }
        return u32(UInt32(payload.count)) + u16(MessageType.welcome.rawValue) + u16(0) + payload
    }

    /// §5: limit pairs are written in ascending id order but accepted in any; an unknown id
    /// is skipped, a missing one keeps its default; a repeated one, known or not, is malformed.
    @Test func welcomeLimitsInAnyOrderEachOnce() throws {
        let m = try WireCodec.decode(frame: Self.welcome([(13, 5), (99, 1), (2, 100)]))
        guard case let .welcome(w) = m else { Issue.record("\(m)"); return }
        var expected = Limits.default
        expected.maxAnimations = 5; expected.maxLayers = 100
        #expect(w.limits == expected)
        // The encoder writes every limit, ascending.
        let encoded = WireCodec.encode(.welcome(w))
        let pairs = encoded[(8 + 31)...] // after the header and the 31 bytes of fields before the limits
        #expect(Array(pairs.prefix(2)) == Self.u16(UInt16(Limits.ID.allCases.count)))
        let ids = stride(from: 2, to: pairs.count, by: 6).map { i in
            UInt16(pairs[pairs.startIndex + i]) | UInt16(pairs[pairs.startIndex + i + 1]) << 8
        }
        #expect(ids == Limits.ID.allCases.map(\.rawValue).sorted())
        let repeated = try #require(Self.error(try Self.invalid("welcome-repeated-limit-id.hex")))
        #expect(repeated.code == .malformed)
        #expect(repeated.message.contains("limit id 2 appears twice in welcome"), "\(repeated.message)")
        let unknownTwice = try #require(Self.error(Self.welcome([(99, 1), (99, 1)])))
        #expect(unknownTwice.message.contains("limit id 99 appears twice"), "\(unknownTwice.message)")
    }

    /// §5: a client keeps its hello name within the default `maxNameBytes` (it has seen no
    /// welcome yet); the reference client cuts a longer one at a character boundary.
    @Test func aHelloNameIsCutToTheDefaultLimitAtACharacterBoundary() {
        #expect(Hello.name("demo") == "demo")
        let long = String(repeating: "é", count: 200) // 400 bytes
        let cut = Hello.name(long)
        #expect(cut.utf8.count == 256 && cut == String(repeating: "é", count: 128))
        #expect(Hello.name("aé", fitting: 2) == "a")
        #expect(Hello.name("👍🏽x", fitting: 8) == "👍🏽")
    }

    /// §2: the limits count is checked against the bytes left, 6 bytes per pair, before any
    /// pair is read.
    @Test func theLimitsCountIsCheckedAtSixBytesAPair() throws {
        let e = try #require(Self.error(try Self.invalid("welcome-limit-count-too-large.hex")))
        #expect(e.code == .malformed)
        #expect(e.message.contains("limits count 1000 needs at least 6000 more bytes (6 per id/value pair) but only 6 "
            + "remain"), "\(e.message)")
    }

    /// §8: kind 6 carries no `by` and is neither additive nor cumulative; with those fields
    /// zeroed the same bytes decode to a retargeted spring.
    @Test func aRetargetedSpringHasNoByAndIsNeitherAdditiveNorCumulative() throws {
        let withBy = try #require(Self.error(try Self.invalid("retargeted-spring-with-by.hex")))
        #expect(withBy.code == .malformed)
        #expect(withBy.message.contains("has no by and is neither additive nor cumulative (by present, additive false, "
            + "cumulative false)"), "\(withBy.message)")
        #expect(withBy.sequence == 1)
        var additive = try Self.invalid("retargeted-spring-additive.hex")
        let e = try #require(Self.error(additive))
        #expect(e.message.contains("(by absent, additive true, cumulative false)"), "\(e.message)")
        // The additive flag is the byte after the absent by: the 40 bytes of the spring's
        // physics and the 17 of its velocity (a point) follow it, then the cumulative flag.
        let flag = additive.count - 17 - 32 - 2
        #expect(additive[flag] == 1 && additive[flag + 1] == 0)
        additive[flag] = 0
        guard case let .commit(c) = try WireCodec.decode(frame: additive),
              case let .addAnimation(_, _, _, a) = c.commands.first, case let .spring(s) = a.kind else {
            Issue.record("the valid twin does not decode to a spring"); return
        }
        #expect(s.componentVelocity == [120, -35.5] && s.by == nil && !s.isAdditive && !s.isCumulative)
        // The decoder and the encoder agree on it.
        #expect(WireCodec.encode(.commit(c)) == additive)
    }

    /// §11 (limit 4): a `numbers` value over `maxKeyframes` is refused from its count with
    /// `limitExceeded`, naming the commit (a fatal error for the session, as every
    /// decoding error).
    @Test func aNumbersValueOverMaxKeyframesIsLimitExceeded() throws {
        let commit = Commit(sequence: 3, mediaTime: 0, commands: [
            .setProperty(1, LayerKeyPath(.lineDashPattern), .numbers([Double](repeating: 1, count: 11)))])
        let bytes = WireCodec.encode(.commit(commit))
        let e = try #require(Self.error(bytes, limits: Limits(maxKeyframes: 10)))
        #expect(e.code == .limitExceeded && e.sequence == 3)
        #expect(e.message.contains("number count 11 exceeds the limit maxKeyframes = 10"), "\(e.message)")
        #expect(Self.error(bytes, limits: Limits(maxKeyframes: 11)) == nil)
        // A path value's elements likewise.
        let path = Commit(sequence: 4, mediaTime: 0, commands: [
            .setProperty(1, LayerKeyPath(.shadowPath), .path(Path(rect: Rect(x: 0, y: 0, width: 1, height: 1))))])
        let p = try #require(Self.error(WireCodec.encode(.commit(path)), limits: Limits(maxKeyframes: 2)))
        #expect(p.code == .limitExceeded && p.sequence == 4)
        #expect(p.message.contains("path element count"), "\(p.message)")
    }

    /// §12's example of an unknown value tag is the decoder's own message.
    @Test func theUnknownValueTagExampleIsTheDecodersMessage() throws {
        var bytes = WireCodec.encode(.commit(Commit(sequence: 4, mediaTime: 0, commands: [
            .createLayer(1, .layer), .setProperty(1, .opacity, .number(1))])))
        // The value tag: 8 + 20 bytes of commit fields, 6 of createLayer, 5 + 2 of the command's
        // layer and key path.
        let tag = 8 + 20 + 6 + 5 + 2
        #expect(bytes[tag] == 1)
        bytes[tag] = 14
        let e = try #require(Self.error(bytes))
        #expect(e.code == .malformed)
        #expect(e.message.hasPrefix("commit message (commit 4, command 1) at byte 41: unknown value tag 14 (expected a "
            + "value tag (1 number, 2 point, 3 size, 4 rect, 5 color, 6 transform, 7 bool, 8 path, 9 string, "
            + "10 contents, 11 numbers, 12 shared contents, 13 layer)); the sender speaks a different protocol "
            + "revision or is broken"), "\(e.message)")
    }
}
