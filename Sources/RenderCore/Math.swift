// Elementary functions without Foundation: RenderCore imports nothing.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Sine and cosine through the standard library's LLVM intrinsics rather than Glibc's C
// declarations: the same `sin` and `cos` of libm in the end, but known to LLVM as pure, so a
// sine and a cosine of one angle become one `sincos` call (a transform component's rotation;
// bit for bit the separate calls' results, checked over 20 million arguments). A C call may set
// `errno`, so LLVM must keep both.
@inlinable @inline(__always) func _sin(_ x: Double) -> Double { Swift._sin(x) }
@inlinable @inline(__always) func _cos(_ x: Double) -> Double { Swift._cos(x) }
@inlinable @inline(__always) func _tan(_ x: Double) -> Double { tan(x) }
@inlinable @inline(__always) func _atan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inlinable @inline(__always) func _asin(_ x: Double) -> Double { asin(x) }
@inlinable @inline(__always) func _acos(_ x: Double) -> Double { acos(x) }
@inlinable @inline(__always) func _exp(_ x: Double) -> Double { exp(x) }
@inlinable @inline(__always) func _log(_ x: Double) -> Double { log(x) }
@inlinable @inline(__always) func _pow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
@inlinable @inline(__always) func _fmod(_ x: Double, _ y: Double) -> Double { fmod(x, y) }

@inlinable @inline(__always) func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

/// `x` clamped to 0…1, with NaN taken as 0: safe to scale and convert to `Int` (which traps
/// on NaN and infinities, and evaluation must never trap on a peer's odd values).
@inlinable @inline(__always) func unitClamped(_ x: Double) -> Double { x > 0 ? (x < 1 ? x : 1) : 0 }
