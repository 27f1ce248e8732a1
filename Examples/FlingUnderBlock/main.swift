// FlingUnderBlock: a list the user flings just as the app's main thread blocks for 1.5 s.
// The list is a ScrollView, so its layer carries an interaction tracker: the daemon runs the
// fling — UIScrollView's deceleration — on its own frames, and the list keeps scrolling while
// the app sleeps. (On iOS a scroll view scrolls on the main thread and would freeze here.)
// The fling comes from a "user" the daemon hears through a control connection, as
// `rendersrvctl input fling` would send it; the delegate hears about it when main is free.
import Foundation
import RenderClient
import RenderViews
import ExampleSupport

let run = ExampleRun("FlingUnderBlock")
let context = try Context.connect(socketPath: run.socketPath)

final class ListDelegate: ScrollViewDelegate {
    var events: [String] = []
    func scrollViewWillBeginDragging(_ s: ScrollView) { events.append("began dragging") }
    func scrollViewDidEndDragging(_ s: ScrollView, willDecelerate d: Bool) { events.append("ended dragging") }
    func scrollViewDidEndDecelerating(_ s: ScrollView) {
        events.append(String(format: "came to rest at %.0f", s.contentOffset.y))
    }
}
let delegate = ListDelegate()

let root = View(frame: Rect(x: 0, y: 0, width: 640, height: 360), context: context)
root.backgroundColor = Color(white: 0.95)
context.rootLayer = root.layer

// 120 rows of 44 points in a 300-point-wide list: UIScrollView's API.
let list = ScrollView(frame: Rect(x: 170, y: 20, width: 300, height: 320), context: context)
list.contentSize = Size(width: 300, height: 120 * 44)
list.delegate = delegate
for i in 0..<120 {
    let row = View(frame: Rect(x: 0, y: Double(i) * 44, width: 300, height: 43), context: context)
    let hue = Double(i % 12) / 12
    row.backgroundColor = Color(red: 0.5 + 0.4 * cos(2 * .pi * hue), green: 0.5 + 0.4 * cos(2 * .pi * (hue - 1.0 / 3)),
                                blue: 0.5 + 0.4 * cos(2 * .pi * (hue - 2.0 / 3)))
    list.addSubview(row)
}
root.addSubview(list)

/// The list's scroll offset as the daemon presents it at each tile, for the check at the end.
final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var samples: [(time: Double, y: Double)] = []
    func add(_ time: Double, _ y: Double) { lock.withLock { samples.append((time, y)) } }
    func between(_ a: Double, _ b: Double) -> [Double] { lock.withLock { samples.filter { $0.time >= a && $0.time <= b }.map(\.y) } }
}
let seen = Seen()

DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {   // the list is on screen by then
    let session = context.connection!.welcome.sessionID
    run.record(every: 0.15, count: 16) { [run, seen, id = list.layer.id] _ in
        let y = run.presented("bounds", of: id, session: session).dropFirst().first ?? .nan   // bounds: x, y, w, h
        seen.add(CACurrentMediaTime(), y)
        return String(format: "offset %.0f", y)
    }
    // The user flicks the list upwards at 3,000 points per second…
    let socket = run.socketPath, listLayer = list.layer.id
    DispatchQueue.global().async {
        do {
            let user = try ControlClient(socketPath: socket, clientName: "FlingUnderBlock user")
            // A loaded machine may not have drawn the list yet: the press then hits nothing
            // (the daemon hit-tests what it shows), and the user tries again.
            for _ in 0..<10 {
                let played = try user.injectInput(InputScript.fling(from: Point(x: 320, y: 300), velocity: Point(x: 0, y: -3000)))
                if played.deliveries.contains(where: { $0.trackerLayer == listLayer }) { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            user.close()
        } catch {
            ExampleRun.fail("FlingUnderBlock", "the fling could not be injected: \(error)")
        }
    }
    // …just as the main thread blocks for 1.5 s (a long layout, a synchronous request…).
    run.caption("main blocked")
    let blockStart = CACurrentMediaTime()
    Thread.sleep(forTimeInterval: 1.5)
    let blockEnd = CACurrentMediaTime()
    run.caption(nil)
    DispatchQueue.main.asyncAfter(deadline: .now() + 1.2) {
        // The list moved while main slept, on frames main never saw. How far depends on when
        // the injected fling began within the block (a loaded machine retries or plays it
        // late, and the list decelerates): 570–900 points on a quiet one, 224 on a loaded CI
        // host. Clear motion while main slept makes the point: two looks at the list during
        // the block suffice (the recorder takes about eight; a busy one may take fewer).
        let during = seen.between(blockStart + 0.2, blockEnd)
        let travel = (during.max() ?? 0) - (during.min() ?? 0)
        guard during.count >= 2, travel > 50 else {
            ExampleRun.fail("FlingUnderBlock", "while the main thread was blocked the list moved \(travel) points over "
                + "\(during.count) frames looked at")
        }
        run.finish(String(format: "FlingUnderBlock: while the main thread slept 1.5 s the list scrolled %.0f points; "
            + "then the delegate heard: %@", travel, delegate.events.joined(separator: ", ")))
    }
}

dispatchMain()
