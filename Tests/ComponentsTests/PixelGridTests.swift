import Testing
import RenderCore
import RenderClient
import RenderViews
@testable import Components

/// Rounding to the pixel grid as Yoga rounds (`yoga/algorithm/PixelGrid.cpp`): Yoga's own
/// rounding cases (`tests/YGRoundingFunctionTest.cpp`, `tests/YGRoundingMeasureFuncTest.cpp`;
/// the generated `YGRoundingTest` cases run in `YogaCaseTests`) written again here, and the
/// hosts mounting rounded frames.
@Suite struct PixelGridTests {
    func round(_ v: Double, _ scale: Double, ceil: Bool = false, floor: Bool = false) -> Double {
        Layout.roundToPixelGrid(v, scale: scale, ceil: ceil, floor: floor)
    }

    /// A leaf that measures its content as a fixed size, rounded as Yoga rounds a node with a
    /// measure function (text rounding).
    final class Measured: Component {
        let measured: Size
        init(_ w: Double, _ h: Double) { measured = Size(width: w, height: h); super.init() }
        override func computeLayout(thatFits range: SizeRange, parentSize: Size) -> Layout {
            Layout(component: self, size: range.clamp(measured), usesTextRounding: true)
        }
    }

    /// Yoga's `rounding_value`: whole numbers stay whole whatever the flags; fractions go to
    /// the nearest pixel (halves up, toward +∞ for negatives too) or as forced.
    @Test func roundingAValueAsYoga() {
        for (ceil, floor) in [(false, false), (true, false), (false, true)] {
            #expect(round(6.000001, 2, ceil: ceil, floor: floor) == 6)
            #expect(round(5.999999, 2, ceil: ceil, floor: floor) == 6)
            #expect(round(-6.000001, 2, ceil: ceil, floor: floor) == -6)
            #expect(round(-5.999999, 2, ceil: ceil, floor: floor) == -6)
        }
        #expect([round(6.01, 2), round(6.01, 2, ceil: true), round(6.01, 2, floor: true)] == [6, 6.5, 6])
        #expect([round(5.99, 2), round(5.99, 2, ceil: true), round(5.99, 2, floor: true)] == [6, 6, 5.5])
        #expect([round(-6.01, 2), round(-6.01, 2, ceil: true), round(-6.01, 2, floor: true)] == [-6, -6, -6.5])
        #expect([round(-5.99, 2), round(-5.99, 2, ceil: true), round(-5.99, 2, floor: true)] == [-6, -5.5, -6])
        let halves = [-3.5, -3.4, -3.6, -3.499999, -3.500001, -3.5001]
        #expect(halves.map { round($0, 1) } == [-3, -3, -4, -3, -3, -4])
        #expect(halves.map { round($0, 1, ceil: true) } == [-3, -3, -3, -3, -3, -3])
        #expect(halves.map { round($0, 1, floor: true) } == [-4, -4, -4, -4, -4, -4])
        #expect(round(-3.00001, 1, ceil: true) == -3 && round(-3, 1, ceil: true) == -3)
        #expect(round(-3.00001, 1, floor: true) == -3 && round(-3, 1, floor: true) == -3)
        #expect(round(.nan, 1.5).isNaN)
    }

    /// Yoga's `rounding_feature_with_custom_measure_func_floor` and `…_ceil`: a measured
    /// (text) child is never rounded smaller than it measured; scale 0 leaves it alone.
    @Test func aMeasuredChildRoundsUp() {
        for (measured, scale, want) in [(10.2, 0.0, 10.2), (10.2, 1, 11), (10.2, 2, 10.5), (10.2, 4, 10.25),
                                        (10.2, 1.0 / 3.0, 12), (10.5, 1, 11)] {
            let c = FlexboxComponent(children: [FlexboxChild(Measured(measured, measured))])
            let l = c.layoutThatFits(.unconstrained, parentSize: Size(width: .infinity, height: .infinity))
                .roundedToPixelGrid(scale: scale)
            let s = l.children[0].layout.size
            #expect(abs(s.width - want) < 1e-9 && abs(s.height - want) < 1e-9, "measured \(measured) at scale \(scale): \(s)")
        }
        // The same child without text rounding rounds to the nearest pixel, like any node.
        let plain = FlexboxComponent(children: [FlexboxChild(Component(size: ComponentSize(width: 10.2, height: 10.2)))])
        #expect(plain.layoutThatFits(.unconstrained, parentSize: Size(width: .infinity, height: .infinity))
            .roundedToPixelGrid(scale: 1).children[0].layout.size == Size(10, 10))
        // ComponentKit's opt-in for any child.
        let optedIn = FlexboxComponent(children: [FlexboxChild(Component(size: ComponentSize(width: 10.2, height: 10.2)),
                                                               useTextRounding: true)])
        #expect(optedIn.layoutThatFits(.unconstrained, parentSize: Size(width: .infinity, height: .infinity))
            .roundedToPixelGrid(scale: 1).children[0].layout.size == Size(11, 11))
    }

    /// Yoga's `rounding_feature_with_custom_measure_and_fractial_matching_scale`: a 0.5 pt
    /// measured child at left 73.625 on a 2× grid keeps its half point, its left floored.
    @Test func aMeasuredChildOnTheGridKeepsItsSizeAndFloorsItsPosition() {
        let c = FlexboxComponent(children: [FlexboxChild(Measured(0.5, 0.5), position: .init(.relative, left: 73.625))])
        let l = c.layoutThatFits(.unconstrained, parentSize: Size(width: .infinity, height: .infinity)).roundedToPixelGrid(scale: 2)
        #expect(l.childFrames[0] == Rect(x: 73.5, y: 0, width: 0.5, height: 0.5))
    }

    /// Yoga's `consistent_rounding_during_repeated_layouts`: a root at top −1.49 and left
    /// 1…5 on a 2× grid; a 10 pt measured grandchild stays 10 pt every time.
    @Test func roundingIsConsistentWhereverTheRootLands() {
        let node0 = FlexboxComponent(children: [FlexboxChild(Measured(10, 10))])
        let root = FlexboxComponent(size: ComponentSize(width: 500, height: 500), children: [FlexboxChild(node0)])
        let l = root.layoutThatFits(.unconstrained, parentSize: Size(width: .infinity, height: .infinity))
        for left in 1...5 {
            let r = l.roundedToPixelGrid(scale: 2, origin: Point(x: Double(left), y: -1.49))
            #expect(r.children[0].layout.children[0].layout.size.height == 10, "left \(left)")
        }
    }

    /// Yoga's `raw_layout_dimensions`: on a 0.5 grid (2 pt pixels) 11.5 × 9.5 becomes 12 × 10.
    @Test func aCoarseGridRoundsTheRoot() {
        let root = FlexboxComponent(size: ComponentSize(width: 11.5, height: 9.5), children: [])
        let l = root.layoutThatFits(.unconstrained, parentSize: Size(width: .infinity, height: .infinity))
        #expect(l.size == Size(11.5, 9.5), "layout itself does not round")
        #expect(l.roundedToPixelGrid(scale: 0.5).size == Size(12, 10))
    }

    /// Three equal thirds of 100 pt, nested at x 0.4: positions round in their parent, sizes
    /// from absolute edges (Yoga's "inner node controversy": a box can reach a pixel past
    /// where its next sibling's rounded position puts it).
    @Test func siblingsTileTheGridWithoutGaps() {
        func thirds() -> FlexboxComponent {
            FlexboxComponent(style: FlexboxStyle(direction: .row), children: (0..<3).map { _ in FlexboxChild(Component(), flexGrow: 1) })
        }
        let outer = FlexboxComponent(style: FlexboxStyle(direction: .row, padding: Edges(left: 0.4)),
                                     children: [FlexboxChild(thirds(), flexGrow: 1)])
        let l = outer.layoutThatFits(SizeRange(exactly: Size(100.4, 10)), parentSize: Size(100.4, 10)).roundedToPixelGrid(scale: 1)
        let inner = l.children[0]
        #expect(inner.position.x == 0 && inner.layout.size.width == 100, "0.4 rounds to 0; its far edge 100.4 to 100")
        #expect(inner.layout.childFrames.map(\.minX) == [0, 33, 67], "positions in the parent 0, 33.33, 66.67")
        #expect(inner.layout.childFrames.map(\.width) == [34, 33, 33], "absolute edges 0.4, 33.73, 67.07, 100.4 → 0, 34, 67, 100")
    }

    // MARK: Hosts

    /// Every frame a host mounts lies on its grid: views' origins and sizes are whole pixels
    /// in the host's space, at 1× (the default) and 2×, and 0 turns rounding off.
    @Test func aHostMountsFramesOnThePixelGrid() throws {
        func tree() -> Component {
            FlexboxComponent(view: ViewConfiguration(), style: FlexboxStyle(direction: .row, padding: Edges(all: 0.3)), children:
                (0..<3).map { _ in FlexboxChild(Component(view: ViewConfiguration([.backgroundColor(.red)]), size: ComponentSize(height: 10.3)),
                                                flexGrow: 1) })
        }
        func absoluteFrames(_ v: View, _ origin: Point, into out: inout [Rect]) {
            for s in v.subviews {
                let f = Rect(x: origin.x + s.frame.minX, y: origin.y + s.frame.minY, width: s.frame.width, height: s.frame.height)
                out.append(f)
                absoluteFrames(s, f.origin, into: &out)
            }
        }
        func onGrid(_ v: Double, _ scale: Double) -> Bool { abs((v * scale).rounded() - v * scale) < 1e-9 }
        let h = Harness()
        let host = h.host((), SizeRange(min: Size(100, 0), max: Size(100, 100))) { _ in tree() }
        let twice = h.run { HostingView(model: (), sizeRange: SizeRange(min: Size(100, 0), max: Size(100, 100)), pointScaleFactor: 2,
                                        context: h.context) { _ in tree() } }
        let exact = h.run { HostingView(model: (), sizeRange: SizeRange(min: Size(100, 0), max: Size(100, 100)), pointScaleFactor: 0,
                                        context: h.context) { _ in tree() } }
        h.settle()
        for (hv, scale) in [(host, 1.0), (twice, 2.0)] {
            var frames: [Rect] = []
            h.run { absoluteFrames(hv, .zero, into: &frames) }
            #expect(frames.count == 4)
            for f in frames + [h.run { hv.bounds }] {
                #expect([f.minX, f.minY, f.width, f.height].allSatisfy { onGrid($0, scale) }, "\(f) at \(scale)×")
            }
        }
        var one: [Rect] = [], two: [Rect] = [], raw: [Rect] = []
        h.run { absoluteFrames(host, .zero, into: &one); absoluteFrames(twice, .zero, into: &two); absoluteFrames(exact, .zero, into: &raw) }
        // Box edges at 0.3, 33.433…, 66.566…, 99.7, tops 0.3, bottoms 10.6 (2×: 0.5 … 10.5).
        #expect(one.dropFirst().map(\.minX) == [0, 33, 67] && one.dropFirst().map(\.width) == [33, 34, 33])
        #expect(one.dropFirst().allSatisfy { $0.minY == 0 && $0.height == 11 }, "\(one)")
        #expect(two.dropFirst().map(\.minX) == [0.5, 33.5, 66.5] && two.dropFirst().map(\.width) == [33, 33, 33])
        #expect(two.dropFirst().allSatisfy { $0.minY == 0.5 && $0.height == 10 }, "\(two)")
        #expect(close(raw[1].minX, 0.3) && close(raw[1].height, 10.3), "scale 0 mounts the layout as computed: \(raw[1])")
        #expect(h.run { host.bounds.size } == Size(100, 11), "0.3 + 10.3 + 0.3 = 10.9 → 11")

        // A new scale lays the same components out again on the new grid.
        h.run { host.pointScaleFactor = 2 }
        host.buildQueue.sync {}
        h.settle()
        var again: [Rect] = []
        h.run { absoluteFrames(host, .zero, into: &again) }
        #expect(again == two)
    }

    /// A collection's rows round in their own space on the collection's grid.
    @Test func aCollectionMountsRowsOnThePixelGrid() throws {
        let h = Harness()
        let c = h.run {
            let c = CollectionHost<Double>(frame: Rect(x: 0, y: 0, width: 100, height: 300), context: h.context) { height in
                FlexboxComponent(view: ViewConfiguration(), style: FlexboxStyle(direction: .row), children: [
                    FlexboxChild(Component(view: ViewConfiguration([.backgroundColor(.red)]), size: ComponentSize(height: .points(height))), flexGrow: 1),
                    FlexboxChild(Component(view: ViewConfiguration([.backgroundColor(.blue)]), size: ComponentSize(height: .points(height))), flexGrow: 2),
                ])
            }
            c.pointScaleFactor = 2
            c.apply(.init(insertions: [10.3, 20.6, 5.1].enumerated().map { (index: $0.offset, model: $0.element) }), mode: .synchronous)
            return c
        }
        h.settle()
        h.run {
            #expect((0..<3).map { c.rowFrame(at: $0).height } == [10.5, 20.5, 5], "\((0..<3).map { c.rowFrame(at: $0) })")
            #expect((0..<3).map { c.rowFrame(at: $0).minY } == [0, 10.5, 31])
            let first = c.rowLayout(at: 0)!
            #expect(first.childFrames.map(\.width) == [33.5, 66.5], "100/3 = 33.33… → 33.5 on the 2× grid")
        }
    }
}
