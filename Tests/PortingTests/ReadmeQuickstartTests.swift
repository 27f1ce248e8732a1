import Foundation
import Testing

/// The README's Quickstart is the code of `rendersrv-quickstart`, which the build compiles and
/// the end-to-end tests run: this keeps the two from drifting apart.
@Suite("Porting: the README's Quickstart")
struct ReadmeQuickstartTests {
    @Test func readmeQuickstartIsTheQuickstartProgram() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let program = try String(contentsOf: root.appendingPathComponent("Sources/rendersrv-quickstart/main.swift"),
                                 encoding: .utf8)
        guard let section = readme.range(of: "**The smallest client**"),
              let open = readme.range(of: "```swift\n", range: section.upperBound..<readme.endIndex),
              let close = readme.range(of: "```", range: open.upperBound..<readme.endIndex) else {
            Issue.record("README.md has no Quickstart code block after \"The smallest client\"")
            return
        }
        let block = String(readme[open.upperBound..<close.lowerBound])
        #expect(block.count > 200)
        #expect(program.hasSuffix(block), "README's Quickstart differs from Sources/rendersrv-quickstart/main.swift")
    }
}
