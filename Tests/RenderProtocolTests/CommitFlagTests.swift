import RenderCore
@testable import RenderProtocol
import Testing

/// Bit 0 of a commit frame's header flags (presentation feedback requested) survives every
/// decoding path, streamed commits included; other bits, and any bit on other messages,
/// are malformed.
@Suite struct CommitFlagTests {
    static let commit = Commit(sequence: 4, mediaTime: 2, commands: [.createLayer(1, .layer)], requestsPresentation: true)

    @Test func theFlagIsInTheHeaderAndRoundTrips() throws {
        let bytes = WireCodec.encode(.commit(Self.commit))
        #expect(bytes[6] == 0x01 && bytes[7] == 0x00)
        #expect(try WireCodec.decode(frame: bytes) == .commit(Self.commit))
        var plain = Self.commit
        plain.requestsPresentation = false
        let plainBytes = WireCodec.encode(.commit(plain))
        #expect(plainBytes[6] == 0 && Array(plainBytes[8...]) == Array(bytes[8...]), "only the header differs")
    }

    @Test func aStreamedCommitKeepsTheFlag() throws {
        var decoder = FrameDecoder()
        decoder.append(contentsOf: WireCodec.encode(.commit(Self.commit)))
        guard case let .commit(stream)? = try decoder.next(streamingCommitsLargerThan: 0) else {
            Issue.record("not streamed"); return
        }
        #expect(stream.requestsPresentation && stream.sequence == 4)
    }

    @Test func otherBitsAreMalformed() {
        var bytes = WireCodec.encode(.commit(Self.commit))
        bytes[6] = 0x02
        do { _ = try WireCodec.decode(frame: bytes); Issue.record("flag 0x0002 accepted") } catch {
            #expect(error.code == .malformed)
            #expect(error.message.contains("may only hold 0x0001"), "\(error.message)")
        }
        var ping = WireCodec.encode(.ping(1))
        ping[6] = 0x01
        do { _ = try WireCodec.decode(frame: ping); Issue.record("a flag on ping accepted") } catch {
            #expect(error.code == .malformed && error.message.contains("must be 0"))
        }
    }
}
