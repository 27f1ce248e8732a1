// ViewBlocks: UIKit's view animation block, and a block API of one's own — the View-Layer
// Synergy seed's "pop" — built on the same mechanism: a view answers its layer's action
// search, with the null action outside a block and with an animation inside one.
import Foundation
import RenderViews
import ExampleSupport

// MARK: The seed's custom block API

/// Records what a pop block's body changes — the layer, the key path and the value before
/// — and answers with no action, so the change itself does not animate (the seed's
/// `DRSavedPopAnimationState`, filled from the swizzled `actionForLayer:forKey:`).
final class PopRecorder: ViewActionProvider {
    var saved: [(layer: CALayer, keyPath: String, oldValue: Any)] = []

    func action(for view: View, forKey key: String) -> Action? {
        if !saved.contains(where: { $0.layer === view.layer && $0.keyPath == key }),
           let old = view.layer.value(forKeyPath: key) {
            saved.append((view.layer, key, old))
        }
        return nil
    }
}

extension View {
    /// Draws attention to views: each change made in `animations` happens fast with an
    /// aggressive curve, then slowly goes back (key frames old → new → old at 0, 0.35, 1),
    /// and the model value goes back to the old one too, since that is what it shows.
    static func popAnimation(withDuration duration: Double, animations: () -> Void) {
        let recorder = PopRecorder()
        View.performWithActionProvider(recorder, animations)   // the seed's animation context

        let easing = 0.2
        let easeIn = CAMediaTimingFunction(controlPoints: 1, 0, 1 - easing, 1)
        let easeOut = CAMediaTimingFunction(controlPoints: easing, 0, 0, 1)
        for (layer, keyPath, oldValue) in recorder.saved {
            let newValue = layer.value(forKeyPath: keyPath)!
            let pop = CAKeyframeAnimation(keyPath: keyPath)
            pop.duration = duration
            pop.keyTimes = [0, 0.35, 1]
            pop.values = [oldValue, newValue, oldValue]
            pop.timingFunctions = [easeIn, easeOut]

            CATransaction.begin()                  // back to the old value without an animation…
            CATransaction.setDisableActions(true)
            layer.setValue(oldValue, forKeyPath: keyPath)
            CATransaction.commit()
            layer.add(pop, forKey: keyPath)        // …and animate the pop
        }
    }
}

// MARK: The app

let run = ExampleRun("ViewBlocks")
let context = try Context.connect(socketPath: run.socketPath)

let window = View(frame: CGRect(x: 0, y: 0, width: 640, height: 360))
window.backgroundColor = UIColor(white: 0.95, alpha: 1)
context.rootLayer = window.layer

@MainActor func square(_ frame: CGRect, _ color: UIColor) -> View {
    let v = View(frame: frame)
    v.backgroundColor = color
    window.addSubview(v)
    return v
}
let red = UIColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1), blue = UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
// Top: the same move made outside a block and inside one.
let jumper = square(CGRect(x: 40, y: 30, width: 50, height: 50), red)
let mover = square(CGRect(x: 40, y: 110, width: 50, height: 50), blue)
// Bottom: four views the pop block changes (position, size, color, rotation).
let popped = (0..<4).map { i in square(CGRect(x: 70 + Double(i) * 140, y: 240, width: 60, height: 60), blue) }

DispatchQueue.main.async {
    run.record(every: 0.08, count: 16)

    jumper.center = CGPoint(x: 575, y: 55)         // outside a block: the view says "no animation"
    View.animate(withDuration: 1) {                // inside: a basic animation from the old value
        mover.center = CGPoint(x: 575, y: 135)
    }
    View.popAnimation(withDuration: 0.7) {
        popped[0].center = CGPoint(x: popped[0].center.x, y: 200)
        popped[1].bounds = CGRect(x: 0, y: 0, width: 110, height: 110)
        popped[2].backgroundColor = UIColor(red: 1, green: 0.6, blue: 0, alpha: 1)
        popped[3].transform = CGAffineTransform(rotationAngle: .pi / 2)
    }
    DispatchQueue.main.asyncAfter(deadline: .now() + 1.3) {
        // A pop changes nothing for good: the model values are the old ones.
        guard popped[0].center.y == 270, popped[1].bounds.width == 60, popped[3].transform == .identity else {
            ExampleRun.fail("ViewBlocks", "the pop block left a model value changed")
        }
        run.finish("ViewBlocks: the red view jumped, the blue one slid; the four pops went out and back")
    }
}

dispatchMain()
