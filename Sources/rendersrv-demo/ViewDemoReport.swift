import Foundation
import RenderClient

/// What a view demo reports: the commits it sent (as lines, and the animations as data),
/// presentation samples and the completion — printed for people, or as one JSON object
/// (`--json`) for tests and tools.
final class ViewDemoReport {
    let demo: String
    private var commits: [[String: Any]] = []
    private var samples: [[String: Any]] = []
    private var facts: [String: Any] = [:]
    private let json: Bool

    init(demo: String, json: Bool) { self.demo = demo; self.json = json }

    func say(_ line: String) { if !json { print(line) } }

    func commit(_ label: String, _ c: Commit, names: [LayerID: String]) {
        let lines = CommitDescription.lines(c, names: names)
        say("commit \(c.sequence) — \(label):")
        for l in lines { say("    \(l)") }
        if lines.isEmpty { say("    (nothing)") }
        let animations = c.commands.compactMap { cmd -> [String: Any]? in
            guard case let .addAnimation(layer, key, _, a) = cmd else { return nil }
            return ViewDemoReport.animationJSON(layer: layer, key: key, a)
        }
        let sets = c.commands.compactMap { cmd -> [String: Any]? in
            guard case let .setProperty(layer, kp, v) = cmd else { return nil }
            return ["layer": Int(layer), "keyPath": kp.description, "value": ViewDemoReport.numbers(v)]
        }
        commits.append(["label": label, "sequence": Int(c.sequence), "lines": lines, "animations": animations,
                        "setProperties": sets])
    }

    func sample(_ s: [String: Any], line: String) {
        say(line)
        samples.append(s)
    }

    func set(_ key: String, _ value: Any) { facts[key] = value }

    func finish() {
        guard json else { return }
        var o = facts
        o["demo"] = demo; o["commits"] = commits; o["samples"] = samples
        if let d = try? JSONSerialization.data(withJSONObject: o, options: [.sortedKeys]) {
            print(String(decoding: d, as: UTF8.self))
        }
    }

    static func animationJSON(layer: LayerID, key: String, _ a: Animation) -> [String: Any] {
        var o: [String: Any] = ["layer": Int(layer), "key": key, "duration": a.timing.duration,
                                "beginTime": a.timing.beginTime, "fill": "\(a.timing.fillMode)",
                                "removedOnCompletion": a.isRemovedOnCompletion]
        if let tf = a.timingFunction { o["timingFunction"] = [tf.c1x, tf.c1y, tf.c2x, tf.c2y] }
        switch a.kind {
        case let .basic(b):
            o["kind"] = "basic"
            if let f = b.from { o["from"] = numbers(f) }
            if let t = b.to { o["to"] = numbers(t) }
        case let .keyframe(k):
            o["kind"] = "keyframe"
            o["mode"] = "\(k.calculationMode)"
            o["values"] = k.values.map(numbers)
            if let kt = k.keyTimes { o["keyTimes"] = kt }
            if let tfs = k.timingFunctions { o["timingFunctions"] = tfs.map { [$0.c1x, $0.c1y, $0.c2x, $0.c2y] } }
        case let .spring(s):
            o["kind"] = "spring"
            o["stiffness"] = s.stiffness; o["damping"] = s.damping; o["mass"] = s.mass
            if let f = s.from { o["from"] = numbers(f) }
        default:
            o["kind"] = "\(a.kind)"
        }
        return o
    }

    /// A value's numbers (a point → [x, y], a transform → its 16 entries, …).
    static func numbers(_ v: AnimatableValue) -> [Double] {
        switch v {
        case let .number(n): return [n]
        case let .point(p): return [p.x, p.y]
        case let .size(s): return [s.width, s.height]
        case let .rect(r): return [r.origin.x, r.origin.y, r.width, r.height]
        case let .color(c): return [c.red, c.green, c.blue, c.alpha]
        case let .transform(t): return t.rows
        case let .bool(b): return [b ? 1 : 0]
        default: return []
        }
    }
}
