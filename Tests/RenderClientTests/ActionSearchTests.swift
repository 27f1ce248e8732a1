import Testing
@testable import RenderClient

/// A delegate that answers with a fixed action for every key (a view's role).
final class FixedDelegate: LayerDelegate {
    var answer: Action?
    var asked: [String] = []
    init(_ answer: Action?) { self.answer = answer }
    func action(for layer: Layer, forKey key: String) -> Action? { asked.append(key); return answer }
}

/// A layer class with a class-level default action for "opacity".
final class DefaultingLayer: Layer {
    static let defaultOpacityAction = RecordingAction("default")
    override class func defaultAction(forKey key: String) -> Action? {
        key == "opacity" ? defaultOpacityAction : nil
    }
}

@Suite struct ActionSearchTests {
    @Test func delegateBeatsActionsBeatsStyleBeatsDefault() {
        let h = Harness()
        let l = h.committed { DefaultingLayer() }
        let fromDelegate = RecordingAction("delegate"), fromActions = RecordingAction("actions")
        let fromStyle = RecordingAction("style")
        let delegate = FixedDelegate(fromDelegate)
        var value = 0.9
        func change() { h.run { value -= 0.1; l.opacity = value } }

        h.run {
            l.delegate = delegate
            l.actions = ["opacity": fromActions]
            l.style = ["actions": ["opacity": fromStyle] as [String: Action]]
        }
        change()
        #expect(fromDelegate.runs.map(\.key) == ["opacity"])
        #expect(delegate.asked == ["opacity"])
        #expect(fromActions.runs.isEmpty && fromStyle.runs.isEmpty)

        h.run { delegate.answer = nil } // nil: keep searching
        change()
        #expect(fromActions.runs.count == 1)
        #expect(fromStyle.runs.isEmpty)

        h.run { l.actions = [:] }
        change()
        #expect(fromStyle.runs.count == 1)

        h.run { l.style = [:] }
        let before = DefaultingLayer.defaultOpacityAction.runs.count
        change()
        #expect(DefaultingLayer.defaultOpacityAction.runs.count == before + 1)
        h.settle()
        #expect(h.commits.dropFirst().allSatisfy { $0.addedAnimations.isEmpty },
                "the custom actions added no animation, and none of the implicit kind")
    }

    @Test func nestedStyleDictionariesAreSearched() {
        let h = Harness()
        let l = h.committed { Layer() }
        let deep = RecordingAction("deep")
        h.run {
            l.style = ["style": ["actions": ["cornerRadius": deep] as [String: Action]] as [String: Any]]
            l.cornerRadius = 3
        }
        #expect(deep.runs.count == 1)
    }

    @Test func nullActionFromTheDelegateStopsTheSearch() {
        let h = Harness()
        let l = h.committed { Layer() }
        let fromActions = RecordingAction("actions")
        let delegate = FixedDelegate(.null)
        h.run {
            l.delegate = delegate
            l.actions = ["position": fromActions]
            l.position = Point(x: 5, y: 5)
            #expect(l.action(forKey: "position") == nil)
        }
        h.settle()
        #expect(fromActions.runs.isEmpty)
        #expect(h.commits.last?.addedAnimations.isEmpty == true, "no implicit animation either")
        #expect(h.commits.last?.setProperties.count == 1)
    }

    @Test func nullActionInActionsStopsBeforeStyleAndDefault() {
        let h = Harness()
        let l = h.committed { Layer() }
        let fromStyle = RecordingAction("style")
        h.run {
            l.actions = ["opacity": NullAction()]
            l.style = ["actions": ["opacity": fromStyle] as [String: Action]]
            l.opacity = 0.5
        }
        h.settle()
        #expect(fromStyle.runs.isEmpty)
        #expect(h.commits.last?.addedAnimations.isEmpty == true)
    }

    @Test func nullDefaultActionSuppressesTheImplicitAnimation() {
        final class Quiet: Layer {
            override class func defaultAction(forKey key: String) -> Action? { NullAction() }
        }
        let h = Harness()
        let l = h.committed { Quiet() }
        h.run { l.opacity = 0.5 }
        h.settle()
        #expect(h.commits.last?.addedAnimations.isEmpty == true)
    }

    @Test func viewStyleDelegateAnimatesOnlyInsideItsBlock() {
        /// The View-Layer Synergy mechanism: null outside an animation block, a basic
        /// animation from the old value inside one.
        final class View: LayerDelegate {
            var inBlock = false
            func action(for layer: Layer, forKey key: String) -> Action? {
                guard inBlock, let kp = try? LayerKeyPath(key) else { return .null }
                return Animation.basic(kp, from: layer.value(forKeyPath: kp), duration: 0.3,
                                       timingFunction: .easeInEaseOut)
            }
        }
        let h = Harness()
        let view = View()
        let l = h.committed { Layer() }
        h.run { l.delegate = view; l.position = Point(x: 5, y: 5) }
        h.settle()
        #expect(h.commits.last?.addedAnimations.isEmpty == true)
        h.run { view.inBlock = true; l.position = Point(x: 50, y: 5); view.inBlock = false }
        h.settle()
        let added = h.commits.last?.addedAnimations ?? []
        #expect(added.count == 1)
        #expect(added.first?.key == "position")
        guard case let .basic(b)? = added.first?.animation.kind else { Issue.record("expected a basic animation"); return }
        #expect(b.from == .point(Point(x: 5, y: 5)))
        #expect(b.to == nil)
        #expect(added.first?.animation.timing.duration == 0.3)
    }

    @Test func standaloneLayerAnimatesFromTheOldPresentationValueWithTheTransactionsDuration() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        h.now = 2000
        h.run {
            Transaction.animationDuration = 0.5
            Transaction.animationTimingFunction = .easeOut
            l.opacity = 0.2
        }
        h.settle()
        let commit = try #require(h.lastCommit)
        let added = commit.addedAnimations
        #expect(added.count == 1)
        let a = try #require(added.first)
        #expect(a.key == "opacity")
        #expect(a.animation.timing.duration == 0.5)
        #expect(a.animation.timing.beginTime == 2000)
        #expect(a.animation.timingFunction == .easeOut)
        guard case let .basic(b) = a.animation.kind else { Issue.record("expected a basic animation"); return }
        #expect(b.keyPath == .opacity)
        #expect(b.from == .number(1))
        #expect(b.to == nil, "to the model value")
        #expect(commit.setProperties.map(\.value) == [.number(0.2)])

        // Interrupting it: the next animation starts from the presentation value now.
        h.now = 2000.25
        h.run { l.opacity = 1 }
        h.settle()
        let second = try #require(h.lastCommit?.addedAnimations.first)
        guard case let .basic(b2) = second.animation.kind else { Issue.record("expected a basic animation"); return }
        let expected = Presentation.presentation(model: { var m = LayerProperties(); m.opacity = 0.2; return m }(),
                                                 animations: [AttachedAnimation(key: "opacity", animation: a.animation)],
                                                 at: 2000.25).opacity
        #expect(b2.from == .number(expected))
        #expect(abs(expected - 0.2) > 0.05 && abs(expected - 1) > 0.05, "mid-flight")
        #expect(second.animation.timing.duration == 0.25, "no transaction duration: 0.25 s")
    }

    @Test func changesBeforeTheFirstCommitDoNotAnimate() {
        let h = Harness()
        h.run {
            let l = Layer()
            l.opacity = 0.5
            l.position = Point(x: 1, y: 2)
            h.context.rootLayer = l
        }
        h.settle()
        #expect(h.commits.count == 1)
        #expect(h.commits[0].addedAnimations.isEmpty)
    }

    @Test func secondChangeInOneTransactionStartsFromTheValueShownBeforeIt() throws {
        let h = Harness()
        let l = h.committed { Layer() }
        h.run {
            l.opacity = 0.5
            l.opacity = 0.2
        }
        h.settle()
        let added = try #require(h.lastCommit?.addedAnimations)
        #expect(added.count == 1, "the second implicit animation replaced the first before it was sent")
        guard case let .basic(b)? = added.first?.animation.kind else { Issue.record("expected a basic animation"); return }
        #expect(b.from == .number(1))
        #expect(h.lastCommit?.setProperties.map(\.value) == [.number(0.2)])
    }

    @Test func discreteAndTimingPropertiesDoNotAnimate() {
        let h = Harness()
        let l = h.committed { Layer() }
        h.run {
            l.isHidden = true
            l.masksToBounds = true
            l.speed = 2
        }
        h.settle()
        #expect(h.lastCommit?.addedAnimations.isEmpty == true)
        #expect(h.lastCommit?.commands.contains(.setTiming(l.id, LayerTiming(speed: 2))) == true)
    }
}
