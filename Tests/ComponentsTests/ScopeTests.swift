import Testing
import RenderCore
import RenderClient
import RenderViews
@testable import Components

/// Scopes give identities by type, identifier and sibling order under the enclosing scopes;
/// state survives rebuilds under the same identity and updates apply in order.
@Suite struct ScopeTests {
    final class Leaf: Component {
        let identity: ScopeIdentity
        let count: Int
        init(_ id: String?) {
            let scope = Scope(Leaf.self, identifier: id) { 0 }
            identity = scope.handle.identity
            count = scope.state
            super.init(view: ViewConfiguration(), size: ComponentSize(width: 10, height: 10), scope: scope)
        }
    }
    final class Parent: CompositeComponent {
        let leaves: [Leaf]
        init(_ ids: [String?]) {
            let scope = Scope(Parent.self)
            leaves = ids.map { Leaf($0) }
            super.init(scope: scope, component: FlexboxComponent(children: leaves.map { FlexboxChild($0) }))
        }
    }

    @Test func identitiesComeFromTypeIdentifierAndSiblingOrder() {
        let root = ScopeRoot()
        let p = root.build { Parent(["a", nil, nil, "a", "b"]) }
        #expect(p.leaves.map(\.identity.description) == [
            "Parent/Leaf(a)", "Parent/Leaf", "Parent/Leaf#1", "Parent/Leaf(a)#1", "Parent/Leaf(b)"])
        #expect(Set(p.leaves.map(\.identity)).count == 5)
    }

    @Test func stateSurvivesRebuildsAndUpdatesApplyInOrder() {
        let root = ScopeRoot()
        var modes: [StateUpdateMode] = []
        root.onUpdate = { modes.append($0) }
        let first = root.build { Parent(["a", "b"]) }
        #expect(first.leaves.map(\.count) == [0, 0])
        first.leaves[1].updateState({ (n: Int) in n + 1 })
        first.leaves[1].updateState({ (n: Int) in n * 10 }, mode: .synchronous)
        #expect(modes == [.asynchronous, .synchronous])
        let second = root.build { Parent(["a", "b"]) }
        #expect(second.leaves.map(\.count) == [0, 10], "(0 + 1) × 10, in order")
        // A new identity starts from the initial state; a vanished one is forgotten.
        let third = root.build { Parent(["b", "c"]) }
        #expect(third.leaves.map(\.count) == [10, 0])
        let fourth = root.build { Parent(["a", "b"]) }
        #expect(fourth.leaves.map(\.count) == [0, 10])
    }

    @Test func componentsBuiltOutsideAHostHaveAScopeButNoRoot() {
        let leaf = Leaf("x")
        #expect(leaf.identity.description == "Leaf(x)" && leaf.count == 0)
        #expect(leaf.scopeHandle?.root == nil)
    }

    @Test func aComponentImplementingAHookWithoutAScopeTrapsWhenMounted() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let h = Harness()
            _ = h.host((), SizeRange(exactly: Size(10, 10))) { _ in Seeds.Unscoped() }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Unscoped implements animationsOnInitialMount but has no scope"), "\(stderr)")
    }
}

@Suite struct ViewConfigurationTests {
    @Test func everyAttributeAppliesAndResets() {
        let h = Harness()
        final class Log { var applied = 0, unapplied = 0 }
        let log = Log()
        let all: [ViewAttribute] = [
            .alpha(0.5), .backgroundColor(.red), .isHidden(true), .clipsToBounds(true), .tag(3), .isUserInteractionEnabled(false),
            .anchorPoint(Point(0, 0)), .zPosition(2), .transform3D(.scale(x: 2, y: 2, z: 1)), .sublayerTransform(.scale(x: 1, y: 2, z: 1)),
            .borderColor(.blue), .borderWidth(2), .cornerRadius(4), .shadowColor(.red), .shadowOpacity(0.5),
            .shadowOffset(Size(1, 1)), .shadowRadius(2), .contentsRect(Rect(x: 0, y: 0, width: 0.5, height: 0.5)), .name("n"),
            .custom(identifier: "x", apply: { _ in log.applied += 1 }, unapply: { _ in log.unapplied += 1 }),
        ]
        let host = h.host(true, SizeRange(exactly: Size(10, 10))) { on in
            Component(view: ViewConfiguration(on ? all : []), size: ComponentSize(width: 10, height: 10))
        }
        let v = h.run { host.subviews[0] }
        h.run {
            #expect(v.alpha == 0.5 && v.backgroundColor == .red && v.isHidden && v.clipsToBounds && v.tag == 3)
            #expect(v.layer.zPosition == 2 && v.layer.borderWidth == 2 && v.layer.cornerRadius == 4 && v.layer.name == "n")
            #expect(v.layer.transform == .scale(x: 2, y: 2, z: 1) && v.layer.shadowOffset == Size(1, 1))
        }
        #expect(log.applied == 1)
        h.run { host.update(model: false, mode: .synchronous) }
        h.settle()
        h.run {
            let d = LayerProperties()
            #expect(v.alpha == 1 && v.backgroundColor == nil && !v.isHidden && !v.clipsToBounds && v.tag == 0 && v.isUserInteractionEnabled)
            #expect(v.layer.anchorPoint == d.anchorPoint && v.layer.zPosition == 0 && v.layer.transform == .identity)
            #expect(v.layer.sublayerTransform == .identity && v.layer.borderColor == d.borderColor && v.layer.borderWidth == 0)
            #expect(v.layer.cornerRadius == 0 && v.layer.shadowColor == d.shadowColor && v.layer.shadowOpacity == 0)
            #expect(v.layer.shadowOffset == d.shadowOffset && v.layer.shadowRadius == d.shadowRadius)
            #expect(v.layer.contentsRect == d.contentsRect && v.layer.name == nil)
        }
        #expect(log.unapplied == 1)
        #expect(h.lastCommit!.addedAnimations.isEmpty, "resetting never animates")
    }
}

@Suite struct DelayAndSequenceMountTests {
    final class Staged: Component {
        init() {
            let scope = Scope(Staged.self)
            super.init(view: ViewConfiguration([.backgroundColor(.blue)]), size: ComponentSize(width: 10, height: 10), scope: scope)
        }
        override func animationsOnInitialMount() -> [ComponentAnimation] {
            [ComponentAnimation(self, CK.Animation.sequence(CK.Animation.alphaFrom(0).withDuration(0.2),
                                                            CK.Animation.translationYFrom(-40).withDuration(0.3)).withDelay(0.1))]
        }
    }

    @Test func aDelayedSequenceStartsAfterTheCommitAndHoldsItsStart() throws {
        let h = Harness()
        let host = h.host((), SizeRange(exactly: Size(10, 10))) { _ in Staged() }
        let added = try #require(h.lastCommit?.addedAnimations.first)
        #expect(added.animation.timing.beginTime == 1000, "anchored at the commit")
        let v = h.run { host.subviews[0] }
        func at(_ dt: Double) -> LayerProperties { h.run { v.layer.presentation(at: 1000 + dt) } }
        #expect(at(0.05).opacity == 0 && close(at(0.05).transform.m42, -40), "before the delay: both parts show their start")
        #expect(close(at(0.2).opacity, 0.5) && close(at(0.2).transform.m42, -40), "the fade runs first")
        #expect(close(at(0.31).opacity, 1) && close(at(0.45).transform.m42, -20), "then the slide: \(at(0.31).opacity), \(at(0.45).transform.m42)")
        #expect(at(0.7).opacity == 1 && at(0.7).transform == .identity, "then the configuration")
    }
}

@Suite struct ShapeViewConfigurationTests {
    final class ShapeView: View {
        override class var layerClass: Layer.Type { ShapeLayer.self }
    }

    @Test func layerAttributesReachShapeLayerProperties() {
        let h = Harness()
        let host = h.host(true, SizeRange(exactly: Size(20, 20))) { on in
            Component(view: ViewConfiguration(ShapeView.self, on ? [.layer(.fillColor, .color(.red)), .layer(.strokeEnd, .number(0.5))] : []),
                      size: ComponentSize(width: 20, height: 20))
        }
        let v = h.run { host.subviews[0] }
        #expect(v is ShapeView)
        #expect(h.run { (v.layer as! ShapeLayer).fillColor } == .red && h.run { (v.layer as! ShapeLayer).strokeEnd } == 0.5)
        #expect(h.run { host.mountedLayout!.description }.contains("Component 20.0×20.0"))
        h.run { host.update(model: false, mode: .synchronous) }
        #expect(h.run { (v.layer as! ShapeLayer).fillColor } == LayerProperties().fillColor && h.run { (v.layer as! ShapeLayer).strokeEnd } == 1)
    }
}
