import CCairo
import Foundation
import Glibc
import RenderPictures

/// A private weston for end-to-end tests of `rendersrvd --output wayland`: its own
/// XDG_RUNTIME_DIR (mode 0700) and socket, the pixman renderer, `--debug` so that
/// `weston-screenshooter` may read its output back. Headless (a 60 Hz output in memory) or
/// inside an X server (the X11 backend: input injected into that X server with XTest reaches
/// weston's clients as `wl_pointer` events).
///
/// Threads: the test makes, uses and stops it.
final class Weston {
    static let binary = ["/usr/bin/weston", "/usr/local/bin/weston"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let screenshooter = ["/usr/bin/weston-screenshooter", "/usr/local/bin/weston-screenshooter"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    /// Why the Wayland tests cannot run here, or nil when they can.
    static let missing: String? = binary == nil || screenshooter == nil
        ? "weston (with weston-screenshooter) is not installed: apt-get install weston (Scripts/setup installs it)" : nil

    enum Backend {
        /// An output in memory of this size.
        case headless(width: Int, height: Int)
        /// A window of this size on the X display `display`.
        case x11(display: String, width: Int, height: Int)
    }

    struct StartError: Error, CustomStringConvertible { let description: String }

    let process = Process()
    let runtimeDirectory: String
    let socketName = "wayland-rendersrv"
    let logPath: String

    /// What a client of this weston needs in its environment.
    var environment: [String: String] { ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": socketName] }

    /// Starts weston and returns once its socket accepts clients. `shell`: desktop-shell.so
    /// (windows, fullscreen on request), or another shell module (fullscreen-shell.so speaks no
    /// xdg-shell: for the daemon's error).
    init(_ backend: Backend, shell: String = "desktop-shell.so") throws {
        guard let weston = Weston.binary, Weston.missing == nil else { throw StartError(description: Weston.missing!) }
        var template = Array((FileManager.default.temporaryDirectory.path + "/rendersrv-weston-XXXXXX").utf8CString)
        guard let dir = mkdtemp(&template) else { throw StartError(description: "mkdtemp failed: errno \(errno)") }
        runtimeDirectory = String(cString: dir)
        chmod(runtimeDirectory, 0o700)
        logPath = runtimeDirectory + "/weston.log"
        // No animations: the desktop shell fades and zooms windows in by default, which a
        // screenshot taken at once would catch half done.
        let config = runtimeDirectory + "/weston.ini"
        try """
            [shell]
            animation=none
            startup-animation=none
            close-animation=none
            focus-animation=none

            """.write(toFile: config, atomically: true, encoding: .utf8)
        var arguments = ["--socket=\(socketName)", "--shell=\(shell)", "--use-pixman", "--idle-time=0", "--debug",
                         "--config=\(config)", "--log=\(logPath)"]
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtimeDirectory
        env["WAYLAND_DISPLAY"] = nil
        switch backend {
        case let .headless(width, height):
            arguments += ["--backend=headless-backend.so", "--width=\(width)", "--height=\(height)"]
        case let .x11(display, width, height):
            arguments += ["--backend=x11-backend.so", "--width=\(width)", "--height=\(height)"]
            env["DISPLAY"] = display
        }
        process.executableURL = URL(fileURLWithPath: weston)
        process.arguments = arguments
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Weston creates its socket once it accepts clients: poll for it (another process).
        let socket = runtimeDirectory + "/" + socketName
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: socket + ".lock") || !Weston.accepts(socket) {
            guard process.isRunning else { throw StartError(description: "weston exited at start: \(log)") }
            guard Date() < deadline else { stop(); throw StartError(description: "weston did not listen within 20 s: \(log)") }
            usleep(10_000) // sleep-ok: polls another process (weston) for its socket, under a 20 s deadline
        }
    }

    /// Whether a Unix socket at `path` accepts a connection.
    private static func accepts(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { p in
            for (i, b) in path.utf8.prefix(p.count - 1).enumerated() { p[i] = b }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 }
        }
    }

    /// Weston's log so far (for failure messages).
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// The output's pixels now, read back with `weston-screenshooter` (which weston answers at
    /// its next repaint), as premultiplied ARGB32 rows.
    func screenshot() throws -> Picture {
        let folder = runtimeDirectory + "/shot-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let shooter = Process()
        shooter.executableURL = URL(fileURLWithPath: Weston.screenshooter!)
        shooter.currentDirectoryURL = URL(fileURLWithPath: folder)
        shooter.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        shooter.standardOutput = FileHandle.nullDevice
        shooter.standardError = FileHandle.nullDevice
        try shooter.run()
        let deadline = Date().addingTimeInterval(10)
        while shooter.isRunning {
            guard Date() < deadline else {
                kill(shooter.processIdentifier, SIGKILL)
                throw StartError(description: "weston-screenshooter did not finish within 10 s")
            }
            usleep(5_000) // sleep-ok: waits for another process (weston-screenshooter), under a 10 s deadline
        }
        guard shooter.terminationStatus == 0,
              let name = try FileManager.default.contentsOfDirectory(atPath: folder).first(where: { $0.hasSuffix(".png") })
        else { throw StartError(description: "weston-screenshooter wrote no picture (status \(shooter.terminationStatus)): \(log)") }
        let surface = try Picture.load(folder + "/" + name)
        defer { cairo_surface_destroy(surface) }
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w * 4 { pixels[y * w * 4 + x] = data[y * stride + x] }
        }
        return Picture(width: w, height: h, pixels: pixels)
    }

    /// SIGKILL (a child of a test thread may not see SIGTERM, NOTES-platform.md; weston has
    /// nothing to save), then the runtime folder goes.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    deinit { stop() }
}
