import ArgumentParser
import Foundation
import RenderClient
import RenderViews
import Components

/// Options every component demo takes.
struct ComponentDemoOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The daemon's Unix socket; the daemon must run with --clock manual.",
                                            valueName: "path"))
    var socket: String?

    @Flag(name: .long, help: "Print one JSON object (steps, samples, failures) instead of a human report.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Also write the frames at the sampled times, tiled, to this PNG (the clock is "
                                            + "stepped to each sample's time to draw it).", valueName: "path"))
    var contactSheet: String?
}

/// Runs a demo body, turning errors into a clear message and exit status 1.
func runComponentDemo(_ name: String, _ options: ComponentDemoOptions, _ body: (ComponentDemo) throws -> Void) throws {
    let demo: ComponentDemo
    do {
        demo = try ComponentDemo(name: name, socket: options.socket)
        demo.recorder = options.contactSheet.map(ContactSheetRecorder.init)
    } catch {
        FileHandle.standardError.write(Data("rendersrv-demo \(name): error: \(error)\n".utf8))
        throw ExitCode.failure
    }
    do { try body(demo) } catch { demo.failures.append("\(error)") }
    do {
        if let path = try demo.recorder?.write() { demo.lines.append("contact sheet: \(path)") }
    } catch {
        demo.failures.append("contact sheet: \(error)")
    }
    demo.finish(json: options.json)
}

/// `rendersrv-demo fade`: a component fades in on its initial mount.
struct FadeDemo: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "fade",
        abstract: "A component fading in on initial mount (animationsOnInitialMount), on a manual-clock daemon.")
    @OptionGroup var options: ComponentDemoOptions

    func run() throws {
        try runComponentDemo("fade", options) { d in
            let host = d.onQueue { HostingView(model: (), sizeRange: SizeRange(exactly: Size(320, 80)), context: d.context) { _ in
                FlexboxComponent(style: FlexboxStyle(alignItems: .center, padding: Edges(all: 10)), children: [FlexboxChild(DemoComponents.FadeIn())])
            } }
            d.makeRoot(host)
            let start = d.now
            try d.applyCommits()
            let anims = d.reportCommits("initial mount")
            d.check(anims.count == 1 && anims[0].animation.keyPath == "opacity", "expected one opacity animation, got \(anims.count)")
            let banner = d.onQueue { host.subviews[0] }
            let values = try [0, 0.1, 0.25, 0.5, 0.75].map { try d.sample("banner", layer: banner.layer, .opacity, at: start + $0, since: start)[0] }
            d.check(values[0] == 0, "the banner starts transparent (opacity \(values[0]))")
            d.check(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 } && values[2] > 0.5, "the fade rises, eased out: \(values)")
            d.check(values[3] == 1 && values[4] == 1, "the fade ends at the configuration's opacity 1: \(values)")
        }
    }
}

/// `rendersrv-demo quote`: the interactive quote's overlay scales in when a state update
/// makes it appear, and nothing animates otherwise.
struct QuoteDemo: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "quote",
        abstract: "The interactive quote: a state update shows an overlay that scales in (animationsFromPreviousComponent).")
    @OptionGroup var options: ComponentDemoOptions

    func run() throws {
        try runComponentDemo("quote", options) { d in
            let host = d.onQueue { HostingView(model: (), sizeRange: SizeRange(exactly: Size(320, 140)), context: d.context) { _ in
                FlexboxComponent(style: FlexboxStyle(alignItems: .center, padding: Edges(all: 10)),
                                 children: [FlexboxChild(DemoComponents.InteractiveQuote(quote: "Animations are temporary"))])
            } }
            d.makeRoot(host)
            try d.applyCommits()
            d.check(d.reportCommits("initial mount").isEmpty, "nothing animates on the first mount")
            func quote() -> DemoComponents.InteractiveQuote {
                host.mountedLayout!.children[0].layout.component as! DemoComponents.InteractiveQuote
            }
            // Tap: the state update shows the overlay.
            d.onQueue { quote().updateState({ (shown: Bool) in !shown }, mode: .synchronous) }
            let start = d.now
            try d.applyCommits()
            let anims = d.reportCommits("state update: overlay shown")
            d.check(anims.count == 1 && anims[0].animation.keyPath == "transform.scale", "expected one scale animation, got \(anims.count)")
            let overlay = d.onQueue { quote().overlay!.mountedView! }
            let scales = try [0, 0.05, 0.1, 0.2, 0.3].map { try d.sample("overlay", layer: overlay.layer, .transform, at: start + $0, since: start)[0] }
            d.check(scales[0] == 0 && scales[3] == 1 && scales[4] == 1, "the overlay scales from 0 to 1 in 0.2 s: \(scales)")
            d.check(scales[1] > 0.25 && scales[1] < scales[2], "eased out: \(scales)")
            // Another rebuild with the overlay still shown: nothing animates.
            d.onQueue { quote().updateState({ (shown: Bool) in shown }, mode: .synchronous) }
            try d.applyCommits()
            d.check(d.reportCommits("state update: overlay stays").isEmpty, "no animation when the overlay was already shown")
        }
    }
}

/// `rendersrv-demo article`: the expandable article in a CollectionHost: a spring bounds
/// animation, with the rows below reflowing with it.
struct ArticleDemo: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "article",
        abstract: "The expandable article in a CollectionHost: a spring bounds animation; the rows below reflow with it.")
    @OptionGroup var options: ComponentDemoOptions

    func run() throws {
        try runComponentDemo("article", options) { d in
            let host = d.onQueue { () -> CollectionHost<String> in
                let h = CollectionHost<String>(frame: Rect(x: 0, y: 0, width: 360, height: 640), context: d.context) {
                    DemoComponents.Article(title: $0)
                }
                h.apply(.init(insertions: ["First", "Second", "Third"].enumerated().map { (index: $0.offset, model: $0.element) }),
                        mode: .synchronous)
                return h
            }
            d.onQueue { d.context.rootLayer = host.layer; host.backgroundColor = Color(white: 0.1) }
            try d.applyCommits()
            d.check(d.reportCommits("rows inserted").isEmpty, "inserted rows appear without animation")
            let before = d.onQueue { (0..<3).map { host.rowFrame(at: $0) } }
            d.lines.append("    row frames: " + before.map { "\($0)" }.joined(separator: ", "))
            // Tap the first article: its state expands it.
            d.onQueue { (host.rowLayout(at: 0)!.component as! DemoComponents.Article).updateState({ (e: Bool) in !e }, mode: .synchronous) }
            let start = d.now
            try d.applyCommits()
            let anims = d.reportCommits("state update: first article expanded")
            let after = d.onQueue { (0..<3).map { host.rowFrame(at: $0) } }
            d.lines.append("    row frames: " + after.map { "\($0)" }.joined(separator: ", "))
            let springs = anims.filter { if case .spring = $0.animation.kind { return true }; return false }
            d.check(!springs.isEmpty && springs.count == anims.count, "every frame change is a spring: \(anims.count) animations, \(springs.count) springs")
            let (second, third) = d.onQueue { (host.subviews[1], host.subviews[2]) }
            d.check(anims.contains { $0.layer == second.layer.id } && anims.contains { $0.layer == third.layer.id },
                    "the rows below reflow with the spring")
            var ys: [Double] = []
            for t in [0, 0.05, 0.1, 0.2, 0.3, 0.5] {
                ys.append(try d.sample("second row", layer: second.layer, .position, at: start + t, since: start)[1])
                try d.sample("third row", layer: third.layer, .position, at: start + t, since: start)
            }
            let from = before[1].midY, to = after[1].midY
            d.check(ys[0] == from, "the second row starts where it was (\(ys[0]) vs \(from))")
            d.check(ys[2] > from && ys[2] < to + 30, "the second row is moving at 0.1 s (\(ys[2]))")
            d.check(abs(ys[5] - to) < 0.2, "the second row settles at \(to) by 0.5 s (\(ys[5]))")
            d.check(ys.contains { $0 > to }, "a damping ratio of 0.7 overshoots: \(ys)")
        }
    }
}

/// `rendersrv-demo change-example`: the change-animations page's flexbox row: background
/// colour and position animated, each only when its own flag changed.
struct ChangeExampleDemo: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "change-example",
        abstract: "The change-animations page's row: colour and position animate, each only when its own flag changed.")
    @OptionGroup var options: ComponentDemoOptions

    func run() throws {
        try runComponentDemo("change-example", options) { d in
            let host = d.onQueue { HostingView(model: (false, false), sizeRange: SizeRange(exactly: Size(400, 60)), context: d.context) {
                DemoComponents.Example(active: $0.0, trailing: $0.1)
            } }
            d.makeRoot(host)
            try d.applyCommits()
            d.check(d.reportCommits("initial mount (gray, leading)").isEmpty, "nothing animates on the first mount")
            let box = d.onQueue { (host.mountedLayout!.component as! DemoComponents.Example).box.mountedView! }
            let steps: [(String, (Bool, Bool), [String])] = [
                ("active (green, leading)", (true, false), ["backgroundColor"]),
                ("trailing (green, trailing)", (true, true), ["position"]),
                ("both flags (gray, leading)", (false, false), ["backgroundColor", "position"]),
                ("same props again", (false, false), []),
            ]
            for (title, model, expected) in steps {
                d.onQueue { host.update(model: model, mode: .synchronous) }
                let start = d.now
                try d.applyCommits()
                let anims = d.reportCommits(title)
                let keyPaths = anims.compactMap { $0.animation.keyPath?.description }.sorted()
                d.check(keyPaths == expected, "\(title): animated \(keyPaths), expected \(expected)")
                d.check(anims.allSatisfy { $0.layer == box.layer.id }, "\(title): only the box animates")
                for t in [0, 0.125, 0.25] {
                    if expected.contains("backgroundColor") { try d.sample("box", layer: box.layer, .backgroundColor, at: start + t, since: start) }
                    if expected.contains("position") { try d.sample("box", layer: box.layer, .position, at: start + t, since: start) }
                }
                try d.step(0.5)
            }
        }
    }
}
