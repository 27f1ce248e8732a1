import Foundation

/// Reading and writing `Protocol/vectors/*.hex`: `#` comment lines, then hex bytes with
/// any whitespace between them (the header on its own line, then 16 payload bytes a line).
enum VectorFiles {
    /// `…/Tests/RenderProtocolTests/VectorFiles.swift` → `…/Protocol/vectors`.
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Protocol").appendingPathComponent("vectors")

    static var invalidDirectory: URL { directory.appendingPathComponent("invalid") }

    struct Parsed {
        var comments: [String]
        var bytes: [UInt8]
    }

    enum ParseError: Error, CustomStringConvertible {
        case badHex(file: String, line: Int, token: String)
        var description: String {
            switch self {
            case let .badHex(file, line, token):
                return "\(file):\(line): \"\(token)\" is not hex bytes (write pairs of hex digits, whitespace between)"
            }
        }
    }

    static func parse(_ text: String, file: String) throws -> Parsed {
        var comments = [String]()
        var bytes = [UInt8]()
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#") {
                comments.append(String(trimmed.dropFirst()).trimmingCharacters(in: .whitespaces))
                continue
            }
            for token in trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }) {
                let chars = Array(token)
                guard chars.count % 2 == 0 else { throw ParseError.badHex(file: file, line: index + 1, token: String(token)) }
                var i = 0
                while i < chars.count {
                    guard let b = UInt8(String(chars[i...i + 1]), radix: 16) else {
                        throw ParseError.badHex(file: file, line: index + 1, token: String(token))
                    }
                    bytes.append(b)
                    i += 2
                }
            }
        }
        return Parsed(comments: comments, bytes: bytes)
    }

    static func read(_ url: URL) throws -> Parsed {
        try parse(String(contentsOf: url, encoding: .utf8), file: url.lastPathComponent)
    }

    /// The file text: comments, the 8 header bytes, then the payload 16 bytes a line. For
    /// a commit (`commands` given), the 20 bytes of sequence, media time and count on one
    /// line, then each command after a `#` line naming it.
    static func format(comments: [String], bytes: [UInt8], commands: [(String, [UInt8])]? = nil) -> String {
        var out = comments.map { "# " + $0 }.joined(separator: "\n") + "\n"
        func hex(_ s: ArraySlice<UInt8>) -> String {
            s.map { b in (b < 16 ? "0" : "") + String(b, radix: 16) }.joined(separator: " ")
        }
        func lines(_ s: ArraySlice<UInt8>) {
            var i = s.startIndex
            while i < s.endIndex {
                out += hex(s[i ..< min(i + 16, s.endIndex)]) + "\n"
                i += 16
            }
        }
        out += hex(bytes.prefix(8)) + "\n"
        guard let commands else {
            lines(bytes[8...])
            return out
        }
        out += "# sequence (u64), mediaTime (f64), command count (u32)\n"
        out += hex(bytes[8 ..< 28]) + "\n"
        var offset = 28
        for (description, encoded) in commands {
            out += "# " + description + "\n"
            precondition(Array(bytes[offset ..< offset + encoded.count]) == encoded, "command bytes out of place")
            lines(bytes[offset ..< offset + encoded.count])
            offset += encoded.count
        }
        precondition(offset == bytes.count, "commands do not cover the payload")
        return out
    }

    static func hexFiles(in dir: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "hex" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
