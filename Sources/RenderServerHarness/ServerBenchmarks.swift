import CSystem
import RenderCore
import RenderServer
import RenderProtocol

/// A small public entry into the server core for `rendersrv-bench`; the daemon does not use
/// it. It holds one client's layer store, fed the commands a commit carries (validated by
/// `CommitValidator` exactly as a session validates them, then applied), and runs the
/// animation engine's per-frame step on it exactly as `ServerCore`'s frame does — without
/// sockets, sessions or a loop.
///
/// Thread affinity: whichever thread made it (it is not shared).
public enum ServerBenchmarks {
    /// One client's render tree and the engine that animates it.
    public final class Tree {
        let store: LayerStore
        let validator: CommitValidator
        var pending = CommitValidator.Pending()
        var engine = AnimationEngine()
        var events: [Message] = []
        private var sequence: UInt64 = 0

        /// - Parameter maxTreeDepth: the tree-depth limit the validator enforces.
        public init(limits: Limits = .default, maxTreeDepth: Int = 512) {
            store = LayerStore()
            validator = CommitValidator(limits: limits, client: "benchmark", maxTreeDepth: maxTreeDepth)
            encodesEventRuns = ProtocolVersion.current >= 5
        }

        public var layerCount: Int { store.layerCount }
        public var animationCount: Int { store.animationCount }

        /// Validates `commands` as one commit and applies them, as a session and the next
        /// frame would. Throws the validator's rejection (nothing applied then).
        public func commit(_ commands: [Command], mediaTime: Double = 0) throws {
            sequence += 1
            let commit = Commit(sequence: sequence, mediaTime: mediaTime, commands: commands)
            let t0 = csys_monotonic_ns()
            do throws(CommitValidator.Rejection) {
                try validator.validate(commit, store: store, pending: &pending)
            } catch {
                throw BenchmarkError(message: error.message)
            }
            let t1 = csys_monotonic_ns()
            for command in commands { store.apply(command, mediaTime: mediaTime, events: &events) }
            pending.reset()
            events.removeAll(keepingCapacity: true)
            let t2 = csys_monotonic_ns()
            validateSeconds += Double(t1 - t0) / 1e9
            applySeconds += Double(t2 - t1) / 1e9
        }

        /// Time spent in `commit` so far validating, and applying (seconds, CLOCK_MONOTONIC).
        public private(set) var validateSeconds = 0.0
        public private(set) var applySeconds = 0.0

        /// One frame's animation step at media time `t`; returns the number of animated
        /// layers evaluated. The events it produces are encoded, counted and dropped.
        @discardableResult
        public func frame(at t: Double) -> Int {
            let n = engine.evaluate(store, at: t, encodingInto: &frameEvents)
            eventBytes += frameEvents.count
            frameEvents.removeAll()
            return n
        }

        /// Bytes of events `frame` encoded so far (into a buffer like a session's outbound
        /// bytes, as the daemon's frame does).
        public private(set) var eventBytes = 0
        private var frameEvents = MessageBuffer()
        /// Whether `frame` encodes its events as a session of version 5 or later takes them,
        /// in runs (the default, as for a client of this build), or one message each (a
        /// session of version 2–4).
        public var encodesEventRuns: Bool {
            get { frameEvents.batchesLifecycleEvents }
            set { frameEvents.batchesLifecycleEvents = newValue }
        }

        /// The latest frame's lookups of shared timings and how many found one (see
        /// `TimingMemo` in RenderServer).
        public var sharedTimings: (lookups: Int, hits: Int) { engine.sharedTimings }

        /// A layer's presentation as of the latest frame (for checksums).
        public func presentation(of id: LayerID) -> LayerProperties? { store.presentation(of: id) }
    }

    /// A refused commit, with the validator's message.
    public struct BenchmarkError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// `MemoryLayout` strides of the store's per-layer parts, in bytes, by name.
    public static var layoutSizes: [(name: String, bytes: Int)] {
        [("LayerProperties", MemoryLayout<LayerProperties>.stride),
         ("LayerStore.Node", MemoryLayout<LayerStore.Node>.stride),
         ("AnimationState", MemoryLayout<AnimationState>.stride),
         ("PlannedAnimation (a row of the animation table)", MemoryLayout<PlannedAnimation>.stride),
         ("AnimationTable.Record (id, key, events sent; per row)", MemoryLayout<AnimationTable.Record>.stride),
         ("PlanSpans (out-of-line data, remainder, kept animation; per row)", MemoryLayout<PlanSpans>.stride),
         ("Animation (kept whole only where no row stands for it)", MemoryLayout<Animation>.stride),
         ("BasicAnimation (boxed: Animation.Kind is indirect)", MemoryLayout<BasicAnimation>.stride),
         ("RenderItem record (the compositor's, per shown layer)", RenderListBuilder.itemStride),
         ("RenderItem geometry row (world, screen/subtree/hit boxes; per shown layer)", RenderListBuilder.itemGeometryStride),
         ("Content table entry (per distinct content)", RenderListBuilder.contentEntryStride),
         ("Space node (per layer with shown sublayers or a mask)", RenderListBuilder.spaceNodeStride)]
    }
}
