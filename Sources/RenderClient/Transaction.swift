import Dispatch
import RenderCore

/// Batches layer changes into commits (`CATransaction`).
///
/// Every callback queue that a `Context` uses keeps a transaction stack. The first change
/// outside an explicit transaction opens an *implicit* one, committed when the current
/// work item of the queue ends (its flush is scheduled with `queue.async` when it opens).
/// `begin()`/`commit()` nest; only the outermost commit sends: one `Commit` per context with
/// changes, carrying the coalesced delta. `flush()` commits the implicit transaction now
/// (or, inside explicit ones, as soon as they close).
///
/// Settings apply to the innermost transaction and are inherited by nested ones:
/// `animationDuration` (seconds; `nil` means 0.25 s), `animationTimingFunction` (`nil`:
/// animations keep their own, implicit ones are linear), `disableActions` (no action search:
/// changes take effect without implicit animation) and `completionBlock`, which runs once on
/// the callback queue when every animation added while the transaction was open has stopped
/// (as the server reports), or on the turn after the commit if none was added.
///
/// Call it on a context's callback queue (the main queue by default); elsewhere it traps.
public enum Transaction {
    static var current: TransactionQueue {
        guard let q = TransactionQueue.current else {
            preconditionFailure("Transaction used off every context's callback queue: call it on the queue "
                + "given to Context / Connection (the main queue by default)")
        }
        return q
    }

    /// Opens an explicit transaction.
    public static func begin() { current.begin() }

    /// Closes the innermost explicit transaction; the outermost one sends.
    public static func commit() { current.commit() }

    /// Commits the implicit transaction now, without waiting for the end of the work item
    /// (deferred until open explicit transactions close).
    public static func flush() { current.flush() }

    /// Seconds that implicit animations last and that zero-duration animations resolve to;
    /// `nil` (the default) means 0.25 s.
    public static var animationDuration: Double? {
        get { current.stack.animationDuration }
        set { let q = current; q.openIfNeeded(); q.stack.setAnimationDuration(newValue) }
    }

    /// The timing function given to implicit animations and to animations added without one.
    public static var animationTimingFunction: TimingFunction? {
        get { current.stack.timingFunction }
        set { let q = current; q.openIfNeeded(); q.stack.setTimingFunction(newValue) }
    }

    /// Whether property changes skip the action search (no implicit animations).
    public static var disableActions: Bool {
        get { current.stack.disableActions }
        set { let q = current; q.openIfNeeded(); q.stack.setDisableActions(newValue) }
    }

    /// Runs once, on the callback queue, when every animation added while the innermost
    /// transaction is open has stopped; on the turn after the commit if none was added.
    /// Setting it again replaces the block.
    public static var completionBlock: (() -> Void)? {
        get { current.stack.completionBlock }
        set { let q = current; q.openIfNeeded(); q.stack.setCompletionBlock(newValue) }
    }

    /// Runs once, on the callback queue, when the frame that first shows the changes of the
    /// innermost transaction is finished (its pixels ready, or with `--output none` its
    /// evaluation done): the server's `commitPresented` for the commit that carried them.
    /// The commit asks for that feedback only when a handler is set. The handler gets nil
    /// when the changes will never be shown: the transaction changed nothing, its commit was
    /// rejected or could not be sent, or the session ended first. Setting it again replaces it.
    public static var presentedHandler: ((PresentedFrame?) -> Void)? {
        get { current.stack.presentedHandler }
        set { let q = current; q.openIfNeeded(); q.stack.setPresentedHandler(newValue) }
    }

    /// Sets `presentedHandler` (the setter spelling, like `setCompletionBlock(_:)`; Core
    /// Animation's `setCompletionBlock` is `completionBlock`, which waits for animations).
    public static func setPresentedHandler(_ handler: ((PresentedFrame?) -> Void)?) { presentedHandler = handler }

    /// The number of open transactions (implicit included) on this queue.
    public static var depth: Int { current.stack.depth }

    /// Runs `body` in an explicit transaction with the given settings; convenience for
    /// `begin()`, setters, `body()`, `commit()`.
    public static func perform(duration: Double? = nil, timingFunction: TimingFunction? = nil,
                               disableActions: Bool? = nil, completion: (() -> Void)? = nil,
                               _ body: () throws -> Void) rethrows {
        begin()
        defer { commit() }
        if let duration { animationDuration = duration }
        if let timingFunction { animationTimingFunction = timingFunction }
        if let disableActions { self.disableActions = disableActions }
        if let completion { completionBlock = completion }
        try body()
    }
}
