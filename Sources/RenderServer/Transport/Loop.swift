import CLibUV
import CSystem
import Glibc

/// The libuv event loop and the one thread that runs it.
///
/// Thread affinity: every handle of the server belongs to this loop and is touched only on
/// the loop thread. Code that must run there calls `preconditionInLoop()`. Before `run()`
/// the loop thread is the thread that created the loop (set-up happens there); `run()`
/// moves ownership to the thread that calls it.
///
/// Public only as an opaque token: the server hands its loop to an output's `InputSource`,
/// which may be declared outside this module; everything in it stays the server's.
public final class Loop {
    /// The libuv loop; allocated, so it never moves while handles point at it.
    let raw: UnsafeMutablePointer<uv_loop_t>
    fileprivate var ownerThread: pthread_t

    /// Bytes of `readBuffer`.
    static let readBufferSize = 64 << 10
    /// Where every socket of the loop reads into (`readBuffer(of:)`): one read at a time
    /// happens on the loop thread, and its bytes are taken (copied into the session's
    /// decoder) before the read callback returns. Also the loop's `data`, so that libuv's
    /// allocation callback finds it without touching a Swift object (a retain and a
    /// release of the connection per read).
    let readBuffer = UnsafeMutableRawPointer.allocate(byteCount: Loop.readBufferSize, alignment: 16)

    init() throws {
        raw = UnsafeMutablePointer<uv_loop_t>.allocate(capacity: 1)
        let rc = uv_loop_init(raw)
        guard rc == 0 else {
            raw.deallocate()
            readBuffer.deallocate()
            throw ServerError.libuv(call: "uv_loop_init", code: rc)
        }
        raw.pointee.data = readBuffer
        ownerThread = pthread_self()
    }

    /// The read buffer of the loop that runs `handle` (`readBuffer`), for an allocation
    /// callback.
    @inline(__always)
    static func readBuffer(of handle: UnsafeMutablePointer<uv_handle_t>) -> uv_buf_t {
        uv_buf_init(handle.pointee.loop.pointee.data.assumingMemoryBound(to: CChar.self), UInt32(readBufferSize))
    }

    /// Whether the caller runs on the loop thread.
    var inLoop: Bool { pthread_equal(ownerThread, pthread_self()) != 0 }

    /// Traps when called off the loop thread: a data race in the making.
    @inline(__always)
    func preconditionInLoop(file: StaticString = #fileID, line: UInt = #line) {
        precondition(inLoop, "must run on the render server's loop thread", file: file, line: line)
    }

    /// How long the loop keeps polling without sleeping after a turn that read from a
    /// client, nanoseconds (0: it always sleeps in `epoll_wait` when there is nothing to do).
    /// Set before `run` (connections read it when they start).
    var spinNanoseconds: Int64 = 0
    /// Reads so far from clients that may run on another CPU than this thread
    /// (`SocketConnection` counts them): what tells `run` that a turn served a client worth
    /// spinning for.
    var reads: UInt64 = 0
    /// Turns run polling instead of sleeping (`run`), for tests and profiles.
    private(set) var spinTurns: UInt64 = 0

    /// Runs the loop on the calling thread until no handle is left open.
    ///
    /// With a spin window, a turn that read from a client is followed by turns that poll
    /// without sleeping (`UV_RUN_NOWAIT`) until `spinNanoseconds` pass with no read: a client
    /// that answers a reply with its next message (a ping, a commit after its acknowledgement)
    /// finds the loop awake instead of paying for its wake-up. Timers and the frame clock are
    /// served in those turns as in any other, and each polling turn first yields the CPU to
    /// any thread waiting for it (a compositor thread). Reads from a client that can run only
    /// on this thread's one CPU do not count: it could send its next message only by taking
    /// the CPU from the spinning loop (measured: a ping 1.28–1.45× a raw ping-pong when
    /// spinning for such a client, 1.06–1.26× sleeping).
    func run() {
        ownerThread = pthread_self()
        guard spinNanoseconds > 0 else { uv_run(raw, UV_RUN_DEFAULT); return }
        while true {
            let before = reads
            if uv_run(raw, UV_RUN_ONCE) == 0 { return }
            guard reads != before else { continue }
            var until = csys_monotonic_ns() + spinNanoseconds
            while true {
                // First the CPU to whoever waits for it (a client on this CPU, woken by the
                // reply just written), then a look for what arrived meanwhile.
                sched_yield()
                let seen = reads
                spinTurns &+= 1
                if uv_run(raw, UV_RUN_NOWAIT) == 0 { return }
                let now = csys_monotonic_ns()
                if reads != seen { until = now + spinNanoseconds } else if now >= until { break }
            }
        }
    }

    /// Closes the loop once every handle is closed; returns the libuv code (0 or UV_EBUSY).
    @discardableResult
    func close() -> Int32 {
        preconditionInLoop()
        // Let pending close callbacks run.
        uv_run(raw, UV_RUN_NOWAIT)
        return uv_loop_close(raw)
    }

    deinit {
        raw.deallocate()
        readBuffer.deallocate()
    }
}

// MARK: - Handle helpers

/// Views a libuv handle of any concrete type as the base `uv_handle_t`.
@inline(__always)
func uvHandle<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<uv_handle_t> {
    UnsafeMutableRawPointer(p).assumingMemoryBound(to: uv_handle_t.self)
}

/// Views a stream handle (pipe, tcp, tty) as `uv_stream_t`.
@inline(__always)
func uvStream<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<uv_stream_t> {
    UnsafeMutableRawPointer(p).assumingMemoryBound(to: uv_stream_t.self)
}

/// Allocates an uninitialised libuv handle at a fixed address.
func uvAllocate<T>(_: T.Type) -> UnsafeMutablePointer<T> {
    let p = UnsafeMutablePointer<T>.allocate(capacity: 1)
    UnsafeMutableRawPointer(p).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
    return p
}

/// Closes a handle allocated with `uvAllocate` and frees its memory in the close callback.
/// The handle's `data` must not hold a retained reference (use `uvCloseReleasing` then).
func uvCloseAndFree<T>(_ p: UnsafeMutablePointer<T>) {
    let h = uvHandle(p)
    if uv_is_closing(h) != 0 { return }
    uv_close(h) { h in
        UnsafeMutableRawPointer(h!).deallocate()
    }
}

/// The libuv error name and text for a code (`ECONNREFUSED: connection refused`).
func uvErrorText(_ code: Int32) -> String {
    String(cString: uv_err_name(code)) + ": " + String(cString: uv_strerror(code))
}

/// What can stop the server from starting or running.
public enum ServerError: Error, CustomStringConvertible {
    /// A libuv call failed.
    case libuv(call: String, code: Int32)
    /// A system call failed (`errno`).
    case system(call: String, errno: Int32, context: String)
    /// Another daemon answers on the socket path.
    case alreadyServing(path: String, pid: Int32?)
    /// The path exists and is not a socket, or is unusable.
    case badSocketPath(path: String, reason: String)
    /// A configuration value is out of range.
    case invalidConfiguration(String)
    /// The service manager passed sockets rendersrvd cannot serve on (`SocketActivation`).
    case socketActivation(String)

    public var description: String {
        switch self {
        case let .libuv(call, code):
            return "\(call) failed (\(uvErrorText(code)))"
        case let .system(call, e, context):
            return "\(context): \(call) failed (\(String(cString: strerror(e))))"
        case let .alreadyServing(path, pid):
            let who = pid.map { " (pid \($0))" } ?? ""
            return "another rendersrvd is already serving \(path)\(who); stop it or pass --socket"
        case let .badSocketPath(path, reason):
            return "cannot listen on \(path): \(reason)"
        case let .invalidConfiguration(s):
            return s
        case let .socketActivation(s):
            return "socket activation: \(s)"
        }
    }
}

extension Loop {
    /// Makes the calling thread the loop thread (before running the loop on it).
    func adopt() { ownerThread = pthread_self() }
}
