import RenderProtocol

/// The control work waiting to run off the loop thread (tree dumps, frame-log replies),
/// bounded per session and in total, and served in turn.
///
///     request ─▶ admit (jobs, bytes: per session, in total) ─▶ the session's queue
///                  └ over a limit: refused at once (non-fatal error; nothing copied)
///     worker idle ─▶ next(): the next session in turn, its oldest job ─▶ worker
///     job done    ─▶ finish() ─▶ next()
///     session ends ─▶ cancel(): its queued jobs dropped (a running one's reply is discarded)
///
/// One job runs at a time, and sessions take turns (round robin): a client that queues many
/// requests delays another client's reply by at most the job already running, never by its
/// whole queue. A job's `bytes` is what it holds while it waits (the copy of the layers a
/// tree dump selected, the frame-log records), estimated from the copy's counts; the
/// worker's own memory is one job's at a time.
///
/// Thread affinity: the loop thread (owned by `ServerCore`).
package struct ControlWork {
    struct Job {
        let session: UInt32
        let bytes: Int
        let run: @Sendable () -> Message
    }

    /// Why a job was not admitted: the text of a non-fatal error.
    struct Refusal: Error, Equatable { let message: String }

    let limits: ControlLimits
    private var queues: [UInt32: [Job]] = [:]
    /// Sessions with queued jobs, in the order they queued.
    private var turns: [UInt32] = []
    /// Jobs started so far, and the count when each session's last job started (open
    /// sessions that ever asked).
    private var served: UInt64 = 0
    private var lastServed: [UInt32: UInt64] = [:]
    /// Jobs and bytes per session (queued and running), and in total.
    private var held: [UInt32: (jobs: Int, bytes: Int)] = [:]
    package private(set) var totalJobs = 0
    package private(set) var totalBytes = 0
    /// The job handed to the worker, if any.
    private(set) var running: (session: UInt32, bytes: Int)?
    /// Jobs refused, and jobs dropped with their session, since start (statistics).
    private(set) var refusedJobs = 0
    private(set) var cancelledJobs = 0

    init(limits: ControlLimits) { self.limits = limits }

    /// Jobs one session has queued or running.
    func jobs(of session: UInt32) -> Int { held[session]?.jobs ?? 0 }
    func bytes(of session: UInt32) -> Int { held[session]?.bytes ?? 0 }

    /// Checks a job of `bytes` from `session` against every limit, before anything is copied.
    mutating func admit(session: UInt32, bytes: Int, what: String) throws(Refusal) {
        let mine = held[session] ?? (0, 0)
        let refusal: String? =
            if mine.jobs + 1 > limits.jobsPerSession {
                "this client already has \(mine.jobs) control requests waiting for the control worker, the most "
                    + "one client may have (--max-control-jobs-per-client \(limits.jobsPerSession)); wait for their "
                    + "replies before asking again"
            } else if mine.bytes + bytes > limits.bytesPerSession {
                "it would hold \(bytes) bytes until it runs, bringing this client's waiting control work to "
                    + "\(mine.bytes + bytes) bytes, over \(limits.bytesPerSession) (--max-control-bytes-per-client); "
                    + "ask for a smaller tree (one session, or a subtree), or wait for the replies"
            } else if totalJobs + 1 > limits.jobs {
                "the daemon's control worker already has \(totalJobs) requests waiting over all clients, its limit "
                    + "(--max-control-jobs \(limits.jobs)); retry after a reply arrives"
            } else if totalBytes + bytes > limits.bytes {
                "it would hold \(bytes) bytes, bringing the control work waiting over all clients to "
                    + "\(totalBytes + bytes) bytes, over \(limits.bytes) (--max-control-bytes); ask for a smaller "
                    + "tree, or retry after a reply arrives"
            } else {
                nil
            }
        if let refusal {
            refusedJobs += 1
            throw Refusal(message: "\(what) refused: \(refusal)")
        }
    }

    /// Queues an admitted job.
    mutating func enqueue(_ job: Job) {
        held[job.session, default: (0, 0)].jobs += 1
        held[job.session, default: (0, 0)].bytes += job.bytes
        totalJobs += 1
        totalBytes += job.bytes
        if queues[job.session, default: []].isEmpty { turns.append(job.session) }
        queues[job.session, default: []].append(job)
    }

    /// The next job to run when none is running: the oldest job of the waiting session served
    /// longest ago (one that never was goes first), so a client that arrives behind another's
    /// queue waits for the running job only. O(sessions waiting).
    mutating func next() -> Job? {
        guard running == nil, !turns.isEmpty else { return nil }
        var pick = 0
        for (i, session) in turns.enumerated() where lastServed[session, default: 0] < lastServed[turns[pick], default: 0] {
            pick = i
        }
        let session = turns.remove(at: pick)
        var queue = queues[session] ?? []
        let job = queue.removeFirst()
        if queue.isEmpty { queues[session] = nil } else { queues[session] = queue; turns.append(session) }
        served += 1
        lastServed[session] = served
        running = (session, job.bytes)
        return job
    }

    /// The running job is done (its reply delivered or discarded).
    mutating func finish() {
        guard let (session, bytes) = running else { return }
        running = nil
        release(session: session, jobs: 1, bytes: bytes)
    }

    /// Drops the queued jobs of a session that ended. A running job stays counted until it
    /// finishes (the worker cannot be interrupted; its reply finds no session).
    mutating func cancel(session: UInt32) {
        lastServed[session] = nil
        guard let queue = queues.removeValue(forKey: session) else { return }
        turns.removeAll { $0 == session }
        cancelledJobs += queue.count
        release(session: session, jobs: queue.count, bytes: queue.reduce(0) { $0 + $1.bytes })
    }

    private mutating func release(session: UInt32, jobs: Int, bytes: Int) {
        totalJobs -= jobs
        totalBytes -= bytes
        guard var mine = held[session] else { return }
        mine.jobs -= jobs
        mine.bytes -= bytes
        held[session] = mine.jobs == 0 ? nil : mine
    }
}

/// What the daemon's control work waiting off the loop thread may hold (`ControlWork`); the
/// daemon's flags `--max-control-jobs-per-client`, `--max-control-bytes-per-client`,
/// `--max-control-jobs`, `--max-control-bytes`. Every value is at least 1. A request past
/// one is refused with a non-fatal `limitExceeded` error; nothing of it is copied.
public struct ControlLimits: Equatable, Sendable {
    /// Jobs one session may have queued or running.
    public var jobsPerSession: Int
    /// Bytes one session's waiting jobs may hold.
    public var bytesPerSession: Int
    /// Jobs over all sessions.
    public var jobs: Int
    /// Bytes over all sessions.
    public var bytes: Int

    public init(jobsPerSession: Int = 4, bytesPerSession: Int = 16 << 20, jobs: Int = 64, bytes: Int = 64 << 20) {
        self.jobsPerSession = jobsPerSession; self.bytesPerSession = bytesPerSession
        self.jobs = jobs; self.bytes = bytes
    }
}
