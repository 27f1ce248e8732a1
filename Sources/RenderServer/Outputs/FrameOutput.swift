import RenderCore
import RenderProtocol

/// Where frames go once built: the compositor's plug point. The server calls `present`
/// on the loop thread once per frame, after animations are evaluated; the frame is valid
/// only during the call (copy what you keep).
///
/// `CompositorOutput` draws the frames (the daemon's default); `HeadlessOutput` keeps
/// nothing (`rendersrvd --output none`, the embedded server's default).
public protocol FrameOutput: AnyObject {
    func present(_ frame: FrameSnapshot)
    /// When a presented frame counts as finished, for presentation feedback
    /// (`commitPresented`). The default, `.whenPresented`, suits outputs that draw nothing.
    var completion: FrameCompletion { get }
    /// Whether the output has work left that needs more frames even if nothing animates or
    /// changes: a frame it skipped, a list it is building over several frames. The server
    /// keeps producing frames (the real clock stays armed) while this is true.
    var hasPendingWork: Bool { get }
    /// When the last frame presented showed session `sessionID` in an older state than the
    /// tree it was given (a large tree still being built, an update spread over frames):
    /// the latest commit it did show. nil: it showed the session as given (the default).
    /// Presentation feedback for later commits waits for a frame that shows them.
    func presentedVersion(of sessionID: UInt32) -> UInt64?
    /// What else the output can do (see OutputCapabilities.swift): each is the output itself
    /// (or the part of it that does the work) when it adopts the capability's protocol, nil
    /// otherwise (the defaults).
    var snapshotting: FrameSnapshotting? { get }
    var compositorStatistics: CompositorStatisticsReporting? { get }
    var frameReadyReporting: FrameReadyReporting? { get }
    var hitTesting: HitTesting? { get }
    var inputSource: InputSource? { get }
    var windowDisplay: WindowDisplay? { get }
}

extension FrameOutput {
    public var completion: FrameCompletion { .whenPresented }
    public var hasPendingWork: Bool { false }
    public func presentedVersion(of sessionID: UInt32) -> UInt64? { nil }
}

/// When a frame handed to `FrameOutput.present` is finished.
public enum FrameCompletion {
    /// Nothing is drawn: a frame is finished when `present` returns (the end of its
    /// evaluation). Feedback carries no ready time.
    case whenPresented
    /// `present` returns once the frame's pixels are ready (a synchronous compositor).
    case drawnWhenPresented
    /// Pixels become ready later, on another thread; the output reports each drawn frame
    /// through the handler the server installs (`FrameReadyReporting`).
    case drawnLater
}

/// A drawn frame: its number, target present time and when its pixels were ready.
public struct FrameReady: Sendable, Equatable {
    /// Counts from 1.
    public var frame: UInt64
    /// Its target present time (media time, seconds).
    public var mediaTime: Double
    /// CLOCK_MONOTONIC nanoseconds at which its pixels were ready.
    public var readyNanoseconds: Int64
    public init(frame: UInt64, mediaTime: Double, readyNanoseconds: Int64) {
        self.frame = frame; self.mediaTime = mediaTime; self.readyNanoseconds = readyNanoseconds
    }
}

/// An output that draws frames on its own thread and says when each one's pixels are ready.
public protocol FrameReadyReporting: AnyObject {
    /// Called on the output's drawing thread after each drawn frame is published (a skipped
    /// frame is never reported: a later one shows what it held). Set once, before the first
    /// frame; the handler must hop to the loop thread itself.
    func setFrameReadyHandler(_ handler: @escaping @Sendable (FrameReady) -> Void)
    /// When each of `frames` had its pixels published (CLOCK_MONOTONIC ns), nil for a frame
    /// not drawn or no longer remembered. Any thread (the frame log's replies ask it on the
    /// control worker).
    func readyNanoseconds(of frames: [UInt64]) -> [Int64?]
}

/// One frame's state: its number, its target present time, the display size, and every
/// client's presented tree.
public struct FrameSnapshot {
    /// Counts from 1.
    public let frame: UInt64
    /// The frame's target present time (media time, seconds).
    public let mediaTime: Double
    /// Display size in pixels.
    public let width: Int
    public let height: Int
    /// One tree per client session, by session id.
    public let trees: [PresentedTree]
}

/// A read-only view of one client's render tree for the duration of `present`.
public struct PresentedTree {
    public let sessionID: UInt32
    let store: LayerStore
    /// The client is in the middle of applying a large commit: its tree is part old, part
    /// new. An output must keep showing what it last drew for this client (and not read
    /// the tree) until a frame where this is false.
    public let isFrozen: Bool
    /// The session's latest applied commit sequence; nil when unknown (then nothing is
    /// reused). What changed since an output last built the tree is told by
    /// `renderChanges(since:)`.
    let version: UInt64?

    init(sessionID: UInt32, store: LayerStore, version: UInt64? = nil, isFrozen: Bool = false) {
        self.sessionID = sessionID; self.store = store; self.version = version; self.isFrozen = isFrozen
    }

    /// The layer the client displays, if any.
    public var root: LayerID? { store.root == 0 ? nil : store.root }
    /// A layer's presentation at this frame (its model when not animated).
    public func presentation(of id: LayerID) -> LayerProperties? { store.presentation(of: id) }
    public func kind(of id: LayerID) -> LayerKind? { store.kind(of: id) }
    /// The client's layers (in the tree or not).
    var layerCount: Int { store.layerCount }
    /// Whether a layer may have a zPosition other than 0 (see `LayerStore.mayHaveZPositions`).
    var mayHaveZPositions: Bool { store.mayHaveZPositions }
    /// Presentation, kind and sublayers in one lookup.
    func drawable(_ id: LayerID) -> (presentation: LayerProperties, kind: LayerKind, sublayers: [LayerID])? {
        store.drawable(id)
    }
    /// `drawable`, read in place (see `LayerStore.withDrawable(_:_:)`).
    func withDrawable<R>(_ id: LayerID, _ body: (UnsafePointer<LayerProperties>, LayerKind, [LayerID]) -> R) -> R? {
        store.withDrawable(id, body)
    }
    /// `withDrawable`, with an animated layer's presentation evaluated at media time `t` (see
    /// `LayerStore.withDrawable(_:at:_:)`).
    func withDrawable<R>(_ id: LayerID, at t: Double,
                         _ body: (UnsafePointer<LayerProperties>, LayerKind, [LayerID]) -> R) -> R? {
        store.withDrawable(id, at: t, body)
    }
    func zPosition(of id: LayerID) -> Double? { store.zPosition(of: id) }
    /// Back to front.
    public func sublayers(of id: LayerID) -> [LayerID] { store.sublayers(of: id) ?? [] }
    /// Maps the layer's bounds coordinates to the display's (cached; see `WorldGeometry`).
    public func worldTransform(of id: LayerID) -> Transform3D? { store.worldTransform(of: id) }
    /// The product of the layer's and its ancestors' opacities (cached; see `WorldGeometry`).
    public func worldOpacity(of id: LayerID) -> Double? { store.worldOpacity(of: id) }
    /// The transition in progress on a layer at this frame, if any.
    func transition(of id: LayerID) -> TransitionState? { store.transition(of: id) }
    /// The layers with animations attached.
    var animatedLayers: [LayerID] { store.animations.map { store.nodes[Int($0.slot)].id } }
    /// The count of changes to what the tree draws, and the layers whose model changed
    /// after change `serial` (nil: rebuild whole). See `LayerStore.renderChanges(since:)`.
    var renderSerial: UInt64 { store.renderSerial }
    func renderChanges(since serial: UInt64) -> [LayerID]? { store.renderChanges(since: serial) }
    /// Whether any layer has an interaction tracker, and which: their content offsets move
    /// without a render change (`RenderListBuilder` shifts their subtrees).
    var hasTrackers: Bool { !store.trackers.isEmpty }
    var trackedLayers: Dictionary<LayerID, TrackedContent>.Keys { store.trackers.keys }
    /// Tracked layers scrolled since `serial` (nil: too many, look at all), and the serial now.
    func scrolls(since serial: UInt64) -> [LayerID]? { store.scrolls(since: serial) }
    var scrollSerial: UInt64 { store.scrollSerial }
}

/// The default output: frames are produced (animations run, events flow) but not drawn.
public final class HeadlessOutput: FrameOutput {
    /// The number of the last frame presented.
    public private(set) var lastFrame: UInt64 = 0
    public init() {}
    public func present(_ frame: FrameSnapshot) { lastFrame = frame.frame }
}
