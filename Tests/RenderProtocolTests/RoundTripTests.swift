import RenderCore
@testable import RenderProtocol
import Testing

/// Randomized messages (seeded) survive encode → decode, alone and as one stream.
@Suite struct RoundTripTests {
    @Test func randomMessagesRoundTrip() throws {
        var gen = RandomMessages(seed: 2024)
        for _ in 0..<3_000 {
            let message = gen.message()
            let bytes = WireCodec.encode(message)
            #expect(bytes.count >= WireCodec.headerSize)
            let decoded = try WireCodec.decode(frame: bytes)
            #expect(decoded == message)
            // Bit-exact: re-encoding the decoded message gives the same bytes.
            #expect(WireCodec.encode(decoded) == bytes)
        }
    }

    @Test func randomMessagesAsOneStream() throws {
        var gen = RandomMessages(seed: 77)
        let messages = (0..<500).map { _ in gen.message() }
        let stream = messages.flatMap { WireCodec.encode($0) }
        var rng = SeededRandom(seed: 78)
        var decoder = FrameDecoder()
        var decoded = [Message]()
        var i = 0
        while i < stream.count {
            let end = min(stream.count, i + Int.random(in: 1...4096, using: &rng))
            decoder.append(contentsOf: stream[i..<end])
            i = end
            while let m = try decoder.next() { decoded.append(m) }
        }
        #expect(decoded == messages)
    }

    @Test func headerFieldsAreLittleEndian() throws {
        let bytes = WireCodec.encode(.statsRequest(requestID: 0x0A0B_0C0D))
        #expect(bytes == [4, 0, 0, 0, 0x00, 0x01, 0, 0, 0x0D, 0x0C, 0x0B, 0x0A])
        let header = try #require(bytes.withUnsafeBytes { WireCodec.header(of: $0) })
        #expect(header == WireCodec.FrameHeader(payloadLength: 4, messageType: 0x0100, flags: 0))
        #expect(header.frameLength == 12)
    }

    @Test func doublesKeepTheirBits() throws {
        // NaN payloads and negative zero survive (compared by bits: NaN ≠ NaN).
        for d in [-0.0, Double.nan, Double(bitPattern: 0x7FF0_0000_0000_0001), .infinity, -.infinity] {
            let bytes = WireCodec.encode(.clockStep(ClockStep(requestID: 1, seconds: d)))
            guard case let .clockStep(c) = try WireCodec.decode(frame: bytes) else {
                Issue.record("decoded another message type"); continue
            }
            #expect(c.seconds.bitPattern == d.bitPattern)
        }
    }

    @Test func errorMessageFromProtocolError() {
        let e = ProtocolError(.frameTooLarge, "too big")
        #expect(ErrorMessage(e, sequence: 3) == ErrorMessage(code: .frameTooLarge, message: "too big", fatal: true, sequence: 3))
        #expect(ErrorMessage(e, fatal: false).fatal == false)
        #expect(e.description == "frameTooLarge (3): too big")
    }
}
