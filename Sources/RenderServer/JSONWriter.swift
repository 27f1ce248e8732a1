/// A small streaming JSON writer for the control replies.
///
/// Numbers are written with Swift's shortest round-trip description (`0.1`, `1e-05`,
/// `12.5`), so a reader parsing them gets the exact `Double` back; NaN and infinities,
/// which JSON cannot hold, are written as `null`. Commas between members and elements are
/// inserted automatically.
struct JSONWriter {
    private(set) var output = ""
    /// Whether the next value in the current container needs a comma before it.
    private var needsComma = false

    init(reservingCapacity n: Int = 256) { output.reserveCapacity(n) }

    private mutating func separate() {
        if needsComma { output += "," }
        needsComma = true
    }

    mutating func beginObject() { separate(); output += "{"; needsComma = false }
    mutating func endObject() { output += "}"; needsComma = true }
    mutating func beginArray() { separate(); output += "["; needsComma = false }
    mutating func endArray() { output += "]"; needsComma = true }

    /// Writes `"name":` — the value must follow.
    mutating func key(_ name: String) {
        separate()
        writeString(name)
        output += ":"
        needsComma = false
    }

    mutating func value(_ d: Double) {
        separate()
        output += d.isFinite ? "\(d)" : "null"
    }
    mutating func value<I: BinaryInteger>(_ i: I) { separate(); output += "\(i)" }
    mutating func value(_ b: Bool) { separate(); output += b ? "true" : "false" }
    mutating func value(_ s: String) { separate(); writeString(s) }
    mutating func null() { separate(); output += "null" }

    mutating func numbers(_ values: [Double]) {
        beginArray()
        for v in values { value(v) }
        endArray()
    }

    // Members: a key and its value.
    mutating func member(_ k: String, _ d: Double) { key(k); value(d) }
    mutating func member<I: BinaryInteger>(_ k: String, _ i: I) { key(k); value(i) }
    mutating func member(_ k: String, _ b: Bool) { key(k); value(b) }
    mutating func member(_ k: String, _ s: String) { key(k); value(s) }
    mutating func member(_ k: String, numbers values: [Double]) { key(k); numbers(values) }

    private mutating func writeString(_ s: String) {
        output += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
