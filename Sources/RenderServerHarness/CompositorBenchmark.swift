import CSystem
import Foundation
import Logging
import RenderCore
import RenderServer
import RenderProtocol

/// The compositor benchmark behind `rendersrv-bench --composite` (not a test: it reports
/// numbers). Scenes are committed over the wire to an embedded server on the manual clock;
/// every frame's render list is drawn by a `Rasterizer` on the calling thread and timed —
/// the cached compositor (layer bitmaps, damage) against the naive one (every layer's
/// vectors, every frame, whole frame) on the same frames in the same run.
public enum CompositorBenchmark {
    public struct Result: Sendable {
        public var name: String
        /// Milliseconds per frame (mean over the timed frames) for the compositor and for naive cairo.
        public var cachedMs: Double
        public var naiveMs: Double
        /// The compositor without `SolidFiller` and bands (cairo fills, one pass), for
        /// before/after in the same run.
        public var cairoFillsMs: Double
        public var ratio: Double { cachedMs > 0 ? naiveMs / cachedMs : 0 }
        public var cairoFillsRatio: Double { cairoFillsMs > 0 ? naiveMs / cairoFillsMs : 0 }
    }

    public struct Capacity: Sendable {
        public var layers: Int
        /// Per frame, milliseconds: the loop thread (evaluate + render list) and the compositor thread (draw), worst and mean.
        public var loopMax: Double, loopMean: Double
        public var drawMax: Double, drawMean: Double
        /// Frames where either thread's share exceeded the frame period.
        public var missed: Int
    }

    /// Draws each frame's render list with both rasterizers, timing each.
    private final class TimingOutput: FrameOutput {
        let rasterizers: [Rasterizer]
        var times: [[Double]]
        var buildTimes: [Double] = []
        var timing = true
        let builder = RenderListBuilder()
        init(_ rasterizers: [Rasterizer]) { self.rasterizers = rasterizers; times = rasterizers.map { _ in [] } }
        func present(_ frame: FrameSnapshot) {
            let t0 = csys_monotonic_ns()
            let list = builder.build(frame)
            let t1 = csys_monotonic_ns()
            if timing { buildTimes.append(Double(t1 - t0) / 1e6) }
            for (i, r) in rasterizers.enumerated() {
                let s = csys_monotonic_ns()
                r.draw(list)
                if timing { times[i].append(Double(csys_monotonic_ns() - s) / 1e6) }
            }
        }
    }

    static func server(_ output: FrameOutput, width: Int, height: Int) -> (EmbeddedServer, UInt32) {
        var log = Logger(label: "bench")
        log.logLevel = .critical
        var limits = Limits.default
        limits.maxCommandsPerCommit = 2_000_000
        limits.maxLayers = 200_000
        // A scene's layers each animated, and the root too (`--handoff --animated-root`).
        limits.maxAnimations = 200_001
        let s = EmbeddedServer(configuration: Configuration(displayWidth: width, displayHeight: height,
                                                            clock: .manual(start: 1000), limits: limits, logger: log),
                               output: output)
        let c = s.connect(pid: 1)
        s.send(.hello(Hello(clientName: "bench", pid: 1)), from: c)
        _ = s.readBytes(of: c)
        return (s, c)
    }

    static func set(_ id: LayerID, _ k: PropertyKey, _ v: AnimatableValue) -> Command { .setProperty(id, LayerKeyPath(k), v) }

    static func rootCommands(_ width: Int, _ height: Int) -> [Command] {
        [.createLayer(1, .layer), set(1, .bounds, .rect(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))),
         set(1, .position, .point(Point(x: Double(width) / 2, y: Double(height) / 2))),
         set(1, .backgroundColor, .color(Color(white: 0.95))), .setRoot(1)]
    }

    /// 200 translucent, rotated, scaled, rounded, bordered layers spread over the display.
    static func cards(_ count: Int, width: Int, height: Int, firstID: LayerID = 10) -> [Command] {
        var out: [Command] = []
        var seed: UInt64 = 42
        func rnd() -> Double { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Double(seed >> 11) / Double(1 << 53) }
        for i in 0..<count {
            let id = firstID + LayerID(i)
            let w = 60 + rnd() * 120, h = 40 + rnd() * 90
            out += [.createLayer(id, .layer),
                    set(id, .bounds, .rect(Rect(x: 0, y: 0, width: w, height: h))),
                    set(id, .position, .point(Point(x: rnd() * Double(width), y: rnd() * Double(height)))),
                    set(id, .backgroundColor, .color(Color(red: rnd(), green: rnd(), blue: rnd(), alpha: 0.6 + rnd() * 0.3))),
                    set(id, .cornerRadius, .number(6 + rnd() * 14)),
                    set(id, .borderWidth, .number(2)),
                    set(id, .borderColor, .color(Color(white: 0.1, alpha: 0.8))),
                    set(id, .opacity, .number(0.7 + rnd() * 0.25)),
                    set(id, .transform, .transform(Transform3D.rotation(angle: rnd() * 6.28, x: 0, y: 0, z: 1)
                        .scaled(x: 0.8 + rnd() * 0.5, y: 0.8 + rnd() * 0.5))),
                    .insertSublayer(parent: 1, child: id, index: .max)]
        }
        return out
    }

    static func spin(_ id: LayerID, _ i: Int) -> Command {
        var a = Animation.basic(LayerKeyPath(.transform, .rotationZ), from: .number(Double(i) * 0.7),
                                to: .number(Double(i) * 0.7 + 6.28), duration: 2 + Double(i % 5) * 0.3)
        a.timing.beginTime = 1000
        a.timing.repeatCount = .infinity
        return .addAnimation(id, key: "spin", animationID: UInt64(id), animation: a)
    }

    /// Runs `frames` frames of `commands` through both rasterizers (only the compositor
    /// with `compositorOnly`, for profiling it alone: the other figures are then 0).
    static func compare(_ name: String, _ commands: [Command], width: Int, height: Int, frames: Int,
                        compositorOnly: Bool = false) -> Result {
        let cached = Rasterizer(width: width, height: height, mode: .cached)!
        let naive = Rasterizer(width: width, height: height, mode: .naive)!
        let cairoFills = Rasterizer(width: width, height: height, mode: .cached)!
        cairoFills.fillsSolidsDirectly = false
        cairoFills.bandRows = .max
        let out = TimingOutput(compositorOnly ? [cached] : [cached, naive, cairoFills])
        let (s, c) = server(out, width: width, height: height)
        out.timing = false
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: commands)), from: c)
        s.step(seconds: 1.0 / 60)   // first frame: everything rasterized, not timed
        out.timing = true
        s.step(seconds: Double(frames) / 60)
        func mean(_ a: [Double]) -> Double { a.isEmpty ? 0 : a.reduce(0, +) / Double(a.count) }
        return Result(name: name, cachedMs: mean(out.times[0]), naiveMs: compositorOnly ? 0 : mean(out.times[1]),
                      cairoFillsMs: compositorOnly ? 0 : mean(out.times[2]))
    }

    /// (a) 200 translucent rotated scaled rounded bordered layers, all spinning: full damage.
    /// With `shadows`, each also casts a blurred shadow (what a kept bitmap saves redrawing).
    public static func fullDamage(layers: Int = 200, shadows: Bool = false, width: Int = 1280, height: Int = 720,
                                  frames: Int = 60, compositorOnly: Bool = false) -> Result {
        var cmds = rootCommands(width, height) + cards(layers, width: width, height: height)
        for i in 0..<layers {
            let id = 10 + LayerID(i)
            cmds.append(spin(id, i))
            if shadows {
                cmds += [set(id, .shadowOpacity, .number(0.5)), set(id, .shadowRadius, .number(6)),
                         set(id, .shadowOffset, .size(Size(width: 0, height: 4)))]
            }
        }
        return compare("(a\(shadows ? "'" : "")) \(layers) translucent rotated rounded bordered layers\(shadows ? " with shadows" : ""), full damage",
                       cmds, width: width, height: height, frames: frames, compositorOnly: compositorOnly)
    }

    /// (b) one 100×100 layer moving over a static scene of 200 layers.
    public static func smallDamage(layers: Int = 200, width: Int = 1280, height: Int = 720, frames: Int = 60,
                                   compositorOnly: Bool = false) -> Result {
        var cmds = rootCommands(width, height) + cards(layers, width: width, height: height)
        let mover: LayerID = 5000
        cmds += [.createLayer(mover, .layer), set(mover, .bounds, .rect(Rect(x: 0, y: 0, width: 100, height: 100))),
                 set(mover, .backgroundColor, .color(Color(red: 0.9, green: 0.2, blue: 0.1))), set(mover, .cornerRadius, .number(12)),
                 .insertSublayer(parent: 1, child: mover, index: .max)]
        var move = Animation.basic(.position, from: .point(Point(x: 100, y: 360)), to: .point(Point(x: 1180, y: 360)), duration: 4)
        move.timing.beginTime = 1000
        cmds.append(.addAnimation(mover, key: "move", animationID: 1, animation: move))
        return compare("(b) one 100x100 layer moving over \(layers) static layers", cmds, width: width, height: height,
                       frames: frames, compositorOnly: compositorOnly)
    }

    /// (c) `layers` animated layers of mixed kinds (rounded bordered layers moving, star
    /// shapes spinning, text layers fading); the loop thread's and the compositor thread's
    /// work per frame, each of which must fit in a 60 Hz period. `threads`: the threads that
    /// draw the bands (`Rasterizer.threads`).
    public static func capacity(layers: Int, width: Int = 1280, height: Int = 720, frames: Int = 120,
                                threads: Int = 1) -> Capacity {
        let cached = Rasterizer(width: width, height: height, mode: .cached, threads: threads)!
        let out = TimingOutput([cached])
        let (s, c) = server(out, width: width, height: height)
        let cmds = mixedScene(layers: layers, width: width, height: height)
        out.timing = false
        s.send(.commit(Commit(sequence: 1, mediaTime: 1000, commands: cmds)), from: c)
        s.step(seconds: 1.0 / 60)
        out.timing = true
        var loop: [Double] = []
        for _ in 0..<frames {
            let before = out.times[0].count
            let t0 = csys_monotonic_ns()
            s.step(seconds: 1.0 / 60)
            let total = Double(csys_monotonic_ns() - t0) / 1e6
            let draw = out.times[0].count > before ? out.times[0].last! : 0
            loop.append(total - draw)
            _ = s.readBytes(of: c)
        }
        let period = 1000.0 / 60
        let draws = out.times[0]
        let missed = zip(loop, draws).filter { $0.0 > period || $0.1 > period }.count
        func mean(_ a: [Double]) -> Double { a.isEmpty ? 0 : a.reduce(0, +) / Double(a.count) }
        return Capacity(layers: layers, loopMax: loop.max() ?? 0, loopMean: mean(loop), drawMax: draws.max() ?? 0,
                        drawMean: mean(draws), missed: missed)
    }

    /// Scene (c)'s commands: a root covering the display and `layers` animated sublayers
    /// of mixed kinds — every third a rounded bordered layer moving, a star shape spinning,
    /// a text layer fading — spread over the display (also `rendersrv-stress composite
    /// --scenes mixed`, through a daemon).
    public static func mixedScene(layers: Int, width: Int = 1280, height: Int = 720) -> [Command] {
        var cmds = rootCommands(width, height)
        var star = Path()
        star.move(to: Point(20, 0)); star.addLine(to: Point(30, 40)); star.addLine(to: Point(0, 15))
        star.addLine(to: Point(40, 15)); star.addLine(to: Point(10, 40)); star.closeSubpath()
        for i in 0..<layers {
            let id = 10 + LayerID(i)
            let x = Double((i * 37) % (width - 40)) + 20, y = Double((i * 53) % (height - 40)) + 20
            switch i % 3 {
            case 0:
                cmds += [.createLayer(id, .layer), set(id, .bounds, .rect(Rect(x: 0, y: 0, width: 36, height: 28))),
                         set(id, .backgroundColor, .color(Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.8))),
                         set(id, .cornerRadius, .number(6)), set(id, .borderWidth, .number(1.5)), set(id, .position, .point(Point(x, y)))]
                var a = Animation.basic(.position, from: .point(Point(x, y)), to: .point(Point(x + 60, y + 30)), duration: 1.5)
                a.timing.beginTime = 1000; a.timing.repeatCount = .infinity; a.timing.autoreverses = true
                cmds.append(.addAnimation(id, key: "p", animationID: UInt64(id), animation: a))
            case 1:
                cmds += [.createLayer(id, .shape), set(id, .bounds, .rect(Rect(x: 0, y: 0, width: 40, height: 40))),
                         set(id, .path, .path(star)), set(id, .fillColor, .color(Color(red: 1, green: 0.8, blue: 0.1))),
                         set(id, .strokeColor, .color(.black)), set(id, .position, .point(Point(x, y)))]
                cmds.append(spin(id, i))
            default:
                cmds += [.createLayer(id, .text), set(id, .bounds, .rect(Rect(x: 0, y: 0, width: 60, height: 20))),
                         set(id, .string, .string("L\(i)")), set(id, .fontSize, .number(14)),
                         set(id, .foregroundColor, .color(.black)), set(id, .position, .point(Point(x, y)))]
                var a = Animation.basic(.opacity, from: .number(1), to: .number(0.2), duration: 1)
                a.timing.beginTime = 1000; a.timing.repeatCount = .infinity; a.timing.autoreverses = true
                cmds.append(.addAnimation(id, key: "o", animationID: UInt64(id), animation: a))
            }
            cmds.append(.insertSublayer(parent: 1, child: id, index: .max))
        }
        return cmds
    }

    /// What the loop thread spends building render lists (the hand-off's cost), in
    /// milliseconds: for the frame that first shows the tree (a whole build, at once), per
    /// frame while one layer animates among the static ones (mean over `frames` frames), for
    /// the frame after a commit that sets one static layer's color; and, with the daemon's
    /// slicing (`RenderListBuilder.defaultSliceItems`), after a commit that inserts a layer:
    /// the longest frame and the frames until the new picture shows.
    public struct RenderListCost: Sendable {
        public var firstBuild: Double
        public var perFrame: Double
        public var afterPropertyCommit: Double
        public var slicedInsertLongest: Double
        public var slicedInsertFrames: Int
    }

    /// `RenderListCost` for `layers` visible layers.
    public static func renderListCost(layers: Int, frames: Int = 30) -> RenderListCost {
        final class ListTimer: FrameOutput {
            var ms: [Double] = []
            var items: [Int] = []
            var builder = RenderListBuilder()
            /// Kept as the compositor thread keeps what it draws: what a list discards is
            /// freed when the next one replaces it, outside the timing (the daemon frees it
            /// on the compositor thread).
            var last: RenderList?
            func present(_ frame: FrameSnapshot) {
                let t0 = csys_monotonic_ns()
                let list = builder.build(frame)
                ms.append(Double(csys_monotonic_ns() - t0) / 1e6)
                items.append(list.itemCount)
                last = list
            }
        }
        let out = ListTimer()
        let (s, c) = server(out, width: 1280, height: 720)
        var cmds = rootCommands(1280, 720) + cards(layers, width: 1280, height: 720)
        var fade = Animation.basic(.opacity, from: .number(1), to: .number(0.5), duration: 100)
        fade.timing.beginTime = 1000
        cmds.append(.addAnimation(10, key: "f", animationID: 1, animation: fade))
        // In commits of 50,000 commands (a frame holds at most 16 MiB).
        var sequence: UInt64 = 1
        func commit(_ commands: [Command]) {
            s.send(.commit(Commit(sequence: sequence, mediaTime: 1000, commands: commands)), from: c)
            sequence += 1
            _ = s.readBytes(of: c)
        }
        for start in stride(from: 0, to: cmds.count, by: 50_000) { commit(Array(cmds[start..<min(cmds.count, start + 50_000)])) }
        s.step(seconds: 1.0 / 60)
        precondition(out.items.last ?? 0 > 0, "the scene was not committed")
        let first = out.ms.last ?? 0
        out.ms.removeAll()
        s.step(seconds: Double(frames) / 60)
        let perFrame = out.ms.isEmpty ? 0 : out.ms.reduce(0, +) / Double(out.ms.count)
        commit([.setProperty(11, LayerKeyPath(.backgroundColor), .color(.red))])
        out.ms.removeAll()
        s.step(seconds: 1.0 / 60)
        let afterProperty = out.ms.last ?? 0
        // The daemon's builder, then a layer inserted: sliced whole builds.
        out.builder = RenderListBuilder(sliceItems: RenderListBuilder.defaultSliceItems)
        s.step(seconds: 1.0 / 60)
        while out.items.last == 0 { s.step(seconds: 1.0 / 60) }
        let shown = out.items.last ?? 0
        commit([.createLayer(9, .layer), .setProperty(9, LayerKeyPath(.bounds), .rect(Rect(x: 0, y: 0, width: 9, height: 9))),
                .setProperty(9, LayerKeyPath(.backgroundColor), .color(.red)),
                .insertSublayer(parent: 1, child: 9, index: UInt32.max)])
        out.ms.removeAll(); out.items.removeAll()
        repeat { s.step(seconds: 1.0 / 60) } while out.items.last ?? 0 <= shown && out.items.count < 10_000
        return RenderListCost(firstBuild: first, perFrame: perFrame, afterPropertyCommit: afterProperty,
                              slicedInsertLongest: out.ms.max() ?? 0, slicedInsertFrames: out.ms.count)
    }

    /// The loop thread's hand-off with every layer animated: `layers` small squares over the
    /// display, each fading with its own repeating opacity animation, the root still; the
    /// daemon's builder (updates in slices), a compositor that is always ready for the next
    /// list. Per frame: milliseconds in `build`, and the pictures handed off.
    public struct HandOffCost: Sendable {
        public var meanMs: Double, p50Ms: Double, maxMs: Double
        public var frames: Int, pictures: Int
        public var itemsPerFrameMax: Int
    }

    public static func handOffCost(layers: Int, frames: Int = 120, sliceItems: Int? = nil, animatedRoot: Bool = false)
        -> HandOffCost {
        final class HandOff: FrameOutput {
            var ms: [Double] = []
            var pictures = 0
            var items: [Int] = []
            var timing = false
            let builder: RenderListBuilder
            var last: RenderList?
            init(_ slice: Int) { builder = RenderListBuilder(sliceItems: RenderListBuilder.defaultSliceItems, updateItems: slice) }
            func present(_ frame: FrameSnapshot) {
                let before = builder.updatedItems
                let t0 = csys_monotonic_ns()
                let list = builder.build(frame)
                let t = Double(csys_monotonic_ns() - t0) / 1e6
                guard timing else { last = list; return }
                ms.append(t)
                items.append(builder.updatedItems - before)
                if !builder.isBehind { pictures += 1; last = list }
            }
        }
        let sliceItems = sliceItems ?? RenderListBuilder.defaultUpdateItems
        let out = HandOff(sliceItems)
        let (s, c) = server(out, width: 1280, height: 720)
        var cmds = rootCommands(1280, 720)
        if animatedRoot {
            var fade = Animation.basic(.opacity, from: .number(0.2), to: .number(1), duration: 1)
            fade.timing.beginTime = 1000
            fade.timing.repeatCount = .infinity
            fade.timing.autoreverses = true
            cmds.append(.addAnimation(1, key: "root", animationID: 1 << 40, animation: fade))
        }
        for i in 0..<layers {
            let id = LayerID(10 + i)
            var fade = Animation.basic(.opacity, from: .number(0.2), to: .number(1), duration: 1 + Double(i % 7) * 0.1)
            fade.timing.beginTime = 1000
            fade.timing.repeatCount = .infinity
            fade.timing.autoreverses = true
            cmds += [.createLayer(id, .layer), set(id, .bounds, .rect(Rect(x: 0, y: 0, width: 6, height: 6))),
                     set(id, .position, .point(Point(x: Double(i % 318) * 4 + 3, y: Double((i / 318) % 178) * 4 + 3))),
                     set(id, .backgroundColor, .color(Color(red: Double(i % 7) / 7, green: 0.5, blue: 0.5, alpha: 1))),
                     .insertSublayer(parent: 1, child: id, index: .max),
                     .addAnimation(id, key: "f", animationID: UInt64(id), animation: fade)]
        }
        var sequence: UInt64 = 1
        for start in stride(from: 0, to: cmds.count, by: 50_000) {
            s.send(.commit(Commit(sequence: sequence, mediaTime: 1000, commands: Array(cmds[start..<min(cmds.count, start + 50_000)]))),
                   from: c)
            sequence += 1
            // A refused commit (a limit: 100,000 animations with the root's) is said, not hidden.
            if let m = try? s.readMessages(of: c) { for x in m { if case let .error(e) = x { print("commit error: \(e.message)") } } }
        }
        // The first whole build (in slices) and a first update, untimed.
        for _ in 0..<(layers / sliceItems + 4) { s.step(seconds: 1.0 / 60); _ = s.readBytes(of: c) }
        out.timing = true
        for _ in 0..<frames { s.step(seconds: 1.0 / 60); _ = s.readBytes(of: c) }
        // HANDOFF_FRAMES=1: each timed frame's milliseconds and items built, for finding the long ones.
        if ProcessInfo.processInfo.environment["HANDOFF_FRAMES"] != nil { print(zip(out.ms, out.items).map { String(format: "%.1f/%d", $0, $1) }.joined(separator: " ")) }
        let sorted = out.ms.sorted()
        return HandOffCost(meanMs: out.ms.reduce(0, +) / Double(max(1, out.ms.count)), p50Ms: sorted.isEmpty ? 0 : sorted[sorted.count / 2],
                           maxMs: sorted.last ?? 0, frames: out.ms.count, pictures: out.pictures,
                           itemsPerFrameMax: out.items.max() ?? 0)
    }
}
