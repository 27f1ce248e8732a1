import CXCB
import CXTest
import Foundation
import Glibc

/// What the tests of X11 and Wayland windows share (RenderServerTests in process,
/// EndToEndTests through the real binaries): a private Xvfb, XTest input, reading the screen
/// back, and polling another process under a deadline. A library target of its own, since
/// one test target cannot import another.

/// A private Xvfb, 640×480×24: `-displayfd 1` prints its display number once it accepts clients.
public final class VirtualDisplay {
    public static let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first { FileManager.default.isExecutableFile(atPath: $0) }
    public static let missing = "Xvfb is not installed: apt-get install xvfb (Scripts/setup installs it)"

    public let process = Process()
    /// Its display name (":N").
    public let display: String

    public struct StartError: Error, CustomStringConvertible { public let description: String }

    /// `sharedMemory` false starts it without the MIT-SHM extension.
    public init(sharedMemory: Bool = true) throws {
        guard let xvfb = VirtualDisplay.xvfb else { throw StartError(description: VirtualDisplay.missing) }
        process.executableURL = URL(fileURLWithPath: xvfb)
        process.arguments = ["-displayfd", "1", "-screen", "0", "640x480x24", "-nolisten", "tcp"]
            + (sharedMemory ? [] : ["-extension", "MIT-SHM"])
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw StartError(description: "pipe failed: errno \(errno)") }
        process.standardOutput = FileHandle(fileDescriptor: fds[1], closeOnDealloc: false)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        close(fds[1])
        defer { close(fds[0]) }
        // Blocks until Xvfb accepts clients and writes its display number (or exits: EOF).
        var text: [UInt8] = []
        var byte: UInt8 = 0
        while read(fds[0], &byte, 1) == 1 && byte != 10 { text.append(byte) }
        guard !text.isEmpty else { throw StartError(description: "\(xvfb) exited before accepting clients") }
        display = ":" + String(decoding: text, as: UTF8.self)
    }

    /// SIGKILL: a child spawned from a test thread inherits a mask that blocks SIGTERM
    /// (NOTES-platform.md), and Xvfb has nothing to save.
    public func stop() { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
    deinit { stop() }
}

/// Fakes pointer and key input on a display through XTest, on a connection of its own.
public final class XTestInjector {
    public let connection: OpaquePointer
    public let root: xcb_window_t

    public struct InjectError: Error, CustomStringConvertible { public let description: String }

    public init(display: String) throws {
        var screen: Int32 = 0
        guard let c = xcb_connect(display, &screen), xcb_connection_has_error(c) == 0 else {
            throw InjectError(description: "cannot connect to \(display)")
        }
        connection = c
        root = xcb_setup_roots_iterator(xcb_get_setup(c)).data!.pointee.root
        guard cxtest_present(UnsafeMutableRawPointer(c)) != 0 else {
            xcb_disconnect(c)
            throw InjectError(description: "\(display) has no XTEST extension")
        }
    }
    deinit { xcb_disconnect(connection) }

    private func fake(_ type: Int32, _ detail: UInt8, x: Int16 = 0, y: Int16 = 0) throws {
        let code = cxtest_fake_input(UnsafeMutableRawPointer(connection), UInt8(type), detail, root, x, y)
        guard code == 0 else { throw InjectError(description: "XTestFakeInput(\(type), \(detail)) failed: X error \(code)") }
    }

    /// The pointer to (x, y) on the root window (where a window at the origin has it too).
    public func move(_ x: Int16, _ y: Int16) throws { try fake(XCB_MOTION_NOTIFY, 0, x: x, y: y) }
    /// Button `button` (1 the left) pressed, released, or both.
    public func press(button: UInt8 = 1) throws { try fake(XCB_BUTTON_PRESS, button) }
    public func release(button: UInt8 = 1) throws { try fake(XCB_BUTTON_RELEASE, button) }
    public func click(button: UInt8 = 1) throws { try press(button: button); try release(button: button) }
    public func press(key: UInt8) throws { try fake(XCB_KEY_PRESS, key) }
    public func release(key: UInt8) throws { try fake(XCB_KEY_RELEASE, key) }
    /// Any core input event (`XCB_KEY_PRESS`, `XCB_BUTTON_RELEASE`, …) with its detail.
    public func fake(_ type: Int32, detail: UInt8) throws { try fake(type, detail, x: 0, y: 0) }

    /// The first keycode whose unshifted keysym is `keysym`.
    public func keycode(of keysym: UInt32) throws -> UInt8 {
        let setup = xcb_get_setup(connection)!.pointee
        let count = UInt8(setup.max_keycode - setup.min_keycode + 1)
        guard let reply = xcb_get_keyboard_mapping_reply(connection, xcb_get_keyboard_mapping(connection, setup.min_keycode, count), nil)
        else { throw InjectError(description: "GetKeyboardMapping failed") }
        defer { free(reply) }
        let perKey = Int(reply.pointee.keysyms_per_keycode)
        let syms = xcb_get_keyboard_mapping_keysyms(reply)!
        for k in 0..<Int(count) where syms[k * perKey] == keysym { return setup.min_keycode + UInt8(k) }
        throw InjectError(description: "no keycode types keysym 0x\(String(keysym, radix: 16))")
    }

    /// Gives `keycode` new keysyms (plain, shifted) in the core keymap, as `xmodmap` does.
    public func remap(_ keycode: UInt8, to keysyms: [UInt32]) throws {
        let cookie = xcb_change_keyboard_mapping_checked(connection, 1, keycode, UInt8(keysyms.count), keysyms)
        if let error = xcb_request_check(connection, cookie) {
            defer { free(error) }
            throw InjectError(description: "ChangeKeyboardMapping failed: X error \(error.pointee.error_code)")
        }
    }

    /// Gives `window` the keyboard focus.
    public func focus(_ window: xcb_window_t) {
        xcb_set_input_focus(connection, UInt8(XCB_INPUT_FOCUS_POINTER_ROOT.rawValue), window, 0 /* CurrentTime */)
        sync()
    }

    /// Every event mask any client selects on `window` (to see that another client listens).
    public func allEventMasks(of window: xcb_window_t) -> UInt32 {
        guard let r = xcb_get_window_attributes_reply(connection, xcb_get_window_attributes(connection, window), nil) else { return 0 }
        defer { free(r) }
        return r.pointee.all_event_masks
    }

    /// A round trip: the server has processed everything sent so far.
    public func sync() {
        if let r = xcb_get_input_focus_reply(connection, xcb_get_input_focus(connection), nil) { free(r) }
    }
}

/// The screen of `display` at (0, 0, width, height), as BGRX bytes.
public func captureScreen(_ display: String, width: Int, height: Int) throws -> [UInt8] {
    var screenNumber: Int32 = 0
    guard let c = xcb_connect(display, &screenNumber), xcb_connection_has_error(c) == 0 else {
        throw VirtualDisplay.StartError(description: "cannot connect to \(display) to read its screen")
    }
    defer { xcb_disconnect(c) }
    let root = xcb_setup_roots_iterator(xcb_get_setup(c)).data!.pointee.root
    let cookie = xcb_get_image(c, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), root, 0, 0, UInt16(width), UInt16(height), ~0)
    guard let reply = xcb_get_image_reply(c, cookie, nil) else {
        throw VirtualDisplay.StartError(description: "GetImage \(width)x\(height) of \(display) failed")
    }
    defer { free(reply) }
    let n = Int(xcb_get_image_data_length(reply))
    return Array(UnsafeBufferPointer(start: xcb_get_image_data(reply)!, count: n))
}

/// Calls `body` until it returns a value or `seconds` pass: for what another process (an X
/// server, weston, the daemon) does in its own time, under a hard deadline.
public func poll<T>(_ seconds: Double, _ body: () throws -> T?) rethrows -> T? {
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    let deadline = Double(start.tv_sec) + Double(start.tv_nsec) / 1e9 + seconds
    while true {
        if let v = try body() { return v }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        if Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 >= deadline { return nil }
        usleep(5_000) // sleep-ok: polling another process with a hard deadline
    }
}

/// Values appended from another thread (a client's callback queue) and read by the test.
public final class Box<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [T] = []
    public init() {}
    public func append(_ v: T) { lock.lock(); items.append(v); lock.unlock() }
    public var all: [T] { lock.lock(); defer { lock.unlock() }; return items }
}
