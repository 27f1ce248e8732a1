import ArgumentParser
import Dispatch
import Foundation
import RenderClient
import RenderViews
import Components

/// `rendersrv-demo components-bench`: how long building, laying out and mounting a tree of
/// N components takes, without a daemon (commits go to a sink that counts commands).
///
///     build+layout   a wrapping row of N boxes in a column, on the calling thread
///     first mount    HostingView creation: N views created, configured, committed
///     remount        every box's colour changed (attributes set, no animation)
///     no-op remount  the same props again (diff finds nothing to change)
struct ComponentsBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "components-bench",
        abstract: "Time building, laying out and mounting N components (no daemon needed).")

    @Option(name: .long, help: "Components in the tree (1…100000).") var count = 1000
    @Option(name: .long, help: "Repetitions; the median is reported.") var rounds = 20

    func validate() throws {
        guard (1...100_000).contains(count) else { throw ValidationError("--count \(count) is out of range; use 1…100000") }
        guard (1...1000).contains(rounds) else { throw ValidationError("--rounds \(rounds) is out of range; use 1…1000") }
    }

    final class Tree: CompositeComponent {
        init(count: Int, hue: Double) {
            let boxes = (0..<count).map { i in
                FlexboxChild(Component(view: ViewConfiguration([.backgroundColor(Color(red: hue, green: Double(i % 7) / 7, blue: 0.5)),
                                                               .cornerRadius(2)]),
                                       size: ComponentSize(width: 12, height: 12)), margin: Edges(all: 1))
            }
            super.init(component: FlexboxComponent(view: ViewConfiguration(), style: FlexboxStyle(direction: .row, wrap: .wrap),
                                                   children: boxes))
        }
    }

    func run() throws {
        let queue = DispatchQueue(label: "components-bench")
        final class Sink { var commands = 0 }
        let sink = Sink()
        let context = queue.sync { Context(queue: queue, clock: { 0 }, commitSink: { sink.commands += $0.commands.count }) }
        let range = SizeRange(exactly: Size(width: 1280, height: 10_000))
        func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
        func time(_ body: () -> Void) -> Double {
            let t0 = MediaTime.now(); body(); return (MediaTime.now() - t0) * 1000
        }
        var layoutMs: [Double] = [], firstMs: [Double] = [], remountMs: [Double] = [], noopMs: [Double] = []
        for r in 0..<rounds {
            layoutMs.append(time { _ = Tree(count: count, hue: 0.5).layoutThatFits(range, parentSize: range.max) })
            queue.sync {
                var host: HostingView<Double>!
                firstMs.append(time {
                    host = HostingView(model: 0.2, sizeRange: range, context: context) { Tree(count: count, hue: $0) }
                    Transaction.flush()
                })
                remountMs.append(time { host.update(model: 0.8 + Double(r) * 1e-6, mode: .synchronous); Transaction.flush() })
                noopMs.append(time { host.update(model: 0.8 + Double(r) * 1e-6, mode: .synchronous); Transaction.flush() })
            }
        }
        print("components-bench: \(count) components, \(rounds) rounds, medians")
        print("  build + layout (flexbox, wrapping row):  \(fmt(median(layoutMs), 2)) ms")
        print("  first mount (create, configure, commit): \(fmt(median(firstMs), 2)) ms")
        print("  remount, every colour changed:           \(fmt(median(remountMs), 2)) ms")
        print("  remount, nothing changed:                \(fmt(median(noopMs), 2)) ms")
        print("  commands committed in all: \(sink.commands)")
    }
}
