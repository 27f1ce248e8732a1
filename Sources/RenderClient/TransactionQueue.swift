import Dispatch
import Foundation
import RenderCore

/// The transaction state of one callback queue: the stack, the end-of-turn flush, and the
/// contexts with changes in the open transaction. Attached to its queue with
/// `setSpecific`, so `Transaction`'s static API finds it from whatever queue it runs on.
///
/// Confined to its queue (every method but `attached(to:)` runs there).
final class TransactionQueue: @unchecked Sendable {
    let queue: DispatchQueue
    var stack = TransactionStack()
    private var flushScheduled = false
    /// Contexts with changes in the open transaction, in the order of their first change.
    private var touched: [Context] = []
    /// Contexts created on this queue; the first alive one is the queue's default.
    private var contexts: [Weak<Context>] = []

    private static let key = DispatchSpecificKey<TransactionQueue>()
    private static let registrationLock = NSLock()

    private init(queue: DispatchQueue) { self.queue = queue }

    /// The transaction state of `queue`, created on first use. Any thread.
    static func attached(to queue: DispatchQueue) -> TransactionQueue {
        registrationLock.lock(); defer { registrationLock.unlock() }
        if let q = queue.getSpecific(key: key) { return q }
        let q = TransactionQueue(queue: queue)
        queue.setSpecific(key: key, value: q)
        return q
    }

    /// The transaction state of the queue the caller runs on, if a context uses it.
    static var current: TransactionQueue? { DispatchQueue.getSpecific(key: key) }

    func register(_ c: Context) {
        TransactionQueue.registrationLock.lock(); defer { TransactionQueue.registrationLock.unlock() }
        contexts.removeAll { $0.value == nil }
        contexts.append(Weak(c))
    }

    /// The first context created on this queue that is still alive.
    var defaultContext: Context? {
        TransactionQueue.registrationLock.lock(); defer { TransactionQueue.registrationLock.unlock() }
        return contexts.lazy.compactMap(\.value).first
    }

    /// Opens an implicit transaction if none is open (scheduling its commit for the end of
    /// the current work item) and notes that `context` has changes in it.
    func willChange(_ context: Context) {
        openIfNeeded()
        if !context.isTouched {
            context.isTouched = true
            touched.append(context)
        }
    }

    /// Opens an implicit transaction if none is open.
    func openIfNeeded() {
        if stack.willChange() && !flushScheduled {
            flushScheduled = true
            queue.async { [self] in
                flushScheduled = false
                flush()
            }
        }
    }

    func begin() { stack.begin() }

    func commit() {
        if stack.commitWillSend { layoutTouched() }
        if stack.commit() { send() }
    }

    func flush() {
        if stack.flushWillSend { layoutTouched() }
        if stack.flushImplicit() { send() }
    }

    /// The layout pass before a send: each touched context lays out its marked layers
    /// (layout may touch further contexts; they are laid out too).
    private func layoutTouched() {
        var i = 0
        while i < touched.count {
            touched[i].layoutPendingLayers()
            i += 1
        }
    }

    /// Sends every touched context's delta (asking for presentation feedback when a committed
    /// frame has a presented handler), then seals the committed frames' completion groups (a
    /// group with nothing pending runs its block on the next turn).
    private func send() {
        let contexts = touched
        touched = []
        let presented = stack.takePoppedPresented()
        var sent: [(Context, UInt64)] = []
        for c in contexts {
            c.isTouched = false
            if let sequence = c.commitDelta(requestingPresentation: !presented.isEmpty) { sent.append((c, sequence)) }
        }
        if !presented.isEmpty {
            let group = PresentedGroup(handlers: presented, commits: sent.count)
            if sent.isEmpty {
                // Nothing to show: the handlers hear nil on the next turn.
                if let call = group.discarded() { let bound = QueueBound(call); queue.async { bound.value() } }
            }
            for (c, sequence) in sent { c.awaitPresentation(of: sequence, in: group) }
        }
        for (group, block) in stack.takePopped() {
            // The block runs later on this same queue: it never runs anywhere else.
            if let due = group.seal(block: block) {
                let bound = QueueBound(due)
                queue.async { bound.value() }
            }
        }
    }
}

/// A weak reference, for arrays that must not keep their elements alive.
struct Weak<T: AnyObject> {
    weak var value: T?
    init(_ v: T) { value = v }
}
