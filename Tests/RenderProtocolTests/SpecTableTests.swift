import Foundation
import RenderCore
@testable import RenderProtocol
import Testing

/// The wire-number tables of `Protocol/PROTOCOL.md` agree with the code, row by row, so
/// neither can drift (renumbering a `PropertyKey` or reordering `LayerKeyPath.Component`
/// breaks this test before it breaks a peer).
@Suite struct SpecTableTests {
    static let spec: String = {
        let url = VectorFiles.directory.deletingLastPathComponent().appendingPathComponent("PROTOCOL.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The body rows of the Markdown table whose header row starts with `header`, as
    /// trimmed cells with backticks removed.
    static func table(_ header: String) -> [[String]] {
        let lines = spec.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return [] }
        var rows = [[String]]()
        for line in lines[(start + 2)...] {
            guard line.hasPrefix("|") else { break }
            rows.append(line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.replacingOccurrences(of: "`", with: "").trimmingCharacters(in: .whitespaces) })
        }
        return rows
    }

    static func number(_ s: String) -> Int? {
        s.hasPrefix("0x") ? Int(s.dropFirst(2), radix: 16) : Int(s)
    }

    /// §11: every limit's wire id, name and default, as the code has them.
    @Test func limits() throws {
        let rows = Self.table("| id | limit | default |")
        #expect(rows.count == Limits.ID.allCases.count)
        for row in rows {
            let id = try #require(Self.number(row[0]).flatMap { Limits.ID(rawValue: UInt16($0)) }, "\(row)")
            #expect(id.name == row[1])
            let digits = row[2].split(separator: "(").last.map { $0.filter(\.isNumber) } ?? ""
            let plain = row[2].split(separator: " ").first.map { String($0).filter(\.isNumber) } ?? ""
            let spelled = row[2].contains("MiB") && !row[2].contains("(") ? String(Int(plain)! << 20) : nil
            let value = spelled ?? (row[2].contains("(") ? digits : row[2].filter(\.isNumber))
            #expect(value == "\(Limits.default[id])", "\(row[1]): the spec says \(row[2])")
        }
    }

    @Test func messageTypes() throws {
        let rows = Self.table("| type | name | direction |")
        #expect(rows.count == MessageType.allCases.count)
        for row in rows {
            let type = try #require(Self.number(row[0]).flatMap { MessageType(rawValue: UInt16($0)) }, "\(row)")
            #expect("\(type)" == row[1])
        }
    }

    @Test func commands() throws {
        let rows = Self.table("| tag | command |")
        #expect(rows.count == CommandTag.allCases.count)
        for row in rows {
            let tag = try #require(Self.number(row[0]).flatMap { CommandTag(rawValue: UInt8($0)) }, "\(row)")
            #expect("\(tag)" == row[1])
        }
    }

    @Test func properties() throws {
        let rows = Self.table("| wire | property | value kind |")
        #expect(rows.count == PropertyKey.allCases.count)
        for row in rows {
            let key = try #require(Self.number(row[0]).flatMap { PropertyKey(rawValue: UInt8($0)) }, "\(row)")
            #expect(key.name == row[1])
            #expect(key.valueKind.rawValue == row[2], "\(key)")
            let kinds: Set<LayerKind> = row[3] == "all" ? Set(LayerKind.allCases) : [row[3] == "shape" ? .shape : .text]
            #expect(key.layerKinds == kinds, "\(key)")
            #expect(key.isAnimatable == (row[4] == "yes"), "\(key)")
        }
    }

    @Test func keyPathComponents() throws {
        let rows = Self.table("| wire | component | applies to |")
        #expect(rows.count == LayerKeyPath.Component.allCases.count)
        for row in rows {
            let wire = try #require(Self.number(row[0]).map(UInt8.init), "\(row)")
            let c = try #require(LayerKeyPath.Component(wireValue: wire), "\(row)")
            #expect(c.wireValue == wire)
            #expect(c.rawValue == (row[1] == "(whole)" ? "" : row[1]))
            for kind in AnimatableValue.Kind.allCases {
                let applies = row[2] == "every property" || row[2] == kind.rawValue
                #expect(c.isApplicable(to: kind) == applies, "\(c) on \(kind)")
            }
            // The key path's value kind, on a property the component applies to.
            let property = try #require(PropertyKey.allCases.first { c.isApplicable(to: $0.valueKind) })
            if c != .whole {
                let expected = String(row[3].prefix { $0 != " " })
                #expect(LayerKeyPath(property, c).valueKind.rawValue == expected, "\(c)")
            }
        }
    }

    @Test func valueTags() throws {
        let rows = Self.table("| tag | kind | body |")
        #expect(rows.count == ValueTag.allCases.count)
        for row in rows {
            let tag = try #require(Self.number(row[0]).flatMap { ValueTag(rawValue: UInt8($0)) }, "\(row)")
            #expect("\(tag)" == row[1])
        }
    }

    @Test func pathElements() throws {
        let rows = Self.table("| tag | element | points |")
        #expect(rows.count == PathElementTag.allCases.count)
        for row in rows {
            let tag = try #require(Self.number(row[0]).flatMap { PathElementTag(rawValue: UInt8($0)) }, "\(row)")
            #expect("\(tag)" == row[1])
        }
    }

    @Test func animationKinds() throws {
        let rows = Self.table("| kind | name | body |")
        #expect(rows.count == AnimationKindTag.allCases.count)
        for row in rows {
            let tag = try #require(Self.number(row[0]).flatMap { AnimationKindTag(rawValue: UInt8($0)) }, "\(row)")
            #expect("\(tag)" == row[1])
        }
    }

    @Test func errorCodes() throws {
        let rows = Self.table("| code | name | meaning | fatal |")
        #expect(rows.count == ErrorCode.allCases.count)
        for row in rows {
            let code = try #require(Self.number(row[0]).flatMap { ErrorCode(rawValue: UInt16($0)) }, "\(row)")
            #expect(code.description == row[1])
        }
    }

    /// Enumerations written inline in the prose (fill, calculation and rotation modes,
    /// transition types and subtypes) match their raw values.
    @Test func inlineEnumerations() {
        let text = Self.spec
        for m in MediaTiming.FillMode.allCases { #expect(text.contains("\(m.rawValue) `\(m)`"), "fill mode \(m)") }
        for m in KeyframeAnimation.CalculationMode.allCases {
            #expect(text.contains("\(m.rawValue) `\(m)`"), "calculation mode \(m)")
        }
        for m in KeyframeAnimation.RotationMode.allCases where m != .none {
            #expect(text.contains("\(m.rawValue) `\(m)`"), "rotation mode \(m)")
        }
        for t in Transition.Kind.allCases { #expect(text.contains("\(t.rawValue) `\(t)`"), "transition \(t)") }
        for t in Transition.Subtype.allCases { #expect(text.contains("\(t.rawValue) `\(t)`"), "subtype \(t)") }
        for k in LayerKind.allCases { #expect(text.contains("\(k.rawValue) `\(k)`"), "layer kind \(k)") }
    }
}
