import Foundation
import Testing
import RenderClient

/// Key-value coding with untyped values, and connecting in one line.
@Suite("Porting: key-value coding and connecting")
struct KeyValueConnectionSnippets {
    let app = App()

    @Test func setValueForKeyPathAnimatesLikeTheProperty() {
        let layer = app.layer()
        let commits = app.commits { layer.setValue(0.5, forKeyPath: "opacity") }
        #expect(commits.flatMap(\.setProperties).map(\.value) == [.number(0.5)])
        #expect(commits.flatMap(\.addedAnimations).first?.animation.basic?.keyPath == "opacity", "implicitly animated")
    }

    @Test func setValueOfACGPoint() {
        let layer = app.layer()
        let sets = app.sets {
            CATransaction.setDisableActions(true)
            layer.setValue(CGPoint(x: 1, y: 2), forKeyPath: "position")
        }
        #expect(sets["position"] == .point(Point(x: 1, y: 2)))
    }

    @Test func rotationByKeyPathReadsBack() {
        let layer = app.layer()
        app.commits {
            CATransaction.setDisableActions(true)
            layer.setValue(Double.pi / 2, forKeyPath: "transform.rotation.z")
        }
        app.read {
            #expect(close(layer.value(forKeyPath: "transform.rotation.z") as? Double, .pi / 2))
            #expect(layer.value(forKeyPath: "transform") is Transform3D)
        }
    }

    @Test func componentKeyPathsReadAndWrite() {
        let layer = app.layer()
        let sets = app.sets {
            CATransaction.setDisableActions(true)
            layer.setValue(25, forKeyPath: "position.x")
            layer.setValue(CGFloat(60), forKeyPath: "bounds.size.width")
        }
        #expect(sets["position"] == .point(Point(x: 25, y: 0)))
        #expect(sets["bounds"] == .rect(Rect(x: 0, y: 0, width: 60, height: 100)))
        app.read {
            #expect(layer.value(forKeyPath: "position.x") as? Double == 25)
            #expect(layer.value(forKey: "bounds") as? Rect == Rect(x: 0, y: 0, width: 60, height: 100))
        }
    }

    @Test func integersForNumbersAndFrameAndMaskByKey() {
        let layer = app.layer()
        let commits = app.commits {
            CATransaction.setDisableActions(true)
            layer.setValue(3, forKeyPath: "borderWidth")
            layer.setValue(CGRect(x: 0, y: 0, width: 20, height: 20), forKey: "frame")
            let m = CALayer()
            layer.setValue(m, forKey: "mask")
        }
        let sets = commits.flatMap(\.setProperties)
        #expect(sets.contains { $0.keyPath == "borderWidth" && $0.value == .number(3) })
        #expect(sets.contains { $0.keyPath == "bounds" && $0.value == .rect(Rect(x: 0, y: 0, width: 20, height: 20)) })
        #expect(app.read { layer.value(forKey: "mask") as? Layer } === app.read { layer.mask })
        #expect(app.read { layer.mask } != nil)
    }

    @Test func arbitraryKeysStayOnTheLayer() {
        let layer = app.layer()
        let commits = app.commits { layer.setValue("card-3", forKey: "identifier") }
        #expect(commits.isEmpty, "an app value is not sent")
        #expect(app.read { layer.value(forKey: "identifier") as? String } == "card-3")
        #expect(app.read { layer.value(forKey: "nothing") } == nil)
    }

    @Test func nilSetsAPropertyBackToItsDefault() {
        let layer = app.layer()
        let sets = app.sets {
            CATransaction.setDisableActions(true)
            layer.setValue(nil, forKeyPath: "bounds")
        }
        #expect(sets["bounds"] == .rect(.zero))
    }

    @Test func aConnectionNeedsNoClientName() {
        #expect(!Connection.defaultClientName.isEmpty)
        #expect(Connection.defaultClientName == ProcessInfo.processInfo.processName)
        let missing = "/nonexistent-rendersrv-\(getpid())/socket"
        #expect(throws: ConnectionError.self) { _ = try Connection(socketPath: missing) }
        #expect(throws: ConnectionError.self) { _ = try Context.connect(socketPath: missing) }
    }
}
