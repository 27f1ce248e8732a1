import RenderCore
@testable import RenderProtocol

/// A seeded generator (SplitMix64): the same seed gives the same inputs on every run.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random but valid messages for round-trip tests. Doubles are finite and never NaN
/// (NaN ≠ NaN would make equal messages compare unequal); everything else spans its range.
struct RandomMessages {
    var rng: SeededRandom
    init(seed: UInt64) { rng = SeededRandom(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func bool() -> Bool { Bool.random(using: &rng) }
    mutating func u16() -> UInt16 { UInt16.random(in: .min ... .max, using: &rng) }
    mutating func u32() -> UInt32 { UInt32.random(in: .min ... .max, using: &rng) }
    mutating func u64() -> UInt64 { rng.next() }

    mutating func double() -> Double {
        switch int(0...5) {
        case 0: return 0
        case 1: return Double(int(-1000...1000))
        case 2: return [Double.infinity, -Double.infinity, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude][int(0...4)]
        default: return Double.random(in: -1e6...1e6, using: &rng)
        }
    }

    mutating func string() -> String {
        let alphabet: [String] = ["a", "Z", "0", " ", "é", "✓", "日", "🙂", "\u{0}", "\"", "\\", "\n"]
        var s = ""
        for _ in 0..<int(0...12) { s += alphabet[int(0 ... alphabet.count - 1)] }
        return s
    }

    mutating func point() -> Point { Point(x: double(), y: double()) }

    mutating func keyPath() -> LayerKeyPath {
        let p = PropertyKey.allCases[int(0 ... PropertyKey.allCases.count - 1)]
        let components = LayerKeyPath.Component.allCases.filter { $0.isApplicable(to: p.valueKind) }
        return LayerKeyPath(p, components[int(0 ... components.count - 1)])
    }

    mutating func path() -> Path {
        var elements = [PathElement]()
        for _ in 0..<int(0...6) {
            switch int(0...4) {
            case 0: elements.append(.move(point()))
            case 1: elements.append(.line(point()))
            case 2: elements.append(.quad(point(), point()))
            case 3: elements.append(.cubic(point(), point(), point()))
            default: elements.append(.close)
            }
        }
        return Path(elements)
    }

    mutating func value() -> AnimatableValue {
        switch int(0...9) {
        case 0: return .number(double())
        case 1: return .point(point())
        case 2: return .size(Size(width: double(), height: double()))
        case 3: return .rect(Rect(x: double(), y: double(), width: double(), height: double()))
        case 4: return .color(Color(red: double(), green: double(), blue: double(), alpha: double()))
        case 5: return .transform(Transform3D(rows: (0..<16).map { _ in double() }))
        case 6: return .bool(bool())
        case 7: return .path(path())
        case 8: return .string(string())
        default:
            guard bool() else { return .contents(nil) }
            let w = int(1...4), h = int(1...3)
            let pixels = (0 ..< w * h * 4).map { _ in UInt8.random(in: 0...255, using: &rng) }
            do { return .contents(try Bitmap(width: w, height: h, pixels: pixels)) } catch { fatalError("\(error)") }
        }
    }

    mutating func optionalValue() -> AnimatableValue? { bool() ? value() : nil }

    mutating func timingFunction() -> TimingFunction {
        TimingFunction(Double.random(in: 0...1, using: &rng), double(), Double.random(in: 0...1, using: &rng), double())
    }

    mutating func timing() -> MediaTiming {
        MediaTiming(beginTime: double(), duration: double(), speed: double(), timeOffset: double(),
                    repeatCount: double(), repeatDuration: double(), autoreverses: bool(),
                    fillMode: MediaTiming.FillMode.allCases[int(0...3)])
    }

    mutating func animation(depth: Int = 0) -> Animation {
        let kind: Animation.Kind
        switch int(0 ... (depth < 3 ? 4 : 3)) {
        case 0:
            kind = .basic(BasicAnimation(keyPath: keyPath(), from: optionalValue(), to: optionalValue(),
                                         by: optionalValue(), isAdditive: bool(), isCumulative: bool()))
        case 1:
            kind = .keyframe(KeyframeAnimation(
                keyPath: keyPath(), values: (0..<int(0...5)).map { _ in value() }, path: bool() ? path() : nil,
                keyTimes: bool() ? (0..<int(0...5)).map { _ in double() } : nil,
                timingFunctions: bool() ? (0..<int(0...4)).map { _ in timingFunction() } : nil,
                calculationMode: KeyframeAnimation.CalculationMode.allCases[int(0...4)],
                rotationMode: KeyframeAnimation.RotationMode.allCases[int(0...2)],
                isAdditive: bool(), isCumulative: bool()))
        case 2:
            kind = .spring(SpringAnimation(keyPath: keyPath(), from: optionalValue(), to: optionalValue(),
                                           by: optionalValue(), mass: double(), stiffness: double(),
                                           damping: double(), initialVelocity: double(),
                                           isAdditive: bool(), isCumulative: bool()))
        case 3:
            kind = .transition(Transition(type: Transition.Kind.allCases[int(0...3)],
                                          subtype: Transition.Subtype.allCases[int(0...3)],
                                          startProgress: double(), endProgress: double()))
        default:
            kind = .group(AnimationGroup(animations: (0..<int(0...3)).map { _ in animation(depth: depth + 1) }))
        }
        return Animation(kind, timing: timing(), timingFunction: bool() ? timingFunction() : nil,
                         isRemovedOnCompletion: bool())
    }

    mutating func command() -> Command {
        switch int(0...12) {
        case 10:
            return .setTracker(u32(), TrackerConfiguration(
                axes: TrackerAxes(rawValue: UInt8(int(0...3))), contentSize: Size(width: double(), height: double()),
                contentInset: EdgeInsets(top: double(), left: double(), bottom: double(), right: double()),
                decelerationRate: double(), bounces: bool(), alwaysBounceHorizontal: bool(), alwaysBounceVertical: bool(),
                isPagingEnabled: bool(), isEnabled: bool(), minimumDragDistance: double(),
                snapPointsX: (0..<int(0...3)).map { _ in double() }, snapPointsY: (0..<int(0...3)).map { _ in double() }))
        case 11: return .removeTracker(u32())
        case 12:
            return .trackerRequest(u32(), TrackerRequest(kind: TrackerRequest.Kind.allCases[int(0...3)], requestID: u32(),
                                                         point: Point(x: double(), y: double()), duration: double()))
        case 0: return .createLayer(u32(), LayerKind.allCases[int(0...2)])
        case 1: return .destroyLayer(u32())
        case 2: return .setProperty(u32(), keyPath(), value())
        case 3: return .insertSublayer(parent: u32(), child: u32(), index: u32())
        case 4: return .removeFromSuperlayer(u32())
        case 5: return .setRoot(u32())
        case 6: return .addAnimation(u32(), key: string(), animationID: u64(), animation: animation())
        case 7: return .removeAnimation(u32(), key: string())
        case 8: return .removeAllAnimations(u32())
        default: return .setTiming(u32(), LayerTiming(beginTime: double(), speed: double(), timeOffset: double()))
        }
    }

    mutating func message() -> Message {
        switch MessageType.allCases[int(0 ... MessageType.allCases.count - 1)] {
        case .hello: return .hello(Hello(minVersion: u16(), maxVersion: u16(), clientName: string(), pid: Int32(truncatingIfNeeded: u32())))
        case .welcome:
            return .welcome(Welcome(version: u16(), sessionID: u32(), displayWidth: u32(), displayHeight: u32(),
                                    refreshRate: double(), mediaTime: double(), manualClock: bool(),
                                    limits: Limits(maxFrameBytes: u32(), maxLayers: u32(), maxAnimationsPerLayer: u32(),
                                                   maxKeyframes: u32(), maxBitmapBytes: u32(), maxCommandsPerCommit: u32(),
                                                   maxTreeDepth: u32(), maxNameBytes: u32(),
                                                   maxSessionPendingBytes: u32(), maxDaemonPendingBytes: u32(),
                                                   handshakeTimeoutMilliseconds: u32(), frameTimeoutMilliseconds: u32())))
        case .commit:
            return .commit(Commit(sequence: u64(), mediaTime: double(), commands: (0..<int(0...20)).map { _ in command() },
                                  requestsPresentation: bool()))
        case .commitApplied: return .commitApplied(CommitApplied(sequence: u64(), frame: u64(), mediaTime: double()))
        case .commitPresented:
            return .commitPresented(CommitPresented(sequence: u64(), frame: u64(), mediaTime: double(),
                                                    readyTime: bool() ? double() : nil))
        case .springRetargeted:
            let kinds: [AnimatableValue] = [.number(double()), .point(Point(x: double(), y: double())),
                                            .size(Size(width: double(), height: double())),
                                            .rect(Rect(x: double(), y: double(), width: double(), height: double())),
                                            .color(Color(red: double(), green: double(), blue: double(), alpha: double()))]
            let k = int(0 ... kinds.count - 1)
            let velocity = AnimatableValue(kind: kinds[k].kind, components: (kinds[k].components ?? []).map { _ in double() })!
            return .springRetargeted(SpringRetargeted(animationID: u64(), layer: u32(), mediaTime: double(),
                                                      beginTime: double(), from: kinds[k], velocity: velocity))
        case .animationStarted: return .animationStarted(AnimationStarted(animationID: u64(), layer: u32(), mediaTime: double()))
        case .animationStopped:
            return .animationStopped(AnimationStopped(animationID: u64(), layer: u32(), finished: bool(), mediaTime: double()))
        case .animationsStarted, .animationsFinished:
            let run = AnimationRun(mediaTime: double(),
                                   animations: (0..<int(1...5)).map { _ in AnimationRun.Entry(animationID: u64(), layer: u32()) })
            return bool() ? .animationsStarted(run) : .animationsFinished(run)
        case .error:
            return .error(ErrorMessage(code: ErrorCode.allCases[int(0 ... ErrorCode.allCases.count - 1)],
                                       message: string(), fatal: bool(), sequence: u64()))
        case .ping: return .ping(u64())
        case .pong: return .pong(u64())
        case .goodbye: return .goodbye(Goodbye(reason: string()))
        case .statsRequest: return .statsRequest(requestID: u32())
        case .statsReply: return .statsReply(StatsReply(requestID: u32(), json: string()))
        case .treeRequest: return .treeRequest(TreeRequest(requestID: u32(), presentation: bool(), mediaTime: double(), sessionID: u32(), layer: u32()))
        case .treeReply: return .treeReply(TreeReply(requestID: u32(), mediaTime: double(), json: string()))
        case .snapshotRequest: return .snapshotRequest(SnapshotRequest(requestID: u32()))
        case .snapshotReply:
            let w = int(0...3), h = w == 0 ? 0 : int(1...3)
            return .snapshotReply(SnapshotReply(requestID: u32(), frame: u64(), width: UInt32(w), height: UInt32(h),
                                                pixels: (0 ..< w * h * 4).map { _ in UInt8.random(in: 0...255, using: &rng) }))
        case .clockStep: return .clockStep(ClockStep(requestID: u32(), seconds: double()))
        case .clockStepped: return .clockStepped(ClockStepped(requestID: u32(), frame: u64(), mediaTime: double()))
        case .frameLogRequest: return .frameLogRequest(FrameLogRequest(requestID: u32(), sinceFrame: u64(), maxRecords: u32()))
        case .frameLogReply: return .frameLogReply(FrameLogReply(requestID: u32(), json: string()))
        case .clientsRequest: return .clientsRequest(requestID: u32())
        case .clientsReply: return .clientsReply(ClientsReply(requestID: u32(), json: string()))
        case .kickRequest: return .kickRequest(KickRequest(requestID: u32(), sessionID: u32(), reason: string()))
        case .kickReply: return .kickReply(KickReply(requestID: u32(), sessionID: u32(), client: string()))
        case .pointerEvent:
            let kinds: [InputEvent.Kind] = [.pointerDown, .pointerMove, .pointerUp, .pointerCancel, .scroll]
            return .pointerEvent(PointerEvent(kind: kinds[int(0...4)], pointerID: u32(), layer: u32(),
                                              location: Point(x: double(), y: double()),
                                              windowLocation: Point(x: double(), y: double()), button: UInt8(int(0...9)),
                                              buttons: u32(), modifiers: InputModifiers(rawValue: u32()), scrollX: double(),
                                              scrollY: double(), coalesced: u32(), mediaTime: double()))
        case .keyEvent:
            return .keyEvent(KeyEvent(kind: bool() ? .keyDown : .keyUp, layer: u32(), keysym: u32(), keycode: u32(),
                                      modifiers: InputModifiers(rawValue: u32()), text: string(), mediaTime: double()))
        case .injectInput:
            return .injectInput(InjectInput(requestID: u32(), events: (0..<int(0...5)).map { _ in
                InjectedEvent(delay: double(), event: InputEvent(
                    kind: InputEvent.Kind.allCases[int(0 ... InputEvent.Kind.allCases.count - 1)], pointerID: u32(),
                    x: double(), y: double(), button: UInt8(int(0...9)), modifiers: InputModifiers(rawValue: u32()),
                    scrollX: double(), scrollY: double(), keysym: u32(), keycode: u32(), text: string(), time: 0))
            }))
        case .inputInjected:
            return .inputInjected(InputInjected(requestID: u32(), frame: u64(), deliveries: (0..<int(0...5)).map { _ in
                InputDelivery(sessionID: u32(), layer: u32(), trackerLayer: u32())
            }))
        case .trackerUpdate:
            return .trackerUpdate(TrackerUpdate(layer: u32(), reason: TrackerUpdate.Reason.allCases[int(0...3)],
                                                state: TrackerState(rawValue: UInt8(int(0...3)))!, requestID: u32(),
                                                position: Point(x: double(), y: double()),
                                                velocity: Point(x: double(), y: double()),
                                                restingPosition: Point(x: double(), y: double()), mediaTime: double()))
        case .displayChanged:
            return .displayChanged(DisplayChanged(width: u32(), height: u32(), refreshRate: double()))
        case .resizeDisplay:
            return .resizeDisplay(ResizeDisplay(requestID: u32(), width: u32(), height: u32()))
        case .displayResized:
            return .displayResized(DisplayResized(requestID: u32(), frame: u64(), width: u32(), height: u32()))
        }
    }
}
