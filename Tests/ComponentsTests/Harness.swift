import Dispatch
import Testing
import RenderCore
import RenderClient
import RenderViews
@testable import Components

/// A context on a private serial queue whose commits are collected, with a manual clock
/// (after RenderClientTests' harness). `run { … }` is one work item of the callback queue;
/// `settle()` lets what it scheduled for itself run.
final class Harness {
    let queue = DispatchQueue(label: "ComponentsTests.callback")
    final class Sink {
        var now = 1000.0
        var commits: [Commit] = []
    }
    let sink = Sink()
    let context: Context

    var now: Double {
        get { sink.now }
        set { sink.now = newValue }
    }
    var commits: [Commit] { sink.commits }
    var lastCommit: Commit? { commits.last }

    init() {
        let sink = self.sink
        context = Context(queue: queue, clock: { sink.now }, commitSink: { sink.commits.append($0) })
    }

    @discardableResult
    func run<T>(_ body: () throws -> T) rethrows -> T { try queue.sync(execute: body) }

    func settle() { for _ in 0..<4 { queue.sync {} } }

    func deliver(_ m: Message) { run { context.deliver(m) } }

    /// Tells the context that the animations of commits from index `from` on stopped.
    func stopAnimations(since from: Int = 0, finished: Bool = true) {
        for c in commits[from...] {
            for a in c.addedAnimations {
                deliver(.animationStopped(AnimationStopped(animationID: a.id, layer: a.layer, finished: finished, mediaTime: now)))
            }
        }
        settle()
    }

    /// A host in this harness's context, mounted and committed.
    func host<M>(_ model: M, _ range: SizeRange, _ provider: @escaping (M) -> Component) -> HostingView<M> {
        let h = run { HostingView(model: model, sizeRange: range, context: context, provider: provider) }
        settle()
        return h
    }
}

extension Commit {
    var setProperties: [(layer: LayerID, keyPath: LayerKeyPath, value: AnimatableValue)] {
        commands.compactMap { if case let .setProperty(l, k, v) = $0 { return (l, k, v) }; return nil }
    }
    var addedAnimations: [(layer: LayerID, key: String, id: UInt64, animation: Animation)] {
        commands.compactMap {
            if case let .addAnimation(l, key, id, a) = $0 { return (l, key, id, a) }
            return nil
        }
    }
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
