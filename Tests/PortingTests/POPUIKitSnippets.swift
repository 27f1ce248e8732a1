import Foundation
import Testing
import RenderClient
import RenderViews
import Dynamics

/// POP's shape (property names, `pop_add`, the delegate) and UIKit's geometry on views.
@Suite("Porting: POP and UIKit")
struct POPUIKitSnippets {
    @Test func springByPropertyNameAddedToALayer() {
        let app = PopApp()
        let layer = app.layer()
        let delegate = RecordingPopDelegate()
        let anim = app.run { () -> POPSpringAnimation in
            let anim = POPSpringAnimation(propertyNamed: kPOPLayerPosition)
            anim.toValue = CGPoint(x: 200, y: 120)
            anim.springBounciness = 12
            anim.springSpeed = 10
            anim.delegate = delegate
            layer.pop_add(anim, forKey: "move")
            return anim
        }
        #expect(app.run { layer.pop_animationKeys() } == ["move"])
        #expect(app.run { layer.pop_animation(forKey: "move") } === anim)
        let frames = app.frames(until: { delegate.events.last?.hasPrefix("stop") == true })
        #expect(frames > 10 && frames < 1000)
        #expect(app.run { layer.position } == Point(x: 200, y: 120))
        #expect(app.run { delegate.events } == ["start", "reach", "stop(true)"])
        let moved = app.commits.flatMap(\.setProperties).filter { $0.keyPath == "position" }
        #expect(moved.count >= frames - 1, "one commit per frame")
    }

    /// `[view pop_addAnimation:forKey:]`: POP's methods on a view animate its layer, with
    /// the view property names.
    @Test func springAddedToAView() {
        let app = PopApp()
        let view = app.run { () -> UIView in
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40), context: app.context)
            let anim = POPSpringAnimation(propertyNamed: kPOPViewCenter)
            anim.toValue = CGPoint(x: 150, y: 90)
            v.pop_add(anim, forKey: "slide")
            let fade = POPBasicAnimation(propertyNamed: kPOPViewAlpha)
            fade.toValue = 0.5
            fade.duration = 0.2
            v.pop_add(fade, forKey: "fade")
            return v
        }
        #expect(app.run { view.pop_animationKeys() } == ["slide", "fade"])
        app.frames(until: { view.pop_animationKeys().isEmpty })
        #expect(app.run { view.center } == CGPoint(x: 150, y: 90))
        #expect(app.run { view.alpha } == 0.5)
        #expect(app.run { view.layer.position } == Point(x: 150, y: 90), "the view's layer moved")
    }

    @Test func basicOpacityRemovedByKey() {
        let app = PopApp()
        let layer = app.layer()
        let delegate = RecordingPopDelegate()
        app.run {
            let anim = POPBasicAnimation(propertyNamed: kPOPLayerOpacity)
            anim.toValue = 0.0
            anim.duration = 1
            anim.delegate = delegate
            layer.pop_add(anim, forKey: "fade")
        }
        for _ in 0..<5 { app.frame() }
        let mid = app.run { layer.opacity }
        #expect(mid < 1 && mid > 0)
        app.run { layer.pop_removeAnimation(forKey: "fade") }
        app.settle()
        #expect(app.run { delegate.events } == ["start", "stop(false)"])
        #expect(app.run { layer.opacity } == mid, "the layer keeps its value")
        #expect(app.run { layer.pop_animationKeys() }.isEmpty)
    }

    @Test func decayWithAnUntypedVelocity() {
        let app = PopApp()
        let layer = app.layer()
        let done = Locked(false)
        app.run {
            let decay = POPDecayAnimation(propertyNamed: kPOPLayerPositionX)
            decay.velocity = 1000.0
            decay.completionBlock = { _, finished in done.withLock { $0 = finished } }
            layer.pop_add(decay, forKey: "fling")
        }
        app.frames(until: { done.withLock { $0 } })
        #expect(done.withLock { $0 })
        #expect(app.run { layer.position.x } > 100, "flung to the right")
    }

    @Test func scaleAndRotationPropertyNames() {
        let app = PopApp()
        let layer = app.layer()
        app.run {
            let scale = POPSpringAnimation(propertyNamed: kPOPLayerScaleXY)
            scale.toValue = 1.5
            layer.pop_add(scale, forKey: "scale")
            let turn = POPBasicAnimation(propertyNamed: kPOPLayerRotation)
            turn.toValue = Double.pi
            turn.duration = 0.2
            layer.pop_add(turn, forKey: "turn")
        }
        app.frames(until: { layer.pop_animationKeys().isEmpty })
        app.run {
            #expect(close(layer.value(forKeyPath: "transform.scale") as? Double, 1.5, 1e-6))
            #expect(close(layer.value(forKeyPath: "transform.rotation.z") as? Double, .pi, 1e-6))
        }
    }

    @Test func viewsTakeCoreGraphicsGeometry() {
        let r = RecordingContext(label: "PortingTests.views")
        let (frame, center, bounds) = r.run { () -> (Rect, Point, Rect) in
            let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
            view.center = CGPoint(x: 160, y: 240)
            view.bounds = CGRect(x: 0, y: 0, width: 120, height: 40)
            let f: CGRect = view.frame
            #expect(f.width == 120)
            return (view.frame, view.center, View(frame: .zero).bounds)
        }
        #expect(frame == Rect(x: 100, y: 220, width: 120, height: 40))
        #expect(center == Point(x: 160, y: 240) && bounds == .zero)
    }

    @Test func viewAnimationBlockWithCoreGraphicsValues() {
        let r = RecordingContext(label: "PortingTests.views")
        let view = r.committed { View(frame: CGRect(x: 0, y: 0, width: 50, height: 50)) }
        r.run {
            View.animate(withDuration: 0.3) {
                view.center = CGPoint(x: 100, y: 100)
                view.alpha = 0.5
            }
        }
        r.settle()
        let added = r.commits.flatMap(\.addedAnimations).map(\.animation)
        #expect(Set(added.compactMap { $0.basic?.keyPath.description }) == ["position", "opacity"])
        #expect(added.allSatisfy { $0.timing.duration == 0.3 })
    }
}

/// Colors as UIKit code writes them.
@Suite("Porting: colors")
struct ColorSnippets {
    @Test func uiColorsAndCGColorsOnLayersAndViews() {
        let app = App()
        let layer = app.layer()
        let sets = app.sets {
            CATransaction.setDisableActions(true)
            layer.backgroundColor = UIColor.red.cgColor
            layer.borderColor = UIColor(white: 0, alpha: 0.5).cgColor
            layer.shadowColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1).withAlphaComponent(0.3).cgColor
        }
        let viewColor = app.read { () -> Color? in
            let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.backgroundColor = UIColor.blue
            return view.backgroundColor
        }
        #expect(viewColor == .blue)
        #expect(sets["backgroundColor"] == .color(.red))
        #expect(sets["borderColor"] == .color(Color(white: 0, alpha: 0.5)))
        #expect(sets["shadowColor"] == .color(Color(red: 0, green: 0, blue: 1, alpha: 0.3)))
    }
}

/// POP's view property names, on a view's layer.
@Suite("Porting: POP view properties")
struct POPViewSnippets {
    @Test func springTheCenterAndAlphaOfAViewThroughItsLayer() {
        let app = PopApp()
        let view = app.run { () -> View in View(frame: CGRect(x: 0, y: 0, width: 20, height: 20), context: app.context) }
        app.settle()
        app.run {
            let move = POPSpringAnimation(propertyNamed: kPOPViewCenter)
            move.toValue = CGPoint(x: 100, y: 50)
            view.layer.pop_add(move, forKey: "center")
            let fade = POPBasicAnimation(propertyNamed: kPOPViewAlpha)
            fade.toValue = 0.25
            view.layer.pop_add(fade, forKey: "alpha")
        }
        app.frames(until: { view.layer.pop_animationKeys().isEmpty })
        #expect(app.run { view.center } == Point(x: 100, y: 50))
        #expect(app.run { view.alpha } == 0.25)
    }
}

/// Shape layers drawn with UIKit's path object, and the classic stroke animation.
@Suite("Porting: paths")
struct PathSnippets {
    @Test func drawAndStrokeACheckmark() {
        let app = App()
        let commits = app.commits {
            let path = UIBezierPath()
            path.move(to: CGPoint(x: 10, y: 50))
            path.addLine(to: CGPoint(x: 40, y: 80))
            path.addLine(to: CGPoint(x: 90, y: 20))
            let shape = CAShapeLayer()
            shape.path = path.cgPath
            shape.strokeColor = UIColor.green.cgColor
            shape.fillColor = UIColor.clear.cgColor
            shape.lineWidth = 4
            app.context.rootLayer = shape
            let draw = CABasicAnimation(keyPath: "strokeEnd")
            draw.fromValue = 0
            draw.toValue = 1
            draw.duration = 0.6
            shape.add(draw, forKey: "draw")
        }
        let sets = commits.flatMap(\.setProperties)
        var expected = Path()
        expected.move(to: Point(x: 10, y: 50))
        expected.addLine(to: Point(x: 40, y: 80))
        expected.addLine(to: Point(x: 90, y: 20))
        #expect(sets.contains { $0.keyPath == "path" && $0.value == .path(expected) })
        #expect(commits.flatMap(\.addedAnimations).first?.animation.basic?.keyPath == "strokeEnd")
        let rounded = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 6)
        #expect(rounded.cgPath == Path(roundedRect: Rect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 6))
    }
}
