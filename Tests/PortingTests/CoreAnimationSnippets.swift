import Foundation
import Testing
import RenderClient

/// Core Animation's mutable animation objects, written as iOS code writes them.
@Suite("Porting: Core Animation animation objects")
struct CoreAnimationSnippets {
    let app = App()

    @Test func basicPositionAnimationWithCGPoints() {
        let layer = app.layer()
        let added = app.added {
            let anim = CABasicAnimation(keyPath: "position")
            anim.fromValue = CGPoint(x: 0, y: 0)
            anim.toValue = CGPoint(x: 200, y: 100)
            anim.duration = 0.5
            anim.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            layer.add(anim, forKey: "move")
        }
        #expect(added.count == 1)
        let a = added[0]
        #expect(a.basic?.keyPath == "position")
        #expect(a.basic?.from == .point(Point(x: 0, y: 0)) && a.basic?.to == .point(Point(x: 200, y: 100)))
        #expect(a.timing.duration == 0.5 && a.timing.beginTime == 1000, "begins at the commit")
        #expect(a.timingFunction == .easeInEaseOut)
        #expect(app.read { layer.animationKeys() } == ["move"])
    }

    @Test func opacityFadeWithIntegerAndFloatingLiterals() {
        let layer = app.layer()
        let added = app.added {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0.0
            fade.duration = 0.3
            layer.add(fade, forKey: "fade")
        }
        #expect(added.first?.basic?.from == .number(1) && added.first?.basic?.to == .number(0))
    }

    @Test func cgFloatAndNSNumberValues() {
        let layer = app.layer()
        let half: CGFloat = 0.5
        let added = app.added {
            let a = CABasicAnimation(keyPath: "cornerRadius")
            a.fromValue = half
            a.toValue = NSNumber(value: 12)
            layer.add(a, forKey: nil)
        }
        #expect(added.first?.basic?.from == .number(0.5) && added.first?.basic?.to == .number(12))
    }

    @Test func spinForeverByValueOnTransformRotationZ() {
        let layer = app.layer()
        let added = app.added {
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.byValue = Double.pi * 2
            spin.duration = 1
            spin.repeatCount = .infinity
            layer.add(spin, forKey: "spin")
        }
        #expect(added.first?.basic?.by == .number(2 * Double.pi))
        #expect(added.first?.timing.repeatCount == .infinity)
    }

    @Test func transformToCATransform3DMakeScale() {
        let layer = app.layer()
        let added = app.added {
            let grow = CABasicAnimation(keyPath: "transform")
            grow.toValue = CATransform3DMakeScale(2, 2, 1)
            layer.add(grow, forKey: "grow")
        }
        #expect(added.first?.basic?.to == .transform(.scale(x: 2, y: 2, z: 1)))
        #expect(added.first?.timing.duration == 0.25, "no duration: the transaction's, or 0.25 s")
    }

    @Test func transformToCGAffineTransform() {
        let layer = app.layer()
        let added = app.added {
            let turn = CABasicAnimation(keyPath: "transform")
            turn.toValue = CGAffineTransform(rotationAngle: .pi / 4)
            layer.add(turn, forKey: "turn")
        }
        #expect(added.first?.basic?.to == .transform(Transform3D(AffineTransform.rotation(.pi / 4))))
    }

    @Test func keepTheEndWithFillModeForwardsAndNotRemovedOnCompletion() {
        let layer = app.layer()
        let added = app.added {
            let a = CABasicAnimation(keyPath: "opacity")
            a.toValue = 0
            a.fillMode = .forwards
            a.isRemovedOnCompletion = false
            layer.add(a, forKey: "hide")
        }
        #expect(added.first?.timing.fillMode == .forwards)
        #expect(added.first?.isRemovedOnCompletion == false)
    }

    @Test func fillModeByItsObjectiveCConstant() {
        let layer = app.layer()
        let added = app.added {
            let a = CABasicAnimation(keyPath: "opacity")
            a.toValue = 0
            a.fillMode = kCAFillModeBoth
            layer.add(a, forKey: nil)
        }
        #expect(added.first?.timing.fillMode == .both)
    }

    @Test func absoluteBeginTimeAndTimingProperties() {
        let layer = app.layer()
        let added = app.added {
            let a = CABasicAnimation(keyPath: "position.x")
            a.toValue = 300
            a.beginTime = 1001.5
            a.duration = 0.4
            a.autoreverses = true
            a.repeatCount = 3
            a.speed = 2
            a.timeOffset = 0.1
            layer.add(a, forKey: "later")
        }
        let t = added.first?.timing
        #expect(t == MediaTiming(beginTime: 1001.5, duration: 0.4, speed: 2, timeOffset: 0.1, repeatCount: 3, autoreverses: true))
    }

    @Test func additiveShake() {
        let layer = app.layer()
        let added = app.added {
            let shake = CAKeyframeAnimation(keyPath: "position.x")
            shake.values = [0, 10, -10, 10, 0]
            shake.keyTimes = [0, 0.25, 0.5, 0.75, 1]
            shake.duration = 0.4
            shake.isAdditive = true
            layer.add(shake, forKey: "shake")
        }
        let k = added.first?.keyframe
        #expect(k?.isAdditive == true)
        #expect(k?.values == [0, 10, -10, 10, 0].map { AnimatableValue.number($0) })
        #expect(k?.keyTimes == [0, 0.25, 0.5, 0.75, 1])
    }

    @Test func noValuesAnimatesFromWhatWasShownToTheNewModelValue() {
        let layer = app.layer()
        let added = app.added {
            CATransaction.setDisableActions(true)
            layer.opacity = 0.2
            layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
        }
        #expect(added.count == 1)
        #expect(added.first?.basic?.from == .number(1), "from the value shown before the change")
        #expect(added.first?.basic?.to == nil, "to the model value")
    }

    @Test func changingTheObjectAfterAddingChangesNothing() {
        let layer = app.layer()
        let added = app.added {
            let a = CABasicAnimation(keyPath: "opacity")
            a.toValue = 0
            a.duration = 1
            layer.add(a, forKey: "fade")
            a.duration = 5
            a.toValue = 1
        }
        #expect(added.first?.timing.duration == 1 && added.first?.basic?.to == .number(0))
    }

    @Test func delegateHearsStartAndStopWithATaggedCopy() {
        let layer = app.layer()
        let delegate = RecordingDelegate()
        let original = CABasicAnimation(keyPath: "opacity")
        let commits = app.commits {
            original.toValue = 0
            original.delegate = delegate
            original.setValue("fade-out", forKey: "tag")
            layer.add(original, forKey: "fade")
        }
        let id = commits.flatMap(\.addedAnimations)[0].id
        app.r.deliver(.animationStarted(AnimationStarted(animationID: id, layer: layer.id, mediaTime: 1000)))
        app.r.stopAnimations(since: 0, finished: true)
        app.read {
            #expect(delegate.started.count == 1)
            #expect(delegate.stopped.count == 1 && delegate.stopped.first?.1 == true)
            let got = delegate.stopped.first?.0
            #expect(got !== original, "the delegate gets the copy made at add, as in Core Animation")
            #expect(got?.value(forKey: "tag") as? String == "fade-out")
            #expect((got as? CABasicAnimation)?.keyPath == "opacity")
        }
    }

    @Test func keyframePathOfPointsWithTimingFunctionsAndPacedMode() {
        let layer = app.layer()
        let added = app.added {
            let a = CAKeyframeAnimation(keyPath: "position")
            a.values = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)]
            a.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
            a.calculationMode = .paced
            a.duration = 2
            layer.add(a, forKey: "walk")
        }
        let k = added.first?.keyframe
        #expect(k?.values == [.point(Point(x: 0, y: 0)), .point(Point(x: 100, y: 0)), .point(Point(x: 100, y: 100))])
        #expect(k?.timingFunctions == [.easeIn, .easeOut])
        #expect(k?.calculationMode == .paced)
    }

    @Test func keyframeAlongAPathTurningWithIt() {
        let layer = app.layer()
        let added = app.added {
            let a = CAKeyframeAnimation(keyPath: "position")
            a.path = Path(ellipseIn: Rect(x: 0, y: 0, width: 200, height: 200))
            a.rotationMode = .rotateAuto
            a.calculationMode = .cubicPaced
            a.duration = 3
            layer.add(a, forKey: "orbit")
        }
        #expect(added.first?.keyframe?.path == Path(ellipseIn: Rect(x: 0, y: 0, width: 200, height: 200)))
        #expect(added.first?.keyframe?.rotationMode == .auto)
    }

    @Test func springWithSettlingDuration() {
        let layer = app.layer()
        var settling = 0.0
        let added = app.added {
            let spring = CASpringAnimation(keyPath: "position.y")
            spring.fromValue = 0
            spring.toValue = 300
            spring.damping = 12
            spring.stiffness = 200
            spring.mass = 1
            spring.initialVelocity = 0.5
            spring.duration = spring.settlingDuration
            settling = spring.settlingDuration
            layer.add(spring, forKey: "drop")
        }
        let s = added.first?.spring
        #expect(s?.stiffness == 200 && s?.damping == 12 && s?.mass == 1 && s?.initialVelocity == 0.5)
        #expect(s?.to == .number(300))
        #expect(settling > 0 && added.first?.timing.duration == settling)
        #expect(settling == SpringAnimation(keyPath: "position.y", mass: 1, stiffness: 200, damping: 12, initialVelocity: 0.5)
            .settlingDuration)
    }

    @Test func springFromPerceptualDurationAndBounce() {
        let layer = app.layer()
        let added = app.added {
            let s = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
            s.keyPath = "transform.scale"
            s.toValue = 1.2
            layer.add(s, forKey: "pop")
        }
        let expected = SpringAnimation(keyPath: "transform.scale", perceptualDuration: 0.5, bounce: 0.3)
        #expect(added.first?.spring?.stiffness == expected.stiffness && added.first?.spring?.damping == expected.damping)
        #expect(added.first?.timing.duration == expected.settlingDuration, "no duration: its settling duration")
    }

    @Test func groupOfAFadeAndAMoveSharingTheGroupsDuration() {
        let layer = app.layer()
        let added = app.added {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.toValue = 0
            let move = CABasicAnimation(keyPath: "position")
            move.toValue = CGPoint(x: 50, y: 50)
            let group = CAAnimationGroup()
            group.animations = [fade, move]
            group.duration = 1
            layer.add(group, forKey: "leave")
        }
        let g = added.first?.group
        #expect(g?.animations.count == 2)
        #expect(g?.animations.map(\.timing.duration) == [1, 1], "children without a duration take the group's")
        #expect(g?.animations.last?.basic?.to == .point(Point(x: 50, y: 50)))
    }

    @Test func pushTransitionUnderKCATransition() {
        let layer = app.layer()
        let commits = app.commits {
            let t = CATransition()
            t.type = .push
            t.subtype = .fromRight
            t.duration = 0.3
            layer.add(t, forKey: kCATransition)
        }
        let added = commits.flatMap(\.addedAnimations)
        #expect(added.first?.key == "transition")
        #expect(added.first?.animation.transition == Transition(type: .push, subtype: .fromRight))
    }

    @Test func removeAnimationForKey() {
        let layer = app.layer()
        app.commits {
            let a = CABasicAnimation(keyPath: "opacity")
            a.toValue = 0
            a.duration = 10
            layer.add(a, forKey: "slow")
        }
        let commits = app.commits { layer.removeAnimation(forKey: "slow") }
        #expect(commits.first?.commands.contains { if case .removeAnimation(_, "slow") = $0 { return true }; return false } == true)
        #expect(app.read { layer.animationKeys() }.isEmpty)
    }

    @Test func timingFunctionFromControlPointsAndNames() {
        #expect(CAMediaTimingFunction(controlPoints: 0.5, 0, 0.9, 0.7) == TimingFunction(0.5, 0, 0.9, 0.7))
        #expect(CAMediaTimingFunction(name: .easeIn) == .easeIn)
        #expect(TimingFunction(name: kCAMediaTimingFunctionEaseOut) == .easeOut)
        #expect(CAMediaTimingFunction(name: .default).controlPoint(at: 1) == (0.25, 0.1))
    }
}

/// Layer timing and presentation, as iOS code pauses, resumes and samples layers.
@Suite("Porting: layer time and presentation")
struct LayerTimeSnippets {
    let app = App()

    @Test func pauseALayerAtTheCurrentTime() {
        let layer = app.layer()
        var paused = 0.0
        let commits = app.commits {
            paused = layer.convertTime(CACurrentMediaTime(), from: nil)
            layer.speed = 0
            layer.timeOffset = paused
        }
        let timings = commits.flatMap(\.commands).compactMap { c -> LayerTiming? in
            if case let .setTiming(_, t) = c { return t }; return nil
        }
        #expect(timings == [LayerTiming(beginTime: 0, speed: 0, timeOffset: paused)])
    }

    @Test func resumeAPausedLayer() {
        let layer = app.layer()
        app.commits { layer.speed = 0; layer.timeOffset = 5 }
        let resumed = app.read { () -> (LayerTiming, Double) in
            let pausedTime = layer.timeOffset
            layer.speed = 1.0
            layer.timeOffset = 0.0
            layer.beginTime = 0.0
            let now = CACurrentMediaTime()
            let timeSincePause = layer.convertTime(now, from: nil) - pausedTime
            layer.beginTime = timeSincePause
            return (layer.timing, layer.convertTime(now, from: nil))
        }
        #expect(resumed.0.speed == 1 && resumed.0.timeOffset == 0)
        #expect(close(resumed.1, 5, 1e-6), "the layer's time continues from where it was paused")
    }

    @Test func convertTimeBetweenLayers() {
        let (a, b) = app.r.committed { () -> (CALayer, CALayer) in
            let a = CALayer(), b = CALayer()
            a.addSublayer(b)
            a.speed = 2
            b.timeOffset = 10
            return (a, b)
        }
        app.read {
            #expect(b.convertTime(100, from: nil) == 210)
            #expect(b.convertTime(210, to: nil) == 100)
            #expect(a.convertTime(210, from: b) == 200)
            #expect(b.convertTime(200, from: a) == 210)
        }
    }

    @Test func presentationValuesMidAnimation() {
        let layer = app.layer()
        app.commits {
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0
            a.toValue = 1
            a.duration = 1
            layer.add(a, forKey: "in")
        }
        app.r.now = 1000.25
        #expect(close(app.read { layer.presentation()?.opacity }, 0.25))
        #expect(close(app.read { layer.presentation().opacity }, 0.25))
        #expect(app.read { layer.opacity } == 1, "the model is unchanged")
    }
}
