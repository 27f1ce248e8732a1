import RenderCore
@testable import RenderProtocol
import Testing

/// `FrameDecoder` over streams: frames split at every byte, byte by byte, back to back in
/// random chunks, truncated, oversize.
@Suite struct FrameDecoderTests {
    static let frames: [(name: String, message: Message, bytes: [UInt8])] =
        VectorCatalog.all.map { ($0.name, $0.message, WireCodec.encode($0.message)) }

    @Test(arguments: VectorCatalog.all.map(\.name))
    func splitAtEveryPosition(_ name: String) throws {
        let frame = try #require(Self.frames.first { $0.name == name })
        for split in 0 ... frame.bytes.count {
            var decoder = FrameDecoder()
            decoder.append(contentsOf: frame.bytes[..<split])
            if split < frame.bytes.count {
                #expect(try decoder.next() == nil, "\(name) split at \(split): decoded before the frame was whole")
            }
            frame.bytes[split...].withUnsafeBytes { decoder.append($0) }
            let message = try decoder.next()
            #expect(message == frame.message, "\(name) split at \(split)")
            #expect(try decoder.next() == nil)
            #expect(decoder.bufferedByteCount == 0)
        }
    }

    @Test(arguments: VectorCatalog.all.map(\.name))
    func byteByByte(_ name: String) throws {
        let frame = try #require(Self.frames.first { $0.name == name })
        var decoder = FrameDecoder()
        var decoded = [Message]()
        for byte in frame.bytes {
            decoder.append(contentsOf: [byte])
            if let m = try decoder.next() { decoded.append(m) }
        }
        #expect(decoded == [frame.message])
        #expect(decoder.bufferedByteCount == 0)
    }

    @Test func everyVectorBackToBackInRandomChunks() throws {
        let stream = Self.frames.flatMap(\.bytes)
        let expected = Self.frames.map(\.message)
        var rng = SeededRandom(seed: 7)
        for _ in 0..<50 {
            var decoder = FrameDecoder()
            var decoded = [Message]()
            var i = 0
            while i < stream.count {
                let n = Int.random(in: 1...300, using: &rng)
                let end = min(stream.count, i + n)
                stream[i..<end].withUnsafeBytes { decoder.append($0) }
                i = end
                while let m = try decoder.next() { decoded.append(m) }
            }
            #expect(decoded == expected)
            #expect(decoder.bufferedByteCount == 0)
        }
    }

    /// Every prefix of every vector: the stream decoder waits for more data, the whole-frame
    /// decoder reports a short frame, and a frame whose header is patched to the prefix's
    /// length (a payload cut short inside a field) is malformed — never a trap.
    @Test(arguments: VectorCatalog.all.map(\.name))
    func everyTruncationFailsCleanly(_ name: String) throws {
        let frame = try #require(Self.frames.first { $0.name == name })
        for cut in 0 ..< frame.bytes.count {
            let prefix = Array(frame.bytes[..<cut])
            var decoder = FrameDecoder()
            decoder.append(contentsOf: prefix)
            #expect(try decoder.next() == nil)
            #expect(decoder.bufferedByteCount == cut)
            #expect(throws: ProtocolError.self) { try WireCodec.decode(frame: prefix) }
            guard cut >= WireCodec.headerSize, cut < frame.bytes.count else { continue }
            var patched = prefix
            let length = UInt32(cut - WireCodec.headerSize)
            withUnsafeBytes(of: length.littleEndian) { for k in 0..<4 { patched[k] = $0[k] } }
            do {
                let m = try WireCodec.decode(frame: patched)
                Issue.record("\(name) cut at \(cut) decoded as \(m)")
            } catch {
                #expect(error.code == .malformed, "\(name) cut at \(cut): \(error)")
            }
        }
    }

    @Test func oversizeHeaderIsRejectedBeforeTheBodyArrives() throws {
        var decoder = FrameDecoder(maxFrameBytes: 1024)
        // A commit header announcing a 2000-byte payload, and nothing else.
        decoder.append(contentsOf: [0xD0, 0x07, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00])
        do {
            _ = try decoder.next()
            Issue.record("an oversize header was accepted")
        } catch {
            #expect(error.code == .frameTooLarge)
            #expect(error.message.contains("2008"), "\(error)")
        }
        // The stream stays failed; later bytes are dropped.
        decoder.append(contentsOf: [UInt8](repeating: 0, count: 100))
        #expect(decoder.bufferedByteCount == 0)
        #expect(throws: ProtocolError.self) { try decoder.next() }
        #expect(decoder.hasFailed)
    }

    @Test func frameOfExactlyTheLimitIsAccepted() throws {
        let bytes = WireCodec.encode(.ping(1))
        var decoder = FrameDecoder(maxFrameBytes: bytes.count)
        decoder.append(contentsOf: bytes)
        #expect(try decoder.next() == .ping(1))
        var smaller = FrameDecoder(maxFrameBytes: bytes.count - 1)
        smaller.append(contentsOf: bytes.prefix(WireCodec.headerSize))
        do { _ = try smaller.next(); Issue.record("a frame one byte over the limit was accepted") } catch {
            #expect(error.code == .frameTooLarge)
        }
    }

    @Test func headerFaultsAreReportedAtTheHeader() throws {
        // Unknown type 0x7777, payload length 4, body absent.
        var unknown = FrameDecoder()
        unknown.append(contentsOf: [0x04, 0, 0, 0, 0x77, 0x77, 0, 0])
        #expect(throws: ProtocolError.self) { try unknown.next() }
        do { _ = try unknown.next() } catch { #expect(error.code == .unknownMessageType) }

        // Flags 1 on a ping.
        var flags = FrameDecoder()
        flags.append(contentsOf: [0x08, 0, 0, 0, 0x40, 0x00, 0x01, 0x00])
        do { _ = try flags.next(); Issue.record("nonzero flags accepted") } catch { #expect(error.code == .malformed) }
    }

    @Test func decodeFrameRejectsExtraOrMissingBytes() throws {
        let ping = WireCodec.encode(.ping(9))
        do { _ = try WireCodec.decode(frame: ping + [0]); Issue.record("accepted a byte past the frame") } catch {
            #expect(error.code == .malformed)
        }
        // A payload longer than the message's fields: trailing bytes inside the frame.
        var long = ping + [0]
        long[0] = 9
        do { _ = try WireCodec.decode(frame: long); Issue.record("accepted trailing payload bytes") } catch {
            #expect(error.code == .malformed)
            #expect(error.message.contains("trailing"), "\(error)")
        }
        // Non-contiguous collections decode too.
        #expect(try WireCodec.decode(frame: ping.lazy.map { $0 }) == .ping(9))
    }
}
