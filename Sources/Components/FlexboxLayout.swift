import RenderCore

/// The flexbox algorithm behind `FlexboxComponent`: the subset of CSS flexbox that Yoga
/// implements and ComponentKit exposes, with Yoga's defaults.
///
///     1. inner box = constraint − padding (on an axis whose min = max the size is exact)
///     2. each relative child's flex basis: `flexBasis`, else its own exact length, else the
///        other length × aspect ratio, else its content measured with the main axis free;
///        the hypothetical size is the basis clamped to the child's min/max
///     3. lines: one, or (wrap) as many as the inner main length allows
///     4. per line, free space → grow by `flexGrow`, or shrink by `flexShrink × basis`, with
///        min/max violations frozen and the rest redistributed (CSS §9.7). When the main
///        length is bounded but not exact, the line takes the bound if it overflows or a
///        child grows (Yoga's AtMost behaviour), else its content
///     5. each child laid out with its final main length; its cross length from the aspect
///        ratio, or stretched to the line (`alignItems` / `alignSelf` .stretch, cross size
///        auto), or its content
///     6. line cross lengths; the container's cross length; `alignContent` between lines
///     7. positions: `justifyContent` and spacing along the line, `alignSelf` across it,
///        mirrored for reverse directions and `wrapReverse`
///     8. absolute children: by their insets within the padding box, else by justify/align
///
/// Lengths are points. Pure: runs on any thread.
struct FlexboxLayout {
    let style: FlexboxStyle
    let children: [FlexboxChild]

    /// Main/cross views of sizes for the style's direction.
    struct Axes {
        let row: Bool
        func main(_ s: Size) -> Double { row ? s.width : s.height }
        func cross(_ s: Size) -> Double { row ? s.height : s.width }
        func size(main: Double, cross: Double) -> Size {
            row ? Size(width: main, height: cross) : Size(width: cross, height: main)
        }
        func point(main: Double, cross: Double) -> Point {
            row ? Point(x: main, y: cross) : Point(x: cross, y: main)
        }
    }

    /// One relative child in the flow.
    struct Item {
        let index: Int
        let child: FlexboxChild
        let component: Component
        /// The component's own minimum and maximum, resolved against the inner box (its
        /// exact width and height are only where flexing starts, as in Yoga).
        let own: SizeRange
        /// The component's own exact main and cross lengths, if it gives them.
        let ownMain: Double?, ownCross: Double?
        /// Margins on the flow's leading and trailing sides (spacing before/after included).
        let mainLead: Double, mainTrail: Double, crossLead: Double, crossTrail: Double
        let align: FlexboxStyle.AlignItems
        /// Whether the component leaves its cross length to the layout.
        let crossAuto: Bool
        var base = 0.0, hypothetical = 0.0, target = 0.0
        var frozen = false
        var layout: Layout? = nil
        var mainPosition = 0.0, crossPosition = 0.0
        var mainMargins: Double { mainLead + mainTrail }
        var crossMargins: Double { crossLead + crossTrail }
    }

    func layout(of owner: Component, in range: SizeRange) -> Layout {
        let ax = Axes(row: style.isRow)
        let pad = style.padding
        let padMain = style.isRow ? pad.horizontal : pad.vertical
        let padCross = style.isRow ? pad.vertical : pad.horizontal
        let innerMinMain = max(0, ax.main(range.min) - padMain), innerMaxMain = max(0, ax.main(range.max) - padMain)
        let innerMinCross = max(0, ax.cross(range.min) - padCross), innerMaxCross = max(0, ax.cross(range.max) - padCross)
        let exactMain = innerMinMain == innerMaxMain, exactCross = innerMinCross == innerMaxCross
        // Percentages resolve against the inner box where it is known.
        let innerParent = ax.size(main: innerMaxMain, cross: innerMaxCross)

        var items: [Item] = []
        var absolutes: [(Int, FlexboxChild, Component)] = []
        for (i, c) in children.enumerated() {
            guard let comp = c.component else { continue }
            if c.position.kind == .absolute { absolutes.append((i, c, comp)); continue }
            let m = c.margin
            let reverse = style.isReverse, wrapReverse = style.wrap == .wrapReverse
            let (mLead, mTrail) = style.isRow ? (reverse ? (m.right, m.left) : (m.left, m.right))
                                              : (reverse ? (m.bottom, m.top) : (m.top, m.bottom))
            let (cLead, cTrail) = style.isRow ? (wrapReverse ? (m.bottom, m.top) : (m.top, m.bottom))
                                              : (wrapReverse ? (m.right, m.left) : (m.left, m.right))
            var bounds = comp.size
            bounds.width = .auto; bounds.height = .auto
            let own = bounds.resolve(parentSize: innerParent)
            let ownMain = comp.size.exact(width: style.isRow).resolve(ax.main(innerParent))
                .map { min(max($0, ax.main(own.min)), ax.main(own.max)) }
            let ownCross = comp.size.exact(width: !style.isRow).resolve(ax.cross(innerParent))
                .map { min(max($0, ax.cross(own.min)), ax.cross(own.max)) }
            items.append(Item(index: i, child: c, component: comp, own: own, ownMain: ownMain, ownCross: ownCross,
                              mainLead: mLead + c.spacingBefore, mainTrail: mTrail + c.spacingAfter,
                              crossLead: cLead, crossTrail: cTrail, align: c.alignSelf ?? style.alignItems,
                              crossAuto: ownCross == nil))
        }

        func measure(_ it: Item, main: Double?, cross: Double?) -> Layout {
            let m0 = main.map { max(0, $0) } ?? 0, m1 = main.map { max(0, $0) } ?? .infinity
            let c0 = cross.map { max(0, $0) } ?? 0, c1 = cross.map { max(0, $0) } ?? max(0, innerMaxCross - it.crossMargins)
            let r = SizeRange(min: ax.size(main: m0, cross: c0), max: ax.size(main: m1, cross: Swift.max(c0, c1)))
            return it.component.layoutThatFits(r, parentSize: innerParent)
        }
        func stretches(_ it: Item) -> Bool { it.align == .stretch && it.crossAuto && it.child.aspectRatio == nil }
        /// The cross length known before layout, if any.
        func knownCross(_ it: Item) -> Double? {
            if let c = it.ownCross { return c }
            if it.align == .stretch && it.crossAuto && exactCross { return max(0, innerMinCross - it.crossMargins) }
            return nil
        }

        // 2. Flex basis and hypothetical main size.
        for k in items.indices {
            let it = items[k]
            var base: Double
            if let b = it.child.flexBasis.resolve(ax.main(innerParent)) {
                base = b
            } else if let m = it.ownMain {
                base = m
            } else if let r = it.child.aspectRatio, let c = knownCross(it) {
                base = style.isRow ? c * r : c / r
            } else {
                let stretchedCross = stretches(it) && exactCross ? max(0, innerMinCross - it.crossMargins) : nil
                base = ax.main(measure(it, main: nil, cross: stretchedCross).size)
            }
            items[k].base = max(0, base)
            items[k].hypothetical = min(max(items[k].base, ax.main(it.own.min)), ax.main(it.own.max))
        }

        // 3. Lines.
        var lines: [[Int]] = []
        if style.wrap == .noWrap || !innerMaxMain.isFinite {
            lines = items.isEmpty ? [] : [Array(items.indices)]
        } else {
            var current: [Int] = [], used = 0.0
            for k in items.indices {
                let outer = items[k].hypothetical + items[k].mainMargins
                let add = current.isEmpty ? outer : style.spacing + outer
                if !current.isEmpty && used + add > innerMaxMain + 1e-9 {
                    lines.append(current); current = [k]; used = outer
                } else {
                    current.append(k); used += add
                }
            }
            if !current.isEmpty { lines.append(current) }
        }

        // 4–5. Flexible lengths, then each child's layout at its main length.
        var lineMains: [Double] = []
        for line in lines {
            let spacing = style.spacing * Double(line.count - 1)
            let margins = line.reduce(0) { $0 + items[$1].mainMargins }
            let used = line.reduce(spacing + margins) { $0 + items[$1].hypothetical }
            let totalGrow = line.reduce(0) { $0 + items[$1].child.flexGrow }
            let lineMain: Double
            if exactMain { lineMain = innerMinMain }
            else if innerMaxMain.isFinite && (used > innerMaxMain || totalGrow > 0) { lineMain = innerMaxMain }
            else { lineMain = max(used, innerMinMain) }
            lineMains.append(lineMain)
            resolveFlexibleLengths(&items, line: line, available: lineMain - spacing - margins, growing: used < lineMain)
            for k in line {
                let it = items[k]
                let cross: Double? = it.child.aspectRatio.map { r in style.isRow ? it.target / r : it.target * r }
                items[k].layout = measure(it, main: it.target, cross: cross)
            }
        }

        // 6. Line cross lengths and the container's cross length.
        var lineCross: [Double] = []
        var lineAscent: [Double] = []
        for line in lines {
            var c = 0.0, ascent = 0.0, descent = 0.0
            for k in line {
                let it = items[k], l = it.layout!
                c = max(c, ax.cross(l.size) + it.crossMargins)
                if it.align == .baseline && style.isRow {
                    ascent = max(ascent, it.crossLead + l.effectiveBaseline)
                    descent = max(descent, l.size.height - l.effectiveBaseline + it.crossTrail)
                }
            }
            lineCross.append(max(c, ascent + descent))
            lineAscent.append(ascent)
        }
        let contentCross = lineCross.reduce(0, +)
        let innerCross = exactCross ? innerMinCross : min(max(contentCross, innerMinCross), innerMaxCross)
        if style.wrap == .noWrap, !lineCross.isEmpty { lineCross[0] = innerCross }
        let innerMain = exactMain ? innerMinMain : min(max(lineMains.max() ?? 0, innerMinMain), innerMaxMain)

        var lead = 0.0, between = 0.0
        let extra = innerCross - contentCross
        if style.wrap != .noWrap, extra > 0, !lines.isEmpty {
            let n = Double(lines.count)
            switch style.alignContent {
            case .start: break
            case .end: lead = extra
            case .center: lead = extra / 2
            case .spaceBetween: if lines.count > 1 { between = extra / (n - 1) }
            case .spaceAround: between = extra / n; lead = between / 2
            case .stretch: for i in lineCross.indices { lineCross[i] += extra / n }
            }
        }

        // 7. Positions.
        var crossCursor = lead
        for (li, line) in lines.enumerated() {
            let lc = lineCross[li]
            for k in line {
                var it = items[k]
                if stretches(it) {
                    let c = min(max(lc - it.crossMargins, ax.cross(it.own.min)), ax.cross(it.own.max))
                    if c != ax.cross(it.layout!.size) { it.layout = measure(it, main: it.target, cross: c) }
                }
                let l = it.layout!
                let size = ax.cross(l.size)
                let pos: Double
                switch it.align {
                case .stretch, .start: pos = it.crossLead
                case .end: pos = lc - it.crossTrail - size
                case .center: pos = it.crossLead + (lc - it.crossMargins - size) / 2
                case .baseline: pos = style.isRow ? lineAscent[li] - l.effectiveBaseline : it.crossLead
                }
                it.crossPosition = crossCursor + pos
                items[k] = it
            }
            crossCursor += lc + between

            let n = line.count
            let content = line.reduce(style.spacing * Double(n - 1)) { $0 + ax.main(items[$1].layout!.size) + items[$1].mainMargins }
            let remaining = innerMain - content
            var mainLead = 0.0, gap = 0.0
            if remaining > 0 {
                switch style.justifyContent {
                case .start: break
                case .center: mainLead = remaining / 2
                case .end: mainLead = remaining
                case .spaceBetween: if n > 1 { gap = remaining / Double(n - 1) }
                case .spaceAround: gap = remaining / Double(n); mainLead = gap / 2
                case .spaceEvenly: gap = remaining / Double(n + 1); mainLead = gap
                }
            }
            var cursor = mainLead
            for k in line {
                cursor += items[k].mainLead
                items[k].mainPosition = cursor
                cursor += ax.main(items[k].layout!.size) + items[k].mainTrail + style.spacing + gap
            }
        }

        let padMainLead = style.isRow ? pad.left : pad.top, padCrossLead = style.isRow ? pad.top : pad.left
        var placed: [(Int, LayoutChild)] = []
        for it in items {
            let l = it.layout!
            let m = style.isReverse ? innerMain - it.mainPosition - ax.main(l.size) : it.mainPosition
            let c = style.wrap == .wrapReverse ? innerCross - it.crossPosition - ax.cross(l.size) : it.crossPosition
            placed.append((it.index, LayoutChild(position: ax.point(main: padMainLead + m, cross: padCrossLead + c), layout: l)))
        }
        let size = range.clamp(ax.size(main: innerMain + padMain, cross: innerCross + padCross))

        // 8. Absolute children.
        for (i, c, comp) in absolutes {
            placed.append((i, placeAbsolute(c, comp, in: size)))
        }
        placed.sort { $0.0 < $1.0 }

        // Baseline: the first flowing child's (Yoga).
        var baseline: Double? = nil
        if let first = items.first, let p = placed.first(where: { $0.0 == first.index }) {
            baseline = p.1.position.y + p.1.layout.effectiveBaseline
        }
        return Layout(component: owner, size: size, children: placed.map(\.1), baseline: baseline)
    }

    /// Step 4 for one line: CSS §9.7 "resolve the flexible lengths". `available` is the
    /// line's main length less spacing and margins. Sets `target` of each item.
    func resolveFlexibleLengths(_ items: inout [Item], line: [Int], available: Double, growing: Bool) {
        let ax = Axes(row: style.isRow)
        let used = line.reduce(0) { $0 + items[$1].hypothetical }
        for k in line {
            let it = items[k]
            let factor = growing ? it.child.flexGrow : it.child.flexShrink
            items[k].target = it.hypothetical
            items[k].frozen = factor == 0 || used == available
                || (growing && it.base > it.hypothetical) || (!growing && it.base < it.hypothetical)
        }
        while line.contains(where: { !items[$0].frozen }) {
            let unfrozen = line.filter { !items[$0].frozen }
            let frozenSum = line.filter { items[$0].frozen }.reduce(0) { $0 + items[$1].target }
            let free = available - frozenSum - unfrozen.reduce(0) { $0 + items[$1].base }
            let sumGrow = unfrozen.reduce(0) { $0 + items[$1].child.flexGrow }
            let sumScaled = unfrozen.reduce(0) { $0 + items[$1].child.flexShrink * items[$1].base }
            var violation = 0.0
            var clamped: [Int: Double] = [:], unclamped: [Int: Double] = [:]
            for k in unfrozen {
                let it = items[k]
                var t = it.base
                if growing, sumGrow > 0 { t += free * it.child.flexGrow / sumGrow }
                if !growing, sumScaled > 0 { t += free * it.child.flexShrink * it.base / sumScaled }
                let c = max(0, min(max(t, ax.main(it.own.min)), ax.main(it.own.max)))
                clamped[k] = c; unclamped[k] = t
                violation += c - t
            }
            for k in unfrozen {
                let c = clamped[k]!, t = unclamped[k]!
                items[k].target = c
                if abs(violation) < 1e-9 || (violation > 0 && c > t) || (violation < 0 && c < t) { items[k].frozen = true }
            }
        }
    }

    /// Step 8: an absolute child within a container of `size`.
    func placeAbsolute(_ c: FlexboxChild, _ comp: Component, in size: Size) -> LayoutChild {
        let p = c.position, m = c.margin, pad = style.padding
        let own = comp.size.resolve(parentSize: size)
        let l = p.left.resolve(size.width), r = p.right.resolve(size.width)
        let t = p.top.resolve(size.height), b = p.bottom.resolve(size.height)
        var w: Double? = own.min.width == own.max.width ? own.min.width : nil
        var h: Double? = own.min.height == own.max.height ? own.min.height : nil
        if w == nil, let l, let r { w = max(0, size.width - l - r - m.horizontal) }
        if h == nil, let t, let b { h = max(0, size.height - t - b - m.vertical) }
        if let ratio = c.aspectRatio {
            if let w0 = w, h == nil { h = w0 / ratio } else if let h0 = h, w == nil { w = h0 * ratio }
        }
        let range = SizeRange(min: Size(width: w ?? 0, height: h ?? 0),
                              max: Size(width: w ?? .infinity, height: h ?? .infinity))
        let layout = comp.layoutThatFits(range, parentSize: size)
        enum Place { case start, center, end }
        func place(_ align: FlexboxStyle.AlignItems) -> Place {
            switch align { case .center: return .center; case .end: return .end; default: return .start }
        }
        func place(_ j: FlexboxStyle.JustifyContent) -> Place {
            switch j { case .center: return .center; case .end: return .end; default: return .start }
        }
        func flip(_ pl: Place) -> Place { pl == .start ? .end : (pl == .end ? .start : .center) }
        let justify = style.isReverse ? flip(place(style.justifyContent)) : place(style.justifyContent)
        let align = place(c.alignSelf ?? style.alignItems)
        func axis(_ lead: Double?, _ trail: Double?, _ len: Double, _ total: Double, _ mLead: Double, _ mTrail: Double,
                  _ pLead: Double, _ pTrail: Double, _ pl: Place) -> Double {
            if let lead { return lead + mLead }
            if let trail { return total - trail - mTrail - len }
            switch pl {
            case .start: return pLead + mLead
            case .center: return pLead + (total - pLead - pTrail - len) / 2
            case .end: return total - pTrail - mTrail - len
            }
        }
        let x = axis(l, r, layout.size.width, size.width, m.left, m.right, pad.left, pad.right, style.isRow ? justify : align)
        let y = axis(t, b, layout.size.height, size.height, m.top, m.bottom, pad.top, pad.bottom, style.isRow ? align : justify)
        return LayoutChild(position: Point(x: x, y: y), layout: layout)
    }
}
