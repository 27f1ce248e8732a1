import Testing
import RenderCore
import TextLayout
@testable import Components

/// `LabelComponent` lays out at the size pango gives its text (`TextMeasurer`, the daemon's
/// layout code) and rounds up on the pixel grid. `LabelEndToEndTests` checks the frame
/// against what a real daemon draws.
@Suite struct LabelComponentTests {
    let unbounded = Size(width: .infinity, height: .infinity)

    @Test func aLabelIsItsMeasuredTextRoundedUp() {
        let label = LabelComponent("Hello, rendersrv", font: "DejaVu Sans", fontSize: 15, isWrapped: false)
        let m = TextMeasurer.measure(label.text)
        #expect(m.lineCount == 1 && m.width > 50 && m.height > 15 && m.baseline > 0 && m.baseline < m.height, "\(m)")
        let l = label.layoutThatFits(.unconstrained, parentSize: unbounded)
        #expect(l.size == Size(m.width, m.height) && l.baseline == m.baseline && l.usesTextRounding)
        let boxed = FlexboxComponent(style: FlexboxStyle(alignItems: .start, padding: Edges(left: 0.5)), children: [FlexboxChild(label)])
        let r = boxed.layoutThatFits(.unconstrained, parentSize: unbounded).roundedToPixelGrid(scale: 1)
        #expect(r.childFrames[0].minX == 0, "text floors its position")
        #expect(r.childFrames[0].width >= m.width && r.childFrames[0].height == m.height.rounded(.up), "\(r.childFrames[0]) for \(m)")
    }

    @Test func aNarrowerWidthWrapsIntoMoreLinesAndTruncationCutsToTheWidth() {
        let s = "The quick brown fox jumps over the lazy dog"
        let wide = LabelComponent(s, font: "DejaVu Sans", fontSize: 14).layoutThatFits(.unconstrained, parentSize: unbounded)
        let narrow = LabelComponent(s, font: "DejaVu Sans", fontSize: 14)
            .layoutThatFits(SizeRange(min: .zero, max: Size(width: 90, height: .infinity)), parentSize: unbounded)
        #expect(narrow.size.width <= 90 && narrow.size.height > 2 * wide.size.height, "\(wide.size) vs \(narrow.size)")
        let cut = LabelComponent(s, font: "DejaVu Sans", fontSize: 14, isWrapped: false, truncationMode: .end)
            .layoutThatFits(SizeRange(min: .zero, max: Size(width: 90, height: .infinity)), parentSize: unbounded)
        #expect(cut.size.width <= 90 && cut.size.width > 60 && cut.size.height == wide.size.height, "\(cut.size)")
        #expect(LabelComponent("").layoutThatFits(.unconstrained, parentSize: unbounded).size == .zero, "nothing drawn, no size")
    }
}
