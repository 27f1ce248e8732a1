// SpringsUnderBlock: the same spring twice, side by side, while the app's main thread
// blocks for 1.5 s. The top box's spring is a CASpringAnimation: the daemon runs it on its
// own frame clock, so it keeps moving. The bottom box's is a POP-style spring (Dynamics):
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

DispatchQueue.main.async {
    let session = context.connection!.welcome.sessionID
    run.record(every: 0.2, count: 16) { [run, server = serverBox.id, pop = popBox.id] _ in
        let s = run.presented("position", of: server, session: session).first ?? .nan
        let p = run.presented("position", of: pop, session: session).first ?? .nan
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
        let x0 = popBox.position.x
        Thread.sleep(forTimeInterval: 1.5)
        run.caption(nil)
        // Nothing ran on the main queue meanwhile, so the app's spring did not move.
        guard popBox.position.x == x0 else {
            ExampleRun.fail("SpringsUnderBlock", "the POP spring moved while the main thread was blocked")
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.4) {
            run.finish("SpringsUnderBlock: the POP spring stood at x \(Int(x0)) through the block; "
                + "the daemon's went on (see the sheet's labels)")
        }
    }
}

dispatchMain()
