import Dispatch
import RenderCore

extension Context {
    /// The common case in one line: connects to the daemon on the default socket
    /// (`RENDERSRV_SOCKET`, else `$XDG_RUNTIME_DIR/rendersrvd/socket`, else
    /// `/tmp/rendersrvd-$UID/socket`) under the process's name, and returns a context whose
    /// layers live on `queue` (the main queue by default).
    ///
    ///     let context = try Context.connect()
    ///     let layer = Layer()
    ///     context.rootLayer = layer
    ///
    /// The context keeps the connection (`connection`). Layers, transactions and callbacks
    /// belong to `queue`: in a command-line program the main queue must run for implicit
    /// transactions to commit and for completion blocks and delegates to be called — end
    /// `main.swift` with `dispatchMain()` (or `RunLoop.main.run()`), or flush by hand
    /// (`Transaction.flush()`). Throws `ConnectionError` (`.noDaemon` when nothing listens).
    public static func connect(socketPath: String? = nil, clientName: String = Connection.defaultClientName,
                               queue: DispatchQueue = .main) throws -> Context {
        Context(connection: try Connection(socketPath: socketPath, clientName: clientName, callbackQueue: queue))
    }
}
