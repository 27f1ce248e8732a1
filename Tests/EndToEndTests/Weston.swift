import CCairo
import CXCB
import Foundation
import Glibc
import RenderPictures

/// A private weston for end-to-end tests of `rendersrvd --output wayland`: its own
/// XDG_RUNTIME_DIR (mode 0700) and socket, the pixman renderer, `--debug` so that
/// `weston-screenshooter` may read its output back. Headless (a 60 Hz output in memory) or
/// inside an X server (the X11 backend: input injected into that X server with XTest reaches
/// weston's clients as `wl_seat` events; with the kiosk shell the daemon's window fills
/// weston's output, so the daemon's display point (x, y) is at `x11Window`'s origin + (x, y)).
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
        case headless(width: Int, height: Int, scale: Int = 1)
        /// A window of this size on the X display `display`.
        case x11(display: String, width: Int, height: Int)
    }

    struct StartError: Error, CustomStringConvertible { let description: String }
    /// Key repeat weston announces to its clients (`wl_keyboard.repeat_info`, from weston.ini's
    /// [keyboard]): repeats per second, and milliseconds before the first. Not weston's
    /// defaults (40 after 400 ms), so that a test sees these reach the daemon.
    static let repeatRate = 20, repeatDelay = 300

    let process = Process()
    let runtimeDirectory: String
    let socketName = "wayland-rendersrv"
    let logPath: String
    /// With the X11 backend: weston's window on the X screen, and where it is.
    private(set) var x11Window: (id: xcb_window_t, x: Int, y: Int)?

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

            [keyboard]
            repeat-rate=\(Weston.repeatRate)
            repeat-delay=\(Weston.repeatDelay)

            """.write(toFile: config, atomically: true, encoding: .utf8)
        var arguments = ["--socket=\(socketName)", "--shell=\(shell)", "--use-pixman", "--idle-time=0", "--debug",
                         "--config=\(config)", "--log=\(logPath)"]
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtimeDirectory
        env["WAYLAND_DISPLAY"] = nil
        switch backend {
        case let .headless(width, height, scale):
            // With a scale the output is width × height points, width × scale pixels wide.
            arguments += ["--backend=headless-backend.so", "--width=\(width)", "--height=\(height)", "--scale=\(scale)"]
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
        if case let .x11(display, width, height) = backend {
            do { x11Window = try Weston.findWindow(display: display, width: width, height: height) } catch {
                stop()
                throw error
            }
        }
    }

    /// Weston's X11 output window: the root's mapped child of the output's size (no window
    /// manager runs, so it is where weston put it). Weston maps it before it listens.
    private static func findWindow(display: String, width: Int, height: Int) throws -> (id: xcb_window_t, x: Int, y: Int) {
        var screen: Int32 = 0
        guard let c = xcb_connect(display, &screen), xcb_connection_has_error(c) == 0 else {
            throw StartError(description: "cannot connect to X display \(display) to find weston's window")
        }
        defer { xcb_disconnect(c) }
        let root = xcb_setup_roots_iterator(xcb_get_setup(c)).data!.pointee.root
        guard let tree = xcb_query_tree_reply(c, xcb_query_tree(c, root), nil) else {
            throw StartError(description: "QueryTree of the root window of \(display) failed")
        }
        defer { free(tree) }
        let children = UnsafeBufferPointer(start: xcb_query_tree_children(tree), count: Int(xcb_query_tree_children_length(tree)))
        var found: [(id: xcb_window_t, x: Int, y: Int)] = []
        for w in children {
            guard let attributes = xcb_get_window_attributes_reply(c, xcb_get_window_attributes(c, w), nil) else { continue }
            let viewable = attributes.pointee.map_state == UInt8(XCB_MAP_STATE_VIEWABLE.rawValue)
            free(attributes)
            guard viewable, let g = xcb_get_geometry_reply(c, xcb_get_geometry(c, w), nil) else { continue }
            if Int(g.pointee.width) == width && Int(g.pointee.height) == height { found.append((w, Int(g.pointee.x), Int(g.pointee.y))) }
            free(g)
        }
        guard found.count == 1 else {
            throw StartError(description: "expected one mapped \(width)x\(height) window of weston on X display \(display), "
                + "found \(found.count)")
        }
        return found[0]
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
