import ArgumentParser
import CLibUV
import Foundation
import Glibc
import RenderProtocol

/// `rendersrv-stress floor-server`: the least a libuv server can do for a protocol ping — the
/// floor under the daemon's ping, between the raw ping-pong (a blocking `recv` and `send`)
/// and `rendersrvd` (`latency --libuv-floor`).
///
/// It reads as the daemon does — an IPC-mode `uv_pipe_t` (so libuv reads with `recvmsg`, ready
/// for descriptors), `uv_read_start` into one buffer, the loop sleeping in `epoll_wait` — and
/// answers each frame with no decoder, session or state: a `hello` with a fixed `welcome`, a
/// `ping` with its `pong` by one `write(2)`, `goodbye` by closing. What the daemon costs above
/// it is the protocol's own work; what it costs above the raw ping-pong is the event loop's
/// (one more system call a message, and epoll's wake-up instead of a socket's).
///
/// Not a server for clients: frames other than those three are skipped.
struct FloorServer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "floor-server",
        abstract: "A minimal libuv server answering hello and ping (the floor under rendersrvd's ping; used by "
            + "`latency --libuv-floor`).",
        shouldDisplay: false)

    @Option var socket: String
    // Accepted as rendersrvd accepts them, so that `DaemonProcess` starts either.
    @Flag var exitOnStdinEof = false
    @Option var logLevel: String?

    func run() throws {
        if exitOnStdinEof {
            // Ends with the process that started it, as rendersrvd does (a thread of its own:
            // the loop sees only the clients' sockets).
            Thread.detachNewThread {
                var byte: UInt8 = 0
                while Glibc.read(0, &byte, 1) > 0 {}
                Glibc.exit(0)
            }
        }
        unlink(socket)
        let loop = uv_default_loop()!
        let server = UnsafeMutablePointer<uv_pipe_t>.allocate(capacity: 1)
        guard uv_pipe_init(loop, server, 0) == 0, uv_pipe_bind(server, socket) == 0 else {
            throw ValidationError("floor-server: cannot bind \(socket)")
        }
        let rc = uv_listen(UnsafeMutableRawPointer(server).assumingMemoryBound(to: uv_stream_t.self), 16) { listener, status in
            guard status == 0 else { return }
            let connection = FloorConnection.make(loop: listener!.pointee.loop)
            guard uv_accept(listener, connection.stream) == 0,
                  uv_fileno(connection.handle, &connection.state.pointee.descriptor) == 0 else { return connection.close() }
            uv_read_start(connection.stream, { handle, _, buf in
                buf!.pointee = FloorConnection.from(handle!.pointee.data).readBuffer
            }, { stream, nread, _ in
                FloorConnection.from(stream!.pointee.data).didRead(nread)
            })
        }
        guard rc == 0 else { throw ValidationError("floor-server: cannot listen on \(socket)") }
        uv_run(loop, UV_RUN_DEFAULT)
    }
}

/// One connection of the floor server: its pipe and the bytes of a frame not yet whole. Memory
/// it allocates itself, reached through the handle's `data`; freed when the pipe closes.
private struct FloorConnection {
    let state: UnsafeMutablePointer<State>

    struct State {
        var pipe = uv_pipe_t()
        var bytes = UnsafeMutableRawPointer.allocate(byteCount: FloorConnection.capacity, alignment: 8)
        var count = 0
        var greeted = false
        /// The socket's descriptor, for the replies' `write(2)`.
        var descriptor: Int32 = -1
    }

    static let capacity = 1 << 16
    /// A `welcome` for any `hello`, encoded once.
    static let welcome = WireCodec.encode(.welcome(Welcome(
        version: ProtocolVersion.current, sessionID: 1, displayWidth: 1280, displayHeight: 720, refreshRate: 60,
        mediaTime: 0, manualClock: false, limits: .default)))

    static func make(loop: UnsafeMutablePointer<uv_loop_t>) -> FloorConnection {
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State())
        uv_pipe_init(loop, &state.pointee.pipe, 1)
        state.pointee.pipe.data = UnsafeMutableRawPointer(state)
        return FloorConnection(state: state)
    }

    static func from(_ data: UnsafeMutableRawPointer?) -> FloorConnection {
        FloorConnection(state: data!.assumingMemoryBound(to: State.self))
    }

    var stream: UnsafeMutablePointer<uv_stream_t> {
        UnsafeMutableRawPointer(state).assumingMemoryBound(to: uv_stream_t.self)
    }

    var handle: UnsafeMutablePointer<uv_handle_t> {
        UnsafeMutableRawPointer(state).assumingMemoryBound(to: uv_handle_t.self)
    }

    var readBuffer: uv_buf_t {
        uv_buf_init((state.pointee.bytes + state.pointee.count).assumingMemoryBound(to: CChar.self),
                    UInt32(FloorConnection.capacity - state.pointee.count))
    }

    func didRead(_ nread: Int) {
        guard nread >= 0 else { return close() }
        state.pointee.count += nread
        let bytes = state.pointee.bytes
        var offset = 0
        while state.pointee.count - offset >= WireCodec.headerSize {
            let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            let type = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt16.self))
            let end = offset + WireCodec.headerSize + length
            guard end <= FloorConnection.capacity else { return close() }
            guard end <= state.pointee.count else { break }
            if !state.pointee.greeted {
                state.pointee.greeted = true
                FloorConnection.welcome.withUnsafeBytes { send($0) }
            } else if type == MessageType.ping.rawValue && length == 8 {
                // The same 16 bytes back, typed pong.
                (bytes + offset + 4).storeBytes(of: MessageType.pong.rawValue.littleEndian, as: UInt16.self)
                send(UnsafeRawBufferPointer(start: bytes + offset, count: 16))
            } else if type == MessageType.goodbye.rawValue {
                return close()
            }
            offset = end
        }
        let left = state.pointee.count - offset
        if offset > 0 && left > 0 { bytes.copyMemory(from: bytes + offset, byteCount: left) }
        state.pointee.count = left
    }

    /// One `write(2)`, as the daemon's reply when nothing is queued; a short write (never seen
    /// for 16 bytes) ends the connection.
    func send(_ frame: UnsafeRawBufferPointer) {
        guard Glibc.write(state.pointee.descriptor, frame.baseAddress!, frame.count) == frame.count else { return close() }
    }

    func close() {
        guard uv_is_closing(handle) == 0 else { return }
        uv_close(handle) { handle in
            let state = handle!.pointee.data.assumingMemoryBound(to: State.self)
            state.pointee.bytes.deallocate()
            state.deinitialize(count: 1)
            state.deallocate()
        }
    }
}
