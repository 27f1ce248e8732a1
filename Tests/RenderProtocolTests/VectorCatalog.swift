import RenderCore
@testable import RenderProtocol

/// The golden vectors of `Protocol/vectors/`: each file's name, the comment lines that
/// head it, and the `Message` its bytes must decode to (and re-encode from).
///
/// Values are mostly exact in binary (halves, quarters, small integers) so other languages
/// can build the same messages without rounding surprises; the named timing functions'
/// control points (0.42, 0.58, 0.1) are written as the nearest binary64, as everywhere.
enum VectorCatalog {
    struct Vector {
        var name: String
        var comment: [String]
        var message: Message
    }

    static let all: [Vector] = messages + commits

    // MARK: Messages other than commits

    static let messages: [Vector] = [
        Vector(name: "hello", comment: [
            "hello (0x0001), client → server: versions 2…2, client name \"demo\", pid 1234.",
        ], message: .hello(Hello(minVersion: 2, maxVersion: 2, clientName: "demo", pid: 1234))),
        Vector(name: "hello-utf8-range", comment: [
            "hello offering versions 1…3 with a non-ASCII client name (UTF-8 \"démo ✓\", 9 bytes).",
        ], message: .hello(Hello(minVersion: 1, maxVersion: 3, clientName: "démo ✓", pid: 99))),
        Vector(name: "welcome", comment: [
            "welcome (0x0002), server → client: version 3, session 7, display 1280×720 at 60 Hz,",
            "media time 1000.5 s, real clock, the default limits (18 id/value pairs).",
        ], message: .welcome(Welcome(version: 3, sessionID: 7, displayWidth: 1280, displayHeight: 720,
                                     refreshRate: 60, mediaTime: 1000.5, manualClock: false, limits: Limits()))),
        Vector(name: "welcome-manual-clock", comment: [
            "welcome with a manual clock at media time 0 and custom limits.",
        ], message: .welcome(Welcome(version: 2, sessionID: 1, displayWidth: 640, displayHeight: 480,
                                     refreshRate: 120, mediaTime: 0, manualClock: true,
                                     limits: Limits(maxFrameBytes: 65536, maxLayers: 100, maxAnimationsPerLayer: 4,
                                                    maxKeyframes: 16, maxBitmapBytes: 4096,
                                                    maxCommandsPerCommit: 1000, maxTreeDepth: 8, maxNameBytes: 32)))),
        Vector(name: "commit-applied", comment: [
            "commitApplied (0x0011): sequence 3 applied in frame 42 whose target time is 1000.75 s.",
        ], message: .commitApplied(CommitApplied(sequence: 3, frame: 42, mediaTime: 1000.75))),
        Vector(name: "commit-presented", comment: [
            "commitPresented (0x0012): commit 3 was first shown by frame 43, target time 1000.765625 s,",
            "whose pixels were ready at 1000.7578125 s (the compositor drew it).",
        ], message: .commitPresented(CommitPresented(sequence: 3, frame: 43, mediaTime: 1000.765625,
                                                     readyTime: 1000.7578125))),
        Vector(name: "commit-presented-undrawn", comment: [
            "commitPresented: commit 4 shown by frame 44 at 1000.75 s on a server that draws nothing",
            "(--output none): readyTime absent.",
        ], message: .commitPresented(CommitPresented(sequence: 4, frame: 44, mediaTime: 1000.75, readyTime: nil))),
        Vector(name: "spring-retargeted", comment: [
            "springRetargeted (0x0013): the retargetSpring of animation 2 on layer 1 was applied at",
            "1000.1 s, local time 1000.1 s; the new spring starts at the point (34.02998466, 17.01499233)",
            "moving at (533.5071951, 266.7535976) points per second (PROTOCOL.md §6.1's worked numbers, rounded).",
        ], message: .springRetargeted(SpringRetargeted(animationID: 2, layer: 1, mediaTime: 1000.1, beginTime: 1000.1,
                                                       from: .point(Point(x: 34.02998466, y: 17.01499233)),
                                                       velocity: .point(Point(x: 533.5071951, y: 266.7535976))))),
        Vector(name: "animation-started", comment: [
            "animationStarted (0x0020): animation 5 on layer 2 became active at 1000.25 s.",
        ], message: .animationStarted(AnimationStarted(animationID: 5, layer: 2, mediaTime: 1000.25))),
        Vector(name: "animation-stopped-finished", comment: [
            "animationStopped (0x0021): animation 5 on layer 2 finished at 1000.5 s.",
        ], message: .animationStopped(AnimationStopped(animationID: 5, layer: 2, finished: true, mediaTime: 1000.5))),
        Vector(name: "animation-stopped-removed", comment: [
            "animationStopped: animation 6 on layer 3 was removed or replaced (finished = false).",
        ], message: .animationStopped(AnimationStopped(animationID: 6, layer: 3, finished: false, mediaTime: 1001))),
        Vector(name: "animations-started", comment: [
            "animationsStarted (0x0022, version 5): the frame whose target time is 1000.25 s started",
            "animation 5 on layer 2, animation 6 on layer 2 and animation 9 on layer 4 (a run: 12 bytes each).",
        ], message: .animationsStarted(AnimationRun(mediaTime: 1000.25, animations: [
            AnimationRun.Entry(animationID: 5, layer: 2), AnimationRun.Entry(animationID: 6, layer: 2),
            AnimationRun.Entry(animationID: 9, layer: 4)]))),
        Vector(name: "animations-finished", comment: [
            "animationsFinished (0x0023, version 5): the frame at 1000.5 s finished animation 5 on layer 2",
            "(each entry stands for an animationStopped with finished = true).",
        ], message: .animationsFinished(AnimationRun(mediaTime: 1000.5, animations: [
            AnimationRun.Entry(animationID: 5, layer: 2)]))),
        Vector(name: "error-fatal", comment: [
            "error (0x0030): malformed (1), fatal, no commit; the connection closes after it.",
        ], message: .error(ErrorMessage(code: .malformed, message: "commit truncated at byte 12", fatal: true))),
        Vector(name: "error-commit-rejected", comment: [
            "error: unknownLayer (6), not fatal, rejecting commit 9.",
        ], message: .error(ErrorMessage(code: .unknownLayer, message: "layer 4 does not exist", fatal: false,
                                        sequence: 9))),
        Vector(name: "ping", comment: [
            "ping (0x0040) with token 0x0102030405060708.",
        ], message: .ping(0x0102_0304_0506_0708)),
        Vector(name: "pong", comment: [
            "pong (0x0041) echoing token 0x0102030405060708.",
        ], message: .pong(0x0102_0304_0506_0708)),
        Vector(name: "goodbye", comment: [
            "goodbye (0x0042) with a reason.",
        ], message: .goodbye(Goodbye(reason: "client exiting"))),
        Vector(name: "stats-request", comment: [
            "statsRequest (0x0100), request 1.",
        ], message: .statsRequest(requestID: 1)),
        Vector(name: "stats-reply", comment: [
            "statsReply (0x0101), request 1, a JSON object (schema in PROTOCOL.md).",
        ], message: .statsReply(StatsReply(requestID: 1, json: #"{"frames":120,"missedFrames":0,"clients":1,"layers":3,"animations":1,"fps":60,"manualClock":true,"mediaTime":2}"#))),
        Vector(name: "tree-request", comment: [
            "treeRequest (0x0102): request 2, presentation tree, at the latest frame (NaN", "0x7FF8000000000000), own session (0).",
        ], message: .treeRequest(TreeRequest(requestID: 2, presentation: true))),
        Vector(name: "tree-request-at-time", comment: [
            "treeRequest: request 3, model tree, at media time 1.5 s, session 7, subtree of layer 4.",
        ], message: .treeRequest(TreeRequest(requestID: 3, presentation: false, mediaTime: 1.5, sessionID: 7, layer: 4))),
        Vector(name: "tree-reply", comment: [
            "treeReply (0x0103): request 2 at media time 1.5 s with a JSON tree.",
        ], message: .treeReply(TreeReply(requestID: 2, mediaTime: 1.5, json: #"{"mediaTime":1.5,"presentation":true,"sessions":[]}"#))),
        Vector(name: "snapshot-request", comment: [
            "snapshotRequest (0x0104), request 4.",
        ], message: .snapshotRequest(SnapshotRequest(requestID: 4))),
        Vector(name: "snapshot-reply", comment: [
            "snapshotReply (0x0105): request 4, frame 10, a 2×1 image: opaque blue then half-transparent",
            "red (premultiplied ARGB32, bytes B G R A).",
        ], message: .snapshotReply(SnapshotReply(requestID: 4, frame: 10, width: 2, height: 1,
                                                 pixels: [0xFF, 0, 0, 0xFF, 0, 0, 0x80, 0x80]))),
        Vector(name: "snapshot-reply-empty", comment: [
            "snapshotReply before any frame: 0×0, no pixels.",
        ], message: .snapshotReply(SnapshotReply(requestID: 5, frame: 0, width: 0, height: 0, pixels: []))),
        Vector(name: "clock-step", comment: [
            "clockStep (0x0106): request 6, advance the manual clock by 0.5 s.",
        ], message: .clockStep(ClockStep(requestID: 6, seconds: 0.5))),
        Vector(name: "clock-stepped", comment: [
            "clockStepped (0x0107): request 6 done, last frame 30 at media time 0.5 s.",
        ], message: .clockStepped(ClockStepped(requestID: 6, frame: 30, mediaTime: 0.5))),
        Vector(name: "frame-log-request", comment: [
            "frameLogRequest (0x0108): request 7, the frames after frame 120, at most 256 records.",
        ], message: .frameLogRequest(FrameLogRequest(requestID: 7, sinceFrame: 120, maxRecords: 256))),
        Vector(name: "frame-log-reply", comment: [
            "frameLogReply (0x0109): request 7, a FrameLogReport holding one record.",
        ], message: .frameLogReply(FrameLogReply(requestID: 7, json: #"{"capacity":8192,"hasMore":false,"latestFrame":121,"manualClock":true,"oldestFrame":1,"records":[{"animatedLayers":1,"applyMs":0,"commits":0,"evaluateMs":0.01,"frame":121,"idle":false,"missed":0,"presentMs":0.02,"targetTime":2,"wakeTime":2}],"refreshRate":60}"#))),
        Vector(name: "clients-request", comment: [
            "clientsRequest (0x010A): request 8, the open sessions.",
        ], message: .clientsRequest(requestID: 8)),
        Vector(name: "clients-reply", comment: [
            "clientsReply (0x010B): request 8, a JSON object (ClientsReport, schema in PROTOCOL.md §10).",
        ], message: .clientsReply(ClientsReply(requestID: 8, json: #"{"sessions":[{"animations":1,"appliedSequence":4,"contentsBytes":40000,"established":true,"helloPID":1234,"id":7,"layers":3,"name":"demo","pid":1234,"queuedBytes":0,"uid":1000}]}"#))),
        Vector(name: "kick-request", comment: [
            "kickRequest (0x010C): request 9, end session 7, reason \"stuck\".",
        ], message: .kickRequest(KickRequest(requestID: 9, sessionID: 7, reason: "stuck"))),
        Vector(name: "kick-reply", comment: [
            "kickReply (0x010D): request 9, session 7 (client \"demo\", pid 1234) is being closed.",
        ], message: .kickReply(KickReply(requestID: 9, sessionID: 7, client: #"client "demo" (pid 1234)"#))),
        Vector(name: "pointer-event-down", comment: [
            "pointerEvent (0x0050), version 3: the mouse's primary button pressed at display point (150.5, 80)",
            "on layer 4, at (50.5, 30) in the layer's bounds space; buttons held afterwards: bit 0; shift held;",
            "at 1000.25 s.",
        ], message: .pointerEvent(PointerEvent(kind: .pointerDown, pointerID: 0, layer: 4, location: Point(x: 50.5, y: 30),
                                               windowLocation: Point(x: 150.5, y: 80), button: 1, buttons: 1,
                                               modifiers: .shift, mediaTime: 1000.25))),
        Vector(name: "pointer-event-scroll", comment: [
            "pointerEvent: one wheel notch down (scrollY 40 points) over layer 4 at (10, 20), no button held.",
        ], message: .pointerEvent(PointerEvent(kind: .scroll, pointerID: 0, layer: 4, location: Point(x: 10, y: 20),
                                               windowLocation: Point(x: 110, y: 70), scrollY: 40, mediaTime: 1000.5))),
        Vector(name: "pointer-event-coalesced", comment: [
            "pointerEvent: finger 1 moved, 3 motion events merged for a slow reader (the latest point kept).",
        ], message: .pointerEvent(PointerEvent(kind: .pointerMove, pointerID: 1, layer: 2, location: Point(x: 4, y: -2.5),
                                               windowLocation: Point(x: 104, y: 47.5), coalesced: 3, mediaTime: 1000.75))),
        Vector(name: "key-event", comment: [
            "keyEvent (0x0051), version 3: 'A' pressed (keysym 0x41, keycode 38) with shift, focus on layer 4,",
            "typing the text \"A\".",
        ], message: .keyEvent(KeyEvent(kind: .keyDown, layer: 4, keysym: 0x41, keycode: 38, modifiers: .shift, text: "A",
                                       mediaTime: 1000.5))),
        Vector(name: "inject-input", comment: [
            "injectInput (0x010E), version 3: request 11 plays a drag: press at (100, 100) at once, move to",
            "(100, 60) 0.015625 s later, release 0.015625 s after that.",
        ], message: .injectInput(InjectInput(requestID: 11, events: [
            InjectedEvent(delay: 0, event: InputEvent(kind: .pointerDown, x: 100, y: 100, button: 1, time: 0)),
            InjectedEvent(delay: 0.015625, event: InputEvent(kind: .pointerMove, x: 100, y: 60, time: 0)),
            InjectedEvent(delay: 0.015625, event: InputEvent(kind: .pointerUp, x: 100, y: 60, button: 1, time: 0)),
        ]))),
        Vector(name: "inject-input-key", comment: [
            "injectInput: request 12 types 'é' (keysym 0xe9, keycode 0, text \"é\", UTF-8 2 bytes): down, then up.",
        ], message: .injectInput(InjectInput(requestID: 12, events: [
            InjectedEvent(delay: 0, event: InputEvent(kind: .keyDown, x: 0, y: 0, keysym: 0xe9, text: "é", time: 0)),
            InjectedEvent(delay: 0.5, event: InputEvent(kind: .keyUp, x: 0, y: 0, keysym: 0xe9, time: 0)),
        ]))),
        Vector(name: "tracker-update", comment: [
            "trackerUpdate (0x0052), version 3: the tracker on layer 1 moved (reason 2) in inertia (state 2) to",
            "content offset (0, 412.5), moving at 830.25 points per second down, resting at (0, 719.75), frame time 1000.5 s.",
        ], message: .trackerUpdate(TrackerUpdate(layer: 1, reason: .moved, state: .inertia, position: Point(x: 0, y: 412.5),
                                                 velocity: Point(x: 0, y: 830.25), restingPosition: Point(x: 0, y: 719.75),
                                                 mediaTime: 1000.5))),
        Vector(name: "tracker-update-ignored", comment: [
            "trackerUpdate: request 8 was ignored (reason 4) because the user is interacting (state 1).",
        ], message: .trackerUpdate(TrackerUpdate(layer: 1, reason: .requestIgnored, state: .interacting, requestID: 8,
                                                 position: Point(x: 0, y: 120), restingPosition: Point(x: 0, y: 120),
                                                 mediaTime: 1000.25))),
        Vector(name: "input-injected", comment: [
            "inputInjected (0x010F): request 11 played by frame 63: the press went to layer 4 of session 7,",
            "the move started a pan of the tracker on layer 2 (so no session got it), the release too.",
        ], message: .inputInjected(InputInjected(requestID: 11, frame: 63, deliveries: [
            InputDelivery(sessionID: 7, layer: 4),
            InputDelivery(sessionID: 0, layer: 0, trackerLayer: 2),
            InputDelivery(sessionID: 0, layer: 0, trackerLayer: 2),
        ]))),
        Vector(name: "display-changed", comment: [
            "displayChanged (0x0053), version 4: the display is now 1920×1080 points at 59.75 Hz",
            "(its window was resized and moved to another monitor).",
        ], message: .displayChanged(DisplayChanged(width: 1920, height: 1080, refreshRate: 59.75))),
        Vector(name: "resize-display", comment: [
            "resizeDisplay (0x0110), version 4: request 13 asks for a 1024×768 display.",
        ], message: .resizeDisplay(ResizeDisplay(requestID: 13, width: 1024, height: 768))),
        Vector(name: "display-resized", comment: [
            "displayResized (0x0111): request 13 done; frame 121 is the first drawn at 1024×768.",
        ], message: .displayResized(DisplayResized(requestID: 13, frame: 121, width: 1024, height: 768))),
    ]

    // MARK: Commits

    static func commit(_ sequence: UInt64, _ commands: [Command]) -> Message {
        .commit(Commit(sequence: sequence, mediaTime: 100.5, commands: commands))
    }

    static let commits: [Vector] = [
        Vector(name: "commit-empty", comment: [
            "commit (0x0010): sequence 1 at media time 100.5 s with no commands.",
        ], message: .commit(Commit(sequence: 1, mediaTime: 100.5, commands: []))),
        Vector(name: "commit-requesting-presentation", comment: [
            "commit with header flags 0x0001 (presentation feedback requested): sequence 5 at 100.5 s,",
            "setProperty layer 1 opacity 0.5; the server answers commitApplied, then commitPresented.",
        ], message: .commit(Commit(sequence: 5, mediaTime: 100.5, commands: [.setProperty(1, .opacity, .number(0.5))],
                                   requestsPresentation: true))),
        Vector(name: "commit-tree", comment: [
            "commit: the structural commands — createLayer of each kind, insertSublayer, setRoot,",
            "removeFromSuperlayer, destroyLayer.",
        ], message: commit(2, [
            .createLayer(1, .layer), .createLayer(2, .shape), .createLayer(3, .text),
            .insertSublayer(parent: 1, child: 2, index: 0), .insertSublayer(parent: 1, child: 3, index: 1),
            .setRoot(1), .removeFromSuperlayer(3), .destroyLayer(3), .setRoot(0),
        ])),
        Vector(name: "commit-set-values", comment: [
            "commit: setProperty with every AnimatableValue kind — number, point, size, rect, color,",
            "transform, bool, string, contents (none) and contents (a 2×1 bitmap).",
        ], message: commit(3, [
            .setProperty(1, .opacity, .number(0.5)),
            .setProperty(1, .position, .point(Point(x: 100, y: 200))),
            .setProperty(1, LayerKeyPath(.shadowOffset), .size(Size(width: 0, height: -3))),
            .setProperty(1, .bounds, .rect(Rect(x: 0, y: 0, width: 320, height: 240))),
            .setProperty(1, .backgroundColor, .color(Color(red: 1, green: 0.5, blue: 0.25, alpha: 1))),
            .setProperty(1, .transform, .transform(Transform3D(rows: [
                2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, -0.001953125, 10, 20, 0, 1]))),
            .setProperty(1, LayerKeyPath(.isHidden), .bool(true)),
            .setProperty(3, LayerKeyPath(.string), .string("Hello")),
            .setProperty(1, LayerKeyPath(.contents), .contents(nil)),
            .setProperty(1, LayerKeyPath(.contents), .contents(bitmap2x1)),
        ])),
        Vector(name: "commit-set-path", comment: [
            "commit: setProperty path on a shape layer with every path element — move, line, quad,",
            "cubic, close.",
        ], message: commit(4, [
            .setProperty(2, LayerKeyPath(.path), .path(samplePath)),
            .setProperty(2, LayerKeyPath(.path), .path(Path())),
        ])),
        Vector(name: "commit-set-props", comment: [
            "commit: the properties of wire 20–23, 43 and 54 — mask (a layer value, tag 13) and no mask,",
            "contentsGravity, contentsScale, shadowPath, lineDashPattern (a numbers value, tag 11, and",
            "an empty one) and truncationMode.",
        ], message: commit(20, [
            .setProperty(1, LayerKeyPath(.mask), .layer(5)),
            .setProperty(1, LayerKeyPath(.mask), .layer(0)),
            .setProperty(1, LayerKeyPath(.contentsGravity), .string("resizeAspect")),
            .setProperty(1, LayerKeyPath(.contentsScale), .number(2)),
            .setProperty(1, LayerKeyPath(.shadowPath), .path(Path([.move(Point(x: 0, y: 0)), .line(Point(x: 8, y: 0)),
                                                                  .line(Point(x: 8, y: 4)), .close]))),
            .setProperty(2, LayerKeyPath(.lineDashPattern), .numbers([6, 2.5])),
            .setProperty(2, LayerKeyPath(.lineDashPattern), .numbers([])),
            .setProperty(3, LayerKeyPath(.truncationMode), .string("middle")),
        ])),
        Vector(name: "commit-set-components", comment: [
            "commit: key paths with components — position.x, bounds.size.width, bounds.origin,",
            "transform.rotation.z, transform.scale, transform.translation, shadowOffset.height.",
        ], message: commit(5, [
            .setProperty(1, LayerKeyPath(.position, .x), .number(12)),
            .setProperty(1, LayerKeyPath(.bounds, .sizeWidth), .number(64)),
            .setProperty(1, LayerKeyPath(.bounds, .origin), .point(Point(x: 1, y: 2))),
            .setProperty(1, LayerKeyPath(.transform, .rotationZ), .number(0.5)),
            .setProperty(1, LayerKeyPath(.transform, .scale), .number(2)),
            .setProperty(1, LayerKeyPath(.transform, .translation), .size(Size(width: 3, height: 4))),
            .setProperty(1, LayerKeyPath(.shadowOffset, .height), .number(-1)),
        ])),
        Vector(name: "commit-retarget-spring", comment: [
            "commit: retargetSpring (tag 11) — layer 1's spring under \"move\" towards position (40, 200)",
            "as animation 12, mass 1, stiffness 300, damping 20; then one towards opacity 0.5 (defaults).",
        ], message: commit(13, [
            .retargetSpring(1, key: "move", animationID: 12,
                            retarget: SpringRetarget(keyPath: LayerKeyPath(.position), to: .point(Point(x: 40, y: 200)),
                                                     mass: 1, stiffness: 300, damping: 20)),
            .retargetSpring(1, key: "fade", animationID: 13,
                            retarget: SpringRetarget(keyPath: LayerKeyPath(.opacity), to: .number(0.5))),
        ])),
        Vector(name: "commit-trackers", comment: [
            "commit, version 3: setTracker (tag 12) on layer 1 — vertical, content 400×2000, inset top 20,",
            "normal deceleration 0.998, bounces and enabled (flags 0x11), drag distance 10, snap points y 0 and 500;",
            "a trackerRequest (tag 14) 5 animating to (0, 500) with a spring (duration 0); removeTracker (tag 13) on layer 2.",
        ], message: commit(14, [
            .setTracker(1, TrackerConfiguration(axes: .vertical, contentSize: Size(width: 400, height: 2000),
                                                contentInset: EdgeInsets(top: 20), snapPointsY: [0, 500])),
            .trackerRequest(1, TrackerRequest(kind: .animatePosition, requestID: 5, point: Point(x: 0, y: 500))),
            .removeTracker(2),
        ])),
        Vector(name: "commit-add-basic", comment: [
            "commit: addAnimation of basic animations — from+to with an ease-in-ease-out function,",
            "by only (additive, cumulative, repeating, autoreversing, fill both), to+by, and none",
            "(no endpoints, kept after completion).",
        ], message: commit(6, [
            .addAnimation(1, key: "fade", animationID: 1, animation: Animation(
                .basic(BasicAnimation(keyPath: .opacity, from: .number(0), to: .number(1))),
                timing: MediaTiming(beginTime: 100.5, duration: 0.25), timingFunction: .easeInEaseOut)),
            .addAnimation(1, key: "nudge", animationID: 2, animation: Animation(
                .basic(BasicAnimation(keyPath: LayerKeyPath(.position, .x), by: .number(10),
                                      isAdditive: true, isCumulative: true)),
                timing: MediaTiming(beginTime: 100.5, duration: 0.5, speed: 2, timeOffset: 0.125, repeatCount: 3,
                                    autoreverses: true, fillMode: .both))),
            .addAnimation(1, key: "grow", animationID: 3, animation: Animation(
                .basic(BasicAnimation(keyPath: .bounds, to: .rect(Rect(x: 0, y: 0, width: 10, height: 10)),
                                      by: .rect(Rect(x: 0, y: 0, width: 5, height: 5)))),
                timing: MediaTiming(beginTime: 100.5, duration: 1, repeatDuration: 2.5, fillMode: .forwards))),
            .addAnimation(1, key: "change", animationID: 4, animation: Animation(
                .basic(BasicAnimation(keyPath: .backgroundColor)),
                timing: MediaTiming(beginTime: 100.5, duration: 0.25, repeatCount: .infinity, fillMode: .backwards),
                isRemovedOnCompletion: false)),
        ])),
        Vector(name: "commit-add-keyframe", comment: [
            "commit: addAnimation of keyframe animations — values with keyTimes and per-segment",
            "timing functions (linear mode), discrete, paced, cubic, and a path with rotation auto.",
        ], message: commit(7, [
            .addAnimation(1, key: "shake", animationID: 10, animation: Animation(
                .keyframe(KeyframeAnimation(keyPath: LayerKeyPath(.position, .x),
                                            values: [.number(0), .number(10), .number(-10), .number(0)],
                                            keyTimes: [0, 0.25, 0.75, 1],
                                            timingFunctions: [.easeIn, .linear, TimingFunction(0.5, -0.5, 0.5, 1.5)],
                                            isAdditive: true)),
                timing: MediaTiming(beginTime: 100.5, duration: 0.5))),
            .addAnimation(1, key: "blink", animationID: 11, animation: Animation(
                .keyframe(KeyframeAnimation(keyPath: LayerKeyPath(.isHidden), values: [.bool(false), .bool(true)],
                                            keyTimes: [0, 0.5, 1], calculationMode: .discrete)),
                timing: MediaTiming(beginTime: 100.5, duration: 1, repeatCount: .infinity))),
            .addAnimation(1, key: "tint", animationID: 12, animation: Animation(
                .keyframe(KeyframeAnimation(keyPath: .backgroundColor,
                                            values: [.color(.red), .color(.green), .color(.blue)],
                                            calculationMode: .paced, isCumulative: true)),
                timing: MediaTiming(beginTime: 100.5, duration: 2))),
            .addAnimation(1, key: "wave", animationID: 13, animation: Animation(
                .keyframe(KeyframeAnimation(keyPath: .position,
                                            values: [.point(Point(x: 0, y: 0)), .point(Point(x: 50, y: 25)),
                                                     .point(Point(x: 100, y: 0))],
                                            calculationMode: .cubic)),
                timing: MediaTiming(beginTime: 100.5, duration: 1))),
            .addAnimation(1, key: "orbit", animationID: 14, animation: Animation(
                .keyframe(KeyframeAnimation(keyPath: .position, path: samplePath, calculationMode: .cubicPaced,
                                            rotationMode: .auto)),
                timing: MediaTiming(beginTime: 100.5, duration: 3))),
            .addAnimation(1, key: "orbit-reverse", animationID: 15, animation: Animation(
                .keyframe(KeyframeAnimation(keyPath: .position, path: samplePath, rotationMode: .autoReverse)),
                timing: MediaTiming(beginTime: 100.5, duration: 3))),
        ])),
        Vector(name: "commit-add-spring", comment: [
            "commit: addAnimation of springs — to only with an initial velocity, and from+to+by",
            "(additive, cumulative); their durations are their settling durations, rounded.",
        ], message: commit(8, [
            .addAnimation(1, key: "bounce", animationID: 20, animation: Animation(
                .spring(SpringAnimation(keyPath: .position, to: .point(Point(x: 200, y: 100)),
                                        mass: 1, stiffness: 100, damping: 10, initialVelocity: 0.5)),
                timing: MediaTiming(beginTime: 100.5, duration: 1.5))),
            .addAnimation(1, key: "pop", animationID: 21, animation: Animation(
                .spring(SpringAnimation(keyPath: LayerKeyPath(.transform, .scale), from: .number(0.5),
                                        to: .number(1), by: .number(0.5), mass: 2, stiffness: 300, damping: 20,
                                        initialVelocity: -1, isAdditive: true, isCumulative: true)),
                timing: MediaTiming(beginTime: 100.5, duration: 1), isRemovedOnCompletion: false)),
        ])),
        Vector(name: "commit-add-retargeted-spring", comment: [
            "commit: addAnimation of a retargeted spring (kind 6), as a client replays one to a new",
            "daemon: position from (34.02998466, 17.01499233) to (40, 200) with the per-component",
            "initial velocity (120, -35.5) points per second after the spring's body.",
        ], message: commit(8, [
            .addAnimation(1, key: "move", animationID: 22, animation: Animation(
                .spring({
                    var s = SpringAnimation(keyPath: .position, from: .point(Point(x: 34.02998466, y: 17.01499233)),
                                            to: .point(Point(x: 40, y: 200)), mass: 1, stiffness: 200, damping: 20)
                    s.componentVelocity = [120, -35.5]
                    return s
                }()),
                timing: MediaTiming(beginTime: 1000.1, duration: 1))),
        ])),
        Vector(name: "commit-add-group", comment: [
            "commit: addAnimation of a group holding a basic animation and a nested group (with a",
            "spring and an empty group), timed relative to the outer group.",
        ], message: commit(9, [
            .addAnimation(1, key: "group", animationID: 30, animation: Animation(
                .group(AnimationGroup(animations: [
                    Animation(.basic(BasicAnimation(keyPath: .opacity, from: .number(1), to: .number(0))),
                              timing: MediaTiming(duration: 0.5)),
                    Animation(.group(AnimationGroup(animations: [
                        Animation(.spring(SpringAnimation(keyPath: LayerKeyPath(.position, .y), to: .number(5))),
                                  timing: MediaTiming(beginTime: 0.25, duration: 1)),
                        Animation(.group(AnimationGroup(animations: [])), timing: MediaTiming(duration: 1)),
                    ])), timing: MediaTiming(beginTime: 0.5, duration: 1), timingFunction: .easeOut),
                ])),
                timing: MediaTiming(beginTime: 100.5, duration: 2, fillMode: .forwards), timingFunction: .default)),
        ])),
        Vector(name: "commit-add-transition", comment: [
            "commit: addAnimation of transitions — fade, moveIn from the right, push from the top,",
            "reveal from the bottom over progress 0.25…0.75.",
        ], message: commit(10, [
            .addAnimation(2, key: "transition", animationID: 40, animation: Animation(
                .transition(Transition(type: .fade)), timing: MediaTiming(beginTime: 100.5, duration: 0.25))),
            .addAnimation(2, key: "move", animationID: 41, animation: Animation(
                .transition(Transition(type: .moveIn, subtype: .fromRight)),
                timing: MediaTiming(beginTime: 100.5, duration: 0.25))),
            .addAnimation(2, key: "push", animationID: 42, animation: Animation(
                .transition(Transition(type: .push, subtype: .fromTop)),
                timing: MediaTiming(beginTime: 100.5, duration: 0.25))),
            .addAnimation(2, key: "reveal", animationID: 43, animation: Animation(
                .transition(Transition(type: .reveal, subtype: .fromBottom, startProgress: 0.25, endProgress: 0.75)),
                timing: MediaTiming(beginTime: 100.5, duration: 0.25))),
        ])),
        Vector(name: "commit-remove-timing", comment: [
            "commit: removeAnimation by key, removeAllAnimations, and setTiming pausing a layer",
            "(speed 0, time offset 2.5 s) and resuming another (begin time 101, speed 1).",
        ], message: commit(11, [
            .removeAnimation(1, key: "fade"),
            .removeAllAnimations(2),
            .setTiming(1, LayerTiming(beginTime: 0, speed: 0, timeOffset: 2.5)),
            .setTiming(2, LayerTiming(beginTime: 101, speed: 1, timeOffset: 0)),
        ])),
    ]

    // MARK: Shared values

    static let bitmap2x1: Bitmap = {
        do {
            return try Bitmap(width: 2, height: 1, pixels: [0xFF, 0, 0, 0xFF, 0, 0, 0x80, 0x80])
        } catch {
            fatalError("test bitmap: \(error)")
        }
    }()

    static let samplePath = Path([
        .move(Point(x: 0, y: 0)),
        .line(Point(x: 100, y: 0)),
        .quad(Point(x: 150, y: 50), Point(x: 100, y: 100)),
        .cubic(Point(x: 75, y: 125), Point(x: 25, y: 125), Point(x: 0, y: 100)),
        .close,
    ])
}
