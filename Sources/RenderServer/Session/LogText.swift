/// Client-supplied text made safe for one log line: control characters, quotes and
/// backslashes escaped (`\n`, `\"`, `\u{1B}`), anything past `cap` characters cut and
/// marked with the count left out. A client cannot forge a log line or flood the log.
enum LogText {
    static func escape(_ text: String, cap: Int) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == cap {
                let rest = text.unicodeScalars.count - cap
                out += "…(\(rest) more)"
                break
            }
            count += 1
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
