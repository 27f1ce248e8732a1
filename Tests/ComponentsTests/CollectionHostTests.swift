import Testing
import RenderProtocol
import RenderCore
import RenderClient
import RenderViews
@testable import Components

/// The expandable article of the seeds, as a row: tapping expands it (a state update); the
/// expansion returns a spring bounds animation and a change animation of its body's colour.
final class ArticleRow: CompositeComponent {
    let expanded: Bool
    let body: Component
    let springDuration: Double
    init(title: String, expandedByModel: Bool = false, springDuration: Double = 0.5) {
        let scope = Scope(ArticleRow.self, identifier: title) { false }
        expanded = scope.state || expandedByModel
        self.springDuration = springDuration
        body = Component(view: ViewConfiguration([.backgroundColor(expanded ? .white : Color(white: 0.9))]),
                         size: ComponentSize(height: expanded ? 200 : 50))
        super.init(scope: scope, component: FlexboxComponent(view: ViewConfiguration(), style: FlexboxStyle(padding: Edges(all: 5)), children: [
            FlexboxChild(Component(view: ViewConfiguration([.backgroundColor(.black)]), size: ComponentSize(height: 20))),
            FlexboxChild(body),
        ]))
    }
    override func boundsAnimationFromPreviousComponent(_ p: Component) -> BoundsAnimation? {
        !(p as! ArticleRow).expanded && expanded
            ? BoundsAnimation(duration: springDuration, mode: .spring, springDampingRatio: 0.7, springInitialVelocity: 1) : nil
    }
    override func animationsFromPreviousComponent(_ p: Component) -> [ComponentAnimation] {
        (p as! ArticleRow).expanded != expanded ? [ComponentAnimation(body, CK.Animation.backgroundColor())] : []
    }
}

@Suite struct CollectionHostTests {
    func makeHost(_ h: Harness, rows: [String]) -> CollectionHost<(String, Bool, Double)> {
        let host = h.run {
            CollectionHost<(String, Bool, Double)>(frame: Rect(x: 0, y: 0, width: 320, height: 480), context: h.context) { m in
                ArticleRow(title: m.0, expandedByModel: m.1, springDuration: m.2)
            }
        }
        h.run {
            host.apply(.init(insertions: rows.enumerated().map { (index: $0.offset, model: ($0.element, false, 0.5)) }), mode: .synchronous)
        }
        h.settle()
        return host
    }

    @Test func rowsStackAtTheirLayoutHeights() {
        let h = Harness()
        let host = makeHost(h, rows: ["a", "b", "c"])
        #expect(h.run { (0..<3).map { host.rowFrame(at: $0) } } == [
            Rect(x: 0, y: 0, width: 320, height: 80), Rect(x: 0, y: 80, width: 320, height: 80), Rect(x: 0, y: 160, width: 320, height: 80)])
        #expect(h.run { host.contentSize } == Size(320, 240))
        #expect(h.lastCommit!.addedAnimations.isEmpty, "inserted rows appear without animation")
        h.run { host.contentOffset = Point(0, 40) }
        h.settle()
        #expect(h.run { host.bounds.origin } == Point(0, 40), "scrolling moves the bounds' origin")
    }

    @Test func aRowsBoundsAnimationAppliesToTheWholeChangeset() throws {
        let h = Harness()
        let host = makeHost(h, rows: ["a", "b", "c"])
        let (cells, article) = h.run { ((0..<3).map { host.subviews[$0] }, host.rowLayout(at: 0)!.component as! ArticleRow) }
        h.run { article.updateState({ (e: Bool) in !e }, mode: .synchronous) }
        h.settle()
        let added = try #require(h.lastCommit).addedAnimations
        #expect(h.run { host.rowFrame(at: 0).height } == 230 && h.run { host.rowFrame(at: 2).origin.y } == 310)
        func springs(on layer: LayerID) -> [String] {
            added.filter { a in a.layer == layer && { if case .spring = a.animation.kind { return true }; return false }() }.map(\.key).sorted()
        }
        #expect(springs(on: cells[0].layer.id) == ["bounds", "position"], "the row's resize")
        #expect(springs(on: cells[1].layer.id) == ["position"] && springs(on: cells[2].layer.id) == ["position"],
                "the rows after it reflow with the same spring")
        let body = try #require(h.run { (host.rowLayout(at: 0)!.component as! ArticleRow).body.mountedView })
        #expect(springs(on: body.layer.id) == ["bounds", "position"], "the layout inside the row animates too")
        #expect(added.contains { $0.layer == body.layer.id && $0.animation.keyPath == "backgroundColor" },
                "animationsFromPreviousComponent runs as well")
        // The reflowed row moves continuously from 80 to 230 (its center from 120 to 270).
        let c1 = cells[1]
        #expect(h.run { c1.layer.presentation(at: h.now).position.y } == 120)
        let mid = h.run { c1.layer.presentation(at: h.now + 0.1).position.y }
        #expect(mid > 120 && mid < 290)
        #expect(close(h.run { c1.layer.presentation(at: h.now + 0.5).position.y }, 270, 0.2))
    }

    @Test func severalBoundsAnimationsInOneChangesetUseTheFirstRows() throws {
        let h = Harness()
        let host = makeHost(h, rows: ["a", "b"])
        h.run {
            host.apply(.init(updates: [(index: 0, model: ("a", true, 0.3)), (index: 1, model: ("b", true, 0.9))]), mode: .synchronous)
        }
        h.settle()
        let added = try #require(h.lastCommit).addedAnimations
        let durations = Set(added.filter { $0.key == "position" || $0.key == "bounds" }.map(\.animation.timing.duration))
        #expect(durations == [0.3], "one bounds animation for the whole changeset: the first row's")
    }

    func frameAnimations(_ added: [(layer: LayerID, key: String, id: UInt64, animation: Animation)], on layer: LayerID) -> [Animation] {
        added.filter { $0.layer == layer && ($0.key == "position" || $0.key == "bounds") }.map(\.animation)
    }
    func isSpring(_ a: Animation) -> Bool { if case .spring = a.kind { return true }; return false }

    @Test func aStructuralChangesetMovesRowsWithTheBatchUpdateAnimation() {
        let h = Harness()
        let host = makeHost(h, rows: ["a", "b", "c"])
        let (b, c) = h.run { (host.subviews[1], host.subviews[2]) }
        h.run { host.apply(.init(removals: [0], insertions: [(index: 2, model: ("d", false, 0.5))]), mode: .synchronous) }
        h.settle()
        #expect(h.run { host.numberOfRows } == 3)
        #expect(h.run { (b.frame.origin.y, c.frame.origin.y) } == (0, 80))
        #expect(h.run { host.subviews.count } == 3)
        let added = h.lastCommit!.addedAnimations
        let moved = frameAnimations(added, on: c.layer.id)
        #expect(moved.map(\.keyPath) == ["position"] && moved.allSatisfy {
            $0.timing.duration == 0.3 && $0.timingFunction == .easeInEaseOut && !isSpring($0) })
        #expect(frameAnimations(added, on: b.layer.id).count == 1, "the rows that stay move with the collection's animation")
        let d = h.run { host.subviews[2] }
        #expect(added.allSatisfy { $0.layer != d.layer.id }, "an inserted row appears at its place")
    }

    @Test func aStructuralChangesetIgnoresRowsBoundsAnimationsForTheRowsFrames() throws {
        let h = Harness()
        let host = makeHost(h, rows: ["a", "b", "c"])
        let cells = h.run { (0..<3).map { host.subviews[$0] } }
        h.run {
            host.apply(.init(insertions: [(index: 3, model: ("d", false, 0.5))], updates: [(index: 0, model: ("a", true, 0.5))]),
                       mode: .synchronous)
        }
        h.settle()
        let added = try #require(h.lastCommit).addedAnimations
        #expect(h.run { host.rowFrame(at: 0).height } == 230 && h.run { host.rowFrame(at: 2).origin.y } == 310)
        for cell in cells {
            let frames = frameAnimations(added, on: cell.layer.id)
            #expect(!frames.isEmpty && frames.allSatisfy { !isSpring($0) && $0.timing.duration == 0.3 },
                    "every row's frame with the batch-update animation, none with the row's spring")
        }
        // The updated row's own tree animates its layout with its own bounds animation, as
        // ComponentKit's attach wraps the mount in the item's.
        let body = try #require(h.run { (host.rowLayout(at: 0)!.component as! ArticleRow).body.mountedView })
        let inside = frameAnimations(added, on: body.layer.id)
        #expect(inside.count == 2 && inside.allSatisfy(isSpring))
        #expect(added.contains { $0.layer == body.layer.id && $0.animation.keyPath == "backgroundColor" })
    }

    @Test func movesReorderTheRowsAndAnimateThem() {
        let h = Harness()
        let host = makeHost(h, rows: ["a", "b", "c"])
        let cells = h.run { (0..<3).map { host.subviews[$0] } }
        h.run { host.apply(.init(moves: [(from: 0, to: 2)]), mode: .synchronous) }
        h.settle()
        #expect(h.run { cells.map(\.frame.origin.y) } == [160, 0, 80])
        let added = h.lastCommit!.addedAnimations
        #expect(cells.allSatisfy { cell in frameAnimations(added, on: cell.layer.id).map(\.timing.duration) == [0.3] })
    }

    @Test func anUpdateOnlyChangesetWithoutABoundsAnimationUsesTheBatchUpdateAnimation() {
        let h = Harness()
        let host = makeHost(h, rows: ["a", "b"])
        h.run { host.apply(.init(updates: [(index: 0, model: ("a", true, 0.5))]), mode: .synchronous) }
        h.settle()
        let b = h.run { host.subviews[1] }
        // Collapsing returns no bounds animation: the rows move as UICollectionView's batch
        // update moves them, and the tree inside the row changes at once.
        h.run { host.batchUpdateAnimation = BoundsAnimation(duration: 0.2) }
        h.run { host.apply(.init(updates: [(index: 0, model: ("a", false, 0.5))]), mode: .synchronous) }
        h.settle()
        let added = h.lastCommit!.addedAnimations
        #expect(frameAnimations(added, on: b.layer.id).map(\.timing.duration) == [0.2])
        let body = h.run { (host.rowLayout(at: 0)!.component as! ArticleRow).body.mountedView! }
        #expect(frameAnimations(added, on: body.layer.id).isEmpty)
        #expect(h.run { b.frame.origin.y } == 80)
    }

    /// A width change lays the rows out again with the same components, as ComponentKit does
    /// when the collection's size range changes: new widths, no change hook, no animation.
    @Test func aNewWidthLaysTheRowsOutAgainWithoutHooksOrAnimation() throws {
        let h = Harness()
        let host = makeHost(h, rows: (0..<3).map { "r\($0)" })
        let components = h.run { (0..<3).map { host.rowLayout(at: $0)!.component } }
        let before = h.commits.count
        h.run { host.frame = Rect(x: 0, y: 0, width: 200, height: 480) }
        h.settle()            // the layout pass: the relayout goes to the build queue
        host.buildQueue.sync {}  // built
        h.settle()            // installed and mounted on the host's queue
        #expect(h.run { (0..<3).map { host.rowLayout(at: $0)!.size.width } } == [200, 200, 200])
        #expect(h.run { (0..<3).map { host.rowFrame(at: $0).width } } == [200, 200, 200])
        #expect(h.run { (0..<3).map { host.rowLayout(at: $0)!.component } }.elementsEqual(components, by: ===),
                "the same component instances, laid out again")
        let added = h.commits(since: before).flatMap(\.addedAnimations)
        #expect(added.isEmpty, "\(added.map(\.key))")
    }

    /// The daemon scrolls the host (its interaction tracker): a reported offset moves the
    /// host's model and attaches the rows that came into the window, with no request sent.
    @Test func theDaemonScrollingTheHostAttachesTheRowsThatCameIntoView() throws {
        let h = Harness()
        let host = makeHost(h, rows: (0..<10).map { "r\($0)" })
        h.run { host.preloadDistance = 0 }
        h.settle()
        #expect(h.run { host.contentSize.height } > 480)
        #expect(h.commits.flatMap(\.commands).contains {
            if case let .setTracker(id, c) = $0 { return id == host.layer.id && c.contentSize.height > 480 }; return false
        })
        func moved(_ y: Double) -> Message {
            .trackerUpdate(TrackerUpdate(layer: host.layer.id, reason: .moved, state: .inertia,
                                         position: Point(0, y), restingPosition: Point(0, 400), mediaTime: 1000))
        }
        h.deliver(moved(0))
        h.settle()
        #expect(!h.run { host.isRowMounted(9) })
        let commits = h.commits.count
        h.deliver(.trackerUpdate(TrackerUpdate(layer: host.layer.id, reason: .moved, state: .inertia,
                                               position: Point(0, 400), restingPosition: Point(0, 400), mediaTime: 1000)))
        h.settle()
        #expect(h.run { host.contentOffset } == Point(0, 400))
        #expect(h.run { (0..<10).filter { host.isRowMounted($0) } } == [5, 6, 7, 8, 9])
        // Attaching sends the cells, not the offset: the daemon has it.
        #expect(!h.commits(since: commits).flatMap(\.commands).contains {
            if case .trackerRequest = $0 { return true }; return false
        })
    }

    /// `CKCollectionViewDataSource` picks the bounds animation among every updated item, on
    /// screen or not: a row above the window that grows moves the visible rows with its spring.
    @Test func aRowOutOfTheWindowGivesTheBoundsAnimationToo() throws {
        let h = Harness()
        let host = makeHost(h, rows: (0..<10).map { "r\($0)" })
        h.run { host.preloadDistance = 0; host.contentOffset = Point(0, 400) }
        h.settle()
        #expect(h.run { (0..<10).filter { host.isRowMounted($0) } } == [5, 6, 7, 8, 9])
        let visible = h.run { (5..<10).map { host.rowFrame(at: $0) } }
        let cells = h.run { host.subviews }
        let before = h.commits.count
        h.run { host.apply(.init(updates: [(index: 0, model: ("r0", true, 0.6))]), mode: .synchronous) }
        h.settle()
        #expect(h.run { host.isRowMounted(0) } == false)
        let added = h.commits(since: before).flatMap(\.addedAnimations)
        let moved = cells.flatMap { frameAnimations(added, on: $0.layer.id) }
        #expect(!moved.isEmpty && moved.allSatisfy(isSpring), "the visible rows move with row 0's spring")
        #expect(h.run { host.rowFrame(at: 5).origin.y } == visible[0].origin.y + 150)
        // Back at the top, row 0 shows its change: its tree animates from what it showed.
        let back = h.commits.count
        h.run { host.contentOffset = .zero }
        h.settle()
        let body = try #require(h.run { (host.rowLayout(at: 0)!.component as! ArticleRow).body.mountedView })
        let shown = h.commits(since: back).flatMap(\.addedAnimations).filter { $0.layer == body.layer.id }
        #expect(shown.contains { $0.animation.keyPath == "backgroundColor" })
        #expect(shown.contains { $0.key == "bounds" && isSpring($0.animation) }, "with the row's own bounds animation")
    }

    @Test func asynchronousChangesetsBuildOnTheBuildQueue() {
        let h = Harness()
        let host = makeHost(h, rows: ["a"])
        host.buildQueue.suspend()   // hold the build: the change is not mounted until it runs
        h.run { host.apply(.init(insertions: [(index: 1, model: ("b", false, 0.5))])) }
        h.settle()
        #expect(h.run { host.subviews.count } == 1, "not mounted before the build ran")
        host.buildQueue.resume()
        host.buildQueue.sync {}
        h.settle()
        #expect(h.run { host.subviews.count } == 2)
    }
}

@Suite struct CollectionWindowTests {
    /// A row that fades in on its first appearance.
    final class FadeRow: Component {
        init(_ n: Int) {
            let scope = Scope(FadeRow.self, identifier: n)
            super.init(view: ViewConfiguration([.backgroundColor(.blue)]), size: ComponentSize(height: 100), scope: scope)
        }
        override func animationsOnInitialMount() -> [ComponentAnimation] { [ComponentAnimation(self, CK.Animation.alphaFrom(0))] }
    }

    @Test func onlyRowsNearTheVisibleRectHaveViewsAndScrollingNeverReplaysAnimations() throws {
        let h = Harness()
        let host = h.run { CollectionHost<Int>(frame: Rect(x: 0, y: 0, width: 100, height: 200), context: h.context) { FadeRow($0) } }
        h.run {
            host.preloadDistance = 100
            host.apply(.init(insertions: (0..<20).map { (index: $0, model: $0) }), mode: .synchronous)
        }
        h.settle()
        // Window: y −100 … 300: rows 0, 1, 2 (row 3 starts at 300).
        #expect(h.run { (0..<20).filter { host.isRowMounted($0) } } == [0, 1, 2])
        #expect(h.lastCommit!.addedAnimations.count == 3, "the rows that appear fade in")
        #expect(h.run { host.contentSize } == Size(100, 2000))
        // Scroll to 1000: window 900 … 1300: rows 9 … 12 come into view for the first time.
        let before = h.commits.count
        h.run { host.contentOffset = Point(0, 1000) }
        h.settle()
        #expect(h.run { (0..<20).filter { host.isRowMounted($0) } } == [9, 10, 11, 12])
        #expect(h.commits[before...].flatMap(\.addedAnimations).count == 4, "first appearances fade in")
        #expect(h.run { host.subviews.map(\.frame.origin.y) } == [900, 1000, 1100, 1200])
        // Back to the top: rows 0 … 2 come back without animation.
        let back = h.commits.count
        h.run { host.contentOffset = .zero }
        h.settle()
        #expect(h.run { (0..<20).filter { host.isRowMounted($0) } } == [0, 1, 2])
        #expect(h.commits[back...].flatMap(\.addedAnimations).isEmpty, "scrolling back replays nothing")
    }

    /// A row whose colour comes from its model and animates when it changes.
    final class ColorRow: Component {
        let color: Color
        init(_ n: Int, _ color: Color) {
            self.color = color
            let scope = Scope(ColorRow.self, identifier: n)
            super.init(view: ViewConfiguration([.backgroundColor(color)]), size: ComponentSize(height: 100), scope: scope)
        }
        override func animationsFromPreviousComponent(_ p: Component) -> [ComponentAnimation] {
            (p as! ColorRow).color != color ? [ComponentAnimation(self, CK.Animation.backgroundColor().withDuration(0.4))] : []
        }
    }

    func colorHost(_ h: Harness) -> CollectionHost<(Int, Color)> {
        let host = h.run { CollectionHost<(Int, Color)>(frame: Rect(x: 0, y: 0, width: 100, height: 200), context: h.context) { ColorRow($0.0, $0.1) } }
        h.run {
            host.preloadDistance = 0
            host.apply(.init(insertions: (0..<10).map { (index: $0, model: ($0, Color.blue)) }), mode: .synchronous)
        }
        h.settle()
        return host
    }

    @Test func aRowUpdatedOutOfTheWindowAnimatesItsChangeWhenItComesBack() throws {
        let h = Harness()
        let host = colorHost(h)
        let row0 = h.run { host.subviews[0] }
        let view0 = try #require(h.run { host.rowLayout(at: 0)!.component.mountedView })
        h.run { host.contentOffset = Point(0, 500) }
        h.settle()
        #expect(h.run { host.isRowMounted(0) } == false)
        // Two updates while out of the window: nothing is mounted, nothing animates.
        let out = h.commits.count
        h.run { host.apply(.init(updates: [(index: 0, model: (0, Color.red))]), mode: .synchronous) }
        h.run { host.apply(.init(updates: [(index: 0, model: (0, Color.green))]), mode: .synchronous) }
        h.settle()
        #expect(h.commits(since: out).flatMap(\.addedAnimations).isEmpty)
        // Back: diffed against the layout last attached (blue), not the build before (red).
        let back = h.commits.count
        h.run { host.contentOffset = .zero }
        h.settle()
        let added = h.commits(since: back).flatMap(\.addedAnimations)
        #expect(added.count == 1)
        let change = try #require(added.first)
        guard case let .basic(b) = change.animation.kind else { Issue.record("not basic"); return }
        #expect(change.layer == view0.layer.id && b.keyPath == "backgroundColor")
        #expect(b.from == .color(.blue) && b.to == nil && change.animation.timing.duration == 0.4)
        #expect(h.run { view0.backgroundColor } == .green, "to the new configuration")
        #expect(h.run { host.subviews[0] } === row0 && h.run { host.rowLayout(at: 0)!.component.mountedView } === view0,
                "the row's cell and views are the ones it left with")
        // Out and back again, unchanged: nothing replays.
        let again = h.commits.count
        h.run { host.contentOffset = Point(0, 500) }
        h.run { host.contentOffset = .zero }
        h.settle()
        #expect(h.commits(since: again).flatMap(\.addedAnimations).isEmpty)
    }

    @Test func aHostDetachedAndAttachedAgainReplaysNothingAndKeepsWorking() throws {
        let h = Harness()
        let parent = h.run { View(frame: Rect(x: 0, y: 0, width: 100, height: 200), context: h.context) }
        let host = colorHost(h)
        h.run { parent.addSubview(host) }
        h.settle()
        let before = h.commits.count
        h.run { host.removeFromSuperview() }
        h.settle()
        h.run { parent.addSubview(host) }
        h.settle()
        #expect(h.commits(since: before).flatMap(\.addedAnimations).isEmpty, "the same rows, the same roots: nothing replays")
        #expect(h.run { (0..<10).filter { host.isRowMounted($0) } } == [0, 1])
        let view1 = try #require(h.run { host.rowLayout(at: 1)!.component.mountedView })
        let update = h.commits.count
        h.run { host.apply(.init(updates: [(index: 1, model: (1, Color.red))]), mode: .synchronous) }
        h.settle()
        let added = h.commits(since: update).flatMap(\.addedAnimations)
        #expect(added.count == 1 && added.first?.layer == view1.layer.id && added.first?.key.hasPrefix("component-animation") == true,
                "the state the rows kept is still diffed against")
    }
}

/// A `HostingView` taken out of its superview and put back keeps its root and scopes:
/// nothing replays, and the next update is still diffed against what it kept.
@Suite struct HostDetachTests {
    @Test func aHostingViewDetachedAndAttachedAgainReplaysNothing() throws {
        let h = Harness()
        let parent = h.run { View(frame: Rect(x: 0, y: 0, width: 200, height: 200), context: h.context) }
        let host = h.host(false, SizeRange(max: Size(200, 200))) { Seeds.Example(active: $0, trailing: false) }
        h.run { parent.addSubview(host) }
        h.settle()
        let before = h.commits.count
        h.run { host.removeFromSuperview() }
        h.settle()
        h.run { parent.addSubview(host) }
        h.settle()
        #expect(h.commits(since: before).flatMap(\.addedAnimations).isEmpty)
        let box = try #require(h.run { (host.mountedLayout!.component as! Seeds.Example).box.mountedView })
        let update = h.commits.count
        h.run { host.update(model: true, mode: .synchronous) }
        h.settle()
        let added = h.commits(since: update).flatMap(\.addedAnimations)
        #expect(added.count == 1 && added[0].layer == box.layer.id && added[0].animation.keyPath == "backgroundColor")
    }
}
