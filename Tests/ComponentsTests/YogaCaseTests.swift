import Foundation
import Testing
import RenderCore
@testable import Components

/// Yoga's generated test cases (`YogaGeneratedCases.swift`), laid out by `FlexboxComponent`
/// in both layout directions and compared frame by frame (left, top, width, height of every
/// node relative to its parent, after rounding to Yoga's pixel grid).
///
/// A Yoga node becomes a `FlexboxComponent` (a leaf one has no children: its content is
/// its padding and border, as in Yoga); its own width/height/min/max go to its
/// `ComponentSize`, what flexes it to the `FlexboxChild` its parent holds. The root's own
/// origin is not compared (Yoga places the root at its margin; a host places ours), but its
/// insets are the origin the rounding sees, as in Yoga.
///
/// The cases that do not match Yoga are listed in `knownMismatches` (none: all 494 match);
/// the test fails when the set changes either way, so a regression shows at once.
@Suite struct YogaCaseTests {
    struct Node {
        var ltr: Rect, rtl: Rect
        var setters: [(String, [String])]
        var children: [Node] = []
    }
    struct Case { var file: String, name: String, scale: Double, root: Node }

    static let cases: [Case] = {
        var out: [Case] = []
        var stack: [Node] = []
        func pop(to depth: Int) {
            while stack.count > depth + 1 { let n = stack.removeLast(); stack[stack.count - 1].children.append(n) }
        }
        func finish() {
            pop(to: 0)
            if let root = stack.popLast() { out[out.count - 1].root = root }
        }
        for line in yogaCaseText.split(separator: "\n") {
            if line.hasPrefix("@ ") {
                finish()
                let f = line.split(separator: " ")
                out.append(Case(file: String(f[1]), name: String(f[2]), scale: Double(f[3])!,
                                root: Node(ltr: .zero, rtl: .zero, setters: [])))
                continue
            }
            let parts = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let a = parts[0].split(separator: " ").map { Double($0)! }
            let b = parts[1].split(separator: " ").map { Double($0)! }
            let setters = parts[2].split(separator: ";").map { s -> (String, [String]) in
                let w = s.split(separator: " ").map(String.init)
                return (w[0], Array(w.dropFirst()))
            }
            let depth = Int(a[0])
            pop(to: depth - 1)
            stack.append(Node(ltr: Rect(x: a[1], y: a[2], width: a[3], height: a[4]),
                              rtl: Rect(x: b[0], y: b[1], width: b[2], height: b[3]), setters: setters))
        }
        finish()
        return out
    }()

    struct Unsupported: Error { var what: String }

    /// The component for `node` and the `FlexboxChild` that places it in its parent.
    static func build(_ node: Node, rtl: Bool?) throws -> FlexboxChild {
        var size = ComponentSize(), style = FlexboxStyle(), child = FlexboxChild(nil)
        var margin: [String: Components.Dimension] = [:], padding: [String: Components.Dimension] = [:], border: [String: Components.Dimension] = [:]
        var position: [String: Components.Dimension] = [:]
        func dim(_ s: String) -> Components.Dimension {
            if s == "auto" { return .auto }
            if s.hasSuffix("%") { return .percent(Double(s.dropLast())!) }
            return .points(Double(s)!)
        }
        func align(_ s: String) throws -> FlexboxStyle.AlignItems {
            switch s {
            case "Align.FlexStart": return .start
            case "Align.FlexEnd": return .end
            case "Align.Center": return .center
            case "Align.Baseline": return .baseline
            case "Align.Stretch": return .stretch
            default: throw Unsupported(what: s)
            }
        }
        for (name, args) in node.setters {
            let v = args.last ?? ""
            switch name {
            case "setWidth": size.width = dim(v)
            case "setHeight": size.height = dim(v)
            case "setMinWidth": size.minWidth = dim(v)
            case "setMinHeight": size.minHeight = dim(v)
            case "setMaxWidth": size.maxWidth = dim(v)
            case "setMaxHeight": size.maxHeight = dim(v)
            case "setFlexDirection":
                style.direction = ["FlexDirection.Row": .row, "FlexDirection.RowReverse": .rowReverse,
                                   "FlexDirection.Column": .column, "FlexDirection.ColumnReverse": .columnReverse][v]!
            case "setJustifyContent":
                style.justifyContent = ["Justify.FlexStart": .start, "Justify.FlexEnd": .end, "Justify.Center": .center,
                                        "Justify.SpaceBetween": .spaceBetween, "Justify.SpaceAround": .spaceAround,
                                        "Justify.SpaceEvenly": .spaceEvenly][v]!
            case "setAlignItems": style.alignItems = try align(v)
            case "setAlignSelf": child.alignSelf = try align(v)
            case "setAlignContent":
                style.alignContent = try ["Align.FlexStart": .start, "Align.FlexEnd": .end, "Align.Center": .center,
                                          "Align.SpaceBetween": .spaceBetween, "Align.SpaceAround": .spaceAround,
                                          "Align.SpaceEvenly": .spaceEvenly, "Align.Stretch": .stretch][v] ?? { throw Unsupported(what: v) }()
            case "setFlexWrap":
                style.wrap = ["Wrap.NoWrap": .noWrap, "Wrap.Wrap": .wrap, "Wrap.WrapReverse": .wrapReverse][v]!
            case "setFlexGrow": child.flexGrow = Double(v)!
            case "setFlexShrink": child.flexShrink = Double(v)!
            case "setFlexBasis": child.flexBasis = dim(v)
            case "setFlex":
                let f = Double(v)!
                if f > 0 { child.flexGrow = f; child.flexBasis = 0 } else if f < 0 { child.flexShrink = -f }
            case "setAspectRatio": child.aspectRatio = Double(v)!
            case "setPositionType":
                child.position.kind = ["PositionType.Absolute": .absolute, "PositionType.Relative": .relative,
                                       "PositionType.Static": .static][v]!
            case "setMargin": margin[args[0]] = dim(v)
            case "setPadding": padding[args[0]] = dim(v)
            case "setBorder": border[args[0]] = dim(v)
            case "setPosition": position[args[0]] = dim(v)
            case "setPositionAuto": position[args[0]] = .auto
            case "setGap":
                switch args[0] {
                case "Gutter.Column": style.columnGap = dim(v)
                case "Gutter.Row": style.rowGap = dim(v)
                default: style.columnGap = dim(v); style.rowGap = dim(v)
                }
            case "setDisplay": child.display = v == "Display.None" ? .none : .flex
            case "setOverflow":
                style.overflow = ["Overflow.Visible": .visible, "Overflow.Hidden": .hidden, "Overflow.Scroll": .scroll][v]!
            default: throw Unsupported(what: name)
            }
        }
        /// Yoga's precedence: an edge, else its axis (horizontal, vertical), else all.
        func edges(_ e: [String: Components.Dimension]) -> Edges {
            func side(_ s: String, _ axis: String) -> Components.Dimension { e[s] ?? e[axis] ?? e["All"] ?? 0 }
            return Edges(top: side("Top", "Vertical"), left: side("Left", "Horizontal"), bottom: side("Bottom", "Vertical"),
                         right: side("Right", "Horizontal"), start: e["Start"], end: e["End"])
        }
        style.padding = edges(padding)
        style.border = edges(border)
        child.margin = edges(margin)
        child.position.top = position["Top"] ?? .auto; child.position.bottom = position["Bottom"] ?? .auto
        child.position.left = position["Left"] ?? .auto; child.position.right = position["Right"] ?? .auto
        child.position.start = position["Start"] ?? .auto; child.position.end = position["End"] ?? .auto
        if let rtl { style.layoutDirection = rtl ? .rightToLeft : .leftToRight }
        let kids = try node.children.map { try build($0, rtl: nil) }
        child.component = FlexboxComponent(size: size, style: style, children: kids)
        return child
    }

    /// The mismatches against `node`'s expected frames, one line each.
    static func compare(_ node: Node, _ layout: Layout, at position: Point?, rtl: Bool, path: String) -> [String] {
        let want = rtl ? node.rtl : node.ltr
        let got = Rect(origin: position ?? want.origin, size: layout.size)
        var out: [String] = []
        if got != want { out.append("\(path): \(got) ≠ Yoga's \(want)") }
        if layout.children.count != node.children.count {
            return out + ["\(path): \(layout.children.count) children ≠ \(node.children.count)"]
        }
        for (i, (n, c)) in zip(node.children, layout.children).enumerated() {
            out += compare(n, c.layout, at: c.position, rtl: rtl, path: "\(path)_child\(i)")
        }
        return out
    }

    /// Each case's mismatches in both directions (empty when it matches), or why it cannot run.
    static func run(_ c: Case) -> Result<[String], Unsupported> {
        var out: [String] = []
        for rtl in [false, true] {
            do {
                let rootChild = try build(c.root, rtl: rtl), root = rootChild.component!
                // Yoga places the root at its insets; the rounding sees where its edges land.
                let p = rootChild.position
                let origin = Point(x: (rtl ? p.end : p.start).resolve(0) ?? p.left.resolve(0) ?? 0, y: p.top.resolve(0) ?? 0)
                let l = root.layoutThatFits(.unconstrained, parentSize: Size(width: .infinity, height: .infinity))
                    .roundedToPixelGrid(scale: c.scale, origin: origin)
                out += compare(c.root, l, at: nil, rtl: rtl, path: (rtl ? "RTL " : "LTR ") + "root")
            } catch let u as Unsupported { return .failure(u) } catch { fatalError("\(error)") }
        }
        return .success(out)
    }

    @Test func yogaGeneratedCasesMatchInBothDirections() {
        var mismatched: [String] = [], unsupported: [String] = [], passed = 0
        var report: [String] = []
        for c in Self.cases {
            switch Self.run(c) {
            case .failure(let u): unsupported.append("\(c.name) (\(u.what))")
            case .success(let m) where m.isEmpty: passed += 1
            case .success(let m): mismatched.append(c.name); report.append("\(c.file) \(c.name):\n  " + m.prefix(4).joined(separator: "\n  "))
            }
        }
        print("Yoga cases: \(Self.cases.count), pass \(passed), mismatch \(mismatched.count), unsupported \(unsupported.count)")
        let newlyFailing = Set(mismatched).subtracting(Self.knownMismatches)
        let nowPassing = Self.knownMismatches.subtracting(mismatched)
        #expect(newlyFailing.isEmpty, "regressions:\n\(report.filter { r in newlyFailing.contains { r.contains(" \($0):") } }.joined(separator: "\n"))")
        #expect(nowPassing.isEmpty, "now matching Yoga; remove from knownMismatches: \(nowPassing.sorted())")
        #expect(unsupported.isEmpty, "\(unsupported)")
        if let path = ProcessInfo.processInfo.environment["YOGA_REPORT"] {
            try? (report + unsupported).joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    static let knownMismatches: Set<String> = []
}
