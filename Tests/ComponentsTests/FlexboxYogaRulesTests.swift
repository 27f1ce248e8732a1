import Testing
import RenderCore
@testable import Components

/// Yoga's rules through the ComponentKit-style API, one readable case each (the generated
/// cases in `YogaCaseTests` cover them exhaustively). Frames worked out by hand.
@Suite struct FlexboxYogaRulesTests {
    /// Content 500 × 10 that fits into less: as much of it as its constraint allows.
    final class Wide: Component {
        override func computeLayout(thatFits c: SizeRange, parentSize: Size) -> Layout {
            Layout(component: self, size: c.clamp(Size(500, 10)))
        }
    }

    func box(_ w: Double, _ h: Double) -> Component { Component(size: ComponentSize(width: w, height: h)) }
    func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }
    func layout(_ c: Component, _ size: Size) -> Layout { c.layoutThatFits(SizeRange(exactly: size), parentSize: size) }

    @Test func rightToLeftRowStartsAtTheRightAndStartEndEdgesFollow() {
        let s = FlexboxStyle(direction: .row, padding: Edges(start: 5), layoutDirection: .rightToLeft)
        let l = layout(FlexboxComponent(style: s, children: [FlexboxChild(box(20, 10), margin: Edges(start: 3)),
                                                             FlexboxChild(box(30, 10))]), Size(100, 10))
        // Start is the right edge: 5 padding + 3 margin from the right, then the next child.
        #expect(l.childFrames == [r(72, 0, 20, 10), r(42, 0, 30, 10)])
        // left/right stay physical.
        let phys = layout(FlexboxComponent(style: FlexboxStyle(direction: .row, padding: Edges(left: 5), layoutDirection: .rightToLeft),
                                           children: [FlexboxChild(box(20, 10))]), Size(100, 10))
        #expect(phys.childFrames == [r(80, 0, 20, 10)])
    }

    @Test func nestedFlexboxesInheritTheLayoutDirection() {
        let inner = FlexboxComponent(size: ComponentSize(width: 50, height: 10), style: FlexboxStyle(direction: .row),
                                     children: [FlexboxChild(box(10, 10))])
        let outer = FlexboxComponent(style: FlexboxStyle(alignItems: .start, layoutDirection: .rightToLeft), children: [FlexboxChild(inner)])
        let l = layout(outer, Size(100, 100))
        #expect(l.childFrames == [r(50, 0, 50, 10)], "a column's cross start is the right edge")
        #expect(l.children[0].layout.childFrames == [r(40, 0, 10, 10)], "the inner row inherits right-to-left")
    }

    @Test func gapsMarginAutoAndRelativeInsets() {
        let s = FlexboxStyle(direction: .row, wrap: .wrap, rowGap: 4, columnGap: .percent(10))
        let l = layout(FlexboxComponent(style: s, children: [FlexboxChild(box(40, 10)), FlexboxChild(box(40, 10)),
                                                             FlexboxChild(box(40, 10))]), Size(100, 100))
        #expect(l.childFrames == [r(0, 0, 40, 10), r(50, 0, 40, 10), r(0, 14, 40, 10)], "10 % of 100 between items, 4 between lines")
        let auto = layout(FlexboxComponent(style: FlexboxStyle(direction: .row), children: [
            FlexboxChild(box(20, 10), margin: Edges(left: .auto)),
            FlexboxChild(box(20, 10), margin: Edges(top: .auto, bottom: .auto), position: .init(.relative, left: 5)),
        ]), Size(100, 30))
        #expect(auto.childFrames == [r(60, 0, 20, 10), r(85, 10, 20, 10)], "auto margins take the free space; the inset moves the child")
    }

    @Test func displayNoneStaticAndBorder() {
        let inner = FlexboxComponent(size: ComponentSize(width: 40, height: 40), style: FlexboxStyle(),
                                     children: [FlexboxChild(box(10, 10), position: .absolute(top: 0, left: 0))])
        let l = layout(FlexboxComponent(style: FlexboxStyle(border: Edges(all: 2)), children: [
            FlexboxChild(box(30, 30), display: .none),
            FlexboxChild(inner, margin: Edges(top: 20, left: 20), position: .init(.static, left: 99)),
        ]), Size(100, 100))
        #expect(l.childFrames == [r(0, 0, 0, 0), r(22, 22, 40, 40)], "hidden takes no room; static ignores its inset; the border insets")
        #expect(l.children[1].layout.childFrames == [r(-20, -20, 10, 10)],
                "the absolute grandchild sits at the outer box's padding-box corner (inside its 2 pt border)")
    }

    @Test func negativeFreeSpaceAndPaddingFloor() {
        let c = FlexboxComponent(style: FlexboxStyle(direction: .row, justifyContent: .center),
                                 children: [FlexboxChild(box(80, 10)), FlexboxChild(box(40, 10))])
        #expect(layout(c, Size(100, 10)).childFrames == [r(-10, 0, 80, 10), r(70, 0, 40, 10)], "center overflows both ways")
        let e = FlexboxComponent(style: FlexboxStyle(direction: .row, justifyContent: .spaceEvenly),
                                 children: [FlexboxChild(box(80, 10)), FlexboxChild(box(40, 10))])
        #expect(layout(e, Size(100, 10)).childFrames == [r(0, 0, 80, 10), r(80, 0, 40, 10)], "space-evenly falls back to start")
        let padded = FlexboxComponent(size: ComponentSize(width: 10, height: 10), style: FlexboxStyle(padding: Edges(all: 8)), children: [])
        let l = layout(FlexboxComponent(style: FlexboxStyle(alignItems: .start), children: [FlexboxChild(padded)]), Size(100, 100))
        #expect(l.childFrames == [r(0, 0, 16, 16)], "never smaller than its padding")
    }

    @Test func aChildSizedToFitOverflowsItsParentAsYogas() {
        // The transpose of Yoga's align_items_center_child_without_margin_bigger_than_parent:
        // a row; the 72 pt box makes its column parent 72 × 72, past the 52 × 52 root, and
        // the column is centred both ways (overflowing toward the start).
        let column = FlexboxComponent(style: FlexboxStyle(alignItems: .center), children: [FlexboxChild(box(72, 72))])
        let row = FlexboxComponent(style: FlexboxStyle(direction: .row, justifyContent: .center, alignItems: .center),
                                   children: [FlexboxChild(column)])
        let l = layout(row, Size(52, 52))
        #expect(l.childFrames == [r(-10, -10, 72, 72)], "its main length (the row's cross) overflows too")
        #expect(l.children[0].layout.childFrames == [r(0, 0, 72, 72)])
        // Children that can shrink do not: sized to fit, the column takes its content's length
        // unless its own maximum is smaller (then they shrink to it).
        let shrinking = FlexboxComponent(style: FlexboxStyle(alignItems: .start),
                                         children: [FlexboxChild(Component(size: ComponentSize(width: 10, minHeight: 10)), flexShrink: 1,
                                                                 flexBasis: 72)])
        let capped = FlexboxComponent(size: ComponentSize(maxHeight: 40), style: shrinking.style, children: shrinking.children)
        let both = layout(FlexboxComponent(style: FlexboxStyle(direction: .row, alignItems: .start),
                                           children: [FlexboxChild(shrinking), FlexboxChild(capped)]), Size(52, 52))
        #expect(both.childFrames == [r(0, 0, 10, 72), r(10, 0, 10, 40)])
        #expect(both.children[1].layout.childFrames == [r(0, 0, 10, 40)])
        // At the root the range is a bound, as ComponentKit's constraint: the column is 52 wide.
        let root = column.layoutThatFits(SizeRange(max: Size(52, 52)), parentSize: Size(52, 52))
        #expect(root.size == Size(52, 52))
        #expect(root.childFrames == [r(-10, 0, 72, 72)])
        // A scrolling container is held to the space it is given, both ways (its flex basis is
        // measured in the row's 52 pt too).
        let scroll = FlexboxComponent(style: FlexboxStyle(alignItems: .center, overflow: .scroll), children: [FlexboxChild(box(72, 72))])
        let s = layout(FlexboxComponent(style: FlexboxStyle(direction: .row, alignItems: .center), children: [FlexboxChild(scroll)]),
                       Size(52, 52))
        #expect(s.childFrames == [r(0, 0, 52, 52)])
    }

    @Test func anAbsoluteChildOfAStaticFlexboxTakesItsStaticPositionAtItsNewSize() {
        // The static flexbox is 60 × 40; the absolute grandchild is sized against the root
        // (its containing block): 50 % of 100. Without insets it is placed in its parent by
        // that parent's alignment (the end: 60 − 50) and justification (centred with its
        // 4 pt top margin in the 40 pt column: 4 + (40 − 14) / 2).
        let inner = FlexboxComponent(size: ComponentSize(width: 60, height: 40),
                                     style: FlexboxStyle(justifyContent: .center, alignItems: .end),
                                     children: [FlexboxChild(Component(size: ComponentSize(width: .percent(50), height: 10)),
                                                             margin: Edges(top: 4), position: .absolute())])
        let l = layout(FlexboxComponent(children: [FlexboxChild(inner, margin: Edges(top: 10, left: 10), position: .init(.static))]),
                       Size(100, 100))
        #expect(l.children[0].layout.childFrames == [r(10, 17, 50, 10)])
        // With an inset on an axis, that axis is placed against the root's padding box.
        let inset = FlexboxComponent(size: ComponentSize(width: 60, height: 40), style: inner.style,
                                     children: [FlexboxChild(box(20, 10), position: .absolute(left: 5))])
        let m = layout(FlexboxComponent(children: [FlexboxChild(inset, margin: Edges(top: 10, left: 10), position: .init(.static))]),
                       Size(100, 100))
        #expect(m.children[0].layout.childFrames == [r(-5, 15, 20, 10)])
    }

    @Test func aPercentageInsideAStretchedChildIsOfItsStretchedLength() {
        // The root is sized to fit: 120 wide, by the box in the column. The column is
        // stretched to that (its size already), which makes its width definite: the 50 %
        // child is 60 wide (Yoga lays a stretched child out again at an exact cross length;
        // until then a percentage of an indefinite width is measured as content).
        let column = FlexboxComponent(children: [FlexboxChild(Component(size: ComponentSize(width: .percent(50), height: 10))),
                                                 FlexboxChild(box(120, 10))])
        let root = FlexboxComponent(children: [FlexboxChild(column)])
        let l = root.layoutThatFits(.unconstrained, parentSize: Size(width: .infinity, height: .infinity))
        #expect(l.size == Size(120, 20))
        #expect(l.children[0].layout.childFrames == [r(0, 0, 60, 10), r(0, 10, 120, 10)])
    }

    @Test func aPercentageOfAnIndefiniteLengthIsAuto() {
        // Sized to fit without any bound (Yoga's max-content), the root's width is
        // indefinite while its children are laid out: A's 50 % width is auto, so A stretches
        // to the line (the 100 pt box's width), and its 50 % height and flex basis and its
        // 10 % margin and gap are nothing. The root is 100 × 30: A's content (20) and B's 10.
        let a = FlexboxComponent(size: ComponentSize(width: .percent(50), height: .percent(50)), children: [FlexboxChild(box(30, 20))])
        let root = FlexboxComponent(style: FlexboxStyle(rowGap: .percent(10)),
                                    children: [FlexboxChild(a, flexBasis: .percent(50), margin: Edges(left: .percent(10))),
                                               FlexboxChild(box(100, 10))])
        let l = root.layoutThatFits(.unconstrained, parentSize: Size(width: .infinity, height: .infinity))
        #expect(l.size == Size(100, 30))
        #expect(l.childFrames == [r(0, 0, 100, 20), r(0, 20, 100, 10)])
        // With a bound (at most 200 × 200) the lengths are not exact but known: A's 50 %
        // width is measured as content (30) and does not stretch; its margin is 10 % of 200,
        // its basis 50 % of 200 and the gap 10 % of 200.
        let bounded = root.layoutThatFits(SizeRange(max: Size(200, 200)), parentSize: Size(200, 200))
        #expect(bounded.childFrames == [r(20, 0, 30, 100), r(0, 120, 100, 10)])
    }

    @Test func aFlexBasisIsMeasuredInTheSpaceAvailable() {
        // Yoga measures a child's flex basis with the container's inner main length as the
        // space available (fit-content), not unbounded: the row inside the 200 pt row
        // resolves its child's 50 % against 200 (a 100 pt basis), takes that as its own
        // length, then is laid out at 100, where the child is 50 % of 100.
        let inner = FlexboxComponent(style: FlexboxStyle(direction: .row),
                                     children: [FlexboxChild(Component(size: ComponentSize(width: .percent(50), height: 10)))])
        let l = layout(FlexboxComponent(style: FlexboxStyle(direction: .row, alignItems: .start), children: [FlexboxChild(inner)]),
                       Size(200, 100))
        #expect(l.childFrames == [r(0, 0, 100, 10)])
        #expect(l.children[0].layout.childFrames == [r(0, 0, 50, 10)])
        // A container that scrolls along its main axis measures the basis unbounded: the
        // percentage is of an indefinite length, auto, and the leaf has no content.
        let scrolling = layout(FlexboxComponent(style: FlexboxStyle(direction: .row, alignItems: .start, overflow: .scroll),
                                                children: [FlexboxChild(inner)]), Size(200, 100))
        #expect(scrolling.childFrames == [r(0, 0, 0, 10)])
        // Content that would be 500 wide (a long line of text, say) is measured in that
        // space, less its margin: a 180 pt basis, where it used to be 500 and overflow.
        let wide = layout(FlexboxComponent(style: FlexboxStyle(direction: .row, alignItems: .start),
                                           children: [FlexboxChild(Wide(), margin: Edges(left: 20))]), Size(200, 100))
        #expect(wide.childFrames == [r(20, 0, 180, 10)])
    }

    @Test func roundingToThePixelGridAsYoga() {
        let c = FlexboxComponent(style: FlexboxStyle(direction: .row), children: (0..<3).map { _ in
            FlexboxChild(Component(), flexGrow: 1)
        })
        let l = layout(c, Size(100, 10)).roundedToPixelGrid(scale: 1)
        #expect(l.childFrames == [r(0, 0, 33, 10), r(33, 0, 34, 10), r(67, 0, 33, 10)], "edges round, sizes follow")
        let retina = layout(c, Size(100, 10)).roundedToPixelGrid(scale: 2)
        #expect(retina.childFrames == [r(0, 0, 33.5, 10), r(33.5, 0, 33, 10), r(66.5, 0, 33.5, 10)])
    }

    /// The README's flexbox example, compiled and laid out.
    @Test func theReadmeExampleLaysOut() {
        let avatar = box(20, 20), badge = box(10, 10), spinner = box(16, 16), isLoading = false
        let c = FlexboxComponent(style: FlexboxStyle(direction: .row, wrap: .wrap,
                                                     padding: Edges(start: 8, end: .percent(5)), border: Edges(all: 1),
                                                     rowGap: 4, columnGap: .percent(2), layoutDirection: .rightToLeft),
                                 children: [
                                     FlexboxChild(avatar, margin: Edges(end: .auto)),          // pushes the rest to the end
                                     FlexboxChild(badge, position: .init(.relative, top: -2)), // moved, its space kept
                                     FlexboxChild(spinner, display: isLoading ? .flex : .none),
                                 ])
        let l = c.layoutThatFits(SizeRange(exactly: Size(200, 40)), parentSize: Size(200, 40))
        // Right-to-left: the avatar starts 1 + 8 from the right; its end margin takes the
        // free space, so the badge sits at the end (the left), inside 1 pt of border and 5 %
        // of the parent's 200 pt width, 2 pt higher than its place.
        #expect(l.childFrames == [r(171, 1, 20, 20), r(11, -1, 10, 10), r(0, 0, 0, 0)])
    }
}
