import RenderViews

// The View-Layer Synergy seed's custom block API — `DR_popAnimationWithDuration:animations:`
// — built on RenderViews' public API alone (this file uses nothing internal), to show the
// view action mechanism is open to block APIs of one's own. Where the seed swizzles
// `actionForLayer:forKey:` and keeps a static context, Swift code pushes a
// `ViewActionProvider`: the views ask it for the action of every change made inside.

/// Records what the pop block's body changes: the view, the key path and the value before
/// (the seed's `DRSavedPopAnimationState`). It answers with no action (`nil`: the view gives
/// the null action): the animation is added after the body, when the new values are known.
final class PopBlockRecorder: ViewActionProvider {
    struct Saved {
        let view: View
        let keyPath: LayerKeyPath
        let oldValue: AnimatableValue
    }
    private(set) var saved: [Saved] = []

    func action(for view: View, forKey key: String) -> Action? {
        guard let keyPath = try? LayerKeyPath(key), keyPath.property.isAnimatable else { return nil }
        if !saved.contains(where: { $0.view === view && $0.keyPath == keyPath }) {
            saved.append(Saved(view: view, keyPath: keyPath, oldValue: view.layer.value(forKeyPath: keyPath)))
        }
        return nil
    }
}

extension View {
    /// Draws attention to views: each change made in `animations` happens quickly with an
    /// aggressive curve, then slowly goes back — a keyframe animation old → new → old with
    /// key times 0, 0.35, 1 — and, unlike an autoreversing block, the model value goes back
    /// to the old one too, since that is what the animation shows (the seed's "pop").
    /// `completion` runs when every pop has ended (a transaction completion block).
    static func popAnimation(withDuration duration: Double, animations: () -> Void, completion: (() -> Void)? = nil) {
        let recorder = PopBlockRecorder()
        View.performWithActionProvider(recorder, animations)

        let easing = 0.2
        let easeIn = TimingFunction(1, 0, 1 - easing, 1)
        let easeOut = TimingFunction(easing, 0, 0, 1)
        Transaction.begin()
        if let completion { Transaction.completionBlock = completion }
        for s in recorder.saved {
            let newValue = s.view.layer.value(forKeyPath: s.keyPath)
            let pop = KeyframeAnimation(keyPath: s.keyPath, values: [s.oldValue, newValue, s.oldValue],
                                        keyTimes: [0, 0.35, 1], timingFunctions: [easeIn, easeOut])
            // Back to the old value without an animation…
            Transaction.perform(disableActions: true) {
                try? s.view.layer.setValue(s.oldValue, forKeyPath: s.keyPath)
            }
            // …and animate the pop.
            s.view.layer.add(Animation(.keyframe(pop), timing: MediaTiming(duration: duration)),
                             forKey: s.keyPath.description)
        }
        Transaction.commit()
    }
}
