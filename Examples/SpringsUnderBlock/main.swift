// SpringsUnderBlock: the same spring twice, side by side, while the app's main thread
// blocks for 1.5 s. The top circle's spring is a CASpringAnimation: the daemon runs it on its
// own frame clock, so it keeps moving. The bottom circle's is a POP-style spring (Dynamics):
// the app computes it on every display-link frame on the main queue and commits the value,
// so it stalls while the main thread is blocked, then jumps to where the spring is by then.
import Foundation
import RenderClient
import Dynamics
import ExampleSupport

let run = ExampleRun("SpringsUnderBlock")
let context = try Context.connect(socketPath: run.socketPath)

let background = CALayer()
background.frame = CGRect(x: 0, y: 0, width: 640, height: 360)
background.backgroundColor = Color(white: 0.95)
context.rootLayer = background

@MainActor func box(y: Double, _ color: Color) -> CALayer {
    let layer = CALayer()
    layer.frame = CGRect(x: 30, y: y, width: 80, height: 80)
    layer.backgroundColor = color
    layer.cornerRadius = 40
    background.addSublayer(layer)
    return layer
}
let serverBox = box(y: 60, Color(red: 0.2, green: 0.5, blue: 0.9))   // the daemon's spring
let popBox = box(y: 220, Color(red: 0.9, green: 0.3, blue: 0.2))     // the app's spring

// One spring for both: mass 1, stiffness 10, damping 3 (ζ ≈ 0.47: one overshoot; it
// settles in about 2.5 s).
let (mass, stiffness, damping) = (1.0, 10.0, 3.0)
let (fromX, toX) = (70.0, 480.0)

/// What the daemon showed at each tile of the contact sheet: when, and both circles' `x`.
/// Written on the sheet's thread, read on the main queue at the end (hence the lock).
final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var samples: [(time: Double, server: Double, pop: Double)] = []
    func add(_ time: Double, _ server: Double, _ pop: Double) {
        lock.withLock { samples.append((time, server, pop)) }
    }
    /// How far each circle went between media times `a` and `b`, and in how many samples.
    func travel(from a: Double, to b: Double) -> (server: Double, pop: Double, samples: Int) {
        let s = lock.withLock { samples.filter { $0.time >= a && $0.time <= b } }
        func span(_ xs: [Double]) -> Double { (xs.max() ?? 0) - (xs.min() ?? 0) }
        return (span(s.map(\.server)), span(s.map(\.pop)), s.count)
    }
}
let seen = Seen()

DispatchQueue.main.async {
    let session = context.connection!.welcome.sessionID
    run.record(every: 0.2, count: 16) { [run, seen, server = serverBox.id, pop = popBox.id] _ in
        let s = run.presented("position", of: server, session: session).first ?? .nan
        let p = run.presented("position", of: pop, session: session).first ?? .nan
        seen.add(CACurrentMediaTime(), s, p)
        return String(format: "x %.0f / %.0f", s, p)
    }

    // Core Animation: the model value first, then the animation from the old one.
    let spring = CASpringAnimation(keyPath: "position.x")
    spring.mass = mass
    spring.stiffness = stiffness
    spring.damping = damping
    spring.fromValue = fromX
    spring.duration = spring.settlingDuration
    CATransaction.setDisableActions(true)
    serverBox.position.x = toX
    serverBox.add(spring, forKey: "slide")

    // POP: a spring computed in the app, frame by frame.
    let pop = POPSpringAnimation(propertyNamed: kPOPLayerPositionX)
    pop.dynamicsMass = mass
    pop.dynamicsTension = stiffness
    pop.dynamicsFriction = damping
    pop.toValue = toX
    popBox.pop_add(pop, forKey: "slide")

    // 0.3 s later the main thread blocks for 1.5 s (a long layout, a synchronous request…).
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {
        run.caption("main blocked")
        let blockStart = CACurrentMediaTime()
        Thread.sleep(forTimeInterval: 1.5)
        let blockEnd = CACurrentMediaTime()
        run.caption(nil)
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.4) {
            // What the daemon showed while the main thread slept (after a frame for the last
            // commit made before it): the server's spring went on, the app's stood still. How
            // far the spring goes in that window depends on where in its life the window
            // falls, which is when the main queue got to run the block: 150–160 points on a
            // quiet machine, 67 on a loaded CI host whose main queue ran it late. Any clear
            // motion against the app's none makes the point.
            let moved = seen.travel(from: blockStart + 0.1, to: blockEnd)
            guard moved.samples >= 3, moved.server > 20, moved.pop < 0.5 else {
                ExampleRun.fail("SpringsUnderBlock", "while the main thread was blocked the daemon's spring moved "
                    + "\(moved.server) points and the app's \(moved.pop) (\(moved.samples) frames looked at)")
            }
            run.finish(String(format: "SpringsUnderBlock: while the main thread slept 1.5 s, the daemon's spring "
                + "moved %.0f points, the app's %.0f (%d frames looked at)", moved.server, moved.pop, moved.samples))
        }
    }
}

dispatchMain()
