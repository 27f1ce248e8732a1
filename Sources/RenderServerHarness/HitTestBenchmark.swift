import CSystem
import Logging
import RenderCore
import RenderProtocol
import RenderServer

/// The hit-test benchmark behind `rendersrv-bench --hit-test` and `rendersrv-stress input`
/// (not a test: it reports numbers; DESIGN.md's budget is 1 ms over 100,000 layers). A tree
/// of mixed geometry is committed to an embedded server, its render list built once as the
/// compositor builds it, and `hitTest` — what the daemon runs for every press, hover and
/// wheel event — timed in process at probe points of three kinds:
///
///     front  a cell of the last group's front subgroup      few items visited
///     back   a cell of the first group                      every unmasked group in front of it first
///     miss   outside the display                            every unmasked group, nothing hit
///
/// The tree (`Scene`): a root covering the display; a `columns × rows` grid of groups, every
/// third one `masksToBounds`, every seventh (from the fourth) rotated 0.1 rad; in each group
/// `subgroups` nested full-size groups stacked (the last in front); in each subgroup an
/// 11 × 9 grid of small cells, every fifth (from the third) rotated 0.3 rad about its center.
/// 10 × 10 groups of 10 subgroups is 100,101 layers.
public enum HitTestBenchmark {
    /// The tree's shape and where its layers are.
    public struct Scene: Sendable {
        public var columns: Int, rows: Int, subgroups: Int
        public var width: Double, height: Double
        public static let cellColumns = 11, cellRows = 9
        /// The default: 100,101 layers on a 1280 × 720 display.
        public static let standard = Scene(columns: 10, rows: 10, subgroups: 10)

        public init(columns: Int, rows: Int, subgroups: Int, width: Double = 1280, height: Double = 720) {
            precondition(columns > 0 && rows > 0 && subgroups > 0)
            self.columns = columns; self.rows = rows; self.subgroups = subgroups; self.width = width; self.height = height
        }

        public var groupCount: Int { columns * rows }
        public var cellsPerSubgroup: Int { Scene.cellColumns * Scene.cellRows }
        public var layerCount: Int { 1 + groupCount * (1 + subgroups * (1 + cellsPerSubgroup)) }

        public static let rootID: LayerID = 1
        /// Group `g` (0-based, row-major over the grid).
        public func groupID(_ g: Int) -> LayerID { LayerID(2 + g * (1 + subgroups * (1 + cellsPerSubgroup))) }
        public func subgroupID(_ g: Int, _ k: Int) -> LayerID { groupID(g) + 1 + LayerID(k * (1 + cellsPerSubgroup)) }
        public func cellID(_ g: Int, _ k: Int, _ cell: Int) -> LayerID { subgroupID(g, k) + 1 + LayerID(cell) }

        public var groupWidth: Double { width / Double(columns) }
        public var groupHeight: Double { height / Double(rows) }
        var inset: Double { min(groupWidth, groupHeight) * 0.08 }
        var slotWidth: Double { (groupWidth - 2 * inset) / Double(Scene.cellColumns) }
        var slotHeight: Double { (groupHeight - 2 * inset) / Double(Scene.cellRows) }

        public func masksToBounds(group g: Int) -> Bool { g % 3 == 0 }
        public func isRotated(group g: Int) -> Bool { g % 7 == 3 }
        public func isRotated(cell c: Int) -> Bool { c % 5 == 2 }

        /// The center of cell `c` in its group's (and subgroups') bounds space.
        func cellCenter(_ c: Int) -> Point {
            Point(x: inset + (Double(c % Scene.cellColumns) + 0.5) * slotWidth,
                  y: inset + (Double(c / Scene.cellColumns) + 0.5) * slotHeight)
        }

        /// The center of cell `c` of group `g` in display points (`g` not rotated).
        public func cellCenter(group g: Int, cell c: Int) -> Point {
            precondition(!isRotated(group: g), "group \(g) is rotated")
            let p = cellCenter(c)
            return Point(x: Double(g % columns) * groupWidth + p.x, y: Double(g / columns) * groupHeight + p.y)
        }

        /// The commands that build the tree, in commits of at most `perCommit` commands.
        public func commits(perCommit: Int = 50_000) -> [[Command]] {
            func set(_ id: LayerID, _ k: PropertyKey, _ v: AnimatableValue) -> Command {
                .setProperty(id, LayerKeyPath(k), v)
            }
            var out: [[Command]] = [[]]
            func add(_ c: Command) {
                if out[out.count - 1].count >= perCommit { out.append([]) }
                out[out.count - 1].append(c)
            }
            let root = Scene.rootID
            for c in [Command.createLayer(root, .layer), set(root, .bounds, .rect(Rect(x: 0, y: 0, width: width, height: height))),
                      set(root, .position, .point(Point(x: width / 2, y: height / 2))),
                      set(root, .backgroundColor, .color(Color(white: 0.95))), .setRoot(root)] { add(c) }
            let gw = groupWidth, gh = groupHeight
            let cw = slotWidth * 0.6, ch = slotHeight * 0.6
            for g in 0..<groupCount {
                let id = groupID(g)
                add(.createLayer(id, .layer))
                add(set(id, .bounds, .rect(Rect(x: 0, y: 0, width: gw, height: gh))))
                add(set(id, .position, .point(Point(x: (Double(g % columns) + 0.5) * gw, y: (Double(g / columns) + 0.5) * gh))))
                if masksToBounds(group: g) { add(set(id, .masksToBounds, .bool(true))) }
                if isRotated(group: g) {
                    add(set(id, .transform, .transform(Transform3D.rotation(angle: 0.1, x: 0, y: 0, z: 1))))
                }
                add(.insertSublayer(parent: root, child: id, index: .max))
                for k in 0..<subgroups {
                    let sid = subgroupID(g, k)
                    add(.createLayer(sid, .layer))
                    add(set(sid, .bounds, .rect(Rect(x: 0, y: 0, width: gw, height: gh))))
                    add(set(sid, .position, .point(Point(x: gw / 2, y: gh / 2))))
                    add(.insertSublayer(parent: id, child: sid, index: .max))
                    for c in 0..<cellsPerSubgroup {
                        let cid = cellID(g, k, c)
                        add(.createLayer(cid, .layer))
                        add(set(cid, .bounds, .rect(Rect(x: 0, y: 0, width: cw, height: ch))))
                        add(set(cid, .position, .point(cellCenter(c))))
                        add(set(cid, .backgroundColor, .color(Color(red: Double(c % 11) / 11, green: Double(k) / Double(subgroups),
                                                                    blue: Double(g % 13) / 13, alpha: 1))))
                        if isRotated(cell: c) {
                            add(set(cid, .transform, .transform(Transform3D.rotation(angle: 0.3, x: 0, y: 0, z: 1))))
                        }
                        add(.insertSublayer(parent: sid, child: cid, index: .max))
                    }
                }
            }
            return out
        }

        /// Probe points and what each must hit (nil: nothing): `count` of each kind, spread
        /// over the cells (rotated ones included) of the last and the first unrotated groups.
        public func probes(count: Int) -> [Probe] {
            let cells = cellsPerSubgroup
            let unrotated = (0..<groupCount).filter { !isRotated(group: $0) }
            guard let first = unrotated.first, let last = unrotated.last else { return [] }
            var out: [Probe] = []
            for i in 0..<count {
                let c = (i * 37) % cells
                out.append(Probe(kind: .front, point: cellCenter(group: last, cell: c),
                                 expected: cellID(last, subgroups - 1, c)))
            }
            for i in 0..<count {
                let c = (i * 53 + 7) % cells
                out.append(Probe(kind: .back, point: cellCenter(group: first, cell: c),
                                 expected: cellID(first, subgroups - 1, c)))
            }
            for i in 0..<count {
                // Left of the display, at heights across it: nothing is there.
                out.append(Probe(kind: .miss, point: Point(x: -1 - Double(i % 7), y: height * (Double(i) + 0.5) / Double(count)),
                                 expected: nil))
            }
            return out
        }
    }

    public struct Probe: Sendable {
        public enum Kind: String, Sendable, CaseIterable { case front, back, miss }
        public var kind: Kind
        /// Display points.
        public var point: Point
        /// The layer it must hit; nil for none.
        public var expected: LayerID?
    }

    /// A built scene, ready to hit-test: an embedded server holding it and the render list
    /// built from its frame (the list the compositor would hand to input).
    public final class Rig {
        public let scene: Scene
        let server: EmbeddedServer
        let output = ListOutput()
        let client: UInt32
        private var sequence: UInt64

        /// Commits `scene` and builds its render list (one frame on the manual clock).
        public init(_ scene: Scene) {
            self.scene = scene
            var log = Logger(label: "hit-test-bench")
            log.logLevel = .critical
            var limits = Limits.default
            limits.maxLayers = UInt32(max(Int(limits.maxLayers), scene.layerCount + 16))
            let s = EmbeddedServer(configuration: Configuration(displayWidth: Int(scene.width), displayHeight: Int(scene.height),
                                                                clock: .manual(start: 1000), limits: limits, logger: log),
                                   output: output)
            let c = s.connect(pid: 1)
            s.send(.hello(Hello(clientName: "hit-test-bench", pid: 1)), from: c)
            _ = s.readBytes(of: c)
            let commits = scene.commits()
            for (i, commands) in commits.enumerated() {
                s.send(.commit(Commit(sequence: UInt64(i + 1), mediaTime: 1000, commands: commands)), from: c)
                _ = s.readBytes(of: c)
            }
            sequence = UInt64(commits.count)
            client = c
            s.step(seconds: 1.0 / 60)
            precondition(output.items == scene.layerCount, "the scene was not committed whole: \(output.items) items "
                + "for \(scene.layerCount) layers")
            server = s
        }

        /// Commits `commands` and shows them (one frame): the list is updated as the
        /// compositor's is, subtree by subtree.
        public func commit(_ commands: [Command]) {
            sequence += 1
            server.send(.commit(Commit(sequence: sequence, mediaTime: 1000, commands: commands)), from: client)
            _ = server.readBytes(of: client)
            server.step(seconds: 1.0 / 60)
        }

        /// The render list's item count.
        public var itemCount: Int { output.items }

        /// What the point hits (the daemon's answer for a press there).
        public func hitTest(_ point: Point) -> HitTestResult? { output.builder.hitTest(point) }
    }

    /// Builds every frame's render list, as `CompositorOutput` does, and keeps it.
    final class ListOutput: FrameOutput {
        let builder = RenderListBuilder()
        var items = 0
        var list: RenderList?
        func present(_ frame: FrameSnapshot) {
            let l = builder.build(frame)
            items = l.itemCount
            list = l
        }
    }

    public struct Result: Sendable {
        public var layers: Int
        /// Milliseconds per hit test over every probe: the worst and the median.
        public var maxMs: Double, p50Ms: Double
        /// Per probe kind: the median and the worst, ms.
        public var byKind: [(kind: Probe.Kind, p50Ms: Double, maxMs: Double)]
        /// The slowest probe's fastest round, ms: the walk's own worst case, without the
        /// preemptions a loaded machine adds to single calls (which `maxMs` keeps).
        public var worstProbeMs: Double
        /// Probes whose answer was not the expected layer (0 when the hit test is right).
        public var wrongAnswers: Int
        public var probes: Int
    }

    /// Times `hitTest` at `probesPerKind` points of each kind, `rounds` times each (after
    /// an untimed warm-up round), CLOCK_MONOTONIC per call.
    public static func run(scene: Scene = .standard, probesPerKind: Int = 100, rounds: Int = 5) -> Result {
        let rig = Rig(scene)
        return run(rig, probesPerKind: probesPerKind, rounds: rounds)
    }

    public static func run(_ rig: Rig, probesPerKind: Int = 100, rounds: Int = 5) -> Result {
        let probes = rig.scene.probes(count: probesPerKind)
        var wrong = 0
        for p in probes where rig.hitTest(p.point)?.layer != p.expected { wrong += 1 }
        var times: [Probe.Kind: [Double]] = [:]
        var fastest = [Double](repeating: .infinity, count: probes.count)
        for round in 0...max(1, rounds) {
            for (i, p) in probes.enumerated() {
                let t0 = csys_monotonic_ns()
                let hit = rig.hitTest(p.point)
                let t1 = csys_monotonic_ns()
                blackHole(hit)
                guard round > 0 else { continue }
                let ms = Double(t1 - t0) / 1e6
                times[p.kind, default: []].append(ms)
                fastest[i] = min(fastest[i], ms)
            }
        }
        func p50(_ a: [Double]) -> Double { a.isEmpty ? 0 : a.sorted()[a.count / 2] }
        let all = times.values.flatMap { $0 }
        return Result(layers: rig.itemCount, maxMs: all.max() ?? 0, p50Ms: p50(all),
                      byKind: Probe.Kind.allCases.map { k in (k, p50(times[k] ?? []), times[k]?.max() ?? 0) },
                      worstProbeMs: fastest.max() ?? 0,
                      wrongAnswers: wrong, probes: probes.count)
    }

    @inline(never) static func blackHole(_ v: HitTestResult?) { if v?.layer == .max { print("") } }
}
