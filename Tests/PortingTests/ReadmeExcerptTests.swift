import Foundation
import Testing

/// The README's excerpts of the examples ("From [`Examples/NAME`](…)" followed by a Swift
/// code block) are the examples' code, verbatim: CI builds and runs the examples, so the
/// excerpts compile and do what the pictures beside them show.
@Suite("Porting: the README's excerpts of the examples")
struct ReadmeExcerptTests {
    @Test func everyExcerptStandsInItsExample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        var checked = 0
        var i = 0
        while i < lines.count {
            guard let r = lines[i].range(of: "From [`Examples/") else { i += 1; continue }
            let name = String(lines[i][r.upperBound...].prefix { $0 != "`" })
            // The next Swift block.
            guard let open = lines[(i + 1)...].firstIndex(of: "```swift"),
                  let close = lines[(open + 1)...].firstIndex(of: "```") else {
                Issue.record("README: no code block after the excerpt of \(name)")
                break
            }
            let block = lines[(open + 1)..<close].joined(separator: "\n")
            let source = try String(contentsOf: root.appendingPathComponent("Examples/\(name)/main.swift"), encoding: .utf8)
            #expect(source.contains(block), "README's excerpt of Examples/\(name) is not in its main.swift:\n\(block)")
            let picture = root.appendingPathComponent("Examples/\(name)/contact-sheet.png").path
            #expect(FileManager.default.fileExists(atPath: picture), "no picture at \(picture)")
            checked += 1
            i = close + 1
        }
        #expect(checked == 3, "views, components, Dynamics")
    }
}
