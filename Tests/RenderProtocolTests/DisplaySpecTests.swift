import Foundation
import RenderCore
@testable import RenderProtocol
import Testing

/// PROTOCOL.md §5.4 (version 4): the `displayChanged` field table, the messages table's row
/// and the codec say the same thing, field by field.
@Suite struct DisplaySpecTests {
    /// The rows of the first `| field | type | meaning |` table after the heading `heading`.
    static func fieldTable(after heading: String) -> [[String]] {
        let lines = SpecTableTests.spec.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let h = lines.firstIndex(where: { $0.hasPrefix(heading) }),
              let start = lines[h...].firstIndex(where: { $0.hasPrefix("| field | type | meaning |") }) else { return [] }
        var rows = [[String]]()
        for line in lines[(start + 2)...] {
            guard line.hasPrefix("|") else { break }
            rows.append(line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.replacingOccurrences(of: "`", with: "").trimmingCharacters(in: .whitespaces) })
        }
        return rows
    }

    @Test func displayChangedIsWrittenAsItsTablesSay() throws {
        let rows = Self.fieldTable(after: "### 5.4")
        #expect(rows.map { $0[0] } == ["width", "height", "refreshRate"])
        // The messages table's payload column lists the same fields in the same order.
        let message = try #require(SpecTableTests.table("| type | name | direction |").first { $0[1] == "displayChanged" })
        #expect(message[0] == "0x0053" && message[2] == "S→C")
        #expect(message[3] == rows.map { "\($0[1]) \($0[0])" }.joined(separator: ", ") + " (§5.4)")
        // The bytes are those fields in that order, little-endian, as the table types them.
        let change = DisplayChanged(width: 1920, height: 1080, refreshRate: 59.75)
        let values: [String: Double] = ["width": 1920, "height": 1080, "refreshRate": 59.75]
        var expected: [UInt8] = []
        for row in rows {
            let v = try #require(values[row[0]])
            switch row[1] {
            case "u32": expected += withUnsafeBytes(of: UInt32(v).littleEndian, Array.init)
            case "f64": expected += withUnsafeBytes(of: v.bitPattern.littleEndian, Array.init)
            default: Issue.record("§5.4 types \(row[0]) as \(row[1]), which displayChanged does not use")
            }
        }
        #expect(Array(WireCodec.encode(.displayChanged(change)).dropFirst(8)) == expected)
    }

    /// The sizes the spec allows are the ones the code checks.
    @Test func theDisplayRangeIsTheSpecs() {
        #expect(DisplayChanged.dimensions == 1...16_384)
        #expect(SpecTableTests.spec.contains("| `width` | `u32` | the display's width in points, 1…16384 |"))
        #expect(ProtocolVersion.current == 5 && ProtocolVersion.minimumSupported == 2)
    }
}
