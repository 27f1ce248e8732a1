import CXCB
import Foundation
import Glibc

/// A private weston on an X server (its X11 backend) for the end-to-end tests of the Wayland
/// window's input: pointer and key events injected into that X server with XTest reach weston's
/// window there, and weston passes them to its clients as `wl_seat` events. Its own
/// XDG_RUNTIME_DIR (mode 0700) and socket, the pixman renderer, and the kiosk shell, which
/// shows the one toplevel (the daemon's window) fullscreen on weston's output, so that the
/// daemon's display point (x, y) is at the X window's origin + (x, y).
///
/// (The lead's `Weston` helper for the headless backend was not on main when this was written;
/// this one is kept apart so that the two can be merged into one, which that helper's
/// `.x11` backend case already anticipates.)
///
/// Threads: the test makes, uses and stops it.
final class WestonX11 {
    static let binary = ["/usr/bin/weston", "/usr/local/bin/weston"].first { FileManager.default.isExecutableFile(atPath: $0) }

    struct StartError: Error, CustomStringConvertible { let description: String }
    /// Key repeat weston announces: repeats per second, and milliseconds before the first.
    static let repeatRate = 20, repeatDelay = 300

    let process = Process()
    let runtimeDirectory: String
    let socketName = "wayland-rendersrv"
    let logPath: String
    /// The X window weston shows its output in, and where it is on the X screen.
    let window: xcb_window_t
    let origin: (x: Int, y: Int)

    /// What a client of this weston needs in its environment.
    var environment: [String: String] { ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": socketName] }

    /// Starts weston with a `width`×`height` output in a window on the X display `display`
    /// and returns once its socket accepts clients and its window is on the screen.
    init(display: String, width: Int, height: Int) throws {
        guard let weston = WestonX11.binary else {
            throw StartError(description: "weston is not installed: apt-get install weston (Scripts/setup installs it)")
        }
        var template = Array((FileManager.default.temporaryDirectory.path + "/rendersrv-weston-XXXXXX").utf8CString)
        guard let dir = mkdtemp(&template) else {
            throw StartError(description: "cannot make weston's runtime folder in \(FileManager.default.temporaryDirectory.path): "
                + String(cString: strerror(errno)))
        }
        runtimeDirectory = String(cString: dir)
        chmod(runtimeDirectory, 0o700)
        logPath = runtimeDirectory + "/weston.log"
        // Key repeat as weston's clients are told (`wl_keyboard.repeat_info`): not weston's
        // defaults (40 per second after 400 ms), so that a test sees these reach the client.
        let config = runtimeDirectory + "/weston.ini"
        try """
            [keyboard]
            repeat-rate=\(WestonX11.repeatRate)
            repeat-delay=\(WestonX11.repeatDelay)

            """.write(toFile: config, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtimeDirectory
        env["WAYLAND_DISPLAY"] = nil
        env["DISPLAY"] = display
        process.executableURL = URL(fileURLWithPath: weston)
        process.arguments = ["--backend=x11-backend.so", "--width=\(width)", "--height=\(height)", "--shell=kiosk-shell.so",
                             "--socket=\(socketName)", "--use-pixman", "--idle-time=0", "--config=\(config)", "--log=\(logPath)"]
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Weston listens once its output and shell are up: poll its socket (another process).
        let socket = runtimeDirectory + "/" + socketName
        let deadline = Date().addingTimeInterval(20)
        while !WestonX11.accepts(socket) {
            guard process.isRunning else {
                let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
                try? FileManager.default.removeItem(atPath: runtimeDirectory)
                throw StartError(description: "weston exited at start on X display \(display): \(log)")
            }
            guard Date() < deadline else {
                kill(process.processIdentifier, SIGKILL); process.waitUntilExit()
                let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
                try? FileManager.default.removeItem(atPath: runtimeDirectory)
                throw StartError(description: "weston did not listen within 20 s on X display \(display): \(log)")
            }
            usleep(10_000) // sleep-ok: polls another process (weston) for its socket, under a 20 s deadline
        }
        do {
            (window, origin) = try WestonX11.findWindow(display: display, width: width, height: height)
        } catch {
            kill(process.processIdentifier, SIGKILL); process.waitUntilExit()
            try? FileManager.default.removeItem(atPath: runtimeDirectory)
            throw error
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

    /// Weston's window: the root's mapped child of the output's size (no window manager runs,
    /// so it is where weston put it).
    private static func findWindow(display: String, width: Int, height: Int) throws -> (xcb_window_t, (x: Int, y: Int)) {
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
        var found: [(xcb_window_t, (x: Int, y: Int))] = []
        for w in children {
            guard let attributes = xcb_get_window_attributes_reply(c, xcb_get_window_attributes(c, w), nil) else { continue }
            let viewable = attributes.pointee.map_state == UInt8(XCB_MAP_STATE_VIEWABLE.rawValue)
            free(attributes)
            guard viewable, let g = xcb_get_geometry_reply(c, xcb_get_geometry(c, w), nil) else { continue }
            if Int(g.pointee.width) == width && Int(g.pointee.height) == height { found.append((w, (Int(g.pointee.x), Int(g.pointee.y)))) }
            free(g)
        }
        guard found.count == 1 else {
            throw StartError(description: "expected one mapped \(width)x\(height) window of weston on \(display), found \(found.count)")
        }
        return found[0]
    }

    /// Weston's log so far (for failure messages).
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// SIGKILL (a child of a test thread may not see SIGTERM, NOTES-platform.md; weston has
    /// nothing to save), then the runtime folder goes. Idempotent.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    deinit { stop() }
}
