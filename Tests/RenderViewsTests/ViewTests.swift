import Testing
@testable import RenderViews
import RenderClient

final class ShapeView: View {
    override class var layerClass: Layer.Type { ShapeLayer.self }
}

final class CountingView: View {
    var layouts = 0
    var onLayout: ((CountingView) -> Void)?
    override func layoutSubviews() { layouts += 1; onLayout?(self) }
    override func sizeThatFits(_ size: Size) -> Size { Size(width: 42, height: 7) }
}

@Suite struct ViewTests {
    @Test func viewIsItsLayersDelegateAndLayerClassIsHonoured() {
        let h = Harness()
        h.run {
            let v = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
            #expect(v.layer.delegate === v)
            #expect(v.layer.kind == .layer)
            #expect(v.center == Point(x: 60, y: 45))
            #expect(v.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
            #expect(v.frame == Rect(x: 10, y: 20, width: 100, height: 50))
            let s = ShapeView()
            #expect(s.layer is ShapeLayer)
            #expect(s.layer.kind == .shape)
        }
    }

    @Test func propertiesMapToTheLayer() {
        let h = Harness()
        h.run {
            let v = View()
            v.alpha = 0.5
            v.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
            v.isHidden = true
            v.clipsToBounds = true
            v.transform = .rotation(0.5)
            #expect(v.layer.opacity == 0.5)
            #expect(v.layer.backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: 1))
            #expect(v.layer.isHidden && v.layer.masksToBounds)
            #expect(v.layer.transform == Transform3D(AffineTransform.rotation(0.5)))
            v.backgroundColor = nil
            #expect(v.backgroundColor == nil && v.layer.backgroundColor == .clear)
        }
    }

    @Test func hierarchyKeepsLayersInTheSameOrder() {
        let h = Harness()
        h.run {
            let root = View(), a = View(), b = View(), c = View()
            root.addSubview(a); root.addSubview(b)
            root.insertSubview(c, at: 1)
            #expect(root.subviews.map(\.layer.id) == [a, c, b].map(\.layer.id))
            #expect(root.layer.sublayers.map(\.id) == [a, c, b].map(\.layer.id))
            root.bringSubviewToFront(a)
            #expect(root.subviews.map(\.layer.id) == [c, b, a].map(\.layer.id))
            #expect(root.layer.sublayers.map(\.id) == [c, b, a].map(\.layer.id))
            root.sendSubviewToBack(a)
            #expect(root.layer.sublayers.map(\.id) == [a, c, b].map(\.layer.id))
            root.insertSubview(a, aboveSubview: b)
            #expect(root.subviews.map(\.layer.id) == [c, b, a].map(\.layer.id))
            root.insertSubview(a, belowSubview: c)
            #expect(root.subviews.map(\.layer.id) == [a, c, b].map(\.layer.id))
            #expect(root.layer.sublayers.map(\.id) == [a, c, b].map(\.layer.id))
            // A raw sublayer keeps its place among the views' layers.
            let raw = Layer()
            root.layer.addSublayer(raw)
            let d = View()
            root.addSubview(d)
            #expect(root.layer.sublayers.map(\.id) == [a.layer.id, c.layer.id, b.layer.id, d.layer.id, raw.id])
            // Moving forward past siblings: the layers follow the views exactly.
            root.insertSubview(a, belowSubview: b)
            #expect(root.subviews.map(\.layer.id) == [c, a, b, d].map(\.layer.id))
            #expect(root.layer.sublayers.map(\.id) == [c.layer.id, a.layer.id, b.layer.id, d.layer.id, raw.id])
            root.insertSubview(c, aboveSubview: b)
            #expect(root.layer.sublayers.map(\.id) == [a.layer.id, b.layer.id, c.layer.id, d.layer.id, raw.id])
            root.exchangeSubview(at: 0, withSubviewAt: 3)
            #expect(root.subviews.map(\.layer.id) == [d, b, c, a].map(\.layer.id))
            #expect(root.layer.sublayers.map(\.id) == [d.layer.id, b.layer.id, c.layer.id, a.layer.id, raw.id])
            c.removeFromSuperview()
            #expect(c.superview == nil && c.layer.superlayer == nil)
            #expect(root.subviews.map(\.layer.id) == [d, b, a].map(\.layer.id))
            let other = View()
            other.addSubview(b)
            #expect(b.superview === other && !root.subviews.contains { $0 === b })
            #expect(b.isDescendant(of: other) && !b.isDescendant(of: root))
        }
    }

    @Test func layoutRunsBeforeTheCommitAndJoinsIt() {
        let h = Harness()
        let (parent, child) = h.committed { () -> (CountingView, View) in
            let p = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let c = View()
            p.addSubview(c)
            p.onLayout = { p in c.frame = Rect(x: 0, y: 0, width: p.bounds.width / 2, height: 10) }
            return (p, c)
        }
        #expect(parent.layouts == 1, "adding a subview marks the view for layout; the commit ran it")
        let n = h.commits.count
        h.run { parent.bounds = Rect(x: 0, y: 0, width: 300, height: 100) }
        h.settle()
        #expect(parent.layouts == 2)
        let sent = h.commits(since: n)
        #expect(sent.count == 1, "the resize and the layout it caused go in one commit")
        #expect(sent.first?.setProperties.contains { $0.layer == child.layer.id && $0.keyPath == .bounds } == true)
        h.run {
            #expect(child.bounds.width == 150)
            parent.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
            parent.layoutIfNeeded()
            #expect(child.bounds.width == 100, "layoutIfNeeded lays out at once")
            parent.layoutIfNeeded()
            #expect(parent.layouts == 3, "nothing marked: no second layout")
            parent.sizeToFit()
            #expect(parent.bounds.size == Size(width: 42, height: 7))
        }
    }

    @Test func outsideABlockAViewAnswersTheNullActionAndAStandaloneLayerAnimates() {
        let h = Harness()
        let (v, standalone) = h.committed { (View(frame: Rect(x: 0, y: 0, width: 10, height: 10)), Layer()) }
        let n = h.commits.count
        h.run {
            #expect(v.action(for: v.layer, forKey: "position") is NullAction)
            #expect(v.layer.action(forKey: "position") == nil)
            v.center = Point(x: 100, y: 100)
            v.alpha = 0.3
            standalone.position = Point(x: 50, y: 50)
        }
        h.settle()
        let added = h.commits(since: n).flatMap(\.addedAnimations)
        #expect(added.count == 1 && added.first?.layer == standalone.id,
                "the view's changes do not animate; the standalone layer's does")
    }
}
