import CSystem

/// The media-time clock: `CLOCK_MONOTONIC` in seconds, the same clock in every process of
/// the machine, so an absolute begin time means the same instant in the client and in
/// `rendersrvd`. The analogue of `CACurrentMediaTime()`.
public enum MediaTime {
    /// The current media time, in seconds (`CLOCK_MONOTONIC`, nanosecond resolution).
    @inline(__always)
    public static func now() -> Double {
        Double(csys_monotonic_ns()) / 1e9
    }
}
