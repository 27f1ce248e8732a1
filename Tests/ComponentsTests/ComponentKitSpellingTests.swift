import Foundation
import Testing
import RenderCore
import RenderClient
import RenderViews
@testable import Components

/// ComponentKit's spellings (`ComponentKitSpellings.swift`): each means what the typed API
/// it stands for means.
@Suite struct ComponentKitSpellingTests {
    @Test func flexibleSizeRangeProviderKeepsTheAxesThatAreNotFlexible() {
        let b = Size(320, 480)
        let inf = Double.infinity
        #expect(FlexibleSizeRangeProvider(flexibility: .none).sizeRange(forBoundingSize: b) == SizeRange(exactly: b))
        #expect(FlexibleSizeRangeProvider(flexibility: .flexibleHeight).sizeRange(forBoundingSize: b)
                == SizeRange(min: Size(320, 0), max: Size(320, inf)))
        #expect(FlexibleSizeRangeProvider(flexibility: .flexibleWidth).sizeRange(forBoundingSize: b)
                == SizeRange(min: Size(0, 480), max: Size(inf, 480)))
        #expect(FlexibleSizeRangeProvider(flexibility: .flexibleWidthAndHeight).sizeRange(forBoundingSize: b) == SizeRange())
    }

    /// A text-like column: its height follows its width (two 40-point rows per 100 points).
    final class Column: Component {
        override func computeLayout(thatFits range: SizeRange, parentSize: Size) -> Layout {
            let w = range.max.width.isFinite ? range.max.width : 100
            return Layout(component: self, size: range.clamp(Size(w, 80 * (200 / max(w, 1)))))
        }
    }

    @Test func aHostBuiltFromProvidersSizesItsRootByItsBoundsAndUpdatesItsModel() throws {
        let h = Harness()
        let host = h.run {
            HostingView(componentProvider: { (wide: Bool) -> Component in
                            Column(view: ViewConfiguration(View.self, attributes: [.backgroundColor: wide ? Color.red : Color.blue]))
                        },
                        sizeRangeProvider: FlexibleSizeRangeProvider(flexibility: .flexibleHeight), model: false,
                        context: h.context)
        }
        h.settle()
        // The width the owner gives it: the range follows (320 wide, any height).
        h.run { host.frame = Rect(x: 0, y: 0, width: 200, height: 10) }
        h.run { host.layoutIfNeeded() }
        host.buildQueue.sync {}     // the relayout the new range asked for (asynchronous)…
        h.settle()                  // …then its mount on the host's queue
        #expect(h.run { host.sizeRange } == SizeRange(min: Size(200, 0), max: Size(200, .infinity)))
        #expect(h.run { host.mountedLayout?.size } == Size(200, 80))
        h.run { host.frame = Rect(x: 0, y: 0, width: 100, height: 80) }
        h.run { host.layoutIfNeeded() }
        host.buildQueue.sync {}     // the relayout the new range asked for (asynchronous)…
        h.settle()                  // …then its mount on the host's queue
        #expect(h.run { host.sizeRange } == SizeRange(min: Size(100, 0), max: Size(100, .infinity)))
        #expect(h.run { host.mountedLayout?.size } == Size(100, 160))
        // updateModel is update(model:mode:).
        h.run { host.updateModel(true, mode: .synchronous) }
        h.settle()
        let view = try #require(h.run { host.subviews.first })
        #expect(h.lastCommit?.value(of: .backgroundColor, layer: view.layer.id) == .color(.red))
    }

    @Test func theAttributeMapMeansTheTypedAttributes() {
        let map = ViewConfiguration(View.self, attributes: [.backgroundColor: Color.red, .alpha: 0.5, .cornerRadius: 8,
                                                            .anchorPoint: CGPoint(x: 0, y: 1), .isHidden: false,
                                                            .shadowOffset: CGSize(width: 2, height: 3), .tag: 7])
        let typed = ViewConfiguration(View.self, attributes: [.alpha(0.5), .anchorPoint(Point(x: 0, y: 1)),
                                                             .backgroundColor(.red), .cornerRadius(8), .isHidden(false),
                                                             .shadowOffset(Size(2, 3)), .tag(7)])
        #expect(map.attributes.map(\.key) == typed.attributes.map(\.key))
        #expect(map.attributes.map { "\($0)" } == typed.attributes.map { "\($0)" })
        // Keys that take numbers take any of Swift's number types.
        for v in [0.5 as Any, CGFloat(0.5), Float(0.5)] {
            #expect(ViewAttributeKey.alpha.attribute(v).map { "\($0)" } == "\(ViewAttribute.alpha(0.5))")
        }
        // A value of another type is refused (the initializer traps naming the key).
        #expect(ViewAttributeKey.backgroundColor.attribute(3) == nil)
        #expect(ViewAttributeKey.alpha.attribute("opaque") == nil)
    }
}
