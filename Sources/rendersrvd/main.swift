// rendersrvd — the render server daemon. A thin shell over RenderServer.Server.
import ArgumentParser
import Glibc
import Logging
import RenderProtocol
import RenderServer

struct RenderServerDaemon: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rendersrvd",
        abstract: "The render server: owns clients' layer trees and runs their animations on its own frame clock.",
        discussion: """
            Clients connect over a Unix socket and commit transactions; the daemon applies them as they \
            arrive, evaluates every animation at each frame's target present time and sends \
            acknowledgements and animation events back. SIGINT, SIGTERM or SIGHUP stops it cleanly within a \
            frame period (clients get a goodbye, the socket is removed); no work on the loop is unbounded, so \
            a busy loop cannot delay that.

            Socket path, when --socket is not given: $RENDERSRV_SOCKET, else \
            $XDG_RUNTIME_DIR/rendersrvd/socket, else /tmp/rendersrvd-$UID/socket.
            """,
        version: ReleaseVersion.line(for: "rendersrvd"))

    @Option(name: .long, help: ArgumentHelp("The Unix socket to listen on; its directory is created (0700) if missing.",
                                            valueName: "path"))
    var socket: String?

    @Option(name: .long, help: ArgumentHelp("Frames per second of the frame clock (1…1000).", valueName: "n"))
    var fps: Double = 60

    @Option(name: .long, help: ArgumentHelp("Display size in pixels, WIDTHxHEIGHT.", valueName: "WxH"))
    var size: String = "1280x720"

    @Option(name: .long, help: ArgumentHelp("""
        real: frames at the display rate from a timerfd; manual: frames only when a client steps the clock \
        (rendersrvctl step, tests), starting at the current monotonic time.
        """, valueName: "real|manual"))
    var clock: ClockOption = .real

    @Option(name: .long, help: ArgumentHelp("""
        headless: draw every frame in memory with cairo/pixman (snapshots, recordings); x11: the same, \
        shown in a window on the X display named by DISPLAY; wayland: the same, shown in a window on the \
        Wayland compositor named by WAYLAND_DISPLAY and paced by it; none: animate without drawing \
        (snapshots are refused).
        """, valueName: "headless|x11|wayland|none"))
    var output: OutputOption = .headless

    @Option(name: .long, help: ArgumentHelp("""
        With --output wayland: the compositor's socket, a name in XDG_RUNTIME_DIR or a full path \
        (default: WAYLAND_DISPLAY).
        """, valueName: "name"))
    var waylandDisplay: String?

    @Flag(name: .long, help: """
        With --output wayland: when the window is closed or the compositor goes away, go on serving \
        clients with frames drawn in memory (default: stop).
        """)
    var keepRunning = false

    @Flag(name: .long, help: """
        With --output wayland: ask the compositor for a fullscreen window; the display then takes the \
        size of the output it is on (clients are told, as on any resize).
        """)
    var fullscreen = false

    @Option(name: .long, help: ArgumentHelp("Write drawn frames as PNGs (frame-NNNNNN.png) and an index (frames.tsv) into this folder, created if missing.",
                                            valueName: "dir"))
    var record: String?

    @Option(name: .long, help: ArgumentHelp("With --record: write every Nth frame.", valueName: "n"))
    var recordEvery: Int = 1

    @Option(name: .long, help: ArgumentHelp("""
        Threads that draw each frame's bands, the compositor thread included (1…8; default: one per \
        core, up to 8; they yield to the loop thread). The pixels do not depend on it.
        """, valueName: "n"))
    var compositorThreads: Int?

    @Option(name: .long, help: ArgumentHelp("""
        After reading from a client that may run on another CPU, keep the loop thread polling without \
        sleeping this long before it sleeps again (microseconds, 0…1000; 0 never spins; default 50): a \
        client's next message then finds the loop awake. Costs up to this much CPU a message.
        """, valueName: "µs"))
    var spinAfterReads: Double?

    // Unconditional: the value is usually negative (`--loop-nice -10`), which the parser
    // would otherwise take for a flag.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("""
        The loop thread's nice value (-20…19; default -20, the highest): above the clients beside it \
        on a CPU, the loop is not preempted by them as it reads their messages, and frames go first \
        however many clients crowd the CPUs. Raising a priority needs root, CAP_SYS_NICE or \
        RLIMIT_NICE; without them the daemon says so and runs at its thread's priority. The \
        compositor's drawing threads run at 5.
        """, valueName: "n"))
    var loopNice: Int = -20

    @Option(name: .long, help: ArgumentHelp("Log threshold: trace, debug, info, notice, warning, error or critical.",
                                            valueName: "level"))
    var logLevel: LevelOption = .info

    // Limits (Protocol/PROTOCOL.md §11): one flag each, announced to clients in welcome.
    @Option(name: .long, help: limitHelp(.maxFrameBytes, "bytes")) var maxFrameBytes: UInt32 = Limits.default.maxFrameBytes
    @Option(name: .long, help: limitHelp(.maxLayers, "n")) var maxLayers: UInt32 = Limits.default.maxLayers
    @Option(name: .long, help: limitHelp(.maxAnimationsPerLayer, "n")) var maxAnimationsPerLayer: UInt32 = Limits.default.maxAnimationsPerLayer
    @Option(name: .long, help: limitHelp(.maxAnimations, "n")) var maxAnimations: UInt32 = Limits.default.maxAnimations
    @Option(name: .long, help: limitHelp(.maxKeyframes, "n")) var maxKeyframes: UInt32 = Limits.default.maxKeyframes
    @Option(name: .long, help: limitHelp(.maxBitmapBytes, "bytes")) var maxBitmapBytes: UInt32 = Limits.default.maxBitmapBytes
    @Option(name: .long, help: limitHelp(.maxCommandsPerCommit, "n")) var maxCommandsPerCommit: UInt32 = Limits.default.maxCommandsPerCommit
    @Option(name: .long, help: limitHelp(.maxTreeDepth, "n")) var maxTreeDepth: UInt32 = Limits.default.maxTreeDepth
    @Option(name: .long, help: limitHelp(.maxNameBytes, "bytes")) var maxNameBytes: UInt32 = Limits.default.maxNameBytes
    @Option(name: .long, help: limitHelp(.maxSessionPendingBytes, "bytes")) var maxSessionPendingBytes: UInt32 = Limits.default.maxSessionPendingBytes
    @Option(name: .long, help: limitHelp(.maxDaemonPendingBytes, "bytes")) var maxDaemonPendingBytes: UInt32 = Limits.default.maxDaemonPendingBytes
    @Option(name: .long, help: limitHelp(.handshakeTimeoutMilliseconds, "ms")) var handshakeTimeoutMilliseconds: UInt32 = Limits.default.handshakeTimeoutMilliseconds
    @Option(name: .long, help: limitHelp(.frameTimeoutMilliseconds, "ms")) var frameTimeoutMilliseconds: UInt32 = Limits.default.frameTimeoutMilliseconds
    @Option(name: .long, help: limitHelp(.maxDescriptorsPerCommit, "n")) var maxDescriptorsPerCommit: UInt32 = Limits.default.maxDescriptorsPerCommit
    @Option(name: .long, help: limitHelp(.maxSharedBytesPerCommit, "bytes")) var maxSharedBytesPerCommit: UInt32 = Limits.default.maxSharedBytesPerCommit
    @Option(name: .long, help: limitHelp(.maxContentsBytesPerSession, "bytes")) var maxContentsBytesPerSession: UInt32 = Limits.default.maxContentsBytesPerSession
    @Option(name: .long, help: limitHelp(.maxContentsBytes, "bytes")) var maxContentsBytes: UInt32 = Limits.default.maxContentsBytes

    @Option(name: .long, help: ArgumentHelp("The most layers one tree dump may hold; a larger one is refused (ask for a session or a subtree).", valueName: "n"))
    var maxTreeReplyLayers: Int = 2_000
    @Option(name: .long, help: ArgumentHelp("Control requests (tree dumps, frame logs) one client may have waiting for the control worker; more are refused until replies go out.", valueName: "n"))
    var maxControlJobsPerClient: Int = ControlLimits().jobsPerSession
    @Option(name: .long, help: ArgumentHelp("Bytes one client's waiting control requests may hold (each tree dump's copy of its layers).", valueName: "bytes"))
    var maxControlBytesPerClient: Int = ControlLimits().bytesPerSession
    @Option(name: .long, help: ArgumentHelp("Control requests waiting for the control worker over all clients.", valueName: "n"))
    var maxControlJobs: Int = ControlLimits().jobs
    @Option(name: .long, help: ArgumentHelp("Bytes the waiting control requests of all clients may hold.", valueName: "bytes"))
    var maxControlBytes: Int = ControlLimits().bytes

    /// The limits the flags give.
    var limits: Limits {
        Limits(maxFrameBytes: maxFrameBytes, maxLayers: maxLayers, maxAnimationsPerLayer: maxAnimationsPerLayer,
               maxAnimations: maxAnimations, maxKeyframes: maxKeyframes, maxBitmapBytes: maxBitmapBytes,
               maxCommandsPerCommit: maxCommandsPerCommit, maxTreeDepth: maxTreeDepth, maxNameBytes: maxNameBytes,
               maxSessionPendingBytes: maxSessionPendingBytes, maxDaemonPendingBytes: maxDaemonPendingBytes,
               handshakeTimeoutMilliseconds: handshakeTimeoutMilliseconds,
               frameTimeoutMilliseconds: frameTimeoutMilliseconds, maxDescriptorsPerCommit: maxDescriptorsPerCommit,
               maxSharedBytesPerCommit: maxSharedBytesPerCommit, maxContentsBytesPerSession: maxContentsBytesPerSession,
               maxContentsBytes: maxContentsBytes)
    }

    @Flag(name: .long, help: "Exit when standard input reaches end-of-file (lets a parent process tie the daemon's life to its own).")
    var exitOnStdinEof = false

    enum ClockOption: String, ExpressibleByArgument, CaseIterable { case real, manual }
    enum OutputOption: String, ExpressibleByArgument, CaseIterable { case headless, x11, wayland, none }

    enum LevelOption: String, ExpressibleByArgument, CaseIterable {
        case trace, debug, info, notice, warning, error, critical
        var level: Logger.Level { Logger.Level(rawValue: rawValue)! }
    }

    /// The parsed `--size`.
    var dimensions: (width: Int, height: Int)? {
        let parts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w <= 16384, h <= 16384
        else { return nil }
        return (w, h)
    }

    func validate() throws {
        guard fps.isFinite, fps > 0, fps <= 1000 else {
            throw ValidationError("--fps \(fps) is out of range; use a rate between 1 and 1000 frames per second")
        }
        guard dimensions != nil else {
            throw ValidationError("--size \"\(size)\" is not WIDTHxHEIGHT with each side 1…16384, e.g. 1280x720")
        }
        if let socket, socket.isEmpty { throw ValidationError("--socket needs a path") }
        guard recordEvery >= 1 else { throw ValidationError("--record-every \(recordEvery): use 1 (every frame) or more") }
        if (waylandDisplay != nil || keepRunning || fullscreen) && output != .wayland {
            let flag = waylandDisplay != nil ? "--wayland-display" : keepRunning ? "--keep-running" : "--fullscreen"
            throw ValidationError("\(flag) is for the Wayland window; add --output wayland")
        }
        if let waylandDisplay, waylandDisplay.isEmpty { throw ValidationError("--wayland-display needs a socket name or path") }
        if record != nil && output == .none {
            throw ValidationError("--record needs frames to be drawn; drop --output none")
        }
        if let record, record.isEmpty { throw ValidationError("--record needs a folder") }
        if let n = compositorThreads {
            guard (1...CompositorOutput.maxThreads).contains(n) else {
                throw ValidationError("--compositor-threads \(n) is out of range; use 1…\(CompositorOutput.maxThreads)")
            }
            if output == .none { throw ValidationError("--compositor-threads needs frames to be drawn; drop --output none") }
        }
        guard maxTreeReplyLayers > 0 else { throw ValidationError("--max-tree-reply-layers must be at least 1") }
        for (flag, value) in [("--max-control-jobs-per-client", maxControlJobsPerClient),
                              ("--max-control-bytes-per-client", maxControlBytesPerClient),
                              ("--max-control-jobs", maxControlJobs), ("--max-control-bytes", maxControlBytes)]
        where value < 1 {
            throw ValidationError("\(flag) \(value): it must be at least 1")
        }
        for id in Limits.ID.allCases where limits[id] == 0 {
            throw ValidationError("\(id.flag) 0: every limit must be at least 1")
        }
        guard maxTreeDepth <= Limits.maxTreeDepthCeiling else {
            throw ValidationError("--max-tree-depth \(maxTreeDepth) is deeper than rendersrvd accepts "
                + "(\(Limits.maxTreeDepthCeiling)): drawing and the structural checks are proven up to that depth; "
                + "use at most \(Limits.maxTreeDepthCeiling), or flatten the hierarchy")
        }
    }

    func run() throws {
        // A child spawned from a thread that blocks SIGTERM inherits that mask: clear it,
        // or SIGTERM would never reach us (see NOTES-platform.md).
        Server.clearInheritedSignalMask()
        let level = logLevel.level
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        var logger = Logger(label: "rendersrvd")
        logger.logLevel = level
        let (width, height) = dimensions!
        // A socket passed by the service manager (systemd socket activation), and where to
        // report readiness; both read once, then unset (nothing we start should see them).
        let environment = SocketPath.processEnvironment
        let activated: SocketActivation?
        do {
            activated = try SocketActivation.fromEnvironment(environment)
        } catch {
            printError("rendersrvd: error: \(error)")
            throw ExitCode.failure
        }
        SocketActivation.unsetEnvironment()
        let notifier = ServiceNotifier.fromEnvironment(environment)
        unsetenv("NOTIFY_SOCKET")
        if activated != nil, socket != nil {
            printError("rendersrvd: error: --socket \(socket!) was given, but the service manager passed a listening "
                + "socket (LISTEN_FDS); drop --socket: the unit's ListenStream= names the path")
            throw ExitCode.failure
        }
        var configuration = Configuration(socketPath: socket, refreshRate: fps, displayWidth: width,
                                          displayHeight: height, clock: clock == .manual ? .manual() : .real,
                                          limits: limits, handlesTerminationSignals: true, exitsOnStandardInputEOF: exitOnStdinEof,
                                          logger: logger)
        configuration.maxTreeReplyLayers = maxTreeReplyLayers
        if let spinAfterReads { configuration.spinAfterReads = spinAfterReads / 1e6 }
        configuration.loopNice = loopNice
        configuration.controlLimits = ControlLimits(jobsPerSession: maxControlJobsPerClient,
                                                    bytesPerSession: maxControlBytesPerClient,
                                                    jobs: maxControlJobs, bytes: maxControlBytes)
        configuration.activatedSocket = activated
        configuration.serviceNotifier = notifier
        configuration.keepsRunningWithoutWindow = keepRunning
        var compositor: CompositorOutput?
        if output != .none {
            do {
                var options = CompositorOutput.Options(width: width, height: height, synchronous: clock == .manual,
                                                        recordDirectory: record, recordEvery: recordEvery,
                                                        x11: output == .x11, wayland: output == .wayland,
                                                        waylandDisplay: waylandDisplay, threads: compositorThreads,
                                                        logger: logger)
                options.waylandFullscreen = fullscreen
                compositor = try CompositorOutput(options)
                configuration.output = compositor
            } catch {
                printError("rendersrvd: error: \(error)")
                throw ExitCode.failure
            }
        }
        let server: Server
        do {
            server = try Server(configuration: configuration)
        } catch {
            printError("rendersrvd: error: \(error)")
            throw ExitCode.failure
        }
        let rate = fps == fps.rounded() ? "\(Int(fps))" : "\(fps)"
        printError("rendersrvd: listening on \(server.socketPath)\(activated != nil ? " (socket from the service manager)" : "") (\(rate) Hz, \(width)x\(height), \(clock.rawValue) clock, "
            + "output \(output.rawValue)\(x11Transport(compositor))\(record.map { ", recording to \($0)" } ?? ""))")
        do {
            try server.run()
        } catch {
            printError("rendersrvd: error: \(error)")
            throw ExitCode.failure
        }
    }
}

/// " via MIT-SHM" or " via PutImage" for an X11 output, else "".
func x11Transport(_ output: CompositorOutput?) -> String {
    guard let compositor = output else { return "" }
    let threads = ", \(compositor.threads) compositor thread\(compositor.threads == 1 ? "" : "s")"
    guard let shm = compositor.x11SharedMemory else { return threads }
    return (shm ? " via MIT-SHM" : " via PutImage") + threads
}

/// `--help` text for a limit: what it caps and its default.
func limitHelp(_ id: Limits.ID, _ unit: String) -> ArgumentHelp {
    ArgumentHelp("Limit: \(id.summary).", valueName: unit)
}

/// One line to standard error, written whole.
func printError(_ line: String) {
    var bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + offset, $0.count - offset) }
        if n <= 0 { break }
        offset += n
    }
}

RenderServerDaemon.main()
