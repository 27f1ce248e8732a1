import RenderCore

/// ComponentKit's animation builders (`CK::Animation`), as Swift values:
///
///     CK.Animation.alphaFrom(0).easeOut(0.5)                        // initial: from a value
///     CK.Animation.alphaTo(0).withDelay(0.1)                        // final: to a value
///     CK.Animation.position().easeOut()                             // change: neither
///     CK.Animation.parallel(CK.Animation.position(), CK.Animation.backgroundColor())
///     CK.Animation.sequence(CK.Animation.alphaFrom(0), CK.Animation.translationYFrom(-40))
///     CK.Animation.scaleFrom(0).usingSpring().withDamping(12).withStiffness(200)
///
/// The phase is in the type (`InitialPhase`, `ChangePhase`, `FinalPhase`): only animations of
/// one phase group together, checked by the compiler as ComponentKit's `static_assert` does.
/// From and to values follow the seeds: an initial animation gives only its `from` (to is
/// the view configuration; fill mode backwards, so a delayed one shows its start), a final
/// one only its `to` (from is the configuration; fill mode forwards and not removed on
/// completion, on the snapshot of the disappearing view), a change one neither (mounting
/// fills in the previous generation's value and the new one comes from the configuration;
/// a property that did not change is not animated).
///
/// Timing is `CKAnimation.h`'s: linear pacing and no delay by default; an animation without
/// a duration lasts Core Animation's default (0.25 s) on its own and its parallel group's
/// in one; springs (mass 1, stiffness 100, damping 10, initial velocity 0) last their
/// settling duration; a sequence lasts the sum of its members' durations. What ComponentKit
/// rejects at compile time, the type system rejects here: grouping phases, a duration on a
/// spring, a sequence or a parallel group holding either, and a spring, a sequence or such
/// a group inside a sequence (`SequenceableAnimationBuilder`). Times are seconds.
public enum CK {
    /// The builders' namespace (`CK::Animation`): `CK.Animation.alphaFrom(0)`,
    /// `CK.Animation.position()`, `CK.Animation.parallel(…)`, … Never instantiated.
    public enum Animation {}
}

/// The three kinds of component animation.
public enum AnimationPhase: Sendable, CustomStringConvertible {
    /// `animationsOnInitialMount()`: a component that appeared.
    case initial
    /// `animationsFromPreviousComponent(_:)`: a component in both generations.
    case change
    /// `animationsOnFinalUnmount()`: a component that disappeared (on its view's snapshot).
    case final
    /// `"initial"`, `"change"` or `"final"`.
    public var description: String {
        switch self { case .initial: return "initial"; case .change: return "change"; case .final: return "final" }
    }
}

/// A phase as a type, so builders of different phases cannot be grouped (`InitialPhase`,
/// `ChangePhase`, `FinalPhase`).
public protocol AnimationPhaseType {
    /// The phase this type stands for.
    static var phase: AnimationPhase { get }
}
/// The phase of `animationsOnInitialMount()` animations: from a value to the view configuration.
public enum InitialPhase: AnimationPhaseType {
    /// `.initial`.
    public static var phase: AnimationPhase { .initial }
}
/// The phase of `animationsFromPreviousComponent(_:)` animations: from the previous
/// generation's value to the new one.
public enum ChangePhase: AnimationPhaseType {
    /// `.change`.
    public static var phase: AnimationPhase { .change }
}
/// The phase of `animationsOnFinalUnmount()` animations: from the view configuration to a
/// value, on a snapshot of the disappearing view.
public enum FinalPhase: AnimationPhaseType {
    /// `.final`.
    public static var phase: AnimationPhase { .final }
}

/// Anything that builds a component animation of one phase.
public protocol ComponentAnimationBuilder<Phase> {
    /// The phase the builder's animations belong to (`InitialPhase`, `ChangePhase`, `FinalPhase`).
    associatedtype Phase: AnimationPhaseType
    /// The Core Animation animation, its begin time the builder's delay (relative: mounting
    /// anchors it at the mount's commit). `inheritedDuration` is a parallel group's, for
    /// members that set none (Core Animation's default, 0.25 s, without one).
    func makeAnimation(inheritedDuration: Double?) -> RenderCore.Animation
    /// The duration the animation carries before anything is inherited, seconds: a set
    /// duration, a spring's settling duration, a sequence's sum, the longest member of a
    /// parallel group that cannot be given one; 0 when none is set (ComponentKit's
    /// `toCA().duration`). A parallel group of the second kind lasts the longest of these.
    var intrinsicDuration: Double { get }
}

extension ComponentAnimationBuilder {
    /// The animation as it is added on its own.
    public var animation: RenderCore.Animation { makeAnimation(inheritedDuration: nil) }
}

/// A builder that can be a member of a sequence: one whose duration can be set (ComponentKit's
/// `TimingBuilder`): a basic animation, or a parallel group of such. Springs, sequences and
/// parallel groups holding either cannot (`sequence(_:)` does not compile with them, as in
/// ComponentKit, whose sequence reads its members' `duration`).
public protocol SequenceableAnimationBuilder<Phase>: ComponentAnimationBuilder {
    /// The duration set, seconds; `nil`: Core Animation's default (0.25 s) in a sequence.
    var duration: Double? { get }
}

/// The modifiers every builder has: a delay and a pacing curve (ComponentKit's `withDelay`,
/// `easeIn`, `easeOut`, control-point curves).
public protocol PacedAnimationBuilder {
    /// Seconds from the mount's commit to the animation's start (0 by default).
    var delay: Double { get set }
    /// The pacing curve (linear by default, as in ComponentKit).
    var curve: TimingFunction { get set }
}

extension PacedAnimationBuilder {
    /// The same animation starting `t` seconds (≥ 0) after the mount's commit.
    public func withDelay(_ t: Double) -> Self {
        precondition(t >= 0, "withDelay(\(t)): a delay is ≥ 0 s"); var b = self; b.delay = t; return b
    }
    /// The same animation paced by Core Animation's ease-in curve (0.42, 0, 1, 1).
    public func easeIn() -> Self { timingCurve(.easeIn) }
    /// The same animation paced by Core Animation's ease-out curve (0, 0, 0.58, 1).
    public func easeOut() -> Self { timingCurve(.easeOut) }
    /// The same animation paced by `f`.
    public func timingCurve(_ f: TimingFunction) -> Self { var b = self; b.curve = f; return b }
    /// A cubic Bézier pacing through control points (x in 0…1).
    public func timingCurveWithControlPoints(_ p1: (Double, Double), _ p2: (Double, Double)) -> Self {
        timingCurve(TimingFunction(p1.0, p1.1, p2.0, p2.1))
    }
}

/// Builders with a duration of their own (a spring's comes from its physics, a sequence's
/// from its parts).
public protocol TimedAnimationBuilder: PacedAnimationBuilder {
    /// The duration set, seconds; `nil` for Core Animation's default (0.25 s) or the enclosing
    /// group's.
    var duration: Double? { get set }
}

extension TimedAnimationBuilder {
    /// The same animation lasting `t` seconds (≥ 0).
    public func withDuration(_ t: Double) -> Self {
        precondition(t >= 0, "withDuration(\(t)): a duration is ≥ 0 s"); var b = self; b.duration = t; return b
    }
    /// Ease-in pacing with a duration (`easeIn(t)` = `easeIn().withDuration(t)`).
    public func easeIn(_ t: Double) -> Self { easeIn().withDuration(t) }
    /// Ease-out pacing with a duration.
    public func easeOut(_ t: Double) -> Self { easeOut().withDuration(t) }
}

/// A leaf's fill rule (`CKAnimation.mm`): initial animations fill backwards; final ones
/// forwards; change ones backwards only when delayed (so they hold the old value until they
/// start).
func fillMode(_ phase: AnimationPhase, delayed: Bool) -> MediaTiming.FillMode {
    switch phase {
    case .initial: return .backwards
    case .final: return .forwards
    case .change: return delayed ? .backwards : .removed
    }
}

/// A property animated from, to or between values over a duration with a curve.
///
/// Difference: without a duration it commits Core Animation's default, 0.25 s, where
/// ComponentKit commits 0 and Core Animation substitutes 0.25 s (the same on screen; the
/// daemon takes durations as given). `intrinsicDuration` reports 0, as `toCA().duration`.
public struct BasicAnimationBuilder<Phase: AnimationPhaseType>: SequenceableAnimationBuilder, TimedAnimationBuilder {
    /// The animated layer property (`opacity`, `position`, `transform.scale`, …).
    public let keyPath: LayerKeyPath
    /// `from` of an initial animation, `to` of a final one, `nil` for a change.
    public let value: AnimatableValue?
    /// The duration set with `withDuration`, seconds; `nil`: the enclosing group's, else 0.25 s.
    public var duration: Double?
    /// Seconds after the mount's commit before it starts.
    public var delay: Double = 0
    /// The pacing curve; linear unless `easeIn`, `easeOut` or `timingCurve` set another.
    public var curve: TimingFunction = .linear

    init(_ keyPath: LayerKeyPath, _ value: AnimatableValue?) { self.keyPath = keyPath; self.value = value }

    /// The same animation driven by a spring (its duration becomes the settling duration;
    /// delay and curve carry over). Difference: ComponentKit has no final spring builder;
    /// here a final animation can use one too.
    public func usingSpring() -> SpringAnimationBuilder<Phase> {
        var s = SpringAnimationBuilder<Phase>(keyPath, value)
        s.delay = delay; s.curve = curve
        return s
    }

    /// A final animation is not removed on completion (ComponentKit's `FinalBuilder`): it
    /// holds its end on the snapshot until the pass's cleanup takes the snapshot away.
    public func makeAnimation(inheritedDuration: Double?) -> RenderCore.Animation {
        let phase = Phase.phase
        let basic = BasicAnimation(keyPath: keyPath, from: phase == .initial ? value : nil, to: phase == .final ? value : nil)
        var a = RenderCore.Animation(.basic(basic),
                                     timing: MediaTiming(beginTime: delay, duration: duration ?? inheritedDuration ?? MediaTiming.defaultDuration,
                                                         fillMode: fillMode(phase, delayed: delay > 0)),
                                     timingFunction: curve)
        if phase == .final { a.isRemovedOnCompletion = false }
        return a
    }

    /// The duration set, else 0 (as ComponentKit's `toCA().duration`).
    public var intrinsicDuration: Double { duration ?? 0 }
}

/// A property animated by a spring (`CASpringAnimation`); lasts its settling duration.
public struct SpringAnimationBuilder<Phase: AnimationPhaseType>: ComponentAnimationBuilder, PacedAnimationBuilder {
    /// The animated layer property.
    public let keyPath: LayerKeyPath
    /// `from` of an initial animation, `to` of a final one, `nil` for a change.
    public let value: AnimatableValue?
    /// Seconds after the mount's commit before it starts.
    public var delay: Double = 0
    /// The timing function the spring animation carries, as ComponentKit sets it on its
    /// `CASpringAnimation` (linear by default: the spring's own motion).
    public var curve: TimingFunction = .linear
    /// Newton-seconds per metre set with `withDamping` (`nil`: 10).
    public var damping: Double?
    /// Set with `withInitialVelocity`, in units of the whole distance per second (`nil`: 0).
    public var initialVelocity: Double?
    /// Kilograms set with `withMass` (`nil`: 1).
    public var mass: Double?
    /// Newtons per metre set with `withStiffness` (`nil`: 100).
    public var stiffness: Double?

    init(_ keyPath: LayerKeyPath, _ value: AnimatableValue?) { self.keyPath = keyPath; self.value = value }

    /// Newton-seconds per metre, ≥ 0 (default 10).
    public func withDamping(_ d: Double) -> Self { precondition(d >= 0, "withDamping(\(d)): damping is ≥ 0"); var b = self; b.damping = d; return b }
    /// Towards the target, in units of the distance per second (default 0).
    public func withInitialVelocity(_ v: Double) -> Self { var b = self; b.initialVelocity = v; return b }
    /// Kilograms, > 0 (default 1).
    public func withMass(_ m: Double) -> Self { precondition(m > 0, "withMass(\(m)): mass is > 0"); var b = self; b.mass = m; return b }
    /// Newtons per metre, > 0 (default 100).
    public func withStiffness(_ k: Double) -> Self { precondition(k > 0, "withStiffness(\(k)): stiffness is > 0"); var b = self; b.stiffness = k; return b }

    var spring: SpringAnimation {
        let phase = Phase.phase
        return SpringAnimation(keyPath: keyPath, from: phase == .initial ? value : nil, to: phase == .final ? value : nil,
                               mass: mass ?? 1, stiffness: stiffness ?? 100, damping: damping ?? 10,
                               initialVelocity: initialVelocity ?? 0)
    }

    /// A `SpringAnimation` lasting its settling duration (an inherited duration does not apply),
    /// beginning after the delay, filled as its phase requires.
    public func makeAnimation(inheritedDuration: Double?) -> RenderCore.Animation {
        let s = spring
        return RenderCore.Animation(.spring(s), timing: MediaTiming(beginTime: delay, duration: s.settlingDuration,
                                                                    fillMode: fillMode(Phase.phase, delayed: delay > 0)),
                                    timingFunction: curve)
    }

    /// The spring's settling duration, seconds: how long it takes to come to rest.
    public var intrinsicDuration: Double { spring.settlingDuration }
}

/// The group animation of a parallel builder: members without a duration take the group's.
private func parallelGroup<P: AnimationPhaseType>(_ members: [any ComponentAnimationBuilder<P>], duration: Double, delay: Double,
                                                  curve: TimingFunction) -> RenderCore.Animation {
    let phase = P.phase
    var g = RenderCore.Animation(.group(AnimationGroup(animations: members.map { $0.makeAnimation(inheritedDuration: duration) })),
                                 timing: MediaTiming(beginTime: delay, duration: duration,
                                                     fillMode: phase == .final ? .forwards : .backwards),
                                 timingFunction: curve)
    if phase == .final { g.isRemovedOnCompletion = false }
    return g
}

/// Animations of one phase running together (`CAAnimationGroup`), every member one whose
/// duration can be set (ComponentKit's `ParallelBuilder` of `TimingBuilder`s). The group
/// lasts its own duration, else its enclosing group's, else Core Animation's default
/// (0.25 s) — never its longest member's: a longer member is cut at the group's end, as a
/// Core Animation group cuts its children. Members without a duration take the group's.
/// Fill mode backwards (initial, change) or forwards and not removed on completion (final).
public struct ParallelAnimationBuilder<Phase: AnimationPhaseType>: SequenceableAnimationBuilder, TimedAnimationBuilder {
    /// The animations run together, in the order given.
    public let members: [any SequenceableAnimationBuilder<Phase>]
    /// The group's duration, seconds; `nil`: the enclosing group's, else 0.25 s.
    public var duration: Double?
    /// Seconds after the mount's commit before the group starts.
    public var delay: Double = 0
    /// The group's pacing curve (linear by default).
    public var curve: TimingFunction = .linear

    init(_ members: [any SequenceableAnimationBuilder<Phase>]) { self.members = members }

    /// An `AnimationGroup` of the members, lasting the group's duration (else the inherited
    /// one, else 0.25 s); members without a duration take it.
    public func makeAnimation(inheritedDuration: Double?) -> RenderCore.Animation {
        parallelGroup(members.map { $0 as any ComponentAnimationBuilder<Phase> },
                      duration: duration ?? inheritedDuration ?? MediaTiming.defaultDuration, delay: delay, curve: curve)
    }

    /// The duration set, else 0.
    public var intrinsicDuration: Double { duration ?? 0 }
}

/// Difference: ComponentKit has one `ParallelBuilder` template whose base (with or without
/// `withDuration`) its members choose; here the overload of `CK.Animation.parallel` picks
/// this type or `ParallelAnimationBuilder`, with the same result at compile time.
///
/// Animations of one phase running together, at least one of them a spring, a sequence or
/// a group of this kind, whose duration is computed (ComponentKit's `ParallelBuilder` over a
/// `TimingBuilderWithoutDuration`): the group lasts its longest member's
/// `intrinsicDuration` and cannot be given a duration, nor be a member of a sequence.
/// Members without a duration take the group's.
public struct ComputedParallelAnimationBuilder<Phase: AnimationPhaseType>: ComponentAnimationBuilder, PacedAnimationBuilder {
    /// The animations run together, in the order given.
    public let members: [any ComponentAnimationBuilder<Phase>]
    /// Seconds after the mount's commit before the group starts.
    public var delay: Double = 0
    /// The group's pacing curve (linear by default).
    public var curve: TimingFunction = .linear

    init(_ members: [any ComponentAnimationBuilder<Phase>]) { self.members = members }

    /// An `AnimationGroup` of the members lasting the longest member's `intrinsicDuration`
    /// (an inherited duration does not apply).
    public func makeAnimation(inheritedDuration: Double?) -> RenderCore.Animation {
        parallelGroup(members, duration: intrinsicDuration, delay: delay, curve: curve)
    }

    /// The longest member's `intrinsicDuration`, seconds.
    public var intrinsicDuration: Double { members.map(\.intrinsicDuration).max() ?? 0 }
}

/// Animations of one phase one after the other (ComponentKit's `SequenceBuilder`): each
/// member begins when the previous one's duration (its own, else 0.25 s) has passed, and
/// the sequence lasts the sum. Members' own delays do not count: a later member's begin
/// time replaces its delay, and the first keeps its delay as its begin time but the sum
/// leaves it out, as in ComponentKit. Only members whose duration can be set are accepted
/// (`SequenceableAnimationBuilder`): springs, sequences and parallel groups holding either
/// do not compile here, as in ComponentKit. Its duration cannot be set.
///
/// Fill, as `CKAnimation.h`: an initial sequence fills backwards; a change or final one
/// does not fill (and a final one is removed on completion, though mounting keeps every
/// final animation). Members keep their own fill: a change member does not fill unless it
/// has a delay, so a later change member shows the new value until it begins.
public struct SequenceAnimationBuilder<Phase: AnimationPhaseType>: ComponentAnimationBuilder, PacedAnimationBuilder {
    /// The animations, run one after the other in this order.
    public let members: [any SequenceableAnimationBuilder<Phase>]
    /// Seconds after the mount's commit before the first member starts.
    public var delay: Double = 0
    /// The sequence's pacing curve over its whole length (linear by default).
    public var curve: TimingFunction = .linear

    init(_ members: [any SequenceableAnimationBuilder<Phase>]) { self.members = members }

    /// An `AnimationGroup` whose members begin one after another, each when the previous one's
    /// duration (else 0.25 s) has passed, lasting their sum.
    public func makeAnimation(inheritedDuration: Double?) -> RenderCore.Animation {
        var cursor = 0.0
        var children: [RenderCore.Animation] = []
        for (i, m) in members.enumerated() {
            var a = m.makeAnimation(inheritedDuration: nil)
            if i > 0 { a.timing.beginTime = cursor }
            cursor += m.duration ?? MediaTiming.defaultDuration
            children.append(a)
        }
        return RenderCore.Animation(.group(AnimationGroup(animations: children)),
                                    timing: MediaTiming(beginTime: delay, duration: cursor,
                                                        fillMode: Phase.phase == .initial ? .backwards : .removed),
                                    timingFunction: curve)
    }

    /// The sum of the members' durations (0.25 s for each without one), seconds.
    public var intrinsicDuration: Double { members.reduce(0) { $0 + ($1.duration ?? MediaTiming.defaultDuration) } }
}

// MARK: - The builders

extension CK.Animation {
    /// A builder of `animationsOnInitialMount()`: from a value to the view configuration's.
    public typealias Initial = BasicAnimationBuilder<InitialPhase>
    /// A builder of `animationsOnFinalUnmount()`: from the configuration's value to another.
    public typealias Final = BasicAnimationBuilder<FinalPhase>
    /// A builder of `animationsFromPreviousComponent(_:)`: from the previous generation's value
    /// to the new one.
    public typealias Change = BasicAnimationBuilder<ChangePhase>

    // Initial: from a value to the configuration.
    /// Opacity from `v` (0…1) to the configuration's: a fade in.
    public static func alphaFrom(_ v: Double) -> Initial { Initial("opacity", .number(v)) }
    /// Horizontal translation from `v` points to the configuration's (usually 0): a slide in.
    public static func translationXFrom(_ v: Double) -> Initial { Initial("transform.translation.x", .number(v)) }
    /// Vertical translation from `v` points to the configuration's (usually 0): a slide in.
    public static func translationYFrom(_ v: Double) -> Initial { Initial("transform.translation.y", .number(v)) }
    /// Background color from `c` to the configuration's.
    public static func backgroundColorFrom(_ c: Color) -> Initial { Initial("backgroundColor", .color(c)) }
    /// Border color from `c` to the configuration's.
    public static func borderColorFrom(_ c: Color) -> Initial { Initial("borderColor", .color(c)) }
    /// Horizontal scale factor from `v` to the configuration's (usually 1).
    public static func scaleXFrom(_ v: Double) -> Initial { Initial("transform.scale.x", .number(v)) }
    /// Vertical scale factor from `v` to the configuration's (usually 1).
    public static func scaleYFrom(_ v: Double) -> Initial { Initial("transform.scale.y", .number(v)) }
    /// Uniform scale factor from `v` to the configuration's (usually 1): a grow in.
    public static func scaleFrom(_ v: Double) -> Initial { Initial("transform.scale", .number(v)) }
    /// Radians about z.
    public static func rotationFrom(_ v: Double) -> Initial { Initial("transform.rotation.z", .number(v)) }

    // Final: from the configuration to a value (on the disappearing view's snapshot).
    /// Opacity from the configuration's to `v` (0…1): a fade out.
    public static func alphaTo(_ v: Double) -> Final { Final("opacity", .number(v)) }
    /// Horizontal translation to `v` points: a slide out.
    public static func translationXTo(_ v: Double) -> Final { Final("transform.translation.x", .number(v)) }
    /// Vertical translation to `v` points: a slide out.
    public static func translationYTo(_ v: Double) -> Final { Final("transform.translation.y", .number(v)) }
    /// Background color from the configuration's to `c`.
    public static func backgroundColorTo(_ c: Color) -> Final { Final("backgroundColor", .color(c)) }
    /// Border color from the configuration's to `c`.
    public static func borderColorTo(_ c: Color) -> Final { Final("borderColor", .color(c)) }
    /// Horizontal scale factor to `v`.
    public static func scaleXTo(_ v: Double) -> Final { Final("transform.scale.x", .number(v)) }
    /// Vertical scale factor to `v`.
    public static func scaleYTo(_ v: Double) -> Final { Final("transform.scale.y", .number(v)) }
    /// Uniform scale factor to `v`: a shrink away with 0.
    public static func scaleTo(_ v: Double) -> Final { Final("transform.scale", .number(v)) }
    /// Rotation about z to `v` radians.
    public static func rotationTo(_ v: Double) -> Final { Final("transform.rotation.z", .number(v)) }

    // Change: from the previous generation's value to the new one.
    /// Opacity, from the previous generation's to the new one's.
    public static func alpha() -> Change { Change("opacity", nil) }
    /// The layer's position (the view's center): what layout changes move.
    public static func position() -> Change { Change("position", nil) }
    /// Background color, from the previous generation's to the new one's.
    public static func backgroundColor() -> Change { Change("backgroundColor", nil) }
    /// Border color, from the previous generation's to the new one's.
    public static func borderColor() -> Change { Change("borderColor", nil) }
    /// Rotation about z (radians), from the previous generation's to the new one's.
    public static func rotation() -> Change { Change("transform.rotation.z", nil) }
    /// Beyond ComponentKit: the layer's bounds (a size change from layout).
    public static func bounds() -> Change { Change("bounds", nil) }
    /// Beyond ComponentKit: the transform's uniform scale (`transform.scale`).
    public static func scale() -> Change { Change("transform.scale", nil) }
    /// Beyond ComponentKit: the transform's translation in x and y (`transform.translation`).
    public static func translation() -> Change { Change("transform.translation", nil) }

    /// Runs the animations together (one phase; nestable). With every member's duration
    /// settable, the group's can be set too, and it can be a member of a sequence.
    /// Difference: any number of members (ComponentKit's `parallel` takes two; nesting gives
    /// the same timing).
    public static func parallel<P>(_ members: any SequenceableAnimationBuilder<P>...) -> ParallelAnimationBuilder<P> {
        precondition(!members.isEmpty, "CK.Animation.parallel() needs at least one animation")
        return ParallelAnimationBuilder(members)
    }

    /// Runs the animations together when one is a spring, a sequence or a group of this kind:
    /// the group lasts its longest member and its duration cannot be set.
    @_disfavoredOverload
    public static func parallel<P>(_ members: any ComponentAnimationBuilder<P>...) -> ComputedParallelAnimationBuilder<P> {
        precondition(!members.isEmpty, "CK.Animation.parallel() needs at least one animation")
        return ComputedParallelAnimationBuilder(members)
    }

    /// Runs the animations one after the other (one phase; members whose duration can be set).
    /// Difference: any number of members, each starting where the previous one's duration
    /// ends (ComponentKit's `sequence` takes two, and cannot hold a sequence to make more).
    public static func sequence<P>(_ members: any SequenceableAnimationBuilder<P>...) -> SequenceAnimationBuilder<P> {
        precondition(!members.isEmpty, "CK.Animation.sequence() needs at least one animation")
        return SequenceAnimationBuilder(members)
    }
}
