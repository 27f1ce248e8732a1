import Foundation
import RenderCore
@testable import RenderProtocol

/// `Protocol/VECTORS.md`: every golden vector's message written out field by field (a table
/// per vector), generated from `VectorCatalog` so the text and the bytes cannot disagree.
/// `RENDERSRV_WRITE_VECTORS=1` rewrites it with the vectors; `VectorTests` checks it is
/// current.
enum VectorTables {
    static let file = VectorFiles.directory.deletingLastPathComponent().appendingPathComponent("VECTORS.md")

    static func document() -> String {
        var out = """
            # Golden vectors, field by field

            Generated from the vector catalog (`Tests/RenderProtocolTests/VectorCatalog.swift`) by
            `RENDERSRV_WRITE_VECTORS=1 swift test --filter VectorTests`; a test fails when it is out
            of date. Each table lists every field of the message the vector's bytes encode, in wire
            order: numbers in their shortest exact decimal form (binary64 values round-trip), key
            paths in their text form (§7.2), enumerations by name, bitmaps' pixels as hex bytes.
            `commit.requestsPresentation` is not a payload field: it is bit 0 of the frame
            header's flags (§5.1), shown in the (frame) row. Encodings are in PROTOCOL.md §5–§8;
            the bytes are in `vectors/<name>.hex`.

            """
        for v in VectorCatalog.all {
            let bytes = WireCodec.encode(v.message)
            out += "\n## \(v.name)\n\n"
            out += v.comment.joined(separator: " ") + "\n\n"
            out += "| field | value |\n|---|---|\n"
            out += "| (frame) | \(bytes.count) bytes: payloadLength \(bytes.count - 8), messageType 0x"
                + WireCodec.hex(v.message.type.rawValue) + " (\(v.message.type)), flags 0x"
                + WireCodec.hex(v.message.headerFlags) + " |\n"
            for (field, value) in rows(v.message, path: "") {
                out += "| `\(field)` | \(value.replacingOccurrences(of: "|", with: "\\|")) |\n"
            }
        }
        return out
    }

    /// Unlabeled payload fields, by case name (the field names of PROTOCOL.md §6).
    static let positional: [String: [String]] = [
        "createLayer": ["layer", "kind"], "setProperty": ["layer", "keyPath", "value"],
        "setTiming": ["layer", "timing"], "addAnimation": ["layer"], "removeAnimation": ["layer"],
        "retargetSpring": ["layer"], "destroyLayer": ["layer"], "removeFromSuperlayer": ["layer"],
        "setRoot": ["layer"], "removeAllAnimations": ["layer"], "ping": ["token"], "pong": ["token"],
    ]

    /// Derived, not on the wire (`componentVelocity` is written as kind 6's `velocity`, a value).
    static let skipped: Set<String> = ["plan", "planData", "springCurve", "componentVelocity"]

    static func rows(_ value: Any, path: String, caseName: String? = nil) -> [(String, String)] {
        if let leaf = leaf(value) { return [(path.isEmpty ? "(value)" : path, leaf)] }
        let m = Mirror(reflecting: value)
        switch m.displayStyle {
        case .optional:
            guard let child = m.children.first else { return [(path, "absent")] }
            return rows(child.value, path: path)
        case .collection:
            if m.children.isEmpty { return [(path, "[] (empty)")] }
            return m.children.enumerated().flatMap { i, c in rows(c.value, path: "\(path)[\(i)]") }
        case .enum:
            guard let child = m.children.first, var name = child.label else { return [(path, "\(value)")] }
            // Kind 6 is a spring with a per-component velocity (§8).
            if case let .spring(s)? = value as? Animation.Kind, s.componentVelocity != nil { name = "retargetedSpring" }
            let p = path.isEmpty ? name : "\(path).\(name)"
            // A single unlabeled payload.
            if Mirror(reflecting: child.value).displayStyle != .tuple, let names = positional[name], names.count >= 1 {
                return rows(child.value, path: "\(p).\(names[0])")
            }
            return rows(child.value, path: p, caseName: name)
        case .tuple:
            return m.children.enumerated().flatMap { i, c -> [(String, String)] in
                var label = c.label ?? ".\(i)"
                if label.hasPrefix("."), let names = caseName.flatMap({ positional[$0] }), i < names.count { label = names[i] }
                return rows(c.value, path: "\(path).\(label)")
            }
        default:
            var out = m.children.flatMap { c -> [(String, String)] in
                guard let label = c.label, !skipped.contains(label) else { return [] }
                return rows(c.value, path: path.isEmpty ? label : "\(path).\(label)")
            }
            // Kind 6's last field: the per-component velocity, a value of from's kind.
            if let s = value as? SpringAnimation, let v = s.componentVelocity, let kind = s.from?.kind,
               let velocity = AnimatableValue(kind: kind, components: v) {
                out += rows(velocity, path: "\(path).velocity")
            }
            return out
        }
    }

    static func leaf(_ value: Any) -> String? {
        switch value {
        case let d as Double: return d.isNaN ? "NaN (0x" + String(d.bitPattern, radix: 16) + ")" : "\(d)"
        case let s as String: return "\"\(s)\""
        case let b as Bool: return "\(b)"
        case let i as any BinaryInteger: return "\(i)"
        case let k as LayerKeyPath: return "\(k)"
        case let p as [UInt8]: return p.count <= 64 ? p.map { String(format: "%02x", $0) }.joined(separator: " ")
            : "\(p.count) bytes"
        case let l as Limits:
            return Limits.ID.allCases.sorted { $0.rawValue < $1.rawValue }.map { "\($0.name) (id \($0.rawValue)) = \(l[$0])" }
                .joined(separator: "; ")
        default:
            let m = Mirror(reflecting: value)
            if m.displayStyle == .enum && m.children.isEmpty { return "\(value)" }
            return nil
        }
    }
}
