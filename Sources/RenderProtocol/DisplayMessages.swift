/// S→C (version 4): the display changed size or refresh rate — its window was resized or
/// moved to another monitor, or a control client asked (`resizeDisplay`). PROTOCOL.md §5.4.
/// Sent to every session of version 4 or later after each change, in order with its other
/// events; what the session's `welcome` said no longer holds from here on.
public struct DisplayChanged: Hashable, Sendable {
    /// The display's size in points (1…`maxDimension` each): the root layers' space now
    /// spans (0, 0)…(width, height).
    public var width: UInt32
    /// The display's height in points.
    public var height: UInt32
    /// Frames per second.
    public var refreshRate: Double

    /// A change to `width`×`height` points at `refreshRate` frames per second.
    public init(width: UInt32, height: UInt32, refreshRate: Double) {
        self.width = width; self.height = height; self.refreshRate = refreshRate
    }

    /// The largest width or height a display may have, in points (the smallest is 1).
    public static let maxDimension: UInt32 = 16_384
    /// The sizes a display may have, per side, in points.
    public static let dimensions: ClosedRange<UInt32> = 1...maxDimension
}

/// C→S control request (version 4): resize the display to `width`×`height` points, as a
/// window's compositor would (PROTOCOL.md §10). Each side must be in
/// `DisplayChanged.dimensions`; the server refuses another size with a non-fatal error.
public struct ResizeDisplay: Hashable, Sendable {
    /// Named in the reply.
    public var requestID: UInt32
    /// The size asked for, in points.
    public var width: UInt32
    /// The height asked for, in points.
    public var height: UInt32
    /// A request to make the display `width`×`height` points.
    public init(requestID: UInt32, width: UInt32, height: UInt32) {
        self.requestID = requestID; self.width = width; self.height = height
    }
}

/// S→C: the answer to `resizeDisplay`: the display now has this size, and `frame` is the
/// first frame drawn at it. Sent after the `displayChanged` the resize caused (none when the
/// size did not change).
public struct DisplayResized: Hashable, Sendable {
    /// The request's id.
    public var requestID: UInt32
    /// The first frame at the new size (the next frame the daemon produces).
    public var frame: UInt64
    /// The display's size now, in points.
    public var width: UInt32
    /// The display's height now, in points.
    public var height: UInt32
    /// The reply to request `requestID`: the display is `width`×`height` from frame `frame`.
    public init(requestID: UInt32, frame: UInt64, width: UInt32, height: UInt32) {
        self.requestID = requestID; self.frame = frame; self.width = width; self.height = height
    }
}
