import CXCB
import CXTest
import Foundation
import Glibc

/// A private Xvfb for in-process tests of the X11 output (the same as EndToEndTests'
/// `X11OutputTests.VirtualDisplay`, which another test target cannot share): `-displayfd 1`
/// prints its display number once it accepts clients.
final class VirtualDisplay {
    static let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let missing = "Xvfb is not installed: apt-get install xvfb (Scripts/setup installs it)"

    let process = Process()
    let display: String

    struct StartError: Error, CustomStringConvertible { let description: String }

    init() throws {
        guard let xvfb = VirtualDisplay.xvfb else { throw StartError(description: VirtualDisplay.missing) }
        process.executableURL = URL(fileURLWithPath: xvfb)
        process.arguments = ["-displayfd", "1", "-screen", "0", "640x480x24", "-nolisten", "tcp"]
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
    func stop() { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
    deinit { stop() }
}

/// Fakes pointer and key input on a display through XTest, on a connection of its own.
final class XTestInjector {
    let connection: OpaquePointer
    let root: xcb_window_t

    struct InjectError: Error, CustomStringConvertible { let description: String }

    init(display: String) throws {
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
    func move(_ x: Int16, _ y: Int16) throws { try fake(XCB_MOTION_NOTIFY, 0, x: x, y: y) }
    func press(button: UInt8) throws { try fake(XCB_BUTTON_PRESS, button) }
    func release(button: UInt8) throws { try fake(XCB_BUTTON_RELEASE, button) }
    func click(button: UInt8) throws { try press(button: button); try release(button: button) }
    func press(key: UInt8) throws { try fake(XCB_KEY_PRESS, key) }
    func release(key: UInt8) throws { try fake(XCB_KEY_RELEASE, key) }

    /// The first keycode whose unshifted keysym is `keysym`.
    func keycode(of keysym: UInt32) throws -> UInt8 {
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
    func remap(_ keycode: UInt8, to keysyms: [UInt32]) throws {
        let cookie = xcb_change_keyboard_mapping_checked(connection, 1, keycode, UInt8(keysyms.count), keysyms)
        if let error = xcb_request_check(connection, cookie) {
            defer { free(error) }
            throw InjectError(description: "ChangeKeyboardMapping failed: X error \(error.pointee.error_code)")
        }
    }

    /// Gives `window` the keyboard focus.
    func focus(_ window: xcb_window_t) {
        xcb_set_input_focus(connection, UInt8(XCB_INPUT_FOCUS_POINTER_ROOT.rawValue), window, 0 /* CurrentTime */)
        sync()
    }

    /// Every event mask any client selects on `window` (to see that another client listens).
    func allEventMasks(of window: xcb_window_t) -> UInt32 {
        guard let r = xcb_get_window_attributes_reply(connection, xcb_get_window_attributes(connection, window), nil) else { return 0 }
        defer { free(r) }
        return r.pointee.all_event_masks
    }

    /// A round trip: the server has processed everything sent so far.
    func sync() {
        if let r = xcb_get_input_focus_reply(connection, xcb_get_input_focus(connection), nil) { free(r) }
    }
}
