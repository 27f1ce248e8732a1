import Testing
import RenderCore
@testable import Components

/// Flexbox layouts checked against frames computed by hand (Yoga's and ComponentKit's
/// behaviour: column by default, flexShrink 0, alignItems stretch).
@Suite struct FlexboxLayoutTests {
    func box(_ w: Double? = nil, _ h: Double? = nil, min: Size? = nil, max: Size? = nil) -> Component {
        Component(size: ComponentSize(width: w.map { .points($0) } ?? .auto, height: h.map { .points($0) } ?? .auto,
                                      minWidth: min.map { .points($0.width) } ?? .auto, minHeight: min.map { .points($0.height) } ?? .auto,
                                      maxWidth: max.map { .points($0.width) } ?? .auto, maxHeight: max.map { .points($0.height) } ?? .auto))
    }
    func layout(_ style: FlexboxStyle, _ children: [FlexboxChild], exactly size: Size) -> Layout {
        FlexboxComponent(style: style, children: children).layoutThatFits(SizeRange(exactly: size), parentSize: size)
    }
    func frames(_ l: Layout) -> [Rect] { l.childFrames }
    func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    @Test func columnByDefaultStretchesChildrenWithoutAWidth() {
        let l = layout(FlexboxStyle(), [FlexboxChild(box(50, 20)), FlexboxChild(box(nil, 30))], exactly: Size(100, 200))
        #expect(l.size == Size(100, 200))
        #expect(frames(l) == [r(0, 0, 50, 20), r(0, 20, 100, 30)])
    }

    @Test func rowJustifySpaceBetweenAlignCenter() {
        let s = FlexboxStyle(direction: .row, justifyContent: .spaceBetween, alignItems: .center)
        let l = layout(s, [FlexboxChild(box(50, 50)), FlexboxChild(box(50, 50)), FlexboxChild(box(50, 50))], exactly: Size(300, 100))
        #expect(frames(l) == [r(0, 25, 50, 50), r(125, 25, 50, 50), r(250, 25, 50, 50)])
    }

    @Test func justifyCenterEndAroundEvenly() {
        let kids = { [FlexboxChild(self.box(20, 10)), FlexboxChild(self.box(20, 10))] }
        func xs(_ j: FlexboxStyle.JustifyContent) -> [Double] {
            frames(layout(FlexboxStyle(direction: .row, justifyContent: j, alignItems: .start), kids(), exactly: Size(100, 10))).map(\.origin.x)
        }
        #expect(xs(.start) == [0, 20])
        #expect(xs(.center) == [30, 50])
        #expect(xs(.end) == [60, 80])
        #expect(xs(.spaceAround) == [15, 65])      // 60 free: 15 | 20 | 30 | 20 | 15
        #expect(xs(.spaceEvenly) == [20, 60])      // 60 free: 20 | 20 | 20 | 20 | 20
    }

    @Test func flexGrowSharesTheFreeSpace() {
        let l = layout(FlexboxStyle(direction: .row), [FlexboxChild(box(50), flexGrow: 1), FlexboxChild(box(50), flexGrow: 2),
                                                      FlexboxChild(box(50))], exactly: Size(300, 50))
        #expect(frames(l) == [r(0, 0, 100, 50), r(100, 0, 150, 50), r(250, 0, 50, 50)])
    }

    @Test func noShrinkByDefaultShrinkWeightedByBasis() {
        let overflow = layout(FlexboxStyle(direction: .row), [FlexboxChild(box(150, 10)), FlexboxChild(box(150, 10))], exactly: Size(200, 10))
        #expect(frames(overflow) == [r(0, 0, 150, 10), r(150, 0, 150, 10)], "flexShrink defaults to 0, as in ComponentKit")
        let shrunk = layout(FlexboxStyle(direction: .row), [FlexboxChild(box(100, 10), flexShrink: 1),
                                                           FlexboxChild(box(200, 10), flexShrink: 1)], exactly: Size(240, 10))
        // 60 too much; shrink factor × basis: 100 and 200 → 20 and 40.
        #expect(frames(shrunk) == [r(0, 0, 80, 10), r(80, 0, 160, 10)])
    }

    @Test func paddingSpacingAndMargins() {
        let s = FlexboxStyle(spacing: 5, padding: Edges(all: 10))
        let l = layout(s, [FlexboxChild(box(nil, 20)), FlexboxChild(box(nil, 20), margin: Edges(left: 7))], exactly: Size(100, 300))
        #expect(frames(l) == [r(10, 10, 80, 20), r(17, 35, 73, 20)])
    }

    @Test func wrapMakesLinesAndSizesTheContainer() {
        let s = FlexboxStyle(direction: .row, spacing: 10, wrap: .wrap)
        let c = FlexboxComponent(style: s, children: [FlexboxChild(box(40, 20)), FlexboxChild(box(40, 20)), FlexboxChild(box(40, 20))])
        let l = c.layoutThatFits(SizeRange(min: Size(100, 0), max: Size(100, .infinity)), parentSize: Size(100, .infinity))
        #expect(l.size == Size(100, 40))
        #expect(frames(l) == [r(0, 0, 40, 20), r(50, 0, 40, 20), r(0, 20, 40, 20)])
        // wrapReverse stacks the lines from the bottom.
        let rev = FlexboxComponent(style: FlexboxStyle(direction: .row, spacing: 10, wrap: .wrapReverse),
                                   children: [FlexboxChild(box(40, 20)), FlexboxChild(box(40, 20)), FlexboxChild(box(40, 20))])
            .layoutThatFits(SizeRange(exactly: Size(100, 40)), parentSize: Size(100, 40))
        #expect(frames(rev) == [r(0, 20, 40, 20), r(50, 20, 40, 20), r(0, 0, 40, 20)])
    }

    @Test func alignContentCentersLines() {
        let s = FlexboxStyle(direction: .row, alignContent: .center, wrap: .wrap)
        let l = layout(s, [FlexboxChild(box(60, 20)), FlexboxChild(box(60, 20))], exactly: Size(100, 100))
        #expect(frames(l) == [r(0, 30, 60, 20), r(0, 50, 60, 20)])
        let stretched = layout(FlexboxStyle(direction: .row, alignContent: .stretch, wrap: .wrap),
                               [FlexboxChild(box(60)), FlexboxChild(box(60))], exactly: Size(100, 100))
        #expect(frames(stretched) == [r(0, 0, 60, 50), r(0, 50, 60, 50)], "each line gets half the free cross space; children stretch")
    }

    @Test func reverseDirections() {
        let row = layout(FlexboxStyle(direction: .rowReverse), [FlexboxChild(box(30, 20)), FlexboxChild(box(30, 20))], exactly: Size(100, 20))
        #expect(frames(row) == [r(70, 0, 30, 20), r(40, 0, 30, 20)])
        let col = layout(FlexboxStyle(direction: .columnReverse, alignItems: .start),
                         [FlexboxChild(box(10, 30)), FlexboxChild(box(10, 20))], exactly: Size(10, 100))
        #expect(frames(col) == [r(0, 70, 10, 30), r(0, 50, 10, 20)])
    }

    @Test func absoluteChildrenUseTheirInsets() {
        let l = layout(FlexboxStyle(), [
            FlexboxChild(box(50, 30), position: .absolute(top: 10, right: 20)),
            FlexboxChild(box(), position: .absolute(top: 0, left: 10, bottom: 0, right: 10)),
            FlexboxChild(box(nil, 40)),
        ], exactly: Size(200, 100))
        #expect(frames(l) == [r(130, 10, 50, 30), r(10, 0, 180, 100), r(0, 0, 200, 40)], "absolute children leave the flow alone")
    }

    @Test func aspectRatioFollowsTheKnownLength() {
        let l = layout(FlexboxStyle(), [FlexboxChild(box(), aspectRatio: 2), FlexboxChild(box(40), aspectRatio: 0.5)], exactly: Size(100, 300))
        #expect(frames(l) == [r(0, 0, 100, 50), r(0, 50, 40, 80)])
    }

    @Test func minAndMaxClampFlexingAndRedistribute() {
        let l = layout(FlexboxStyle(direction: .row), [FlexboxChild(box(max: Size(100, .infinity)), flexGrow: 1, flexBasis: 0),
                                                      FlexboxChild(box(), flexGrow: 1, flexBasis: 0)], exactly: Size(300, 50))
        #expect(frames(l) == [r(0, 0, 100, 50), r(100, 0, 200, 50)])
        let minned = layout(FlexboxStyle(direction: .row), [FlexboxChild(box(100, 10, min: Size(90, 0)), flexShrink: 1),
                                                           FlexboxChild(box(100, 10), flexShrink: 1)], exactly: Size(160, 10))
        #expect(frames(minned) == [r(0, 0, 90, 10), r(90, 0, 70, 10)], "the min-clamped child freezes; the other takes the rest")
    }

    @Test func flexBasisPercentOfTheContainer() {
        let l = layout(FlexboxStyle(direction: .row), [FlexboxChild(box(nil, 10), flexBasis: .percent(50))], exactly: Size(200, 10))
        #expect(frames(l) == [r(0, 0, 100, 10)])
    }

    @Test func containerSizesToItsContent() {
        let c = FlexboxComponent(style: FlexboxStyle(direction: .row, alignItems: .start),
                                 children: [FlexboxChild(box(30, 10)), FlexboxChild(box(20, 40))])
        let l = c.layoutThatFits(.unconstrained, parentSize: Size(.infinity, .infinity))
        #expect(l.size == Size(50, 40))
        // With a bounded width the container still takes its content's, even when a child
        // could grow (Yoga's fit-content sizing); the child grows once the width is exact.
        let g = FlexboxComponent(style: FlexboxStyle(direction: .row), children: [FlexboxChild(box(30, 10), flexGrow: 1)])
            .layoutThatFits(SizeRange(max: Size(120, .infinity)), parentSize: Size(120, .infinity))
        #expect(g.size == Size(30, 10))
        #expect(frames(g) == [r(0, 0, 30, 10)])
    }

    @Test func alignSelfAndBaseline() {
        let l = layout(FlexboxStyle(alignItems: .start), [FlexboxChild(box(20, 10), alignSelf: .end), FlexboxChild(box(20, 10), alignSelf: .center),
                                                         FlexboxChild(box(nil, 10), alignSelf: .stretch)], exactly: Size(100, 100))
        #expect(frames(l) == [r(80, 0, 20, 10), r(40, 10, 20, 10), r(0, 20, 100, 10)])
        let b = layout(FlexboxStyle(direction: .row, alignItems: .baseline), [FlexboxChild(box(20, 30)), FlexboxChild(box(20, 10))],
                       exactly: Size(100, 50))
        #expect(frames(b) == [r(0, 0, 20, 30), r(20, 20, 20, 10)], "bottoms (a leaf's baseline) line up")
    }

    @Test func nestedFlexboxAndCompositeLayouts() {
        let inner = FlexboxComponent(style: FlexboxStyle(direction: .row), children: [FlexboxChild(box(10, 10)), FlexboxChild(box(10, 20))])
        let comp = CompositeComponent(component: inner)
        let outer = FlexboxComponent(style: FlexboxStyle(alignItems: .center), children: [FlexboxChild(comp)])
        let l = outer.layoutThatFits(SizeRange(exactly: Size(100, 100)), parentSize: Size(100, 100))
        #expect(frames(l) == [r(40, 0, 20, 20)])
        #expect(l.frame(of: inner) == r(40, 0, 20, 20))
        #expect(l.children[0].layout.children[0].layout.childFrames == [r(0, 0, 10, 10), r(10, 0, 10, 20)],
                "children with a height of their own are not stretched")
    }

    @Test func sizeRangeAndRelativeSizes() {
        let s = ComponentSize(width: .percent(50), height: 30, maxWidth: 40)
        #expect(s.resolve(parentSize: Size(100, 100)) == SizeRange(min: Size(40, 30), max: Size(40, 30)))
        #expect(ComponentSize(width: .percent(50)).resolve(parentSize: Size(.infinity, 10)).max.width == .infinity,
                "a percentage of an unknown length is auto")
        let leaf = Component(size: ComponentSize(width: 500, height: 10))
        #expect(leaf.layoutThatFits(SizeRange(max: Size(100, 100)), parentSize: Size(100, 100)).size == Size(100, 10),
                "the parent's constraint wins over the component's own size")
    }
}
