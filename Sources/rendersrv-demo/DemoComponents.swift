import RenderCore
import Components

/// The seeds' components, as the demos mount them.
enum DemoComponents {
    /// A banner that fades in on its first mount (the animation page's `fadeToAppear`:
    /// opacity from 0, ease-out, 0.5 s).
    final class FadeIn: Component {
        init() {
            let scope = Scope(FadeIn.self)
            super.init(view: ViewConfiguration([.backgroundColor(Color(red: 0.9, green: 0.3, blue: 0.2)), .cornerRadius(6)]),
                       size: ComponentSize(width: 300, height: 60), scope: scope)
        }
        override func animationsOnInitialMount() -> [ComponentAnimation] {
            [ComponentAnimation(self, Animation.basic("opacity", from: .number(0), duration: 0.5, timingFunction: .easeOut))]
        }
    }

    /// The interactive quote: its state says whether the overlay is shown; the overlay
    /// scales in when it appears (`scaleToAppear`: scale from 0, ease-out, 0.2 s), and nothing
    /// animates otherwise. The seed animates the whole `transform` from
    /// `CATransform3DMakeScale(0, 0, 0)`; that matrix is singular, and RenderCore's
    /// decomposition-based transform interpolation switches discretely from a singular matrix,
    /// so the demo animates `transform.scale` from 0 (`CK.Animation.scaleFrom(0)`), which
    /// shows the same growth.
    final class InteractiveQuote: CompositeComponent {
        let overlay: Component?
        init(quote: String) {
            let scope = Scope(InteractiveQuote.self, identifier: quote) { false }
            overlay = scope.state
                ? Component(view: ViewConfiguration([.backgroundColor(Color(white: 0, alpha: 0.6)), .cornerRadius(40)]),
                            size: ComponentSize(width: 80, height: 80))
                : nil
            super.init(scope: scope, component: FlexboxComponent(
                view: ViewConfiguration([.backgroundColor(Color(white: 0.95))]), size: ComponentSize(width: 300, height: 120),
                style: FlexboxStyle(alignItems: .center, padding: Edges(all: 10)),
                children: [
                    FlexboxChild(Component(view: ViewConfiguration([.backgroundColor(Color(red: 0.2, green: 0.3, blue: 0.8)), .name(quote)]),
                                           size: ComponentSize(width: 260, height: 24))),
                    FlexboxChild(overlay, position: .absolute(top: 20, left: 110)),
                ]))
        }
        override func animationsFromPreviousComponent(_ previous: Component) -> [ComponentAnimation] {
            guard let prev = previous as? InteractiveQuote else { return [] }
            if prev.overlay == nil, let overlay {
                return [ComponentAnimation(overlay, CK.Animation.scaleFrom(0).easeOut(0.2))]
            }
            return []
        }
    }

    /// The expandable article: tapping expands it (state); expanding returns a spring bounds
    /// animation (0.5 s, damping ratio 0.7, initial velocity 1) for the collection's changeset.
    final class Article: CompositeComponent {
        let expanded: Bool
        let body: Component
        init(title: String) {
            let scope = Scope(Article.self, identifier: title) { false }
            expanded = scope.state
            body = Component(view: ViewConfiguration([.backgroundColor(Color(white: 0.85))]), size: ComponentSize(height: expanded ? 220 : 60))
            super.init(scope: scope, component: FlexboxComponent(
                view: ViewConfiguration([.backgroundColor(.white)]), style: FlexboxStyle(spacing: 6, padding: Edges(all: 8)),
                children: [
                    FlexboxChild(Component(view: ViewConfiguration([.backgroundColor(Color(white: 0.2)), .name(title)]),
                                           size: ComponentSize(height: 20))),
                    FlexboxChild(body),
                ]))
        }
        override func boundsAnimationFromPreviousComponent(_ previous: Component) -> BoundsAnimation? {
            guard let prev = previous as? Article, !prev.expanded, expanded else { return nil }
            return BoundsAnimation(duration: 0.5, mode: .spring, springDampingRatio: 0.7, springInitialVelocity: 1.0)
        }
    }

    /// The change-animations page's Example: a box in a row, green when active (else gray),
    /// at the end when trailing (else the start). Each property animates only when its own
    /// flag changed; the box is animated through the stored reference.
    final class Example: CompositeComponent {
        let box: Component
        let isActive: Bool
        let isTrailing: Bool
        init(active: Bool, trailing: Bool) {
            let scope = Scope(Example.self)
            box = Component(view: ViewConfiguration([.backgroundColor(active ? .green : .gray)]), size: ComponentSize(width: 60, height: 60))
            isActive = active
            isTrailing = trailing
            super.init(scope: scope, component: FlexboxComponent(
                view: ViewConfiguration([.backgroundColor(Color(white: 0.3))]), size: ComponentSize(width: 400, height: 60),
                style: FlexboxStyle(direction: .row, justifyContent: trailing ? .end : .start),
                children: [FlexboxChild(box)]))
        }
        override func animationsFromPreviousComponent(_ previous: Component) -> [ComponentAnimation] {
            guard let prev = previous as? Example else { return [] }
            var animations: [ComponentAnimation] = []
            if prev.isActive != isActive { animations.append(ComponentAnimation(box, CK.Animation.backgroundColor())) }
            if prev.isTrailing != isTrailing { animations.append(ComponentAnimation(box, CK.Animation.position().easeOut())) }
            return animations
        }
    }
}
