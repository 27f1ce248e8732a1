import Logging
import RenderProtocol

/// How a `Server` runs. Every field has the daemon's default.
public struct Configuration {
    /// Which frame clock drives frames.
    public enum Clock: Equatable {
        /// A timerfd with absolute deadlines at the refresh rate.
        case real
        /// Frames only when a client sends `clockStep`. The clock starts at `start`
        /// (media time, seconds), or at the real CLOCK_MONOTONIC time at start-up when nil,
        /// so begin times clients resolve from their own clock are meaningful.
        case manual(start: Double? = nil)

        public var isManual: Bool { if case .manual = self { return true }; return false }
    }

    /// The socket path; nil resolves it with `SocketPath.resolve(environment:)`
    /// (`RENDERSRV_SOCKET`, then `$XDG_RUNTIME_DIR/rendersrvd/socket`, then
    /// `/tmp/rendersrvd-$UID/socket`).
    public var socketPath: String?
    /// Consulted when `socketPath` is nil.
    public var environment: [String: String]
    /// Frames per second (> 0, ≤ 1000).
    public var refreshRate: Double
    /// The display size in pixels.
    public var displayWidth: Int
    public var displayHeight: Int
    public var clock: Clock
    /// The per-client limits, announced in `welcome`.
    public var limits: Limits
    /// Install SIGINT/SIGTERM/SIGHUP handlers that stop the server gracefully (the daemon does;
    /// an in-process test server does not).
    public var handlesTerminationSignals: Bool
    /// Stop when standard input reaches end-of-file (test helpers use it so that no test
    /// can leak a daemon).
    public var exitsOnStandardInputEOF: Bool
    /// The most layers one tree dump may hold (a dump is built on the loop thread, about
    /// 20 µs per layer in a debug build: the default keeps one under a frame or two).
    public var maxTreeReplyLayers: Int = 2_000
    /// What control work waiting off the loop thread may hold, per client and in total.
    public var controlLimits = ControlLimits()
    /// A commit with more commands than this is validated and applied this many commands
    /// per loop turn, frames going on in between (about 1–3 ms of work per slice).
    public var commitSliceCommands: Int = 2_048
    /// A commit frame larger than this (bytes) is decoded a slice per loop turn too,
    /// instead of whole on arrival.
    public var commitStreamBytes: Int = 64 << 10
    /// How long after a vsync a commit that finds the real clock paused (nothing animated or
    /// changed) is still shown by that vsync's frame, seconds (0 ≤ latch < one period / 4).
    /// A running clock wakes for each vsync a little after it (the timerfd's wake-up; tens to
    /// hundreds of microseconds here) and samples every commit that arrived until then; a
    /// paused one does not wake, so without this allowance a commit just after an idle vsync
    /// would wait a whole period for the next. 0 serves the next vsync only.
    public var frameLatch: Double = 0.001
    /// How long the loop thread keeps polling without sleeping after it read from a client
    /// that may run on another CPU, seconds (0 ≤ spin ≤ 0.001; 0 never spins). A client that
    /// answers a reply at once (a ping after its pong, a commit after its acknowledgement)
    /// then finds the loop awake instead of waking it: across CPUs a ping measured 0.85–0.88×
    /// a raw socket ping-pong instead of 1.26–1.42×. The price is CPU while clients talk:
    /// at most this long a read (a client sending 60 messages a second: 3 ms a second at the
    /// default). Each polling turn first yields the CPU to any thread waiting for it.
    public var spinAfterReads: Double = 0.000_05
    /// The loop thread's nice value while the server runs (−20…19), or nil to leave the thread
    /// as it is (the default here; `rendersrvd` asks for −20, `--loop-nice`). A client that
    /// shares the loop thread's CPU is woken when the loop reads its message (the kernel frees
    /// the message's buffer and tells the sender there is room to write), and at the same
    /// priority it may then take the CPU before the loop has answered: two more context
    /// switches a message. Above its clients the loop is not preempted so; frames and replies
    /// go first, as the compositor's drawing threads (nice 5) already let them. Raising a
    /// thread's priority needs root, CAP_SYS_NICE or a high enough RLIMIT_NICE; without them
    /// the server logs a notice and runs at the thread's priority. The thread's value is put
    /// back when `run` returns.
    public var loopNice: Int? = nil
    /// A listening socket passed by a service manager (socket activation): served instead
    /// of binding `socketPath`, and never unlinked (the manager owns the file).
    public var activatedSocket: SocketActivation?
    /// Told `READY=1` once the loop runs and `STOPPING=1` when shutdown begins (systemd's
    /// `Type=notify`); nil tells nobody.
    public var serviceNotifier: ServiceNotifier?
    /// When the output's window ends (closed by the user, or its compositor connection lost):
    /// go on serving clients with frames drawn in memory (true), or shut down (false, the
    /// default: `rendersrvd --output wayland` without `--keep-running`).
    public var keepsRunningWithoutWindow = false
    /// Where frames go; nil is a `HeadlessOutput`.
    public var output: FrameOutput?
    public var logger: Logger

    public init(socketPath: String? = nil,
                environment: [String: String] = SocketPath.processEnvironment,
                refreshRate: Double = 60,
                displayWidth: Int = 1280, displayHeight: Int = 720,
                clock: Clock = .real,
                limits: Limits = .default,
                handlesTerminationSignals: Bool = false,
                exitsOnStandardInputEOF: Bool = false,
                output: FrameOutput? = nil,
                logger: Logger = Logger(label: "rendersrvd")) {
        self.socketPath = socketPath; self.environment = environment; self.refreshRate = refreshRate
        self.displayWidth = displayWidth; self.displayHeight = displayHeight; self.clock = clock
        self.limits = limits
        self.handlesTerminationSignals = handlesTerminationSignals
        self.exitsOnStandardInputEOF = exitsOnStandardInputEOF
        self.output = output; self.logger = logger
    }

    /// The socket path this configuration listens on: the activated socket's address when
    /// there is one, else the configured or default path.
    public var resolvedSocketPath: String {
        if let activatedSocket { return activatedSocket.path.isEmpty ? "descriptor \(activatedSocket.descriptor)" : activatedSocket.path }
        return SocketPath.resolve(explicit: socketPath, environment: environment)
    }

    /// Throws `ServerError.invalidConfiguration` naming the first bad value.
    func validate() throws {
        guard refreshRate.isFinite, refreshRate > 0, refreshRate <= 1000 else {
            throw ServerError.invalidConfiguration("refresh rate \(refreshRate) Hz is out of range; use 1…1000")
        }
        guard displayWidth > 0, displayHeight > 0, displayWidth <= 16384, displayHeight <= 16384 else {
            throw ServerError.invalidConfiguration("display size \(displayWidth)x\(displayHeight) is out of range; "
                + "use 1…16384 in each dimension")
        }
        if case let .manual(start?) = clock, !start.isFinite {
            throw ServerError.invalidConfiguration("manual clock start \(start) is not a finite time")
        }
        for id in Limits.ID.allCases where limits[id] == 0 {
            throw ServerError.invalidConfiguration("limit \(id.name) is 0; every limit must be positive (\(id.flag))")
        }
        guard frameLatch.isFinite, frameLatch >= 0, frameLatch < 0.25 / refreshRate else {
            throw ServerError.invalidConfiguration("frame latch \(frameLatch) s is out of range; use 0 up to a quarter "
                + "of the frame period (\(0.25 / refreshRate) s at \(refreshRate) Hz)")
        }
        guard spinAfterReads.isFinite, spinAfterReads >= 0, spinAfterReads <= 0.001 else {
            throw ServerError.invalidConfiguration("spin after reads \(spinAfterReads) s is out of range; use 0 (never) "
                + "up to 0.001 (a millisecond)")
        }
        if let loopNice, !(-20...19).contains(loopNice) {
            throw ServerError.invalidConfiguration("loop nice \(loopNice) is out of range; use -20 (the highest priority) "
                + "up to 19 (the lowest), or leave it unset to keep the thread's priority")
        }
        guard limits.maxFrameBytes >= 64 else {
            throw ServerError.invalidConfiguration("maxFrameBytes \(limits.maxFrameBytes) cannot carry a hello; use at least 64")
        }
    }
}
