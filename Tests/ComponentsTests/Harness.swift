import Dispatch
import Testing
import RenderCore
import RenderClient
import RenderViews
@testable import Components

/// The tests drive a `RecordingContext` (RenderClient): commits recorded, a manual clock.
typealias Harness = RecordingContext

extension RecordingContext {
    /// A host in this harness's context, mounted and committed.
    func host<M>(_ model: M, _ range: SizeRange, _ provider: @escaping (M) -> Component) -> HostingView<M> {
        let h = run { HostingView(model: model, sizeRange: range, context: context, provider: provider) }
        settle()
        return h
    }
}

extension Commit {
    func value(of key: PropertyKey, layer: LayerID) -> AnimatableValue? {
        setProperties.last { $0.layer == layer && $0.keyPath == LayerKeyPath(key) }?.value
    }
}

func close(_ a: Double, _ b: Double, _ tol: Double = 1e-6) -> Bool { abs(a - b) <= tol }

/// The seeds' components, as tests use them.
enum Seeds {
    /// Fades in on initial mount (the seeds' `fadeToAppear`).
    final class Fade: Component {
        init(color: Color = .red) {
            let scope = Scope(Fade.self)
            super.init(view: ViewConfiguration([.backgroundColor(color)]), size: ComponentSize(width: 100, height: 50), scope: scope)
        }
        override func animationsOnInitialMount() -> [ComponentAnimation] {
            [ComponentAnimation(self, Animation.basic("opacity", from: .number(0), duration: 0.5, timingFunction: .easeOut))]
        }
    }

    /// The change-animations page's Example: a box in a row, its colour by `active`, at the
    /// start or the end by `trailing`; each animated only when its own flag changed.
    final class Example: CompositeComponent {
        let box: Component
        let isActive: Bool, isTrailing: Bool
        let conditional: Bool
        init(active: Bool, trailing: Bool, conditional: Bool = true) {
            let scope = Scope(Example.self)
            box = Component(view: ViewConfiguration([.backgroundColor(active ? .green : .gray)]), size: ComponentSize(width: 50, height: 50))
            isActive = active; isTrailing = trailing; self.conditional = conditional
            super.init(scope: scope, component: FlexboxComponent(
                view: ViewConfiguration(), style: FlexboxStyle(direction: .row, justifyContent: trailing ? .end : .start),
                children: [FlexboxChild(box)]))
        }
        override func animationsFromPreviousComponent(_ p: Component) -> [ComponentAnimation] {
            let prev = p as! Example
            guard conditional else {
                return [ComponentAnimation(box, CK.Animation.parallel(CK.Animation.position().easeOut(), CK.Animation.backgroundColor()))]
            }
            var out: [ComponentAnimation] = []
            if prev.isActive != isActive { out.append(ComponentAnimation(box, CK.Animation.backgroundColor())) }
            if prev.isTrailing != isTrailing { out.append(ComponentAnimation(box, CK.Animation.position().easeOut())) }
            return out
        }
    }

    /// The interactive quote: tapping (a state update) shows an overlay that scales in.
    final class Quote: CompositeComponent {
        let overlay: Component?
        init(text: String) {
            let scope = Scope(Quote.self, identifier: text) { false }
            overlay = scope.state ? Component(view: ViewConfiguration([.backgroundColor(Color(white: 0, alpha: 0.5))]),
                                              size: ComponentSize(width: 80, height: 80)) : nil
            super.init(scope: scope, component: FlexboxComponent(
                view: ViewConfiguration([.backgroundColor(.white)]), size: ComponentSize(width: 200, height: 100),
                style: FlexboxStyle(alignItems: .center),
                children: [FlexboxChild(Component(view: ViewConfiguration([.backgroundColor(.blue)]), size: ComponentSize(width: 180, height: 20))),
                           FlexboxChild(overlay, position: .absolute(top: 10, left: 60))]))
        }
        override func animationsFromPreviousComponent(_ p: Component) -> [ComponentAnimation] {
            let prev = p as! Quote
            if prev.overlay == nil, let overlay {
                return [ComponentAnimation(overlay, Animation.basic("transform", from: .transform(.scale(x: 0, y: 0, z: 0)),
                                                                    duration: 0.2, timingFunction: .easeOut))]
            }
            return []
        }
    }

    /// Implements a hook but has no scope.
    final class Unscoped: Component {
        init() { super.init(view: ViewConfiguration(), size: ComponentSize(width: 10, height: 10)) }
        override func animationsOnInitialMount() -> [ComponentAnimation] { [ComponentAnimation(self, CK.Animation.alphaFrom(0))] }
    }

    /// Disappears with a fade-out to 0.2 (final animation).
    final class Leaving: Component {
        init() {
            let scope = Scope(Leaving.self)
            super.init(view: ViewConfiguration([.backgroundColor(.blue), .alpha(0.9)]), size: ComponentSize(width: 30, height: 30), scope: scope)
        }
        override func animationsOnFinalUnmount() -> [ComponentAnimation] {
            [ComponentAnimation(self, CK.Animation.alphaTo(0.2).withDuration(0.4))]
        }
    }
}
