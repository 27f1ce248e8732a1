import Foundation
import Testing
import RenderClient

/// `CATransaction`, Core Graphics geometry and `CATransform3D` helpers, as iOS code writes them.
@Suite("Porting: transactions and geometry")
struct TransactionGeometrySnippets {
    let app = App()

    @Test func implicitAnimationOfAStandaloneLayer() {
        let layer = app.layer()
        let added = app.added { layer.opacity = 0 }
        #expect(added.first?.basic?.keyPath == "opacity" && added.first?.timing.duration == 0.25)
    }

    @Test func explicitTransactionWithADuration() {
        let layer = app.layer()
        let added = app.added {
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            layer.opacity = 0
            CATransaction.commit()
        }
        #expect(added.first?.timing.duration == 2)
    }

    @Test func disableActionsSetsWithoutAnimating() {
        let layer = app.layer()
        let commits = app.commits {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.position = CGPoint(x: 40, y: 40)
            CATransaction.commit()
        }
        #expect(commits.flatMap(\.addedAnimations).isEmpty)
        #expect(commits.flatMap(\.setProperties).map(\.value) == [.point(Point(x: 40, y: 40))])
    }

    @Test func transactionSpellingOfTheSetters() {
        let layer = app.layer()
        let added = app.added {
            Transaction.begin()
            Transaction.setDisableActions(true)
            layer.opacity = 0.5
            Transaction.commit()
            Transaction.begin()
            Transaction.setAnimationDuration(0.7)
            Transaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeOut))
            layer.opacity = 0
            Transaction.commit()
        }
        #expect(added.count == 1)
        #expect(added.first?.timing.duration == 0.7 && added.first?.timingFunction == .easeOut)
    }

    @Test func timingFunctionForImplicitAnimations() {
        let layer = app.layer()
        let added = app.added {
            CATransaction.begin()
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeOut))
            layer.position = CGPoint(x: 10, y: 10)
            CATransaction.commit()
        }
        #expect(added.first?.timingFunction == .easeOut)
    }

    @Test func completionBlockRunsWhenTheAnimationsFinish() {
        let layer = app.layer()
        let ran = Locked(0)
        let n = app.r.commits.count
        app.commits {
            CATransaction.begin()
            CATransaction.setCompletionBlock { ran.withLock { $0 += 1 } }
            layer.opacity = 0
            CATransaction.commit()
        }
        #expect(ran.withLock { $0 } == 0, "not before the animation finished")
        app.r.stopAnimations(since: n, finished: true)
        #expect(ran.withLock { $0 } == 1)
    }

    @Test func gettersByTheirObjectiveCNames() {
        let values = app.read { () -> (Double, Bool, Double, Bool) in
            let d0 = CATransaction.animationDuration(), a0 = CATransaction.disableActions()
            CATransaction.begin()
            CATransaction.setAnimationDuration(1.5)
            CATransaction.setDisableActions(true)
            let d1 = CATransaction.animationDuration(), a1 = CATransaction.disableActions()
            CATransaction.commit()
            return (d0, a0, d1, a1)
        }
        #expect(values == (0.25, false, 1.5, true))
    }

    @Test func flushSendsNow() {
        let layer = app.layer()
        let counts = app.read { () -> (Int, Int) in
            let before = app.r.commits.count
            CATransaction.setDisableActions(true)
            layer.opacity = 0.3
            CATransaction.flush()
            return (before, app.r.commits.count)
        }
        #expect(counts.1 == counts.0 + 1, "committed inside the work item")
    }

    @Test func frameFromACGRect() {
        let layer = app.layer()
        let sets = app.sets {
            CATransaction.setDisableActions(true)
            layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        }
        #expect(sets["position"] == .point(Point(x: 60, y: 45)))
        #expect(sets["bounds"] == .rect(Rect(x: 0, y: 0, width: 100, height: 50)))
    }

    @Test func positionBoundsAnchorPointAndShadowOffsetFromCoreGraphics() {
        let layer = app.layer()
        let sets = app.sets {
            CATransaction.setDisableActions(true)
            layer.position = CGPoint(x: 5, y: 6)
            layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 40)
            layer.anchorPoint = CGPoint(x: 0, y: 0)
            layer.shadowOffset = CGSize(width: 0, height: 3)
        }
        #expect(sets["position"] == .point(Point(x: 5, y: 6)))
        #expect(sets["bounds"] == .rect(Rect(x: 0, y: 0, width: 30, height: 40)))
        #expect(sets["anchorPoint"] == .point(.zero))
        #expect(sets["shadowOffset"] == .size(Size(width: 0, height: 3)))
    }

    @Test func readingGeometryBackAsCoreGraphicsOrAsItsOwnTypes() {
        let layer = app.layer()
        app.read {
            layer.position = CGPoint(x: 7, y: 8)
            let p: CGPoint = layer.position
            let r: CGRect = layer.bounds
            let f = layer.frame                 // nothing decides: the layer's own Rect
            #expect(p == CGPoint(x: 7, y: 8) && r.width == 100)
            #expect(f == Rect(x: -43, y: -42, width: 100, height: 100))
            #expect(layer.position.x + 1 == 8)
        }
    }

    @Test func cgFloatPropertiesNeedNoConversion() {
        let layer = app.layer()
        let radius: CGFloat = 8, width: CGFloat = 2
        let sets = app.sets {
            CATransaction.setDisableActions(true)
            layer.cornerRadius = radius
            layer.borderWidth = width
            layer.opacity = 0.5
        }
        #expect(sets["cornerRadius"] == .number(8) && sets["borderWidth"] == .number(2) && sets["opacity"] == .number(0.5))
    }

    @Test func transform3DFunctions() {
        let layer = app.layer()
        let sets = app.sets {
            CATransaction.setDisableActions(true)
            var t = CATransform3DIdentity
            t.m34 = -1 / 500
            t = CATransform3DRotate(t, .pi / 4, 0, 1, 0)
            layer.transform = CATransform3DConcat(CATransform3DMakeTranslation(10, 0, 0), t)
        }
        var expected = Transform3D.identity
        expected.m34 = -1 / 500
        expected = Transform3D.translation(x: 10, y: 0).concatenating(expected.rotated(angle: .pi / 4, x: 0, y: 1, z: 0))
        #expect(sets["transform"] == .transform(expected))
        let m = CATransform3DMakeScale(2, 3, 1)
        #expect(CATransform3DIsIdentity(CATransform3DConcat(m, CATransform3DInvert(m))))
        #expect(CATransform3DEqualToTransform(CATransform3DMakeRotation(0, 0, 0, 1), CATransform3DIdentity))
    }

    @Test func affineTransformOfALayer() {
        let layer = app.layer()
        let sets = app.sets {
            CATransaction.setDisableActions(true)
            layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2).rotated(by: .pi / 2))
        }
        let expected = AffineTransform.rotation(.pi / 2).concatenating(.scale(2, 2))
        #expect(sets["transform"] == .transform(Transform3D(expected)))
        #expect(app.read { layer.affineTransform() } == expected)
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(expected)) == expected)
    }

    @Test func layerTreeAndARootLayer() {
        let sets = app.commits {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
            let child = CAShapeLayer()
            child.path = Path(roundedRect: Rect(x: 0, y: 0, width: 50, height: 50), cornerRadius: 8)
            root.addSublayer(child)
            app.context.rootLayer = root
        }
        let commands = sets.flatMap(\.commands)
        #expect(commands.contains { if case .setRoot = $0 { return true }; return false })
        #expect(commands.contains { if case .insertSublayer = $0 { return true }; return false })
    }
}

/// Core Animation's optional collections.
@Suite("Porting: optional sublayers and animation keys")
struct OptionalCollectionSnippets {
    let app = App()

    @Test func removeEverySublayerThroughTheOptional() {
        let root = app.layer()
        app.commits {
            root.addSublayer(CALayer())
            root.addSublayer(CALayer())
        }
        let commits = app.commits {
            root.sublayers?.forEach { $0.removeFromSuperlayer() }
        }
        let removed = commits.flatMap(\.commands).filter { if case .removeFromSuperlayer = $0 { return true }; return false }
        #expect(removed.count == 2)
        #expect(app.read { root.sublayers == nil } && app.read { root.sublayers.isEmpty })
    }

    @Test func animationKeysAsAnOptional() {
        let layer = app.layer()
        #expect(app.read { layer.animationKeys() == nil })
        app.commits {
            let a = CABasicAnimation(keyPath: "opacity")
            a.toValue = 0
            layer.add(a, forKey: "fade")
        }
        #expect(app.read { layer.animationKeys()?.contains("fade") } == true)
        #expect(app.read { layer.animationKeys().count } == 1, "without the ?, the plain array")
    }
}
