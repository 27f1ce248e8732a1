import RenderCore
@testable import RenderProtocol
import Testing

/// The small fixed-size messages (`SmallFrame`): encoded byte for byte as the general
/// encoder encodes them, by every entry point (`encode`, `withEncodedFrame`,
/// `MessageBuffer.append`); each decoded by the decoder's short path exactly when the
/// general decoder would accept it, to the same message, and refused with the general
/// decoder's error otherwise.
@Suite struct SmallFrameTests {
    static let times: [Double] = [0, -0.0, 1000 + 1.0 / 60, .infinity, -1e300, .leastNonzeroMagnitude]

    static var smallMessages: [Message] {
        var out: [Message] = []
        for token: UInt64 in [0, 1, 0x0102_0304_0506_0708, .max] { out += [.ping(token), .pong(token)] }
        for (n, t) in times.enumerated() {
            out.append(.commitApplied(CommitApplied(sequence: UInt64.max - UInt64(n), frame: UInt64(n) << 33, mediaTime: t)))
        }
        for id: UInt32 in [0, 7, .max] { out += [.statsRequest(requestID: id), .clientsRequest(requestID: id)] }
        return out
    }

    @Test func smallMessagesEncodeAsTheGeneralEncoderDoes() {
        for message in Self.smallMessages {
            let general = WireCodec.encodeGeneral(message, sharingBitmaps: nil).bytes
            #expect(general.count <= SmallFrame.capacity)
            #expect(WireCodec.encode(message) == general, "\(message)")
            #expect(WireCodec.withEncodedFrame(message) { [UInt8]($0) } == general, "\(message)")
            var buffer = MessageBuffer()
            buffer.append(.goodbye(Goodbye(reason: "before")))
            buffer.append(message)
            buffer.append(message)
            let goodbye = WireCodec.encode(.goodbye(Goodbye(reason: "before")))
            #expect(buffer.take() == goodbye + general + general, "\(message)")
            #expect((try? WireCodec.decode(frame: general)) == message)
        }
    }

    @Test func otherMessagesGoThroughTheGeneralEncoder() {
        let others: [Message] = [.hello(Hello(clientName: "small", pid: 3)), .goodbye(Goodbye(reason: "")),
                                 .commit(Commit(sequence: 1, mediaTime: 0, commands: [], requestsPresentation: true))]
        for message in others {
            var room = [UInt8](repeating: 0xAA, count: SmallFrame.capacity)
            #expect(room.withUnsafeMutableBytes { SmallFrame.encode(message, into: $0.baseAddress!) } == 0)
            #expect(room.allSatisfy { $0 == 0xAA }, "wrote for \(message)")
            #expect(WireCodec.withEncodedFrame(message) { [UInt8]($0) } == WireCodec.encode(message))
        }
    }

    @Test func theShortPathDecodesWhatTheGeneralDecoderDecodes() throws {
        for message in Self.smallMessages {
            let frame = WireCodec.encode(message)
            let short = frame.withUnsafeBytes { SmallFrame.decode($0, maxFrameBytes: 1024) }
            let decoded = try #require(short, "\(message)")
            #expect(decoded.length == frame.count)
            // Bit for bit (a −0 media time stays −0): encoded again, the same bytes.
            #expect(WireCodec.encode(decoded.message) == frame, "\(message)")
            #expect(decoded.message == (try WireCodec.decode(frame: frame)))
            // Not whole yet: left for the next read.
            #expect(frame.dropLast().withUnsafeBytes { SmallFrame.decode($0, maxFrameBytes: 1024) } == nil)
        }
        let others: [Message] = [.goodbye(Goodbye(reason: "")), .hello(Hello(clientName: "c", pid: 1)),
                                 .commitPresented(CommitPresented(sequence: 1, frame: 2, mediaTime: 3, readyTime: nil))]
        for message in others {
            #expect(WireCodec.encode(message).withUnsafeBytes { SmallFrame.decode($0, maxFrameBytes: 1024) } == nil)
        }
    }

    @Test func pingsAndPongsBackToBackAndSplitDecode() throws {
        let messages: [Message] = [.ping(1), .pong(2), .goodbye(Goodbye(reason: "x")), .ping(.max), .commitApplied(
            CommitApplied(sequence: 3, frame: 4, mediaTime: 5)), .pong(0)]
        let stream = messages.flatMap { WireCodec.encode($0) }
        for chunk in [1, 3, 7, 16, 17, stream.count] {
            var decoder = FrameDecoder()
            var decoded: [Message] = []
            var at = 0
            while at < stream.count {
                decoder.append(contentsOf: stream[at ..< min(at + chunk, stream.count)])
                at += chunk
                while let m = try decoder.next() { decoded.append(m) }
            }
            #expect(decoded == messages, "chunks of \(chunk)")
            #expect(decoder.bufferedByteCount == 0)
        }
    }

    /// Frames the short path must leave to the general decoder, each with the error it gives.
    @Test func malformedPingsGetTheGeneralDecodersErrors() {
        let cases: [(name: String, bytes: [UInt8], maxFrameBytes: Int, code: ErrorCode)] = [
            ("flags 1 on a ping", [8, 0, 0, 0, 0x40, 0, 1, 0] + [UInt8](repeating: 1, count: 8), 1024, .malformed),
            ("flags 0x100 on a pong", [8, 0, 0, 0, 0x41, 0, 0, 1] + [UInt8](repeating: 1, count: 8), 1024, .malformed),
            ("a 9-byte ping payload", [9, 0, 0, 0, 0x40, 0, 0, 0] + [UInt8](repeating: 1, count: 9), 1024, .malformed),
            ("a 7-byte pong payload", [7, 0, 0, 0, 0x41, 0, 0, 0] + [UInt8](repeating: 1, count: 7), 1024, .malformed),
            ("type 0x4040", [8, 0, 0, 0, 0x40, 0x40, 0, 0] + [UInt8](repeating: 1, count: 8), 1024, .unknownMessageType),
            ("a ping over a 15-byte limit", WireCodec.encode(.ping(5)), 15, .frameTooLarge),
            ("flags 1 on a commitApplied", [24, 0, 0, 0, 0x11, 0, 1, 0] + [UInt8](repeating: 1, count: 24), 1024, .malformed),
            ("a 23-byte commitApplied payload", [23, 0, 0, 0, 0x11, 0, 0, 0] + [UInt8](repeating: 1, count: 23), 1024,
             .malformed),
            ("a 5-byte statsRequest payload", [5, 0, 0, 0, 0x00, 0x01, 0, 0] + [UInt8](repeating: 1, count: 5), 1024,
             .malformed),
            ("a commitApplied over a 31-byte limit", WireCodec.encode(.commitApplied(CommitApplied(sequence: 1, frame: 2,
                                                                                                   mediaTime: 3))), 31,
             .frameTooLarge),
        ]
        for c in cases {
            var decoder = FrameDecoder(maxFrameBytes: c.maxFrameBytes)
            decoder.append(contentsOf: c.bytes)
            do {
                let m = try decoder.next()
                Issue.record("\(c.name): decoded \(String(describing: m))")
            } catch {
                #expect(error.code == c.code, "\(c.name): \(error)")
            }
            #expect(decoder.hasFailed, "\(c.name)")
        }
    }
}
