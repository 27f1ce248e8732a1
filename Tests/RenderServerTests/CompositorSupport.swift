import Foundation
import Logging
import RenderCore
import RenderProtocol
import Testing
@testable import RenderServer
@testable import RenderServerHarness

/// The embedded server on the manual clock drawing through a compositor on its own thread
/// (`synchronous: false`, as the daemon's: a busy compositor makes frames skip, and a frame
/// is drawn after its step returns), with one client that said hello.
struct AsyncDrawnServer {
    let server: EmbeddedServer
    let output: CompositorOutput
    let client: UInt32

    init(width: Int, height: Int, clientName: String) throws {
        var log = Logger(label: "async-compositor-test")
        log.logLevel = .critical
        output = try CompositorOutput(.init(width: width, height: height, synchronous: false, logger: log))
        server = EmbeddedServer(configuration: Configuration(displayWidth: width, displayHeight: height,
                                                             clock: .manual(start: DrawnScene.start), logger: log),
                                output: output)
        client = server.connect(pid: 1)
        server.send(.hello(Hello(clientName: clientName, pid: 1)), from: client)
    }
}

/// A scene on the embedded server with a drawing output: one client commits layers on the
/// manual clock and the test reads the composited frame.
///
/// Beside it (`poolTwins`, the default) the same commits and steps go to two more servers
/// whose compositors cut every frame into bands of 8 rows, drawn by one thread and by four
/// (`BandPool`): each `step` checks that their frames are the same bit for bit.
final class DrawnScene {
    static let start = 1000.0
    let server: EmbeddedServer
    let output: CompositorOutput
    let client: UInt32
    private var sequence: UInt64 = 1
    private struct Twin { let server: EmbeddedServer; let output: CompositorOutput; let client: UInt32 }
    /// One thread, then four.
    private var twins: [Twin] = []

    init(width: Int = 160, height: Int = 120, poolTwins: Bool = true) throws {
        var log = Logger(label: "compositor-test")
        log.logLevel = .critical
        func make(threads: Int) throws -> Twin {
            let output = try CompositorOutput(.init(width: width, height: height, synchronous: true, threads: threads,
                                                    logger: log))
            let server = EmbeddedServer(configuration: Configuration(displayWidth: width, displayHeight: height,
                                                                     clock: .manual(start: DrawnScene.start), logger: log),
                                        output: output)
            let client = server.connect(pid: 1)
            server.send(.hello(Hello(clientName: "scene", pid: 1)), from: client)
            _ = try server.readMessages(of: client)
            return Twin(server: server, output: output, client: client)
        }
        let main = try make(threads: 1)
        (server, output, client) = (main.server, main.output, main.client)
        if poolTwins {
            twins = [try make(threads: 1), try make(threads: 4)]
            for t in twins { t.output.useBands(rows: 8, minArea: 0) }
        }
    }

    /// Commits the commands (checking they were applied) without stepping.
    func commit(_ commands: [Command]) throws {
        for t in twins {
            t.server.send(.commit(Commit(sequence: sequence, mediaTime: t.server.frameTime, commands: commands)), from: t.client)
            _ = try t.server.readMessages(of: t.client)
        }
        server.send(.commit(Commit(sequence: sequence, mediaTime: server.frameTime, commands: commands)), from: client)
        sequence += 1
        let replies = try server.readMessages(of: client)
        for m in replies { if case let .error(e) = m { Issue.record("commit refused: \(e.message)") } }
    }

    /// Resizes the display of the server and its twins (`EmbeddedServer.resizeDisplay`),
    /// without stepping.
    func resize(width: Int, height: Int) {
        for t in twins { t.server.resizeDisplay(width: width, height: height) }
        server.resizeDisplay(width: width, height: height)
    }

    /// Steps the manual clock and returns the frame drawn last.
    func step(_ seconds: Double = 1.0 / 60, sourceLocation: SourceLocation = #_sourceLocation) -> CompositedFrame {
        if twins.count == 2 {
            for t in twins { t.server.step(seconds: seconds) }
            let one = twins[0].output.latestFrame(), pool = twins[1].output.latestFrame()
            if one.pixels != pool.pixels {
                let d = Golden.difference(one.pixels, pool.pixels, tolerance: 0)
                let share = String(format: "%.3f", d.differingShare * 100)
                let message: String = "frame \(one.frame): four threads drawing bands differ from one thread in \(share)% "
                    + "of pixels (largest channel difference \(d.largestChannel))"
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            }
            #expect(twins[1].output.threads == 4, sourceLocation: sourceLocation)
        }
        server.step(seconds: seconds)
        return output.latestFrame()
    }
}

extension EmbeddedServer {
    /// The latest frame's media time.
    var frameTime: Double { core.lastFrameTime }
}

/// Scene-building shorthands.
enum S {
    static func create(_ id: LayerID, _ kind: LayerKind = .layer) -> Command { .createLayer(id, kind) }
    static func set(_ id: LayerID, _ key: PropertyKey, _ v: AnimatableValue) -> Command { .setProperty(id, LayerKeyPath(key), v) }
    static func add(_ child: LayerID, to parent: LayerID) -> Command { .insertSublayer(parent: parent, child: child, index: .max) }
    static func frame(_ id: LayerID, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> [Command] {
        [set(id, .bounds, .rect(Rect(x: 0, y: 0, width: w, height: h))),
         set(id, .position, .point(Point(x: x + w / 2, y: y + h / 2)))]
    }
    static func color(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> AnimatableValue {
        .color(Color(red: r, green: g, blue: b, alpha: a))
    }
    /// A root layer covering the display, light grey, plus the given layers as its sublayers.
    static func scene(_ body: [Command], width: Double = 160, height: Double = 120,
                      background: AnimatableValue = color(0.92, 0.92, 0.92)) -> [Command] {
        [create(1)] + frame(1, 0, 0, width, height) + [set(1, .backgroundColor, background), .setRoot(1)] + body
    }
}

/// Compares frames with committed goldens under `Tests/RenderServerTests/Goldens/`.
///
/// A pixel differs when one of its channels differs by more than `channelTolerance`
/// (0…255); the test fails when more than `maxDifferingShare` of the pixels differ. On a
/// failure it writes `NAME.actual.png` and `NAME.diff.png` (differing pixels red, the rest
/// a dim copy of the golden) beside the golden. `RENDERSRV_RECORD_GOLDENS=1` rewrites the
/// goldens instead of comparing (then look at them before committing).
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens").path

    struct Difference { var largestChannel: Int; var differingShare: Double }

    static func difference(_ a: [UInt8], _ b: [UInt8], tolerance: Int) -> Difference {
        var largest = 0, differing = 0
        let n = min(a.count, b.count) / 4
        for i in 0..<n {
            var m = 0
            for c in 0..<4 { m = max(m, abs(Int(a[i * 4 + c]) - Int(b[i * 4 + c]))) }
            largest = max(largest, m)
            if m > tolerance { differing += 1 }
        }
        return Difference(largestChannel: largest, differingShare: n == 0 ? 1 : Double(differing) / Double(n))
    }

    static func check(_ frame: CompositedFrame, _ name: String, channelTolerance: Int = 24, maxDifferingShare: Double = 0.004,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        let path = directory + "/" + name + ".png"
        if ProcessInfo.processInfo.environment["RENDERSRV_RECORD_GOLDENS"] == "1" {
            do { try frame.writePNG(to: path) } catch { Issue.record("\(error)", sourceLocation: sourceLocation) }
            return
        }
        guard let golden = try? ImageFile.readPNG(path) else {
            try? frame.writePNG(to: directory + "/" + name + ".actual.png")
            let message: String = "no golden \(path); wrote \(name).actual.png — look at it, then record goldens with "
                + "RENDERSRV_RECORD_GOLDENS=1"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        guard golden.width == frame.width, golden.height == frame.height else {
            Issue.record("\(name): golden is \(golden.width)x\(golden.height), frame \(frame.width)x\(frame.height)",
                         sourceLocation: sourceLocation)
            return
        }
        let d = difference(golden.pixels, frame.pixels, tolerance: channelTolerance)
        if d.differingShare > maxDifferingShare {
            try? frame.writePNG(to: directory + "/" + name + ".actual.png")
            var diff = golden.pixels
            for i in 0..<(diff.count / 4) {
                var m = 0
                for c in 0..<4 { m = max(m, abs(Int(golden.pixels[i * 4 + c]) - Int(frame.pixels[i * 4 + c]))) }
                if m > channelTolerance { diff[i * 4] = 0; diff[i * 4 + 1] = 0; diff[i * 4 + 2] = 255; diff[i * 4 + 3] = 255 }
                else { for c in 0..<3 { diff[i * 4 + c] /= 3 }; diff[i * 4 + 3] = 255 }
            }
            try? ImageFile.writePNG(pixels: diff, width: frame.width, height: frame.height,
                                    to: directory + "/" + name + ".diff.png")
            let share = String(format: "%.2f", d.differingShare * 100)
            let message: String = "\(name): \(share)% of pixels differ by more than \(channelTolerance) (largest channel "
                + "difference \(d.largestChannel)); wrote \(name).actual.png and \(name).diff.png beside the golden"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }
}

/// Whether two premultiplied RGBA pixels agree within `tolerance` on every channel
/// (cairo rounds 0.1 × 255 down, for instance).
func near(_ a: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ b: (UInt8, UInt8, UInt8, UInt8), tolerance: Int = 2) -> Bool {
    abs(Int(a.r) - Int(b.0)) <= tolerance && abs(Int(a.g) - Int(b.1)) <= tolerance
        && abs(Int(a.b) - Int(b.2)) <= tolerance && abs(Int(a.a) - Int(b.3)) <= tolerance
}
