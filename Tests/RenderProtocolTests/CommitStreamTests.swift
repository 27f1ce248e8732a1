import RenderCore
@testable import RenderProtocol
import Testing

/// A commit decoded a slice at a time is the commit `WireCodec` decodes whole, and fails
/// where and how the whole decode fails.
@Suite struct CommitStreamTests {
    static func commit(_ n: Int) -> Commit {
        var commands: [Command] = []
        for i in 1...n {
            commands.append(.createLayer(LayerID(i), .layer))
            commands.append(.setProperty(LayerID(i), .opacity, .number(Double(i) / Double(n))))
            var a = Animation.basic(.position, from: .point(Point(x: 0, y: 0)), to: .point(Point(x: Double(i), y: 1)), duration: 1)
            a.timing.beginTime = 5
            commands.append(.addAnimation(LayerID(i), key: "k\(i)", animationID: UInt64(i), animation: a))
        }
        return Commit(sequence: 9, mediaTime: 2.5, commands: commands)
    }

    static func payload(_ c: Commit) -> [UInt8] { Array(WireCodec.encode(.commit(c)).dropFirst(WireCodec.headerSize)) }

    @Test(arguments: [1, 7, 100, 10_000])
    func slicesMakeTheWholeCommit(_ slice: Int) throws {
        let c = Self.commit(300)
        var stream = try CommitStream(payload: Self.payload(c), limits: .default)
        #expect(stream.sequence == 9 && stream.mediaTime == 2.5 && stream.count == 900)
        var commands: [Command] = []
        while !stream.isComplete { commands += try stream.next(upTo: slice) }
        #expect(commands == c.commands)
    }

    @Test func theCountIsCheckedAgainstTheLimitBeforeAnyCommand() {
        var limits = Limits.default
        limits.maxCommandsPerCommit = 100
        #expect(throws: ProtocolError.self) { try CommitStream(payload: Self.payload(Self.commit(50)), limits: limits) }
        do {
            _ = try CommitStream(payload: Self.payload(Self.commit(50)), limits: limits)
        } catch {
            #expect(error.code == .limitExceeded)
            #expect(error.sequence == 9)
            #expect(error.message.contains("command count 150 exceeds the limit maxCommandsPerCommit = 100"))
        }
    }

    @Test func aBadCommandFailsWithTheSameErrorAsTheWholeDecode() throws {
        var bytes = Self.payload(Self.commit(20))
        // Corrupt the 31st command's tag (after the 30 commands of the first 10 layers).
        var probe = try CommitStream(payload: bytes, limits: nil)
        _ = try probe.next(upTo: 30)
        let whole: [UInt8] = WireCodec.encode(.commit(Self.commit(20)))
        let offset = whole.count - WireCodec.headerSize - Self.payload(Commit(sequence: 9, mediaTime: 2.5,
                                                                             commands: Array(Self.commit(20).commands[30...]))).count + 20
        bytes[offset] = 0xEE
        var frame = whole
        frame[offset + WireCodec.headerSize] = 0xEE
        var wholeError: ProtocolError?
        do { _ = try WireCodec.decode(frame: frame) } catch { wholeError = error }
        var stream = try CommitStream(payload: bytes, limits: nil)
        var streamError: ProtocolError?
        do { while !stream.isComplete { _ = try stream.next(upTo: 4) } } catch { streamError = error }
        #expect(wholeError != nil)
        #expect(streamError == wholeError)
    }

    @Test func trailingBytesAfterTheLastCommandAreMalformed() throws {
        var stream = try CommitStream(payload: Self.payload(Self.commit(3)) + [0], limits: nil)
        #expect(throws: ProtocolError.self) { while !stream.isComplete { _ = try stream.next(upTo: 2) } }
    }
}

@Suite struct MessageBufferTests {
    @Test func messagesBackToBackEqualTheirFramesConcatenated() {
        let messages: [Message] = [.ping(1), .commit(CommitStreamTests.commit(40)), .goodbye(Goodbye(reason: "é")),
                                   .animationStarted(AnimationStarted(animationID: 3, layer: 4, mediaTime: 5))]
        var buffer = MessageBuffer()
        for m in messages { buffer.append(m) }
        let expected = messages.flatMap { WireCodec.encode($0) }
        let count = buffer.count
        #expect(count == expected.count)
        #expect(buffer.take() == expected)
        let empty = buffer.isEmpty
        #expect(empty)
        buffer.append(.pong(9))
        #expect(buffer.take() == WireCodec.encode(.pong(9)))
    }
}

/// Regressions found by the fuzzer (rendersrv-fuzz).
extension CommitStreamTests {
    /// A commit of 0 commands has nothing to decode later, so its end is checked at once:
    /// bytes after its count are malformed, as in the whole decode.
    @Test func anEmptyCommitWithTrailingBytesIsMalformedWhenStreamed() throws {
        let empty = Self.payload(Commit(sequence: 1, mediaTime: 0.5, commands: []))
        let stream = try CommitStream(payload: empty, limits: .default)
        #expect(stream.count == 0 && stream.isComplete)
        do {
            _ = try CommitStream(payload: empty + [UInt8](repeating: 0x0D, count: 300), limits: .default)
            Issue.record("an empty commit with 300 trailing bytes was accepted")
        } catch {
            #expect(error.code == .malformed && error.message.contains("300 trailing bytes"), "\(error)")
        }
    }

    /// Every invalid vector fails the same way when commits are streamed (the daemon streams
    /// commit frames over 64 KiB; here every commit frame is streamed).
    @Test func invalidVectorsFailTheSameWayWhenStreamed() throws {
        for url in try VectorFiles.hexFiles(in: VectorFiles.invalidDirectory) {
            let file = try VectorFiles.read(url)
            let expect = try #require(file.comments.first { $0.hasPrefix("expect:") })
            let code = expect.dropFirst("expect:".count).trimmingCharacters(in: .whitespaces)
            var decoder = FrameDecoder()
            decoder.append(contentsOf: file.bytes)
            do {
                while let decoded = try decoder.next(streamingCommitsLargerThan: 0) {
                    guard case var .commit(stream) = decoded else { continue }
                    while !stream.isComplete { _ = try stream.next(upTo: 1) }
                }
                Issue.record("\(url.lastPathComponent): expected \(code), but it decoded when streamed")
            } catch {
                #expect("\(error.code)" == code, "\(url.lastPathComponent): \(error)")
            }
        }
    }
}
