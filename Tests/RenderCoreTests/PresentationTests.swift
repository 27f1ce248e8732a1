// Presentation.evaluate: the stacking order, lifecycles, groups and transitions.
import Testing
@testable import RenderCore

@Suite("Presentation")
struct PresentationTests {
    @Test func startsFromTheModelEveryTime() {
        var model = LayerProperties(); model.opacity = 0.3; model.position = Point(1, 2)
        var p = LayerProperties(); p.opacity = 99; p.cornerRadius = 7
        var life = [AnimationLifecycle]()
        Presentation.evaluate(model: model, animations: [], layerTime: 0, into: &p, lifecycle: &life)
        #expect(p == model)
        #expect(life.isEmpty)
    }

    @Test func resetsEveryPropertyToTheModel() throws {
        // Every property of the model differs from its default, and the presentation
        // buffer holds other values still: evaluation must copy every one of them.
        var model = LayerProperties()
        for key in PropertyKey.allCases {
            let v: AnimatableValue
            switch key.valueKind {
            case .number: v = .number(Double(key.rawValue) + 0.5)
            case .point: v = .point(Point(Double(key.rawValue), 2))
            case .size: v = .size(Size(Double(key.rawValue), 3))
            case .rect: v = .rect(Rect(x: 1, y: 2, width: Double(key.rawValue), height: 4))
            case .color: v = .color(Color(red: 0.25, green: Double(key.rawValue) / 64, blue: 0.5, alpha: 0.75))
            case .transform: v = .transform(matmul(rotationZ(Double(key.rawValue)), .translation(x: 1, y: 2)))
            case .bool: v = .bool(true)
            case .string: v = .string("value \(key.rawValue)")
            case .path: v = .path(Path(rect: Rect(x: 0, y: 0, width: 3, height: 4)))
            case .contents: v = .contents(Bitmap(width: 1, height: 1, fill: .red))
            case .numbers: v = .numbers([Double(key.rawValue), 2])
            case .layer: v = .layer(UInt32(key.rawValue))
            }
            try model.setValue(v, of: key)
        }
        #expect(model.value(of: .lineCap) == .string("value \(PropertyKey.lineCap.rawValue)"))
        var p = LayerProperties(); p.opacity = 99; p.string = "stale"
        var life = [AnimationLifecycle]()
        Presentation.evaluate(model: model, animations: [], layerTime: 0, into: &p, lifecycle: &life)
        #expect(p == model)
        for key in PropertyKey.allCases { #expect(p.value(of: key) == model.value(of: key), "\(key)") }
        // The default model resets a changed presentation too.
        Presentation.evaluate(model: LayerProperties(), animations: [], layerTime: 0, into: &p, lifecycle: &life)
        #expect(p == LayerProperties())
    }

    @Test func referencePropertiesAreCopyOnWrite() {
        var a = LayerProperties()
        var b = a
        b.path = Path(rect: Rect(x: 0, y: 0, width: 1, height: 1))
        b.string = "b"
        #expect(a.path == .empty && a.string == "")
        a.lineCap = "round"
        #expect(b.lineCap == "butt" && a.lineCap == "round")
        #expect(LayerProperties().lineJoin == "miter" && LayerProperties().font == "Sans")
        #expect(a != b)
        var c = a; c.lineCap = "round"
        #expect(c == a && c.hashValue == a.hashValue)
    }

    @Test func animationsOnDifferentKeysAreIndependent() {
        let a = basic(.opacity, from: .number(0), to: .number(1))
        let b = basic(.position, from: .point(.zero), to: .point(Point(100, 0)), begin: 0.5)
        let p = present(LayerProperties(), [a, b], at: 0.75)
        #expect(p.opacity == 0.75 && p.position == Point(25, 0))
    }

    @Test func stackingOrder() {
        var model = LayerProperties(); model.opacity = 0.5
        let replace1 = basic(.opacity, from: .number(0.1), to: .number(0.1))
        let replace2 = basic(.opacity, from: .number(0.2), to: .number(0.2))
        let add = basic(.opacity, from: .number(0.01), to: .number(0.01), additive: true)
        #expect(present(model, [replace1, replace2], at: 0.5).opacity == 0.2)
        #expect(present(model, [replace2, replace1], at: 0.5).opacity == 0.1)
        #expect(near(present(model, [add], at: 0.5).opacity, 0.51))
        #expect(near(present(model, [replace1, add, add], at: 0.5).opacity, 0.12))
        #expect(present(model, [add, replace1], at: 0.5).opacity == 0.1)
        // An animation that is not applied (over, fill removed) leaves the stack alone.
        let over = basic(.opacity, from: .number(0.9), to: .number(0.9), begin: -5)
        #expect(near(present(model, [replace1, over, add], at: 0.5).opacity, 0.11))
    }

    @Test func lifecycle() {
        let attached = [
            AttachedAnimation(key: "early", animation: basic(.opacity, from: .number(0), to: .number(1), begin: 0, duration: 1)),
            AttachedAnimation(key: "now", animation: basic(.opacity, from: .number(0), to: .number(1), begin: 1, duration: 1)),
            AttachedAnimation(key: "late", animation: basic(.opacity, from: .number(0), to: .number(1), begin: 5, duration: 1,
                                                            fill: .backwards)),
            AttachedAnimation(key: "kept", animation: kept(basic(.opacity, from: .number(0), to: .number(0.4), begin: 0,
                                                                 duration: 1, fill: .forwards))),
        ]
        var p = LayerProperties()
        var life: [AnimationLifecycle] = [.finished]
        Presentation.evaluate(model: LayerProperties(), animations: attached, layerTime: 1.5, into: &p, lifecycle: &life)
        #expect(life == [.finished, .active, .pending, .finished])
        // "late" fills backwards and comes after "now", so its start value shows … then "kept"
        // fills forwards and comes last.
        #expect(p.opacity == 0.4)
        Presentation.evaluate(model: LayerProperties(), animations: attached, layerTime: 0, into: &p, lifecycle: &life)
        #expect(life == [.active, .pending, .pending, .active])
        Presentation.evaluate(model: LayerProperties(), animations: attached, layerTime: 6, into: &p, lifecycle: &life)
        #expect(life == [.finished, .finished, .finished, .finished])
        #expect(p.opacity == 0.4)
        // Exactly at the begin time: active; exactly at the end: finished.
        Presentation.evaluate(model: LayerProperties(), animations: Array(attached[1...1]), layerTime: 1, into: &p, lifecycle: &life)
        #expect(life == [.active])
        Presentation.evaluate(model: LayerProperties(), animations: Array(attached[1...1]), layerTime: 2, into: &p, lifecycle: &life)
        #expect(life == [.finished])
    }

    @Test func groupChildrenAreTimedRelativeToTheGroup() {
        let child = basic(.opacity, from: .number(0), to: .number(1), begin: 0.5, duration: 1)
        var group = Animation.group([child], duration: 2)
        group.timing.beginTime = 10
        var model = LayerProperties(); model.opacity = 0.9
        #expect(present(model, [group], at: 10.25).opacity == 0.9)     // child not begun
        #expect(near(present(model, [group], at: 11).opacity, 0.5))
        #expect(near(present(model, [group], at: 11.25).opacity, 0.75))
        #expect(present(model, [group], at: 11.75).opacity == 0.9)     // child over, group still active
        #expect(present(model, [group], at: 12).opacity == 0.9)        // group over
    }

    @Test func childWithoutDurationTakesTheGroups() throws {
        let child = Animation.basic(.opacity, from: .number(0), to: .number(1))
        let spring = Animation(.spring(SpringAnimation(keyPath: .init(.position, .x), from: .number(0), to: .number(1))))
        let group = Animation.group([child, spring]).resolved(beginTime: 3, duration: 2)
        #expect(group.timing.beginTime == 3 && group.timing.duration == 2)
        guard case let .group(g) = group.kind else { Issue.record("not a group"); return }
        #expect(g.animations[0].timing.duration == 2)
        #expect(g.animations[0].timing.beginTime == 0)     // children stay relative to the group
        if case let .spring(s) = g.animations[1].kind { #expect(g.animations[1].timing.duration == s.settlingDuration) }
        #expect(near(present(LayerProperties(), [group], at: 4).opacity, 0.5))
        // Nested groups inherit in turn.
        let nested = Animation.group([Animation.group([child], duration: 0)], duration: 4).resolved(beginTime: 1, duration: 0.25)
        guard case let .group(outer) = nested.kind, case let .group(inner) = outer.animations[0].kind else {
            Issue.record("not nested groups"); return
        }
        #expect(outer.animations[0].timing.duration == 4 && inner.animations[0].timing.duration == 4)
    }

    @Test func groupClipsItsChildren() {
        // A 5 s child in a 2 s group.
        let child = basic(.opacity, from: .number(0), to: .number(1), duration: 5, fill: .forwards)
        var group = Animation.group([child], duration: 2)
        group.timing.beginTime = 0
        var model = LayerProperties(); model.opacity = 0.9
        #expect(near(present(model, [group], at: 1.9).opacity, 0.38))
        #expect(present(model, [group], at: 2).opacity == 0.9)
        // Filled forwards (and kept), the group holds its children at the group's end: 2 s
        // into the child. Removed on completion, it no longer applies there.
        group.timing.fillMode = .forwards
        #expect(present(model, [group], at: 3).opacity == 0.9)
        group.isRemovedOnCompletion = false
        #expect(near(present(model, [group], at: 3).opacity, 0.4))
    }

    @Test func groupTimingAppliesToChildren() {
        let child = basic(.opacity, from: .number(0), to: .number(1), duration: 2)
        var group = Animation.group([child], duration: 2)
        group.timing.speed = 2
        group.timing.autoreverses = true
        // Speed 2: group time 1 at parent 0.5; reversing: group time 1 again at parent 1.5.
        #expect(near(present(LayerProperties(), [group], at: 0.5).opacity, 0.5))
        #expect(near(present(LayerProperties(), [group], at: 1.5).opacity, 0.5))
        #expect(near(present(LayerProperties(), [group], at: 1.75).opacity, 0.25))
        // The group's timing function warps the children's time.
        var eased = Animation.group([child], duration: 2)
        eased.timingFunction = .easeIn
        // easeIn(0.6575) = 0.5 → group time 1 → child progress 0.5.
        #expect(near(present(LayerProperties(), [eased], at: 1.315).opacity, 0.5, 1e-9))
    }

    @Test func transitionsReportProgress() {
        let t = Transition(type: .push, subtype: .fromRight, startProgress: 0.2, endProgress: 0.8)
        var a = Animation(.transition(t), timing: MediaTiming(beginTime: 1, duration: 2))
        var p = LayerProperties(); var life = [AnimationLifecycle]()
        func progress(_ time: Double) -> Double? {
            let r = Presentation.evaluate(model: LayerProperties(), animations: [AttachedAnimation(key: "t", animation: a)],
                                          layerTime: time, into: &p, lifecycle: &life)
            if let r { #expect(r.transition == t) }
            return r?.progress
        }
        #expect(progress(0.5) == nil)
        #expect(near(progress(1)!, 0.2))
        #expect(near(progress(2)!, 0.5))
        #expect(near(progress(2.5)!, 0.65))
        #expect(progress(3) == nil)
        a.timingFunction = .easeInEaseOut
        #expect(near(progress(2)!, 0.5, 1e-12))
        // Inside a group the transition is reported too.
        let grouped = Animation.group([Animation(.transition(Transition()), timing: MediaTiming(duration: 1))], duration: 1)
        let r = Presentation.evaluate(model: LayerProperties(), animations: [AttachedAnimation(key: "g", animation: grouped)],
                                      layerTime: 0.25, into: &p, lifecycle: &life)
        #expect(r?.progress == 0.25 && r?.transition.type == .fade)
    }

    @Test func presentationConvenienceUsesLayerTimings() {
        let a = basic(.opacity, from: .number(0), to: .number(1), begin: 0, duration: 10)
        let attached = [AttachedAnimation(key: "a", animation: a)]
        let p = Presentation.presentation(model: LayerProperties(), animations: attached, at: 2,
                                          timings: [LayerTiming(speed: 2), LayerTiming(timeOffset: 1)])
        #expect(near(p.opacity, 0.5))
    }

    @Test func keyPathOfEachKind() {
        #expect(Animation.basic(.opacity).keyPath == .opacity)
        #expect(Animation.keyframe(.position, values: []).keyPath == .position)
        #expect(Animation.spring(SpringAnimation(keyPath: .bounds)).keyPath == .bounds)
        #expect(Animation.group([]).keyPath == nil)
        #expect(Animation(.transition(Transition())).keyPath == nil)
        #expect(Animation.basic(.opacity, duration: 2).description.contains("opacity"))
    }
}

/// `a`, kept once it completes (`isRemovedOnCompletion` false): its forwards fill applies.
func kept(_ a: Animation) -> Animation {
    var a = a
    a.isRemovedOnCompletion = false
    return a
}
