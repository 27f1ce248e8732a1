import RenderCore

// Animations on the wire (`Protocol/PROTOCOL.md`, "Animations"):
//
//     animation = timing(MediaTiming) optional(TimingFunction) bool(isRemovedOnCompletion)
//                 u8 kind, then the kind's body
//
// Groups nest; the decoder refuses more than `WireCodec.maxGroupDepth` levels so hostile
// input cannot exhaust the stack.

/// `Animation.Kind` tags (`u8`).
enum AnimationKindTag: UInt8, CaseIterable {
    case basic = 1
    case keyframe = 2
    case spring = 3
    case group = 4
    case transition = 5
    /// A spring with a per-component initial velocity (`SpringAnimation.componentVelocity`:
    /// a retargeted spring, as a client replays it to a new daemon): the spring's body, then
    /// the velocity as a value of `from`'s kind.
    case retargetedSpring = 6
}

// MARK: - Encoding

extension ByteWriter {
    mutating func write(_ a: Animation) {
        write(a.timing)
        if let f = a.timingFunction { writeU8(1); write(f) } else { writeU8(0) }
        writeBool(a.isRemovedOnCompletion)
        switch a.kind {
        case let .basic(b):
            writeU8(AnimationKindTag.basic.rawValue)
            write(b.keyPath)
            writeOptional(b.from); writeOptional(b.to); writeOptional(b.by)
            writeBool(b.isAdditive); writeBool(b.isCumulative)
        case let .keyframe(k):
            writeU8(AnimationKindTag.keyframe.rawValue)
            write(k)
        case let .spring(s):
            // A per-component velocity travels as a value of `from`'s kind (kind 6).
            let velocity = s.componentVelocity.flatMap { v in s.from.flatMap { AnimatableValue(kind: $0.kind, components: v) } }
            writeU8(velocity == nil ? AnimationKindTag.spring.rawValue : AnimationKindTag.retargetedSpring.rawValue)
            write(s.keyPath)
            writeOptional(s.from); writeOptional(s.to); writeOptional(s.by)
            writeBool(s.isAdditive); writeBool(s.isCumulative)
            writeDouble(s.mass); writeDouble(s.stiffness); writeDouble(s.damping); writeDouble(s.initialVelocity)
            if let velocity { write(velocity) }
        case let .group(g):
            writeU8(AnimationKindTag.group.rawValue)
            writeCount(g.animations.count)
            for child in g.animations { write(child) }
        case let .transition(t):
            writeU8(AnimationKindTag.transition.rawValue)
            writeU8(t.type.rawValue); writeU8(t.subtype.rawValue)
            writeDouble(t.startProgress); writeDouble(t.endProgress)
        }
    }

    /// Six doubles (beginTime, duration, speed, timeOffset, repeatCount, repeatDuration),
    /// `bool` autoreverses, `u8` fill mode.
    mutating func write(_ t: MediaTiming) {
        writeDouble(t.beginTime); writeDouble(t.duration); writeDouble(t.speed); writeDouble(t.timeOffset)
        writeDouble(t.repeatCount); writeDouble(t.repeatDuration)
        writeBool(t.autoreverses); writeU8(t.fillMode.rawValue)
    }

    mutating func write(_ k: KeyframeAnimation) {
        write(k.keyPath)
        writeCount(k.values.count)
        for v in k.values { write(v) }
        if let path = k.path { writeU8(1); write(path) } else { writeU8(0) }
        if let times = k.keyTimes {
            writeU8(1); writeCount(times.count)
            for t in times { writeDouble(t) }
        } else {
            writeU8(0)
        }
        if let functions = k.timingFunctions {
            writeU8(1); writeCount(functions.count)
            for f in functions { write(f) }
        } else {
            writeU8(0)
        }
        writeU8(k.calculationMode.rawValue); writeU8(k.rotationMode.rawValue)
        writeBool(k.isAdditive); writeBool(k.isCumulative)
    }
}

// MARK: - Decoding

extension WireReader {
    mutating func animation() throws(ProtocolError) -> Animation {
        let timing = try mediaTiming()
        let function: TimingFunction? = try present("timing function presence") ? try timingFunction() : nil
        let removedOnCompletion = try bool("isRemovedOnCompletion")
        let raw = try u8("animation kind")
        guard let tag = AnimationKindTag(rawValue: raw) else {
            throw badTag("animation kind", raw,
                         expected: "1 basic, 2 keyframe, 3 spring, 4 group, 5 transition, 6 retargeted spring")
        }
        let kind: Animation.Kind
        switch tag {
        case .basic:
            let keyPath = try layerKeyPath()
            let from = try optionalValue("from"), to = try optionalValue("to"), by = try optionalValue("by")
            let additive = try bool("isAdditive"), cumulative = try bool("isCumulative")
            kind = .basic(BasicAnimation(keyPath: keyPath, from: from, to: to, by: by,
                                         isAdditive: additive, isCumulative: cumulative))
        case .keyframe:
            kind = .keyframe(try keyframeAnimation())
        case .spring, .retargetedSpring:
            let keyPath = try layerKeyPath()
            let fromOffset = frameOffset
            let from = try optionalValue("from"), to = try optionalValue("to"), by = try optionalValue("by")
            let additive = try bool("isAdditive"), cumulative = try bool("isCumulative")
            let mass = try f64("mass"), stiffness = try f64("stiffness"), damping = try f64("damping")
            let velocity = try f64("initialVelocity")
            var spring = SpringAnimation(keyPath: keyPath, from: from, to: to, by: by, mass: mass,
                                         stiffness: stiffness, damping: damping, initialVelocity: velocity,
                                         isAdditive: additive, isCumulative: cumulative)
            if tag == .retargetedSpring {
                guard let from, let to, from.kind == to.kind, SpringAnimation.canRetarget(from.kind) else {
                    throw error(.malformed, at: fromOffset, "a retargeted spring (animation kind 6) needs from and to of "
                        + "one kind: a number, point, size, rect or color")
                }
                guard by == nil, !additive, !cumulative else {
                    throw error(.malformed, at: fromOffset, "a retargeted spring (animation kind 6) has no by and is neither "
                        + "additive nor cumulative (by \(by == nil ? "absent" : "present"), additive \(additive), cumulative "
                        + "\(cumulative)): it starts from its from with its velocity; send any other spring as kind 3")
                }
                let velocityOffset = frameOffset
                let v = try value("velocity")
                guard v.kind == from.kind, let components = v.components else {
                    throw error(.malformed, at: velocityOffset, "a retargeted spring's velocity is a \(v.kind) where its "
                        + "from is a \(from.kind); the velocity has from's kind (one number per component)")
                }
                spring.componentVelocity = components
            }
            kind = .spring(spring)
        case .group:
            kind = .group(AnimationGroup(animations: try groupChildren()))
        case .transition:
            let t = try u8("transition type")
            guard let type = Transition.Kind(rawValue: t) else {
                throw badTag("transition type", t, expected: "0 fade, 1 moveIn, 2 push, 3 reveal")
            }
            let s = try u8("transition subtype")
            guard let subtype = Transition.Subtype(rawValue: s) else {
                throw badTag("transition subtype", s, expected: "0 fromRight, 1 fromLeft, 2 fromTop, 3 fromBottom")
            }
            let start = try f64("startProgress")
            kind = .transition(Transition(type: type, subtype: subtype, startProgress: start,
                                          endProgress: try f64("endProgress")))
        }
        return Animation(kind, timing: timing, timingFunction: function, isRemovedOnCompletion: removedOnCompletion)
    }

    mutating func groupChildren() throws(ProtocolError) -> [Animation] {
        guard groupDepth < WireCodec.maxGroupDepth else {
            throw error(.malformed, "animation groups nested deeper than \(WireCodec.maxGroupDepth) levels; "
                + "flatten the group (children of nested groups can be timed in the outer group)")
        }
        // The smallest animation: timing (50) + function tag + removed flag + kind tag (3),
        // plus the smallest body (an empty group's count, 4).
        let n = try count("group animation count", minElementSize: 57, limit: .maxKeyframes)
        groupDepth &+= 1
        defer { groupDepth &-= 1 }
        var children = [Animation]()
        children.reserveCapacity(n)
        for _ in 0..<n { children.append(try animation()) }
        return children
    }

    mutating func mediaTiming() throws(ProtocolError) -> MediaTiming {
        let begin = try f64("beginTime"), duration = try f64("duration"), speed = try f64("speed")
        let offset = try f64("timeOffset"), count = try f64("repeatCount"), repeatDuration = try f64("repeatDuration")
        let autoreverses = try bool("autoreverses")
        let f = try u8("fill mode")
        guard let fill = MediaTiming.FillMode(rawValue: f) else {
            throw badTag("fill mode", f, expected: "0 removed, 1 forwards, 2 backwards, 3 both")
        }
        return MediaTiming(beginTime: begin, duration: duration, speed: speed, timeOffset: offset, repeatCount: count,
                           repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fill)
    }

    mutating func keyframeAnimation() throws(ProtocolError) -> KeyframeAnimation {
        let keyPath = try layerKeyPath()
        // The smallest value (a bool) is 2 bytes.
        let n = try count("keyframe value count", minElementSize: 2, limit: .maxKeyframes)
        var values = [AnimatableValue]()
        values.reserveCapacity(n)
        for _ in 0..<n { values.append(try value("keyframe value")) }
        let path: Path? = try present("keyframe path presence") ? try path() : nil
        var keyTimes: [Double]?
        if try present("keyTimes presence") {
            let count = try count("keyTimes count", minElementSize: 8, limit: .maxKeyframes)
            var times = [Double]()
            times.reserveCapacity(count)
            for _ in 0..<count { times.append(try f64("key time")) }
            keyTimes = times
        }
        var functions: [TimingFunction]?
        if try present("timingFunctions presence") {
            let count = try count("timingFunctions count", minElementSize: 32, limit: .maxKeyframes)
            var list = [TimingFunction]()
            list.reserveCapacity(count)
            for _ in 0..<count { list.append(try timingFunction()) }
            functions = list
        }
        let c = try u8("calculation mode")
        guard let mode = KeyframeAnimation.CalculationMode(rawValue: c) else {
            throw badTag("calculation mode", c, expected: "0 linear, 1 discrete, 2 paced, 3 cubic, 4 cubicPaced")
        }
        let r = try u8("rotation mode")
        guard let rotation = KeyframeAnimation.RotationMode(rawValue: r) else {
            throw badTag("rotation mode", r, expected: "0 none, 1 auto, 2 autoReverse")
        }
        let additive = try bool("isAdditive"), cumulative = try bool("isCumulative")
        return KeyframeAnimation(keyPath: keyPath, values: values, path: path, keyTimes: keyTimes,
                                 timingFunctions: functions, calculationMode: mode, rotationMode: rotation,
                                 isAdditive: additive, isCumulative: cumulative)
    }
}
