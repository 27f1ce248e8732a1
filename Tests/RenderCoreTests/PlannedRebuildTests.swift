// The server keeps an animation its row stands for as the row alone, and rebuilds it for
// tree dumps and retargeting: the rebuilt animation must be the one added.

import Testing
@testable import RenderCore

@Suite struct PlannedRebuildTests {
    /// `a` rebuilt from its row, its own data and its remainder, as the server does.
    static func rebuilt(_ a: Animation) -> Animation? {
        Presentation.withPlanned(a) { row, data in row.pointee.animation(data: data, remainder: a.rowRemainder) }
    }

    static func timed(_ a: Animation) -> Animation {
        var a = a
        a.timing = MediaTiming(beginTime: 3, duration: 2, speed: 1.5, timeOffset: 0.25, repeatCount: 2.5,
                               autoreverses: true, fillMode: .both)
        a.timingFunction = .easeInEaseOut
        a.isRemovedOnCompletion = false
        return a
    }

    static let standing: [(String, Animation)] = {
        let n = AnimatableValue.number, rect = AnimatableValue.rect(Rect(x: 1, y: 2, width: 30, height: 40))
        var list: [(String, Animation)] = [
            ("from to", .basic(.opacity, from: n(0.2), to: n(0.9), duration: 1)),
            ("from by", .basic(.opacity, from: n(0.2), by: n(0.3), duration: 1)),
            ("by to", .basic(.opacity, to: n(0.9), by: n(0.3), duration: 1)),
            ("from to by", .basic(.opacity, from: n(0.1), to: n(0.9), by: n(0.3), duration: 1)),
            ("by", .basic(.opacity, by: n(0.25), duration: 1)),
            ("from", .basic(.opacity, from: n(0.25), duration: 1)),
            ("to", .basic(.opacity, to: n(0.25), duration: 1)),
            ("none", .basic(.opacity, duration: 1)),
            ("rect", .basic(.bounds, from: rect, to: .rect(Rect(x: 0, y: 0, width: 9, height: 8)), duration: 1)),
            ("point component", .basic(LayerKeyPath(.position, .x), from: n(-0.0), to: n(7), duration: 1)),
            ("color", .basic(.backgroundColor, from: .color(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)),
                             to: .color(Color(red: 1, green: 0, blue: 0.5)), duration: 1)),
            ("transform", .basic(.transform, from: .transform(.rotation(angle: 0.3, x: 0, y: 0, z: 1)),
                                 to: .transform(.scale(x: 2, y: 3)), duration: 1)),
            ("spring", .spring(SpringAnimation(keyPath: .position, from: .point(Point(0, 0)), to: .point(Point(10, 20)),
                                               mass: 1.5, stiffness: 170, damping: 11, initialVelocity: 0.7))),
            ("spring by", .spring(SpringAnimation(keyPath: .opacity, by: n(0.5), mass: 2, stiffness: 90, damping: 30))),
            ("keyframes", .keyframe(.opacity, values: [n(0), n(1), n(0.5)], keyTimes: [0, 0.2, 1], duration: 1)),
            ("keyframes discrete", .keyframe(.position, values: [.point(Point(1, 2)), .point(Point(3, 4))],
                                             mode: .discrete, duration: 1)),
            ("keyframes cubic", .keyframe(.bounds, values: [rect, rect, rect], mode: .cubic, duration: 1)),
        ]
        var k = KeyframeAnimation(keyPath: LayerKeyPath(.cornerRadius), values: [n(0), n(4), n(2)], keyTimes: [0, 0.5, 1],
                                  timingFunctions: [.easeIn, .easeOut], isAdditive: true, isCumulative: true)
        k.calculationMode = .linear
        list.append(("keyframes with timing functions", Animation(.keyframe(k))))
        list.append(("additive cumulative", Animation(.basic(BasicAnimation(keyPath: .opacity, from: n(0), to: n(1),
                                                                            isAdditive: true, isCumulative: true)))))
        return list
    }()

    @Test(arguments: standing.map(\.0))
    func aRowThatStandsForItsAnimationGivesItBack(_ name: String) throws {
        let a = try #require(Self.standing.first { $0.0 == name }?.1)
        for animation in [a, Self.timed(a)] {
            #expect(animation.rowStandsForIt, "\(name)")
            #expect(Self.rebuilt(animation) == animation, "\(name)")
        }
    }

    @Test func whatTheRowCannotStandForIsKeptWhole() {
        let n = AnimatableValue.number
        var retargeted = SpringAnimation(keyPath: .opacity, from: n(0), to: n(1))
        retargeted.componentVelocity = [2]
        let path = Path([.move(Point(0, 0)), .line(Point(10, 10))])
        let others: [(String, Animation)] = [
            // A transform component's plan declines on a transform that is not simple.
            ("transform component", .basic(LayerKeyPath(.transform, .rotationZ), from: n(0), to: n(1), duration: 1)),
            ("transform by", .basic(.transform, from: .transform(.identity), to: .transform(.scale(x: 2, y: 2)),
                                    by: .transform(.identity), duration: 1)),
            ("spring from by", .spring(SpringAnimation(keyPath: .opacity, from: n(0), by: n(1)))),
            ("retargeted spring", .spring(retargeted)),
            ("path", Animation(.keyframe(KeyframeAnimation(keyPath: .position, path: path)))),
            ("paced", .keyframe(.opacity, values: [n(0), n(1)], mode: .paced, duration: 1)),
            ("group", .group([.basic(.opacity, from: n(0), to: n(1), duration: 1)], duration: 1)),
            ("transition", Animation(.transition(Transition()))),
            ("discrete property", .basic(LayerKeyPath(.isHidden), from: .bool(false), to: .bool(true), duration: 1)),
        ]
        for (name, a) in others { #expect(!a.rowStandsForIt, "\(name)") }
    }
}
