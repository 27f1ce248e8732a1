// ComponentHooks: ComponentKit's three animation hooks on a row of cards. A card that
// appears fades and slides in (animationsOnInitialMount), a card that changes animates its
// color, size and place from what it showed (animationsFromPreviousComponent), and a card
// that goes away fades out and shrinks on a snapshot of its view (animationsOnFinalUnmount).
import Foundation
import Components           // and through it RenderViews: Context, Color, Size
import ExampleSupport

/// What a card shows: the model the host builds components from.
struct Card: Sendable {
    var name: String
    var color: Color
    var tall = false
}

/// The animations' completion blocks, in the order they ran (on the main queue; the hooks
/// that make them run on the host's build queue, hence a lock).
final class Completions: @unchecked Sendable {
    static let shared = Completions()
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ event: String) {
        lock.withLock { list.append(event) }
        print(event)
    }
    var all: [String] { lock.withLock { list } }
}

/// One card: a rounded rectangle, its identity the card's name (its scope), so the mounter
/// knows it from one generation to the next.
final class CardComponent: CompositeComponent {
    let card: Card

    init(_ card: Card) {
        self.card = card
        super.init(scope: Scope(CardComponent.self, identifier: card.name), component: Component(
            view: ViewConfiguration([.backgroundColor(card.color), .cornerRadius(12)]),
            size: ComponentSize(width: 110, height: card.tall ? 220 : 110)))
    }

    override func animationsOnInitialMount() -> [ComponentAnimation] {
        [ComponentAnimation(self, CK.Animation.alphaFrom(0).easeOut(0.5)),
         ComponentAnimation(self, CK.Animation.translationYFrom(-60).easeOut(0.5),
                            completion: { [name = card.name] in Completions.shared.add("\(name) appeared") })]
    }

    override func animationsFromPreviousComponent(_ previous: Component) -> [ComponentAnimation] {
        guard let previous = previous as? CardComponent else { return [] }
        // Neither from nor to: from what the previous generation showed to the new model value.
        let move = CK.Animation.position().timingCurve(.easeInEaseOut).withDuration(0.5)
        var animations = [ComponentAnimation(self, move)]
        if previous.card.color != card.color {
            animations.append(ComponentAnimation(self, CK.Animation.backgroundColor().withDuration(0.5)))
        }
        if previous.card.tall != card.tall {
            let resize = CK.Animation.bounds().timingCurve(.easeInEaseOut).withDuration(0.5)
            animations.append(ComponentAnimation(self, resize,
                                                 completion: { [name = card.name] in Completions.shared.add("\(name) changed") }))
        }
        return animations
    }

    override func animationsOnFinalUnmount() -> [ComponentAnimation] {
        [ComponentAnimation(self, CK.Animation.alphaTo(0).withDuration(0.6)),
         ComponentAnimation(self, CK.Animation.scaleTo(0.2).easeIn(0.6),
                            completion: { [name = card.name] in Completions.shared.add("\(name) gone") })]
    }
}

let run = ExampleRun("ComponentHooks")
let context = try Context.connect(socketPath: run.socketPath)

/// The root component: the cards in a row. The host calls it on its build queue, off the
/// main queue — so it is a function, not a closure written here: in Swift 6 a closure in
/// `main.swift`'s top-level code is isolated to the main actor and traps when called elsewhere.
func row(of cards: [Card]) -> Component {
    FlexboxComponent(view: ViewConfiguration([.backgroundColor(Color(white: 0.95))]),
                     style: FlexboxStyle(direction: .row, spacing: 30, alignItems: .center, padding: Edges(all: 40)),
                     children: cards.map { FlexboxChild(CardComponent($0)) })
}

let host = HostingView(model: [Card](), sizeRange: SizeRange(exactly: Size(width: 640, height: 360)),
                       provider: row(of:))
context.rootLayer = host.layer

let red = Color(red: 0.9, green: 0.3, blue: 0.2), blue = Color(red: 0.2, green: 0.5, blue: 0.9)
let green = Color(red: 0.3, green: 0.7, blue: 0.4), orange = Color(red: 1, green: 0.6, blue: 0.1)

DispatchQueue.main.async {
    run.record(every: 0.15, count: 16)
    // +0.0 s: A and B appear.
    host.update(model: [Card(name: "A", color: red), Card(name: "B", color: blue)])
    // +0.8 s: B turns orange and tall, C appears after it.
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.8) {
        host.update(model: [Card(name: "A", color: red), Card(name: "B", color: orange, tall: true),
                            Card(name: "C", color: green)])
    }
    // +1.6 s: A goes away; B and C move into its place.
    DispatchQueue.main.asyncAfter(deadline: .now() + 1.6) {
        host.update(model: [Card(name: "B", color: orange, tall: true), Card(name: "C", color: green)])
    }
    // From +2.5 s (the last animation, A's 0.6-s unmount from +1.6 s, has ended on time):
    // every hook's animation ran to its end, one completion each. A loaded host delivers the
    // last ones late, so the check waits for them (until +10 s), then looks once more a moment
    // later for a completion delivered twice.
    let expected: Set = ["A appeared", "B appeared", "C appeared", "B changed", "A gone"]
    let start = DispatchTime.now()
    @Sendable func check() {
        let all = Completions.shared.all
        if Set(all) != expected && all.count < expected.count && DispatchTime.now() < start + 10 {
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.1, execute: check)
            return
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {
            guard Set(Completions.shared.all) == expected, Completions.shared.all.count == expected.count else {
                ExampleRun.fail("ComponentHooks", "completions \(Completions.shared.all), expected \(expected.sorted())")
            }
            run.finish("ComponentHooks: initial mount (A, B, C), change (B; B and C moved), final unmount (A)")
        }
    }
    DispatchQueue.main.asyncAfter(deadline: .now() + 2.5, execute: check)
}

dispatchMain()
