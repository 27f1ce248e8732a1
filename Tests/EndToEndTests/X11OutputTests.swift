import CXCB
import Foundation
import Glibc
import Testing
import RenderClient

/// `rendersrvd --output x11` under Xvfb: the window shows the same pixels as the headless
/// frame. Skipped when Xvfb is not installed (`apt-get install xvfb`).
@Suite("End to end, X11 output")
struct X11OutputTests {
    static let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// A private Xvfb; `-displayfd 1` prints its display number once it accepts clients.
    final class VirtualDisplay {
        let process = Process()
        let display: String
        /// `sharedMemory` false starts it without the MIT-SHM extension.
        init(sharedMemory: Bool = true) throws {
            process.executableURL = URL(fileURLWithPath: X11OutputTests.xvfb!)
            process.arguments = ["-displayfd", "1", "-screen", "0", "640x480x24", "-nolisten", "tcp"]
                + (sharedMemory ? [] : ["-extension", "MIT-SHM"])
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw CocoaError(.fileWriteUnknown) }
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
            guard !text.isEmpty else { throw CocoaError(.fileReadUnknown) }
            display = ":" + String(decoding: text, as: UTF8.self)
        }
        /// SIGKILL: a child spawned from a test thread inherits a mask that blocks SIGTERM
        /// (NOTES-platform.md), and Xvfb has nothing to save.
        func stop() { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
        deinit { stop() }
    }

    /// The screen's pixels at (0, 0, width, height), BGRX.
    static func capture(_ display: String, width: Int, height: Int) throws -> [UInt8] {
        var screenNumber: Int32 = 0
        guard let c = xcb_connect(display, &screenNumber), xcb_connection_has_error(c) == 0 else {
            throw CocoaError(.fileReadNoPermission)
        }
        defer { xcb_disconnect(c) }
        let root = xcb_setup_roots_iterator(xcb_get_setup(c)).data!.pointee.root
        let cookie = xcb_get_image(c, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), root, 0, 0, UInt16(width), UInt16(height), ~0)
        guard let reply = xcb_get_image_reply(c, cookie, nil) else { throw CocoaError(.fileReadCorruptFile) }
        defer { free(reply) }
        let n = Int(xcb_get_image_data_length(reply))
        let data = xcb_get_image_data(reply)!
        return Array(UnsafeBufferPointer(start: data, count: n))
    }

    @Test(.enabled(if: X11OutputTests.xvfb != nil), arguments: [true, false])
    func theWindowShowsTheHeadlessFrame(sharedMemory: Bool) throws {
        let x = try VirtualDisplay(sharedMemory: sharedMemory)
        defer { x.stop() }
        let daemon = try Daemon(clock: "manual", extraArguments: ["--output", "x11", "--size", "320x240"],
                                environment: ["DISPLAY": x.display])
        defer { daemon.stop() }
        #expect(daemon.stderrText.contains(sharedMemory ? "via MIT-SHM" : "via PutImage"), "\(daemon.stderrText)")
        let client = try Client(daemon)
        try PictureTests().scene(client)
        _ = try client.control.step(seconds: 0.5)
        let shot = try client.control.snapshot()
        let screen = try X11OutputTests.capture(x.display, width: 320, height: 240)
        #expect(screen.count == shot.pixels.count)
        var differing = 0
        for i in stride(from: 0, to: min(screen.count, shot.pixels.count), by: 4) {
            if screen[i] != shot.pixels[i] || screen[i + 1] != shot.pixels[i + 1] || screen[i + 2] != shot.pixels[i + 2] {
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) pixels of the window differ from the headless frame")
        // The square really is there (not two black images).
        let i = (120 * 320 + 160) * 4
        #expect(Array(screen[i..<i + 3]) == [0, 0, 255])
    }

    @Test func withoutADisplayTheDaemonExplains() throws {
        #expect(throws: (any Error).self) {
            _ = try Daemon(clock: "manual", extraArguments: ["--output", "x11"], environment: ["DISPLAY": ":9999"])
        }
    }
}
