// HelloLayer: the smallest client. Connect to rendersrvd, put a layer on the screen, change
// it (an implicit animation, as Core Animation does for a standalone layer), add an
// explicit animation beside it, and end when the transaction's completion block runs.
import Foundation
import RenderClient
import ExampleSupport

let run = ExampleRun("HelloLayer")                 // a daemon to talk to, and HelloLayer.png to come
let context = try Context.connect(socketPath: run.socketPath)

let background = CALayer()
background.frame = CGRect(x: 0, y: 0, width: 640, height: 360)
background.backgroundColor = Color(white: 0.95)
context.rootLayer = background

let box = CALayer()
box.frame = CGRect(x: 60, y: 130, width: 100, height: 100)
box.backgroundColor = Color(red: 0.2, green: 0.5, blue: 1)
box.cornerRadius = 16
background.addSublayer(box)
// Everything above is committed when this turn of the main queue ends, without animation:
// a layer's first values are not animated.

DispatchQueue.main.async {
    // The next turn: the box is on the daemon now, so changing it animates implicitly.
    run.record(every: 0.1, count: 16)              // a snapshot every 0.1 s from now on

    CATransaction.begin()
    CATransaction.setAnimationDuration(1.2)        // the implicit animations' duration (0.25 s otherwise)
    CATransaction.setCompletionBlock {             // on the main queue, once both have finished
        run.finish("HelloLayer: moved, recolored and spun; the transaction's completion block ran")
    }
    box.position = CGPoint(x: 520, y: 180)         // implicit: from where the box is shown
    box.backgroundColor = Color(red: 1, green: 0.55, blue: 0.1)

    let spin = CABasicAnimation(keyPath: "transform.rotation.z")   // explicit: one turn,
    spin.byValue = Double.pi * 2                                     // the model value unchanged
    spin.duration = 1.2
    spin.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    box.add(spin, forKey: "spin")
    CATransaction.commit()
}

dispatchMain()                                     // the main queue must run: commits, completions
