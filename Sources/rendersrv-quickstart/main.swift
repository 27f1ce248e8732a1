// The README's Quickstart, built with the package so that it keeps compiling. Start
// rendersrvd first (`swift run rendersrvd &`), then `swift run rendersrv-quickstart`.
import Foundation
import RenderClient

let context = try Context.connect()            // the default socket, named after the process

let box = CALayer()
box.frame = CGRect(x: 40, y: 40, width: 100, height: 100)
box.backgroundColor = Color(red: 0.2, green: 0.5, blue: 1)
box.cornerRadius = 12
context.rootLayer = box                        // sent when this turn of the main queue ends

// The next turn: the layer is on the daemon now, so a change animates implicitly.
DispatchQueue.main.async {
    box.position = CGPoint(x: 300, y: 200)     // 0.25 s, from where the box is shown

    let spin = CABasicAnimation(keyPath: "transform.rotation.z")   // an explicit animation
    spin.byValue = Double.pi * 2
    spin.duration = 1
    spin.repeatCount = .infinity
    box.add(spin, forKey: "spin")

    CATransaction.begin()
    CATransaction.setAnimationDuration(1)
    CATransaction.setCompletionBlock {         // on the main queue, once the fade has finished
        print("faded")
        if let shot = try? ControlClient().snapshot() {   // the daemon's latest frame (ARGB32 pixels)
            print("snapshot of frame \(shot.frame): \(shot.width) × \(shot.height) pixels")
        }
        exit(0)
    }
    box.opacity = 0.3
    CATransaction.commit()

    CATransaction.flush()                      // send now, not when this work item ends...
    Thread.sleep(forTimeInterval: 2)           // ...because the main thread blocks for 2 s:
    print("main thread was blocked 2 s; the daemon kept animating")   // the box spun all along
}

dispatchMain()                                 // the main queue must run: commits, completions
