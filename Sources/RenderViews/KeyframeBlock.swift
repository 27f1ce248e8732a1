import Dispatch
import RenderClient

/// The action provider of `View.animateKeyframes(…)`.
///
/// A keyframe animation needs every value up front, but a change's new value is only known
/// after the body that makes it has run. So, as UIKit's keyframe state does (the seed
/// describes it), the provider answers each change with no action, remembers the layer, the
/// key and the value the property had before the block, and after each keyframe's body reads
/// the value it left. When the whole block has run it builds one keyframe animation per
/// changed property:
///
///     keyframe (start s, duration d) leaving value v, in order of start:
///       hold the previous value until s, reach v at s + d, hold it until 1
///     values   [v₀, (v₀ at s₁), v₁, (v₁ at s₂), v₂, …]   keyTimes [0, s₁, s₁+d₁, s₂, s₂+d₂, …, 1]
///     discrete mode: each value appears at its keyframe's start ([v₀, v₁, v₂] at [0, s₁, s₂])
///     paced modes: the values only (Core Animation ignores key times there)
///
/// Changes made in the block's body outside any `addKeyframe` count as a keyframe over the
/// whole duration (0, 1).
final class KeyframeBlock: ViewActionProvider {
    struct Frame { var index: Int; var start: Double; var duration: Double }

    final class Track {
        let view: View
        let keyPath: LayerKeyPath
        let initial: AnimatableValue
        /// One per keyframe that changed it: the keyframe, then the value it left.
        var changes: [(frame: Frame, value: AnimatableValue?)] = []
        init(view: View, keyPath: LayerKeyPath, initial: AnimatableValue) {
            self.view = view; self.keyPath = keyPath; self.initial = initial
        }
    }

    let parameters: BlockParameters
    let mode: KeyframeAnimation.CalculationMode
    let completion: BlockCompletion
    private(set) var tracks: [Track] = []
    private var trackIndex: [LayerID: [String: Int]] = [:]
    private var frame = Frame(index: 0, start: 0, duration: 1)
    private var frameCount = 1
    /// Tracks changed in the current keyframe.
    private var touched: [Track] = []
    private(set) var touchedViews: [View] = []

    init(parameters: BlockParameters, mode: KeyframeAnimation.CalculationMode, completion: BlockCompletion) {
        self.parameters = parameters; self.mode = mode; self.completion = completion
    }

    func action(for view: View, forKey key: String) -> Action? {
        let layer = view.layer
        if !touchedViews.contains(where: { $0 === view }) { touchedViews.append(view) }
        guard let pk = PropertyKey(name: key), pk.isAnimatable, pk.layerKinds.contains(layer.kind) else { return nil }
        let kp = LayerKeyPath(pk)
        let track: Track
        if let i = trackIndex[layer.id]?[key] {
            track = tracks[i]
        } else {
            track = Track(view: view, keyPath: kp, initial: parameters.fromValue(kp, on: layer))
            trackIndex[layer.id, default: [:]][key] = tracks.count
            tracks.append(track)
        }
        if track.changes.last?.frame.index != frame.index {
            track.changes.append((frame, nil))
            touched.append(track)
        }
        return nil
    }

    /// Runs one keyframe's body (`addKeyframe`), then reads the values it left.
    func keyframe(start: Double, duration: Double, _ body: () -> Void) {
        let outer = (frame, touched)
        frame = Frame(index: frameCount, start: start, duration: duration)
        frameCount += 1
        touched = []
        body()
        endFrame()
        (frame, touched) = outer
    }

    /// Reads the values the current frame's changes left.
    func endFrame() {
        for t in touched {
            let i = t.changes.count - 1
            if t.changes[i].frame.index == frame.index { t.changes[i].value = t.view.layer.value(forKeyPath: t.keyPath) }
        }
        touched = []
    }

    /// The keyframe animation of one track.
    func animation(of t: Track) -> Animation {
        let changes = t.changes.compactMap { c in c.value.map { (frame: c.frame, value: $0) } }
            .enumerated().sorted { ($0.element.frame.start, $0.offset) < ($1.element.frame.start, $1.offset) }
            .map(\.element)
        var values: [AnimatableValue] = [t.initial]
        var times: [Double] = [0]
        switch mode {
        case .discrete:
            for c in changes {
                if c.frame.start <= times.last! {
                    values[values.count - 1] = c.value // two changes at one time: the later one shows
                } else {
                    values.append(c.value); times.append(c.frame.start)
                }
            }
        default:
            var current = t.initial
            for c in changes {
                let s = c.frame.start, e = min(1, c.frame.start + c.frame.duration)
                if s > times.last! { values.append(current); times.append(s) }
                values.append(c.value); times.append(max(e, times.last!))
                current = c.value
            }
            if times.last! < 1 { values.append(current); times.append(1) }
        }
        let paced = mode == .paced || mode == .cubicPaced
        let k = KeyframeAnimation(keyPath: t.keyPath, values: values, keyTimes: paced ? nil : times, calculationMode: mode)
        var timingFunction: TimingFunction? = nil
        if case let .timing(tf) = parameters.curve { timingFunction = tf }
        return Animation(.keyframe(k), timing: parameters.mediaTiming(on: t.view.layer), timingFunction: timingFunction)
    }
}

extension View {
    /// Animates the changes of `animations` as keyframe animations lasting `duration`
    /// seconds after `delay`: the changes of each `addKeyframe(withRelativeStartTime:
    /// relativeDuration:animations:)` inside it happen over that part of the duration. One
    /// keyframe animation per changed property, with the options' calculation mode (linear by
    /// default) and curve (ease-in-ease-out by default, over the whole animation); see
    /// `KeyframeBlock`. `completion` runs as `animate`'s does.
    public static func animateKeyframes(withDuration duration: Double, delay: Double = 0,
                                        options: ViewKeyframeAnimationOptions = [], animations: () -> Void,
                                        completion: ((Bool) -> Void)? = nil) {
        precondition(duration.isFinite && duration >= 0 && delay.isFinite && delay >= 0,
                     "View.animateKeyframes: duration \(duration) and delay \(delay) must be finite and ≥ 0 seconds")
        let stack = ViewActions.stack
        let queue = Context.current?.queue
        let c = BlockCompletion(completion)
        if !stack.animationsEnabled || (stack.providers.last.map { $0 == nil } ?? false) || duration == 0 {
            performWithoutAnimation(animations)
            c.seal(queue: queue)
            return
        }
        let opts = options.blockOptions
        var parameters = BlockParameters(duration: duration, delay: delay, options: opts, curve: .timing(opts.timingFunction))
        if case let parent as AnimationBlock = stack.providers.last ?? nil {
            parameters = parameters.inheriting(from: parent.parameters)
            parameters.curve = .timing(opts.timingFunction)
        }
        let block = KeyframeBlock(parameters: parameters, mode: options.calculationMode, completion: c)
        performWithActionProvider(block) {
            animations()
            if opts.contains(.layoutSubviews) {
                for v in block.touchedViews { v.layoutIfNeeded() }
            }
            block.endFrame()
        }
        // The model now holds every final value; add the animations without further searches.
        for t in block.tracks where t.changes.contains(where: { $0.value != nil }) {
            let member = BlockCompletion.Member(c)
            t.view.layer.add(block.animation(of: t), forKey: t.keyPath.property.name, delegate: member)
        }
        c.seal(queue: queue)
    }

    /// One keyframe of the enclosing `animateKeyframes` block: the changes `animations` makes
    /// happen from `relativeStartTime` for `relativeDuration` (fractions of the block's
    /// duration, 0…1, start + duration ≤ 1). Traps outside a keyframe block or with times
    /// out of range.
    public static func addKeyframe(withRelativeStartTime relativeStartTime: Double, relativeDuration: Double,
                                   animations: () -> Void) {
        precondition(relativeStartTime >= 0 && relativeDuration >= 0 && relativeStartTime + relativeDuration <= 1 + 1e-9,
                     "addKeyframe: relative start \(relativeStartTime) and duration \(relativeDuration) must be ≥ 0 "
                         + "with start + duration ≤ 1 (fractions of the keyframe block's duration)")
        switch ViewActions.stack.providers.last {
        case let block as KeyframeBlock:
            block.keyframe(start: relativeStartTime, duration: relativeDuration, animations)
        case .some(nil):
            animations() // inside performWithoutAnimation: the changes happen at once
        default:
            preconditionFailure("addKeyframe(withRelativeStartTime:relativeDuration:animations:) called outside "
                + "View.animateKeyframes: call it inside an animateKeyframes block's animations")
        }
    }
}
