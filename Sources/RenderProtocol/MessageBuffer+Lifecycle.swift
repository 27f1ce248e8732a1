/// One animation event a frame reports, as the server's frame walk collects them before
/// encoding: `animationStarted`, or `animationStopped` with `finished` true (a frame never
/// reports an unfinished stop: those follow commands). 16 bytes; the frame's media time is
/// the run's (`MessageBuffer.appendLifecycleEvents(_:mediaTime:)`).
public struct LifecycleEvent: Equatable, Sendable {
    public enum Kind: UInt8, Sendable {
        /// `animationStarted`.
        case started
        /// `animationStopped` with `finished` true.
        case finished
    }
    public var animationID: UInt64
    public var layer: LayerID
    public var kind: Kind

    @inlinable
    public init(animationID: UInt64, layer: LayerID, kind: Kind) {
        self.animationID = animationID; self.layer = layer; self.kind = kind
    }

    /// The message it stands for at `mediaTime`.
    public func message(at mediaTime: Double) -> Message {
        switch kind {
        case .started: .animationStarted(AnimationStarted(animationID: animationID, layer: layer, mediaTime: mediaTime))
        case .finished:
            .animationStopped(AnimationStopped(animationID: animationID, layer: layer, finished: true, mediaTime: mediaTime))
        }
    }
}

extension MessageBuffer {
    /// Encodes `events`, in order, each as its own frame at `mediaTime`: byte for byte what
    /// `appendAnimationStarted` and `appendAnimationStopped` write one by one (28 and 29
    /// bytes), with one capacity check for the whole run and the frames' constant parts
    /// (header, time) computed once. A frame that starts 100,000 animations hands its events
    /// over in a few such runs instead of 100,000 calls (each a call into this module that
    /// checked capacity and wrote its header: about 50 instructions an event by callgrind,
    /// against about 20 here).
    ///
    /// With `batchesLifecycleEvents` (a session of version 5) the run's starts are one
    /// `animationsStarted` and its finishes one `animationsFinished` instead: 20 bytes a
    /// frame and 12 an animation.
    public mutating func appendLifecycleEvents(_ events: UnsafeBufferPointer<LifecycleEvent>, mediaTime: Double) {
        guard let base = events.baseAddress, events.count > 0 else { return }
        var finished = 0
        for i in 0..<events.count where base[i].kind == .finished { finished &+= 1 }
        let time = mediaTime.bitPattern.littleEndian
        if batchesLifecycleEvents { return appendLifecycleRuns(base, events.count, finished: finished, time: time) }
        var p = writer.claim(events.count &* MessageBuffer.animationStartedBytes &+ finished)
        // The header's first word: the payload's length (20 or 21), the type, no flags.
        let startedHeader = UInt64(20) | UInt64(MessageType.animationStarted.rawValue) << 32
        let stoppedHeader = UInt64(21) | UInt64(MessageType.animationStopped.rawValue) << 32
        for i in 0..<events.count {
            let e = base[i]
            if e.kind == .started {
                p.storeBytes(of: startedHeader.littleEndian, as: UInt64.self)
                p.storeBytes(of: e.animationID.littleEndian, toByteOffset: 8, as: UInt64.self)
                p.storeBytes(of: e.layer.littleEndian, toByteOffset: 16, as: UInt32.self)
                p.storeBytes(of: time, toByteOffset: 20, as: UInt64.self)
                p += MessageBuffer.animationStartedBytes
            } else {
                p.storeBytes(of: stoppedHeader.littleEndian, as: UInt64.self)
                p.storeBytes(of: e.animationID.littleEndian, toByteOffset: 8, as: UInt64.self)
                p.storeBytes(of: e.layer.littleEndian, toByteOffset: 16, as: UInt32.self)
                p.storeBytes(of: UInt8(1), toByteOffset: 20, as: UInt8.self)
                p.storeBytes(of: time, toByteOffset: 21, as: UInt64.self)
                p += MessageBuffer.animationStartedBytes + 1
            }
        }
    }

    /// Makes room at once for the events of a frame that starts `count` animations, as
    /// `appendLifecycleEvents` will encode them for this buffer: 28 bytes an event, or, in
    /// version 5's runs of at most `runLength` events, 12 an event and two run headers a run.
    public mutating func reserveCapacity(forAnimationsStarting count: Int, runLength: Int) {
        guard batchesLifecycleEvents else { return reserveCapacity(adding: count &* MessageBuffer.animationStartedBytes) }
        let runs = count / max(1, runLength) &+ 1
        reserveCapacity(adding: count &* MessageBuffer.animationRunBytes.entry
                            &+ runs &* 2 &* MessageBuffer.animationRunBytes.frame)
    }

    /// The bytes of one encoded `animationStarted` (header and payload); an
    /// `animationStopped` takes one more.
    public static let animationStartedBytes = 28
    /// The bytes of an `animationsStarted` or `animationsFinished` frame but its entries
    /// (header, time, count), and of each entry (animation id, layer).
    public static let animationRunBytes = (frame: 20, entry: 12)

    /// `appendLifecycleEvents` in version 5's runs: the starts as one `animationsStarted`,
    /// then the finishes as one `animationsFinished` (an animation's start still comes before
    /// its finish; alternating kinds, as a frame that starts some animations and finishes
    /// others makes, would otherwise cost a frame header every few events). `time` is the
    /// media time's bits, little-endian.
    private mutating func appendLifecycleRuns(_ base: UnsafePointer<LifecycleEvent>, _ count: Int, finished: Int,
                                              time: UInt64) {
        let started = count &- finished
        let frames = (started > 0 ? 1 : 0) &+ (finished > 0 ? 1 : 0)
        var p = writer.claim(frames &* MessageBuffer.animationRunBytes.frame &+ count &* MessageBuffer.animationRunBytes.entry)
        func run(of kind: LifecycleEvent.Kind, _ type: MessageType, _ n: Int) {
            guard n > 0 else { return }
            let payload = MessageBuffer.animationRunBytes.frame &- 8 &+ n &* MessageBuffer.animationRunBytes.entry
            p.storeBytes(of: UInt32(truncatingIfNeeded: payload).littleEndian, as: UInt32.self)
            p.storeBytes(of: type.rawValue.littleEndian, toByteOffset: 4, as: UInt16.self)
            p.storeBytes(of: UInt16(0), toByteOffset: 6, as: UInt16.self)
            p.storeBytes(of: time, toByteOffset: 8, as: UInt64.self)
            p.storeBytes(of: UInt32(truncatingIfNeeded: n).littleEndian, toByteOffset: 16, as: UInt32.self)
            p += MessageBuffer.animationRunBytes.frame
            for k in 0 ..< count where base[k].kind == kind {
                p.storeBytes(of: base[k].animationID.littleEndian, as: UInt64.self)
                p.storeBytes(of: base[k].layer.littleEndian, toByteOffset: 8, as: UInt32.self)
                p += MessageBuffer.animationRunBytes.entry
            }
        }
        run(of: .started, .animationsStarted, started)
        run(of: .finished, .animationsFinished, finished)
    }
}
