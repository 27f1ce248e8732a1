import RenderCore
import RenderProtocol
import CSystem
import Foundation
import Histogram
import Logging
import Synchronization

/// The drawing output: each frame's presented trees become a `RenderList` on the loop
/// thread (a walk of the visible layers, no drawing), which is handed to a compositor thread
/// that rasterizes it (`Rasterizer`: layer bitmaps, damage) and publishes the frame. The
/// last frame stays in memory (headless: the rasterizer's own); `latestFrame()` copies it
/// for snapshots, between two draws (a frame is not copied unless someone asks for it).
///
/// Hand-off: one slot. On a real clock `present` only fills the slot and returns — drawing
/// never delays the loop's IPC — and the loop's part is bounded per frame whatever the
/// compositor is given:
/// - while the compositor is still drawing (or has not taken) the list handed off last,
///   `present` builds nothing and returns: the frame is *skipped* (counted; damage is
///   computed against what was last drawn, so nothing is lost) and the next frame not
///   skipped hands off a list with everything since. A compositor that cannot keep up
///   draws fewer frames; the clock keeps its rate.
/// - the list is built within `RenderListBuilder.defaultUpdateItems` items per frame (a
///   whole build, `defaultSliceItems`): an update of more items goes on over the next frames (`RenderListBuilder.isBehind`),
///   those frames are skipped too, and the picture handed off at the end shows each client
///   at one time (see `RenderListBuilder`).
/// With `synchronous` (the manual clock: tests, snapshots at a time, contact sheets)
/// `present` builds every frame whole and waits until its pixels are ready, so every
/// stepped frame is drawn and a snapshot after a step shows exactly that frame.
///
/// The display may be resized while the daemon runs (`ServerCore.resizeDisplay`): a frame
/// whose size differs from the last is built whole (`RenderListBuilder.build`) and drawn
/// whole by a rasterizer made at its size on the compositor thread (its layer bitmaps start
/// empty); published frames, snapshots and hit-testing follow from that frame on. `Options`
/// keep the size the output was made with; an X11 window keeps its size (see `X11Window`).
///
/// Thread affinity: `present` on the loop thread; `latestFrame`, `statistics` any thread.
public final class CompositorOutput: FrameOutput, FrameReadyReporting {
    public struct Options {
        public var width: Int
        public var height: Int
        public var synchronous: Bool
        /// Write every `recordEvery`-th frame drawn as a PNG into this folder.
        public var recordDirectory: String?
        public var recordEvery: Int
        /// Show frames in a window on this X display ("" or nil with `x11`: `DISPLAY`).
        public var x11: Bool
        public var x11Display: String?
        /// Show frames in a window on this Wayland compositor ("" or nil with `wayland`:
        /// `WAYLAND_DISPLAY`), paced by it (`WaylandWindow`).
        public var wayland: Bool
        public var waylandDisplay: String?
        /// With `wayland`: ask the compositor to show the window fullscreen (the display takes
        /// the output's size).
        public var waylandFullscreen = false
        /// Threads that draw a frame's bands, the compositor thread included (nil:
        /// `automaticThreads`, from the machine's cores). The pixels do not depend on it.
        public var threads: Int?
        public var logger: Logger
        public init(width: Int = 1280, height: Int = 720, synchronous: Bool = false, recordDirectory: String? = nil,
                    recordEvery: Int = 1, x11: Bool = false, x11Display: String? = nil, wayland: Bool = false,
                    waylandDisplay: String? = nil, threads: Int? = nil,
                    logger: Logger = Logger(label: "rendersrvd.compositor")) {
            self.width = width; self.height = height; self.synchronous = synchronous
            self.recordDirectory = recordDirectory; self.recordEvery = recordEvery
            self.x11 = x11; self.x11Display = x11Display; self.threads = threads; self.logger = logger
            self.wayland = wayland; self.waylandDisplay = waylandDisplay
        }
    }

    /// How many threads draw bands when `Options.threads` is nil: one per core (at most
    /// `maxThreads`), at a lower priority than the loop thread. See `BandPool`.
    public static var automaticThreads: Int { BandPool.automaticThreads() }

    /// The most threads `Options.threads` may ask for.
    public static var maxThreads: Int { BandPool.maxThreads }

    /// The threads that draw this output's bands (the compositor thread included).
    public var threads: Int { worker.threads }

    private let worker: Worker
    public let options: Options
    /// With `x11`: whether frames reach the window through MIT-SHM (else PutImage).
    public let x11SharedMemory: Bool?
    /// With `x11`: the window's input, read on the loop thread once the server starts it
    /// (`inputSource`).
    let x11Input: X11Input?
    /// With `wayland`: the window, which paces frames (`windowDisplay`).
    let waylandWindow: WaylandWindow?
    /// Loop thread only.
    private let builder: RenderListBuilder
    /// Lists built but not handed off (the builder was behind): what they discarded goes
    /// with the next list handed off, to be freed on the compositor thread. Loop thread only.
    private var undelivered: [RenderItems] = []
    /// A frame was skipped since the last hand-off: the output needs another frame even if
    /// nothing changes (`hasPendingWork`). Loop thread only.
    private var owesFrame = false

    /// Throws `ImageFileError` when the display cannot be allocated or the recording folder
    /// cannot be created or written.
    public init(_ options: Options) throws {
        self.options = options
        builder = RenderListBuilder(sliceItems: RenderListBuilder.defaultSliceItems,
                                    updateItems: options.synchronous ? nil : RenderListBuilder.defaultUpdateItems)
        var recorder: FrameRecorder?
        if let dir = options.recordDirectory {
            recorder = try FrameRecorder(directory: dir, every: options.recordEvery, logger: options.logger)
        }
        let threads = max(1, min(options.threads ?? CompositorOutput.automaticThreads, BandPool.maxThreads))
        guard let rasterizer = Rasterizer(width: options.width, height: options.height, threads: threads) else {
            throw ImageFileError(description: "cannot allocate a \(options.width)x\(options.height) frame")
        }
        var window: X11Window?
        if options.x11 {
            window = try X11Window(display: options.x11Display, width: options.width, height: options.height,
                                   synchronous: options.synchronous)
        }
        x11SharedMemory = window?.usesSharedMemory
        x11Input = window.map { X11Input(display: $0.displayName, window: $0.windowID, logger: options.logger) }
        waylandWindow = options.wayland
            ? try WaylandWindow(display: options.waylandDisplay, width: options.width, height: options.height,
                                fullscreen: options.waylandFullscreen, synchronous: options.synchronous,
                                logger: options.logger)
            : nil
        worker = Worker(rasterizer: rasterizer, recorder: recorder, window: window, wayland: waylandWindow,
                        synchronous: options.synchronous, logger: options.logger)
        // A window that reports when frames reached the screen: its times are the frames' ready times.
        waylandWindow?.presented = { [worker] ready in worker.presented(ready) }
        let thread = Thread { [worker] in worker.run() }
        thread.name = "rendersrv-compositor"
        thread.stackSize = Rasterizer.threadStackBytes
        thread.start()
    }

    deinit { worker.stop() }

    /// Synchronous: `present` returns once the pixels are ready; else they are reported to
    /// the frame-ready handler from the compositor thread.
    public var completion: FrameCompletion { options.synchronous ? .drawnWhenPresented : .drawnLater }

    public func setFrameReadyHandler(_ handler: @escaping @Sendable (FrameReady) -> Void) {
        worker.setReadyHandler(handler)
    }

    /// The last drawn frame's number, target time and ready time, without copying pixels.
    public var lastReady: FrameReady { worker.lastReady() }

    public func present(_ frame: FrameSnapshot) {
        if !options.synchronous && worker.isBusy {
            worker.frameSkipped()
            owesFrame = true
            return
        }
        // A window on a HiDPI output: frames drawn at its scale (the trees stay in points).
        if let window = waylandWindow { builder.scale = Double(window.bufferScale) }
        var list = builder.build(frame)
        if !undelivered.isEmpty { list.discarded += undelivered; undelivered = [] }
        if builder.isBehind {
            undelivered = list.discarded
            worker.frameSkipped()
            owesFrame = true
            return
        }
        owesFrame = false
        list.handedOffNanoseconds = csys_monotonic_ns()
        let number = list.frame
        waylandWindow?.frameHandedOff(number)
        worker.submit(list)
        // The manual clock: the frame is in the window when its step returns.
        if options.synchronous { waylandWindow?.commitStaged(roundTrip: true) }
    }

    /// A frame was skipped, or a list is being built over several frames: the server must
    /// produce frames until it is handed off.
    public var hasPendingWork: Bool {
        owesFrame || builder.hasWorkUnderWay || Double(waylandWindow?.bufferScale ?? 1) != builder.scale
            || waylandWindow?.titleBarPending == true
    }

    /// What the frame it shows has under `point` (the builder's blocks: the list last handed
    /// off, or while an update is under way the blocks shown before it). Loop thread.
    public func hitTest(_ point: Point) -> HitTestResult? { builder.hitTest(point) }

    /// What the last list handed off, or being built, shows of a session (`RenderListBuilder`);
    /// a frame the worker was too busy to take shows nothing new. Loop thread.
    public func presentedVersion(of sessionID: UInt32) -> UInt64? { builder.presentedVersion(of: sessionID) }

    public func convert(_ point: Point, toLayer layer: LayerID, of sessionID: UInt32) -> Point? {
        builder.convert(point, toLayer: layer, of: sessionID)
    }

    /// Tests: hold the compositor thread before it takes the next list (`true`), or let it go.
    func holdCompositor(_ on: Bool) { worker.hold(on) }

    /// Tests: cut damage into bands of `rows` rows from `minArea` pixels on (`Rasterizer.bandRows`,
    /// `minBandedArea`), so that small displays draw in bands too, shared out among the
    /// threads in turn (`Rasterizer.interleavesBands`). Before the first frame.
    func useBands(rows: Int, minArea: Int) { worker.useBands(rows: rows, minArea: minArea) }

    /// Counters of the loop thread's part, for tests: items built by updates (the work
    /// `RenderListBuilder.sliceItems` bounds per frame).
    var updatedItems: Int { builder.updatedItems }
    /// Lists built (handed off or not). Loop thread.
    var listsBuilt: Int { builder.builds }

    /// The last finished frame (frame 0, all black, before the first). When the compositor
    /// has drawn everything handed to it and no frame was skipped since, the frames since
    /// were idle (nothing changed), so its pixels are those of `currentFrame` too, and the
    /// result carries that number.
    public func latestFrame(currentFrame: UInt64? = nil) -> CompositedFrame { worker.latest(currentFrame: currentFrame) }

    /// Waits until frame `n` (or a later one) is ready; returns it. For tools on a real clock.
    public func waitForFrame(_ n: UInt64, timeout: Double) -> CompositedFrame? { worker.wait(for: n, timeout: timeout) }

    /// Compositor counters: frames drawn and skipped, draw time and hand-off → pixels ready
    /// (milliseconds), pixels redrawn, bitmaps kept.
    public var statistics: Statistics { worker.statistics() }

    /// When each of `frames` had its pixels published (CLOCK_MONOTONIC ns), nil for a
    /// frame not drawn (coalesced, idle) or drawn longer ago than the last
    /// `readyMemory` frames. Any thread; holds the compositor's lock for one lookup each.
    public func readyNanoseconds(of frames: [UInt64]) -> [Int64?] { worker.readyNanoseconds(of: frames) }

    /// How many drawn frames' ready times are remembered (as many as the frame log keeps).
    static let readyMemory = 8_192

    public struct Statistics: Sendable {
        public var framesDrawn: UInt64
        public var framesCoalesced: UInt64
        /// Frames the loop thread did not hand off: the compositor was still busy with the
        /// previous list, or the list was still being built (see `present`).
        public var framesSkipped: UInt64
        public var framesWithoutDamage: UInt64
        public var drawP50: Double, drawP99: Double
        public var readyP50: Double, readyP99: Double
        public var lastDamagePixels: Int
        public var bitmapsRendered: Int
        public var recordedFrames: Int
    }

    /// The compositor thread's state; the fields under `condition` are shared with the
    /// loop thread.
    private final class Worker: @unchecked Sendable {
        private let condition = NSCondition()
        // Under `condition`:
        private var pending: RenderList?
        private var lastSubmitted: UInt64 = 0
        private var stopping = false
        /// The last frame drawn: its number and times. Its pixels and size are the
        /// rasterizer's, read when asked for (`latest`; all black before the first frame).
        private var published: CompositedFrame
        private var coalesced: UInt64 = 0
        /// Not under `condition`: the loop thread reads and counts these every frame without
        /// waiting for the compositor thread, which holds the lock while it publishes a frame
        /// (copying its damage: tens of milliseconds for 100,000 changed layers).
        /// `busy`: a list was handed off and is not published yet (set by the loop thread at
        /// the hand-off, cleared by the compositor thread after publishing).
        private let busy = Atomic<Bool>(false)
        private let skipped = Atomic<UInt64>(0)
        /// A frame was skipped since the last hand-off (its state is not drawn yet).
        private let owed = Atomic<Bool>(false)
        private var drawnCount: UInt64 = 0
        private var undamaged: UInt64 = 0
        private var drawTime = Histogram<UInt64>(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
        private var readyTime = Histogram<UInt64>(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
        private var lastDamagePixels = 0
        private var bitmapsRendered = 0
        private var recordedFrames = 0
        /// Ready times of the last drawn frames, by `frame % readyMemory` (allocated once).
        private var readyFrames = [UInt64](repeating: 0, count: CompositorOutput.readyMemory)
        private var readyAt = [Int64](repeating: 0, count: CompositorOutput.readyMemory)
        private var readyHandler: (@Sendable (FrameReady) -> Void)?
        /// Held by the compositor thread from taking a list to publishing its frame (the
        /// rasterizer's pixels change, and may be replaced by a resize), and by a reader
        /// copying the last frame's pixels out of it. Taken before `condition` when both are;
        /// the loop thread never takes it (a snapshot delays the next draw, not the clock).
        private let surfaceLock = NSLock()
        // Compositor thread (`rasterizer` is replaced under `condition` and `surfaceLock`;
        // `useBands` sets it; `latest` reads its pixels under `surfaceLock`):
        private var rasterizer: Rasterizer
        private let recorder: FrameRecorder?
        private let window: X11Window?
        private let wayland: WaylandWindow?
        private let logger: Logger
        let synchronous: Bool
        /// Immutable after init (a rasterizer made for another display size has as many).
        let threads: Int

        init(rasterizer: Rasterizer, recorder: FrameRecorder?, window: X11Window?, wayland: WaylandWindow?,
             synchronous: Bool, logger: Logger) {
            self.rasterizer = rasterizer; self.recorder = recorder; self.window = window; self.wayland = wayland
            self.synchronous = synchronous; self.logger = logger; threads = rasterizer.threads
            published = CompositedFrame(frame: 0, mediaTime: 0, width: 0, height: 0, pixels: [], handedOffNanoseconds: 0,
                                        readyNanoseconds: 0)
        }

        func submit(_ list: RenderList) {
            var list = list
            busy.store(true, ordering: .releasing)
            owed.store(false, ordering: .releasing)
            condition.lock()
            if let old = pending {
                coalesced += 1
                list.discarded += old.discarded // still freed on the compositor thread
            }
            pending = list
            lastSubmitted = list.frame
            condition.broadcast()
            if synchronous { while published.frame < list.frame && !stopping { condition.wait() } }
            condition.unlock()
        }

        func useBands(rows: Int, minArea: Int) {
            // Under the lock: the compositor thread reads them after it takes a list.
            condition.lock()
            rasterizer.bandRows = rows; rasterizer.minBandedArea = minArea; rasterizer.interleavesBands = true
            condition.unlock()
        }

        /// Tests: while held, the compositor thread takes no list (a compositor that is slow
        /// for as long as the test wants, without timing).
        private var held = false
        func hold(_ on: Bool) {
            condition.lock(); held = on; condition.broadcast(); condition.unlock()
        }

        /// Whether a list handed off is not drawn yet (waiting in the slot, or being drawn).
        /// Lock-free.
        var isBusy: Bool { busy.load(ordering: .acquiring) }

        /// Lock-free.
        func frameSkipped() {
            skipped.wrappingAdd(1, ordering: .relaxed)
            owed.store(true, ordering: .releasing)
        }

        func setReadyHandler(_ handler: @escaping @Sendable (FrameReady) -> Void) {
            condition.lock(); readyHandler = handler; condition.unlock()
        }

        func lastReady() -> FrameReady {
            condition.lock(); defer { condition.unlock() }
            return FrameReady(frame: published.frame, mediaTime: published.mediaTime,
                              readyNanoseconds: published.readyNanoseconds)
        }

        func stop() {
            condition.lock(); stopping = true; condition.broadcast(); condition.unlock()
        }

        func latest(currentFrame: UInt64?) -> CompositedFrame {
            surfaceLock.lock(); defer { surfaceLock.unlock() }
            condition.lock()
            var f = published
            // Not when a frame since was skipped: then the picture is older than the frames.
            if let currentFrame, f.frame == lastSubmitted, currentFrame > f.frame, !owed.load(ordering: .acquiring) {
                f.frame = currentFrame
            }
            let drawn = drawnCount > 0
            condition.unlock()
            f.width = rasterizer.width; f.height = rasterizer.height
            if drawn {
                f.pixels = ImageFile.copyPixels(rasterizer.surface)
            } else {
                f.pixels = [UInt8](repeating: 0, count: f.width * f.height * 4)
                for i in stride(from: 3, to: f.pixels.count, by: 4) { f.pixels[i] = 255 }
            }
            return f
        }

        func wait(for n: UInt64, timeout: Double) -> CompositedFrame? {
            let deadline = Date(timeIntervalSinceNow: timeout)
            condition.lock()
            while published.frame < n {
                if stopping || !condition.wait(until: deadline) {
                    let reached = published.frame >= n
                    condition.unlock()
                    return reached ? latest(currentFrame: nil) : nil
                }
            }
            condition.unlock()
            return latest(currentFrame: nil)
        }

        func statistics() -> Statistics {
            condition.lock(); defer { condition.unlock() }
            func ms(_ h: Histogram<UInt64>, _ p: Double) -> Double { h.totalCount == 0 ? 0 : Double(h.valueAtPercentile(p)) / 1e6 }
            return Statistics(framesDrawn: drawnCount, framesCoalesced: coalesced,
                              framesSkipped: skipped.load(ordering: .relaxed),
                              framesWithoutDamage: undamaged,
                              drawP50: ms(drawTime, 50), drawP99: ms(drawTime, 99),
                              readyP50: ms(readyTime, 50), readyP99: ms(readyTime, 99),
                              lastDamagePixels: lastDamagePixels, bitmapsRendered: bitmapsRendered,
                              recordedFrames: recordedFrames)
        }

        /// The window showed `ready.frame` at `ready.readyNanoseconds`: that is its ready time
        /// (the frame log's, presentation feedback's). Loop thread.
        func presented(_ ready: FrameReady) {
            condition.lock()
            let slot = Int(ready.frame % UInt64(CompositorOutput.readyMemory))
            readyFrames[slot] = ready.frame
            readyAt[slot] = ready.readyNanoseconds
            let handler = readyHandler
            condition.unlock()
            handler?(ready)
        }

        func readyNanoseconds(of frames: [UInt64]) -> [Int64?] {
            condition.lock(); defer { condition.unlock() }
            return frames.map { f in
                let slot = Int(f % UInt64(CompositorOutput.readyMemory))
                return readyFrames[slot] == f && f != 0 ? readyAt[slot] : nil
            }
        }

        func run() {
            // Under contention the loop thread (IPC, the frame clock) goes first: drawing
            // may finish late, the next frame's IPC may not.
            _ = csys_set_thread_nice(5)
            while true {
                condition.lock()
                while (pending == nil || held) && !stopping { condition.wait() }
                if stopping { condition.unlock(); return }
                let list = pending!
                pending = nil
                condition.unlock()

                surfaceLock.lock()
                let t0 = csys_monotonic_ns()
                if list.width != rasterizer.width || list.height != rasterizer.height { resize(for: list) }
                let damage = rasterizer.width == list.width && rasterizer.height == list.height ? rasterizer.draw(list) : []
                let t1 = csys_monotonic_ns()
                let recorded = recorder?.frameDrawn(list.frame, mediaTime: list.mediaTime, surface: rasterizer.surface) ?? false
                window?.show(rasterizer.surface, damage: damage)
                wayland?.stage(rasterizer.surface, damage: damage, frame: list.frame, mediaTime: list.mediaTime,
                               scale: Int(list.scale.rounded()))
                // A Wayland window reports the frame when it reaches the screen (`presented`).
                let reportedByWindow = wayland?.reportsPresentation ?? false

                condition.lock()
                if damage.isEmpty { undamaged += 1 }
                let ready = csys_monotonic_ns()
                published.frame = list.frame
                published.mediaTime = list.mediaTime
                published.handedOffNanoseconds = list.handedOffNanoseconds
                published.readyNanoseconds = ready
                let slot = Int(list.frame % UInt64(CompositorOutput.readyMemory))
                readyFrames[slot] = list.frame
                readyAt[slot] = ready
                drawnCount += 1
                _ = drawTime.record(UInt64(max(0, t1 - t0)))
                _ = readyTime.record(UInt64(max(0, ready - list.handedOffNanoseconds)))
                lastDamagePixels = damage.reduce(0) { $0 + $1.area }
                bitmapsRendered = rasterizer.bitmapsRendered
                if recorded { recordedFrames += 1 }
                let handler = reportedByWindow ? nil : readyHandler
                // Last under the lock (the pixels are copied): a hand-off at once waits little.
                if pending == nil { busy.store(false, ordering: .releasing) }
                condition.broadcast()
                condition.unlock()
                surfaceLock.unlock()
                handler?(FrameReady(frame: list.frame, mediaTime: list.mediaTime, readyNanoseconds: ready))
            }
        }

        /// The display was resized (`ServerCore.resizeDisplay`): `list` is at another size than
        /// the rasterizer's frame, so a rasterizer at the list's size replaces it, with the same
        /// threads and band settings. The layers' cached bitmaps and kept renderings go with
        /// the old one (dropped, not carried over: every layer is drawn again, as on the first
        /// frame, which the new rasterizer damages whole anyway). When the frame cannot be
        /// allocated the old rasterizer stays and lists at the new size are not drawn (the
        /// published frame keeps its last pixels and size); logged once per size.
        private func resize(for list: RenderList) {
            let old = rasterizer
            guard let fresh = Rasterizer(width: list.width, height: list.height, mode: old.mode, threads: old.threads) else {
                if failedSize.map({ $0 != (list.width, list.height) }) ?? true {
                    failedSize = (list.width, list.height)
                    let bytes = list.width * list.height * 4
                    logger.error("""
                        the compositor cannot allocate a \(list.width)x\(list.height) frame (\(bytes) bytes); frames at \
                        that size are not drawn: resize the display to a smaller size
                        """)
                }
                return
            }
            failedSize = nil
            fresh.bandRows = old.bandRows
            fresh.minBandedArea = old.minBandedArea
            fresh.interleavesBands = old.interleavesBands
            fresh.fillsSolidsDirectly = old.fillsSolidsDirectly
            condition.lock()
            rasterizer = fresh
            condition.unlock()
        }
        /// The size `resize` could not allocate last (compositor thread).
        private var failedSize: (Int, Int)?
    }
}
