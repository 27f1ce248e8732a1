import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// A tree as deep as a daemon may be configured to accept (`Limits.maxTreeDepthCeiling`):
/// its commit is validated and applied in slices bounded by their work (the structural
/// checks walk O(depth) per insert), the daemon and its other clients go on between them,
/// and every level is drawn on the compositor thread without exhausting its stack (issue 18:
/// a 2,000-deep chain crashed rendersrvd with SIGSEGV in the recursive drawing walk, and a
/// 20,000-deep commit was validated in one 46–57 s turn).
@Suite struct DeepTreeTests {
    static let depth = Int(Limits.maxTreeDepthCeiling)

    /// A chain of `depth` layers from the root down, all covering the display's top-left 10×10
    /// pixels, each masked by a layer of its own (masks draw through groups: the deepest
    /// nesting the drawing does); only the deepest layer has a color, green.
    static func maskedChain(depth: Int) -> [Command] {
        var commands: [Command] = (1...depth).map { .createLayer(LayerID($0), .layer) }
        commands += (1..<depth).map { .insertSublayer(parent: LayerID($0), child: LayerID($0 + 1), index: 0) }
        commands.append(.setRoot(1))
        let square = AnimatableValue.rect(Rect(x: 0, y: 0, width: 10, height: 10)), center = AnimatableValue.point(Point(x: 5, y: 5))
        for i in 1...depth {
            let mask = LayerID(100_000 + i)
            commands.append(.createLayer(mask, .layer))
            commands += [.setProperty(mask, .bounds, square), .setProperty(mask, .position, center),
                         .setProperty(mask, .backgroundColor, .color(Color(red: 0, green: 0, blue: 0, alpha: 1))),
                         .setProperty(LayerID(i), .bounds, square), .setProperty(LayerID(i), .position, center),
                         .setProperty(LayerID(i), LayerKeyPath(.mask), .layer(UInt32(mask)))]
        }
        commands.append(.setProperty(LayerID(depth), .backgroundColor, .color(Color(red: 0, green: 1, blue: 0, alpha: 1))))
        return commands
    }

    @Test func aChainAtTheDeepestAcceptedDepthIsSlicedByItsWorkAndDrawn() throws {
        var limits = Limits.default
        limits.maxTreeDepth = Limits.maxTreeDepthCeiling
        var configuration = Configuration(clock: .manual(start: 1000), limits: limits)
        configuration.logger.logLevel = .critical
        let output = try CompositorOutput(.init(width: 64, height: 64, synchronous: true))
        let s = EmbeddedServer(configuration: configuration, output: output)
        s.finishesLargeCommits = false
        let deep = try IsolationTests.client(s, name: "deep")
        let other = try IsolationTests.client(s, name: "other")
        let commands = Self.maskedChain(depth: Self.depth)
        s.send(.commit(Commit(sequence: 1, mediaTime: 0, commands: commands)), from: deep)
        // Far more turns than the commit has commands per slice: the ancestor walks count.
        var turns = 0
        while s.runLoopTurn() {
            turns += 1
            if turns % 64 == 0 { try IsolationTests.expectServed(s, other, sequence: UInt64(turns / 64)) }
        }
        let plainSlices = (commands.count + 2_047) / 2_048
        #expect(turns > 4 * plainSlices, "\(turns) turns for \(commands.count) commands")
        let messages = try s.readMessages(of: deep)
        #expect(messages.contains { if case .commitApplied = $0 { return true }; return false }, "\(messages.prefix(2))")
        #expect(s.layerCount(of: deep) == 2 * Self.depth)
        #expect(s.sublayers(of: LayerID(Self.depth - 1), client: deep) == [LayerID(Self.depth)])
        // Every level drawn, on the compositor thread (its render items are built a slice per
        // frame, 4,096 at a time, while the previous picture stays): the frame's pixels are ready.
        s.step(seconds: 10.0 / 60)
        let frame = output.latestFrame(currentFrame: s.frameNumber)
        #expect(frame.frame == s.frameNumber)
        // The deepest layer shows, through its 4,096 ancestors' masks.
        let pixel = frame.rgba(5, 5)
        #expect(pixel.g > 200 && pixel.r < 50, "pixel (5, 5): \(pixel)")
        #expect(frame.rgba(20, 20).g == 0)
        #expect(!s.isClosed(deep) && !s.isClosed(other))
    }
}
