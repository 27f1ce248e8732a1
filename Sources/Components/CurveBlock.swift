import Dispatch
import RenderCore
import RenderClient
import RenderViews

/// An animation block with any timing function (a bounds animation's control points):
/// `View.animate` takes only the options' named curves. Each change of an animatable
/// property of a view's layer becomes a basic animation from the value it leaves (the
/// presentation with `beginFromCurrentState`) with the block's duration, delay (fill
/// both, so a delayed one holds its start), repeat and autoreverse, and the curve.
/// Host's queue.
final class CurveBlock: ViewActionProvider {
    let duration: Double, delay: Double
    let options: ViewAnimationOptions
    let curve: TimingFunction
    private var outstanding = 0
    private var sealed = false
    private var finished = true
    private var completion: ((Bool) -> Void)?

    private init(duration: Double, delay: Double, options: ViewAnimationOptions, curve: TimingFunction,
                 completion: ((Bool) -> Void)?) {
        self.duration = duration; self.delay = delay; self.options = options; self.curve = curve
        self.completion = completion
    }

    static func animate(duration: Double, delay: Double, options: ViewAnimationOptions, curve: TimingFunction,
                        changes: () -> Void, completion: ((Bool) -> Void)?) {
        let block = CurveBlock(duration: duration, delay: delay, options: options, curve: curve, completion: completion)
        View.performWithActionProvider(block, changes)
        block.sealed = true
        if block.outstanding == 0, let c = block.completion {
            block.completion = nil
            let f = block.finished, run = QueueBound(c)
            (Context.current?.queue ?? .main).async { run.value(f) }
        }
    }

    func action(for view: View, forKey key: String) -> Action? {
        let layer = view.layer
        guard let pk = PropertyKey(name: key), pk.isAnimatable, pk.layerKinds.contains(layer.kind) else { return nil }
        let kp = LayerKeyPath(pk)
        let from = options.contains(.beginFromCurrentState) ? layer.presentation().value(at: kp) : layer.value(forKeyPath: kp)
        var t = MediaTiming(duration: duration, fillMode: .both)
        if delay > 0 { t.beginTime = layer.localTime(at: layer.context.clock()) + delay }
        if options.contains(.autoreverse) { t.autoreverses = true }
        if options.contains(.repeat) { t.repeatCount = .infinity }
        outstanding += 1
        return Add(animation: Animation(.basic(BasicAnimation(keyPath: kp, from: from)), timing: t, timingFunction: curve),
                   member: Member(self))
    }

    fileprivate func stopped(finished f: Bool) {
        outstanding -= 1
        if !f { finished = false }
        guard sealed, outstanding <= 0, let c = completion else { return }
        completion = nil
        c(finished)
    }

    private final class Member: AnimationDelegate {
        let block: CurveBlock
        init(_ block: CurveBlock) { self.block = block }
        func animationDidStop(_ anim: Animation, finished: Bool) { block.stopped(finished: finished) }
    }

    private struct Add: Action {
        let animation: Animation
        let member: Member
        func run(forKey key: String, on layer: Layer) { layer.add(animation, forKey: key, delegate: member) }
    }
}
