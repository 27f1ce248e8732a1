import RenderCore

/// The transaction stack of one callback queue, as a value: each event says what its owner
/// (`TransactionQueue`) must do; the owner performs the side effects (scheduling the
/// end-of-turn flush, building and sending commits, running completion blocks).
///
///     change outside any transaction ─▶ open an implicit frame ─▶ schedule the flush
///     begin()                         ─▶ push an explicit frame (above an implicit one, if open)
///     commit()                        ─▶ pop it; send if it was the outermost, or if only an
///                                        implicit frame whose turn has ended remains
///     end of turn / flush()           ─▶ pop the implicit frame and send, or, with explicit
///                                        frames open above it, mark it due for when they close
///
/// Settings (duration, timing function, disableActions) are inherited: a getter returns the
/// innermost frame's value that was set, else the default.
struct TransactionStack {
    struct Frame {
        var isImplicit: Bool
        var animationDuration: Double?
        var timingFunction: TimingFunction?
        var disableActions: Bool?
        var completionBlock: (() -> Void)?
        /// Runs when the frame that first shows the transaction's changes is finished.
        var presentedHandler: ((PresentedFrame?) -> Void)?
        /// The animations added while this frame was open (created on first need).
        var completion: CompletionGroup?
    }

    private(set) var frames: [Frame] = []
    /// The implicit frame's turn has ended (or `flush()` was called) while explicit frames
    /// were open above it: commit it as soon as they close.
    private var implicitDue = false
    /// Groups of frames popped since the last send, with their blocks; sealed at the send.
    private var popped: [(group: CompletionGroup, block: (() -> Void)?)] = []
    /// Presented handlers of frames popped since the last send.
    private var poppedPresented: [(PresentedFrame?) -> Void] = []

    var isOpen: Bool { !frames.isEmpty }
    var depth: Int { frames.count }

    /// A change is about to be recorded. Returns true when it opened an implicit frame
    /// (the owner schedules the end-of-turn flush).
    mutating func willChange() -> Bool {
        guard frames.isEmpty else { return false }
        frames.append(Frame(isImplicit: true))
        return true
    }

    mutating func begin() {
        frames.append(Frame(isImplicit: false))
    }

    /// Pops the innermost explicit frame. Returns true when the owner must send.
    mutating func commit() -> Bool {
        guard let top = frames.last, !top.isImplicit else {
            preconditionFailure("Transaction.commit() without a matching Transaction.begin() on this queue")
        }
        pop()
        if frames.isEmpty { return true }
        if frames.count == 1 && frames[0].isImplicit && implicitDue {
            pop()
            return true
        }
        return false
    }

    /// Whether `commit()` would tell the owner to send (the owner lays out first, while the
    /// frame is still open, so that layout's changes join the commit).
    var commitWillSend: Bool {
        guard let top = frames.last, !top.isImplicit else { return false }
        return frames.count == 1 || (frames.count == 2 && frames[0].isImplicit && implicitDue)
    }

    /// Whether `flushImplicit()` would tell the owner to send.
    var flushWillSend: Bool { frames.count == 1 && frames[0].isImplicit }

    /// The end of the turn that opened the implicit frame, or `Transaction.flush()`.
    /// Returns true when the owner must send.
    mutating func flushImplicit() -> Bool {
        guard let bottom = frames.first, bottom.isImplicit else { return false }
        if frames.count == 1 {
            pop()
            return true
        }
        implicitDue = true
        return false
    }

    private mutating func pop() {
        let f = frames.removeLast()
        if f.isImplicit { implicitDue = false }
        if let h = f.presentedHandler { poppedPresented.append(h) }
        if let g = f.completion {
            popped.append((g, f.completionBlock))
        } else if let b = f.completionBlock {
            popped.append((CompletionGroup(), b))
        }
    }

    /// The popped frames' groups and blocks, for the owner to seal after sending.
    mutating func takePopped() -> [(group: CompletionGroup, block: (() -> Void)?)] {
        defer { popped = [] }
        return popped
    }

    /// The popped frames' presented handlers, for the owner to attach to the commits it sends.
    mutating func takePoppedPresented() -> [(PresentedFrame?) -> Void] {
        defer { poppedPresented = [] }
        return poppedPresented
    }

    /// The groups an animation added now joins: one per open frame.
    mutating func groupsForNewAnimation() -> [CompletionGroup] {
        var result: [CompletionGroup] = []
        result.reserveCapacity(frames.count)
        for i in frames.indices {
            if frames[i].completion == nil { frames[i].completion = CompletionGroup() }
            result.append(frames[i].completion!)
        }
        return result
    }

    // MARK: Settings

    var animationDuration: Double? { frames.lazy.reversed().compactMap(\.animationDuration).first }
    var timingFunction: TimingFunction? { frames.lazy.reversed().compactMap(\.timingFunction).first }
    var disableActions: Bool { frames.lazy.reversed().compactMap(\.disableActions).first ?? false }
    var completionBlock: (() -> Void)? { frames.last?.completionBlock }
    var presentedHandler: ((PresentedFrame?) -> Void)? { frames.last?.presentedHandler }

    /// Setters apply to the innermost frame; the caller opens one first.
    mutating func setAnimationDuration(_ d: Double?) { frames[frames.count - 1].animationDuration = d }
    mutating func setTimingFunction(_ f: TimingFunction?) { frames[frames.count - 1].timingFunction = f }
    mutating func setDisableActions(_ b: Bool) { frames[frames.count - 1].disableActions = b }
    mutating func setCompletionBlock(_ b: (() -> Void)?) { frames[frames.count - 1].completionBlock = b }
    mutating func setPresentedHandler(_ h: ((PresentedFrame?) -> Void)?) { frames[frames.count - 1].presentedHandler = h }
}
